/*
 * test_influence.c - influence regions (src/analysis/influence.h) against
 * the definition, on random graphs: the region of b bounded by stop holds v
 * when some path b -> s -> ... -> v, s a successor of b, has no vertex stop
 * after b (b itself a member only when such a path returns to it); the
 * members come in an order in which every arc between them goes forward
 * unless they hold a cycle, which the walk says; the cycle search returns
 * the members that reach b inside the region; a halt vertex in the region
 * ends the walk with 1.
 */
#include "analysis/influence.h"
#include "unit.h"

#include <string.h>

#define N 24

/* reach[v]: v is reachable from a successor of b without entering stop */
static void naive_region(const tc_digraph *g, uint32_t b, uint32_t stop, uint8_t *reach)
{
	memset(reach, 0, g->n);
	uint32_t stack[N * N], top = 0;
	for (const uint32_t *s = TC_ADJ_BEGIN(g, b); s != TC_ADJ_END(g, b); s++)
		if (*s != stop && !reach[*s]) {
			reach[*s] = 1;
			stack[top++] = *s;
		}
	while (top > 0) {
		uint32_t v = stack[--top];
		for (const uint32_t *w = TC_ADJ_BEGIN(g, v); w != TC_ADJ_END(g, v); w++)
			if (*w != stop && !reach[*w]) {
				reach[*w] = 1;
				stack[top++] = *w;
			}
	}
}

/* whether v reaches b through members of the region only */
static bool naive_reaches(const tc_digraph *g, const uint8_t *member, uint32_t v, uint32_t b)
{
	uint8_t seen[N] = {0};
	uint32_t stack[N], top = 0;
	stack[top++] = v;
	seen[v] = 1;
	while (top > 0) {
		uint32_t x = stack[--top];
		if (x == b)
			return true;
		for (const uint32_t *w = TC_ADJ_BEGIN(g, x); w != TC_ADJ_END(g, x); w++)
			if ((member[*w] || *w == b) && !seen[*w]) {
				seen[*w] = 1;
				stack[top++] = *w;
			}
	}
	return false;
}

static void test_random_regions(void **state)
{
	(void)state;
	uint64_t rng = 0x1f2e3d4c5b6a7988ull;
	for (int trial = 0; trial < 400; trial++) {
		unit_arena u;
		unit_arena_init(&u);
		uint32_t n = 2 + unit_rand(&rng, N - 2), m = unit_rand(&rng, 2 * n + 1);
		uint32_t arcs[2 * 2 * N];
		unit_random_arcs(&rng, n, m, arcs);
		tc_digraph succ, pred;
		unit_digraph(&u.ar, &succ, &pred, n, arcs, m);
		uint32_t stamp[N] = {0}, done[N] = {0}, stack[N + 1], cursor[N], seen[N] = {0};
		uint32_t out[N], cyc[N];
		uint8_t halt[N] = {0};
		tc_region_walk w = {&succ, NULL, stamp, done, stack, cursor, 0};
		for (uint32_t b = 0; b < n; b++) {
			uint32_t stop = unit_rand(&rng, n + 1); /* n: no stop */
			if (stop == n)
				stop = TC_NONE;
			uint8_t want[N], got[N] = {0};
			naive_region(&succ, b, stop, want);
			uint32_t len, place[N];
			bool cyclic;
			assert_int_equal(tc__influence_region(&w, b, stop, out, &len, &cyclic), 0);
			for (uint32_t k = 0; k < len; k++) {
				assert_false(got[out[k]]); /* each member once */
				got[out[k]] = 1;
				place[out[k]] = k;
			}
			/* a cycle among the members (b among them only when reached
			 * again); without one, every arc between members goes forward */
			bool naive_cyclic = false;
			for (uint32_t v = 0; v < n; v++)
				for (const uint32_t *x = TC_ADJ_BEGIN(&succ, v); want[v] && x != TC_ADJ_END(&succ, v);
				     x++)
					if (want[*x] && *x != stop) {
						naive_cyclic |= naive_reaches(&succ, want, *x, v);
						if (!cyclic)
							assert_true(place[v] < place[*x]);
					}
			assert_int_equal(cyclic, naive_cyclic);
			for (uint32_t v = 0; v < n; v++) {
				if (got[v] != want[v])
					fail_msg("trial %d, b %u, stop %u: v %u got %u want %u", trial, b,
						 stop, v, got[v], want[v]);
				assert_int_equal(stamp[v] == w.round, want[v]);
			}
			if (want[b]) {
				uint32_t nc;
				tc__influence_cycle(&w, &pred, b, seen, cyc, &nc);
				assert_int_equal(cyc[0], b);
				uint8_t in_cycle[N] = {0};
				for (uint32_t k = 0; k < nc; k++)
					in_cycle[cyc[k]] = 1;
				for (uint32_t v = 0; v < n; v++)
					assert_int_equal(in_cycle[v],
							 want[v] && naive_reaches(&succ, want, v, b));
			}
			/* a halt vertex among the members ends the walk with 1 */
			uint32_t h = unit_rand(&rng, n);
			halt[h] = 1;
			w.halt = halt;
			assert_int_equal(tc__influence_region(&w, b, stop, out, &len, &cyclic), want[h]);
			w.halt = NULL;
			halt[h] = 0;
		}
		tc__arena_free(&u.ar);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_regions),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
