/* omp_main.c: the main() that --main adds (placeholder until written). */
#include "omp_emit.h"

void omp_main(omp_emit *em, const gm_proc *proc)
{
    (void)proc;
    omp_printf(em, "int main(void) { return 0; }\n");
}
