/* io_common.c: the shared machinery of io_internal.h: reading a file into
 * the program's own memory, scanning text with line numbers, parsing numbers
 * without a terminating NUL, collecting edges, and buffered writing that
 * cleans up after a failure. */
#include "io_internal.h"
#include "rt_alloc.h"

#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* ------------------------------------------------------------------ files */

static bool read_all(int fd, const char *path, gmrt_blob *b, gmrt_error *err)
{
    size_t len = 0;
    unsigned char *buf = gmrt_file_read_all(fd, &len);
    if (!buf) {
        if (errno == ENOMEM)
            gmrt_error_set(err, GMRT_E_NOMEM, "%s: out of memory reading the file", path);
        else
            gmrt_error_set(err, GMRT_E_IO, "%s: read failed: %s", path, strerror(errno));
        return false;
    }
    b->data = buf;
    b->len = len;
    b->heap = buf;
    return true;
}

bool gmrt_blob_open(const char *path, gmrt_blob *b, gmrt_error *err)
{
    memset(b, 0, sizeof *b);
    if (strcmp(path, "-") == 0) /* standard input, read once as a stream */
        return read_all(STDIN_FILENO, "<stdin>", b, err);
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        gmrt_error_set(err, GMRT_E_IO, "%s: cannot open: %s", path, strerror(errno));
        return false;
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        gmrt_error_set(err, GMRT_E_IO, "%s: cannot stat: %s", path, strerror(errno));
        close(fd);
        return false;
    }
    bool ok = true;
    if (S_ISDIR(st.st_mode)) {
        gmrt_error_set(err, GMRT_E_IO, "%s: is a directory, expected a graph file", path);
        ok = false;
    } else if (S_ISREG(st.st_mode) && st.st_size > 0) {
        /* Private and writable: pages are copied only if someone writes,
         * which lets a loaded graph's arrays live in the mapping. */
        void *m = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
        if (m == MAP_FAILED) {
            ok = read_all(fd, path, b, err);
        } else {
            b->map = m;
            b->map_len = (size_t)st.st_size;
            b->data = m;
            b->len = (size_t)st.st_size;
            b->fd = fd; /* kept for gmrt_blob_own and gmrt_blob_finish */
            b->has_fd = true;
            b->size0 = (int64_t)st.st_size;
            b->mtime0_s = (int64_t)st.st_mtim.tv_sec;
            b->mtime0_ns = (int64_t)st.st_mtim.tv_nsec;
            return true;
        }
    } else {
        /* pipes, devices, and regular files without a size (/proc, sysfs),
         * whose contents only a read shows */
        ok = read_all(fd, path, b, err);
    }
    close(fd);
    return ok;
}

/* Reads [0, size) of fd into dst, several threads at once (each faults in
 * its own part of dst). Returns size, or where the file ended when it is
 * now shorter (the first chunk's short read), or -1 with errno. */
static int64_t pread_all(int fd, unsigned char *dst, size_t size)
{
    const size_t chunk = (size_t)1 << 26;
    const int64_t nchunks = (int64_t)((size + chunk - 1) / chunk);
    int64_t end = (int64_t)size;
    int failed = 0;
#pragma omp parallel for schedule(dynamic, 1) if(nchunks > 1)
    for (int64_t k = 0; k < nchunks; k++) {
        size_t at = (size_t)k * chunk, want = size - at < chunk ? size - at : chunk, got = 0;
        while (got < want) {
            ssize_t r = pread(fd, dst + at + got, want - got, (off_t)(at + got));
            if (r < 0 && errno == EINTR)
                continue;
            if (r <= 0) {
#pragma omp critical(gmrt_pread_all)
                {
                    if (r < 0 && !failed)
                        failed = errno;
                    if ((int64_t)(at + got) < end)
                        end = (int64_t)(at + got);
                }
                break;
            }
            got += (size_t)r;
        }
    }
    if (failed) {
        errno = failed;
        return -1;
    }
    return end;
}

/* Whether fd's file still has the size and modification time b saw. */
static bool file_unchanged(const gmrt_blob *b, int fd)
{
    struct stat st;
    return fstat(fd, &st) == 0 && (int64_t)st.st_size == b->size0 && (int64_t)st.st_mtim.tv_sec == b->mtime0_s &&
           (int64_t)st.st_mtim.tv_nsec == b->mtime0_ns;
}

static void changed_error(const char *name, gmrt_error *err)
{
    gmrt_error_set(err, GMRT_E_IO,
                   "%s: the file changed while it was being read (rewritten in place?): run again once it is "
                   "complete",
                   name);
}

bool gmrt_blob_finish(gmrt_blob *b, const char *name, bool ok, gmrt_error *err)
{
    if (ok && b->has_fd && !file_unchanged(b, b->fd)) {
        changed_error(name, err);
        ok = false;
    }
    gmrt_blob_close(b);
    return ok;
}

bool gmrt_blob_own(gmrt_blob *b, const char *name, gmrt_error *err)
{
    if (!b->map || !b->has_fd || b->keep_file_pages)
        return true;
    /* the file's pages go first: never both at once (an address-space
     * limit counts the mapping too) */
    const size_t size = b->map_len;
    munmap(b->map, size);
    b->map = NULL;
    b->data = NULL;
    b->len = 0;
    void *m = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED) {
        gmrt_error_set(err, GMRT_E_NOMEM, "%s: out of memory: cannot allocate %zu bytes for its contents", name, size);
        return false;
    }
    int64_t got = pread_all(b->fd, m, size);
    if (got < 0 || !file_unchanged(b, b->fd)) {
        if (got < 0)
            gmrt_error_set(err, GMRT_E_IO, "%s: read failed: %s", name, strerror(errno));
        else
            changed_error(name, err);
        munmap(m, size);
        return false;
    }
    close(b->fd);
    b->has_fd = false;
    b->map = m;
    b->map_len = size;
    b->data = m;
    b->len = (size_t)got;
    return true;
}

void gmrt_blob_drop_bytes(gmrt_blob *b)
{
    if (b->map)
        munmap(b->map, b->map_len);
    free(b->heap);
    b->map = NULL;
    b->map_len = 0;
    b->heap = NULL;
    b->data = NULL;
    b->len = 0;
}

void gmrt_blob_close(gmrt_blob *b)
{
    gmrt_blob_drop_bytes(b);
    if (b->has_fd)
        close(b->fd);
    memset(b, 0, sizeof *b);
}

/* ------------------------------------------------------------------- text */

void gmrt_scan_init(gmrt_scan *s, const gmrt_load_ctx *c)
{
    s->start = s->p = (const char *)c->blob->data;
    s->end = s->p + c->blob->len;
    s->name = c->name;
    s->line = 1;
    s->err = c->err;
    s->progress = &c->opt->progress;
    s->next_report = s->p + (1 << 24);
    s->weights_as = c->opt->weights_as;
    s->weights_for = c->opt->weights_for;
}

bool gmrt_weight_fits(double w, gmrt_type t, char *expected, size_t size)
{
    /* the text only when w does not fit: this runs once per edge */
    switch (t) {
    case GMRT_T_INT32:
        if (w >= (double)INT32_MIN && w <= (double)INT32_MAX && w == trunc(w))
            return true;
        snprintf(expected, size, "an integer from %d to %d", (int)INT32_MIN, (int)INT32_MAX);
        return false;
    case GMRT_T_INT64: /* 2^63 itself is out of range */
        if (w >= -9223372036854775808.0 && w < 9223372036854775808.0 && w == trunc(w))
            return true;
        snprintf(expected, size, "an integer from %" PRId64 " to %" PRId64, INT64_MIN, INT64_MAX);
        return false;
    case GMRT_T_FLOAT:
        if (isnan(w) || isinf(w) || fabs(w) <= (double)FLT_MAX)
            return true;
        snprintf(expected, size, "a finite value within the range of float");
        return false;
    default:
        return true;
    }
}

void gmrt_scan_next_line(gmrt_scan *s)
{
    const char *nl = memchr(s->p, '\n', (size_t)(s->end - s->p));
    s->p = nl ? nl + 1 : s->end;
    s->line++;
    if (s->p >= s->next_report) {
        gmrt_report(s->progress, "parsing", (double)(s->p - s->start) / (double)(s->end - s->start));
        s->next_report = s->p + (1 << 24);
    }
}

bool gmrt_scan_token(gmrt_scan *s, const char **tok, size_t *len)
{
    if (gmrt_scan_eol(s))
        return false;
    const char *q = s->p;
    while (q < s->end && *q != ' ' && *q != '\t' && *q != '\r' && *q != '\n' && *q != '\v' && *q != '\f')
        q++;
    *tok = s->p;
    *len = (size_t)(q - s->p);
    s->p = q;
    return true;
}

const char *gmrt_scan_quote(const char *tok, size_t len, char *buf, size_t size)
{
    size_t n = 0;
    for (size_t i = 0; i < len && n + 4 < size; i++) {
        unsigned char ch = (unsigned char)tok[i];
        buf[n++] = (ch >= 32 && ch < 127) ? (char)ch : '?';
    }
    if (len > 0 && n < len && size >= 4) { /* shortened */
        buf[n++] = '.';
        buf[n++] = '.';
        buf[n++] = '.';
    }
    buf[n] = '\0';
    return buf;
}

void gmrt_scan_error(gmrt_scan *s, gmrt_status code, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    gmrt_error_set(s->err, code, "%s:%zu: %s", s->name, s->line, msg);
}

gmrt_num_status gmrt_parse_i64(const char *tok, size_t len, int64_t *out)
{
    size_t i = 0;
    bool neg = false;
    if (i < len && (tok[i] == '+' || tok[i] == '-'))
        neg = tok[i++] == '-';
    if (i == len)
        return GMRT_NUM_BAD;
    uint64_t v = 0;
    bool overflow = false;
    for (; i < len; i++) {
        unsigned d = (unsigned)(unsigned char)tok[i] - '0';
        if (d > 9)
            return GMRT_NUM_BAD;
        if (v > (UINT64_MAX - d) / 10)
            overflow = true; /* keep scanning: "123abc" is BAD, not OVERFLOW */
        else
            v = v * 10 + d;
    }
    if (overflow || v > (uint64_t)INT64_MAX + (neg ? 1 : 0))
        return GMRT_NUM_OVERFLOW;
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    return GMRT_NUM_OK;
}

gmrt_num_status gmrt_parse_double(const char *tok, size_t len, double *out, bool *integral)
{
    int64_t iv;
    gmrt_num_status st = gmrt_parse_i64(tok, len, &iv);
    if (st == GMRT_NUM_OK) { /* the common case, and exact */
        *out = (double)iv;
        *integral = true;
        return GMRT_NUM_OK;
    }
    char buf[80];
    if (len == 0 || len >= sizeof buf)
        return GMRT_NUM_BAD;
    memcpy(buf, tok, len);
    buf[len] = '\0';
    char *endp;
    errno = 0;
    double v = strtod(buf, &endp);
    if (endp != buf + len || isnan(v))
        return GMRT_NUM_BAD;
    if (errno == ERANGE && isinf(v))
        return GMRT_NUM_OVERFLOW;
    /* an integer too long for int64 is still an integer */
    size_t i = (buf[0] == '+' || buf[0] == '-') ? 1 : 0;
    bool digits = i < len;
    for (; i < len; i++)
        digits = digits && buf[i] >= '0' && buf[i] <= '9';
    *out = v;
    *integral = digits;
    return GMRT_NUM_OK;
}

bool gmrt_scan_node_id(gmrt_scan *s, int base, const char *what, gm_node_t *out)
{
    const char *tok;
    size_t len;
    char q[48];
    if (!gmrt_scan_token(s, &tok, &len)) {
        gmrt_scan_error(s, GMRT_E_FORMAT, "expected a %s, found the end of the line", what);
        return false;
    }
    int64_t v;
    gmrt_num_status st = gmrt_parse_i64(tok, len, &v);
    if (st == GMRT_NUM_BAD) {
        gmrt_scan_error(s, GMRT_E_FORMAT, "expected a %s (an integer), found '%s'", what,
                        gmrt_scan_quote(tok, len, q, sizeof q));
        return false;
    }
    if (st == GMRT_NUM_OVERFLOW || v < base || v - base >= GMRT_NODE_MAX) {
        gmrt_scan_error(s, GMRT_E_RANGE, "%s '%s' out of range: expected %d to %" PRId64, what,
                        gmrt_scan_quote(tok, len, q, sizeof q), base, (int64_t)GMRT_NODE_MAX - 1 + base);
        return false;
    }
    *out = (gm_node_t)(v - base);
    return true;
}

bool gmrt_scan_weight(gmrt_scan *s, const char *what, double *out, bool *integral)
{
    const char *tok;
    size_t len;
    char q[48];
    if (!gmrt_scan_token(s, &tok, &len)) {
        gmrt_scan_error(s, GMRT_E_FORMAT, "expected %s, found the end of the line", what);
        return false;
    }
    gmrt_num_status st = gmrt_parse_double(tok, len, out, integral);
    if (st != GMRT_NUM_OK) {
        gmrt_scan_error(s, st == GMRT_NUM_BAD ? GMRT_E_FORMAT : GMRT_E_RANGE, "expected %s (a number), found '%s'",
                        what, gmrt_scan_quote(tok, len, q, sizeof q));
        return false;
    }
    char expected[96];
    if (s->weights_as && !gmrt_weight_fits(*out, s->weights_as, expected, sizeof expected)) {
        gmrt_scan_error(s, GMRT_E_RANGE, "weight '%s' does not fit %s (%s): expected %s",
                        gmrt_scan_quote(tok, len, q, sizeof q), s->weights_for ? s->weights_for : "the weights",
                        gmrt_type_name(s->weights_as), expected);
        return false;
    }
    return true;
}

bool gmrt_scan_line_end(gmrt_scan *s, const char *after)
{
    const char *tok;
    size_t len;
    char q[48];
    if (gmrt_scan_token(s, &tok, &len)) {
        gmrt_scan_error(s, GMRT_E_FORMAT, "expected the end of the line after %s, found '%s'", after,
                        gmrt_scan_quote(tok, len, q, sizeof q));
        return false;
    }
    return true;
}

/* ------------------------------------------------------------------ edges */

bool gmrt_edge_buf_reserve(gmrt_edge_buf *b, size_t cap, bool weighted)
{
    if (cap < b->len)
        return false;
    if (cap > SIZE_MAX / sizeof(double))
        return false;
    gm_node_t *s = realloc(b->src, cap * sizeof *s);
    if (!s)
        return false;
    b->src = s;
    gm_node_t *d = realloc(b->dst, cap * sizeof *d);
    if (!d)
        return false;
    b->dst = d;
    if (weighted) {
        double *w = realloc(b->w, cap * sizeof *w);
        if (!w)
            return false;
        b->w = w;
    }
    b->cap = cap;
    return true;
}

void gmrt_edge_buf_free(gmrt_edge_buf *b)
{
    free(b->src);
    free(b->dst);
    free(b->w);
    memset(b, 0, sizeof *b);
}

static int cmp_node(const void *a, const void *b)
{
    gm_node_t x = *(const gm_node_t *)a, y = *(const gm_node_t *)b;
    return (x > y) - (x < y);
}

/* Relabelling while building (gmrt_graph_load_relabelled): the nodes with
 * an edge become 0..k-1 in increasing id order, as gmrt_graph_relabel()
 * numbers them after a load, but without an array as long as the largest
 * id.  Self-loops the build drops give their node no edge, as there. */
static bool relabel_edges(gmrt_edge_buf *b, const gmrt_load_ctx *c, gm_node_t *n)
{
    const gmrt_load_options *opt = c->opt;
    if (opt->build.drop_self_loops) {
        size_t j = 0;
        for (size_t i = 0; i < b->len; i++)
            if (b->src[i] != b->dst[i]) {
                b->src[j] = b->src[i];
                b->dst[j] = b->dst[i];
                if (b->w)
                    b->w[j] = b->w[i];
                j++;
            }
        b->len = j;
    }
    gm_node_t *ids = gmrt_alloc_array(b->len, 2 * sizeof *ids);
    if (!ids)
        return false;
    for (size_t i = 0; i < b->len; i++) {
        ids[2 * i] = b->src[i];
        ids[2 * i + 1] = b->dst[i];
    }
    qsort(ids, 2 * b->len, sizeof *ids, cmp_node);
    size_t k = 0;
    for (size_t i = 0; i < 2 * b->len; i++)
        if (k == 0 || ids[i] != ids[k - 1])
            ids[k++] = ids[i];
    int64_t *labels = gmrt_alloc_array(k, sizeof *labels);
    if (!labels) {
        free(ids);
        return false;
    }
    for (size_t i = 0; i < k; i++)
        labels[i] = (int64_t)ids[i] + opt->index_base;
    free(ids);
    for (size_t i = 0; i < b->len; i++) { /* every id is a label now */
        b->src[i] = gmrt_node_of_label(labels, (gm_node_t)k, (int64_t)b->src[i] + opt->index_base);
        b->dst[i] = gmrt_node_of_label(labels, (gm_node_t)k, (int64_t)b->dst[i] + opt->index_base);
    }
    *c->labels = labels;
    *n = (gm_node_t)k;
    return true;
}

gm_graph *gmrt_edge_buf_build(gmrt_edge_buf *b, gm_node_t n, bool weights_integral, const gmrt_load_ctx *c)
{
    /* the text is parsed: its bytes go before the rows are built beside the
     * edges (the peak is the larger of text + edges and edges + rows) */
    gmrt_blob_drop_bytes(c->blob);
    const gmrt_load_options *opt = c->opt;
    gmrt_error *err = c->err;
    if (c->labels && !relabel_edges(b, c, &n)) {
        gmrt_error_set(err, GMRT_E_NOMEM, "%s: out of memory relabelling %zu edges", c->name, b->len);
        gmrt_edge_buf_free(b);
        return NULL;
    }
    int64_t max_id = -1;
    for (size_t i = 0; i < b->len; i++) {
        if (b->src[i] > max_id)
            max_id = b->src[i];
        if (b->dst[i] > max_id)
            max_id = b->dst[i];
    }
    if (!gmrt_check_node_limit(n, c->name, opt, err) ||
        !gmrt_check_sparse_ids(n, (int64_t)b->len, max_id, c->name, opt, err) ||
        !gmrt_check_graph_memory(n, (int64_t)b->len, b->w != NULL, max_id, c->name, opt, err)) {
        gmrt_edge_buf_free(b);
        return NULL;
    }
    gmrt_report(&opt->progress, "building", 0.0);
    gm_graph *g = gmrt_graph_from_edges(n, b->len, b->src, b->dst, b->w, &opt->build, err);
    gmrt_edge_buf_free(b);
    if (!g && c->labels) {
        free(*c->labels);
        *c->labels = NULL;
    }
    if (g && g->weights)
        g->weights_integral = weights_integral;
    gmrt_report(&opt->progress, "building", 1.0);
    return g;
}

/* ---------------------------------------------------------------- writing */

bool gmrt_writer_open(gmrt_writer *w, const char *path, gmrt_error *err)
{
    w->path = path;
    w->len = 0;
    w->failed = false;
    w->f = gmrt_file_create(&w->file, path);
    if (!w->f) {
        gmrt_error_set(err, GMRT_E_IO, "%s: cannot create: %s", path, strerror(errno));
        return false;
    }
    return true;
}

void gmrt_writer_flush(gmrt_writer *w)
{
    if (w->len && fwrite(w->buf, 1, w->len, w->f) != w->len) {
        w->failed = true;
        gmrt_file_note_error(&w->file, errno);
    }
    w->len = 0;
}

void gmrt_writer_bytes(gmrt_writer *w, const void *data, size_t len)
{
    if (w->len + len > sizeof w->buf)
        gmrt_writer_flush(w);
    if (len > sizeof w->buf) { /* big arrays go straight through */
        if (fwrite(data, 1, len, w->f) != len) {
            w->failed = true;
            gmrt_file_note_error(&w->file, errno);
        }
        return;
    }
    if (len)
        memcpy(w->buf + w->len, data, len);
    w->len += len;
}

void gmrt_writer_str(gmrt_writer *w, const char *s) { gmrt_writer_bytes(w, s, strlen(s)); }

void gmrt_writer_i64(gmrt_writer *w, int64_t v)
{
    char tmp[24];
    int n = 0;
    uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    do {
        tmp[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        tmp[n++] = '-';
    char out[24];
    for (int i = 0; i < n; i++)
        out[i] = tmp[n - 1 - i];
    gmrt_writer_bytes(w, out, (size_t)n);
}

void gmrt_writer_double(gmrt_writer *w, double v)
{
    if (v == trunc(v) && fabs(v) < 9007199254740992.0) { /* 2^53: exact */
        gmrt_writer_i64(w, (int64_t)v);
        return;
    }
    char tmp[40];
    int n = isinf(v) ? snprintf(tmp, sizeof tmp, v > 0 ? "inf" : "-inf") : snprintf(tmp, sizeof tmp, "%.17g", v);
    gmrt_writer_bytes(w, tmp, (size_t)n);
}

void gmrt_writer_printf(gmrt_writer *w, const char *fmt, ...)
{
    char tmp[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n > 0)
        gmrt_writer_bytes(w, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

/* Pieces copied by one thread at a time: big enough that a copy costs far
 * more than scheduling it, small enough to share a 100 MB array out. */
#define PARALLEL_WRITE_CHUNK ((size_t)256 << 10)

bool gmrt_writer_parallel(gmrt_writer *w, uint64_t size, const gmrt_out_piece *pieces, int count)
{
    if (!w->file.tmp || w->len != 0 || w->failed || size == 0 || size > (uint64_t)SIZE_MAX ||
        size > (uint64_t)INT64_MAX)
        return false;
    for (int i = 0; i < count; i++)
        if (pieces[i].at > size || pieces[i].len > size - pieces[i].at)
            return false;
    int fd = fileno(w->f);
    if (fd < 0 || fflush(w->f) != 0 || ftell(w->f) != 0)
        return false;
    if (posix_fallocate(fd, 0, (off_t)size) != 0) {
        (void)ftruncate(fd, 0);
        return false;
    }
    unsigned char *map = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (map == MAP_FAILED) {
        (void)ftruncate(fd, 0);
        return false;
    }
    /* chunk k of all the pieces together, in order */
    int64_t chunks = 0;
    for (int i = 0; i < count; i++)
        chunks += (int64_t)((pieces[i].len + PARALLEL_WRITE_CHUNK - 1) / PARALLEL_WRITE_CHUNK);
#pragma omp parallel for schedule(dynamic, 1)
    for (int64_t k = 0; k < chunks; k++) {
        int64_t skip = k;
        int i = 0;
        for (;; i++) {
            int64_t in_piece = (int64_t)((pieces[i].len + PARALLEL_WRITE_CHUNK - 1) / PARALLEL_WRITE_CHUNK);
            if (skip < in_piece)
                break;
            skip -= in_piece;
        }
        size_t off = (size_t)skip * PARALLEL_WRITE_CHUNK;
        size_t len = pieces[i].len - off < PARALLEL_WRITE_CHUNK ? pieces[i].len - off : PARALLEL_WRITE_CHUNK;
        memcpy(map + pieces[i].at + off, (const unsigned char *)pieces[i].data + off, len);
    }
    if (munmap(map, (size_t)size) != 0) { /* cannot happen for a valid mapping */
        w->failed = true;
        gmrt_file_note_error(&w->file, errno);
    }
    /* the FILE must not write over the mapped bytes: move it to the end */
    if (fseeko(w->f, (off_t)size, SEEK_SET) != 0) {
        w->failed = true;
        gmrt_file_note_error(&w->file, errno);
    }
    return true;
}

bool gmrt_writer_close(gmrt_writer *w, gmrt_error *err)
{
    gmrt_writer_flush(w);
    int e = gmrt_file_commit(&w->file);
    w->f = NULL;
    if (e) {
        gmrt_error_set(err, GMRT_E_IO, "%s: write failed: %s (the file was left as it was)", w->path, strerror(e));
        return false;
    }
    return true;
}
