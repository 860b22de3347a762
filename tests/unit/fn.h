/*
 * fn.h - functions described by hand, for the unit tests of the analyses
 * that read a function's values (uniformity, affine forms, the warp's
 * view): its blocks and their successors (UNIT_EXIT: the virtual exit),
 * each value's block, kind and what it computes (tc_lane_op), and each
 * use; fn_describe makes the tc_ua_func the analyses read. A test builds
 * one with fn_init, edge, branch, arg, value, source, bin, copy and phi
 * (and its own helpers over value), and keeps its analysis' result in the
 * fields at the end.
 */
#ifndef TC_TESTS_UNIT_FN_H
#define TC_TESTS_UNIT_FN_H

#include "analysis/affine.h"
#include "analysis/lanes.h"
#include "analysis/masks.h"
#include "analysis/uniformity.h"
#include "unit.h"

#include <string.h>

#define FN_BLOCKS 32
#define FN_VALUES 64
#define FN_USES 256
#define FN_SUCC 4

typedef struct fn {
	uint32_t nb, nv, nuse;
	uint32_t nsucc[FN_BLOCKS], succ[FN_BLOCKS][FN_SUCC], cond[FN_BLOCKS];
	uint32_t block[FN_VALUES];
	uint8_t kind[FN_VALUES];
	tc_lane_op op[FN_VALUES];
	uint32_t use_v[FN_USES], use_w[FN_USES], use_b[FN_USES];
	uint32_t size[3]; /* the block's size, 0 where unknown */
	/* made by fn_describe */
	uint32_t succ_off[FN_BLOCKS + 1], succ_flat[FN_SUCC * FN_BLOCKS];
	uint32_t use_off[FN_VALUES + 1], user[FN_USES], use_block[FN_USES];
	tc_ua_func f;
	tc_alloc al;
	/* what the test's analysis made of it */
	tc_uniformity *u;
	tc_affine *aff;
	tc_lanes *l;
	tc_masks *m;
	uint8_t way[FN_BLOCKS]; /* per block: TC_WAY_* (masks.h) */
} fn;

/* a constant operand of bin */
#define K(c) (0x100000000ll + (c))
#define IS_K(x) ((x) >= 0x80000000ll)

static inline void fn_init(fn *t, uint32_t nblocks)
{
	memset(t, 0, sizeof *t);
	assert_true(nblocks <= FN_BLOCKS);
	t->nb = nblocks;
	for (uint32_t b = 0; b < FN_BLOCKS; b++)
		t->cond[b] = TC_NONE;
	tc__alloc_init(&t->al, NULL);
}

static inline void edge(fn *t, uint32_t from, uint32_t to)
{
	assert_true(t->nsucc[from] < FN_SUCC);
	t->succ[from][t->nsucc[from]++] = to;
}

/* b ends in a branch on c to the blocks given (UNIT_EXIT: returns) */
static inline void branch(fn *t, uint32_t b, uint32_t c, uint32_t to1, uint32_t to2)
{
	t->cond[b] = c;
	edge(t, b, to1);
	edge(t, b, to2);
}

/* w, in block b, uses v */
static inline void use(fn *t, uint32_t v, uint32_t w, uint32_t b)
{
	assert_true(t->nuse < FN_USES);
	t->use_v[t->nuse] = v;
	t->use_w[t->nuse] = w;
	t->use_b[t->nuse++] = b;
}

/* a value of block b that computes op (32 bits, no operands yet) */
static inline uint32_t value(fn *t, uint32_t b, uint8_t kind, uint8_t op)
{
	assert_true(t->nv < FN_VALUES);
	uint32_t v = t->nv++;
	t->block[v] = b;
	t->kind[v] = kind;
	t->op[v] = (tc_lane_op){op, 0, 32, {TC_NONE, TC_NONE}, TC_NONE, {0, 0}};
	return v;
}

/* an argument of a kernel: the same in every thread */
static inline uint32_t arg(fn *t)
{
	uint32_t v = value(t, 0, 0, TC_LOP_OTHER);
	t->block[v] = TC_NONE;
	return v;
}

/* a thread-dependent value (a thread index, a load) */
static inline uint32_t source(fn *t, uint32_t b, uint8_t op)
{
	return value(t, b, TC_UA_SOURCE | TC_UA_NAMED, op);
}

/* op of x and y in block b; an operand is a value or K(constant) */
static inline uint32_t bin(fn *t, uint32_t b, uint8_t op, long long x, long long y)
{
	uint32_t v = value(t, b, TC_UA_PURE, op);
	long long xs[2] = {x, y};
	for (int i = 0; i < 2; i++) {
		if (IS_K(xs[i])) {
			t->op[v].flags |= i ? TC_LOP_K1 : TC_LOP_K0;
			t->op[v].k[i] = xs[i] - 0x100000000ll;
		} else {
			t->op[v].a[i] = (uint32_t)xs[i];
			use(t, (uint32_t)xs[i], v, b);
		}
	}
	return v;
}

/* a copy of x to bits bits */
static inline uint32_t copy(fn *t, uint32_t b, uint32_t x, uint8_t bits)
{
	uint32_t v = value(t, b, TC_UA_PURE, TC_LOP_COPY);
	t->op[v].a[0] = x;
	t->op[v].bits = bits;
	use(t, x, v, b);
	return v;
}

/* a phi of block b: x from block bx, y from block by (x or y TC_NONE: a
 * constant, or an incoming value whose use is added later) */
static inline uint32_t phi(fn *t, uint32_t b, uint32_t x, uint32_t bx, uint32_t y, uint32_t by)
{
	uint32_t v = value(t, b, TC_UA_PHI, TC_LOP_PHI);
	if (x != TC_NONE)
		use(t, x, v, bx);
	if (y != TC_NONE)
		use(t, y, v, by);
	return v;
}

/* t->f from the blocks, values and uses */
static inline const tc_ua_func *fn_describe(fn *t)
{
	unit_flat_succ(t->nb, t->nsucc, &t->succ[0][0], FN_SUCC, t->succ_off, t->succ_flat);
	uint32_t n = 0;
	for (uint32_t v = 0; v < t->nv; v++) {
		t->use_off[v] = n;
		for (uint32_t k = 0; k < t->nuse; k++)
			if (t->use_v[k] == v) {
				t->user[n] = t->use_w[k];
				t->use_block[n++] = t->use_b[k];
			}
	}
	t->use_off[t->nv] = n;
	t->f = (tc_ua_func){t->nb,      t->succ_off, t->succ_flat, t->cond, t->nv, t->block,
			    t->kind,    t->use_off,  t->user,      t->use_block, NULL,  0};
	return &t->f;
}

/* t->l: the warp's view of t (fn_describe's), warps of warp lanes in a
 * block of x * y * z threads (0: not known) */
static inline void run_group(fn *t, uint32_t warp, uint32_t group, uint32_t x, uint32_t y,
			     uint32_t z)
{
	fn_describe(t);
	tc_lane_geom g = {warp, {x, y, z}, group, t->way};
	tc__lanes_free(t->l);
	t->l = NULL;
	assert_int_equal(tc__lanes(&t->l, &t->f, t->op, &g, NULL, &t->al), TC_OK);
}

static inline void run_geom(fn *t, uint32_t warp, uint32_t x, uint32_t y, uint32_t z)
{
	fn_describe(t);
	tc_lane_geom g = {warp, {x, y, z}, 0, NULL};
	tc__lanes_free(t->l);
	t->l = NULL;
	assert_int_equal(tc__lanes(&t->l, &t->f, t->op, &g, NULL, &t->al), TC_OK);
}

#endif
