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

/* tc_lane_op.op */
enum {
	TC_LOP_OTHER = 0, /* nothing known: its uses decide, as at block level */
	TC_LOP_COPY,      /* a[0] unchanged (casts: zext, sext, trunc, freeze) */
	TC_LOP_ADD,
	TC_LOP_SUB,
	TC_LOP_MUL,
	TC_LOP_SHL,
	TC_LOP_LSHR,
	TC_LOP_ASHR,
	TC_LOP_UDIV,
	TC_LOP_SDIV,
	TC_LOP_UREM,
	TC_LOP_SREM,
	TC_LOP_AND,
	TC_LOP_OR,
	TC_LOP_XOR,
	TC_LOP_EQ, /* integer comparisons: a[0] against a[1] */
	TC_LOP_NE,
	TC_LOP_ULT,
	TC_LOP_ULE,
	TC_LOP_UGT,
	TC_LOP_UGE,
	TC_LOP_SLT,
	TC_LOP_SLE,
	TC_LOP_SGT,
	TC_LOP_SGE,
	TC_LOP_PHI,    /* its incoming values are its uses; k[0] (TC_LOP_K0): the
			* one constant that comes in besides, TC_LOP_KANY: others */
	TC_LOP_TID_X,  /* the thread's x index in the block (tid.x, get_local_id(0)) */
	TC_LOP_TID_Y,
	TC_LOP_TID_Z,
	TC_LOP_NTID_X, /* the block's x size (ntid.x, get_local_size(0)) */
	TC_LOP_TID_LINEAR, /* the thread's linear index in the block
			    * (get_local_linear_id()): warps are runs of it,
			    * whatever the block's shape */
	TC_LOP_NONNEG, /* not negative, nothing else known (a block index, a
			* size) */
	TC_LOP_WARP,   /* the same in every lane of a warp whatever its operands
			* (a sub-group id, a vote's or a warp reduction's result) */
	TC_LOP_BROADCAST /* the same in every lane when a[0] is (a shuffle from
			  * one lane to the whole warp: its source lane) */
};

/* tc_lane_op.flags */
#define TC_LOP_K0 1u   /* operand 0 is the constant k[0] (a[0] is TC_NONE) */
#define TC_LOP_K1 2u   /* operand 1 is the constant k[1] */
#define TC_LOP_NSW 4u  /* add, sub, mul, shl: no signed wrap */
#define TC_LOP_KANY 8u /* phi: a value that is not one of the function's
			* values, other than k[0], comes in */
/* A cast to fewer bits than a warp has lanes' worth (log2) is not a copy of
 * base + lane: give bits, or op TC_LOP_OTHER. */

/* What a value computes. An operand is a value id (a[i]), a constant
 * (TC_LOP_K0/K1, sign-extended to 64 bits), or neither (TC_NONE: something
 * the same in every thread, not known, such as a global's address). */
typedef struct tc_lane_op {
	uint8_t op;
	uint8_t flags;
	uint8_t bits; /* the value's width in bits; 0: unknown */
	uint32_t a[2];
	int64_t k[2];
} tc_lane_op;

/* The shape of the threads: lanes per warp (a power of two; 0: unknown) and
 * the block's size where known (0: unknown). */
typedef struct tc_lane_geom {
	uint32_t warp;
	uint32_t size[3];
} tc_lane_geom;

typedef struct tc_lanes tc_lanes;

/*
 * The uniformity of f's values and branches at warp granularity; op[v]
 * says what value v computes. f's arrays must stay as they are while the
 * result is used. TC_OK, TC_ENOMEM or TC_ELIMIT.
 */
int tc__lanes(tc_lanes **out, const tc_ua_func *f, const tc_lane_op *op,
	      const tc_lane_geom *geom, const tc_alloc *al);
void tc__lanes_free(tc_lanes *l);
/* The analysis run on the warp-level description: its values 0 .. nvalues
 * are f's (query them with tc__uniformity_value, _branch, _source, and
 * record it with tc__uniformity_record); the bases come after. */
tc_uniformity *tc__lanes_uniformity(tc_lanes *l);
/* Whether a thread-id value was taken to be base + lane, or tid.y, tid.z to
 * be the same in a warp, on the assumption that the block's x size is a
 * whole number of warps (no size was given). */
bool tc__lanes_assumed(const tc_lanes *l);

#endif
