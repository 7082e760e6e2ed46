/* tests/runtime/test_gmp_damage.c: damaged .gmp parts are refused with a
 * message, never a crash or a broken graph (no MPI: the format code is
 * MPI-free, gm_runtime/dist/gmd_gmp.c).  Parts of two awkward graphs
 * (tests/mpi/graphs.h: self-loops and duplicates, weighted, relabelled; a
 * hub) for P = 3 and 1 are built in process and written; then every
 * header byte and every 4th byte after it is flipped (0x80 as is, 0x01 and
 * 0xff resealed):
 *   - as is: the part must be refused (the checksum or a header check);
 *   - resealed (the checksum recomputed): refused with a message naming
 *     the file, or read as a part whose local graph passes
 *     gmrt_graph_check and whose ids stay in range.
 * The intact parts must read back.  Usage: test_gmp_damage [DIR]. */
#include "gmd.h"
#include "gmd_part.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../mpi/graphs.h"

static int failures;

static bool put_file(const char *path, const unsigned char *b, size_t len)
{
    FILE *f = fopen(path, "wb");
    bool ok = f && fwrite(b, 1, len, f) == len;
    if (f && fclose(f) != 0)
        ok = false;
    return ok;
}

static unsigned char *get_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    *len = (size_t)ftell(f);
    rewind(f);
    unsigned char *b = malloc(*len + 1);
    if (b && fread(b, 1, *len, f) != *len) {
        free(b);
        b = NULL;
    }
    fclose(f);
    return b;
}

/* A read part that was accepted must be usable. */
static bool sane(const gmd_graph *G)
{
    gmrt_error err;
    if (!gmrt_graph_check(G->local, &err))
        return false;
    for (gm_node_t l = 0; l < gmd_num_local(G); l++) {
        int64_t gid = gmd_global_id(G, l);
        if (gid < 0 || gid >= G->global_nodes || gmd_local_id(G, gid) != l)
            return false;
    }
    for (int p = 0; p < G->size; p++)
        for (gm_node_t i = 0; i < G->send_count[p]; i++)
            if (G->send_idx[p][i] < 0 || G->send_idx[p][i] >= G->num_owned)
                return false;
    return true;
}

static void damage(const char *path, int rank, int P, const char *tmp)
{
    size_t len = 0;
    unsigned char *orig = get_file(path, &len);
    if (!orig) {
        fprintf(stderr, "cannot read back %s\n", path);
        failures++;
        return;
    }
    unsigned char *b = malloc(len);
    /* resealed: 0x01 and 0xff; as is: 0x80 (the checksum's test) */
    static const unsigned char pat[3] = { 0x01, 0xff, 0x80 };
    int accepted = 0, refused = 0;
    for (size_t i = 0; i < len; i += i < 320 ? 1 : 4) /* every header byte, every 4th after */
        for (int k = 0; k < 3; k++) {
            int reseal = k < 2;
            memcpy(b, orig, len);
            b[i] ^= pat[k];
            bool in_sum = i >= 104 && i < 112;
            if (reseal && in_sum)
                continue;
            if (reseal) {
                uint64_t c = gmd_gmp_checksum_(b, len);
                for (int j = 0; j < 8; j++)
                    b[104 + j] = (unsigned char)(c >> (8 * j));
        }
            if (!put_file(tmp, b, len)) {
                fprintf(stderr, "cannot write %s\n", tmp);
                failures++;
                goto out;
        }
            gmrt_error err;
            gmrt_error_clear(&err);
            gmd_graph *G = gmd_gmp_read_(tmp, rank, P, NULL, &err);
            if (G) {
                accepted++;
                if (!reseal || !sane(G)) {
                    if (failures++ < 10)
                        fprintf(stderr, "%s: byte %zu ^ 0x%02x%s accepted%s\n", path, i, pat[k],
                                reseal ? " (resealed)" : "", reseal ? " with a broken graph" : "");
                }
            } else {
                refused++;
                if (!strstr(err.message, tmp) && failures++ < 10)
                    fprintf(stderr, "%s: byte %zu: the message does not name the file: %s\n", path, i,
                            err.message);
        }
            gmd_graph_free(G);
        }
    printf("%s: %zu bytes, %d damaged copies refused, %d resealed ones accepted as sane parts\n", path, len, refused,
           accepted);
out:
    free(b);
    free(orig);
}

int main(int argc, char **argv)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", argc > 1 ? argv[1] : "/tmp/gmc-gmp-damage-XXXXXX");
    if (argc <= 1 && !mkdtemp(dir)) {
        perror("mkdtemp");
        return 99;
    }
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s/damaged.gmp", dir);
    static const int graphs[] = { 2, 3 }, ranks[] = { 3, 1 };
    for (size_t gi = 0; gi < 2; gi++) {
        int P = ranks[gi];
        const char *name;
        gm_graph *g = test_graph(graphs[gi], &name);
        gmd_load_options opt = { .policy = GMD_POLICY_BOTH, .relabel = graphs[gi] == 2, .relabel_seed = 3 };
        gmrt_error err;
        gmd_graph **parts = calloc((size_t)P, sizeof *parts);
        int64_t **gg = calloc((size_t)P, sizeof *gg);
        gm_node_t **gb = calloc((size_t)P, sizeof *gb);
        for (int r = 0; r < P; r++) {
            parts[r] = gmd_part_local_(g, r, P, &opt, &err);
            if (!parts[r]) {
                fprintf(stderr, "partition: %s\n", err.message);
                return 99;
            }
            gg[r] = parts[r]->ghost_gid;
            gb[r] = parts[r]->ghost_begin;
        }
        for (int r = 0; r < P; r++) {
            char path[4200];
            snprintf(path, sizeof path, "%s/g%d.%d.gmp", dir, graphs[gi], r);
            if (!gmd_part_fill_send_lists_(parts[r], gg, gb, &err) ||
                !gmd_gmp_write_(parts[r], opt.relabel_seed, 1, path, &err)) {
                fprintf(stderr, "%s\n", err.message);
                return 99;
            }
            gmd_graph *back = gmd_gmp_read_(path, r, P, NULL, &err);
            if (!back || !sane(back)) {
                fprintf(stderr, "%s: the intact part does not read back: %s\n", path, back ? "" : err.message);
                failures++;
            }
            gmd_graph_free(back);
            damage(path, r, P, tmp);
            unlink(path);
        }
        for (int r = 0; r < P; r++)
            gmd_graph_free(parts[r]);
        free(parts), free(gg), free(gb);
        gmrt_graph_free(g);
    }
    unlink(tmp);
    if (argc <= 1)
        rmdir(dir);
    printf("test_gmp_damage: %s\n", failures ? "FAIL" : "ok");
    return failures ? 1 : 0;
}
