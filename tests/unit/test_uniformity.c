/*
 * test_uniformity.c - the uniformity analysis (src/analysis/uniformity.h)
 * on functions described by hand, with no front end: what a PTX or SPIR-V
 * reader must fill, and what it gets back. Data dependence; phis at the
 * joins of a divergent branch (and not after a join); temporal divergence
 * at a divergent loop exit, which spares the loop's counter inside the loop
 * and values that are the same in every iteration; branches sharing a
 * cycle's region; irreducible cycles entered through uniform and through
 * divergent branches; the replay record once a branch is effectively
 * uniform.
 */
#include "fn.h"

#define EXIT UNIT_EXIT

/* a value of block b computed from up to two operands (TC_NONE: none) */
static uint32_t val(fn *t, uint32_t b, uint8_t kind, uint32_t x, uint32_t y)
{
	uint32_t v = value(t, b, kind, TC_LOP_OTHER);
	if (x != TC_NONE)
		use(t, x, v, b);
	if (y != TC_NONE)
		use(t, y, v, b);
	return v;
}

static uint32_t pure(fn *t, uint32_t b, uint32_t x, uint32_t y)
{
	return val(t, b, TC_UA_PURE, x, y);
}

static uint32_t thread_id(fn *t, uint32_t b)
{
	return val(t, b, TC_UA_SOURCE | TC_UA_NAMED, TC_NONE, TC_NONE);
}

static tc_uniformity *run(fn *t)
{
	tc_uniformity *u = NULL;
	assert_int_equal(tc__uniformity(&u, fn_describe(t), &t->al), TC_OK);
	return u;
}

#define DIVERGENT(u, v) assert_true(tc__uniformity_value((u), (v)))
#define UNIFORM(u, v) assert_false(tc__uniformity_value((u), (v)))

/* Divergence flows along operands from the sources, not into a collective,
 * and the nearest named source is found. */
static void test_data_dependence(void **state)
{
	(void)state;
	fn t;
	fn_init(&t, 3);
	uint32_t n = arg(&t);
	uint32_t tid = thread_id(&t, 0);
	uint32_t x = pure(&t, 0, tid, n);
	uint32_t c = pure(&t, 0, x, TC_NONE);
	uint32_t y = pure(&t, 0, n, n);
	uint32_t any = val(&t, 0, TC_UA_UNIFORM, c, TC_NONE); /* work_group_any(c) */
	uint32_t d = pure(&t, 0, any, y);
	uint32_t ld = val(&t, 0, TC_UA_SOURCE, y, TC_NONE); /* a load from the stack */
	uint32_t e = pure(&t, 0, ld, TC_NONE);
	branch(&t, 0, d, 1, 2);
	edge(&t, 1, EXIT);
	edge(&t, 2, EXIT);
	tc_uniformity *u = run(&t);
	UNIFORM(u, n);
	DIVERGENT(u, tid);
	DIVERGENT(u, x);
	DIVERGENT(u, c);
	UNIFORM(u, y);
	UNIFORM(u, any);
	UNIFORM(u, d);
	DIVERGENT(u, e);
	assert_false(tc__uniformity_branch(u, 0));
	int rc;
	assert_int_equal(tc__uniformity_source(u, c, &rc), tid);
	assert_int_equal(rc, TC_OK);
	assert_int_equal(tc__uniformity_source(u, e, &rc), TC_NONE); /* not named */
	assert_int_equal(tc__uniformity_source(u, y, &rc), TC_NONE); /* uniform */
	tc__uniformity_free(u);
}

/*
 * 0 branches on c to 1 and 2; 1 and 2 join at 3, which a uniform branch
 * splits into 4 and 5, joined at 6 (reached only through the join at 3, so
 * no join of 0's); 2 also goes to 7 directly, which joins 6 and 2, so
 * ipdom(0) = 7.
 */
static void diamond(fn *t, bool divergent, uint32_t *p3, uint32_t *p6, uint32_t *p7)
{
	fn_init(t, 8);
	uint32_t n = arg(t);
	uint32_t c = divergent ? pure(t, 0, thread_id(t, 0), TC_NONE) : pure(t, 0, n, TC_NONE);
	branch(t, 0, c, 1, 2);
	edge(t, 1, 3);
	branch(t, 2, pure(t, 2, n, TC_NONE), 3, 7);
	*p3 = phi(t, 3, TC_NONE, 1, TC_NONE, 2); /* 1 from 1, 2 from 2 */
	branch(t, 3, pure(t, 3, n, n), 4, 5);
	edge(t, 4, 6);
	edge(t, 5, 6);
	*p6 = phi(t, 6, TC_NONE, 4, TC_NONE, 5);
	edge(t, 6, 7);
	*p7 = phi(t, 7, TC_NONE, 6, TC_NONE, 2);
	edge(t, 7, EXIT);
}

static void test_joins(void **state)
{
	(void)state;
	fn t;
	uint32_t p3, p6, p7;
	diamond(&t, true, &p3, &p6, &p7);
	tc_uniformity *u = run(&t);
	assert_true(tc__uniformity_branch(u, 0));
	DIVERGENT(u, p3); /* a join of 0 */
	UNIFORM(u, p6);   /* after the join, on a uniform branch: not a join */
	DIVERGENT(u, p7); /* ipdom(0), reached from 1 and 2 */
	assert_false(tc__uniformity_branch(u, 3));
	tc__uniformity_free(u);

	diamond(&t, false, &p3, &p6, &p7);
	u = run(&t);
	assert_false(tc__uniformity_branch(u, 0));
	UNIFORM(u, p3);
	UNIFORM(u, p6);
	UNIFORM(u, p7);
	tc__uniformity_free(u);
}

/*
 * for (i = 0; i < n; i++) { if (tid == i) break; k = n * 4; s = *p; }
 * use(i), use(k), use(s) after the loop:
 *   0 -> 1 (header: i, branch on i < n to 2 or 4), 2 (branch on tid == i:
 *   break to 4, or on to 3), 3 (latch: i + 1, back to 1), 4 (after).
 */
static void test_temporal_divergence(void **state)
{
	(void)state;
	fn t;
	fn_init(&t, 5);
	uint32_t n = arg(&t), p = arg(&t);
	uint32_t tid = thread_id(&t, 0);
	edge(&t, 0, 1);
	uint32_t inext = TC_NONE;
	uint32_t i = t.nv++; /* the phi, its operands below */
	t.block[i] = 1;
	t.kind[i] = TC_UA_PHI;
	uint32_t ci = pure(&t, 1, i, n);
	branch(&t, 1, ci, 2, 4);
	uint32_t cb = pure(&t, 2, tid, i);
	uint32_t k = pure(&t, 2, n, TC_NONE);      /* the same in every iteration */
	uint32_t s = val(&t, 2, 0, p, TC_NONE);     /* a load: may change */
	uint32_t s2 = pure(&t, 2, s, TC_NONE);
	branch(&t, 2, cb, 4, 3);
	inext = pure(&t, 3, i, TC_NONE);
	use(&t, inext, i, 3);
	edge(&t, 3, 1);
	uint32_t after_i = pure(&t, 4, i, TC_NONE);
	uint32_t after_k = pure(&t, 4, k, TC_NONE);
	uint32_t after_s = pure(&t, 4, s2, TC_NONE);
	edge(&t, 4, EXIT);
	tc_uniformity *u = run(&t);
	assert_true(tc__uniformity_branch(u, 2));  /* the break */
	assert_false(tc__uniformity_branch(u, 1)); /* the loop test: the header is no join */
	UNIFORM(u, i);
	UNIFORM(u, ci);
	DIVERGENT(u, after_i); /* threads left in different iterations */
	UNIFORM(u, k);
	UNIFORM(u, after_k); /* k is the same in every iteration */
	UNIFORM(u, s);
	DIVERGENT(u, after_s);
	tc__uniformity_free(u);
}

/*
 * A loop with two divergent breaks (one region for both: a group), and a
 * divergent if whose arm holds the second break: the loop counter stays
 * uniform in the loop, the phi after it is divergent.
 *   0 -> 1 (header, i; i < n: 2 or 7), 2 (tid < i: break to 6, or 3),
 *   3 (tid > 2: 4 or 5), 4 (tid == i: break to 6, or 5), 5 (latch, back),
 *   6 (phi of the breaks), 7 (phi of 6 and the header's exit).
 */
static void test_shared_cycle(void **state)
{
	(void)state;
	fn t;
	fn_init(&t, 8);
	uint32_t n = arg(&t);
	uint32_t tid = thread_id(&t, 0);
	edge(&t, 0, 1);
	uint32_t i = t.nv++;
	t.block[i] = 1;
	t.kind[i] = TC_UA_PHI;
	branch(&t, 1, pure(&t, 1, i, n), 2, 7);
	branch(&t, 2, pure(&t, 2, tid, i), 6, 3);
	branch(&t, 3, pure(&t, 3, tid, TC_NONE), 4, 5);
	branch(&t, 4, pure(&t, 4, tid, i), 6, 5);
	uint32_t inext = pure(&t, 5, i, TC_NONE);
	use(&t, inext, i, 5);
	edge(&t, 5, 1);
	uint32_t p6 = phi(&t, 6, TC_NONE, 2, TC_NONE, 4);
	edge(&t, 6, 7);
	uint32_t p7 = phi(&t, 7, TC_NONE, 1, TC_NONE, 6);
	edge(&t, 7, EXIT);
	tc_uniformity *u = run(&t);
	assert_true(tc__uniformity_branch(u, 2));
	assert_true(tc__uniformity_branch(u, 3));
	assert_true(tc__uniformity_branch(u, 4));
	assert_false(tc__uniformity_branch(u, 1));
	UNIFORM(u, i);
	UNIFORM(u, inext);
	DIVERGENT(u, p6);
	DIVERGENT(u, p7);
	tc__uniformity_free(u);
}

/* A cycle entered at a (1) or b (2) by the branch of 0, on a uniform or a
 * thread-dependent condition. */
static void irreducible(fn *t, bool divergent, uint32_t *pa, uint32_t *pb)
{
	fn_init(t, 4);
	uint32_t n = arg(t);
	uint32_t c = divergent ? pure(t, 0, thread_id(t, 0), TC_NONE) : pure(t, 0, n, TC_NONE);
	branch(t, 0, c, 1, 2);
	*pa = t->nv++;
	*pb = t->nv++;
	t->block[*pa] = 1;
	t->block[*pb] = 2;
	t->kind[*pa] = t->kind[*pb] = TC_UA_PHI;
	uint32_t na = pure(t, 1, *pa, TC_NONE), nb = pure(t, 2, *pb, TC_NONE);
	use(t, nb, *pa, 2);
	use(t, na, *pb, 1);
	branch(t, 1, pure(t, 1, na, n), 2, 3);
	branch(t, 2, pure(t, 2, nb, n), 1, 3);
	edge(t, 3, EXIT);
}

static void test_irreducible(void **state)
{
	(void)state;
	fn t;
	uint32_t pa, pb;
	irreducible(&t, false, &pa, &pb);
	tc_uniformity *u = run(&t);
	UNIFORM(u, pa);
	UNIFORM(u, pb);
	assert_false(tc__uniformity_branch(u, 1));
	assert_false(tc__uniformity_branch(u, 2));
	tc__uniformity_free(u);

	irreducible(&t, true, &pa, &pb);
	u = run(&t);
	DIVERGENT(u, pa);
	DIVERGENT(u, pb);
	assert_true(tc__uniformity_branch(u, 1));
	assert_true(tc__uniformity_branch(u, 2));
	tc__uniformity_free(u);
}

/* Vertices reachable from the seeds without passing a blocked vertex (the
 * replay uniformity.h describes, as tc_module_solve runs it). */
static void replay(const tc_uniformity_deps *d, const uint8_t *blocked, uint8_t *reached)
{
	uint32_t stack[4 * FN_VALUES], top = 0;
	memset(reached, 0, d->nvalues);
	for (uint32_t k = 0; k < d->nseed; k++)
		if (!reached[d->seed[k]]) {
			reached[d->seed[k]] = 1;
			stack[top++] = d->seed[k];
		}
	while (top > 0) {
		uint32_t v = stack[--top];
		if (blocked[v])
			continue;
		for (uint32_t a = d->off[v]; a < d->off[v + 1]; a++)
			if (!reached[d->arc[a]]) {
				reached[d->arc[a]] = 1;
				stack[top++] = d->arc[a];
			}
	}
}

/*
 * A divergent branch that reaches no exit (ipdom none): 0 branches on tid
 * to 1 or 2, both go to 3, the header of a loop 3 -> 4 -> 3 that never
 * ends. The phi at 3 is a join of 0's ways; the loop is walked without a
 * stop (found by fuzz_ptx: the walk read the loop of a block that is not
 * there).
 */
static void test_no_exit(void **state)
{
	(void)state;
	fn t;
	fn_init(&t, 5);
	uint32_t tid = thread_id(&t, 0);
	uint32_t c = pure(&t, 0, tid, TC_NONE);
	branch(&t, 0, c, 1, 2);
	uint32_t x1 = pure(&t, 1, TC_NONE, TC_NONE);
	edge(&t, 1, 3);
	uint32_t x2 = pure(&t, 2, TC_NONE, TC_NONE);
	edge(&t, 2, 3);
	uint32_t p = phi(&t, 3, x1, 1, x2, 2);
	edge(&t, 3, 4);
	uint32_t q = pure(&t, 4, p, TC_NONE);
	edge(&t, 4, 3);
	tc_uniformity *u = run(&t);
	assert_true(tc__uniformity_branch(u, 0));
	DIVERGENT(u, p);
	DIVERGENT(u, q);
	UNIFORM(u, x1);
	tc__uniformity_free(u);
}

/*
 * 0 branches on the thread id to 1 and 2, which join at 3; 3 branches on
 * the phi there. Once 0 is effectively uniform (every thread takes the same
 * edge), the phi is uniform and so is 3's branch.
 */
static void test_replay(void **state)
{
	(void)state;
	fn t;
	fn_init(&t, 6);
	uint32_t tid = thread_id(&t, 0);
	branch(&t, 0, pure(&t, 0, tid, TC_NONE), 1, 2);
	edge(&t, 1, 3);
	edge(&t, 2, 3);
	uint32_t p = phi(&t, 3, TC_NONE, 1, TC_NONE, 2);
	branch(&t, 3, pure(&t, 3, p, TC_NONE), 4, 5);
	edge(&t, 4, EXIT);
	edge(&t, 5, EXIT);
	tc_uniformity *u = run(&t);
	assert_true(tc__uniformity_branch(u, 0));
	assert_true(tc__uniformity_branch(u, 3));
	assert_true(tc__uniformity_soft(u)); /* 3 is divergent only through 0 */
	uint32_t blocks[2] = {0, 3}, nodes[2] = {10, 13};
	tc_uniformity_deps *d;
	assert_int_equal(tc__uniformity_record(u, blocks, nodes, 2, &t.al, &d), TC_OK);
	assert_int_equal(d->nbranch, 2);
	assert_int_equal(d->node[0], 10);
	assert_int_equal(d->node[1], 13);
	assert_true(d->nvalues >= t.nv + t.nb);
	uint8_t blocked[4 * FN_VALUES] = {0}, reached[4 * FN_VALUES];
	replay(d, blocked, reached);
	assert_true(reached[d->term[0]]);
	assert_true(reached[d->term[1]]);
	assert_true(reached[p]);
	blocked[d->term[0]] = 1; /* 0 is effectively uniform */
	replay(d, blocked, reached);
	assert_true(reached[d->term[0]]); /* its condition still varies */
	assert_false(reached[p]);
	assert_false(reached[d->term[1]]);
	tc__uniformity_deps_free(&t.al, d);
	tc__uniformity_free(u);

	/* without a branch divergent only through another, no value graph */
	fn_init(&t, 3);
	branch(&t, 0, pure(&t, 0, thread_id(&t, 0), TC_NONE), 1, 2);
	edge(&t, 1, EXIT);
	edge(&t, 2, EXIT);
	u = run(&t);
	assert_false(tc__uniformity_soft(u));
	assert_int_equal(tc__uniformity_record(u, blocks, nodes, 1, &t.al, &d), TC_OK);
	assert_int_equal(d->nbranch, 1);
	assert_int_equal(d->nvalues, 0);
	tc__uniformity_deps_free(&t.al, d);
	tc__uniformity_free(u);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_data_dependence),
		cmocka_unit_test(test_joins),
		cmocka_unit_test(test_temporal_divergence),
		cmocka_unit_test(test_shared_cycle),
		cmocka_unit_test(test_irreducible),
		cmocka_unit_test(test_replay),
		cmocka_unit_test(test_no_exit),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
