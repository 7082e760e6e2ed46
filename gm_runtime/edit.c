/* edit.c: gmrt_edit.h, the edit distance of option suggestions. */
#include "gmrt_edit.h"

#include <ctype.h>
#include <string.h>

size_t gmrt_edit_distance(const char *a, size_t la, const char *b, bool fold)
{
    size_t lb = strlen(b);
    if (la > 64 || lb > 64)
        return (size_t)-1;
    size_t row[65];
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag = row[0];
        row[0] = i;
        char x = a[i - 1];
        if (fold)
            x = x == '_' ? '-' : (char)tolower((unsigned char)x);
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            char y = fold && b[j - 1] == '_' ? '-' : b[j - 1];
            size_t best = diag + (x != y);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}
