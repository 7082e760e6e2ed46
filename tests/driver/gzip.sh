#!/bin/sh
# gzip.sh: gzip-compressed graph inputs and "-" for standard input (issue 27,
# item 6). A gzip'd edge list, Matrix Market, DIMACS or binary file loads as
# the plain one (gmgraph info's counts, a generated program's answers), told
# by the magic bytes 1f 8b whatever its name; a truncated or corrupt one is an
# error with exit 1, never a shorter graph; "-" reads standard input in
# gmgraph info and convert, a generated program and gmc run. Built without
# zlib, a .gz input says so.
. "$(dirname "$0")/common.sh"
make_degree_case
cd "$tmp" || exit 99
export XDG_CACHE_HOME="$tmp/cache"
command -v gzip >/dev/null 2>&1 || { echo "# no gzip here: skipped"; exit 77; }

# counts N FILE: the nodes and edges lines of gmgraph info
counts() { grep -E '^(nodes|edges):' "$2"; }

gzip -c g.el > g.el.gz
if ! grep -q '^#define HAVE_ZLIB 1' "$GMC_BUILDDIR/config.h" 2>/dev/null; then
    expect 1 "no zlib: a .gz input" "$GMGRAPH" info g.el.gz
    says "no zlib: the message" err "gmc was built without zlib"
    finish
fi

# the plain graphs: the degree case (self-loop, parallel edge, node 5 with
# no in-edge) in every text format, and its binary forms
for f in g.mtx g.gr g.gmb g.bin; do
    "$GMGRAPH" convert g.el "$f" > /dev/null || exit 99
done
for f in g.el g.mtx g.gr g.gmb g.bin; do
    "$GMGRAPH" info "$f" > plain.out 2>&1 || exit 99
    counts x plain.out > plain.counts
    gzip -c "$f" > "$f.gz"
    expect 0 "gmgraph info $f.gz" "$GMGRAPH" info "$f.gz"
    counts x "$tmp/out" > gz.counts
    same "$f.gz: the same nodes and edges as $f" "$(cat plain.counts)" "$(cat gz.counts)"
done
expect 0 "info g.el.gz" "$GMGRAPH" info g.el.gz
says "g.el.gz: named as a gzip'd edge list" out "g.el.gz (edge-list, gzip)"
expect 0 "info g.mtx.gz" "$GMGRAPH" info g.mtx.gz
says "g.mtx.gz: named as a gzip'd Matrix Market file" out "g.mtx.gz (mtx, gzip)"
expect 0 "info g.gr.gz" "$GMGRAPH" info g.gr.gz
says "g.gr.gz: named as gzip'd DIMACS" out "g.gr.gz (dimacs, gzip)"

# no .gz in the name: the magic bytes tell, then the content the format
cp g.el.gz graph.data
expect 0 "a gzip'd edge list named graph.data" "$GMGRAPH" info graph.data
says "graph.data: gzip seen by content" out "graph.data (edge-list, gzip)"
says "graph.data: its edges" out "edges:           10"
cp g.gr.gz graph.el
expect 0 "a gzip'd DIMACS file named graph.el" "$GMGRAPH" info graph.el
says "graph.el: DIMACS by content" out "nodes:           6"

# the inner format from the name less .gz, where the content leaves it open:
# "0 1" is an edge list, but in a file named .gr.gz it is read as DIMACS
printf '0 1\n' | gzip -c > one.el.gz
cp one.el.gz one.gr.gz
expect 0 "0 1 in one.el.gz" "$GMGRAPH" info one.el.gz
says "one.el.gz: an edge list" out "one.el.gz (edge-list, gzip)"
expect 1 "0 1 in one.gr.gz" "$GMGRAPH" info one.gr.gz
says "one.gr.gz: read as DIMACS (by the name less .gz)" err "one.gr.gz:1:"

# several members (cat a.gz b.gz) are one file, as for gzip -d
head -n 5 g.el | gzip -c > part.gz
tail -n +6 g.el | gzip -c >> part.gz
expect 0 "two gzip members" "$GMGRAPH" info part.gz
says "two members: all 10 edges" out "edges:           10"

# a long path (20000 edges): cut in the middle, or with a byte changed, it
# must fail, not load the edges before the damage
awk 'BEGIN { for (i = 0; i < 20000; i++) print i, i + 1 }' > path.el
gzip -c path.el > path.el.gz
expect 0 "the long path gzip'd" "$GMGRAPH" info path.el.gz
says "the long path: 20000 edges" out "edges:           20000"
size=$(wc -c < path.el.gz)
head -c $((size / 2)) path.el.gz > cut.el.gz
expect 1 "a truncated .gz" "$GMGRAPH" info cut.el.gz
says "truncated: the message" err "cut.el.gz: not a valid gzip file: the compressed data ends early (truncated file)"
head -c $((size - 4)) path.el.gz > short.el.gz
expect 1 "a .gz without its length field" "$GMGRAPH" info short.el.gz
says "no length field: the message" err "short.el.gz: not a valid gzip file"
# the CRC (the trailer's first 4 bytes) changed: the data inflates, the check fails
{ head -c $((size - 8)) path.el.gz; printf '\001\002\003\004'; tail -c 4 path.el.gz; } > crc.el.gz
expect 1 "a .gz with a wrong CRC" "$GMGRAPH" info crc.el.gz
says "wrong CRC: the message" err "crc.el.gz: not a valid gzip file: incorrect data check"
{ head -c 40 path.el.gz; printf 'garbage in the deflate stream'; tail -c +70 path.el.gz; } > bad.el.gz
expect 1 "a corrupt .gz" "$GMGRAPH" info bad.el.gz
says "corrupt: the message" err "bad.el.gz: not a valid gzip file"
{ cat g.el.gz; printf 'junk'; } > tail.el.gz
expect 1 "bytes after the gzip data" "$GMGRAPH" info tail.el.gz
says "trailing bytes: the message" err "tail.el.gz: not a valid gzip file: trailing bytes after the compressed data"
printf '\037\213' > magic.gz
expect 1 "the magic alone" "$GMGRAPH" info magic.gz
says "the magic alone: the message" err "magic.gz: not a valid gzip file"

# "-": standard input, plain or gzip'd
"$GMGRAPH" info g.el > plain.out 2>&1 || exit 99
expect 0 "cat g.el | gmgraph info -" sh -c 'cat g.el | "$0" info -' "$GMGRAPH"
says "info -: named <stdin>" out "file:            <stdin> (edge-list)"
same "info -: the counts" "$(counts x plain.out)" "$(counts x out)"
expect 0 "gmgraph info - < g.mtx.gz" sh -c '"$0" info - < g.mtx.gz' "$GMGRAPH"
says "info - < g.mtx.gz: the format" out "<stdin> (mtx, gzip)"
same "info - < g.mtx.gz: the counts" "$(counts x plain.out)" "$(counts x out)"
expect 0 "gmgraph convert - out.gmb < g.el" sh -c '"$0" convert - out.gmb < g.el' "$GMGRAPH"
expect 0 "info out.gmb" "$GMGRAPH" info out.gmb
same "convert -: the counts" "$(counts x plain.out)" "$(counts x out)"
expect 1 "gmgraph info - with bad input" sh -c 'printf "0 x\n" | "$0" info -' "$GMGRAPH"
says "bad stdin: named <stdin> with the line" err "<stdin>:1:"

# generated programs: the degrees through gmc run, from .gz files and stdin
for f in g.el.gz g.mtx.gz g.gr.gz g.gmb.gz graph.data; do
    rm -rf o
    expect 0 "gmc run degree.gm $f" "$GMC" run degree.gm "$f" --out=o
    same "degree.gm $f: the degrees" "$(cat deg.exp)" "$(cat o/deg.txt 2>/dev/null)"
done
rm -rf o
expect 0 "gmc run degree.gm - < g.el" sh -c '"$0" run degree.gm - --out=o < g.el' "$GMC"
same "degree.gm -: the degrees" "$(cat deg.exp)" "$(cat o/deg.txt 2>/dev/null)"
expect 1 "gmc run degree.gm cut.el.gz" "$GMC" run degree.gm cut.el.gz --out=o
says "gmc run, truncated .gz: the message" err "cut.el.gz: not a valid gzip file"

# bfs built once: distances from a gzip'd DIMACS file and from stdin match
# the plain edge list's (the path: node i at distance i)
expect 0 "gmc --main -x apps/bfs.gm" "$GMC" --main -x -o b/ "$GMC_SRCDIR/apps/bfs.gm"
expect 0 "bfs path.el" ./b/bfs path.el --root=0 --out=d0
"$GMGRAPH" convert path.el path.gr > /dev/null || exit 99
gzip -c path.gr > path.gr.gz
expect 0 "bfs path.gr.gz" ./b/bfs path.gr.gz --root=0 --out=d1
expect 0 "./bfs - --root=0 < path.el" sh -c './b/bfs - --root=0 --out=d2 < path.el'
expect 0 "./bfs - --root=0 < path.el.gz" sh -c './b/bfs - --root=0 --out=d3 < path.el.gz'
want=$(awk 'BEGIN { for (i = 0; i <= 20000; i++) print i }' | cksum)
for d in d0 d1 d2 d3; do
    same "bfs $d: distances 0..20000 on the path" "$want" "$(cat $d/dist.txt 2>/dev/null | cksum)"
done
expect 1 "./bfs - < a truncated .gz" sh -c './b/bfs - --root=0 < cut.el.gz'
says "bfs, truncated stdin: the message" err "<stdin>: not a valid gzip file"

# the decompression frees what it allocates and reads no byte it should not
if command -v valgrind > /dev/null 2>&1; then
    for a in path.el.gz cut.el.gz bad.el.gz crc.el.gz; do
        valgrind -q --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=9 \
            ./b/bfs "$a" --root=0 --out=dv > /dev/null 2> vg.txt
        st=$?
        [ $st -ne 9 ] && ok "valgrind: bfs $a (exit $st)" || { bad "valgrind: bfs $a"; head -5 vg.txt; }
    done
    valgrind -q --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=9 \
        ./b/bfs - --root=0 --out=dv < path.el.gz > /dev/null 2> vg.txt
    st=$?
    [ $st -ne 9 ] && ok "valgrind: bfs - < path.el.gz (exit $st)" || { bad "valgrind: bfs - < path.el.gz"; head -5 vg.txt; }
else
    echo "# no valgrind: the memory checks are skipped"
fi

finish
