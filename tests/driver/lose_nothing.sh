#!/bin/sh
# lose_nothing.sh: gmc and the programs it generates never leave a partial
# or emptied file (issue 28): NAME.c/NAME.h and --out files are written to a
# temporary file and renamed into place; a full disk is reported with the
# file and the reason, exit 1, and the previous file is kept.  A small tmpfs
# gives a real ENOSPC where the test may mount one (root); elsewhere
# `ulimit -f` with SIGXFSZ ignored makes the writes fail (EFBIG) the same way.
. "$(dirname "$0")/common.sh"
make_degree_case
cd "$tmp" || exit 99

# a full folder, or a write limit
mkdir full
mounted=""
if [ -z "${GMC_TEST_NO_MOUNT:-}" ] && [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=64k tmpfs full 2>/dev/null; then
    mounted="$tmp/full"
    trap 'umount "$mounted" 2>/dev/null; chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT INT TERM
    how=tmpfs
    reason="No space left on device"
else
    how="ulimit -f"
    reason="File too large"
fi
echo "# full disk by $how"
reason_full="No space left on device" # /dev/full
# fill_full: fills the tmpfs (a no-op under ulimit)
fill_full() { if [ -n "$mounted" ]; then dd if=/dev/zero of=full/filler bs=4k count=100 2>/dev/null; fi; true; }
run_full() { if [ -n "$mounted" ]; then "$@"; else (trap '' XFSZ; ulimit -f 4; "$@"); fi; }

# gmc: a big enough program that its .c does not fit in 4 KB
cp "$GMC_SRCDIR/apps/bfs.gm" bfs.gm 2>/dev/null || cp "$GMC_SRCDIR/apps/pagerank.gm" bfs.gm || exit 99
printf '/* old c */\n' > full/bfs.c
printf '/* old h */\n' > full/bfs.h
fill_full
expect 1 "gmc onto a full disk" run_full "$GMC" -t omp --main -o full bfs.gm
says "gmc onto a full disk: names the file and the reason" err "full/bfs.c': $reason"
same "gmc onto a full disk: the old bfs.c is kept" "/* old c */" "$(cat full/bfs.c)"
same "gmc onto a full disk: the old bfs.h is kept" "/* old h */" "$(cat full/bfs.h)"
same "gmc onto a full disk: no temporary file" "" "$(ls -A full | grep '^\.')"
rm -f full/filler

# gmc: a rewrite replaces the file (a reader of the old one keeps it)
mkdir gen
expect 0 "gmc -o gen" "$GMC" -t omp --main -o gen degree.gm
ln gen/degree.c reader.c
cp gen/degree.c old.c
sed 's/n.NumNbrs()/n.NumNbrs() + 1/' degree.gm > d2.gm && mv d2.gm degree.gm
expect 0 "gmc -o gen again" "$GMC" -t omp --main -o gen degree.gm
same "gmc rewrite: a reader keeps the old file" "" "$(cmp reader.c old.c 2>&1)"
if cmp -s gen/degree.c old.c; then bad "gmc rewrite: the new file is new"; else ok "gmc rewrite: the new file is new"; fi
sed 's/n.NumNbrs() + 1/n.NumNbrs()/' degree.gm > d2.gm && mv d2.gm degree.gm

# the generated program's --out
expect 0 "build degree" "$GMC" -t omp --main -x -o . degree.gm
mkdir -p full/o
printf 'old\n' > full/o/deg.txt
awk 'BEGIN { for (i = 0; i < 5000; i++) print i, (i + 1) % 5000 }' > big.el
fill_full
expect 1 "--out onto a full disk" run_full ./degree big.el --out=full/o
says "--out onto a full disk: names the file and the reason" err "full/o/deg.txt': $reason"
same "--out onto a full disk: the old file is kept" "old" "$(cat full/o/deg.txt)"
same "--out onto a full disk: no temporary file" "" "$(ls -A full/o | grep '^\.')"
rm -f full/filler
expect 0 "--out" ./degree g.el --out=o
same "--out: degrees" "$(cat deg.exp)" "$(cat o/deg.txt)"

# --out= with no folder is a usage error (it used to write /deg.txt)
expect 2 "--out= is refused" ./degree g.el --out=
says "--out=: says why" err "--out needs a folder"

# what a program prints is output too (it exited 0 on a full stdout)
if [ -w /dev/full ]; then
    expect 1 "degree > /dev/full" sh -c './degree g.el > /dev/full'
    says "degree > /dev/full: says so" err "cannot write the results: $reason_full"
    expect 1 "gmgraph info > /dev/full" sh -c '"$0" info g.el > /dev/full' "$GMGRAPH"
    says "gmgraph info > /dev/full: says so" err "gmgraph: cannot write the output: $reason_full"
fi

finish
