/*
 * test_util.c - the array helpers of src/util/mem.h against naive
 * definitions: tc__sort_u32 on short and long arrays of small, large and
 * repeated values; tc__csr_fill's buckets in item order.
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sort),
		cmocka_unit_test(test_csr),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
