/*
 * traced.h - what a value of a described function is, followed back through
 * copies (graph/desc.h, tc_lane_op COPY): the parameter it copies, or the
 * integer constant it is. The calling contexts (calls.c) read a call's
 * arguments and a function's masks and widths so: a parameter a caller
 * passes a tile's mask, all ones or a small constant for.
 */
#ifndef TC_ANALYSIS_TRACED_H
#define TC_ANALYSIS_TRACED_H

#include "graph/desc.h"

#include <stdbool.h>
#include <stdint.h>

/* The parameter (its index) that value v of d copies, or TC_NONE; in *bits
 * (may be NULL) the fewest bits a copy on the way, or the read of the
 * parameter, keeps (0: none says): what of the caller's value v is. */
uint32_t tc__traced_param(const tc_fn_desc *d, uint32_t v, unsigned *bits);
/* The integer constant value v of d is (*k), and in *bits the fewest bits a
 * copy on the way keeps (32 at most); false: none. */
bool tc__traced_k(const tc_fn_desc *d, uint32_t v, int64_t *k, unsigned *bits);
/* Whether value v of d is the integer constant of all ones. */
bool tc__traced_ones(const tc_fn_desc *d, uint32_t v);
/* Whether the constant k reads the same in bits bits (0: any). */
bool tc__traced_fits(int64_t k, unsigned bits);

#endif
