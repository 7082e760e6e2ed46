/* gmd_cli.c: the command line of distributed programs (gmc -t omp
 * --distributed --main): the options libgmrt's gmrt_cli does not know
 * (--policy, --relabel[=SEED]) are taken out of argv before gmrt_cli_parse
 * reads the rest, and only rank 0 writes to standard output.  Every rank
 * parses the same argv, so every rank reaches the same verdict; only rank 0
 * says it. */
#include "gmd.h"
#include "gmrt_gen.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Whether a is --NAME, --NAME=V; *value: V, or NULL. */
static bool is_opt(const char *a, const char *name, const char **value)
{
    size_t n = strlen(name);
    if (strncmp(a, "--", 2) != 0 || strncmp(a + 2, name, n) != 0)
        return false;
    if (a[2 + n] == '\0') {
        *value = NULL;
        return true;
    }
    if (a[2 + n] == '=') {
        *value = a + 3 + n;
        return true;
    }
    return false;
}

int gmd_cli_options(int *argc, char **argv, gmd_load_options *opt)
{
    memset(opt, 0, sizeof *opt);
    opt->policy = GMD_POLICY_BOTH;
    opt->policy_from_set = true; /* until --policy names one */
    const char *prog = *argc > 0 ? argv[0] : "program";
    bool say = gmd_rank() == 0;
    int out = 1;
    for (int i = 1; i < *argc; i++) {
        const char *a = argv[i], *v = NULL;
        if (strcmp(a, "--") == 0) { /* the rest is positional */
            for (; i < *argc; i++)
                argv[out++] = argv[i];
            break;
        }
        if (is_opt(a, "policy", &v)) {
            if (!v && i + 1 < *argc)
                v = argv[++i];
            int p = v ? gmd_policy_parse(v) : -1;
            if (p < 0) {
                if (say)
                    fprintf(stderr, "%s: bad value '%s' for --policy: expected out, in or both\n", prog, v ? v : "");
                return 2;
            }
            opt->policy = (gmd_policy)p;
            opt->policy_from_set = false;
        } else if (is_opt(a, "relabel", &v)) {
            opt->relabel = true;
            if (v) {
                char *end = NULL;
                errno = 0;
                unsigned long long s = strtoull(v, &end, 10);
                if (!*v || *end || errno || v[0] == '-') {
                    if (say)
                        fprintf(stderr, "%s: bad value '%s' for --relabel: expected a seed, an integer >= 0\n", prog, v);
                    return 2;
                }
                opt->relabel_seed = (uint64_t)s;
            }
        } else {
            argv[out++] = argv[i];
        }
    }
    *argc = out;
    argv[out] = NULL;
    for (int i = 1; opt->relabel && i < out; i++)
        if (gmrt_gen_spec_is(argv[i])) { /* the in-rank generator does not relabel (gmd_gen.c) */
            if (say)
                fprintf(stderr, "%s: --relabel does not apply to a generated graph (%s)\n", prog, argv[i]);
            return 2;
        }
    if (gmd_rank() != 0) { /* rank 0 speaks for every rank */
        fflush(stdout);
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) {
            dup2(null, STDOUT_FILENO);
            close(null);
        }
    }
    return -1;
}

static int saved_stderr = -1;

void gmd_cli_quiet(bool quiet)
{
    if (gmd_rank() == 0)
        return;
    fflush(stderr);
    if (quiet && saved_stderr < 0) {
        saved_stderr = dup(STDERR_FILENO);
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) {
            dup2(null, STDERR_FILENO);
            close(null);
        }
    } else if (!quiet && saved_stderr >= 0) {
        dup2(saved_stderr, STDERR_FILENO);
        close(saved_stderr);
        saved_stderr = -1;
    }
}

int gmd_cli_agree(int status, const char *prog)
{
    /* the largest status (-1, go on, only when every rank goes on) and the
     * lowest rank that stops, as size - rank, in one MAX allreduce */
    int32_t v[2] = { status, status >= 0 ? gmd_size() - gmd_rank() : 0 };
    gmd_allreduce(v, 2, GMRT_T_INT32, GMD_MAX);
    if (v[0] >= 0 && status < 0 && gmd_rank() == 0)
        fprintf(stderr,
                "%s: rank %d stops with status %d (its message is not shown: only rank 0 speaks); does every "
                "rank see the same files and folders?\n",
                prog ? prog : "program", gmd_size() - v[1], v[0]);
    return v[0];
}
