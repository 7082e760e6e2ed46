/* check_conflicts.c: parallel consistency (section 7 of the reference).
 *
 * A parallel region is a Foreach body (with its filter), an InBFS body
 * (with its navigator and filter), an InReverse body (with its filter), or
 * a group assignment. For each region, every access of its contents,
 * nested loops included, is collected: read, write, reduce (operator and
 * bound loop), defer, mutate (collection and map changes). An access is
 * "linear" when it goes through the region's own iterator (n.A in the
 * loop over n): linear accesses of two iterations never meet. BFS levels
 * separate more: in an InBFS or InReverse body over v (level L), an access
 * through v.UpNbrs touches level L-1 and one through v.DownNbrs level L+1;
 * in a Foreach over t in v.UpNbrs/DownNbrs, an access through v touches
 * another level than one through t. Accesses on different levels never
 * meet (the levels run one after another, and a node has one level). Symbols
 * declared inside the region are private to an iteration (their ids are at
 * least the region iterator's, see check_internal.h).
 *
 * Pairs of accesses to one symbol are then judged with the table of
 * section 7 and reported once, at the second access. Sequential bodies
 * (For, InDFS, InPost) are not regions, but their accesses count inside
 * an enclosing region.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "ast_walk.h"
#include "builtins.h"
#include "check_internal.h"
#include "front.h"
#include "oom.h"

typedef enum acc_kind { ACC_READ, ACC_WRITE, ACC_REDUCE, ACC_DEFER, ACC_MUTATE } acc_kind;

typedef struct access {
    gm_symbol *sym;
    acc_kind kind;
    int op_family;      /* ACC_REDUCE: which operator (see op_family) */
    gm_assign_op op;
    gm_symbol *bound;   /* ACC_REDUCE / ACC_DEFER */
    bool linear;        /* through the region's iterator */
    int level;          /* BFS level relative to the iterator's (LV_*) */
    const gm_expr *at;  /* the access, for its location and spelling */
    const char *mutator;/* ACC_MUTATE: the built-in or "map write" */
    const char *hint;   /* how to say it without a race (minmax_hint), or NULL */
} access;

/* access.level: which BFS level the access touches, when that is known. */
enum { LV_UNKNOWN, LV_SAME, LV_UP, LV_DOWN };

typedef enum region_kind { REG_FOREACH, REG_BFS, REG_REVERSE, REG_GROUP } region_kind;

typedef struct region {
    region_kind kind;
    gm_symbol *iter;    /* the loop iterator, or the group's graph/collection */
    int private_from;   /* symbols with id >= this are declared inside */
    const gm_stmt *stmt;
} region;

/* Pairs already reported, so nested regions do not repeat a conflict. */
typedef struct reported {
    const gm_expr *a, *b;
} reported;

typedef struct conflicts {
    gm_checker *ck;
    const region *reg;
    access *acc;
    int nacc, cap_acc;
    reported *done;
    int ndone, cap_done;
} conflicts;

static void *grow(void *p, int *cap, size_t elem)
{
    *cap = *cap ? 2 * *cap : 32;
    return gm_xrealloc(p, (size_t)*cap, elem, "the conflict checker");
}

/* += -= ++ -- are one operator (sum); the others are each their own. */
static int op_family(gm_assign_op op)
{
    switch (op) {
    case GMA_PLUS: case GMA_MINUS: case GMA_INC: case GMA_DEC: return 1;
    case GMA_MULT: return 2;
    case GMA_MIN: return 3;
    case GMA_MAX: return 4;
    case GMA_AND: return 5;
    case GMA_OR: return 6;
    default: return 0;
    }
}

static bool is_private(const conflicts *c, const gm_symbol *sym)
{
    return sym->id >= c->reg->private_from;
}

/* How a property access through `driver` relates to the region. */
static void classify(const conflicts *c, const gm_expr *driver, access *a)
{
    if (!driver || driver->kind != GME_ID || !driver->sym)
        return;
    const region *r = c->reg;
    gm_symbol *d = driver->sym;
    if (r->kind == REG_GROUP) {
        /* In a group assignment the graph's name typed Node is the element. */
        a->linear = d == r->iter && driver->type &&
                    (driver->type->kind == GMT_NODE || driver->type->kind == GMT_EDGE);
        return;
    }
    if (d == r->iter) {
        a->linear = true;
        a->level = LV_SAME;
        return;
    }
    gm_symbol *it = r->iter;
    if ((r->kind == REG_BFS || r->kind == REG_REVERSE) && d->kind == GMSYM_ITER &&
        d->iter_source == it) {
        /* v.UpNbrs / v.DownNbrs in the body over v */
        if (d->iter_range == GMR_UP_NBRS)
            a->level = LV_UP;
        else if (d->iter_range == GMR_DOWN_NBRS)
            a->level = LV_DOWN;
    } else if (r->kind == REG_FOREACH && it && it->kind == GMSYM_ITER && d == it->iter_source &&
               (it->iter_range == GMR_UP_NBRS || it->iter_range == GMR_DOWN_NBRS)) {
        /* v in the Foreach over t in v.UpNbrs / v.DownNbrs: never t's node */
        a->level = LV_UP;
    }
}

static void add(conflicts *c, gm_symbol *sym, acc_kind kind, const gm_expr *at,
                const gm_expr *driver)
{
    if (!sym || sym->kind == GMSYM_PROC || is_private(c, sym))
        return;
    /* Read-only names (inputs, iterators, graphs) can never be written, so
     * their reads never conflict. */
    if (kind == ACC_READ && sym->readonly)
        return;
    if (c->nacc == c->cap_acc)
        c->acc = grow(c->acc, &c->cap_acc, sizeof *c->acc);
    access *a = &c->acc[c->nacc++];
    *a = (access){.sym = sym, .kind = kind, .at = at};
    classify(c, driver, a);
}

static void add_update(conflicts *c, const gm_stmt *s, const gm_expr *lhs, gm_assign_op op);
static void collect_expr(conflicts *c, const gm_expr *e);
static const char *minmax_hint(conflicts *c, const gm_stmt *s, const gm_symbol **target);
static void collect_stmt(conflicts *c, const gm_stmt *s);

static void collect_list(conflicts *c, const gm_expr *e)
{
    for (; e; e = e->next)
        collect_expr(c, e);
}

static void collect_iter(conflicts *c, const gm_iter *it)
{
    collect_expr(c, it->source);
    collect_expr(c, it->range_arg);
    collect_expr(c, it->filter);
}

/* The variable or property a receiver expression stands for, with the
 * driver node of a property (`n.S.Add(m)` mutates S through n). */
static gm_symbol *receiver_root(const gm_expr *recv, const gm_expr **driver)
{
    *driver = NULL;
    if (!recv)
        return NULL;
    if (recv->kind == GME_PROP) {
        *driver = recv->a;
        return recv->sym;
    }
    return recv->kind == GME_ID ? recv->sym : NULL;
}

static void collect_call(conflicts *c, const gm_expr *e)
{
    const gm_builtin_info *b = gm_builtin_get(e->builtin);
    if (b && e->a && b->mutates) {
        const gm_expr *driver;
        gm_symbol *root = receiver_root(e->a, &driver);
        int before = c->nacc;
        add(c, root, ACC_MUTATE, e, driver);
        if (c->nacc > before)
            c->acc[c->nacc - 1].mutator = b->names[0];
        if (driver)
            collect_expr(c, driver);
    } else {
        collect_expr(c, e->a);
    }
    collect_list(c, e->args);
    /* Procedure outputs are written (calls in regions are already
     * rejected; this keeps the analysis honest if that ever changes). */
    for (const gm_expr *o = e->out_args; o; o = o->next)
        if (!o->is_discard)
            add_update(c, NULL, o, GMA_ASSIGN);
}

static void collect_expr(conflicts *c, const gm_expr *e)
{
    if (!e)
        return;
    switch (e->kind) {
    case GME_ID:
        add(c, e->sym, ACC_READ, e, NULL);
        break;
    case GME_PROP:
        add(c, e->sym, ACC_READ, e, e->a);
        collect_expr(c, e->a);
        break;
    case GME_INDEX: {
        const gm_expr *driver;
        gm_symbol *map = receiver_root(e->a, &driver);
        add(c, map, ACC_READ, e, driver);
        collect_expr(c, driver);
        collect_expr(c, e->b);
        break;
    }
    case GME_CALL:
        collect_call(c, e);
        break;
    case GME_REDUCE:
        collect_iter(c, &e->iter);
        collect_expr(c, e->a);
        break;
    case GME_FOREIGN:
        for (const gm_foreign_seg *f = e->foreign; f; f = f->next)
            collect_expr(c, f->ref);
        break;
    default:
        collect_expr(c, e->a);
        collect_expr(c, e->b);
        collect_expr(c, e->c);
        break;
    }
}

/* A write, reduction or deferred write of lhs (s gives the bound loop). */
static void add_update(conflicts *c, const gm_stmt *s, const gm_expr *lhs, gm_assign_op op)
{
    if (!lhs)
        return;
    acc_kind kind = op == GMA_ASSIGN ? ACC_WRITE : op == GMA_DEFER ? ACC_DEFER : ACC_REDUCE;
    gm_symbol *bound = s ? s->bound : NULL;
    /* Without a bound loop a reduction is an ordinary update. */
    if (kind != ACC_WRITE && !bound)
        kind = ACC_WRITE;
    const gm_expr *driver = NULL;
    gm_symbol *sym = NULL;
    switch (lhs->kind) {
    case GME_ID:
        sym = lhs->sym;
        break;
    case GME_PROP:
        sym = lhs->sym;
        driver = lhs->a;
        collect_expr(c, driver);
        break;
    case GME_INDEX:
        /* Writing a map element changes the map: a mutation. */
        sym = receiver_root(lhs->a, &driver);
        collect_expr(c, driver);
        collect_expr(c, lhs->b);
        kind = ACC_MUTATE;
        break;
    default:
        collect_expr(c, lhs);
        return;
    }
    int before = c->nacc;
    add(c, sym, kind, lhs, driver);
    if (c->nacc > before) {
        access *a = &c->acc[c->nacc - 1];
        a->op = op;
        a->op_family = op_family(op);
        a->bound = bound;
        if (kind == ACC_MUTATE)
            a->mutator = "map write";
    }
}

/* One statement (a loop body or a branch is one statement; a block's
 * children are walked here). */
static void collect_stmt(conflicts *c, const gm_stmt *s)
{
    if (!s)
        return;
    switch (s->kind) {
    case GMS_BLOCK:
        for (const gm_stmt *x = s->body; x; x = x->next)
            collect_stmt(c, x);
        break;
    case GMS_DECL:
        collect_expr(c, s->init);
        break;
    case GMS_ASSIGN:
        if (s->is_group) {
            /* A group assignment writes every element: random here. */
            add(c, s->lhs->sym, ACC_WRITE, s->lhs, NULL);
            collect_expr(c, s->rhs);
        } else {
            add_update(c, s, s->lhs, s->assign_op);
            collect_expr(c, s->rhs);
        }
        break;
    case GMS_ARGMINMAX:
        for (const gm_expr *l = s->lhs; l; l = l->next)
            add_update(c, s, l, s->assign_op);
        collect_list(c, s->rhs);
        break;
    case GMS_IF: {
        int from = c->nacc;
        collect_expr(c, s->cond);
        collect_stmt(c, s->then_stmt);
        collect_stmt(c, s->else_stmt);
        const gm_symbol *target = NULL;
        const char *hint = minmax_hint(c, s, &target);
        for (int i = from; hint && i < c->nacc; i++)
            if (c->acc[i].sym == target)
                c->acc[i].hint = hint;
        break;
    }
    case GMS_WHILE:
    case GMS_DO_WHILE:
        collect_expr(c, s->cond);
        collect_stmt(c, s->body);
        break;
    case GMS_FOREACH:
        collect_iter(c, &s->iter);
        collect_stmt(c, s->body);
        break;
    case GMS_BFS:
    case GMS_DFS:
        collect_expr(c, s->root);
        collect_iter(c, &s->iter);
        collect_expr(c, s->navigator);
        collect_stmt(c, s->body);
        collect_expr(c, s->rev_filter);
        collect_stmt(c, s->rev_body);
        break;
    case GMS_RETURN:
    case GMS_CALL:
        collect_expr(c, s->value);
        break;
    case GMS_PRINT:
        collect_list(c, s->value);
        break;
    case GMS_FOREIGN:
        for (const gm_foreign_seg *f = s->foreign; f; f = f->next)
            collect_expr(c, f->ref);
        for (const gm_expr *m = s->modified; m; m = m->next)
            add_update(c, NULL, m, GMA_ASSIGN);
        break;
    case GMS_SWAP:
        /* Made by passes: both properties are replaced. */
        add_update(c, NULL, s->lhs, GMA_ASSIGN);
        add_update(c, NULL, s->rhs, GMA_ASSIGN);
        break;
    case GMS_EMPTY:
        break;
    }
}

/* ---------------------------------------------------------------- */
/* Judging pairs                                                      */

static const char *kind_word(const access *a)
{
    switch (a->kind) {
    case ACC_READ: return "read";
    case ACC_WRITE: return "write";
    case ACC_REDUCE: return "reduction";
    case ACC_DEFER: return "deferred write";
    case ACC_MUTATE: return "change";
    }
    return "access";
}

/* "write of 'n.A'", "reduction (+=) of 's'", "change (Add) of 'S'". */
static const char *describe(conflicts *c, const access *a)
{
    const char *what = gmc_describe(c->ck, a->at);
    if (a->at && a->at->kind == GME_CALL)
        what = gm_arena_printf(c->ck->arena, "'%s'", a->sym->name);
    if (a->kind == ACC_REDUCE)
        return gm_arena_printf(c->ck->arena, "reduction (%s) of %s",
                               gm_assign_op_spelling(a->op), what);
    if (a->kind == ACC_MUTATE)
        return gm_arena_printf(c->ck->arena, "change (%s) of %s", a->mutator ? a->mutator : "?",
                               what);
    return gm_arena_printf(c->ck->arena, "%s of %s", kind_word(a), what);
}

static const char *region_desc(conflicts *c)
{
    const region *r = c->reg;
    const char *w = r->kind == REG_FOREACH ? "Foreach"
                    : r->kind == REG_BFS   ? "InBFS"
                    : r->kind == REG_REVERSE ? "InReverse"
                                             : "group assignment";
    if (r->kind == REG_GROUP)
        return gm_arena_printf(c->ck->arena, "the group assignment over '%s'", r->iter->name);
    return gm_arena_printf(c->ck->arena, "concurrent iterations of the %s over '%s' (line %d)", w,
                           r->iter ? r->iter->name : "?", r->stmt->loc.line);
}

static const char *spell(conflicts *c, const gm_expr *e)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        return "...";
    gmf_print_expr(f, e);
    fclose(f);
    const char *s = gm_arena_printf(c->ck->arena, "%s", buf ? buf : "...");
    free(buf);
    return s;
}

/* "If (x > m) m = x;" (or m < x; >=, <=) is a conditional max written as a
 * plain write, racy in parallel: the fix is "m max= x;" (min alike).  The
 * hint for the If s, with *target the written variable; NULL for any
 * other shape. */
static const char *minmax_hint(conflicts *c, const gm_stmt *s, const gm_symbol **target)
{
    const gm_stmt *a = s->then_stmt;
    if (a && a->kind == GMS_BLOCK)
        a = a->body && !a->body->next ? a->body : NULL;
    const gm_expr *cond = s->cond;
    if (s->else_stmt || !a || a->kind != GMS_ASSIGN || a->is_group || a->assign_op != GMA_ASSIGN || !cond ||
        cond->kind != GME_BINARY || !a->lhs || a->lhs->next || !a->lhs->sym)
        return NULL;
    const gm_expr *m = a->lhs, *x = a->rhs;
    bool greater; /* "x is greater than m" when the condition holds */
    if (gm_expr_equal(cond->a, x) && gm_expr_equal(cond->b, m))
        greater = cond->op == GMOP_GT || cond->op == GMOP_GE;
    else if (gm_expr_equal(cond->a, m) && gm_expr_equal(cond->b, x))
        greater = cond->op == GMOP_LT || cond->op == GMOP_LE;
    else
        return NULL;
    if (cond->op != GMOP_GT && cond->op != GMOP_GE && cond->op != GMOP_LT && cond->op != GMOP_LE)
        return NULL;
    *target = m->sym;
    return gm_arena_printf(c->ck->arena, "write '%s %s= %s;' instead (a reduction: the iterations' values combine)",
                           spell(c, m), greater ? "max" : "min", spell(c, x));
}

/* After the warning: the minmax fix, or the general one for a write. */
static const char *race_hint(conflicts *c, const access *a, const access *b)
{
    if (a->hint || b->hint)
        return gm_arena_printf(c->ck->arena, "; %s", a->hint ? a->hint : b->hint);
    if (a->kind == ACC_WRITE || b->kind == ACC_WRITE)
        return "; if the iterations should combine their values, use a reduction (+=, *=, min=, max=, &=, |=) "
               "or a deferred write (<=)";
    return "";
}

static bool already_reported(conflicts *c, const access *a, const access *b)
{
    for (int i = 0; i < c->ndone; i++)
        if (c->done[i].a == a->at && c->done[i].b == b->at)
            return true;
    if (c->ndone == c->cap_done)
        c->done = grow(c->done, &c->cap_done, sizeof *c->done);
    c->done[c->ndone++] = (reported){a->at, b->at};
    return false;
}

typedef enum verdict { V_NONE, V_RACE, V_CONFLICT, V_TWO_OPS, V_TWO_BOUNDS } verdict;

/* The table of section 7, for a pair ordered so that x->kind <= y->kind. */
static verdict judge(const access *x, const access *y)
{
    switch (x->kind) {
    case ACC_READ:
        switch (y->kind) {
        case ACC_READ: return V_NONE;
        case ACC_WRITE: return V_RACE;
        case ACC_REDUCE: return V_CONFLICT;
        case ACC_DEFER: return V_NONE; /* reads see the old value */
        case ACC_MUTATE: return V_RACE;
        }
        break;
    case ACC_WRITE:
        switch (y->kind) {
        case ACC_WRITE: return V_RACE;
        case ACC_REDUCE: case ACC_DEFER: case ACC_MUTATE: return V_CONFLICT;
        default: break;
        }
        break;
    case ACC_REDUCE:
        if (y->kind == ACC_REDUCE) {
            if (x->op_family != y->op_family)
                return V_TWO_OPS;
            return x->bound != y->bound ? V_TWO_BOUNDS : V_NONE;
        }
        return V_CONFLICT; /* with defer or mutate */
    case ACC_DEFER:
        if (y->kind == ACC_DEFER)
            return x->bound != y->bound ? V_TWO_BOUNDS : V_NONE;
        return V_CONFLICT; /* with mutate */
    case ACC_MUTATE:
        return V_RACE;
    }
    return V_NONE;
}

static void check_pair(conflicts *c, const access *first, const access *second)
{
    /* One access meets itself in another iteration only as a plain write
     * to a shared (non-linear) place: several iterations write one value. */
    if (first == second && (first->kind != ACC_WRITE || first->linear))
        return;
    /* A plain write after a deferred write bound to this region's loop, in
     * one iteration: the deferred value lands when the loop ends and wipes
     * the write out (gm_comp rejects this too). */
    if (first->kind == ACC_DEFER && second->kind == ACC_WRITE && first->linear &&
        second->linear && first->bound && first->bound == c->reg->iter) {
        if (!already_reported(c, first, second))
            gm_error(second->at->loc, GMD_CONFLICT, "%s after the %s at line %d, bound to the "
                     "same iteration of '%s': the deferred value would overwrite it",
                     describe(c, second), describe(c, first), first->at->loc.line,
                     c->reg->iter->name);
        return;
    }
    /* Two accesses of one iteration's own element never meet another
     * iteration; accesses on different BFS levels never meet. */
    if (first->linear && second->linear)
        return;
    if (first->level != LV_UNKNOWN && second->level != LV_UNKNOWN && first->level != second->level)
        return;
    const access *x = first, *y = second;
    if (x->kind > y->kind) {
        x = second;
        y = first;
    }
    verdict v = judge(x, y);
    if (v == V_NONE || already_reported(c, first, second))
        return;
    const char *d1 = describe(c, second), *d2 = describe(c, first);
    int line = first->at->loc.line;
    gm_loc at = second->at->loc;
    if (first == second) {
        gm_warning(at, GMD_W_RACE, "possible race: the %s may happen in several of the %s%s", d1,
                   region_desc(c), race_hint(c, first, second));
        return;
    }
    switch (v) {
    case V_RACE:
        gm_warning(at, GMD_W_RACE, "possible race: %s and the %s at line %d happen in %s%s", d1, d2,
                   line, region_desc(c), race_hint(c, first, second));
        break;
    case V_CONFLICT:
        gm_error(at, GMD_CONFLICT, "%s conflicts with the %s at line %d in %s", d1, d2, line,
                 region_desc(c));
        break;
    case V_TWO_OPS:
        gm_error(at, GMD_REDUCE_BINDING, "'%s' is reduced with two operators ('%s' here, '%s' "
                 "at line %d) in %s", second->sym->name, gm_assign_op_spelling(second->op),
                 gm_assign_op_spelling(first->op), line, region_desc(c));
        break;
    case V_TWO_BOUNDS:
        gm_error(at, GMD_REDUCE_BINDING, "'%s' is bound to two loops ('%s' here, '%s' at line "
                 "%d) in %s", second->sym->name, second->bound ? second->bound->name : "?",
                 first->bound ? first->bound->name : "?", line, region_desc(c));
        break;
    case V_NONE:
        break;
    }
}

static void judge_all(conflicts *c)
{
    for (int j = 0; j < c->nacc; j++)
        for (int i = 0; i <= j; i++)
            if (c->acc[i].sym == c->acc[j].sym)
                check_pair(c, &c->acc[i], &c->acc[j]);
}

static void analyze(conflicts *c, const region *r, const gm_stmt *body, const gm_expr *e1,
                    const gm_expr *e2)
{
    c->reg = r;
    c->nacc = 0;
    collect_expr(c, e1);
    collect_expr(c, e2);
    collect_stmt(c, body);
    judge_all(c);
}

static void analyze_group(conflicts *c, const gm_stmt *s)
{
    region r = {.kind = REG_GROUP, .iter = s->lhs->a ? s->lhs->a->sym : NULL,
                .private_from = INT_MAX, .stmt = s};
    if (!r.iter)
        return;
    c->reg = &r;
    c->nacc = 0;
    /* The group writes each element's own value: a linear write. */
    add(c, s->lhs->sym, ACC_WRITE, s->lhs, NULL);
    if (c->nacc > 0)
        c->acc[c->nacc - 1].linear = true;
    collect_expr(c, s->rhs);
    judge_all(c);
}

/* The regions that start at s: visited for every statement by gm_front's
 * gm_walk (ast_walk.h), so regions nested in others are judged too. */
static bool find_region(const gm_stmt *s, void *ctx)
{
    conflicts *c = ctx;
    switch (s->kind) {
    case GMS_ASSIGN:
        if (s->is_group && s->lhs)
            analyze_group(c, s);
        break;
    case GMS_FOREACH:
        if (s->parallel && s->iter.sym) {
            region r = {REG_FOREACH, s->iter.sym, s->iter.sym->id, s};
            analyze(c, &r, s->body, s->iter.filter, NULL);
        }
        break;
    case GMS_BFS:
        if (s->iter.sym) {
            region fwd = {REG_BFS, s->iter.sym, s->iter.sym->id, s};
            analyze(c, &fwd, s->body, s->navigator, s->iter.filter);
            region rev = {REG_REVERSE, s->iter.sym, s->iter.sym->id, s};
            analyze(c, &rev, s->rev_body, s->rev_filter, NULL);
        }
        break;
    default:
        break;
    }
    return true;
}

void gmc_check_conflicts(gm_checker *ck, gm_proc *proc)
{
    conflicts c = {.ck = ck};
    if (proc->body)
        gm_walk(proc->body, false, find_region, NULL, &c);
    free(c.acc);
    free(c.done);
}
