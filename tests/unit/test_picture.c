/*
 * test_picture.c - what check mode's pictures highlight (src/report/picture.h):
 * the nodes and edges on the paths from a finding's causes to it, on
 * hand-checked graphs, against the definition (reachable forward from a
 * cause and backward from the finding) on random graphs, across many
 * searches (the stamps, and their wrap), on a chain of a million nodes (no
 * recursion), and the nodes next to the highlighted ones.
 */
#include "report/picture.h"
#include "unit.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A graph of n nodes (entry 0, exit n - 1) with the arcs given. */
static tc_graph *graph_of(uint32_t n, const uint32_t *arcs, uint32_t narcs)
{
	tc_builder *b;
	assert_int_equal(tc_builder_new(&b, "g", NULL), TC_OK);
	for (uint32_t v = 0; v < n; v++) {
		char name[16];
		uint32_t id;
		snprintf(name, sizeof name, "v%u", (unsigned)v);
		assert_int_equal(tc_builder_add_node(b, name, strlen(name), &id), TC_OK);
		assert_int_equal(id, v);
	}
	for (uint32_t i = 0; i < narcs; i++)
		assert_int_equal(tc_builder_edge(b, arcs[2 * i], arcs[2 * i + 1], NULL), TC_OK);
	assert_int_equal(tc_builder_set_entry(b, 0), TC_OK);
	assert_int_equal(tc_builder_set_exit(b, n - 1), TC_OK);
	tc_graph *g;
	tc_diag d;
	assert_int_equal(tc_builder_finish(&g, b, &d), TC_OK);
	return g;
}

/* The nodes with mark, as a bit set (n <= 64). */
static uint64_t marked(const tc_paths *p, uint32_t n, unsigned mark)
{
	uint64_t set = 0;
	for (uint32_t v = 0; v < n; v++)
		if (p->node[v] & mark)
			set |= (uint64_t)1 << v;
	return set;
}

#define BIT(v) ((uint64_t)1 << (v))

/*
 *   0 -> 1 -> 2 -> 3 (barrier) -> 4 -> 7
 *        1 -> 5 ---------------------> 7
 *                  3 -> 6 -> 3 (a loop through the barrier)
 *             2 -> 6
 *   0 -> 7
 * From branch 1 to barrier 3: 1, 2, 3, 6 and the edges between them; not
 * 0 (before the branch), 4 (after), 5 (the other way).
 */
static void test_hand(void **state)
{
	(void)state;
	static const uint32_t arcs[] = {0, 1, 1, 2, 2, 3, 3, 4, 4, 7, 1, 5, 5, 7,
					3, 6, 6, 3, 2, 6, 0, 7};
	tc_graph *g = graph_of(8, UNIT_ARCS(arcs));
	tc_paths p;
	assert_int_equal(tc__paths_init(&p, g), TC_OK);
	uint32_t from = 1, to = 3;
	assert_int_equal(tc__paths_mark(&p, &from, 1, &to, 1), 4);
	assert_int_equal(marked(&p, 8, TC_PIC_PATH), BIT(1) | BIT(2) | BIT(3) | BIT(6));
	/* edges: 1->2, 2->3, 3->6, 6->3, 2->6 */
	static const int on[] = {0, 1, 1, 0, 0, 0, 0, 1, 1, 1, 0};
	for (uint32_t e = 0; e < tc_graph_edge_count(g); e++)
		assert_int_equal(p.edge[e] == TC_PIC_PATH, on[e]);
	/* nodes next to them: 0 (before 1), 4 (after 3), 5 (after 1) */
	tc__paths_mark_near(&p);
	assert_int_equal(marked(&p, 8, TC_PIC_NEAR), BIT(0) | BIT(4) | BIT(5));
	/* a target the sources do not reach: nothing more */
	memset(p.node, 0, 8);
	memset(p.edge, 0, tc_graph_edge_count(g));
	from = 4;
	to = 1;
	assert_int_equal(tc__paths_mark(&p, &from, 1, &to, 1), 0);
	assert_int_equal(marked(&p, 8, TC_PIC_PATH | TC_PIC_NEAR), 0);
	/* a source that is its target: itself, and the loop through it */
	from = to = 3;
	assert_int_equal(tc__paths_mark(&p, &from, 1, &to, 1), 2);
	assert_int_equal(marked(&p, 8, TC_PIC_PATH), BIT(3) | BIT(6));
	tc__paths_free(&p);
	tc_graph_free(g);
}

/* The nodes reachable from seeds (forward along the arcs, or backward). */
static uint64_t reach(uint32_t n, const uint32_t *arcs, uint32_t narcs, uint64_t seeds,
		      bool forward)
{
	uint64_t set = seeds, before;
	do {
		before = set;
		for (uint32_t i = 0; i < narcs; i++) {
			uint32_t a = arcs[2 * i + !forward], b = arcs[2 * i + forward];
			if (set & BIT(a))
				set |= BIT(b);
		}
	} while (set != before);
	(void)n;
	return set;
}

/* Random graphs and sets, one tc_paths for many searches (as a picture
 * uses it: one per finding), marks cleared between them. */
static void test_random(void **state)
{
	(void)state;
	uint64_t s = 0x9e3779b97f4a7c15u;
	for (int round = 0; round < 300; round++) {
		uint32_t n = 2 + unit_rand(&s, 40), narcs = unit_rand(&s, 3 * n);
		uint32_t *arcs = malloc((2 * narcs + 2) * sizeof *arcs);
		assert_non_null(arcs);
		unit_random_arcs(&s, n, narcs, arcs);
		tc_graph *g = graph_of(n, arcs, narcs);
		tc_paths p;
		assert_int_equal(tc__paths_init(&p, g), TC_OK);
		if (round % 3 == 0) /* the stamps wrap around during the searches */
			p.stamp = UINT32_MAX - 2 * (uint32_t)unit_rand(&s, 4) - 1;
		for (int q = 0; q < 8; q++) {
			uint32_t from[4], to[4], nf = 1 + unit_rand(&s, 4), nt = 1 + unit_rand(&s, 4);
			uint64_t fs = 0, ts = 0;
			for (uint32_t i = 0; i < nf; i++)
				fs |= BIT(from[i] = unit_rand(&s, n));
			for (uint32_t i = 0; i < nt; i++)
				ts |= BIT(to[i] = unit_rand(&s, n));
			uint64_t want = reach(n, arcs, narcs, fs, true) & reach(n, arcs, narcs, ts, false);
			memset(p.node, 0, n);
			memset(p.edge, 0, narcs ? narcs : 1);
			uint32_t count = tc__paths_mark(&p, from, nf, to, nt);
			assert_int_equal(marked(&p, n, TC_PIC_PATH), want);
			assert_int_equal(count, (uint32_t)__builtin_popcountll(want));
			for (uint32_t e = 0; e < narcs; e++) {
				bool on = (want & BIT(arcs[2 * e])) && (want & BIT(arcs[2 * e + 1]));
				assert_int_equal(p.edge[e] == TC_PIC_PATH, on);
			}
			/* near: not on a path, an arc to or from one that is */
			uint64_t near = 0;
			for (uint32_t e = 0; e < narcs; e++) {
				uint32_t a = arcs[2 * e], b = arcs[2 * e + 1];
				if (want & BIT(a))
					near |= BIT(b);
				if (want & BIT(b))
					near |= BIT(a);
			}
			tc__paths_mark_near(&p);
			assert_int_equal(marked(&p, n, TC_PIC_NEAR), near & ~want);
		}
		tc__paths_free(&p);
		tc_graph_free(g);
		free(arcs);
	}
}

/* A chain of a million nodes, the branch at its start and the barrier at
 * its end: every node is on the path, searched without recursion. */
static void test_chain(void **state)
{
	(void)state;
	const uint32_t n = 1000000;
	uint32_t *arcs = malloc(2 * (size_t)n * sizeof *arcs);
	assert_non_null(arcs);
	for (uint32_t v = 0; v + 1 < n; v++) {
		arcs[2 * v] = v;
		arcs[2 * v + 1] = v + 1;
	}
	arcs[2 * (n - 1)] = 0; /* and the branch's other way */
	arcs[2 * (n - 1) + 1] = n - 1;
	tc_graph *g = graph_of(n, arcs, n);
	tc_paths p;
	assert_int_equal(tc__paths_init(&p, g), TC_OK);
	uint32_t from = 0, to = n - 2;
	assert_int_equal(tc__paths_mark(&p, &from, 1, &to, 1), n - 1);
	assert_int_equal(p.node[n - 1], 0);
	assert_int_equal(p.edge[n - 1], 0);
	assert_int_equal(p.edge[n - 3], TC_PIC_PATH);
	tc__paths_free(&p);
	tc_graph_free(g);
	free(arcs);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hand),
		cmocka_unit_test(test_random),
		cmocka_unit_test(test_chain),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
