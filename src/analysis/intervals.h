/*
 * intervals.h - Allen-Cocke intervals (F. E. Allen, "Control flow analysis",
 * 1970): the unique partition of the vertices reachable from entry into
 * maximal single-entry regions, each headed by its only entry vertex.
 */
#ifndef TC_ANALYSIS_INTERVALS_H
#define TC_ANALYSIS_INTERVALS_H

#include "graph/digraph.h"

/* header[v] = the header of v's interval; TC_NONE when v is unreachable.
 * Only arcs from reachable vertices count as predecessors. */
int tc__intervals(tc_arena *ar, const tc_digraph *succ, const tc_digraph *pred,
		  uint32_t entry, uint32_t *header);

#endif
