/* fuzz_load_edge_list.c: libFuzzer harness for the edge-list loader. */
#define FUZZ_LOAD_FORMAT GMRT_FMT_EDGE_LIST
#include "fuzz_load_graph.inc"
