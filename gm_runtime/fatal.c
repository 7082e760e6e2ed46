/* fatal.c: run-time errors that end a generated procedure, and the guard
 * that brings them back to NAME_try. Contract: gmrt_fatal.h. */
#include "gmrt_fatal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef _OPENMP
#include <omp.h>
#endif

/* The innermost guard of each thread (a thread-local stack), and how many
 * suspensions hold on the thread. */
static _Thread_local gmrt_guard *current_guard;
static _Thread_local int suspended;

void gmrt_guard_suspend(void)
{
    suspended++;
}

void gmrt_guard_resume(void)
{
    if (suspended > 0)
        suspended--;
}

void gmrt_guard_begin(gmrt_guard *g)
{
    g->message[0] = '\0';
    g->outer = current_guard;
    current_guard = g;
}

void gmrt_guard_end(gmrt_guard *g)
{
    if (current_guard == g)
        current_guard = g->outer;
}

void gmrt_fatal(const char *fmt, ...)
{
    char msg[GMRT_FATAL_MSG];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    gmrt_guard *g = current_guard;
    int in_parallel = 0;
#ifdef _OPENMP
    in_parallel = omp_in_parallel();
#endif
    if (g && !in_parallel && !suspended) {
        current_guard = g->outer;
        snprintf(g->message, sizeof g->message, "%s", msg);
        longjmp(g->jump, 1);
    }
    fflush(stdout);
    fprintf(stderr, "error: %s\n", msg);
    exit(1);
}
