/*
 * calls.h - check mode across calls: a barrier inside a function that was
 * not inlined is judged in every calling context a kernel reaches
 * (docs/check.md, "Barriers in called functions").
 *
 * A context is a function with the set of its parameters that may differ
 * between the threads that call it together (for a kernel called by the
 * launch: none). Each is analysed once: the uniformity of its values with
 * those parameters divergent and the results of its calls uniform where the
 * callee's context proves its return value so, then, where it executes
 * barriers, the check-mode solve of its graph with those branches uniform.
 * A context reached by a call that the caller's solve does not prove
 * convergent is entered by part of the group. A barrier is convergent when
 * it is convergent in every context of its function that a kernel reaches
 * and none of them is entered by part of the group.
 *
 * Why that is sound: a call node proven convergent is executed equally often
 * by every thread, so the callee's entry and exit, once inlined there, are
 * too and may be made sync nodes (SPEC 1, joint convergence); the callee's
 * body then forms its own segments, which its own check-mode solve judges
 * (its entry and exit sync nodes), with the branches that are uniform in
 * that context. Results of calls only ever turn uniform from a proof under
 * assumptions already proven, and what cannot be resolved (a call through
 * a pointer, a declared function, a recursive call not yet proven) stays
 * divergent.
 */
#ifndef TC_ANALYSIS_CALLS_H
#define TC_ANALYSIS_CALLS_H

#include "graph/module.h"

typedef struct tc_calls tc_calls;

/*
 * The calling contexts of m's functions and the check-mode verdicts of
 * their barriers (opt: check mode, the solver and its bounds). *out is NULL
 * when no graph of m has a description (graph/desc.h): then each graph is
 * checked alone (tc_module_solve). m must outlive the result.
 */
int tc__calls_new(tc_calls **out, const tc_module *m, const tc_solve_options *opt,
		  const tc_allocator *alloc, tc_diag *diag);
void tc__calls_free(tc_calls *c);

/* Whether graph j is checked: a kernel, or a function with a barrier or a
 * collective of its own that some context reaches (not a barrier builtin). */
bool tc__calls_checked(const tc_calls *c, size_t j);
/* The solve graph j is shown with: a kernel's own; for another function,
 * the first context where one of its barriers is not convergent, else the
 * first context reached. NULL when no context of graph j was solved. */
const tc_result *tc__calls_result(const tc_calls *c, size_t j);
/* The warp's solve of the same context, where it has one; else NULL. */
const tc_result *tc__calls_warp_result(const tc_calls *c, size_t j);
/* For a node of graph j that calls a function whose barriers the contexts
 * judge: the callee's graph index; else TC_NONE. */
uint32_t tc__calls_callee(const tc_calls *c, size_t j, uint32_t node);
/* For a barrier node v of graph j that calls a wrapper (a function whose
 * barriers are in another file than every call of it: cooperative groups'
 * sync() that nvcc -G keeps), judged and reported as if inlined at the
 * call: the wrapper's graph, and in *loc its barrier's position; else
 * TC_NONE. */
uint32_t tc__calls_wrapper_barrier(const tc_calls *c, size_t j, uint32_t v, tc_loc *loc);
/* The state of barrier node v of graph j over every context that reaches
 * it (TC_STATE_DEAD: none does). */
tc_state tc__calls_barrier_state(const tc_calls *c, size_t j, uint32_t v);

/* The state of collective k of graph j over every context that reaches
 * it where it is checked (not a barrier's, not a call's), *masked when its
 * mask promises nothing in every one of them (a parameter no caller passes
 * the full mask for), and in *arg its argument that must agree and may
 * differ in some context (TC_NONE: none); in *lanes, for a masked one
 * judged for the lanes its mask names, the size of the aligned group of
 * lanes whose view decides it where it is not convergent (0: a warp's,
 * the block's, or none). */
tc_state tc__calls_collective(const tc_calls *c, size_t j, size_t k, bool *masked,
			      uint32_t *arg, uint32_t *lanes);

/* A call of a wrapper: a function whose collectives are in another file
 * than every call of it (the toolkit's __shfl_xor_sync, which nvcc -G keeps
 * as a function), judged and reported at each call as if inlined there. */
typedef struct tc_calls_site {
	uint32_t wrapper;    /* its graph */
	uint32_t inner;      /* the graph of its (first) collective: the wrapper,
			      * or one it calls */
	uint32_t collective; /* that collective */
	tc_state state;      /* over every context of the caller reached */
	bool masked;         /* its mask promises nothing in every one */
	uint32_t lanes;      /* as tc__calls_collective's */
	uint32_t arg;        /* an argument that must agree and may differ, or
			      * TC_NONE; of collective arg_collective of graph
			      * arg_graph (the wrapper, or one it calls) */
	uint32_t arg_graph, arg_collective;
} tc_calls_site;
/* For collective entry k of graph j, a call: 1 and *out when it calls a
 * wrapper, else 0. */
int tc__calls_site(const tc_calls *c, size_t j, size_t k, tc_calls_site *out);

/* Whether graph j is reached one way only: one call of it (by name) in the
 * module, no call through a pointer in the module that may run barriers or
 * collectives, and one calling context reached. */
bool tc__calls_one_way(const tc_calls *c, size_t j);

/* One call on the way from a kernel to a barrier. */
typedef struct tc_call_link {
	uint32_t caller; /* graph index */
	uint32_t callee;
	uint32_t site;   /* the call's index among the caller's calls */
	uint32_t node;   /* its node in the caller (TC_NONE: none) */
	uint32_t in_node; /* the node it is in (its node if any) */
	tc_loc loc;      /* where the call is */
} tc_call_link;

/* Why barrier v of graph j is not convergent (tc__calls_barrier_state
 * UNKNOWN): the number of calls from the kernel (or from a function no
 * kernel calls) to it, nchain, min(cap, nchain) of them in chain: the
 * innermost first, and when there are more than cap, the outermost last
 * in place of the cap-th; and the node of graph *cause_graph, in solve
 * *cause_result, whose divergent branches decide: v itself, or the call
 * that only part of the group reaches. unknown_callers: the outermost
 * function is not a kernel. The work is O(cap), whatever nchain is. */
typedef struct tc_call_witness {
	uint32_t nchain;
	uint32_t cause_graph;
	uint32_t cause_node;
	const tc_result *cause_result;
	uint32_t cause_context; /* for tc__calls_branch_param */
	tc_loc cause_into; /* the call into cause_context, when on the chain
			    * (file NULL: none, or not known) */
	bool unknown_callers;
} tc_call_witness;
/* The parameter of its function (0-based) that the branch ending node of
 * the witness's cause_context depends on through data there, or TC_NONE
 * (the cause is a thread id, a phi, or unknown); *through: it depends on
 * what the parameter points to (an in, graph/desc.h). TC_ENOMEM in *rc. */
uint32_t tc__calls_branch_param(const tc_calls *c, uint32_t context, uint32_t node,
				bool *through, int *rc);
int tc__calls_witness(const tc_calls *c, size_t j, uint32_t v, tc_call_link *chain,
		      uint32_t cap, tc_call_witness *out);
/* The same for collective k of graph j (tc__calls_collective UNKNOWN); the
 * cause is in the solve of its group. */
int tc__calls_collective_witness(const tc_calls *c, size_t j, size_t k, tc_call_link *chain,
				 uint32_t cap, tc_call_witness *out);


#endif
