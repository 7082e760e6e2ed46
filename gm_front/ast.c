/* ast.c: placeholder, being written. */
typedef int gm_placeholder_unused;
