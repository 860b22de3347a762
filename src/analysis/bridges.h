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
 * Edges i in [0, ne) join ends[2i] and ends[2i + 1] (vertices in [0, nv)).
 * Edges with removed[i] != 0 (removed may be NULL) are not in the graph.
 * is_bridge[i] is set to 1 for bridges and 0 for every other edge.
 * O(nv + ne).
 */
int tc__bridges(tc_arena *ar, uint32_t nv, uint32_t ne, const uint32_t *ends,
		const uint8_t *removed, uint8_t *is_bridge);

/*
 * Such a graph kept for cheap updates after removals. The first search
 * contracts it: a vertex with exactly two edge ends (and no self-loop) only
 * passes a path on, so every maximal path through such vertices becomes one
 * *chain*, an edge of the contracted graph between the vertices at its ends.
 * The edges of a chain lie on the same cycles: all of them are bridges or
 * none is, and when one is removed the others hang from the rest by a path
 * and are bridges. Searches then run on the contracted graph, which on
 * control-flow graphs (long runs of one-way blocks) is a fraction of the size.
 */
typedef struct tc_bridge_graph {
	tc_arena *ar;
	uint32_t nv, ne;
	const uint32_t *ends; /* needed by the first search only */
	/*
	 * The contracted graph, built by the first search: nc vertices; chains
	 * 0 .. nch between them; chain nch, the edges removed before the first
	 * search (never marked); chains nch + 1 .. nall, cycles of two-ended
	 * vertices alone (components of their own: nothing to search).
	 */
	uint32_t nc, nch, nall;
	uint32_t *chain;     /* edge i: its chain */
	uint32_t *cu, *cv;   /* chain c < nch: its end vertices */
	uint32_t *off, *inc; /* vertex v: the chains inc[off[v] .. off[v + 1]) */
	uint8_t *cflag;      /* chain c: nonzero when c is a bridge or removed */
	/* scratch for the searches, nc each */
	uint32_t *disc, *low, *via, *cursor, *stack;
	uint32_t stamp; /* disc[v] <= stamp: v not visited by this search */
} tc_bridge_graph;

int tc__bridge_graph_init(tc_arena *ar, tc_bridge_graph *bg, uint32_t nv, uint32_t ne,
			  const uint32_t *ends);
/*
 * With gone == NULL: finds the bridges of the edges not removed, and builds
 * the contracted graph. Otherwise an update: gone lists the ngone edges
 * removed since the last call (each now marked in removed). Only the
 * two-edge-connected components they were in can gain bridges (a bridge
 * stays one, and no other cycle is broken), so only those are searched,
 * through chains neither removed nor bridges: O(the size of those
 * components, contracted). When is_bridge is not NULL, all of it is written
 * with the answer, O(ne); tc__bridge_graph_is_bridge gives it edge by edge.
 */
int tc__bridges_in(tc_bridge_graph *bg, const uint8_t *removed, uint8_t *is_bridge,
		   const uint32_t *gone, uint32_t ngone);

/* After tc__bridges_in: 1 when edge i is a bridge (a removed edge is not). */
static inline uint8_t tc__bridge_graph_is_bridge(const tc_bridge_graph *bg,
						 const uint8_t *removed, uint32_t i)
{
	return (uint8_t)((bg->cflag[bg->chain[i]] != 0) & !(removed && removed[i]));
}

#endif
