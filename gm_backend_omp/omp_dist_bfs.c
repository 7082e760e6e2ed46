/* omp_dist_bfs.c: InBFS / InReverse under gmc -t omp --distributed (issue
 * 31; distributed.md: "BFS levels with sparse claims and a global frontier
 * size"), the tg->bfs hook of omp_dist.c.
 *
 * Contract of the emitted traversal (every rank runs it, collectively):
 *  - each rank holds the levels of its local nodes (owners and ghosts; -1,
 *    or +INF when the levels live in a property: not reached) and a queue
 *    of its owners in visiting order with the start of every level;
 *  - per level: the global frontier size is summed over the ranks (the
 *    loop ends when it is 0 everywhere); the frontier's owners expand their
 *    local out-rows (complete under policy out or both): an unseen owner
 *    neighbour joins the next level here, an unseen ghost is claimed and
 *    the claims go to their owners only (gmd_bfs_claims), who assign the
 *    level; the new levels are then broadcast sparsely to the ghosts'
 *    holders, so Up/DownNbrs see the levels of ghosts too; then the body
 *    runs over the level's owners, and the syncs the plan placed after the
 *    body (gma_sync.h: sparse broadcasts of what it writes and the bodies
 *    read through a neighbour) run over that level's nodes;
 *  - InReverse runs the levels backwards the same way, with the syncs
 *    placed after the reverse body.
 * A ghost claimed here with an unseen level is exactly one level deeper:
 * every node of a lower level was broadcast before this expansion. */
#include "omp_dist.h"

#include <stdlib.h>
#include <string.h>

#include "ast_walk.h"
#include "builtins.h"
#include "opt.h"

/* Levels kept in the property bfs_level proved equal to them (as cg_bfs
 * does by default; always here, so that cg_dist_bfs_directions, which has
 * no decisions to read, knows whether the forward body is emitted). */
static const gm_symbol *levels_prop(const gm_stmt *s) { return gmo_bfs_levels_prop(s); }

/* ---- emission --------------------------------------------------------------- */

/* The plan's syncs after body b, over the nodes queue[from..to) (sparse);
 * skip: the level property, already sent with the levels. */
static void level_syncs(cg_emit *em, const gma_sync_plan *sp, const gm_stmt *b, const char *dg, const char *queue,
                        const char *dirty, const char *from, const char *to, const gm_symbol *skip)
{
    int n = 0;
    const gma_sync *ys = sp ? gma_syncs_at(sp, b, true, &n) : NULL;
    int todo = 0;
    for (int i = 0; i < n; i++)
        todo += ys[i].kind == GMA_SYNC_BROADCAST && ys[i].sym != skip;
    if (!todo)
        return;
    cg_line(em, "for (int64_t _c_k = %s; _c_k < %s; _c_k++) %s[%s[_c_k]] = 1;", from, to, dirty, queue);
    for (int i = 0; i < n; i++)
        if (cg_dist_bfs_level_sends(em, &ys[i], skip))
            cg_line(em, "(void)gmd_sync_broadcast_sparse(%s, %s, %s, %s); /* this level's %s to the ghosts */", dg,
                     cg_name(em, ys[i].sym), cg_gmrt_type(cg_dist_elem_kind(ys[i].sym)), dirty, ys[i].sym->name);
    cg_line(em, "for (int64_t _c_k = %s; _c_k < %s; _c_k++) %s[%s[_c_k]] = 0;", from, to, dirty, queue);
}

/* The body b over the owners queue[from..to), in parallel. */
static void level_body(cg_emit *em, const gm_stmt *s, const gm_stmt *b, const char *g, const char *queue,
                       const char *from, const char *to, const char *i)
{
    cg_par par;
    char *trip = cg_strf("(%s - %s)", to, from);
    cg_par_begin(em, &par, s->iter.sym, GMR_NODES, b, g, trip, s, b == s->rev_body);
    free(trip);
    cg_line(em, "for (int64_t %s = %s; %s < %s; %s++) {", i, from, i, to, i);
    em->indent++;
    cg_scope_push(em);
    cg_line(em, "gm_node_t %s = %s[%s];", cg_name(em, s->iter.sym), queue, i);
    if (b->kind == GMS_BLOCK)
        cg_stmt_list(em, b->body);
    else
        cg_stmt(em, b);
    cg_scope_pop(em, true);
    em->indent--;
    cg_line(em, "}");
    cg_par_end(em, &par);
}

/* At the top of a level, once _c_settle_at levels have gone by: the rest of
 * the levels by gmd_bfs_settle, then the body once for every owner at the
 * frontier's depth or deeper (in any order: it touches only its node) and
 * the plan's syncs after it over those owners; the loop ends. */
static void settle_rest(cg_emit *em, const gm_stmt *s, const gma_sync_plan *sp, const char *dg,
                        const cg_dist_bfs_vars *v, const char *lvl, const char *queue, const char *dirty,
                        const gm_symbol *in_prop, const char *i)
{
    cg_line(em, "if (%s > _c_settle_at) { /* many levels: the rest settled rank by rank */", v->nlev);
    em->indent++;
    cg_line(em, "(void)gmd_bfs_settle(%s, %s, %s, %s + %s, (size_t)(%s - %s), %s);", dg, lvl,
             in_prop ? "true" : "false", queue, v->head, v->tail, v->head, v->depth);
    if (s->body && !in_prop) {
        cg_line(em, "int64_t _c_found = %s; /* the owners at the frontier's depth or deeper */", v->head);
        cg_line(em, "for (gm_node_t _c_v = 0; _c_v < _c_nowned; _c_v++)");
        cg_line(em, "    if (%s[_c_v] >= %s)", lvl, v->depth);
        cg_line(em, "        %s[_c_found++] = _c_v;", queue);
        level_body(em, s, s->body, cg_graph_of(em, s->iter.sym->type), queue, v->head, "_c_found", i);
        level_syncs(em, sp, s->body, dg, queue, dirty, v->head, "_c_found", in_prop);
        cg_line(em, "%s = _c_found;", v->head);
    } else {
        cg_line(em, "%s = %s;", v->head, v->tail);
    }
    cg_line(em, "break;");
    em->indent--;
    cg_line(em, "}");
}

bool omp_dist_bfs(cg_emit *em, const gm_stmt *s, const gma_sync_plan *sp, const char *dg)
{
    if (em->par_depth > 0) {
        cg_unsupported(em, s->loc, "InBFS inside a parallel loop with --distributed");
        return true;
    }
    const char *g = cg_graph_of(em, s->iter.sym->type);
    const gm_symbol *in_prop = levels_prop(s);
    const char *unseen = in_prop ? "INT32_MAX" : "-1";
    char *lvl = cg_fresh(em, "level"), *queue = cg_fresh(em, "queue"), *start = cg_fresh(em, "level_start");
    char *nlev = cg_fresh(em, "nlevels"), *head = cg_fresh(em, "head"), *tail = cg_fresh(em, "tail");
    char *next = cg_fresh(em, "next"), *depth = cg_fresh(em, "depth"), *root = cg_fresh(em, "root");
    char *claims = cg_fresh(em, "claims"), *nclaims = cg_fresh(em, "nclaims"), *recv = cg_fresh(em, "recv");
    char *rcap = cg_fresh(em, "recv_cap"), *dirty = cg_fresh(em, "dirty"), *scap = cg_fresh(em, "start_cap");
    char *i = cg_fresh(em, "i"), *e = cg_fresh(em, "e"), *l = cg_fresh(em, "l");

    cg_line(em, "{ /* %s:%d: InBFS, level by level over the ranks */", em->src_base, s->loc.line);
    em->indent++;
    cg_scope_push(em);
    cg_start_line(em);
    cg_printf(em, "const int64_t %s = (int64_t)(", root);
    cg_expr(em, s->root);
    cg_printf(em, "); /* a global id */\n");
    if (in_prop) {
        cg_line(em, "int32_t *const %s = %s; /* the levels live in %s (+INF: not reached) */", lvl,
                 cg_name(em, in_prop), in_prop->name);
        cg_line(em, "for (gm_node_t %s = _c_nowned; %s < _c_nlocal; %s++) /* ghost copies: unknown yet */", i, i, i);
        cg_line(em, "    %s[%s] = INT32_MAX;", lvl, i);
    } else {
        cg_line(em, "int32_t *%s = (int32_t *)_c_alloc((size_t)_c_nlocal + 1, sizeof(int32_t));", lvl);
        cg_scope_add_cleanup(em, cg_strf("free(%s);", lvl));
        cg_line(em, "for (gm_node_t %s = 0; %s < _c_nlocal; %s++)", i, i, i);
        cg_line(em, "    %s[%s] = -1;", lvl, i);
    }
    cg_line(em, "gm_node_t *%s = (gm_node_t *)_c_alloc((size_t)_c_nowned + 1, sizeof(gm_node_t)); /* owners, "
                 "by level */", queue);
    cg_scope_add_cleanup(em, cg_strf("free(%s);", queue));
    cg_line(em, "gm_node_t *%s = (gm_node_t *)_c_alloc((size_t)%s->num_ghosts + 1, sizeof(gm_node_t));", claims, dg);
    cg_scope_add_cleanup(em, cg_strf("free(%s);", claims));
    cg_line(em, "uint8_t *%s = (uint8_t *)_c_alloc((size_t)_c_nlocal + 1, 1); /* the nodes a sparse sync sends */",
             dirty);
    cg_scope_add_cleanup(em, cg_strf("free(%s);", dirty));
    cg_line(em, "memset(%s, 0, (size_t)_c_nlocal + 1);", dirty);
    cg_line(em, "gm_node_t *%s = NULL; /* owners claimed by the ranks */", recv);
    cg_line(em, "size_t %s = 0;", rcap);
    cg_scope_add_cleanup(em, cg_strf("free(%s);", recv));
    cg_line(em, "size_t %s = 64;", scap);
    cg_line(em, "int64_t *%s = (int64_t *)_c_alloc(%s, sizeof(int64_t));", start, scap);
    cg_scope_add_cleanup(em, cg_strf("free(%s);", start));
    cg_line(em, "int64_t %s = 0, %s = 0, %s = 0;", nlev, head, tail);
    cg_line(em, "int32_t %s = 0;", depth);
    cg_line(em, "if (%s >= 0 && %s < %s->global_nodes && gmd_owner(%s, %s) == %s->rank) {", root, root, dg, dg,
             root, dg);
    cg_line(em, "    gm_node_t _c_r = gmd_local_id(%s, %s);", dg, root);
    cg_line(em, "    %s[_c_r] = 0;", lvl);
    cg_line(em, "    %s[%s++] = _c_r;", queue, tail);
    cg_line(em, "}");
    cg_line(em, "for (int64_t _c_k = 0; _c_k < %s; _c_k++) %s[%s[_c_k]] = 1;", tail, dirty, queue);
    cg_line(em, "(void)gmd_sync_broadcast_sparse(%s, %s, GMRT_T_INT32, %s); /* the root's level */", dg, lvl, dirty);
    cg_line(em, "for (int64_t _c_k = 0; _c_k < %s; _c_k++) %s[%s[_c_k]] = 0;", tail, dirty, queue);

    cg_bfs_ctx ctx = {.iter = s->iter.sym, .graph = g, .level = lvl, .transposed = false};
    cg_bfs_ctx *outer = em->bfs;
    em->bfs = &ctx;
    const cg_dist_bfs_vars v = {.start = start, .scap = scap, .nlev = nlev, .head = head, .tail = tail,
                                .next = next, .depth = depth};
    const bool settle = cg_dist_bfs_settleable(s);
    if (settle)
        cg_line(em, "const int64_t _c_settle_at = gmd_bfs_settle_after(); /* levels before gmd_bfs_settle */");
    cg_dist_bfs_loop_begin(em, &v);
    if (settle)
        settle_rest(em, s, sp, dg, &v, lvl, queue, dirty, in_prop, i);
    cg_line(em, "int64_t %s = %s;", next, tail);
    cg_line(em, "int64_t %s = 0;", nclaims);
    cg_line(em, "/* the frontier's out-rows: owners join the next level here, ghosts are claimed */");
    cg_line(em, "#pragma omp parallel for schedule(dynamic, 64) if(%s - %s >= 256)", tail, head);
    cg_line(em, "for (int64_t %s = %s; %s < %s; %s++) {", i, head, i, tail, i);
    em->indent++;
    cg_line(em, "gm_node_t _c_u = %s[%s];", queue, i);
    cg_line(em, "for (gm_edge_t %s = %s->begin[_c_u]; %s < %s->begin[_c_u + 1]; %s++) {", e, g, e, g, e);
    em->indent++;
    cg_line(em, "gm_node_t _c_t = %s->node_idx[%s];", g, e);
    cg_line(em, "if (__atomic_load_n(&%s[_c_t], __ATOMIC_RELAXED) != %s)", lvl, unseen);
    cg_line(em, "    continue;");
    cg_line(em, "int32_t _c_unseen = %s;", unseen);
    cg_line(em, "if (!__atomic_compare_exchange_n(&%s[_c_t], &_c_unseen, %s + 1, false, __ATOMIC_RELAXED, "
                 "__ATOMIC_RELAXED))", lvl, depth);
    cg_line(em, "    continue;");
    cg_line(em, "if (_c_t < _c_nowned)");
    cg_line(em, "    %s[__atomic_fetch_add(&%s, 1, __ATOMIC_RELAXED)] = _c_t;", queue, next);
    cg_line(em, "else");
    cg_line(em, "    %s[__atomic_fetch_add(&%s, 1, __ATOMIC_RELAXED)] = _c_t;", claims, nclaims);
    em->indent--;
    cg_line(em, "}");
    em->indent--;
    cg_line(em, "}");
    cg_line(em, "int64_t _c_got = gmd_bfs_claims(%s, %s, (size_t)%s, &%s, &%s);", dg, claims, nclaims, recv, rcap);
    cg_line(em, "for (int64_t _c_k = 0; _c_k < _c_got; _c_k++)");
    cg_line(em, "    if (%s[%s[_c_k]] == %s) {", lvl, recv, unseen);
    cg_line(em, "        %s[%s[_c_k]] = %s + 1;", lvl, recv, depth);
    cg_line(em, "        %s[%s++] = %s[_c_k];", queue, next, recv);
    cg_line(em, "    }");
    cg_line(em, "for (int64_t _c_k = %s; _c_k < %s; _c_k++) %s[%s[_c_k]] = 1;", tail, next, dirty, queue);
    cg_line(em, "(void)gmd_sync_broadcast_sparse(%s, %s, GMRT_T_INT32, %s); /* the new levels to the ghosts */", dg,
             lvl, dirty);
    cg_line(em, "for (int64_t _c_k = %s; _c_k < %s; _c_k++) %s[%s[_c_k]] = 0;", tail, next, dirty, queue);
    if (s->body && !in_prop) {
        level_body(em, s, s->body, g, queue, head, tail, i);
        level_syncs(em, sp, s->body, dg, queue, dirty, head, tail, in_prop);
    }
    cg_dist_bfs_loop_end(em, &v);
    cg_line(em, "(void)%s;", depth);
    if (s->rev_body) {
        cg_dist_bfs_reverse_begin(em, &v, l);
        cg_line(em, "int64_t _c_from = %s[%s], _c_to = %s[%s + 1];", start, l, start, l);
        level_body(em, s, s->rev_body, g, queue, "_c_from", "_c_to", i);
        level_syncs(em, sp, s->rev_body, dg, queue, dirty, "_c_from", "_c_to", NULL);
    }
    cg_dist_bfs_end(em, s, outer);
    free(lvl); free(queue); free(start); free(nlev); free(head); free(tail); free(next); free(depth);
    free(root); free(claims); free(nclaims); free(recv); free(rcap); free(dirty); free(scap);
    free(i); free(e); free(l);
    return true;
}
