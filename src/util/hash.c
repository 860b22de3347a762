/*
 * hash.c - growing and emptying the hash table of hash.h.
 */
#include "util/hash.h"

int tc__hash_reserve(tc_hash *t, const tc_alloc *al, size_t n)
{
	if (n <= t->cap / 2)
		return TC_OK;
	size_t cap = t->cap ? t->cap : 64;
	while (cap / 2 < n) {
		if (cap > SIZE_MAX / 16)
			return TC_ENOMEM;
		cap *= 2;
	}
	uint64_t *slot = tc__calloc(al, cap, sizeof *slot);
	if (!slot)
		return TC_ENOMEM;
	tc__advise_random(al, slot, cap * sizeof *slot);
	tc_hash grown = {slot, cap, 0};
	for (size_t i = 0; i < t->cap; i++)
		if (t->slot[i])
			tc__hash_add(&grown, (uint32_t)(t->slot[i] >> 32), (uint32_t)t->slot[i] - 1u);
	tc__free(al, t->slot);
	*t = grown;
	return TC_OK;
}

void tc__hash_clear(tc_hash *t, const tc_alloc *al)
{
	if (t->cap > 256 && t->len * 8 < t->cap) {
		tc__hash_free(t, al);
		return;
	}
	if (t->len)
		memset(t->slot, 0, t->cap * sizeof *t->slot);
	t->len = 0;
}

void tc__hash_free(tc_hash *t, const tc_alloc *al)
{
	tc__free(al, t->slot);
	*t = (tc_hash){NULL, 0, 0};
}
