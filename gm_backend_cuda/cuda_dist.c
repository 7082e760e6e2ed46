/* cuda_dist.c: gmc -t cuda --distributed (issue 31, phase 3; design:
 * distributed.md sections 4-8): the CUDA translation of a procedure run as
 * one MPI rank per GPU, on a gmd_graph (gm_runtime/dist/gmd.h) whose syncs
 * go through libgmrt-dist-cuda (gmd_gpu.h).
 *
 * Contract of the generated code (NAME.h): the OpenMP distributed target's
 * (gm_backend_omp/omp_dist.c):
 *   RET NAME(gmd_graph *G, scalars..., host property arrays)
 * is a collective: every rank calls it with the same scalars, after
 * gmd_init and gmd_gpu_init. Node property arrays hold gmd_num_local(G)
 * elements (owners first, then ghosts; only the owners' values are
 * meaningful on entry and exit); edge property arrays follow G->local's
 * forward edge order. Node values are global ids.
 *
 * Inside, the one-GPU translation (cuda_backend.c's hooks) runs on the local
 * CSR (_c_local): it goes to the device as the one-GPU program's graph
 * does, each property gets a mirror (gmcu_mirror.h); the target-neutral
 * distributed part (gm_cgen/cg_dist.c) places the syncs of the plan, the
 * owner reads and writes, global built-ins and ids. Here:
 *  - a node loop that runs as a kernel covers the owners (or every local
 *    node where the plan's span says so): cuda_kernel.c asks
 *    cuda_dist_node_hi;
 *  - each BROADCAST/REDUCE of the plan is gmd_gpu_sync_* on the device
 *    copy (made current before, the host copy stale after), and so is an
 *    arg-min/max reduce (gmd_gpu_sync_reduce_arg: only ghost slices move)
 *    where its key and payloads are mirrored in id order (at most
 *    CU_DIST_MAX_PAYLOADS payloads); RESET and the other arg-min/max
 *    reduces use the host copy (made current before, the device
 *    copy stale after), skipped where they have nothing to do (no ghost
 *    here; one rank) so that one rank copies nothing; at the exit a node
 *    property's owners alone go back to a caller's host array
 *    (gmcu_mirror_return_first: ghosts are never output); owner accesses move
 *    one element (gmcu_get/gmcu_set); scalars come back to the host
 *    after each kernel, so allreduces are gmd_allreduce on the host;
 *  - in kernels, NumNodes/NumEdges/Degree and an iterator used as a Node
 *    value read a __device__ copy of the partition's numbers (_c_dd); an
 *    edge test searches the device's CSR (gmcu_has_edge) after _c_dlid
 *    looks a global id up in _c_dd.ghost_gid (cg_dist_edge_test).
 * Node loops keep TWC load balancing over the owners (no one thread per
 * edge), edge blocking of pulls and the gather order (both on the local
 * CSR, each rank deciding for itself; a table in gather order is broadcast
 * by its positions, gmd_gpu_sync_broadcast_at); the other one-GPU
 * optimizations are off (no worklists, async, priority,
 * outlined BFS, and no kernel
 * skips fetching a property it writes wholly: it covers the owners only):
 * every round is one bulk-synchronous step over the owners. InBFS and
 * InReverse: cuda_dist_bfs.c. A host For over the nodes runs on every rank
 * over every global id, as the OpenMP target's (cg_dist_node_list); its
 * iterator is a global id in kernels too. */
#include "cuda_backend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtins.h"
#include "cg_dist.h"
#include "cuda_emit.h"

static cg_dist *cdist(cg_emit *em) { return cuda_st(em)->dist; }
static const cg_hooks *base(cg_emit *em) { return cuda_st(em)->base; }
static bool in_kernel(cg_emit *em) { return cuda_st(em)->in_kernel; }

static bool is_node_iter(const gm_expr *e)
{
    return e && e->kind == GME_ID && e->sym && e->sym->kind == GMSYM_ITER && e->type &&
           e->type->kind == GMT_NODE;
}

/* An iterator holding a local id: a node loop's, not a host For's (which
 * holds a global id, in host code and in the kernels it encloses). */
static bool is_local_node_iter(cg_emit *em, const gm_expr *e)
{
    if (!is_node_iter(e))
        return false;
    const cg_dist *cd = cdist(em);
    for (int i = 0; i < cd->ngits; i++)
        if (cd->gits[i] == e->sym)
            return false;
    return true;
}

const char *cuda_dist_node_hi(cg_emit *em, const gm_stmt *s, bool device)
{
    const char *decl = NULL;
    bool all = strcmp(cg_dist_node_list(em, cdist(em), s, &decl), "_c_nlocal") == 0;
    if (device)
        return all ? "_c_dd.num_local" : "_c_dd.num_owned";
    return all ? "_c_nlocal" : "_c_nowned";
}

/* ---- cg_dist_target: host arrays are the mirrors' host sides ------------- */

static char *host_array(cg_emit *em, const gm_symbol *p)
{
    if (!cuda_is_mirrored(p))
        return cg_strf("%s", cg_name(em, p));
    char *m = cuda_mirror(em, p);
    char *r = cg_strf("((%s *)gmcu_to_host(&%s))", cg_prim_ctype(p->type->elem->kind), m);
    free(m);
    return r;
}

static void host_wrote(cg_emit *em, const gm_symbol *p)
{
    if (!cuda_is_mirrored(p))
        return;
    char *m = cuda_mirror(em, p);
    cg_line(em, "gmcu_host_wrote(&%s); /* the device copy is stale */", m);
    free(m);
}

static void prop_sync(cg_emit *em, const char *d, const gm_symbol *p, const char *gt, const char *op)
{
    if (!cuda_is_mirrored(p)) {
        if (op)
            cg_line(em, "(void)gmd_sync_reduce(%s, %s, %s, %s); /* owners := op of their ghosts */", d,
                     cg_name(em, p), gt, op);
        else
            cg_line(em, "(void)gmd_sync_broadcast(%s, %s, %s); /* ghosts := owners */", d, cg_name(em, p), gt);
        return;
    }
    char *m = cuda_mirror(em, p);
    /* a table in gather order (cuda_gather.c: broadcasts only): node v's
     * value at this rank's pos[v], on the sender's side and the receiver's */
    char *pos = cuda_gather_pos(em, p);
    if (op)
        cg_line(em, "(void)gmd_gpu_sync_reduce(_c_gg, gmcu_to_device(&%s), %s, %s); /* owners := op of their ghosts */",
                 m, gt, op);
    else if (pos)
        cg_line(em, "(void)gmd_gpu_sync_broadcast_at(_c_gg, gmcu_to_device(&%s), %s, %s); /* ghosts := owners, in "
                    "gather order */", m, gt, pos);
    else
        cg_line(em, "(void)gmd_gpu_sync_broadcast(_c_gg, gmcu_to_device(&%s), %s); /* ghosts := owners */", m, gt);
    free(pos);
    cg_line(em, "gmcu_device_wrote(&%s);", m);
    free(m);
}

/* A minimum-label loop's rounds on the device copy of p (its mirror): the
 * one-GPU union-find on the local graph's device copy between GPU syncs
 * (gmd_gpu_min_label_components); a property without a mirror: the host's
 * rounds (gmd_min_label_components). */
static void min_label(cg_emit *em, const char *d, const gm_symbol *p, bool wide)
{
    const char *fmt = "if (gmd_%smin_label_components_%s(%s, %s) < 0)";
    if (!cuda_is_mirrored(p)) {
        cg_line(em, fmt, "", wide ? "i64" : "i32", d, cg_name(em, p));
        cg_line(em, "    gmrt_fatal(\"out of memory: cannot label the components\");");
        return;
    }
    char *m = cuda_mirror(em, p);
    char *dev = cg_strf("(%s *)gmcu_to_device(&%s)", wide ? "int64_t" : "int32_t", m);
    cg_line(em, fmt, "gpu_", wide ? "i64" : "i32", d, dev);
    cg_line(em, "    gmrt_fatal(\"out of memory: cannot label the components\");");
    cg_line(em, "gmcu_device_wrote(&%s);", m);
    free(dev);
    free(m);
}

/* One element where the mirror's current copy is (gmcu_get/gmcu_set: one
 * small copy when that is the device), not the whole array to the host. */
static char *elem_get(cg_emit *em, const gm_symbol *p, const char *i)
{
    if (!cuda_is_mirrored(p))
        return NULL;
    char *m = cuda_mirror(em, p);
    char *r = cg_strf("gmcu_get<%s>(&%s, %s)", cg_prim_ctype(p->type->elem->kind), m, i);
    free(m);
    return r;
}

static char *elem_set(cg_emit *em, const gm_symbol *p, const char *i, const char *v)
{
    if (!cuda_is_mirrored(p))
        return NULL;
    char *m = cuda_mirror(em, p);
    char *r = cg_strf("gmcu_set<%s>(&%s, %s, %s)", cg_prim_ctype(p->type->elem->kind), m, i, v);
    free(m);
    return r;
}

/* As gmd_gpu.h's GMD_GPU_MAX_PAYLOADS (the compiler does not include the
 * runtime's headers): more payloads go through the host. */
#define CU_DIST_MAX_PAYLOADS 8

/* p has a mirror in local-id order (not a table in gather order). */
static bool plain_mirror(cg_emit *em, const gm_symbol *p)
{
    if (!cuda_is_mirrored(p))
        return false;
    char *pos = cuda_gather_pos(em, p);
    bool plain = pos == NULL;
    free(pos);
    return plain;
}

/* An arg-min/max reduce on the device copies (gmd_gpu_sync_reduce_arg):
 * only the ghost slices travel, where the host's moved every array to the
 * host and back whole. Every array mirrored, or the host's. */
static bool arg_reduce(cg_emit *em, const char *d, const gm_symbol *key, const char *kt, bool is_min,
                       const gm_symbol *const *pay, int npay)
{
    (void)d;
    if (npay < 1 || npay > CU_DIST_MAX_PAYLOADS || !plain_mirror(em, key))
        return false;
    for (int i = 0; i < npay; i++)
        if (!plain_mirror(em, pay[i]))
            return false;
    cg_line(em, "{ /* %s and its payloads: the winning copy's, on the device */", cg_name(em, key));
    em->indent++;
    cg_start_line(em);
    cg_printf(em, "void *const _c_pay[] = {");
    for (int i = 0; i < npay; i++) {
        char *m = cuda_mirror(em, pay[i]);
        cg_printf(em, "%sgmcu_to_device(&%s)", i ? ", " : "", m);
        free(m);
    }
    cg_printf(em, "};\n");
    cg_start_line(em);
    cg_printf(em, "const gmrt_type _c_pt[] = {");
    for (int i = 0; i < npay; i++)
        cg_printf(em, "%s%s", i ? ", " : "", cg_gmrt_type(cg_dist_elem_kind(pay[i])));
    cg_printf(em, "};\n");
    char *km = cuda_mirror(em, key);
    cg_line(em, "(void)gmd_gpu_sync_reduce_arg(_c_gg, gmcu_to_device(&%s), %s, %s, %d, _c_pay, _c_pt);", km, kt,
             is_min ? "true" : "false", npay);
    cg_line(em, "gmcu_device_wrote(&%s);", km);
    free(km);
    for (int i = 0; i < npay; i++) {
        char *m = cuda_mirror(em, pay[i]);
        cg_line(em, "gmcu_device_wrote(&%s);", m);
        free(m);
    }
    em->indent--;
    cg_line(em, "}");
    return true;
}

static const cg_dist_target dist_target = {
    .host_array = host_array,
    .host_wrote = host_wrote,
    .prop_sync = prop_sync,
    .min_label = min_label,
    .elem_get = elem_get,
    .elem_set = elem_set,
    .arg_reduce = arg_reduce,
    .staged_host = true,
};

/* ---- hooks ------------------------------------------------------------------ */

/* A minimum-label fixpoint: the distributed rounds of cg_dist_min_label
 * (the one-GPU form, cuda_min_label.c, would see this rank's rows only). */
static bool dstmt(cg_emit *em, const gm_stmt *s)
{
    if (!in_kernel(em) && cuda_st(em)->host_direct == 0 && cg_dist_stmt(em, cdist(em), s))
        return true;
    if ((s->kind == GMS_WHILE || s->kind == GMS_DO_WHILE) && s->min_label) {
        if (in_kernel(em) || em->par_depth > 0 || cuda_st(em)->host_direct > 0)
            return false; /* (host code as a whole: the rounds as written) */
        cg_dist_min_label(em, cdist(em), s);
        return true;
    }
    return base(em)->stmt(em, s);
}

static bool dparallel_loop(cg_emit *em, const gm_stmt *s)
{
    if (!in_kernel(em) && em->par_depth == 0 && s->iter.range == GMR_EDGES) {
        cg_unsupported(em, s->loc, "a loop over G.Edges with --distributed");
        return true;
    }
    if (cuda_dist_fixpoint_l1(em, s))
        return true;
    return base(em)->parallel_loop(em, s);
}

/* No union-find rounds on the host: every round is a bulk-synchronous step;
 * a monotone one's frontier loop is noted for dparallel_loop
 * (cuda_dist_fixpoint.c: each round relaxes to a local fixpoint). */
static bool dround_loop(cg_emit *em, const gm_stmt *s)
{
    if (!in_kernel(em) && em->par_depth == 0 && cuda_st(em)->host_direct == 0)
        cuda_dist_fixpoint_note(em, s);
    return false;
}

static bool dprop_read(cg_emit *em, const gm_expr *e)
{
    if (!in_kernel(em) && cg_dist_prop_read(em, cdist(em), e))
        return true;
    return base(em)->prop_read(em, e);
}

static bool dprop_write(cg_emit *em, const gm_stmt *s)
{
    if (!in_kernel(em) && cg_dist_prop_write(em, cdist(em), s))
        return true;
    return base(em)->prop_write(em, s);
}

static bool dprop_reduce(cg_emit *em, const gm_stmt *s)
{
    if (!in_kernel(em) && cg_dist_prop_reduce(em, cdist(em), s))
        return true;
    return base(em)->prop_reduce && base(em)->prop_reduce(em, s);
}

static const char *dnode_list(cg_emit *em, const gm_stmt *s, const char **decl)
{
    if (in_kernel(em))
        return base(em)->node_list(em, s, decl);
    /* a host For: every global id on every rank (its body's owner reads and
     * writes go through the mirrors' host sides) */
    return cg_dist_node_list(em, cdist(em), s, decl);
}

static const char *dgraph_ctype(cg_emit *em) { (void)em; return "gmd_graph *"; }

/* In a kernel: the partition's numbers from _c_dd. */
static bool dbuiltin(cg_emit *em, const gm_expr *e)
{
    if (!in_kernel(em))
        return cg_dist_builtin(em, cdist(em), e);
    const gm_expr *r = e->a;
    switch ((gm_builtin)e->builtin) {
    case GMB_GRAPH_NUM_NODES:
        cg_printf(em, "((gm_node_t)_c_dd.global_nodes)");
        return true;
    case GMB_GRAPH_NUM_EDGES:
        cg_printf(em, "((gm_edge_t)_c_dd.global_edges)");
        return true;
    case GMB_GRAPH_PICK_RANDOM:
        cg_unsupported(em, e->loc, "G.PickRandom() in a parallel loop with --distributed");
        cg_printf(em, "0");
        return true;
    case GMB_NODE_HAS_EDGE_TO: /* as on the host, on the device's copy of the CSR */
    case GMB_NODE_IS_NBR_FROM:
        cg_dist_edge_test(em, cdist(em), e, "_c_dlid(");
        return true;
    case GMB_NODE_NUM_NBRS:
    case GMB_NODE_NUM_IN_NBRS:
        if (!is_local_node_iter(em, r)) {
            cg_unsupported(em, e->loc, "the degree of a node that is not a loop's own with --distributed");
            cg_printf(em, "0");
            return true;
        }
        cg_printf(em, "((int32_t)_c_dd.%s[", e->builtin == GMB_NODE_NUM_NBRS ? "out_degree" : "in_degree");
        cg_expr(em, r);
        cg_printf(em, "])");
        return true;
    default:
        return false;
    }
}

static bool dnode_value(cg_emit *em, const gm_expr *e)
{
    if (in_kernel(em) && is_local_node_iter(em, e)) {
        cg_printf(em, "_c_dgid(%s)", cg_name(em, e->sym));
        return true;
    }
    if (in_kernel(em) && is_node_iter(e))
        return false; /* a host For's: a global id already */
    if (in_kernel(em) && e->kind == GME_CALL &&
        (e->builtin == GMB_EDGE_TO_NODE || e->builtin == GMB_EDGE_FROM_NODE || e->builtin == GMB_NODE_PICK_RANDOM_NBR)) {
        cg_printf(em, "_c_dgid_or_nil("); /* a local id of the rank's CSR (cg_dist_node_value) */
        cg_expr(em, e);
        cg_printf(em, ")");
        return true;
    }
    return cg_dist_node_value(em, cdist(em), e);
}

/* The local CSR and the dist part (cg_dist.c), the one-GPU set-up (graph
 * upload, mirrors), then the partition on the device: the sync lists, ghost
 * ids and degrees (gmd_gpu_graph_of: made at the first call, kept with the
 * graph) and _c_dd. */
static bool dproc_begin(cg_emit *em, const gm_proc *proc)
{
    cg_dist *cd = cdist(em);
    bool dist = cg_dist_proc_begin(em, cd, proc);
    bool r = base(em)->proc_begin(em, proc);
    if (!dist || !cd->dgraph)
        return r;
    const char *d = cd->dgraph;
    cg_line(em, "gmd_gpu_graph *_c_gg = NULL; /* the sync lists on the device */");
    cg_line(em, "{");
    em->indent++;
    cg_line(em, "gmrt_error _c_derr;");
    cg_line(em, "gmrt_error_clear(&_c_derr);");
    cg_line(em, "_c_gg = gmd_gpu_graph_of(%s, &_c_derr); /* made at the first call, kept with the graph */", d);
    cg_line(em, "if (!_c_gg)");
    cg_line(em, "    gmrt_fatal(\"%s: %%s\", _c_derr.message);", proc->name);
    em->indent--;
    cg_line(em, "}");
    cg_line(em, "_c_dist_dev _c_ddh; /* what kernels read of the partition */");
    cg_line(em, "_c_ddh.global_nodes = %s->global_nodes;", d);
    cg_line(em, "_c_ddh.global_edges = %s->global_edges;", d);
    cg_line(em, "_c_ddh.first = %s->block[%s->rank];", d, d);
    cg_line(em, "_c_ddh.num_owned = %s->num_owned;", d);
    cg_line(em, "_c_ddh.num_local = _c_nlocal;");
    cg_line(em, "_c_ddh.ghost_gid = gmd_gpu_ghost_gid(_c_gg);");
    cg_line(em, "_c_ddh.out_degree = gmd_gpu_out_degree(_c_gg);");
    cg_line(em, "_c_ddh.in_degree = gmd_gpu_in_degree(_c_gg);");
    cg_line(em, "GMCU_CHECK(cudaMemcpyToSymbol(_c_dd, &_c_ddh, sizeof _c_ddh));");
    return r;
}

static void dprologue(cg_emit *em, const char *header_name)
{
    cg_printf(em, "/* %s.cu: generated by gmc -t cuda --distributed from %s. Do not edit.\n"
                  " * An SPMD program: every MPI rank runs it on its part of a gmd_graph (gmd.h)\n"
                  " * with a GPU of its own (gmd_gpu.h). */\n",
              header_name, em->src_base);
    cuda_prologue_includes(em, header_name, "#include \"gmd_gpu.h\"\n");
    cg_dist_gid_helper(em);
    cg_printf(em, "/* What kernels read of the partition (set by each procedure on entry). */\n"
                  "typedef struct _c_dist_dev {\n"
                  "    int64_t global_nodes, global_edges, first;\n"
                  "    gm_node_t num_owned, num_local;\n"
                  "    const int64_t *ghost_gid;\n"
                  "    const gm_edge_t *out_degree, *in_degree;\n"
                  "} _c_dist_dev;\n"
                  "static __device__ _c_dist_dev _c_dd;\n\n"
                  "/* The global id of local id v, in a kernel. */\n"
                  "static __device__ __forceinline__ __attribute__((unused)) gm_node_t _c_dgid(gm_node_t v)\n{\n"
                  "    return v < _c_dd.num_owned ? (gm_node_t)(_c_dd.first + v)\n"
                  "                               : (gm_node_t)_c_dd.ghost_gid[v - _c_dd.num_owned];\n}\n"
                  "static __device__ __forceinline__ __attribute__((unused)) gm_node_t _c_dgid_or_nil(gm_node_t v)\n{\n"
                  "    return v < 0 ? v : _c_dgid(v);\n}\n\n");
    if (!cg_dist_uses_edge_test(em->prog))
        return;
    cg_printf(em, "/* The local id of global id g in a kernel, as _c_lid: -1 when it is not on this rank. */\n"
                  "static __device__ __forceinline__ __attribute__((unused)) gm_node_t _c_dlid(int64_t g)\n{\n"
                  "    const int64_t o = g - _c_dd.first;\n"
                  "    if (o >= 0 && o < _c_dd.num_owned)\n"
                  "        return (gm_node_t)o;\n"
                  "    int64_t lo = 0, hi = (int64_t)_c_dd.num_local - _c_dd.num_owned;\n"
                  "    while (lo < hi) {\n"
                  "        const int64_t mid = lo + (hi - lo) / 2;\n"
                  "        if (_c_dd.ghost_gid[mid] < g)\n"
                  "            lo = mid + 1;\n"
                  "        else\n"
                  "            hi = mid;\n"
                  "    }\n"
                  "    return lo < (int64_t)_c_dd.num_local - _c_dd.num_owned && _c_dd.ghost_gid[lo] == g\n"
                  "               ? (gm_node_t)(_c_dd.num_owned + lo) : -1;\n}\n\n");
}

bool gmb_cuda_dist_generate(gm_program *p, const gmb_options *opt, const gma_plan *plan,
                            const gma_sync_plan *syncs)
{
    cg_dist cd = {.syncs = syncs, .tg = &dist_target, .no_epoch = true, .report = opt->cuda.report};
    cuda_state st;
    cuda_state_init(&st, &opt->cuda);
    /* Node loops over the owners keep the one-GPU load balancing (TWC: a
     * node's edges by its block, warp or thread), bounded by the owners; one
     * thread per edge (its range would take in the ghosts' rows) becomes TWC
     * and pulls do not split hub rows (cuda_twc.c). The rest: the plain
     * translation of every loop. */
    st.knobs.lb = opt->cuda.lb == GMB_LB_EDGE ? GMB_LB_TWC : opt->cuda.lb;
    st.knobs.outline = GMB_OFF;
    st.knobs.worklist = GMB_OFF;
    st.knobs.async = GMB_OFF;
    st.knobs.priority = GMB_OFF;
    /* ... but a monotone round loop relaxes each rank's part to its local
     * fixpoint every round (cuda_dist_fixpoint.c) */
    st.dist_fixpoints = opt->cuda.async != GMB_OFF && opt->cuda.priority != GMB_OFF;
    /* edge blocking and the gather order work on the local CSR as on a graph
     * of its own (a table in gather order is broadcast by its positions) */
    st.knobs.blocking = opt->cuda.blocking;
    st.knobs.direction = GMB_DIR_AUTO;
    st.knobs.gather_order = opt->cuda.gather_order;
    st.dist = &cd;
    st.base = &cuda_hooks;
    cg_hooks hooks = cuda_hooks;
    hooks.stmt = dstmt;
    hooks.parallel_loop = dparallel_loop;
    hooks.round_loop = dround_loop;
    hooks.bfs = cuda_dist_bfs;
    hooks.prop_read = dprop_read;
    hooks.prop_write = dprop_write;
    hooks.prop_reduce = dprop_reduce;
    hooks.node_list = dnode_list;
    hooks.graph_ctype = dgraph_ctype;
    hooks.builtin = dbuiltin;
    hooks.node_value = dnode_value;
    hooks.proc_begin = dproc_begin;
    if (opt->cuda.report)
        fprintf(stderr, "%s: -t cuda --distributed: one-GPU optimizations off (no one-thread-per-edge balancing, "
                        "worklist, async, priority or outlined BFS): each loop below "
                        "covers the owners, one bulk-synchronous step, but for the local fixpoints of monotone "
                        "round loops\n",
                p->filename);
    bool ok = cuda_write_files(p, opt, plan, &st,
                               (cg_program_writer){.target = "cuda --distributed", .header_include = "gmd.h",
                                                   .tg = &hooks, .prologue = dprologue, .main = cg_dist_main_gpu});
    cg_dist_free(&cd);
    return ok;
}
