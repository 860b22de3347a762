/*
 * test_intervals.c - Allen-Cocke intervals: SPEC 2.1's graph, a graph with
 * several intervals worked by hand, unreachable vertices and their arcs, and
 * on random graphs the defining properties: every interval has one entry
 * (its header, which dominates it), and is maximal (no other header has all
 * its predecessors in one interval).
 */
#include "graph/dominators.h"
#include "analysis/intervals.h"
#include "unit.h"

#include <string.h>

#define NONE TC_NONE

static void intervals(uint32_t n, const uint32_t *arcs, uint32_t narcs, uint32_t entry,
		      uint32_t *header)
{
	unit_arena u;
	unit_arena_init(&u);
	tc_digraph succ, pred;
	unit_digraph(&u.ar, &succ, &pred, n, arcs, narcs);
	assert_int_equal(tc__intervals(&u.ar, &succ, &pred, entry, header), TC_OK);
	tc__arena_free(&u.ar);
}

static void expect(const uint32_t *got, const uint32_t *want, uint32_t n)
{
	for (uint32_t v = 0; v < n; v++)
		if (got[v] != want[v])
			fail_msg("header[%u] = %u, want %u", v, got[v], want[v]);
}

static void test_spec_example(void **state)
{
	(void)state;
	/* SPEC 2.1: 0 -> 1 -> 2 -> 3, 3 -> 3, 3 -> 4 -> 5 */
	static const uint32_t arcs[] = {0, 1, 1, 2, 2, 3, 3, 3, 3, 4, 4, 5};
	uint32_t h[6];
	intervals(6, UNIT_ARCS(arcs), 0, h);
	static const uint32_t want[6] = {0, 0, 0, 3, 3, 3};
	expect(h, want, 6);
}

static void test_several_intervals(void **state)
{
	(void)state;
	/*
	 * 0 -> 1; 1 -> 2 -> 1; 1 -> 3; 3 -> 4; 4 -> 5 -> 4; 4 -> 6; 3 -> 6.
	 * I(0) = {0}: 1 has the back edge from 2. I(1) = {1, 2, 3}: 4 has a
	 * predecessor (5) outside, 6 one (4) too. I(4) = {4, 5}: 6 still has
	 * 3 outside. I(6) = {6}.
	 */
	static const uint32_t arcs[] = {0, 1, 1, 2, 2, 1, 1, 3, 3, 4, 4, 5, 5, 4, 4, 6, 3, 6};
	uint32_t h[7];
	intervals(7, UNIT_ARCS(arcs), 0, h);
	static const uint32_t want[7] = {0, 1, 1, 1, 4, 4, 6};
	expect(h, want, 7);
}

static void test_dragon_book(void **state)
{
	(void)state;
	/*
	 * A loop nest in the style of the dragon book's interval examples
	 * (vertex 0 unused, entry 1): 1 -> 2 -> ... -> 10, back edges 4 -> 3,
	 * 7 -> 4, 8 -> 3, 9 -> 1, 10 -> 7. I(1) = {1, 2}: 3 has 4 and 8 outside.
	 * I(3) = {3}: 4 has 7 outside. I(4) = {4, 5, 6}: 7 has 10 outside.
	 * I(7) = {7, 8, 9, 10}.
	 */
	static const uint32_t arcs[] = {1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9,
					9, 10, 4, 3, 7, 4, 8, 3, 9, 1, 10, 7};
	uint32_t h[11];
	intervals(11, UNIT_ARCS(arcs), 1, h);
	static const uint32_t want[11] = {NONE, 1, 1, 3, 4, 4, 4, 7, 7, 7, 7};
	expect(h, want, 11);
}

static void test_unreachable(void **state)
{
	(void)state;
	/* 3 is unreachable; its arc into 1 must not keep 1 out of I(0) */
	static const uint32_t arcs[] = {0, 1, 3, 1, 1, 2, 3, 3};
	uint32_t h[4];
	intervals(4, UNIT_ARCS(arcs), 0, h);
	static const uint32_t want[4] = {0, 0, 0, NONE};
	expect(h, want, 4);
}

static void test_random_properties(void **state)
{
	(void)state;
	uint64_t seed = 0x94d049bb133111ebull;
	for (int round = 0; round < 2000; round++) {
		unit_arena u;
		unit_arena_init(&u);
		uint32_t n = 1 + unit_rand(&seed, 12), narcs = unit_rand(&seed, 3 * n + 1);
		uint32_t arcs[2 * 40], entry = unit_rand(&seed, n), h[12], idom[12];
		unit_random_arcs(&seed, n, narcs, arcs);
		tc_digraph succ, pred;
		unit_digraph(&u.ar, &succ, &pred, n, arcs, narcs);
		assert_int_equal(tc__intervals(&u.ar, &succ, &pred, entry, h), TC_OK);
		assert_int_equal(tc__dominators(&u.ar, &succ, &pred, entry, idom), TC_OK);
		tc_domtree t;
		assert_int_equal(tc__domtree(&u.ar, n, idom, entry, &t), TC_OK);
		assert_int_equal(h[entry], entry);
		for (uint32_t v = 0; v < n; v++) {
			if (idom[v] == NONE) {
				assert_int_equal(h[v], NONE);
				continue;
			}
			assert_int_not_equal(h[v], NONE);
			assert_int_equal(h[h[v]], h[v]);
			assert_true(tc__dominates(&t, h[v], v));
			const uint32_t *p;
			if (h[v] != v) {
				/* single entry: reachable predecessors are inside */
				for (p = TC_ADJ_BEGIN(&pred, v); p != TC_ADJ_END(&pred, v); p++)
					if (idom[*p] != NONE && h[*p] != h[v])
						fail_msg("round %d: %u in I(%u) has predecessor %u in "
							 "I(%u)", round, v, h[v], *p, h[*p]);
			} else if (v != entry) {
				/* maximal: the predecessors of a header span intervals or
				 * include the header's own */
				uint32_t first = NONE;
				int one = 1;
				for (p = TC_ADJ_BEGIN(&pred, v); p != TC_ADJ_END(&pred, v); p++) {
					if (idom[*p] == NONE)
						continue;
					if (first == NONE)
						first = h[*p];
					one = one && h[*p] == first && first != v;
				}
				if (one && first != NONE)
					fail_msg("round %d: header %u has all predecessors in I(%u)",
						 round, v, first);
			}
		}
		tc__arena_free(&u.ar);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_spec_example),
		cmocka_unit_test(test_several_intervals),
		cmocka_unit_test(test_dragon_book),
		cmocka_unit_test(test_unreachable),
		cmocka_unit_test(test_random_properties),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
