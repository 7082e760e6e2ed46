# tests/cuda/batch_unit.awk: writes one nvcc batch (tests/cuda/compile_all.sh,
# tests/e2e/ugraph): awk -v list="I J ..." -f THIS UNITS, where line I of
# UNITS is "DIR NAME ..." (DIR holds NAME.cu and batch_classify.awk's files
# for it) and the listed programs share a KEY (batch_classify.awk). The
# first member's prelude (every member's is the same), then each member in
# a namespace of its own, its macros #undef'd after it: first those with no
# #include further down, then those lines (the same for all that have
# them), then the others; and a main() of the batch's own.
BEGIN { n = split(list, want, " "); for (k = 1; k <= n; k++) take[want[k]] = 1 }
take[NR] { dir[NR] = $1; name[NR] = $2 }
function member(i) {
    print "namespace gmc_batch_" i " {"
    print "#include \"" dir[i] "/" name[i] ".cu\""
    print "}"
    f = dir[i] "/undef"
    while ((getline l <f) > 0) print l
    close(f)
}
END {
    f = dir[want[1]] "/prelude"
    while ((getline l <f) > 0) print l
    close(f)
    for (k = 1; k <= n; k++) {
        f = dir[want[k]] "/later"
        if ((getline l <f) > 0) later[k] = 1; else member(want[k])
        close(f)
    }
    for (k = 1; k <= n && !done; k++) if (later[k]) {
        f = dir[want[k]] "/later"
        while ((getline l <f) > 0) print l
        close(f)
        done = 1
    }
    for (k = 1; k <= n; k++) if (later[k]) member(want[k])
    print "int main(void) { return 0; }"
}
