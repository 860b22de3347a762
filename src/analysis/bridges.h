/*
 * bridges.h - bridges of an undirected multigraph (Tarjan 1974), iterative.
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

#endif
