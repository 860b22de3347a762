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
 * The same stand-ins carry bits: a value whose bits d may differ between
 * threads while the others are its U's (a word that packs a field the
 * same in every thread beside one that is not: a bit-field, or what a
 * caller passes, tc_affine_extra). And, or, xor, shifts by a constant,
 * unsigned remainders and quotients by a power of 2 and truncations move
 * and mask d; a sum or product carries it upward. A value whose d is
 * masked off entirely reads its operands' U: `(w >> 1) & 127` of such a
 * word whose bits 1 .. 7 are uniform is uniform.
 *
 * A caller may say that a source is U + k*T with T the thread's index
 * (tc_affine_extra.src_term: a calling context's parameter), and learn of
 * the values it passes on (roots) their uniform parts, their bits and
 * their thread terms (tc__affine_part, tc__affine_term_of).
 *
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

/* A thread term a caller passes: U + k*T, T the thread's index in dimension
 * t - 1 (t 1 .. 3) or its linear index (t 4); t 0: none. exact: U + k*T
 * without wrapping (ordered comparisons cancel). bits: its width. */
typedef struct tc_affine_term {
	uint64_t k;
	uint8_t t, exact, bits;
} tc_affine_term;

/*
 * What a caller may add (each NULL or 0 where it has none):
 *   - src_bits, per value: a source (TC_UA_SOURCE) whose bits outside
 *     src_bits[v] are the same in every thread (a calling context's
 *     parameter, part of which the caller passes uniform; 0: all may
 *     differ);
 *   - src_term, per value: a source that is U + k*T with U the same in
 *     every thread (a calling context's parameter: the caller's argument
 *     was; t 0: none), which src_bits then need not say;
 *   - roots: values whose uniform part gets a stand-in whatever reads it
 *     (tc__affine_part: what a call passes).
 */
typedef struct tc_affine_extra {
	const uint64_t *src_bits;
	const tc_affine_term *src_term;
	const uint32_t *roots;
	uint32_t nroots;
} tc_affine_extra;

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
	       const tc_affine_extra *extra, const tc_alloc *al);
/* The description to analyse. */
const tc_ua_func *tc__affine_func(const tc_affine *a);
/* For root v (tc_affine_extra): the stand-in of its uniform part in the
 * description, and in *d the bits of v that may differ from it; TC_NONE
 * where v has none (a leaf: v itself is its own). a may be NULL. */
uint32_t tc__affine_part(const tc_affine *a, uint32_t v, uint64_t *d);
/* For root v with a uniform part (tc__affine_part): whether it is U + k*T
 * with T the thread's index (*term), else term->t 0. */
void tc__affine_term_of(const tc_affine *a, uint32_t v, tc_affine_term *term);
/* Values of f re-wired to read uniform parts (for tests and statistics). */
uint32_t tc__affine_cancelled(const tc_affine *a);
void tc__affine_free(tc_affine *a);

#endif
