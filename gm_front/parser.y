/* parser.y: the Green-Marl grammar (sections 2 to 6 of the language
 * reference), building the AST of ast.h.
 *
 * A pure (reentrant) LALR(1) parser driven by the flex scanner of lexer.l;
 * all state is in the gm_parse_ctx passed to both. Syntax errors go to the
 * diagnostics sink with the offending token and the tokens that were
 * expected; recovery resynchronises at ';' and '}' (and at the ')' of a
 * header) so several independent errors in one file are all reported.
 *
 * Notes on the few places where the grammar is delicate:
 *  - Foreign code "[ ... ]" starts where a statement or an expression
 *    operand starts. Right after the parser shifts that '[', a mid-rule
 *    action (reduced without reading a lookahead, since its state is
 *    consistent) asks the scanner to read raw text up to the matching ']'.
 *    A '[' after an operand is a map index, after a BFS/DFS header it is
 *    the navigator, after "::" it opens the modified list: all ordinary.
 *  - The right-hand list of an arg-min/arg-max assignment may hold
 *    comparisons with '>' (as in gm_comp): "<x; n> min= <n.A; n.A > 1>;".
 *    The scanner tells the closing '>' apart: a '>' whose next token is ';'
 *    or '@' comes as TUPLE_END (no expression can end before those), so the
 *    list's elements are ordinary expressions and the grammar stays LALR(1)
 *    without conflicts. (In a type, "N_P<Int>;" before the ';' of a
 *    parameter list, either token closes the brackets.)
 *  - A BFS/DFS body, While and Do bodies must be blocks (as in gm_comp);
 *    this is also what lets "[" after a traversal header be the navigator.
 *  - "Else" binds to the nearest "If" (precedence THEN < ELSE).
 */

%code top {
/* generated from gm_front/parser.y by bison */
}

%code requires {
#include "ast.h"
#include "parse_internal.h"
}

%code provides {
int gm_yylex(GM_YYSTYPE *lvalp, GM_YYLTYPE *llocp, void *scanner);
}

%code {
#include <stdio.h>
#include <string.h>

#include "diag.h"

/* Bison's own stack limit is what bounds nesting depth inside the parser. */
#define YYMAXDEPTH 10000

#define LOC(l) ((gm_loc){(l).first_line, (l).first_column})
#define ARENA (pc->arena)

static void gm_yyerror(GM_YYLTYPE *loc, void *scanner, gm_parse_ctx *pc, const char *msg);

static gmp_expr_list elist_one(gm_expr *e);
static gmp_expr_list elist_add(gmp_expr_list l, gm_expr *e);
static gmp_expr_list elist_cat(gmp_expr_list a, gmp_expr_list b);
static gm_expr *make_id(gm_parse_ctx *pc, const char *name, gm_loc loc);
static gm_expr *make_prop(gm_parse_ctx *pc, gm_expr *base, const char *name, gm_loc loc);
static gm_expr *make_unary(gm_parse_ctx *pc, gm_op op, gm_expr *a, gm_loc loc);
static gm_expr *make_binary(gm_parse_ctx *pc, gm_op op, gm_expr *a, gm_expr *b);
static gm_expr *make_call(gm_parse_ctx *pc, gm_expr *recv, const char *name, gm_loc loc,
                          const gmp_call_args *args);
static gm_stmt *make_assign(gm_parse_ctx *pc, gm_expr *lhs, gm_assign_op op, gm_expr *rhs,
                            gmp_opt_name bound);
static gm_stmt *make_traversal(gm_parse_ctx *pc, gm_stmt_kind kind, gm_loc loc,
                               const gmp_trav_head *head, gmp_trav_filters f, gm_stmt *body,
                               gmp_trav_tail tail);
static gm_type *make_type(gm_parse_ctx *pc, gm_type_kind kind, gm_loc loc, gmp_opt_name graph);
static gmp_param_list make_params(gm_parse_ctx *pc, gmp_name_list names, gm_type *type);
static gmp_param_list plist_cat(gmp_param_list a, gmp_param_list b);
static gmp_param_list mark_outputs(gmp_param_list l);
}

/* Helper value types used only by the grammar. */
%code requires {
typedef struct gmp_opt_name { const char *name; gm_loc loc; } gmp_opt_name;
typedef struct gmp_call_args {
    gmp_expr_list in, out;
    bool has_out;
} gmp_call_args;
typedef struct gmp_trav_head {   /* "(v: G^.Nodes From r)" */
    const char *it; gm_loc it_loc;
    const char *graph; gm_loc graph_loc;
    bool transposed;
    gm_expr *root;
} gmp_trav_head;
typedef struct gmp_trav_filters { gm_expr *nav, *filter; } gmp_trav_filters;
typedef struct gmp_trav_tail { gm_expr *filter; gm_stmt *body; } gmp_trav_tail;
}

%define api.prefix {gm_yy}
%define api.token.prefix {GMTK_}
%define api.pure full
%define parse.error custom
%locations
%param {void *scanner}
%parse-param {gm_parse_ctx *pc}

%union {
    int64_t ival;
    struct { double value; const char *text; } fval;
    const char *str;
    bool flag;
    gmp_foreign_ref fref;
    struct { const char *text; gm_loc loc; } ftext;
    gmp_opt_name gname;
    gm_expr *expr;
    gm_stmt *stmt;
    gm_type *type;
    gm_type_kind tkind;
    gm_assign_op aop;
    gm_reduce_op rop;
    gm_range_kind range;
    int dir;
    gm_iter iter;
    gmp_expr_list elist;
    gmp_stmt_list slist;
    gmp_name_list nlist;
    gmp_param_list plist;
    gmp_seg_list segs;
    gmp_call_args cargs;
    gmp_trav_head thead;
    gmp_trav_filters tfilt;
    gmp_trav_tail ttail;
}

/* Tokens that stand for a class of spellings have descriptive names; the
 * others are named by their canonical spelling (used in "expected ..."). */
%token <str> ID "identifier"
%token <ival> INT_LIT "integer literal"
%token <fval> FLOAT_LIT "floating-point literal"
%token <str> STRING_LIT "string literal"
%token <ftext> FOREIGN_TEXT "foreign code text"
%token <fref> FOREIGN_REF "foreign code reference"
%token FOREIGN_END "end of foreign code"

%token PROC "Procedure" LOCAL "Local"
%token GRAPH "Graph" UGRAPH "UGraph" NODE "Node" EDGE "Edge"
%token NODE_PROP "N_P" EDGE_PROP "E_P" NODE_SET "N_S" NODE_ORDER "N_O" NODE_SEQ "N_Q"
%token COLLECTION "Collection" MAP "Map"
%token INT "Int" LONG "Long" FLOAT "Float" DOUBLE "Double" BOOL "Bool"
%token NODES "Nodes" EDGES "Edges" NBRS "Nbrs" IN_NBRS "InNbrs" UP_NBRS "UpNbrs"
%token DOWN_NBRS "DownNbrs" ITEMS "Items" COMMON_NBRS "CommonNbrs"
%token OUT_EDGES "OutEdges" IN_EDGES "InEdges"
%token FOREACH "Foreach" FOR "For" WHILE "While" DO "Do"
%token IN_BFS "InBFS" IN_REVERSE "InReverse" IN_DFS "InDFS" IN_POST "InPost" FROM "From"
%token IN_RBFS "InRBFS" TO "To" ARROW "->"
%token IF "If" ELSE "Else" RETURN "Return" PRINT "Print"
%token SUM "Sum" PRODUCT "Product" MIN "Min" MAX "Max" COUNT "Count" AVG "Avg"
%token ALL "All" EXIST "Exist"
%token TRUE "True" FALSE "False" NIL "NIL" INF "INF" PLUS_INF "+INF" MINUS_INF "-INF"
%token AND "&&" OR "||" EQ "==" NE "!=" LE "<=" GE ">="
%token PLUS_ASSIGN "+=" MINUS_ASSIGN "-=" MULT_ASSIGN "*=" MIN_ASSIGN "min=" MAX_ASSIGN "max="
%token AND_ASSIGN "&=" OR_ASSIGN "|=" INC "++" DEC "--" COLONCOLON "::"
%token TUPLE_END "'>' (end of the list)"

%precedence THEN
%precedence ELSE

%type <flag> proc_kw opt_caret
%type <plist> params param_groups param_group
%type <nlist> name_list
%type <type> type opt_ret
%type <tkind> prim_type
%type <gname> opt_graph opt_bound
%type <stmt> block stmt decl
%type <slist> stmt_list
%type <aop> assign_op minmax_op
%type <expr> expr ternary or_expr and_expr eq_expr rel_expr add_expr mul_expr unary
%type <expr> lhs postfix primary reduction foreign opt_filter out_arg
%type <elist> expr_list angle_list lval_list out_list angle_lvals angle_exprs
%type <cargs> call_args
%type <segs> foreign_segs
%type <rop> reduce_op
%type <range> range_kw
%type <dir> iter_dir
%type <iter> iter_source iter_head
%type <thead> trav_head
%type <tfilt> trav_filters
%type <ttail> bfs_reverse dfs_post

%start program

%%

/* ---------------------------------------------------------------- */
/* Program and procedures                                            */

program:
    %empty
  | program proc
  | program error
  ;

proc:
    proc_kw ID '(' params ')' opt_ret block {
        gm_proc *p = gm_proc_new(ARENA, $2, LOC(@1));
        p->is_local = $1;
        p->params = $4.head;
        p->ret_type = $6;
        p->body = $7;
        if (pc->procs_tail)
            pc->procs_tail->next = p;
        else
            pc->prog->procs = p;
        pc->procs_tail = p;
    }
  ;

proc_kw:
    PROC   { $$ = false; }
  | LOCAL  { $$ = true; }
  ;

params:
    %empty                          { $$ = (gmp_param_list){0}; }
  | param_groups                    { $$ = $1; }
  | param_groups ';'                { $$ = $1; }
  | param_groups ';' param_groups   { $$ = plist_cat($1, mark_outputs($3)); }
  | ';' param_groups                { $$ = mark_outputs($2); }
  | ';'                             { $$ = (gmp_param_list){0}; }
  | error                           { $$ = (gmp_param_list){0}; }
  ;

param_groups:
    param_group                     { $$ = $1; }
  | param_groups ',' param_group    { $$ = plist_cat($1, $3); }
  ;

param_group:
    name_list ':' type              { $$ = make_params(pc, $1, $3); }
  ;

name_list:
    ID {
        gm_name *n = gm_name_new(ARENA, $1, LOC(@1));
        $$ = (gmp_name_list){n, n};
    }
  | name_list ',' ID {
        gm_name *n = gm_name_new(ARENA, $3, LOC(@3));
        $1.tail->next = n;
        $$ = (gmp_name_list){$1.head, n};
    }
  ;

opt_ret:
    %empty        { $$ = NULL; }
  | ':' type      { $$ = $2; }
  ;

/* ---------------------------------------------------------------- */
/* Types                                                             */

type:
    prim_type                        { $$ = gm_type_new(ARENA, $1, LOC(@1)); }
  | GRAPH                            { $$ = gm_type_new(ARENA, GMT_GRAPH, LOC(@1)); }
  | UGRAPH {
        $$ = gm_type_new(ARENA, GMT_GRAPH, LOC(@1));
        $$->undirected = true;
    }
  | NODE opt_graph                   { $$ = make_type(pc, GMT_NODE, LOC(@1), $2); }
  | EDGE opt_graph                   { $$ = make_type(pc, GMT_EDGE, LOC(@1), $2); }
  | NODE_SET opt_graph               { $$ = make_type(pc, GMT_NODE_SET, LOC(@1), $2); }
  | NODE_ORDER opt_graph             { $$ = make_type(pc, GMT_NODE_ORDER, LOC(@1), $2); }
  | NODE_SEQ opt_graph               { $$ = make_type(pc, GMT_NODE_SEQ, LOC(@1), $2); }
  | NODE_PROP '<' type type_close opt_graph {
        $$ = make_type(pc, GMT_NODE_PROP, LOC(@1), $5);
        $$->elem = $3;
    }
  | EDGE_PROP '<' type type_close opt_graph {
        $$ = make_type(pc, GMT_EDGE_PROP, LOC(@1), $5);
        $$->elem = $3;
    }
  | COLLECTION '<' type type_close opt_graph {
        $$ = make_type(pc, GMT_COLLECTION, LOC(@1), $5);
        $$->elem = $3;
    }
  | MAP '<' type ',' type type_close {
        $$ = gm_type_new(ARENA, GMT_MAP, LOC(@1));
        $$->key = $3;
        $$->val = $5;
    }
  ;

/* A type's '>' comes as TUPLE_END before the ';' of a parameter list. */
type_close: '>' | TUPLE_END ;

prim_type:
    INT     { $$ = GMT_INT; }
  | LONG    { $$ = GMT_LONG; }
  | FLOAT   { $$ = GMT_FLOAT; }
  | DOUBLE  { $$ = GMT_DOUBLE; }
  | BOOL    { $$ = GMT_BOOL; }
  ;

opt_graph:
    %empty         { $$ = (gmp_opt_name){NULL, {0, 0}}; }
  | '(' ID ')'     { $$ = (gmp_opt_name){$2, LOC(@2)}; }
  ;

/* ---------------------------------------------------------------- */
/* Statements                                                        */

block:
    '{' stmt_list '}' {
        $$ = gm_stmt_new(ARENA, GMS_BLOCK, LOC(@1));
        $$->body = $2.head;
    }
  | '{' stmt_list error '}' {
        $$ = gm_stmt_new(ARENA, GMS_BLOCK, LOC(@1));
        $$->body = $2.head;
        yyerrok;
    }
  ;

stmt_list:
    %empty   { $$ = (gmp_stmt_list){0}; }
  | stmt_list stmt {
        $$ = $1;
        if ($2) {
            if ($$.tail)
                $$.tail->next = $2;
            else
                $$.head = $2;
            $$.tail = $2;
        }
    }
  ;

stmt:
    ';'                 { $$ = gm_stmt_new(ARENA, GMS_EMPTY, LOC(@1)); }
  | block               { $$ = $1; }
  | decl                { $$ = $1; }
  | lhs     assign_op expr opt_bound ';'    { $$ = make_assign(pc, $1, $2, $3, $4); }
  | lhs     LE expr opt_bound ';'           { $$ = make_assign(pc, $1, GMA_DEFER, $3, $4); }
  | lhs     INC opt_bound ';'               { $$ = make_assign(pc, $1, GMA_INC, NULL, $3); }
  | lhs     DEC opt_bound ';'               { $$ = make_assign(pc, $1, GMA_DEC, NULL, $3); }
  | angle_lvals minmax_op angle_exprs opt_bound ';' {
        $$ = gm_stmt_new(ARENA, GMS_ARGMINMAX, LOC(@1));
        $$->lhs = $1.head;
        $$->rhs = $3.head;
        $$->assign_op = $2;
        $$->bound_name = $4.name;
        $$->bound_loc = $4.loc;
    }
  | lhs ';' {
        if ($1->kind == GME_CALL) {
            $$ = gm_stmt_new(ARENA, GMS_CALL, $1->loc);
            $$->value = $1;
        } else {
            gm_error($1->loc, GMD_SYNTAX,
                     "an expression alone is not a statement (expected an assignment or a call)");
            $$ = NULL;
        }
    }
  | IF '(' expr ')' stmt %prec THEN {
        $$ = gm_stmt_new(ARENA, GMS_IF, LOC(@1));
        $$->cond = $3;
        $$->then_stmt = $5 ? $5 : gm_stmt_new(ARENA, GMS_EMPTY, LOC(@5));
    }
  | IF '(' expr ')' stmt ELSE stmt {
        $$ = gm_stmt_new(ARENA, GMS_IF, LOC(@1));
        $$->cond = $3;
        $$->then_stmt = $5 ? $5 : gm_stmt_new(ARENA, GMS_EMPTY, LOC(@5));
        $$->else_stmt = $7 ? $7 : gm_stmt_new(ARENA, GMS_EMPTY, LOC(@7));
    }
  | IF '(' error ')' stmt %prec THEN           { $$ = NULL; }
  | IF '(' error ')' stmt ELSE stmt            { $$ = NULL; }
  | WHILE '(' expr ')' block {
        $$ = gm_stmt_new(ARENA, GMS_WHILE, LOC(@1));
        $$->cond = $3;
        $$->body = $5;
    }
  | WHILE '(' error ')' block                  { $$ = NULL; }
  | DO block WHILE '(' expr ')' ';' {
        $$ = gm_stmt_new(ARENA, GMS_DO_WHILE, LOC(@1));
        $$->body = $2;
        $$->cond = $5;
    }
  | FOREACH iter_head opt_filter stmt {
        $$ = gm_stmt_new(ARENA, GMS_FOREACH, LOC(@1));
        $$->iter = $2;
        $$->iter.filter = $3;
        $$->parallel = true;
        $$->body = $4 ? $4 : gm_stmt_new(ARENA, GMS_EMPTY, LOC(@4));
    }
  | FOR iter_head opt_filter stmt {
        $$ = gm_stmt_new(ARENA, GMS_FOREACH, LOC(@1));
        $$->iter = $2;
        $$->iter.filter = $3;
        $$->parallel = false;
        $$->body = $4 ? $4 : gm_stmt_new(ARENA, GMS_EMPTY, LOC(@4));
    }
  | FOREACH '(' error ')' opt_filter stmt      { $$ = NULL; }
  | FOR '(' error ')' opt_filter stmt          { $$ = NULL; }
  | IN_BFS trav_head trav_filters block bfs_reverse {
        $$ = make_traversal(pc, GMS_BFS, LOC(@1), &$2, $3, $4, $5);
    }
  | IN_DFS trav_head trav_filters block dfs_post {
        $$ = make_traversal(pc, GMS_DFS, LOC(@1), &$2, $3, $4, $5);
    }
  | RETURN ';'          { $$ = gm_stmt_new(ARENA, GMS_RETURN, LOC(@1)); }
  | RETURN expr ';' {
        $$ = gm_stmt_new(ARENA, GMS_RETURN, LOC(@1));
        $$->value = $2;
    }
  | PRINT expr_list ';' {
        $$ = gm_stmt_new(ARENA, GMS_PRINT, LOC(@1));
        $$->value = $2.head;
    }
  | foreign ';' {
        $$ = gm_stmt_new(ARENA, GMS_FOREIGN, LOC(@1));
        $$->foreign = $1->foreign;
    }
  | foreign COLONCOLON '[' lval_list ']' ';' {
        $$ = gm_stmt_new(ARENA, GMS_FOREIGN, LOC(@1));
        $$->foreign = $1->foreign;
        $$->modified = $4.head;
    }
  | error ';'           { $$ = NULL; yyerrok; }
  ;

decl:
    type ID '=' expr ';' {
        $$ = gm_stmt_new(ARENA, GMS_DECL, LOC(@1));
        $$->decl_type = $1;
        $$->names = gm_name_new(ARENA, $2, LOC(@2));
        $$->init = $4;
    }
  | type name_list ';' {
        $$ = gm_stmt_new(ARENA, GMS_DECL, LOC(@1));
        $$->decl_type = $1;
        $$->names = $2.head;
    }
  ;

assign_op:
    '='            { $$ = GMA_ASSIGN; }
  | PLUS_ASSIGN    { $$ = GMA_PLUS; }
  | MINUS_ASSIGN   { $$ = GMA_MINUS; }
  | MULT_ASSIGN    { $$ = GMA_MULT; }
  | MIN_ASSIGN     { $$ = GMA_MIN; }
  | MAX_ASSIGN     { $$ = GMA_MAX; }
  | AND_ASSIGN     { $$ = GMA_AND; }
  | OR_ASSIGN      { $$ = GMA_OR; }
  ;

minmax_op:
    MIN_ASSIGN     { $$ = GMA_MIN; }
  | MAX_ASSIGN     { $$ = GMA_MAX; }
  ;

opt_bound:
    %empty         { $$ = (gmp_opt_name){NULL, {0, 0}}; }
  | '@' ID         { $$ = (gmp_opt_name){$2, LOC(@2)}; }
  ;

lval_list:
    lhs                     { $$ = elist_one($1); }
  | lval_list ',' lhs       { $$ = elist_add($1, $3); }
  ;

/* Arg-min/max sides: "<first; rest...>" (or a plain list). */
angle_lvals:
    '<' lval_list '>'                   { $$ = $2; }
  | '<' lhs ';' lval_list '>'           { $$ = elist_cat(elist_one($2), $4); }
  ;

angle_exprs:
    '<' angle_list TUPLE_END            { $$ = $2; }
  | '<' expr ';' angle_list TUPLE_END   { $$ = elist_cat(elist_one($2), $4); }
  ;

/* What a statement starts with: a name followed by member accesses, calls
 * and indexes (a subset of postfix expressions, so that no statement starts
 * with '(' or a literal). */
lhs:
    ID                       { $$ = make_id(pc, $1, LOC(@1)); }
  | ID '(' call_args ')'     { $$ = make_call(pc, NULL, $1, LOC(@1), &$3); }
  | lhs '.' ID               { $$ = make_prop(pc, $1, $3, $1->loc); }
  | lhs '.' ID '(' call_args ')' { $$ = make_call(pc, $1, $3, $1->loc, &$5); }
  | lhs '[' expr ']' {
        $$ = gm_expr_new(ARENA, GME_INDEX, $1->loc);
        $$->a = $1;
        $$->b = $3;
    }
  ;

/* ---------------------------------------------------------------- */
/* Iterations                                                        */

iter_head:
    '(' ID ':' iter_source ')' {
        $$ = $4;
        $$.name = $2;
        $$.loc = LOC(@2);
    }
  ;

iter_source:
    ID '.' range_kw {
        $$ = (gm_iter){0};
        $$.source = make_id(pc, $1, LOC(@1));
        $$.range = $3;
    }
  | ID iter_dir '.' range_kw {
        $$ = (gm_iter){0};
        $$.source = make_id(pc, $1, LOC(@1));
        $$.range = $4;
        /* '^' reverses an ordered collection and transposes anything else */
        $$.reverse = $2 == 1 || ($2 == 2 && $4 == GMR_ITEMS);
        $$.transposed = $2 == 2 && $4 != GMR_ITEMS;
    }
  | ID '.' ID '.' range_kw {
        $$ = (gm_iter){0};
        $$.source = make_prop(pc, make_id(pc, $1, LOC(@1)), $3, LOC(@1));
        $$.range = $5;
    }
  | ID '.' ID iter_dir '.' range_kw {
        $$ = (gm_iter){0};
        $$.source = make_prop(pc, make_id(pc, $1, LOC(@1)), $3, LOC(@1));
        $$.range = $6;
        $$.reverse = $4 == 1 || ($4 == 2 && $6 == GMR_ITEMS);
        $$.transposed = $4 == 2 && $6 != GMR_ITEMS;
    }
  | ID '.' COMMON_NBRS '(' expr ')' {
        $$ = (gm_iter){0};
        $$.source = make_id(pc, $1, LOC(@1));
        $$.range = GMR_COMMON_NBRS;
        $$.range_arg = $5;
    }
  ;

iter_dir:
    '+'   { $$ = 0; }
  | '-'   { $$ = 1; }
  | '^'   { $$ = 2; }
  ;

range_kw:
    NODES       { $$ = GMR_NODES; }
  | EDGES       { $$ = GMR_EDGES; }
  | NBRS        { $$ = GMR_NBRS; }
  | IN_NBRS     { $$ = GMR_IN_NBRS; }
  | UP_NBRS     { $$ = GMR_UP_NBRS; }
  | DOWN_NBRS   { $$ = GMR_DOWN_NBRS; }
  | ITEMS       { $$ = GMR_ITEMS; }
  | OUT_EDGES   { $$ = GMR_OUT_EDGES; }
  | IN_EDGES    { $$ = GMR_IN_EDGES; }
  ;

opt_filter:
    %empty          { $$ = NULL; }
  | '(' expr ')'    { $$ = $2; }
  ;

/* "(v: G.Nodes From r)", "(v: G.Nodes; r)", "(v: G^.Nodes From r)" */
trav_head:
    '(' ID ':' ID opt_caret '.' NODES from_or_semi expr ')' {
        $$ = (gmp_trav_head){$2, LOC(@2), $4, LOC(@4), $5, $9};
    }
  ;

opt_caret:
    %empty   { $$ = false; }
  | '^'      { $$ = true; }
  ;

from_or_semi: FROM | ';' ;

/* the navigator "[nav]" and the filter "(cond)", both optional, either order */
trav_filters:
    %empty                              { $$ = (gmp_trav_filters){NULL, NULL}; }
  | '[' expr ']'                        { $$ = (gmp_trav_filters){$2, NULL}; }
  | '(' expr ')'                        { $$ = (gmp_trav_filters){NULL, $2}; }
  | '[' expr ']' '(' expr ')'           { $$ = (gmp_trav_filters){$2, $5}; }
  | '(' expr ')' '[' expr ']'           { $$ = (gmp_trav_filters){$5, $2}; }
  ;

bfs_reverse:
    %empty                              { $$ = (gmp_trav_tail){NULL, NULL}; }
  | IN_REVERSE block                    { $$ = (gmp_trav_tail){NULL, $2}; }
  | IN_REVERSE '(' expr ')' block       { $$ = (gmp_trav_tail){$3, $5}; }
  ;

dfs_post:
    %empty                              { $$ = (gmp_trav_tail){NULL, NULL}; }
  | IN_POST block                       { $$ = (gmp_trav_tail){NULL, $2}; }
  | IN_POST '(' expr ')' block          { $$ = (gmp_trav_tail){$3, $5}; }
  ;

/* ---------------------------------------------------------------- */
/* Expressions, lowest precedence first                              */

expr: ternary ;

ternary:
    or_expr
  | or_expr '?' expr ':' ternary {
        $$ = gm_expr_new(ARENA, GME_TERNARY, $1->loc);
        $$->a = $1;
        $$->b = $3;
        $$->c = $5;
    }
  ;

or_expr:
    and_expr
  | or_expr OR and_expr      { $$ = make_binary(pc, GMOP_OR, $1, $3); }
  ;

and_expr:
    eq_expr
  | and_expr AND eq_expr     { $$ = make_binary(pc, GMOP_AND, $1, $3); }
  ;

eq_expr:
    rel_expr
  | eq_expr EQ rel_expr      { $$ = make_binary(pc, GMOP_EQ, $1, $3); }
  | eq_expr NE rel_expr      { $$ = make_binary(pc, GMOP_NE, $1, $3); }
  ;

rel_expr:
    add_expr
  | rel_expr '<' add_expr    { $$ = make_binary(pc, GMOP_LT, $1, $3); }
  | rel_expr '>' add_expr    { $$ = make_binary(pc, GMOP_GT, $1, $3); }
  | rel_expr LE add_expr     { $$ = make_binary(pc, GMOP_LE, $1, $3); }
  | rel_expr GE add_expr     { $$ = make_binary(pc, GMOP_GE, $1, $3); }
  ;

add_expr:
    mul_expr
  | add_expr '+' mul_expr    { $$ = make_binary(pc, GMOP_ADD, $1, $3); }
  | add_expr '-' mul_expr    { $$ = make_binary(pc, GMOP_SUB, $1, $3); }
  ;

mul_expr:
    unary
  | mul_expr '*' unary       { $$ = make_binary(pc, GMOP_MUL, $1, $3); }
  | mul_expr '/' unary       { $$ = make_binary(pc, GMOP_DIV, $1, $3); }
  | mul_expr '%' unary       { $$ = make_binary(pc, GMOP_MOD, $1, $3); }
  ;

/* Foreign code sits here rather than among the primaries so that a
 * statement starting with '[' is unambiguously a foreign statement. */
unary:
    postfix
  | foreign
  | '-' unary                { $$ = make_unary(pc, GMOP_NEG, $2, LOC(@1)); }
  | '!' unary                { $$ = make_unary(pc, GMOP_NOT, $2, LOC(@1)); }
  | '(' prim_type ')' unary {
        $$ = gm_expr_new(ARENA, GME_CAST, LOC(@1));
        $$->cast_to = $2;
        $$->a = $4;
    }
  ;

postfix:
    primary
  | postfix '.' ID           { $$ = make_prop(pc, $1, $3, $1->loc); }
  | postfix '.' ID '(' call_args ')' { $$ = make_call(pc, $1, $3, $1->loc, &$5); }
  | postfix '[' expr ']' {
        $$ = gm_expr_new(ARENA, GME_INDEX, $1->loc);
        $$->a = $1;
        $$->b = $3;
    }
  ;

primary:
    INT_LIT {
        $$ = gm_expr_int(ARENA, $1, LOC(@1));
    }
  | FLOAT_LIT {
        $$ = gm_expr_new(ARENA, GME_FLOAT, LOC(@1));
        $$->float_val = $1.value;
        $$->text = $1.text;
    }
  | TRUE        { $$ = gm_expr_bool(ARENA, true, LOC(@1)); }
  | FALSE       { $$ = gm_expr_bool(ARENA, false, LOC(@1)); }
  | INF         { $$ = gm_expr_new(ARENA, GME_INF, LOC(@1)); }
  | PLUS_INF    { $$ = gm_expr_new(ARENA, GME_INF, LOC(@1)); }
  | MINUS_INF {
        $$ = gm_expr_new(ARENA, GME_INF, LOC(@1));
        $$->negative = true;
    }
  | NIL         { $$ = gm_expr_new(ARENA, GME_NIL, LOC(@1)); }
  | STRING_LIT {
        $$ = gm_expr_new(ARENA, GME_STRING, LOC(@1));
        $$->text = $1;
    }
  | ID          { $$ = make_id(pc, $1, LOC(@1)); }
  | ID '(' call_args ')'     { $$ = make_call(pc, NULL, $1, LOC(@1), &$3); }
  | '(' expr ')'             { $$ = $2; }
  | '|' expr '|' {
        $$ = gm_expr_new(ARENA, GME_ABS, LOC(@1));
        $$->a = $2;
    }
  | reduction
  ;

call_args:
    %empty                   { $$ = (gmp_call_args){{0}, {0}, false}; }
  | expr_list                { $$ = (gmp_call_args){$1, {0}, false}; }
  | expr_list ';'            { $$ = (gmp_call_args){$1, {0}, true}; }
  | expr_list ';' out_list   { $$ = (gmp_call_args){$1, $3, true}; }
  | ';' out_list             { $$ = (gmp_call_args){{0}, $2, true}; }
  | ';'                      { $$ = (gmp_call_args){{0}, {0}, true}; }
  ;

out_list:
    out_arg                  { $$ = elist_one($1); }
  | out_list ',' out_arg     { $$ = elist_add($1, $3); }
  ;

/* "#" discards an output of a procedure call */
out_arg:
    expr
  | '#' {
        $$ = gm_expr_new(ARENA, GME_ID, LOC(@1));
        $$->name = "#";
        $$->is_discard = true;
    }
  ;

expr_list:
    expr                     { $$ = elist_one($1); }
  | expr_list ',' expr       { $$ = elist_add($1, $3); }
  ;

reduction:
    reduce_op iter_head opt_filter '{' expr '}' {
        $$ = gm_expr_new(ARENA, GME_REDUCE, LOC(@1));
        $$->reduce_op = $1;
        $$->iter = $2;
        $$->iter.filter = $3;
        $$->a = $5;
    }
  | COUNT iter_head opt_filter {
        $$ = gm_expr_new(ARENA, GME_REDUCE, LOC(@1));
        $$->reduce_op = GMRED_COUNT;
        $$->iter = $2;
        $$->iter.filter = $3;
    }
  ;

reduce_op:
    SUM       { $$ = GMRED_SUM; }
  | PRODUCT   { $$ = GMRED_PRODUCT; }
  | MIN       { $$ = GMRED_MIN; }
  | MAX       { $$ = GMRED_MAX; }
  | AVG       { $$ = GMRED_AVG; }
  | ALL       { $$ = GMRED_ALL; }
  | EXIST     { $$ = GMRED_EXIST; }
  ;

/* Arg-min/arg-max right-hand lists (closed by TUPLE_END). */
angle_list:
    expr                     { $$ = elist_one($1); }
  | angle_list ',' expr      { $$ = elist_add($1, $3); }
  ;

/* ---------------------------------------------------------------- */
/* Foreign code                                                      */

foreign:
    '[' {
        /* Reduced before any lookahead is read: the scanner reads the
         * text after this '[' raw (see lexer.l). */
        pc->foreign_pending = true;
        pc->foreign_loc = LOC(@1);
    }
    foreign_segs FOREIGN_END {
        $$ = gm_expr_new(ARENA, GME_FOREIGN, LOC(@1));
        $$->foreign = $3.head;
    }
  ;

foreign_segs:
    %empty                   { $$ = (gmp_seg_list){0}; }
  | foreign_segs FOREIGN_TEXT {
        gm_foreign_seg *s = gm_arena_alloc(ARENA, sizeof *s);
        s->text = $2.text;
        $$ = $1;
        if ($$.tail)
            $$.tail->next = s;
        else
            $$.head = s;
        $$.tail = s;
    }
  | foreign_segs FOREIGN_REF {
        gm_foreign_seg *s = gm_arena_alloc(ARENA, sizeof *s);
        s->ref = make_id(pc, $2.name, $2.loc);
        if ($2.prop)
            s->ref = make_prop(pc, s->ref, $2.prop, $2.loc);
        $$ = $1;
        if ($$.tail)
            $$.tail->next = s;
        else
            $$.head = s;
        $$.tail = s;
    }
  ;

%%

/* ------------------------------------------------------------------ */
/* Tree-building helpers                                               */

static gmp_expr_list elist_one(gm_expr *e) { return (gmp_expr_list){e, e}; }

static gmp_expr_list elist_add(gmp_expr_list l, gm_expr *e)
{
    if (!l.head)
        return elist_one(e);
    l.tail->next = e;
    l.tail = e;
    return l;
}

static gmp_expr_list elist_cat(gmp_expr_list a, gmp_expr_list b)
{
    if (!a.head)
        return b;
    if (!b.head)
        return a;
    a.tail->next = b.head;
    a.tail = b.tail;
    return a;
}

static gm_expr *make_id(gm_parse_ctx *pc, const char *name, gm_loc loc)
{
    gm_expr *e = gm_expr_new(ARENA, GME_ID, loc);
    e->name = name;
    return e;
}

static gm_expr *make_prop(gm_parse_ctx *pc, gm_expr *base, const char *name, gm_loc loc)
{
    gm_expr *e = gm_expr_new(ARENA, GME_PROP, loc);
    e->a = base;
    e->name = name;
    return e;
}

static gm_expr *make_unary(gm_parse_ctx *pc, gm_op op, gm_expr *a, gm_loc loc)
{
    gm_expr *e = gm_expr_new(ARENA, GME_UNARY, loc);
    e->op = op;
    e->a = a;
    return e;
}

/* A binary node is located at its left operand, i.e. its first token. */
static gm_expr *make_binary(gm_parse_ctx *pc, gm_op op, gm_expr *a, gm_expr *b)
{
    gm_expr *e = gm_expr_new(ARENA, GME_BINARY, a->loc);
    e->op = op;
    e->a = a;
    e->b = b;
    return e;
}

static gm_expr *make_call(gm_parse_ctx *pc, gm_expr *recv, const char *name, gm_loc loc,
                          const gmp_call_args *args)
{
    gm_expr *e = gm_expr_new(ARENA, GME_CALL, loc);
    e->a = recv;
    e->name = name;
    e->args = args->in.head;
    e->out_args = args->out.head;
    e->has_out_args = args->has_out;
    if (args->has_out && recv)
        gm_error(loc, GMD_SYNTAX, "outputs after ';' are only allowed in a procedure call, not in '.%s()'",
                 name);
    return e;
}

static bool is_lvalue(const gm_expr *e)
{
    return e->kind == GME_ID || e->kind == GME_PROP || e->kind == GME_INDEX;
}

static gm_stmt *make_assign(gm_parse_ctx *pc, gm_expr *lhs, gm_assign_op op, gm_expr *rhs,
                            gmp_opt_name bound)
{
    if (!is_lvalue(lhs))
        gm_error(lhs->loc, GMD_SYNTAX,
                 "cannot assign to this expression (expected a variable, a property or a map element)");
    gm_stmt *s = gm_stmt_new(ARENA, GMS_ASSIGN, lhs->loc);
    s->lhs = lhs;
    s->rhs = rhs;
    s->assign_op = op;
    s->bound_name = bound.name;
    s->bound_loc = bound.loc;
    return s;
}

static gm_stmt *make_traversal(gm_parse_ctx *pc, gm_stmt_kind kind, gm_loc loc,
                               const gmp_trav_head *head, gmp_trav_filters f, gm_stmt *body,
                               gmp_trav_tail tail)
{
    gm_stmt *s = gm_stmt_new(ARENA, kind, loc);
    s->iter.name = head->it;
    s->iter.loc = head->it_loc;
    s->iter.source = make_id(pc, head->graph, head->graph_loc);
    s->iter.range = GMR_NODES;
    s->iter.transposed = head->transposed;
    s->iter.filter = f.filter;
    s->root = head->root;
    s->navigator = f.nav;
    s->parallel = kind == GMS_BFS; /* BFS levels run in parallel; DFS is sequential */
    s->body = body;
    s->rev_filter = tail.filter;
    s->rev_body = tail.body;
    return s;
}

static gm_type *make_type(gm_parse_ctx *pc, gm_type_kind kind, gm_loc loc, gmp_opt_name graph)
{
    gm_type *t = gm_type_new(ARENA, kind, loc);
    t->graph_name = graph.name;
    t->graph_loc = graph.loc;
    return t;
}

/* "a, b: T" gives one parameter per name, each with its own copy of T. */
static gmp_param_list make_params(gm_parse_ctx *pc, gmp_name_list names, gm_type *type)
{
    gmp_param_list l = {0};
    for (gm_name *n = names.head; n; n = n->next) {
        gm_type *t = l.head ? gm_type_copy(ARENA, type) : type;
        gm_param *p = gm_param_new(ARENA, n->name, n->loc, t, false);
        if (l.tail)
            l.tail->next = p;
        else
            l.head = p;
        l.tail = p;
    }
    return l;
}

static gmp_param_list plist_cat(gmp_param_list a, gmp_param_list b)
{
    if (!a.head)
        return b;
    if (!b.head)
        return a;
    a.tail->next = b.head;
    a.tail = b.tail;
    return a;
}

static gmp_param_list mark_outputs(gmp_param_list l)
{
    for (gm_param *p = l.head; p; p = p->next)
        p->is_output = true;
    return l;
}

/* ------------------------------------------------------------------ */
/* Syntax error messages                                               */

/* Tokens that name a class of spellings are shown as such, the rest by
 * their spelling in quotes. */
static bool is_class_token(yysymbol_kind_t k)
{
    switch (k) {
    case YYSYMBOL_YYEOF:
    case YYSYMBOL_YYerror:
    case YYSYMBOL_YYUNDEF:
    case YYSYMBOL_ID:
    case YYSYMBOL_INT_LIT:
    case YYSYMBOL_FLOAT_LIT:
    case YYSYMBOL_STRING_LIT:
    case YYSYMBOL_FOREIGN_TEXT:
    case YYSYMBOL_FOREIGN_REF:
    case YYSYMBOL_FOREIGN_END:
        return true;
    default:
        return false;
    }
}

/* Appends a readable name of token k to buf: identifier, end of file,
 * '+=', 'Foreach' ... (bison's names are the aliases, unquoted, and the
 * character tokens already in single quotes). */
static void append_token_name(char *buf, size_t size, yysymbol_kind_t k)
{
    size_t len = strlen(buf);
    const char *name = yysymbol_name(k);
    if (is_class_token(k) || name[0] == '\'')
        snprintf(buf + len, size - len, "%s", name);
    else
        snprintf(buf + len, size - len, "'%s'", name);
}

/* Is k one of the single-character tokens in chars? */
static bool is_char(yysymbol_kind_t k, const char *chars)
{
    /* a character token's code is the character itself, below YYMAXUTOK */
    for (const char *c = chars; *c; c++)
        if (k == (yysymbol_kind_t)yytranslate[(unsigned char)*c])
            return true;
    return false;
}

/* Groups of tokens that messages name as one thing. */
static bool starts_expression(yysymbol_kind_t k)
{
    switch (k) {
    case YYSYMBOL_ID: case YYSYMBOL_INT_LIT: case YYSYMBOL_FLOAT_LIT: case YYSYMBOL_STRING_LIT:
    case YYSYMBOL_TRUE: case YYSYMBOL_FALSE: case YYSYMBOL_NIL: case YYSYMBOL_INF:
    case YYSYMBOL_PLUS_INF: case YYSYMBOL_MINUS_INF:
    case YYSYMBOL_SUM: case YYSYMBOL_PRODUCT: case YYSYMBOL_MIN: case YYSYMBOL_MAX:
    case YYSYMBOL_COUNT: case YYSYMBOL_AVG: case YYSYMBOL_ALL: case YYSYMBOL_EXIST:
        return true;
    default:
        return is_char(k, "(-!|[");
    }
}

static bool starts_type(yysymbol_kind_t k)
{
    switch (k) {
    case YYSYMBOL_INT: case YYSYMBOL_LONG: case YYSYMBOL_FLOAT: case YYSYMBOL_DOUBLE:
    case YYSYMBOL_BOOL: case YYSYMBOL_GRAPH: case YYSYMBOL_UGRAPH: case YYSYMBOL_NODE:
    case YYSYMBOL_EDGE: case YYSYMBOL_NODE_PROP: case YYSYMBOL_EDGE_PROP:
    case YYSYMBOL_NODE_SET: case YYSYMBOL_NODE_ORDER: case YYSYMBOL_NODE_SEQ:
    case YYSYMBOL_COLLECTION: case YYSYMBOL_MAP:
        return true;
    default:
        return false;
    }
}

static bool starts_statement(yysymbol_kind_t k)
{
    switch (k) {
    case YYSYMBOL_ID: case YYSYMBOL_IF: case YYSYMBOL_WHILE: case YYSYMBOL_DO:
    case YYSYMBOL_FOREACH: case YYSYMBOL_FOR: case YYSYMBOL_IN_BFS: case YYSYMBOL_IN_DFS:
    case YYSYMBOL_RETURN: case YYSYMBOL_PRINT:
        return true;
    default:
        return starts_type(k) || is_char(k, "{;<[");
    }
}

static bool contains(const yysymbol_kind_t *set, int n, yysymbol_kind_t k)
{
    for (int i = 0; i < n; i++)
        if (set[i] == k)
            return true;
    return false;
}

/* Writes "expected A, B or C" for the expected set: whole groups are named
 * ("a statement", "an expression", "a type"); nothing when the list would
 * still be longer than a handful. */
static void describe_expected(char *buf, size_t size, const yysymbol_kind_t *set, int n)
{
    enum { MAX_SHOWN = 5 };
    const char *groups[3];
    int ngroups = 0;
    bool (*grouped)(yysymbol_kind_t) = NULL;
    if (contains(set, n, YYSYMBOL_FOREACH)) {
        groups[ngroups++] = "a statement";
        grouped = starts_statement;
    } else if (contains(set, n, YYSYMBOL_INT_LIT)) {
        groups[ngroups++] = "an expression";
        grouped = starts_expression;
    } else if (contains(set, n, YYSYMBOL_NODE_PROP)) {
        groups[ngroups++] = "a type";
        grouped = starts_type;
    }
    yysymbol_kind_t rest[YYNTOKENS];
    int nrest = 0;
    for (int i = 0; i < n; i++)
        if (!grouped || !grouped(set[i]))
            rest[nrest++] = set[i];
    int total = ngroups + nrest;
    buf[0] = '\0';
    if (total == 0 || total > MAX_SHOWN)
        return;
    strncat(buf, ", expected ", size - strlen(buf) - 1);
    for (int i = 0; i < total; i++) {
        if (i > 0)
            strncat(buf, i == total - 1 ? " or " : ", ", size - strlen(buf) - 1);
        if (i < ngroups)
            strncat(buf, groups[i], size - strlen(buf) - 1);
        else
            append_token_name(buf, size, rest[i - ngroups]);
    }
}

static int yyreport_syntax_error(const yypcontext_t *ctx, void *scanner, gm_parse_ctx *pc)
{
    (void)scanner;
    yysymbol_kind_t expected[YYNTOKENS];
    int n = yypcontext_expected_tokens(ctx, expected, YYNTOKENS);
    if (n < 0)
        return n;
    yysymbol_kind_t la = yypcontext_token(ctx);
    /* the scanner already said why the input ended early */
    if (la == YYSYMBOL_YYEOF && pc->input_truncated)
        return 0;
    char what[160] = "";
    switch (la) {
    case YYSYMBOL_YYEOF:
        snprintf(what, sizeof what, "end of file");
        break;
    case YYSYMBOL_ID:
    case YYSYMBOL_INT_LIT:
    case YYSYMBOL_FLOAT_LIT:
        append_token_name(what, sizeof what, la);
        snprintf(what + strlen(what), sizeof what - strlen(what), " '%s'", pc->last_text);
        break;
    case YYSYMBOL_STRING_LIT:
    case YYSYMBOL_FOREIGN_TEXT:
    case YYSYMBOL_FOREIGN_REF:
    case YYSYMBOL_FOREIGN_END:
        append_token_name(what, sizeof what, la);
        break;
    default:
        /* the spelling as written: 'Proc' rather than the canonical 'Procedure' */
        snprintf(what, sizeof what, "'%s'", pc->last_text);
        break;
    }
    char exp[320];
    describe_expected(exp, sizeof exp, expected, n);
    const char *hint = "";
    if (la == YYSYMBOL_PLUS_INF || la == YYSYMBOL_MINUS_INF)
        hint = " (note: '+INF' and '-INF' are single tokens; write 'x + INF' with a space)";
    else if (la == YYSYMBOL_TUPLE_END)
        hint = " (note: a '>' before ';' or '@' closes an arg-min/max list)";
    else if (la == YYSYMBOL_MIN_ASSIGN || la == YYSYMBOL_MAX_ASSIGN)
        hint = " (note: 'min=' and 'max=' are reduction operators; write 'min = ...' to use the name)";
    gm_error(LOC(*yypcontext_location(ctx)), GMD_SYNTAX, "syntax error: unexpected %s%s%s", what,
             exp, hint);
    return 0;
}

/* Called by the parser only for stack exhaustion (the custom reporter
 * above handles syntax errors). */
static void gm_yyerror(GM_YYLTYPE *loc, void *scanner, gm_parse_ctx *pc, const char *msg)
{
    (void)scanner;
    (void)pc;
    if (strstr(msg, "exhausted"))
        gm_error(LOC(*loc), GMD_SYNTAX, "nesting too deep");
    else
        gm_error(LOC(*loc), GMD_SYNTAX, "%s", msg);
}
