/*
 * test_bridges.c - tc__bridges on multigraphs: parallel edges, self-loops,
 * the removed mask, trees (all bridges), cycles (none), and random
 * multigraphs against the definition: an edge is a bridge when its ends are
 * no longer connected without it; and tc__bridges_in's updates after
 * removals, step by step, against the same definition.
 */
#include "analysis/bridges.h"
#include "unit.h"

#include <string.h>

#define MAXE 64
#define MAXV 64

static void bridges(uint32_t nv, const uint32_t *edges, uint32_t ne, const uint8_t *removed,
		    uint8_t *is_bridge)
{
	unit_arena u;
	unit_arena_init(&u);
	memset(is_bridge, 0xAA, ne); /* every byte must be written */
	assert_int_equal(tc__bridges(&u.ar, nv, ne, edges, removed, is_bridge), TC_OK);
	tc__arena_free(&u.ar);
}

static void expect(const uint8_t *got, const char *want)
{
	for (size_t i = 0; want[i]; i++)
		if (got[i] != (want[i] == 'B'))
			fail_msg("edge %zu: is_bridge %u, want %c (B bridge, . not)", i, got[i],
				 want[i]);
}

static void test_tree(void **state)
{
	(void)state;
	static const uint32_t e[] = {0, 1, 1, 2, 1, 3, 3, 4, 0, 5};
	uint8_t b[5];
	bridges(6, UNIT_ARCS(e), NULL, b);
	expect(b, "BBBBB");
}

static void test_cycle(void **state)
{
	(void)state;
	static const uint32_t e[] = {0, 1, 1, 2, 2, 3, 3, 0};
	uint8_t b[4];
	bridges(4, UNIT_ARCS(e), NULL, b);
	expect(b, "....");
}

static void test_parallel_edges(void **state)
{
	(void)state;
	/* 0 = 1 doubled, 1 - 2 single, 2 = 3 doubled the other way round */
	static const uint32_t e[] = {0, 1, 1, 0, 1, 2, 2, 3, 3, 2};
	uint8_t b[5];
	bridges(4, UNIT_ARCS(e), NULL, b);
	expect(b, "..B..");
}

static void test_self_loops(void **state)
{
	(void)state;
	static const uint32_t e[] = {0, 0, 0, 1, 1, 1, 1, 2};
	uint8_t b[4];
	bridges(3, UNIT_ARCS(e), NULL, b);
	expect(b, ".B.B");
}

static void test_removed(void **state)
{
	(void)state;
	/* removing one of two parallel edges makes the other a bridge; removing
	 * an edge of a cycle makes the rest bridges; removed edges are not */
	static const uint32_t e[] = {0, 1, 0, 1, 1, 2, 2, 3, 3, 1};
	uint8_t b[5];
	static const uint8_t none[5] = {0, 0, 0, 0, 0};
	bridges(4, UNIT_ARCS(e), none, b);
	expect(b, ".....");
	static const uint8_t rm[5] = {1, 0, 0, 0, 1};
	bridges(4, UNIT_ARCS(e), rm, b);
	expect(b, ".BBB.");
}

static void test_disconnected(void **state)
{
	(void)state;
	/* two components and an isolated vertex */
	static const uint32_t e[] = {0, 1, 2, 3, 3, 4, 4, 2, 4, 5};
	uint8_t b[5];
	bridges(7, UNIT_ARCS(e), NULL, b);
	expect(b, "B...B");
}

static void test_empty(void **state)
{
	(void)state;
	uint8_t b[1];
	bridges(3, NULL, 0, NULL, b);
}

/* whether u and v are connected without edge skip (nor removed ones) */
static int connected(uint32_t nv, const uint32_t *e, uint32_t ne, const uint8_t *removed,
		     uint32_t skip, uint32_t u, uint32_t v)
{
	uint32_t comp[MAXV];
	for (uint32_t i = 0; i < nv; i++)
		comp[i] = i;
	for (int changed = 1; changed;) {
		changed = 0;
		for (uint32_t i = 0; i < ne; i++) {
			if (i == skip || removed[i])
				continue;
			uint32_t a = comp[e[2 * i]], b = comp[e[2 * i + 1]], lo = a < b ? a : b;
			if (a != b) {
				for (uint32_t k = 0; k < nv; k++)
					if (comp[k] == a || comp[k] == b)
						comp[k] = lo;
				changed = 1;
			}
		}
	}
	return comp[u] == comp[v];
}

static void test_random_against_definition(void **state)
{
	(void)state;
	uint64_t seed = 0xd1b54a32d192ed03ull;
	for (int round = 0; round < 3000; round++) {
		uint32_t nv = 1 + unit_rand(&seed, 12), ne = unit_rand(&seed, 2 * nv + 2);
		uint32_t e[2 * MAXE];
		uint8_t removed[MAXE], b[MAXE];
		unit_random_arcs(&seed, nv, ne, e);
		for (uint32_t i = 0; i < ne; i++)
			removed[i] = round % 2 && unit_rand(&seed, 5) == 0;
		bridges(nv, e, ne, removed, b);
		for (uint32_t i = 0; i < ne; i++) {
			int want = !removed[i] &&
				   !connected(nv, e, ne, removed, i, e[2 * i], e[2 * i + 1]);
			if (b[i] != want)
				fail_msg("round %d: edge %u (%u - %u): is_bridge %u, want %d", round,
					 i, e[2 * i], e[2 * i + 1], b[i], want);
		}
	}
}

/* tc__bridges_in: a first search with some edges already removed, then
 * edges removed a few at a time and an update after each step; after each
 * the answer is the definition's on the remaining graph */
static void check_updates(uint64_t *seed, uint32_t nv, const uint32_t *e, uint32_t ne,
			  int round)
{
	uint32_t gone[MAXE];
	uint8_t removed[MAXE], b[MAXE];
	for (uint32_t i = 0; i < ne; i++)
		removed[i] = unit_rand(seed, 8) == 0;
	unit_arena u;
	unit_arena_init(&u);
	tc_bridge_graph bg;
	assert_int_equal(tc__bridge_graph_init(&u.ar, &bg, nv, ne, e), TC_OK);
	memset(b, 0xAA, sizeof b);
	assert_int_equal(tc__bridges_in(&bg, removed, b, NULL, 0), TC_OK);
	for (int step = 0; step < 6; step++) {
		for (uint32_t i = 0; i < ne; i++) {
			int want = !removed[i] &&
				   !connected(nv, e, ne, removed, i, e[2 * i], e[2 * i + 1]);
			if (b[i] != want)
				fail_msg("round %d step %d: edge %u (%u - %u): is_bridge %u, want %d",
					 round, step, i, e[2 * i], e[2 * i + 1], b[i], want);
		}
		/* remove some edges: mostly ones that are not bridges, as the path
		 * rule does, and now and then a bridge, as a split may */
		uint32_t ngone = 0;
		for (uint32_t i = 0; i < ne; i++)
			if (!removed[i] && unit_rand(seed, b[i] ? 9 : 3) == 0) {
				removed[i] = 1;
				gone[ngone++] = i;
			}
		if (ngone == 0)
			break;
		assert_int_equal(tc__bridges_in(&bg, removed, b, gone, ngone), TC_OK);
	}
	tc__arena_free(&u.ar);
}

static void test_updates_against_definition(void **state)
{
	(void)state;
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	for (int round = 0; round < 2000; round++) {
		uint32_t nv = 1 + unit_rand(&seed, 12), ne = unit_rand(&seed, 2 * nv + 2);
		uint32_t e[2 * MAXE];
		unit_random_arcs(&seed, nv, ne, e);
		check_updates(&seed, nv, e, ne, round);
	}
}

/* the same on graphs whose edges are subdivided into paths, as the blocks
 * of a control-flow graph make them: long chains, and cycles of two-ended
 * vertices alone */
static void test_chains_against_definition(void **state)
{
	(void)state;
	uint64_t seed = 0x2545f4914f6cdd1dull;
	for (int round = 0; round < 2000; round++) {
		uint32_t nv = 1 + unit_rand(&seed, 8), nbase = unit_rand(&seed, nv + 4), ne = 0;
		uint32_t base[2 * 12], e[2 * MAXE];
		unit_random_arcs(&seed, nv, nbase, base);
		for (uint32_t i = 0; i < nbase; i++) {
			uint32_t from = base[2 * i], pieces = 1 + unit_rand(&seed, 4);
			for (uint32_t k = 1; k < pieces; k++) {
				e[2 * ne] = from;
				e[2 * ne + 1] = from = nv++;
				ne++;
			}
			e[2 * ne] = from;
			e[2 * ne + 1] = base[2 * i + 1];
			ne++;
		}
		check_updates(&seed, nv, e, ne, round);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tree),
		cmocka_unit_test(test_cycle),
		cmocka_unit_test(test_parallel_edges),
		cmocka_unit_test(test_self_loops),
		cmocka_unit_test(test_removed),
		cmocka_unit_test(test_disconnected),
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_random_against_definition),
		cmocka_unit_test(test_updates_against_definition),
		cmocka_unit_test(test_chains_against_definition),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
