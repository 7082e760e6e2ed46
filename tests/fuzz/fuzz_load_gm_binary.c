/* fuzz_load_gm_binary.c: libFuzzer harness for the Green-Marl binary loader. */
#define FUZZ_LOAD_FORMAT GMRT_FMT_GM_BINARY
#include "fuzz_load_graph.inc"
