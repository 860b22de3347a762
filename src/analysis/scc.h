/*
 * scc.h - strongly connected components (Tarjan 1972, iterative).
 */
#ifndef TC_ANALYSIS_SCC_H
#define TC_ANALYSIS_SCC_H

#include "graph/digraph.h"

/*
 * comp[v] = component id of v, for every vertex; components are numbered in
 * reverse topological order (a component's successors have smaller ids).
 * cyclic (may be NULL) gets one byte per component: 1 when the component has
 * a cycle (two or more vertices, or a self-loop). Vertices with skip[v] != 0
 * (skip may be NULL) are left out: comp[v] = TC_NONE, arcs to them ignored.
 */
int tc__scc(tc_arena *ar, const tc_digraph *d, const uint8_t *skip, uint32_t *comp,
	    uint32_t *ncomp, uint8_t **cyclic);

#endif
