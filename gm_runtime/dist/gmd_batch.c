/* gmd_batch.c: the main() of gmc --distributed --main programs after
 * gmd_init (gmd_cli_main, gmd.h): one run of the program's own main, or,
 * with --batch=FILE, one run per line of FILE in the same MPI world, so
 * that many small runs pay MPI's start-up once (README, "Distributed
 * programs").  Contract of a batch:
 *  - rank 0 reads FILE and sends it to every rank; each line that is not
 *    blank or a comment (first non-blank '#') is one run's arguments,
 *    words split at blanks, '...' and "..." quoting (no escapes); the
 *    command line's other arguments go before each line's words;
 *  - before each run every rank puts back what an earlier run may have set
 *    and a fresh process would not have (the random seed, OpenMP's thread
 *    count, gmd_cli_quiet), so each run gives what it gives alone;
 *  - rank 0 writes "== batch line N: WORDS" on stdout and stderr before
 *    the run, "== batch line N done: exit status S" on stdout after it; a
 *    failed run does not stop the batch; the ranks agree on each status
 *    (on a communicator of the batch's own, so that a rank that left a run
 *    early waits there instead of meeting another run's messages), and the
 *    batch stops where they do not;
 *  - the exit status is the largest of the runs'; 1 when FILE cannot be
 *    read, 2 when a line's quote is not closed or FILE has no run (then no
 *    run starts). */
#include "gmd.h"
#include "gmd_internal.h"
#include "gmrt_rng.h"

#include <errno.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef _OPENMP
#include <omp.h>
#endif

/* Where --batch=FILE or --batch FILE is (before any "--"): its index, and
 * how many arguments it takes (1 or 2); 0 when there is none. */
static int find_batch(int argc, char **argv, int *at, const char **file)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0)
            return 0;
        if (strncmp(argv[i], "--batch=", 8) == 0) {
            *at = i;
            *file = argv[i] + 8;
            return 1;
        }
        if (strcmp(argv[i], "--batch") == 0) {
            *at = i;
            *file = i + 1 < argc ? argv[i + 1] : "";
            return i + 1 < argc ? 2 : 1;
        }
    }
    return 0;
}

/* FILE's text on every rank (read by rank 0); NULL on every rank when it
 * cannot be read, after rank 0 says why. */
static char *read_everywhere(const char *prog, const char *path)
{
    int64_t len = -1;
    char *text = NULL;
    if (gmd_rank() == 0) {
        FILE *f = *path ? fopen(path, "rb") : NULL;
        size_t cap = 4096, n = 0;
        text = f ? malloc(cap) : NULL;
        while (text) {
            n += fread(text + n, 1, cap - n, f);
            if (n < cap)
                break;
            char *bigger = realloc(text, cap *= 2);
            if (!bigger) {
                free(text);
                text = NULL;
                errno = ENOMEM;
            }
            text = bigger;
        }
        if (text && ferror(f)) {
            free(text);
            text = NULL;
        }
        if (text)
            len = (int64_t)n;
        else
            fprintf(stderr, "%s: --batch: cannot read '%s': %s\n", prog, path, *path ? strerror(errno) : "no file named");
        if (f)
            fclose(f);
    }
    gmd_bcast(&len, sizeof len, 0);
    if (len < 0)
        return NULL;
    if (gmd_rank() != 0)
        text = malloc((size_t)len + 1);
    int ok = text != NULL;
    gmd_allreduce_int32(&ok, GMD_MIN);
    if (!ok) {
        if (gmd_rank() == 0)
            fprintf(stderr, "%s: --batch: out of memory\n", prog);
        free(text);
        return NULL;
    }
    gmd_bcast(text, (size_t)len, 0);
    text[len] = '\0';
    return text;
}

/* The words of one line (line: its text, NUL-terminated, changed in
 * place); the count, or -1 when a quote is not closed. */
static int split_words(char *line, char **words, int max)
{
    int n = 0;
    char *r = line, *w = line;
    for (;;) {
        while (*r == ' ' || *r == '\t')
            r++;
        if (!*r)
            return n;
        char *word = w;
        while (*r && *r != ' ' && *r != '\t') {
            if (*r == '\'' || *r == '"') {
                char q = *r++;
                while (*r && *r != q)
                    *w++ = *r++;
                if (!*r)
                    return -1;
                r++;
            } else {
                *w++ = *r++;
            }
        }
        bool end = !*r;
        *w++ = '\0';
        if (n < max)
            words[n] = word;
        n++;
        if (end)
            return n;
        r++;
    }
}

typedef struct batch_line {
    int number;        /* in FILE, from 1 */
    const char *shown; /* its text (in the file's copy), for the markers and the words */
    int count;         /* its words */
} batch_line;

/* Every run's line (text changed in place); the count of runs, -1 (a quote
 * not closed, no run: the same on every rank, rank 0 said it) or -2 (out of
 * memory on this rank). */
static int parse_lines(const char *prog, const char *path, char *text, batch_line **out)
{
    int cap = 16, n = 0, number = 0;
    batch_line *lines = malloc((size_t)cap * sizeof *lines);
    char *scratch = malloc(strlen(text) + 1);
    if (!lines || !scratch) {
        free(lines);
        free(scratch);
        return -2;
    }
    for (char *s = text; *s;) {
        char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        char *next = nl ? nl + 1 : s + len;
        number++;
        while (len && (s[len - 1] == '\r' || s[len - 1] == ' ' || s[len - 1] == '\t'))
            len--;
        s[len] = '\0';
        char *t = s + strspn(s, " \t");
        s = next;
        if (!*t || *t == '#')
            continue;
        if (n == cap) {
            batch_line *bigger = realloc(lines, (size_t)(cap *= 2) * sizeof *lines);
            if (!bigger) {
                free(lines);
                free(scratch);
                return -2;
            }
            lines = bigger;
        }
        strcpy(scratch, t);
        lines[n++] = (batch_line){ .number = number, .shown = t, .count = split_words(scratch, NULL, 0) };
        if (lines[n - 1].count < 0) {
            if (gmd_rank() == 0)
                fprintf(stderr, "%s: --batch: %s:%d: a quote is not closed\n", prog, path, number);
            n = -1;
            break;
        }
    }
    free(scratch);
    if (n == 0 && gmd_rank() == 0)
        fprintf(stderr, "%s: --batch: %s has no run (each line that is not blank or a # comment is one)\n", prog,
                path);
    if (n <= 0) {
        free(lines);
        return -1;
    }
    *out = lines;
    return n;
}

/* One run of the batch: its status, agreed by every rank on the batch's
 * communicator (MPI_MAX of the status and of its negation: hi_lo). */
static void one_run(char **args, int nargs, const batch_line *l, int (*run)(int, char **), MPI_Comm agree,
                    int hi_lo[2])
{
    if (gmd_rank() == 0) {
        fflush(stdout);
        printf("== batch line %d: %s\n", l->number, l->shown);
        fflush(stdout);
        fprintf(stderr, "== batch line %d: %s\n", l->number, l->shown);
    }
    int status = run(nargs, args);
    gmd_cli_quiet(false);
    hi_lo[0] = status;
    hi_lo[1] = -status;
    MPI_Allreduce(MPI_IN_PLACE, hi_lo, 2, MPI_INT, MPI_MAX, agree);
    if (gmd_rank() == 0) {
        fflush(stdout);
        printf("== batch line %d done: exit status %d\n", l->number, hi_lo[0]);
        fflush(stdout);
    }
}

static int run_batch(int argc, char **argv, int at, int taken, const char *path, int (*run)(int, char **))
{
    const char *prog = argc > 0 ? argv[0] : "program";
    char *text = read_everywhere(prog, path);
    if (!text)
        return 1;
    batch_line *lines = NULL;
    int n = parse_lines(prog, path, text, &lines);
    int lo = n;
    gmd_allreduce_int32(&lo, GMD_MIN);
    if (lo < 0) {
        if (lo == -2 && gmd_rank() == 0)
            fprintf(stderr, "%s: --batch: out of memory\n", prog);
        if (n > 0)
            free(lines);
        free(text);
        return lo == -2 ? 1 : 2;
    }
    /* what a fresh process starts with, put back before each run */
    uint64_t seed = gmrt_rng_get_seed();
#ifdef _OPENMP
    int threads = omp_get_max_threads();
#endif
    MPI_Comm agree;
    MPI_Comm_dup(gmd_comm_(), &agree);
    int common = argc - 1 - taken, worst = 0;
    for (int k = 0; k < n; k++) {
        const batch_line *l = &lines[k];
        /* fresh words and argv for each run: a run may change what it is given */
        char *words = malloc(strlen(l->shown) + 1);
        char **args = malloc(((size_t)common + (size_t)l->count + 2) * sizeof *args);
        int ok = words && args;
        gmd_allreduce_int32(&ok, GMD_MIN);
        if (!ok) {
            if (gmd_rank() == 0)
                fprintf(stderr, "%s: --batch: out of memory\n", prog);
            free(words);
            free(args);
            worst = worst > 1 ? worst : 1;
            break;
        }
        int nargs = 0;
        args[nargs++] = argv[0];
        for (int i = 1; i < argc; i++)
            if (i < at || i >= at + taken)
                args[nargs++] = argv[i];
        strcpy(words, l->shown);
        nargs += split_words(words, args + nargs, l->count);
        args[nargs] = NULL;
        gmrt_rng_seed(seed);
#ifdef _OPENMP
        omp_set_num_threads(threads);
#endif
        int hi_lo[2];
        one_run(args, nargs, l, run, agree, hi_lo);
        free(words);
        free(args);
        if (hi_lo[0] > worst)
            worst = hi_lo[0];
        if (hi_lo[0] != -hi_lo[1]) {
            if (gmd_rank() == 0)
                fprintf(stderr, "%s: --batch: line %d: the ranks ended the run with statuses %d to %d: "
                                "the batch stops\n", prog, l->number, -hi_lo[1], hi_lo[0]);
            break;
        }
    }
    MPI_Comm_free(&agree);
    free(lines);
    free(text);
    return worst;
}

int gmd_cli_main(int argc, char **argv, int (*run)(int argc, char **argv))
{
    int at = 0;
    const char *path = NULL;
    int taken = find_batch(argc, argv, &at, &path);
    if (!taken)
        return run(argc, argv);
    return run_batch(argc, argv, at, taken, path, run);
}
