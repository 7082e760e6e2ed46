/* check_util.h: helpers for the checker's unit tests (test_types.c,
 * test_check.c): parse and check a program while capturing diagnostics,
 * count diagnostics by severity, class and line, find statements and
 * expressions of the checked tree, and run a CUnit suite. Header-only
 * (static functions), so each test program stays one source file. */
#ifndef GM_TESTS_CHECK_UTIL_H
#define GM_TESTS_CHECK_UTIL_H

#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "front.h"

/* Each test program uses a subset of these helpers. */
#define CU_UTIL static __attribute__((unused))

static char *cu_diag_text;
static size_t cu_diag_len;
static FILE *cu_diag_stream;

CU_UTIL void cu_capture_begin(void)
{
    if (cu_diag_stream)
        fclose(cu_diag_stream);
    free(cu_diag_text);
    cu_diag_text = NULL;
    cu_diag_len = 0;
    gm_diag_reset();
    cu_diag_stream = open_memstream(&cu_diag_text, &cu_diag_len);
    gm_diag_set_stream(cu_diag_stream);
}

CU_UTIL const char *cu_capture_text(void)
{
    fflush(cu_diag_stream);
    return cu_diag_text ? cu_diag_text : "";
}

/* Parses src as "t.gm" (a syntax error fails the test) and checks it.
 * The program stays valid until the next call (it is freed then). */
static gm_program *cu_last_program;
static bool cu_check_ok; /* what gmf_check returned */

CU_UTIL gm_program *check_src(const char *src)
{
    if (cu_last_program)
        gm_program_free(cu_last_program);
    cu_capture_begin();
    gm_program *p = gmf_parse_buffer("t.gm", src, strlen(src));
    cu_last_program = p;
    CU_ASSERT_PTR_NOT_NULL_FATAL(p);
    if (gm_error_count() != 0) {
        fprintf(stderr, "\nsyntax errors in test program:\n%s\n---\n%s", src, cu_capture_text());
        CU_FAIL_FATAL("test program does not parse");
    }
    cu_check_ok = gmf_check(p);
    return p;
}

/* The captured diagnostics of the latest check. */
CU_UTIL const char *diags(void) { return cu_capture_text(); }

/* Counts diagnostics "t.gm:LINE:COL: SEV: ... [CLASS]" (warnings print
 * "[-WCLASS]"). line 0 matches any line; cls NULL any class. */
CU_UTIL int count_diags(const char *sev, const char *cls, int line)
{
    int n = 0;
    const char *text = cu_capture_text();
    for (const char *p = text; *p;) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        int l, c, used = 0;
        char sevbuf[16];
        if (strncmp(p, "t.gm:", 5) == 0 &&
            sscanf(p + 5, "%d:%d: %15[a-z]:%n", &l, &c, sevbuf, &used) == 3 && used > 0 &&
            strcmp(sevbuf, sev) == 0 && (line == 0 || l == line)) {
            bool ok = true;
            if (cls) {
                char tag[64];
                snprintf(tag, sizeof tag, "[%s%s]", strcmp(sev, "warning") == 0 ? "-W" : "", cls);
                size_t tl = strlen(tag);
                ok = len >= tl && strncmp(p + len - tl, tag, tl) == 0;
            }
            n += ok;
        }
        p += len;
        if (*p == '\n')
            p++;
    }
    return n;
}

CU_UTIL void dump_on_failure(int ok, const char *what)
{
    if (!ok)
        fprintf(stderr, "\n%s; diagnostics were:\n%s", what, cu_capture_text());
}

/* The program must produce exactly one error, of that class, at that line. */
#define EXPECT_ERROR(cls, line)                                                             \
    do {                                                                                    \
        int ok_ = count_diags("error", (cls), (line)) >= 1 && gm_error_count() ==           \
                  count_diags("error", (cls), (line));                                      \
        char what_[96];                                                                     \
        snprintf(what_, sizeof what_, "expected only error [%s] at line %d", (cls), (line)); \
        dump_on_failure(ok_, what_);                                                        \
        CU_ASSERT(ok_);                                                                     \
    } while (0)

/* At least one warning of that class at that line, and no error. */
#define EXPECT_WARNING(cls, line)                                                           \
    do {                                                                                    \
        int ok_ = count_diags("warning", (cls), (line)) >= 1 && gm_error_count() == 0;      \
        char what_[96];                                                                     \
        snprintf(what_, sizeof what_, "expected warning [%s] at line %d", (cls), (line));   \
        dump_on_failure(ok_, what_);                                                        \
        CU_ASSERT(ok_);                                                                     \
    } while (0)

/* Nothing at all: no error, no warning. */
#define EXPECT_CLEAN()                                                                      \
    do {                                                                                    \
        int ok_ = gm_error_count() == 0 && gm_warning_count() == 0 && cu_check_ok;          \
        dump_on_failure(ok_, "expected no diagnostic");                                     \
        CU_ASSERT(ok_);                                                                     \
    } while (0)

/* ------------------------------------------------------------------ */
/* Finding nodes of the checked tree                                   */

typedef struct cu_finder {
    int line, col;          /* col 0: any column */
    int expr_kind;          /* -1: any */
    int stmt_kind;          /* -1: any */
    const char *name;       /* NULL: any (GME_ID, GME_PROP, GME_CALL names) */
    gm_expr *found_expr;
    gm_stmt *found_stmt;
} cu_finder;

CU_UTIL void cu_find_stmt(cu_finder *f, gm_stmt *s);

CU_UTIL bool cu_at(const cu_finder *f, gm_loc loc)
{
    return (f->line == 0 || loc.line == f->line) && (f->col == 0 || loc.col == f->col);
}

CU_UTIL void cu_find_expr(cu_finder *f, gm_expr *e)
{
    for (; e && !f->found_expr; e = e->next) {
        if ((f->expr_kind < 0 || (int)e->kind == f->expr_kind) && cu_at(f, e->loc) &&
            (!f->name || (e->name && strcmp(e->name, f->name) == 0))) {
            f->found_expr = e;
            return;
        }
        cu_find_expr(f, e->a);
        cu_find_expr(f, e->b);
        cu_find_expr(f, e->c);
        cu_find_expr(f, e->args);
        cu_find_expr(f, e->out_args);
        if (e->kind == GME_REDUCE) {
            cu_find_expr(f, e->iter.source);
            cu_find_expr(f, e->iter.filter);
        }
    }
}

CU_UTIL void cu_find_in_stmt(cu_finder *f, gm_stmt *s)
{
    if (!s)
        return;
    if (f->stmt_kind >= 0 && (int)s->kind == f->stmt_kind && cu_at(f, s->loc) && !f->found_stmt)
        f->found_stmt = s;
    if (f->expr_kind >= 0) {
        cu_find_expr(f, s->init);
        cu_find_expr(f, s->lhs);
        cu_find_expr(f, s->rhs);
        cu_find_expr(f, s->cond);
        cu_find_expr(f, s->value);
        cu_find_expr(f, s->root);
        cu_find_expr(f, s->navigator);
        cu_find_expr(f, s->iter.source);
        cu_find_expr(f, s->iter.filter);
        cu_find_expr(f, s->rev_filter);
    }
    cu_find_stmt(f, s->body);
    cu_find_stmt(f, s->then_stmt);
    cu_find_stmt(f, s->else_stmt);
    cu_find_stmt(f, s->rev_body);
}

CU_UTIL void cu_find_stmt(cu_finder *f, gm_stmt *s)
{
    for (; s; s = s->next)
        cu_find_in_stmt(f, s);
}

/* The first (outermost, leftmost) expression of that kind starting at
 * line:col (col 0: anywhere on the line), optionally with that name. */
CU_UTIL gm_expr *find_expr(gm_program *p, int line, int col, gm_expr_kind kind, const char *name)
{
    cu_finder f = {line, col, (int)kind, -1, name, NULL, NULL};
    for (gm_proc *q = p ? p->procs : NULL; q && !f.found_expr; q = q->next)
        cu_find_stmt(&f, q->body);
    return f.found_expr;
}

/* The first statement of that kind on that line. */
CU_UTIL gm_stmt *find_stmt(gm_program *p, int line, gm_stmt_kind kind)
{
    cu_finder f = {line, 0, -1, (int)kind, NULL, NULL, NULL};
    for (gm_proc *q = p ? p->procs : NULL; q && !f.found_stmt; q = q->next)
        cu_find_stmt(&f, q->body);
    return f.found_stmt;
}

/* ------------------------------------------------------------------ */
/* Running a suite                                                     */

typedef struct cu_test {
    const char *name;
    void (*fn)(void);
} cu_test;

CU_UTIL int run_tests(const char *suite_name, const cu_test *tests)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 99;
    CU_pSuite suite = CU_add_suite(suite_name, NULL, NULL);
    for (const cu_test *t = tests; t->name; t++)
        CU_add_test(suite, t->name, t->fn);
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    unsigned failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
    unsigned ran = CU_get_number_of_tests_run();
    CU_cleanup_registry();
    if (cu_last_program)
        gm_program_free(cu_last_program);
    if (cu_diag_stream)
        fclose(cu_diag_stream);
    free(cu_diag_text);
    return failed == 0 && ran > 0 ? 0 : 1;
}

#endif /* GM_TESTS_CHECK_UTIL_H */
