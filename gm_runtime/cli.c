/* cli.c: the command line and the output of generated programs
 * (gmrt_cli.h says what each function promises). */
#include "gmrt_cli.h"
#include "gmrt_edit.h"
#include "gmrt_gen.h"
#include "gmrt_timer.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

/* ------------------------------------------------------------ values */

bool gmrt_cli_int(const char *prog, const char *name, const char *text, int64_t lo, int64_t hi, int64_t *v)
{
    char *end;
    errno = 0;
    long long x = strtoll(text, &end, 10);
    if (errno || end == text || *end || x < lo || x > hi) {
        fprintf(stderr, "%s: bad value '%s' for --%s: expected an integer in [%" PRId64 ", %" PRId64 "]\n", prog,
                text, name, lo, hi);
        return false;
    }
    *v = (int64_t)x;
    return true;
}

bool gmrt_cli_float(const char *prog, const char *name, const char *text, double *v)
{
    char *end;
    double x = strtod(text, &end);
    if (end == text || *end || !isfinite(x)) {
        fprintf(stderr, "%s: bad value '%s' for --%s: expected a finite number\n", prog, text, name);
        return false;
    }
    *v = x;
    return true;
}

bool gmrt_cli_bool(const char *prog, const char *name, const char *text, bool *v)
{
    if (!strcmp(text, "1") || !strcmp(text, "true") || !strcmp(text, "True")) {
        *v = true;
        return true;
    }
    if (!strcmp(text, "0") || !strcmp(text, "false") || !strcmp(text, "False")) {
        *v = false;
        return true;
    }
    fprintf(stderr, "%s: bad value '%s' for --%s: expected 0, 1, true or false\n", prog, text, name);
    return false;
}

bool gmrt_cli_range(const char *prog, const char *name, const char *text, double *lo, double *hi)
{
    char *end;
    *lo = strtod(text, &end);
    if (end == text || *end != ':' || !isfinite(*lo)) {
        fprintf(stderr, "%s: bad range '%s' for --random-%s: expected finite LO:HI\n", prog, text, name);
        return false;
    }
    const char *h = end + 1;
    *hi = strtod(h, &end);
    if (end == h || *end || !isfinite(*hi) || *hi < *lo) {
        fprintf(stderr, "%s: bad range '%s' for --random-%s: expected finite LO:HI with LO <= HI\n", prog, text, name);
        return false;
    }
    return true;
}

bool gmrt_cli_readable(const char *prog, const char *path)
{
    struct stat st;
    if (strcmp(path, "-") == 0)
        return true;
    if (stat(path, &st) != 0) {
        fprintf(stderr, "%s: cannot open '%s': %s\n", prog, path, strerror(errno));
        return false;
    }
    if (S_ISDIR(st.st_mode)) {
        fprintf(stderr, "%s: cannot read '%s': it is a folder\n", prog, path);
        return false;
    }
    return true;
}

/* The GRAPH argument: gmrt_cli_readable, except that "PREFIX.gmp" names a
 * partitioned set when there is no such file but PREFIX.0.gmp is there
 * (libgmrt-dist's gmd_load reads each rank's part; it checks the parts; a
 * single-process program then finds no graph format in it). */
static bool graph_readable(const char *prog, const char *path)
{
    size_t n = strlen(path);
    struct stat st;
    if (n > 4 && strcmp(path + n - 4, ".gmp") == 0 && stat(path, &st) != 0 && errno == ENOENT) {
        char *part = (char *)malloc(n + 3);
        if (part) {
            snprintf(part, n + 3, "%.*s.0.gmp", (int)(n - 4), path);
            bool set = stat(part, &st) == 0;
            free(part);
            if (set)
                return true;
        }
    }
    return gmrt_cli_readable(prog, path);
}

/* ------------------------------------------------------ load options */

bool gmrt_cli_load_flag(const char *name, gmrt_load_options *opt)
{
    if (!strcmp(name, "one-based"))
        opt->index_base = 1;
    else if (!strcmp(name, "symmetrize"))
        opt->build.symmetrize = true;
    else if (!strcmp(name, "dedup"))
        opt->build.dedup = true;
    else if (!strcmp(name, "no-self-loops"))
        opt->build.drop_self_loops = true;
    else if (!strcmp(name, "no-weights"))
        opt->ignore_weights = true;
    else
        return false;
    return true;
}

bool gmrt_cli_format(const char *prefix, const char *text, gmrt_format *f)
{
    *f = gmrt_format_parse(text);
    if (*f == GMRT_FMT_AUTO) {
        fprintf(stderr, "%s: --from '%s': expected gm-binary, edge-list, mtx, dimacs or gmb\n", prefix, text);
        return false;
    }
    return true;
}

/* ---------------------------------------------------------- progress */

typedef struct tty_progress {
    const char *what;
    char phase[32];
    int shown; /* last percentage drawn, -1 for none */
    double started;
} tty_progress;

static void draw(void *arg, const char *phase, double fraction)
{
    tty_progress *t = (tty_progress *)arg;
    int pct = (int)(fraction * 100.0 + 0.5);
    if (pct < 0)
        pct = 0;
    if (pct > 100)
        pct = 100;
    if (pct == t->shown && strcmp(phase, t->phase) == 0)
        return;
    snprintf(t->phase, sizeof t->phase, "%s", phase);
    t->shown = pct;
    fprintf(stderr, "\r%s: %-10s %3d%%  %6.1f s\033[K", t->what, phase, pct, (gmrt_time_ms() - t->started) / 1e3);
    fflush(stderr);
}

gmrt_progress gmrt_cli_progress(const char *what)
{
    gmrt_progress p = {NULL, NULL};
    if (!isatty(STDERR_FILENO))
        return p;
    tty_progress *t = (tty_progress *)calloc(1, sizeof *t);
    if (!t)
        return p;
    t->what = what;
    t->shown = -1;
    t->started = gmrt_time_ms();
    p.fn = draw;
    p.arg = t;
    return p;
}

void gmrt_cli_progress_done(gmrt_progress *p)
{
    if (!p->fn)
        return;
    fprintf(stderr, "\r\033[K");
    fflush(stderr);
    free(p->arg);
    p->fn = NULL;
    p->arg = NULL;
}

/* ------------------------------------------------------ command line */

/* Whether the n characters of a name the user typed spell option o:
 * '-' and '_' match each other. */
static bool same_name(const char *typed, size_t n, const char *o)
{
    for (size_t i = 0; i < n; i++, o++) {
        char a = typed[i] == '_' ? '-' : typed[i], b = *o == '_' ? '-' : *o;
        if (!b || a != b)
            return false;
    }
    return *o == '\0';
}

static const char *meta_of(const gmrt_cli_opt *o)
{
    if (o->meta)
        return o->meta;
    return o->kind == GMRT_CLI_NODE ? "NODE" : o->kind == GMRT_CLI_FILE ? "FILE" : "VALUE";
}

/* The options every program has; dest pointers into run and the flags. */
typedef struct common_flags {
    const char *out_format, *from;
    bool one_based, symmetrize, dedup, no_self_loops;
} common_flags;

enum { N_COMMON = 13 };

static void common_options(gmrt_cli_opt *c, gmrt_cli_run *run, common_flags *f)
{
    const gmrt_cli_opt table[N_COMMON] = {
        {"out", GMRT_CLI_STRING, "DIR", "write each property the procedure writes to DIR/NAME.txt (.tsv, .csv: --out-format)", &run->out_dir, 0, 0, false},
        {"out-format", GMRT_CLI_STRING, "values|tsv|csv",
         "values: one per line (line i: node or edge i); tsv, csv: a header, then id (label) and value",
         &f->out_format, 0, 0, false},
        {"json", GMRT_CLI_FLAG, NULL, "print one JSON object on stdout (NaN and infinities as null)", &run->json, 0, 0, false},
        {"threads", GMRT_CLI_INT, "N", "OpenMP threads (default: all)", &run->threads, 1, 4096, false},
        {"repeat", GMRT_CLI_INT, "K", "run K times; time_ms is the fastest", &run->repeat, 1, 1000000, false},
        {"seed", GMRT_CLI_INT, "S", "seed of the random numbers (--random-NAME, Uniform)", &run->seed, 0, INT64_MAX, false},
        {"relabel", GMRT_CLI_FLAG, NULL, "the file's ids are labels: nodes with edges become 0..n-1; node options and outputs use labels",
         &run->relabel, 0, 0, false},
        {"from", GMRT_CLI_STRING, "FORMAT", "format of GRAPH: gm-binary, edge-list, mtx, dimacs, gmb (default: detected)", &f->from, 0, 0, false},
        {"one-based", GMRT_CLI_FLAG, NULL, "GRAPH is an edge list with ids starting at 1", &f->one_based, 0, 0, false},
        {"symmetrize", GMRT_CLI_FLAG, NULL, "add the reverse of every edge", &f->symmetrize, 0, 0, false},
        {"dedup", GMRT_CLI_FLAG, NULL, "keep one of parallel edges (the smallest weight)", &f->dedup, 0, 0, false},
        {"no-self-loops", GMRT_CLI_FLAG, NULL, "drop u->u edges", &f->no_self_loops, 0, 0, false},
        {"help", GMRT_CLI_FLAG, NULL, "print this help (on stdout) and exit", NULL, 0, 0, false},
    };
    memcpy(c, table, sizeof table);
}

static const gmrt_cli_opt *lookup(const char *name, size_t len, const gmrt_cli_opt *opts, size_t n,
                                  const gmrt_cli_opt *common);
static const gmrt_cli_opt *lookup_input(const char *name, size_t len, const gmrt_cli_opt *opts, size_t n);

/* How an input shadowed by one of the options every program has is spelt
 * (--input-seed for a Node seed: the original forestfire.gm has one). */
#define INPUT_PREFIX "input-"

static void usage_line(FILE *out, const gmrt_cli_run *run, const char *usage_args)
{
    fprintf(out, "usage: %s GRAPH%s%s [--out=DIR] [--json] [--threads=N] [--repeat=K] [--seed=S] [--relabel] [OPTIONS]\n",
            run->prog, usage_args && *usage_args ? " " : "", usage_args ? usage_args : "");
}

static void help_line(FILE *out, const gmrt_cli_opt *o, const char *prefix)
{
    char left[80];
    if (o->kind == GMRT_CLI_FLAG)
        snprintf(left, sizeof left, "--%s%s", prefix, o->name);
    else
        snprintf(left, sizeof left, "--%s%s=%s", prefix, o->name, meta_of(o));
    fprintf(out, "  %-28s %s\n", left, o->help ? o->help : "");
}

static void help(const gmrt_cli_run *run, const gmrt_cli_opt *opts, size_t n, const gmrt_cli_opt *common,
                 const char *usage_args)
{
    usage_line(stdout, run, usage_args);
    printf("\nGRAPH: edge list, Matrix Market (.mtx), DIMACS (.gr), GM binary or gmb; .gz\n"
           "compressed too; '-' is standard input; or a generated graph, as gmgraph gen makes it:\n"
           "gen:rmat,scale=S[,edge-factor=E][,seed=X][,weights=int:LO:HI][,symmetrize][,dedup]\n"
           "[,no-self-loops], gen:uniform,nodes=N,edges=M or gen:grid,rows=R,cols=C (README).\n"
           "Options take --name=VALUE or --name VALUE;\n"
           "'-' and '_' in names are alike.\n");
    if (n) {
        printf("\nThe procedure's inputs:\n");
        for (size_t i = 0; i < n; i++) {
            const gmrt_cli_opt *o = lookup(opts[i].name, strlen(opts[i].name), opts, n, common);
            if (o == &opts[i])
                help_line(stdout, &opts[i], "");
            else if (lookup_input(opts[i].name, strlen(opts[i].name), opts, n) == &opts[i])
                help_line(stdout, &opts[i], INPUT_PREFIX); /* shadowed: --input-NAME */
        }
    }
    printf("\nRunning and output:\n");
    for (size_t i = 0; i < N_COMMON; i++) {
        if (i == 7)
            printf("\nLoading (as gmgraph convert):\n");
        if (i == N_COMMON - 1)
            printf("\n");
        if (lookup(common[i].name, strlen(common[i].name), opts, n, common) == &common[i])
            help_line(stdout, &common[i], "");
    }
    printf("\nExit status: 0 success, 1 run-time error (files, memory), 2 bad usage.\n");
}

static void unknown(const gmrt_cli_run *run, const char *arg, const gmrt_cli_opt *opts, size_t n,
                    const gmrt_cli_opt *common)
{
    const char *name = arg;
    while (*name == '-')
        name++;
    size_t len = strcspn(name, "=");
    const char *best = NULL;
    size_t best_d = (size_t)-1;
    for (size_t i = 0; i < n + N_COMMON; i++) {
        const char *k = i < n ? opts[i].name : common[i - n].name;
        size_t d = gmrt_edit_distance(name, len, k, true); /* - and _ alike */
        if (d < best_d) {
            best_d = d;
            best = k;
        }
    }
    size_t limit = len <= 4 ? 1 : 3; /* more typos in long names */
    if (best && best_d <= limit)
        fprintf(stderr, "%s: unknown option '%s'; did you mean '--%s'?\n", run->prog, arg, best);
    else
        fprintf(stderr, "%s: unknown option '%s' (see %s --help)\n", run->prog, arg, run->prog);
}

/* The procedure input a name spells, first as it is, then after the prefix
 * --input-NAME (how an input shadowed by an old option is given). */
static const gmrt_cli_opt *lookup_input(const char *name, size_t len, const gmrt_cli_opt *opts, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (same_name(name, len, opts[i].name))
            return &opts[i];
    size_t pl = strlen(INPUT_PREFIX);
    if (len > pl && same_name(name, pl, INPUT_PREFIX))
        for (size_t i = 0; i < n; i++)
            if (same_name(name + pl, len - pl, opts[i].name))
                return &opts[i];
    return NULL;
}

/* The option a name spells.  The options every program had before the load
 * options came (--out, --threads, --repeat, --seed, --relabel, --help) win
 * over a procedure input of the same name, as they always did (the input
 * is then --input-NAME); the newer ones give way to it, so that an input
 * named "from" keeps --from. */
static const gmrt_cli_opt *lookup(const char *name, size_t len, const gmrt_cli_opt *opts, size_t n,
                                  const gmrt_cli_opt *common)
{
    static const char *const first[] = {"out", "threads", "repeat", "seed", "relabel", "help"};
    for (size_t i = 0; i < N_COMMON; i++)
        for (size_t j = 0; j < sizeof first / sizeof *first; j++)
            if (!strcmp(common[i].name, first[j]) && same_name(name, len, common[i].name))
                return &common[i];
    const gmrt_cli_opt *o = lookup_input(name, len, opts, n);
    if (o)
        return o;
    for (size_t i = 0; i < N_COMMON; i++)
        if (same_name(name, len, common[i].name))
            return &common[i];
    return NULL;
}

/* Stores one option's value; false after a message, which names the
 * option as it was spelt (--input-threads, not the program's --threads). */
static bool store(const gmrt_cli_run *run, const gmrt_cli_opt *o, const char *spelt, const char *v)
{
    switch (o->kind) {
    case GMRT_CLI_INT:
        return gmrt_cli_int(run->prog, spelt, v, o->lo, o->hi, (int64_t *)o->dest);
    case GMRT_CLI_FLOAT:
        return gmrt_cli_float(run->prog, spelt, v, (double *)o->dest);
    case GMRT_CLI_BOOL:
        return gmrt_cli_bool(run->prog, spelt, v, (bool *)o->dest);
    default:
        *(const char **)o->dest = v;
        return true;
    }
}

/* mkdir -p; errno set on failure. */
static bool make_dirs(const char *path)
{
    char buf[4096];
    size_t n = strlen(path);
    if (n >= sizeof buf) {
        errno = ENAMETOOLONG;
        return false;
    }
    memcpy(buf, path, n + 1);
    for (size_t i = 1; i <= n; i++)
        if (buf[i] == '/' || buf[i] == '\0') {
            char c = buf[i];
            buf[i] = '\0';
            if (mkdir(buf, 0777) != 0 && errno != EEXIST)
                return false;
            buf[i] = c;
        }
    struct stat st;
    if (stat(path, &st) != 0)
        return false;
    if (!S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return false;
    }
    return true;
}

bool gmrt_cli_out_dir(const gmrt_cli_run *run)
{
    if (!run->out_dir)
        return true;
    if (!make_dirs(run->out_dir) || access(run->out_dir, W_OK | X_OK) != 0) {
        fprintf(stderr, "%s: cannot write to '%s': %s\n", run->prog, run->out_dir, strerror(errno));
        return false;
    }
    return true;
}

/* The driver runs the procedure --repeat times. glibc hands a large freed
 * block back to the system (munmap, or trimming the heap's top), and the
 * next run faults every page of it in again: on the development VM that was
 * a third of SSSP's time on kron20 (bench/RESULTS.md, session 30), the
 * nearest-first run's bins being allocated and freed as they fill. The
 * driver keeps freed memory for reuse instead, as a long-running process's
 * allocator does once warm: blocks below 32 MB come from the heap, which is
 * trimmed only above 256 MB free. GMRT_MALLOC_KEEP=0 keeps glibc's defaults.
 * The peak memory is unchanged: only what was freed is kept. */
static void keep_freed_memory(void)
{
#ifdef __GLIBC__
    const char *env = getenv("GMRT_MALLOC_KEEP");
    if (env && strcmp(env, "0") == 0)
        return;
    (void)mallopt(M_MMAP_THRESHOLD, 32 << 20);
    (void)mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}

int gmrt_cli_parse(gmrt_cli_run *run, const gmrt_cli_opt *opts, size_t n_opts, const char *usage_args, int argc,
                   char **argv)
{
    keep_freed_memory();
    memset(run, 0, sizeof *run);
    run->prog = argc > 0 ? argv[0] : "prog";
    run->repeat = 1;
    run->seed = -1;
    common_flags f;
    memset(&f, 0, sizeof f);
    gmrt_cli_opt common[N_COMMON];
    common_options(common, run, &f);
    bool *seen = (bool *)calloc(n_opts + 1, sizeof *seen);
    if (!seen) {
        fprintf(stderr, "%s: out of memory\n", run->prog);
        return 1;
    }
    int status = -1;
    for (int i = 1; i < argc && status < 0; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            help(run, opts, n_opts, common, usage_args);
            status = 0;
            break;
        }
        if (a[0] != '-' || a[1] == '\0') { /* a lone "-" is standard input */
            if (run->graph) {
                fprintf(stderr, "%s: more than one graph file ('%s' and '%s')\n", run->prog, run->graph, a);
                status = 2;
            } else {
                run->graph = a;
            }
            continue;
        }
        const char *name = a + 2;
        const char *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        const gmrt_cli_opt *o = a[1] == '-' ? lookup(name, len, opts, n_opts, common) : NULL;
        if (!o || !o->dest) {
            unknown(run, a, opts, n_opts, common);
            usage_line(stderr, run, usage_args);
            status = 2;
            break;
        }
        if (o >= opts && o < opts + n_opts)
            seen[o - opts] = true;
        char spelt[128];
        snprintf(spelt, sizeof spelt, "%.*s", (int)(len < 100 ? len : 100), name);
        if (o->kind == GMRT_CLI_FLAG) {
            if (eq) {
                fprintf(stderr, "%s: --%s takes no value\n", run->prog, spelt);
                status = 2;
            } else {
                *(bool *)o->dest = true;
            }
            continue;
        }
        const char *v;
        if (eq) {
            v = eq + 1;
        } else if (i + 1 < argc) {
            v = argv[++i];
        } else {
            fprintf(stderr, "%s: --%s needs a value: --%s=%s\n", run->prog, spelt, spelt, meta_of(o));
            status = 2;
            break;
        }
        if (!store(run, o, spelt, v))
            status = 2;
    }
    if (status < 0 && run->out_dir && !*run->out_dir) { /* would write /NAME.txt */
        fprintf(stderr, "%s: --out needs a folder: --out=DIR\n", run->prog);
        status = 2;
    }
    if (status < 0 && f.out_format) {
        if (!strcmp(f.out_format, "values"))
            run->out_format = GMRT_OUT_VALUES;
        else if (!strcmp(f.out_format, "tsv"))
            run->out_format = GMRT_OUT_TSV;
        else if (!strcmp(f.out_format, "csv"))
            run->out_format = GMRT_OUT_CSV;
        else {
            fprintf(stderr, "%s: bad value '%s' for --out-format: expected values, tsv or csv\n", run->prog,
                    f.out_format);
            status = 2;
        }
        if (status < 0 && !run->out_dir) {
            fprintf(stderr, "%s: --out-format needs --out=DIR\n", run->prog);
            status = 2;
        }
    }
    if (status < 0 && f.from) {
        char prefix[256];
        snprintf(prefix, sizeof prefix, "%s", run->prog);
        if (!gmrt_cli_format(prefix, f.from, &run->load.format))
            status = 2;
    }
    if (status < 0) {
        if (f.one_based)
            gmrt_cli_load_flag("one-based", &run->load);
        if (f.symmetrize)
            gmrt_cli_load_flag("symmetrize", &run->load);
        if (f.dedup)
            gmrt_cli_load_flag("dedup", &run->load);
        if (f.no_self_loops)
            gmrt_cli_load_flag("no-self-loops", &run->load);
    }
    if (status < 0 && !run->graph) {
        fprintf(stderr, "%s: missing GRAPH (a graph file)\n", run->prog);
        usage_line(stderr, run, usage_args);
        status = 2;
    }
    for (size_t i = 0; status < 0 && i < n_opts; i++)
        if (opts[i].required && !seen[i]) {
            fprintf(stderr, "%s: missing --%s%s=%s\n", run->prog,
                    lookup(opts[i].name, strlen(opts[i].name), opts, n_opts, common) == &opts[i] ? "" : INPUT_PREFIX,
                    opts[i].name, meta_of(&opts[i]));
            usage_line(stderr, run, usage_args);
            status = 2;
        }
    /* before the load (issue 27 item 5): the files are there, DIR can be made */
    for (size_t i = 0; status < 0 && i < n_opts; i++)
        if (opts[i].kind == GMRT_CLI_FILE && seen[i] && !gmrt_cli_readable(run->prog, *(const char **)opts[i].dest))
            status = 1;
    if (status < 0 && gmrt_gen_spec_is(run->graph)) {
        /* a generated graph: the spec says everything the file options would */
        gmrt_gen_spec spec;
        gmrt_error serr;
        if (!gmrt_gen_spec_parse(run->graph, &spec, &serr)) {
            fprintf(stderr, "%s: %s\n", run->prog, serr.message);
            status = 2;
        } else if (f.from || f.one_based || f.symmetrize || f.dedup || f.no_self_loops || run->relabel) {
            fprintf(stderr, "%s: --from, --one-based, --relabel and the edge edits do not apply to a generated graph "
                            "(give symmetrize, dedup, no-self-loops in the spec)\n", run->prog);
            status = 2;
        }
    } else if (status < 0 && !graph_readable(run->prog, run->graph))
        status = 1;
    if (status < 0 && !gmrt_cli_out_dir(run))
        status = 1;
    free(seen);
    return status;
}

/* ------------------------------------------------------------ loading */

/* GRAPH given as a generator spec (checked by gmrt_cli_parse): the whole
 * graph, as `gmgraph gen` makes it. */
static gm_graph *cli_generate(const char *text, const gmrt_load_options *lo, gmrt_error *err)
{
    gmrt_gen_spec spec;
    if (!gmrt_gen_spec_parse(text, &spec, err) || !gmrt_gen_spec_weights_fit(&spec, lo, err))
        return NULL;
    return gmrt_gen_spec_graph(&spec, &lo->progress, err);
}

/* The device a device program runs on: 1 with *dev filled (run->device_query,
 * then GMCU_DEVICE_MEMORY), 0 when there is nothing to check (no query, no
 * device), -1 after a message (a bad GMCU_DEVICE_MEMORY). */
static int device_of(const gmrt_cli_run *run, gmrt_device_memory *dev)
{
    memset(dev, 0, sizeof *dev);
    if (!run->device_query || !run->device_query(dev))
        return 0;
    char msg[256];
    if (!gmrt_device_memory_override(getenv("GMCU_DEVICE_MEMORY"), dev, msg, sizeof msg)) {
        fprintf(stderr, "%s: %s\n", run->prog, msg);
        return -1;
    }
    return 1;
}

/* Whether a graph of nodes and edges fits the device (gmrt_cli.h): false
 * after the refusal; the free-memory warning once a run. */
static bool device_fits(gmrt_cli_run *run, int64_t nodes, int64_t edges, bool edges_exact)
{
    gmrt_device_memory dev;
    int k = device_of(run, &dev);
    if (k <= 0)
        return k == 0;
    char msg[1024];
    gmrt_fit_verdict v = gmrt_device_fit(run->prog, run->graph, &run->device_need, nodes, edges, edges_exact, &dev,
                                         msg, sizeof msg);
    if (v == GMRT_FIT_REFUSED || (v == GMRT_FIT_NOT_FREE && !run->device_warned))
        fprintf(stderr, "%s\n", msg);
    run->device_warned |= v == GMRT_FIT_NOT_FREE;
    return v != GMRT_FIT_REFUSED;
}

/* The counts of run->graph known before loading it, the edges a lower
 * bound unless *edges_exact: a generator spec's (gmrt_gen_spec_edges_at_least),
 * a binary file's header (less what dedup or no-self-loops may drop); false
 * for text formats and under --relabel (nodes without edges go). */
static bool counts_before_load(const gmrt_cli_run *run, int64_t *nodes, int64_t *edges, bool *edges_exact)
{
    if (gmrt_gen_spec_is(run->graph)) {
        gmrt_gen_spec spec;
        gmrt_error err;
        if (!gmrt_gen_spec_parse(run->graph, &spec, &err))
            return false; /* the load says why */
        *nodes = gmrt_gen_spec_nodes(&spec);
        *edges = gmrt_gen_spec_edges_at_least(&spec);
        *edges_exact = !spec.build.symmetrize && !spec.build.dedup && !spec.build.drop_self_loops;
        return true;
    }
    const gmrt_build_options *b = &run->load.build;
    if (run->relabel || !gmrt_graph_file_counts(run->graph, run->load.format, nodes, edges))
        return false;
    if (b->dedup || b->drop_self_loops)
        *edges = 0;
    *edges_exact = !b->symmetrize && !b->dedup && !b->drop_self_loops;
    return true;
}

gm_graph *gmrt_cli_load(gmrt_cli_run *run)
{
    gmrt_error err;
    gmrt_error_clear(&err);
    int64_t early_n, early_m;
    bool early_exact;
    /* before the expensive work: drawing a spec's edges, reading a file's */
    if (run->device_query && counts_before_load(run, &early_n, &early_m, &early_exact) &&
        !device_fits(run, early_n, early_m, early_exact))
        return NULL;
    const char *base = strrchr(run->prog, '/');
    run->load.progress = gmrt_cli_progress(base ? base + 1 : run->prog);
    double t0 = gmrt_time_ms();
    /* --relabel numbers a text file's nodes as it is read: a label of 2e9 in
     * a small file needs no table of 2e9 rows (and is not refused as sparse) */
    gm_graph *g = gmrt_gen_spec_is(run->graph) ? cli_generate(run->graph, &run->load, &err)
                  : run->relabel ? gmrt_graph_load_relabelled(run->graph, &run->load, &run->labels, &err)
                                 : gmrt_graph_load(run->graph, &run->load, &err);
    gmrt_cli_progress_done(&run->load.progress);
    if (!g) {
        fprintf(stderr, "%s: %s\n", run->prog, err.message);
        return NULL;
    }
    if (run->relabel) {
        /* loaded relabelled */
    } else if (g->num_nodes >= 1000 && gmrt_graph_count_edgeless(g) * 2 > (int64_t)g->num_nodes) {
        fprintf(stderr,
                "%s: warning: most of the %lld node ids of %s have no edge; if the ids are labels, "
                "--relabel numbers the nodes with edges 0..n-1\n",
                run->prog, (long long)g->num_nodes, run->graph);
    }
    run->load_ms = gmrt_time_ms() - t0;
    /* the loaded graph's own counts, before anything is uploaded */
    if (run->device_query && !device_fits(run, (int64_t)g->num_nodes, (int64_t)g->num_edges, true)) {
        gmrt_graph_free(g);
        free(run->labels);
        run->labels = NULL;
        return NULL;
    }
    run->nodes = (int64_t)g->num_nodes;
    run->edges = (int64_t)g->num_edges;
    if (!run->json) {
        printf("graph = %lld nodes, %lld edges\n", (long long)run->nodes, (long long)run->edges);
        printf("load_ms = %.3f\n", run->load_ms);
    }
    return g;
}

int gmrt_cli_node(const gmrt_cli_run *run, const gm_graph *g, const char *name, const char *text, gm_node_t *v)
{
    int64_t x;
    if (g->num_nodes == 0) {
        fprintf(stderr, "%s: --%s: the graph has no nodes\n", run->prog, name);
        return 1;
    }
    if (run->labels) {
        if (!gmrt_cli_int(run->prog, name, text, INT64_MIN, INT64_MAX, &x))
            return 2;
        x = gmrt_node_of_label(run->labels, g->num_nodes, x);
        if (x < 0) {
            fprintf(stderr, "%s: bad value '%s' for --%s: no node has that label\n", run->prog, text, name);
            return 2;
        }
    } else if (!gmrt_cli_int(run->prog, name, text, 0, (int64_t)g->num_nodes - 1, &x)) {
        return 2;
    }
    *v = (gm_node_t)x;
    return -1;
}

/* ---------------------------------------------------------- reporting */

void gmrt_cli_time(gmrt_cli_run *run, double ms)
{
    if ((run->n_times & (run->n_times - 1)) == 0) { /* 0, 1, 2, 4...: grow */
        size_t cap = run->n_times ? (size_t)run->n_times * 2 : 1;
        double *t = (double *)realloc(run->times, cap * sizeof *t);
        if (!t) {
            run->failed = true;
            return;
        }
        run->times = t;
    }
    run->times[run->n_times++] = ms;
}

static double fastest(const gmrt_cli_run *run)
{
    double best = 0;
    for (int64_t i = 0; i < run->n_times; i++)
        if (i == 0 || run->times[i] < best)
            best = run->times[i];
    return best;
}

void gmrt_cli_times_done(gmrt_cli_run *run)
{
    if (!run->json)
        printf("time_ms = %.3f\n", fastest(run));
}

void gmrt_cli_transfer(gmrt_cli_run *run, double ms, double mb)
{
    if (!run->json)
        printf("transfer_ms = %.3f (%.1f MB)\n", ms, mb);
    run->json_transfer = true;
    run->transfer_ms = ms;
    run->transfer_mb = mb;
}

/* Appends "name": text to the outputs (or sets the return value). */
static void json_add(gmrt_cli_run *run, const char *name, const char *text)
{
    if (!strcmp(name, "return")) {
        run->json_has_return = true;
        snprintf(run->json_return_text, sizeof run->json_return_text, "%s", text);
        return;
    }
    size_t need = strlen(name) + strlen(text) + 8;
    if (run->json_len + need >= run->json_cap) {
        size_t cap = (run->json_cap + need) * 2;
        char *b = (char *)realloc(run->json_values, cap);
        if (!b) {
            run->failed = true;
            return;
        }
        run->json_values = b;
        run->json_cap = cap;
    }
    /* names are Green-Marl identifiers: nothing to escape */
    run->json_len += (size_t)sprintf(run->json_values + run->json_len, "%s\"%s\": %s", run->json_len ? ", " : "",
                                     name, text);
}

void gmrt_cli_value_i64(gmrt_cli_run *run, const char *name, int64_t v)
{
    if (!run->json) {
        printf("%s = %lld\n", name, (long long)v);
        return;
    }
    char text[32];
    snprintf(text, sizeof text, "%lld", (long long)v);
    json_add(run, name, text);
}

/* JSON has no NaN or infinity: null. */
static void json_number(char *text, size_t size, double v)
{
    if (isfinite(v))
        snprintf(text, size, "%.17g", v);
    else
        snprintf(text, size, "null");
}

void gmrt_cli_value_f64(gmrt_cli_run *run, const char *name, double v)
{
    if (!run->json) {
        printf("%s = %.17g\n", name, v);
        return;
    }
    char text[40];
    json_number(text, sizeof text, v);
    json_add(run, name, text);
}

void gmrt_cli_value_node(gmrt_cli_run *run, const char *name, int64_t v)
{
    gmrt_cli_value_i64(run, name, run->labels && v >= 0 ? run->labels[v] : v);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void print_json(const gmrt_cli_run *run)
{
    printf("{\"graph\": {\"nodes\": %lld, \"edges\": %lld}, ", (long long)run->nodes, (long long)run->edges);
    printf("\"load_ms\": %.3f, \"time_ms\": {\"runs\": [", run->load_ms);
    for (int64_t i = 0; i < run->n_times; i++)
        printf("%s%.3f", i ? ", " : "", run->times[i]); /* as time_ms: microseconds are noise */
    printf("]");
    double *sorted = run->n_times ? (double *)malloc((size_t)run->n_times * sizeof *sorted) : NULL;
    if (sorted) {
        memcpy(sorted, run->times, (size_t)run->n_times * sizeof *sorted);
        qsort(sorted, (size_t)run->n_times, sizeof *sorted, cmp_double);
        int64_t m = run->n_times / 2;
        double median = run->n_times % 2 ? sorted[m] : (sorted[m - 1] + sorted[m]) / 2;
        printf(", \"min\": %.3f, \"median\": %.3f, \"max\": %.3f", sorted[0], median, sorted[run->n_times - 1]);
        free(sorted);
    }
    printf("}");
    if (run->json_transfer) {
        printf(", \"transfer_ms\": %.3f, \"transfer_mb\": %.1f", run->transfer_ms, run->transfer_mb);
    }
    if (run->json_has_return)
        printf(", \"return\": %s", run->json_return_text);
    printf(", \"outputs\": {%s}}\n", run->json_values ? run->json_values : "");
}

int gmrt_cli_finish(gmrt_cli_run *run, int status)
{
    if (run->failed) {
        fprintf(stderr, "%s: out of memory recording the results\n", run->prog);
        status = 1;
    } else if (run->json) {
        print_json(run);
    }
    free(run->times);
    free(run->json_values);
    free(run->labels);
    run->times = NULL;
    run->json_values = NULL;
    run->labels = NULL;
    /* the printed results are output too: a full disk or a closed pipe must not pass for success */
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "%s: cannot write the results: %s\n", run->prog, strerror(errno));
        status = 1;
    }
    return status;
}

/* ------------------------------------------------------------- output */

static char separator(const gmrt_cli_run *run) { return run->out_format == GMRT_OUT_CSV ? ',' : '\t'; }

/* The file's extension says its format: NAME.txt (values), NAME.tsv, NAME.csv */
static const char *extension(const gmrt_cli_run *run)
{
    return run->out_format == GMRT_OUT_CSV ? "csv" : run->out_format == GMRT_OUT_TSV ? "tsv" : "txt";
}

bool gmrt_cli_out_open(gmrt_cli_out *o, const gmrt_cli_run *run, const char *name, bool edge_keyed)
{
    char path[4096];
    memset(o, 0, sizeof *o);
    o->run = run;
    o->name = name;
    o->edge_keyed = edge_keyed;
    snprintf(path, sizeof path, "%s/%s.%s", run->out_dir, name, extension(run));
    o->f = gmrt_file_create(&o->file, path);
    if (!o->f) {
        fprintf(stderr, "%s: cannot write '%s': %s\n", run->prog, path, strerror(errno));
        return false;
    }
    if (run->out_format != GMRT_OUT_VALUES)
        fprintf(o->f, "%s%c%s\n", edge_keyed ? "edge" : "node", separator(run), name);
    return true;
}

/* Row i's key: the node's label under --relabel, else i (edges: i). */
static long long row_key(const gmrt_cli_run *run, bool edge_keyed, int64_t i)
{
    return (long long)(!edge_keyed && run->labels ? run->labels[i] : i);
}

/* A node value as written: its label under --relabel; NIL stays -1. */
static long long node_text(const gmrt_cli_run *run, int64_t node)
{
    return (long long)(run->labels && node >= 0 ? run->labels[node] : node);
}

void gmrt_cli_out_row(gmrt_cli_out *o, int64_t i)
{
    o->items = 0;
    if (o->run->out_format == GMRT_OUT_VALUES)
        return;
    fprintf(o->f, "%lld%c", row_key(o->run, o->edge_keyed, i), separator(o->run));
}

void gmrt_cli_out_node(gmrt_cli_out *o, int64_t node)
{
    fprintf(o->f, o->items++ ? " %lld" : "%lld", node_text(o->run, node));
}

void gmrt_cli_out_end_row(gmrt_cli_out *o)
{
    if (fputc('\n', o->f) == EOF)
        gmrt_file_note_error(&o->file, errno);
}

bool gmrt_cli_out_close(gmrt_cli_out *o)
{
    if (ferror(o->f))
        gmrt_file_note_error(&o->file, EIO);
    int e = gmrt_file_commit(&o->file);
    o->f = NULL;
    if (e)
        fprintf(stderr, "%s: cannot write '%s/%s.%s': %s (the previous file was kept)\n", o->run->prog,
                o->run->out_dir, o->name, extension(o->run), strerror(e));
    return e == 0;
}

/* Row i (its key, its value and the newline) into buf (room: WRITE_ROW_MAX
 * bytes); the bytes written. The same text as gmrt_cli_out_row,
 * gmrt_cli_out_node and the formats below, one row at a time. */
enum { WRITE_ROW_MAX = 80, WRITE_CHUNK = 1 << 16 };

static int format_row(const gmrt_cli_run *run, bool edge_keyed, gmrt_type t, const void *v, int64_t i, char *buf)
{
    int len = 0;
    if (run->out_format != GMRT_OUT_VALUES)
        len += snprintf(buf, WRITE_ROW_MAX, "%lld%c", row_key(run, edge_keyed, i), separator(run));
    char *at = buf + len;
    const size_t room = (size_t)(WRITE_ROW_MAX - len);
    switch (t) {
    case GMRT_T_INT32: len += snprintf(at, room, "%d", (int)((const int32_t *)v)[i]); break;
    case GMRT_T_INT64: len += snprintf(at, room, "%lld", (long long)((const int64_t *)v)[i]); break;
    case GMRT_T_FLOAT: len += snprintf(at, room, "%.17g", (double)((const float *)v)[i]); break;
    case GMRT_T_DOUBLE: len += snprintf(at, room, "%.17g", ((const double *)v)[i]); break;
    case GMRT_T_BOOL: len += snprintf(at, room, "%d", (int)((const bool *)v)[i]); break;
    case GMRT_T_NODE: len += snprintf(at, room, "%lld", node_text(run, ((const gm_node_t *)v)[i])); break;
    case GMRT_T_EDGE: len += snprintf(at, room, "%lld", (long long)((const gm_edge_t *)v)[i]); break;
    default: break;
    }
    buf[len++] = '\n';
    return len;
}

/* Chunks of rows are formatted by all threads at once and written in
 * order (a kron29 node property, 537 M rows, took minutes of one thread's
 * fprintf); the bytes are those of a row-by-row write. */
bool gmrt_cli_write(const gmrt_cli_run *run, const char *name, gmrt_type t, const void *v, int64_t n, bool edge_keyed)
{
    gmrt_cli_out o;
    if (!gmrt_cli_out_open(&o, run, name, edge_keyed))
        return false;
    const int64_t chunks = (n + WRITE_CHUNK - 1) / WRITE_CHUNK;
    bool failed = false, no_room = false;
#pragma omp parallel if (chunks > 1)
    {
        char *buf = malloc((size_t)WRITE_CHUNK * WRITE_ROW_MAX);
        if (!buf)
            __atomic_store_n(&no_room, true, __ATOMIC_RELAXED);
#pragma omp for ordered schedule(static, 1)
        for (int64_t c = 0; c < chunks; c++) {
            size_t len = 0;
            const int64_t end = c + 1 < chunks ? (c + 1) * WRITE_CHUNK : n;
            if (buf)
                for (int64_t i = c * WRITE_CHUNK; i < end; i++)
                    len += (size_t)format_row(run, edge_keyed, t, v, i, buf + len);
#pragma omp ordered
            if (buf && !failed && fwrite(buf, 1, len, o.f) != len) {
                gmrt_file_note_error(&o.file, errno);
                failed = true;
            }
        }
        free(buf);
    }
    if (no_room)
        gmrt_file_note_error(&o.file, ENOMEM);
    return gmrt_cli_out_close(&o);
}

bool gmrt_cli_write_labels(const gmrt_cli_run *run)
{
    if (!run->labels)
        return true;
    gmrt_cli_run values = *run; /* the map itself: no header, no relabelling */
    values.out_format = GMRT_OUT_VALUES;
    values.labels = NULL;
    return gmrt_cli_write(&values, "labels", GMRT_T_INT64, run->labels, run->nodes, false);
}
