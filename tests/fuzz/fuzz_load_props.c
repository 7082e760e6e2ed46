/* fuzz_load_props.c: libFuzzer harness for the property file loaders (text
 * and binary, chosen by magic).  The first byte picks the value type and
 * the expected count; a failure must come with an error naming the input. */
#include "gmrt.h"

#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size)
{
    if (size == 0)
        return 0;
    gmrt_type t = (gmrt_type)(1 + data[0] % 7);
    size_t count = (size_t)(data[0] >> 3) % 9;
    int64_t values[16];
    gmrt_error err;
    if (!gmrt_prop_load_mem(data + 1, size - 1, "fuzz-input", t, values, count, &err) &&
        (err.code == GMRT_OK || !strstr(err.message, "fuzz-input")))
        abort();
    return 0;
}
