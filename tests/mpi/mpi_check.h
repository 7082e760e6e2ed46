/* tests/mpi/mpi_check.h: the check harness the MPI test programs share
 * (header-only: one test program per process).  CHECK(cond) counts a
 * failed condition on this rank and names the rank, the case being checked
 * (what_) and the line; mpi_test_start initializes libgmrt-dist and the
 * rank fields; mpi_test_finish sums the failures over the ranks, has rank 0
 * print "NAME: SUMMARY: ok|FAIL (N failed checks)", finalizes and gives the
 * exit status (0 when no rank failed). */
#ifndef TESTS_MPI_CHECK_H
#define TESTS_MPI_CHECK_H

#include "gmd.h"

#include <mpi.h>
#include <stdio.h>

static int failures;
static int rank_, size_;
static const char *what_ = "";

#define CHECK(cond)                                                                                                    \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            if (failures++ < 20)                                                                                       \
                fprintf(stderr, "rank %d/%d: %s: %s:%d: %s\n", rank_, size_, what_, __FILE__, __LINE__, #cond);        \
        }                                                                                                              \
    } while (0)

/* false (after saying why) when MPI cannot start: return 1 then. */
static inline bool mpi_test_start(int *argc, char ***argv)
{
    gmrt_error err;
    if (!gmd_init(argc, argv, &err)) {
        fprintf(stderr, "gmd_init: %s\n", err.message);
        return false;
    }
    rank_ = gmd_rank();
    size_ = gmd_size();
    return true;
}

/* COLLECTIVE. summary: what was checked, e.g. "4 ranks, 9 graphs". */
static inline int mpi_test_finish(const char *name, const char *summary)
{
    int total = failures;
    MPI_Allreduce(MPI_IN_PLACE, &total, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank_ == 0)
        printf("%s: %s: %s (%d failed checks)\n", name, summary, total ? "FAIL" : "ok", total);
    gmd_finalize();
    return total ? 1 : 0;
}

#endif
