#!/bin/sh
# report.sh: `gmc -t cuda --report` for the apps, pinned against
# tests/cuda/report/APP.expected: which kernels each parallel loop became,
# the load-balancing scheme, the atomics kept or eliminated, what crosses
# between host and device. GMC_UPDATE_GOLDEN=1 rewrites the files.
set -u
src=${GMC_SRCDIR:-$(cd "$(dirname "$0")/../.." && pwd)}
gmc=${GMC:-./gmc}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/gmc-report.XXXXXX") || exit 99
trap 'rm -rf "$tmp"' EXIT
status=0
for f in "$src"/tests/cuda/report/*.expected; do
    app=$(basename "$f" .expected)
    if ! "$gmc" -t cuda --report "$src/apps/$app.gm" -o "$tmp" 2>"$tmp/$app.report" >/dev/null; then
        echo "FAIL: $app: gmc failed"; cat "$tmp/$app.report"; status=1; continue
    fi
    if [ "${GMC_UPDATE_GOLDEN:-0}" = 1 ]; then
        cp "$tmp/$app.report" "$f"
    elif ! diff -u "$f" "$tmp/$app.report"; then
        echo "FAIL: $app: the report changed"; status=1
    else
        echo "ok: $app"
    fi
done
# yes_no DIR WHAT PATTERN: each DIR/yes_*.gm's report matches the extended
# regular expression PATTERN (the pass WHAT took it), each other one's not.
yes_no() {
    for f in "$src"/tests/cuda/$1/*.gm; do
        name=$(basename "$f" .gm)
        "$gmc" -t cuda --report "$f" -o "$tmp" >/dev/null 2>"$tmp/yn" || { echo "FAIL: $name: gmc failed"; status=1; continue; }
        got=no; grep -Eq "$3" "$tmp/yn" && got=yes
        case $name in yes_*) want=yes ;; *) want=no ;; esac
        if [ $got = $want ]; then echo "ok: $name: $2 $got"; else echo "FAIL: $name: $2 $got, expected $want"; status=1; fi
    done
}
# A kernel that writes a property whole before reading it does not copy the
# host's values in; filtered, conditional, reading and += lookalikes do.
yes_no overwrite "skipped copy-in" "\(written whole first: not copied in\)"
# Gather order: a node property read only at the far ends of edges walked
# one way; host reads, other uses of the iterator, two directions and pushes
# keep the id order.
yes_no gather "gather order" "gather order: "
# Gathered Float tables that the reading kernel does not write go through
# the read-only data path (__ldg); Double, Int and written tables do not.
# Every program here is in gather order, so only that rule decides.
for f in "$src"/tests/cuda/ldg/*.gm; do
    name=$(basename "$f" .gm)
    "$gmc" -t cuda --report "$f" -o "$tmp/$name.cu" >/dev/null 2>"$tmp/ldg" || { echo "FAIL: $name: gmc failed"; status=1; continue; }
    grep -q "gather order: " "$tmp/ldg" || { echo "FAIL: $name: not in gather order"; status=1; continue; }
    got=no; grep -q "__ldg(&c\[w\])" "$tmp/$name.cu" && got=yes
    case $name in yes_*) want=yes ;; *) want=no ;; esac
    if [ $got = $want ]; then echo "ok: $name: __ldg $got"; else echo "FAIL: $name: __ldg $got, expected $want"; status=1; fi
done
# The worklist pass takes the frontier shape and leaves lookalikes alone.
yes_no worklist worklist "data-driven worklist"
# The asynchronous pass takes monotone worklist loops whose rounds nothing
# observes and leaves the others (which must still get the worklist) alone.
for f in "$src"/tests/cuda/async/*.gm; do
    name=$(basename "$f" .gm)
    "$gmc" -t cuda --report "$f" -o "$tmp" >/dev/null 2>"$tmp/as" || { echo "FAIL: $name: gmc failed"; status=1; continue; }
    got=no; grep -q "^    asynchronous" "$tmp/as" && got=yes
    case $name in yes_*) want=yes ;; *) want=no ;; esac
    if ! grep -q "data-driven worklist" "$tmp/as"; then
        echo "FAIL: $name: not even a worklist loop"; status=1
    elif [ $got = $want ]; then echo "ok: $name: asynchronous $got"
    else echo "FAIL: $name: asynchronous $got, expected $want"; status=1; fi
    # -fcuda-async=off never, =on wherever auto does
    "$gmc" -t cuda --report -fcuda-async=off "$f" -o "$tmp" >/dev/null 2>"$tmp/as" || status=1
    if grep -q "^    asynchronous" "$tmp/as"; then echo "FAIL: $name: asynchronous with -fcuda-async=off"; status=1; fi
    "$gmc" -t cuda --report -fcuda-async=on "$f" -o "$tmp" >/dev/null 2>"$tmp/as" || status=1
    got=no; grep -q "^    asynchronous (on every graph)" "$tmp/as" && got=yes
    [ $got = $want ] || { echo "FAIL: $name: -fcuda-async=on gives $got"; status=1; }
    # Where rounds still run (graphs with hubs), those after the first read
    # n.X as Q[n], its newest value: the sweep's launch passes Q's array for
    # X from round 1 on; never with -fcuda-async=off.
    "$gmc" -t cuda --report "$f" -o "$tmp/$name.cu" >/dev/null 2>"$tmp/as" || status=1
    got=no; grep -q "^    newest values: " "$tmp/as" && got=yes
    [ $got = $want ] || { echo "FAIL: $name: newest values $got, expected $want"; status=1; }
    got=no; grep -q '(_c_round > 0 ? ([a-z0-9_]* \*)gmcu_to_device(&_c_m_[a-z_]*) : ' "$tmp/$name.cu" && got=yes
    [ $got = $want ] || { echo "FAIL: $name: launch with Q for X $got, expected $want"; status=1; }
    "$gmc" -t cuda --report -fcuda-async=off "$f" -o "$tmp/$name.cu" >/dev/null 2>"$tmp/as" || status=1
    if grep -q "^    newest values: \|_c_round > 0 ?" "$tmp/as" "$tmp/$name.cu"; then
        echo "FAIL: $name: newest values with -fcuda-async=off"; status=1
    fi
    # ... none where no such rounds run: -fcuda-async=on (no rounds), or the
    # worklist's rounds in one persistent kernel (-fcuda-worklist=on; it
    # writes X too); the worklist's own rounds read Q (-fcuda-outline=off)
    for fl in -fcuda-async=on -fcuda-worklist=on; do
        "$gmc" -t cuda --report $fl "$f" -o "$tmp/$name.cu" >/dev/null 2>"$tmp/as" || status=1
        if grep -q "^    newest values: \|_c_round > 0 ?\|passed as" "$tmp/as" "$tmp/$name.cu"; then
            echo "FAIL: $name: newest values with $fl"; status=1
        fi
    done
    "$gmc" -t cuda --report -fcuda-worklist=on -fcuda-outline=off "$f" -o "$tmp/$name.cu" >/dev/null 2>"$tmp/as" || status=1
    got=no; grep -q "^    newest values: the worklist's rounds" "$tmp/as" && grep -q "passed as" "$tmp/$name.cu" && got=yes
    [ $got = $want ] || { echo "FAIL: $name: newest values in the worklist's rounds $got, expected $want"; status=1; }
    # Nearest first (-fcuda-priority) where the update adds a term to the
    # key: yes_latest (a max= with a term), yes_cost (a Double key less a
    # term) and yes_float_key (a Float key plus one), not yes_labels (a bare label).
    "$gmc" -t cuda --report "$f" -o "$tmp" >/dev/null 2>"$tmp/as" || status=1
    got=no; grep -q "^    nearest first" "$tmp/as" && got=yes
    want_p=no; case $name in yes_latest | yes_cost | yes_float_key) want_p=yes ;; esac
    [ $got = $want_p ] || { echo "FAIL: $name: nearest first $got, expected $want_p"; status=1; }
    "$gmc" -t cuda --report -fcuda-priority=off "$f" -o "$tmp" >/dev/null 2>"$tmp/as" || status=1
    if grep -q "^    nearest first" "$tmp/as"; then echo "FAIL: $name: nearest first with -fcuda-priority=off"; status=1; fi
    "$gmc" -t cuda --report -fcuda-priority=on "$f" -o "$tmp" >/dev/null 2>"$tmp/as" || status=1
    got=no; grep -q "^    no nearest-first order" "$tmp/as" && got=yes
    want_n=no; [ $want = yes ] && [ $want_p = no ] && want_n=yes
    [ $got = $want_n ] || { echo "FAIL: $name: -fcuda-priority=on says 'no nearest-first order': $got"; status=1; }
done
# A BFS that only its level values observe finishes by label correction on
# graphs of many levels; InReverse, a navigator or a body reading other
# nodes keep it level by level. -fcuda-async=off never, =on from the root.
yes_no bfs "label correction" "^    high diameter \\(-fcuda-async\\): after"
for f in "$src"/tests/cuda/bfs/*.gm; do
    name=$(basename "$f" .gm)
    "$gmc" -t cuda --report -fcuda-async=off "$f" -o "$tmp" >/dev/null 2>"$tmp/hd" || status=1
    if grep -q "high diameter" "$tmp/hd"; then echo "FAIL: $name: label correction with -fcuda-async=off"; status=1; fi
    "$gmc" -t cuda --report -fcuda-async=on "$f" -o "$tmp" >/dev/null 2>"$tmp/hd" || status=1
    got=no; grep -q "^    high diameter (-fcuda-async=on): from the root" "$tmp/hd" && got=yes
    case $name in yes_*) want=yes ;; *) want=no ;; esac
    [ $got = $want ] || { echo "FAIL: $name: -fcuda-async=on: label correction from the root $got"; status=1; }
done
# Per-node arg-min/max with payloads: packed (one CAS of the key with the
# payload or with a ticket, no lock) in a loop's own kernel; locks where that
# cannot be, no atomic at all on the loop's own element.
yes_no pack packed "packed side by side|a slot of its own"
# The CUDA choices: bad values are usage errors that name the valid ones.
for bad in -fcuda-lb=fast -fcuda-outline=maybe -fcuda-worklist=yes -fcuda-async=always -fcuda-priority=first -fcuda-blocking=yes -fcuda-direction=up -fcuda-nosuch=1; do
    "$gmc" -t cuda $bad "$src/apps/bfs.gm" -o "$tmp" >/dev/null 2>"$tmp/err"
    rc=$?
    if [ $rc -ne 2 ] || ! grep -q "fcuda" "$tmp/err"; then
        echo "FAIL: $bad: exit $rc, $(cat "$tmp/err")"; status=1
    else
        echo "ok: $bad rejected: $(head -1 "$tmp/err")"
    fi
done
# Edge blocking: PageRank's pull runs in segments, unless turned off.
for x in "" -fcuda-blocking=on -fcuda-blocking=off; do
    "$gmc" -t cuda --report $x "$src/apps/pagerank.gm" -o "$tmp" >/dev/null 2>"$tmp/eb" || status=1
    got=no; grep -q "^    edge blocking" "$tmp/eb" && got=yes
    want=yes; [ "$x" = -fcuda-blocking=off ] && want=no
    if [ $got = $want ]; then echo "ok: pagerank $x: edge blocking $got"; else echo "FAIL: pagerank $x: edge blocking $got"; status=1; fi
done
# A loop run on the host says which scalars it reduces and how (its
# reduction= records: tests/plan/host_loops.cuda.expected); a DFS reduces
# sequentially and says nothing of it.
"$gmc" -t cuda --report "$src/tests/plan/host_loops.gm" -o "$tmp" >/dev/null 2>"$tmp/hl" || status=1
if grep -q "10:5: note: this Foreach runs on the host: it uses a collection or a map; it reduces s (+=) with OpenMP's reduction clause" "$tmp/hl" &&
    ! grep -q "DFS runs on the host.*reduces" "$tmp/hl"; then
    echo "ok: host_loops: the host loop's reduction worded"
else
    echo "FAIL: host_loops: the host loop's reduction not worded"; cat "$tmp/hl"; status=1
fi
# Every choice generates code.
for good in -fcuda-lb=auto -fcuda-lb=twc -fcuda-lb=edge -fcuda-lb=vertex -fcuda-outline=on -fcuda-outline=off \
    -fcuda-worklist=on -fcuda-worklist=off -fcuda-async=on -fcuda-async=off -fcuda-priority=on -fcuda-priority=off -fcuda-blocking=on -fcuda-blocking=off -fcuda-direction=push -fcuda-direction=pull; do
    "$gmc" -t cuda $good "$src/apps/bc.gm" -o "$tmp" >/dev/null 2>&1 || { echo "FAIL: $good"; status=1; }
done
exit $status
