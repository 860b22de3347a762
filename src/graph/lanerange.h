/*
 * lanerange.h - the interval of non-negative integers a value holds, from
 * the arithmetic its lane op describes (graph/desc.h) and its operands'
 * intervals: what analysis/bounds.c finds of the thread's indices, and
 * the PTX reader of a depot's indices (frontend/ptx/ranges.c).
 *
 * Intervals stay below TC_RANGE_CAP, so that no sum, difference or
 * checked product of two of them overflows 64 bits, and hold only numbers
 * that are not negative: a number that fits the value's width reads the
 * same as signed or unsigned, and a cast to more bits (zero or sign
 * extension) keeps it.
 */
#ifndef TC_GRAPH_LANERANGE_H
#define TC_GRAPH_LANERANGE_H

#include "graph/desc.h"

#include <stdbool.h>
#include <stdint.h>

#define TC_RANGE_CAP (INT64_C(1) << 62)

typedef struct tc_range {
	int64_t lo, hi;
} tc_range;

/* Not empty, not negative, below TC_RANGE_CAP. */
bool tc__range_nonneg(tc_range r);

/* Not empty, and both ends within TC_RANGE_CAP of 0. */
bool tc__range_small(tc_range r);

/* Whether a value of bits bits (0: as wide as needed) holds every number
 * of r, and the same read as signed or unsigned (r not negative). */
bool tc__range_fits(tc_range r, uint8_t bits);

/*
 * What o computes where its operand i is in x[i] (has[i]; a constant
 * operand, TC_LOP_K0/K1, is read from o and need not be given): copies and
 * casts, +, -, *, shifts and division and remainder by what is not
 * negative, and (bounded by a non-negative operand), or, xor, the
 * unsigned minimum and selects, into *out; false where not known (another
 * op, an operand not known, a result that may not fit o's width or be
 * negative). The thread's indices and sizes are the caller's to give.
 */
bool tc__lop_range(const tc_lane_op *o, const tc_range x[2], const bool has[2], tc_range *out);

#endif
