#!/bin/sh
# out_of_memory.sh: running out of memory is a run-time error (exit 1, a
# message saying what could not be allocated), never abort() (exit 134), in
# gmc's front end and in generated programs; a tiny edge list naming a huge
# id is refused before the allocation (issue 28).  Memory is limited with
# `ulimit -v`, stepped so that some runs fail at different places.
. "$(dirname "$0")/common.sh"
make_degree_case
cd "$tmp" || exit 99

# scan NAME PATTERN LO HI STEP CMD...: runs CMD under ulimit -v LO..HI (KB);
# each run must exit 0, or 1 with PATTERN in its messages (or fail to start:
# the dynamic loader's or exec's 127, saying so); at least one must run out
# of memory. A wrong exit is reported with the start of its messages.
scan() {
    name=$1 pattern=$2 lo=$3 hi=$4 step=$5
    shift 5
    v=$lo ooms=0 wrong=""
    while [ "$v" -le "$hi" ]; do
        (ulimit -v "$v" && exec "$@") > /dev/null 2> err.txt
        got=$?
        if [ "$got" -eq 1 ] && grep -qF -- "$pattern" err.txt; then
            ooms=$((ooms + 1))
        elif [ "$got" -eq 127 ] && grep -qi "error while loading shared libraries\|cannot allocate memory\|cannot allocate TLS" err.txt; then
            : # too little to start the program at all (the loader: libraries or its TLS; or exec itself)
        elif [ "$got" -ne 0 ] && [ "$got" -ne 1 ]; then
            wrong="$wrong $v:exit$got($(head -c 120 err.txt | tr '\n' ' '))"
        fi
        v=$((v + step))
    done
    same "$name: never killed or aborted" "" "$wrong"
    if [ "$ooms" -gt 0 ]; then ok "$name: $ooms runs out of memory, each said so"; else bad "$name: no run ran out of memory"; fi
}

# gmc: a long procedure, so that the syntax tree needs several MB
awk 'BEGIN { print "Procedure big(G: Graph): Int {"; print "    Int x = 0;";
             for (i = 0; i < 3000; i++) printf "    x = x + %d;\n", i;
             print "    Return x;"; print "}" }' > big.gm
expect 0 "gmc --check big.gm" "$GMC" --check big.gm
scan "gmc front end" "gmc: out of memory: cannot allocate" 2000 14000 500 "$GMC" --check big.gm

# a generated program: its property array (_c_zalloc) needs 16 MB, the
# graph's copy of u.gmb 32 MB (since 579e408 the driver keeps no second copy
# of deg for one run: the 45 MB below fails at deg, the 60 MB before fit)
expect 0 "build degree" "$GMC" -t omp --main -x -o . degree.gm
"$GMGRAPH" gen uniform --nodes 4000000 --degree 1 -o u.gmb > /dev/null || exit 99
export OMP_NUM_THREADS=1
scan "generated program" "out of memory" 20000 120000 10000 ./degree u.gmb
(ulimit -v 45000 && exec ./degree u.gmb) > /dev/null 2> err.txt
says "generated program: names the allocation" err.txt "error: out of memory: cannot allocate 4000000 x 4 bytes"

# 13 bytes asking for two billion nodes: refused before allocating
printf '0 2000000000\n' > sparse.el
expect 1 "gmgraph info on a sparse id (ulimit -v 2 GB)" sh -c 'ulimit -v 2000000 && exec "$0" info sparse.el' "$GMGRAPH"
says "sparse id: names the largest id" err "the largest node id is 2000000000"
says "sparse id: suggests relabelling" err "--relabel"
expect 1 "a generated program on a sparse id" sh -c 'ulimit -v 2000000 && exec ./degree sparse.el' 
says "generated program, sparse id: names the largest id" err "the largest node id is 2000000000"

# a generator spec whose graph cannot be built here (~9 GB under a 2 GB
# limit): refused before anything is drawn, pointing at the ranks' own
# generation (before: minutes of drawing, then an allocation failure)
expect 1 "a generated program on a spec too big for the memory" sh -c 'ulimit -v 2000000 && exec ./degree gen:rmat,scale=26,edge-factor=16,seed=1' 
says "spec too big: says how much" err "need about 9.1 GB to build in one process"
says "spec too big: names the way out" err "a --distributed program generates each rank's part alone"

finish
