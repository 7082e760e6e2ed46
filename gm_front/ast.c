/* ast.c: the AST's arena, constructors, deep copies, list helpers and the
 * spelling tables used by the printer and by diagnostics. */
#include "ast.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oom.h"

/* ------------------------------------------------------------------ */
/* Arena: a chain of chunks; memory is handed out by bumping a pointer
 * and is only released all at once. */

enum { ARENA_CHUNK = 64 * 1024 };

typedef struct arena_chunk {
    struct arena_chunk *prev;
    size_t used, size;
    /* payload follows, aligned like max_align_t */
    _Alignas(max_align_t) unsigned char data[];
} arena_chunk;

struct gm_arena {
    arena_chunk *chunks;
};

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n, size);
    if (!p)
        gm_out_of_memory("the syntax tree", n * size);
    return p;
}

gm_arena *gm_arena_new(void) { return xcalloc(1, sizeof(gm_arena)); }

void gm_arena_free(gm_arena *a)
{
    if (!a)
        return;
    arena_chunk *c = a->chunks;
    while (c) {
        arena_chunk *prev = c->prev;
        free(c);
        c = prev;
    }
    free(a);
}

void *gm_arena_alloc(gm_arena *a, size_t size)
{
    const size_t align = _Alignof(max_align_t);
    size = (size + align - 1) & ~(align - 1);
    if (size == 0)
        size = align;
    arena_chunk *c = a->chunks;
    if (!c || c->size - c->used < size) {
        /* Large requests get a chunk of their own, so a big string does not
         * waste the rest of the current chunk. */
        size_t cap = size > ARENA_CHUNK / 4 ? size : ARENA_CHUNK;
        arena_chunk *n = xcalloc(1, sizeof(arena_chunk) + cap);
        n->size = cap;
        if (cap == size && c) {
            /* keep bumping in the current chunk: slide the new one under it */
            n->prev = c->prev;
            c->prev = n;
        } else {
            n->prev = c;
            a->chunks = n;
        }
        c = n;
    }
    void *p = c->data + c->used;
    c->used += size;
    return p; /* chunks come from calloc and are never reused: already zero */
}

char *gm_arena_strndup(gm_arena *a, const char *s, size_t n)
{
    char *d = gm_arena_alloc(a, n + 1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

char *gm_arena_strdup(gm_arena *a, const char *s)
{
    return s ? gm_arena_strndup(a, s, strlen(s)) : NULL;
}

char *gm_arena_printf(gm_arena *a, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return gm_arena_strdup(a, "");
    char *d = gm_arena_alloc(a, (size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(d, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return d;
}

/* ------------------------------------------------------------------ */
/* Constructors */

gm_program *gm_program_new(const char *filename)
{
    gm_arena *a = gm_arena_new();
    gm_program *p = gm_arena_alloc(a, sizeof *p);
    p->arena = a;
    p->filename = gm_arena_strdup(a, filename ? filename : "<input>");
    return p;
}

void gm_program_free(gm_program *p)
{
    if (p)
        gm_arena_free(p->arena); /* p itself lives in its arena */
}

gm_type *gm_type_new(gm_arena *a, gm_type_kind kind, gm_loc loc)
{
    gm_type *t = gm_arena_alloc(a, sizeof *t);
    t->kind = kind;
    t->loc = loc;
    return t;
}

gm_expr *gm_expr_new(gm_arena *a, gm_expr_kind kind, gm_loc loc)
{
    gm_expr *e = gm_arena_alloc(a, sizeof *e);
    e->kind = kind;
    e->loc = loc;
    e->builtin = -1; /* "none" is -1, not 0: 0 may be a valid built-in id */
    return e;
}

gm_stmt *gm_stmt_new(gm_arena *a, gm_stmt_kind kind, gm_loc loc)
{
    gm_stmt *s = gm_arena_alloc(a, sizeof *s);
    s->kind = kind;
    s->loc = loc;
    return s;
}

gm_name *gm_name_new(gm_arena *a, const char *name, gm_loc loc)
{
    gm_name *n = gm_arena_alloc(a, sizeof *n);
    n->name = name;
    n->loc = loc;
    return n;
}

gm_param *gm_param_new(gm_arena *a, const char *name, gm_loc loc, gm_type *type, bool is_output)
{
    gm_param *p = gm_arena_alloc(a, sizeof *p);
    p->name = name;
    p->loc = loc;
    p->type = type;
    p->is_output = is_output;
    return p;
}

gm_proc *gm_proc_new(gm_arena *a, const char *name, gm_loc loc)
{
    gm_proc *p = gm_arena_alloc(a, sizeof *p);
    p->name = name;
    p->loc = loc;
    return p;
}

gm_symbol *gm_symbol_new(gm_program *p, const char *name, gm_loc loc, gm_type *type,
                         gm_sym_kind kind)
{
    gm_symbol *s = gm_arena_alloc(p->arena, sizeof *s);
    s->name = name;
    s->loc = loc;
    s->type = type;
    s->kind = kind;
    s->id = p->next_symbol_id++;
    return s;
}

gm_expr *gm_expr_int(gm_arena *a, int64_t v, gm_loc loc)
{
    gm_expr *e = gm_expr_new(a, GME_INT, loc);
    e->int_val = v;
    return e;
}

gm_expr *gm_expr_bool(gm_arena *a, bool v, gm_loc loc)
{
    gm_expr *e = gm_expr_new(a, GME_BOOL, loc);
    e->bool_val = v;
    return e;
}

gm_expr *gm_expr_id(gm_arena *a, gm_symbol *sym, gm_loc loc)
{
    gm_expr *e = gm_expr_new(a, GME_ID, loc);
    e->name = sym->name;
    e->sym = sym;
    e->type = sym->type;
    return e;
}

gm_expr *gm_expr_prop(gm_arena *a, gm_expr *base, gm_symbol *prop, gm_loc loc)
{
    gm_expr *e = gm_expr_new(a, GME_PROP, loc);
    e->a = base;
    e->name = prop->name;
    e->sym = prop;
    /* the value of n.P has the property's element type */
    e->type = prop->type ? prop->type->elem : NULL;
    return e;
}

static bool op_is_boolean_result(gm_op op)
{
    return op >= GMOP_LT && op <= GMOP_OR;
}

gm_expr *gm_expr_binary(gm_arena *a, gm_op op, gm_expr *l, gm_expr *r, gm_loc loc)
{
    gm_expr *e = gm_expr_new(a, GME_BINARY, loc);
    e->op = op;
    e->a = l;
    e->b = r;
    /* Passes build already-checked code: give it the obvious type. Arithmetic
     * takes the left operand's (shared) type; the checker refines when it runs. */
    if (op_is_boolean_result(op))
        e->type = gm_type_new(a, GMT_BOOL, loc);
    else if (l)
        e->type = l->type;
    return e;
}

/* ------------------------------------------------------------------ */
/* Deep copies. Symbols and expression types are shared; declared types
 * (decl_type, parameter types) are copied so a pass may rebind them. */

gm_type *gm_type_copy(gm_arena *a, const gm_type *t)
{
    if (!t)
        return NULL;
    gm_type *c = gm_arena_alloc(a, sizeof *c);
    *c = *t;
    c->elem = gm_type_copy(a, t->elem);
    c->key = gm_type_copy(a, t->key);
    c->val = gm_type_copy(a, t->val);
    return c;
}

static void iter_copy(gm_arena *a, gm_iter *dst, const gm_iter *src)
{
    *dst = *src;
    dst->source = gm_expr_copy(a, src->source);
    dst->range_arg = gm_expr_copy(a, src->range_arg);
    dst->filter = gm_expr_copy(a, src->filter);
}

static gm_foreign_seg *foreign_copy(gm_arena *a, const gm_foreign_seg *seg)
{
    gm_foreign_seg *head = NULL, **tail = &head;
    for (; seg; seg = seg->next) {
        gm_foreign_seg *c = gm_arena_alloc(a, sizeof *c);
        c->text = seg->text;
        c->ref = gm_expr_copy(a, seg->ref);
        *tail = c;
        tail = &c->next;
    }
    return head;
}

gm_expr *gm_expr_copy(gm_arena *a, const gm_expr *e)
{
    if (!e)
        return NULL;
    gm_expr *c = gm_arena_alloc(a, sizeof *c);
    *c = *e;
    c->next = NULL;
    c->a = gm_expr_copy(a, e->a);
    c->b = gm_expr_copy(a, e->b);
    c->c = gm_expr_copy(a, e->c);
    c->args = gm_expr_list_copy(a, e->args);
    c->out_args = gm_expr_list_copy(a, e->out_args);
    iter_copy(a, &c->iter, &e->iter);
    c->foreign = foreign_copy(a, e->foreign);
    return c;
}

gm_expr *gm_expr_list_copy(gm_arena *a, const gm_expr *list)
{
    gm_expr *head = NULL, **tail = &head;
    for (; list; list = list->next) {
        *tail = gm_expr_copy(a, list);
        tail = &(*tail)->next;
    }
    return head;
}

bool gm_expr_equal(const gm_expr *a, const gm_expr *b)
{
    if (!a || !b)
        return a == b;
    if (a->kind != b->kind)
        return false;
    switch (a->kind) {
    case GME_INT: return a->int_val == b->int_val;
    case GME_BOOL: return a->bool_val == b->bool_val;
    case GME_FLOAT: return a->float_val == b->float_val;
    case GME_INF: return a->negative == b->negative;
    case GME_NIL: return true;
    case GME_ID: return a->sym && a->sym == b->sym;
    case GME_PROP: return a->sym && a->sym == b->sym && gm_expr_equal(a->a, b->a);
    case GME_UNARY:
    case GME_BINARY: return a->op == b->op && gm_expr_equal(a->a, b->a) && gm_expr_equal(a->b, b->b);
    case GME_ABS: return gm_expr_equal(a->a, b->a);
    case GME_CAST: return a->cast_to == b->cast_to && gm_expr_equal(a->a, b->a);
    case GME_TERNARY:
        return gm_expr_equal(a->a, b->a) && gm_expr_equal(a->b, b->b) && gm_expr_equal(a->c, b->c);
    case GME_CALL:
        if (a->builtin < 0 || a->builtin != b->builtin || !gm_expr_equal(a->a, b->a))
            return false;
        for (a = a->args, b = b->args; a && b; a = a->next, b = b->next)
            if (!gm_expr_equal(a, b))
                return false;
        return !a && !b;
    default: return false;
    }
}

static gm_name *name_list_copy(gm_arena *a, const gm_name *n)
{
    gm_name *head = NULL, **tail = &head;
    for (; n; n = n->next) {
        gm_name *c = gm_arena_alloc(a, sizeof *c);
        *c = *n;
        c->next = NULL;
        *tail = c;
        tail = &c->next;
    }
    return head;
}

static gm_stmt *stmt_list_copy(gm_arena *a, const gm_stmt *s)
{
    gm_stmt *head = NULL, **tail = &head;
    for (; s; s = s->next) {
        *tail = gm_stmt_copy(a, s);
        tail = &(*tail)->next;
    }
    return head;
}

gm_stmt *gm_stmt_copy(gm_arena *a, const gm_stmt *s)
{
    if (!s)
        return NULL;
    gm_stmt *c = gm_arena_alloc(a, sizeof *c);
    *c = *s;
    c->next = NULL;
    c->pass_data = NULL; /* scratch data belongs to the original */
    c->body = stmt_list_copy(a, s->body);
    c->decl_type = gm_type_copy(a, s->decl_type);
    c->names = name_list_copy(a, s->names);
    c->init = gm_expr_copy(a, s->init);
    c->lhs = gm_expr_list_copy(a, s->lhs); /* arg-min/max: lists */
    c->rhs = gm_expr_list_copy(a, s->rhs);
    c->cond = gm_expr_copy(a, s->cond);
    c->then_stmt = gm_stmt_copy(a, s->then_stmt);
    c->else_stmt = gm_stmt_copy(a, s->else_stmt);
    iter_copy(a, &c->iter, &s->iter);
    c->root = gm_expr_copy(a, s->root);
    c->navigator = gm_expr_copy(a, s->navigator);
    c->rev_filter = gm_expr_copy(a, s->rev_filter);
    c->rev_body = stmt_list_copy(a, s->rev_body);
    c->value = gm_expr_list_copy(a, s->value); /* Print: a list */
    c->foreign = foreign_copy(a, s->foreign);
    c->modified = gm_expr_list_copy(a, s->modified);
    return c;
}

/* ------------------------------------------------------------------ */
/* Lists */

int gm_expr_list_len(const gm_expr *list)
{
    int n = 0;
    for (; list; list = list->next)
        n++;
    return n;
}

gm_expr *gm_expr_list_append(gm_expr *list, gm_expr *e)
{
    if (!list)
        return e;
    gm_expr *t = list;
    while (t->next)
        t = t->next;
    t->next = e;
    return list;
}

gm_stmt *gm_stmt_list_append(gm_stmt *list, gm_stmt *s)
{
    if (!list)
        return s;
    gm_stmt *t = list;
    while (t->next)
        t = t->next;
    t->next = s;
    return list;
}

/* ------------------------------------------------------------------ */
/* Spellings */

const char *gm_type_kind_name(gm_type_kind k)
{
    switch (k) {
    case GMT_ERROR: return "<error>";
    case GMT_VOID: return "Void";
    case GMT_INT: return "Int";
    case GMT_LONG: return "Long";
    case GMT_FLOAT: return "Float";
    case GMT_DOUBLE: return "Double";
    case GMT_BOOL: return "Bool";
    case GMT_STRING: return "String";
    case GMT_GRAPH: return "Graph";
    case GMT_NODE: return "Node";
    case GMT_EDGE: return "Edge";
    case GMT_NODE_PROP: return "N_P";
    case GMT_EDGE_PROP: return "E_P";
    case GMT_NODE_SET: return "N_S";
    case GMT_NODE_ORDER: return "N_O";
    case GMT_NODE_SEQ: return "N_Q";
    case GMT_COLLECTION: return "Collection";
    case GMT_MAP: return "Map";
    case GMT_INF: return "INF";
    case GMT_NIL: return "NIL";
    }
    return "?";
}

const char *gm_op_spelling(gm_op op)
{
    switch (op) {
    case GMOP_NONE: return "";
    case GMOP_NEG: return "-";
    case GMOP_NOT: return "!";
    case GMOP_ADD: return "+";
    case GMOP_SUB: return "-";
    case GMOP_MUL: return "*";
    case GMOP_DIV: return "/";
    case GMOP_MOD: return "%";
    case GMOP_LT: return "<";
    case GMOP_GT: return ">";
    case GMOP_LE: return "<=";
    case GMOP_GE: return ">=";
    case GMOP_EQ: return "==";
    case GMOP_NE: return "!=";
    case GMOP_AND: return "&&";
    case GMOP_OR: return "||";
    }
    return "?";
}

const char *gm_assign_op_spelling(gm_assign_op op)
{
    switch (op) {
    case GMA_ASSIGN: return "=";
    case GMA_PLUS: return "+=";
    case GMA_MINUS: return "-=";
    case GMA_MULT: return "*=";
    case GMA_MIN: return "min=";
    case GMA_MAX: return "max=";
    case GMA_AND: return "&=";
    case GMA_OR: return "|=";
    case GMA_INC: return "++";
    case GMA_DEC: return "--";
    case GMA_DEFER: return "<=";
    }
    return "?";
}

const char *gm_reduce_op_name(gm_reduce_op op)
{
    switch (op) {
    case GMRED_NONE: return "";
    case GMRED_SUM: return "Sum";
    case GMRED_PRODUCT: return "Product";
    case GMRED_MIN: return "Min";
    case GMRED_MAX: return "Max";
    case GMRED_COUNT: return "Count";
    case GMRED_EXIST: return "Exist";
    case GMRED_ALL: return "All";
    case GMRED_AVG: return "Avg";
    }
    return "?";
}

const char *gm_range_name(gm_range_kind r)
{
    switch (r) {
    case GMR_NODES: return "Nodes";
    case GMR_EDGES: return "Edges";
    case GMR_NBRS: return "Nbrs";
    case GMR_IN_NBRS: return "InNbrs";
    case GMR_UP_NBRS: return "UpNbrs";
    case GMR_DOWN_NBRS: return "DownNbrs";
    case GMR_ITEMS: return "Items";
    case GMR_COMMON_NBRS: return "CommonNbrs";
    case GMR_OUT_EDGES: return "OutEdges";
    case GMR_IN_EDGES: return "InEdges";
    }
    return "?";
}

void gm_foreign_idents(const char *text, void (*fn)(const char *name, size_t len, void *ctx),
                       void *ctx)
{
    const char *p = text;
    while (p && *p) {
        if (*p == '"' || *p == '\'') {
            char q = *p++;
            while (*p && *p != q)
                p += p[0] == '\\' && p[1] ? 2 : 1;
            if (*p)
                p++;
        } else if (p[0] == '/' && p[1] == '*') {
            const char *end = strstr(p + 2, "*/");
            p = end ? end + 2 : p + strlen(p);
        } else if (p[0] == '/' && p[1] == '/') {
            p += strcspn(p, "\n");
        } else if (isalpha((unsigned char)*p) || *p == '_') {
            const char *start = p;
            while (isalnum((unsigned char)*p) || *p == '_')
                p++;
            fn(start, (size_t)(p - start), ctx);
        } else if (isdigit((unsigned char)*p)) {
            /* a number, with its suffix or exponent: no identifier */
            while (isalnum((unsigned char)*p) || *p == '_' || *p == '.')
                p++;
        } else {
            p++;
        }
    }
}
