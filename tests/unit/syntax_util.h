/* syntax_util.h: helpers shared by the lexer, parser and printer tests:
 * parse a string while capturing the diagnostics, print a tree to a string,
 * and run a CUnit suite table. Header-only (static functions) so that each
 * test program stays a single source file. */
#ifndef GM_TESTS_SYNTAX_UTIL_H
#define GM_TESTS_SYNTAX_UTIL_H

#include <CUnit/Basic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "front.h"

/* Diagnostics of the latest parse, as text. */
static char *diag_text;
static size_t diag_len;
static FILE *diag_stream;

static inline void diag_capture_begin(void)
{
    if (diag_stream)
        fclose(diag_stream);
    free(diag_text);
    diag_text = NULL;
    diag_len = 0;
    gm_diag_reset();
    diag_stream = open_memstream(&diag_text, &diag_len);
    gm_diag_set_stream(diag_stream);
}

/* Returns the captured text (valid until the next capture). */
static inline const char *diag_capture_end(void)
{
    fflush(diag_stream);
    return diag_text ? diag_text : "";
}

/* Parses src as file "t.gm"; *diags receives the messages. */
static inline gm_program *parse_capture(const char *src, const char **diags)
{
    diag_capture_begin();
    gm_program *p = gmf_parse_buffer("t.gm", src, strlen(src));
    const char *d = diag_capture_end();
    if (diags)
        *diags = d;
    return p;
}

/* Parses src, which must be free of errors; reports the messages otherwise. */
static inline gm_program *parse_ok(const char *src)
{
    const char *d;
    gm_program *p = parse_capture(src, &d);
    if (gm_error_count() != 0)
        fprintf(stderr, "\nunexpected diagnostics for:\n%s\n---\n%s", src, d);
    CU_ASSERT_EQUAL(gm_error_count(), 0);
    return p;
}

/* The first statement of the first procedure's body. */
static inline gm_stmt *first_stmt(gm_program *p)
{
    if (!p || !p->procs || !p->procs->body)
        return NULL;
    return p->procs->body->body;
}

/* Prints with one of the gmf_print_* functions into a malloc'd string. */
static inline char *print_program_str(const gm_program *p)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    gmf_print_program(f, p);
    fclose(f);
    return buf;
}

static inline char *print_expr_str(const gm_expr *e)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    gmf_print_expr(f, e);
    fclose(f);
    return buf;
}

static inline char *print_stmt_str(const gm_stmt *s)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    gmf_print_stmt(f, s, 0);
    fclose(f);
    return buf;
}

/* True when the diagnostics contain "t.gm:LINE:COL: error: ..." with the
 * given fragment on that line. */
static inline int has_error_at(const char *diags, int line, int col, const char *fragment)
{
    char head[64];
    snprintf(head, sizeof head, "t.gm:%d:%d: error: ", line, col);
    for (const char *p = strstr(diags, head); p; p = strstr(p + 1, head)) {
        const char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p) : strlen(p);
        char *msg = strndup(p, n);
        int found = strstr(msg, fragment) != NULL;
        free(msg);
        if (found)
            return 1;
    }
    return 0;
}

static inline int count_substr(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = strstr(hay, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

#define CHECK_ERROR_AT(diags, line, col, fragment)                                          \
    do {                                                                                    \
        int ok_ = has_error_at((diags), (line), (col), (fragment));                         \
        if (!ok_)                                                                           \
            fprintf(stderr, "\nexpected error at %d:%d containing \"%s\"; got:\n%s", (line), \
                    (col), (fragment), (diags));                                            \
        CU_ASSERT(ok_);                                                                     \
    } while (0)

typedef struct test_entry {
    const char *name;
    void (*fn)(void);
} test_entry;

/* Runs one suite of tests; the exit status is what automake's harness reads. */
static inline int run_suite(const char *suite_name, const test_entry *tests)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 99;
    CU_pSuite suite = CU_add_suite(suite_name, NULL, NULL);
    for (const test_entry *t = tests; t->name; t++)
        CU_add_test(suite, t->name, t->fn);
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    unsigned failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
    unsigned ran = CU_get_number_of_tests_run();
    CU_cleanup_registry();
    if (diag_stream)
        fclose(diag_stream);
    free(diag_text);
    return failed == 0 && ran > 0 ? 0 : 1;
}

#endif /* GM_TESTS_SYNTAX_UTIL_H */
