/*
 * ssa.h - SSA form for a function written with registers that are assigned
 * many times (PTX), as the description the uniformity analysis reads
 * (uniformity.h).
 *
 * A front end fills a tc_reg_func: the blocks and their successors (as in
 * tc_ua_func, block id nblocks the virtual exit), the instructions in block
 * order with the register each writes (TC_NONE: none) and those it reads,
 * and each block's branch register. A predicated write keeps the old value
 * where its predicate is false: the front end lists the predicate and the
 * register itself among what the instruction reads. tc__ssa places phis
 * at the iterated dominance frontiers of each register's writes (Cytron et
 * al., TOPLAS 1991; frontiers as Cooper, Harvey and Kennedy compute them),
 * only where the register is live (pruned SSA: a dead phi costs and tells
 * nothing), and renames along the dominator tree, with explicit stacks.
 * Values are the instructions (same ids), then the phis; a read with no write on some
 * way to it is not a use (the register is undefined there), so a phi may
 * have fewer operands than its block has predecessors. Blocks the entry
 * does not reach see only their own writes.
 *
 * A front end whose input is in SSA form already, but for some variables
 * in memory (SPIR-V), reads its own values directly: an operand
 * TC_SSA_VALUE | i reads instruction i's value, wherever i is, and is not
 * renamed; its phis are instructions of kind TC_UA_PHI at the start of
 * their block whose operands are all such values, op_block giving the
 * block each comes from. Only the variables are registers.
 */
#ifndef TC_ANALYSIS_SSA_H
#define TC_ANALYSIS_SSA_H

#include "analysis/lanes.h"
#include "graph/desc.h"


/* The SSA form: f describes it (its arrays live in the result). */
typedef struct tc_ssa {
	tc_alloc al;
	tc_arena ar;
	tc_ua_func f;
	uint32_t nphis;      /* values ninsts .. ninsts + nphis - 1 */
	uint32_t *phi_reg;   /* per phi: its register */
	uint32_t *cond_value; /* per block: the value its branch tests, TC_NONE */
	/* per value when tc_reg_func.lane is given (phis placed here: TC_LOP_PHI),
	 * else NULL */
	tc_lane_op *lop;
} tc_ssa;

/* TC_OK, TC_ENOMEM, TC_ELIMIT, or TC_EINVAL when the instructions are not
 * in block order. */
int tc__ssa(tc_ssa **out, const tc_reg_func *rf, const tc_alloc *al);
void tc__ssa_free(tc_ssa *s);

#endif
