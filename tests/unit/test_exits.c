/*
 * test_exits.c - the barriers that only threads that have left the kernel
 * miss (src/analysis/exits.h), on small graphs: the guard that returns
 * before a barrier, a guard whose threads reach another barrier, a loop
 * whose threads leave for the end or for a later barrier, a branch that
 * changes how often a barrier is reached, a branch inside a loop that an
 * outer loop brings back to the barrier, a branch whose threads that stay
 * wait at different barriers first, a loop headed by the barrier that
 * threads leave for another, two loops whose barriers wait at once, and
 * the calls after which only the end comes (tc__exits_tail).
 */
#include "analysis/exits.h"
#include "unit.h"

#include <stdio.h>
#include <string.h>

/* The node of g called name. */
static uint32_t node(const tc_graph *g, const char *name)
{
	for (uint32_t v = 0; v < tc_graph_node_count(g); v++)
		if (strcmp(tc_graph_node_name(g, v), name) == 0)
			return v;
	fail_msg("no node %s", name);
	return TC_NONE;
}

/* Whether barrier e (by name) of the .cfg text is missed only by threads
 * that leave, the causes being the branches named in causes (comma-less,
 * space separated); *side's name into side_name. */
static bool only_exits(const char *text, const char *e, const char *causes, char *side_name)
{
	tc_module *m;
	tc_diag d;
	assert_int_equal(tc_parse_cfg(&m, "t.cfg", text, strlen(text), NULL, &d), TC_OK);
	const tc_graph *g = tc_module_graph(m, 0);
	uint32_t elements[16], ne = 0, cause[8], nc = 0;
	for (uint32_t v = 0; v < tc_graph_node_count(g); v++)
		if (tc_graph_node_flags(g, v) & TC_NODE_BARRIER)
			elements[ne++] = v;
	char buf[64];
	snprintf(buf, sizeof buf, "%s", causes);
	for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
		cause[nc++] = node(g, tok);
	tc_alloc al;
	tc__alloc_init(&al, NULL);
	tc_exits *x;
	assert_int_equal(tc__exits_new(&x, g, elements, ne, NULL, &al), TC_OK);
	uint32_t side = TC_NONE;
	bool only = tc__exits_only(x, node(g, e), cause, nc, true, &side);
	if (side_name)
		snprintf(side_name, 32, "%s", side == TC_NONE ? "-" : tc_graph_node_name(g, side));
	tc__exits_free(x);
	tc_module_free(m);
	return only;
}

/* if (i >= n) return; ... barrier: the threads that return end */
static void test_guard_returns(void **state)
{
	(void)state;
	char side[32];
	assert_true(only_exits("graph g\nentry e\nexit x\nbarrier b\n"
			       "e -> guard\nguard -> ret\nguard -> body\nret -> x\n"
			       "body -> b\nb -> x\n",
			       "b", "guard", side));
	assert_string_equal(side, "ret");
}

/* the threads that skip b reach another barrier: an ordinary divergence */
static void test_guard_to_other_barrier(void **state)
{
	(void)state;
	assert_false(only_exits("graph g\nentry e\nexit x\nbarrier b\nbarrier b2\n"
				"e -> guard\nguard -> other\nguard -> body\nother -> b2\nb2 -> x\n"
				"body -> b\nb -> x\n",
				"b", "guard", NULL));
}

/* a loop with a barrier whose threads leave at different times: for the
 * end (exits only), or for a barrier after the loop (not) */
static void test_loop_exit(void **state)
{
	(void)state;
	char side[32];
	assert_true(only_exits("graph g\nentry e\nexit x\nbarrier b\n"
			       "e -> h\nh -> b\nb -> latch\nlatch -> h\nlatch -> after\n"
			       "after -> x\n",
			       "b", "latch", side));
	assert_string_equal(side, "after");
	assert_false(only_exits("graph g\nentry e\nexit x\nbarrier b\nbarrier f\n"
				"e -> h\nh -> b\nb -> latch\nlatch -> h\nlatch -> after\n"
				"after -> f\nf -> x\n",
				"b", "latch", NULL));
}

/* a branch both of whose sides reach b (how often, not whether) */
static void test_both_sides_reach(void **state)
{
	(void)state;
	assert_false(only_exits("graph g\nentry e\nexit x\nbarrier b\n"
				"e -> h\nh -> c\nc -> b\nc -> skip\nb -> latch\nskip -> latch\n"
				"latch -> h\nlatch -> x\n",
				"b", "c", NULL));
}

/* an inner loop's threads leave it for the outer loop, which brings them
 * back to b: the side reaches b, so not an exit */
static void test_outer_loop_returns(void **state)
{
	(void)state;
	assert_false(only_exits("graph g\nentry e\nexit x\nbarrier b\n"
				"e -> oh\noh -> ih\nih -> b\nb -> il\nil -> ih\nil -> ol\n"
				"ol -> oh\nol -> x\n",
				"b", "il", NULL));
	/* no cause: nothing to say */
	assert_false(only_exits("graph g\nentry e\nexit x\nbarrier b\ne -> b\nb -> x\n", "b", "",
				NULL));
}

/* a barrier in a loop, whose branch sends threads back to it, on to
 * barrier b2 or out: those that go round again wait at b while others
 * wait at b2, so b2 is not missed only by the threads that leave; with the
 * threads that go round meeting b2 first too, it is */
static void test_stayers_wait_elsewhere(void **state)
{
	(void)state;
	assert_false(only_exits("graph g\nentry e\nexit x\nbarrier b\nbarrier b2\n"
				"e -> b\nb -> b\nb -> b2\nb -> out\nout -> x\n"
				"b2 -> out\nb2 -> e\n",
				"b2", "b", NULL));
	assert_true(only_exits("graph g\nentry e\nexit x\nbarrier b\nbarrier b2\n"
			       "e -> b\nb -> b2\nb -> out\nout -> x\n"
			       "b2 -> out\nb2 -> e\n",
			       "b2", "b", NULL));
}

/* a loop whose head is barrier b, with a return inside (the cause), that
 * threads may also leave for barrier b2 after it: they miss b for good
 * and wait at b2, so b is not missed only by threads that leave; with the
 * loop left only for the end, it is */
static void test_loop_left_for_barrier(void **state)
{
	(void)state;
	const char *loop = "graph g\nentry e\nexit x\nbarrier b\nbarrier b2\n"
			   "e -> b\nb -> body\nb -> after\nbody -> guard\nguard -> x\n"
			   "guard -> latch\nlatch -> b\n%s";
	char text[512];
	snprintf(text, sizeof text, loop, "after -> b2\nafter -> x\nb2 -> x\n");
	assert_false(only_exits(text, "b", "guard", NULL));
	snprintf(text, sizeof text, loop, "after -> x\nb2 -> x\n");
	assert_true(only_exits(text, "b", "guard", NULL));
}

/* Two loops, each with a barrier and each left by a return: after n5, the
 * threads that stay go round to n5 again (n7) or back to n4 (n6), both
 * still running. tc__exits_pairs makes the first listed ordinary and keeps
 * the other; with one listed, none. A twin whose n7 side returns: no pair. */
static void test_pair(void **state)
{
	(void)state;
	const char *fmt = "graph g\nentry n0\nexit n1\nbarrier n4 n5\n"
			  "n0 -> n2\nn2 -> n4\nn2 -> n3\nn4 -> n3\nn4 -> n5\n"
			  "n5 -> n7\nn5 -> n6\nn6 -> n2\nn7 -> n1\n%sn3 -> n1\n";
	char text[512];
	for (int twin = 0; twin < 2; twin++) {
		snprintf(text, sizeof text, fmt, twin ? "" : "n7 -> n5\n");
		tc_module *m;
		tc_diag d;
		assert_int_equal(tc_parse_cfg(&m, "t.cfg", text, strlen(text), NULL, &d), TC_OK);
		const tc_graph *g = tc_module_graph(m, 0);
		uint32_t el[2] = {node(g, "n4"), node(g, "n5")}, rev[2] = {el[1], el[0]};
		tc_alloc al;
		tc__alloc_init(&al, NULL);
		tc_exits *x;
		assert_int_equal(tc__exits_new(&x, g, el, 2, NULL, &al), TC_OK);
		uint8_t ord[2] = {9, 9};
		assert_int_equal(tc__exits_pairs(x, el, 2, ord), TC_OK);
		assert_int_equal(ord[0], !twin);
		assert_int_equal(ord[1], 0);
		assert_int_equal(tc__exits_pairs(x, rev, 2, ord), TC_OK); /* the order decides */
		assert_int_equal(ord[0], !twin);
		assert_int_equal(ord[1], 0);
		assert_int_equal(tc__exits_pairs(x, el, 1, ord), TC_OK);
		assert_int_equal(ord[0], 0);
		tc__exits_free(x);
		tc_module_free(m);
	}
}

/* Whether the threads going on from node v (by name) of the .cfg text reach
 * nothing but the end (tc__exits_tail). */
static bool tail(const char *text, const char *v)
{
	tc_module *m;
	tc_diag d;
	assert_int_equal(tc_parse_cfg(&m, "t.cfg", text, strlen(text), NULL, &d), TC_OK);
	const tc_graph *g = tc_module_graph(m, 0);
	uint32_t elements[16], ne = 0;
	for (uint32_t u = 0; u < tc_graph_node_count(g); u++)
		if (tc_graph_node_flags(g, u) & TC_NODE_BARRIER)
			elements[ne++] = u;
	tc_alloc al;
	tc__alloc_init(&al, NULL);
	tc_exits *x;
	assert_int_equal(tc__exits_new(&x, g, elements, ne, NULL, &al), TC_OK);
	bool t = tc__exits_tail(x, node(g, v));
	assert_false(tc__exits_tail(x, tc_graph_node_count(g))); /* no such node */
	tc__exits_free(x);
	tc_module_free(m);
	return t;
}

/* a call (a barrier node) last before the end, and one that a loop brings
 * back to, or that another barrier follows */
static void test_tail(void **state)
{
	(void)state;
	assert_true(tail("graph g\nentry e\nexit x\nbarrier c\n"
			 "e -> c\nc -> done\ndone -> x\n",
			 "c"));
	assert_false(tail("graph g\nentry e\nexit x\nbarrier c\n"
			  "e -> c\nc -> latch\nlatch -> c\nlatch -> x\n",
			  "c"));
	assert_false(tail("graph g\nentry e\nexit x\nbarrier c\nbarrier b\n"
			  "e -> c\nc -> b\nb -> x\n",
			  "c"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_guard_returns),
		cmocka_unit_test(test_guard_to_other_barrier),
		cmocka_unit_test(test_loop_exit),
		cmocka_unit_test(test_both_sides_reach),
		cmocka_unit_test(test_outer_loop_returns),
		cmocka_unit_test(test_stayers_wait_elsewhere),
		cmocka_unit_test(test_loop_left_for_barrier),
		cmocka_unit_test(test_pair),
		cmocka_unit_test(test_tail),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
