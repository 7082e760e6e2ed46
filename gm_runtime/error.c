/* error.c: filling gmrt_error records, and facts about gmrt_type. */
#include "gmrt_base.h"

#include <stdarg.h>
#include <stdio.h>

int gmrt_edge_size(void) { return (int)sizeof(gm_edge_t); }

void gmrt_error_clear(gmrt_error *err)
{
    if (!err)
        return;
    err->code = GMRT_OK;
    err->message[0] = '\0';
}

void gmrt_error_set(gmrt_error *err, gmrt_status code, const char *fmt, ...)
{
    if (!err)
        return;
    err->code = code;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
}

/* one per thread: a refusal in one thread is not another's */
static _Thread_local char proc_error[512];
static _Thread_local bool proc_failed;

const char *gmrt_proc_error(void) { return proc_failed ? proc_error : NULL; }

void gmrt_proc_error_clear(void) { proc_failed = false; }

void gmrt_proc_fail(const char *message)
{
    snprintf(proc_error, sizeof proc_error, "%s", message);
    proc_failed = true;
    fprintf(stderr, "%s\n", message);
}

size_t gmrt_type_size(gmrt_type t)
{
    switch (t) {
    case GMRT_T_INT32: return sizeof(int32_t);
    case GMRT_T_INT64: return sizeof(int64_t);
    case GMRT_T_FLOAT: return sizeof(float);
    case GMRT_T_DOUBLE: return sizeof(double);
    case GMRT_T_BOOL: return sizeof(bool);
    case GMRT_T_NODE: return sizeof(gm_node_t);
    case GMRT_T_EDGE: return sizeof(gm_edge_t);
    }
    return 0;
}

const char *gmrt_type_name(gmrt_type t)
{
    switch (t) {
    case GMRT_T_INT32: return "int32";
    case GMRT_T_INT64: return "int64";
    case GMRT_T_FLOAT: return "float";
    case GMRT_T_DOUBLE: return "double";
    case GMRT_T_BOOL: return "bool";
    case GMRT_T_NODE: return "node";
    case GMRT_T_EDGE: return "edge";
    }
    return "unknown";
}
