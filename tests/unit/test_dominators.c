/*
 * test_dominators.c - tc__dominators, tc__domtree and tc__dominates on
 * hand-checked graphs (Lengauer and Tarjan's own example, an irreducible
 * loop, unreachable vertices, post-dominators as dominators of the reverse
 * graph) and on random graphs against the definition: d dominates v when v
 * cannot be reached from the root without passing d.
 */
#include "graph/dominators.h"
#include "unit.h"

#include <string.h>

#define NONE TC_NONE

static void check_idom(const uint32_t *got, const uint32_t *want, uint32_t n)
{
	for (uint32_t v = 0; v < n; v++)
		if (got[v] != want[v])
			fail_msg("idom[%u] = %u, want %u", v, got[v], want[v]);
}

/* Lengauer and Tarjan 1979, figure 1: R A B C D E F G H I J K L */
enum { R, A, B, C, D, E, F, G, H, I, J, K, L, NLT };
static const uint32_t lt_arcs[] = {
	R, A, R, B, R, C, A, D, B, A, B, D, B, E, C, F, C, G, D, L, E, H, F, I, G, I,
	G, J, H, E, H, K, I, K, J, I, K, I, K, R, L, H,
};

static void test_lengauer_tarjan_example(void **state)
{
	(void)state;
	unit_arena u;
	unit_arena_init(&u);
	tc_digraph succ, pred;
	unit_digraph(&u.ar, &succ, &pred, NLT, UNIT_ARCS(lt_arcs));
	uint32_t idom[NLT];
	assert_int_equal(tc__dominators(&u.ar, &succ, &pred, R, idom), TC_OK);
	static const uint32_t want[NLT] = {R, R, R, R, R, R, C, C, R, R, G, R, D};
	check_idom(idom, want, NLT);

	tc_domtree t;
	assert_int_equal(tc__domtree(&u.ar, NLT, idom, R, &t), TC_OK);
	assert_int_equal(t.count, NLT);
	assert_int_equal(t.order[0], R);
	assert_int_equal(t.depth[R], 0);
	assert_int_equal(t.depth[C], 1);
	assert_int_equal(t.depth[G], 2);
	assert_int_equal(t.depth[J], 3);
	assert_int_equal(t.depth[L], 2);
	for (uint32_t v = 0; v < NLT; v++) {
		assert_true(tc__dominates(&t, R, v));
		assert_true(tc__dominates(&t, v, v));
		assert_int_equal(t.order[t.pre[v]], v);
	}
	assert_true(tc__dominates(&t, C, J));
	assert_true(tc__dominates(&t, G, J));
	assert_true(tc__dominates(&t, D, L));
	assert_false(tc__dominates(&t, J, G));
	assert_false(tc__dominates(&t, G, I)); /* I is also reached through F */
	assert_false(tc__dominates(&t, E, H)); /* and H through L */
	assert_false(tc__dominates(&t, F, G));
	tc__arena_free(&u.ar);
}

static void test_irreducible(void **state)
{
	(void)state;
	unit_arena u;
	unit_arena_init(&u);
	/* two entries into the cycle 1 <-> 2: neither dominates the other */
	static const uint32_t arcs[] = {0, 1, 0, 2, 1, 2, 2, 1, 1, 3, 2, 3, 3, 4};
	tc_digraph succ, pred;
	unit_digraph(&u.ar, &succ, &pred, 5, UNIT_ARCS(arcs));
	uint32_t idom[5];
	assert_int_equal(tc__dominators(&u.ar, &succ, &pred, 0, idom), TC_OK);
	static const uint32_t want[5] = {0, 0, 0, 0, 3};
	check_idom(idom, want, 5);
	tc_domtree t;
	assert_int_equal(tc__domtree(&u.ar, 5, idom, 0, &t), TC_OK);
	assert_false(tc__dominates(&t, 1, 2));
	assert_false(tc__dominates(&t, 2, 1));
	assert_true(tc__dominates(&t, 3, 4));
	tc__arena_free(&u.ar);
}

static void test_unreachable(void **state)
{
	(void)state;
	unit_arena u;
	unit_arena_init(&u);
	/* 2 and 3 are unreachable from 0; 2's arc into 1 must not matter */
	static const uint32_t arcs[] = {0, 1, 2, 1, 3, 3, 3, 2, 1, 4};
	tc_digraph succ, pred;
	unit_digraph(&u.ar, &succ, &pred, 5, UNIT_ARCS(arcs));
	uint32_t idom[5];
	assert_int_equal(tc__dominators(&u.ar, &succ, &pred, 0, idom), TC_OK);
	static const uint32_t want[5] = {0, 0, NONE, NONE, 1};
	check_idom(idom, want, 5);
	tc_domtree t;
	assert_int_equal(tc__domtree(&u.ar, 5, idom, 0, &t), TC_OK);
	assert_int_equal(t.count, 3);
	assert_int_equal(t.pre[2], NONE);
	assert_int_equal(t.pre[3], NONE);
	assert_false(tc__dominates(&t, 0, 2));
	assert_false(tc__dominates(&t, 2, 2));
	assert_false(tc__dominates(&t, 3, 1));
	assert_true(tc__dominates(&t, 1, 4));
	tc__arena_free(&u.ar);
}

static void test_post_dominators(void **state)
{
	(void)state;
	unit_arena u;
	unit_arena_init(&u);
	/* 0 -> (1 | 2) -> 3 -> 4, a loop 3 -> 1, and 5 that never reaches exit 4 */
	static const uint32_t arcs[] = {0, 1, 0, 2, 1, 3, 2, 3, 3, 4, 3, 1, 2, 5, 5, 5};
	tc_digraph succ, pred;
	unit_digraph(&u.ar, &succ, &pred, 6, UNIT_ARCS(arcs));
	uint32_t ipdom[6];
	/* the reverse graph's successors are the predecessors */
	assert_int_equal(tc__dominators(&u.ar, &pred, &succ, 4, ipdom), TC_OK);
	static const uint32_t want[6] = {3, 3, 3, 4, 4, NONE};
	check_idom(ipdom, want, 6);
	tc_domtree t;
	assert_int_equal(tc__domtree(&u.ar, 6, ipdom, 4, &t), TC_OK);
	assert_true(tc__dominates(&t, 3, 0)); /* 3 post-dominates 0 */
	assert_false(tc__dominates(&t, 1, 0));
	tc__arena_free(&u.ar);
}

static void test_single_vertex(void **state)
{
	(void)state;
	unit_arena u;
	unit_arena_init(&u);
	tc_digraph succ, pred;
	unit_digraph(&u.ar, &succ, &pred, 1, NULL, 0);
	uint32_t idom[1];
	assert_int_equal(tc__dominators(&u.ar, &succ, &pred, 0, idom), TC_OK);
	assert_int_equal(idom[0], 0);
	tc_domtree t;
	assert_int_equal(tc__domtree(&u.ar, 1, idom, 0, &t), TC_OK);
	assert_int_equal(t.count, 1);
	assert_true(tc__dominates(&t, 0, 0));
	tc__arena_free(&u.ar);
}

/* dom[d * n + v]: d dominates v, by removing d and searching from the root */
static void naive_dominators(const tc_digraph *succ, uint32_t root, uint8_t *dom)
{
	uint32_t n = succ->n, stack[64], sp;
	uint8_t seen[64];
	for (uint32_t d = 0; d <= n; d++) {
		/* d == n: nothing removed, plain reachability */
		memset(seen, 0, n);
		sp = 0;
		if (root != d) {
			seen[root] = 1;
			stack[sp++] = root;
		}
		while (sp) {
			uint32_t v = stack[--sp];
			for (const uint32_t *w = TC_ADJ_BEGIN(succ, v); w != TC_ADJ_END(succ, v); w++)
				if (*w != d && !seen[*w])
					seen[*w] = 1, stack[sp++] = *w;
		}
		if (d == n) {
			memcpy(dom + (size_t)n * n, seen, n); /* row n: reachable */
			continue;
		}
		for (uint32_t v = 0; v < n; v++)
			dom[d * n + v] = !seen[v];
	}
	for (uint32_t d = 0; d < n; d++)
		for (uint32_t v = 0; v < n; v++)
			dom[d * n + v] = dom[d * n + v] && dom[(size_t)n * n + v] &&
					 dom[(size_t)n * n + d];
}

static void test_random_against_definition(void **state)
{
	(void)state;
	uint64_t seed = 0x9e3779b97f4a7c15ull;
	for (int round = 0; round < 2000; round++) {
		unit_arena u;
		unit_arena_init(&u);
		uint32_t n = 1 + unit_rand(&seed, 12), narcs = unit_rand(&seed, 3 * n + 1);
		uint32_t arcs[2 * 40], root = unit_rand(&seed, n);
		unit_random_arcs(&seed, n, narcs, arcs);
		tc_digraph succ, pred;
		unit_digraph(&u.ar, &succ, &pred, n, arcs, narcs);
		uint32_t idom[12], depth;
		uint8_t dom[13 * 12];
		naive_dominators(&succ, root, dom);
		assert_int_equal(tc__dominators(&u.ar, &succ, &pred, root, idom), TC_OK);
		tc_domtree t;
		assert_int_equal(tc__domtree(&u.ar, n, idom, root, &t), TC_OK);
		uint32_t reachable = 0;
		for (uint32_t v = 0; v < n; v++) {
			int live = dom[n * n + v];
			reachable += live;
			if (!live) {
				assert_int_equal(idom[v], NONE);
				continue;
			}
			/* the idom: the strict dominator that all others dominate */
			uint32_t want = v == root ? root : NONE;
			depth = 0;
			for (uint32_t d = 0; d < n; d++) {
				if (d == v || !dom[d * n + v])
					continue;
				depth++;
				int deepest = 1;
				for (uint32_t d2 = 0; d2 < n; d2++)
					if (d2 != v && dom[d2 * n + v] && !dom[d2 * n + d])
						deepest = 0;
				if (deepest)
					want = d;
			}
			if (idom[v] != want)
				fail_msg("round %d: idom[%u] = %u, want %u", round, v, idom[v], want);
			assert_int_equal(t.depth[v], depth);
			for (uint32_t w = 0; w < n; w++)
				assert_int_equal(!!tc__dominates(&t, v, w), dom[v * n + w]);
		}
		assert_int_equal(t.count, reachable);
		assert_int_equal(t.order[0], root);
		tc__arena_free(&u.ar);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lengauer_tarjan_example),
		cmocka_unit_test(test_irreducible),
		cmocka_unit_test(test_unreachable),
		cmocka_unit_test(test_post_dominators),
		cmocka_unit_test(test_single_vertex),
		cmocka_unit_test(test_random_against_definition),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
