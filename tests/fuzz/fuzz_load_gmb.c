/* fuzz_load_gmb.c: libFuzzer harness for the own binary format loader.
 * Every input must either load into a graph that satisfies all CSR
 * invariants, or fail with an error record; anything else aborts.  The
 * first byte picks the load options so that the rebuild paths (symmetrize,
 * dedup, self-loop removal, ignored weights) are fuzzed too; with bit 5 set
 * the input goes through a file, so that the in-place path (the arrays left
 * in the copy gmrt_blob_own reads) runs. */
#include "gmrt.h"

#ifndef FUZZ_NODE_CAP
#define FUZZ_NODE_CAP (1 << 20)
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    gmrt_load_options opt;
    memset(&opt, 0, sizeof opt);
    opt.format = GMRT_FMT_GMB;
    /* a few bytes may declare billions of nodes: the capped configuration
     * keeps runs fast, the uncapped one (FUZZ_NODE_CAP=0) lets the loaders'
     * own size checks refuse them */
    opt.max_nodes = FUZZ_NODE_CAP;
    unsigned char knobs = size ? data[0] : 0;
    opt.build.symmetrize = knobs & 1;
    opt.build.dedup = knobs & 2;
    opt.build.drop_self_loops = knobs & 4;
    opt.ignore_weights = knobs & 8;
    opt.index_base = (knobs & 16) ? 1 : 0;
    gmrt_error err;
    gm_graph *g;
    if (knobs & 32) {
        static char path[64];
        if (!path[0])
            snprintf(path, sizeof path, "/tmp/fuzz-input-%d.gmb", (int)getpid());
        FILE *f = fopen(path, "wb");
        if (!f)
            return 0;
        fwrite(data + 1, 1, size - 1, f);
        fclose(f);
        g = gmrt_graph_load(path, &opt, &err);
    } else {
        g = gmrt_graph_load_mem(size ? data + 1 : data, size ? size - 1 : 0, "fuzz-input", &opt, &err);
    }
    if (!g) {
        if (err.code == GMRT_OK || err.message[0] == '\0' || !strstr(err.message, "fuzz-input"))
            abort(); /* a failure must say what and where */
        return 0;
    }
    gmrt_error check;
    gmrt_error_clear(&check);
    if (!gmrt_graph_check(g, &check)) {
        fprintf(stderr, "loaded graph breaks an invariant: %s\n", check.message);
        abort();
    }
    if (!gmrt_graph_make_reverse(g) || !gmrt_graph_make_edge_src(g))
        abort();
    if (g->num_nodes > 0)
        (void)gmrt_has_edge(g, 0, g->num_nodes - 1);
    gmrt_graph_free(g);
    return 0;
}
