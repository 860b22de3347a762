/*
 * driver.h - the analyses of one function, run in one place for every
 * reader.
 *
 * A reader (src/frontend/) adds a function's graph to the module, with its
 * structure, names and positions, and hands what it read of the function
 * (graph/desc.h, tc_fn_read) to tc__analyse_function through its sink. This
 * runs, in order: SSA construction when the values are in registers
 * (ssa.h); the uniformity of the values and branches (uniformity.h); their
 * uniformity at warp granularity when a collective or a call needs it
 * (lanes.h); then it marks the uniform branches, names what each divergent
 * one depends on, keeps the replay record of the branches whose divergence
 * depends on others', judges the collectives' arguments that must agree,
 * and completes the description the interprocedural check reads
 * (calls.h). A reader never calls an analysis; the interprocedural check
 * and the solvers run on the module afterwards.
 */
#ifndef TC_ANALYSIS_DRIVER_H
#define TC_ANALYSIS_DRIVER_H

#include "graph/module.h"

/*
 * The analyses of the function in, whose graph is the last one m has (a
 * tc_fn_sink's function; ctx unused). Takes in->coll and in->desc, also on
 * failure; sets in->uniformity_s. TC_OK, TC_ENOMEM, TC_ELIMIT (too large
 * to analyse), or an error in->source returned.
 */
int tc__analyse_function(void *ctx, tc_module *m, tc_fn_read *in);

/* The sink a reader is given: tc__analyse_function. */
extern const tc_fn_sink tc__analyses;

#endif
