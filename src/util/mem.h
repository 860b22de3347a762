/*
 * mem.h - allocation through the user's tc_allocator, growable arrays, and
 * the arena each analysis run and each PTX read allocates from (one free at
 * the end), with arrays that grow in it.
 */
#ifndef TC_UTIL_MEM_H
#define TC_UTIL_MEM_H

#include "threadconv.h"

#include <stddef.h>
#include <stdint.h>

/* A resolved allocator: never has NULL hooks. */
typedef struct tc_alloc {
	tc_allocator a;
} tc_alloc;

void tc__alloc_init(tc_alloc *out, const tc_allocator *user);
void *tc__malloc(const tc_alloc *al, size_t size);
void *tc__calloc(const tc_alloc *al, size_t count, size_t size);
/* Like realloc, but ptr may be NULL and size 0 frees. */
void *tc__realloc(const tc_alloc *al, void *ptr, size_t size);
void tc__free(const tc_alloc *al, void *ptr);
/* count * size, or SIZE_MAX on overflow (so the allocation fails). */
size_t tc__mul(size_t count, size_t size);
/*
 * A hint that a large block from al, not yet written, will be accessed at
 * random (a hash table): where the system has them, huge pages save most TLB
 * misses. Blocks from a user's allocator are left alone.
 */
void tc__advise_random(const tc_alloc *al, void *ptr, size_t size);

/*
 * Arena: bump allocation in large chunks; everything is released by
 * tc__arena_free. Allocations are 16-byte aligned and zeroed on request.
 */
typedef struct tc_arena_chunk tc_arena_chunk;
typedef struct tc_arena {
	const tc_alloc *al;
	tc_arena_chunk *head;
	tc_arena_chunk *spare; /* big chunks kept by tc__arena_reset for reuse */
	tc_arena_chunk *grown; /* the arrays of tc__arena_grow */
	size_t used, cap;
} tc_arena;

void tc__arena_init(tc_arena *ar, const tc_alloc *al);
void *tc__arena_alloc(tc_arena *ar, size_t size);
void *tc__arena_zalloc(tc_arena *ar, size_t count, size_t size);
/* Typed helpers for the common case of id arrays. */
#define TC_ARENA_ARRAY(ar, type, count) \
	((type *)tc__arena_alloc((ar), tc__mul((count), sizeof(type))))
#define TC_ARENA_ZARRAY(ar, type, count) \
	((type *)tc__arena_zalloc((ar), (count), sizeof(type)))
/*
 * Arrays that grow as they are filled, in the arena: each a block of its
 * own that realloc resizes, so that no outgrown copy is kept (the arena uses
 * as much memory as tc__grow would), freed with the rest. tc__arena_grow
 * makes the array at *p (of *cap elements of size sz; NULL and 0 before
 * the first) hold at least n, doubling from 16 as tc__grow does; TC_ENOMEM
 * leaves it as it was.
 */
int tc__arena_grow(tc_arena *ar, void *p, size_t *cap, size_t n, size_t sz);
/* Frees everything allocated (the grown arrays too), but keeps the big
 * arrays' memory for the allocations that follow (a round that allocates
 * as the last one did touches no fresh pages). */
void tc__arena_reset(tc_arena *ar);
/* Frees the big chunks kept by tc__arena_reset (a step that will not reuse
 * them, and needs the memory, calls this first). */
void tc__arena_trim(tc_arena *ar);
void tc__arena_free(tc_arena *ar);

/*
 * Counting sort into CSR: item i (of count) goes to bucket key[i] < n;
 * off[0..n] gets the bucket offsets and adj[off[k]..off[k+1]) the items of
 * bucket k in item order, as val[i] (or i itself when val is NULL). off must
 * hold n + 1 zeros.
 */
void tc__csr_fill(uint32_t n, uint32_t count, const uint32_t *key, const uint32_t *val,
		  uint32_t *off, uint32_t *adj);

/* Sorts v[0 .. n) ascending; tmp holds n values of scratch. Radix sort
 * (insertion sort when short): linear, no calls per comparison. */
void tc__sort_u32(uint32_t *v, size_t n, uint32_t *tmp);

/* The first i with v[i] >= x in v[0 .. n) ascending; n when none. */
uint32_t tc__u32_lower_bound(const uint32_t *v, uint32_t n, uint32_t x);
uint32_t tc__u64_lower_bound(const uint64_t *v, uint32_t n, uint64_t x);

/* A growable uint32_t array (a stack or a list). */
typedef struct tc_u32vec {
	uint32_t *v;
	size_t len, cap;
} tc_u32vec;

int tc__u32vec_reserve(const tc_alloc *al, tc_u32vec *vec, size_t cap);

/* Makes the array at *p (of *cap elements of size sz) hold at least n,
 * doubling; TC_ENOMEM leaves it as it was. */
int tc__grow(const tc_alloc *al, void *p, size_t *cap, size_t n, size_t sz);
/* Appends x (inline: builders push one id per element). */
static inline int tc__u32vec_push(const tc_alloc *al, tc_u32vec *vec, uint32_t x)
{
	if (vec->len == vec->cap && tc__u32vec_reserve(al, vec, vec->len + 1))
		return TC_ENOMEM;
	vec->v[vec->len++] = x;
	return TC_OK;
}
void tc__u32vec_free(const tc_alloc *al, tc_u32vec *vec);

#endif
