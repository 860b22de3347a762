/*
 * unit.h - helpers shared by the unit tests of the building blocks: digraphs
 * from arc lists, an arena on the default allocator, and a small PRNG for
 * the randomized cross-checks against naive definitions.
 */
#ifndef TC_TESTS_UNIT_H
#define TC_TESTS_UNIT_H

#include "graph/digraph.h"
#include "util/mem.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

typedef struct unit_arena {
	tc_alloc al;
	tc_arena ar;
} unit_arena;

static inline void unit_arena_init(unit_arena *u)
{
	tc__alloc_init(&u->al, NULL);
	tc__arena_init(&u->ar, &u->al);
}

/* arcs[2 * i] -> arcs[2 * i + 1]; succ and (when pred is not NULL) its reverse */
static inline void unit_digraph(tc_arena *ar, tc_digraph *succ, tc_digraph *pred, uint32_t n,
				const uint32_t *arcs, uint32_t narcs)
{
	uint32_t *from = TC_ARENA_ARRAY(ar, uint32_t, narcs + 1);
	uint32_t *to = TC_ARENA_ARRAY(ar, uint32_t, narcs + 1);
	assert_non_null(from);
	assert_non_null(to);
	for (uint32_t i = 0; i < narcs; i++) {
		from[i] = arcs[2 * i];
		to[i] = arcs[2 * i + 1];
	}
	assert_int_equal(tc__digraph_from_arcs(ar, succ, n, narcs, from, to), TC_OK);
	if (pred)
		assert_int_equal(tc__digraph_reverse(ar, pred, succ), TC_OK);
}

#define UNIT_ARCS(a) (a), (uint32_t)(sizeof(a) / sizeof((a)[0]) / 2)

/* xorshift64 */
static inline uint32_t unit_rand(uint64_t *s, uint32_t n)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return n ? (uint32_t)(*s % n) : 0;
}

/* a random digraph on n vertices with narcs arcs (self-loops and parallel arcs too) */
static inline void unit_random_arcs(uint64_t *s, uint32_t n, uint32_t narcs, uint32_t *arcs)
{
	for (uint32_t i = 0; i < 2 * narcs; i++)
		arcs[i] = unit_rand(s, n);
}

/* reach[u * n + v]: v is reachable from u by zero or more arcs (Warshall) */
static inline void unit_closure(const tc_digraph *d, const uint8_t *skip, uint8_t *reach)
{
	uint32_t n = d->n;
	for (uint32_t u = 0; u < n; u++) {
		for (uint32_t v = 0; v < n; v++)
			reach[u * n + v] = u == v;
		if (skip && skip[u])
			continue;
		for (const uint32_t *w = TC_ADJ_BEGIN(d, u); w != TC_ADJ_END(d, u); w++)
			if (!skip || !skip[*w])
				reach[u * n + *w] = 1;
	}
	for (uint32_t k = 0; k < n; k++)
		for (uint32_t u = 0; u < n; u++)
			if (reach[u * n + k])
				for (uint32_t v = 0; v < n; v++)
					if (reach[k * n + v])
						reach[u * n + v] = 1;
}

/* The successor lists succ[b * stride ..][0 .. nsucc[b]) of nb blocks as CSR
 * (off: nb + 1), UNIT_EXIT standing for the virtual exit, block nb. */
#define UNIT_EXIT (UINT32_MAX - 1)
static inline void unit_flat_succ(uint32_t nb, const uint32_t *nsucc, const uint32_t *succ,
				  uint32_t stride, uint32_t *off, uint32_t *flat)
{
	uint32_t n = 0;
	for (uint32_t b = 0; b < nb; b++) {
		off[b] = n;
		for (uint32_t k = 0; k < nsucc[b]; k++) {
			uint32_t s = succ[b * stride + k];
			flat[n++] = s == UNIT_EXIT ? nb : s;
		}
	}
	off[nb] = n;
}

#endif
