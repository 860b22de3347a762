/*
 * active.h - the edges that every lane of a warp takes together (docs/check.md,
 * "The whole warp, by __activemask()"): the side of a branch on
 * `__activemask() == 0xffffffff` (or `__popc(__activemask()) == 32`) where
 * it holds. The lanes that test it
 * together are all 32 (no lane is missing, none has exited), every branch
 * between the mask's read and the test goes the same way in the lanes of a
 * warp, so each time one lane takes that edge the whole warp takes it with
 * it: the edge is convergent for the warp, a proven element, which the
 * warp's solve may make a sync point (SPEC 1, joint convergence). A
 * full-mask collective behind it is then reached by the whole warp, also in
 * a function that only part of a warp calls.
 */
#ifndef TC_ANALYSIS_ACTIVE_H
#define TC_ANALYSIS_ACTIVE_H

#include "analysis/uniformity.h"
#include "graph/desc.h"
#include "util/mem.h"

/*
 * For f (op: what its values compute; way: per block, TC_WAY_*; last: per
 * block, the graph node its branch ends, the graph's nodes its blocks' in
 * order; wua: the warp's view of its values and branches) and its graph g:
 * sync_edge per edge of g, the edges the whole warp takes together, and
 * synced per node, every walk from the entry to it takes one; both NULL
 * when there is none (allocated with al). TC_OK or TC_ENOMEM.
 */
int tc__active_edges(const tc_ua_func *f, const tc_lane_op *op, const uint8_t *way,
		     const uint32_t *last, const tc_uniformity *wua, const tc_graph *g,
		     uint8_t **sync_edge, uint8_t **synced, const tc_alloc *al);

#endif
