#!/bin/sh
# tests/gpu/shards.sh: tests/gpu/run's shards, without a GPU (--list and
# --dry-run): every app that tests/e2e/run checks has its part-1 shard, the other parts have
# theirs, names are unique, GPU_QUICK=1 leaves the large-graph parts out, an
# unknown shard is refused (exit 2), and a dry run of chosen shards runs
# them in order, each ending with its "N passed, N failed" line.
set -u
: "${GMC_SRCDIR:=$(cd "$(dirname "$0")/../.." && pwd)}"
run=$GMC_SRCDIR/tests/gpu/run
W=$(mktemp -d "${TMPDIR:-/tmp}/gmc-gpu-shards.XXXXXX") || exit 99
trap 'rm -rf "$W"' EXIT INT TERM
fail=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=$((fail + 1)); }

sh "$run" --list >"$W/list" 2>&1 || bad "--list exit $?"
# every app that tests/e2e/run checks (apps/ and tests/e2e/apps/) has one
for gm in "$GMC_SRCDIR"/apps/*.gm "$GMC_SRCDIR"/tests/e2e/apps/*.gm; do
    a=$(basename "$gm" .gm)
    grep -q "^$a|" "$GMC_SRCDIR/tests/e2e/run" || continue
    grep -qx "e2e:$a" "$W/list" || bad "no shard e2e:$a"
done
grep -qx "e2e:comp_BC" "$W/list" || bad "no shard e2e:comp_BC (tests/e2e/apps)"
for s in flags:bfs flags:pagerank programs:async programs:pack programs:bfs programs:overwrite \
    programs:gather programs:opt-exec programs:omp large:bfs large:bc_sampled variants:sssp; do
    grep -qx "$s" "$W/list" || bad "no shard $s"
done
[ "$(sort "$W/list" | uniq -d)" = "" ] || bad "shard names repeat"
n=$(wc -l <"$W/list")
[ "$n" -ge 40 ] && ok "--list: $n shards" || bad "--list: only $n shards"
GPU_QUICK=1 sh "$run" --list | grep -q '^large:\|^variants:' && bad "GPU_QUICK=1 lists large-graph shards" ||
    ok "GPU_QUICK=1: parts 1 only"
GPU_APPS="bfs sssp" sh "$run" --list | grep '^e2e:' | tr '\n' ' ' | grep -qx 'e2e:bfs e2e:sssp ' &&
    ok "GPU_APPS selects the part-1 shards" || bad "GPU_APPS does not select the part-1 shards"
sh "$run" --dry-run --shard nope >"$W/out" 2>&1
rc=$?
[ $rc = 2 ] && grep -q "no shard 'nope'" "$W/out" && ok "unknown shard refused" || bad "unknown shard: exit $rc"
sh "$run" --dry-run --shard programs:overwrite --shard=large:wcc >"$W/out" 2>&1
rc=$?
sed 's/^/    /' "$W/out"
[ $rc = 0 ] || bad "dry run exit $rc"
grep '^==== shard' "$W/out" | tr '\n' '|' | grep -qx '==== shard programs:overwrite|==== shard programs:overwrite: 0 passed, 0 failed|==== shard large:wcc|==== shard large:wcc: 0 passed, 0 failed|' &&
    ok "dry run: the two shards in order, each with its count" || bad "dry run: shards or counts wrong"
for p in "$GMC_SRCDIR"/tests/cuda/overwrite/*.gm; do
    grep -q "^DRY: $(basename "$p" .gm):" "$W/out" || bad "programs:overwrite leaves out $(basename "$p")"
done
[ $fail = 0 ] || { echo "$fail check(s) failed"; exit 1; }
echo "gpu shards: all checks passed"
