/* test_load_errors.c: bad input never crashes and never loads: every case
 * below must fail with an error that names the file, the line or byte
 * offset, and what was expected (asserted on the message). */
#include "rt_test.h"

#include <stdlib.h>
#include <string.h>

/* Loads `len` bytes (strlen when -1) written to `name` with format f and
 * checks the failure: status code and message fragments. */
static void expect_fail(const char *name, const void *data, size_t len, gmrt_format f, gmrt_status code,
                        const char *where, const char *what)
{
    const char *path = rt_path(name);
    rt_write(path, data, len);
    gmrt_load_options opt = {.format = f};
    gmrt_error err;
    gm_graph *g = gmrt_graph_load(path, &opt, &err);
    CU_ASSERT(g == NULL);
    gmrt_graph_free(g);
    CU_ASSERT_EQUAL(err.code, code);
    CU_ASSERT(rt_contains(err.message, path)); /* names the file */
    CU_ASSERT(rt_contains(err.message, where));
    CU_ASSERT(rt_contains(err.message, what));
}

#define TEXT(s) s, (size_t)-1

static void test_edge_list_errors(void)
{
    const gmrt_format el = GMRT_FMT_EDGE_LIST;
    expect_fail("e1.el", TEXT("0 1\n# ok\nx 2\n"), el, GMRT_E_FORMAT, ":3:", "expected a source node id (an integer), found 'x'");
    expect_fail("e2.el", TEXT("0 1\n2\n"), el, GMRT_E_FORMAT, ":2:", "expected a destination node id, found the end of the line");
    expect_fail("e3.el", TEXT("0 -1\n"), el, GMRT_E_RANGE, ":1:", "destination node id '-1' out of range");
    expect_fail("e4.el", TEXT("0 2147483647\n"), el, GMRT_E_RANGE, ":1:", "out of range: expected 0 to 2147483646");
    expect_fail("e5.el", TEXT("0 99999999999999999999999\n"), el, GMRT_E_RANGE, ":1:", "out of range");
    expect_fail("e6.el", TEXT("0 1 1.5\n1 2 2\n2 0\n"), el, GMRT_E_FORMAT, ":3:",
                "expected a weight after the destination (line 1 has a weight column)");
    expect_fail("e7.el", TEXT("# header\n0 1\n1 2 5\n"), el, GMRT_E_FORMAT, ":3:",
                "line 2 has no weight column");
    expect_fail("e8.el", TEXT("0 1 2 3\n"), el, GMRT_E_FORMAT, ":1:", "expected the end of the line after the weight, found '3'");
    expect_fail("e9.el", TEXT("0 1 abc\n"), el, GMRT_E_FORMAT, ":1:", "expected a weight (a number), found 'abc'");
    expect_fail("e10.el", TEXT("0 1 nan\n"), el, GMRT_E_FORMAT, ":1:", "expected a weight (a number), found 'nan'");
    expect_fail("e11.el", TEXT("0 1\n1 0x1\n"), el, GMRT_E_FORMAT, ":2:", "found '0x1'");
    expect_fail("e12.el", TEXT("# Nodes: 99999999999\n"), el, GMRT_E_RANGE, ":1:", "declares more than");
    expect_fail("e13.el", "0 1\n\xff\xfe 2\n", (size_t)-1, el, GMRT_E_FORMAT, ":2:", "expected a source node id (an integer), found '?\?'");

    /* 1-based lists refuse id 0 */
    const char *path = rt_path("e14.el");
    rt_write(path, "1 2\n0 1\n", (size_t)-1);
    gmrt_load_options one = {.index_base = 1};
    gmrt_error err;
    CU_ASSERT(gmrt_graph_load(path, &one, &err) == NULL);
    CU_ASSERT_EQUAL(err.code, GMRT_E_RANGE);
    RT_ASSERT_MSG(err, ":2: source node id '0' out of range: expected 1 to 2147483647");
    gmrt_load_options base3 = {.index_base = 3};
    CU_ASSERT(gmrt_graph_load(path, &base3, &err) == NULL);
    CU_ASSERT_EQUAL(err.code, GMRT_E_ARG);
    RT_ASSERT_MSG(err, "index base 3, expected 0 or 1");
}

static void test_matrix_market_errors(void)
{
    const gmrt_format mm = GMRT_FMT_MATRIX_MARKET;
    expect_fail("m1.mtx", TEXT("3 3 1\n1 1\n"), mm, GMRT_E_FORMAT, ":1:", "expected the banner '%%MatrixMarket");
    expect_fail("m2.mtx", TEXT("%%MatrixMarket matrix array real general\n2 2\n"), mm, GMRT_E_UNSUPPORTED, ":1:",
                "format 'array' not supported, expected 'coordinate'");
    expect_fail("m3.mtx", TEXT("%%MatrixMarket matrix coordinate complex general\n"), mm, GMRT_E_UNSUPPORTED, ":1:",
                "field 'complex' not supported");
    expect_fail("m4.mtx", TEXT("%%MatrixMarket matrix coordinate real hermitian\n"), mm, GMRT_E_UNSUPPORTED, ":1:",
                "symmetry 'hermitian' not supported");
    expect_fail("m5.mtx", TEXT("%%MatrixMarket matrix coordinate real\n"), mm, GMRT_E_FORMAT, ":1:",
                "expected a symmetry (general or symmetric)");
    expect_fail("m6.mtx", TEXT("%%MatrixMarket matrix coordinate real general\n% c\n3 x 1\n"), mm, GMRT_E_FORMAT, ":3:",
                "expected the column count (an integer) on the size line, found 'x'");
    expect_fail("m7.mtx", TEXT("%%MatrixMarket matrix coordinate real general\n3 3 -2\n"), mm, GMRT_E_RANGE, ":2:",
                "the entry count '-2' on the size line");
    expect_fail("m8.mtx", TEXT("%%MatrixMarket matrix coordinate real general\n"), mm, GMRT_E_FORMAT, ":2:",
                "expected the size line 'rows cols entries', found the end of the file");
    expect_fail("m9.mtx", TEXT("%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 1.0\n3 4 2.0\n"), mm,
                GMRT_E_RANGE, ":4:", "entry (3, 4) outside the 3 x 3 matrix");
    expect_fail("m10.mtx", TEXT("%%MatrixMarket matrix coordinate real general\n3 3 3\n1 2 1.0\n2 3 1\n"), mm,
                GMRT_E_FORMAT, ":5:", "truncated: expected 3 entries (size line), found 2");
    expect_fail("m11.mtx", TEXT("%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 2\n2 3\n"), mm,
                GMRT_E_FORMAT, ":4:", "expected the end of the file after the 1 entries of the size line");
    expect_fail("m12.mtx", TEXT("%%MatrixMarket matrix coordinate pattern general\n3 3 1\n1 2 5\n"), mm,
                GMRT_E_FORMAT, ":3:", "expected the end of the line after the column index, found '5'");
    expect_fail("m13.mtx", TEXT("%%MatrixMarket matrix coordinate integer general\n3 3 1\n1 2 2.5\n"), mm,
                GMRT_E_FORMAT, ":3:", "expected an integer value (field 'integer'), found '2.5'");
    expect_fail("m14.mtx", TEXT("%%MatrixMarket matrix coordinate real general\n3 3 1\n1 2\n"), mm, GMRT_E_FORMAT,
                ":3:", "expected a real value after the column index, found the end of the line");
    expect_fail("m15.mtx", TEXT("%%MatrixMarket matrix coordinate real general\n3 3 1\n0 2 1\n"), mm, GMRT_E_RANGE,
                ":3:", "row index '0' out of range: expected 1 to");
    expect_fail("m16.mtx", TEXT("%%MatrixMarket matrix coordinate real general\n3000000000 3 1\n"), mm, GMRT_E_RANGE,
                ":2:", "the row count '3000000000' on the size line: expected 0 to 2147483647");
}

static void test_dimacs_errors(void)
{
    const gmrt_format gr = GMRT_FMT_DIMACS;
    expect_fail("d1.gr", TEXT("c x\na 1 2 3\np sp 2 1\n"), gr, GMRT_E_FORMAT, ":2:",
                "arc before the problem line: expected 'p sp N M' first");
    expect_fail("d2.gr", TEXT("c only comments\n"), gr, GMRT_E_FORMAT, ":2:", "expected a problem line 'p sp N M', found none");
    expect_fail("d3.gr", TEXT("p max 2 1\n"), gr, GMRT_E_UNSUPPORTED, ":1:", "expected the shortest-path problem line");
    expect_fail("d4.gr", TEXT("p sp 3 2\na 1 2 1\n"), gr, GMRT_E_FORMAT, ":3:", "truncated: expected 2 arcs (problem line), found 1");
    expect_fail("d5.gr", TEXT("p sp 3 1\na 1 2 1\na 2 3 1\n"), gr, GMRT_E_FORMAT, ":3:", "more arcs than the 1 of the problem line");
    expect_fail("d6.gr", TEXT("p sp 3 1\na 1 4 1\n"), gr, GMRT_E_RANGE, ":2:", "arc 1 -> 4: node id out of range, expected 1 to 3");
    expect_fail("d7.gr", TEXT("p sp 3 1\nx 1 2 1\n"), gr, GMRT_E_FORMAT, ":2:", "expected a line starting with 'c', 'p' or 'a', found 'x'");
    expect_fail("d8.gr", TEXT("p sp 3 1\na 1 2\n"), gr, GMRT_E_FORMAT, ":2:", "expected an arc length, found the end of the line");
    expect_fail("d9.gr", TEXT("p sp -3 1\n"), gr, GMRT_E_RANGE, ":1:", "the node count N '-3' in the problem line");
    expect_fail("d10.gr", TEXT("p sp 3 1\np sp 3 1\n"), gr, GMRT_E_FORMAT, ":2:", "a second problem line");
    expect_fail("d11.gr", TEXT("p sp 3 one\n"), gr, GMRT_E_FORMAT, ":1:", "expected the arc count M (an integer) in the problem line, found 'one'");
}

/* A valid big-endian Green-Marl file of 3 nodes, edges 0->1 0->2 2->0. */
static size_t gm_file(unsigned char *b)
{
    const uint32_t words[] = {0x03939999u, 4, 4, 3, 3, 0, 2, 2, 3, 1, 2, 0};
    for (int i = 0; i < 12; i++)
        for (int k = 0; k < 4; k++)
            b[4 * i + k] = (unsigned char)(words[i] >> (24 - 8 * k));
    return 48;
}

static void set_be32(unsigned char *b, size_t at, uint32_t v)
{
    for (int k = 0; k < 4; k++)
        b[at + k] = (unsigned char)(v >> (24 - 8 * k));
}

static void test_gm_binary_errors(void)
{
    const gmrt_format bin = GMRT_FMT_GM_BINARY;
    unsigned char b[64];
    size_t len = gm_file(b);
    /* the unmodified file loads */
    rt_write(rt_path("ok.bin"), b, len);
    gmrt_error err;
    gm_graph *g = gmrt_graph_load(rt_path("ok.bin"), NULL, &err);
    CU_ASSERT_FATAL(g != NULL);
    gmrt_graph_free(g);

    expect_fail("b1.bin", b, 7, bin, GMRT_E_FORMAT, "byte 7:", "truncated header: expected 12 bytes");
    unsigned char c[64];
    memcpy(c, b, len);
    set_be32(c, 0, 0x12345678);
    expect_fail("b2.bin", c, len, bin, GMRT_E_FORMAT, "byte 0:", "bad magic 0x12345678, expected 0x03939999");
    memcpy(c, b, len);
    set_be32(c, 4, 2);
    expect_fail("b3.bin", c, len, bin, GMRT_E_FORMAT, "byte 4:", "node id size 2, expected 4 or 8");
    memcpy(c, b, len);
    set_be32(c, 8, 16);
    expect_fail("b4.bin", c, len, bin, GMRT_E_FORMAT, "byte 8:", "edge index size 16, expected 4 or 8");
    memcpy(c, b, len);
    set_be32(c, 12, 0xFFFFFFFDu);
    expect_fail("b5.bin", c, len, bin, GMRT_E_FORMAT, "byte 12:", "negative node count -3");
    memcpy(c, b, len);
    set_be32(c, 16, 0x80000000u);
    expect_fail("b6.bin", c, len, bin, GMRT_E_FORMAT, "byte 16:", "negative edge count");
    expect_fail("b7.bin", b, len - 2, bin, GMRT_E_FORMAT, "byte 46:", "truncated: expected 48 bytes for 3 nodes and 3 edges");
    memcpy(c, b, len);
    c[48] = 0;
    expect_fail("b8.bin", c, len + 1, bin, GMRT_E_FORMAT, "byte 48:", "1 unexpected bytes after the edge array");
    memcpy(c, b, len);
    set_be32(c, 20, 1);
    expect_fail("b9.bin", c, len, bin, GMRT_E_FORMAT, "byte 20:", "begin[0] = 1, expected 0");
    memcpy(c, b, len);
    set_be32(c, 28, 1); /* begin = 0 2 1 3 */
    expect_fail("b10.bin", c, len, bin, GMRT_E_FORMAT, "byte 28:", "row offsets not monotone: begin[2] = 1 < begin[1] = 2");
    memcpy(c, b, len);
    set_be32(c, 32, 2); /* begin[3] = 2 != M */
    expect_fail("b11.bin", c, len, bin, GMRT_E_FORMAT, "byte 32:", "begin[3] = 2, expected at most the edge count 3 and equal to it at the end");
    memcpy(c, b, len);
    set_be32(c, 40, 3);
    expect_fail("b12.bin", c, len, bin, GMRT_E_RANGE, "byte 40:", "destination of edge 1 is node 3, expected 0 to 2");
    memcpy(c, b, len);
    set_be32(c, 44, 0xFFFFFFFFu);
    expect_fail("b13.bin", c, len, bin, GMRT_E_RANGE, "byte 44:", "destination of edge 2 is node -1");
    /* 2^31 edges need 64-bit edge indices */
    unsigned char big[64];
    const uint32_t words[] = {0x03939999u, 4, 8, 3, 0, 0x80000000u};
    for (int i = 0; i < 6; i++)
        set_be32(big, 4 * (size_t)i, words[i]);
#ifdef GMRT_EDGE64
    expect_fail("b15.bin", big, 24, bin, GMRT_E_FORMAT, "byte 24:", "truncated: expected 8589934648 bytes for 3 nodes and 2147483648 edges");
#else
    expect_fail("b15.bin", big, 24, bin, GMRT_E_RANGE, "byte 16:", "2147483648 edges exceed 32-bit edge indices (configure with --enable-edge64)");
#endif
    /* a claimed size far beyond the file */
    memcpy(c, b, len);
    set_be32(c, 16, 0x7FFFFFFF);
    expect_fail("b14.bin", c, len, bin, GMRT_E_FORMAT, "byte 48:", "truncated: expected");
}

static void test_gmb_errors(void)
{
    const gmrt_format gmb = GMRT_FMT_GMB;
    const gm_node_t pairs[] = {0, 1, 0, 2, 2, 0};
    const double w[] = {1, 2, 3};
    gm_graph *g = rt_graph(3, 3, pairs, w);
    gmrt_error err;
    const char *path = rt_path("ok.gmb");
    CU_ASSERT_FATAL(gmrt_graph_save(g, path, GMRT_FMT_GMB, &err));
    gmrt_graph_free(g);
    unsigned char b[256], c[256];
    FILE *f = fopen(path, "rb");
    size_t len = fread(b, 1, sizeof b, f);
    fclose(f);
    /* layout: header 64, begin 4 x 4 at 64, node_idx at 80, weights at 96, end 120 */
    CU_ASSERT_EQUAL_FATAL(len, 120);

    expect_fail("g1.gmb", b, 40, gmb, GMRT_E_FORMAT, "byte 40:", "truncated header: expected 64 bytes");
    memcpy(c, b, len);
    c[0] = 'X';
    expect_fail("g2.gmb", c, len, gmb, GMRT_E_FORMAT, "byte 0:", "bad magic, expected \"GMRT-CSR\"");
    memcpy(c, b, len);
    c[8] = 9;
    expect_fail("g3.gmb", c, len, gmb, GMRT_E_UNSUPPORTED, "byte 8:", "version 9, expected 1");
    memcpy(c, b, len);
    c[12] |= 4;
    expect_fail("g4.gmb", c, len, gmb, GMRT_E_FORMAT, "byte 12:", "unknown flags");
    memcpy(c, b, len);
    c[31] = 0x80; /* N negative */
    expect_fail("g5.gmb", c, len, gmb, GMRT_E_FORMAT, "byte 24:", "node count -");
    memcpy(c, b, len);
    c[39] = 0x80;
    expect_fail("g6.gmb", c, len, gmb, GMRT_E_FORMAT, "byte 32:", "negative edge count");
    memcpy(c, b, len);
    c[48] = 88;
    expect_fail("g7.gmb", c, len, gmb, GMRT_E_FORMAT, "byte 48:", "node_idx array at offset 88, expected 80");
    expect_fail("g8.gmb", b, len - 8, gmb, GMRT_E_FORMAT, "byte 112:", "truncated: expected 120 bytes for 3 nodes and 3 edges");
    memcpy(c, b, len);
    c[len] = 1;
    expect_fail("g9.gmb", c, len + 1, gmb, GMRT_E_FORMAT, "byte 120:", "1 unexpected bytes after the last array");
    memcpy(c, b, len);
    c[68] = 3; /* begin = 0 3 2 3 */
    expect_fail("g10.gmb", c, len, gmb, GMRT_E_FORMAT, "byte 72:", "row offsets not monotone or past the edge count: begin[2] = 2 after begin[1] = 3");
    memcpy(c, b, len);
    c[64] = 1;
    expect_fail("g11.gmb", c, len, gmb, GMRT_E_FORMAT, "byte 64:", "begin[0] = 1, expected 0");
    memcpy(c, b, len);
    c[80] = 2;
    c[84] = 1; /* row 0 = {2, 1}: unsorted */
    expect_fail("g12.gmb", c, len, gmb, GMRT_E_FORMAT, "byte 84:", "edge 1 breaks the ascending order of its row (1 after 2)");
    memcpy(c, b, len);
    c[88] = 7;
    expect_fail("g13.gmb", c, len, gmb, GMRT_E_RANGE, "byte 88:", "destination of edge 2 is node 7, expected 0 to 2");
    memcpy(c, b, len);
    memset(c + 104, 0xFF, 8); /* a NaN weight */
    expect_fail("g14.gmb", c, len, gmb, GMRT_E_FORMAT, "byte 104:", "weight of edge 1 is NaN");
    memcpy(c, b, len);
    c[20] = 5;
    expect_fail("g15.gmb", c, len, gmb, GMRT_E_FORMAT, "byte 20:", "edge index size 5, expected 4 or 8");
}

static void test_file_errors(void)
{
    gmrt_error err;
    CU_ASSERT(gmrt_graph_load(rt_path("does-not-exist.el"), NULL, &err) == NULL);
    CU_ASSERT_EQUAL(err.code, GMRT_E_IO);
    RT_ASSERT_MSG(err, "does-not-exist.el: cannot open: No such file or directory");
    CU_ASSERT(gmrt_graph_load(rt_tmpdir(), NULL, &err) == NULL);
    CU_ASSERT_EQUAL(err.code, GMRT_E_IO);
    RT_ASSERT_MSG(err, "is a directory, expected a graph file");
    expect_fail("mystery", "\x01\x02\x03", 3, GMRT_FMT_AUTO, GMRT_E_FORMAT, "byte 0:", "unknown graph format");

    /* saving: unknown extension, unwritable place */
    const gm_node_t pairs[] = {0, 1};
    gm_graph *g = rt_graph(2, 1, pairs, NULL);
    CU_ASSERT(!gmrt_graph_save(g, rt_path("out.unknown"), GMRT_FMT_AUTO, &err));
    CU_ASSERT_EQUAL(err.code, GMRT_E_ARG);
    RT_ASSERT_MSG(err, "cannot tell the format from the extension");
    CU_ASSERT(!gmrt_graph_save(g, rt_path("no/such/dir/g.el"), GMRT_FMT_AUTO, &err));
    CU_ASSERT_EQUAL(err.code, GMRT_E_IO);
    RT_ASSERT_MSG(err, "cannot create");
    gmrt_graph_free(g);
}

static void test_node_limit(void)
{
    gmrt_load_options opt = {.max_nodes = 1000};
    gmrt_error err;
    gm_graph *g = rt_load_text("big.el", "0 5000\n", &opt, &err);
    CU_ASSERT(g == NULL);
    CU_ASSERT_EQUAL(err.code, GMRT_E_RANGE);
    RT_ASSERT_MSG(err, "5001 nodes exceed the limit of 1000 set by the caller");
    g = rt_load_text("small.el", "0 999\n", &opt, &err);
    CU_ASSERT(g != NULL);
    gmrt_graph_free(g);
}

static void test_memory_loader_errors(void)
{
    gmrt_error err;
    gmrt_load_options opt = {.format = GMRT_FMT_EDGE_LIST};
    CU_ASSERT(gmrt_graph_load_mem("0 1\n2 q\n", 8, "buffer", &opt, &err) == NULL);
    RT_ASSERT_MSG(err, "buffer:2: expected a destination node id (an integer), found 'q'");
    /* the buffer need not end with a newline or a NUL */
    gm_graph *g = gmrt_graph_load_mem("0 1\n1 2xyz", 7, "buffer", &opt, &err);
    CU_ASSERT_FATAL(g != NULL);
    CU_ASSERT_EQUAL(g->num_edges, 2);
    gmrt_graph_free(g);
}

int main(void)
{
    static const CU_TestInfo tests[] = {
        {"edge list errors", test_edge_list_errors},
        {"Matrix Market errors", test_matrix_market_errors},
        {"DIMACS errors", test_dimacs_errors},
        {"Green-Marl binary errors", test_gm_binary_errors},
        {"own binary format errors", test_gmb_errors},
        {"file and format errors", test_file_errors},
        {"caller's node limit", test_node_limit},
        {"memory loader errors", test_memory_loader_errors},
        CU_TEST_INFO_NULL,
    };
    return rt_run("load errors", tests);
}
