/* desugar.c: placeholder, being written. */
typedef int gm_placeholder_unused;
