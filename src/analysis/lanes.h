/*
 * lanes.h - which values are the same in every lane of one warp (or
 * sub-group, or AMDGPU wavefront) although they differ across the block:
 * the uniformity of values at warp granularity, for the operations that
 * need only their warp converged (docs/check.md, "Collectives").
 *
 * A warp is a run of consecutive threads of the block, warp-size of them.
 * When the block's x size is a whole number of warps (or the block is one
 * row), a thread's x index is base + lane: lane its place in the warp, base
 * a multiple of the warp size that every lane of the warp shares. So
 * tid.x >> 5, tid.x / 32, tid.x & ~31 and tid.x < 64 are the same in every
 * lane of a warp of 32, while tid.x & 31 and tid.x == 0 are not; tid.y and
 * tid.z are the same in a warp too. The front end says what each value
 * computes (a tc_lane_op per value of its tc_ua_func); this file finds the
 * values of the form base + lane (an optimistic fixpoint over known trailing
 * zero bits, sign and constants), gives each a second value that stands for
 * its base, and re-wires the uses: x >> 5 depends on x's base, not on x.
 * The uniformity analysis then runs on that description as on any other,
 * control divergence and all, with the thread group being a warp.
 *
 * With the warp size unknown (SPIR-V, spir64: sub-groups of any size) only
 * the front end's own warp-level facts remain (a sub-group id, a vote's
 * result): thread ids are divergent as at block level.
 */
#ifndef TC_ANALYSIS_LANES_H
#define TC_ANALYSIS_LANES_H

#include "analysis/uniformity.h"


/* The shape of the threads: lanes per warp (a power of two; 0: unknown) and
 * the block's size where known (0: unknown); the groups whose uniformity
 * is found: aligned groups of group lanes of each warp (a power of two
 * below warp: a partitioned warp's tiles; 0: the warp); way: per block
 * TC_WAY_* or NULL, for the values the mask evaluator proves the same in a
 * group (tc__lanes_group_mask). */
typedef struct tc_lane_geom {
	uint32_t warp;
	uint32_t size[3];
	uint32_t group;
	const uint8_t *way;
} tc_lane_geom;

typedef struct tc_lanes tc_lanes;

/*
 * The uniformity of f's values and branches at warp granularity (or at
 * geom's group's); a population count that the mask evaluator
 * (tc__lanes_group_mask) finds the same in every lane of each group (the
 * lane count of a partitioned warp's tile, popc of its mask) is the same
 * there, whatever its operand; op[v]
 * says what value v computes; ops: f's operands (tc__ua_operands) where the
 * caller has them, else NULL (made here). f's arrays, and ops's, must stay
 * as they are while the result is used. TC_OK, TC_ENOMEM or TC_ELIMIT.
 */
int tc__lanes(tc_lanes **out, const tc_ua_func *f, const tc_lane_op *op,
	      const tc_lane_geom *geom, const tc_ua_ops *ops, const tc_alloc *al);
void tc__lanes_free(tc_lanes *l);
/* The analysis run on the warp-level description: its values 0 .. nvalues
 * are f's (query them with tc__uniformity_value, _branch, _source, and
 * record it with tc__uniformity_record); the bases come after. */
tc_uniformity *tc__lanes_uniformity(tc_lanes *l);
/* Whether a thread-id value was taken to be base + lane, or tid.y, tid.z to
 * be the same in a warp, on the assumption that the block's x size is a
 * whole number of warps (no size was given). */
bool tc__lanes_assumed(const tc_lanes *l);
/* Whether value v is base + lane at l's granularity, the base a multiple of
 * the group's lanes and the same in the group: 0 no; else bit 7 set, bit 0
 * where it is a small index not negative (below 2^24: a thread's index in
 * its block), and in bits 1 .. 6 a bound: the value is in [0, 2^bound)
 * (0: none known). */
int tc__lanes_lane(const tc_lanes *l, uint32_t v);
/* What both of two such answers say: base + lane where both are, small
 * where both are, bounded by the larger bound where both are bounded. */
int tc__lanes_lane_meet(int a, int b);
/*
 * Whether value v, a warp collective's member mask, names in every lane
 * exactly that lane's aligned group of 2^k lanes (the same k in the whole
 * warp), as the tiles of a partitioned warp pass it: cooperative groups'
 * tiled_partition<16> (0xffff << (laneid & ~15)), a hand-written
 * 0xffff << (lane & 16); tiled_partition(parent, 16)'s at run time,
 * whose length min(size() - (rank & ~15), 16) is 16 when the block's x
 * size is a whole number of warps. Found by evaluating the mask in each
 * lane from the lane index, tid.x where it is base + lane, the block's
 * sizes and indices (what bounds what), the lane masks (%lanemask_lt)
 * and constants, through the arithmetic op[] describes, population counts,
 * and phis whose incoming values agree in every lane over the edges a lane
 * may come along (way, per block TC_WAY_* or NULL: an edge that a branch
 * known the same in every lane does not take is left out; a thread_group
 * made from a tile of 32 by tiled_partition(tile, 16) tests the tile's
 * size, 32, before it makes the mask of 16); or the result of
 * __match_any_sync (the lanes of its mask that hold the same value:
 * labeled_partition's and binary_partition's mask). Anything else (a
 * parameter, a load, a size not known) is no. al: scratch. The answer in
 * *out; TC_OK or TC_ENOMEM.
 *
 * And, where span is not NULL, who must reach the operation together: the
 * log2 of the smallest aligned group of lanes that holds, in every lane,
 * the lanes its mask names, where the evaluation knows the mask in every
 * lane (4: a tile of 16, or the constant 0xffff; 5: lanes in both halves
 * of the warp); -1 where it does not (a match's result, a parameter, a
 * mask of no lane). Every aligned group of that size reaching the
 * operation together is every lane's named lanes doing so.
 */
int tc__lanes_group_mask(tc_lanes *l, uint32_t v, const uint8_t *way, const tc_alloc *al,
			 bool *out, int *span);
/* The same span for a member mask that is the 32-bit constant k (-1: not
 * a constant, or no lane). */
int tc__lanes_const_span(int64_t k);


#endif
