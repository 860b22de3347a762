/*
 * test_scc.c - tc__scc: self-loops, nested cycles, the reverse topological
 * numbering of components, the skip mask, and random graphs against mutual
 * reachability.
 */
#include "analysis/scc.h"
#include "unit.h"

#include <string.h>

typedef struct sccs {
	uint32_t comp[16], ncomp;
	uint8_t *cyclic;
} sccs;

static void run(tc_arena *ar, const tc_digraph *d, const uint8_t *skip, sccs *s)
{
	assert_int_equal(tc__scc(ar, d, skip, s->comp, &s->ncomp, &s->cyclic), TC_OK);
}

/* every arc between components goes from a larger id to a smaller one */
static void check_reverse_topological(const tc_digraph *d, const uint8_t *skip, const sccs *s)
{
	for (uint32_t u = 0; u < d->n; u++) {
		if (skip && skip[u])
			continue;
		for (const uint32_t *w = TC_ADJ_BEGIN(d, u); w != TC_ADJ_END(d, u); w++) {
			if (skip && skip[*w])
				continue;
			if (s->comp[u] < s->comp[*w])
				fail_msg("arc %u -> %u goes from component %u to %u", u, *w,
					 s->comp[u], s->comp[*w]);
		}
	}
}

static void test_self_loops(void **state)
{
	(void)state;
	unit_arena u;
	unit_arena_init(&u);
	/* 0 -> 1 -> 2, a self-loop on 1 only */
	static const uint32_t arcs[] = {0, 1, 1, 1, 1, 2};
	tc_digraph d;
	unit_digraph(&u.ar, &d, NULL, 3, UNIT_ARCS(arcs));
	sccs s;
	run(&u.ar, &d, NULL, &s);
	assert_int_equal(s.ncomp, 3);
	assert_int_not_equal(s.comp[0], s.comp[1]);
	assert_false(s.cyclic[s.comp[0]]);
	assert_true(s.cyclic[s.comp[1]]);
	assert_false(s.cyclic[s.comp[2]]);
	/* reverse topological: 2 first, then 1, then 0 */
	assert_int_equal(s.comp[2], 0);
	assert_int_equal(s.comp[1], 1);
	assert_int_equal(s.comp[0], 2);
	tc__arena_free(&u.ar);
}

static void test_nested_cycles(void **state)
{
	(void)state;
	unit_arena u;
	unit_arena_init(&u);
	/*
	 * 0 -> 1 -> 2 -> 1 (inner), 2 -> 3 -> 0 (outer), 3 -> 4, 4 -> 5 -> 4,
	 * 6 isolated, 7 -> 0
	 */
	static const uint32_t arcs[] = {0, 1, 1, 2, 2, 1, 2, 3, 3, 0, 3, 4, 4, 5, 5, 4, 7, 0};
	tc_digraph d;
	unit_digraph(&u.ar, &d, NULL, 8, UNIT_ARCS(arcs));
	sccs s;
	run(&u.ar, &d, NULL, &s);
	assert_int_equal(s.ncomp, 4);
	assert_int_equal(s.comp[1], s.comp[0]);
	assert_int_equal(s.comp[2], s.comp[0]);
	assert_int_equal(s.comp[3], s.comp[0]);
	assert_int_equal(s.comp[5], s.comp[4]);
	assert_int_not_equal(s.comp[4], s.comp[0]);
	assert_true(s.cyclic[s.comp[0]]);
	assert_true(s.cyclic[s.comp[4]]);
	assert_false(s.cyclic[s.comp[6]]);
	assert_false(s.cyclic[s.comp[7]]);
	assert_true(s.comp[4] < s.comp[0]);
	assert_true(s.comp[0] < s.comp[7]);
	check_reverse_topological(&d, NULL, &s);
	tc__arena_free(&u.ar);
}

static void test_skip(void **state)
{
	(void)state;
	unit_arena u;
	unit_arena_init(&u);
	/* the cycle 0 -> 1 -> 2 -> 0 broken by skipping 2; 3 -> 3 skipped too */
	static const uint32_t arcs[] = {0, 1, 1, 2, 2, 0, 3, 3, 1, 3};
	tc_digraph d;
	unit_digraph(&u.ar, &d, NULL, 4, UNIT_ARCS(arcs));
	uint8_t skip[4] = {0, 0, 1, 1};
	sccs s;
	run(&u.ar, &d, skip, &s);
	assert_int_equal(s.ncomp, 2);
	assert_int_equal(s.comp[2], TC_NONE);
	assert_int_equal(s.comp[3], TC_NONE);
	assert_int_not_equal(s.comp[0], s.comp[1]);
	assert_false(s.cyclic[s.comp[0]]);
	assert_false(s.cyclic[s.comp[1]]);
	assert_true(s.comp[1] < s.comp[0]);
	tc__arena_free(&u.ar);
}

static void test_no_cyclic_array(void **state)
{
	(void)state;
	unit_arena u;
	unit_arena_init(&u);
	static const uint32_t arcs[] = {0, 1, 1, 0};
	tc_digraph d;
	unit_digraph(&u.ar, &d, NULL, 2, UNIT_ARCS(arcs));
	uint32_t comp[2], ncomp;
	assert_int_equal(tc__scc(&u.ar, &d, NULL, comp, &ncomp, NULL), TC_OK);
	assert_int_equal(ncomp, 1);
	assert_int_equal(comp[0], comp[1]);
	tc__arena_free(&u.ar);
}

static void test_random_against_reachability(void **state)
{
	(void)state;
	uint64_t seed = 0x2545f4914f6cdd1dull;
	for (int round = 0; round < 2000; round++) {
		unit_arena u;
		unit_arena_init(&u);
		uint32_t n = 1 + unit_rand(&seed, 14), narcs = unit_rand(&seed, 2 * n + 2);
		uint32_t arcs[2 * 32];
		unit_random_arcs(&seed, n, narcs, arcs);
		tc_digraph d;
		unit_digraph(&u.ar, &d, NULL, n, arcs, narcs);
		uint8_t skip[16], reach[16 * 16];
		for (uint32_t v = 0; v < n; v++)
			skip[v] = round % 2 && unit_rand(&seed, 4) == 0;
		sccs s;
		run(&u.ar, &d, skip, &s);
		unit_closure(&d, skip, reach);
		uint32_t seen_comp[16] = {0};
		for (uint32_t v = 0; v < n; v++) {
			if (skip[v]) {
				assert_int_equal(s.comp[v], TC_NONE);
				continue;
			}
			assert_true(s.comp[v] < s.ncomp);
			seen_comp[s.comp[v]] = 1;
			for (uint32_t w = 0; w < n; w++)
				if (!skip[w])
					assert_int_equal(s.comp[v] == s.comp[w],
							 reach[v * n + w] && reach[w * n + v]);
			/* cyclic: a cycle through v, a self-loop or a longer one */
			int cyc = 0;
			for (const uint32_t *w = TC_ADJ_BEGIN(&d, v); w != TC_ADJ_END(&d, v); w++)
				if (!skip[*w] && reach[*w * n + v])
					cyc = 1;
			assert_int_equal(s.cyclic[s.comp[v]], cyc);
		}
		for (uint32_t c = 0; c < s.ncomp; c++)
			assert_true(seen_comp[c]);
		check_reverse_topological(&d, skip, &s);
		tc__arena_free(&u.ar);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_self_loops),
		cmocka_unit_test(test_nested_cycles),
		cmocka_unit_test(test_skip),
		cmocka_unit_test(test_no_cyclic_array),
		cmocka_unit_test(test_random_against_reachability),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
