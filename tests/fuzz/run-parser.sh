#!/bin/sh
# run-parser.sh SECONDS [EXTRA LIBFUZZER ARGS...]: builds the front-end fuzzer
# with clang (bison and flex run into a temporary folder; no configure needed)
# and fuzzes for SECONDS seconds, seeded with every .gm file under tests/ and
# apps/. Crashes land in $FUZZ_DIR (default: a temporary folder, kept).
set -eu
secs=${1:-60}
[ $# -gt 0 ] && shift
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../.." && pwd)
CC=${CC:-clang}
BISON=${BISON:-bison}
FLEX=${FLEX:-flex}
work=${FUZZ_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/gmc-fuzz-parser.XXXXXX")}
mkdir -p "$work/gen/gm_front" "$work/corpus" "$work/seeds" "$work/crashes"

"$BISON" -Wall -Werror --defines="$work/gen/gm_front/parser.h" -o "$work/gen/gm_front/parser.c" "$src/gm_front/parser.y"
"$FLEX" --header-file="$work/gen/gm_front/lexer.h" -o "$work/gen/gm_front/lexer.c" "$src/gm_front/lexer.l"

flags="-std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined"
"$CC" $flags -I"$work/gen/gm_front" -I"$src/gm_front" -I"$src" -o "$work/fuzz_parser" \
    "$src/tests/fuzz/fuzz_parser.c" \
    $(ls "$src"/gm_front/*.c) "$src/gm_runtime/file.c" \
    "$work/gen/gm_front/parser.c" "$work/gen/gm_front/lexer.c" -lm

# Seeds: every Green-Marl program of the tree (copied: libFuzzer writes into
# the first corpus folder, and the tree must stay clean).
find "$src/tests" "$src/apps" -name '*.gm' -type f 2>/dev/null | while read -r f; do
    cp "$f" "$work/seeds/$(echo "$f" | cksum | cut -d' ' -f1).gm"
done

echo "fuzzing for $secs s in $work"
cd "$work/crashes"
"$work/fuzz_parser" -max_total_time="$secs" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
    -dict="$here/gm.dict" -print_final_stats=1 "$@" "$work/corpus" "$work/seeds"
