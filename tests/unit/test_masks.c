/*
 * test_masks.c - a warp collective's member mask that the branches on the
 * way make the same in the lanes that execute it (src/analysis/masks.h),
 * on functions described by hand: binary_partition's sides under the
 * branch on the predicate and its negation, through a phi of the
 * whole-warp case, and what is not proven: the mask where the branch does
 * not decide the predicate or where both sides meet again, a phi whose way
 * in a lane's own value chooses, a ballot made in a loop that the
 * collective is not in.
 */
#include "fn.h"

#define EXIT UNIT_EXIT

static void run(fn *t)
{
	run_geom(t, 32, 0, 0, 0);
}

static void done(fn *t)
{
	tc__masks_free(t->m);
	tc__lanes_free(t->l);
}


/* the warp's view, then the masks' judgement */
static void judge(fn *t)
{
	run(t);
	tc__masks_free(t->m);
	t->m = NULL;
	assert_int_equal(tc__masks_new(&t->m, &t->f, t->op, t->way, tc__lanes_uniformity(t->l),
				       NULL, &t->al),
			 TC_OK);
}

#define WDIV(t, v) assert_true(tc__uniformity_value(tc__lanes_uniformity((t)->l), (v)))
#define AGREE(t, v, b) assert_true(tc__masks_agree((t)->m, (v), (b)))
#define DIFFER(t, v, b) assert_false(tc__masks_agree((t)->m, (v), (b)))

/* a ballot result: the same in the warp whatever its operands */
static uint32_t ballot(fn *t, uint32_t b, uint32_t pred)
{
	uint32_t v = value(t, b, TC_UA_SOURCE | TC_UA_NAMED, TC_LOP_WARP);
	use(t, pred, v, b);
	return v;
}

static uint32_t select_(fn *t, uint32_t b, uint32_t c, long long x, long long y)
{
	uint32_t v = bin(t, b, TC_LOP_SELECT, x, y);
	t->op[v].cond = c;
	use(t, c, v, b);
	return v;
}

/*
 * 0: x = in[tid]; c = x > 0; s = ballot(c); m = s ^ (c ? 0 : -1);
 *    branch c -> 1, 2
 * 1: collective(m)   (c holds)     2: collective(m)   (c does not)
 * both -> 3: collective(m)  (every lane again)
 */
static void test_sides(void **state)
{
	(void)state;
	fn t;
	fn_init(&t, 4);
	uint32_t x = source(&t, 0, TC_LOP_OTHER);
	uint32_t c = bin(&t, 0, TC_LOP_SGT, x, K(0));
	t.op[c].bits = 1;
	uint32_t s = ballot(&t, 0, c);
	uint32_t sel = select_(&t, 0, c, K(0), K(-1));
	uint32_t m = bin(&t, 0, TC_LOP_XOR, s, sel);
	branch(&t, 0, c, 1, 2);
	t.way[0] = TC_WAY_FIRST;
	edge(&t, 1, 3);
	edge(&t, 2, 3);
	edge(&t, 3, EXIT);
	judge(&t);
	WDIV(&t, m);
	AGREE(&t, m, 1);
	AGREE(&t, m, 2);
	DIFFER(&t, m, 0);
	DIFFER(&t, m, 3);
	/* the branch's sense unknown: nothing is known on either side */
	t.way[0] = TC_WAY_UNKNOWN;
	judge(&t);
	DIFFER(&t, m, 1);
	/* the other way round (@!%p bra): still a function of s on each side */
	t.way[0] = TC_WAY_SECOND;
	judge(&t);
	AGREE(&t, m, 1);
	AGREE(&t, m, 2);
	done(&t);
}

/*
 * The side tested as the opposite comparison of the same operands
 * (x < 1 for the else of x > 0), and under a branch on another value.
 * 0: c = x > 0; s = ballot(c); m = s ^ (c ? 0 : -1); d = x < 1;
 *    e = x > 5; branch d -> 2, 1
 * 1: branch e -> 3, 4     2: -> 4     3: collective(m)   4: -> exit
 */
static void test_tests(void **state)
{
	(void)state;
	fn t;
	fn_init(&t, 5);
	uint32_t x = source(&t, 0, TC_LOP_OTHER);
	uint32_t c = bin(&t, 0, TC_LOP_SGT, x, K(0));
	t.op[c].bits = 1;
	uint32_t s = ballot(&t, 0, c);
	uint32_t sel = select_(&t, 0, c, K(0), K(-1));
	uint32_t m = bin(&t, 0, TC_LOP_XOR, s, sel);
	uint32_t d = bin(&t, 0, TC_LOP_SLT, x, K(1));
	uint32_t e = bin(&t, 0, TC_LOP_SGT, x, K(5));
	branch(&t, 0, d, 2, 1);
	t.way[0] = TC_WAY_FIRST;
	branch(&t, 1, e, 3, 4);
	t.way[1] = TC_WAY_FIRST;
	edge(&t, 2, 4);
	edge(&t, 3, 4);
	edge(&t, 4, EXIT);
	judge(&t);
	AGREE(&t, m, 1); /* !(x < 1): x > 0 */
	AGREE(&t, m, 3);
	AGREE(&t, m, 2); /* x < 1: not x > 0 */
	done(&t);
	/* x > 5 alone says nothing of x > 0 to the comparisons matched */
	fn_init(&t, 3);
	x = source(&t, 0, TC_LOP_OTHER);
	c = bin(&t, 0, TC_LOP_SGT, x, K(0));
	t.op[c].bits = 1;
	s = ballot(&t, 0, c);
	sel = select_(&t, 0, c, K(0), K(-1));
	m = bin(&t, 0, TC_LOP_XOR, s, sel);
	e = bin(&t, 0, TC_LOP_SGT, x, K(5));
	branch(&t, 0, e, 1, 2);
	t.way[0] = TC_WAY_FIRST;
	edge(&t, 1, 2);
	edge(&t, 2, EXIT);
	judge(&t);
	DIFFER(&t, m, 1); /* x > 5 is another test */
	done(&t);
}

/*
 * nvcc's phi of the whole-warp case:
 * 0: c = x > 0; s = ballot(c); w = s + 1 <u 2; one = -1; branch w -> 2, 1
 * 1: sel = c ? 0 : -1; r = s ^ sel; -> 2
 * 2: m = phi(one from 0, r from 1); branch c -> 3, 4
 * 3: collective(m); -> 4   4: -> exit
 */
static void test_phi(void **state)
{
	(void)state;
	fn t;
	fn_init(&t, 5);
	uint32_t x = source(&t, 0, TC_LOP_OTHER);
	uint32_t c = bin(&t, 0, TC_LOP_SGT, x, K(0));
	t.op[c].bits = 1;
	uint32_t s = ballot(&t, 0, c);
	uint32_t s1 = bin(&t, 0, TC_LOP_ADD, s, K(1));
	uint32_t w = bin(&t, 0, TC_LOP_ULT, s1, K(2));
	t.op[w].bits = 1;
	uint32_t one = value(&t, 0, TC_UA_PURE, TC_LOP_COPY);
	t.op[one].flags = TC_LOP_K0;
	t.op[one].k[0] = -1;
	branch(&t, 0, w, 2, 1);
	t.way[0] = TC_WAY_FIRST;
	uint32_t sel = select_(&t, 1, c, K(0), K(-1));
	uint32_t r = bin(&t, 1, TC_LOP_XOR, s, sel);
	edge(&t, 1, 2);
	uint32_t m = phi(&t, 2, one, 0, r, 1);
	branch(&t, 2, c, 3, 4);
	t.way[2] = TC_WAY_FIRST;
	edge(&t, 3, 4);
	edge(&t, 4, EXIT);
	judge(&t);
	WDIV(&t, m);
	AGREE(&t, m, 3);
	DIFFER(&t, m, 4); /* both sides again */
	done(&t);

	/* the choice made by a branch on the lane's own value: the lanes at 3
	 * may have come in either way */
	fn_init(&t, 5);
	x = source(&t, 0, TC_LOP_OTHER);
	c = bin(&t, 0, TC_LOP_SGT, x, K(0));
	t.op[c].bits = 1;
	s = ballot(&t, 0, c);
	w = bin(&t, 0, TC_LOP_SGT, x, K(9));
	t.op[w].bits = 1;
	one = value(&t, 0, TC_UA_PURE, TC_LOP_COPY);
	t.op[one].flags = TC_LOP_K0;
	t.op[one].k[0] = -1;
	branch(&t, 0, w, 2, 1);
	t.way[0] = TC_WAY_FIRST;
	sel = select_(&t, 1, c, K(0), K(-1));
	r = bin(&t, 1, TC_LOP_XOR, s, sel);
	edge(&t, 1, 2);
	m = phi(&t, 2, one, 0, r, 1);
	branch(&t, 2, c, 3, 4);
	t.way[2] = TC_WAY_FIRST;
	edge(&t, 3, 4);
	edge(&t, 4, EXIT);
	judge(&t);
	DIFFER(&t, m, 3);
	done(&t);

}

/*
 * A ballot made in a loop that lanes leave in different rounds, used
 * after it on its predicate's side:
 * 0: -> 1    1: x = in[..]; c = x > 0; s = ballot(c); m = s ^ (c ? 0 : -1);
 *            branch c -> 3, 2
 * 2: branch (the lane's own) -> 1, 4     3: collective(m)   4: -> exit
 * and the same with the collective inside the loop (block 5 on the way
 * from 1 to 2 where c holds).
 */
static void test_loop(void **state)
{
	(void)state;
	fn t;
	fn_init(&t, 5);
	edge(&t, 0, 1);
	uint32_t x = source(&t, 1, TC_LOP_OTHER);
	uint32_t c = bin(&t, 1, TC_LOP_SGT, x, K(0));
	t.op[c].bits = 1;
	uint32_t s = ballot(&t, 1, c);
	uint32_t sel = select_(&t, 1, c, K(0), K(-1));
	uint32_t m = bin(&t, 1, TC_LOP_XOR, s, sel);
	branch(&t, 1, c, 3, 2);
	t.way[1] = TC_WAY_FIRST;
	uint32_t y = source(&t, 2, TC_LOP_OTHER);
	branch(&t, 2, y, 1, 4);
	edge(&t, 3, 4);
	edge(&t, 4, EXIT);
	judge(&t);
	DIFFER(&t, m, 3);
	done(&t);

	fn_init(&t, 5);
	edge(&t, 0, 1);
	x = source(&t, 1, TC_LOP_OTHER);
	c = bin(&t, 1, TC_LOP_SGT, x, K(0));
	t.op[c].bits = 1;
	s = ballot(&t, 1, c);
	sel = select_(&t, 1, c, K(0), K(-1));
	m = bin(&t, 1, TC_LOP_XOR, s, sel);
	branch(&t, 1, c, 3, 2);
	t.way[1] = TC_WAY_FIRST;
	edge(&t, 3, 2);
	y = source(&t, 2, TC_LOP_OTHER);
	branch(&t, 2, y, 1, 4);
	edge(&t, 4, EXIT);
	judge(&t);
	AGREE(&t, m, 3); /* in the loop, in the round the lane is in */
	done(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sides),
		cmocka_unit_test(test_tests),
		cmocka_unit_test(test_phi),
		cmocka_unit_test(test_loop),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
