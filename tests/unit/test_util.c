/*
 * test_util.c - the array helpers of src/util/mem.h against naive
 * definitions: tc__sort_u32 on short and long arrays of small, large and
 * repeated values; tc__csr_fill's buckets in item order; arrays grown in an
 * arena (tc__arena_grow), their contents kept as they move, one released
 * before the rest, a failed growth leaving the array as it was, and every
 * block freed by tc__arena_free (counted by the allocator).
 */
#include "util/mem.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t next(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng >> 16);
}

static int cmp(const void *x, const void *y)
{
	uint32_t p = *(const uint32_t *)x, q = *(const uint32_t *)y;
	return (p > q) - (p < q);
}

static void test_sort(void **state)
{
	(void)state;
	enum { MAX = 5000 };
	static uint32_t v[MAX], want[MAX], tmp[MAX];
	const size_t sizes[] = {0, 1, 2, 3, 31, 32, 33, 100, 1000, MAX};
	/* values below 2^8, 2^16, 2^24, 2^32, and few distinct ones */
	const uint32_t masks[] = {0xff, 0xffff, 0xffffff, 0xffffffff, 0x3};
	for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
		for (size_t m = 0; m < sizeof masks / sizeof *masks; m++) {
			size_t n = sizes[s];
			for (size_t i = 0; i < n; i++)
				v[i] = want[i] = next() & masks[m];
			if (m == 3 && n > 1)
				v[0] = want[0] = UINT32_MAX;
			qsort(want, n, sizeof *want, cmp);
			tc__sort_u32(v, n, tmp);
			assert_memory_equal(v, want, n * sizeof *v);
		}
}

static void test_csr(void **state)
{
	(void)state;
	enum { N = 7, COUNT = 200 };
	uint32_t key[COUNT], val[COUNT], off[N + 1] = {0}, adj[COUNT];
	for (uint32_t i = 0; i < COUNT; i++) {
		key[i] = next() % N;
		val[i] = next();
	}
	tc__csr_fill(N, COUNT, key, val, off, adj);
	assert_int_equal(off[0], 0);
	assert_int_equal(off[N], COUNT);
	for (uint32_t k = 0; k < N; k++) {
		uint32_t at = off[k];
		for (uint32_t i = 0; i < COUNT; i++)
			if (key[i] == k)
				assert_int_equal(adj[at++], val[i]);
		assert_int_equal(at, off[k + 1]);
	}
}

/* an allocator that counts its blocks and fails from the fail_at-th call on */
typedef struct counted {
	long live, calls, fail_at;
} counted;

static void *c_malloc(void *ud, size_t size)
{
	counted *c = ud;
	if (c->fail_at && ++c->calls >= c->fail_at)
		return NULL;
	c->live++;
	return malloc(size);
}

static void *c_realloc(void *ud, void *p, size_t size)
{
	counted *c = ud;
	if (c->fail_at && ++c->calls >= c->fail_at)
		return NULL;
	c->live += !p;
	return realloc(p, size);
}

static void c_free(void *ud, void *p)
{
	counted *c = ud;
	c->live -= p != NULL;
	free(p);
}

static void test_arena_grow(void **state)
{
	(void)state;
	enum { N = 5, MAX = 3000 };
	counted c = {0, 0, 0};
	tc_allocator user = {c_malloc, c_realloc, c_free, &c};
	tc_alloc al;
	tc__alloc_init(&al, &user);
	tc_arena ar;
	tc__arena_init(&ar, &al);
	/* bump allocations beside the grown arrays */
	assert_non_null(tc__arena_alloc(&ar, 100));
	assert_non_null(tc__arena_alloc(&ar, 100000));
	/* N arrays grown in turn, one element at a time: each moves while
	 * the others are its neighbours in the arena's list */
	uint32_t *v[N] = {NULL};
	size_t cap[N] = {0};
	for (uint32_t i = 0; i < MAX; i++)
		for (int k = 0; k < N; k++) {
			assert_int_equal(tc__arena_grow(&ar, &v[k], &cap[k], i + 1, sizeof **v), TC_OK);
			assert_true(cap[k] >= i + 1 && cap[k] >= 16);
			v[k][i] = i * N + (uint32_t)k;
		}
	assert_int_equal(cap[0], 4096); /* doubling from 16, as tc__grow */
	/* the middle one, the first and the last released before the rest */
	tc__arena_release(&ar, v[2]);
	tc__arena_release(&ar, v[0]);
	tc__arena_release(&ar, v[N - 1]);
	tc__arena_release(&ar, NULL);
	for (int k = 1; k < N - 1; k++) {
		if (k == 2)
			continue;
		for (uint32_t i = 0; i < MAX; i++)
			assert_int_equal(v[k][i], i * N + (uint32_t)k);
	}
	/* a growth that fails leaves the array as it was, still the arena's */
	c.fail_at = c.calls + 1;
	size_t had = cap[1];
	assert_int_equal(tc__arena_grow(&ar, &v[1], &cap[1], had + 1, sizeof **v), TC_ENOMEM);
	assert_int_equal(cap[1], had);
	assert_int_equal(v[1][MAX - 1], (MAX - 1) * N + 1);
	uint32_t *fresh = NULL;
	size_t fresh_cap = 0;
	assert_int_equal(tc__arena_grow(&ar, &fresh, &fresh_cap, 1, sizeof *fresh), TC_ENOMEM);
	assert_null(fresh);
	assert_int_equal(fresh_cap, 0);
	/* too large to ask for */
	c.fail_at = 0;
	assert_int_equal(tc__arena_grow(&ar, &fresh, &fresh_cap, SIZE_MAX / 2, 8), TC_ENOMEM);
	tc__arena_free(&ar);
	assert_int_equal(c.live, 0);
	/* reset frees them too, and the arena is used again */
	assert_int_equal(tc__arena_grow(&ar, &fresh, &fresh_cap, 40, sizeof *fresh), TC_OK);
	tc__arena_reset(&ar);
	tc__arena_free(&ar);
	assert_int_equal(c.live, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sort),
		cmocka_unit_test(test_csr),
		cmocka_unit_test(test_arena_grow),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
