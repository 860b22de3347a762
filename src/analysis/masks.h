/*
 * masks.h - a warp collective's member mask that differs between the lanes
 * of the warp, yet is the same in every lane that executes the collective:
 * the mask a lane computes there is one function of values that are the
 * same in the warp, once what the branches on the way say is known
 * (docs/check.md, "Arguments that must agree").
 *
 * The case it is for is cooperative groups' binary_partition and the
 * coalesced groups made from a ballot: s = __ballot_sync(g, c), then
 * m = (s == g || s == 0) ? g : g & (s ^ (c ? 0 : ~0)), used under
 * if (c). Across the warp m differs (each side of c names itself); under
 * if (c) every lane computes g & s, the same in the lanes that are there.
 *
 * Evaluated at the collective's block N, in each lane that executes it:
 *   - a branch condition q on the way is known: the edge into a block on
 *     N's dominator path, that block's only way in, says whether q held
 *     (and so q's operands of a two-way branch: the other comparison of the
 *     same operands, its negation, the parts of an and that held);
 *   - a select whose condition is known is its chosen operand; an and with
 *     0, an or with all ones, and arithmetic on constants fold;
 *   - a value the warp's view finds the same in the warp (lanes.h) is such
 *     a value where no loop holds it without N (no lane's copy is from
 *     another iteration);
 *   - a pure operation of such values is one;
 *   - a phi at a block J that dominates N is one when each value that
 *     comes in is one and is not carried round a loop through J, and every
 *     lane there came the same way: every branch between J's immediate
 *     dominator and J, a region without cycles, tests such a value.
 * Each value so read is the lane's latest copy of it (its definition
 * dominates N, or it came in to such a phi and nothing redefines it
 * without passing J again), so the function is evaluated on one set of
 * values, the same in every lane at N.
 */
#ifndef TC_ANALYSIS_MASKS_H
#define TC_ANALYSIS_MASKS_H

#include "analysis/uniformity.h"

typedef struct tc_masks tc_masks;

/*
 * What the judgement needs of f: its dominators and loops, and each value's
 * operands. op: what each value computes; way: per block, TC_WAY_* (NULL:
 * no branch is read); wua: the warp's view (its values 0 .. f->nvalues are
 * f's); ops: f's operands (tc__ua_operands) where the caller has them,
 * else NULL. Everything must outlive the result. TC_OK or TC_ENOMEM.
 */
int tc__masks_new(tc_masks **out, const tc_ua_func *f, const tc_lane_op *op, const uint8_t *way,
		  const tc_uniformity *wua, const tc_ua_ops *ops, const tc_alloc *al);
void tc__masks_free(tc_masks *m);
/* Whether value v, used in block b, is the same in every lane of the warp
 * that executes b together (the file's comment). */
bool tc__masks_agree(tc_masks *m, uint32_t v, uint32_t b);
/* The same for value v used at graph node `node` (a collective's), in the
 * block that holds it: last[k], the last node of block k (the graph's
 * nodes are its blocks', in order). */
bool tc__masks_agree_at(tc_masks *m, const uint32_t *last, uint32_t v, uint32_t node);

#endif
