/* check_bfs.c: are L the BFS hop counts from root (apps/bfs.gm's dist,
 * 2147483647 for an unreached node)?  Exactly when
 *   - L[root] = 0 and no other node has 0;
 *   - for every edge u -> v with u reached: v is reached and
 *     L[v] <= L[u] + 1 (so no node is further than a path says, and an
 *     unreached node has no reached in-neighbour);
 *   - every reached v != root has an in-edge u -> v with L[u] = L[v] - 1
 *     (so L[v] is at least the hop count: by induction on L, a path of
 *     L[v] edges exists and none shorter).
 * One pass over the edges, one bit a node for the third condition. */
#include "check.h"

#include <inttypes.h>
#include <stdlib.h>

#define UNREACHED INT32_MAX

typedef struct bfs_ctx {
    const chk_stream *s;
    const int32_t *level;
    uint64_t *has_parent; /* bit v: an in-edge from the level before v's seen */
    int64_t bad;          /* first drawn edge that breaks the inequality */
    int64_t directed;     /* directed edges streamed */
} bfs_ctx;

/* Edge u -> v: the inequality holds (and v's parent bit is set when u is
 * one level before it). */
static inline bool edge_ok(bfs_ctx *c, gm_node_t u, gm_node_t v)
{
    int32_t lu = c->level[u];
    if (lu == UNREACHED)
        return true;
    int32_t lv = c->level[v];
    if (lv == UNREACHED || lv > lu + 1) /* lu < nodes: no overflow */
        return false;
    if (lv == lu + 1) {
        uint64_t bit = (uint64_t)1 << (v & 63), *w = &c->has_parent[v >> 6];
        if (!(__atomic_load_n(w, __ATOMIC_RELAXED) & bit)) /* most are set already: no locked op */
            __atomic_fetch_or(w, bit, __ATOMIC_RELAXED);
    }
    return true;
}

static void bfs_chunk(void *ctx, int64_t first, size_t count, const gm_node_t *src, const gm_node_t *dst)
{
    bfs_ctx *c = ctx;
    int64_t directed = 0;
    for (size_t k = 0; k < count; k++) {
        gm_node_t u = src[k], v = dst[k];
        int copies = chk_copies(c->s, u, v);
        directed += copies;
        if (copies >= 1 && !edge_ok(c, u, v)) {
            chk_lower(&c->bad, first + (int64_t)k);
            break;
        }
        if (copies == 2 && !edge_ok(c, v, u)) {
            chk_lower(&c->bad, first + (int64_t)k);
            break;
        }
    }
    __atomic_fetch_add(&c->directed, directed, __ATOMIC_RELAXED);
}

static void say_level(char *buf, size_t len, int32_t l)
{
    if (l == UNREACHED)
        snprintf(buf, len, "is unreached (%d)", UNREACHED);
    else
        snprintf(buf, len, "has level %" PRId32, l);
}

int chk_bfs(chk_stream *s, const int32_t *level, gm_node_t root, FILE *out)
{
    const int64_t n = s->nodes;
    if (level[root] != 0) {
        char l[48];
        say_level(l, sizeof l, level[root]);
        fprintf(stderr, "gmgraph check: WRONG: the root %" PRId32 " %s, expected level 0\n", root, l);
        return 1;
    }
    /* every value a level below n or "unreached"; 0 the root's alone */
    int64_t first = n, reached = 0;
    int32_t deepest = 0;
#pragma omp parallel for num_threads(s->threads) if (n >= CHK_PAR_NODES) reduction(min : first) reduction(+ : reached) reduction(max : deepest)
    for (int64_t v = 0; v < n; v++) {
        int32_t l = level[v];
        if (l == UNREACHED)
            continue;
        if (l < 0 || l >= n || (l == 0 && v != root))
            first = v < first ? v : first;
        reached++;
        deepest = l > deepest ? l : deepest;
    }
    if (first < n) {
        int32_t l = level[first];
        if (l == 0)
            fprintf(stderr, "gmgraph check: WRONG: node %" PRId64 " has level 0 but is not the root %" PRId32 "\n", first, root);
        else
            fprintf(stderr,
                    "gmgraph check: WRONG: node %" PRId64 " has level %" PRId32 ": expected a hop count from 0 to %" PRId64
                    " or %d (unreached)\n",
                    first, l, n - 1, UNREACHED);
        return 1;
    }

    const int64_t words = (n + 63) / 64;
    bfs_ctx c = {s, level, chk_alloc((size_t)words * sizeof(uint64_t)), s->drawn, 0};
    if (!c.has_parent) {
        fprintf(stderr, "gmgraph check: out of memory for %" PRId64 " nodes' bits\n", n);
        return 1;
    }
#pragma omp parallel for num_threads(s->threads) if (n >= CHK_PAR_NODES)
    for (int64_t w = 0; w < words; w++)
        c.has_parent[w] = 0;
    if (!chk_stream_run(s, "edges", bfs_chunk, &c, &c.bad)) {
        free(c.has_parent);
        return 1;
    }
    if (c.bad < s->drawn) {
        gm_node_t u, v;
        chk_edge(s, c.bad, &u, &v);
        /* which direction broke it: u -> v first, as streamed */
        if (level[u] == UNREACHED || (level[v] != UNREACHED && level[v] <= level[u] + 1)) {
            gm_node_t t = u;
            u = v;
            v = t;
        }
        char lu[48], lv[48];
        say_level(lu, sizeof lu, level[u]);
        say_level(lv, sizeof lv, level[v]);
        fprintf(stderr,
                "gmgraph check: WRONG: edge %" PRId32 " -> %" PRId32 " (drawn edge %" PRId64 "): node %" PRId32
                " %s but node %" PRId32 " %s (%s)\n",
                u, v, c.bad, u, lu, v, lv, level[v] == UNREACHED ? "a reached node's out-neighbour must be reached" : "at most one more level along an edge");
        free(c.has_parent);
        return 1;
    }
    int64_t orphan = n;
#pragma omp parallel for num_threads(s->threads) if (n >= CHK_PAR_NODES) reduction(min : orphan)
    for (int64_t v = 0; v < n; v++)
        if (level[v] != UNREACHED && v != root && !(c.has_parent[v >> 6] >> (v & 63) & 1))
            orphan = v < orphan ? v : orphan;
    free(c.has_parent);
    if (orphan < n) {
        fprintf(stderr,
                "gmgraph check: WRONG: node %" PRId64 " has level %" PRId32 " but no in-neighbour at level %" PRId32
                " (its hop count is larger)\n",
                orphan, level[orphan], level[orphan] - 1);
        return 1;
    }
    fprintf(out, "bfs: right: levels from root %" PRId32 ": %" PRId64 " of %" PRId64 " nodes reached, deepest level %" PRId32
            "; %" PRId64 " edges drawn (%" PRId64 " directed%s)\n",
            root, reached, n, deepest, s->drawn, c.directed, s->spec->build.dedup ? ", duplicates included" : "");
    return 0;
}
