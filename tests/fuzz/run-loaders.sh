#!/bin/sh
# run-loaders.sh SECONDS: build the libFuzzer harnesses of every libgmrt
# loader with clang (address and undefined-behaviour sanitizers), seed each
# with valid files written by the library itself, and fuzz each one for
# SECONDS seconds, one after the other.  Exits non-zero when any harness
# found a crash; the reproducer is left in the work directory
# ($FUZZ_WORKDIR, default /tmp/gmrt-fuzz).  FUZZ_ONLY="props mtx" limits the
# run to the named harnesses.  FUZZ_NODE_CAP=0 builds the harnesses without
# their node cap (default 1048576 nodes), so that the loaders' own checks (a
# graph too large for the memory, ids far sparser than the file) must refuse
# what a few bytes can declare: libFuzzer's -rss_limit_mb and -malloc_limit_mb
# (FUZZ_RSS_MB, default 2048) make any allocation past them a crash.  Needs
# no configure.
set -u
seconds=${1:-60}
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
work=${FUZZ_WORKDIR:-/tmp/gmrt-fuzz}
cc=${CLANG:-clang}
mkdir -p "$work/build" || exit 99

rss=${FUZZ_RSS_MB:-2048}
flags="-std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -g -O1 -fopenmp -I$top/gm_runtime ${FUZZ_CFLAGS:-}"
suffix=""
if [ -n "${FUZZ_NODE_CAP:-}" ]; then
    flags="$flags -DFUZZ_NODE_CAP=$FUZZ_NODE_CAP"
    suffix="-cap$FUZZ_NODE_CAP"
fi
san="-fsanitize=address,undefined -fno-sanitize-recover=undefined"
# config.h stands in for configure's: only io_gzip.c reads it (HAVE_ZLIB)
libs="-lm"
if printf '#include <zlib.h>\nint main(void){return !zlibVersion();}\n' |
    $cc -x c -o "$work/build/zlib-test" - -lz 2>/dev/null; then
    echo '#define HAVE_ZLIB 1' >"$work/build/config.h"
    libs="-lz -lm"
else
    : >"$work/build/config.h"
fi
flags="$flags -I$work/build"
lib_sources=$(sed -n 's/^\(.*\)$/\1/p' "$top/gm_runtime/local.mk" | tr ' \t\\' '\n\n\n' | grep '^gm_runtime/.*\.c$' | sort -u)

echo "building the library with $cc ..."
objs=""
for src in $lib_sources; do
    obj="$work/build/$(basename "$src" .c).o"
    $cc $flags $san -fsanitize=fuzzer-no-link -c "$top/$src" -o "$obj" || exit 99
    objs="$objs $obj"
done

# Seeds: small valid graphs in every format, written by the library.
cat >"$work/build/seeds.c" <<'SEEDS'
#include "gmrt.h"
#include <stdio.h>
int main(int argc, char **argv)
{
    const char *dir = argv[1];
    gmrt_error err;
    const char *ext[] = {"bin", "el", "mtx", "gr", "gmb"};
    for (int k = 0; k < 3; k++) {
        gm_graph *g = gmrt_gen_uniform(6 + 5 * k, 4 + 9 * k, (uint64_t)k, NULL, NULL, &err);
        if (k > 0)
            gmrt_gen_weights(g, 1, 20, k == 1, 1, &err);
        for (int f = 0; f < 5; f++) {
            char path[512];
            snprintf(path, sizeof path, "%s/seed%d.%s", dir, k, ext[f]);
            if (!gmrt_graph_save(g, path, GMRT_FMT_AUTO, &err))
                return 1;
        }
        gmrt_graph_free(g);
    }
    (void)argc;
    return 0;
}
SEEDS
$cc $flags -fsanitize=address -o "$work/build/seeds" "$work/build/seeds.c" $objs $libs 2>/dev/null ||
    $cc $flags $san -fsanitize=fuzzer-no-link -o "$work/build/seeds" "$work/build/seeds.c" $objs $libs || exit 99
rm -rf "$work/seeds" && mkdir -p "$work/seeds" && "$work/build/seeds" "$work/seeds" || exit 99

status=0
for h in gm_binary:bin edge_list:el mtx:mtx dimacs:gr gmb:gmb props:txt; do
    name=${h%%:*}
    ext=${h#*:}
    if [ -n "${FUZZ_ONLY:-}" ]; then
        case " $FUZZ_ONLY " in *" $name "*) ;; *) continue ;; esac
    fi
    bin="$work/build/fuzz_load_$name$suffix"
    echo "building fuzz_load_$name ..."
    $cc $flags $san -fsanitize=fuzzer -o "$bin" "$here/fuzz_load_$name.c" $objs $libs || exit 99
    corpus="$work/corpus-$name$suffix"
    mkdir -p "$corpus"
    for seed in "$work/seeds"/*."$ext"; do
        [ -f "$seed" ] || continue
        # the first byte of an input selects load options: none, all, and
        # (for the gmb harness) loading through a mapped file
        { printf '\000'; cat "$seed"; } >"$corpus/$(basename "$seed").plain"
        { printf '\037'; cat "$seed"; } >"$corpus/$(basename "$seed").opts"
        { printf '\040'; cat "$seed"; } >"$corpus/$(basename "$seed").file"
        # the same compressed, so that the gzip path (io_gzip.c) is fuzzed
        { printf '\000'; gzip -c "$seed"; } >"$corpus/$(basename "$seed").gz" 2>/dev/null
    done
    if [ "$name" = props ]; then
        printf '\001-1\n0\n7\n' >"$corpus/ints"
        printf '\004nan\n1e300\n-inf\n' >"$corpus/doubles"
    fi
    echo "fuzzing fuzz_load_$name$suffix for $seconds s ..."
    (cd "$work" && OMP_NUM_THREADS=1 "$bin" -max_total_time="$seconds" -rss_limit_mb="$rss" -malloc_limit_mb="$rss" \
        -max_len=65536 -print_final_stats=1 -artifact_prefix="$work/crash-$name$suffix-" "$corpus" \
        >"$work/log-$name$suffix.txt" 2>&1)
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/log-$name$suffix.txt")
    if [ $rc -ne 0 ]; then
        echo "CRASH in fuzz_load_$name$suffix after ${runs:-?} runs: see $work/log-$name$suffix.txt and $work/crash-$name$suffix-*"
        status=1
    else
        echo "fuzz_load_$name$suffix: no crash in ${runs:-?} runs"
    fi
done
exit $status
