#!/bin/sh
# tests/mpi/host_reduce.sh: reductions on one node's property elements in
# host code under gmc -t omp --distributed (tests/mpi/host_reduce.gm). At -O0
# they reach the code generator as reductions (the default build rewrites
# them into plain reads and writes first, gm_opt/reduce_seq.c): each rank
# updated its own array at the node's index, so a node of another rank's
# block got a wrong answer with exit 0, or a range error. Built both ways,
# run at 1, 2 and 3 ranks with the root in each rank's block: the answer is
# the known one (-21) and the outputs equal the single-process program's;
# the generated C compiles under gcc -Wall -Wextra -Werror.
# Skips (77) without MPI.
set -u
. "${GMC_SRCDIR:-$(dirname "$0")/../..}/tests/mpi/ranks.sh"
: "${GMC:?}" "${GMC_SRCDIR:?}"
src=$GMC_SRCDIR/tests/mpi/host_reduce.gm
for o in -O0 -O2; do
    "$GMC" -t omp --distributed "$o" -w --main -x "$src" -o "$W/d$o/" >"$W/gmc$o.log" 2>&1 ||
        { echo "FAIL: gmc --distributed $o"; cat "$W/gmc$o.log"; exit 1; }
done
"$GMC" -t omp -w --main -x "$src" -o "$W/s/" >"$W/gmc.log" 2>&1 || { echo "FAIL: gmc"; cat "$W/gmc.log"; exit 1; }
# the generated code compiles without a warning (a body that never walks the
# local graph left _c_local unused)
mpi_cflags=$(mpicc --showme:compile 2>/dev/null || "$(dirname "$GMC_MPIRUN")/mpicc" --showme:compile 2>/dev/null)
for o in -O0 -O2; do
    [ -n "$mpi_cflags" ] || break
    # shellcheck disable=SC2086
    if gcc -std=c11 -fopenmp -Wall -Wextra -Werror $mpi_cflags -I"$GMC_SRCDIR/gm_runtime" -I"$GMC_SRCDIR/gm_runtime/dist" \
        -fsyntax-only "$W/d$o/host_reduce.c" >"$W/cc$o.log" 2>&1; then
        echo "ok: $o: gcc -Wall -Wextra -Werror"
    else
        echo "FAIL: $o: gcc -Wall -Wextra -Werror"; sed 's/^/    /' "$W/cc$o.log"; fail=$((fail + 1))
    fi
done
awk 'BEGIN { print "# Nodes: 30"; for (i = 0; i + 1 < 30; i++) print i, i + 1 }' >"$W/p.el"
for o in -O0 -O2; do
    for np in 1 2 3; do
        for root in 0 14 29; do
            name="$o, $np ranks, root $root"
            rm -rf "$W/o" "$W/so"
            "$GMC_MPIRUN" --oversubscribe -np "$np" "$W/d$o/host_reduce" "$W/p.el" --root=$root --out="$W/o" \
                >"$W/out" 2>"$W/err"
            rc=$?
            "$W/s/host_reduce" "$W/p.el" --root=$root --threads=1 --out="$W/so" >/dev/null 2>&1
            if [ $rc -ne 0 ]; then
                echo "FAIL: $name: exit $rc"; sed 's/^/    /' "$W/err"; fail=$((fail + 1))
            elif [ "$(sed -n 's/^return = //p' "$W/out")" != -21 ]; then
                echo "FAIL: $name: returned $(sed -n 's/^return = //p' "$W/out"), expected -21"; fail=$((fail + 1))
            elif ! diff -r "$W/o" "$W/so" >/dev/null; then
                echo "FAIL: $name: the outputs differ from the single-process program's"; fail=$((fail + 1))
            else
                echo "ok: $name"
            fi
        done
    done
done
finish host_reduce
