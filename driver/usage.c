/* usage.c: help text, version, pass list and option suggestions. */
#include "usage.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "config.h"
#include "driver/gmc_commit.h"
#include "opt.h"
#include "gmrt_edit.h"

static const char *const help_text =
    "Usage: gmc [options] FILE.gm\n"
    "       gmc run [options] FILE.gm GRAPH [ARGS...]\n"
    "Compile a Green-Marl procedure to C with OpenMP or to CUDA.\n"
    "\n"
    "Output:\n"
    "  -t, --target=omp|cuda   code generator (default omp)\n"
    "  -o PATH                 where the output goes (default: the folder .):\n"
    "                          an existing folder, or PATH/: that folder, created if\n"
    "                          missing; NAME.c (-t omp) or NAME.cu (-t cuda): that\n"
    "                          file, NAME.h beside it; else with -x --main: the\n"
    "                          program, its sources beside it; else a folder\n"
    "      --distributed       an SPMD program over MPI ranks (-t omp: OpenMP inside each;\n"
    "                          with -t cuda: a GPU per rank, gmd_gpu.h), each rank owning a block\n"
    "                          of the nodes (gmd.h); with --main run it as mpirun -np P\n"
    "                          ./NAME GRAPH [--policy=out|in|both] [--relabel[=SEED]]\n"
    "                          [--comm=auto|nccl|mpi (cuda)] ...; -x compiles it with\n"
    "                          mpicc's flags (cuda: nvcc, libgmrt-dist-cuda)\n"
    "      --main              also emit a main() that loads a graph and runs the procedure\n"
    "      --entry=NAME        the procedure --main runs (needed when FILE.gm has several\n"
    "                          entry procedures)\n"
    "      --try-entry         also emit NAME_try(..., err, size) for each entry procedure:\n"
    "                          a run-time error (out of memory) returns 1 and its message\n"
    "                          instead of ending the process\n"
    "\n"
    "Compiling the output:\n"
    "  -x                      also compile the output: DIR/NAME (or -o's program) with\n"
    "                          --main, else DIR/NAME.o; against the runtime of the build\n"
    "                          tree gmc runs from, else the installed one\n"
    "      --cc=CC             C compiler for -t omp (default: $CC, then the configured one)\n"
    "      --arch=sm_XX        GPU architecture for -t cuda (default: the GPU's, from\n"
    "                          nvidia-smi, else sm_90); nvcc is $GMC_NVCC, else the one\n"
    "                          configure found, else nvcc in PATH, else /usr/local/cuda/bin\n"
    "  -v                      print the compiler commands -x runs\n"
    "\n"
    "Running:\n"
    "  run FILE.gm GRAPH [ARGS...]\n"
    "                          compile with --main -x into a cache ($XDG_CACHE_HOME/gmc,\n"
    "                          else ~/.cache/gmc) keyed on the source, the options and\n"
    "                          this gmc, then run the program on GRAPH with ARGS\n"
    "                          (e.g. --root=0 --out=DIR; see the generated --help)\n"
    "      --ranks=N           gmc run: build with --distributed and run the program\n"
    "                          under mpirun -np N\n"
    "\n"
    "Checking and inspection:\n"
    "      --check             check the program (parse, types, rules) and stop\n"
    "      --dump=STAGE        print the program as Green-Marl after STAGE and stop there;\n"
    "                          STAGE: parse, check, desugar, opt (after every pass) or a\n"
    "                          pass name; may be given several times\n"
    "      --dump=signature    print the exported procedures' signatures as JSON (for\n"
    "                          tools calling the generated C API) and stop\n"
    "      --dump=plan         print each parallel loop's plan after the passes: what it\n"
    "                          iterates over, each property it reads, writes or reduces\n"
    "                          (with the operator) and through which node or edge, the\n"
    "                          scalars it reduces, why it cannot be distributed; stop;\n"
    "                          with -t omp|cuda, also that target's decisions for\n"
    "                          each loop (scheme, atomics, worklist, transfers...)\n"
    "      --dump=sync         print where a distributed build would synchronize: each\n"
    "                          broadcast, reduce, ghost reset and scalar allreduce, before\n"
    "                          or after which statement, and the loops that also run over\n"
    "                          ghosts; constructs it cannot run are [dist-unsupported]\n"
    "                          errors; stop\n"
    "\n"
    "Warnings:\n"
    "  -Wall                   enable every warning (the default)\n"
    "  -WNAME, -Wno-NAME       enable/disable one warning: narrowing, promotion, race,\n"
    "                          unused, missing-return\n"
    "  -Werror                 treat warnings as errors\n"
    "  -w                      disable all warnings\n"
    "\n"
    "Optimization:\n"
    "  -O0                     disable every optimization pass\n"
    "  -O1, -O2, -O3           run every optimization pass (the default); the last -O wins\n"
    "  -fno-PASS, -fPASS       disable/enable one pass (see --help-passes)\n"
    "      --help-passes       list the optimization passes\n"
    "\n"
    "CUDA target:\n"
    "  -fcuda-lb=SCHEME        how node loops spread a neighbour loop over threads:\n"
    "                          auto (default: twc on skewed graphs, decided at run\n"
    "                          time), twc (block/warp/thread by degree), edge (one\n"
    "                          thread per edge), vertex (one thread per node)\n"
    "  -fcuda-outline=WHEN     auto|on|off: run the levels of a BFS in one persistent\n"
    "                          kernel (auto: on graphs without hubs, small levels)\n"
    "  -fcuda-worklist=WHEN    auto|on|off: a loop with a frontier flag (set for other\n"
    "                          nodes, shifted each round) walks a worklist instead of\n"
    "                          every node (auto: on graphs without hubs and of mean\n"
    "                          degree at most 8, decided at run time; on: always)\n"
    "  -fcuda-async=WHEN       auto|on|off: such a loop whose update is a proven\n"
    "                          monotone min=/max= runs without rounds, in one kernel\n"
    "                          (auto: on the worklist's graphs, elsewhere its sweeps\n"
    "                          after the first round relax with the newest values;\n"
    "                          on: on every graph; off: rounds as written; needs\n"
    "                          the worklist); a BFS seen only through its levels\n"
    "                          ends by label correction, several levels per grid\n"
    "                          barrier (auto: after 64 levels; on: at once)\n"
    "  -fcuda-priority=WHEN    auto|on|off: that fixpoint, when its update adds a\n"
    "                          term (a distance), relaxes nearest keys first in\n"
    "                          near-far buckets with a barrier per step (auto and\n"
    "                          on); off: one first-in first-out queue\n"
    "  -fcuda-blocking=WHEN    auto|on|off: a node loop that reduces a value over\n"
    "                          each node's neighbours runs in segments of neighbour\n"
    "                          ids whose values fit in the L2 (auto: when they do\n"
    "                          not fit and the edges are scattered, decided at run\n"
    "                          time; on: always)\n"
    "  -fcuda-gather-order=WHEN auto|on|off: a node property read only at the far\n"
    "                          ends of edges walked one way (PageRank's hoisted\n"
    "                          rank / out-degree) is stored with the most-read\n"
    "                          nodes first (auto: on graphs whose degrees are\n"
    "                          skewed, decided at run time; on: on every graph)\n"
    "  -fcuda-direction=DIR    auto|push|pull: BFS levels found top-down (the frontier\n"
    "                          claims neighbours) or bottom-up (unvisited nodes look\n"
    "                          for a parent); auto: bottom-up for frontiers of more\n"
    "                          than 1/20 of the nodes\n"
    "      --report            print what each parallel loop became (kernel, scheme,\n"
    "                          atomics, transfers) on stderr; with -t omp, one line per\n"
    "                          loop of its plan (see --dump=plan) and its decisions\n"
    "\n"
    "Information:\n"
    "  -h, --help              this help\n"
    "      --version           version, commit and build configuration\n"
    "\n"
    "Diagnostics go to stderr as FILE:LINE:COL: error: MESSAGE [class].\n"
    "Exit status: 0 success, 1 the program has errors (or cannot be read, or a\n"
    "compiler failed), 2 bad usage; gmc run exits with the program's status.\n";

void gmc_print_help(void) { fputs(help_text, stdout); }

void gmc_print_version(void)
{
    printf("gmc %s (commit %s)\n", PACKAGE_VERSION, GMC_COMMIT);
#ifdef GMC_NVCC
    printf("CUDA support: yes (nvcc %s)\n", GMC_NVCC);
#else
    printf("CUDA support: no (configure found no nvcc; -x -t cuda still tries $GMC_NVCC, "
           "PATH and /usr/local/cuda/bin)\n");
#endif
#ifdef GMC_MPICC
    printf("distributed runtime: yes (libgmrt-dist, MPI from %s)\n", GMC_MPICC);
#else
    printf("distributed runtime: no (built without MPI; with openmpi-bin and libopenmpi-dev, configure builds it)\n");
#endif
#if defined GMC_NCCL_DIR && defined GMC_NCCL_TRANSPORT
    printf("NCCL: found in %s (the GPU transport of libgmrt-dist-cuda)\n", GMC_NCCL_DIR);
#elif defined GMC_NCCL_DIR
    printf("NCCL: found in %s (unused: its GPU transport needs MPI and nvcc too)\n", GMC_NCCL_DIR);
#else
    printf("NCCL: no\n");
#endif
#ifdef GMRT_EDGE64
    printf("edge indices: 64-bit\n");
#else
    printf("edge indices: 32-bit\n");
#endif
    printf("C compiler for -x: %s %s\n", GMC_CC, GMC_OPENMP_CFLAGS);
}

void gmc_print_passes(void)
{
    printf("Optimization passes, in order (disable one with -fno-NAME):\n");
    const gmo_pass *p = gmo_passes();
    if (!p->name)
        printf("  (none yet)\n");
    for (; p->name; p++)
        printf("  %-22s %s\n", p->name, p->contract);
}

/* Every option spelling, for "did you mean" suggestions. */
static const char *const known_options[] = {
    "-t", "--target=", "-o", "--distributed", "--ranks=", "--main", "--entry=", "-x", "--cc=", "--arch=", "-v", "--check",
    "--dump=", "--report", "-fcuda-lb=", "-fcuda-outline=", "-fcuda-worklist=", "-fcuda-async=", "-fcuda-priority=", "-fcuda-blocking=", "-fcuda-gather-order=", "-fcuda-direction=", "-Wall", "-Werror", "-w", "-O0", "--help-passes", "-h", "--help", "--version",
    "-Wnarrowing", "-Wpromotion", "-Wrace", "-Wunused", "-Wno-narrowing", "-Wno-promotion",
    "-Wno-race", "-Wno-unused", "-Wmissing-return", "-Wno-missing-return",
};

size_t gmc_edit_distance(const char *a, const char *b)
{
    return gmrt_edit_distance(a, strlen(a), b, false);
}

const char *gmc_closest_option(const char *arg)
{
    /* Compare names only: "--entyr=bfs" is one typo away from "--entry=". */
    char name[65];
    const char *eq = strchr(arg, '=');
    size_t n = eq ? (size_t)(eq - arg + 1) : strlen(arg);
    if (n >= sizeof name)
        return NULL;
    memcpy(name, arg, n);
    name[n] = '\0';
    /* "-q" is one letter away from every short option: only case slips count. */
    if (n <= 2) {
        for (size_t i = 0; i < sizeof known_options / sizeof *known_options; i++)
            if (strcasecmp(name, known_options[i]) == 0)
                return known_options[i];
        return NULL;
    }
    const char *best = NULL;
    size_t best_d = (size_t)-1;
    for (size_t i = 0; i < sizeof known_options / sizeof *known_options; i++) {
        const char *k = known_options[i];
        /* "--arch sm_90" spells the value apart: compare without the '='. */
        char key[32];
        snprintf(key, sizeof key, "%s", k);
        if (!eq && key[0] && key[strlen(key) - 1] == '=')
            key[strlen(key) - 1] = '\0';
        size_t d = gmc_edit_distance(name, key);
        if (d < best_d) {
            best_d = d;
            best = k;
        }
    }
    /* Allow more typos in long names than in short ones. */
    size_t limit = n <= 4 ? 1 : 3;
    return best_d <= limit ? best : NULL;
}

void gmc_unknown_option(const char *arg)
{
    const char *best = gmc_closest_option(arg);
    if (best)
        fprintf(stderr, "gmc: error: unknown option '%s'; did you mean '%s'?\n", arg, best);
    else
        fprintf(stderr, "gmc: error: unknown option '%s' (see gmc --help)\n", arg);
}
