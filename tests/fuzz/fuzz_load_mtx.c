/* fuzz_load_mtx.c: libFuzzer harness for the Matrix Market loader. */
#define FUZZ_LOAD_FORMAT GMRT_FMT_MATRIX_MARKET
#include "fuzz_load_graph.inc"
