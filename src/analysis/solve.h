/* solve.h - what tc_module_solve needs of tc_solve's internals. */
#ifndef TC_ANALYSIS_SOLVE_H
#define TC_ANALYSIS_SOLVE_H

#include "threadconv.h"

/* tc_solve, with the nodes where marked[v] != 0 (g->n of them) uniform too
 * (unless opt->ignore_uniform), and each edge where sync_edge[e] != 0 (g->m
 * of them) split by a sync node: an edge proven convergent otherwise (the
 * whole warp takes it: active.h). The result keeps a copy of marked for
 * tc_result_node_uniform. marked and sync_edge may be NULL. */
int tc__solve_marked(tc_result **out, const tc_graph *g, const uint8_t *marked,
		     const uint8_t *sync_edge, const tc_solve_options *opt,
		     const tc_allocator *alloc, tc_diag *diag);

/* tc__solve_marked (marked, sync_edge may be NULL), then the refinement of
 * tc_module_solve with the replay record d (NULL: none): what
 * tc_module_solve does with a graph's own marks and record, for marks and a
 * record of another calling context (analysis/calls.h). With dead_edge
 * (per edge, or NULL; not with opt's ignore_uniform): the edges that
 * branches going one way do not take (decided.h); such a branch is
 * uniform, its values are not divergent on its account, and the result
 * has the edges taken out (tc__result_drop). */
struct tc_uniformity_deps;
int tc__solve_refined(tc_result **out, const tc_graph *g, const uint8_t *marked,
		      const uint8_t *sync_edge, const struct tc_uniformity_deps *d,
		      const uint8_t *dead_edge, const tc_solve_options *opt,
		      const tc_allocator *alloc, tc_diag *diag);

/* Adds an earlier solve's stats to r's: times, phases (by name) and rounds. */
void tc__result_add_stats(tc_result *r, const tc_solve_stats *earlier);
/* tc_module_solve of graph i of m for its aligned groups of 2^span lanes
 * (1 .. 4; a masked collective's view: tc_graph_info's coll_span), with
 * opt's group a warp's; the warp's solve where the graph has no such view
 * (what a whole warp reaches together, each of its groups does). */
int tc__module_solve_lanes(tc_result **out, tc_module *m, size_t i, int span,
			   const tc_solve_options *opt, const tc_allocator *alloc, tc_diag *diag);

/* r's graph with the edges where dead_edge[e] != 0 taken out: those edges,
 * and the nodes no walk from the entry reaches without them, and their
 * out-edges, dead (branches that go one way: decided.h). TC_OK or
 * TC_ENOMEM. */
int tc__result_drop(tc_result *r, const uint8_t *dead_edge);

#endif
