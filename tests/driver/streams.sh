#!/bin/sh
# streams.sh: inputs that are not plain files are read once, as streams, and
# their format is told from the bytes read (issue 28): a FIFO given to
# `gmgraph info` (it used to block reopening it to name the format) and to
# `gmc run` (it hung: the cache key read the source, the compiler waited on
# the FIFO again); a /proc file, whose size is 0 but which is not empty (it
# loaded as an empty graph with exit 0).
. "$(dirname "$0")/common.sh"
make_degree_case
cd "$tmp" || exit 99
export XDG_CACHE_HOME="$tmp/cache"

# feed FIFO FILE: writes FILE into FIFO in the background (once)
feed() { cat "$2" > "$1" & }

mkfifo g.fifo
feed g.fifo g.el
expect 0 "gmgraph info FIFO" timeout 20 "$GMGRAPH" info g.fifo
says "gmgraph info FIFO: the format" out "g.fifo (edge-list)"
says "gmgraph info FIFO: the edges" out "edges:           10"
"$GMGRAPH" convert g.el g.gmb > /dev/null || exit 99
feed g.fifo g.gmb
expect 0 "gmgraph info FIFO, binary" timeout 20 "$GMGRAPH" info g.fifo
says "gmgraph info FIFO, binary: the format from the bytes" out "g.fifo (gmb)"
wait

proc=/proc/sys/net/ipv4/ip_local_port_range
range=$(cat "$proc" 2>/dev/null)
lo=${range%%[!0-9]*} hi=${range##*[!0-9]}
if [ -n "$range" ] && [ "$hi" -gt "$lo" ] 2>/dev/null; then
    expect 0 "gmgraph info on a /proc file" "$GMGRAPH" info "$proc"
    says "/proc file: not empty" out "nodes:           $((hi + 1))"
    says "/proc file: one edge" out "edges:           1"
else
    echo "# no $proc here: the /proc case is skipped"
fi

mkdir src && mkfifo src/degree.gm
feed src/degree.gm degree.gm
expect 0 "gmc run FIFO.gm" timeout 60 "$GMC" run src/degree.gm g.el --out=o
same "gmc run FIFO.gm: degrees" "$(cat deg.exp)" "$(cat o/deg.txt)"
wait

# The generated program checks its inputs before loading without opening
# them: a FIFO graph is read once, by the loader (an open() to test it would
# take the writer's bytes and end the stream).
feed g.fifo g.el
expect 0 "generated program on a FIFO graph" timeout 60 "$GMC" run degree.gm g.fifo --out=o2
same "generated program on a FIFO graph: degrees" "$(cat deg.exp)" "$(cat o2/deg.txt)"
wait

finish
