/*
 * test_graph.c - the builder and the built graph: ids in creation order,
 * CSR adjacency in edge creation order, parallel edges and self-loops, names
 * (found, created, duplicated), flags, locations, and the errors of bad
 * arguments.
 */
#include "threadconv.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

static uint32_t node(tc_builder *b, const char *name)
{
	uint32_t id;
	assert_int_equal(tc_builder_node(b, name, strlen(name), &id), TC_OK);
	return id;
}

static uint32_t edge(tc_builder *b, uint32_t from, uint32_t to)
{
	uint32_t id;
	assert_int_equal(tc_builder_edge(b, from, to, &id), TC_OK);
	return id;
}

static void expect_list(const uint32_t *got, uint32_t count, const uint32_t *want,
			uint32_t nwant)
{
	assert_int_equal(count, nwant);
	for (uint32_t i = 0; i < count; i++)
		assert_int_equal(got[i], want[i]);
}

static void test_csr_order(void **state)
{
	(void)state;
	tc_builder *b;
	assert_int_equal(tc_builder_new(&b, "g", NULL), TC_OK);
	uint32_t a = node(b, "a"), c = node(b, "c"), d = node(b, "d");
	assert_int_equal(a, 0);
	assert_int_equal(c, 1);
	assert_int_equal(d, 2);
	assert_int_equal(node(b, "c"), c); /* found, not created */
	/* edges out of order of their sources, a parallel pair, a self-loop */
	assert_int_equal(edge(b, c, d), 0);
	assert_int_equal(edge(b, a, d), 1);
	assert_int_equal(edge(b, a, c), 2);
	assert_int_equal(edge(b, a, d), 3);
	assert_int_equal(edge(b, d, d), 4);
	assert_int_equal(edge(b, d, a), 5);
	assert_int_equal(tc_builder_set_entry(b, a), TC_OK);
	assert_int_equal(tc_builder_set_exit(b, d), TC_OK);
	tc_graph *g;
	assert_int_equal(tc_builder_finish(&g, b, NULL), TC_OK);

	assert_string_equal(tc_graph_name(g), "g");
	assert_int_equal(tc_graph_node_count(g), 3);
	assert_int_equal(tc_graph_edge_count(g), 6);
	assert_int_equal(tc_graph_entry(g), a);
	assert_int_equal(tc_graph_exit(g), d);
	uint32_t count;
	const uint32_t *l;
	l = tc_graph_out_edges(g, a, &count);
	expect_list(l, count, (const uint32_t[]){1, 2, 3}, 3);
	l = tc_graph_out_edges(g, c, &count);
	expect_list(l, count, (const uint32_t[]){0}, 1);
	l = tc_graph_out_edges(g, d, &count);
	expect_list(l, count, (const uint32_t[]){4, 5}, 2);
	l = tc_graph_in_edges(g, a, &count);
	expect_list(l, count, (const uint32_t[]){5}, 1);
	l = tc_graph_in_edges(g, c, &count);
	expect_list(l, count, (const uint32_t[]){2}, 1);
	l = tc_graph_in_edges(g, d, &count);
	expect_list(l, count, (const uint32_t[]){0, 1, 3, 4}, 4);
	assert_int_equal(tc_graph_edge_from(g, 4), d);
	assert_int_equal(tc_graph_edge_to(g, 4), d);
	assert_int_equal(tc_graph_edge_from(g, 3), a);
	assert_int_equal(tc_graph_edge_to(g, 3), d);
	tc_graph_free(g);
}

static void test_names(void **state)
{
	(void)state;
	tc_builder *b;
	assert_int_equal(tc_builder_new(&b, NULL, NULL), TC_OK);
	uint32_t x = node(b, "x"), dup, y;
	/* add_node creates even when the name is taken; lookups find the first */
	assert_int_equal(tc_builder_add_node(b, "x", 1, &dup), TC_OK);
	assert_int_not_equal(dup, x);
	assert_int_equal(node(b, "x"), x);
	/* a name with a length: only len bytes count */
	assert_int_equal(tc_builder_node(b, "yz", 1, &y), TC_OK);
	assert_int_equal(node(b, "y"), y);
	/* the empty name is a name */
	uint32_t empty = node(b, "");
	assert_int_equal(node(b, ""), empty);
	/* many names: the table grows */
	char name[16];
	for (int i = 0; i < 1000; i++) {
		snprintf(name, sizeof name, "v%d", i);
		assert_int_equal(node(b, name), 4 + i);
	}
	for (int i = 0; i < 1000; i += 37) {
		snprintf(name, sizeof name, "v%d", i);
		assert_int_equal(node(b, name), 4 + i);
	}
	assert_int_equal(tc_builder_set_entry(b, x), TC_OK);
	assert_int_equal(tc_builder_set_exit(b, y), TC_OK);
	tc_graph *g;
	assert_int_equal(tc_builder_finish(&g, b, NULL), TC_OK);
	assert_string_equal(tc_graph_name(g), "");
	assert_int_equal(tc_graph_node_count(g), 1004);
	assert_string_equal(tc_graph_node_name(g, dup), "x");
	assert_string_equal(tc_graph_node_name(g, y), "y");
	assert_int_equal(tc_graph_find_node(g, "y"), y);
	assert_int_equal(tc_graph_find_node(g, "v999"), 1003);
	assert_int_equal(tc_graph_find_node(g, "v1000"), TC_NONE);
	assert_int_equal(tc_graph_find_node(g, "yz"), TC_NONE);
	uint32_t fx = tc_graph_find_node(g, "x");
	assert_true(fx == x || fx == dup);
	assert_null(tc_graph_node_name(g, 1004));
	tc_graph_free(g);
}

static void test_flags_and_locations(void **state)
{
	(void)state;
	tc_builder *b;
	assert_int_equal(tc_builder_new(&b, "f", NULL), TC_OK);
	uint32_t a = node(b, "a"), c = node(b, "b"), d = node(b, "c");
	assert_int_equal(tc_builder_set_flags(b, c, TC_NODE_BARRIER | TC_NODE_UNIFORM), TC_OK);
	assert_int_equal(tc_builder_flags(b, c), TC_NODE_BARRIER | TC_NODE_UNIFORM);
	assert_int_equal(tc_builder_set_flags(b, d, 0x80), TC_EINVAL);
	assert_int_equal(tc_builder_set_flags(b, 7, TC_NODE_BARRIER), TC_EINVAL);
	assert_int_equal(tc_builder_set_node_loc(b, a, "k.cl", 3, 5), TC_OK);
	assert_int_equal(tc_builder_set_node_loc(b, d, "k.cl", 9, 1), TC_OK);
	assert_int_equal(tc_builder_set_node_loc(b, 9, "k.cl", 9, 1), TC_EINVAL);
	assert_int_equal(tc_builder_edge(b, a, 9, NULL), TC_EINVAL);
	assert_int_equal(tc_builder_edge(b, 9, a, NULL), TC_EINVAL);
	assert_int_equal(tc_builder_edge(b, a, c, NULL), TC_OK);
	assert_int_equal(tc_builder_set_entry(b, 9), TC_EINVAL);
	assert_int_equal(tc_builder_set_exit(b, 9), TC_EINVAL);
	assert_int_equal(tc_builder_entry(b), TC_NONE);
	assert_int_equal(tc_builder_set_entry(b, a), TC_OK);
	assert_int_equal(tc_builder_set_exit(b, d), TC_OK);
	assert_int_equal(tc_builder_entry(b), a);
	assert_int_equal(tc_builder_exit(b), d);
	tc_graph *g;
	assert_int_equal(tc_builder_finish(&g, b, NULL), TC_OK);
	assert_int_equal(tc_graph_node_flags(g, a), 0);
	assert_int_equal(tc_graph_node_flags(g, c), TC_NODE_BARRIER | TC_NODE_UNIFORM);
	tc_loc la = tc_graph_node_loc(g, a), lb = tc_graph_node_loc(g, c),
	       ld = tc_graph_node_loc(g, d);
	assert_string_equal(la.file, "k.cl");
	assert_int_equal(la.line, 3);
	assert_int_equal(la.col, 5);
	assert_null(lb.file);
	assert_int_equal(lb.line, 0);
	assert_ptr_equal(ld.file, la.file); /* file names are interned */
	assert_int_equal(tc_graph_edge_count(g), 1);
	tc_graph_free(g);
}

static void test_missing_entry_or_exit(void **state)
{
	(void)state;
	tc_builder *b;
	tc_graph *g = (tc_graph *)&g;
	tc_diag d;
	assert_int_equal(tc_builder_new(&b, "noexit", NULL), TC_OK);
	assert_int_equal(tc_builder_set_entry(b, node(b, "a")), TC_OK);
	assert_int_equal(tc_builder_finish(&g, b, &d), TC_EINVAL); /* frees b */
	assert_null(g);
	assert_int_equal(d.code, TC_EINVAL);
	assert_non_null(strstr(d.message, "exit"));

	assert_int_equal(tc_builder_new(&b, "noentry", NULL), TC_OK);
	assert_int_equal(tc_builder_set_exit(b, node(b, "a")), TC_OK);
	assert_int_equal(tc_builder_finish(&g, b, &d), TC_EINVAL);
	assert_non_null(strstr(d.message, "entry"));
}

static void test_empty_graph_parts(void **state)
{
	(void)state;
	/* one node that is entry and exit, no edges */
	tc_builder *b;
	assert_int_equal(tc_builder_new(&b, "one", NULL), TC_OK);
	uint32_t a = node(b, "a");
	assert_int_equal(tc_builder_set_entry(b, a), TC_OK);
	assert_int_equal(tc_builder_set_exit(b, a), TC_OK);
	tc_graph *g;
	assert_int_equal(tc_builder_finish(&g, b, NULL), TC_OK);
	uint32_t count = 99;
	tc_graph_out_edges(g, a, &count);
	assert_int_equal(count, 0);
	tc_graph_in_edges(g, a, &count);
	assert_int_equal(count, 0);
	assert_null(tc_graph_node_loc(g, a).file);
	tc_graph_free(g);
	tc_graph_free(NULL);
	tc_builder_free(NULL);
}

static void test_parse_round_trip(void **state)
{
	(void)state;
	/* the .cfg parser goes through the same builder: mention order, edge
	 * order, quoted names, keywords as node names */
	static const char text[] = "# c\n"
				   "graph one\n"
				   "entry \"e 1\"\n"
				   "exit graph\n"
				   "barrier entry\n"
				   "uniform \"e 1\"\n"
				   "\"e 1\" -> entry graph\n"
				   "entry -> graph entry\n"
				   "graph two\n"
				   "entry a\n"
				   "exit b\n"
				   "a -> b\n";
	tc_module *m;
	tc_diag d;
	assert_int_equal(tc_parse_cfg(&m, "t.cfg", text, sizeof text - 1, NULL, &d), TC_OK);
	assert_int_equal(tc_module_graph_count(m), 2);
	const tc_graph *g = tc_module_graph(m, 0);
	assert_string_equal(tc_graph_name(g), "one");
	assert_int_equal(tc_graph_node_count(g), 3);
	assert_string_equal(tc_graph_node_name(g, 0), "e 1");
	assert_string_equal(tc_graph_node_name(g, 1), "graph");
	assert_string_equal(tc_graph_node_name(g, 2), "entry");
	assert_int_equal(tc_graph_entry(g), 0);
	assert_int_equal(tc_graph_exit(g), 1);
	assert_int_equal(tc_graph_node_flags(g, 2), TC_NODE_BARRIER);
	assert_int_equal(tc_graph_node_flags(g, 0), TC_NODE_UNIFORM);
	assert_int_equal(tc_graph_edge_count(g), 4);
	static const uint32_t from[] = {0, 0, 2, 2}, to[] = {2, 1, 1, 2};
	for (uint32_t e = 0; e < 4; e++) {
		assert_int_equal(tc_graph_edge_from(g, e), from[e]);
		assert_int_equal(tc_graph_edge_to(g, e), to[e]);
	}
	assert_string_equal(tc_graph_name(tc_module_graph(m, 1)), "two");
	tc_module_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_csr_order),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_flags_and_locations),
		cmocka_unit_test(test_missing_entry_or_exit),
		cmocka_unit_test(test_empty_graph_parts),
		cmocka_unit_test(test_parse_round_trip),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
