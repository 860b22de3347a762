/*
 * test_util.c - the array helpers of src/util/mem.h against naive
 * definitions: tc__sort_u32 on short and long arrays of small, large and
 * repeated values; tc__csr_fill's buckets in item order; arrays grown in an
 * arena (tc__arena_grow), their contents kept as they move, a failed growth leaving the array as it was, and every
 * block freed by tc__arena_free (counted by the allocator); the hash table
 * of util/hash.h against a linear search, with hashes made to collide, a
 * key added twice, values replaced, emptying, and growth that fails.
 */
#include "util/hash.h"
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
	for (int k = 0; k < N; k++)
		for (uint32_t i = 0; i < MAX; i++)
			assert_int_equal(v[k][i], i * N + (uint32_t)k);
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

enum { HASH_MAX = 4000 };

/* The entry of key among keys[0 .. n) through t (hash: key % mod; a value
 * v + HASH_MAX is entry v's, replaced). */
static uint32_t hash_find(const tc_hash *t, const uint64_t *keys, uint64_t key, uint32_t mod,
			  size_t *at)
{
	uint32_t h = (uint32_t)(key % mod);
	for (uint32_t v = tc__hash_first(t, h, at); v != TC_NONE; v = tc__hash_next(t, h, at)) {
		uint32_t e = v < HASH_MAX ? v : v - HASH_MAX;
		if (keys[e] == key)
			return e;
	}
	return TC_NONE;
}

static void test_hash(void **state)
{
	(void)state;
	enum { MAX = HASH_MAX };
	static uint64_t keys[MAX];
	static uint32_t naive[MAX];
	counted c = {0, 0, 0};
	tc_allocator user = {c_malloc, c_realloc, c_free, &c};
	tc_alloc al;
	tc__alloc_init(&al, &user);
	/* few distinct hashes (long probe chains), then many */
	const uint32_t mods[] = {7, 997, UINT32_MAX};
	for (size_t m = 0; m < sizeof mods / sizeof *mods; m++) {
		tc_hash t = {NULL, 0, 0};
		size_t at, n = 0;
		assert_int_equal(hash_find(&t, keys, 5, mods[m], &at), TC_NONE);
		for (uint32_t i = 0; i < MAX; i++) {
			uint64_t key = next() % 3000; /* repeats */
			assert_int_equal(tc__hash_reserve(&t, &al, n + 1), TC_OK);
			assert_true(t.cap >= 2 * (n + 1));
			uint32_t got = hash_find(&t, keys, key, mods[m], &at), want = TC_NONE;
			for (uint32_t k = 0; k < n; k++)
				if (keys[k] == key) {
					want = k;
					break;
				}
			assert_int_equal(got, want);
			if (got == TC_NONE) {
				tc__hash_put_at(&t, at, (uint32_t)(key % mods[m]), (uint32_t)n);
				keys[n] = key;
				naive[n] = (uint32_t)n;
				n++;
			} else if (i % 3 == 0) { /* the value replaced */
				tc__hash_replace(&t, at, got + MAX);
				naive[got] = got + MAX;
			}
			assert_int_equal(t.len, n);
		}
		/* every key maps to its value (the replaced ones: keys[v - MAX]) */
		for (uint32_t k = 0; k < n; k++) {
			uint32_t h = (uint32_t)(keys[k] % mods[m]), seen = 0;
			for (uint32_t v = tc__hash_first(&t, h, &at); v != TC_NONE;
			     v = tc__hash_next(&t, h, &at))
				seen += (v < MAX ? v : v - MAX) == k;
			assert_int_equal(seen, 1);
		}
		/* a key added twice: the first one added is met first */
		uint32_t h = (uint32_t)(keys[0] % mods[m]);
		assert_int_equal(tc__hash_reserve(&t, &al, t.len + 1), TC_OK);
		tc__hash_add(&t, h, 77777);
		uint32_t first = tc__hash_first(&t, h, &at);
		while (first != TC_NONE && first != naive[0] && first != 77777)
			first = tc__hash_next(&t, h, &at);
		assert_int_equal(first, naive[0]);
		/* a growth that fails leaves the table as it was */
		size_t cap = t.cap, len = t.len;
		c.fail_at = c.calls + 1;
		assert_int_equal(tc__hash_reserve(&t, &al, 4 * cap), TC_ENOMEM);
		c.fail_at = 0;
		assert_int_equal(t.cap, cap);
		assert_int_equal(t.len, len);
		assert_int_not_equal(hash_find(&t, keys, keys[n - 1], mods[m], &at), TC_NONE);
		/* emptied: nothing found, and the sparse slots given back */
		tc__hash_clear(&t, &al);
		assert_int_equal(t.len, 0);
		assert_int_equal(hash_find(&t, keys, keys[0], mods[m], &at), TC_NONE);
		assert_int_equal(tc__hash_reserve(&t, &al, 3), TC_OK);
		assert_int_equal(hash_find(&t, keys, keys[0], mods[m], &at), TC_NONE);
		tc__hash_put_at(&t, at, (uint32_t)(keys[0] % mods[m]), 0);
		assert_int_equal(hash_find(&t, keys, keys[0], mods[m], &at), 0);
		tc__hash_free(&t, &al);
		assert_null(t.slot);
	}
	assert_int_equal(c.live, 0);
	/* the same bytes, the same hash, whatever may be read past them */
	const char buf[] = "name_of_a_block_0123456789abcdef";
	for (size_t len = 0; len < 24; len++)
		assert_int_equal(tc__hash_bytes_in(buf, len, buf + sizeof buf - 1),
				 tc__hash_bytes(buf, len));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sort),
		cmocka_unit_test(test_csr),
		cmocka_unit_test(test_arena_grow),
		cmocka_unit_test(test_hash),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
