/* tests/nocunit/CUnit/Basic.h: see CUnit.h here (CUnit's stand-in when it
 * is missing: the tests report SKIP). */
#ifndef GMC_NOCUNIT_BASIC_H
#define GMC_NOCUNIT_BASIC_H

#include "CUnit.h"

static inline void CU_basic_set_mode(CU_BasicRunMode m) { (void)m; }
static inline CU_ErrorCode CU_basic_run_tests(void) { return CUE_SUCCESS; }

#endif
