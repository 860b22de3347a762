/*
 * test_ways.c - tc__ways_before and tc__ways_clear on a hand-checked loop
 * and on random graphs against the definition: an event lies on a way from
 * the write to the read when some walk of points (a block's points in
 * order, then its successors' first points) goes from the write to the
 * event and on to the read without passing the write again.
 */
#include "graph/ways.h"
#include "unit.h"

#include <string.h>

/* entry 0 -> 1; loop 1 -> 2 -> 1; 1 -> 3 -> exit */
static void test_loop(void **state)
{
	(void)state;
	unit_arena u;
	unit_arena_init(&u);
	static const uint32_t off[] = {0, 1, 3, 4, 5}, succ[] = {1, 2, 3, 1, 4};
	tc_ways w;
	assert_int_equal(tc__ways_init(&u.ar, &w, 4, off, succ), TC_OK);
	uint64_t work = 0;
	/* the write at position 10 of block 1, the read at 30 of block 3 */
	assert_true(tc__ways_before(&w, 1, 10, 3, 30));
	assert_false(tc__ways_before(&w, 2, 20, 3, 30)); /* 2 is not on every path */
	assert_true(tc__ways_before(&w, 3, 29, 3, 30));
	assert_false(tc__ways_before(&w, 3, 31, 3, 30));
	/* an event in the loop's body: only after passing the write again
	 * (1 -> 2 -> 1); from a write before the loop, on a way (0 -> 1 -> 2
	 * -> 1 -> 3) */
	uint32_t evb[] = {2}, evp[] = {20};
	assert_true(tc__ways_clear(&w, 1, 10, 3, 30, evb, evp, 1, TC_NONE, &work));
	assert_true(tc__ways_before(&w, 0, 1, 3, 30));
	assert_false(tc__ways_clear(&w, 0, 1, 3, 30, evb, evp, 1, TC_NONE, &work));
	/* in block 1 before the write: only after passing it again */
	uint32_t evb2[] = {1}, evp2[] = {5};
	assert_true(tc__ways_clear(&w, 1, 10, 3, 30, evb2, evp2, 1, TC_NONE, &work));
	/* in block 1 after the write, in block 3 after the read, or skipped */
	uint32_t evb3[] = {1, 3, 2}, evp3[] = {15, 31, 20};
	assert_false(tc__ways_clear(&w, 1, 10, 3, 30, evb3, evp3, 1, TC_NONE, &work));
	assert_true(tc__ways_clear(&w, 1, 10, 3, 30, evb3 + 1, evp3 + 1, 1, TC_NONE, &work));
	assert_true(tc__ways_clear(&w, 1, 10, 3, 30, evb3 + 2, evp3 + 2, 1, 0, &work));
	/* one block: only what lies between them */
	uint32_t evb4[] = {3, 3}, evp4[] = {28, 29};
	assert_true(tc__ways_clear(&w, 3, 29, 3, 30, evb4, evp4, 2, TC_NONE, &work));
	assert_false(tc__ways_clear(&w, 3, 27, 3, 30, evb4, evp4, 2, TC_NONE, &work));
	assert_true(work > 0);
	tc__arena_free(&u.ar);
}

#define NB 9
#define NP 3 /* points per block: positions b * NP + i */

/* The points a walk reaches from point 'from' by one step or more without
 * entering point 'stop' (reach[p]), over the point graph of the blocks. */
static void walk(const uint32_t *off, const uint32_t *succ, uint32_t nb, uint32_t from,
		 uint32_t stop, int backward, uint8_t *reach)
{
	uint32_t n = nb * NP, stack[NB * NP + 1], top = 0;
	memset(reach, 0, n);
	stack[top++] = from;
	while (top) {
		uint32_t p = stack[--top], b = p / NP, next[2 * NB + 2], nn = 0;
		if (!backward) {
			if (p % NP + 1 < NP)
				next[nn++] = p + 1;
			else
				for (uint32_t k = off[b]; k < off[b + 1]; k++)
					if (succ[k] < nb)
						next[nn++] = succ[k] * NP;
		} else if (p % NP) {
			next[nn++] = p - 1;
		} else {
			for (uint32_t c = 0; c < nb; c++)
				for (uint32_t k = off[c]; k < off[c + 1]; k++)
					if (succ[k] == b)
						next[nn++] = c * NP + NP - 1;
		}
		for (uint32_t i = 0; i < nn; i++)
			if (next[i] != stop && !reach[next[i]]) {
				reach[next[i]] = 1;
				stack[top++] = next[i];
			}
	}
}

static void test_random_against_definition(void **state)
{
	(void)state;
	uint64_t seed = 0x2545f4914f6cdd1dull;
	unsigned checked = 0;
	for (int round = 0; round < 20000; round++) {
		unit_arena u;
		unit_arena_init(&u);
		uint32_t nb = 2 + unit_rand(&seed, NB - 1), off[NB + 1], succ[2 * NB], ns = 0;
		for (uint32_t b = 0; b < nb; b++) {
			off[b] = ns;
			uint32_t k = 1 + unit_rand(&seed, 2);
			for (uint32_t j = 0; j < k; j++)
				succ[ns++] = unit_rand(&seed, nb + 1); /* nb: the exit */
			if (k == 1 && b + 1 < nb && unit_rand(&seed, 2))
				succ[ns - 1] = b + 1; /* mostly on: longer chains */
		}
		off[nb] = ns;
		tc_ways w;
		assert_int_equal(tc__ways_init(&u.ar, &w, nb, off, succ), TC_OK);
		uint32_t sp = unit_rand(&seed, nb * NP), lp = unit_rand(&seed, nb * NP);
		uint32_t bs = sp / NP, bl = lp / NP;
		/* reachable from the entry, and the write before the read */
		uint8_t from_entry[NB * NP], fwd[NB * NP], bwd[NB * NP];
		walk(off, succ, nb, 0, UINT32_MAX, 0, from_entry);
		from_entry[0] = 1;
		if (!from_entry[sp] || !from_entry[lp] || !tc__ways_before(&w, bs, sp, bl, lp)) {
			tc__arena_free(&u.ar);
			continue;
		}
		walk(off, succ, nb, sp, sp, 0, fwd);
		walk(off, succ, nb, lp, sp, 1, bwd);
		uint32_t evb[4], evp[4], n = 1 + unit_rand(&seed, 4);
		bool want = true;
		for (uint32_t i = 0; i < n; i++) {
			do
				evp[i] = unit_rand(&seed, nb * NP);
			while (evp[i] == sp || evp[i] == lp);
			evb[i] = evp[i] / NP;
			if (fwd[evp[i]] && bwd[evp[i]])
				want = false;
		}
		uint64_t work = 0;
		if (tc__ways_clear(&w, bs, sp, bl, lp, evb, evp, n, TC_NONE, &work) != want)
			fail_msg("round %d: %u blocks, write %u, read %u: want %s", round, nb, sp, lp,
				 want ? "clear" : "an event on the way");
		checked++;
		tc__arena_free(&u.ar);
	}
	assert_true(checked > 1000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_loop),
		cmocka_unit_test(test_random_against_definition),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
