/*
 * test_llvm.c - the LLVM IR frontend (docs/llvm.md) on the hand-written
 * files in tests/llvm/ir: graph shapes (nodes and edges in order, barrier
 * pieces, the joined exit, dead unreachable blocks), kernels, uniform marks,
 * debug locations, phis (sync dependence, temporal divergence), states from
 * exact, bad input, and allocation failures.
 *
 * TC_LLVM_IR_DIR and TC_LLVM_BC_DIR (where the build put helpers.bc) come
 * from tests/llvm/CMakeLists.txt.
 */
#define _DEFAULT_SOURCE /* mkstemps */
#include "frontend/readers.h"
#include "threadconv.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#ifndef TC_LLVM_IR_DIR
#error "TC_LLVM_IR_DIR must name tests/llvm/ir"
#endif

#define EXIT "<exit>"

static tc_module *load_opt(const char *file, const tc_read_options *opt)
{
	char path[512];
	tc_diag d;
	tc_module *m = NULL;
	snprintf(path, sizeof path, "%s/%s", TC_LLVM_IR_DIR, file);
	if (tc_read_file_ex(&m, path, opt, NULL, &d))
		fail_msg("%s:%u:%u: %s", d.file, d.line, d.col, d.message);
	return m;
}

static tc_module *load(const char *file) { return load_opt(file, NULL); }

static size_t graph_index(const tc_module *m, const char *name)
{
	for (size_t i = 0; i < tc_module_graph_count(m); i++)
		if (strcmp(tc_graph_name(tc_module_graph(m, i)), name) == 0)
			return i;
	fail_msg("no graph '%s'", name);
	return 0;
}

static const tc_graph *graph(const tc_module *m, const char *name)
{
	return tc_module_graph(m, graph_index(m, name));
}

static uint32_t node(const tc_graph *g, const char *name)
{
	uint32_t v = tc_graph_find_node(g, name);
	if (v == TC_NONE)
		fail_msg("%s: no node '%s'", tc_graph_name(g), name);
	return v;
}

/* The nodes, in order, are exactly the NULL-terminated list. */
static void expect_nodes(const tc_graph *g, const char *const *names)
{
	uint32_t n = 0;
	for (; names[n]; n++) {
		if (n >= tc_graph_node_count(g))
			fail_msg("%s: node %u missing, expected '%s'", tc_graph_name(g), n, names[n]);
		if (strcmp(tc_graph_node_name(g, n), names[n]) != 0)
			fail_msg("%s: node %u is '%s', expected '%s'", tc_graph_name(g), n,
				 tc_graph_node_name(g, n), names[n]);
	}
	assert_int_equal(tc_graph_node_count(g), n);
}

/* The edges, in order, are exactly the NULL-terminated list of "a -> b". */
static void expect_edges(const tc_graph *g, const char *const *edges)
{
	uint32_t e = 0;
	char got[300];
	for (; edges[e]; e++) {
		if (e >= tc_graph_edge_count(g))
			fail_msg("%s: edge %u missing, expected '%s'", tc_graph_name(g), e, edges[e]);
		snprintf(got, sizeof got, "%s -> %s",
			 tc_graph_node_name(g, tc_graph_edge_from(g, e)),
			 tc_graph_node_name(g, tc_graph_edge_to(g, e)));
		if (strcmp(got, edges[e]) != 0)
			fail_msg("%s: edge %u is '%s', expected '%s'", tc_graph_name(g), e, got,
				 edges[e]);
	}
	assert_int_equal(tc_graph_edge_count(g), e);
}

static tc_result *solve(const tc_graph *g, bool assume)
{
	tc_solve_options opt = tc_solve_options_default();
	opt.assume_barriers = assume;
	tc_result *r;
	tc_diag d;
	if (tc_solve(&r, g, &opt, NULL, &d))
		fail_msg("%s: solve: %s", tc_graph_name(g), d.message);
	return r;
}

static char state_of(const tc_result *r, const tc_graph *g, const char *name)
{
	return (char)tc_result_node_state(r, node(g, name));
}

static bool has_flag(const tc_graph *g, const char *name, unsigned flag)
{
	return (tc_graph_node_flags(g, node(g, name)) & flag) != 0;
}

static void barrier_in_branch(void **state)
{
	(void)state;
	tc_module *m = load("barrier_branch.ll");
	assert_int_equal(tc_module_graph_count(m), 2);
	const tc_graph *g = graph(m, "barrier_in_branch");
	expect_nodes(g, (const char *[]){"entry", "then.barrier", "then.after", "join.barrier",
					 "join.after", EXIT, NULL});
	expect_edges(g, (const char *[]){"entry -> then.barrier", "entry -> join.barrier",
					 "then.barrier -> then.after",
					 "then.after -> join.barrier",
					 "join.barrier -> join.after", "join.after -> " EXIT,
					 NULL});
	assert_int_equal(tc_graph_entry(g), node(g, "entry"));
	assert_int_equal(tc_graph_exit(g), node(g, EXIT));
	assert_true(has_flag(g, "then.barrier", TC_NODE_BARRIER));
	assert_true(has_flag(g, "join.barrier", TC_NODE_BARRIER));
	assert_false(has_flag(g, "then.after", TC_NODE_BARRIER));
	assert_false(has_flag(g, "entry", TC_NODE_UNIFORM)); /* thread id */
	assert_true(tc_module_graph_is_kernel(m, graph_index(m, "barrier_in_branch")));

	/* assume mode: all threads meet the same barriers, so all is convergent */
	tc_result *r = solve(g, true);
	assert_int_equal(tc_result_node_count(r, TC_STATE_CONVERGENT), 6);
	assert_int_equal(tc_result_edge_count(r, TC_STATE_CONVERGENT), 6);
	tc_result_free(r);
	/* check mode: only some threads reach the first barrier */
	r = solve(g, false);
	assert_int_equal(state_of(r, g, "then.barrier"), 'U');
	assert_int_equal(state_of(r, g, "join.barrier"), 'C');
	tc_result_free(r);

	g = graph(m, "barrier_at_join");
	expect_nodes(g, (const char *[]){"entry", "then", "join.barrier", "join.after", EXIT,
					 NULL});
	r = solve(g, true);
	assert_int_equal(state_of(r, g, "then"), 'U');
	assert_false(tc_result_in_edges_convergent(r, node(g, "join.barrier")));
	tc_result_free(r);
	tc_module_free(m);
}

static void loops(void **state)
{
	(void)state;
	tc_module *m = load("loops.ll");
	const tc_graph *g = graph(m, "uniform_loop");
	expect_nodes(g, (const char *[]){"entry", "loop", "body.barrier", "body.after", "done",
					 EXIT, NULL});
	expect_edges(g, (const char *[]){"entry -> loop", "loop -> body.barrier",
					 "loop -> done", "body.barrier -> body.after",
					 "body.after -> loop", "done -> " EXIT, NULL});
	assert_true(has_flag(g, "loop", TC_NODE_UNIFORM));
	tc_result *r = solve(g, false);
	assert_int_equal(state_of(r, g, "body.barrier"), 'C');
	tc_result_free(r);

	g = graph(m, "tid_loop");
	assert_false(has_flag(g, "loop", TC_NODE_UNIFORM));
	r = solve(g, false);
	assert_int_equal(state_of(r, g, "body.barrier"), 'U');
	tc_result_free(r);
	tc_module_free(m);
}

static void switch_edges(void **state)
{
	(void)state;
	tc_module *m = load("shapes.ll");
	const tc_graph *g = graph(m, "switch");
	expect_nodes(g, (const char *[]){"entry", "a", "b", "other", "end", EXIT, NULL});
	/* the default first, then one edge per case: parallel edges stay */
	expect_edges(g, (const char *[]){"entry -> other", "entry -> a", "entry -> a",
					 "entry -> b", "a -> end", "b -> end", "other -> end",
					 "end -> " EXIT, NULL});
	assert_false(has_flag(g, "entry", TC_NODE_UNIFORM)); /* not a kernel's argument */
	assert_false(tc_module_graph_is_kernel(m, graph_index(m, "switch")));
	tc_result *r = solve(g, true);
	assert_int_equal(state_of(r, g, "end"), 'C');
	assert_int_equal(state_of(r, g, "a"), 'U');
	tc_result_free(r);
	tc_module_free(m);
}

static void unreachable_is_dead(void **state)
{
	(void)state;
	tc_module *m = load("shapes.ll");
	const tc_graph *g = graph(m, "unreachable");
	expect_nodes(g, (const char *[]){"entry", "bad", "ok", EXIT, NULL});
	/* br i1 %c, label %ok, label %bad: successors in operand order */
	expect_edges(g, (const char *[]){"entry -> ok", "entry -> bad", "ok -> " EXIT, NULL});
	tc_result *r = solve(g, true);
	assert_int_equal(state_of(r, g, "bad"), '-');
	assert_int_equal(tc_result_edge_state(r, 1), '-');
	/* every live thread goes entry -> ok */
	assert_int_equal(state_of(r, g, "ok"), 'C');
	assert_int_equal(tc_result_edge_state(r, 0), 'C');
	tc_result_free(r);

	g = graph(m, "endless"); /* nothing reaches the exit */
	expect_edges(g, (const char *[]){"entry -> spin", "spin -> spin", NULL});
	r = solve(g, true);
	assert_int_equal(state_of(r, g, "spin"), '-');
	tc_result_free(r);
	tc_module_free(m);
}

static void returns_join_exit(void **state)
{
	(void)state;
	tc_module *m = load("shapes.ll");
	const tc_graph *g = graph(m, "returns");
	expect_nodes(g, (const char *[]){"entry", "next", "r0", "r1", "r2", EXIT, NULL});
	expect_edges(g, (const char *[]){"entry -> r0", "entry -> next", "next -> r1",
					 "next -> r2", "r0 -> " EXIT, "r1 -> " EXIT,
					 "r2 -> " EXIT, NULL});
	uint32_t count;
	tc_graph_in_edges(g, tc_graph_exit(g), &count);
	assert_int_equal(count, 3);
	tc_module_free(m);
}

static void barrier_through_calls(void **state)
{
	(void)state;
	tc_module *m = load("helpers.ll");
	/* the kernel first, then the others in module order */
	assert_int_equal(tc_module_graph_count(m), 4);
	const char *order[] = {"kernel", "sync_helper", "outer_helper", "plain_helper"};
	for (size_t i = 0; i < 4; i++) {
		assert_string_equal(tc_graph_name(tc_module_graph(m, i)), order[i]);
		assert_int_equal(tc_module_graph_is_kernel(m, i), i == 0);
	}
	const tc_graph *g = graph(m, "kernel");
	/* two calls of outer_helper, which calls sync_helper, are barriers; the
	 * calls of plain_helper are not */
	expect_nodes(g, (const char *[]){"entry.barrier", "entry.barrier.2", "entry.after",
					 EXIT, NULL});
	assert_true(has_flag(g, "entry.barrier", TC_NODE_BARRIER));
	assert_true(has_flag(g, "entry.barrier.2", TC_NODE_BARRIER));
	expect_nodes(graph(m, "outer_helper"),
		     (const char *[]){"entry.barrier", "entry.after", EXIT, NULL});
	expect_nodes(graph(m, "plain_helper"), (const char *[]){"entry", EXIT, NULL});
	tc_module_free(m);
}

static void unnamed_blocks(void **state)
{
	(void)state;
	tc_module *m = load("unnamed.ll");
	const tc_graph *g = graph(m, "unnamed");
	expect_nodes(g, (const char *[]){"%1", "%3", "named", "%5.barrier", "%5.after", EXIT,
					 NULL});
	expect_edges(g, (const char *[]){"%1 -> %3", "%1 -> named", "%3 -> %5.barrier",
					 "named -> %5.barrier", "%5.barrier -> %5.after",
					 "%5.after -> " EXIT, NULL});
	tc_module_free(m);
}

static void normalised(void **state)
{
	(void)state;
	/* mem2reg turns the stack slot back into the kernel argument */
	tc_module *m = load("optnone.ll");
	assert_true(has_flag(graph(m, "o0"), "entry", TC_NODE_UNIFORM));
	tc_module_free(m);
	tc_read_options opt = {.llvm_passes = ""};
	m = load_opt("optnone.ll", &opt);
	assert_false(has_flag(graph(m, "o0"), "entry", TC_NODE_UNIFORM));
	tc_module_free(m);
}

static void debug_locations(void **state)
{
	(void)state;
	tc_module *m = load("debug.ll");
	const tc_graph *g = graph(m, "dbg");
	expect_nodes(g, (const char *[]){"entry", "then.barrier", "then.barrier.2",
					 "then.after", "end.barrier", "end.after", EXIT, NULL});
	tc_loc loc = tc_graph_node_loc(g, node(g, "then.barrier"));
	assert_non_null(loc.file);
	assert_string_equal(loc.file, "/src/k.cu"); /* joined, one slash */
	assert_int_equal(loc.line, 7);
	assert_int_equal(loc.col, 5);
	loc = tc_graph_node_loc(g, node(g, "then.barrier.2"));
	assert_non_null(loc.file);
	assert_string_equal(loc.file, "/abs/inc.h"); /* absolute: as it is */
	assert_int_equal(loc.line, 3);
	assert_int_equal(loc.col, 2);
	loc = tc_graph_node_loc(g, node(g, "end.barrier")); /* no !dbg */
	assert_null(loc.file);
	/* the conditional branch that ends entry */
	loc = tc_module_branch_loc(m, 0, node(g, "entry"));
	assert_non_null(loc.file);
	assert_string_equal(loc.file, "/src/k.cu");
	assert_int_equal(loc.line, 6);
	assert_int_equal(loc.col, 7);
	assert_null(tc_module_branch_loc(m, 0, node(g, "then.after")).file); /* one way */
	assert_null(tc_module_branch_loc(m, 0, TC_NONE).file);
	assert_null(tc_module_branch_loc(m, 5, 0).file);
	tc_module_free(m);
}

static void uniform_conditions(void **state)
{
	(void)state;
	tc_module *m = load("uniform.ll");
	const tc_graph *g = graph(m, "kinds");
	/* the comments in uniform.ll */
	static const struct {
		const char *block;
		bool uniform;
	} want[] = {
		{"b0", true},   {"b1", true},   {"b2", false}, {"b3", true},  {"b4", false},
		{"b5", false},  {"b6", false},  {"b7", true},  {"b8", true},  {"b9", false},
		{"b10", true},  {"b11", true},  {"b12", true}, {"b13", false}, {"b14", false},
		{"b15", false},
	};
	for (size_t i = 0; i < sizeof want / sizeof *want; i++)
		if (has_flag(g, want[i].block, TC_NODE_UNIFORM) != want[i].uniform)
			fail_msg("kinds: %s should be %s", want[i].block,
				 want[i].uniform ? "uniform" : "divergent");
	assert_false(has_flag(graph(m, "helper"), "b0", TC_NODE_UNIFORM));
	tc_module_free(m);
}

/* phis.ll: sync dependence, temporal divergence, irreducible cycles */
static void phis(void **state)
{
	(void)state;
	tc_module *m = load("phis.ll");
	const tc_graph *g = graph(m, "join_divergent");
	assert_false(has_flag(g, "entry", TC_NODE_UNIFORM));
	assert_false(has_flag(g, "join", TC_NODE_UNIFORM)); /* a phi at a divergent join */
	tc_result *r = solve(g, false);
	assert_int_equal(state_of(r, g, "bar.barrier"), 'U');
	tc_result_free(r);

	g = graph(m, "join_uniform");
	assert_true(has_flag(g, "entry", TC_NODE_UNIFORM));
	assert_true(has_flag(g, "join", TC_NODE_UNIFORM)); /* a phi at a uniform join */
	r = solve(g, false);
	assert_int_equal(state_of(r, g, "bar.barrier"), 'C');
	tc_result_free(r);

	g = graph(m, "temporal");
	assert_false(has_flag(g, "loop", TC_NODE_UNIFORM));
	assert_false(has_flag(g, "after", TC_NODE_UNIFORM)); /* %v live out of the loop */
	r = solve(g, false);
	assert_int_equal(state_of(r, g, "bar.barrier"), 'U');
	tc_result_free(r);

	g = graph(m, "uniform_loop");
	assert_true(has_flag(g, "loop", TC_NODE_UNIFORM)); /* the counter phi */
	assert_false(has_flag(g, "body", TC_NODE_UNIFORM));
	r = solve(g, false);
	assert_int_equal(state_of(r, g, "latch.barrier"), 'C');
	tc_result_free(r);

	g = graph(m, "break_header");
	assert_false(has_flag(g, "header", TC_NODE_UNIFORM)); /* on the thread id */
	assert_true(has_flag(g, "latch.after", TC_NODE_UNIFORM)); /* the counter */
	assert_false(has_flag(g, "out", TC_NODE_UNIFORM)); /* a join, and live-out */
	r = solve(g, true);
	assert_int_equal(state_of(r, g, "latch.barrier"), 'C');
	tc_result_free(r);

	g = graph(m, "shared_cycle");
	assert_false(has_flag(g, "header", TC_NODE_UNIFORM));
	assert_false(has_flag(g, "body", TC_NODE_UNIFORM));
	assert_true(has_flag(g, "latch", TC_NODE_UNIFORM)); /* the counter */
	assert_false(has_flag(g, "out", TC_NODE_UNIFORM));  /* a join */

	g = graph(m, "irreducible"); /* entered through a uniform branch */
	assert_true(has_flag(g, "entry", TC_NODE_UNIFORM));
	assert_true(has_flag(g, "a", TC_NODE_UNIFORM));
	assert_true(has_flag(g, "b", TC_NODE_UNIFORM));

	g = graph(m, "irreducible_divergent"); /* entered on the thread id */
	assert_false(has_flag(g, "entry", TC_NODE_UNIFORM));
	assert_false(has_flag(g, "a", TC_NODE_UNIFORM));
	assert_false(has_flag(g, "b", TC_NODE_UNIFORM));
	tc_module_free(m);
}

static tc_result *module_solve(tc_module *m, const char *name, bool assume)
{
	tc_solve_options opt = tc_solve_options_default();
	opt.assume_barriers = assume;
	tc_result *r;
	tc_diag d;
	if (tc_module_solve(&r, m, graph_index(m, name), &opt, NULL, &d))
		fail_msg("%s: solve: %s", name, d.message);
	return r;
}

static bool uniform_in(const tc_result *r, const tc_graph *g, const char *name)
{
	return tc_result_node_uniform(r, node(g, name));
}

/* feedback.ll: convergence feeds uniformity (tc_module_solve) */
static void feedback(void **state)
{
	(void)state;
	tc_module *m = load("feedback.ll");
	const tc_graph *g = graph(m, "both_ways");
	assert_false(has_flag(g, "entry", TC_NODE_UNIFORM)); /* on the thread id */
	assert_false(has_flag(g, "join", TC_NODE_UNIFORM));  /* a phi of it */
	assert_false(has_flag(g, "mid", TC_NODE_UNIFORM));   /* a phi after that */

	/* the graph alone: the branch on the phi splits the threads */
	tc_result *r = solve(g, true);
	assert_int_equal(state_of(r, g, "a"), 'U');
	assert_int_equal(state_of(r, g, "x"), 'U');
	assert_false(uniform_in(r, g, "join"));
	uint32_t plain_rounds = tc_result_stats(r).rounds;
	tc_result_free(r);

	/* assume mode: both ways reach a barrier, so every thread takes the
	 * same one; the phis are uniform, and so is everything after them */
	r = module_solve(m, "both_ways", true);
	assert_true(uniform_in(r, g, "entry"));
	assert_true(uniform_in(r, g, "join"));
	assert_true(uniform_in(r, g, "mid"));
	assert_int_equal(tc_result_node_count(r, TC_STATE_UNKNOWN), 0);
	assert_int_equal(tc_result_edge_count(r, TC_STATE_UNKNOWN), 0);
	assert_true(tc_result_stats(r).rounds > plain_rounds);
	tc_result_free(r);
	assert_false(has_flag(g, "join", TC_NODE_UNIFORM)); /* the module is unchanged */

	/* check mode: barriers prove nothing, the branch stays divergent */
	r = module_solve(m, "both_ways", false);
	assert_false(uniform_in(r, g, "entry"));
	assert_false(uniform_in(r, g, "join"));
	assert_int_equal(state_of(r, g, "left.barrier"), 'U');
	assert_int_equal(state_of(r, g, "a"), 'U');
	tc_result_free(r);

	/* no barrier on either way: nothing to learn */
	g = graph(m, "no_barrier");
	r = module_solve(m, "no_barrier", true);
	assert_false(uniform_in(r, g, "entry"));
	assert_false(uniform_in(r, g, "join"));
	assert_int_equal(state_of(r, g, "a"), 'U');
	tc_result_free(r);

	/* uniform marks ignored: none is added either */
	tc_solve_options opt = tc_solve_options_default();
	opt.ignore_uniform = true;
	tc_diag d;
	assert_int_equal(tc_module_solve(&r, m, graph_index(m, "both_ways"), &opt, NULL, &d),
			 TC_OK);
	assert_false(uniform_in(r, graph(m, "both_ways"), "join"));
	tc_result_free(r);
	assert_int_equal(tc_module_solve(&r, m, 99, &opt, NULL, &d), TC_EINVAL);
	assert_null(r);
	tc_module_free(m);
}

static void spir_kernel(void **state)
{
	(void)state;
	tc_module *m = load("spir.ll");
	assert_true(tc_module_graph_is_kernel(m, 0));
	const tc_graph *g = graph(m, "k");
	assert_true(has_flag(g, "b0", TC_NODE_UNIFORM));
	assert_false(has_flag(g, "b1", TC_NODE_UNIFORM));
	assert_true(has_flag(g, "b2", TC_NODE_UNIFORM));
	assert_false(has_flag(g, "b3", TC_NODE_UNIFORM));
	assert_true(has_flag(g, "b4.barrier", TC_NODE_BARRIER));
	assert_true(has_flag(g, "b4.barrier.2", TC_NODE_BARRIER));
	tc_module_free(m);
}

static void amdgpu_kernel(void **state)
{
	(void)state;
	tc_module *m = load("amdgpu.ll");
	assert_int_equal(tc_module_graph_count(m), 2);
	assert_string_equal(tc_graph_name(tc_module_graph(m, 0)), "k");
	assert_true(tc_module_graph_is_kernel(m, 0));
	assert_false(tc_module_graph_is_kernel(m, 1));
	const tc_graph *g = graph(m, "k");
	assert_true(has_flag(g, "b0", TC_NODE_UNIFORM));
	assert_false(has_flag(g, "b1", TC_NODE_UNIFORM));
	assert_true(has_flag(g, "b2.barrier", TC_NODE_BARRIER));
	tc_module_free(m);
}

static void bitcode(void **state)
{
	(void)state;
	char path[512];
	tc_module *m;
	tc_diag d;
	snprintf(path, sizeof path, "%s/helpers.bc", TC_LLVM_BC_DIR);
	if (tc_read_file(&m, path, NULL, &d))
		fail_msg("%s: %s", path, d.message);
	assert_int_equal(tc_module_graph_count(m), 4);
	expect_nodes(graph(m, "kernel"), (const char *[]){"entry.barrier", "entry.barrier.2",
							  "entry.after", EXIT, NULL});
	tc_module_free(m);
}

/* A read that keeps LLVM's module (readers.h, as the command-line tool
 * asks) gives the same graphs, keeps one module at most (the one before is
 * freed as the next read ends), and frees it when asked. The last one is
 * left kept: under the sanitizers' leak check it must stay reachable. */
static void kept_module(void **state)
{
	(void)state;
	const char *names[] = {"entry.barrier", "entry.barrier.2", "entry.after", EXIT, NULL};
	assert_false(tc__llvm_kept());
	tc__llvm_keep_last(true);
	for (int i = 0; i < 3; i++) {
		tc_module *m = load(i == 1 ? "loops.ll" : "helpers.ll");
		assert_true(tc__llvm_kept());
		if (i != 1)
			expect_nodes(graph(m, "kernel"), names);
		tc_module_free(m);
	}
	tc__llvm_keep_last(false);
	assert_false(tc__llvm_kept());
	tc_module *m = load("helpers.ll");
	assert_false(tc__llvm_kept());
	expect_nodes(graph(m, "kernel"), names);
	tc_module_free(m);
	tc__llvm_keep_last(true);
	tc_module_free(load("helpers.ll"));
	assert_true(tc__llvm_kept());
}

static void function_filter(void **state)
{
	(void)state;
	tc_read_options opt = {.function = "outer_helper"};
	tc_module *m = load_opt("helpers.ll", &opt);
	assert_int_equal(tc_module_graph_count(m), 1);
	assert_string_equal(tc_graph_name(tc_module_graph(m, 0)), "outer_helper");
	tc_module_free(m);

	char path[512];
	tc_diag d;
	snprintf(path, sizeof path, "%s/helpers.ll", TC_LLVM_IR_DIR);
	opt.function = "llvm.nvvm.barrier0"; /* declared, not defined */
	assert_int_equal(tc_read_file_ex(&m, path, &opt, NULL, &d), TC_EINVAL);
	assert_null(m);
	assert_string_equal(d.message, "no function named 'llvm.nvvm.barrier0' is defined");
}

/* Writes text to a fresh file whose name ends in suffix; returns its path. */
static char *temp_file(const char *suffix, const void *data, size_t len)
{
	static char path[64];
	snprintf(path, sizeof path, "/tmp/tc_llvm_XXXXXX%s", suffix);
	int fd = mkstemps(path, (int)strlen(suffix));
	assert_true(fd >= 0);
	assert_int_equal(write(fd, data, len), (ssize_t)len);
	close(fd);
	return path;
}

static void dispatch_by_content(void **state)
{
	(void)state;
	static const char *const ir[] = {
		"; ModuleID = 'x'\ndefine void @f() {\n  ret void\n}\n",
		"source_filename = \"x\"\ndefine void @f() {\n  ret void\n}\n",
		"\n\ntarget triple = \"nvptx64-nvidia-cuda\"\ndefine void @f() {\n  ret void\n}\n",
		"define void @f() {\n  ret void\n}\n",
	};
	tc_module *m;
	tc_diag d;
	for (size_t i = 0; i < sizeof ir / sizeof *ir; i++) {
		char *path = temp_file(".txt", ir[i], strlen(ir[i]));
		if (tc_read_file(&m, path, NULL, &d))
			fail_msg("case %zu: %s", i, d.message);
		assert_string_equal(tc_graph_name(tc_module_graph(m, 0)), "f");
		tc_module_free(m);
		unlink(path);
	}
	/* a .cfg whose first node is called define */
	const char *cfg = "define -> x\nentry define\nexit x\n";
	char *path = temp_file(".cfg", cfg, strlen(cfg));
	if (tc_read_file(&m, path, NULL, &d))
		fail_msg("cfg: %s", d.message);
	assert_int_equal(tc_graph_node_count(tc_module_graph(m, 0)), 2);
	tc_module_free(m);
	unlink(path);

	/* --function picks a .cfg graph too */
	cfg = "graph one\nentry a\nexit a\ngraph two\nentry b\nexit c\nb -> c\n";
	path = temp_file(".cfg", cfg, strlen(cfg));
	tc_read_options opt = {.function = "two"};
	if (tc_read_file_ex(&m, path, &opt, NULL, &d))
		fail_msg("cfg: %s", d.message);
	assert_int_equal(tc_module_graph_count(m), 1);
	assert_string_equal(tc_graph_name(tc_module_graph(m, 0)), "two");
	assert_false(tc_module_graph_is_kernel(m, 0));
	tc_module_free(m);
	opt.function = "three";
	assert_int_equal(tc_read_file_ex(&m, path, &opt, NULL, &d), TC_EINVAL);
	assert_string_equal(d.message, "no graph named 'three'");
	unlink(path);
}

static int parse_text(const char *text, const tc_read_options *opt, tc_diag *d)
{
	tc_module *m = NULL;
	int rc = tc_parse_llvm(&m, "t.ll", text, strlen(text), opt, NULL, d);
	if (rc == TC_OK)
		tc_module_free(m);
	else
		assert_null(m);
	return rc;
}

static void bad_input(void **state)
{
	(void)state;
	tc_diag d;
	assert_int_equal(parse_text("define void @f() {\nentry:\n  bogus\n}\n", NULL, &d),
			 TC_EPARSE);
	assert_string_equal(d.file, "t.ll");
	assert_int_equal(d.line, 3);
	assert_int_equal(d.col, 3);
	assert_string_equal(d.message, "expected instruction opcode");

	assert_int_equal(parse_text("define void @f() {\nentry:\n  %y = add i32 %x, 1\n"
				    "  %x = add i32 1, 1\n  ret void\n}\n",
				    NULL, &d),
			 TC_EPARSE);
	assert_int_equal(d.line, 0);
	assert_non_null(strstr(d.message, "module fails verification: "));
	assert_non_null(strstr(d.message, "does not dominate all uses"));

	/* the same with the module flag every clang -g module has: LLVM's
	 * debug-info upgrade inside its parser would abort the process */
	assert_int_equal(parse_text("define void @f() {\nentry:\n  %y = add i32 %x, 1\n"
				    "  %x = add i32 1, 1\n  ret void\n}\n"
				    "!llvm.module.flags = !{!0}\n"
				    "!0 = !{i32 2, !\"Debug Info Version\", i32 3}\n",
				    NULL, &d),
			 TC_EPARSE);
	assert_non_null(strstr(d.message, "does not dominate all uses"));

	/* a valid module without function bodies (a kernel commented out) is
	 * no error: no graph, and a warning that says so */
	for (int k = 0; k < 2; k++) {
		tc_module *m = NULL;
		const char *text = k ? "" : "declare void @f()\n";
		assert_int_equal(tc_parse_llvm(&m, "t.ll", text, strlen(text), NULL, NULL, &d),
				 TC_OK);
		assert_int_equal(tc_module_graph_count(m), 0);
		assert_int_equal(tc_module_warning_count(m), 1);
		assert_non_null(strstr(tc_module_warning(m, 0), "no function is defined"));
		tc_module_free(m);
	}

	tc_read_options opt = {.llvm_passes = "no-such-pass"};
	assert_int_equal(parse_text("define void @f() {\n  ret void\n}\n", &opt, &d),
			 TC_EINVAL);
	assert_non_null(strstr(d.message, "pass pipeline 'no-such-pass'"));

	/* bitcode: the magic alone, then a real file cut short */
	tc_module *m = NULL;
	assert_int_equal(tc_parse_llvm(&m, "t.bc", "BC\xC0\xDE", 4, NULL, NULL, &d), TC_EPARSE);
	assert_null(m);
	assert_non_null(strstr(d.message, "bad bitcode"));
	char path[512];
	snprintf(path, sizeof path, "%s/helpers.bc", TC_LLVM_BC_DIR);
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	static char buf[1 << 16];
	size_t len = fread(buf, 1, sizeof buf, f);
	fclose(f);
	assert_true(len > 64);
	for (size_t cut = 4; cut < len; cut += len / 7) {
		m = NULL;
		assert_int_equal(tc_parse_llvm(&m, "t.bc", buf, cut, NULL, NULL, &d), TC_EPARSE);
		assert_null(m);
		assert_non_null(strstr(d.message, "bad bitcode"));
	}
}

/* Runs fn with standard error sent to a file; returns what was written. */
static size_t stderr_bytes_of(void (*fn)(void *), void *arg)
{
	fflush(stderr);
	int saved = dup(2);
	FILE *tmp = tmpfile();
	assert_true(saved >= 0 && tmp);
	assert_true(dup2(fileno(tmp), 2) >= 0);
	fn(arg);
	fflush(stderr);
	assert_true(dup2(saved, 2) >= 0);
	close(saved);
	long n = ftell(tmp) >= 0 ? (fseek(tmp, 0, SEEK_END), ftell(tmp)) : -1;
	fclose(tmp);
	assert_true(n >= 0);
	return (size_t)n;
}

static void read_wrong_scope(void *arg)
{
	tc_module **m = arg;
	tc_diag d;
	char path[512];
	snprintf(path, sizeof path, "%s/debug-wrong-scope.ll", TC_LLVM_IR_DIR);
	assert_int_equal(tc_read_file(m, path, NULL, &d), TC_OK);
}

/* Invalid debug info is dropped with a warning for the caller, as LLVM's
 * upgrade drops it, but nothing is printed (LLVM's upgrade prints the
 * verifier's findings) and the graphs are read. */
static void invalid_debug_info(void **state)
{
	(void)state;
	tc_module *m = NULL;
	assert_int_equal(stderr_bytes_of(read_wrong_scope, &m), 0);
	assert_non_null(m);
	assert_int_equal(tc_module_graph_count(m), 2);
	assert_int_equal(tc_module_warning_count(m), 1);
	assert_non_null(strstr(tc_module_warning(m, 0), "invalid debug info ignored"));
	assert_non_null(strstr(tc_module_warning(m, 0), "wrong subprogram"));
	assert_null(tc_module_warning(m, 1));
	assert_null(tc_module_branch_loc(m, 0, 0).file);
	tc_module_free(m);
	/* valid debug info: no warning */
	m = load("debug.ll");
	assert_int_equal(tc_module_warning_count(m), 0);
	tc_module_free(m);
}

/* An allocator that fails from the n-th allocation on. */
typedef struct budget {
	long left;
} budget;

static void *budget_malloc(void *ud, size_t size)
{
	budget *b = ud;
	return b->left-- > 0 ? malloc(size) : NULL;
}

static void *budget_realloc(void *ud, void *p, size_t size)
{
	budget *b = ud;
	return b->left-- > 0 ? realloc(p, size) : NULL;
}

static void budget_free(void *ud, void *p)
{
	(void)ud;
	free(p);
}

/* Reading, and solving with convergence fed back, fail cleanly at every
 * allocation (debug.ll; feedback.ll, whose reader records the value graph). */
static void allocation_failures(void **state)
{
	(void)state;
	static const char *const files[] = {"debug.ll", "feedback.ll"};
	for (size_t f = 0; f < sizeof files / sizeof *files; f++) {
		char path[512];
		snprintf(path, sizeof path, "%s/%s", TC_LLVM_IR_DIR, files[f]);
		for (long n = 0;; n++) {
			budget b = {n};
			tc_allocator a = {budget_malloc, budget_realloc, budget_free, &b};
			tc_module *m = NULL;
			tc_diag d;
			int rc = tc_read_file(&m, path, &a, &d);
			if (rc == TC_OK) {
				tc_result *r = NULL;
				rc = tc_module_solve(&r, m, 0, NULL, &a, &d);
				bool done = rc == TC_OK;
				if (done && f == 1) /* feedback.ll: entry found uniform */
					assert_true(tc_result_node_uniform(r, 0) &&
						    !(tc_graph_node_flags(tc_module_graph(m, 0), 0) &
						      TC_NODE_UNIFORM));
				tc_result_free(r);
				tc_module_free(m);
				if (done)
					break;
			}
			assert_int_equal(rc, TC_ENOMEM);
			assert_true(n < 10000);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(barrier_in_branch),
		cmocka_unit_test(loops),
		cmocka_unit_test(switch_edges),
		cmocka_unit_test(unreachable_is_dead),
		cmocka_unit_test(returns_join_exit),
		cmocka_unit_test(barrier_through_calls),
		cmocka_unit_test(unnamed_blocks),
		cmocka_unit_test(normalised),
		cmocka_unit_test(invalid_debug_info),
		cmocka_unit_test(debug_locations),
		cmocka_unit_test(uniform_conditions),
		cmocka_unit_test(phis),
		cmocka_unit_test(spir_kernel),
		cmocka_unit_test(amdgpu_kernel),
		cmocka_unit_test(feedback),
		cmocka_unit_test(bitcode),
		cmocka_unit_test(function_filter),
		cmocka_unit_test(dispatch_by_content),
		cmocka_unit_test(bad_input),
		cmocka_unit_test(allocation_failures),
		cmocka_unit_test(kept_module),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
