/* cg_files.c: a program's two output files for either target: DIR/BASE.h
 * (prototypes of the entry procedures, cg_write_header) and DIR/BASE.EXT
 * (the target's prologue, prototypes of the Local procedures, every
 * procedure, main() with --main), each written to a temporary file and
 * committed only when the whole program was emitted (gmrt_file.h). */
#include "cg_emit.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "backend_options.h"
#include "cg_ident.h"
#include "diag.h"
#include "gm_runtime/gmrt_file.h"
#include "oom.h"

static gm_proc *main_proc(gm_program *p, const char *base)
{
    gm_proc *first = NULL;
    for (gm_proc *pr = p->procs; pr; pr = pr->next) {
        if (pr->is_local)
            continue;
        if (strcmp(pr->name, base) == 0)
            return pr;
        if (!first)
            first = pr;
    }
    return first;
}

/* An emitter of p's procedures into out, with the target's hooks, state
 * and decisions; what: the work named by an out-of-memory message. */
static void emitter_init(cg_emit *em, gm_program *p, FILE *out, const cg_hooks *tg, void *target_state,
                         struct gma_decided *d, const char *what)
{
    const char *slash = strrchr(p->filename, '/');
    /* The file name goes into comments and string literals. */
    *em = (cg_emit){
        .out = out,
        .prog = p,
        .src_base = cg_ident_text(slash ? slash + 1 : p->filename),
        .nsyms = p->next_symbol_id + 1,
        .ok = true,
        .tg = tg,
        .target = target_state,
        .decided = d,
    };
    em->names = calloc((size_t)em->nsyms, sizeof(char *));
    em->edge_of = calloc((size_t)em->nsyms, sizeof(char *));
    em->deferred = calloc((size_t)em->nsyms, sizeof(char *));
    if (!em->names || !em->edge_of || !em->deferred)
        gm_out_of_memory(what, 0);
}

static void emitter_free(cg_emit *em)
{
    cg_reset_names(em);
    free(em->names);
    free(em->edge_of);
    free(em->deferred);
    free((char *)em->src_base); /* emitter_init's copy */
}

/* ---- the original runtime's type names in foreign code ---- */

typedef struct compat_ctx {
    bool node_t, edge_t;       /* named in foreign text */
    bool node_taken, edge_taken; /* a Green-Marl name of the program: no typedef */
} compat_ctx;

static void compat_taken(const char *name, compat_ctx *c)
{
    if (name && strcmp(name, "node_t") == 0)
        c->node_taken = true;
    if (name && strcmp(name, "edge_t") == 0)
        c->edge_taken = true;
}

static void compat_ident(const char *name, size_t len, void *vctx)
{
    compat_ctx *c = vctx;
    if (len == 6 && strncmp(name, "node_t", 6) == 0)
        c->node_t = true;
    else if (len == 6 && strncmp(name, "edge_t", 6) == 0)
        c->edge_t = true;
}

static void compat_segs(const gm_foreign_seg *f, compat_ctx *c)
{
    for (; f; f = f->next)
        if (f->text)
            gm_foreign_idents(f->text, compat_ident, c);
}

static bool compat_stmt(const gm_stmt *s, void *ctx)
{
    if (s->kind == GMS_FOREIGN)
        compat_segs(s->foreign, ctx);
    else if (s->kind == GMS_DECL)
        for (const gm_name *n = s->names; n; n = n->next)
            compat_taken(n->name, ctx);
    else if (s->kind == GMS_FOREACH || s->kind == GMS_BFS || s->kind == GMS_DFS)
        compat_taken(s->iter.name, ctx);
    return true;
}

static bool compat_expr(const gm_expr *e, void *ctx)
{
    if (e->kind == GME_FOREIGN)
        compat_segs(e->foreign, ctx);
    return true;
}

/* Foreign code written for gm_comp names its runtime's node and edge index
 * types node_t and edge_t (the original apps/src/randomwalk.gm casts to
 * node_t); a file whose foreign code names either gets it as a typedef of
 * gm_node_t / gm_edge_t, unless the program gives that name to one of its
 * own procedures, arguments or variables. Nothing for any other file. */
static void foreign_compat_types(cg_emit *em, const gm_program *p)
{
    compat_ctx c = {false, false, false, false};
    for (const gm_proc *pr = p->procs; pr; pr = pr->next) {
        compat_taken(pr->name, &c);
        for (const gm_param *a = pr->params; a; a = a->next)
            compat_taken(a->name, &c);
        gma_walk(pr->body, false, compat_stmt, compat_expr, &c);
    }
    c.node_t &= !c.node_taken;
    c.edge_t &= !c.edge_taken;
    if (c.node_t || c.edge_t)
        cg_printf(em, "/* the node and edge types' names in gm_comp's runtime, for the foreign code */\n");
    if (c.node_t)
        cg_printf(em, "typedef gm_node_t node_t;\n");
    if (c.edge_t)
        cg_printf(em, "typedef gm_edge_t edge_t;\n");
    if (c.node_t || c.edge_t)
        cg_printf(em, "\n");
}

bool cg_generate_files(gm_program *p, const struct gmb_options *opt, const cg_program_writer *w)
{
    char *hpath = cg_strf("%s/%s.h", opt->out_dir, opt->base_name);
    char *cpath = cg_strf("%s/%s.%s", opt->out_dir, opt->base_name, w->ext);
    /* both files go to temporary files renamed into place at the end, so a
     * failed write (full disk) leaves the previous NAME.h and NAME.c alone */
    gmrt_file hfile, cfile;
    FILE *hout = gmrt_file_create(&hfile, hpath);
    if (!hout) {
        gm_error((gm_loc){0, 0}, GMD_IO, "cannot write '%s': %s", hpath, strerror(errno));
        free(hpath);
        free(cpath);
        return false;
    }
    FILE *out = gmrt_file_create(&cfile, cpath);
    if (!out) {
        gm_error((gm_loc){0, 0}, GMD_IO, "cannot write '%s': %s", cpath, strerror(errno));
        gmrt_file_discard(&hfile);
        free(hpath);
        free(cpath);
        return false;
    }
    cg_write_header(p, hout, opt->base_name, w->target, opt->try_entry,
                    w->header_include ? w->header_include : "gmrt.h", w->tg);
    cg_emit em;
    emitter_init(&em, p, out, w->tg, w->target_state, w->decided, "code generation");
    em.target_name = w->target;
    w->prologue(&em, opt->base_name);
    foreign_compat_types(&em, p);
    /* Prototypes first, so procedures may call each other in any order. */
    for (gm_proc *pr = p->procs; pr; pr = pr->next) {
        if (!pr->is_local)
            continue;
        em.proc = pr;
        cg_reset_names(&em);
        cg_signature(&em, pr, false);
        cg_printf(&em, ";\n");
    }
    cg_printf(&em, "\n");
    for (gm_proc *pr = p->procs; pr; pr = pr->next) {
        if (w->proc)
            w->proc(&em, pr, out);
        else
            cg_proc(&em, pr);
    }
    for (gm_proc *pr = p->procs; opt->try_entry && pr; pr = pr->next)
        if (!pr->is_local) {
            em.proc = pr;
            cg_try_entry(&em, pr);
        }
    if (opt->emit_main) {
        gm_proc *m = main_proc(p, opt->entry ? opt->entry : opt->base_name);
        if (m) {
            em.proc = m;
            cg_reset_names(&em);
            if (w->main)
                w->main(&em, m);
            else
                cg_main(&em, m);
        } else {
            gm_error((gm_loc){0, 0}, GMD_UNSUPPORTED, "--main needs an entry (non-Local) procedure");
            em.ok = false;
        }
    }
    bool ok = em.ok;
    emitter_free(&em);
    if (!ok) {
        gmrt_file_discard(&cfile);
        gmrt_file_discard(&hfile);
    } else {
        int e = gmrt_file_commit(&cfile);
        if (e) {
            gm_error((gm_loc){0, 0}, GMD_IO, "cannot write '%s': %s (the previous file was kept)", cpath, strerror(e));
            gmrt_file_discard(&hfile);
            ok = false;
        } else if ((e = gmrt_file_commit(&hfile)) != 0) {
            gm_error((gm_loc){0, 0}, GMD_IO, "cannot write '%s': %s (the previous file was kept)", hpath, strerror(e));
            ok = false;
        }
    }
    free(hpath);
    free(cpath);
    return ok;
}

void cg_decide_program(gm_program *p, const cg_hooks *tg, void *target_state, struct gma_decided *d)
{
    char *text = NULL;
    size_t len = 0;
    FILE *sink = open_memstream(&text, &len); /* what naming may print: nothing kept */
    if (!sink)
        gm_out_of_memory("the loop decisions", 0);
    cg_emit em;
    emitter_init(&em, p, sink, tg, target_state, d, "the loop decisions");
    for (gm_proc *pr = p->procs; pr; pr = pr->next) {
        cg_proc_names(&em, pr);
        tg->decide(&em, pr);
    }
    emitter_free(&em);
    fclose(sink);
    free(text);
}
