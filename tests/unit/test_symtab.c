/* test_symtab.c: unit tests of the symbol table (gm_front/symtab.c):
 * nested scopes, the no-shadowing rule, the separate namespaces of
 * variables, properties and procedures, and the graph count used by
 * implicit binding. Symbols are built by hand: no parser involved. */
#include <CUnit/Basic.h>
#include <string.h>

#include "symtab.h"

static gm_type int_type = {.kind = GMT_INT};
static gm_type graph_type = {.kind = GMT_GRAPH};
static gm_type prop_type = {.kind = GMT_NODE_PROP};

static gm_symbol make(const char *name, gm_type *type, gm_sym_kind kind)
{
    gm_symbol s = {.name = name, .type = type, .kind = kind};
    s.is_property = type == &prop_type;
    return s;
}

static void test_declare_and_lookup(void)
{
    gm_symtab *st = gm_symtab_new();
    gm_symbol x = make("x", &int_type, GMSYM_VAR);
    CU_ASSERT_PTR_NULL(gm_symtab_lookup(st, GM_NS_VAR, "x"));
    CU_ASSERT_PTR_NULL(gm_symtab_declare(st, &x));
    CU_ASSERT_PTR_EQUAL(gm_symtab_lookup(st, GM_NS_VAR, "x"), &x);
    CU_ASSERT_PTR_NULL(gm_symtab_lookup(st, GM_NS_VAR, "y"));
    CU_ASSERT_PTR_NULL(gm_symtab_lookup(st, GM_NS_VAR, "X")); /* case-sensitive */
    CU_ASSERT_PTR_NULL(gm_symtab_lookup(st, GM_NS_VAR, NULL));
    gm_symtab_free(st);
}

static void test_same_scope_redefinition(void)
{
    gm_symtab *st = gm_symtab_new();
    gm_symbol a = make("a", &int_type, GMSYM_VAR), a2 = make("a", &int_type, GMSYM_VAR);
    CU_ASSERT_PTR_NULL(gm_symtab_declare(st, &a));
    /* The second declaration fails and names the first; lookups are unchanged. */
    CU_ASSERT_PTR_EQUAL(gm_symtab_declare(st, &a2), &a);
    CU_ASSERT_PTR_EQUAL(gm_symtab_lookup(st, GM_NS_VAR, "a"), &a);
    gm_symtab_free(st);
}

static void test_shadowing_is_refused(void)
{
    gm_symtab *st = gm_symtab_new();
    gm_symbol outer = make("v", &int_type, GMSYM_IN_ARG), inner = make("v", &int_type, GMSYM_VAR);
    gm_symtab_declare(st, &outer);
    gm_symtab_push(st);
    gm_symtab_push(st);
    CU_ASSERT_EQUAL(gm_symtab_depth(st), 3);
    CU_ASSERT_PTR_EQUAL(gm_symtab_declare(st, &inner), &outer);
    CU_ASSERT_FALSE(gm_symtab_in_current_scope(st, &outer));
    gm_symtab_free(st);
}

static void test_scopes_end(void)
{
    gm_symtab *st = gm_symtab_new();
    gm_symbol i1 = make("i", &int_type, GMSYM_ITER), i2 = make("i", &int_type, GMSYM_ITER);
    gm_symtab_push(st);
    CU_ASSERT_PTR_NULL(gm_symtab_declare(st, &i1));
    CU_ASSERT_TRUE(gm_symtab_in_current_scope(st, &i1));
    gm_symtab_pop(st);
    CU_ASSERT_PTR_NULL(gm_symtab_lookup(st, GM_NS_VAR, "i"));
    /* A sibling scope may reuse the name. */
    gm_symtab_push(st);
    CU_ASSERT_PTR_NULL(gm_symtab_declare(st, &i2));
    CU_ASSERT_PTR_EQUAL(gm_symtab_lookup(st, GM_NS_VAR, "i"), &i2);
    gm_symtab_pop(st);
    /* The outermost scope cannot be left. */
    gm_symtab_pop(st);
    gm_symtab_pop(st);
    CU_ASSERT_EQUAL(gm_symtab_depth(st), 1);
    gm_symtab_free(st);
}

static void test_namespaces(void)
{
    gm_symtab *st = gm_symtab_new();
    gm_symbol var = make("A", &int_type, GMSYM_VAR);
    gm_symbol prop = make("A", &prop_type, GMSYM_VAR);
    gm_symbol proc = make("A", NULL, GMSYM_PROC);
    CU_ASSERT_EQUAL(gm_symtab_namespace_of(&var), GM_NS_VAR);
    CU_ASSERT_EQUAL(gm_symtab_namespace_of(&prop), GM_NS_PROP);
    CU_ASSERT_EQUAL(gm_symtab_namespace_of(&proc), GM_NS_PROC);
    /* A variable, a property and a procedure may share a name. */
    CU_ASSERT_PTR_NULL(gm_symtab_declare(st, &prop));
    gm_symtab_push(st);
    CU_ASSERT_PTR_NULL(gm_symtab_declare(st, &var));
    CU_ASSERT_PTR_NULL(gm_symtab_declare(st, &proc));
    CU_ASSERT_PTR_EQUAL(gm_symtab_lookup(st, GM_NS_VAR, "A"), &var);
    CU_ASSERT_PTR_EQUAL(gm_symtab_lookup(st, GM_NS_PROP, "A"), &prop);
    CU_ASSERT_PTR_EQUAL(gm_symtab_lookup(st, GM_NS_PROC, "A"), &proc);
    /* But two properties of one name may not, even in nested scopes. */
    gm_symbol prop2 = make("A", &prop_type, GMSYM_VAR);
    gm_symtab_push(st);
    CU_ASSERT_PTR_EQUAL(gm_symtab_declare(st, &prop2), &prop);
    gm_symtab_free(st);
}

static void test_count_graphs(void)
{
    gm_symtab *st = gm_symtab_new();
    gm_symbol *only = (gm_symbol *)1;
    CU_ASSERT_EQUAL(gm_symtab_count_graphs(st, &only), 0);
    CU_ASSERT_PTR_NULL(only);
    gm_symbol g = make("G", &graph_type, GMSYM_IN_ARG), x = make("x", &int_type, GMSYM_VAR);
    gm_symtab_declare(st, &g);
    gm_symtab_declare(st, &x);
    CU_ASSERT_EQUAL(gm_symtab_count_graphs(st, &only), 1);
    CU_ASSERT_PTR_EQUAL(only, &g);
    gm_symtab_push(st);
    gm_symbol h = make("H", &graph_type, GMSYM_IN_ARG);
    gm_symtab_declare(st, &h);
    CU_ASSERT_EQUAL(gm_symtab_count_graphs(st, &only), 2);
    CU_ASSERT_PTR_NULL(only);
    gm_symtab_pop(st);
    CU_ASSERT_EQUAL(gm_symtab_count_graphs(st, NULL), 1);
    gm_symtab_free(st);
}

static void test_many_symbols(void)
{
    /* Growth past the initial capacities keeps every symbol reachable. */
    enum { N = 500 };
    static gm_symbol syms[N];
    static char names[N][8];
    gm_symtab *st = gm_symtab_new();
    for (int i = 0; i < N; i++) {
        snprintf(names[i], sizeof names[i], "v%d", i);
        syms[i] = make(names[i], &int_type, GMSYM_VAR);
        if (i % 10 == 0)
            gm_symtab_push(st);
        CU_ASSERT_PTR_NULL(gm_symtab_declare(st, &syms[i]));
    }
    CU_ASSERT_EQUAL(gm_symtab_depth(st), 51);
    for (int i = 0; i < N; i += 37)
        CU_ASSERT_PTR_EQUAL(gm_symtab_lookup(st, GM_NS_VAR, names[i]), &syms[i]);
    gm_symtab_free(st);
}

int main(void)
{
    if (CU_initialize_registry() != CUE_SUCCESS)
        return 99;
    CU_pSuite s = CU_add_suite("symtab", NULL, NULL);
    CU_add_test(s, "declare and lookup", test_declare_and_lookup);
    CU_add_test(s, "redefinition in one scope", test_same_scope_redefinition);
    CU_add_test(s, "shadowing is refused", test_shadowing_is_refused);
    CU_add_test(s, "scopes end", test_scopes_end);
    CU_add_test(s, "namespaces", test_namespaces);
    CU_add_test(s, "graph count", test_count_graphs);
    CU_add_test(s, "many symbols", test_many_symbols);
    CU_basic_set_mode(CU_BRM_VERBOSE);
    CU_basic_run_tests();
    unsigned failed = CU_get_number_of_failures() + CU_get_number_of_tests_failed();
    unsigned ran = CU_get_number_of_tests_run();
    CU_cleanup_registry();
    return failed == 0 && ran > 0 ? 0 : 1;
}
