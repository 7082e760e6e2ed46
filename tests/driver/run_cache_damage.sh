#!/bin/sh
# run_cache_damage.sh: gmc run checks a cached binary against the size and
# checksum recorded when it was built, and rebuilds a truncated or corrupted
# one (it used to run it and fail with 126 forever); the folder a killed build
# left behind is removed by the next run (issue 28).
. "$(dirname "$0")/common.sh"
make_degree_case
cd "$tmp" || exit 99
export XDG_CACHE_HOME="$tmp/cache"
cache="$XDG_CACHE_HOME/gmc"

expect 0 "gmc run" "$GMC" run degree.gm g.el --out=o1
exe=$(ls "$cache"/*/degree)
same "the checksum is recorded" 1 "$(ls "$cache"/*/degree.sum | wc -l)"

# truncated (a full disk, a killed copy)
head -c 1000 "$exe" > t && cat t > "$exe" && rm t
expect 0 "gmc run, truncated binary" "$GMC" run degree.gm g.el --out=o2
says "truncated binary: said so" err "is damaged (it is truncated): rebuilding it"
same "truncated binary: right result" "$(cat deg.exp)" "$(cat o2/deg.txt)"
expect 0 "gmc run after the rebuild" "$GMC" run -v degree.gm g.el --out=o3
says "after the rebuild: cached again" err "using the cached build"

# corrupted, same size
size=$(wc -c < "$exe")
printf 'XXXX' | dd of="$exe" bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null
expect 0 "gmc run, corrupted binary" "$GMC" run degree.gm g.el --out=o4
says "corrupted binary: said so" err "its checksum does not match"
same "corrupted binary: right result" "$(cat deg.exp)" "$(cat o4/deg.txt)"

# the checksum file lost
rm "$exe.sum"
expect 0 "gmc run, no checksum file" "$GMC" run degree.gm g.el --out=o5
says "no checksum file: rebuilt" err "its checksum file is missing"

# a killed build's folder (its process is gone) is removed; a live one stays
sh -c 'exit 0' & dead=$!
wait $dead
mkdir "$cache/tmp-$dead-abcdef" && touch "$cache/tmp-$dead-abcdef/degree.c"
mkdir "$cache/tmp-$$-ghijkl"
expect 0 "gmc run with leftovers" "$GMC" run degree.gm g.el
same "a dead build's folder is removed" "" "$(ls -d "$cache/tmp-$dead-abcdef" 2>/dev/null)"
same "a live build's folder stays" "$cache/tmp-$$-ghijkl" "$(ls -d "$cache/tmp-$$-ghijkl" 2>/dev/null)"

finish
