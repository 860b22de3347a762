/*
 * affine.h - values whose thread-dependent parts cancel: the affine
 * ("consecutive") shape of whole-function vectorisers (Karrenberg and Hack,
 * "Whole-function vectorization", CGO 2011), for the uniformity analysis
 * (docs/check.md, "Affine bounds").
 *
 * A value of the form u + k*T, u the same in every thread, T one
 * thread-dependent value and k a constant, stays thread-dependent; but the
 * difference of two such values with the same k*T is u1 - u2, and their
 * comparison is u1 against u2: `for (t = a + tid; t < b + tid; t += c)`
 * runs the same number of times in every thread. This file finds, from
 * what each value computes (graph/desc.h, tc_lane_op), the values of the
 * form U + k*T, gives each a second value that stands for its U (a phi's
 * U is a phi of its incoming values' U, in the same block), and re-wires
 * the values in which the thread terms cancel to read those. The uniformity
 * analysis then runs on that description as on any other: a U is divergent
 * when its operands are, or by control (a phi at a divergent join, a value
 * used after a loop its threads left in different iterations), exactly as
 * the value it stands for would be.
 *
 * What cancels, for every reader:
 *   - sums, differences, products by a constant and left shifts by one,
 *     truncations and copies, phis whose incoming values all have the same
 *     k*T: exact modulo 2^n however they wrap;
 *   - x - y, x == y and x != y with the same k*T on both sides: exact
 *     modulo 2^n too;
 *   - x < y (and <=, >, >=) signed, only where every sum, difference,
 *     product and shift from which x and y are made is known not to wrap
 *     (TC_LOP_NSW: LLVM IR's nsw); never unsigned, and never in PTX, which
 *     says nothing of wrapping.
 * T is the thread's index in one dimension of the block (however many
 * times it is read, widened or not: it is small and not negative), or any
 * one other value read in a block that is on no cycle (its one value per
 * thread); a global index is the block's first index plus the local one.
 */
#ifndef TC_ANALYSIS_AFFINE_H
#define TC_ANALYSIS_AFFINE_H

#include "graph/desc.h"
#include "util/mem.h"

#include <stdbool.h>
#include <stdint.h>

typedef struct tc_affine tc_affine;

/*
 * The description of f in which the thread terms cancel (op[v]: what value
 * v computes; ids: f's reads of the thread's index; block_size: the
 * block's size, 0 where unknown). *out is NULL when nothing cancels (f is
 * then the description to use). The values 0 .. f->nvalues of the result
 * are f's, with the same ids; the stand-ins for the uniform parts come
 * after. f's arrays must stay as they are while the result is used. ops:
 * f's operands (tc__ua_operands) where the caller has them, else NULL.
 * TC_OK, TC_ENOMEM or TC_ELIMIT.
 */
int tc__affine(tc_affine **out, const tc_ua_func *f, const tc_lane_op *op, const tc_ua_ops *ops,
	       const tc_thread_id *ids, uint32_t nids, const uint32_t block_size[3],
	       const tc_alloc *al);
/* The description to analyse. */
const tc_ua_func *tc__affine_func(const tc_affine *a);
/* Values of f re-wired to read uniform parts (for tests and statistics). */
uint32_t tc__affine_cancelled(const tc_affine *a);
void tc__affine_free(tc_affine *a);

#endif
