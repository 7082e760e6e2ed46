/* signature.c: `gmc --dump=signature` (contract in signature.h). */
#include "signature.h"

#include <stdlib.h>

#include "cg_ident.h"

/* A JSON string; names are identifiers and file names, but any byte that
 * JSON does not allow bare is escaped all the same. */
static void json_str(FILE *out, const char *s)
{
    fputc('"', out);
    for (const unsigned char *c = (const unsigned char *)(s ? s : ""); *c; c++) {
        if (*c == '"' || *c == '\\')
            fprintf(out, "\\%c", *c);
        else if (*c < 0x20)
            fprintf(out, "\\u%04x", *c);
        else
            fputc(*c, out);
    }
    fputc('"', out);
}

static const char *kind_name(gm_type_kind k)
{
    switch (k) {
    case GMT_INT: return "int";
    case GMT_LONG: return "long";
    case GMT_FLOAT: return "float";
    case GMT_DOUBLE: return "double";
    case GMT_BOOL: return "bool";
    case GMT_STRING: return "string";
    case GMT_GRAPH: return "graph";
    case GMT_NODE: return "node";
    case GMT_EDGE: return "edge";
    case GMT_NODE_PROP: return "node_prop";
    case GMT_EDGE_PROP: return "edge_prop";
    case GMT_NODE_SET: return "node_set";
    case GMT_NODE_ORDER: return "node_order";
    case GMT_NODE_SEQ: return "node_seq";
    case GMT_COLLECTION: return "collection";
    case GMT_MAP: return "map";
    default: return "unknown";
    }
}

static void json_type(FILE *out, const gm_type *t)
{
    if (!t) {
        fputs("null", out);
        return;
    }
    fprintf(out, "{\"kind\": \"%s\"", kind_name(t->kind));
    if (t->kind == GMT_GRAPH)
        fprintf(out, ", \"undirected\": %s", t->undirected ? "true" : "false");
    if (t->kind != GMT_GRAPH && t->graph && t->graph->name) {
        fputs(", \"graph\": ", out); /* the Graph argument a Node or property belongs to */
        json_str(out, t->graph->name);
    }
    if ((t->kind == GMT_NODE_PROP || t->kind == GMT_EDGE_PROP || t->kind == GMT_COLLECTION) && t->elem) {
        fputs(", \"elem\": ", out);
        json_type(out, t->elem);
    }
    if (t->kind == GMT_MAP) {
        fputs(", \"key\": ", out);
        json_type(out, t->key);
        fputs(", \"value\": ", out);
        json_type(out, t->val);
    }
    fputc('}', out);
}

static void json_c_name(FILE *out, const char *name)
{
    char *c = cg_ident_name(name);
    json_str(out, c);
    free(c);
}

void gmc_print_signature(FILE *out, const gm_program *p)
{
    fputs("{\"file\": ", out);
    json_str(out, p->filename);
    fputs(", \"procedures\": [", out);
    bool first = true;
    for (const gm_proc *proc = p->procs; proc; proc = proc->next) {
        if (proc->is_local)
            continue;
        fputs(first ? "\n  " : ",\n  ", out);
        first = false;
        fputs("{\"name\": ", out);
        json_str(out, proc->name);
        fputs(", \"c_name\": ", out);
        json_c_name(out, proc->name);
        fputs(", \"return\": ", out);
        json_type(out, proc->ret_type);
        fputs(", \"params\": [", out);
        for (const gm_param *a = proc->params; a; a = a->next) {
            fputs(a == proc->params ? "\n    " : ",\n    ", out);
            fputs("{\"name\": ", out);
            json_str(out, a->name);
            fputs(", \"c_name\": ", out);
            json_c_name(out, a->name);
            fprintf(out, ", \"output\": %s, \"type\": ", a->is_output ? "true" : "false");
            json_type(out, a->type);
            fputc('}', out);
        }
        fputs(proc->params ? "\n  ]}" : "]}", out);
    }
    fputs(first ? "]}\n" : "\n]}\n", out);
}
