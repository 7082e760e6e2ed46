/* test_formats.c: every loader against hand-written files with known
 * contents, every writer through round trips (each format to every other
 * gives the same graph), format detection, and the one-copy load of the
 * own binary format (a rewrite of the file in place leaves it alone). */
#define _POSIX_C_SOURCE 200809L /* truncate */
#include "rt_test.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "io_internal.h" /* gmrt_graph_load_mapped_ */

/* The graph every text sample below describes (0-based):
 *   0->1 (2.5)  0->3 (1)  1->2 (4)  3->0 (7)  3->3 (0.5), node 4 isolated */
static void expect_sample(const gm_graph *g, bool weighted)
{
    CU_ASSERT_FATAL(g != NULL);
    const gm_edge_t begin[] = {0, 2, 3, 3, 5, 5};
    const gm_node_t idx[] = {1, 3, 2, 0, 3};
    const double w[] = {2.5, 1, 4, 7, 0.5};
    CU_ASSERT_EQUAL(g->num_nodes, 5);
    CU_ASSERT_EQUAL(g->num_edges, 5);
    CU_ASSERT(memcmp(g->begin, begin, sizeof begin) == 0);
    CU_ASSERT(memcmp(g->node_idx, idx, sizeof idx) == 0);
    if (weighted) {
        CU_ASSERT_FATAL(g->weights != NULL);
        CU_ASSERT(memcmp(g->weights, w, sizeof w) == 0);
        CU_ASSERT(!g->weights_integral);
    } else {
        CU_ASSERT(g->weights == NULL);
    }
}

static void test_edge_list(void)
{
    gmrt_error err;
    /* comments, blank lines, tabs, CRLF, edges out of order, a trailing
     * isolated node declared SNAP-style */
    gm_graph *g = rt_load_text("sample.el",
                               "# Nodes: 5 Edges: 5\r\n"
                               "% another comment style\n"
                               "\n"
                               "3 3 0.5\r\n"
                               "0\t1\t2.5\n"
                               "   1 2 4\n"
                               "3 0 7e0\n"
                               "0 3 1",
                               NULL, &err);
    expect_sample(g, true);
    gmrt_graph_free(g);

    gmrt_load_options one = {.index_base = 1};
    g = rt_load_text("sample1.txt", "4 4 0.5\n1 2 2.5\n2 3 4\n4 1 7\n1 4 1\n#Nodes: 5\n", &one, &err);
    expect_sample(g, true);
    gmrt_graph_free(g);

    /* unweighted; without the Nodes comment the node count is max id + 1 */
    g = rt_load_text("plain.snap", "0 1\n0 3\n1 2\n3 0\n3 3\n", NULL, &err);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_EQUAL(g->num_nodes, 4);
    CU_ASSERT_EQUAL(g->num_edges, 5);
    CU_ASSERT(g->weights == NULL);
    gmrt_graph_free(g);

    /* integer weights are flagged integral; an empty file is an empty graph */
    g = rt_load_text("int.el", "0 1 3\n1 0 -2\n", NULL, &err);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT(g->weights_integral);
    CU_ASSERT_EQUAL(g->weights[1], -2);
    gmrt_graph_free(g);
    g = rt_load_text("empty.el", "", NULL, &err);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_EQUAL(g->num_nodes, 0);
    CU_ASSERT_EQUAL(g->num_edges, 0);
    gmrt_graph_free(g);

    gmrt_load_options now = {.ignore_weights = true};
    g = rt_load_text("noweights.el", "0 1 3\n1 0 -2\n", &now, &err);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT(g->weights == NULL);
    gmrt_graph_free(g);
}

static void test_matrix_market(void)
{
    gmrt_error err;
    gm_graph *g = rt_load_text("sample.mtx",
                               "%%MatrixMarket matrix coordinate real general\n"
                               "% a comment\n"
                               "5 5 5\n"
                               "4 4 0.5\n1 2 2.5\n2 3 4\n4 1 7\n1 4 1\n",
                               NULL, &err);
    expect_sample(g, true);
    gmrt_graph_free(g);

    /* symmetric pattern: off-diagonal entries give both directions */
    g = rt_load_text("sym.mtx",
                     "%%MatrixMarket matrix coordinate pattern symmetric\n"
                     "3 3 3\n2 1\n3 2\n3 3\n",
                     NULL, &err);
    CU_ASSERT_FATAL(g != NULL);
    const gm_edge_t b[] = {0, 1, 3, 5};
    const gm_node_t i[] = {1, 0, 2, 1, 2};
    CU_ASSERT_EQUAL(g->num_edges, 5);
    CU_ASSERT(memcmp(g->begin, b, sizeof b) == 0);
    CU_ASSERT(memcmp(g->node_idx, i, sizeof i) == 0);
    CU_ASSERT(g->weights == NULL);
    gmrt_graph_free(g);

    /* integer field; skew-symmetric mirrors with the opposite sign */
    g = rt_load_text("int.mtx",
                     "%%MatrixMarket matrix coordinate integer skew-symmetric\n"
                     "2 2 1\n2 1 -3\n",
                     NULL, &err);
    CU_ASSERT_FATAL(g != NULL && g->weights != NULL);
    CU_ASSERT_EQUAL(g->num_edges, 2);
    CU_ASSERT_EQUAL(g->weights[0], 3);  /* 0 -> 1 */
    CU_ASSERT_EQUAL(g->weights[1], -3); /* 1 -> 0 */
    CU_ASSERT(g->weights_integral);
    gmrt_graph_free(g);

    /* a rectangular matrix: max(rows, cols) nodes */
    g = rt_load_text("rect.mtx", "%%MatrixMarket matrix coordinate pattern general\n2 4 1\n1 4\n", NULL, &err);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_EQUAL(g->num_nodes, 4);
    CU_ASSERT(gmrt_has_edge(g, 0, 3));
    gmrt_graph_free(g);
}

static void test_dimacs(void)
{
    gmrt_error err;
    gm_graph *g = rt_load_text("sample.gr",
                               "c 9th DIMACS challenge style\n"
                               "p sp 5 5\n"
                               "c arcs\n"
                               "a 4 4 1\na 1 2 3\na 2 3 4\na 4 1 7\na 1 4 1\n",
                               NULL, &err);
    CU_ASSERT_FATAL(g != NULL);
    const gm_edge_t begin[] = {0, 2, 3, 3, 5, 5};
    const gm_node_t idx[] = {1, 3, 2, 0, 3};
    const double w[] = {3, 1, 4, 7, 1};
    CU_ASSERT(memcmp(g->begin, begin, sizeof begin) == 0);
    CU_ASSERT(memcmp(g->node_idx, idx, sizeof idx) == 0);
    CU_ASSERT(memcmp(g->weights, w, sizeof w) == 0);
    CU_ASSERT(g->weights_integral);
    gmrt_graph_free(g);
}

/* A Green-Marl binary file built byte by byte. */
static size_t gm_binary_bytes(unsigned char *out, bool big_endian, int ns, int es)
{
    /* 3 nodes; rows deliberately unsorted in the file: 0->{2,1}, 2->{0} */
    const int64_t fields[] = {3, 3, 0, 2, 2, 3, 2, 1, 0};
    const int sizes[] = {ns, es, es, es, es, es, ns, ns, ns};
    size_t at = 0;
    uint64_t head[3] = {0x03939999u, (uint64_t)ns, (uint64_t)es};
    for (int f = 0; f < 12; f++) {
        int k = f / 4, byte = big_endian ? 3 - f % 4 : f % 4;
        out[at++] = (unsigned char)(head[k] >> (8 * byte));
    }
    for (int f = 0; f < 9; f++)
        for (int b = 0; b < sizes[f]; b++) {
            int byte = big_endian ? sizes[f] - 1 - b : b;
            out[at++] = (unsigned char)((uint64_t)fields[f] >> (8 * byte));
        }
    return at;
}

static void test_gm_binary(void)
{
    const int variants[][3] = {{1, 4, 4}, {1, 8, 8}, {1, 4, 8}, {0, 4, 4}, {0, 8, 4}};
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
        unsigned char bytes[128];
        size_t len = gm_binary_bytes(bytes, variants[v][0], variants[v][1], variants[v][2]);
        const char *path = rt_path("hand.bin");
        rt_write(path, bytes, len);
        gmrt_error err;
        gm_graph *g = gmrt_graph_load(path, NULL, &err);
        CU_ASSERT_FATAL(g != NULL);
        const gm_edge_t begin[] = {0, 2, 2, 3};
        const gm_node_t idx[] = {1, 2, 0}; /* sorted on load */
        CU_ASSERT_EQUAL(g->num_nodes, 3);
        CU_ASSERT_EQUAL(g->num_edges, 3);
        CU_ASSERT(memcmp(g->begin, begin, sizeof begin) == 0);
        CU_ASSERT(memcmp(g->node_idx, idx, sizeof idx) == 0);
        gmrt_graph_free(g);
    }
    /* what we write is big-endian with 4-byte fields, exactly section 10 */
    const gm_node_t pairs[] = {0, 2, 0, 1, 2, 0};
    gm_graph *g = rt_graph(3, 3, pairs, NULL);
    gmrt_error err;
    CU_ASSERT_FATAL(gmrt_graph_save(g, rt_path("ours.bin"), GMRT_FMT_AUTO, &err));
    unsigned char expect[128];
    size_t len = gm_binary_bytes(expect, true, 4, 4);
    const size_t idx_at = 12 + 4 + 4 + 4 * 4; /* header, N, M, begin[0..3] */
    expect[idx_at + 3] = 1; /* but with sorted rows: 0->{1,2} */
    expect[idx_at + 4 + 3] = 2;
    FILE *f = fopen(rt_path("ours.bin"), "rb");
    unsigned char got[256];
    size_t got_len = f ? fread(got, 1, sizeof got, f) : 0;
    if (f)
        fclose(f);
    CU_ASSERT_EQUAL(got_len, len);
    CU_ASSERT(memcmp(got, expect, len) == 0);
    gmrt_graph_free(g);
}

/* Saves g in format f, loads it back, compares. */
static void round_trip(const gm_graph *g, gmrt_format f, const char *name, bool weights_kept)
{
    gmrt_error err;
    const char *path = rt_path(name);
    CU_ASSERT_FATAL(gmrt_graph_save(g, path, f, &err));
    gmrt_load_options opt = {.format = f};
    gm_graph *back = gmrt_graph_load(path, &opt, &err);
    if (!back)
        fprintf(stderr, "\n%s: %s\n", name, err.message);
    CU_ASSERT_FATAL(back != NULL);
    CU_ASSERT(gmrt_graph_equal(g, back, weights_kept));
    if (weights_kept) {
        CU_ASSERT((back->weights != NULL) == (g->weights != NULL) || f == GMRT_FMT_DIMACS);
    } else {
        CU_ASSERT(back->weights == NULL);
    }
    /* loading by detection gives the same */
    gm_graph *auto_back = gmrt_graph_load(path, NULL, &err);
    CU_ASSERT_FATAL(auto_back != NULL);
    CU_ASSERT(gmrt_graph_equal(back, auto_back, true));
    gmrt_graph_free(auto_back);
    gmrt_graph_free(back);
}

static void test_round_trips(void)
{
    /* weighted (integer and real) and unweighted multigraphs with
     * self-loops, parallel edges and isolated trailing nodes */
    gm_graph *graphs[] = {
        rt_random_graph(500, 6000, 21, true, false),
        rt_random_graph(500, 6000, 22, true, true),
        rt_random_graph(300, 2000, 23, false, false),
    };
    for (int k = 0; k < 3; k++) {
        gm_graph *g = graphs[k];
        CU_ASSERT_FATAL(g != NULL);
        round_trip(g, GMRT_FMT_EDGE_LIST, "rt.el", true);
        round_trip(g, GMRT_FMT_MATRIX_MARKET, "rt.mtx", true);
        round_trip(g, GMRT_FMT_DIMACS, "rt.gr", true);
        round_trip(g, GMRT_FMT_GMB, "rt.gmb", true);
        round_trip(g, GMRT_FMT_GM_BINARY, "rt.bin", false);
        round_trip(g, GMRT_FMT_GM_BINARY_LE, "rt-le.dat", false);
        gmrt_graph_free(g);
    }
}

static void test_chain_of_conversions(void)
{
    /* el -> mtx -> gr -> gmb -> bin -> el keeps the topology exactly */
    gm_graph *g = rt_random_graph(400, 5000, 31, true, true);
    const char *names[] = {"c.el", "c.mtx", "c.gr", "c.gmb", "c.bin", "c2.el"};
    gmrt_error err;
    gm_graph *cur = g;
    for (int i = 0; i < 6; i++) {
        CU_ASSERT_FATAL(gmrt_graph_save(cur, rt_path(names[i]), GMRT_FMT_AUTO, &err));
        gm_graph *next = gmrt_graph_load(rt_path(names[i]), NULL, &err);
        CU_ASSERT_FATAL(next != NULL);
        CU_ASSERT(gmrt_graph_equal(g, next, i < 4)); /* weights until gm-binary */
        if (cur != g)
            gmrt_graph_free(cur);
        cur = next;
    }
    gmrt_graph_free(cur);
    gmrt_graph_free(g);
}

static void test_special_weights_survive_text(void)
{
    const gm_node_t pairs[] = {0, 1, 0, 2, 1, 2, 2, 0};
    const double w[] = {INFINITY, -INFINITY, 0.1, 1e300};
    gm_graph *g = rt_graph(3, 4, pairs, w);
    round_trip(g, GMRT_FMT_EDGE_LIST, "inf.el", true);
    round_trip(g, GMRT_FMT_MATRIX_MARKET, "inf.mtx", true);
    round_trip(g, GMRT_FMT_DIMACS, "inf.gr", true);
    gmrt_graph_free(g);
}

static void test_detection(void)
{
    CU_ASSERT_EQUAL(gmrt_format_detect("\x03\x93\x99\x99", 4, "x.el"), GMRT_FMT_GM_BINARY);
    CU_ASSERT_EQUAL(gmrt_format_detect("\x99\x99\x93\x03", 4, NULL), GMRT_FMT_GM_BINARY);
    CU_ASSERT_EQUAL(gmrt_format_detect("GMRT-CSR", 8, "x.mtx"), GMRT_FMT_GMB);
    CU_ASSERT_EQUAL(gmrt_format_detect("%%matrixmarket matrix", 21, "x.el"), GMRT_FMT_MATRIX_MARKET);
    CU_ASSERT_EQUAL(gmrt_format_detect("c road\np sp 1 0\n", 16, "x.txt"), GMRT_FMT_DIMACS);
    CU_ASSERT_EQUAL(gmrt_format_detect("0 1\n", 4, "x.gr"), GMRT_FMT_DIMACS); /* extension wins over digits */
    CU_ASSERT_EQUAL(gmrt_format_detect("0 1\n", 4, "graph"), GMRT_FMT_EDGE_LIST);
    CU_ASSERT_EQUAL(gmrt_format_detect("# c\n", 4, "graph"), GMRT_FMT_EDGE_LIST);
    CU_ASSERT_EQUAL(gmrt_format_detect("\x01\x02", 2, "graph"), GMRT_FMT_AUTO);
    CU_ASSERT_EQUAL(gmrt_format_from_extension("dir.v2/g.MTX"), GMRT_FMT_MATRIX_MARKET);
    CU_ASSERT_EQUAL(gmrt_format_from_extension("dir.gr/g"), GMRT_FMT_AUTO);
    CU_ASSERT_EQUAL(gmrt_format_parse("dimacs"), GMRT_FMT_DIMACS);
    CU_ASSERT_EQUAL(gmrt_format_parse("gm-binary-le"), GMRT_FMT_GM_BINARY_LE);
    CU_ASSERT_EQUAL(gmrt_format_parse("nonsense"), GMRT_FMT_AUTO);
    for (int f = GMRT_FMT_GM_BINARY; f <= GMRT_FMT_GMB; f++)
        CU_ASSERT_EQUAL((int)gmrt_format_parse(gmrt_format_name((gmrt_format)f)), f);

    /* an explicit format overrides the extension */
    gmrt_error err;
    gmrt_load_options opt = {.format = GMRT_FMT_EDGE_LIST};
    gm_graph *g = rt_load_text("looks-like.mtx", "0 1\n", &opt, &err);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_EQUAL(g->num_edges, 1);
    gmrt_graph_free(g);
}

static void test_options_on_binary_formats(void)
{
    const gm_node_t pairs[] = {0, 1, 0, 1, 1, 1, 2, 0};
    gm_graph *g = rt_graph(3, 4, pairs, NULL);
    gmrt_error err;
    CU_ASSERT_FATAL(gmrt_graph_save(g, rt_path("opt.bin"), GMRT_FMT_AUTO, &err));
    CU_ASSERT_FATAL(gmrt_graph_save(g, rt_path("opt.gmb"), GMRT_FMT_AUTO, &err));
    const char *files[] = {"opt.bin", "opt.gmb"};
    for (int i = 0; i < 2; i++) {
        gmrt_load_options opt = {.build = {.symmetrize = true, .dedup = true, .drop_self_loops = true}};
        gm_graph *s = gmrt_graph_load(rt_path(files[i]), &opt, &err);
        CU_ASSERT_FATAL(s != NULL);
        const gm_edge_t b[] = {0, 2, 3, 4};
        const gm_node_t idx[] = {1, 2, 0, 0};
        CU_ASSERT_EQUAL(s->num_edges, 4);
        CU_ASSERT(memcmp(s->begin, b, sizeof b) == 0);
        CU_ASSERT(memcmp(s->node_idx, idx, sizeof idx) == 0);
        gmrt_graph_free(s);
    }
    gmrt_graph_free(g);
}

/* the bytes of the file at path, and their count in *len */
static char *file_bytes(const char *path, long *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    *len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)*len);
    if (buf && fread(buf, 1, (size_t)*len, f) != (size_t)*len) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    return buf;
}

/* Two random graphs of n nodes and m edges saved in format f at path and
 * other_path, the same number of bytes (a rewrite of one with the other
 * keeps every page); bytes: the second file's contents (malloc'd). */
typedef struct file_pair {
    gm_graph *g, *other;
    char *bytes;
    long len;
} file_pair;

static file_pair save_pair(const char *path, const char *other_path, gmrt_format f, gm_node_t n, size_t m,
                           uint64_t seed, bool weighted)
{
    file_pair p = {rt_random_graph(n, m, seed, weighted, false), rt_random_graph(n, m, seed + 1, weighted, false),
                   NULL, 0};
    gmrt_error err;
    long len = 0;
    if (gmrt_graph_save(p.g, path, f, &err) && gmrt_graph_save(p.other, other_path, f, &err)) {
        p.bytes = file_bytes(other_path, &p.len);
        free(file_bytes(path, &len));
    }
    CU_ASSERT_FATAL(p.bytes != NULL && len == p.len);
    return p;
}

static void free_pair(file_pair *p)
{
    free(p->bytes);
    gmrt_graph_free(p->other);
    gmrt_graph_free(p->g);
}

/* lines "u v" over 100,000 nodes into path (12-13 bytes a line) */
static void write_edge_list(const char *path, int lines)
{
    FILE *f = fopen(path, "w");
    CU_ASSERT_FATAL(f != NULL);
    for (int i = 0; i < lines; i++)
        fprintf(f, "%d %d\n", i % 100000, (i * 7 + 1) % 100000);
    fclose(f);
}

/* A program's graph does not change when its file is rewritten in place
 * while it runs (cp over it, a writer truncating it). On the file's pages
 * (the loader before session 33) the first rewrite changed the loaded
 * graph and the truncation ended the process with SIGBUS. */
static void test_gmb_survives_rewrite_in_place(void)
{
    const char *path = rt_path("rewritten.gmb");
    file_pair p = save_pair(path, rt_path("other.gmb"), GMRT_FMT_GMB, 1000, 20000, 41, true);
    gmrt_error err;
    gm_graph *m = gmrt_graph_load(path, NULL, &err);
    CU_ASSERT_FATAL(m != NULL);
    FILE *f = fopen(path, "r+b");
    CU_ASSERT_FATAL(f != NULL);
    CU_ASSERT(fwrite(p.bytes, 1, (size_t)p.len, f) == (size_t)p.len);
    fclose(f);
    CU_ASSERT(gmrt_graph_equal(p.g, m, true));
    CU_ASSERT(!gmrt_graph_equal(p.other, m, true));
    CU_ASSERT(truncate(path, 0) == 0);
    CU_ASSERT(gmrt_graph_equal(p.g, m, true)); /* reads every page */
    gmrt_graph_free(m);
    free_pair(&p);
}

/* The progress callback of a load rewrites the file in place, same size,
 * another graph, at its first report: the loader has read part of the old
 * bytes and would read the rest from the new ones. */
typedef struct rewrite_at_report {
    const char *path;
    const char *bytes;
    long len;
    int done;
} rewrite_at_report;

static void rewrite_once(void *arg, const char *phase, double fraction)
{
    (void)phase;
    (void)fraction;
    rewrite_at_report *r = arg;
    if (r->done++)
        return;
    FILE *f = fopen(r->path, "r+b");
    if (f) {
        fwrite(r->bytes, 1, (size_t)r->len, f);
        fclose(f);
    }
}

/* A file rewritten in place while a load is under way leaves the load
 * with the bytes it read at its start, one version, whole: every loader
 * reads the program's own copy, made in one read at the open (and refused
 * should the file move during that read). Before session 33 the Green-Marl
 * binary loader, which copies its arrays out of the file after its first
 * progress report, returned the new file's arrays under the old header
 * without a word. */
static void test_rewrite_while_loading(void)
{
    const char *path = rt_path("moving.bin");
    file_pair p = save_pair(path, rt_path("other.bin"), GMRT_FMT_GM_BINARY, 500, 4000, 43, false);
    rewrite_at_report r = {path, p.bytes, p.len, 0};
    gmrt_error err;
    gmrt_load_options opt = {0};
    opt.progress.fn = rewrite_once;
    opt.progress.arg = &r;
    gm_graph *m = gmrt_graph_load(path, &opt, &err);
    CU_ASSERT(r.done > 0);
    CU_ASSERT_FATAL(m != NULL);
    CU_ASSERT(gmrt_graph_equal(p.g, m, true));
    gmrt_graph_free(m);
    m = gmrt_graph_load(path, NULL, &err); /* the next load: the new graph */
    CU_ASSERT_FATAL(m != NULL);
    CU_ASSERT(gmrt_graph_equal(p.other, m, true));
    gmrt_graph_free(m);
    free_pair(&p);
}

static void truncate_at_parse(void *arg, const char *phase, double fraction)
{
    (void)fraction;
    rewrite_at_report *r = arg;
    if (strcmp(phase, "parsing") == 0 && !r->done++)
        (void)truncate(r->path, 0);
}

/* An edge list cut short in the middle of its parse (its loader reports
 * every 16 MB) is parsed whole, as it was at the open: before session 33
 * the parser read on past the file's new end in its mapping and the
 * process died of SIGBUS. */
typedef gm_graph *(*path_loader)(const char *, const gmrt_load_options *, gmrt_error *);

/* An edge list of ~19 MB loaded by load and truncated at the parse's first
 * progress report: the whole graph. */
static void load_cut_mid_parse(const char *name, path_loader load)
{
    const char *path = rt_path(name);
    const int lines = 1500000;
    write_edge_list(path, lines);
    rewrite_at_report r = {path, NULL, 0, 0};
    gmrt_load_options opt = {0};
    opt.progress.fn = truncate_at_parse;
    opt.progress.arg = &r;
    gmrt_error err;
    gm_graph *g = load(path, &opt, &err);
    CU_ASSERT(r.done > 0);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_EQUAL(g->num_edges, lines);
    CU_ASSERT_EQUAL(g->num_nodes, 100000);
    gmrt_graph_free(g);
}

static void test_truncated_while_parsing(void)
{
    load_cut_mid_parse("cut.el", gmrt_graph_load);
}

/* Whether address p lies in a mapping of the file path (/proc/self/maps). */
static bool in_file_mapping(const void *p, const char *path)
{
    FILE *f = fopen("/proc/self/maps", "r");
    if (!f)
        return false;
    char line[4096];
    bool found = false;
    while (!found && fgets(line, sizeof line, f)) {
        unsigned long lo = 0, hi = 0;
        if (sscanf(line, "%lx-%lx", &lo, &hi) == 2 && (unsigned long)p >= lo && (unsigned long)p < hi &&
            strstr(line, path) != NULL)
            found = true;
    }
    fclose(f);
    return found;
}

/* gmrt_graph_load_mapped_ (the distributed ranks' load of a shared file)
 * leaves a .gmb's arrays on the file's pages, shared between the ranks,
 * and parses every other format from a copy, as gmrt_graph_load does: an
 * edge list cut short mid-parse is still parsed whole (before: SIGBUS). */
static void test_mapped_load_shares_gmb_only(void)
{
    gm_graph *g = rt_random_graph(1000, 20000, 45, true, false);
    gmrt_error err;
    const char *gmb = rt_path("shared.gmb");
    CU_ASSERT_FATAL(gmrt_graph_save(g, gmb, GMRT_FMT_GMB, &err));
    gm_graph *shared = gmrt_graph_load_mapped_(gmb, NULL, &err);
    gm_graph *own = gmrt_graph_load(gmb, NULL, &err);
    CU_ASSERT_FATAL(shared != NULL && own != NULL);
    CU_ASSERT(gmrt_graph_equal(g, shared, true) && gmrt_graph_equal(g, own, true));
    CU_ASSERT(in_file_mapping(shared->node_idx, "shared.gmb"));
    CU_ASSERT(!in_file_mapping(own->node_idx, "shared.gmb"));
    gmrt_graph_free(shared);
    gmrt_graph_free(own);
    gmrt_graph_free(g);

    load_cut_mid_parse("cut_shared.el", gmrt_graph_load_mapped_);
}

static void test_gmb_maps_without_copy(void)
{
    gm_graph *g = rt_random_graph(1000, 20000, 41, true, false);
    gmrt_error err;
    const char *path = rt_path("mapped.gmb");
    CU_ASSERT_FATAL(gmrt_graph_save(g, path, GMRT_FMT_GMB, &err));
    gm_graph *m = gmrt_graph_load(path, NULL, &err);
    CU_ASSERT_FATAL(m != NULL);
    CU_ASSERT(gmrt_graph_equal(g, m, true));
    CU_ASSERT(m->weights_integral == g->weights_integral);
    /* the edge arrays live in the program's own copy of the file, read
     * once: no second copy */
    CU_ASSERT(m->mapping != NULL);
    CU_ASSERT((char *)m->node_idx > (char *)m->mapping &&
              (char *)m->node_idx < (char *)m->mapping + m->mapping_len);
    /* the copy is private: writing a weight does not touch the file */
    m->weights[0] = 12345.0;
    CU_ASSERT(gmrt_graph_make_reverse(m));
    CU_ASSERT(gmrt_graph_make_edge_src(m));
    gmrt_graph_free(m);
    gm_graph *again = gmrt_graph_load(path, NULL, &err);
    CU_ASSERT_FATAL(again != NULL);
    CU_ASSERT(gmrt_graph_equal(g, again, true));
    /* new random weights replace the mapped ones safely */
    CU_ASSERT(gmrt_gen_weights(again, 1, 9, true, 5, &err));
    gmrt_graph_free(again);

    /* from memory: the same graph, copied */
    FILE *f = fopen(path, "rb");
    CU_ASSERT_FATAL(f != NULL);
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)len);
    CU_ASSERT_FATAL(fread(buf, 1, (size_t)len, f) == (size_t)len);
    fclose(f);
    gm_graph *mem = gmrt_graph_load_mem(buf, (size_t)len, "mem.gmb", NULL, &err);
    free(buf);
    CU_ASSERT_FATAL(mem != NULL);
    CU_ASSERT(mem->mapping == NULL);
    CU_ASSERT(gmrt_graph_equal(g, mem, true));
    gmrt_graph_free(mem);
    gmrt_graph_free(g);
}

static void test_empty_and_edgeless_graphs_round_trip(void)
{
    gm_graph *g = rt_graph(7, 0, NULL, NULL);
    const char *names[] = {"e.el", "e.mtx", "e.gr", "e.gmb", "e.bin"};
    for (int i = 0; i < 5; i++) {
        gmrt_error err;
        CU_ASSERT_FATAL(gmrt_graph_save(g, rt_path(names[i]), GMRT_FMT_AUTO, &err));
        gm_graph *b = gmrt_graph_load(rt_path(names[i]), NULL, &err);
        CU_ASSERT_FATAL(b != NULL);
        CU_ASSERT_EQUAL(b->num_nodes, 7);
        CU_ASSERT_EQUAL(b->num_edges, 0);
        gmrt_graph_free(b);
    }
    gmrt_graph_free(g);
}

typedef struct progress_log {
    int calls;
    bool saw_building_done;
    double last;
} progress_log;

static void log_progress(void *arg, const char *phase, double fraction)
{
    progress_log *log = arg;
    log->calls++;
    log->last = fraction;
    if (strcmp(phase, "building") == 0 && fraction == 1.0)
        log->saw_building_done = true;
}

static void test_progress_reported(void)
{
    progress_log log = {0, false, -1};
    gmrt_error err;
    gmrt_load_options opt = {0};
    opt.progress.fn = log_progress;
    opt.progress.arg = &log;
    gm_graph *g = rt_load_text("p.el", "0 1\n1 2\n", &opt, &err);
    CU_ASSERT_FATAL(g != NULL);
    gmrt_graph_free(g);
    CU_ASSERT(log.calls >= 2);
    CU_ASSERT(log.saw_building_done);
    CU_ASSERT_EQUAL(log.last, 1.0);
}

/* gmrt_graph_load_relabelled gives what a load and gmrt_graph_relabel give,
 * in every format and with every build option, and numbers a small file
 * with huge ids without an array as long as its largest id. */
static void expect_relabelled_as_after(const char *path, const gmrt_load_options *opt)
{
    gmrt_error err;
    gm_graph *g = gmrt_graph_load(path, opt, &err);
    CU_ASSERT_FATAL(g != NULL);
    int64_t *want = NULL, *got = NULL;
    gm_graph *ref = gmrt_graph_relabel(g, opt->index_base, &want, &err);
    CU_ASSERT_FATAL(ref != NULL);
    gm_graph *r = gmrt_graph_load_relabelled(path, opt, &got, &err);
    if (!r)
        fprintf(stderr, "\n%s: %s\n", path, err.message);
    CU_ASSERT_FATAL(r != NULL && got != NULL);
    CU_ASSERT(gmrt_graph_equal(ref, r, true));
    CU_ASSERT_EQUAL(r->num_nodes, ref->num_nodes);
    CU_ASSERT(memcmp(want, got, (size_t)ref->num_nodes * sizeof *got) == 0);
    free(want);
    free(got);
    gmrt_graph_free(r);
    gmrt_graph_free(ref);
    gmrt_graph_free(g);
}

static void test_load_relabelled(void)
{
    /* a multigraph with self-loops, parallel edges and isolated nodes */
    gm_graph *g = rt_random_graph(300, 900, 41, true, true);
    gmrt_error err;
    const char *names[] = {"rl.el", "rl.mtx", "rl.gr", "rl.gmb", "rl.bin"};
    for (int i = 0; i < 5; i++) {
        CU_ASSERT_FATAL(gmrt_graph_save(g, rt_path(names[i]), GMRT_FMT_AUTO, &err));
        for (int o = 0; o < 16; o++) {
            gmrt_load_options opt = {.build = {.symmetrize = o & 1, .dedup = o & 2, .drop_self_loops = o & 4},
                                     .ignore_weights = o & 8};
            expect_relabelled_as_after(rt_path(names[i]), &opt);
        }
    }
    gmrt_graph_free(g);
    /* 1-based labels; a node whose only edge is a self-loop */
    rt_write(rt_path("rl1.el"), "7 3\n3 9\n12 12\n", (size_t)-1);
    gmrt_load_options one = {.index_base = 1};
    expect_relabelled_as_after(rt_path("rl1.el"), &one);
    one.build.drop_self_loops = true;
    expect_relabelled_as_after(rt_path("rl1.el"), &one);

    /* 13 bytes naming id 2e9: three nodes, no 2e9-row array */
    rt_write(rt_path("huge.el"), "0 2000000000\n5 5\n", (size_t)-1);
    int64_t *labels = NULL;
    gm_graph *h = gmrt_graph_load_relabelled(rt_path("huge.el"), NULL, &labels, &err);
    CU_ASSERT_FATAL(h != NULL && labels != NULL);
    CU_ASSERT_EQUAL(h->num_nodes, 3);
    CU_ASSERT_EQUAL(h->num_edges, 2);
    CU_ASSERT(labels[0] == 0 && labels[1] == 5 && labels[2] == 2000000000);
    CU_ASSERT(gmrt_has_edge(h, 0, 2) && gmrt_has_edge(h, 1, 1));
    free(labels);
    gmrt_graph_free(h);
    /* a failed load leaves no labels */
    labels = (int64_t *)&err;
    CU_ASSERT(gmrt_graph_load_relabelled(rt_path("no-such.el"), NULL, &labels, &err) == NULL);
    CU_ASSERT(labels == NULL);
}

/* A node count far beyond what the edges can touch is refused before the
 * allocation (the ids are labels), whatever the machine's memory; a count
 * below 2^24, or one that the edges could fill, is not. */
static void test_sparse_ids_refused(void)
{
    gmrt_error err;
    gm_graph *g = rt_load_text("sparse.el", "0 2000000000\n", NULL, &err);
    CU_ASSERT(g == NULL);
    CU_ASSERT_EQUAL(err.code, GMRT_E_RANGE);
    RT_ASSERT_MSG(err, "sparse.el: the largest node id is 2000000000, but its 1 edge touches at most 2 nodes: loading it as it is needs 2000000001 nodes");
    RT_ASSERT_MSG(err, "--relabel");
    RT_ASSERT_MSG(err, "GMRT_ALLOW_SPARSE=1");
    /* 1-based: the id as written */
    gmrt_load_options one = {.index_base = 1};
    g = rt_load_text("sparse1.el", "1 2000000000\n", &one, &err);
    CU_ASSERT(g == NULL);
    RT_ASSERT_MSG(err, "the largest node id is 2000000000");
    /* a header that declares the count */
    g = rt_load_text("sparse.mtx", "%%MatrixMarket matrix coordinate pattern general\n2000000000 2000000000 1\n1 2\n",
                     NULL, &err);
    CU_ASSERT(g == NULL);
    RT_ASSERT_MSG(err, "the file declares 2000000000 nodes (its largest node id is 1)");
    g = rt_load_text("sparse.gr", "p sp 100000000 0\n", NULL, &err);
    CU_ASSERT(g == NULL);
    RT_ASSERT_MSG(err, "the file declares 100000000 nodes and has no edge");
    /* at the threshold: 2^24 nodes load */
    g = rt_load_text("edge.el", "0 16777215\n", NULL, &err);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_EQUAL(g->num_nodes, 16777216);
    gmrt_graph_free(g);
}

int main(void)
{
    static const CU_TestInfo tests[] = {
        {"edge list", test_edge_list},
        {"Matrix Market", test_matrix_market},
        {"DIMACS .gr", test_dimacs},
        {"Green-Marl binary, all variants", test_gm_binary},
        {"round trips through every format", test_round_trips},
        {"a chain of conversions", test_chain_of_conversions},
        {"inf weights in text formats", test_special_weights_survive_text},
        {"format detection", test_detection},
        {"load options on binary formats", test_options_on_binary_formats},
        {"gmb loads without copying", test_gmb_maps_without_copy},
        {"gmb survives a rewrite in place", test_gmb_survives_rewrite_in_place},
        {"a rewrite while loading: the bytes of the open", test_rewrite_while_loading},
        {"an edge list cut short while parsing: parsed whole", test_truncated_while_parsing},
        {"the ranks' load shares a .gmb's pages only", test_mapped_load_shares_gmb_only},
        {"graphs without edges", test_empty_and_edgeless_graphs_round_trip},
        {"progress callback", test_progress_reported},
        {"relabelled while loading", test_load_relabelled},
        {"sparse ids refused", test_sparse_ids_refused},
        CU_TEST_INFO_NULL,
    };
    return rt_run("formats", tests);
}
