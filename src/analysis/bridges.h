/*
 * bridges.h - bridges of an undirected multigraph (Tarjan 1974), iterative,
 * and their update when edges are removed.
 * Parallel edges are never bridges; self-loops are never bridges.
 */
#ifndef TC_ANALYSIS_BRIDGES_H
#define TC_ANALYSIS_BRIDGES_H

#include "util/mem.h"

#include <stdint.h>

/*
 * Edges i in [0, ne) join eu[i] and ev[i] (vertices in [0, nv)). Edges with
 * removed[i] != 0 (removed may be NULL) are not in the graph. is_bridge[i]
 * is set to 1 for bridges and 0 for every other edge. O(nv + ne).
 */
int tc__bridges(tc_arena *ar, uint32_t nv, uint32_t ne, const uint32_t *eu,
		const uint32_t *ev, const uint8_t *removed, uint8_t *is_bridge);

/*
 * The incidence lists of such a graph, built once, for a first tc__bridges_in
 * and cheap updates after removals.
 */
typedef struct tc_bridge_graph {
	uint32_t nv, ne;
	const uint32_t *eu, *ev;
	uint32_t *off, *inc; /* vertex v: the edges inc[off[v] .. off[v + 1]) */
	/* scratch for the searches, nv each */
	uint32_t *disc, *low, *via, *cursor, *stack;
	uint32_t stamp; /* disc[v] <= stamp: v not visited by this search */
} tc_bridge_graph;

int tc__bridge_graph_init(tc_arena *ar, tc_bridge_graph *bg, uint32_t nv, uint32_t ne,
			  const uint32_t *eu, const uint32_t *ev);
/*
 * With nroots == 0: is_bridge := the bridges of the edges not removed (all
 * of is_bridge is written). Otherwise an update: is_bridge holds the
 * bridges before some edges were removed, roots holds both ends of each of
 * them; only the two-edge-connected components they were in can gain
 * bridges (a bridge stays one, and no other cycle is broken), so only those
 * are searched, through edges neither removed nor bridges. O(the size of
 * those components), plus O(1) per vertex for the first search.
 */
int tc__bridges_in(tc_bridge_graph *bg, const uint8_t *removed, uint8_t *is_bridge,
		   const uint32_t *roots, uint32_t nroots);

#endif
