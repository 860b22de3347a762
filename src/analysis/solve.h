/* solve.h - what tc_module_solve needs of tc_solve's internals. */
#ifndef TC_ANALYSIS_SOLVE_H
#define TC_ANALYSIS_SOLVE_H

#include "threadconv.h"

/* tc_solve, with the nodes where marked[v] != 0 (g->n of them) uniform too
 * (unless opt->ignore_uniform); the result keeps a copy of marked for
 * tc_result_node_uniform. marked may be NULL. */
int tc__solve_marked(tc_result **out, const tc_graph *g, const uint8_t *marked,
		     const tc_solve_options *opt, const tc_allocator *alloc, tc_diag *diag);

/* Adds an earlier solve's stats to r's: times, phases (by name) and rounds. */
void tc__result_add_stats(tc_result *r, const tc_solve_stats *earlier);

#endif
