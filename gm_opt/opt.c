/* opt.c: the pass list and the pass runner.
 *
 * Order matters only for quality, never for correctness (every pass keeps
 * the program checked and any subset may run):
 *   fold first (simpler conditions for everything else; bfs_level reads
 *   its literals); minmax_loop before reduce_seq (the loop it makes
 *   parallel is then left alone: its reduction is inside it); reduce_seq turns
 *   sequential reductions into plain code; flip_edges leaves flipped
 *   reductions bound to the inner loop, so reduce_bound comes after it and
 *   settles where every reduction completes; count_linked after reduce_bound
 *   (it keeps the binding reduce_bound chose for the count); defer_lower before hoist_props so the `_nxt`
 *   properties it may create in loops get hoisted; hoist_nbr after
 *   defer_lower (whose `_nxt` writes leave the read property unwritten in
 *   the loop) and before hoist_props (which moves its new property's
 *   declaration out of sequential loops); merge_assign, fuse_across and
 *   fuse join loops once their bodies are final; prop_scalar after fuse
 *   (a `_nxt` write and its copy meet in one loop only then); dead_scalar
 *   last, to sweep what the others left unread.
 */
#include "opt.h"
#include "passes.h"

static const gmo_pass passes[] = {
    {"fold", "constant expressions are literals (computed in their declared type)", gmo_fold},
    {"minmax_loop", "a sequential loop keeping only a running min/max is a min=/max= reduction loop",
     gmo_minmax_loop},
    {"reduce_seq", "no reduction assignment outside a parallel region: plain updates instead",
     gmo_reduce_seq},
    {"flip_edges", "single-reduction neighbour loops use push or pull as documented in flip_edges.c",
     gmo_flip_edges},
    {"reduce_bound", "reductions bind to the outermost parallel loop inside their target's scope",
     gmo_reduce_bound},
    {"count_linked", "a neighbour loop counting the neighbours linked to a node is one sorted-row intersection",
     gmo_count_linked},
    {"min_label", "a minimum-label propagation loop is marked with its fixpoint (the minimum per weakly connected "
                  "component)", gmo_min_label},
    {"defer_lower", "no deferred assignment to a property bound to a Foreach: _nxt writes + swap/copy",
     gmo_defer_lower},
    {"bfs_level", "a BFS body recomputing the hop count from UpNbrs reads the traversal's level",
     gmo_bfs_level},
    {"hoist_nbr", "per-edge work that reads only the neighbour is a node property filled before the loop",
     gmo_hoist_nbr},
    {"hoist_props", "no temporary property declared inside a sequential loop body",
     gmo_hoist_props},
    {"merge_assign", "adjacent single-assignment loops over one range are one loop",
     gmo_merge_assign},
    {"fuse_across", "Foreach loops over one range with only scalar code between them are one loop",
     gmo_fuse_across},
    {"fuse", "adjacent independent Foreach loops over one range are one loop", gmo_fuse},
    {"prop_scalar", "a local node property written then read only by its own iteration of one loop is a scalar",
     gmo_prop_scalar},
    {"dead_scalar", "no pure assignment to a local scalar that is never read", gmo_dead_scalar},
    {0, 0, 0},
};

const gmo_pass *gmo_passes(void) { return passes; }

void gmo_run(gm_program *p, bool (*enabled)(const char *name, void *ctx),
             void (*after)(const gmo_pass *pass, gm_program *p, void *ctx), void *ctx)
{
    for (const gmo_pass *pass = passes; pass->name; pass++) {
        if (enabled && !enabled(pass->name, ctx))
            continue;
        pass->run(p);
        if (after)
            after(pass, p, ctx);
    }
}
