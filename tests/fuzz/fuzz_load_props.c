/* fuzz_load_props.c: libFuzzer harness for the property file loaders (text
 * and binary).  The input is written to a file (the loaders read paths);
 * the first byte picks the value type and the expected count. */
#include "gmrt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    static char path[64];
    if (!path[0])
        snprintf(path, sizeof path, "/tmp/fuzz-props-%d", (int)getpid());
    if (size == 0)
        return 0;
    gmrt_type t = (gmrt_type)(1 + data[0] % 7);
    size_t count = (data[0] >> 3) % 9;
    FILE *f = fopen(path, "wb");
    if (!f)
        return 0;
    fwrite(data + 1, 1, size - 1, f);
    fclose(f);
    int64_t values[16];
    gmrt_error err;
    if (!gmrt_prop_load(path, t, values, count, &err) &&
        (err.code == GMRT_OK || !strstr(err.message, path)))
        abort();
    return 0;
}
