/*
 * test_bounds.c - the comparisons the block's size decides (src/analysis/
 * bounds.h) on values described by hand: the index against the size, below
 * it, signed and unsigned, through casts and arithmetic, an unsigned
 * comparison with a negative constant, what wraps or overflows (decided
 * nothing), and what .maxntid's total bounds (each index, the linear one)
 * and does not (one dimension's size), and the block's x size, at most
 * the size declared.
 */
#include "analysis/bounds.h"
#include "unit.h"

#include <string.h>

#define MAXV 64

typedef struct vals {
	uint32_t n;
	uint8_t kind[MAXV];
	tc_lane_op op[MAXV];
} vals;

/* a constant operand */
#define K(c) (0x100000000ll + (c))

static uint32_t val(vals *t, uint8_t op, uint8_t bits)
{
	assert_true(t->n < MAXV);
	uint32_t v = t->n++;
	t->kind[v] = op >= TC_LOP_TID_X && op <= TC_LOP_TID_Z ? TC_UA_SOURCE | TC_UA_NAMED
							      : TC_UA_PURE;
	t->op[v] = (tc_lane_op){op, 0, bits, {TC_NONE, TC_NONE}, TC_NONE, {0, 0}};
	return v;
}

static void operand(tc_lane_op *o, int i, long long x)
{
	if (x >= 0x80000000ll) {
		o->flags |= i ? TC_LOP_K1 : TC_LOP_K0;
		o->k[i] = x - 0x100000000ll;
	} else {
		o->a[i] = (uint32_t)x;
	}
}

static uint32_t bin(vals *t, uint8_t op, uint8_t bits, long long x, long long y)
{
	uint32_t v = val(t, op, bits);
	operand(&t->op[v], 0, x);
	operand(&t->op[v], 1, y);
	return v;
}

static uint32_t copy(vals *t, uint8_t bits, uint32_t x)
{
	uint32_t v = val(t, TC_LOP_COPY, bits);
	t->op[v].a[0] = x;
	return v;
}

/* Runs the bounds on a block of x * y * z (max: its most threads): the
 * values of decided[] (TC_NONE-ended) are decided, no other. */
static void run(vals *t, uint32_t x, uint32_t y, uint32_t z, uint32_t max,
		const uint32_t *decided)
{
	tc_alloc al;
	tc__alloc_init(&al, NULL);
	tc_ua_func f;
	memset(&f, 0, sizeof f);
	f.nvalues = t->n;
	f.kind = t->kind;
	uint8_t kind[MAXV];
	memcpy(kind, t->kind, sizeof kind);
	uint32_t size[3] = {x, y, z};
	bool changed;
	assert_int_equal(tc__bounds(&f, t->op, size, max, kind, &changed, &al), TC_OK);
	bool any = false;
	for (uint32_t v = 0; v < t->n; v++) {
		bool want = false;
		for (const uint32_t *d = decided; *d != TC_NONE; d++)
			want |= *d == v;
		bool got = (kind[v] & TC_UA_UNIFORM) && !(kind[v] & TC_UA_SOURCE);
		if (want != got)
			fail_msg("value %u: want %s, got %s", v, want ? "decided" : "not decided",
				 got ? "decided" : "not decided");
		any |= got;
		if (!got)
			assert_int_equal(kind[v], t->kind[v]);
	}
	assert_int_equal(changed, any);
}

static void test_exact(void **state)
{
	(void)state;
	vals t = {0};
	uint32_t tid = val(&t, TC_LOP_TID_X, 32);
	uint32_t ge64 = bin(&t, TC_LOP_UGE, 1, tid, K(64));   /* never */
	uint32_t ugt63 = bin(&t, TC_LOP_UGT, 1, tid, K(63));  /* never */
	uint32_t slt64 = bin(&t, TC_LOP_SLT, 1, tid, K(64));  /* always */
	uint32_t ge32 = bin(&t, TC_LOP_UGE, 1, tid, K(32));   /* some */
	uint32_t eq0 = bin(&t, TC_LOP_EQ, 1, tid, K(0));      /* some */
	uint32_t ne99 = bin(&t, TC_LOP_NE, 1, tid, K(99));    /* always */
	uint32_t kfirst = bin(&t, TC_LOP_ULE, 1, K(64), tid); /* 64 <= tid: never */
	/* unsigned against -1 (2^32 - 1): always below; signed: never below */
	uint32_t ultm1 = bin(&t, TC_LOP_ULT, 1, tid, K(-1));
	uint32_t sltm1 = bin(&t, TC_LOP_SLT, 1, tid, K(-1));
	/* through a widening copy and a narrowing one that keeps every index */
	uint32_t wide = copy(&t, 64, tid);
	uint32_t wge = bin(&t, TC_LOP_UGE, 1, wide, K(64));
	uint32_t narrow = copy(&t, 8, tid);
	uint32_t nge = bin(&t, TC_LOP_UGE, 1, narrow, K(64));
	/* tid.y is 0 in a block of 64 x 1 x 1; the y index against 0 */
	uint32_t y = val(&t, TC_LOP_TID_Y, 32);
	uint32_t yeq0 = bin(&t, TC_LOP_EQ, 1, y, K(0));
	/* the index against the block's size, which may be less than the size
	 * declared (a work-group at the grid's edge): not decided; blockDim.x
	 * <= 64 is; a linear index */
	uint32_t ntid = val(&t, TC_LOP_NTID_X, 32);
	uint32_t below = bin(&t, TC_LOP_ULT, 1, tid, ntid);
	uint32_t nle = bin(&t, TC_LOP_ULE, 1, ntid, K(64));
	uint32_t lin = bin(&t, TC_LOP_ADD, 32, bin(&t, TC_LOP_MUL, 32, y, ntid), tid);
	uint32_t lin_ge = bin(&t, TC_LOP_UGE, 1, lin, K(64));
	const uint32_t want[] = {ge64, ugt63, slt64, ne99, kfirst, ultm1, sltm1,
				 wge,  nge,   yeq0,  nle,  lin_ge, TC_NONE};
	(void)ge32;
	(void)below;
	(void)eq0;
	run(&t, 64, 1, 1, 0, want);
}

static void test_arithmetic(void **state)
{
	(void)state;
	vals t = {0};
	uint32_t tid = val(&t, TC_LOP_TID_X, 32);
	/* tid / 32 < 2, tid >> 5 <= 1, tid & 31 < 32, tid % 16 != 16: always */
	uint32_t div = bin(&t, TC_LOP_UDIV, 32, tid, K(32));
	uint32_t c1 = bin(&t, TC_LOP_ULT, 1, div, K(2));
	uint32_t shr = bin(&t, TC_LOP_LSHR, 32, tid, K(5));
	uint32_t c2 = bin(&t, TC_LOP_ULE, 1, shr, K(1));
	uint32_t and = bin(&t, TC_LOP_AND, 32, tid, K(31));
	uint32_t c3 = bin(&t, TC_LOP_ULT, 1, and, K(32));
	uint32_t rem = bin(&t, TC_LOP_UREM, 32, tid, K(16));
	uint32_t c4 = bin(&t, TC_LOP_NE, 1, rem, K(16));
	/* tid * 4 + 3 < 256, tid << 2 < 256, tid | 7 < 64, tid ^ 1 < 64 */
	uint32_t mul = bin(&t, TC_LOP_MUL, 32, tid, K(4));
	uint32_t add = bin(&t, TC_LOP_ADD, 32, mul, K(3));
	uint32_t c5 = bin(&t, TC_LOP_ULT, 1, add, K(256));
	uint32_t shl = bin(&t, TC_LOP_SHL, 32, tid, K(2));
	uint32_t c6 = bin(&t, TC_LOP_ULT, 1, shl, K(256));
	uint32_t or = bin(&t, TC_LOP_OR, 32, tid, K(7));
	uint32_t c7 = bin(&t, TC_LOP_ULT, 1, or, K(64));
	uint32_t xor = bin(&t, TC_LOP_XOR, 32, tid, K(1));
	uint32_t c8 = bin(&t, TC_LOP_ULT, 1, xor, K(64));
	/* tid & ~31 (a negative mask) <= tid: below 64 */
	uint32_t mask = bin(&t, TC_LOP_AND, 32, tid, K(-32));
	uint32_t c9 = bin(&t, TC_LOP_ULT, 1, mask, K(64));
	/* tid - 1 wraps at tid 0: nothing decided; tid + 1 - 1 fine */
	uint32_t dec = bin(&t, TC_LOP_SUB, 32, tid, K(1));
	uint32_t c10 = bin(&t, TC_LOP_ULT, 1, dec, K(64));
	uint32_t inc = bin(&t, TC_LOP_ADD, 32, tid, K(1));
	uint32_t back = bin(&t, TC_LOP_ADD, 32, inc, K(-1));
	uint32_t c11 = bin(&t, TC_LOP_ULT, 1, back, K(64));
	/* tid * 2^26 does not fit 32 bits: nothing; in 64 bits it does */
	uint32_t big = bin(&t, TC_LOP_MUL, 32, tid, K(1 << 26));
	uint32_t c12 = bin(&t, TC_LOP_ULT, 1, big, K(1ll << 32));
	uint32_t big64 = bin(&t, TC_LOP_MUL, 64, copy(&t, 64, tid), K(1 << 26));
	uint32_t c13 = bin(&t, TC_LOP_ULT, 1, big64, K(1ll << 32));
	/* a select of two bounded values; a phi: nothing known */
	uint32_t sel = bin(&t, TC_LOP_SELECT, 32, tid, K(70));
	uint32_t c14 = bin(&t, TC_LOP_ULT, 1, sel, K(71));
	uint32_t phi = val(&t, TC_LOP_PHI, 32);
	uint32_t c15 = bin(&t, TC_LOP_ULT, 1, phi, K(71));
	/* arithmetic of an unknown width */
	uint32_t nowidth = bin(&t, TC_LOP_ADD, 0, tid, K(1));
	uint32_t c16 = bin(&t, TC_LOP_ULT, 1, nowidth, K(1000));
	const uint32_t want[] = {c1, c2, c3, c4, c5, c6, c7, c8, c9, c11, c13, c14, TC_NONE};
	(void)c10;
	(void)c12;
	(void)c15;
	(void)c16;
	run(&t, 64, 1, 1, 0, want);
}

static void test_max_threads(void **state)
{
	(void)state;
	vals t = {0};
	uint32_t x = val(&t, TC_LOP_TID_X, 32);
	uint32_t y = val(&t, TC_LOP_TID_Y, 32);
	uint32_t lin = val(&t, TC_LOP_TID_LINEAR, 32);
	uint32_t ntid = val(&t, TC_LOP_NTID_X, 32);
	/* each index and the linear one below the total, 256 */
	uint32_t xge = bin(&t, TC_LOP_UGE, 1, x, K(256));
	uint32_t yge = bin(&t, TC_LOP_UGE, 1, y, K(256));
	uint32_t lge = bin(&t, TC_LOP_UGE, 1, lin, K(256));
	uint32_t nle = bin(&t, TC_LOP_ULE, 1, ntid, K(256));
	/* one dimension's size is not bounded below the total: x >= 128 may
	 * hold (a block of 256 x 1), y >= 16 too (1 x 256); x < ntid is not
	 * decided (ntid may be 1) */
	uint32_t xge128 = bin(&t, TC_LOP_UGE, 1, x, K(128));
	uint32_t yge16 = bin(&t, TC_LOP_UGE, 1, y, K(16));
	uint32_t xlt = bin(&t, TC_LOP_ULT, 1, x, ntid);
	/* x + 16 * y: below 255 + 16 * 255, not below 256 */
	uint32_t mix = bin(&t, TC_LOP_ADD, 32, x, bin(&t, TC_LOP_MUL, 32, y, K(16)));
	uint32_t mge = bin(&t, TC_LOP_UGE, 1, mix, K(256));
	const uint32_t want[] = {xge, yge, lge, nle, TC_NONE};
	(void)xge128;
	(void)yge16;
	(void)xlt;
	(void)mge;
	run(&t, 0, 0, 0, 256, want);
	/* no size and no total: nothing */
	const uint32_t none[] = {TC_NONE};
	run(&t, 0, 0, 0, 0, none);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exact),
		cmocka_unit_test(test_arithmetic),
		cmocka_unit_test(test_max_threads),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
