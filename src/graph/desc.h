/*
 * desc.h - what a reader describes of a function besides its graph: the
 * uniformity description of its values (tc_ua_func, which
 * analysis/uniformity.h analyses), its parameters and returns, and its
 * calls of the module's other functions. The interprocedural check
 * (analysis/calls.h) reads it to judge a callee's barriers in every calling
 * context; a reader fills it and never runs an analysis on it itself.
 */
#ifndef TC_GRAPH_DESC_H
#define TC_GRAPH_DESC_H

#include "threadconv.h"

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
} tc_ua_func;

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
	tc_loc loc; /* where it is; file NULL when unknown */
} tc_call_site;

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
	uint32_t *ret; /* the return instructions' values (their operand is
			* the value returned) */
	uint32_t nret;
	uint32_t *block_node; /* per block: the graph node its branch ends */
	tc_call_site *calls;
	uint32_t ncalls;
	uint32_t *arg;
	uint32_t narg;
	bool builtin; /* a barrier builtin defined in the module (libclc's):
		       * its calls are barriers, not calls */
} tc_fn_desc;

#endif
