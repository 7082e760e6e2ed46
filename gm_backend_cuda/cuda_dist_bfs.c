/* cuda_dist_bfs.c: InBFS / InReverse under gmc -t cuda --distributed
 * (issue 31), the tg->bfs hook of cuda_dist.c: the traversal of
 * gm_backend_omp/omp_dist_bfs.c (its header says the contract) with the
 * frontier, the levels and the bodies on this rank's GPU, over the local
 * CSR:
 *  - the levels of the local nodes (owners and ghosts) are a device array
 *    (-1 unseen; or the level property bfs_level proved equal to them, with
 *    +INF unseen: gmo_bfs_levels_prop, whose body is then not emitted, as
 *    cg_dist_bfs_directions expects); the owners in visiting order are a
 *    device queue, the host keeps where each level starts;
 *  - per level: the global frontier size (gmd_allreduce on the host; the
 *    loop ends when it is 0 on every rank), one expansion kernel over the
 *    frontier's out-rows (an unseen neighbour is claimed by an atomicCAS on
 *    its level: an owner joins the queue, a ghost the claims buffer), the
 *    claims to their owners (gmd_gpu_bfs_claims: only the claimed ids
 *    travel, staged through the host), who assign the level on the device;
 *    the new levels to the ghosts (gmd_gpu_sync_broadcast of the level
 *    array), then the body kernel over the level's owners and the plan's
 *    per-level syncs after it;
 *  - InReverse runs the levels backwards the same way;
 *  - a BFS whose levels nothing but their values observes (no InReverse,
 *    no navigator, a body that touches only its node) ends, after
 *    gmd_bfs_settle_after() levels (64), by gmd_gpu_bfs_settle: rounds of a
 *    local label correction and a MIN reduce of the levels, then the body
 *    once over the owners found at that depth or deeper (a grid's thousands
 *    of levels then cost a few rounds of syncs, not one each).
 * The per-level syncs are the transport's dense ghost broadcasts (device
 * to device under nccl): every ghost gets its owner's value, which equals
 * the omp target's sparse broadcast of the level's nodes because the
 * owners' values change only at the level's nodes (the bodies write their
 * own node: gma_sync_check refuses the rest). No property array is copied
 * between host and device per level. The expansion walks each frontier
 * node's row by its block, warp or thread by degree (gmcu_twc; on skewed
 * graphs hub rows go in chunks to a second kernel); large levels go
 * bottom-up (pull_kernel) on every rank at once, by Beamer's rule on counts
 * summed over the ranks; the one-GPU traversal's outlined levels stay off. */
#include "cuda_emit.h"

#include <stdlib.h>
#include <string.h>

#include "cg_dist.h"
#include "opt.h"

/* The plan's syncs after body b, each level (skip: the level property,
 * sent with the levels). */
static void level_syncs(cg_emit *em, const cg_dist *cd, const gm_stmt *b, const gm_symbol *skip)
{
    int n = 0;
    const gma_sync *ys = cd->syncs ? gma_syncs_at(cd->syncs, b, true, &n) : NULL;
    for (int i = 0; i < n; i++)
        if (cg_dist_bfs_level_sends(em, &ys[i], skip))
            cd->tg->prop_sync(em, cd->dgraph, ys[i].sym, cg_gmrt_type(cg_dist_elem_kind(ys[i].sym)), NULL);
}

/* One frontier edge _c_e of the expansion: its unseen end is claimed by an
 * atomicCAS on its level; an owner is appended to the queue at _c_cnt[0]
 * (its out-edges counted at _c_cnt[2]), a ghost to _c_claims at _c_cnt[1]. */
static void claim_edge(cg_emit *em, const char *g, const char *unseen)
{
    cg_line(em, "const gm_node_t _c_w = %s->node_idx[_c_e];", g);
    cg_line(em, "if (_c_level[_c_w] != %s)", unseen);
    cg_line(em, "    return;");
    cg_line(em, "if (atomicCAS((int *)&_c_level[_c_w], (int)(%s), (int)(_c_depth + 1)) != (int)(%s))", unseen, unseen);
    cg_line(em, "    return; /* another thread claimed it */");
    cg_line(em, "if (_c_w < _c_dd.num_owned) /* queued, its out-edges counted (the direction rule) */");
    cg_line(em, "    gmcu_push_counted(_c_queue, &_c_cnt[0], _c_w, &_c_cnt[2], %s->begin[_c_w + 1] - %s->begin[_c_w]);", g, g);
    cg_line(em, "else");
    cg_line(em, "    gmcu_push(_c_claims, &_c_cnt[1], _c_w);");
}

/* The expansion kernels: the frontier queue[_c_from, _c_to) claims its
 * unseen out-neighbours (claim_edge). The TWC kernel walks each frontier
 * node's row by its block, warp or thread by degree; on graphs with hubs
 * (gmcu_skewed) rows of a block's worth of edges or more go to _c_spill in
 * chunks, which the spill kernel walks one per block: the root of a
 * Kronecker graph has a million edges, which one block walked alone while
 * the rest of the GPU idled (kron25 from its largest-degree node on 4
 * H100s: the root's rank computed 26.9 ms, the others 9.8-13.8). */
static char *expand_kernel(cg_emit *em, const gm_stmt *s, cuda_capture *c, cuda_launch *l, const char *g,
                           const char *unseen, bool spill_walk)
{
    char *params = cuda_params_plus(l->params, spill_walk
                                                   ? "gm_node_t *_c_queue, int32_t *_c_level, int32_t _c_depth, "
                                                     "unsigned long long *_c_cnt, gm_node_t *_c_claims, gmcu_spill _c_spill"
                                                   : "gm_node_t *_c_queue, int32_t *_c_level, int64_t _c_from, int64_t _c_to, "
                                                     "int32_t _c_depth, unsigned long long *_c_cnt, gm_node_t *_c_claims, "
                                                     "gmcu_spill _c_spill");
    cuda_kernel_frame f;
    char *kname = cuda_kernel_open(em, &f,
                                   spill_walk ? "BFS: discover the next level, the edges of hubs the TWC kernel left"
                                              : "BFS: discover the next level (owners queued, ghosts claimed)",
                                   s->loc, params, s->iter.sym, GMR_NODES, c, l);
    if (spill_walk) {
        cg_line(em, "gmcu_spill_walk(_c_spill, [&](gm_node_t, gm_edge_t _c_e) {");
        em->indent++;
        claim_edge(em, g, unseen);
        em->indent--;
        cg_line(em, "});");
    } else {
        cuda_bfs_twc_frontier_open(em, g, "begin");
        claim_edge(em, g, unseen);
        cuda_bfs_twc_frontier_close(em);
    }
    cuda_kernel_close(em, &f, c, l);
    free(params);
    return kname;
}

/* Bottom-up discovery over the owners (direction optimization, as the
 * one-GPU pull_kernel of cuda_bfs.c): every unseen owner looks among its
 * in-neighbours (owners and ghosts, whose levels the last broadcast made
 * fresh) for one in the frontier and stops at the first (gmcu_find_edge:
 * long rows by the block or the warp); it alone writes its level, and a
 * claim of it by another rank later finds it seen. Only where every owner's
 * in-edges are on its rank (policy both, or one rank), and only when every
 * rank goes bottom-up at this level: such a rank claims no ghost. */
static char *pull_kernel(cg_emit *em, const gm_stmt *s, cuda_capture *c, cuda_launch *l, const char *g,
                         const char *unseen)
{
    char *params = cuda_params_plus(l->params, "gm_node_t *_c_queue, int32_t *_c_level, int32_t _c_depth, "
                                    "unsigned long long *_c_cnt");
    cuda_kernel_frame f;
    char *kname = cuda_kernel_open(em, &f, "BFS: discover the next level bottom-up (large frontiers, owners)", s->loc,
                                   params, s->iter.sym, GMR_NODES, c, l);
    cg_line(em, "for (int64_t _c_base = (int64_t)blockIdx.x * blockDim.x; _c_base < _c_dd.num_owned; "
                 "_c_base += (int64_t)gridDim.x * blockDim.x) {");
    em->indent++;
    cg_line(em, "const int64_t _c_i = _c_base + threadIdx.x;");
    cg_line(em, "const gm_node_t _c_w = (gm_node_t)(_c_i < _c_dd.num_owned ? _c_i : 0);");
    cg_line(em, "const bool _c_mine = _c_i < _c_dd.num_owned && _c_level[_c_w] == %s;", unseen);
    cg_line(em, "const bool _c_hit = gmcu_find_edge(_c_mine, _c_mine ? %s->r_begin[_c_w] : 0, _c_mine ? "
                 "%s->r_begin[_c_w + 1] : 0, [&](gm_edge_t _c_e) { return _c_level[%s->r_node_idx[_c_e]] == _c_depth; });",
             g, g, g);
    cg_line(em, "if (_c_hit) {");
    cg_line(em, "    _c_level[_c_w] = _c_depth + 1;");
    cg_line(em, "    gmcu_push_counted(_c_queue, &_c_cnt[0], _c_w, &_c_cnt[2], %s->begin[_c_w + 1] - %s->begin[_c_w]);", g, g);
    cg_line(em, "}");
    em->indent--;
    cg_line(em, "}");
    cuda_kernel_close(em, &f, c, l);
    free(params);
    return kname;
}

bool cuda_dist_bfs(cg_emit *em, const gm_stmt *s)
{
    cg_dist *cd = cuda_st(em)->dist;
    if (em->par_depth > 0 || cuda_st(em)->in_kernel) {
        cg_unsupported(em, s->loc, "InBFS inside a parallel loop with --distributed");
        return true;
    }
    if (!cd || !cd->dgraph || !cd->tg || !cd->tg->prop_sync)
        return false;
    const char *why = NULL;
    if (!cuda_bfs_on_gpu(em, s, &why)) {
        char *what = cg_strf("InBFS with --distributed whose body cannot run on the GPU (%s)",
                             why ? why : "see -t cuda");
        cg_unsupported(em, s->loc, what);
        free(what);
        return true;
    }
    const char *dg = cd->dgraph;
    const char *g = cg_graph_of(em, s->iter.sym->type);
    const gm_symbol *in_prop = gmo_bfs_levels_prop(s);
    if (in_prop && (!cuda_is_mirrored(in_prop) || cg_dist_elem_kind(in_prop) != GMT_INT)) {
        /* the partition check (cg_dist_bfs_directions) assumed the body is
         * not emitted: its levels must be the property's device array */
        cg_unsupported(em, s->loc, "InBFS whose levels property is not an Int array on the device with --distributed");
        return true;
    }
    const char *unseen = in_prop ? "INT32_MAX" : "-1";
    char *lvl = cg_fresh(em, "level"), *queue = cg_fresh(em, "queue");
    cg_bfs_ctx ctx = {.iter = s->iter.sym, .graph = g, .level = lvl, .transposed = false};

    /* the expansion kernel sees the graph (no navigator here: refused) */
    cuda_capture nav;
    cuda_launch nl;
    cuda_bfs_capture_expand(em, s, &nav, &nl);
    char *expand = expand_kernel(em, s, &nav, &nl, g, unseen, false);
    char *spill = expand_kernel(em, s, &nav, &nl, g, unseen, true);
    char *pull = s->iter.transposed ? NULL : pull_kernel(em, s, &nav, &nl, g, unseen);

    cg_line(em, "{ /* %s:%d: InBFS on the device, level by level over the ranks */", em->src_base, s->loc.line);
    em->indent++;
    cg_scope_push(em);
    cg_start_line(em);
    cg_printf(em, "const int64_t _c_root = (int64_t)(");
    cg_expr(em, s->root);
    cg_printf(em, "); /* a global id */\n");
    if (in_prop) {
        char *m = cuda_mirror(em, in_prop);
        cg_line(em, "int32_t *const %s = (int32_t *)gmcu_to_device(&%s); /* the levels live in %s (+INF: not "
                     "reached) */", lvl, m, in_prop->name);
        cg_line(em, "gmcu_device_wrote(&%s); /* written below on the device */", m);
        free(m);
        cg_line(em, "if (_c_nlocal > _c_nowned) { /* ghost copies: unknown yet */");
        cg_line(em, "    gmcu_fill_i32<<<gmcu_blocks(_c_nlocal - _c_nowned), GMCU_BLOCK>>>(%s + _c_nowned, "
                     "(int64_t)(_c_nlocal - _c_nowned), INT32_MAX);", lvl);
        cg_line(em, "    GMCU_LAUNCHED(\"BFS level reset\");");
        cg_line(em, "}");
    } else {
        cg_line(em, "int32_t *%s = (int32_t *)gmcu_malloc(((size_t)_c_nlocal + 1) * sizeof(int32_t), \"BFS levels\");",
                 lvl);
        cg_scope_add_cleanup(em, cg_strf("gmcu_free(%s);", lvl));
        cg_line(em, "gmcu_fill_i32<<<gmcu_blocks((int64_t)_c_nlocal + 1), GMCU_BLOCK>>>(%s, (int64_t)_c_nlocal + 1, -1);",
                 lvl);
        cg_line(em, "GMCU_LAUNCHED(\"BFS level reset\");");
    }
    cg_line(em, "/* the owners by level; the ghosts this rank claims at one level */");
    cg_line(em, "gm_node_t *%s = (gm_node_t *)gmcu_malloc(((size_t)_c_nowned + 1) * sizeof(gm_node_t), \"BFS queue\");",
             queue);
    cg_scope_add_cleanup(em, cg_strf("gmcu_free(%s);", queue));
    cg_line(em, "gm_node_t *_c_claims = (gm_node_t *)gmcu_malloc(((size_t)%s->num_ghosts + 1) * sizeof(gm_node_t), "
                 "\"BFS claims\");", dg);
    cg_scope_add_cleanup(em, cg_strf("gmcu_free(_c_claims);"));
    cg_line(em, "/* the next level's end in the queue, the number of claims, the queued owners' out-edges, the "
                 "spilled chunks */");
    cg_line(em, "unsigned long long *_c_cnt = (unsigned long long *)gmcu_malloc(4 * sizeof(unsigned long long), "
                 "\"BFS counters\");");
    cg_scope_add_cleanup(em, cg_strf("gmcu_free(_c_cnt);"));
    cg_line(em, "/* hub rows in chunks for the spill kernel, on graphs with hubs */");
    cg_line(em, "const bool _c_spill_on = gmcu_skewed(%s, false);", g);
    cg_line(em, "gmcu_chunk *_c_chunks = _c_spill_on ? (gmcu_chunk *)gmcu_malloc(gmcu_spill_capacity(%s->num_edges) * "
                 "sizeof(gmcu_chunk), \"BFS hub chunks\") : NULL;", g);
    cg_scope_add_cleanup(em, cg_strf("gmcu_free(_c_chunks);"));
    cg_line(em, "const gmcu_spill _c_spill = {_c_chunks, _c_spill_on ? _c_cnt + 3 : NULL};");
    cg_line(em, "size_t _c_scap = 64;");
    cg_line(em, "int64_t *_c_start = (int64_t *)_c_alloc(_c_scap, sizeof(int64_t)); /* where each level starts */");
    cg_scope_add_cleanup(em, cg_strf("free(_c_start);"));
    cg_line(em, "int64_t _c_nlev = 0, _c_head = 0, _c_tail = 0;");
    cg_line(em, "int32_t _c_depth = 0;");
    cg_line(em, "/* this rank's frontier edges and edges not explored yet (Beamer's rule sums them over the ranks) */");
    cg_line(em, "int64_t _c_mf = 0, _c_mu = (int64_t)%s->num_edges;", g);
    cg_line(em, "if (_c_root >= 0 && _c_root < %s->global_nodes && gmd_owner(%s, _c_root) == %s->rank) {", dg, dg, dg);
    cg_line(em, "    const gm_node_t _c_r = gmd_local_id(%s, _c_root);", dg);
    cg_line(em, "    const int32_t _c_zero = 0;");
    cg_line(em, "    gmcu_put(%s + _c_r, &_c_zero, sizeof _c_zero);", lvl);
    cg_line(em, "    gmcu_put(%s, &_c_r, sizeof _c_r);", queue);
    cg_line(em, "    _c_tail = 1;");
    cg_line(em, "    _c_mf = (int64_t)(%s->begin[_c_r + 1] - %s->begin[_c_r]);", g, g);
    cg_line(em, "}");
    cg_line(em, "(void)gmd_gpu_sync_broadcast(_c_gg, %s, GMRT_T_INT32); /* the root's level */", lvl);
    if (pull)
        cg_line(em, "const bool _c_up = %s->policy == GMD_POLICY_BOTH || %s->size == 1; /* every owner's in-edges "
                     "here: bottom-up levels can run */", dg, dg);

    cg_bfs_ctx *outer = em->bfs;
    em->bfs = &ctx;
    const cg_dist_bfs_vars v = {.start = "_c_start", .scap = "_c_scap", .nlev = "_c_nlev", .head = "_c_head",
                                .tail = "_c_tail", .next = "_c_next_tail", .depth = "_c_depth"};
    const bool settle = cg_dist_bfs_settleable(s);
    if (settle)
        cg_line(em, "const int64_t _c_settle_at = gmd_bfs_settle_after(); /* levels before gmd_gpu_bfs_settle */");
    cg_dist_bfs_loop_begin(em, &v);
    if (settle) {
        cg_line(em, "if (_c_nlev > _c_settle_at) { /* many levels: the rest settled rank by rank */");
        em->indent++;
        cg_line(em, "_c_tail = gmd_gpu_bfs_settle(%s, %s, %s, %s, _c_head, _c_tail, _c_depth);", dg, lvl, unseen,
                 queue);
        if (s->body && !in_prop) {
            cuda_bfs_launch_level(em, s, s->body, &ctx, queue, lvl, "_c_head", "_c_tail",
                                  "BFS: the forward body on the nodes settled rank by rank");
            level_syncs(em, cd, s->body, NULL);
        }
        cg_line(em, "_c_head = _c_tail;");
        cg_line(em, "break;");
        em->indent--;
        cg_line(em, "}");
    }
    cg_line(em, "{");
    cg_line(em, "    const unsigned long long _c_c0[4] = {(unsigned long long)_c_tail, 0ULL, 0ULL, 0ULL};");
    cg_line(em, "    gmcu_put(_c_cnt, _c_c0, sizeof _c_c0);");
    cg_line(em, "}");
    cuda_launch_before(em, &nav);
    if (pull) { /* Beamer's rules on global counts: the frontier's nodes (_c_nf) or its edges against those
                 * not explored yet, summed over the ranks, so every rank takes the same direction. A rank
                 * going bottom-up claims no ghost, so a rank staying top-down beside it would never see
                 * the nodes that only the other's frontier reaches (a path split between two ranks) */
        cg_line(em, "int64_t _c_m[2] = {_c_mf, _c_mu}; /* the frontier's and the unexplored edges, all ranks */");
        cg_line(em, "if (_c_up)");
        cg_line(em, "    (void)gmd_allreduce(_c_m, 2, GMRT_T_INT64, GMD_SUM);");
        cg_line(em, "if (_c_up && (_c_nf > %s->global_nodes / 20 || _c_m[0] > _c_m[1] / 14)) { /* a large frontier: "
                     "bottom-up on every rank */", dg);
        cg_line(em, "    (void)gmcu_graph(%s, GMCU_GRAPH_REVERSE); /* in-edges on the device */", g);
        cg_line(em, "    if (_c_nowned > 0)");
        cg_line(em, "        %s<<<gmcu_blocks(_c_nowned), GMCU_BLOCK>>>(%s%s%s, %s, _c_depth, _c_cnt);", pull, nl.args,
                 *nl.args ? ", " : "", queue, lvl);
        cg_line(em, "    GMCU_LAUNCHED(\"%s (%s:%d)\");", pull, em->src_base, s->loc.line);
        cg_line(em, "} else if (_c_tail > _c_head) {");
    } else {
        cg_line(em, "if (_c_tail > _c_head) {");
    }
    cg_line(em, "    %s<<<gmcu_blocks(_c_tail - _c_head), GMCU_BLOCK>>>(%s%s%s, %s, _c_head, _c_tail, _c_depth, _c_cnt, "
                 "_c_claims, _c_spill);", expand, nl.args, *nl.args ? ", " : "", queue, lvl);
    cg_line(em, "    GMCU_LAUNCHED(\"%s (%s:%d)\");", expand, em->src_base, s->loc.line);
    cg_line(em, "    if (_c_spill_on) {");
    cg_line(em, "        %s<<<4 * gmcu_info()->sms, GMCU_BLOCK>>>(%s%s%s, %s, _c_depth, _c_cnt, _c_claims, _c_spill);",
             spill, nl.args, *nl.args ? ", " : "", queue, lvl);
    cg_line(em, "        GMCU_LAUNCHED(\"%s (%s:%d)\");", spill, em->src_base, s->loc.line);
    cg_line(em, "    }");
    cg_line(em, "}");
    cuda_launch_after(em, &nav);
    cg_line(em, "unsigned long long _c_got[3];");
    cg_line(em, "gmcu_fetch(_c_got, _c_cnt, sizeof _c_got);");
    cg_line(em, "_c_mu -= _c_mf;");
    cg_line(em, "_c_mf = (int64_t)_c_got[2]; /* the owners claimed by other ranks are not counted */");
    cg_line(em, "/* the claimed ghosts to their owners, who queue those still unseen */");
    cg_line(em, "const int64_t _c_next_tail = gmd_gpu_bfs_claims(_c_gg, _c_claims, (size_t)_c_got[1], %s, %s, "
                 "_c_depth + 1, %s, (int64_t)_c_got[0]);", lvl, unseen, queue);
    cg_line(em, "(void)gmd_gpu_sync_broadcast(_c_gg, %s, GMRT_T_INT32); /* the new levels to the ghosts */", lvl);
    if (s->body && !in_prop) {
        cuda_bfs_launch_level(em, s, s->body, &ctx, queue, lvl, "_c_head", "_c_tail",
                              "BFS: the forward body on one level");
        level_syncs(em, cd, s->body, NULL);
    }
    cg_dist_bfs_loop_end(em, &v);
    if (s->rev_body) {
        cg_dist_bfs_reverse_begin(em, &v, "_c_l");
        cuda_bfs_launch_level(em, s, s->rev_body, &ctx, queue, lvl, "_c_start[_c_l]", "_c_start[_c_l + 1]",
                              "BFS: the reverse body on one level");
        level_syncs(em, cd, s->rev_body, NULL);
    }
    cg_dist_bfs_end(em, s, outer);
    free(expand);
    free(spill);
    free(pull);
    cuda_launch_free(em, &nl);
    cuda_capture_free(&nav);
    free(lvl);
    free(queue);
    return true;
}
