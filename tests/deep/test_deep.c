/*
 * test_deep.c - every solver on graphs far deeper than any C stack allows
 * recursion over: a chain of 1,000,000 nodes with a barrier every 1000, and
 * a nest of 10,000 loops with a barrier in the innermost body. Run with the
 * default 8 MB stack; a recursive walk over either graph overflows it.
 *
 * Expectations come from the model (SPEC 1, 2):
 *   - chain: one walk, every element met once per segment: all C, in both
 *     modes, for every solver.
 *   - loop nest (see loop_nest below): every node and edge lies on a cycle
 *     that avoids the barrier, except entry -> h1, h1 -> exit, hN -> B,
 *     B -> lN, lN and lN -> hN, which every segment meets at most once in
 *     a fixed place: in assume mode those (with entry, exit, B) are exactly
 *     the C elements of every sound solver (the branch/merge rules reach
 *     them from the sync nodes, and the exact model refutes the rest by
 *     cycles). In check mode B is on the cycle hN -> B -> lN -> hN and only
 *     entry, exit, entry -> h1 and h1 -> exit are C. region-paper (unsound)
 *     must at least contain basic's answer.
 */
#include "threadconv.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#define CHAIN_NODES 1000000u
#define CHAIN_BARRIER_EVERY 1000u
#define NEST_LOOPS 10000u

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint32_t add(tc_builder *b, const char *fmt, uint32_t i)
{
	char name[32];
	uint32_t id;
	int len = snprintf(name, sizeof name, fmt, i);
	assert_int_equal(tc_builder_add_node(b, name, (size_t)len, &id), TC_OK);
	return id;
}

static void link_nodes(tc_builder *b, uint32_t from, uint32_t to)
{
	assert_int_equal(tc_builder_edge(b, from, to, NULL), TC_OK);
}

static tc_graph *chain(void)
{
	tc_builder *b;
	assert_int_equal(tc_builder_new(&b, "chain", NULL), TC_OK);
	for (uint32_t i = 0; i < CHAIN_NODES; i++) {
		uint32_t v = add(b, "n%u", i);
		if (i)
			link_nodes(b, v - 1, v);
		if (i && i % CHAIN_BARRIER_EVERY == 0 && i + 1 < CHAIN_NODES)
			assert_int_equal(tc_builder_set_flags(b, v, TC_NODE_BARRIER), TC_OK);
	}
	assert_int_equal(tc_builder_set_entry(b, 0), TC_OK);
	assert_int_equal(tc_builder_set_exit(b, CHAIN_NODES - 1), TC_OK);
	tc_graph *g;
	assert_int_equal(tc_builder_finish(&g, b, NULL), TC_OK);
	return g;
}

static tc_result *solve(const tc_graph *g, tc_solver s, bool assume)
{
	tc_solve_options opt = tc_solve_options_default();
	opt.solver = s;
	opt.assume_barriers = assume;
	tc_result *r;
	tc_diag d;
	double t0 = now();
	int rc = tc_solve(&r, g, &opt, NULL, &d);
	if (rc)
		fail_msg("%s: %s", tc_solver_name(s), d.message);
	printf("  %-7s %-13s %.3f s\n", assume ? "assume" : "check", tc_solver_name(s),
	       now() - t0);
	return r;
}

static void test_chain(void **state)
{
	(void)state;
	double t0 = now();
	tc_graph *g = chain();
	printf("chain of %u nodes built in %.3f s\n", CHAIN_NODES, now() - t0);
	uint32_t n = tc_graph_node_count(g), m = tc_graph_edge_count(g);
	for (int mode = 0; mode < 2; mode++) {
		for (int s = 0; s < TC_SOLVER_COUNT; s++) {
			tc_result *r = solve(g, (tc_solver)s, mode == 0);
			assert_int_equal(tc_result_node_count(r, TC_STATE_CONVERGENT), n);
			assert_int_equal(tc_result_edge_count(r, TC_STATE_CONVERGENT), m);
			assert_true(tc_result_in_edges_convergent(r, CHAIN_BARRIER_EVERY));
			tc_result_free(r);
		}
	}
	tc_graph_free(g);
}

/*
 * Loop i (1..N) is headed by h_i, whose body is loop i + 1 (the barrier B
 * for i = N) followed by the latch l_i with the back edge l_i -> h_i:
 *   entry -> h1, h_i -> h_{i+1}, h_N -> B -> l_N, l_i -> h_i,
 *   h_i -> l_{i-1} (leaving loop i), h1 -> exit.
 */
typedef struct nest {
	tc_graph *g;
	uint32_t entry, exit, barrier, h1, hn, ln;
	uint32_t e_entry_h1, e_h1_exit, e_hn_b, e_b_ln, e_ln_hn;
} nest;

static void loop_nest(nest *t)
{
	tc_builder *b;
	uint32_t N = NEST_LOOPS, *h = malloc((N + 1) * sizeof *h), *l = malloc((N + 1) * sizeof *l);
	assert_non_null(h);
	assert_non_null(l);
	assert_int_equal(tc_builder_new(&b, "nest", NULL), TC_OK);
	t->entry = add(b, "entry", 0);
	t->exit = add(b, "exit", 0);
	t->barrier = add(b, "B", 0);
	assert_int_equal(tc_builder_set_flags(b, t->barrier, TC_NODE_BARRIER), TC_OK);
	for (uint32_t i = 1; i <= N; i++) {
		h[i] = add(b, "h%u", i);
		l[i] = add(b, "l%u", i);
	}
	assert_int_equal(tc_builder_edge(b, t->entry, h[1], &t->e_entry_h1), TC_OK);
	assert_int_equal(tc_builder_edge(b, h[1], t->exit, &t->e_h1_exit), TC_OK);
	for (uint32_t i = 1; i < N; i++) {
		link_nodes(b, h[i], h[i + 1]);
		link_nodes(b, h[i + 1], l[i]);
		link_nodes(b, l[i], h[i]);
	}
	assert_int_equal(tc_builder_edge(b, h[N], t->barrier, &t->e_hn_b), TC_OK);
	assert_int_equal(tc_builder_edge(b, t->barrier, l[N], &t->e_b_ln), TC_OK);
	assert_int_equal(tc_builder_edge(b, l[N], h[N], &t->e_ln_hn), TC_OK);
	assert_int_equal(tc_builder_set_entry(b, t->entry), TC_OK);
	assert_int_equal(tc_builder_set_exit(b, t->exit), TC_OK);
	assert_int_equal(tc_builder_finish(&t->g, b, NULL), TC_OK);
	t->h1 = h[1];
	t->hn = h[N];
	t->ln = l[N];
	free(h);
	free(l);
}

/* the C elements of r, nodes then edges, as a byte per element */
static char *c_set(const tc_result *r, const tc_graph *g)
{
	uint32_t n = tc_graph_node_count(g), m = tc_graph_edge_count(g);
	char *c = malloc((size_t)n + m);
	assert_non_null(c);
	for (uint32_t v = 0; v < n; v++)
		c[v] = tc_result_node_state(r, v) == TC_STATE_CONVERGENT;
	for (uint32_t e = 0; e < m; e++)
		c[n + e] = tc_result_edge_state(r, e) == TC_STATE_CONVERGENT;
	return c;
}

static void test_loop_nest(void **state)
{
	(void)state;
	nest t;
	double t0 = now();
	loop_nest(&t);
	const tc_graph *g = t.g;
	uint32_t n = tc_graph_node_count(g), m = tc_graph_edge_count(g);
	printf("nest of %u loops (%u nodes, %u edges) built in %.3f s\n", NEST_LOOPS, n, m,
	       now() - t0);
	for (int mode = 0; mode < 2; mode++) {
		bool assume = mode == 0;
		char *basic = NULL;
		for (int s = 0; s < TC_SOLVER_COUNT; s++) {
			tc_result *r = solve(g, (tc_solver)s, assume);
			/* nothing is dead */
			assert_int_equal(tc_result_node_count(r, TC_STATE_DEAD), 0);
			assert_int_equal(tc_result_edge_count(r, TC_STATE_DEAD), 0);
			assert_int_equal(tc_result_node_state(r, t.entry), TC_STATE_CONVERGENT);
			assert_int_equal(tc_result_node_state(r, t.exit), TC_STATE_CONVERGENT);
			assert_int_equal(tc_result_edge_state(r, t.e_entry_h1), TC_STATE_CONVERGENT);
			assert_int_equal(tc_result_edge_state(r, t.e_h1_exit), TC_STATE_CONVERGENT);
			char *c = c_set(r, g);
			if (s == TC_SOLVER_BASIC)
				basic = c;
			if (s == TC_SOLVER_REGION_PAPER) {
				/* unsound: only that it contains basic's answer */
				for (uint32_t x = 0; x < n + m; x++)
					assert_true(!basic[x] || c[x]);
				if (assume)
					assert_int_equal(tc_result_node_state(r, t.barrier),
							 TC_STATE_CONVERGENT);
			} else if (assume) {
				assert_int_equal(tc_result_node_state(r, t.barrier), TC_STATE_CONVERGENT);
				assert_int_equal(tc_result_node_state(r, t.ln), TC_STATE_CONVERGENT);
				assert_int_equal(tc_result_edge_state(r, t.e_hn_b), TC_STATE_CONVERGENT);
				assert_int_equal(tc_result_edge_state(r, t.e_b_ln), TC_STATE_CONVERGENT);
				assert_int_equal(tc_result_edge_state(r, t.e_ln_hn), TC_STATE_CONVERGENT);
				assert_int_equal(tc_result_node_state(r, t.h1), TC_STATE_UNKNOWN);
				assert_int_equal(tc_result_node_state(r, t.hn), TC_STATE_UNKNOWN);
				assert_true(tc_result_in_edges_convergent(r, t.barrier));
				assert_int_equal(tc_result_node_count(r, TC_STATE_CONVERGENT), 4);
				assert_int_equal(tc_result_edge_count(r, TC_STATE_CONVERGENT), 5);
			} else {
				assert_int_equal(tc_result_node_state(r, t.barrier), TC_STATE_UNKNOWN);
				assert_int_equal(tc_result_node_state(r, t.ln), TC_STATE_UNKNOWN);
				assert_false(tc_result_in_edges_convergent(r, t.barrier));
				assert_int_equal(tc_result_node_count(r, TC_STATE_CONVERGENT), 2);
				assert_int_equal(tc_result_edge_count(r, TC_STATE_CONVERGENT), 2);
			}
			if (c != basic)
				free(c);
			tc_result_free(r);
		}
		free(basic);
	}
	tc_graph_free(t.g);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_chain),
		cmocka_unit_test(test_loop_nest),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
