# tests/cuda/batch_classify.awk: one program's place in an nvcc batch
# (tests/cuda/compile_all.sh, tests/e2e/ugraph). Reads NAME.h then NAME.cu
# (awk -v nr=UNIQUE -v h=PATH/NAME.h -v own=NAME.h -v dir=DIR -f THIS
# PATH/NAME.h PATH/NAME.cu); writes DIR/prelude, DIR/undef and (when there
# are #include lines below the code's start) DIR/later; prints
# "KEY<tab>LATER<tab>NAMES": programs of one KEY may share a batch, if
# their LATER lines agree where not empty and none of NAMES (the extern
# "C" names NAME.h declares) meet; batch_unit.awk writes the batch.
# What a batch member could borrow from the others, and how each is taken
# away (issue 29's trust check: tests/cuda/batch_alone.sh builds one
# program per way and expects FAIL):
#  - a header it does not include itself: the batch's prelude is the head of
#    each member's own .cu (every preprocessor line down to its first line
#    of code, its own NAME.h left out), the same text for every member of a
#    batch (the key). The #include lines further down (today only the
#    driver's <errno.h>, with --main) are the same for all the members of a
#    batch that have any; they come after the members that have none, and
#    before those that have them: earlier than alone, so a name used above
#    them would pass, the one thing a batch still does not prove here.
#  - a macro (or an include guard: two programs of one name) of another
#    member: every #define of its .cu and of its NAME.h is #undef'd after it.
#  - a #pragma that changes diagnostics for the members after it: a member
#    with any #pragma but omp is compiled alone (key of its own).
#  - main(): in a namespace, g++'s checks of ::main do not apply: a member
#    whose main is not exactly "int main(int argc, char **argv)" (what
#    gmc --main writes) is compiled alone.
# NAME.h itself comes after the prelude in a batch; it is the OpenMP
# header's text (but the first comment), which build_all.sh compiles alone
# as C and C++.
function undef(l) {
    if (l ~ /^[ \t]*#[ \t]*define[ \t]+[A-Za-z_]/) {
        sub(/^[ \t]*#[ \t]*define[ \t]+/, "", l)
        match(l, /^[A-Za-z_][A-Za-z_0-9]*/)
        mac[substr(l, 1, RLENGTH)] = 1
    }
    if (l ~ /^[ \t]*#[ \t]*pragma/ && l !~ /^[ \t]*#[ \t]*pragma[ \t]+omp([ \t]|$)/) alone = 1
}
FILENAME == h {
    undef($0)
    if ($0 !~ /^[ \t]*\/?\*/) {
        l = $0
        while (match(l, /[A-Za-z_][A-Za-z_0-9]*\(/)) {
            names = names " " substr(l, RSTART, RLENGTH - 1)
            l = substr(l, RSTART + RLENGTH)
        }
    }
    next
}
{
    undef($0)
    if ($0 ~ /(^|[^A-Za-z_0-9])main[ \t]*\(/ && $0 != "int main(int argc, char **argv)") alone = 1
    if (head) {
        if (incomment) { if (index($0, "*/")) incomment = 0; next }
        if ($0 ~ /^[ \t]*$/ || $0 ~ /^[ \t]*\/\//) next
        if ($0 ~ /^[ \t]*\/\*/) { if (!index(substr($0, index($0, "/*") + 2), "*/")) incomment = 1; next }
        if ($0 ~ /^[ \t]*#/) {
            if ($0 != "#include \"" own "\"") pre = pre $0 "\n"
            next
        }
        head = 0
    }
    if ($0 ~ /^[ \t]*#[ \t]*include/) later = later $0 "\n"
}
BEGIN { head = 1 }
END {
    printf "%s", pre >(dir "/prelude")
    close(dir "/prelude")
    if (later != "") { printf "%s", later >(dir "/later"); close(dir "/later") }
    for (m in mac) print "#undef " m >(dir "/undef")
    close(dir "/undef")
    key = pre
    gsub(/[\t\n]/, " ", key)
    gsub(/[\t\n]/, " ", later)
    if (alone) key = "alone " nr
    printf "%s\t%s\t%s\n", key, later, names
}
