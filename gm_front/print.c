/* print.c: prints a program back as Green-Marl text (the output of --dump).
 *
 * The output re-parses to the same tree shape, so print(parse(print(x))) ==
 * print(x): 4-space indentation, types in canonical spelling (N_P<Int>(G)),
 * only the parentheses that precedence requires, "@ it" wherever a bound
 * name or bound symbol is set. Nodes that only passes create are printed
 * too (temporaries may have names starting with '_', which the lexer would
 * refuse; that is fine for a dump). */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front.h"
#include "types.h"

/* Precedence levels, lowest first (section 6 of the reference). */
enum {
    PREC_TERNARY = 1,
    PREC_OR,
    PREC_AND,
    PREC_EQ,
    PREC_REL,
    PREC_ADD,
    PREC_MUL,
    PREC_UNARY,   /* - ! casts, foreign code */
    PREC_POSTFIX, /* x.P  M[k]  calls  literals  names  (e)  |e|  reductions */
};

static int binary_prec(gm_op op)
{
    switch (op) {
    case GMOP_OR: return PREC_OR;
    case GMOP_AND: return PREC_AND;
    case GMOP_EQ:
    case GMOP_NE: return PREC_EQ;
    case GMOP_LT:
    case GMOP_GT:
    case GMOP_LE:
    case GMOP_GE: return PREC_REL;
    case GMOP_ADD:
    case GMOP_SUB: return PREC_ADD;
    case GMOP_MUL:
    case GMOP_DIV:
    case GMOP_MOD: return PREC_MUL;
    default: return PREC_POSTFIX;
    }
}

/* A literal printed with a leading '-' behaves like a unary minus. */
static bool prints_negative(const gm_expr *e)
{
    switch (e->kind) {
    case GME_INT: return e->int_val < 0;
    case GME_FLOAT: return e->text ? e->text[0] == '-' : (signbit(e->float_val) != 0);
    default: return false;
    }
}

static int expr_prec(const gm_expr *e)
{
    switch (e->kind) {
    case GME_TERNARY: return PREC_TERNARY;
    case GME_BINARY: return binary_prec(e->op);
    case GME_UNARY:
    case GME_CAST:
    case GME_FOREIGN: return PREC_UNARY;
    case GME_INT:
        if (e->int_val == INT64_MIN)
            return PREC_ADD; /* printed as a subtraction */
        return prints_negative(e) ? PREC_UNARY : PREC_POSTFIX;
    case GME_FLOAT: return prints_negative(e) ? PREC_UNARY : PREC_POSTFIX;
    default: return PREC_POSTFIX;
    }
}

/* Does the printed form of e start with '-'? Then a preceding unary minus
 * needs a space, or "- -x" would lex as "--". */
static bool starts_with_minus(const gm_expr *e)
{
    for (;;) {
        switch (e->kind) {
        case GME_UNARY:
            return e->op == GMOP_NEG;
        case GME_INF:
            return e->negative;
        case GME_INT:
        case GME_FLOAT:
            return prints_negative(e);
        case GME_BINARY:
            if (binary_prec(e->op) < PREC_UNARY && e->a && expr_prec(e->a) >= binary_prec(e->op)) {
                e = e->a; /* printed without parentheses: starts with its left operand */
                continue;
            }
            return false;
        default:
            return false;
        }
    }
}

static void print_expr_prec(FILE *out, const gm_expr *e, int min_prec);
static void print_stmt(FILE *out, const gm_stmt *s, int indent);

static void print_expr_list(FILE *out, const gm_expr *list)
{
    for (const gm_expr *e = list; e; e = e->next) {
        print_expr_prec(out, e, PREC_TERNARY);
        if (e->next)
            fputs(", ", out);
    }
}

static void print_float(FILE *out, const gm_expr *e)
{
    if (e->text) {
        fputs(e->text, out);
        return;
    }
    double v = e->float_val;
    if (isinf(v)) {
        fputs(v < 0 ? "-INF" : "INF", out);
        return;
    }
    if (isnan(v)) {
        fputs("(0.0 / 0.0)", out);
        return;
    }
    /* Shortest form that reads back exactly, always with a '.' so that it
     * lexes as a floating literal ("1e+20" becomes "1.0e+20"). */
    char buf[64];
    for (int digits = 1; digits <= 17; digits++) {
        snprintf(buf, sizeof buf, "%.*g", digits, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    char *exp = strpbrk(buf, "eE");
    if (!strchr(buf, '.')) {
        if (exp) {
            char tail[32];
            snprintf(tail, sizeof tail, "%s", exp);
            snprintf(exp, sizeof buf - (size_t)(exp - buf), ".0%s", tail);
        } else {
            strncat(buf, ".0", sizeof buf - strlen(buf) - 1);
        }
    }
    fputs(buf, out);
}

static void print_iter_head(FILE *out, const gm_iter *it)
{
    fprintf(out, "(%s: ", it->name ? it->name : "_");
    if (it->source)
        print_expr_prec(out, it->source, PREC_POSTFIX);
    else
        fputs("_", out);
    if (it->reverse)
        fputc('-', out);
    else if (it->transposed)
        fputc('^', out);
    fprintf(out, ".%s", gm_range_name(it->range));
    if (it->range == GMR_COMMON_NBRS) {
        fputc('(', out);
        if (it->range_arg)
            print_expr_prec(out, it->range_arg, PREC_TERNARY);
        fputc(')', out);
    }
    fputc(')', out);
}

static void print_foreign(FILE *out, const gm_foreign_seg *seg)
{
    fputc('[', out);
    for (; seg; seg = seg->next) {
        if (seg->text) {
            fputs(seg->text, out);
        } else if (seg->ref) {
            const gm_expr *r = seg->ref;
            if (r->kind == GME_PROP && r->a && r->a->name)
                fprintf(out, "$%s.%s", r->a->name, r->name ? r->name : "_");
            else
                fprintf(out, "$%s", r->name ? r->name : "_");
        }
    }
    fputc(']', out);
}

/* "|e|", with spaces where e itself starts or ends with '|' (so that
 * "||a||" does not lex as "||" a "||"). */
static void print_abs(FILE *out, const gm_expr *inner)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&buf, &len);
    if (!mem) {
        fputs("| ", out);
        print_expr_prec(out, inner, PREC_TERNARY);
        fputs(" |", out);
        return;
    }
    print_expr_prec(mem, inner, PREC_TERNARY);
    fclose(mem);
    bool space_front = len > 0 && buf[0] == '|';
    bool space_back = len > 0 && buf[len - 1] == '|';
    fprintf(out, "|%s%s%s|", space_front ? " " : "", buf, space_back ? " " : "");
    free(buf);
}

/* Literals as the base of ".P", "[k]" or ".F()" need parentheses: "3.P"
 * would lex as the floating literal "3." followed by P. */
static void print_base(FILE *out, const gm_expr *base)
{
    bool literal = base && (base->kind == GME_INT || base->kind == GME_FLOAT);
    if (literal)
        fputc('(', out);
    print_expr_prec(out, base, literal ? PREC_TERNARY : PREC_POSTFIX);
    if (literal)
        fputc(')', out);
}

static void print_expr_body(FILE *out, const gm_expr *e)
{
    switch (e->kind) {
    case GME_INT:
        if (e->int_val == INT64_MIN)
            fprintf(out, "-%" PRId64 " - 1", INT64_MAX);
        else
            fprintf(out, "%" PRId64, e->int_val);
        break;
    case GME_FLOAT:
        print_float(out, e);
        break;
    case GME_BOOL:
        fputs(e->bool_val ? "True" : "False", out);
        break;
    case GME_INF:
        fputs(e->negative ? "-INF" : "INF", out);
        break;
    case GME_NIL:
        fputs("NIL", out);
        break;
    case GME_STRING:
        fprintf(out, "\"%s\"", e->text ? e->text : "");
        break;
    case GME_ID:
        fputs(e->is_discard ? "#" : e->name ? e->name : e->sym ? e->sym->name : "_", out);
        break;
    case GME_PROP:
        if (e->a) {
            print_base(out, e->a);
            fputc('.', out);
        }
        fputs(e->name ? e->name : e->sym ? e->sym->name : "_", out);
        break;
    case GME_INDEX:
        print_base(out, e->a);
        fputc('[', out);
        print_expr_prec(out, e->b, PREC_TERNARY);
        fputc(']', out);
        break;
    case GME_UNARY:
        fputs(e->op == GMOP_NOT ? "!" : "-", out);
        /* "- -x" and "- INF" must not become "--x" and the token "-INF" */
        if (e->op == GMOP_NEG && e->a && expr_prec(e->a) >= PREC_UNARY &&
            (starts_with_minus(e->a) || e->a->kind == GME_INF))
            fputc(' ', out);
        print_expr_prec(out, e->a, PREC_UNARY);
        break;
    case GME_BINARY: {
        int p = binary_prec(e->op);
        print_expr_prec(out, e->a, p);
        fprintf(out, " %s ", gm_op_spelling(e->op));
        print_expr_prec(out, e->b, p + 1); /* left-associative */
        break;
    }
    case GME_TERNARY:
        print_expr_prec(out, e->a, PREC_OR);
        fputs(" ? ", out);
        print_expr_prec(out, e->b, PREC_TERNARY);
        fputs(" : ", out);
        print_expr_prec(out, e->c, PREC_TERNARY);
        break;
    case GME_ABS:
        print_abs(out, e->a);
        break;
    case GME_CAST:
        fprintf(out, "(%s) ", gm_type_kind_name(e->cast_to));
        print_expr_prec(out, e->a, PREC_UNARY);
        break;
    case GME_CALL:
        if (e->a) {
            print_base(out, e->a);
            fputc('.', out);
        }
        fprintf(out, "%s(", e->name ? e->name : "_");
        print_expr_list(out, e->args);
        if (e->has_out_args || e->out_args) {
            fputs(e->args ? "; " : ";", out);
            print_expr_list(out, e->out_args);
        }
        fputc(')', out);
        break;
    case GME_REDUCE:
        fputs(gm_reduce_op_name(e->reduce_op), out);
        print_iter_head(out, &e->iter);
        if (e->iter.filter) {
            fputc('(', out);
            print_expr_prec(out, e->iter.filter, PREC_TERNARY);
            fputc(')', out);
        }
        if (e->reduce_op != GMRED_COUNT || e->a) {
            fputs("{ ", out);
            if (e->a)
                print_expr_prec(out, e->a, PREC_TERNARY);
            fputs(" }", out);
        }
        break;
    case GME_FOREIGN:
        print_foreign(out, e->foreign);
        break;
    }
}

static void print_expr_prec(FILE *out, const gm_expr *e, int min_prec)
{
    if (!e) {
        fputs("_", out);
        return;
    }
    bool parens = expr_prec(e) < min_prec;
    if (parens)
        fputc('(', out);
    print_expr_body(out, e);
    if (parens)
        fputc(')', out);
}

void gmf_print_expr(FILE *out, const gm_expr *e) { print_expr_prec(out, e, PREC_TERNARY); }

/* ------------------------------------------------------------------ */
/* Types */

void gmf_print_type(FILE *out, const gm_type *t)
{
    if (!t) {
        fputs("<none>", out);
        return;
    }
    if (t->kind == GMT_GRAPH) {
        fputs(t->undirected ? "UGraph" : "Graph", out);
        return;
    }
    fputs(gm_type_kind_name(t->kind), out);
    switch (t->kind) {
    case GMT_NODE_PROP:
    case GMT_EDGE_PROP:
    case GMT_COLLECTION:
        fputc('<', out);
        gmf_print_type(out, t->elem);
        fputc('>', out);
        break;
    case GMT_MAP:
        fputc('<', out);
        gmf_print_type(out, t->key);
        fputs(", ", out);
        gmf_print_type(out, t->val);
        fputc('>', out);
        return; /* a map names no graph of its own */
    default:
        break;
    }
    if (gmt_needs_graph(t)) { /* a map returned above */
        /* the graph as written, or the one the checker bound it to */
        const char *g = t->graph_name ? t->graph_name : t->graph ? t->graph->name : NULL;
        if (g)
            fprintf(out, "(%s)", g);
    }
}

/* ------------------------------------------------------------------ */
/* Statements */

static void put_indent(FILE *out, int indent)
{
    for (int i = 0; i < indent; i++)
        fputs("    ", out);
}

static void print_bound(FILE *out, const gm_stmt *s)
{
    const char *b = s->bound_name ? s->bound_name : s->bound ? s->bound->name : NULL;
    if (b)
        fprintf(out, " @ %s", b);
}

/* Prints "{ ... }" for a block, or the statement wrapped in braces. The
 * opening brace goes on the current line; no newline after the '}'. */
static void print_braced(FILE *out, const gm_stmt *s, int indent)
{
    fputs("{\n", out);
    if (s) {
        const gm_stmt *list = s->kind == GMS_BLOCK ? s->body : s;
        const gm_stmt *only = s->kind == GMS_BLOCK ? NULL : s; /* a lone statement: no siblings */
        for (const gm_stmt *c = list; c; c = only ? NULL : c->next)
            print_stmt(out, c, indent + 1);
    }
    put_indent(out, indent);
    fputc('}', out);
}

/* Would an "Else" printed after s bind to an If inside s? */
static bool ends_with_open_if(const gm_stmt *s)
{
    while (s) {
        switch (s->kind) {
        case GMS_IF:
            if (!s->else_stmt)
                return true;
            s = s->else_stmt;
            break;
        case GMS_FOREACH:
            s = s->body;
            break;
        default:
            return false;
        }
    }
    return false;
}

/* The body of If/Foreach/For: a block stays on the header's line, any other
 * statement goes on the next line, one level deeper. Ends with a newline. */
static void print_body(FILE *out, const gm_stmt *s, int indent, bool force_braces)
{
    if (!s || s->kind == GMS_BLOCK || force_braces) {
        fputc(' ', out);
        print_braced(out, s, indent);
        fputc('\n', out);
    } else {
        fputc('\n', out);
        print_stmt(out, s, indent + 1);
    }
}

static void print_filter(FILE *out, const gm_expr *f)
{
    if (f) {
        fputc('(', out);
        print_expr_prec(out, f, PREC_TERNARY);
        fputc(')', out);
    }
}

/* Arg-min/max lists: a '>' at the top level would close the list, so
 * anything looser than '+' gets parentheses. */
static void print_angle_list(FILE *out, const gm_expr *list)
{
    fputc('<', out);
    for (const gm_expr *e = list; e; e = e->next) {
        print_expr_prec(out, e, PREC_ADD);
        if (e->next)
            fputs(e == list ? "; " : ", ", out);
    }
    fputc('>', out);
}

static void print_if(FILE *out, const gm_stmt *s, int indent)
{
    fputs("If (", out);
    print_expr_prec(out, s->cond, PREC_TERNARY);
    fputc(')', out);
    bool brace_then = s->else_stmt && ends_with_open_if(s->then_stmt);
    if (!s->else_stmt) {
        print_body(out, s->then_stmt, indent, false);
        return;
    }
    bool then_block = !s->then_stmt || s->then_stmt->kind == GMS_BLOCK || brace_then;
    if (then_block) {
        fputc(' ', out);
        print_braced(out, s->then_stmt, indent);
        fputc(' ', out);
    } else {
        fputc('\n', out);
        print_stmt(out, s->then_stmt, indent + 1);
        put_indent(out, indent);
    }
    fputs("Else", out);
    if (s->else_stmt->kind == GMS_IF) {
        fputc(' ', out); /* Else If chains stay flat */
        print_if(out, s->else_stmt, indent);
    } else {
        print_body(out, s->else_stmt, indent, false);
    }
}

static void print_traversal(FILE *out, const gm_stmt *s, int indent)
{
    bool bfs = s->kind == GMS_BFS;
    fprintf(out, "%s (%s: ", bfs ? "InBFS" : "InDFS", s->iter.name ? s->iter.name : "_");
    print_expr_prec(out, s->iter.source, PREC_POSTFIX);
    fprintf(out, "%s.Nodes From ", s->iter.transposed ? "^" : "");
    print_expr_prec(out, s->root, PREC_TERNARY);
    fputc(')', out);
    if (s->navigator) {
        fputc('[', out);
        print_expr_prec(out, s->navigator, PREC_TERNARY);
        fputc(']', out);
    }
    print_filter(out, s->iter.filter);
    if (s->levels_in)
        fprintf(out, " /* levels in %s */", s->levels_in->name);
    fputc(' ', out);
    print_braced(out, s->body, indent);
    if (s->rev_body || s->rev_filter) {
        fputs(bfs ? " InReverse" : " InPost", out);
        print_filter(out, s->rev_filter);
        fputc(' ', out);
        print_braced(out, s->rev_body, indent);
    }
    fputc('\n', out);
}

static void print_stmt(FILE *out, const gm_stmt *s, int indent)
{
    put_indent(out, indent);
    switch (s->kind) {
    case GMS_EMPTY:
        fputs(";\n", out);
        break;
    case GMS_BLOCK:
        print_braced(out, s, indent);
        fputc('\n', out);
        break;
    case GMS_DECL:
        gmf_print_type(out, s->decl_type);
        fputc(' ', out);
        for (const gm_name *n = s->names; n; n = n->next)
            fprintf(out, "%s%s", n->name ? n->name : "_", n->next ? ", " : "");
        if (s->init) {
            fputs(" = ", out);
            print_expr_prec(out, s->init, PREC_TERNARY);
        }
        fputs(";\n", out);
        break;
    case GMS_ASSIGN:
        print_expr_prec(out, s->lhs, PREC_POSTFIX);
        if (s->assign_op == GMA_INC || s->assign_op == GMA_DEC) {
            fputs(gm_assign_op_spelling(s->assign_op), out);
        } else {
            fprintf(out, " %s ", gm_assign_op_spelling(s->assign_op));
            print_expr_prec(out, s->rhs, PREC_TERNARY);
        }
        print_bound(out, s);
        fputs(";\n", out);
        break;
    case GMS_ARGMINMAX:
        print_angle_list(out, s->lhs);
        fprintf(out, " %s ", s->assign_op == GMA_MAX ? "max=" : "min=");
        print_angle_list(out, s->rhs);
        print_bound(out, s);
        fputs(";\n", out);
        break;
    case GMS_IF:
        print_if(out, s, indent);
        break;
    case GMS_WHILE:
        fputs("While (", out);
        print_expr_prec(out, s->cond, PREC_TERNARY);
        fputs(") ", out);
        if (s->min_label)
            fprintf(out, "/* min label of %s per weakly connected component */ ", s->min_label->name);
        print_braced(out, s->body, indent);
        fputc('\n', out);
        break;
    case GMS_DO_WHILE:
        fputs("Do ", out);
        if (s->min_label)
            fprintf(out, "/* min label of %s per weakly connected component */ ", s->min_label->name);
        print_braced(out, s->body, indent);
        fputs(" While (", out);
        print_expr_prec(out, s->cond, PREC_TERNARY);
        fputs(");\n", out);
        break;
    case GMS_FOREACH:
        fputs(s->parallel ? "Foreach " : "For ", out);
        print_iter_head(out, &s->iter);
        print_filter(out, s->iter.filter);
        print_body(out, s->body, indent, false);
        break;
    case GMS_BFS:
    case GMS_DFS:
        print_traversal(out, s, indent);
        break;
    case GMS_RETURN:
        fputs("Return", out);
        if (s->value) {
            fputc(' ', out);
            print_expr_prec(out, s->value, PREC_TERNARY);
        }
        fputs(";\n", out);
        break;
    case GMS_CALL:
        print_expr_prec(out, s->value, PREC_TERNARY);
        fputs(";\n", out);
        break;
    case GMS_FOREIGN:
        print_foreign(out, s->foreign);
        if (s->modified) {
            fputs(" :: [", out);
            print_expr_list(out, s->modified);
            fputc(']', out);
        }
        fputs(";\n", out);
        break;
    case GMS_PRINT:
        fputs("Print ", out);
        print_expr_list(out, s->value);
        fputs(";\n", out);
        break;
    case GMS_SWAP: /* no Green-Marl spelling: a pass's pointer exchange */
        fprintf(out, "// swap storage of %s and %s\n", s->lhs->name, s->rhs->name);
        break;
    }
}

void gmf_print_stmt(FILE *out, const gm_stmt *s, int indent)
{
    if (s)
        print_stmt(out, s, indent);
}

/* ------------------------------------------------------------------ */
/* Procedures */

static void print_params(FILE *out, const gm_param *p)
{
    bool first = true, outputs = false;
    for (; p; p = p->next) {
        if (p->is_output && !outputs) {
            fputs(first ? ";" : "; ", out);
            outputs = true;
        } else if (!first) {
            fputs(", ", out);
        }
        fprintf(out, "%s: ", p->name ? p->name : "_");
        gmf_print_type(out, p->type);
        first = false;
    }
}

void gmf_print_program(FILE *out, const gm_program *p)
{
    for (const gm_proc *proc = p->procs; proc; proc = proc->next) {
        fprintf(out, "%s %s(", proc->is_local ? "Local" : "Procedure", proc->name ? proc->name : "_");
        print_params(out, proc->params);
        fputc(')', out);
        if (proc->ret_type) {
            fputs(" : ", out);
            gmf_print_type(out, proc->ret_type);
        }
        fputc(' ', out);
        print_braced(out, proc->body, 0);
        fputs(proc->next ? "\n\n" : "\n", out);
    }
}
