# entry_retry.awk: the retries of the gmc runs of a gmc_many script that
# failed, as a loop running gmc one program at a time decides them: where
# gmc asked for an entry (its messages name --entry), --main
# --entry=FIRST, FIRST the file's first procedure; where it found none to
# run ("needs an entry"), the run without --main; else, with same_again=1,
# the same --main run again (else none). Shared by tests/codegen/build_all.sh
# (-t omp) and tests/cuda/compile_all.sh (-t cuda).
# Input: the script (tab-separated: ". -t TARGET --main -o DIR FILE" or
# with more words; field 6 the -o folder, the last the .gm file). Variables:
# o (gmc_many's results: K.rc, K.out, K.err for command K), s (the retry
# script written), kk (one line a retry: K, a tab, the options added),
# target, main_only=1 (only commands whose 4th field is --main),
# same_again=1 (see above).
function first_proc(file,    l, name) {
    name = ""
    while ((getline l < file) > 0)
        if (name == "" && match(l, /^[[:space:]]*Proc[a-z]*[[:space:]]+[A-Za-z_][A-Za-z_0-9]*/)) {
            name = substr(l, RSTART, RLENGTH)
            sub(/^[[:space:]]*Proc[a-z]*[[:space:]]+/, "", name)
        }
    close(file)
    return name
}
{
    k++; rc = ""; f = o "/" k ".rc"; getline rc < f; close(f)
    if (rc == "0" || (main_only && $4 != "--main"))
        next
    ent = 0; needs = 0
    for (e = 1; e <= 2; e++) {
        lg = o "/" k (e == 1 ? ".out" : ".err")
        while ((getline l < lg) > 0) {
            if (index(l, "--entry")) ent = 1
            if (index(l, "needs an entry")) needs = 1
        }
        close(lg)
    }
    if (ent)
        extra = "--main --entry=" first_proc($NF)
    else if (needs)
        extra = ""
    else if (same_again)
        extra = "--main"
    else
        next
    w = extra; gsub(/ /, "\t", w)
    print ".\t-t\t" target (w != "" ? "\t" w : "") "\t-o\t" $6 "\t" $NF > s
    print k "\t" extra > kk
}
