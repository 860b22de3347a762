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
#include "analysis/lanes.h"
#include "analysis/masks.h"
#include "unit.h"

#include <string.h>

#define MAXB 16
#define MAXV 64
#define MAXU 256
#define EXIT UNIT_EXIT

typedef struct fn {
	uint32_t nb, nv, nuse;
	uint32_t nsucc[MAXB], succ[MAXB][4], cond[MAXB];
	uint32_t block[MAXV];
	uint8_t kind[MAXV];
	tc_lane_op op[MAXV];
	uint32_t use_v[MAXU], use_w[MAXU], use_b[MAXU];
	uint32_t succ_off[MAXB + 1], succ_flat[4 * MAXB];
	uint32_t use_off[MAXV + 1], user[MAXU], use_block[MAXU];
	tc_ua_func f;
	tc_alloc al;
	tc_lanes *l;
	tc_masks *m;
	uint8_t way[MAXB];
} fn;

/* a constant operand */
#define K(c) (0x100000000ll + (c))
#define IS_K(x) ((x) >= 0x80000000ll)

static void fn_init(fn *t, uint32_t nblocks)
{
	memset(t, 0, sizeof *t);
	t->nb = nblocks;
	for (uint32_t b = 0; b < MAXB; b++)
		t->cond[b] = TC_NONE;
	tc__alloc_init(&t->al, NULL);
}

static void edge(fn *t, uint32_t from, uint32_t to)
{
	t->succ[from][t->nsucc[from]++] = to;
}

static void branch(fn *t, uint32_t b, uint32_t c, uint32_t to1, uint32_t to2)
{
	t->cond[b] = c;
	edge(t, b, to1);
	edge(t, b, to2);
}

static void use(fn *t, uint32_t v, uint32_t w, uint32_t b)
{
	t->use_v[t->nuse] = v;
	t->use_w[t->nuse] = w;
	t->use_b[t->nuse++] = b;
}

static uint32_t value(fn *t, uint32_t b, uint8_t kind, uint8_t op)
{
	uint32_t v = t->nv++;
	t->block[v] = b;
	t->kind[v] = kind;
	t->op[v] = (tc_lane_op){op, 0, 32, {TC_NONE, TC_NONE}, {0, 0}, TC_NONE};
	return v;
}

static uint32_t source(fn *t, uint32_t b, uint8_t op)
{
	return value(t, b, TC_UA_SOURCE | TC_UA_NAMED, op);
}

/* op of x and y in block b; an operand is a value or K(constant) */
static uint32_t bin(fn *t, uint32_t b, uint8_t op, long long x, long long y)
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

static uint32_t phi(fn *t, uint32_t b, uint32_t x, uint32_t bx, uint32_t y, uint32_t by)
{
	uint32_t v = value(t, b, TC_UA_PHI, TC_LOP_PHI);
	use(t, x, v, bx);
	use(t, y, v, by);
	return v;
}

/* geometry: warp lanes, block size */
static void run_geom(fn *t, uint32_t warp, uint32_t x, uint32_t y, uint32_t z)
{
	unit_flat_succ(t->nb, t->nsucc, &t->succ[0][0], 4, t->succ_off, t->succ_flat);
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
	t->f = (tc_ua_func){t->nb, t->succ_off, t->succ_flat, t->cond, t->nv, t->block,
			    t->kind, t->use_off, t->user, t->use_block};
	tc_lane_geom g = {warp, {x, y, z}};
	tc__lanes_free(t->l);
	t->l = NULL;
	assert_int_equal(tc__lanes(&t->l, &t->f, t->op, &g, &t->al), TC_OK);
}

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
				       &t->al),
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
