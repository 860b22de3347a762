/* mem.c - allocator hook, arena, growable arrays. */
#if defined(__linux__) && !defined(_DEFAULT_SOURCE)
#define _DEFAULT_SOURCE 1 /* madvise's MADV_HUGEPAGE */
#endif
#include "util/mem.h"

#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

static void *default_malloc(void *ud, size_t size)
{
	(void)ud;
	return malloc(size);
}

static void *default_realloc(void *ud, void *ptr, size_t size)
{
	(void)ud;
	return realloc(ptr, size);
}

static void default_free(void *ud, void *ptr)
{
	(void)ud;
	free(ptr);
}

void tc__alloc_init(tc_alloc *out, const tc_allocator *user)
{
	if (user && user->malloc_fn && user->realloc_fn && user->free_fn) {
		out->a = *user;
	} else {
		out->a.malloc_fn = default_malloc;
		out->a.realloc_fn = default_realloc;
		out->a.free_fn = default_free;
		out->a.ud = NULL;
	}
}

size_t tc__mul(size_t count, size_t size)
{
	if (size && count > SIZE_MAX / size)
		return SIZE_MAX;
	return count * size;
}

void *tc__malloc(const tc_alloc *al, size_t size)
{
	if (size == SIZE_MAX)
		return NULL;
	return al->a.malloc_fn(al->a.ud, size ? size : 1);
}

void *tc__calloc(const tc_alloc *al, size_t count, size_t size)
{
	size_t total = tc__mul(count, size);
	/* the C library's calloc need not clear fresh pages: large arrays */
	if (al->a.malloc_fn == default_malloc)
		return total == SIZE_MAX ? NULL : calloc(1, total ? total : 1);
	void *p = tc__malloc(al, total);
	if (p)
		memset(p, 0, total);
	return p;
}

void *tc__realloc(const tc_alloc *al, void *ptr, size_t size)
{
	if (size == 0) {
		tc__free(al, ptr);
		return NULL;
	}
	if (size == SIZE_MAX)
		return NULL;
	if (!ptr)
		return al->a.malloc_fn(al->a.ud, size);
	return al->a.realloc_fn(al->a.ud, ptr, size);
}

void tc__free(const tc_alloc *al, void *ptr)
{
	if (ptr)
		al->a.free_fn(al->a.ud, ptr);
}

void tc__advise_random(const tc_alloc *al, void *ptr, size_t size)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
	/* only our own blocks, and only whole huge pages inside them */
	const uintptr_t huge = (uintptr_t)2 << 20;
	uintptr_t lo = ((uintptr_t)ptr + huge - 1) & ~(huge - 1);
	uintptr_t hi = ((uintptr_t)ptr + size) & ~(huge - 1);
	if (al->a.malloc_fn == default_malloc && size >= 4 * huge && hi > lo)
		(void)madvise((void *)lo, hi - lo, MADV_HUGEPAGE);
#else
	(void)al;
	(void)ptr;
	(void)size;
#endif
}

/* ---- arena ---- */

struct tc_arena_chunk {
	tc_arena_chunk *next;
	tc_arena_chunk *prev; /* a grown array's, in ar->grown */
	size_t size;
	int big; /* an array of its own, not a bump chunk */
	/* payload follows, 16-byte aligned */
};

#define CHUNK_HEADER ((sizeof(tc_arena_chunk) + 15) & ~(size_t)15)
#define CHUNK_MIN ((size_t)1 << 16)

void tc__arena_init(tc_arena *ar, const tc_alloc *al)
{
	ar->al = al;
	ar->head = NULL;
	ar->spare = NULL;
	ar->grown = NULL;
	ar->used = ar->cap = 0;
}

/* A spare big chunk that fits size without wasting half of it, or NULL. */
static tc_arena_chunk *take_spare(tc_arena *ar, size_t size)
{
	for (tc_arena_chunk **p = &ar->spare; *p; p = &(*p)->next)
		if ((*p)->size >= size && (*p)->size / 2 <= size) {
			tc_arena_chunk *c = *p;
			*p = c->next;
			return c;
		}
	return NULL;
}

void *tc__arena_alloc(tc_arena *ar, size_t size)
{
	if (size > SIZE_MAX - CHUNK_HEADER - 16)
		return NULL;
	size = (size + 15) & ~(size_t)15;
	if (size > CHUNK_MIN / 4) {
		/* big arrays get a chunk of their own, kept behind the bump chunk */
		tc_arena_chunk *c = take_spare(ar, size);
		if (!c) {
			if (!(c = tc__malloc(ar->al, CHUNK_HEADER + size)))
				return NULL;
			c->size = size;
			c->big = 1;
		}
		if (ar->head) {
			c->next = ar->head->next;
			ar->head->next = c;
		} else {
			c->next = NULL;
			ar->head = c;
			ar->used = ar->cap = size;
		}
		return (char *)c + CHUNK_HEADER;
	}
	if (!ar->head || ar->cap - ar->used < size) {
		tc_arena_chunk *c = tc__malloc(ar->al, CHUNK_HEADER + CHUNK_MIN);
		if (!c)
			return NULL;
		c->size = CHUNK_MIN;
		c->big = 0;
		c->next = ar->head;
		ar->head = c;
		ar->used = 0;
		ar->cap = CHUNK_MIN;
	}
	void *p = (char *)ar->head + CHUNK_HEADER + ar->used;
	ar->used += size;
	return p;
}

void *tc__arena_zalloc(tc_arena *ar, size_t count, size_t size)
{
	size_t total = tc__mul(count, size);
	void *p = tc__arena_alloc(ar, total);
	if (p)
		memset(p, 0, total);
	return p;
}

int tc__arena_grow(tc_arena *ar, void *p, size_t *cap, size_t n, size_t sz)
{
	if (n <= *cap)
		return TC_OK;
	size_t c = *cap ? *cap : 16;
	while (c < n)
		c = c > SIZE_MAX / 2 ? n : c * 2;
	size_t size = tc__mul(c, sz);
	if (size > SIZE_MAX - CHUNK_HEADER)
		return TC_ENOMEM;
	char *old = *(char **)p;
	tc_arena_chunk *k = tc__realloc(ar->al, old ? old - CHUNK_HEADER : NULL, CHUNK_HEADER + size);
	if (!k)
		return TC_ENOMEM;
	if (!old) { /* first in ar->grown */
		k->prev = NULL;
		k->next = ar->grown;
		if (k->next)
			k->next->prev = k;
		k->big = 1;
	}
	/* moved or not, its neighbours point at it again */
	if (k->prev)
		k->prev->next = k;
	else
		ar->grown = k;
	if (k->next)
		k->next->prev = k;
	k->size = size;
	*(char **)p = (char *)k + CHUNK_HEADER;
	*cap = c;
	return TC_OK;
}

void tc__arena_reset(tc_arena *ar)
{
	for (tc_arena_chunk *k = ar->grown, *next; k; k = next) {
		next = k->next;
		tc__free(ar->al, k);
	}
	ar->grown = NULL;
	tc_arena_chunk *c = ar->head;
	while (c) {
		tc_arena_chunk *next = c->next;
		if (c->big) {
			c->next = ar->spare;
			ar->spare = c;
		} else {
			tc__free(ar->al, c);
		}
		c = next;
	}
	ar->head = NULL;
	ar->used = ar->cap = 0;
}

void tc__arena_trim(tc_arena *ar)
{
	for (tc_arena_chunk *c = ar->spare, *next; c; c = next) {
		next = c->next;
		tc__free(ar->al, c);
	}
	ar->spare = NULL;
}

void tc__arena_free(tc_arena *ar)
{
	tc__arena_reset(ar);
	tc__arena_trim(ar);
}

/* ---- CSR ---- */

void tc__csr_fill(uint32_t n, uint32_t count, const uint32_t *key, const uint32_t *val,
		  uint32_t *off, uint32_t *adj)
{
	for (uint32_t i = 0; i < count; i++)
		off[key[i] + 1]++;
	for (uint32_t k = 0; k < n; k++)
		off[k + 1] += off[k];
	/* off[k] serves as bucket k's cursor, then everything shifts back */
	for (uint32_t i = 0; i < count; i++)
		adj[off[key[i]]++] = val ? val[i] : i;
	for (uint32_t k = n; k > 0; k--)
		off[k] = off[k - 1];
	off[0] = 0;
}

void tc__sort_u32(uint32_t *v, size_t n, uint32_t *tmp)
{
	if (n <= 32) {
		for (size_t i = 1; i < n; i++) {
			uint32_t x = v[i];
			size_t j = i;
			for (; j > 0 && v[j - 1] > x; j--)
				v[j] = v[j - 1];
			v[j] = x;
		}
		return;
	}
	uint32_t hi = 0;
	for (size_t i = 0; i < n; i++)
		hi |= v[i];
	/* one pass of 8 bits per byte that some value has set; an odd number
	 * of passes leaves the result in tmp */
	uint32_t *src = v, *dst = tmp;
	for (unsigned shift = 0; shift < 32 && (hi >> shift); shift += 8) {
		size_t count[257] = {0};
		for (size_t i = 0; i < n; i++)
			count[((src[i] >> shift) & 0xff) + 1]++;
		for (unsigned k = 0; k < 256; k++)
			count[k + 1] += count[k];
		for (size_t i = 0; i < n; i++)
			dst[count[(src[i] >> shift) & 0xff]++] = src[i];
		uint32_t *t = src;
		src = dst;
		dst = t;
	}
	if (src != v)
		memcpy(v, src, n * sizeof *v);
}

/* ---- u32vec ---- */

int tc__u32vec_reserve(const tc_alloc *al, tc_u32vec *vec, size_t cap)
{
	if (cap <= vec->cap)
		return TC_OK;
	size_t ncap = vec->cap ? vec->cap : 16;
	while (ncap < cap)
		ncap = ncap > SIZE_MAX / 2 ? cap : ncap * 2;
	uint32_t *v = tc__realloc(al, vec->v, tc__mul(ncap, sizeof *v));
	if (!v)
		return TC_ENOMEM;
	vec->v = v;
	vec->cap = ncap;
	return TC_OK;
}

int tc__grow(const tc_alloc *al, void *p, size_t *cap, size_t n, size_t sz)
{
	if (n <= *cap)
		return TC_OK;
	size_t c = *cap ? *cap : 16;
	while (c < n)
		c = c > SIZE_MAX / 2 ? n : c * 2;
	void *q = tc__realloc(al, *(void **)p, tc__mul(c, sz));
	if (!q)
		return TC_ENOMEM;
	*(void **)p = q;
	*cap = c;
	return TC_OK;
}

void tc__u32vec_free(const tc_alloc *al, tc_u32vec *vec)
{
	tc__free(al, vec->v);
	vec->v = NULL;
	vec->len = vec->cap = 0;
}

/* the first i with v[i] >= x in v[0 .. n) ascending, for each width */
#define LOWER_BOUND(name, T)                                                                       \
	uint32_t name(const T *v, uint32_t n, T x)                                                 \
	{                                                                                          \
		uint32_t lo = 0, hi = n;                                                           \
		while (lo < hi) {                                                                  \
			uint32_t mid = lo + (hi - lo) / 2;                                         \
			if (v[mid] < x)                                                            \
				lo = mid + 1;                                                      \
			else                                                                       \
				hi = mid;                                                          \
		}                                                                                  \
		return lo;                                                                         \
	}
LOWER_BOUND(tc__u32_lower_bound, uint32_t)
LOWER_BOUND(tc__u64_lower_bound, uint64_t)
#undef LOWER_BOUND
