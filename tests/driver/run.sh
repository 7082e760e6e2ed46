#!/bin/sh
# run.sh: gmc run compiles into its cache once, reuses the build while the
# source, options and gmc stay the same, passes the program its arguments
# and exit status.
. "$(dirname "$0")/common.sh"
make_degree_case
cd "$tmp" || exit 99
export XDG_CACHE_HOME="$tmp/cache"
entries() { ls "$XDG_CACHE_HOME/gmc" 2>/dev/null | grep -cv '^tmp-'; }

expect 0 "gmc run" "$GMC" run degree.gm g.el --out=o1
same "gmc run: degrees" "$(cat deg.exp)" "$(cat o1/deg.txt)"
same "gmc run: return value" "$degree_return" "$(sed -n 's/^return = //p' out)"
same "gmc run: one cache entry" 1 "$(entries)"
exe=$(ls "$XDG_CACHE_HOME"/gmc/*/degree)
stamp=$(ls -l --time-style=full-iso "$exe")

expect 0 "gmc run again" "$GMC" run -v degree.gm g.el --out=o2 --threads=2
says "gmc run again: cached" err "using the cached build"
same "gmc run again: same result" "$(cat deg.exp)" "$(cat o2/deg.txt)"
same "gmc run again: not rebuilt" "$stamp" "$(ls -l --time-style=full-iso "$exe")"
same "gmc run again: still one entry" 1 "$(entries)"

# Another option or another source is another build.
expect 0 "gmc run -O0" "$GMC" run -O0 degree.gm g.el
same "gmc run -O0: new entry" 2 "$(entries)"
sed 's/G.NumEdges() \* 10/G.NumEdges() * 100/' degree.gm > d2 && mv d2 degree.gm
expect 0 "gmc run, changed source" "$GMC" run degree.gm g.el
same "changed source: new entry" 3 "$(entries)"
same "changed source: new result" "$((degree_return + 90 * $(wc -l < g.el)))" "$(sed -n 's/^return = //p' out)"

# The program's status and messages come through.
expect 2 "program usage error passes through" "$GMC" run degree.gm g.el --nosuch=1
says "program usage error: its message" err "unknown option '--nosuch=1'"
expect 1 "missing graph passes through" "$GMC" run degree.gm nosuch.el
expect 1 "gmc run, program with errors" sh -c 'printf "Procedure p(G: Graph) { x = 1; }\n" > bad.gm; "$0" run bad.gm g.el' "$GMC"
says "program with errors: diagnostic" err "bad.gm:1:"
same "program with errors: nothing cached" 3 "$(entries)"

# ~/.cache/gmc without XDG_CACHE_HOME (and a relative one is ignored, per XDG).
mkdir home
expect 0 "gmc run, HOME cache" env -u XDG_CACHE_HOME HOME="$tmp/home" "$GMC" run degree.gm g.el
[ -d home/.cache/gmc ] && ok "HOME cache: ~/.cache/gmc" || bad "HOME cache: no ~/.cache/gmc"
expect 0 "gmc run, relative XDG_CACHE_HOME" env XDG_CACHE_HOME=rel HOME="$tmp/home" "$GMC" run degree.gm g.el
[ -e rel ] && bad "relative XDG_CACHE_HOME was used" || ok "relative XDG_CACHE_HOME ignored"

: > notadir
expect 1 "cache that cannot be created" env XDG_CACHE_HOME="$tmp/notadir" "$GMC" run degree.gm g.el
says "cache that cannot be created: reason" err "cannot create the cache directory '$tmp/notadir/gmc'"

# Concurrent runs of a new build: both succeed, one entry remains.
sed 's/\* 100/* 1000/' degree.gm > d3.gm
"$GMC" run d3.gm g.el > c1 2>&1 & p1=$!
"$GMC" run d3.gm g.el > c2 2>&1 & p2=$!
wait $p1 && wait $p2 && ok "concurrent runs succeed" || bad "concurrent runs failed"
same "concurrent runs: same output" "$(grep return c1)" "$(grep return c2)"
same "concurrent runs: one new entry, no leftovers" "4 0" "$(entries) $(ls "$XDG_CACHE_HOME/gmc" | grep -c '^tmp-')"

# --ranks=N: the --distributed build under mpirun -np N (when configure found MPI).
expect 2 "--ranks without run" "$GMC" --ranks=2 degree.gm
says "--ranks without run: reason" err "--ranks=2 runs a program: use it with gmc run"
expect 2 "--ranks=0" "$GMC" run --ranks=0 degree.gm g.el
says "--ranks=0: reason" err "bad value '0' for --ranks"
if [ -n "${GMC_MPIRUN:-}" ]; then
    OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl=self,vader
    OMPI_MCA_plm_rsh_agent=false OMPI_MCA_rmaps_base_oversubscribe=1
    OMPI_MCA_orte_tmpdir_base=$tmp # not the /tmp/ompi.* other tests' mpiruns share (tests/mpi/ranks.sh)
    export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM OMPI_MCA_btl OMPI_MCA_plm_rsh_agent \
        OMPI_MCA_rmaps_base_oversubscribe OMPI_MCA_orte_tmpdir_base
    expect 0 "gmc run --ranks=3" "$GMC" run --ranks=3 degree.gm g.el --out=o5
    same "gmc run --ranks=3: degrees" "$(cat deg.exp)" "$(cat o5/deg.txt)"
    same "gmc run --ranks=3: return value" "$((degree_return + 90 * $(wc -l < g.el)))" "$(sed -n 's/^return = //p' out)"
    says "gmc run --ranks=3: ranks" out "ranks = 3 (policy both"
    # a host write through a NIL node stops every rank (exit 1), as the
    # single-process program does; it was dropped silently with exit 0
    cat > nilw.gm <<'P'
Procedure nilw(G: Graph, r: Node, k: Int; x: N_P<Int>) : Int {
    G.x = 0;
    Node w = NIL;
    If (k > 0) { w = r; }
    w.x = 7;
    Return Sum(n: G.Nodes){ n.x };
}
P
    expect 0 "gmc run --ranks=2: a host write through a node" "$GMC" run --ranks=2 nilw.gm g.el --r=1 --k=1
    says "gmc run --ranks=2: the owner stored it" out "return = 7"
    expect 1 "gmc run --ranks=2: a host write through NIL" "$GMC" run --ranks=2 nilw.gm g.el --r=1 --k=0
    says "gmc run --ranks=2: NIL write: message" err "nilw: writing x of a node out of range"
fi
finish
