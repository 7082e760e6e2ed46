/* check.c: gmf_check, the semantic analysis of a parsed program.
 *
 * Three passes over the file: (1) procedure symbols, so calls can refer to
 * any procedure of the file and duplicates are found; (2) signatures, with
 * parameter types bound to their graphs; (3) each body, walked once in
 * source order (check_stmts.c), then its missing-return rule and its
 * parallel-consistency conflicts (check_conflicts.c).
 */
#include <stdlib.h>

#include "check_internal.h"
#include "front.h"
#include "types.h"

static void declare_procs(gm_checker *ck)
{
    for (gm_proc *p = ck->prog->procs; p; p = p->next) {
        gm_type *rt = p->ret_type ? p->ret_type : gmc_prim(ck, GMT_VOID);
        gm_symbol *sym = gm_symbol_new(ck->prog, p->name, p->loc, rt, GMSYM_PROC);
        sym->proc = p;
        sym->readonly = true;
        p->sym = sym;
        gm_symbol *prev = gm_symtab_declare(ck->procs, sym);
        if (prev)
            gm_error(p->loc, GMD_REDEFINED, "procedure '%s' is already defined at line %d",
                     p->name, prev->loc.line);
    }
}

/* Creates the parameters' symbols and binds their types. All parameters
 * are visible while binding, so `A: N_P<Int>, G: Graph` binds A to G. */
static void check_signature(gm_checker *ck, gm_proc *p)
{
    ck->proc = p;
    ck->scope = gm_symtab_new();
    for (gm_param *q = p->params; q; q = q->next)
        q->sym = gmc_declare(ck, q->name, q->loc, q->type,
                             q->is_output ? GMSYM_OUT_ARG : GMSYM_IN_ARG);
    for (gm_param *q = p->params; q; q = q->next) {
        gmc_check_decl_type(ck, q->type);
        if (q->type && q->type->kind == GMT_GRAPH && q->is_output)
            gm_error(q->loc, GMD_TYPE, "a Graph cannot be an output argument");
    }
    gm_type *rt = p->ret_type;
    if (rt) {
        if (!gmt_is_primitive(rt->kind) && rt->kind != GMT_NODE && rt->kind != GMT_EDGE &&
            rt->kind != GMT_ERROR)
            gm_error(rt->loc, GMD_TYPE, "a procedure returns a primitive, a Node or an Edge, "
                     "not %s", gmc_spell(ck, rt));
        else
            gmc_check_decl_type(ck, rt);
    }
    gm_symtab_free(ck->scope);
    ck->scope = NULL;
}

/* What a procedure returns when it falls off its end (see check_body). */
static const char *zero_value_text(const gm_type *t)
{
    switch (t->kind) {
    case GMT_BOOL: return "False";
    case GMT_FLOAT:
    case GMT_DOUBLE: return "0.0";
    case GMT_NODE:
    case GMT_EDGE: return "NIL";
    default: return "0";
    }
}

static void check_body(gm_checker *ck, gm_proc *p)
{
    int errors_before = gm_error_count();
    ck->proc = p;
    ck->scope = gm_symtab_new();
    ck->nloops = 0;
    ck->group_sym = NULL;
    /* Duplicated parameters were reported in check_signature. */
    for (gm_param *q = p->params; q; q = q->next)
        if (q->sym)
            gm_symtab_declare(ck->scope, q->sym);
    gmc_check_stmt(ck, p->body);
    if (p->ret_type && p->ret_type->kind != GMT_ERROR && !gmc_stmt_returns(p->body)) {
        const gm_stmt *last = NULL;
        for (const gm_stmt *s = p->body ? p->body->body : NULL; s; s = s->next)
            last = s;
        /* gm_comp accepts this; the generated code then returns the zero
         * value of the type (0, 0.0, False, NIL). */
        gm_warning(last ? last->loc : p->loc, GMD_W_MISSING_RETURN,
                   "procedure '%s' returns %s but can reach its end without a Return "
                   "(it then returns %s)", p->name, gmc_spell(ck, p->ret_type),
                   zero_value_text(p->ret_type));
    }
    /* After an error, unused-variable warnings are mostly noise. */
    if (gm_error_count() == errors_before)
        gmc_warn_unused(ck);
    ck->nlocals = 0;
    gm_symtab_free(ck->scope);
    ck->scope = NULL;
}

bool gmf_check(gm_program *p)
{
    int errors_before = gm_error_count();
    gm_checker ck = {.prog = p, .arena = p->arena};
    ck.procs = gm_symtab_new();
    declare_procs(&ck);
    for (gm_proc *q = p->procs; q; q = q->next)
        check_signature(&ck, q);
    for (gm_proc *q = p->procs; q; q = q->next)
        check_body(&ck, q);
    for (gm_proc *q = p->procs; q; q = q->next)
        gmc_check_conflicts(&ck, q);
    gm_symtab_free(ck.procs);
    free(ck.loops);
    free(ck.used);
    free(ck.locals);
    return gm_error_count() == errors_before;
}
