/* test_lexer.c: unit tests of the scanner (gm_front/lexer.l) against
 * section 1 of the language reference: keywords and synonyms, literals and
 * their limits, INF tokens, longest match, comments, locations, errors. */
#include <math.h>
#include <stdint.h>

#include "parse_internal.h"
#include "parser.h"
#include "syntax_util.h"

enum { MAX_TOKS = 64 };

typedef struct lexed {
    int n;
    gm_token tok[MAX_TOKS];
    const char *diags;
    int errors;
} lexed;

static gm_program *arena_owner;

/* Tokenizes src completely into *out. */
static void lex(const char *src, lexed *out)
{
    memset(out, 0, sizeof *out);
    if (!arena_owner)
        arena_owner = gm_program_new("lex");
    diag_capture_begin();
    gm_lexer *lx = gmf_lexer_open(arena_owner, src, strlen(src));
    CU_ASSERT_PTR_NOT_NULL_FATAL(lx);
    gm_token t;
    while (gmf_lexer_next(lx, &t) && out->n < MAX_TOKS)
        out->tok[out->n++] = t;
    gmf_lexer_close(lx);
    out->diags = diag_capture_end();
    out->errors = gm_error_count();
}

/* src must lex to exactly the given kinds (terminated by -1), without errors. */
static void expect_kinds(const char *src, const int *kinds)
{
    lexed l;
    lex(src, &l);
    int n = 0;
    while (kinds[n] != -1)
        n++;
    if (l.n != n || l.errors)
        fprintf(stderr, "\n'%s': %d tokens (expected %d), diags: %s", src, l.n, n, l.diags);
    CU_ASSERT_EQUAL(l.errors, 0);
    CU_ASSERT_EQUAL_FATAL(l.n, n);
    for (int i = 0; i < n; i++) {
        if (l.tok[i].kind != kinds[i])
            fprintf(stderr, "\n'%s': token %d is %d ('%s'), expected %d", src, i, l.tok[i].kind,
                    l.tok[i].text, kinds[i]);
        CU_ASSERT_EQUAL(l.tok[i].kind, kinds[i]);
    }
}

#define KINDS(...) ((const int[]){__VA_ARGS__, -1})

static void test_keywords_and_synonyms(void)
{
    static const struct {
        const char *spelling;
        int kind;
    } table[] = {
        {"Procedure", GMTK_PROC}, {"Proc", GMTK_PROC}, {"Local", GMTK_LOCAL},
        {"Graph", GMTK_GRAPH}, {"DGraph", GMTK_GRAPH}, {"UGraph", GMTK_UGRAPH},
        {"Node", GMTK_NODE}, {"Edge", GMTK_EDGE},
        {"Node_Property", GMTK_NODE_PROP}, {"Node_Prop", GMTK_NODE_PROP}, {"N_P", GMTK_NODE_PROP},
        {"Edge_Property", GMTK_EDGE_PROP}, {"Edge_Prop", GMTK_EDGE_PROP}, {"E_P", GMTK_EDGE_PROP},
        {"Node_Set", GMTK_NODE_SET}, {"N_S", GMTK_NODE_SET},
        {"Node_Order", GMTK_NODE_ORDER}, {"N_O", GMTK_NODE_ORDER},
        {"Node_Seq", GMTK_NODE_SEQ}, {"Node_Sequence", GMTK_NODE_SEQ}, {"N_Q", GMTK_NODE_SEQ},
        {"Collection", GMTK_COLLECTION}, {"Map", GMTK_MAP},
        {"Int", GMTK_INT}, {"Long", GMTK_LONG}, {"Float", GMTK_FLOAT}, {"Double", GMTK_DOUBLE},
        {"Bool", GMTK_BOOL},
        {"Nodes", GMTK_NODES}, {"Edges", GMTK_EDGES}, {"Nbrs", GMTK_NBRS}, {"OutNbrs", GMTK_NBRS},
        {"InNbrs", GMTK_IN_NBRS}, {"UpNbrs", GMTK_UP_NBRS}, {"DownNbrs", GMTK_DOWN_NBRS},
        {"Items", GMTK_ITEMS}, {"CommonNbrs", GMTK_COMMON_NBRS},
        {"OutEdges", GMTK_OUT_EDGES}, {"InEdges", GMTK_IN_EDGES},
        {"Foreach", GMTK_FOREACH}, {"For", GMTK_FOR}, {"While", GMTK_WHILE}, {"Do", GMTK_DO},
        {"InBFS", GMTK_IN_BFS}, {"InReverse", GMTK_IN_REVERSE}, {"InDFS", GMTK_IN_DFS},
        {"InPost", GMTK_IN_POST}, {"From", GMTK_FROM},
        {"If", GMTK_IF}, {"Else", GMTK_ELSE}, {"Return", GMTK_RETURN}, {"Print", GMTK_PRINT},
        {"Sum", GMTK_SUM}, {"Product", GMTK_PRODUCT}, {"Min", GMTK_MIN}, {"Max", GMTK_MAX},
        {"Count", GMTK_COUNT}, {"Avg", GMTK_AVG}, {"All", GMTK_ALL},
        {"Exist", GMTK_EXIST}, {"Any", GMTK_EXIST},
        {"And", GMTK_AND}, {"Or", GMTK_OR},
        {"InRBFS", GMTK_IN_RBFS}, {"To", GMTK_TO},
        {"True", GMTK_TRUE}, {"False", GMTK_FALSE}, {"NIL", GMTK_NIL}, {"INF", GMTK_INF},
    };
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        lexed l;
        lex(table[i].spelling, &l);
        if (l.n != 1 || l.tok[0].kind != table[i].kind)
            fprintf(stderr, "\nkeyword %s: got %d tokens, kind %d\n", table[i].spelling, l.n,
                    l.n ? l.tok[0].kind : -1);
        CU_ASSERT_EQUAL(l.n, 1);
        CU_ASSERT_EQUAL(l.tok[0].kind, table[i].kind);
        CU_ASSERT_EQUAL(l.errors, 0);
    }
}

static void test_keywords_are_case_sensitive(void)
{
    const char *not_keywords[] = {"procedure", "foreach", "FOREACH", "int", "inf", "Inf",
                                  "nil", "true", "Nodess", "Proc_", "N_P2", "min", "max",
                                  "Sums", "Inbfs"};
    for (size_t i = 0; i < sizeof not_keywords / sizeof not_keywords[0]; i++) {
        lexed l;
        lex(not_keywords[i], &l);
        CU_ASSERT_EQUAL(l.n, 1);
        CU_ASSERT_EQUAL(l.tok[0].kind, GMTK_ID);
        CU_ASSERT_STRING_EQUAL(l.tok[0].str, not_keywords[i]);
    }
}

static void test_identifiers(void)
{
    lexed l;
    lex("a_1B z9 x_", &l);
    CU_ASSERT_EQUAL_FATAL(l.n, 3);
    CU_ASSERT_STRING_EQUAL(l.tok[0].str, "a_1B");
    CU_ASSERT_STRING_EQUAL(l.tok[1].str, "z9");
    CU_ASSERT_STRING_EQUAL(l.tok[2].str, "x_");
    CU_ASSERT_EQUAL(l.errors, 0);

    /* a leading underscore is refused (names like _t are for compiler temporaries) */
    lex("_tmp", &l);
    CU_ASSERT_EQUAL(l.errors, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(l.diags, "may not start with '_'"));
    CU_ASSERT_EQUAL(l.n, 1);
}

static void test_integer_literals(void)
{
    lexed l;
    lex("0 42 007 2147483647 2147483648 4294967296 9223372036854775807", &l);
    CU_ASSERT_EQUAL(l.errors, 0);
    CU_ASSERT_EQUAL_FATAL(l.n, 7);
    const int64_t want[] = {0, 42, 7, 2147483647LL, 2147483648LL, 4294967296LL, INT64_MAX};
    for (int i = 0; i < 7; i++) {
        CU_ASSERT_EQUAL(l.tok[i].kind, GMTK_INT_LIT);
        CU_ASSERT_EQUAL(l.tok[i].int_val, want[i]);
    }

    /* one past INT64_MAX: an error, never a wrapped value */
    lex("9223372036854775808", &l);
    CU_ASSERT_EQUAL(l.errors, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(l.diags, "<lex>:1:1: error: integer literal too large"));
    CU_ASSERT_EQUAL_FATAL(l.n, 1);
    CU_ASSERT_EQUAL(l.tok[0].kind, GMTK_INT_LIT);
    CU_ASSERT(l.tok[0].int_val > 0);

    lex("x = 123456789012345678901234567890;", &l);
    CU_ASSERT_EQUAL(l.errors, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(l.diags, "<lex>:1:5: error: integer literal too large"));

    /* no sign inside a literal: -3 is '-' then 3 */
    expect_kinds("-3", KINDS('-', GMTK_INT_LIT));
}

static void test_float_literals(void)
{
    lexed l;
    lex("1. 1.5 0.25 10.0e3 2.5E-2 3.e1", &l);
    CU_ASSERT_EQUAL(l.errors, 0);
    CU_ASSERT_EQUAL_FATAL(l.n, 6);
    const double want[] = {1.0, 1.5, 0.25, 10000.0, 0.025, 30.0};
    const char *text[] = {"1.", "1.5", "0.25", "10.0e3", "2.5E-2", "3.e1"};
    for (int i = 0; i < 6; i++) {
        CU_ASSERT_EQUAL(l.tok[i].kind, GMTK_FLOAT_LIT);
        CU_ASSERT_DOUBLE_EQUAL(l.tok[i].float_val, want[i], 1e-12);
        CU_ASSERT_STRING_EQUAL(l.tok[i].str, text[i]); /* spelling kept */
    }
    /* ".5" is not a literal: '.' then 5 */
    expect_kinds(".5", KINDS('.', GMTK_INT_LIT));
    /* an exponent without the '.' is a float too ("1e999" was 1 then the
     * name e999, a syntax error); "1e" is still 1 then the name e */
    expect_kinds("1e5", KINDS(GMTK_FLOAT_LIT));
    expect_kinds("1e", KINDS(GMTK_INT_LIT, GMTK_ID));
    /* "1.e" keeps "1." and leaves the name e */
    expect_kinds("1.e", KINDS(GMTK_FLOAT_LIT, GMTK_ID));
}

static void test_inf_tokens(void)
{
    expect_kinds("INF +INF -INF", KINDS(GMTK_INF, GMTK_PLUS_INF, GMTK_MINUS_INF));
    /* "x+INF" is x then the single token +INF (a syntax error later) */
    expect_kinds("x+INF", KINDS(GMTK_ID, GMTK_PLUS_INF));
    expect_kinds("x-INF", KINDS(GMTK_ID, GMTK_MINUS_INF));
    expect_kinds("x + INF", KINDS(GMTK_ID, '+', GMTK_INF));
    /* a name that merely starts with INF */
    expect_kinds("+INFO", KINDS('+', GMTK_ID));
    expect_kinds("x-INF_2", KINDS(GMTK_ID, '-', GMTK_ID));
    expect_kinds("INFO", KINDS(GMTK_ID));

    lexed l;
    lex("a-INFx", &l);
    CU_ASSERT_EQUAL_FATAL(l.n, 3);
    CU_ASSERT_EQUAL(l.tok[2].loc.col, 3); /* the name INFx starts after the '-' */
    CU_ASSERT_STRING_EQUAL(l.tok[2].str, "INFx");
}

static void test_min_assign_longest_match(void)
{
    /* "Int min=3;" : min= is the reduction token */
    expect_kinds("Int min=3;", KINDS(GMTK_INT, GMTK_MIN_ASSIGN, GMTK_INT_LIT, ';'));
    expect_kinds("Int min = 3;", KINDS(GMTK_INT, GMTK_ID, '=', GMTK_INT_LIT, ';'));
    expect_kinds("m max= x", KINDS(GMTK_ID, GMTK_MAX_ASSIGN, GMTK_ID));
    expect_kinds("mins=", KINDS(GMTK_ID, '='));
}

/* A '>' whose next token is ';' or '@' closes an arg-min/max list. */
static void test_tuple_end(void)
{
    expect_kinds("a >;", KINDS(GMTK_ID, GMTK_TUPLE_END, ';'));
    expect_kinds("a > /* c */ // d\n  @ n", KINDS(GMTK_ID, GMTK_TUPLE_END, '@', GMTK_ID));
    expect_kinds("a > b;", KINDS(GMTK_ID, '>', GMTK_ID, ';'));
    expect_kinds("a >= ;", KINDS(GMTK_ID, GMTK_GE, ';'));
    expect_kinds("a > /* ; */ b", KINDS(GMTK_ID, '>', GMTK_ID));
    expect_kinds("a > // ;\n b", KINDS(GMTK_ID, '>', GMTK_ID));
}

static void test_operators_longest_match(void)
{
    expect_kinds("+= -= *= &= |= &&= ||=",
                 KINDS(GMTK_PLUS_ASSIGN, GMTK_MINUS_ASSIGN, GMTK_MULT_ASSIGN, GMTK_AND_ASSIGN,
                       GMTK_OR_ASSIGN, GMTK_AND_ASSIGN, GMTK_OR_ASSIGN));
    expect_kinds("++ -- <= >= == != && || :: ->",
                 KINDS(GMTK_INC, GMTK_DEC, GMTK_LE, GMTK_GE, GMTK_EQ, GMTK_NE, GMTK_AND, GMTK_OR,
                       GMTK_COLONCOLON, GMTK_ARROW));
    expect_kinds("+++", KINDS(GMTK_INC, '+'));
    expect_kinds("a---b", KINDS(GMTK_ID, GMTK_DEC, '-', GMTK_ID));
    expect_kinds("<<=", KINDS('<', GMTK_LE));
    expect_kinds("===", KINDS(GMTK_EQ, '='));
    expect_kinds(":::", KINDS(GMTK_COLONCOLON, ':'));
    expect_kinds("!!=", KINDS('!', GMTK_NE));
    expect_kinds("|||", KINDS(GMTK_OR, '|'));
    expect_kinds("( ) { } [ ] < > , ; : . + - * / % ! ? | @ # ^ =",
                 KINDS('(', ')', '{', '}', '[', ']', '<', '>', ',', ';', ':', '.', '+', '-', '*',
                       '/', '%', '!', '?', '|', '@', '#', '^', '='));
}

static void test_comments(void)
{
    lexed l;
    lex("a // b c\nd", &l);
    CU_ASSERT_EQUAL_FATAL(l.n, 2);
    CU_ASSERT_STRING_EQUAL(l.tok[1].str, "d");
    CU_ASSERT_EQUAL(l.tok[1].loc.line, 2);
    CU_ASSERT_EQUAL(l.tok[1].loc.col, 1);

    lex("a /* b\n * c ** / */ d /**/e/***/f", &l);
    CU_ASSERT_EQUAL(l.errors, 0);
    CU_ASSERT_EQUAL_FATAL(l.n, 4);
    CU_ASSERT_STRING_EQUAL(l.tok[1].str, "d");
    CU_ASSERT_EQUAL(l.tok[1].loc.line, 2);
    CU_ASSERT_EQUAL(l.tok[1].loc.col, 14);
    CU_ASSERT_STRING_EQUAL(l.tok[3].str, "f");

    /* not nested: the first "*" "/" closes the comment */
    expect_kinds("/* /* */ x */", KINDS(GMTK_ID, '*', '/'));
    /* a comment at the end of the input without a newline */
    expect_kinds("x // end", KINDS(GMTK_ID));

    /* unterminated: an error at the comment's start, and no hang */
    lex("a\n  /* never closed\n\n", &l);
    CU_ASSERT_EQUAL(l.n, 1);
    CU_ASSERT_EQUAL(l.errors, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(l.diags, "<lex>:2:3: error: unterminated comment"));
}

static void test_locations(void)
{
    lexed l;
    lex("a\n  bb\n\tc  d\r\ne", &l);
    CU_ASSERT_EQUAL_FATAL(l.n, 5);
    const int line[] = {1, 2, 3, 3, 4}, col[] = {1, 3, 2, 5, 1};
    for (int i = 0; i < 5; i++) {
        CU_ASSERT_EQUAL(l.tok[i].loc.line, line[i]);
        CU_ASSERT_EQUAL(l.tok[i].loc.col, col[i]);
    }
    /* multi-character tokens are located at their first character */
    lex("x  min= +INF", &l);
    CU_ASSERT_EQUAL_FATAL(l.n, 3);
    CU_ASSERT_EQUAL(l.tok[1].loc.col, 4);
    CU_ASSERT_EQUAL(l.tok[2].loc.col, 9);
}

static void test_bad_characters(void)
{
    lexed l;
    lex("a $ b", &l);
    CU_ASSERT_EQUAL(l.errors, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(l.diags, "<lex>:1:3: error: unexpected character '$'"));
    CU_ASSERT_EQUAL(l.n, 2); /* scanning goes on after the bad character */

    lex("x\x01y", &l);
    CU_ASSERT_EQUAL(l.errors, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(l.diags, "unexpected character '\\x01'"));

    lex("\xc3\xa9", &l); /* a UTF-8 letter: two bad bytes */
    CU_ASSERT_EQUAL(l.errors, 2);
    CU_ASSERT_PTR_NOT_NULL(strstr(l.diags, "'\\xC3'"));

    static const char with_nul[] = "a\0b";
    diag_capture_begin();
    gm_lexer *lx = gmf_lexer_open(arena_owner, with_nul, 3);
    gm_token t;
    int n = 0;
    while (gmf_lexer_next(lx, &t))
        n++;
    gmf_lexer_close(lx);
    diag_capture_end();
    CU_ASSERT_EQUAL(n, 2);
    CU_ASSERT_EQUAL(gm_error_count(), 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(diag_text, "'\\x00'"));

    lex("a & b", &l); /* a single '&' is not an operator */
    CU_ASSERT_EQUAL(l.errors, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(l.diags, "unexpected character '&'"));
}

static void test_string_literals(void)
{
    lexed l;
    lex("\"hello, [$x]\\n\\\"q\\\"\"", &l);
    CU_ASSERT_EQUAL(l.errors, 0);
    CU_ASSERT_EQUAL_FATAL(l.n, 1);
    CU_ASSERT_EQUAL(l.tok[0].kind, GMTK_STRING_LIT);
    CU_ASSERT_STRING_EQUAL(l.tok[0].str, "hello, [$x]\\n\\\"q\\\""); /* escapes kept as written */

    lex("\"open\nx", &l);
    CU_ASSERT_EQUAL(l.errors, 1);
    CU_ASSERT_PTR_NOT_NULL(strstr(l.diags, "<lex>:1:1: error: unterminated string literal"));
    CU_ASSERT_EQUAL(l.n, 2);
}

static void test_long_input(void)
{
    /* a long line and many tokens: nothing special */
    size_t n = 200000;
    char *src = malloc(n * 2 + 1);
    for (size_t i = 0; i < n; i++) {
        src[2 * i] = 'a';
        src[2 * i + 1] = ' ';
    }
    src[2 * n] = '\0';
    diag_capture_begin();
    gm_lexer *lx = gmf_lexer_open(arena_owner, src, strlen(src));
    gm_token t, last = {0};
    size_t count = 0;
    while (gmf_lexer_next(lx, &t)) {
        count++;
        last = t;
    }
    gmf_lexer_close(lx);
    CU_ASSERT_EQUAL(count, n);
    CU_ASSERT_EQUAL(last.loc.line, 1);
    CU_ASSERT_EQUAL(last.loc.col, (int)(2 * n - 1));
    free(src);
}

int main(void)
{
    static const test_entry tests[] = {
        {"keywords and synonyms", test_keywords_and_synonyms},
        {"keywords are case-sensitive", test_keywords_are_case_sensitive},
        {"identifiers", test_identifiers},
        {"integer literals (64-bit, overflow)", test_integer_literals},
        {"floating literals", test_float_literals},
        {"INF tokens", test_inf_tokens},
        {"min= longest match", test_min_assign_longest_match},
        {"operators longest match", test_operators_longest_match},
        {"'>' closing an arg-min/max list", test_tuple_end},
        {"comments", test_comments},
        {"locations", test_locations},
        {"bad characters", test_bad_characters},
        {"string literals", test_string_literals},
        {"long input", test_long_input},
        {NULL, NULL},
    };
    int rc = run_suite("lexer", tests);
    gm_program_free(arena_owner);
    return rc;
}
