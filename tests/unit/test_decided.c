/*
 * test_decided.c - branches that go one way (analysis/decided.h): what
 * folds to a constant, with the widths and signs of its operands, which
 * parameters decide a branch, the blocks a context's constants leave out,
 * and the bits of a value known where others are not, on functions
 * described by hand (fn.h).
 */
#include "analysis/decided.h"
#include "fn.h"

/* the parameters: param_value[k] reads param_index[k] */
typedef struct params {
	uint32_t value[8], index[8], n;
} params;

static uint32_t param(fn *t, params *p, uint32_t index, uint8_t bits)
{
	uint32_t v = arg(t);
	t->kind[v] = TC_UA_SOURCE;
	t->op[v].bits = bits;
	p->value[p->n] = v;
	p->index[p->n++] = index;
	return v;
}

static tc_decided_fn view(fn *t, const params *p, const uint32_t *last)
{
	fn_describe(t);
	return (tc_decided_fn){&t->f, t->op, t->way, last, p->value, p->index, p->n, NULL, 0, NULL, NULL};
}

/* value v folded with parameter 0 the constant k0 (kmask 1) or none */
static bool folded(fn *t, const params *p, uint32_t v, bool known0, int64_t k0, uint64_t *out)
{
	static const uint32_t last[FN_BLOCKS] = {0};
	tc_decided_fn f = view(t, p, last);
	tc_decided *e;
	assert_int_equal(tc__decided_new(&e, &f, known0 ? 1 : 0, &k0, &t->al), TC_OK);
	bool r = tc__decided_value(e, v, out);
	tc__decided_free(e);
	return r;
}

static void test_fold(void **state)
{
	(void)state;
	fn t;
	params p = {{0}, {0}, 0};
	fn_init(&t, 1);
	uint32_t x = param(&t, &p, 0, 32);
	uint32_t min = bin(&t, 0, TC_LOP_OR, x, K(INT64_C(0x80000000))); /* x | sign bit */
	uint32_t slt = bin(&t, 0, TC_LOP_SLT, min, K(0));
	uint32_t ult = bin(&t, 0, TC_LOP_ULT, min, K(0));
	uint32_t ashr = bin(&t, 0, TC_LOP_ASHR, min, K(31));
	uint32_t lshr = bin(&t, 0, TC_LOP_LSHR, min, K(31));
	uint32_t shl_far = bin(&t, 0, TC_LOP_SHL, x, K(32));
	uint32_t udiv0 = bin(&t, 0, TC_LOP_UDIV, x, K(0));
	uint32_t sdiv = bin(&t, 0, TC_LOP_SDIV, min, K(-1));
	uint32_t wide = copy(&t, 0, min, 64);
	uint32_t trunc = copy(&t, 0, min, 8);
	uint32_t eq5 = bin(&t, 0, TC_LOP_EQ, min, K(INT64_C(0x80000005)));
	uint32_t tid = source(&t, 0, TC_LOP_TID_X);
	uint32_t by0 = bin(&t, 0, TC_LOP_MUL, tid, x); /* the thread's index times x */
	uint32_t sel = value(&t, 0, TC_UA_PURE, TC_LOP_SELECT);
	t.op[sel].cond = slt;
	t.op[sel].flags = TC_LOP_K0 | TC_LOP_K1;
	t.op[sel].k[0] = 7;
	t.op[sel].k[1] = 9;
	use(&t, slt, sel, 0);
	uint64_t r;
	assert_true(folded(&t, &p, slt, true, 5, &r));
	assert_int_equal(r, 1); /* 0x80000005 is negative in 32 bits */
	assert_true(folded(&t, &p, by0, true, 0, &r)); /* a product by zero */
	assert_int_equal(r, 0);
	assert_false(folded(&t, &p, by0, true, 2, &r));
	assert_true(folded(&t, &p, ult, true, 5, &r));
	assert_int_equal(r, 0);
	assert_true(folded(&t, &p, ashr, true, 5, &r));
	assert_int_equal(r, 0xffffffffu);
	assert_true(folded(&t, &p, lshr, true, 5, &r));
	assert_int_equal(r, 1);
	assert_false(folded(&t, &p, shl_far, true, 5, &r)); /* past the width */
	assert_false(folded(&t, &p, udiv0, true, 5, &r));   /* by zero */
	assert_true(folded(&t, &p, sdiv, true, 0, &r)); /* INT32_MIN / -1 wraps in 32 bits */
	assert_int_equal(r, 0x80000000u);
	assert_false(folded(&t, &p, wide, true, 5, &r)); /* zext or sext: not said */
	assert_true(folded(&t, &p, trunc, true, 5, &r));
	assert_int_equal(r, 5);
	assert_true(folded(&t, &p, sel, true, 5, &r));
	assert_int_equal(r, 7);
	assert_true(folded(&t, &p, slt, false, 0, &r)); /* its sign bit alone decides it */
	assert_int_equal(r, 1);
	assert_true(folded(&t, &p, eq5, true, 5, &r));
	assert_int_equal(r, 1);
	assert_false(folded(&t, &p, eq5, false, 0, &r)); /* the parameter not known */
}

static void test_fits(void **state)
{
	(void)state;
	fn t;
	params p = {{0}, {0}, 0};
	fn_init(&t, 1);
	uint32_t x = param(&t, &p, 0, 8); /* read as 8 bits */
	uint32_t eq = bin(&t, 0, TC_LOP_EQ, x, K(0));
	uint64_t r;
	assert_true(folded(&t, &p, eq, true, 100, &r));
	assert_int_equal(r, 0);
	assert_false(folded(&t, &p, eq, true, 300, &r)); /* not what 8 bits read */
	assert_false(folded(&t, &p, eq, true, -1, &r));
}

/* 0 -> 1 | 2 on cond, 1 -> 3, 2 -> 3, 3 returns */
static void diamond(fn *t, uint32_t cond)
{
	branch(t, 0, cond, 1, 2);
	edge(t, 1, 3);
	edge(t, 2, 3);
	edge(t, 3, UNIT_EXIT);
}

static void test_params(void **state)
{
	(void)state;
	fn t;
	params p = {{0}, {0}, 0};
	fn_init(&t, 4);
	param(&t, &p, 0, 32);
	uint32_t y = param(&t, &p, 1, 32);
	uint32_t lo = bin(&t, 0, TC_LOP_AND, y, K(1));
	uint32_t ne = bin(&t, 0, TC_LOP_NE, lo, K(0));
	diamond(&t, ne);
	t.way[0] = TC_WAY_FIRST;
	static const uint32_t last[FN_BLOCKS] = {0, 1, 2, 3};
	tc_decided_fn f = view(&t, &p, last);
	bool any;
	int rc;
	assert_int_equal(tc__decided_params(&f, &any, &t.al, &rc), 2);
	assert_int_equal(rc, TC_OK);
	assert_true(any);
	/* a branch on a thread-dependent value decides nothing */
	fn u;
	params q = {{0}, {0}, 0};
	fn_init(&u, 4);
	uint32_t s = source(&u, 0, TC_LOP_TID_X);
	uint32_t z = param(&u, &q, 0, 32);
	uint32_t sum = bin(&u, 0, TC_LOP_ADD, s, z);
	diamond(&u, bin(&u, 0, TC_LOP_EQ, sum, K(0)));
	u.way[0] = TC_WAY_FIRST;
	f = view(&u, &q, last);
	assert_int_equal(tc__decided_params(&f, &any, &u.al, &rc), 0);
	assert_false(any);
	/* no way said: nothing */
	u.way[0] = TC_WAY_UNKNOWN;
	t.way[0] = TC_WAY_UNKNOWN;
	f = view(&t, &p, last);
	assert_int_equal(tc__decided_params(&f, &any, &t.al, &rc), 0);
	assert_false(any);
}

/* the blocks live with parameter 0 the constant k (known) */
static void live_of(fn *t, const params *p, uint8_t way, bool known, int64_t k, uint8_t *live,
		    bool *dead)
{
	static const uint32_t last[FN_BLOCKS] = {0, 1, 2, 3};
	t->way[0] = way;
	tc_decided_fn f = view(t, p, last);
	tc_decided *e;
	assert_int_equal(tc__decided_new(&e, &f, known ? 1 : 0, &k, &t->al), TC_OK);
	assert_int_equal(tc__decided_live(e, NULL, live, NULL, dead), TC_OK);
	tc__decided_free(e);
}

static void test_live(void **state)
{
	(void)state;
	fn t;
	params p = {{0}, {0}, 0};
	fn_init(&t, 4);
	uint32_t x = param(&t, &p, 0, 32);
	diamond(&t, bin(&t, 0, TC_LOP_EQ, x, K(0)));
	uint8_t live[4];
	bool dead;
	live_of(&t, &p, TC_WAY_FIRST, true, 0, live, &dead); /* x == 0: the first way */
	assert_true(dead);
	assert_true(live[0] && live[1] && !live[2] && live[3]);
	live_of(&t, &p, TC_WAY_FIRST, true, 5, live, &dead);
	assert_true(dead);
	assert_true(live[0] && !live[1] && live[2] && live[3]);
	live_of(&t, &p, TC_WAY_SECOND, true, 0, live, &dead); /* @!%p bra */
	assert_true(dead);
	assert_true(live[0] && !live[1] && live[2] && live[3]);
	live_of(&t, &p, TC_WAY_FIRST, false, 0, live, &dead); /* not known */
	assert_false(dead);
	assert_true(live[0] && live[1] && live[2] && live[3]);
	/* a constant condition needs no parameter */
	fn u;
	params q = {{0}, {0}, 0};
	fn_init(&u, 4);
	uint32_t k = value(&u, 0, TC_UA_PURE, TC_LOP_COPY); /* mov.u16 %rs, 0 */
	u.op[k].flags = TC_LOP_K0;
	u.op[k].bits = 16;
	diamond(&u, bin(&u, 0, TC_LOP_NE, k, K(0)));
	live_of(&u, &q, TC_WAY_FIRST, false, 0, live, &dead);
	assert_true(dead);
	assert_true(live[0] && !live[1] && live[2] && live[3]);
}

/* The function as the uniformity reads it where the folding decides some
 * of it (tc_decided_view): a decided branch's one way, no condition in a
 * dead block, a phi's value from a dead block no use, a select whose
 * condition folds the operand it picks, a select of one value no use of
 * its condition, an and that a false operand absorbs. */
static void test_view(void **state)
{
	(void)state;
	fn t;
	params p = {{0}, {0}, 0};
	fn_init(&t, 4);
	uint32_t flag = param(&t, &p, 0, 8); /* a bool as a byte */
	uint32_t tid = source(&t, 0, TC_LOP_TID_X);
	uint32_t bid = source(&t, 0, TC_LOP_NONNEG);
	uint32_t low = bin(&t, 0, TC_LOP_ULT, tid, K(3));
	uint32_t both = bin(&t, 0, TC_LOP_AND, flag, low); /* flag && tid < 3 */
	t.op[low].bits = 1;
	t.op[both].bits = 8;
	uint32_t pick = value(&t, 0, TC_UA_PURE, TC_LOP_SELECT); /* both ? 0 : bid */
	t.op[pick].cond = both;
	t.op[pick].flags = TC_LOP_K0;
	t.op[pick].a[1] = bid;
	use(&t, both, pick, 0);
	use(&t, bid, pick, 0);
	uint32_t same = value(&t, 0, TC_UA_PURE, TC_LOP_SELECT); /* low ? pick : bid */
	t.op[same].cond = low;
	t.op[same].a[0] = pick;
	t.op[same].a[1] = bid;
	use(&t, low, same, 0);
	use(&t, pick, same, 0);
	use(&t, bid, same, 0);
	diamond(&t, bin(&t, 0, TC_LOP_NE, flag, K(0)));
	t.way[0] = TC_WAY_FIRST;
	uint32_t in1 = bin(&t, 1, TC_LOP_ADD, tid, K(1));
	uint32_t j = phi(&t, 3, in1, 1, bid, 2);
	static const uint32_t last[FN_BLOCKS] = {0, 1, 2, 3};
	tc_decided_fn f = view(&t, &p, last);
	bool any;
	int rc;
	assert_int_equal(tc__decided_params(&f, &any, &t.al, &rc), 1); /* the and's flag */
	int64_t k = 0;
	tc_decided *e;
	assert_int_equal(tc__decided_new(&e, &f, 1, &k, &t.al), TC_OK);
	assert_int_equal(tc__decided_chosen(e, pick), 1);
	assert_int_equal(tc__decided_chosen(e, same), TC_NONE);
	assert_int_equal(tc__decided_taken(e, 0), 2);
	uint8_t live[4];
	bool dead;
	assert_int_equal(tc__decided_live(e, NULL, live, NULL, &dead), TC_OK);
	assert_true(dead && !live[1]);
	tc_decided_view dv;
	assert_int_equal(tc__decided_view_new(e, live, &dv, &t.al), TC_OK);
	tc_ua_func g = tc__decided_view_of(&t.f, &dv);
	assert_int_equal(g.succ_off[1] - g.succ_off[0], 1);
	assert_int_equal(g.succ[g.succ_off[0]], 2);
	assert_int_equal(g.cond[0], TC_NONE);
	bool uses_both = false, uses_low = false, uses_in1 = false, uses_bid = false;
	for (uint32_t u = g.use_off[both]; u < g.use_off[both + 1]; u++)
		uses_both |= g.user[u] == pick;
	for (uint32_t u = g.use_off[low]; u < g.use_off[low + 1]; u++)
		uses_low |= g.user[u] == same;
	for (uint32_t u = g.use_off[in1]; u < g.use_off[in1 + 1]; u++)
		uses_in1 |= g.user[u] == j;
	for (uint32_t u = g.use_off[bid]; u < g.use_off[bid + 1]; u++)
		uses_bid |= g.user[u] == pick;
	assert_false(uses_both); /* folded: the select is bid */
	assert_false(uses_low);  /* low ? bid : bid */
	assert_false(uses_in1);  /* from the dead block */
	assert_true(uses_bid);
	tc__decided_view_free(&dv, &t.al);
	tc__decided_free(e);
	/* the flag set: the select reads the thread's test, the branch its
	 * other way */
	k = 1;
	assert_int_equal(tc__decided_new(&e, &f, 1, &k, &t.al), TC_OK);
	assert_int_equal(tc__decided_chosen(e, pick), TC_NONE);
	assert_int_equal(tc__decided_taken(e, 0), 1);
	assert_int_equal(tc__decided_view_new(e, NULL, &dv, &t.al), TC_OK);
	g = tc__decided_view_of(&t.f, &dv);
	uses_low = false;
	for (uint32_t u = g.use_off[low]; u < g.use_off[low + 1]; u++)
		uses_low |= g.user[u] == same;
	assert_true(uses_low);
	tc__decided_view_free(&dv, &t.al);
	tc__decided_free(e);
}

/* Some bits known: a group's type in the low bits of a word whose high bits
 * count lanes the thread computes (cooperative groups' thread_group), the
 * same through a phi of two such words; comparisons that the known bits
 * decide, and twins they do not. */
static void test_known_bits(void **state)
{
	(void)state;
	fn t;
	params p = {{0}, {0}, 0};
	fn_init(&t, 4);
	uint32_t a = source(&t, 1, TC_LOP_TID_X), b = source(&t, 2, TC_LOP_LANE);
	uint32_t wa = bin(&t, 1, TC_LOP_OR, bin(&t, 1, TC_LOP_SHL, a, K(8)), K(3));
	uint32_t wb = bin(&t, 2, TC_LOP_OR, bin(&t, 2, TC_LOP_SHL, b, K(8)), K(3));
	uint32_t w = phi(&t, 3, wa, 1, wb, 2);
	uint32_t low = copy(&t, 3, w, 16);
	t.op[low].flags = TC_LOP_TRUNC;
	uint32_t type = bin(&t, 3, TC_LOP_AND, bin(&t, 3, TC_LOP_LSHR, low, K(1)), K(127));
	uint32_t is1 = bin(&t, 3, TC_LOP_EQ, type, K(1));
	uint32_t is4 = bin(&t, 3, TC_LOP_NE, type, K(4));
	uint32_t count = bin(&t, 3, TC_LOP_LSHR, w, K(8)); /* the thread's */
	uint32_t some = bin(&t, 3, TC_LOP_EQ, count, K(1));
	uint32_t odd = bin(&t, 3, TC_LOP_EQ, bin(&t, 3, TC_LOP_OR, a, K(1)), K(0));
	uint32_t odd1 = bin(&t, 3, TC_LOP_EQ, bin(&t, 3, TC_LOP_OR, a, K(1)), K(1));
	uint32_t pos = bin(&t, 3, TC_LOP_SLT, bin(&t, 3, TC_LOP_AND, a, K(0x7fffffff)), K(0));
	uint32_t pc = value(&t, 3, TC_UA_PURE, TC_LOP_POPC);
	t.op[pc].a[0] = a;
	use(&t, a, pc, 3);
	uint32_t pc64 = bin(&t, 3, TC_LOP_ULT, pc, K(64)), pc33 = bin(&t, 3, TC_LOP_ULT, pc, K(33));
	uint32_t sum = bin(&t, 3, TC_LOP_AND, bin(&t, 3, TC_LOP_ADD, wa, K(1)), K(3)); /* low bits */
	branch(&t, 0, source(&t, 0, TC_LOP_TID_X), 1, 2);
	edge(&t, 1, 3);
	edge(&t, 2, 3);
	edge(&t, 3, UNIT_EXIT);
	uint64_t r;
	assert_true(folded(&t, &p, is1, false, 0, &r));
	assert_int_equal(r, 1);
	assert_true(folded(&t, &p, is4, false, 0, &r));
	assert_int_equal(r, 1);
	assert_false(folded(&t, &p, some, false, 0, &r)); /* the count is the thread's */
	assert_true(folded(&t, &p, odd, false, 0, &r));    /* an odd number is not 0 */
	assert_int_equal(r, 0);
	assert_false(folded(&t, &p, odd1, false, 0, &r)); /* but may be 1 */
	assert_true(folded(&t, &p, pos, false, 0, &r));   /* sign bit 0: not below 0 */
	assert_int_equal(r, 0);
	assert_true(folded(&t, &p, pc64, false, 0, &r)); /* at most 32 bits set */
	assert_int_equal(r, 1);
	assert_false(folded(&t, &p, pc33, false, 0, &r));
	assert_true(folded(&t, &p, sum, false, 0, &r)); /* ...11 + 1: ...00 */
	assert_int_equal(r, 0);
	/* a branch that known bits decide alone: some condition folds */
	fn u;
	params q = {{0}, {0}, 0};
	fn_init(&u, 4);
	uint32_t x = source(&u, 0, TC_LOP_TID_X);
	uint32_t y = bin(&u, 0, TC_LOP_OR, bin(&u, 0, TC_LOP_SHL, x, K(8)), K(2));
	diamond(&u, bin(&u, 0, TC_LOP_EQ, bin(&u, 0, TC_LOP_AND, y, K(255)), K(2)));
	u.way[0] = TC_WAY_FIRST;
	static const uint32_t last[FN_BLOCKS] = {0, 1, 2, 3};
	tc_decided_fn f = view(&u, &q, last);
	bool any;
	int rc;
	assert_int_equal(tc__decided_params(&f, &any, &u.al, &rc), 0);
	assert_int_equal(rc, TC_OK);
	assert_true(any);
	uint8_t live[4];
	bool dead;
	live_of(&u, &q, TC_WAY_FIRST, false, 0, live, &dead);
	assert_true(dead);
	assert_true(live[0] && live[1] && !live[2] && live[3]);
}

/* A parameter known in some bits (tc__decided_known: a calling context's
 * word whose low byte is a constant kind, the rest the thread's): a test
 * of those bits folds, one of the others does not; a read of it at another
 * byte is not known (param_off); a part stored into a word (TC_LOP_PART)
 * keeps the word's known bits where it does not lie and brings its own. */
static void test_known_param(void **state)
{
	(void)state;
	fn t;
	params p = {{0}, {0}, 0};
	fn_init(&t, 1);
	uint32_t w = param(&t, &p, 0, 32);
	uint32_t hi = param(&t, &p, 0, 32); /* the same parameter at byte 4 */
	uint32_t kind = bin(&t, 0, TC_LOP_AND, w, K(255));
	uint32_t is1 = bin(&t, 0, TC_LOP_EQ, kind, K(1));
	uint32_t rank0 = bin(&t, 0, TC_LOP_EQ, bin(&t, 0, TC_LOP_LSHR, w, K(8)), K(0));
	uint32_t hi1 = bin(&t, 0, TC_LOP_EQ, bin(&t, 0, TC_LOP_AND, hi, K(255)), K(1));
	uint32_t x = source(&t, 0, TC_LOP_TID_X);
	uint32_t part = value(&t, 0, TC_UA_PURE, TC_LOP_OTHER); /* w, bytes 1 .. 3 the tid's */
	t.op[part] = (tc_lane_op){TC_LOP_OTHER, TC_LOP_PART, 64, {w, x}, TC_NONE, {1, 3}};
	use(&t, w, part, 0);
	use(&t, x, part, 0);
	uint32_t pk = bin(&t, 0, TC_LOP_EQ, bin(&t, 0, TC_LOP_AND, part, K(255)), K(1));
	uint32_t ptid = bin(&t, 0, TC_LOP_EQ, bin(&t, 0, TC_LOP_AND, part, K(0x100)), K(0));
	edge(&t, 0, UNIT_EXIT);
	static const uint32_t last[FN_BLOCKS] = {0};
	static const uint32_t off[2] = {0, 4};
	tc_decided_fn f = view(&t, &p, last);
	f.param_off = off;
	f.nparam_off = 2;
	uint64_t r, kn, kv;
	for (int known = 0; known < 2; known++) {
		tc_decided *e;
		assert_int_equal(tc__decided_new(&e, &f, 0, NULL, &t.al), TC_OK);
		if (known)
			tc__decided_known(e, 0, 0xff, 0x01);
		assert_int_equal(tc__decided_value(e, is1, &r), known);
		if (known)
			assert_int_equal(r, 1);
		assert_false(tc__decided_value(e, rank0, &r)); /* the rank's bits */
		assert_false(tc__decided_value(e, hi1, &r));   /* byte 4 on: not known */
		assert_int_equal(tc__decided_value(e, pk, &r), known);
		assert_false(tc__decided_value(e, ptid, &r));
		assert_int_equal(tc__decided_bits(e, part, &kn, &kv), known);
		if (known) /* byte 0 of w; bytes 4 .. 7 above w's 32 bits not known */
			assert_true(kn == 0xff && kv == 1);
		tc__decided_free(e);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fold),
		cmocka_unit_test(test_fits),
		cmocka_unit_test(test_params),
		cmocka_unit_test(test_live),
		cmocka_unit_test(test_view),
		cmocka_unit_test(test_known_bits),
		cmocka_unit_test(test_known_param),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
