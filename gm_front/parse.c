/* parse.c: the parse stage's entry points. Reads the source, runs the
 * scanner and the grammar over it, then refuses trees nested too deeply for
 * the recursive stages that follow. Also offers a token-level view of the
 * scanner for tests.
 *
 * The program owns a copy of the source text (in its arena), and the
 * diagnostics sink points at it, so later stages can quote source lines;
 * the program must outlive any diagnostic reported about it. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ast_walk.h"
#include "diag.h"
#include "gm_runtime/gmrt_file.h"
#include "front.h"
#include "parse_internal.h"
#include "parser.h"

#define YYSTYPE GM_YYSTYPE
#define YYLTYPE GM_YYLTYPE
#include "lexer.h"

/* ------------------------------------------------------------------ */
/* Depth guard. Bison's stack limit bounds right-nested constructs, but a
 * long left-associative chain (a + b + c + ...) builds a deep tree on a
 * shallow parser stack. */

typedef struct depth_guard {
    int level;    /* how deep the next node entered lies (the body: 0) */
    gm_loc where; /* the first node too deep */
} depth_guard;

/* The guard is gm_front's gm_walk_hooked (ast_walk.h) with a depth count:
 * it stops at the first node GMF_MAX_TREE_DEPTH levels down and never
 * enters it, so the walk recurses at most that deep itself. A list's
 * members lie at the same depth (a long block or argument list is fine). */
static bool too_deep(depth_guard *g, gm_loc loc)
{
    if (g->level >= GMF_MAX_TREE_DEPTH) {
        g->where = loc;
        return true;
    }
    g->level++;
    return false;
}

static gm_walk_step guard_stmt(const gm_stmt *s, void *ctx)
{
    return too_deep(ctx, s->loc) ? GM_WALK_STOP : GM_WALK_ON;
}

static bool guard_expr(const gm_expr *e, void *ctx)
{
    return !too_deep(ctx, e->loc);
}

static bool guard_leave_stmt(const gm_stmt *s, void *ctx)
{
    (void)s;
    ((depth_guard *)ctx)->level--;
    return true;
}

static bool guard_leave_expr(const gm_expr *e, void *ctx)
{
    (void)e;
    ((depth_guard *)ctx)->level--;
    return true;
}

static const gm_walk_hooks guard_hooks = {guard_stmt, guard_leave_stmt, guard_expr, guard_leave_expr};

static void check_depth(const gm_program *p)
{
    for (const gm_proc *proc = p->procs; proc; proc = proc->next) {
        depth_guard g = {0};
        if (proc->body && !gm_walk_hooked(proc->body, false, &guard_hooks, &g))
            gm_error(g.where, GMD_SYNTAX, "nesting too deep (more than %d levels)",
                     GMF_MAX_TREE_DEPTH);
    }
}

/* ------------------------------------------------------------------ */
/* Scanner setup shared by the parser and the token view */

static bool scanner_open(gm_parse_ctx *pc, gm_program *p, const char *text, size_t len)
{
    memset(pc, 0, sizeof *pc);
    pc->prog = p;
    pc->arena = p->arena;
    pc->line = 1;
    pc->col = 1;
    if (len > (size_t)INT_MAX - 2) {
        gm_error((gm_loc){0, 0}, GMD_IO, "input too large");
        return false;
    }
    if (gm_yylex_init_extra(pc, &pc->scanner) != 0) {
        gm_error((gm_loc){0, 0}, GMD_IO, "cannot start the scanner");
        return false;
    }
    gm_yy_scan_bytes(text, (int)len, pc->scanner);
    return true;
}

static void scanner_close(gm_parse_ctx *pc)
{
    if (pc->scanner)
        gm_yylex_destroy(pc->scanner);
    free(pc->fbuf);
    pc->scanner = NULL;
    pc->fbuf = NULL;
}

/* ------------------------------------------------------------------ */
/* Entry points */

gm_program *gmf_parse_buffer(const char *filename, const char *text, size_t len)
{
    gm_program *p = gm_program_new(filename);
    /* our own copy: diagnostics of later stages quote it */
    char *src = gm_arena_strndup(p->arena, text ? text : "", text ? len : 0);
    gm_diag_begin(p->filename, src, text ? len : 0);
    gm_parse_ctx pc;
    if (scanner_open(&pc, p, src, text ? len : 0)) {
        gm_yyparse(pc.scanner, &pc);
        scanner_close(&pc);
    }
    check_depth(p);
    return p;
}

gm_program *gmf_parse_file(const char *path)
{
    gm_diag_begin(path, NULL, 0);
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        gm_error((gm_loc){0, 0}, GMD_IO, "cannot open: %s", strerror(errno));
        return NULL;
    }
    size_t len = 0;
    char *buf = gmrt_file_read_all(fd, &len);
    int err = errno;
    close(fd);
    if (!buf) {
        gm_error((gm_loc){0, 0}, GMD_IO, "cannot read: %s", strerror(err));
        return NULL;
    }
    gm_program *p = gmf_parse_buffer(path, buf, len);
    free(buf);
    return p;
}

/* ------------------------------------------------------------------ */
/* Token view for tests */

struct gm_lexer {
    gm_parse_ctx pc;
    bool done;
};

gm_lexer *gmf_lexer_open(gm_program *p, const char *text, size_t len)
{
    gm_lexer *lx = calloc(1, sizeof *lx);
    if (!lx)
        return NULL;
    char *src = gm_arena_strndup(p->arena, text, len);
    gm_diag_begin("<lex>", src, len);
    if (!scanner_open(&lx->pc, p, src, len)) {
        free(lx);
        return NULL;
    }
    return lx;
}

bool gmf_lexer_next(gm_lexer *lx, gm_token *tok)
{
    memset(tok, 0, sizeof *tok);
    tok->kind = GMTK_YYEOF;
    if (lx->done)
        return false;
    GM_YYSTYPE val;
    GM_YYLTYPE loc;
    memset(&val, 0, sizeof val);
    memset(&loc, 0, sizeof loc);
    int kind = gm_yylex(&val, &loc, lx->pc.scanner);
    if (kind == GMTK_YYEOF) {
        lx->done = true;
        return false;
    }
    tok->kind = kind;
    tok->loc = (gm_loc){loc.first_line, loc.first_column};
    tok->text = gm_arena_strdup(lx->pc.arena, lx->pc.last_text);
    switch (kind) {
    case GMTK_INT_LIT: tok->int_val = val.ival; break;
    case GMTK_FLOAT_LIT:
        tok->float_val = val.fval.value;
        tok->str = val.fval.text;
        break;
    case GMTK_ID:
    case GMTK_STRING_LIT: tok->str = val.str; break;
    case GMTK_FOREIGN_TEXT:
        tok->str = val.ftext.text;
        tok->loc = val.ftext.loc;
        break;
    case GMTK_FOREIGN_REF: tok->str = val.fref.name; break;
    default: break;
    }
    return true;
}

void gmf_lexer_close(gm_lexer *lx)
{
    if (!lx)
        return;
    scanner_close(&lx->pc);
    free(lx);
}
