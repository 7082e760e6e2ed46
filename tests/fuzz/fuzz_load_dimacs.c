/* fuzz_load_dimacs.c: libFuzzer harness for the DIMACS .gr loader. */
#define FUZZ_LOAD_FORMAT GMRT_FMT_DIMACS
#include "fuzz_load_graph.inc"
