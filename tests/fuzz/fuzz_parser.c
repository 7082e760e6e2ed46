/* fuzz_parser.c: libFuzzer harness of the front end. Parses each input;
 * when it has no error, prints the tree and checks that the printed text
 * parses again without error and prints the same (the printer's round-trip
 * promise), then runs the checker, and on a valid program desugaring and
 * location inference, so that no stage may crash on any parseable input.
 * Diagnostics go to /dev/null. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "front.h"

static FILE *devnull;

/* Prints p into a malloc'd string. */
static char *print_to_string(const gm_program *p, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    if (!f)
        abort();
    gmf_print_program(f, p);
    fclose(f);
    return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!devnull)
        devnull = fopen("/dev/null", "w");
    gm_diag_reset();
    gm_diag_set_stream(devnull);

    gm_program *p = gmf_parse_buffer("fuzz.gm", (const char *)data, size);
    if (gm_error_count() == 0) {
        size_t len1 = 0, len2 = 0;
        char *once = print_to_string(p, &len1);
        gm_diag_reset();
        gm_program *again = gmf_parse_buffer("printed.gm", once, len1);
        /* Temporaries ('_' names) never come out of the parser, so the
         * printed program must be valid and stable. */
        if (gm_error_count() != 0) {
            fprintf(stderr, "printed program does not parse:\n%s\n", once);
            abort();
        }
        char *twice = print_to_string(again, &len2);
        if (len1 != len2 || memcmp(once, twice, len1) != 0) {
            fprintf(stderr, "print is not stable:\n%s\n---\n%s\n", once, twice);
            abort();
        }
        free(twice);
        free(once);
        gm_program_free(again);
        gm_diag_reset();
        gm_diag_set_stream(devnull);
        if (gmf_check(p) && gm_error_count() == 0) {
            gmf_infer_locations(p);
            gmf_desugar(p);
            if (gm_error_count() == 0) {
                size_t len3 = 0;
                free(print_to_string(p, &len3));
            }
        }
    }
    gm_program_free(p);
    gm_diag_reset();
    return 0;
}
