/* cg_main.c: the main() that --main appends to NAME.c.
 *
 *   ./prog GRAPH [--NAME=VALUE ...] [--out=DIR] [--json] [--threads=N] [--repeat=K] ...
 *
 * The command line and the output are libgmrt's (gmrt_cli.h): main()
 * declares a table of the procedure's inputs (scalars and nodes from
 * --NAME=VALUE, properties from --NAME=FILE or --random-NAME=LO:HI, node
 * collections from --NAME=FILE), calls gmrt_cli_parse() (which adds the
 * options every program has, the load options of gmgraph convert among
 * them), checks what it can before the load, loads the graph (symmetrized
 * when the graph parameter is a UGraph; a device target first says what
 * its arrays need there, so that a graph that cannot fit is refused before
 * the load: CG_MAIN_BEFORE_LOAD), fills the inputs (edge weights of
 * the file for the one numeric edge-property input), runs the procedure K
 * times, reports every time, the return value and the output scalars, and
 * with --out writes every property the procedure writes.  Exit status: 2
 * for bad usage (unknown or missing options, bad or non-finite values), 1
 * for run-time errors (files, memory, an empty graph). */
#include "cg_emit.h"
#include "cg_ident.h"

#include <stdlib.h>
#include <string.h>

/* "input-" for an input named like an option every program has kept for
 * itself (gm_runtime/cli.c's lookup: the input is then --input-NAME). */
static const char *shadow_prefix(const char *name)
{
    static const char *const kept[] = {"out", "threads", "repeat", "seed", "relabel", "help"};
    for (size_t i = 0; i < sizeof kept / sizeof *kept; i++)
        if (strcmp(name, kept[i]) == 0)
            return "input-";
    return "";
}

bool cg_main_is_scalar(gm_type_kind k)
{
    return cg_is_prim(k) || k == GMT_NODE || k == GMT_EDGE;
}

const char *cg_main_prop_count(const gm_param *p)
{
    return p->type->kind == GMT_EDGE_PROP ? "G->num_edges" : "G->num_nodes";
}

bool cg_main_is_prop(const gm_type *t)
{
    return (t->kind == GMT_NODE_PROP || t->kind == GMT_EDGE_PROP) && t->elem &&
           cg_main_is_scalar(t->elem->kind);
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

/* Writes a collection-valued node property: one row per node, its members
 * separated by spaces (in the collection's order for Order/Seq), as labels
 * under --relabel. */
static void write_collection_prop(cg_emit *em, const gm_param *p)
{
    gm_type_kind ck = p->type->elem->kind;
    cg_line(em, "{");
    em->indent++;
    cg_line(em, "gmrt_cli_out o;");
    cg_line(em, "if (!gmrt_cli_out_open(&o, &run, \"%s\", false)) {", p->name);
    cg_line(em, "    status = 1;");
    cg_line(em, "} else {");
    em->indent++;
    cg_line(em, "for (gm_node_t i = 0; i < G->num_nodes; i++) {");
    em->indent++;
    cg_line(em, "gmrt_cli_out_row(&o, i);");
    if (ck == GMT_NODE_SET) {
        cg_line(em, "int64_t cnt = 0;");
        cg_line(em, "const gm_node_t *items = v_%s[i] ? gmrt_nodeset_items(v_%s[i], &cnt) : NULL;",
                 p->name, p->name);
        cg_line(em, "for (int64_t k = 0; k < cnt; k++)");
        cg_line(em, "    gmrt_cli_out_node(&o, items[k]);");
    } else {
        const char *kind = ck == GMT_NODE_ORDER ? "nodeorder" : "nodeseq";
        cg_line(em, "int64_t cnt = v_%s[i] ? gmrt_%s_size(v_%s[i]) : 0;", p->name, kind, p->name);
        cg_line(em, "for (int64_t k = 0; k < cnt; k++)");
        cg_line(em, "    gmrt_cli_out_node(&o, gmrt_%s_at(v_%s[i], k));", kind, p->name);
    }
    cg_line(em, "gmrt_cli_out_end_row(&o);");
    em->indent--;
    cg_line(em, "}");
    cg_line(em, "if (!gmrt_cli_out_close(&o))");
    cg_line(em, "    status = 1;");
    em->indent--;
    cg_line(em, "}");
    em->indent--;
    cg_line(em, "}");
}

static bool is_numeric(gm_type_kind k)
{
    return k == GMT_INT || k == GMT_LONG || k == GMT_FLOAT || k == GMT_DOUBLE;
}

/* An output scalar or the return value, printed or kept for --json; a
 * Node as its label with --relabel, or (global_ids) a distributed global
 * id as the file's id. */
static void print_value(cg_emit *em, const char *label, gm_type_kind k, const char *v, bool global_ids)
{
    if (k == GMT_NODE && global_ids)
        cg_line(em, "gmrt_cli_value_node(&run, \"%s\", %s == GMRT_NIL_NODE ? -1 : gmd_file_id_of_gid(G, (int64_t)%s));",
                 label, v, v);
    else if (k == GMT_NODE)
        cg_line(em, "gmrt_cli_value_node(&run, \"%s\", (int64_t)%s);", label, v);
    else if (cg_is_float(k))
        cg_line(em, "gmrt_cli_value_f64(&run, \"%s\", (double)%s);", label, v);
    else
        cg_line(em, "gmrt_cli_value_i64(&run, \"%s\", (int64_t)%s);", label, v);
}

/* --NAME=FILE for a node collection input: node ids (labels under
 * --relabel) separated by white space, added in file order; anything else
 * is an error (exit 1). */
static void load_node_coll(cg_emit *em, const gm_param *p)
{
    const char *n = p->name;
    gm_type_kind k = p->type->kind;
    const char *add = k == GMT_NODE_SET     ? "gmrt_nodeset_add"
                      : k == GMT_NODE_ORDER ? "gmrt_nodeorder_push_back"
                                            : "gmrt_nodeseq_push_back";
    cg_line(em, "if (arg_%s) {", n);
    em->indent++;
    cg_line(em, "FILE *f = strcmp(arg_%s, \"-\") ? fopen(arg_%s, \"r\") : stdin;", n, n);
    cg_line(em, "if (!f) {");
    cg_line(em, "    fprintf(stderr, \"%%s: %%s: %%s\\n\", _c_prog, arg_%s, strerror(errno));", n);
    cg_line(em, "    return 1;");
    cg_line(em, "}");
    cg_line(em, "long long id;");
    cg_line(em, "int64_t count = 0;");
    cg_line(em, "int got;");
    cg_line(em, "while ((got = fscanf(f, \"%%lld\", &id)) == 1) {");
    cg_line(em, "    count++;");
    cg_line(em, "    long long node = run.labels ? (long long)gmrt_node_of_label(run.labels, G->num_nodes, id) : id;");
    cg_line(em, "    if (node < 0 || node >= (long long)G->num_nodes) {");
    cg_line(em, "        if (run.labels)");
    cg_line(em, "            fprintf(stderr, \"%%s: bad value '%%lld' (item %%lld of %%s) for --%s%s: no node has that label\\n\", "
                 "_c_prog, id, (long long)count, arg_%s);", shadow_prefix(n), n, n);
    cg_line(em, "        else");
    cg_line(em, "            fprintf(stderr, \"%%s: bad value '%%lld' (item %%lld of %%s) for --%s%s: expected a node id in [0, %%lld]\\n\", "
                 "_c_prog, id, (long long)count, arg_%s, (long long)G->num_nodes - 1);", shadow_prefix(n), n, n);
    cg_line(em, "        fclose(f);");
    cg_line(em, "        return 1;");
    cg_line(em, "    }");
    if (k == GMT_NODE_SEQ) {
        cg_line(em, "    if (!%s(v_%s, (gm_node_t)node)) {", add, n);
        cg_line(em, "        fprintf(stderr, \"%%s: out of memory\\n\", _c_prog);");
        cg_line(em, "        fclose(f);");
        cg_line(em, "        return 1;");
        cg_line(em, "    }");
    } else {
        cg_line(em, "    (void)%s(v_%s, (gm_node_t)node); /* a set or an order keeps one copy */", add, n);
    }
    cg_line(em, "}");
    cg_line(em, "if (got != EOF || ferror(f)) {");
    cg_line(em, "    fprintf(stderr, \"%%s: item %%lld of %%s for --%s%s is not a node id\\n\", _c_prog, (long long)count + 1, arg_%s);", shadow_prefix(n), n, n);
    cg_line(em, "    fclose(f);");
    cg_line(em, "    return 1;");
    cg_line(em, "}");
    cg_line(em, "if (f != stdin)");
    cg_line(em, "    fclose(f);");
    em->indent--;
    cg_line(em, "}");
}


/* A Node or Edge input, range-checked once the graph is loaded. */
static void emit_scalar_parse(cg_emit *em, const gm_param *p)
{
    const char *n = p->name;
    cg_line(em, "{");
    em->indent++;
    if (p->type->kind == GMT_NODE) { /* with --relabel, a label */
        cg_line(em, "st = gmrt_cli_node(&run, G, \"%s%s\", arg_%s, &v_%s);", shadow_prefix(n), n, n, n);
        cg_line(em, "if (st >= 0)");
        cg_line(em, "    return st;");
    } else {
        cg_line(em, "if (G->num_edges == 0) {");
        cg_line(em, "    fprintf(stderr, \"%%s: --%s: the graph has no edges\\n\", _c_prog);", n);
        cg_line(em, "    return 1;");
        cg_line(em, "}");
        cg_line(em, "int64_t x;");
        cg_line(em, "if (!gmrt_cli_int(_c_prog, \"%s\", arg_%s, 0, (int64_t)G->num_edges - 1, &x))", n, n);
        cg_line(em, "    return 2;");
        cg_line(em, "v_%s = (%s)x;", n, cg_ctype(p->type));
    }
    em->indent--;
    cg_line(em, "}");
}

void cg_main_scalar_entry(cg_emit *em, const gm_param *p, const char *node_help)
{
    gm_type_kind k = p->type->kind;
    const char *n = p->name, *tn = gm_type_kind_name(k);
    if (k == GMT_NODE)
        cg_line(em, "{\"%s\", GMRT_CLI_NODE, NULL, \"Node %s: %s\", &arg_%s, 0, 0, true},", n, n, node_help, n);
    else if (k == GMT_EDGE)
        cg_line(em, "{\"%s\", GMRT_CLI_STRING, NULL, \"Edge %s: an edge index\", &arg_%s, 0, 0, true},", n, n, n);
    else if (k == GMT_BOOL)
        cg_line(em, "{\"%s\", GMRT_CLI_BOOL, NULL, \"Bool %s: 0, 1, true or false\", &v_%s, 0, 0, true},", n, n, n);
    else if (cg_is_float(k))
        cg_line(em, "{\"%s\", GMRT_CLI_FLOAT, NULL, \"%s %s: a finite number\", &in_%s, 0, 0, true},", n, tn, n, n);
    else
        cg_line(em, "{\"%s\", GMRT_CLI_INT, NULL, \"%s %s\", &in_%s, %s, %s, true},", n, tn, n, n,
                 k == GMT_LONG ? "INT64_MIN" : "INT32_MIN", k == GMT_LONG ? "INT64_MAX" : "INT32_MAX");
}

void cg_main_range_check(cg_emit *em, const gm_param *p, const char *lo, const char *hi)
{
    gm_type_kind ek = p->type->elem->kind;
    if (ek != GMT_INT && ek != GMT_LONG)
        return;
    /* integers the type holds, with hi - lo + 1 computable */
    const char *n = p->name;
    const char *lo_s = ek == GMT_INT ? "-2147483648" : "-2305843009213693952";
    const char *hi_s = ek == GMT_INT ? "2147483647" : "2305843009213693951";
    cg_line(em, "if (!(%s >= %s.0 && %s %s && %s == (double)(int64_t)%s && %s == (double)(int64_t)%s)) {", lo, lo_s, hi,
             ek == GMT_INT ? "<= 2147483647.0" : "< 2305843009213693952.0", lo, lo, hi, hi);
    cg_line(em, "    fprintf(stderr, \"%%s: bad range '%%s' for --random-%s: expected integers from %s to %s "
                 "(the %s property %s)\\n\", _c_prog, random_%s);",
             n, lo_s, hi_s, gm_type_kind_name(ek), n, n);
    cg_line(em, "    return 2;");
    cg_line(em, "}");
}

/* Before the graph is loaded (issue 27 item 5: a typo costs no load): the
 * parser has checked the options, the files and --out; the --random-NAME
 * ranges are checked here, against the property's type. */
static void emit_checks_before_load(cg_emit *em, const gm_proc *proc)
{
    for (const gm_param *p = proc->params; p; p = p->next) {
        gm_type_kind k = p->type->kind;
        const char *n = p->name;
        if (cg_main_is_scalar(k)) {
            if (!p->is_output && (k == GMT_INT || k == GMT_LONG || cg_is_float(k)))
                cg_line(em, "v_%s = (%s)in_%s;", n, cg_ctype(p->type), n);
        } else if (cg_main_is_prop(p->type)) {
            gm_type_kind ek = p->type->elem->kind;
            bool keep = ek != GMT_BOOL; /* a Bool is a coin flip: the range is only checked */
            if (keep)
                cg_line(em, "double lo_%s = 0, hi_%s = 0;", n, n);
            cg_line(em, "if (random_%s) {", n);
            em->indent++;
            cg_line(em, "double lo, hi;");
            cg_line(em, "if (!gmrt_cli_range(_c_prog, \"%s\", random_%s, &lo, &hi))", n, n);
            cg_line(em, "    return 2;");
            cg_main_range_check(em, p, "lo", "hi");
            if (keep) {
                cg_line(em, "lo_%s = lo;", n);
                cg_line(em, "hi_%s = hi;", n);
            } else {
                cg_line(em, "(void)lo, (void)hi;");
            }
            em->indent--;
            cg_line(em, "}");
        }
    }
}

void cg_main_prop_entries(cg_emit *em, const gm_param *p)
{
    const char *n = p->name;
    const char *per = p->type->kind == GMT_EDGE_PROP ? "edge" : "node";
    const char *tn = gm_type_kind_name(p->type->elem->kind);
    cg_line(em, "{\"%s\", GMRT_CLI_FILE, NULL, \"%s_P<%s> %s: a file of values, line i for %s i\", &arg_%s, 0, 0, false},",
             n, p->type->kind == GMT_EDGE_PROP ? "E" : "N", tn, n, per, n);
    cg_line(em, "{\"random-%s\", GMRT_CLI_STRING, \"LO:HI\", \"%s: uniform random values in [LO, HI]\", &random_%s, 0, 0, false},",
             n, n, n);
}

void cg_main_random_draw(cg_emit *em, gm_type_kind ek, const char *dst)
{
    const char *ety = cg_prim_ctype(ek);
    if (cg_is_float(ek))
        cg_line(em, "    %s[i] = (%s)(lo + (hi - lo) * gmrt_uniform(&r));", dst, ety);
    else if (ek == GMT_BOOL)
        cg_line(em, "    %s[i] = gmrt_uniform(&r) < 0.5;", dst);
    else
        cg_line(em, "    %s[i] = (%s)((int64_t)lo + gmrt_rand(&r, (int64_t)hi - (int64_t)lo + 1));", dst, ety);
}

char *cg_main_usage_args(const gm_proc *proc, const char *prefix)
{
    char *u = cg_strf("%s", prefix);
    for (const gm_param *p = proc->params; p; p = p->next) {
        char *more = NULL;
        const char *sp = shadow_prefix(p->name);
        if (!p->is_output && cg_main_is_scalar(p->type->kind))
            more = cg_strf("%s --%s%s=%s", u, sp, p->name, p->type->kind == GMT_NODE ? "NODE" : "VALUE");
        else if (!p->is_output && cg_main_is_prop(p->type))
            more = cg_strf("%s [--%s%s=FILE | --random-%s=LO:HI]", u, sp, p->name, p->name);
        else if (is_node_coll_input(p))
            more = cg_strf("%s [--%s%s=FILE]", u, sp, p->name);
        if (more) {
            free(u);
            u = more;
        }
    }
    return u;
}

/* What follows "usage: PROG GRAPH": the procedure's own options. */
static char *usage_args(const gm_proc *proc, bool dev_args)
{
    char *u = cg_main_usage_args(proc, "");
    if (dev_args) {
        char *more = cg_strf("%s [--device-args]", u);
        free(u);
        u = more;
    }
    return u;
}

char *cg_main_entry(cg_emit *em, const gm_proc *proc, const char *const *locals, size_t n_locals)
{
    char *fn = cg_ident_name(proc->name);
    for (size_t i = 0; i < n_locals; i++)
        if (strcmp(fn, locals[i]) == 0) {
            cg_printf(em, "static __typeof__(%s) *const _c_entry = %s;\n\n", fn, fn);
            free(fn);
            return cg_strf("_c_entry");
        }
    return fn;
}

size_t cg_main_input_decls(cg_emit *em, const gm_proc *proc)
{
    size_t n_opts = 0;
    for (const gm_param *p = proc->params; p; p = p->next) {
        gm_type_kind k = p->type->kind;
        if (cg_main_is_scalar(k)) {
            cg_line(em, "%s v_%s = %s;", cg_ctype(p->type), p->name,
                     k == GMT_NODE ? "GMRT_NIL_NODE" : k == GMT_EDGE ? "GMRT_NIL_EDGE" : "0");
            if (p->is_output)
                continue;
            n_opts++;
            if (k == GMT_NODE || k == GMT_EDGE)
                cg_line(em, "const char *arg_%s = NULL;", p->name);
            else if (k == GMT_INT || k == GMT_LONG)
                cg_line(em, "int64_t in_%s = 0;", p->name);
            else if (cg_is_float(k))
                cg_line(em, "double in_%s = 0;", p->name);
        }
        if (cg_main_is_prop(p->type)) {
            cg_line(em, "const char *arg_%s = NULL, *random_%s = NULL;", p->name, p->name);
            n_opts += 2;
        }
        if (is_node_coll_input(p)) {
            cg_line(em, "const char *arg_%s = NULL;", p->name);
            n_opts++;
        }
    }
    return n_opts;
}

void cg_main_opt_table(cg_emit *em, const gm_proc *proc, size_t n_opts, const char *node_help, const char *extra)
{
    if (!n_opts)
        return;
    cg_line(em, "const gmrt_cli_opt opts[] = {");
    em->indent++;
    for (const gm_param *p = proc->params; p; p = p->next) {
        const char *n = p->name;
        if (cg_main_is_scalar(p->type->kind) && !p->is_output)
            cg_main_scalar_entry(em, p, node_help);
        if (cg_main_is_prop(p->type))
            cg_main_prop_entries(em, p);
        if (is_node_coll_input(p))
            cg_line(em, "{\"%s\", GMRT_CLI_FILE, NULL, \"%s %s: a file of node ids\", &arg_%s, 0, 0, false},", n,
                     gm_type_kind_name(p->type->kind), n, n);
    }
    if (extra)
        cg_line(em, "%s", extra);
    em->indent--;
    cg_line(em, "};");
}

const gm_param *cg_main_weight_input(const gm_proc *proc)
{
    const gm_param *one = NULL;
    int n = 0;
    for (const gm_param *p = proc->params; p; p = p->next)
        if (!p->is_output && p->type->kind == GMT_EDGE_PROP && is_numeric(p->type->elem->kind)) {
            n++;
            one = p;
        }
    return n == 1 ? one : NULL;
}

void cg_main_weights_as(cg_emit *em, const gm_param *p)
{
    cg_line(em, "if (!arg_%s && !random_%s) {", p->name, p->name);
    cg_line(em, "    run.load.weights_as = %s;", cg_gmrt_type(p->type->elem->kind));
    cg_line(em, "    run.load.weights_for = \"the %s property %s\";", gm_type_kind_name(p->type->elem->kind), p->name);
    cg_line(em, "}");
}

void cg_main_seed_threads(cg_emit *em)
{
    cg_line(em, "if (run.seed >= 0)");
    cg_line(em, "    gmrt_rng_seed((uint64_t)run.seed);");
    cg_line(em, "#ifdef _OPENMP");
    cg_line(em, "if (run.threads > 0)");
    cg_line(em, "    omp_set_num_threads((int)run.threads);");
    cg_line(em, "#endif");
}

void cg_main_call(cg_emit *em, const gm_proc *proc, const char *fn, bool dev_args)
{
    cg_start_line(em);
    if (proc->ret_type)
        cg_printf(em, "result = ");
    cg_printf(em, "%s(", fn);
    for (const gm_param *p = proc->params; p; p = p->next) {
        bool by_ptr = p->is_output && cg_main_is_scalar(p->type->kind);
        if (p->type->kind == GMT_GRAPH)
            cg_printf(em, "G");
        else if (dev_args && cg_main_is_prop(p->type))
            cg_printf(em, "device_args ? d_%s : v_%s", p->name, p->name);
        else
            cg_printf(em, "%sv_%s", by_ptr ? "&" : "", p->name);
        cg_printf(em, p->next ? ", " : "");
    }
    cg_printf(em, ");\n");
}

void cg_main_print_results(cg_emit *em, const gm_proc *proc, bool global_ids)
{
    if (proc->ret_type)
        print_value(em, "return", proc->ret_type->kind, "result", global_ids);
    for (const gm_param *p = proc->params; p; p = p->next)
        if (p->is_output && cg_main_is_scalar(p->type->kind)) {
            char *v = cg_strf("v_%s", p->name);
            print_value(em, p->name, p->type->kind, v, global_ids);
            free(v);
        }
}

bool cg_main_restores(const gm_proc *proc, const gm_param *p)
{
    return cg_main_is_prop(p->type) && (p->is_output || cg_proc_writes(proc, p->sym));
}

void cg_main_keep_initial(cg_emit *em, const gm_proc *proc, const gm_param *p, const char *count, const char *spare)
{
    if (!cg_main_restores(proc, p))
        return;
    const char *ety = cg_prim_ctype(p->type->elem->kind), *n = p->name;
    cg_line(em, "%s *init_%s = NULL; /* the values every later repetition starts from */", ety, n);
    cg_line(em, "if (run.repeat > 1) {");
    cg_line(em, "    init_%s = (%s *)_c_alloc((size_t)%s%s, sizeof(%s));", n, ety, count, spare, ety);
    cg_line(em, "    memcpy(init_%s, v_%s, (size_t)%s * sizeof(%s));", n, n, count, ety);
    cg_line(em, "}");
}

void cg_main_restore_initial(cg_emit *em, const gm_proc *proc, const char *(*count)(const gm_param *))
{
    bool any = false;
    for (const gm_param *p = proc->params; p; p = p->next) {
        if (!cg_main_restores(proc, p))
            continue;
        if (!any)
            cg_line(em, "if (r > 0) { /* the written properties back to their starting values */");
        any = true;
        cg_line(em, "    memcpy(v_%s, init_%s, (size_t)%s * sizeof *v_%s);", p->name, p->name, count(p), p->name);
    }
    if (any)
        cg_line(em, "}");
}

void cg_main_free_args(cg_emit *em, const gm_proc *proc)
{
    for (const gm_param *p = proc->params; p; p = p->next) {
        if (cg_main_is_prop(p->type)) {
            cg_line(em, "free(v_%s);", p->name);
            if (cg_main_restores(proc, p))
                cg_line(em, "free(init_%s);", p->name);
        } else if (p->type->kind == GMT_MAP || cg_is_collection(p->type->kind)) {
            cg_line(em, "%s(v_%s);", cg_collection_free_fn(p->type->kind), p->name);
        } else if (p->type->kind == GMT_NODE_PROP || p->type->kind == GMT_EDGE_PROP) {
            cg_line(em, "for (int64_t i = 0; i < (int64_t)%s; i++) %s(v_%s[i]);",
                     p->type->kind == GMT_EDGE_PROP ? "G->num_edges" : "G->num_nodes",
                     cg_collection_free_fn(p->type->elem->kind), p->name);
            cg_line(em, "free(v_%s);", p->name);
        }
    }
}

void cg_main(cg_emit *em, const gm_proc *proc)
{
    bool dev_args = em->tg->device_args;
    cg_printf(em, "#include <errno.h>\n\n/* ---- the driver (gmc --main): its command line and output are libgmrt's, gmrt_cli.h ---- */\n");

    /* main()'s own locals would hide a procedure of the same name: call it
     * through an alias then. */
    static const char *const locals[] = {"G", "_c_prog", "a", "argc", "argv", "best", "cnt", "count", "device_args",
                                         "err", "f", "got", "hi", "i", "id", "items", "k", "lo", "n",
                                         "name", "node", "o", "opts", "r", "result", "run", "s", "st", "status",
                                         "t", "t0", "v", "x"};
    char *fn = cg_main_entry(em, proc, locals, sizeof locals / sizeof *locals);
    cg_printf(em, "int main(int argc, char **argv)\n{\n");
    em->indent = 1;
    cg_line(em, "gmrt_cli_run run;");
    if (dev_args)
        cg_line(em, "bool device_args = false; /* property arguments in device memory */");
    size_t n_opts = (dev_args ? 1 : 0) + cg_main_input_decls(em, proc);
    cg_main_opt_table(em, proc, n_opts, "a node id (a label under --relabel)",
                      dev_args ? "{\"device-args\", GMRT_CLI_FLAG, NULL, \"property arguments in device memory (copies outside the clock)\", "
                                 "&device_args, 0, 0, false}," : NULL);
    char *u = usage_args(proc, dev_args);
    cg_line(em, "int st = gmrt_cli_parse(&run, %s, %zu, \"%s\", argc, argv);", n_opts ? "opts" : "NULL", n_opts, u + (*u == ' '));
    free(u);
    cg_line(em, "if (st >= 0)");
    cg_line(em, "    return st;");
    cg_line(em, "const char *const _c_prog = run.prog;");
    cg_line(em, "(void)_c_prog;");
    emit_checks_before_load(em, proc);
    bool undirected = false; /* a UGraph reads the file's edges both ways */
    for (const gm_param *p = proc->params; p; p = p->next)
        undirected |= p->type->kind == GMT_GRAPH && p->type->undirected;
    /* the one numeric edge input taken from the weight column: weights
     * that its type cannot hold exactly are refused by the loader */
    const gm_param *weight_input = cg_main_weight_input(proc), *weights_to = weight_input;
    if (weights_to && weights_to->type->elem->kind == GMT_DOUBLE)
        weights_to = NULL; /* a Double holds every weight */
    if (undirected)
        cg_line(em, "run.load.build.symmetrize = true; /* UGraph: each edge stored both ways, a self-loop once */");
    if (weights_to)
        cg_main_weights_as(em, weights_to);
    em->tg->main_step(em, proc, CG_MAIN_BEFORE_LOAD);
    cg_line(em, "gm_graph *G = gmrt_cli_load(&run);");
    cg_line(em, "if (!G)");
    cg_line(em, "    return 1;");
    cg_main_seed_threads(em);
    cg_line(em, "gmrt_error err;");
    cg_line(em, "gmrt_error_clear(&err);");
    cg_line(em, "int status = 0;");

    /* Scalars and nodes. */
    for (const gm_param *p = proc->params; p; p = p->next) {
        gm_type_kind k = p->type->kind;
        const char *n = p->name;
        if (cg_main_is_scalar(k)) {
            if (!p->is_output && (k == GMT_NODE || k == GMT_EDGE))
                emit_scalar_parse(em, p); /* its range needs the graph */
        } else if (cg_main_is_prop(p->type)) {
            gm_type_kind ek = p->type->elem->kind;
            const char *ety = cg_prim_ctype(ek);
            const char *count = k == GMT_EDGE_PROP ? "G->num_edges" : "G->num_nodes";
            cg_line(em, "%s *v_%s = (%s *)_c_zalloc((size_t)%s, sizeof(%s));", ety, n, ety, count, ety);
            cg_line(em, "if (arg_%s) {", n);
            cg_line(em, "    if (!gmrt_prop_load(arg_%s, %s, v_%s, (size_t)%s, &err)) {", n,
                     cg_gmrt_type(ek), n, count);
            cg_line(em, "        fprintf(stderr, \"%%s: %%s\\n\", _c_prog, err.message);");
            cg_line(em, "        return 1;");
            cg_line(em, "    }");
            cg_line(em, "} else if (random_%s) {", n);
            em->indent++;
            if (ek != GMT_BOOL) /* a Bool is a coin flip */
                cg_line(em, "double lo = lo_%s, hi = hi_%s; /* checked before the load */", n, n);
            cg_line(em, "gmrt_rng r = gmrt_rng_stream(%d);", p->sym ? p->sym->id : 0);
            cg_line(em, "for (int64_t i = 0; i < (int64_t)%s; i++)", count);
            {
                char *dst = cg_strf("v_%s", n);
                cg_main_random_draw(em, ek, dst);
                free(dst);
            }
            em->indent--;
            if (p == weight_input) {
                cg_line(em, "} else if (G->weights) {");
                cg_line(em, "    for (int64_t i = 0; i < (int64_t)G->num_edges; i++)");
                cg_line(em, "        v_%s[i] = (%s)G->weights[i];", n, ety);
                cg_line(em, "} else {");
                cg_line(em, "    fprintf(stderr, \"%%s: the graph has no weights: give --%s=FILE or --random-%s=LO:HI\\n\", _c_prog);", n, n);
                cg_line(em, "    return 1;");
            } else if (!p->is_output && k == GMT_EDGE_PROP) {
                cg_line(em, "} else {");
                cg_line(em, "    fprintf(stderr, \"%%s: give --%s=FILE or --random-%s=LO:HI\\n\", _c_prog);", n, n);
                cg_line(em, "    return 1;");
            }
            cg_line(em, "}");
            cg_main_keep_initial(em, proc, p, count, "");
        } else if (p->type->kind == GMT_GRAPH) {
            /* every graph parameter gets the loaded graph */
        } else if (p->type->kind == GMT_NODE_PROP || p->type->kind == GMT_EDGE_PROP) {
            /* a collection-valued property: empty collections */
            const gm_type *el = p->type->elem;
            const char *count = k == GMT_EDGE_PROP ? "G->num_edges" : "G->num_nodes";
            cg_line(em, "%sv_%s = (%s)_c_alloc((size_t)%s, sizeof *v_%s);", cg_ctype(p->type), n,
                     cg_ctype(p->type), count, n);
            if (el->kind == GMT_MAP)
                cg_line(em, "for (int64_t i = 0; i < (int64_t)%s; i++) v_%s[i] = gmrt_map_new(%s, %s);", count, n,
                         cg_gmrt_type(el->key->kind), cg_gmrt_type(el->val->kind));
            else if (el->kind == GMT_COLLECTION)
                cg_line(em, "for (int64_t i = 0; i < (int64_t)%s; i++) v_%s[i] = gmrt_collection_new(%s, G->num_nodes);",
                         count, n, cg_coll_kind(el->elem ? el->elem->kind : GMT_NODE_SET));
            else
                cg_line(em, "for (int64_t i = 0; i < (int64_t)%s; i++) v_%s[i] = %s(G->num_nodes);", count, n,
                         cg_collection_new_fn(el->kind));
        } else if (p->type->kind == GMT_MAP) {
            cg_line(em, "gmrt_map *v_%s = gmrt_map_new(%s, %s);", n, cg_gmrt_type(p->type->key->kind),
                     cg_gmrt_type(p->type->val->kind));
        } else if (p->type->kind == GMT_COLLECTION) {
            cg_line(em, "gmrt_collection *v_%s = gmrt_collection_new(%s, G->num_nodes);", n,
                     cg_coll_kind(p->type->elem ? p->type->elem->kind : GMT_NODE_SET));
        } else if (cg_is_collection(p->type->kind)) {
            cg_line(em, "%sv_%s = %s(G->num_nodes);", cg_ctype(p->type), n,
                     cg_collection_new_fn(p->type->kind));
            if (is_node_coll_input(p))
                load_node_coll(em, p);
        } else {
            cg_line(em, "%s v_%s = 0;", cg_ctype(p->type), n);
        }
    }

    /* Run. */
    const char *rt = proc->ret_type ? cg_ctype(proc->ret_type) : NULL;
    if (rt)
        cg_line(em, "%s result = 0;", rt);
    em->tg->main_step(em, proc, CG_MAIN_GRAPH_LOADED); /* e.g. the graph's indexes or upload, before timing */
    em->tg->main_step(em, proc, CG_MAIN_BEFORE_RUNS);
    cg_line(em, "for (int64_t r = 0; r < run.repeat; r++) {");
    em->indent++;
    cg_main_restore_initial(em, proc, cg_main_prop_count);
    em->tg->main_step(em, proc, CG_MAIN_RUN_BEGIN);
    cg_line(em, "double t0 = gmrt_time_ms();");
    cg_main_call(em, proc, fn, dev_args);
    cg_line(em, "double t = gmrt_time_ms() - t0;");
    if (undirected) { /* a refused call (gmrt_proc_error) has said why on stderr */
        cg_line(em, "if (gmrt_proc_error())");
        cg_line(em, "    return 1;");
    }
    cg_line(em, "gmrt_cli_time(&run, t);");
    em->tg->main_step(em, proc, CG_MAIN_RUN_TIMED);
    em->tg->main_step(em, proc, CG_MAIN_RUN_END);
    em->indent--;
    cg_line(em, "}");
    em->tg->main_step(em, proc, CG_MAIN_AFTER_RUNS);
    cg_line(em, "gmrt_cli_times_done(&run);");
    em->tg->main_step(em, proc, CG_MAIN_TIMES_DONE);
    cg_main_print_results(em, proc, false);
    cg_line(em, "if (run.out_dir) {");
    em->indent++;
    cg_line(em, "if (!gmrt_cli_write_labels(&run)) /* line i: node i's label */");
    cg_line(em, "    status = 1;");
    for (const gm_param *p = proc->params; p; p = p->next) {
        if (!(p->is_output || cg_proc_writes(proc, p->sym)))
            continue;
        if (is_collection_prop(p->type)) {
            write_collection_prop(em, p);
            continue;
        }
        if (!cg_main_is_prop(p->type))
            continue;
        bool edges = p->type->kind == GMT_EDGE_PROP;
        cg_line(em, "if (!gmrt_cli_write(&run, \"%s\", %s, v_%s, %s, %s))", p->name, cg_gmrt_type(p->type->elem->kind),
                 p->name, edges ? "G->num_edges" : "G->num_nodes", edges ? "true" : "false");
        cg_line(em, "    status = 1;");
    }
    em->indent--;
    cg_line(em, "}");
    cg_main_free_args(em, proc); /* keeps leak checkers quiet */
    cg_line(em, "gmrt_graph_free(G);");
    cg_line(em, "return gmrt_cli_finish(&run, status);");
    em->indent = 0;
    cg_printf(em, "}\n");
    free(fn);
}
