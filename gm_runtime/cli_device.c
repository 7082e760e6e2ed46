/* cli_device.c: the GPU memory check of a device program's driver
 * (gmrt_cli.h, "GPU memory"): the bytes a graph's counts need, the verdict
 * against the device's memory with its message, and GMCU_DEVICE_MEMORY.
 * Plain host C with no device call (the device runtime's query is handed
 * in), so the decision is tested without a GPU. */
#include "gmrt_cli.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t sat_add(uint64_t a, uint64_t b)
{
    return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

static uint64_t sat_mul(uint64_t a, int64_t count)
{
    uint64_t b = count > 0 ? (uint64_t)count : 0;
    return a && b > UINT64_MAX / a ? UINT64_MAX : a * b;
}

uint64_t gmrt_device_need_bytes(const gmrt_device_need *need, int64_t nodes, int64_t edges)
{
    return sat_add(need->fixed, sat_add(sat_mul(need->per_node, nodes), sat_mul(need->per_edge, edges)));
}

/* v with thousands separators: 268435456 as "268,435,456". */
static const char *grouped(int64_t v, char *buf, size_t size)
{
    char digits[32];
    int len = snprintf(digits, sizeof digits, "%" PRId64, v < 0 ? 0 : v);
    size_t o = 0;
    for (int i = 0; i < len && o + 2 < size; i++) {
        if (i > 0 && (len - i) % 3 == 0)
            buf[o++] = ',';
        buf[o++] = digits[i];
    }
    buf[o] = '\0';
    return buf;
}

/* bytes in GB (10^9, as the runtime's other memory messages), MB below a
 * GB, bytes below a MB: a small graph refused under GMCU_DEVICE_MEMORY
 * reads "12.3 MB", not "0.0 GB". */
static const char *sized(uint64_t bytes, char *buf, size_t size)
{
    if (bytes >= 1000000000u)
        snprintf(buf, size, "%.1f GB", (double)bytes / 1e9);
    else if (bytes >= 1000000u)
        snprintf(buf, size, "%.1f MB", (double)bytes / 1e6);
    else
        snprintf(buf, size, "%" PRIu64 " bytes", bytes);
    return buf;
}

gmrt_fit_verdict gmrt_device_fit(const char *prog, const char *graph, const gmrt_device_need *need, int64_t nodes,
                                 int64_t edges, bool edges_exact, const gmrt_device_memory *dev, char *msg,
                                 size_t size)
{
    uint64_t bytes = gmrt_device_need_bytes(need, nodes, edges);
    bool refused = bytes > dev->total;
    if (!refused && bytes <= dev->free)
        return GMRT_FIT_OK;
    char n_text[32], m_text[32], need_text[32], total_text[32], free_text[32], counts[96];
    grouped(nodes, n_text, sizeof n_text);
    if (edges_exact)
        snprintf(counts, sizeof counts, "%s nodes, %s edges", n_text, grouped(edges, m_text, sizeof m_text));
    else if (edges > 0)
        snprintf(counts, sizeof counts, "%s nodes, at least %s edges", n_text, grouped(edges, m_text, sizeof m_text));
    else
        snprintf(counts, sizeof counts, "%s nodes, its edges not counted yet", n_text);
    sized(bytes, need_text, sizeof need_text);
    sized(dev->total, total_text, sizeof total_text);
    sized(dev->free, free_text, sizeof free_text);
    if (!refused) {
        snprintf(msg, size,
                 "%s: warning: the graph (%s) needs at least %s of GPU memory for the arrays this program keeps "
                 "there, and GPU %d (%s) has only %s free of its %s (other processes hold the rest): the upload "
                 "may run out of memory",
                 prog, counts, need_text, dev->index, dev->name, free_text, total_text);
        return GMRT_FIT_NOT_FREE;
    }
    /* the --distributed suggestion names the program's source after its file */
    const char *base = strrchr(prog, '/');
    base = base ? base + 1 : prog;
    snprintf(msg, size,
             "%s: the graph (%s) needs at least %s of GPU memory for the arrays this program keeps there, more "
             "than GPU %d (%s) has: %s in all, %s free; a --distributed build spreads the graph over several GPUs: "
             "gmc -t cuda --distributed --main -x %s.gm, then mpirun -np P %s %s ...",
             prog, counts, need_text, dev->index, dev->name, total_text, free_text, base, prog, graph ? graph : "GRAPH");
    return GMRT_FIT_REFUSED;
}

bool gmrt_device_memory_override(const char *text, gmrt_device_memory *dev, char *msg, size_t size)
{
    if (!text || !*text)
        return true;
    char *end = NULL;
    errno = 0;
    unsigned long long v = isdigit((unsigned char)text[0]) ? strtoull(text, &end, 10) : 0;
    uint64_t scale = 1;
    if (end && *end) {
        const char *units = "KMGT";
        const char *u = strchr(units, toupper((unsigned char)*end));
        if (u && *u && end[1] == '\0')
            for (const char *k = units; k <= u; k++)
                scale *= 1000u;
        else
            end = NULL;
    }
    if (!end || errno || (scale > 1 && v > UINT64_MAX / scale)) {
        snprintf(msg, size, "GMCU_DEVICE_MEMORY='%s': expected a number of bytes (digits, optionally followed by K, M, "
                            "G or T)", text);
        return false;
    }
    dev->total = (uint64_t)v * scale;
    if (dev->free > dev->total)
        dev->free = dev->total;
    return true;
}
