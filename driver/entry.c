/* entry.c: --entry validation. A file with several entry procedures gets
 * no silent pick: the user names the one to run. */
#include "entry.h"

#include <stdio.h>
#include <string.h>

static void list_entries(const gm_program *p)
{
    const char *sep = "";
    for (const gm_proc *pr = p->procs; pr; pr = pr->next)
        if (!pr->is_local) {
            fprintf(stderr, "%s%s", sep, pr->name);
            sep = ", ";
        }
}

const char *gmc_pick_entry(const gm_program *p, const char *entry)
{
    int count = 0;
    const gm_proc *only = NULL;
    for (const gm_proc *pr = p->procs; pr; pr = pr->next) {
        if (entry && strcmp(pr->name, entry) == 0) {
            if (!pr->is_local)
                return pr->name;
            fprintf(stderr, "gmc: error: --entry=%s names a Local procedure, which main() cannot call; "
                    "entry procedures: ", entry);
            list_entries(p);
            fputc('\n', stderr);
            return NULL;
        }
        if (!pr->is_local) {
            count++;
            only = pr;
        }
    }
    if (count == 0) {
        fprintf(stderr, "gmc: error: --main needs an entry (non-Local) procedure and '%s' has none\n",
                p->filename);
        return NULL;
    }
    if (entry) {
        fprintf(stderr, "gmc: error: --entry=%s: '%s' has no procedure of that name; entry procedures: ",
                entry, p->filename);
        list_entries(p);
        fputc('\n', stderr);
        return NULL;
    }
    if (count == 1)
        return only->name;
    fprintf(stderr, "gmc: error: --main needs an entry procedure chosen with --entry=NAME; '%s' has %d: ",
            p->filename, count);
    list_entries(p);
    fputc('\n', stderr);
    return NULL;
}
