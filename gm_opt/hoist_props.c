/* hoist_props.c: allocate temporary properties once, not once per iteration.
 *
 * Contract: a declaration of a temporary node/edge property without an
 * initialiser (`N_P<Int> tmp;`) found in the body of a sequential loop (While,
 * Do, For) -- at the top level of the body or inside If branches and plain
 * blocks of it, not inside nested parallel loops -- moves to just before that
 * loop, repeatedly, so it ends outside every sequential loop around it.
 * This is legal when every element is written before anything reads it
 * (prop_defined.h): no value can be live from one iteration into the next,
 * so reusing the storage (whatever the previous iteration left in it) is a
 * valid fresh property and nothing needs re-initialising. A property that
 * may be read before it is written starts zeroed (or NIL) in every
 * iteration, so it stays where it is. Declarations with an initialiser,
 * collection-valued properties (whose elements must start empty) and names
 * declared more than once in the procedure (moving one could make two
 * declarations share a scope) are not moved either.
 */
#include <string.h>

#include "ast_walk.h"
#include "opt.h"
#include "passes.h"
#include "prop_defined.h"
#include "walk.h"

typedef struct name_count {
    const char *name;
    int count;
} name_count;

static void count_decl(gm_stmt *s, void *ctx)
{
    name_count *c = ctx;
    if (s->kind == GMS_DECL)
        for (gm_name *n = s->names; n; n = n->next)
            if (strcmp(n->name, c->name) == 0)
                c->count++;
}

static bool hoistable(gm_proc *proc, gm_stmt *s)
{
    if (s->kind != GMS_DECL || s->init || !s->decl_type || !s->names)
        return false;
    gm_type *t = s->decl_type;
    if ((t->kind != GMT_NODE_PROP && t->kind != GMT_EDGE_PROP) || !t->elem)
        return false;
    switch (t->elem->kind) {
    case GMT_INT: case GMT_LONG: case GMT_FLOAT: case GMT_DOUBLE: case GMT_BOOL:
    case GMT_NODE: case GMT_EDGE:
        break;
    default:
        return false;
    }
    for (gm_name *n = s->names; n; n = n->next) {
        name_count c = {n->name, 0};
        gmo_walk_stmts(proc->body, count_decl, &c);
        if (c.count != 1 || !n->sym || gmo_prop_may_read_unset(s->next, n->sym))
            return false;
    }
    return true;
}

static bool is_sequential_loop(const gm_stmt *s)
{
    return s->kind == GMS_WHILE || s->kind == GMS_DO_WHILE || (s->kind == GMS_FOREACH && !s->parallel);
}

typedef struct take_ctx {
    gm_proc *proc;
    gm_stmt *out; /* the declarations taken, in the order met */
} take_ctx;

/* gm_rewrite's pre hook of take_decls: unlinks a hoistable declaration
 * (the walk stands on its successor next), enters If and blocks only (a
 * nested loop's declarations already moved to just before it). */
static gm_rewrite_step take_one(gm_stmt ***link, void *ctx)
{
    take_ctx *t = ctx;
    gm_stmt *s = **link;
    if (hoistable(t->proc, s)) {
        **link = s->next;
        s->next = NULL;
        t->out = gm_stmt_list_append(t->out, s);
        return GM_REWRITE_AGAIN;
    }
    return s->kind == GMS_BLOCK || s->kind == GMS_IF ? GM_REWRITE_ON : GM_REWRITE_OVER;
}

/* Unlinks the hoistable declarations of list (descending into If and
 * blocks only) and appends them to *out. */
static void take_decls(gm_proc *proc, gm_stmt **list, gm_stmt **out)
{
    static const gm_rewrite_hooks hooks = {take_one, NULL};
    take_ctx t = {proc, *out};
    gm_rewrite(list, &hooks, &t);
    *out = t.out;
}

/* Post-order (gm_front's gm_rewrite): inner loops first, so a declaration
 * moves out of every sequential loop around it. */
static gm_rewrite_step visit(gm_stmt ***link, void *ctx)
{
    gm_stmt *s = **link;
    if (!is_sequential_loop(s) || !s->body)
        return GM_REWRITE_ON;
    gm_stmt *moved = NULL;
    take_decls(ctx, &s->body->body, &moved);
    if (!moved)
        return GM_REWRITE_ON;
    gm_stmt *last = moved;
    while (last->next)
        last = last->next;
    last->next = s;
    **link = moved;
    *link = &last->next; /* the walk goes on after s */
    return GM_REWRITE_ON;
}

void gmo_hoist_props(gm_program *p)
{
    static const gm_rewrite_hooks hooks = {NULL, visit};
    for (gm_proc *proc = p->procs; proc; proc = proc->next)
        if (proc->body)
            gm_rewrite(&proc->body->body, &hooks, proc);
}
