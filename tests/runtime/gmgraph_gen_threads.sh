#!/bin/sh
# gmgraph_gen_threads.sh: `gmgraph gen` writes the same bytes whatever the
# number of OpenMP threads (1, 2, 3), and the same bytes as the sequential
# implementation it replaced: the sha256 sums below were taken from the
# outputs of gmgraph before the parallel build and write (commit 5f1cd52),
# a known answer since the formats did not change.  The cases cover rmat with
# and without --symmetrize --dedup --no-self-loops --no-permute and integer
# or real weights, uniform, road, grid, an empty graph, a single node and
# graphs of more than 65536 nodes (parallel running sums); the
# one written to a pipe (-o -) takes the sequential write path, the others
# the parallel one.
set -u
GMGRAPH=${GMGRAPH:-./gmgraph}
command -v sha256sum >/dev/null 2>&1 || { echo "SKIP: no sha256sum"; exit 77; }
dir=$(mktemp -d "${TMPDIR:-/tmp}/gmgraph-gen-XXXXXX") || exit 99
trap 'rm -rf "$dir"' EXIT
failures=0

# case NAME SHA256 GEN-ARGUMENTS...
case_() {
    name=$1 want=$2
    shift 2
    for t in 1 2 3; do
        if ! OMP_NUM_THREADS=$t "$GMGRAPH" gen "$@" -o "$dir/$t.$name" >/dev/null 2>"$dir/err"; then
            echo "FAIL $name: gmgraph gen failed with $t threads"
            cat "$dir/err"
            failures=$((failures + 1))
            return
        fi
    done
    for t in 2 3; do
        if ! cmp "$dir/1.$name" "$dir/$t.$name"; then
            echo "FAIL $name: $t threads differ from 1"
            failures=$((failures + 1))
        fi
    done
    got=$(sha256sum <"$dir/1.$name" | cut -d' ' -f1)
    if [ "$got" = "$want" ]; then echo "ok   $name: same bytes for 1, 2, 3 threads and the old generator"; else
        echo "FAIL $name: sha256 $got, the old generator wrote $want"
        failures=$((failures + 1))
    fi
}

case_ rmat10.gmb e31808748d6c3d253aeb1a4e0d7e07be0439bad8fd44a0af999c014b8e3bd81e \
    rmat --scale 10 --edge-factor 8 --seed 3
case_ rmat12_sdn_w.gmb 21dd82c50eea0015b6d51c25a4e89e3947b1e424ed93ef2e7a8ceda160524784 \
    rmat --scale 12 --edge-factor 16 --seed 1 --weights int:1:255 --symmetrize --dedup --no-self-loops
case_ rmat11_s.gmb d0308a6d1644e0ee53823fb64ad490a470c2da9f62a5094a07d81ccd97eb42bb \
    rmat --scale 11 --edge-factor 16 --seed 7 --symmetrize
case_ rmat13_d_real.gmb 092d11befd6dce5c0121f15457a3d67a6632339d542042950a498ded972bfecf \
    rmat --scale 13 --edge-factor 4 --seed 2 --dedup --weights real:0:1
case_ rmat14_np_n.gmb 6d25afa2a644dbb462894064b58dbacf4fe6333658d2a43d165b14064a0933ba \
    rmat --scale 14 --edge-factor 8 --seed 5 --no-permute --no-self-loops
case_ uniform.gmb 69c91126372abb08a1bb01cb3b47763e1e445d61ae03beaf34579204dad10421 \
    uniform --nodes 3000 --degree 6 --seed 4 --symmetrize --dedup
case_ uniform_w.gmb 6c7b6b87a2877ed5832825876fd2154260dfe5b7488932e7eaf4bea93ed4e0f0 \
    uniform --nodes 5000 --edges 40000 --seed 9 --weights int:1:9
case_ road.gmb c59fd7fe12c6b5e139c654229f5a659a10b8dbf1e4d1e220246149c827d694c5 \
    road --rows 60 --cols 70 --seed 2
case_ road_sd.gmb 554ebf6b2486affe11cf1e9ffa37bce4dd2acb4cb38568b907165b69d492ac38 \
    road --rows 40 --cols 50 --seed 3 --symmetrize --dedup --no-self-loops
case_ grid.gmb 6103c0a7c099859a3637be69d97b87b0967d9eaf837cf5f1cec1944244c86a2e \
    grid --rows 30 --cols 40 --weights real:1:2
case_ rmat12.el 1307db4e0f109a965d7a0fc072502a87d78d95001028486c6a498127d7f07c57 \
    rmat --scale 12 --edge-factor 4 --seed 11 --dedup
case_ empty.gmb 77f290017b548b71953c1d791816ccc6f195e9b42a4d1f5a94317a3a93492dfc \
    uniform --nodes 0 --edges 0
case_ rmat0.gmb 7af34e35e67cddd84e11883746ac4cdcb987c98c5714b0e56ab9a2edde705d89 \
    rmat --scale 0 --edge-factor 3 --seed 1
# more than 65536 nodes: the row offsets are summed in parallel blocks
case_ r16.gmb 7de5836687f3c3a6e52e1fad57ee7a1b0ad3f9277a126286e8d9ddd940cb85e6 \
    rmat --scale 16 --edge-factor 4 --seed 6 --symmetrize --dedup --no-self-loops --weights int:1:100
case_ u70k.gmb a473ff64d2ae8f55b4fea86bbc1e088f39a91e9f6dbe0a70d403d48f8d463066 \
    uniform --nodes 70000 --degree 3 --seed 8 --dedup

# a pipe cannot be written at offsets: the sequential path, same bytes
for t in 1 3; do
    got=$(OMP_NUM_THREADS=$t "$GMGRAPH" gen rmat --scale 12 --edge-factor 16 --seed 1 --weights int:1:255 --symmetrize \
        --dedup --no-self-loops --to gmb -o - 2>/dev/null | sha256sum | cut -d' ' -f1)
    if [ "$got" = 21dd82c50eea0015b6d51c25a4e89e3947b1e424ed93ef2e7a8ceda160524784 ]; then
        echo "ok   -o - with $t threads: the same bytes"
    else
        echo "FAIL -o - with $t threads: sha256 $got"
        failures=$((failures + 1))
    fi
done

[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
