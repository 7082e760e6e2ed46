#!/bin/sh
# lose_nothing.sh: gmgraph never loses a file: outputs are written to a
# temporary file and renamed over the target (issue 28).
#   - `gmgraph convert g.gmb g.gmb` works (the input stays mapped);
#   - rewriting a file leaves readers of the old one (here a hard link, which
#     shares the inode a running program would have mapped) with the old bytes;
#   - a full disk is reported (file, strerror), exit 1, the old file is kept,
#     no temporary file is left.  A small tmpfs gives a real ENOSPC where the
#     test may mount one (root); elsewhere `ulimit -f` with SIGXFSZ ignored
#     makes the writes fail with EFBIG the same way.
set -u
GMGRAPH=${GMGRAPH:-./gmgraph}
dir=$(mktemp -d "${TMPDIR:-/tmp}/gmgraph-lose-XXXXXX") || exit 99
mounted=""
cleanup() {
    [ -n "$mounted" ] && umount "$mounted" 2>/dev/null
    rm -rf "$dir"
}
trap cleanup EXIT
failures=0
ok() { echo "ok   $1"; }
fail() { echo "FAIL $1"; failures=$((failures + 1)); }
check() { # check DESCRIPTION COMMAND...
    desc=$1
    shift
    if "$@"; then ok "$desc"; else fail "$desc"; fi
}

"$GMGRAPH" gen rmat --scale 10 --edge-factor 8 --seed 1 -o "$dir/g.gmb" >/dev/null || exit 99
cp "$dir/g.gmb" "$dir/orig.gmb"

# 1. convert onto itself (before: SIGBUS, exit 135, an empty g.gmb)
"$GMGRAPH" convert "$dir/g.gmb" "$dir/g.gmb" >/dev/null 2>"$dir/err"
check "convert g.gmb g.gmb exits 0" test $? -eq 0
check "convert g.gmb g.gmb keeps the graph" cmp -s "$dir/g.gmb" "$dir/orig.gmb"
"$GMGRAPH" convert "$dir/g.gmb" "$dir/g.el" >/dev/null && "$GMGRAPH" convert "$dir/g.el" "$dir/g.el" >/dev/null
check "convert g.el g.el exits 0" test $? -eq 0
"$GMGRAPH" convert "$dir/g.el" "$dir/back.gmb" >/dev/null
check "convert g.el g.el keeps the graph" cmp -s "$dir/back.gmb" "$dir/orig.gmb"

# 2. rewriting: the old inode keeps the old bytes (before: truncated in place)
ln "$dir/g.gmb" "$dir/reader.gmb"
"$GMGRAPH" gen rmat --scale 11 --seed 2 -o "$dir/g.gmb" >/dev/null
check "a rewritten file is replaced, not truncated" cmp -s "$dir/reader.gmb" "$dir/orig.gmb"
check "the new file is the new graph" sh -c "! cmp -s '$dir/g.gmb' '$dir/orig.gmb'"
touch "$dir/t"
check "a new file gets the usual mode (umask)" test "$(stat -c %a "$dir/g.gmb")" = "$(stat -c %a "$dir/t")"
chmod 600 "$dir/g.gmb"
"$GMGRAPH" convert "$dir/orig.gmb" "$dir/g.gmb" >/dev/null
check "a rewritten file keeps its mode" test "$(stat -c %a "$dir/g.gmb")" = 600
ln -s g.gmb "$dir/link.gmb"
"$GMGRAPH" convert "$dir/back.gmb" "$dir/link.gmb" >/dev/null
check "writing through a symbolic link keeps the link" test -L "$dir/link.gmb"
check "... and writes the file it names" cmp -s "$dir/g.gmb" "$dir/back.gmb"
check "no temporary file is left" test -z "$(ls -A "$dir" | grep '^\.')"

# 3. a full disk
full="$dir/full"
mkdir "$full"
how=""
if [ -z "${GMC_TEST_NO_MOUNT:-}" ] && [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=64k tmpfs "$full" 2>/dev/null; then
    mounted=$full
    how=tmpfs
    # fill it but for a few blocks: the small edge list below still fits
    printf '0 1\n1 2\n' >"$full/old.el"
    dd if=/dev/zero of="$full/filler" bs=4k count=100 2>/dev/null
    run_full() { "$@"; }
    want="No space left on device"
else
    how="ulimit -f"
    printf '0 1\n1 2\n' >"$full/old.el"
    run_full() { (trap '' XFSZ; ulimit -f 8; "$@"); }
    want="File too large"
fi
echo "# full disk by $how"
cp "$full/old.el" "$dir/old.copy"
run_full "$GMGRAPH" convert "$dir/orig.gmb" "$full/old.el" >/dev/null 2>"$dir/err"
check "convert onto a full disk exits 1" test $? -eq 1
check "... names the file and the error" grep -q "old.el: write failed: $want" "$dir/err"
check "... keeps the old file" cmp -s "$full/old.el" "$dir/old.copy"
check "... leaves no temporary file" test -z "$(ls -A "$full" | grep '^\.')"
run_full "$GMGRAPH" gen rmat --scale 12 -o "$full/new.gmb" >/dev/null 2>"$dir/err"
check "gen onto a full disk exits 1" test $? -eq 1
check "... names the file and the error" grep -q "new.gmb: write failed: $want" "$dir/err"
check "... creates no file" test ! -e "$full/new.gmb"
check "... leaves no temporary file" test -z "$(ls -A "$full" | grep '^\.')"

# writing into a folder that does not exist is an error, not a crash
"$GMGRAPH" convert "$dir/orig.gmb" "$dir/nope/x.gmb" >/dev/null 2>"$dir/err"
check "a missing folder exits 1" test $? -eq 1
check "... and is named" grep -q "nope/x.gmb: cannot create: No such file or directory" "$dir/err"

echo "$failures failure(s)"
[ "$failures" -eq 0 ]
