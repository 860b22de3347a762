/*
 * test_affine.c - thread terms that cancel (src/analysis/affine.h) on
 * functions described by hand: what each value computes (tc_lane_op) and
 * the uniformity analysis run on the description affine.c makes. The loop
 * `for (t = a + tid; t < b + tid; t += c)` is uniform with nsw sums, an
 * (in)equality and a difference are uniform however the sums wrap, and
 * every twin that must stay divergent does: a bound with 2 * tid, a
 * counter with 3 * tid, an unsigned bound, another thread term (tid / 2),
 * a phi at the join of a divergent branch, a counter read after a loop its
 * threads left in different iterations, two reads of one address. With the
 * block's y size 1, tid.y * ntid.x + tid.x is tid.x (cooperative groups'
 * thread_rank in a row), without it not. Bits of a word that packs a field
 * the same in every thread beside the thread's index, and what a calling
 * context says of a parameter's bits.
 */
#include "fn.h"

#define NONE TC_NONE
#define EXIT UNIT_EXIT

/* v = x OP y in block b (y NONE and K1: the constant k) */
static uint32_t arith(fn *t, uint32_t b, uint8_t op, uint8_t flags, uint32_t x, uint32_t y,
		    int64_t k)
{
	uint32_t v = value(t, b, TC_UA_PURE, op);
	t->op[v] = (tc_lane_op){op, flags, 32, {x, y}, NONE, {0, k}};
	if (y == NONE)
		t->op[v].flags |= TC_LOP_K1;
	use(t, x, v, b);
	if (y != NONE)
		use(t, y, v, b);
	if (op >= TC_LOP_EQ && op <= TC_LOP_SGE)
		t->op[v].bits = 1;
	return v;
}

static uint32_t tid(fn *t, uint32_t b, uint8_t op)
{
	return value(t, b, TC_UA_SOURCE | TC_UA_NAMED | TC_UA_PURE, op);
}

/* a value whose operands' uses are set later (a phi's back edge) */
static void late_use(fn *t, uint32_t v, uint32_t w, uint32_t b)
{
	use(t, v, w, b);
}

static void run(fn *t)
{
	const tc_ua_func *f = fn_describe(t);
	assert_int_equal(tc__affine(&t->aff, f, t->op, NULL, NULL, 0, t->size, NULL, &t->al), TC_OK);
	assert_int_equal(tc__uniformity(&t->u, t->aff ? tc__affine_func(t->aff) : f, &t->al),
			 TC_OK);
}

static void done(fn *t)
{
	tc__uniformity_free(t->u);
	tc__affine_free(t->aff);
}

#define DIVERGENT(t, b) assert_true(tc__uniformity_branch((t)->u, (b)))
#define UNIFORM(t, b) assert_false(tc__uniformity_branch((t)->u, (b)))

/*
 * for (t = a + k1 * tid; t CMP b + k2 * tid; t += c): block 0 the entry,
 * 1 the header (the test), 2 the body, 3 after. NSW on every sum or not.
 */
static void counted_loop(fn *t, uint8_t cmp, uint8_t nsw, int64_t k1, int64_t k2)
{
	fn_init(t, 4);
	uint32_t a = arg(t), b = arg(t), c = arg(t);
	uint32_t x = tid(t, 0, TC_LOP_TID_X);
	uint32_t x1 = k1 == 1 ? x : arith(t, 0, TC_LOP_MUL, nsw, x, NONE, k1);
	uint32_t x2 = k2 == 1 ? x : arith(t, 0, TC_LOP_MUL, nsw, x, NONE, k2);
	uint32_t start = arith(t, 0, TC_LOP_ADD, nsw, a, x1, 0);
	uint32_t bound = arith(t, 0, TC_LOP_ADD, nsw, b, x2, 0);
	edge(t, 0, 1);
	uint32_t i = phi(t, 1, start, 0, start, 0);
	t->nuse--; /* the second incoming value is the step, below */
	uint32_t test = arith(t, 1, cmp, 0, i, bound, 0);
	branch(t, 1, test, 2, 3);
	uint32_t step = arith(t, 2, TC_LOP_ADD, nsw, i, c, 0);
	late_use(t, step, i, 2);
	edge(t, 2, 1);
	edge(t, 3, EXIT);
	run(t);
}

/* t < b + tid with t from a + tid: uniform only where the sums do not
 * wrap; == and != whatever they do; not with other coefficients. */
static void test_counted_loops(void **state)
{
	(void)state;
	fn t;
	counted_loop(&t, TC_LOP_SLT, TC_LOP_NSW, 1, 1);
	assert_true(tc__affine_cancelled(t.aff) > 0);
	UNIFORM(&t, 1);
	done(&t);
	counted_loop(&t, TC_LOP_SGE, TC_LOP_NSW, 2, 2); /* 2 * tid on both sides */
	UNIFORM(&t, 1);
	done(&t);
	counted_loop(&t, TC_LOP_SLT, 0, 1, 1); /* may wrap (PTX) */
	DIVERGENT(&t, 1);
	done(&t);
	counted_loop(&t, TC_LOP_ULT, TC_LOP_NSW, 1, 1); /* unsigned: may wrap */
	DIVERGENT(&t, 1);
	done(&t);
	counted_loop(&t, TC_LOP_NE, 0, 1, 1); /* t != b + tid: exact modulo 2^32 */
	UNIFORM(&t, 1);
	done(&t);
	counted_loop(&t, TC_LOP_SLT, TC_LOP_NSW, 1, 2); /* t < b + 2 * tid */
	DIVERGENT(&t, 1);
	done(&t);
	counted_loop(&t, TC_LOP_SLT, TC_LOP_NSW, 3, 1); /* t = a + 3 * tid */
	DIVERGENT(&t, 1);
	done(&t);
	counted_loop(&t, TC_LOP_NE, 0, 1, 2);
	DIVERGENT(&t, 1);
	done(&t);
}

/*
 * while (idx - T2 < n) idx += s, idx = base + T1: uniform when T1 and T2
 * are the same term, however it wraps (no flags), not when T2 is tid / 2.
 */
static void stride_loop(fn *t, bool other)
{
	fn_init(t, 4);
	uint32_t base = arg(t), n = arg(t), s = arg(t);
	uint32_t x = tid(t, 0, TC_LOP_TID_X);
	uint32_t t2 = other ? arith(t, 0, TC_LOP_UDIV, 0, x, NONE, 2) : x;
	uint32_t start = arith(t, 0, TC_LOP_ADD, 0, base, x, 0);
	edge(t, 0, 1);
	uint32_t idx = phi(t, 1, start, 0, start, 0);
	t->nuse--;
	uint32_t d = arith(t, 1, TC_LOP_SUB, 0, idx, t2, 0);
	uint32_t test = arith(t, 1, TC_LOP_SLT, 0, d, n, 0);
	branch(t, 1, test, 2, 3);
	uint32_t next = arith(t, 2, TC_LOP_ADD, 0, idx, s, 0);
	late_use(t, next, idx, 2);
	edge(t, 2, 1);
	edge(t, 3, EXIT);
	run(t);
}

static void test_difference(void **state)
{
	(void)state;
	fn t;
	stride_loop(&t, false);
	UNIFORM(&t, 1);
	done(&t);
	stride_loop(&t, true);
	DIVERGENT(&t, 1);
	done(&t);
}

/* The uniform part of a phi at the join of a divergent branch is
 * divergent: t = tid < 4 ? a + tid : b + tid; t - tid differs. */
static void test_divergent_join(void **state)
{
	(void)state;
	fn t;
	fn_init(&t, 5);
	uint32_t a = arg(&t), b = arg(&t), n = arg(&t);
	uint32_t x = tid(&t, 0, TC_LOP_TID_X);
	uint32_t c = arith(&t, 0, TC_LOP_ULT, 0, x, NONE, 4);
	branch(&t, 0, c, 1, 2);
	uint32_t p = arith(&t, 1, TC_LOP_ADD, 0, a, x, 0);
	edge(&t, 1, 3);
	uint32_t q = arith(&t, 2, TC_LOP_ADD, 0, b, x, 0);
	edge(&t, 2, 3);
	uint32_t m = phi(&t, 3, p, 1, q, 2);
	uint32_t d = arith(&t, 3, TC_LOP_SUB, 0, m, x, 0);
	uint32_t e = arith(&t, 3, TC_LOP_SLT, 0, d, n, 0);
	branch(&t, 3, e, 4, EXIT);
	edge(&t, 4, EXIT);
	run(&t);
	DIVERGENT(&t, 3);
	done(&t);
	/* the same with a == b and a uniform branch: uniform */
	fn_init(&t, 5);
	a = arg(&t), n = arg(&t);
	x = tid(&t, 0, TC_LOP_TID_X);
	branch(&t, 0, n, 1, 2);
	p = arith(&t, 1, TC_LOP_ADD, 0, a, x, 0);
	edge(&t, 1, 3);
	q = arith(&t, 2, TC_LOP_ADD, 0, n, x, 0);
	edge(&t, 2, 3);
	m = phi(&t, 3, p, 1, q, 2);
	d = arith(&t, 3, TC_LOP_SUB, 0, m, x, 0);
	e = arith(&t, 3, TC_LOP_SLT, 0, d, n, 0);
	branch(&t, 3, e, 4, EXIT);
	edge(&t, 4, EXIT);
	run(&t);
	UNIFORM(&t, 0);
	UNIFORM(&t, 3);
	done(&t);
}

/* A counter read after a loop that threads leave in different iterations
 * (a break on tid): i - tid differs after it, not in it. */
static void test_divergent_exit(void **state)
{
	(void)state;
	fn t;
	fn_init(&t, 6);
	uint32_t a = arg(&t), n = arg(&t);
	uint32_t x = tid(&t, 0, TC_LOP_TID_X);
	uint32_t start = arith(&t, 0, TC_LOP_ADD, 0, a, x, 0);
	edge(&t, 0, 1);
	uint32_t i = phi(&t, 1, start, 0, start, 0);
	t.nuse--;
	uint32_t d = arith(&t, 1, TC_LOP_SUB, 0, i, x, 0);
	uint32_t test = arith(&t, 1, TC_LOP_SLT, 0, d, n, 0);
	branch(&t, 1, test, 2, 4);
	uint32_t brk = arith(&t, 2, TC_LOP_EQ, 0, i, NONE, 7); /* i == 7: a thread's own */
	branch(&t, 2, brk, 4, 3);
	uint32_t next = arith(&t, 3, TC_LOP_ADD, 0, i, NONE, 1);
	late_use(&t, next, i, 3);
	edge(&t, 3, 1);
	uint32_t after = arith(&t, 4, TC_LOP_SUB, 0, i, x, 0);
	uint32_t last = arith(&t, 4, TC_LOP_SLT, 0, after, n, 0);
	branch(&t, 4, last, 5, EXIT);
	edge(&t, 5, EXIT);
	run(&t);
	UNIFORM(&t, 1);
	DIVERGENT(&t, 2);
	DIVERGENT(&t, 4);
	done(&t);
}

/* cooperative groups' thread_rank: (tid.z * ntid.y + tid.y) * ntid.x +
 * tid.x, zero-extended, against the global index ctaid.x * ntid.x +
 * zext(tid.x): the same term only where the block is a row. */
static void rank_loop(fn *t, bool row)
{
	fn_init(t, 3);
	t->size[0] = 128;
	t->size[1] = t->size[2] = row ? 1 : 0;
	uint32_t ny = arg(t), nx = arg(t), base = arg(t), n = arg(t);
	uint32_t z = tid(t, 0, TC_LOP_TID_Z), y = tid(t, 0, TC_LOP_TID_Y);
	uint32_t x = tid(t, 0, TC_LOP_TID_X);
	if (row) /* what the driver does with the block's size */
		t->kind[z] = t->kind[y] = TC_UA_PURE | TC_UA_UNIFORM;
	uint32_t zy = arith(t, 0, TC_LOP_MUL, 0, z, ny, 0);
	uint32_t r1 = arith(t, 0, TC_LOP_ADD, 0, zy, y, 0);
	uint32_t r2 = arith(t, 0, TC_LOP_MUL, 0, r1, nx, 0);
	uint32_t rank = arith(t, 0, TC_LOP_ADD, 0, r2, x, 0);
	uint32_t rank64 = arith(t, 0, TC_LOP_COPY, 0, rank, NONE, 0);
	t->op[rank64].flags = 0; /* a widening copy */
	uint32_t x64 = arith(t, 0, TC_LOP_COPY, 0, x, NONE, 0);
	t->op[x64].flags = 0;
	uint32_t idx = arith(t, 0, TC_LOP_ADD, 0, base, x64, 0);
	uint32_t d = arith(t, 0, TC_LOP_SUB, 0, idx, rank64, 0);
	uint32_t test = arith(t, 0, TC_LOP_SLT, 0, d, n, 0);
	branch(t, 0, test, 1, 2);
	edge(t, 1, 2);
	edge(t, 2, EXIT);
	run(t);
}

static void test_thread_rank(void **state)
{
	(void)state;
	fn t;
	rank_loop(&t, true);
	UNIFORM(&t, 0);
	done(&t);
	rank_loop(&t, false);
	DIVERGENT(&t, 0);
	done(&t);
}

/* Two reads are two terms: p = phi(a + pre, p + 1) carries the read
 * before the loop (pre = load(tid)), v is read again in the loop, and
 * p - v does not cancel; p - pre does. */
static void read_in_loop(fn *t, uint32_t where)
{
	fn_init(t, 4);
	uint32_t a = arg(t), n = arg(t);
	uint32_t x = tid(t, 0, TC_LOP_TID_X);
	uint32_t pre = arith(t, 0, TC_LOP_OTHER, 0, x, NONE, 0); /* a load at x */
	edge(t, 0, 1);
	uint32_t start = arith(t, 0, TC_LOP_ADD, 0, a, pre, 0);
	uint32_t p = phi(t, 1, start, 0, start, 0);
	t->nuse--;
	uint32_t v = where == 1 ? arith(t, 1, TC_LOP_OTHER, 0, x, NONE, 0) : pre;
	uint32_t d = arith(t, 1, TC_LOP_SUB, 0, p, v, 0);
	uint32_t test = arith(t, 1, TC_LOP_SLT, 0, d, n, 0);
	branch(t, 1, test, 2, 3);
	uint32_t next = arith(t, 2, TC_LOP_ADD, 0, p, NONE, 1);
	late_use(t, next, p, 2);
	edge(t, 2, 1);
	edge(t, 3, EXIT);
	run(t);
}

static void test_term_in_loop(void **state)
{
	(void)state;
	fn t;
	read_in_loop(&t, 1);
	DIVERGENT(&t, 1);
	done(&t);
	read_in_loop(&t, 0);
	UNIFORM(&t, 1);
	done(&t);
}

/* With extra (NULL: none): the description affine.c makes, and the
 * uniformity analysis run on it. */
static void run_extra(fn *t, const tc_affine_extra *extra)
{
	const tc_ua_func *f = fn_describe(t);
	assert_int_equal(tc__affine(&t->aff, f, t->op, NULL, NULL, 0, t->size, extra, &t->al), TC_OK);
	assert_int_equal(tc__uniformity(&t->u, t->aff ? tc__affine_func(t->aff) : f, &t->al),
			 TC_OK);
}

/* A word that packs a field the same in every thread (the low byte: a kind)
 * beside the thread's index (tid << 8): the field read back by a mask, a
 * shift and a mask, or a truncation is uniform; the index read back, a
 * byte that holds part of it, and the low byte of the word plus the
 * thread's index are not; nor is the low byte of a phi of two such words
 * at the join of a divergent branch. Block 0 tests each in turn. */
static void test_bits(void **state)
{
	(void)state;
	static const struct {
		int how;
		bool divergent;
	} cases[] = {{0, false}, {1, false}, {2, false}, {3, false}, {4, true},
		     {5, true},  {6, true},  {7, false}, {8, true}};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		fn t;
		fn_init(&t, cases[i].how == 8 ? 5 : 3);
		uint32_t kind = arg(&t), other = arg(&t);
		uint32_t x = tid(&t, 0, TC_LOP_TID_X);
		uint32_t lo = arith(&t, 0, TC_LOP_AND, 0, kind, NONE, 255);
		uint32_t hi = arith(&t, 0, TC_LOP_SHL, TC_LOP_NSW, x, NONE, 8);
		uint32_t w = arith(&t, 0, TC_LOP_OR, 0, lo, hi, 0);
		uint32_t test = NONE;
		switch (cases[i].how) {
		case 0: /* w & 255 == 1 */
			test = arith(&t, 0, TC_LOP_AND, 0, w, NONE, 255);
			break;
		case 1: /* (w >> 1) & 127 */
			test = arith(&t, 0, TC_LOP_LSHR, 0, w, NONE, 1);
			test = arith(&t, 0, TC_LOP_AND, 0, test, NONE, 127);
			break;
		case 2: /* (char)w */
			test = copy(&t, 0, w, 8);
			t.op[test].flags |= TC_LOP_TRUNC;
			break;
		case 3: /* (w + 3) % 4: the low bits of a sum */
			test = arith(&t, 0, TC_LOP_ADD, 0, w, NONE, 3);
			test = arith(&t, 0, TC_LOP_UREM, 0, test, NONE, 4);
			break;
		case 4: /* w >> 8 */
			test = arith(&t, 0, TC_LOP_LSHR, 0, w, NONE, 8);
			break;
		case 5: /* w & 0x100 */
			test = arith(&t, 0, TC_LOP_AND, 0, w, NONE, 0x100);
			break;
		case 6: /* (w + tid) & 255 */
			test = arith(&t, 0, TC_LOP_ADD, 0, w, x, 0);
			test = arith(&t, 0, TC_LOP_AND, 0, test, NONE, 255);
			break;
		case 7: /* (w | other) & 255, other the same in every thread */
			test = arith(&t, 0, TC_LOP_OR, 0, w, other, 0);
			test = arith(&t, 0, TC_LOP_AND, 0, test, NONE, 255);
			break;
		default: { /* phi(w, w ^ 1) & 255 at the join of tid < 4 */
			uint32_t c = arith(&t, 0, TC_LOP_ULT, 0, x, NONE, 4);
			branch(&t, 0, c, 1, 2);
			uint32_t w1 = arith(&t, 1, TC_LOP_XOR, 0, w, NONE, 1);
			edge(&t, 1, 2);
			uint32_t m = phi(&t, 2, w, 0, w1, 1);
			test = arith(&t, 2, TC_LOP_AND, 0, m, NONE, 255);
			branch(&t, 2, test, 3, 4);
			edge(&t, 3, EXIT);
			edge(&t, 4, EXIT);
			break;
		}
		}
		uint32_t at = cases[i].how == 8 ? 2 : 0;
		if (cases[i].how != 8) {
			branch(&t, 0, test, 1, 2);
			edge(&t, 1, 2);
			edge(&t, 2, EXIT);
		}
		run(&t);
		if (cases[i].divergent)
			DIVERGENT(&t, at);
		else
			UNIFORM(&t, at);
		done(&t);
	}
}

/* A parameter of which a calling context says only some bits differ
 * (tc_affine_extra.src_bits): the bits it does not name are uniform. And
 * the uniform part of what a call passes (a root): a word whose high half
 * is the thread's index (a part stored at byte 4, TC_LOP_PART), whose
 * bits are said; a part past the first 8 bytes leaves them as they were,
 * and the value, wide, is never uniform on their account (only its low
 * half, read on its own, is). */
static void test_bits_across(void **state)
{
	(void)state;
	fn t;
	for (int masked = 0; masked < 2; masked++) {
		fn_init(&t, 3);
		uint32_t p = source(&t, 0, TC_LOP_OTHER); /* bits 8 .. 31 differ */
		uint32_t sh = arith(&t, 0, TC_LOP_LSHR, 0, p, NONE, 1);
		uint32_t k = arith(&t, 0, TC_LOP_AND, 0, sh, NONE, masked ? 127 : 255);
		branch(&t, 0, k, 1, 2);
		edge(&t, 1, 2);
		edge(&t, 2, EXIT);
		uint64_t bits[FN_VALUES] = {0};
		bits[p] = 0xffffff00u;
		tc_affine_extra ex = {bits, NULL, NULL, 0};
		run_extra(&t, &ex);
		if (masked)
			UNIFORM(&t, 0);
		else
			DIVERGENT(&t, 0); /* bit 8 comes down to bit 7 */
		done(&t);
	}
	for (int past = 0; past < 2; past++) {
		fn_init(&t, 2);
		uint32_t kind = arg(&t);
		uint32_t x = tid(&t, 0, TC_LOP_TID_X);
		uint32_t w = value(&t, 0, TC_UA_PURE, TC_LOP_OTHER);
		t.op[w] = (tc_lane_op){TC_LOP_OTHER, TC_LOP_PART, 64, {kind, x}, NONE,
				       {past ? 8 : 4, 4}};
		use(&t, kind, w, 0);
		use(&t, x, w, 0);
		uint32_t lo = copy(&t, 0, w, 32);
		t.op[lo].flags |= TC_LOP_TRUNC;
		branch(&t, 0, lo, 1, EXIT);
		edge(&t, 1, EXIT);
		tc_affine_extra ex = {NULL, NULL, &w, 1};
		run_extra(&t, &ex);
		UNIFORM(&t, 0); /* the low half: kind's */
		uint64_t d;
		uint32_t s = tc__affine_part(t.aff, w, &d);
		assert_int_not_equal(s, NONE);
		assert_false(tc__uniformity_value(t.u, s));
		assert_true(tc__uniformity_value(t.u, w));
		/* bits 32 .. 63 differ: the index, or past 8 bytes, what kind's
		 * 32 bits leave unsaid */
		assert_true(d == UINT64_C(0xffffffff00000000));
		done(&t);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_counted_loops), cmocka_unit_test(test_difference),
		cmocka_unit_test(test_divergent_join), cmocka_unit_test(test_divergent_exit),
		cmocka_unit_test(test_thread_rank),    cmocka_unit_test(test_term_in_loop),
		cmocka_unit_test(test_bits),           cmocka_unit_test(test_bits_across),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
