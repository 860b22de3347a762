/*
 * solvers.h - the solvers (SPEC 2, docs/solvers.md), each in the file of its
 * name: basic.c, region.c (region and region-paper), linear.c, path.c,
 * exact.c (with variance.c for uniform marks); solve.c picks one for
 * tc_solve and runs the rounds of uniform marks (flow.h).
 */
#ifndef TC_ANALYSIS_SOLVERS_H
#define TC_ANALYSIS_SOLVERS_H

#include "analysis/bridges.h"
#include "analysis/flow.h"

/*
 * Solvers. Each fills node_c[v] / edge_c[e] with 1 for the live elements it
 * proves convergent (0 otherwise) on the current flow graph; sync nodes are
 * convergent. Scratch memory comes from ar.
 */
/* basic (basic.c): the branch and merge rules, paper Fig. 7; with cls_next
 * (region.c), also across the cycle-equivalent pairs it lists. */
int tc__solve_basic(tc_arena *ar, const tc_flow *f, const uint32_t *cls_next,
		    uint8_t *node_c, uint8_t *edge_c);
/* region and region-paper (region.c): basic with cycle-equivalent SESE
 * pairs, as SPEC 2.1 states it, or as the paper's Fig. 13 writes it
 * (UNSOUND, kept to show why). */
int tc__solve_region(tc_arena *ar, const tc_flow *f, uint8_t *node_c, uint8_t *edge_c);
int tc__solve_region_paper(tc_arena *ar, const tc_flow *f, uint8_t *node_c,
			   uint8_t *edge_c);
/* The bridge graph of linear and path (linear.c, path.c), as built from the flow
 * graph of n1 nodes and m1 edges; later splits are removals in it. */
typedef struct tc_linear_state {
	uint32_t n1, m1;
	uint32_t seen_n, seen_m; /* the flow graph's size at the last round */
	uint8_t *removed;          /* over m1 + n1 bridge-graph edges */
	uint8_t *cut;              /* m1: edges the path rule proved */
	tc_bridge_graph bg;
	/* path: what was convergent at its last pass (ids of that flow graph) */
	uint8_t *prev_n, *prev_e;
	uint32_t prev_len_n, prev_len_e, prev_cap_n, prev_cap_e;
} tc_linear_state;
/* What a round of linear or path leaves for the next one of the literal
 * rule, whose only changes are split edges: the bridges are updated where
 * the splits were instead of searched again. Start it zeroed, with al. */
typedef struct tc_linear_memo {
	const tc_alloc *al;
	bool ready;
	tc_arena ar; /* st's arrays */
	tc_linear_state st;
} tc_linear_memo;
void tc__linear_memo_free(tc_linear_memo *memo);
/* linear (linear.c) and path (path.c); memo may be NULL: a search from
 * scratch. */
int tc__solve_linear(tc_arena *ar, const tc_flow *f, tc_linear_memo *memo, uint8_t *node_c,
		     uint8_t *edge_c);
int tc__solve_path(tc_arena *ar, const tc_flow *f, tc_linear_memo *memo, uint8_t *node_c,
		   uint8_t *edge_c);
/* exact (exact.c) */
int tc__solve_exact(tc_arena *ar, const tc_flow *f, uint8_t *node_c, uint8_t *edge_c);
/* exact with variance (SPEC 3.1): rounds of exact, each feeding what it
 * proved back as sync points; grows f. node_c/edge_c point into ar. */
int tc__solve_exact_variance(tc_arena *ar, tc_flow *f, uint8_t **node_c, uint8_t **edge_c,
			     uint32_t *rounds);

#endif
