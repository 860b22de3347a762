/*
 * digraph.h - the plain directed graph that the building blocks (dominators,
 * SCCs, intervals) work on: vertices 0..n-1, successors (or predecessors) in
 * CSR form. Solvers derive one from a flow graph (live part only, edges as
 * vertices for the exact solver, reversed for post-dominators).
 */
#ifndef TC_GRAPH_DIGRAPH_H
#define TC_GRAPH_DIGRAPH_H

#include "util/mem.h"

#include <stdint.h>

typedef struct tc_digraph {
	uint32_t n;
	uint32_t *off; /* n + 1 offsets */
	uint32_t *adj; /* off[n] vertex ids */
} tc_digraph;

/* The neighbours of v: adj[off[v] .. off[v+1]). */
#define TC_ADJ_BEGIN(d, v) ((d)->adj + (d)->off[(v)])
#define TC_ADJ_END(d, v) ((d)->adj + (d)->off[(v) + 1])

/* Builds a digraph from an arc list (from[i] -> to[i]), arcs of a vertex in
 * list order. */
int tc__digraph_from_arcs(tc_arena *ar, tc_digraph *out, uint32_t n, uint32_t narcs,
			  const uint32_t *from, const uint32_t *to);
/* The graph of nb blocks whose successors are succ[succ_off[b] ..
 * succ_off[b + 1]) (graph/desc.h's), with vertex nb, a successor the blocks
 * may name (the virtual exit), that has none: nb + 1 vertices. */
int tc__digraph_blocks(tc_arena *ar, tc_digraph *out, uint32_t nb, const uint32_t *succ_off,
		       const uint32_t *succ);
/* The reverse of d (predecessors). */
int tc__digraph_reverse(tc_arena *ar, tc_digraph *out, const tc_digraph *d);

#endif
