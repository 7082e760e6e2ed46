/* test_device_fit.c: a device program's GPU memory check (gmrt_cli.h, "GPU
 * memory"; cli_device.c, cli.c), without a GPU: the device is a fake query.
 * The verdict's three cases and their boundaries, the message (the counts
 * with separators, the GB, the device, the --distributed command), the
 * arithmetic's saturation, GMCU_DEVICE_MEMORY; the counts known before the
 * load (a spec's lower bound against the graph the generator really builds;
 * binary headers against the saved graph's counts, damaged or text files
 * giving none); and gmrt_cli_load itself: a spec or a binary file refused
 * before the load (the query asked once, the message's "at least"), a text
 * file after it, the free-memory warning once, no device: no check. */
#include "rt_test.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const gmrt_device_memory FAKE = {0, "Fake GPU 80GB", 85000000000u, 84000000000u};

static void test_verdict(void)
{
    gmrt_device_need need = {16, 20, 16};
    gmrt_device_memory dev = FAKE;
    char msg[1024];
    /* 16 + 16 * 1000 + 20 * 5000 */
    CU_ASSERT_EQUAL(gmrt_device_need_bytes(&need, 1000, 5000), 116016u);
    dev.total = 200000;
    dev.free = 116016;
    CU_ASSERT_EQUAL(gmrt_device_fit("./bfs", "g.gmb", &need, 1000, 5000, true, &dev, msg, sizeof msg), GMRT_FIT_OK);
    dev.free = 116015;
    CU_ASSERT_EQUAL(gmrt_device_fit("./bfs", "g.gmb", &need, 1000, 5000, true, &dev, msg, sizeof msg),
                    GMRT_FIT_NOT_FREE);
    CU_ASSERT(rt_contains(msg, "./bfs: warning: the graph (1,000 nodes, 5,000 edges) needs at least 116016 bytes"));
    CU_ASSERT(rt_contains(msg, "GPU 0 (Fake GPU 80GB) has only 116015 bytes free of its 200000 bytes"));
    dev.total = 116016; /* exactly: not refused */
    CU_ASSERT_EQUAL(gmrt_device_fit("./bfs", "g.gmb", &need, 1000, 5000, true, &dev, msg, sizeof msg),
                    GMRT_FIT_NOT_FREE);
    dev.total = 116015;
    CU_ASSERT_EQUAL(gmrt_device_fit("./bfs", "g.gmb", &need, 1000, 5000, true, &dev, msg, sizeof msg),
                    GMRT_FIT_REFUSED);
    CU_ASSERT(rt_contains(msg, "more than GPU 0 (Fake GPU 80GB) has: 116015 bytes in all"));
    CU_ASSERT(rt_contains(msg, "gmc -t cuda --distributed --main -x bfs.gm, then mpirun -np P ./bfs g.gmb"));

    /* kron28 symmetrized, as a spec tells it before drawing: BFS's upload */
    dev = FAKE;
    CU_ASSERT_EQUAL(gmrt_device_fit("bin/bfs", "gen:rmat,scale=28,symmetrize", &need, (int64_t)1 << 28,
                                    (int64_t)1 << 32, false, &dev, msg, sizeof msg),
                    GMRT_FIT_REFUSED);
    CU_ASSERT(rt_contains(msg, "bin/bfs: the graph (268,435,456 nodes, at least 4,294,967,296 edges) needs at least "
                               "90.2 GB of GPU memory"));
    CU_ASSERT(rt_contains(msg, "85.0 GB in all, 84.0 GB free"));
    CU_ASSERT(rt_contains(msg, "-x bfs.gm, then mpirun -np P bin/bfs gen:rmat,scale=28,symmetrize ..."));
    /* no edge known yet */
    CU_ASSERT_EQUAL(gmrt_device_fit("p", "g", &need, (int64_t)1 << 31, 0, false, &dev, msg, sizeof msg),
                    GMRT_FIT_OK);
    need.per_node = 40;
    CU_ASSERT_EQUAL(gmrt_device_fit("p", "g", &need, (int64_t)1 << 31, 0, false, &dev, msg, sizeof msg),
                    GMRT_FIT_REFUSED);
    CU_ASSERT(rt_contains(msg, "(2,147,483,648 nodes, its edges not counted yet) needs at least 85.9 GB"));
    /* saturates instead of wrapping round to a small number */
    need.per_edge = UINT64_MAX / 2;
    CU_ASSERT_EQUAL(gmrt_device_need_bytes(&need, 10, INT64_MAX), UINT64_MAX);
    CU_ASSERT_EQUAL(gmrt_device_fit("p", "g", &need, 10, INT64_MAX, true, &dev, msg, sizeof msg), GMRT_FIT_REFUSED);
}

static void test_override(void)
{
    gmrt_device_memory dev = FAKE;
    char msg[256];
    CU_ASSERT(gmrt_device_memory_override(NULL, &dev, msg, sizeof msg) && dev.total == FAKE.total);
    CU_ASSERT(gmrt_device_memory_override("", &dev, msg, sizeof msg) && dev.total == FAKE.total);
    CU_ASSERT(gmrt_device_memory_override("90000000000", &dev, msg, sizeof msg));
    CU_ASSERT(dev.total == 90000000000u && dev.free == FAKE.free); /* free stays when below */
    CU_ASSERT(gmrt_device_memory_override("2000", &dev, msg, sizeof msg) && dev.total == 2000 && dev.free == 2000);
    CU_ASSERT(gmrt_device_memory_override("3K", &dev, msg, sizeof msg) && dev.total == 3000);
    CU_ASSERT(gmrt_device_memory_override("5m", &dev, msg, sizeof msg) && dev.total == 5000000);
    CU_ASSERT(gmrt_device_memory_override("2G", &dev, msg, sizeof msg) && dev.total == 2000000000u);
    CU_ASSERT(gmrt_device_memory_override("1T", &dev, msg, sizeof msg) && dev.total == 1000000000000u);
    static const char *const bad[] = {"x", "-5", "1.5G", "12Q", "2GB", " 7", "99999999999999999999",
                                      "99999999999T"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        msg[0] = '\0';
        CU_ASSERT(!gmrt_device_memory_override(bad[i], &dev, msg, sizeof msg));
        CU_ASSERT(rt_contains(msg, "GMCU_DEVICE_MEMORY="));
        CU_ASSERT(rt_contains(msg, "expected a number of bytes"));
    }
}

/* The lower bound never above the graph the generator builds; exact for a
 * plain draw and a grid. */
static void test_spec_bounds(void)
{
    static const struct {
        const char *spec;
        bool exact;
    } specs[] = {
        {"gen:rmat,scale=9,edge-factor=4", true},
        {"gen:rmat,scale=9,edge-factor=4,symmetrize", false},
        {"gen:rmat,scale=9,edge-factor=4,dedup", false},
        {"gen:rmat,scale=9,edge-factor=4,no-self-loops", false},
        {"gen:rmat,scale=9,edge-factor=4,symmetrize,dedup,no-self-loops", false},
        {"gen:rmat,scale=6,edge-factor=30,a=0.97,b=0.01,c=0.01,symmetrize", false}, /* many self-loops */
        {"gen:uniform,nodes=300,edges=2000", true},
        {"gen:uniform,nodes=20,edges=2000,symmetrize", false},
        {"gen:grid,rows=7,cols=5", true},
        {"gen:grid,rows=7,cols=5,symmetrize", false},
        {"gen:grid,rows=7,cols=5,dedup,no-self-loops", true},
        {"gen:grid,rows=1,cols=9", true},
        {"gen:grid,rows=0,cols=9", true},
    };
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
        gmrt_gen_spec s;
        gmrt_error err;
        CU_ASSERT_FATAL(gmrt_gen_spec_parse(specs[i].spec, &s, &err));
        gm_graph *g = gmrt_gen_spec_graph(&s, NULL, &err);
        CU_ASSERT_FATAL(g != NULL);
        int64_t lb = gmrt_gen_spec_edges_at_least(&s);
        CU_ASSERT_EQUAL(gmrt_gen_spec_nodes(&s), (int64_t)g->num_nodes);
        CU_ASSERT(lb <= (int64_t)g->num_edges);
        if (specs[i].exact)
            CU_ASSERT_EQUAL(lb, (int64_t)g->num_edges);
        if (lb > (int64_t)g->num_edges || (specs[i].exact && lb != (int64_t)g->num_edges))
            fprintf(stderr, "\n%s: at least %lld edges, built %lld\n", specs[i].spec, (long long)lb,
                    (long long)g->num_edges);
        gmrt_graph_free(g);
    }
}

static void test_file_counts(void)
{
    gm_graph *g = rt_random_graph(300, 1700, 7, true, true);
    gmrt_error err;
    int64_t n = -1, m = -1;
    CU_ASSERT_FATAL(gmrt_graph_save(g, rt_path("g.gmb"), GMRT_FMT_AUTO, &err));
    CU_ASSERT(gmrt_graph_file_counts(rt_path("g.gmb"), GMRT_FMT_AUTO, &n, &m) && n == 300 && m == 1700);
    CU_ASSERT(gmrt_graph_file_counts(rt_path("g.gmb"), GMRT_FMT_GMB, &n, &m));
    CU_ASSERT(!gmrt_graph_file_counts(rt_path("g.gmb"), GMRT_FMT_EDGE_LIST, &n, &m)); /* --from says otherwise */
    n = m = -1;
    CU_ASSERT_FATAL(gmrt_graph_save(g, rt_path("g.bin"), GMRT_FMT_GM_BINARY, &err));
    CU_ASSERT(gmrt_graph_file_counts(rt_path("g.bin"), GMRT_FMT_AUTO, &n, &m) && n == 300 && m == 1700);
    n = m = -1;
    CU_ASSERT_FATAL(gmrt_graph_save(g, rt_path("le.bin"), GMRT_FMT_GM_BINARY_LE, &err));
    CU_ASSERT(gmrt_graph_file_counts(rt_path("le.bin"), GMRT_FMT_AUTO, &n, &m) && n == 300 && m == 1700);
    CU_ASSERT_FATAL(gmrt_graph_save(g, rt_path("g.el"), GMRT_FMT_EDGE_LIST, &err));
    CU_ASSERT(!gmrt_graph_file_counts(rt_path("g.el"), GMRT_FMT_AUTO, &n, &m)); /* text: after the load */
    CU_ASSERT(!gmrt_graph_file_counts(rt_path("missing.gmb"), GMRT_FMT_AUTO, &n, &m));
    CU_ASSERT(!gmrt_graph_file_counts("-", GMRT_FMT_AUTO, &n, &m));
    CU_ASSERT(!gmrt_graph_file_counts(rt_tmpdir(), GMRT_FMT_AUTO, &n, &m));
    /* a header that its size belies (truncated, or claiming more edges) is
     * left to the load, which names the damage */
    FILE *f = fopen(rt_path("g.gmb"), "rb");
    static unsigned char buf[1 << 16];
    size_t len = fread(buf, 1, sizeof buf, f);
    fclose(f);
    CU_ASSERT_FATAL(len > 64 && len < sizeof buf);
    rt_write(rt_path("short.gmb"), buf, len - 8);
    CU_ASSERT(!gmrt_graph_file_counts(rt_path("short.gmb"), GMRT_FMT_AUTO, &n, &m));
    buf[32] ^= 0x40; /* the edge count */
    rt_write(rt_path("bad.gmb"), buf, len);
    CU_ASSERT(!gmrt_graph_file_counts(rt_path("bad.gmb"), GMRT_FMT_AUTO, &n, &m));
    gmrt_graph_free(g);
}

/* ---- gmrt_cli_load with a fake device ---- */

static gmrt_device_memory fake;
static bool fake_present;
static int queries;

static bool fake_query(gmrt_device_memory *out)
{
    queries++;
    if (fake_present)
        *out = fake;
    return fake_present;
}

static char captured[8192];

/* Parses argv (GRAPH and load flags), sets a BFS-like need and the fake
 * device, loads with stdout and stderr in captured; the graph or NULL. */
static gm_graph *load_captured(gmrt_cli_run *run, int argc, char **argv)
{
    rt_capture cap = rt_capture_begin();
    gm_graph *g = NULL;
    if (gmrt_cli_parse(run, NULL, 0, NULL, argc, argv) < 0) {
        run->device_need.per_node = 16;
        run->device_need.per_edge = 20;
        run->device_need.fixed = 16;
        run->device_query = fake_query;
        queries = 0;
        g = gmrt_cli_load(run);
    }
    rt_capture_end(cap, captured, sizeof captured);
    return g;
}

/* Whether hay lacks needle (printing hay when it does not). */
static bool absent(const char *hay, const char *needle)
{
    if (!strstr(hay, needle))
        return true;
    fprintf(stderr, "\n    output: \"%s\"\n    expected no \"%s\"\n", hay, needle);
    return false;
}

static int count_of(const char *hay, const char *needle)
{
    int k = 0;
    for (const char *p = hay; (p = strstr(p, needle)) != NULL; p += strlen(needle))
        k++;
    return k;
}

static void test_load(void)
{
    gmrt_cli_run run;
    gmrt_error err;
    gm_graph *g = rt_random_graph(1000, 5000, 3, false, false);
    CU_ASSERT_FATAL(gmrt_graph_save(g, rt_path("k.gmb"), GMRT_FMT_AUTO, &err));
    CU_ASSERT_FATAL(gmrt_graph_save(g, rt_path("k.el"), GMRT_FMT_EDGE_LIST, &err));
    gmrt_graph_free(g);
    char prog[] = "./bfs", gmb[640], el[640], spec[] = "gen:rmat,scale=12,edge-factor=8,symmetrize",
         sym[] = "--symmetrize", relabel[] = "--relabel";
    snprintf(gmb, sizeof gmb, "%s", rt_path("k.gmb"));
    snprintf(el, sizeof el, "%s", rt_path("k.el"));
    fake = FAKE;
    fake_present = true;
    unsetenv("GMCU_DEVICE_MEMORY");

    /* fits: checked before the load (binary header) and after it */
    char *a1[] = {prog, gmb};
    g = load_captured(&run, 2, a1);
    CU_ASSERT(g && g->num_nodes == 1000 && g->num_edges == 5000 && queries == 2);
    CU_ASSERT(absent(captured, "GPU"));
    gmrt_graph_free(g);
    gmrt_cli_finish(&run, 0);

    /* 16 + 16 * 1000 + 20 * 5000 = 116016 bytes: one less is refused, from
     * the header, before the load (one query) */
    fake.total = fake.free = 116015;
    g = load_captured(&run, 2, a1);
    CU_ASSERT(g == NULL && queries == 1);
    CU_ASSERT(rt_contains(captured, "./bfs: the graph (1,000 nodes, 5,000 edges) needs at least 116016 bytes of GPU "
                                    "memory"));
    CU_ASSERT(rt_contains(captured, "mpirun -np P ./bfs "));
    CU_ASSERT(absent(captured, "graph = ")); /* nothing loaded */
    gmrt_cli_finish(&run, 0);

    /* a text file: after the load, with the exact counts (two queries:
     * none before it) */
    char *a2[] = {prog, el};
    g = load_captured(&run, 2, a2);
    CU_ASSERT(g == NULL && queries == 1);
    CU_ASSERT(rt_contains(captured, "(1,000 nodes, 5,000 edges) needs at least 116016 bytes"));
    gmrt_cli_finish(&run, 0);

    /* symmetrize: the header's count is a lower bound ("at least") before
     * the load; the graph then has more edges, refused after it */
    fake.total = fake.free = 116016 + 20 * 100;
    char *a3[] = {prog, gmb, sym};
    g = load_captured(&run, 3, a3);
    CU_ASSERT(g == NULL && queries == 2);
    CU_ASSERT(rt_contains(captured, "(1,000 nodes, ") && absent(captured, "at least 5,000 edges"));
    gmrt_cli_finish(&run, 0);
    fake.total = fake.free = 116015;
    g = load_captured(&run, 3, a3);
    CU_ASSERT(g == NULL && queries == 1 && rt_contains(captured, "(1,000 nodes, at least 5,000 edges)"));
    gmrt_cli_finish(&run, 0);

    /* --relabel: nodes without edges go, so nothing is known before */
    fake.total = fake.free = 1000;
    char *a4[] = {prog, gmb, relabel};
    g = load_captured(&run, 3, a4);
    CU_ASSERT(g == NULL && queries == 1);
    gmrt_cli_finish(&run, 0);

    /* a spec: refused before drawing, on its lower bound */
    char *a5[] = {prog, spec};
    g = load_captured(&run, 2, a5);
    CU_ASSERT(g == NULL && queries == 1);
    CU_ASSERT(rt_contains(captured, "(4,096 nodes, at least 32,768 edges) needs at least 720912 bytes"));
    gmrt_cli_finish(&run, 0);

    /* within the total but not the free memory: a warning, once */
    fake.total = 1000000;
    fake.free = 116015;
    g = load_captured(&run, 2, a1);
    CU_ASSERT(g != NULL && queries == 2 && count_of(captured, "warning: the graph") == 1);
    CU_ASSERT(rt_contains(captured, "has only 116015 bytes free of its 1.0 MB"));
    gmrt_graph_free(g);
    gmrt_cli_finish(&run, 0);

    /* GMCU_DEVICE_MEMORY pretends a smaller device; a bad value is an error */
    fake = FAKE;
    setenv("GMCU_DEVICE_MEMORY", "100K", 1);
    g = load_captured(&run, 2, a1);
    CU_ASSERT(g == NULL && rt_contains(captured, "has: 100000 bytes in all, 100000 bytes free"));
    gmrt_cli_finish(&run, 0);
    setenv("GMCU_DEVICE_MEMORY", "lots", 1);
    g = load_captured(&run, 2, a1);
    CU_ASSERT(g == NULL && rt_contains(captured, "./bfs: GMCU_DEVICE_MEMORY='lots': expected a number of bytes"));
    gmrt_cli_finish(&run, 0);

    /* no device to ask: no check (the device runtime says why later) */
    setenv("GMCU_DEVICE_MEMORY", "1", 1);
    fake_present = false;
    g = load_captured(&run, 2, a1);
    CU_ASSERT(g != NULL && queries == 2 && absent(captured, "GPU"));
    gmrt_graph_free(g);
    gmrt_cli_finish(&run, 0);
    unsetenv("GMCU_DEVICE_MEMORY");
}

int main(void)
{
    static const CU_TestInfo tests[] = {
        {"verdict: fits, warns, refuses; the message", test_verdict},
        {"GMCU_DEVICE_MEMORY", test_override},
        {"a spec's edges at least: never above the graph's", test_spec_bounds},
        {"binary headers' counts; none from text or damage", test_file_counts},
        {"gmrt_cli_load: before the load where it can", test_load},
        CU_TEST_INFO_NULL,
    };
    return rt_run("device_fit", tests);
}
