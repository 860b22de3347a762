/*
 * check.h - check mode's findings (threadconv.h, tc_check; docs/check.md):
 * the records tc_check builds for each checked graph, which the report
 * writers render and the command's choice of what is reported (NOLINT,
 * -W, the baseline) marks.
 *
 * tc_check solves each checked graph in check mode (in every calling
 * context a kernel reaches, where the module describes its functions:
 * analysis/calls.h), finds the barriers and collectives not proven reached
 * by their whole group and the arguments that may differ, their causes and
 * calls, the ones only threads that left the kernel miss (analysis/exits.h),
 * and merges the copies of one problem (merge.c). The public tc_finding list
 * is a view of these records.
 */
#ifndef TC_CHECK_CHECK_H
#define TC_CHECK_CHECK_H

#include "threadconv.h"
#include "util/mem.h"

/* A barrier not proven convergent. */
typedef struct tc_check_barrier {
	uint32_t node;
	bool error; /* the command's: shown as an error (-Werror) */
	const tc_finding_cause *causes;
	uint32_t ncauses;
	/* when its call was inlined (tc_module_node_inlined): the function
	 * called at the barrier's position and where in it; NULL otherwise */
	const char *inlined;
	tc_loc inlined_loc;
	/* in a function that was not inlined: the calls from the kernel to
	 * it, innermost first (ncalls 0: a kernel's own barrier), as
	 * tc_finding's (calls_omitted), and whether the outermost function is
	 * one no kernel calls */
	const tc_finding_call *calls;
	uint32_t ncalls, calls_omitted;
	bool unknown_callers;
	/* with calls that are the only way to it: the first of them in the
	 * check's list of the calls as the contexts found them (graph indices
	 * and nodes); TC_NONE: not kept */
	uint32_t link0;
	/* the threads that miss it leave the kernel (TC_RULE_BARRIER_AFTER_EXIT):
	 * where they go (the return), which may have no position */
	bool after_exit;
	tc_loc exit_loc;
	/* a copy of an earlier reported barrier of the graph, at the same
	 * position with the same warning (loop unrolling, rotation and tail
	 * duplication copy a barrier's call): one problem, whose finding is
	 * that barrier's, barriers[merged_into] (tc__check_merge). Its own
	 * causes, after_exit and error are not shown. */
	bool merged;
	uint32_t merged_into;
} tc_check_barrier;

/* A collective (tc_module_collective, or as the calling contexts see it)
 * with its verdict: the state of its node in the solve for its group (the
 * block's, or a warp's). */
typedef struct tc_check_collective {
	const tc_collective *c;
	tc_state state;
	/* check mode: reported as reached by only some threads of its group
	 * (state U, not a barrier, not masked), with the branches that decide */
	bool reported;
	const tc_finding_cause *causes;
	uint32_t ncauses;
	/* in a function that was not inlined: as tc_check_barrier's */
	const tc_finding_call *calls;
	uint32_t ncalls, calls_omitted;
	bool unknown_callers;
	uint32_t link0;
	/* as tc_check_barrier's (TC_RULE_COLLECTIVE_AFTER_EXIT) */
	bool after_exit;
	tc_loc exit_loc;
	/* the command's: reported no more, for a NOLINT comment, the baseline
	 * or -Wno-...: being reached by only some (suppressed; reported is
	 * then false) and the argument that may differ (arg_suppressed); each
	 * shown as an error (-Werror) rather than a warning */
	bool suppressed, arg_suppressed;
	bool error, arg_error;
	/* a copy of an earlier collective of the graph at the same position
	 * with the same warning, whose finding is that one's: reached by only
	 * some (merged, collectives[merged_into]), the argument that may
	 * differ (arg_merged, collectives[arg_merged_into]); as
	 * tc_check_barrier's merged */
	bool merged, arg_merged;
	uint32_t merged_into, arg_merged_into;
} tc_check_collective;

/* The rule of a reported barrier of g (partial, after exit, divergence),
 * and of a reported collective's reach (rules.c). */
tc_rule tc__check_barrier_rule(const tc_graph *g, const tc_check_barrier *rb);
tc_rule tc__check_collective_rule(const tc_check_collective *rc);
/* The rule r is one of: barrier-divergence for barrier-after-exit,
 * collective-divergence for collective-after-exit, else r itself. */
tc_rule tc__rule_parent(tc_rule r);

/*
 * The collectives of graph j of m with their verdicts, for the block's
 * solve block made with opt: a warp's solve when some collective is a
 * warp's or a sub-group's, and in check mode (opt->assume_barriers false)
 * the causes of each reported one. Free with tc__check_collectives_free.
 */
typedef struct tc_check_collectives {
	tc_check_collective *list;
	size_t n;
	tc_finding_cause *causes;
	tc_result *warp; /* the warp's solve, or NULL */
	/* the solves of aligned groups of 2^(k + 1) lanes (a masked
	 * collective's: tc_graph_info's coll_span), or NULL */
	tc_result *lanes[4];
	/* copies of the collectives so judged, judged (not masked, their
	 * lanes set), where there are some; list's c point into it */
	tc_collective *copy;
} tc_check_collectives;
int tc__check_collectives(tc_check_collectives *out, tc_module *m, size_t j,
			  const tc_result *block, const tc_solve_options *opt,
			  const tc_alloc *al, tc_diag *diag);
void tc__check_collectives_free(tc_check_collectives *c, const tc_alloc *al);

/*
 * One warning per problem (docs/check.md, "Copies of one barrier"): the
 * reported barriers and collectives of g at the same position with the same
 * warning are one finding, that of the first of them in node order; the
 * others are marked merged. The first gets the causes of them all, each
 * branch once (same function and position: once, with the value it
 * depends on when one of them names it; a branch at one position that
 * depends on different values keeps one cause per value, next to each
 * other), in the order they first come; every finding's causes are made
 * so, copies or not. A barrier or collective is after exit when all its
 * copies are (else some threads skip it without leaving the kernel).
 * Findings without a position are never merged. *causes gets the array
 * the causes now point into (from al, the caller's to free; NULL when
 * there are none). TC_OK or TC_ENOMEM (nothing changed then).
 */
int tc__check_merge(const tc_graph *g, tc_check_barrier *barriers, size_t nbarriers,
		    tc_check_collective *collectives, size_t ncollectives,
		    tc_finding_cause **causes, const tc_alloc *al);

/* Whether causes[k] is the branch of causes[k - 1], depending on another
 * value (tc__check_merge puts them next to each other): its position's
 * note is shown once. */
bool tc__check_cause_repeats(const tc_finding_cause *causes, uint32_t k);

/* One checked graph: what tc_check found in it. */
typedef struct tc_check_graph {
	size_t j; /* its index in the module */
	const tc_graph *graph;
	const tc_result *result;   /* the block's solve it is shown with */
	tc_check_barrier *barriers; /* the reported ones, in node order */
	size_t nbarriers;
	tc_check_collective *collectives; /* all of them, in node order */
	size_t ncollectives;
	uint32_t warp_size;
	bool warp_assumed;
	/* per node or NULL: for a call of a function whose barriers are judged
	 * in their calling contexts, that function's name (no finding itself) */
	const char **callee;
} tc_check_graph;

/* The checked graphs of f, in module order (tc_findings_checked). The
 * command marks what it reports in them (the records are writable). */
size_t tc__findings_graph_count(const tc_findings *f);
tc_check_graph *tc__findings_graph(tc_findings *f, size_t k);

#endif
