/* omp_main.c: the main() that --main appends to NAME.c.
 *
 *   ./prog GRAPH [--NAME=VALUE ...] [--out=DIR] [--threads=N] [--repeat=K] [--seed=S]
 *
 * Loads the graph (any format libgmrt detects; symmetrized when the graph
 * parameter is a UGraph), reads scalar and Node inputs
 * from --NAME=VALUE, fills property inputs (edge weights of the file for the
 * one numeric edge-property input, --NAME=FILE, or --random-NAME=LO:HI),
 * runs the procedure (K times, reporting the fastest), prints
 * "time_ms = T", "return = V" and "NAME = V" for each output scalar, and
 * with --out writes every property the procedure writes as DIR/NAME.txt.
 * Exit status: 2 for bad usage (unknown or missing options, bad or
 * non-finite values), 1 for run-time errors (files, memory, an empty graph). */
#include "omp_emit.h"
#include "cident.h"

#include <stdlib.h>
#include <string.h>

static const char *const main_helpers =
    "/* ---- the driver (gmc --main) ---- */\n"
    "static const char *_c_prog = \"prog\";\n"
    "\n"
    "static inline __attribute__((unused)) int _c_parse_i64(const char *name, const char *s, int64_t lo, int64_t hi, int64_t *v)\n"
    "{\n"
    "    char *end;\n"
    "    errno = 0;\n"
    "    long long x = strtoll(s, &end, 10);\n"
    "    if (errno || end == s || *end || x < lo || x > hi) {\n"
    "        fprintf(stderr, \"%s: bad value '%s' for --%s: expected an integer in [%\" PRId64 \", %\" PRId64 \"]\\n\",\n"
    "                _c_prog, s, name, lo, hi);\n"
    "        return 0;\n"
    "    }\n"
    "    *v = (int64_t)x;\n"
    "    return 1;\n"
    "}\n"
    "\n"
    "static inline __attribute__((unused)) int _c_parse_f64(const char *name, const char *s, double *v)\n"
    "{\n"
    "    char *end;\n"
    "    errno = 0;\n"
    "    double x = strtod(s, &end);\n"
    "    if (end == s || *end || !isfinite(x)) {\n"
    "        fprintf(stderr, \"%s: bad value '%s' for --%s: expected a finite number\\n\", _c_prog, s, name);\n"
    "        return 0;\n"
    "    }\n"
    "    *v = x;\n"
    "    return 1;\n"
    "}\n"
    "\n"
    "static inline __attribute__((unused)) int _c_parse_bool(const char *name, const char *s, bool *v)\n"
    "{\n"
    "    if (!strcmp(s, \"1\") || !strcmp(s, \"true\") || !strcmp(s, \"True\")) {\n"
    "        *v = true;\n"
    "        return 1;\n"
    "    }\n"
    "    if (!strcmp(s, \"0\") || !strcmp(s, \"false\") || !strcmp(s, \"False\")) {\n"
    "        *v = false;\n"
    "        return 1;\n"
    "    }\n"
    "    fprintf(stderr, \"%s: bad value '%s' for --%s: expected 0, 1, true or false\\n\", _c_prog, s, name);\n"
    "    return 0;\n"
    "}\n"
    "\n"
    "/* --random-NAME=LO:HI */\n"
    "static inline __attribute__((unused)) int _c_parse_range(const char *name, const char *s, double *lo, double *hi)\n"
    "{\n"
    "    char *end;\n"
    "    *lo = strtod(s, &end);\n"
    "    if (end == s || *end != ':' || !isfinite(*lo)) {\n"
    "        fprintf(stderr, \"%s: bad range '%s' for --random-%s: expected finite LO:HI\\n\", _c_prog, s, name);\n"
    "        return 0;\n"
    "    }\n"
    "    const char *h = end + 1;\n"
    "    *hi = strtod(h, &end);\n"
    "    if (end == h || *end || !isfinite(*hi) || *hi < *lo) {\n"
    "        fprintf(stderr, \"%s: bad range '%s' for --random-%s: expected finite LO:HI with LO <= HI\\n\", _c_prog, s, name);\n"
    "        return 0;\n"
    "    }\n"
    "    return 1;\n"
    "}\n"
    "\n"
    "/* A file the program will read is there, before the graph is loaded. */\n"
    "/* Whether an input exists before anything is loaded; stat(), not open(),\n"
    " * so that a FIFO is read once, by the loader; '-' is standard input. */\n"
    "static int _c_readable(const char *path)\n"
    "{\n"
    "    struct stat st;\n"
    "    if (strcmp(path, \"-\") == 0)\n"
    "        return 1;\n"
    "    if (stat(path, &st) != 0) {\n"
    "        fprintf(stderr, \"%s: cannot open '%s': %s\\n\", _c_prog, path, strerror(errno));\n"
    "        return 0;\n"
    "    }\n"
    "    if (S_ISDIR(st.st_mode)) {\n"
    "        fprintf(stderr, \"%s: cannot read '%s': it is a folder\\n\", _c_prog, path);\n"
    "        return 0;\n"
    "    }\n"
    "    return 1;\n"
    "}\n"
    "\n"
    "static const char *_c_opt(const char *arg, const char *name)\n"
    "{\n"
    "    size_t n = strlen(name);\n"
    "    if (strncmp(arg, \"--\", 2) == 0 && strncmp(arg + 2, name, n) == 0 && arg[2 + n] == '=')\n"
    "        return arg + 3 + n;\n"
    "    return NULL;\n"
    "}\n"
    "\n"
    "/* --out files go to a temporary file renamed over DIR/NAME.txt when complete\n"
    " * (gmrt_file.h): a failed write names the file and keeps the previous one. */\n"
    "static inline __attribute__((unused)) FILE *_c_open_out(gmrt_file *o, const char *dir, const char *name)\n"
    "{\n"
    "    char path[4096];\n"
    "    snprintf(path, sizeof path, \"%s/%s.txt\", dir, name);\n"
    "    FILE *f = gmrt_file_create(o, path);\n"
    "    if (!f)\n"
    "        fprintf(stderr, \"%s: cannot write '%s': %s\\n\", _c_prog, path, strerror(errno));\n"
    "    return f;\n"
    "}\n"
    "\n"
    "static inline __attribute__((unused)) int _c_close_out(gmrt_file *o, const char *dir, const char *name)\n"
    "{\n"
    "    int e = gmrt_file_commit(o);\n"
    "    if (e)\n"
    "        fprintf(stderr, \"%s: cannot write '%s/%s.txt': %s (the previous file was kept)\\n\", _c_prog, dir, name,\n"
    "                strerror(e));\n"
    "    return e == 0;\n"
    "}\n"
    "\n"
    "/* One value per line: integers in decimal, Float/Double with %.17g, Bool 0/1. */\n"
    "#define GMC_WRITER(S, T, FMT, CAST)                                            \\\n"
    "    static inline __attribute__((unused)) int _c_write_##S(const char *dir, const char *name, const T *v, int64_t n) \\\n"
    "    {                                                                          \\\n"
    "        gmrt_file o;                                                           \\\n"
    "        FILE *f = _c_open_out(&o, dir, name);                                  \\\n"
    "        if (!f)                                                                \\\n"
    "            return 0;                                                          \\\n"
    "        for (int64_t i = 0; i < n; i++)                                        \\\n"
    "            if (fprintf(f, FMT \"\\n\", CAST v[i]) < 0) {                       \\\n"
    "                gmrt_file_note_error(&o, errno);                               \\\n"
    "                break;                                                         \\\n"
    "            }                                                                  \\\n"
    "        return _c_close_out(&o, dir, name);                                    \\\n"
    "    }\n"
    "GMC_WRITER(i32, int32_t, \"%d\", (int))\n"
    "GMC_WRITER(i64, int64_t, \"%lld\", (long long))\n"
    "GMC_WRITER(f32, float, \"%.17g\", (double))\n"
    "GMC_WRITER(f64, double, \"%.17g\", (double))\n"
    "GMC_WRITER(b, bool, \"%d\", (int))\n"
    "#undef GMC_WRITER\n"
    "\n";

static bool is_scalar(gm_type_kind k)
{
    return omp_is_prim(k) || k == GMT_NODE || k == GMT_EDGE;
}

/* The C expression of how many values a property argument holds. */
static const char *prop_count(const gm_param *p)
{
    return p->type->kind == GMT_EDGE_PROP ? "G->num_edges" : "G->num_nodes";
}

static bool is_prop(const gm_type *t)
{
    return (t->kind == GMT_NODE_PROP || t->kind == GMT_EDGE_PROP) && t->elem &&
           is_scalar(t->elem->kind);
}

/* A Node_Set, Node_Order or Node_Seq input: filled from --NAME=FILE. */
static bool is_node_coll_input(const gm_param *p)
{
    gm_type_kind k = p->type->kind;
    return !p->is_output && (k == GMT_NODE_SET || k == GMT_NODE_ORDER || k == GMT_NODE_SEQ);
}

/* N_P<Node_Set>, N_P<Node_Order>, N_P<Node_Seq>: one collection per node. */
static bool is_collection_prop(const gm_type *t)
{
    return t->kind == GMT_NODE_PROP && t->elem &&
           (t->elem->kind == GMT_NODE_SET || t->elem->kind == GMT_NODE_ORDER ||
            t->elem->kind == GMT_NODE_SEQ);
}

/* Writes a collection-valued node property: one line per node, its members
 * separated by spaces (in the collection's order for Order/Seq). */
static void write_collection_prop(omp_emit *em, const gm_param *p)
{
    gm_type_kind ck = p->type->elem->kind;
    omp_line(em, "{");
    em->indent++;
    omp_line(em, "gmrt_file o;");
    omp_line(em, "FILE *f = _c_open_out(&o, out_dir, \"%s\");", p->name);
    omp_line(em, "if (!f)");
    omp_line(em, "    status = 1;");
    omp_line(em, "for (gm_node_t i = 0; f && i < G->num_nodes; i++) {");
    em->indent++;
    if (ck == GMT_NODE_SET) {
        omp_line(em, "int64_t cnt = 0;");
        omp_line(em, "const gm_node_t *items = v_%s[i] ? gmrt_nodeset_items(v_%s[i], &cnt) : NULL;",
                 p->name, p->name);
        omp_line(em, "for (int64_t k = 0; k < cnt; k++)");
        omp_line(em, "    fprintf(f, k ? \" %%d\" : \"%%d\", (int)items[k]);");
    } else {
        const char *kind = ck == GMT_NODE_ORDER ? "nodeorder" : "nodeseq";
        omp_line(em, "int64_t cnt = v_%s[i] ? gmrt_%s_size(v_%s[i]) : 0;", p->name, kind, p->name);
        omp_line(em, "for (int64_t k = 0; k < cnt; k++)");
        omp_line(em, "    fprintf(f, k ? \" %%d\" : \"%%d\", (int)gmrt_%s_at(v_%s[i], k));", kind,
                 p->name);
    }
    omp_line(em, "if (fputc('\\n', f) == EOF) {");
    omp_line(em, "    gmrt_file_note_error(&o, errno);");
    omp_line(em, "    break;");
    omp_line(em, "}");
    em->indent--;
    omp_line(em, "}");
    omp_line(em, "if (f && !_c_close_out(&o, out_dir, \"%s\"))", p->name);
    omp_line(em, "    status = 1;");
    em->indent--;
    omp_line(em, "}");
}

static bool is_numeric(gm_type_kind k)
{
    return k == GMT_INT || k == GMT_LONG || k == GMT_FLOAT || k == GMT_DOUBLE;
}

static const char *writer_of(gm_type_kind k)
{
    switch (k) {
    case GMT_LONG: return "i64";
    case GMT_FLOAT: return "f32";
    case GMT_DOUBLE: return "f64";
    case GMT_BOOL: return "b";
    default: return "i32";
    }
}

static void print_value(omp_emit *em, const char *label, gm_type_kind k, const char *v)
{
    if (k == GMT_NODE) /* its label with --relabel */
        omp_line(em, "printf(\"%s = %%lld\\n\", (long long)(labels && %s >= 0 ? labels[%s] : %s));", label, v, v, v);
    else if (omp_is_float(k))
        omp_line(em, "printf(\"%s = %%.17g\\n\", (double)%s);", label, v);
    else if (k == GMT_LONG || k == GMT_EDGE)
        omp_line(em, "printf(\"%s = %%lld\\n\", (long long)%s);", label, v);
    else
        omp_line(em, "printf(\"%s = %%d\\n\", (int)%s);", label, v);
}

/* --NAME=FILE for a node collection input: node ids separated by white
 * space, added in file order; anything else is an error (exit 1). */
static void load_node_coll(omp_emit *em, const gm_param *p)
{
    const char *n = p->name;
    gm_type_kind k = p->type->kind;
    const char *add = k == GMT_NODE_SET     ? "gmrt_nodeset_add"
                      : k == GMT_NODE_ORDER ? "gmrt_nodeorder_push_back"
                                            : "gmrt_nodeseq_push_back";
    omp_line(em, "if (arg_%s) {", n);
    em->indent++;
    omp_line(em, "FILE *f = fopen(arg_%s, \"r\");", n);
    omp_line(em, "if (!f) {");
    omp_line(em, "    fprintf(stderr, \"%%s: %%s: %%s\\n\", _c_prog, arg_%s, strerror(errno));", n);
    omp_line(em, "    return 1;");
    omp_line(em, "}");
    omp_line(em, "long long id;");
    omp_line(em, "int64_t count = 0;");
    omp_line(em, "int got;");
    omp_line(em, "while ((got = fscanf(f, \"%%lld\", &id)) == 1) {");
    omp_line(em, "    count++;");
    omp_line(em, "    if (id < 0 || id >= (long long)G->num_nodes) {");
    omp_line(em, "        fprintf(stderr, \"%%s: bad value '%%lld' (item %%lld of %%s) for --%s: expected a node id in [0, %%lld]\\n\", "
                 "_c_prog, id, (long long)count, arg_%s, (long long)G->num_nodes - 1);", n, n);
    omp_line(em, "        fclose(f);");
    omp_line(em, "        return 1;");
    omp_line(em, "    }");
    if (k == GMT_NODE_SEQ) {
        omp_line(em, "    if (!%s(v_%s, (gm_node_t)id)) {", add, n);
        omp_line(em, "        fprintf(stderr, \"%%s: out of memory\\n\", _c_prog);");
        omp_line(em, "        fclose(f);");
        omp_line(em, "        return 1;");
        omp_line(em, "    }");
    } else {
        omp_line(em, "    (void)%s(v_%s, (gm_node_t)id); /* a set or an order keeps one copy */", add, n);
    }
    omp_line(em, "}");
    omp_line(em, "if (got != EOF || ferror(f)) {");
    omp_line(em, "    fprintf(stderr, \"%%s: item %%lld of %%s for --%s is not a node id\\n\", _c_prog, (long long)count + 1, arg_%s);", n, n);
    omp_line(em, "    fclose(f);");
    omp_line(em, "    return 1;");
    omp_line(em, "}");
    omp_line(em, "fclose(f);");
    em->indent--;
    omp_line(em, "}");
}

/* The parse of --NAME=VALUE into v_NAME (declared before): numbers before
 * the graph is loaded, nodes and edges (range-checked) right after. */
static void emit_scalar_parse(omp_emit *em, const gm_param *p)
{
    gm_type_kind k = p->type->kind;
    const char *n = p->name;
    omp_line(em, "{");
    em->indent++;
    if (k == GMT_BOOL) {
        omp_line(em, "if (!_c_parse_bool(\"%s\", arg_%s, &v_%s))", n, n, n);
        omp_line(em, "    return 2;");
    } else if (omp_is_float(k)) {
        omp_line(em, "double x;");
        omp_line(em, "if (!_c_parse_f64(\"%s\", arg_%s, &x))", n, n);
        omp_line(em, "    return 2;");
        omp_line(em, "v_%s = (%s)x;", n, omp_ctype(p->type));
    } else {
        const char *lo = k == GMT_LONG ? "INT64_MIN" : k == GMT_NODE ? "0" : k == GMT_EDGE ? "0" : "INT32_MIN";
        const char *hi = k == GMT_LONG ? "INT64_MAX" : k == GMT_NODE ? "(int64_t)G->num_nodes - 1"
                         : k == GMT_EDGE ? "(int64_t)G->num_edges - 1" : "INT32_MAX";
        if (k == GMT_NODE || k == GMT_EDGE) {
            omp_line(em, "if (G->num_%s == 0) {", k == GMT_NODE ? "nodes" : "edges");
            omp_line(em, "    fprintf(stderr, \"%%s: --%s: the graph has no %s\\n\", _c_prog);", n,
                     k == GMT_NODE ? "nodes" : "edges");
            omp_line(em, "    return 1;");
            omp_line(em, "}");
        }
        omp_line(em, "int64_t x;");
        if (k == GMT_NODE) { /* with --relabel, a label */
            omp_line(em, "if (labels) {");
            omp_line(em, "    if (!_c_parse_i64(\"%s\", arg_%s, INT64_MIN, INT64_MAX, &x))", n, n);
            omp_line(em, "        return 2;");
            omp_line(em, "    x = gmrt_node_of_label(labels, G->num_nodes, x);");
            omp_line(em, "    if (x < 0) {");
            omp_line(em, "        fprintf(stderr, \"%%s: bad value '%%s' for --%s: no node has that label\\n\", _c_prog, arg_%s);", n, n);
            omp_line(em, "        return 2;");
            omp_line(em, "    }");
            omp_line(em, "} else if (!_c_parse_i64(\"%s\", arg_%s, %s, %s, &x))", n, n, lo, hi);
        } else {
            omp_line(em, "if (!_c_parse_i64(\"%s\", arg_%s, %s, %s, &x))", n, n, lo, hi);
        }
        omp_line(em, "    return 2;");
        omp_line(em, "v_%s = (%s)x;", n, omp_ctype(p->type));
    }
    em->indent--;
    omp_line(em, "}");
}

/* Before the graph is loaded (issue 27 item 5: a typo costs no load):
 * every scalar input present and parsed (nodes and edges only present),
 * --random-NAME ranges well formed, the graph and --NAME=FILE files
 * readable. */
static void emit_checks_before_load(omp_emit *em, const gm_proc *proc)
{
    for (const gm_param *p = proc->params; p; p = p->next) {
        gm_type_kind k = p->type->kind;
        const char *n = p->name;
        if (is_scalar(k)) {
            omp_line(em, "%s v_%s = %s;", omp_ctype(p->type), n,
                     k == GMT_NODE ? "GMRT_NIL_NODE" : k == GMT_EDGE ? "GMRT_NIL_EDGE" : "0");
            if (p->is_output)
                continue;
            omp_line(em, "if (!arg_%s) {", n);
            omp_line(em, "    fprintf(stderr, \"%%s: missing --%s=%s\\n\", _c_prog);", n,
                     k == GMT_NODE ? "NODE" : "VALUE");
            omp_line(em, "    _c_usage();");
            omp_line(em, "    return 2;");
            omp_line(em, "}");
            if (k != GMT_NODE && k != GMT_EDGE)
                emit_scalar_parse(em, p);
        } else if (is_prop(p->type)) {
            gm_type_kind ek = p->type->elem->kind;
            bool keep = ek != GMT_BOOL; /* a Bool is a coin flip: the range is only checked */
            if (keep)
                omp_line(em, "double lo_%s = 0, hi_%s = 0;", n, n);
            omp_line(em, "if (random_%s) {", n);
            em->indent++;
            omp_line(em, "double lo, hi;");
            omp_line(em, "if (!_c_parse_range(\"%s\", random_%s, &lo, &hi))", n, n);
            omp_line(em, "    return 2;");
            if (ek == GMT_INT || ek == GMT_LONG) {
                /* integers the type holds, with hi - lo + 1 computable */
                const char *lo_s = ek == GMT_INT ? "-2147483648" : "-2305843009213693952";
                const char *hi_s = ek == GMT_INT ? "2147483647" : "2305843009213693951";
                omp_line(em, "if (!(lo >= %s.0 && hi %s && lo == (double)(int64_t)lo && hi == (double)(int64_t)hi)) {",
                         lo_s, ek == GMT_INT ? "<= 2147483647.0" : "< 2305843009213693952.0");
                omp_line(em, "    fprintf(stderr, \"%%s: bad range '%%s' for --random-%s: expected integers from %s to %s "
                             "(the %s property %s)\\n\", _c_prog, random_%s);",
                         n, lo_s, hi_s, gm_type_kind_name(ek), n, n);
                omp_line(em, "    return 2;");
                omp_line(em, "}");
            }
            if (keep) {
                omp_line(em, "lo_%s = lo;", n);
                omp_line(em, "hi_%s = hi;", n);
            } else {
                omp_line(em, "(void)lo, (void)hi;");
            }
            em->indent--;
            omp_line(em, "}");
            omp_line(em, "if (arg_%s && !_c_readable(arg_%s))", n, n);
            omp_line(em, "    return 1;");
        }
    }
    omp_line(em, "if (!_c_readable(graph_path))");
    omp_line(em, "    return 1;");
}

void omp_main(omp_emit *em, const gm_proc *proc)
{
    omp_printf(em, "#include <errno.h>\n\n%s", main_helpers);
    omp_printf(em, "static void _c_usage(void)\n{\n");
    omp_printf(em, "    fprintf(stderr, \"usage: %%s GRAPH");
    for (const gm_param *p = proc->params; p; p = p->next) {
        if (!p->is_output && is_scalar(p->type->kind))
            omp_printf(em, " --%s=%s", p->name, p->type->kind == GMT_NODE ? "NODE" : "VALUE");
        else if (!p->is_output && is_prop(p->type))
            omp_printf(em, " [--%s=FILE | --random-%s=LO:HI]", p->name, p->name);
        else if (is_node_coll_input(p))
            omp_printf(em, " [--%s=FILE]", p->name);
    }
    bool dev_args = em->hooks && em->hooks->device_args;
    omp_printf(em, " [--relabel] [--out=DIR] [--threads=N] [--repeat=K] [--seed=S]%s\\n\", _c_prog);\n}\n\n",
               dev_args ? " [--device-args]" : "");

    /* main()'s own locals would hide a procedure of the same name: call it
     * through an alias then. */
    static const char *const locals[] = {"G", "a", "argc", "argv", "best", "cnt", "device_args",
                                         "err", "f", "graph_path", "hi", "i", "k", "lo", "n",
                                         "name", "out_dir", "r", "result", "s", "status", "t",
                                         "t0", "v", "wide", "x"};
    char *fn = cident_name(proc->name);
    for (size_t i = 0; i < sizeof locals / sizeof *locals; i++)
        if (strcmp(fn, locals[i]) == 0) {
            omp_printf(em, "static __typeof__(%s) *const _c_entry = %s;\n\n", fn, fn);
            free(fn);
            fn = omp_strf("_c_entry");
            break;
        }
    omp_printf(em, "int main(int argc, char **argv)\n{\n");
    em->indent = 1;
    omp_line(em, "_c_prog = argv[0];");
    omp_line(em, "const char *graph_path = NULL, *out_dir = NULL;");
    omp_line(em, "int64_t threads = 0, repeat = 1, seed = -1;");
    omp_line(em, "bool relabel = false; /* --relabel: the file's ids are labels */");
    omp_line(em, "int64_t *labels = NULL; /* labels[v]: the id node v has in the file */");
    if (dev_args)
        omp_line(em, "bool device_args = false; /* property arguments in device memory */");
    for (const gm_param *p = proc->params; p; p = p->next) {
        if (is_scalar(p->type->kind) && !p->is_output)
            omp_line(em, "const char *arg_%s = NULL;", p->name);
        if (is_prop(p->type))
            omp_line(em, "const char *arg_%s = NULL, *random_%s = NULL;", p->name, p->name);
        if (is_node_coll_input(p))
            omp_line(em, "const char *arg_%s = NULL;", p->name);
    }
    omp_line(em, "for (int i = 1; i < argc; i++) {");
    em->indent++;
    omp_line(em, "const char *a = argv[i], *v;");
    omp_line(em, "if ((v = _c_opt(a, \"out\"))) {");
    omp_line(em, "    if (!*v) { /* would write /NAME.txt */");
    omp_line(em, "        fprintf(stderr, \"%%s: --out needs a folder: --out=DIR\\n\", _c_prog);");
    omp_line(em, "        return 2;");
    omp_line(em, "    }");
    omp_line(em, "    out_dir = v;");
    omp_line(em, "} else if ((v = _c_opt(a, \"threads\"))) {");
    omp_line(em, "    if (!_c_parse_i64(\"threads\", v, 1, 4096, &threads))");
    omp_line(em, "        return 2;");
    omp_line(em, "} else if ((v = _c_opt(a, \"repeat\"))) {");
    omp_line(em, "    if (!_c_parse_i64(\"repeat\", v, 1, 1000000, &repeat))");
    omp_line(em, "        return 2;");
    omp_line(em, "} else if ((v = _c_opt(a, \"seed\"))) {");
    omp_line(em, "    if (!_c_parse_i64(\"seed\", v, 0, INT64_MAX, &seed))");
    omp_line(em, "        return 2;");
    for (const gm_param *p = proc->params; p; p = p->next) {
        if (is_scalar(p->type->kind) && !p->is_output) {
            omp_line(em, "} else if ((v = _c_opt(a, \"%s\"))) {", p->name);
            omp_line(em, "    arg_%s = v;", p->name);
        }
        if (is_node_coll_input(p)) {
            omp_line(em, "} else if ((v = _c_opt(a, \"%s\"))) {", p->name);
            omp_line(em, "    arg_%s = v;", p->name);
        }
        if (is_prop(p->type)) {
            omp_line(em, "} else if ((v = _c_opt(a, \"%s\"))) {", p->name);
            omp_line(em, "    arg_%s = v;", p->name);
            omp_line(em, "} else if ((v = _c_opt(a, \"random-%s\"))) {", p->name);
            omp_line(em, "    random_%s = v;", p->name);
        }
    }
    if (dev_args) {
        omp_line(em, "} else if (strcmp(a, \"--device-args\") == 0) {");
        omp_line(em, "    device_args = true;");
    }
    omp_line(em, "} else if (strcmp(a, \"--relabel\") == 0) {");
    omp_line(em, "    relabel = true;");
    omp_line(em, "} else if (strcmp(a, \"-h\") == 0 || strcmp(a, \"--help\") == 0) {");
    omp_line(em, "    _c_usage();");
    omp_line(em, "    return 0;");
    /* a lone "-" is the graph from standard input */
    omp_line(em, "} else if (a[0] == '-' && a[1] != '\\0') {");
    omp_line(em, "    fprintf(stderr, \"%%s: unknown option '%%s'\\n\", _c_prog, a);");
    omp_line(em, "    _c_usage();");
    omp_line(em, "    return 2;");
    omp_line(em, "} else if (!graph_path) {");
    omp_line(em, "    graph_path = a;");
    omp_line(em, "} else {");
    omp_line(em, "    fprintf(stderr, \"%%s: more than one graph file ('%%s' and '%%s')\\n\", _c_prog, graph_path, a);");
    omp_line(em, "    return 2;");
    omp_line(em, "}");
    em->indent--;
    omp_line(em, "}");
    omp_line(em, "if (!graph_path) {");
    omp_line(em, "    _c_usage();");
    omp_line(em, "    return 2;");
    omp_line(em, "}");
    emit_checks_before_load(em, proc);
    omp_line(em, "gmrt_error err;");
    omp_line(em, "gmrt_error_clear(&err);");
    bool undirected = false; /* a UGraph reads the file's edges both ways */
    for (const gm_param *p = proc->params; p; p = p->next)
        undirected |= p->type->kind == GMT_GRAPH && p->type->undirected;
    /* the one numeric edge input taken from the weight column: weights
     * that its type cannot hold exactly are refused by the loader */
    const gm_param *weights_to = NULL;
    int n_weight_inputs = 0;
    for (const gm_param *p = proc->params; p; p = p->next)
        if (!p->is_output && p->type->kind == GMT_EDGE_PROP && is_numeric(p->type->elem->kind)) {
            n_weight_inputs++;
            weights_to = p;
        }
    if (n_weight_inputs != 1 || weights_to->type->elem->kind == GMT_DOUBLE)
        weights_to = NULL; /* a Double holds every weight */
    if (undirected || weights_to) {
        omp_line(em, "gmrt_load_options load_opt;");
        omp_line(em, "memset(&load_opt, 0, sizeof load_opt); /* C and C++ (nvcc) alike */");
    }
    if (undirected)
        omp_line(em, "load_opt.build.symmetrize = true; /* UGraph: each edge stored both ways, a self-loop once */");
    if (weights_to) {
        omp_line(em, "if (!arg_%s && !random_%s) {", weights_to->name, weights_to->name);
        omp_line(em, "    load_opt.weights_as = %s;", omp_gmrt_type(weights_to->type->elem->kind));
        omp_line(em, "    load_opt.weights_for = \"the %s property %s\";", gm_type_kind_name(weights_to->type->elem->kind),
                 weights_to->name);
        omp_line(em, "}");
    }
    omp_line(em, "gm_graph *G = gmrt_graph_load(graph_path, %s, &err);", undirected || weights_to ? "&load_opt" : "NULL");
    omp_line(em, "if (!G) {");
    omp_line(em, "    fprintf(stderr, \"%%s: %%s\\n\", _c_prog, err.message);");
    omp_line(em, "    return 1;");
    omp_line(em, "}");
    omp_line(em, "if (relabel) {");
    omp_line(em, "    gm_graph *R = gmrt_graph_relabel(G, 0, &labels, &err);");
    omp_line(em, "    if (!R) {");
    omp_line(em, "        fprintf(stderr, \"%%s: %%s\\n\", _c_prog, err.message);");
    omp_line(em, "        return 1;");
    omp_line(em, "    }");
    omp_line(em, "    gmrt_graph_free(G);");
    omp_line(em, "    G = R;");
    omp_line(em, "} else if (G->num_nodes >= 1000 && gmrt_graph_count_edgeless(G) * 2 > (int64_t)G->num_nodes) {");
    omp_line(em, "    fprintf(stderr, \"%%s: warning: most of the %%lld node ids of %%s have no edge; if the ids are labels, \"");
    omp_line(em, "                    \"--relabel numbers the nodes with edges 0..n-1\\n\", _c_prog, (long long)G->num_nodes, graph_path);");
    omp_line(em, "}");
    omp_line(em, "if (seed >= 0)");
    omp_line(em, "    gmrt_rng_seed((uint64_t)seed);");
    omp_line(em, "#ifdef _OPENMP");
    omp_line(em, "if (threads > 0)");
    omp_line(em, "    omp_set_num_threads((int)threads);");
    omp_line(em, "#endif");
    omp_line(em, "int status = 0;");

    /* Scalars and nodes. */
    int n_edge_inputs = 0;
    for (const gm_param *p = proc->params; p; p = p->next)
        if (!p->is_output && p->type->kind == GMT_EDGE_PROP && is_numeric(p->type->elem->kind))
            n_edge_inputs++;
    for (const gm_param *p = proc->params; p; p = p->next) {
        gm_type_kind k = p->type->kind;
        const char *n = p->name;
        if (is_scalar(k)) {
            if (!p->is_output && (k == GMT_NODE || k == GMT_EDGE))
                emit_scalar_parse(em, p); /* its range needs the graph */
        } else if (is_prop(p->type)) {
            gm_type_kind ek = p->type->elem->kind;
            const char *ety = omp_prim_ctype(ek);
            const char *count = k == GMT_EDGE_PROP ? "G->num_edges" : "G->num_nodes";
            omp_line(em, "%s *v_%s = (%s *)_c_zalloc((size_t)%s, sizeof(%s));", ety, n, ety, count, ety);
            omp_line(em, "if (arg_%s) {", n);
            omp_line(em, "    if (!gmrt_prop_load(arg_%s, %s, v_%s, (size_t)%s, &err)) {", n,
                     omp_gmrt_type(ek), n, count);
            omp_line(em, "        fprintf(stderr, \"%%s: %%s\\n\", _c_prog, err.message);");
            omp_line(em, "        return 1;");
            omp_line(em, "    }");
            omp_line(em, "} else if (random_%s) {", n);
            em->indent++;
            if (ek != GMT_BOOL) /* a Bool is a coin flip */
                omp_line(em, "double lo = lo_%s, hi = hi_%s; /* checked before the load */", n, n);
            omp_line(em, "gmrt_rng r = gmrt_rng_stream(%d);", p->sym ? p->sym->id : 0);
            omp_line(em, "for (int64_t i = 0; i < (int64_t)%s; i++)", count);
            if (omp_is_float(ek))
                omp_line(em, "    v_%s[i] = (%s)(lo + (hi - lo) * gmrt_uniform(&r));", n, ety);
            else if (ek == GMT_BOOL)
                omp_line(em, "    v_%s[i] = gmrt_uniform(&r) < 0.5;", n);
            else
                omp_line(em, "    v_%s[i] = (%s)((int64_t)lo + gmrt_rand(&r, (int64_t)hi - (int64_t)lo + 1));", n, ety);
            em->indent--;
            if (!p->is_output && k == GMT_EDGE_PROP && is_numeric(ek) && n_edge_inputs == 1) {
                omp_line(em, "} else if (G->weights) {");
                omp_line(em, "    for (int64_t i = 0; i < (int64_t)G->num_edges; i++)");
                omp_line(em, "        v_%s[i] = (%s)G->weights[i];", n, ety);
                omp_line(em, "} else {");
                omp_line(em, "    fprintf(stderr, \"%%s: the graph has no weights: give --%s=FILE or --random-%s=LO:HI\\n\", _c_prog);", n, n);
                omp_line(em, "    return 1;");
            } else if (!p->is_output && k == GMT_EDGE_PROP) {
                omp_line(em, "} else {");
                omp_line(em, "    fprintf(stderr, \"%%s: give --%s=FILE or --random-%s=LO:HI\\n\", _c_prog);", n, n);
                omp_line(em, "    return 1;");
            }
            omp_line(em, "}");
            omp_line(em, "%s *init_%s = (%s *)_c_alloc((size_t)%s, sizeof(%s));", ety, n, ety, count, ety);
            omp_line(em, "memcpy(init_%s, v_%s, (size_t)%s * sizeof(%s));", n, n, count, ety);
        } else if (p->type->kind == GMT_GRAPH) {
            /* every graph parameter gets the loaded graph */
        } else if (p->type->kind == GMT_NODE_PROP || p->type->kind == GMT_EDGE_PROP) {
            /* a collection-valued property: empty collections */
            const gm_type *el = p->type->elem;
            const char *count = k == GMT_EDGE_PROP ? "G->num_edges" : "G->num_nodes";
            omp_line(em, "%sv_%s = (%s)_c_alloc((size_t)%s, sizeof *v_%s);", omp_ctype(p->type), n,
                     omp_ctype(p->type), count, n);
            if (el->kind == GMT_MAP)
                omp_line(em, "for (int64_t i = 0; i < (int64_t)%s; i++) v_%s[i] = gmrt_map_new(%s, %s);", count, n,
                         omp_gmrt_type(el->key->kind), omp_gmrt_type(el->val->kind));
            else if (el->kind == GMT_COLLECTION)
                omp_line(em, "for (int64_t i = 0; i < (int64_t)%s; i++) v_%s[i] = gmrt_collection_new(%s, G->num_nodes);",
                         count, n, omp_coll_kind(el->elem ? el->elem->kind : GMT_NODE_SET));
            else
                omp_line(em, "for (int64_t i = 0; i < (int64_t)%s; i++) v_%s[i] = %s(G->num_nodes);", count, n,
                         omp_collection_new_fn(el->kind));
        } else if (p->type->kind == GMT_MAP) {
            omp_line(em, "gmrt_map *v_%s = gmrt_map_new(%s, %s);", n, omp_gmrt_type(p->type->key->kind),
                     omp_gmrt_type(p->type->val->kind));
        } else if (p->type->kind == GMT_COLLECTION) {
            omp_line(em, "gmrt_collection *v_%s = gmrt_collection_new(%s, G->num_nodes);", n,
                     omp_coll_kind(p->type->elem ? p->type->elem->kind : GMT_NODE_SET));
        } else if (omp_is_collection(p->type->kind)) {
            omp_line(em, "%sv_%s = %s(G->num_nodes);", omp_ctype(p->type), n,
                     omp_collection_new_fn(p->type->kind));
            if (is_node_coll_input(p))
                load_node_coll(em, p);
        } else {
            omp_line(em, "%s v_%s = 0;", omp_ctype(p->type), n);
        }
    }

    /* Run. */
    const char *rt = proc->ret_type ? omp_ctype(proc->ret_type) : NULL;
    if (rt)
        omp_line(em, "%s result = 0;", rt);
    if (em->hooks && em->hooks->main_graph_loaded) {
        em->hooks->main_graph_loaded(em, proc, "G"); /* e.g. upload before timing */
    } else {
        /* The procedure builds these on its first call; building them here
         * keeps that one-time work out of the timed calls (as loading it
         * with the graph would). */
        bool reverse = false, edge_src = false;
        omp_graph_needs(proc->body, &reverse, &edge_src);
        if (reverse || edge_src)
            omp_line(em, "/* The graph's indexes the procedure needs, before the clock starts. */");
        if (reverse)
            omp_line(em, "if (!gmrt_graph_make_reverse(G)) {\n        fprintf(stderr, \"%%s: out of memory\\n\", _c_prog);\n        return 1;\n    }");
        if (edge_src)
            omp_line(em, "if (!gmrt_graph_make_edge_src(G)) {\n        fprintf(stderr, \"%%s: out of memory\\n\", _c_prog);\n        return 1;\n    }");
    }
    /* a device target also reports the host-device copies inside the best call */
    bool device = em->hooks && em->hooks->reports_transfers;
    if (dev_args) {
        /* --device-args: each property argument gets a device array, filled
         * from the host one before the clock starts and read back after it
         * stops, so the call copies nothing (the graph is uploaded above). */
        for (const gm_param *p = proc->params; p; p = p->next)
            if (is_prop(p->type))
                omp_line(em, "%s *d_%s = device_args ? (%s *)gmcu_malloc((size_t)%s * sizeof *v_%s, \"--device-args\") : NULL;",
                         omp_ctype(p->type->elem), p->name, omp_ctype(p->type->elem), prop_count(p), p->name);
    }
    omp_line(em, device ? "double best = 0, best_transfer_ms = 0, best_transfer_mb = 0;" : "double best = 0;");
    omp_line(em, "for (int64_t r = 0; r < repeat; r++) {");
    em->indent++;
    for (const gm_param *p = proc->params; p; p = p->next)
        if (is_prop(p->type))
            omp_line(em, "memcpy(v_%s, init_%s, (size_t)%s * sizeof *v_%s);", p->name, p->name, prop_count(p), p->name);
    if (dev_args) {
        omp_line(em, "if (device_args) {");
        for (const gm_param *p = proc->params; p; p = p->next)
            if (is_prop(p->type))
                omp_line(em, "    GMCU_CHECK(cudaMemcpy(d_%s, v_%s, (size_t)%s * sizeof *v_%s, cudaMemcpyHostToDevice));",
                         p->name, p->name, prop_count(p), p->name);
        omp_line(em, "    GMCU_CHECK(cudaDeviceSynchronize());");
        omp_line(em, "}");
    }
    if (device)
        omp_line(em, "gmcu_transfers_reset();");
    omp_line(em, "double t0 = gmrt_time_ms();");
    omp_start_line(em);
    if (rt)
        omp_printf(em, "result = ");
    omp_printf(em, "%s(", fn);
    for (const gm_param *p = proc->params; p; p = p->next) {
        bool by_ptr = p->is_output && is_scalar(p->type->kind);
        if (p->type->kind == GMT_GRAPH)
            omp_printf(em, "G");
        else if (dev_args && is_prop(p->type))
            omp_printf(em, "device_args ? d_%s : v_%s", p->name, p->name);
        else
            omp_printf(em, "%sv_%s", by_ptr ? "&" : "", p->name);
        omp_printf(em, p->next ? ", " : "");
    }
    omp_printf(em, ");\n");
    omp_line(em, "double t = gmrt_time_ms() - t0;");
    omp_line(em, "if (r == 0 || t < best) {");
    omp_line(em, "    best = t;");
    if (device) {
        omp_line(em, "    best_transfer_ms = gmcu_transfer_ms();");
        omp_line(em, "    best_transfer_mb = gmcu_transfer_mb();");
    }
    omp_line(em, "}");
    if (dev_args) {
        omp_line(em, "if (device_args) {");
        for (const gm_param *p = proc->params; p; p = p->next)
            if (is_prop(p->type) && (p->is_output || omp_proc_writes(proc, p->sym)))
                omp_line(em, "    GMCU_CHECK(cudaMemcpy(v_%s, d_%s, (size_t)%s * sizeof *v_%s, cudaMemcpyDeviceToHost));",
                         p->name, p->name, prop_count(p), p->name);
        omp_line(em, "}");
    }
    em->indent--;
    omp_line(em, "}");
    for (const gm_param *p = proc->params; dev_args && p; p = p->next)
        if (is_prop(p->type))
            omp_line(em, "gmcu_free(d_%s);", p->name);
    omp_line(em, "printf(\"time_ms = %%.3f\\n\", best);");
    if (device) /* part of time_ms, reported apart (bench/run's transfer column) */
        omp_line(em, "printf(\"transfer_ms = %%.3f (%%.1f MB)\\n\", best_transfer_ms, best_transfer_mb);");
    if (rt)
        print_value(em, "return", proc->ret_type->kind, "result");
    for (const gm_param *p = proc->params; p; p = p->next)
        if (p->is_output && is_scalar(p->type->kind)) {
            char *v = omp_strf("v_%s", p->name);
            print_value(em, p->name, p->type->kind, v);
            free(v);
        }
    omp_line(em, "if (out_dir) {");
    em->indent++;
    omp_line(em, "mkdir(out_dir, 0777);");
    omp_line(em, "if (labels && !_c_write_i64(out_dir, \"labels\", labels, G->num_nodes)) /* line i: node i's label */");
    omp_line(em, "    status = 1;");
    for (const gm_param *p = proc->params; p; p = p->next) {
        if (!(p->is_output || omp_proc_writes(proc, p->sym)))
            continue;
        if (is_collection_prop(p->type)) {
            write_collection_prop(em, p);
            continue;
        }
        if (!is_prop(p->type))
            continue;
        gm_type_kind ek = p->type->elem->kind;
        const char *count = p->type->kind == GMT_EDGE_PROP ? "G->num_edges" : "G->num_nodes";
        if (ek == GMT_EDGE) {
            omp_line(em, "{");
            omp_line(em, "    int64_t *wide = (int64_t *)_c_alloc((size_t)%s, sizeof(int64_t));", count);
            omp_line(em, "    for (int64_t i = 0; i < (int64_t)%s; i++) wide[i] = v_%s[i];", count, p->name);
            omp_line(em, "    if (!_c_write_i64(out_dir, \"%s\", wide, %s))", p->name, count);
            omp_line(em, "        status = 1;");
            omp_line(em, "    free(wide);");
            omp_line(em, "}");
        } else if (ek == GMT_NODE) { /* nodes as their labels with --relabel */
            omp_line(em, "if (labels) {");
            omp_line(em, "    int64_t *lab = (int64_t *)_c_alloc((size_t)%s, sizeof(int64_t));", count);
            omp_line(em, "    for (int64_t i = 0; i < (int64_t)%s; i++) lab[i] = v_%s[i] >= 0 ? labels[v_%s[i]] : v_%s[i];", count,
                     p->name, p->name, p->name);
            omp_line(em, "    if (!_c_write_i64(out_dir, \"%s\", lab, %s))", p->name, count);
            omp_line(em, "        status = 1;");
            omp_line(em, "    free(lab);");
            omp_line(em, "} else if (!_c_write_%s(out_dir, \"%s\", v_%s, %s)) {", writer_of(ek), p->name, p->name, count);
            omp_line(em, "    status = 1;");
            omp_line(em, "}");
        } else {
            omp_line(em, "if (!_c_write_%s(out_dir, \"%s\", v_%s, %s))", writer_of(ek), p->name, p->name, count);
            omp_line(em, "    status = 1;");
        }
    }
    em->indent--;
    omp_line(em, "}");
    /* Release everything (keeps leak checkers quiet). */
    for (const gm_param *p = proc->params; p; p = p->next) {
        if (is_prop(p->type)) {
            omp_line(em, "free(v_%s);", p->name);
            omp_line(em, "free(init_%s);", p->name);
        } else if (p->type->kind == GMT_MAP || omp_is_collection(p->type->kind)) {
            omp_line(em, "%s(v_%s);", omp_collection_free_fn(p->type->kind), p->name);
        } else if (p->type->kind == GMT_NODE_PROP || p->type->kind == GMT_EDGE_PROP) {
            omp_line(em, "for (int64_t i = 0; i < (int64_t)%s; i++) %s(v_%s[i]);",
                     p->type->kind == GMT_EDGE_PROP ? "G->num_edges" : "G->num_nodes",
                     omp_collection_free_fn(p->type->elem->kind), p->name);
            omp_line(em, "free(v_%s);", p->name);
        }
    }
    omp_line(em, "gmrt_graph_free(G);");
    omp_line(em, "free(labels);");
    /* the printed results are output too: a full disk or a closed pipe must not pass for success */
    omp_line(em, "if (fflush(stdout) != 0 || ferror(stdout)) {");
    omp_line(em, "    fprintf(stderr, \"%%s: cannot write the results: %%s\\n\", _c_prog, strerror(errno));");
    omp_line(em, "    status = 1;");
    omp_line(em, "}");
    omp_line(em, "return status;");
    em->indent = 0;
    omp_printf(em, "}\n");
    free(fn);
}
