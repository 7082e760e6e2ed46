/* tests/nocunit/CUnit/CUnit.h: stands in for CUnit when configure did not
 * find it (a release tarball built without libcunit1-dev). The CUnit tests
 * still compile against it, but their own main() is renamed and never runs:
 * the main() below reports the test as skipped (exit 77, automake's SKIP),
 * so `make check` names each test it could not run and why. configure adds
 * -I tests/nocunit only when CUnit is missing; the assertions here only
 * need to compile. */
#ifndef GMC_NOCUNIT_CUNIT_H
#define GMC_NOCUNIT_CUNIT_H

#include <stdio.h>
#include <string.h>

typedef void (*CU_TestFunc)(void);
typedef int (*CU_InitializeFunc)(void);
typedef int (*CU_CleanupFunc)(void);
typedef struct CU_Suite *CU_pSuite;
typedef struct CU_Test *CU_pTest;
typedef struct CU_TestInfo {
    const char *pName;
    CU_TestFunc pTestFunc;
} CU_TestInfo;
#define CU_TEST_INFO_NULL { NULL, NULL }
typedef enum { CUE_SUCCESS = 0, CUE_NOMEMORY = 1 } CU_ErrorCode;
typedef enum { CU_BRM_NORMAL = 0, CU_BRM_SILENT, CU_BRM_VERBOSE } CU_BasicRunMode;

/* Weak: every object of a test program that includes this header defines
 * it, and the linker keeps one. */
__attribute__((weak)) int main(void)
{
    printf("SKIP: CUnit was not found when gmc was configured; install it "
           "(apt-get install libcunit1-dev) and re-run configure to run this test\n");
    return 77;
}
/* The test's own main() becomes an ordinary function that nothing calls. */
#define main gmc_nocunit_test_main

static inline CU_ErrorCode CU_initialize_registry(void) { return CUE_SUCCESS; }
static inline void CU_cleanup_registry(void) {}
static inline CU_pSuite CU_add_suite(const char *n, CU_InitializeFunc i, CU_CleanupFunc c)
{
    (void)n, (void)i, (void)c;
    return NULL;
}
static inline CU_pTest CU_add_test(CU_pSuite s, const char *n, CU_TestFunc f)
{
    (void)s, (void)n, (void)f;
    return NULL;
}
static inline unsigned CU_get_number_of_failures(void) { return 0; }
static inline unsigned CU_get_number_of_tests_failed(void) { return 0; }
static inline unsigned CU_get_number_of_tests_run(void) { return 0; }

#define CU_ASSERT(v) ((void)(v))
#define CU_ASSERT_FATAL(v) ((void)(v))
#define CU_ASSERT_TRUE(v) ((void)(v))
#define CU_ASSERT_FALSE(v) ((void)(v))
#define CU_ASSERT_TRUE_FATAL(v) ((void)(v))
#define CU_ASSERT_FALSE_FATAL(v) ((void)(v))
#define CU_ASSERT_EQUAL(a, b) ((void)((a) == (b)))
#define CU_ASSERT_EQUAL_FATAL(a, b) ((void)((a) == (b)))
#define CU_ASSERT_NOT_EQUAL(a, b) ((void)((a) != (b)))
#define CU_ASSERT_PTR_EQUAL(a, b) ((void)((const void *)(a) == (const void *)(b)))
#define CU_ASSERT_PTR_NOT_EQUAL(a, b) ((void)((const void *)(a) != (const void *)(b)))
#define CU_ASSERT_PTR_NULL(p) ((void)(p))
#define CU_ASSERT_PTR_NOT_NULL(p) ((void)(p))
#define CU_ASSERT_PTR_NOT_NULL_FATAL(p) ((void)(p))
#define CU_ASSERT_STRING_EQUAL(a, b) ((void)strcmp((const char *)(a), (const char *)(b)))
#define CU_ASSERT_DOUBLE_EQUAL(a, b, g) ((void)((a) - (b) + (g)))
#define CU_FAIL(m) ((void)(m))
#define CU_FAIL_FATAL(m) ((void)(m))
#define CU_PASS(m) ((void)(m))

#endif
