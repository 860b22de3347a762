/*
 * desc.h - what a reader describes of a function besides its graph: the
 * uniformity description of its values (tc_ua_func, or tc_reg_func where
 * they are registers), what each computes (for the warp's view and the
 * thread terms that cancel), its
 * collectives with the tests of their arguments, its parameters, returns
 * and calls of the module's other functions (tc_fn_read). The reader hands
 * it to the one driver of the analyses (analysis/driver.h), which runs them
 * over the function and keeps in the module what the interprocedural check
 * (analysis/calls.h) reads to judge a callee's barriers and collectives in
 * every calling context (tc_fn_desc). A reader never calls an analysis.
 */
#ifndef TC_GRAPH_DESC_H
#define TC_GRAPH_DESC_H

#include "threadconv.h"
#include "util/mem.h"

#include <stdbool.h>
#include <stdint.h>

/* tc_ua_func.kind[v], bits */
enum {
	TC_UA_SOURCE = 1,  /* differs between threads whatever its operands */
	TC_UA_UNIFORM = 2, /* divergent operands do not make it divergent (a
			    * barrier's or collective's result) */
	TC_UA_PHI = 4,     /* a phi of its block: divergent at a join */
	TC_UA_NAMED = 8,   /* a source that check names in its notes */
	TC_UA_PURE = 16    /* a function of its operands only (arithmetic, casts,
			    * compares, selects, address arithmetic): the same in
			    * every iteration of a cycle when its operands are */
};

typedef struct tc_ua_func {
	uint32_t nblocks;
	const uint32_t *succ_off; /* nblocks + 1 */
	const uint32_t *succ;     /* block ids; nblocks: the virtual exit */
	/* per block: the value its branch depends on, TC_NONE when all threads
	 * go the same way (one successor, a constant condition) */
	const uint32_t *cond;
	uint32_t nvalues;
	const uint32_t *block; /* per value: where it is defined; TC_NONE: an argument */
	const uint8_t *kind;   /* per value: TC_UA_* bits */
	const uint32_t *use_off;   /* nvalues + 1 */
	const uint32_t *user;      /* per use: the using value, TC_NONE if none */
	const uint32_t *use_block; /* per use: the block of the use, TC_NONE if none */
	/* per value below nkclass, or NULL: values that hold one value share an
	 * id (one integer constant of one width: the first such value; a copy:
	 * its source's), the others their own. A phi whose values from the
	 * ways of a divergent branch all share one id is not divergent on its
	 * account (PTX: nvcc writes a flag's constant, or a copy of one
	 * register, on each side of a branch). */
	const uint32_t *kclass;
	uint32_t nkclass;
} tc_ua_func;

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
	TC_LOP_BROADCAST, /* the same in every lane when a[0] is (a shuffle from
			   * one lane to the whole warp: its source lane);
			   * where cond is a value, only when it is the full
			   * mask, and where a[1] is, only when it is k[1] (a
			   * shuffle's mask and clamp in registers: lanes.h
			   * finds them constants, else it is TC_LOP_OTHER);
			   * with a[1] TC_NONE, k[1] is the clamp operand (0:
			   * the whole warp's). A clamp that sets segments of
			   * the warp makes it the same in each segment, where
			   * the mask holds the lane's segment (lanes.h) */
	TC_LOP_LANE, /* the lane's index in its warp (%laneid), 0 .. warp size - 1 */
	TC_LOP_SELECT, /* cond ? a[0] : a[1] (the operands as above; cond a value) */
	TC_LOP_MATCH,  /* __match_any_sync's result: the lanes of its mask that
			* hold the same value as this one (a partition of them) */
	TC_LOP_NTID_Y, /* the block's y size (ntid.y, get_local_size(1)) */
	TC_LOP_NTID_Z, /* the block's z size */
	TC_LOP_UMIN,   /* the unsigned minimum of a[0] and a[1] (min.u32, llvm.umin) */
	TC_LOP_POPC,   /* the bits set in a[0] (popc, llvm.ctpop): analysis/active.h */
	TC_LOP_LANEMASK, /* the lanes of the warp as they compare with this one's
			  * index (%lanemask_lt: those below it); k[0] says how
			  * (TC_LANEMASK_*, no TC_LOP_K0: it is no operand) */
	TC_LOP_LANED /* base + lane, the base a multiple of the warp size and the
		      * same in the warp, whatever its operands: a call whose
		      * callee's context returns such a value (analysis/calls.c,
		      * never a reader's); k[0] bit 0 where it is also below
		      * 2^24 and not negative (a thread's index in its block),
		      * bits 1 .. 6 b: it is in [0, 2^b) (0: not known) */
};

/* TC_LOP_LANEMASK's k[0]: the lanes equal to, at most, below, at least,
 * above the lane's own index; or (TC_LANEMASK_GROUP) those of the aligned
 * group of 2^k[1] lanes that holds it (a partitioned warp's member mask
 * that every caller passes: analysis/calls.c, never a reader's) */
enum { TC_LANEMASK_EQ, TC_LANEMASK_LE, TC_LANEMASK_LT, TC_LANEMASK_GE, TC_LANEMASK_GT,
       TC_LANEMASK_GROUP };

/* tc_lane_op.flags */
#define TC_LOP_K0 1u   /* operand 0 is the constant k[0] (a[0] is TC_NONE) */
#define TC_LOP_K1 2u   /* operand 1 is the constant k[1] */
#define TC_LOP_NSW 4u  /* add, sub, mul, shl: no signed wrap */
#define TC_LOP_KANY 8u /* phi: a value that is not one of the function's
			* values, other than k[0], comes in */
#define TC_LOP_ACTIVE 32u /* warp: the lanes of the warp active here, as the
			   * lanes that read it together see them
			   * (__activemask(), activemask.b32; analysis/active.h) */
#define TC_LOP_PART 64u /* other: a[0] with its k[1] bytes from byte k[0] on
			* replaced by a[1]'s low bytes (a PTX call's
			* argument stored a part at a time: only the bits
			* that may differ are read of it, analysis/affine.h) */
#define TC_LOP_TRUNC 16u /* copy: a[0]'s low bits, to no more bits than it has
			  * (trunc, a move, a cvt to a narrower type):
			  * sums modulo 2^bits stay sums through it; a copy
			  * without it may widen (zext, sext) */
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
	uint32_t cond; /* TC_LOP_SELECT's condition (else unused); before k,
			* which it would pad to 40 bytes after: 32 (one per value) */
	int64_t k[2];
} tc_lane_op;

/*
 * A function written with registers that are assigned many times (PTX), or
 * in SSA form but for variables in memory (SPIR-V): what analysis/ssa.h
 * turns into a tc_ua_func (see there).
 */
typedef struct tc_reg_func {
	uint32_t nblocks;
	const uint32_t *succ_off; /* nblocks + 1 */
	const uint32_t *succ;     /* block ids; nblocks: the virtual exit */
	uint32_t nregs;
	uint32_t ninsts;
	const uint32_t *block;  /* per instruction, non-decreasing */
	const uint8_t *kind;    /* per instruction: TC_UA_* bits (TC_UA_PHI: see above) */
	const uint32_t *def;    /* per instruction: the register written, or TC_NONE */
	const uint32_t *op_off; /* ninsts + 1 */
	const uint32_t *op;     /* the registers read (or TC_SSA_VALUE | instruction) */
	const uint32_t *cond;   /* per block: the register its branch tests, or TC_NONE */
	/* per operand of a TC_UA_PHI instruction: the block it comes from; NULL
	 * when there is no such instruction */
	const uint32_t *op_block;
	/* per instruction, or NULL: what it computes for the warp's view
	 * (analysis/lanes.h) and the thread terms that cancel
	 * (analysis/affine.h), its a[] (and a select's cond) naming operands by their place in the
	 * instruction's list (0 is op[op_off[i]]); tc_ssa.lop gets it with
	 * each a[] the value read there */
	const tc_lane_op *lane;
} tc_reg_func;

/* An operand that is instruction i's value: TC_SSA_VALUE | i (i < 2^31 - 1). */
#define TC_SSA_VALUE 0x80000000u

/*
 * How the uniformity of the branches depends on which divergent branches
 * turn out to be effectively uniform (all their out-edges convergent: every
 * thread takes the same edge), for tc_module_solve (SPEC 3.1; made by analysis/uniformity.h). Vertices
 * are the values, then one per block (its branch), then vertices that stand
 * for a set of values several branches make divergent; an arc goes from a
 * value to each user it passes divergence to, from a condition to its
 * branch, and from a divergent branch to every value its divergence makes
 * divergent (or to such a set). A branch is divergent when it is reachable
 * from a seed without passing through an effectively uniform branch.
 */
typedef struct tc_uniformity_deps {
	uint32_t nbranch; /* the divergent branches */
	uint32_t *node;   /* per branch: its graph node */
	uint32_t *term;   /* per branch: its vertex */
	uint32_t nvalues; /* vertices; 0 when no branch's divergence depends on another's */
	uint32_t *off;    /* nvalues + 1 */
	uint32_t *arc;
	uint32_t *seed;
	uint32_t nseed;
} tc_uniformity_deps;

/* Frees d (allocated with al), NULL included. */
struct tc_alloc;
void tc__uniformity_deps_free(const struct tc_alloc *al, tc_uniformity_deps *d);

/* A call of another function of the module. */
typedef struct tc_call_site {
	uint32_t callee; /* the callee's graph index in the module; TC_NONE: unknown
			  * (declared only, through a pointer, not read) */
	uint32_t node;   /* the call's barrier node, when the callee executes a
			  * barrier (TC_NODE_BARRIER); else TC_NONE */
	uint32_t value;  /* the call's result in the description; TC_NONE: none */
	uint32_t arg_off; /* its arguments: tc_fn_desc.arg[arg_off ..
			   * arg_off + nargs), each a value id or TC_NONE (a
			   * constant, a global: the same in every thread) */
	uint32_t nargs;
	uint32_t in_node; /* the node the call is in (its barrier node if any) */
	uint32_t block;   /* the block the call is in */
	tc_loc loc; /* where it is; file NULL when unknown */
} tc_call_site;

/* What a collective of the function (tc_module_collective, same index)
 * depends on in a calling context. */
typedef struct tc_coll_desc {
	/* its mask is this parameter, as the caller passes it (a full mask
	 * from every caller makes it checked); TC_NONE: it is not */
	uint32_t mask_param;
	/* its one argument that must agree and may be a value (agree_arg, an
	 * index) and the value whose divergence in the group makes it differ;
	 * TC_NONE: the reader's verdict stands */
	uint32_t agree;
	uint32_t agree_arg;
	/* agree_arg is the member mask of a warp's collective: a calling
	 * context where it is a partitioned warp's tile mask
	 * (tc__lanes_group_mask in the caller) makes it agree */
	bool agree_mask;
	/* its member mask is this integer constant, where it is no value
	 * (LLVM IR's; from its tc_arg_test); else -1 */
	int64_t mask_k;
	/* a call's (tc_collective.call): the call, its index in
	 * tc_fn_desc.calls; else TC_NONE */
	uint32_t call_site;
} tc_coll_desc;

/*
 * A function as its reader describes it, for graph i of a module: f as
 * tc__uniformity reads it; the values that read a parameter (of kind
 * TC_UA_SOURCE in a function that is not a kernel: who calls it with what
 * is a calling context's to say: LLVM IR's arguments, PTX's ld.param, a
 * SPIR-V OpFunctionParameter), and every call of a defined function with
 * its result of kind TC_UA_SOURCE (the callee's to say). Owned by the
 * module; every array allocated with the module's allocator.
 */
typedef struct tc_fn_desc {
	tc_ua_func f;
	uint32_t nparams; /* the function's parameters */
	/* param_value[k] reads parameter param_index[k] (nparam_values) */
	uint32_t *param_value;
	uint32_t *param_index;
	uint32_t nparam_values;
	/* per param_value k < nparam_off, or NULL: the byte of the parameter
	 * where the value read starts (a PTX .param array's field; UINT32_MAX:
	 * not known); 0 for the others */
	uint32_t *param_off;
	uint32_t nparam_off;
	uint32_t *ret; /* the return instructions' values (their operand is
			* the value returned) */
	uint32_t nret;
	/* per return, or NULL: its block, where ret[k] is the value returned
	 * itself (a read of it there is made: tc__fn_desc_read_args) */
	uint32_t *ret_block;
	uint32_t *block_node; /* per block: the graph node its branch ends */
	/* What the function leaves in memory that a caller reads after the
	 * call (a store through a parameter that every return follows, of a
	 * value the function writes once): its out k is value out_value[q]
	 * as it is at block out_block[q] (a return; a read of it there is
	 * made: tc__fn_desc_read_args; TC_NONE: a constant), for each q <
	 * nout with out_index[q] k. An out is the same in the group, in a
	 * calling context, where each of its reads is and, where they are at
	 * several returns, no branch may go different ways. NULL: none. */
	uint32_t *out_value, *out_block, *out_index;
	uint32_t nout;
	/* Outs that a call of this function leaves and nothing after it
	 * changes before a return (the reader's to prove): its out fout_k[q]
	 * is out fout_index[q] of the callee of its call fout_site[q], for q <
	 * nfout (a constructor that calls the base one). An out is either
	 * read (above) or so. NULL: none. */
	uint32_t *fout_k, *fout_site, *fout_index;
	uint32_t nfout;
	/* The values of this function that read what a callee left (the
	 * reader's to prove: nothing else writes there between the call and
	 * the read): cout_value[q], of kind TC_UA_SOURCE, reads out
	 * cout_index[q] of the callee of call cout_site[q], for q < ncout. A
	 * value listed more than once is made of those parts (a wide load of
	 * fields that calls wrote): the same in the group where each is.
	 * NULL: none. */
	uint32_t *cout_value, *cout_site, *cout_index;
	uint32_t ncout;
	/* Its ins: what it reads of its caller's memory through a parameter
	 * (plus a constant) before anything it runs may write there (the
	 * reader's to prove). In j, j < nins, is parameter nparams + j of
	 * param_index (its reads are listed there like a parameter's), read
	 * through parameter in_param[j]. NULL: none. */
	uint32_t *in_param;
	uint32_t nins;
	/* What its calls pass for their callees' ins (the reader's to prove:
	 * the memory holds it when the call runs), in the order of the calls:
	 * call in_site[q] passes for its callee's in in_index[q] this
	 * function's value in_value[q] (TC_NONE: a constant, the same in every
	 * thread); or, where in_fwd[q] is not TC_NONE, what this function's
	 * own in in_fwd[q] is; or, where in_osite[q] is not TC_NONE, what its
	 * call in_osite[q] left there, that call's callee's out in_oindex[q]
	 * (a constructor's, read by a method), for q < nin_arg. An in a call
	 * passes nothing for here is as the callee's reader has its reads.
	 * NULL: none. */
	uint32_t *in_site, *in_index, *in_value, *in_fwd, *in_osite, *in_oindex;
	/* per entry, where in_value is TC_NONE and the reader knows the
	 * constant: it (as tc_fn_desc.arg_k, a small one), else -1; NULL:
	 * none known */
	int64_t *in_k;
	uint32_t nin_arg;
	tc_call_site *calls;
	uint32_t ncalls;
	uint32_t *arg;
	uint32_t narg;
	uint8_t *arg_ones; /* per argument: the integer constant of all ones (a
			    * full mask) */
	/* per argument, or NULL: an integer constant that is not negative and
	 * below 2^31 (its arg TC_NONE), else -1; what a reader knows of the
	 * constants it passes that are no values (LLVM IR's) */
	int64_t *arg_k;
	/* the warp's view: per value what it computes (NULL: the function
	 * needs none: no collective of a warp or sub-group, no call of one),
	 * and the shape of the threads */
	tc_lane_op *lop;
	uint32_t warp_size;
	uint32_t block_size[3];
	/* what each value computes for the thread terms that cancel
	 * (analysis/affine.h; NULL: not described), the reads of the thread's
	 * index and the block's size as the reader gave them (0: unknown) */
	tc_lane_op *arith;
	struct tc_thread_id *ids;
	uint32_t nids;
	uint32_t arith_block_size[3];
	tc_coll_desc *coll; /* per collective, or NULL when it has none */
	uint8_t *way;       /* per block, or NULL: tc_fn_read.way */
	bool builtin; /* a barrier builtin defined in the module (libclc's):
		       * its calls are barriers, not calls */
} tc_fn_desc;

/* The byte of its parameter where param_value k of d starts (0 where d
 * does not say; UINT32_MAX: not known). */
static inline uint32_t tc__fn_desc_param_off(const tc_fn_desc *d, uint32_t k)
{
	return d->param_off && k < d->nparam_off ? d->param_off[k] : 0;
}


/*
 * One test of whether an argument of a collective that must agree in its
 * group may not (tc_fn_read): it fails when always is set, or when value
 * differs in the group. The first test of a collective that fails names
 * the argument (arg, arg_name) and, through value, what makes it differ
 * (TC_NONE: nothing to name). A reader lists them in its own order of
 * looking: argument by argument, and for a pointer into a thread's own
 * variable the indices into it and the stores into it.
 */
typedef struct tc_arg_test {
	uint32_t value;
	uint8_t arg;
	bool always;
	/* the argument is the member mask of a warp's collective: it may
	 * differ between lanes where each names exactly its own lane's aligned
	 * group (analysis/lanes.h, tc__lanes_group_mask) */
	bool mask;
	const char *arg_name; /* kept in the module */
	/* a mask that is an integer constant and no value (value TC_NONE,
	 * LLVM IR's): the constant; else -1 */
	int64_t k;
} tc_arg_test;

/* The tests of a function's collectives as its reader lists them, for
 * tc_fn_read (test, test_off): tc__arg_tests_start for ncoll collectives,
 * then for each in turn tc__arg_tests_next and its tests. */
typedef struct tc_arg_tests {
	tc_arg_test *test;
	size_t n, cap;
	uint32_t *off;
	size_t off_cap;
	uint32_t ncoll;
} tc_arg_tests;

struct tc_alloc;
/* TC_OK or TC_ENOMEM. */
int tc__arg_tests_start(const struct tc_alloc *al, tc_arg_tests *t, uint32_t ncoll);
/* Collective k's tests follow. */
void tc__arg_tests_next(tc_arg_tests *t, uint32_t k);
/* The test that value v (TC_NONE: none to name) differs, or always when
 * always is set, for argument arg (named name, kept in the module; mask:
 * the member mask of a warp's collective).
 * TC_OK or TC_ENOMEM. */
int tc__arg_tests_add(const struct tc_alloc *al, tc_arg_tests *t, uint32_t v, bool always,
		      unsigned arg, bool mask, const char *name);
/* The member mask, argument arg, is the integer constant k (a test that
 * never fails: what it names is the analyses' to judge). TC_OK or
 * TC_ENOMEM. */
int tc__arg_tests_add_mask(const struct tc_alloc *al, tc_arg_tests *t, unsigned arg, int64_t k,
			   const char *name);
void tc__arg_tests_free(const struct tc_alloc *al, tc_arg_tests *t);

/*
 * A read of the thread's index in its block (local: tid.x, get_local_id(1),
 * LocalInvocationId.z) or in the grid (global: get_global_id(0),
 * GlobalInvocationId.z) in dimension dim (0: x, 1: y, 2: z): the only
 * thread-dependent thing value reads. Where the block's size in dim is 1,
 * the local index is 0 and the global one the block's index, the same in
 * every thread of the block: value is then no source (whole: it is that
 * index and nothing else, and so the same in every thread; else it keeps
 * what its other operands give it).
 */
typedef struct tc_thread_id {
	uint32_t value;
	uint8_t dim;
	bool global, whole;
} tc_thread_id;

/*
 * A function as its reader describes it to the analyses (analysis/driver.h),
 * for the graph the reader has just added to the module (its structure,
 * names and positions, with no branch marked uniform): the values in
 * registers (regs) or in SSA form already (ssa, and lop: what each
 * computes, NULL when not described), the node each
 * block's branch ends, the collectives found, and the interprocedural
 * description when the module has calls. Everything stays the reader's,
 * but coll and desc, which pass to the module.
 */
typedef struct tc_fn_read {
	const tc_reg_func *regs; /* its lane: as lop */
	const tc_ua_func *ssa;
	const tc_lane_op *lop;
	/* lop (or regs->lane) is given for the values' arithmetic only (what
	 * thread terms cancel, analysis/affine.h, and what the block's size
	 * bounds, analysis/bounds.h): no warp's view is wanted */
	bool arith_only;
	uint32_t warp_size;     /* the warp's view's shape (0: unknown) */
	/* the block's size, as given (--block-size) or as the function declares
	 * it (0: unknown): the warp's view's shape, for ids what their reads
	 * are where a dimension is 1, and with lop the bounds of the indices */
	uint32_t block_size[3];
	/* the most threads a block of it has, where only that is declared
	 * (.maxntid, __launch_bounds__: the product of its three numbers, which
	 * bounds the block's total and so each dimension, not the dimensions
	 * one by one); 0: unknown */
	uint32_t max_threads;
	const tc_thread_id *ids;
	uint32_t nids;
	const uint32_t *last;   /* per block: the node its branch ends */
	/* per block, or NULL (nothing known): which way a branch of two ways
	 * goes where the value it tests (tc_ua_func.cond) is true, TC_WAY_* */
	const uint8_t *way;
	/* the thread-dependent value v is read from, as the source spells it
	 * and where (*what NULL: nothing to name; strings kept in the module);
	 * TC_OK or an error code */
	void *ctx;
	int (*source)(void *ctx, uint32_t v, const char **what, tc_loc *loc);
	/* the collectives, in node order, allocated with the module's
	 * allocator (their arg, arg_name and arg_source left for the tests),
	 * and their tests: collective k's are test[test_off[k] ..
	 * test_off[k + 1]) (test_off NULL: none) */
	tc_collective *coll;
	uint32_t ncoll;
	const uint32_t *test_off;
	const tc_arg_test *test;
	/* NULL, or made with tc__fn_desc_new: the values (f) and the warp's
	 * view (lop, warp_size, block_size) are the analyses' to fill */
	tc_fn_desc *desc;
	bool read_args; /* desc's values are read where used (tc__fn_desc_read_args) */
	double uniformity_s; /* set: the time the value analyses took */
} tc_fn_read;

/* tc_fn_read.way, per block */
enum {
	TC_WAY_UNKNOWN = 0, /* not a branch of two ways, or not said */
	TC_WAY_FIRST,       /* its first successor where the condition is true
			     * (not zero), its second where it is false */
	TC_WAY_SECOND       /* the other way round (PTX's @!%p bra) */
};

/* What a reader hands each function's description to, in turn. */
typedef struct tc_fn_sink {
	int (*fn)(void *ctx, tc_module *m, tc_fn_read *in);
	void *ctx;
} tc_fn_sink;

/* The block's size in in: given (--block-size: any dimension not 0), else
 * declared (either may be NULL). */
void tc__fn_read_block_size(tc_fn_read *in, const uint32_t *given, const uint32_t *declared);
/* in's collectives (ncoll of them, allocated with the module's allocator)
 * with the tests t lists. */
void tc__fn_read_collectives(tc_fn_read *in, tc_collective *coll, uint32_t ncoll,
			     const tc_arg_tests *t);
/* Hands in to sink; *seconds gains the time the analyses took. Their code. */
int tc__fn_read_send(const tc_fn_sink *sink, tc_module *m, tc_fn_read *in, double *seconds);
/* Frees what in still holds of the module's (coll, desc: the sink takes
 * them, not reached when the reader failed before). */
void tc__fn_read_release(tc_module *m, tc_fn_read *in);

/* The block of a function whose graph nodes hold node: last[b] is the node
 * block b's branch ends (tc_fn_read.last), strictly increasing (the
 * graph's nodes are its blocks', in order); TC_NONE past the last block. */
uint32_t tc__block_of_node(const uint32_t *last, uint32_t nblocks, uint32_t node);

/* Where block b's branch goes when the value it tests (f->cond[b]) is not
 * zero (holds) or is zero, as way (TC_WAY_*, per block; may be NULL) says:
 * for a branch of two ways to two blocks; else TC_NONE. */
uint32_t tc__branch_way(const tc_ua_func *f, const uint8_t *way, uint32_t b, bool holds);

/* Each value's operands as tc__ua_operands makes them, for analyses that
 * share them (NULL members: not made). */
typedef struct tc_ua_ops {
	uint32_t *off, *val, *blk;
} tc_ua_ops;

/* The operands of each value of f, from its use lists: those of value u are
 * val[off[u] .. off[u + 1]), in the order of their ids, each with the
 * block of its use (blk: a phi's, the block it comes from); uses with no
 * user are left out. In ar; TC_OK or TC_ENOMEM. */
int tc__ua_operands(tc_arena *ar, const tc_ua_func *f, uint32_t **off, uint32_t **val,
		    uint32_t **blk);

/* What every reader checks of its arguments before it reads: the options'
 * version, and that there are bytes where a length says so. TC_OK, or
 * TC_EINVAL with the message (file in it). */
int tc__read_args(const tc_read_options *opt, const void *data, size_t len, const char *file,
		  tc_diag *diag);

#endif
