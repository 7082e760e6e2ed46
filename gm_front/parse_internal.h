/* parse_internal.h: what the lexer (lexer.l), the grammar (parser.y) and the
 * parse driver (parse.c) share, plus a token-level view of the lexer for
 * unit tests. Nothing outside the syntax half of gm_front includes this. */
#ifndef GM_PARSE_INTERNAL_H
#define GM_PARSE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ast.h"

/* Lists under construction keep their tail, so appending is O(1) even for
 * blocks of many thousands of statements. */
typedef struct gmp_expr_list { gm_expr *head, *tail; } gmp_expr_list;
typedef struct gmp_stmt_list { gm_stmt *head, *tail; } gmp_stmt_list;
typedef struct gmp_name_list { gm_name *head, *tail; } gmp_name_list;
typedef struct gmp_param_list { gm_param *head, *tail; } gmp_param_list;
typedef struct gmp_seg_list { gm_foreign_seg *head, *tail; } gmp_seg_list;

/* A "$x" or "$x.P" inside foreign code, as the lexer found it. */
typedef struct gmp_foreign_ref {
    const char *name;
    const char *prop; /* NULL for "$x" */
    gm_loc loc, prop_loc;
} gmp_foreign_ref;

/* The state of one parse, shared by the scanner (as its "extra") and the
 * parser (as its parameter). There is no global state. */
typedef struct gm_parse_ctx {
    gm_program *prog;
    gm_arena *arena;
    void *scanner;

    /* Position of the next character to scan (1-based). */
    int line, col;

    /* The parser sets this right after shifting a '[' that opens foreign
     * code; the scanner then reads the text up to the matching ']' raw. */
    bool foreign_pending;
    int foreign_depth;        /* nested '[' inside foreign text */
    gm_loc foreign_loc;       /* where the current foreign block starts */
    char *fbuf;               /* foreign text collected so far (malloc'd) */
    size_t fbuf_len, fbuf_cap;
    gm_loc fbuf_loc;

    gm_loc comment_loc;       /* start of the current block comment */
    bool input_truncated;     /* an unterminated comment or foreign code ate
                                 the rest of the input (already reported) */

    /* Spelling of the latest token returned, for "unexpected 'x'" messages. */
    char last_text[48];
    int last_token;

    gm_proc *procs_tail;
} gm_parse_ctx;

/* Builds the token spelling shown in messages (lexer.l). */
void gmp_remember_token(gm_parse_ctx *pc, int token, const char *text, size_t len);

/* ------------------------------------------------------------------ */
/* Token-level access to the lexer, for tests (parse.c). */

typedef struct gm_token {
    int kind;            /* a GMTK_* value of parser.h; GMTK_YYEOF at the end */
    gm_loc loc;
    const char *text;    /* the spelling (arena) */
    int64_t int_val;     /* integer literals */
    double float_val;    /* floating literals */
    const char *str;     /* identifiers, string and foreign text */
} gm_token;

typedef struct gm_lexer gm_lexer;

/* Tokenizes text (diagnostics go to the diag sink, file name "<lex>"). The
 * program p only provides the arena. */
gm_lexer *gmf_lexer_open(gm_program *p, const char *text, size_t len);
/* Next token; returns false at the end of input (tok->kind is then YYEOF). */
bool gmf_lexer_next(gm_lexer *lx, gm_token *tok);
void gmf_lexer_close(gm_lexer *lx);

/* Deepest statement/expression nesting the front end accepts; deeper trees
 * would make the recursive passes of later stages overflow the C stack. */
enum { GMF_MAX_TREE_DEPTH = 1000 };

#endif /* GM_PARSE_INTERNAL_H */
