#!/bin/sh
# sparse_ids.sh: a small text file whose ids run far beyond what its edges
# can touch (13 bytes "0 2000000000") is refused before allocating, on any
# machine, with a message that names the largest id and the ways out:
# --relabel (which numbers the nodes while loading, so it needs no array of
# 2e9 rows) and GMRT_ALLOW_SPARSE=1 (load it as it is).  Issue 28 item 5.
. "$(dirname "$0")/common.sh"
make_degree_case
cd "$tmp" || exit 99
export OMP_NUM_THREADS=1

# 3e7 nodes (about 480 MB): would fit here, refused all the same
printf '0 30000000\n' > mid.el
expect 1 "gmgraph info: sparse ids refused" sh -c 'ulimit -v 4000000 && exec "$0" info mid.el' "$GMGRAPH"
says "refusal names the largest id" err "mid.el: the largest node id is 30000000, but its 1 edge touches at most 2 nodes"
says "refusal suggests --relabel" err "(--relabel)"
says "refusal says how to force it" err "GMRT_ALLOW_SPARSE=1"
expect 0 "GMRT_ALLOW_SPARSE=1 loads it as it is" sh -c 'ulimit -v 4000000 && GMRT_ALLOW_SPARSE=1 exec "$0" info mid.el' "$GMGRAPH"
says "forced: all the nodes" out "30000001"

# a generated program refuses it too, before any allocation for the graph
expect 0 "build degree" "$GMC" -t omp --main -x -o . degree.gm
expect 1 "a generated program: sparse ids refused" sh -c 'ulimit -v 4000000 && exec ./degree mid.el'
says "generated program: names the largest id" err "the largest node id is 30000000"

# 2e9: refused at once (not after trying to allocate 32 GB)
printf '0 2000000000\n' > huge.el
expect 1 "gmgraph info on id 2e9" "$GMGRAPH" info huge.el
says "id 2e9: sparse refusal" err "the largest node id is 2000000000, but its 1 edge touches at most 2 nodes"
# ... and --relabel gets it under 2 GB of address space
expect 0 "gmgraph convert --relabel on id 2e9 (ulimit -v 2 GB)" sh -c 'ulimit -v 2000000 && exec "$0" convert --relabel huge.el small.el' "$GMGRAPH"
same "relabelled edges" "0 1" "$(grep -v '^[#%]' small.el)"
same "labels" "0 2000000000" "$(tr '\n' ' ' < small.el.labels | sed 's/ $//')"

# ... and so does a generated program's --relabel (degrees by label)
expect 0 "a generated program --relabel on id 2e9 (ulimit -v 2 GB)" sh -c 'ulimit -v 2000000 && exec ./degree huge.el --relabel --out=rl --out-format=tsv'
same "program --relabel: degrees by label" "0 1 2000000000 0" "$(grep '^[0-9]' rl/deg.tsv 2>/dev/null | tr '\t\n' '  ' | sed 's/ $//')"

# a dense file is never refused: 2^24 + 2 nodes reached by enough edges
awk 'BEGIN { for (i = 0; i < 300000; i++) print i, i + 16477218 }' > dense.el
expect 0 "gmgraph info on a dense file past 2^24 nodes" "$GMGRAPH" info dense.el
says "dense file: all its nodes" out "16777218"

finish
