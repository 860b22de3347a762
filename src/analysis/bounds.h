/*
 * bounds.h - what the block's size bounds: the thread's index in the block
 * in dimension d is in [0, N_d) where N_d is the block's size there, given
 * (--block-size) or declared (reqd_work_group_size, LocalSize, .reqntid);
 * its linear index is in [0, N_x * N_y * N_z), the block's x size in
 * [1, N_x] (an OpenCL 2.0 work-group at the edge of the grid may be
 * smaller than the size declared; its indices are below that). Where only
 * the most threads a block has is declared (.maxntid X, Y, Z,
 * __launch_bounds__(M): M = X * Y * Z), that bounds the block's total, so
 * the linear index and each dimension's index are below M; a dimension's
 * own size is not bounded (a block of 16 x 16 has .maxntid 256, 1, 1's
 * 256 threads).
 *
 * From those bounds, through the arithmetic a tc_lane_op describes (copies
 * and casts, +, -, *, shifts, division and remainder by constants, and,
 * or, xor, selects), each value that is a function of the indices and
 * constants gets an interval of the non-negative numbers it may hold; an
 * integer comparison whose outcome is the same for every pair of numbers
 * in its operands' intervals (tid.x >= 256 in a block of 256: never;
 * tid.x < 1024 under .maxntid 1024: always) is the same in every thread,
 * whatever their indices.
 */
#ifndef TC_ANALYSIS_BOUNDS_H
#define TC_ANALYSIS_BOUNDS_H

#include "graph/desc.h"
#include "util/mem.h"

#include <stdbool.h>
#include <stdint.h>

/*
 * Marks in kind (f's kinds, to be changed) each comparison of f's values
 * (op[v], per value) that the bounds decide as the same in every thread
 * (TC_UA_UNIFORM, no longer a source); size: the block's size (0: not
 * known), max_threads the most threads a block has (0: not known).
 * *changed: whether any was. TC_OK or TC_ENOMEM.
 */
int tc__bounds(const tc_ua_func *f, const tc_lane_op *op, const uint32_t size[3],
	       uint32_t max_threads, uint8_t *kind, bool *changed, const tc_alloc *al);

#endif
