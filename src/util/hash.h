/*
 * hash.h - the hash table every part of the library uses, and its hashes.
 *
 * Open addressing with linear probing, from a 32-bit hash to a 32-bit value,
 * at most half full. A slot is hash << 32 | (value + 1), 0 when empty, so
 * probing and growing never touch the keys: they stay where the caller keeps
 * them (the value is usually their index there), and the caller compares
 * them. A lookup walks the values whose hash matches:
 *
 *	size_t at;
 *	for (uint32_t v = tc__hash_first(t, h, &at); v != TC_NONE;
 *	     v = tc__hash_next(t, h, &at))
 *		if (same(key, keys[v]))
 *			return v;
 *	// not there: after tc__hash_reserve(t, al, t->len + 1), at is where
 *	// tc__hash_put_at(t, at, h, v) adds it
 *
 * Adding a key that is there already (tc__hash_add) keeps both; a lookup
 * meets the first one added first.
 */
#ifndef TC_UTIL_HASH_H
#define TC_UTIL_HASH_H

#include "util/mem.h"

#include <stdint.h>
#include <string.h>

typedef struct tc_hash {
	uint64_t *slot; /* cap of them, a power of two (or none yet) */
	size_t cap, len;
} tc_hash;

/* Room for n values at most half full (the slots rehashed from their
 * hashes); TC_ENOMEM leaves the table as it was. */
int tc__hash_reserve(tc_hash *t, const tc_alloc *al, size_t n);
/* Empties t. Slots many times more than the values it held are given back,
 * so that emptying a table costs what filling it did. */
void tc__hash_clear(tc_hash *t, const tc_alloc *al);
void tc__hash_free(tc_hash *t, const tc_alloc *al);

/* The next value at or after *at with hash h, *at moved past it; TC_NONE at
 * the first empty slot, with *at left on it. */
static inline uint32_t tc__hash_next(const tc_hash *t, uint32_t h, size_t *at)
{
	size_t mask = t->cap - 1, i = *at;
	for (uint64_t s; (s = t->slot[i]) != 0; i = (i + 1) & mask)
		if ((uint32_t)(s >> 32) == h) {
			*at = (i + 1) & mask;
			return (uint32_t)s - 1u;
		}
	*at = i;
	return TC_NONE;
}

/* The first value with hash h (see tc__hash_next). */
static inline uint32_t tc__hash_first(const tc_hash *t, uint32_t h, size_t *at)
{
	*at = 0;
	if (!t->cap)
		return TC_NONE;
	*at = h & (t->cap - 1);
	return tc__hash_next(t, h, at);
}

/* Value v (below UINT32_MAX) for hash h in the empty slot at, which a lookup
 * of h ended on after the last tc__hash_reserve. */
static inline void tc__hash_put_at(tc_hash *t, size_t at, uint32_t h, uint32_t v)
{
	t->slot[at] = (uint64_t)h << 32 | (v + 1u);
	t->len++;
}

/* Adds v for h without looking for h first; tc__hash_reserve made room. */
static inline void tc__hash_add(tc_hash *t, uint32_t h, uint32_t v)
{
	size_t at = h & (t->cap - 1);
	while (t->slot[at])
		at = (at + 1) & (t->cap - 1);
	tc__hash_put_at(t, at, h, v);
}

/* Replaces the value of the slot before at, the one tc__hash_next last
 * returned. */
static inline void tc__hash_replace(tc_hash *t, size_t at, uint32_t v)
{
	size_t k = (at - 1) & (t->cap - 1);
	t->slot[k] = (t->slot[k] & ~(uint64_t)UINT32_MAX) | (v + 1u);
}

/* A hint that hash h is about to be looked up: its slot is fetched. */
static inline void tc__hash_prefetch(const tc_hash *t, uint32_t h)
{
#if defined(__GNUC__)
	if (t->cap)
		__builtin_prefetch(&t->slot[h & (t->cap - 1)]);
#else
	(void)t;
	(void)h;
#endif
}

/*
 * The hash of len bytes at s, a word-at-a-time multiplicative one (names
 * are short). The bytes up to readable (at least s + len) may be read, which
 * saves the last word's byte-by-byte copy when there are 8 of them.
 */
static inline uint32_t tc__hash_bytes_in(const char *s, size_t len, const char *readable)
{
	uint64_t h = 0x9e3779b97f4a7c15ull ^ len;
	while (len >= 8) {
		uint64_t w;
		memcpy(&w, s, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
		h ^= h >> 32;
		s += 8;
		len -= 8;
	}
	uint64_t w = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (readable - s >= 8) {
		memcpy(&w, s, 8);
		w &= len ? ~0ull >> (64 - 8 * len) : 0;
	} else
#endif
	{
		(void)readable;
		memcpy(&w, s, len);
	}
	h = (h ^ w) * 0xc4ceb9fe1a85ec53ull;
	h ^= h >> 29;
	h *= 0xff51afd7ed558ccdull;
	return (uint32_t)(h >> 32);
}

static inline uint32_t tc__hash_bytes(const char *s, size_t len)
{
	return tc__hash_bytes_in(s, len, s + len);
}

/* The hash of a 64-bit word (a position packed, a fingerprint). */
static inline uint32_t tc__hash_u64(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdull;
	x ^= x >> 33;
	return (uint32_t)x;
}

/*
 * The hash of an address. Allocators hand out objects one after another and
 * they are mostly looked up in that order: the slot follows the address (in
 * 16-byte units), so neighbours share cache lines, and the higher bits are
 * folded in so that objects a table's span apart do not pile up.
 */
static inline uint32_t tc__hash_ptr(const void *p)
{
	uint64_t q = (uint64_t)((uintptr_t)p >> 4);
	return (uint32_t)(q + (q >> 20) * 0x9e3779b97f4a7c15ull);
}

#endif
