/*
 * test_ssa.c - SSA construction (src/analysis/ssa.h) for functions written
 * with registers: a diamond and a loop by hand, a predicated write, and on
 * random functions against reaching definitions computed naively (what a
 * read sees, through the phis, is exactly the set of writes that reach it);
 * then the uniformity analysis on the result, where a register reused in a
 * loop is a uniform counter; and a front end's own SSA values and phis
 * beside a register; and a function declaring far more registers than it
 * names.
 */
#include "analysis/ssa.h"
#include "unit.h"

#include <string.h>

#define MAXB 10
#define MAXI 40
#define EXIT UNIT_EXIT

typedef struct rfn {
	uint32_t nb, ni, nr;
	uint32_t nsucc[MAXB], succ[MAXB][3], cond[MAXB];
	uint32_t block[MAXI], def[MAXI], nops[MAXI], ops[MAXI][3];
	uint8_t kind[MAXI];
	uint32_t succ_off[MAXB + 1], succ_flat[3 * MAXB], op_off[MAXI + 1], op_flat[3 * MAXI];
	uint32_t opblk[MAXI][3], opblk_flat[3 * MAXI]; /* a phi's incoming blocks */
	bool phis;
	tc_reg_func f;
	tc_alloc al;
} rfn;

static void rfn_init(rfn *t, uint32_t nb, uint32_t nr)
{
	memset(t, 0, sizeof *t);
	t->nb = nb;
	t->nr = nr;
	for (uint32_t b = 0; b < MAXB; b++)
		t->cond[b] = TC_NONE;
	tc__alloc_init(&t->al, NULL);
}

static void edge(rfn *t, uint32_t from, uint32_t to)
{
	t->succ[from][t->nsucc[from]++] = to;
}

/* an instruction of block b (blocks in order) writing d (TC_NONE: none)
 * and reading x and y (TC_NONE: nothing) */
static uint32_t inst(rfn *t, uint32_t b, uint8_t kind, uint32_t d, uint32_t x, uint32_t y)
{
	uint32_t i = t->ni++;
	t->block[i] = b;
	t->kind[i] = kind;
	t->def[i] = d;
	if (x != TC_NONE)
		t->ops[i][t->nops[i]++] = x;
	if (y != TC_NONE)
		t->ops[i][t->nops[i]++] = y;
	return i;
}

static tc_ssa *build(rfn *t)
{
	unit_flat_succ(t->nb, t->nsucc, &t->succ[0][0], 3, t->succ_off, t->succ_flat);
	uint32_t n = 0;
	for (uint32_t i = 0; i < t->ni; i++) {
		t->op_off[i] = n;
		for (uint32_t k = 0; k < t->nops[i]; k++) {
			t->opblk_flat[n] = t->opblk[i][k];
			t->op_flat[n++] = t->ops[i][k];
		}
	}
	t->op_off[t->ni] = n;
	t->f = (tc_reg_func){t->nb, t->succ_off, t->succ_flat, t->nr, t->ni, t->block,
			     t->kind, t->def, t->op_off, t->op_flat, t->cond,
			     t->phis ? t->opblk_flat : NULL, NULL};
	tc_ssa *s = NULL;
	assert_int_equal(tc__ssa(&s, &t->f, &t->al), TC_OK);
	return s;
}

/* The values user reads (uses whose user it is), into out; their count. */
static uint32_t read_by(const tc_ua_func *f, uint32_t user, uint32_t *out, uint32_t *blocks)
{
	uint32_t n = 0;
	for (uint32_t v = 0; v < f->nvalues; v++)
		for (uint32_t k = f->use_off[v]; k < f->use_off[v + 1]; k++)
			if (f->user[k] == user) {
				if (blocks)
					blocks[n] = f->use_block[k];
				out[n++] = v;
			}
	return n;
}

/* 0 -> 1, 2 -> 3: r0 written in 1 and in 2, read in 3 through a phi */
static void test_diamond(void **state)
{
	(void)state;
	rfn t;
	rfn_init(&t, 4, 1);
	edge(&t, 0, 1);
	edge(&t, 0, 2);
	uint32_t a = inst(&t, 1, TC_UA_PURE, 0, TC_NONE, TC_NONE);
	edge(&t, 1, 3);
	uint32_t b = inst(&t, 2, TC_UA_PURE, 0, TC_NONE, TC_NONE);
	edge(&t, 2, 3);
	uint32_t c = inst(&t, 3, TC_UA_PURE, TC_NONE, 0, TC_NONE);
	edge(&t, 3, EXIT);
	tc_ssa *s = build(&t);
	assert_int_equal(s->nphis, 1);
	uint32_t phi = t.ni;
	assert_int_equal(s->f.block[phi], 3);
	assert_true(s->f.kind[phi] & TC_UA_PHI);
	uint32_t got[4], blocks[4];
	assert_int_equal(read_by(&s->f, c, got, NULL), 1);
	assert_int_equal(got[0], phi);
	assert_int_equal(read_by(&s->f, phi, got, blocks), 2);
	assert_true((got[0] == a && blocks[0] == 1 && got[1] == b && blocks[1] == 2) ||
		    (got[0] == b && blocks[0] == 2 && got[1] == a && blocks[1] == 1));
	tc__ssa_free(s);
}

/*
 * r0 = 0; loop: r0 = r0 + 1; r1 = r0 < n; branch on r1 back or out; a
 * predicated write @r2 r0 = ... reads r2 and r0 (the old value).
 */
static void test_loop_and_predicate(void **state)
{
	(void)state;
	rfn t;
	rfn_init(&t, 3, 3);
	uint32_t init = inst(&t, 0, TC_UA_PURE, 0, TC_NONE, TC_NONE);
	uint32_t p = inst(&t, 0, TC_UA_PURE, 2, TC_NONE, TC_NONE);
	edge(&t, 0, 1);
	uint32_t inc = inst(&t, 1, TC_UA_PURE, 0, 0, TC_NONE);
	uint32_t cmp = inst(&t, 1, TC_UA_PURE, 1, 0, TC_NONE);
	t.cond[1] = 1;
	edge(&t, 1, 1);
	edge(&t, 1, 2);
	uint32_t pred_write = inst(&t, 2, TC_UA_PURE, 0, 2, 0);
	uint32_t last = inst(&t, 2, TC_UA_PURE, TC_NONE, 0, TC_NONE);
	edge(&t, 2, EXIT);
	tc_ssa *s = build(&t);
	assert_int_equal(s->nphis, 1); /* r0 at the loop header; none for r1, dead there */
	uint32_t phi0 = TC_NONE;
	for (uint32_t k = 0; k < s->nphis; k++)
		if (s->phi_reg[k] == 0)
			phi0 = t.ni + k;
	assert_int_not_equal(phi0, TC_NONE);
	uint32_t got[4], blocks[4];
	assert_int_equal(read_by(&s->f, inc, got, NULL), 1);
	assert_int_equal(got[0], phi0);
	assert_int_equal(read_by(&s->f, phi0, got, blocks), 2);
	for (uint32_t k = 0; k < 2; k++)
		assert_true((got[k] == init && blocks[k] == 0) || (got[k] == inc && blocks[k] == 1));
	assert_int_equal(s->cond_value[1], cmp);
	assert_int_equal(s->f.cond[1], cmp);
	/* the predicated write reads the predicate and the old r0 */
	uint32_t n = read_by(&s->f, pred_write, got, NULL);
	assert_int_equal(n, 2);
	assert_true((got[0] == p && got[1] == inc) || (got[0] == inc && got[1] == p));
	assert_int_equal(read_by(&s->f, last, got, NULL), 1);
	assert_int_equal(got[0], pred_write);
	tc__ssa_free(s);
}

/* The writes a value stands for: itself, or through phis their operands. */
static uint64_t writes_of(const tc_ua_func *f, uint32_t ni, uint32_t v, uint64_t seen)
{
	if (v < ni)
		return (uint64_t)1 << v;
	if (seen & ((uint64_t)1 << (v - ni + 32)))
		return 0;
	seen |= (uint64_t)1 << (v - ni + 32);
	uint32_t got[MAXB * 3 + 8];
	uint32_t n = read_by(f, v, got, NULL);
	uint64_t out = 0;
	for (uint32_t k = 0; k < n; k++)
		out |= writes_of(f, ni, got[k], seen);
	return out;
}

/* A random function of up to MAXB blocks and 30 instructions over up to
 * three registers, each instruction reading one (rich: also a second one,
 * and branch registers). */
static void random_rfn(rfn *t, uint64_t *seed, bool rich)
{
	rfn_init(t, 1 + unit_rand(seed, MAXB - 1), 1 + unit_rand(seed, 3));
	for (uint32_t b = 0; b < t->nb; b++) {
		uint32_t k = unit_rand(seed, 3);
		for (uint32_t j = 0; j < k; j++)
			edge(t, b, unit_rand(seed, 5) == 0 ? EXIT : unit_rand(seed, t->nb));
		if (rich && unit_rand(seed, 2))
			t->cond[b] = unit_rand(seed, t->nr);
		uint32_t m = unit_rand(seed, 4);
		for (uint32_t j = 0; j < m && t->ni < 30; j++) {
			uint32_t d = unit_rand(seed, 3) ? unit_rand(seed, t->nr) : TC_NONE;
			uint32_t x = unit_rand(seed, t->nr);
			uint32_t y = rich && unit_rand(seed, 2) ? unit_rand(seed, t->nr) : TC_NONE;
			inst(t, b, TC_UA_PURE, d, x, y);
		}
	}
}

static void test_random_against_reaching_definitions(void **state)
{
	(void)state;
	uint64_t seed = 0x5eed55a1ull;
	for (int round = 0; round < 1500; round++) {
		rfn t;
		random_rfn(&t, &seed, false);
		tc_ssa *s = build(&t);
		/* reaching definitions over the blocks the entry reaches */
		uint8_t reached[MAXB] = {0};
		uint32_t stack[MAXB], top = 0;
		reached[0] = 1;
		stack[top++] = 0;
		while (top > 0) {
			uint32_t b = stack[--top];
			for (uint32_t k = 0; k < t.nsucc[b]; k++) {
				uint32_t w = t.succ[b][k];
				if (w != EXIT && !reached[w]) {
					reached[w] = 1;
					stack[top++] = w;
				}
			}
		}
		uint64_t in[MAXB] = {0}, out[MAXB] = {0};
		for (bool changed = true; changed;) {
			changed = false;
			for (uint32_t b = 0; b < t.nb; b++) {
				if (!reached[b])
					continue;
				uint64_t x = in[b];
				for (uint32_t i = 0; i < t.ni; i++) {
					if (t.block[i] != b || t.def[i] == TC_NONE)
						continue;
					for (uint32_t j = 0; j < t.ni; j++)
						if (t.def[j] == t.def[i])
							x &= ~((uint64_t)1 << j);
					x |= (uint64_t)1 << i;
				}
				if (x != out[b]) {
					out[b] = x;
					changed = true;
				}
				for (uint32_t k = 0; k < t.nsucc[b]; k++) {
					uint32_t w = t.succ[b][k];
					if (w != EXIT && (in[w] | x) != in[w]) {
						in[w] |= x;
						changed = true;
					}
				}
			}
		}
		for (uint32_t i = 0; i < t.ni; i++) {
			uint32_t b = t.block[i], r = t.ops[i][0];
			uint64_t want = reached[b] ? in[b] : 0;
			for (uint32_t j = 0; j < i; j++) /* earlier writes in the block */
				if (t.block[j] == b && t.def[j] != TC_NONE) {
					for (uint32_t q = 0; q < t.ni; q++)
						if (t.def[q] == t.def[j])
							want &= ~((uint64_t)1 << q);
					want |= (uint64_t)1 << j;
				}
			for (uint32_t q = 0; q < t.ni; q++) /* writes of r only */
				if (t.def[q] != r)
					want &= ~((uint64_t)1 << q);
			uint32_t got[4], blocks[4];
			uint32_t n = read_by(&s->f, i, got, blocks);
			uint64_t have = n ? writes_of(&s->f, t.ni, got[0], 0) : 0;
			if (n > 1 || have != want)
				fail_msg("round %d: instruction %u (block %u) reads r%u: writes %llx, "
					 "want %llx",
					 round, i, b, r, (unsigned long long)have,
					 (unsigned long long)want);
			if (n)
				assert_int_equal(blocks[0], b);
		}
		/* a phi's operands come from its block's predecessors */
		for (uint32_t k = 0; k < s->nphis; k++) {
			uint32_t phi = t.ni + k, got[MAXB * 3], blocks[MAXB * 3];
			uint32_t n = read_by(&s->f, phi, got, blocks);
			for (uint32_t j = 0; j < n; j++) {
				bool is_pred = false;
				for (uint32_t q = 0; q < t.nsucc[blocks[j]]; q++)
					is_pred |= t.succ[blocks[j]][q] == s->f.block[phi];
				assert_true(is_pred);
			}
		}
		tc__ssa_free(s);
	}
}

/* A register id spread over a large declared range: 0 -> 100000, 1 -> 107919, ... */
static uint32_t spread(uint32_t r)
{
	return r == TC_NONE ? r : 100000 + r * 7919;
}

/*
 * A function declaring 2^26 registers and naming three of them gets the
 * same SSA form as the one declaring three (same values, same uses, its
 * phis naming the registers by their declared ids).
 */
static void test_sparse_registers(void **state)
{
	(void)state;
	uint64_t seed = 0x5ba55e;
	for (int round = 0; round < 300; round++) {
		rfn t;
		random_rfn(&t, &seed, true);
		rfn u = t;
		u.nr = 1u << 26;
		for (uint32_t b = 0; b < u.nb; b++)
			u.cond[b] = spread(u.cond[b]);
		for (uint32_t i = 0; i < u.ni; i++) {
			u.def[i] = spread(u.def[i]);
			for (uint32_t k = 0; k < u.nops[i]; k++)
				u.ops[i][k] = spread(u.ops[i][k]);
		}
		tc_ssa *s = build(&t), *z = build(&u);
		assert_int_equal(s->nphis, z->nphis);
		assert_int_equal(s->f.nvalues, z->f.nvalues);
		for (uint32_t v = 0; v <= s->f.nvalues; v++)
			assert_int_equal(s->f.use_off[v], z->f.use_off[v]);
		for (uint32_t k = 0; k < s->f.use_off[s->f.nvalues]; k++) {
			assert_int_equal(s->f.user[k], z->f.user[k]);
			assert_int_equal(s->f.use_block[k], z->f.use_block[k]);
		}
		for (uint32_t k = 0; k < s->nphis; k++)
			assert_int_equal(spread(s->phi_reg[k]), z->phi_reg[k]);
		for (uint32_t b = 0; b < t.nb; b++)
			assert_int_equal(s->cond_value[b], z->cond_value[b]);
		tc__ssa_free(s);
		tc__ssa_free(z);
	}
}

/*
 * for (i = 0; i < n; i++) { if (tid < i) x = 1; } with i and x registers
 * written again and again: after SSA, the counter is uniform and the
 * branch on the thread id is divergent.
 *   0: r0 = 0 (i), r3 = tid;  1: r1 = r0 < n, branch on r1 to 2 or 5;
 *   2: r2 = r3 < r0, branch on r2 to 3 or 4;  3: r4 = 1;  4: r0 = r0 + 1, to 1
 */
static void test_uniformity_of_registers(void **state)
{
	(void)state;
	rfn t;
	rfn_init(&t, 6, 5);
	inst(&t, 0, TC_UA_PURE, 0, TC_NONE, TC_NONE);
	inst(&t, 0, TC_UA_SOURCE | TC_UA_NAMED, 3, TC_NONE, TC_NONE);
	edge(&t, 0, 1);
	uint32_t c1 = inst(&t, 1, TC_UA_PURE, 1, 0, TC_NONE);
	t.cond[1] = 1;
	edge(&t, 1, 2);
	edge(&t, 1, 5);
	uint32_t c2 = inst(&t, 2, TC_UA_PURE, 2, 3, 0);
	t.cond[2] = 2;
	edge(&t, 2, 3);
	edge(&t, 2, 4);
	inst(&t, 3, TC_UA_PURE, 4, TC_NONE, TC_NONE);
	edge(&t, 3, 4);
	inst(&t, 4, TC_UA_PURE, 0, 0, TC_NONE);
	edge(&t, 4, 1);
	edge(&t, 5, EXIT);
	tc_ssa *s = build(&t);
	tc_uniformity *u = NULL;
	assert_int_equal(tc__uniformity(&u, &s->f, &t.al), TC_OK);
	assert_false(tc__uniformity_value(u, c1));
	assert_false(tc__uniformity_branch(u, 1));
	assert_true(tc__uniformity_value(u, c2));
	assert_true(tc__uniformity_branch(u, 2));
	tc__uniformity_free(u);
	tc__ssa_free(s);
}

/*
 * A front end's own SSA values (TC_SSA_VALUE) beside a register: 0 -> 1,
 * 2 -> 3. s (block 0) is a source and the branch of block 0 tests it; a =
 * s + 1 in 1, b a constant in 2, each writing r0 too; in 3 a front-end phi
 * p of (a from 1, b from 2), and x reading p, a and r0. The values are
 * read where they are (the phi's operands in the blocks they come from),
 * r0 through a phi placed at 3, and the divergence of s reaches p by
 * control (a join of block 0's branch) and x through all three.
 */
static void test_values_and_phis(void **state)
{
	(void)state;
	rfn t;
	rfn_init(&t, 4, 1);
	t.phis = true;
	uint32_t sv = inst(&t, 0, TC_UA_SOURCE | TC_UA_NAMED, TC_NONE, TC_NONE, TC_NONE);
	t.cond[0] = TC_SSA_VALUE | sv;
	edge(&t, 0, 1);
	edge(&t, 0, 2);
	uint32_t a = inst(&t, 1, TC_UA_PURE, TC_NONE, TC_SSA_VALUE | sv, TC_NONE);
	inst(&t, 1, TC_UA_PURE, 0, TC_SSA_VALUE | a, TC_NONE);
	edge(&t, 1, 3);
	uint32_t b = inst(&t, 2, TC_UA_PURE, TC_NONE, TC_NONE, TC_NONE);
	inst(&t, 2, TC_UA_PURE, 0, TC_NONE, TC_NONE);
	edge(&t, 2, 3);
	uint32_t p = inst(&t, 3, TC_UA_PHI, TC_NONE, TC_SSA_VALUE | a, TC_SSA_VALUE | b);
	t.opblk[p][0] = 1;
	t.opblk[p][1] = 2;
	uint32_t x = inst(&t, 3, TC_UA_PURE, TC_NONE, TC_SSA_VALUE | p, TC_SSA_VALUE | a);
	t.ops[x][t.nops[x]++] = 0; /* and r0 */
	edge(&t, 3, EXIT);
	tc_ssa *s = build(&t);
	assert_int_equal(s->nphis, 1); /* r0's, at 3 */
	uint32_t rphi = t.ni;
	assert_int_equal(s->f.block[rphi], 3);
	assert_int_equal(s->cond_value[0], sv);
	assert_true(s->f.kind[p] & TC_UA_PHI);
	uint32_t got[4], blocks[4];
	assert_int_equal(read_by(&s->f, p, got, blocks), 2);
	assert_true((got[0] == a && blocks[0] == 1 && got[1] == b && blocks[1] == 2) ||
		    (got[0] == b && blocks[0] == 2 && got[1] == a && blocks[1] == 1));
	assert_int_equal(read_by(&s->f, x, got, blocks), 3);
	for (uint32_t k = 0; k < 3; k++) {
		assert_true(got[k] == p || got[k] == a || got[k] == rphi);
		assert_int_equal(blocks[k], 3);
	}
	tc_uniformity *u = NULL;
	assert_int_equal(tc__uniformity(&u, &s->f, &t.al), TC_OK);
	assert_true(tc__uniformity_branch(u, 0));
	assert_true(tc__uniformity_value(u, a));
	assert_false(tc__uniformity_value(u, b));
	assert_true(tc__uniformity_value(u, p));     /* a join of block 0's branch */
	assert_true(tc__uniformity_value(u, rphi));
	assert_true(tc__uniformity_value(u, x));
	tc__uniformity_free(u);
	tc__ssa_free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_diamond),
		cmocka_unit_test(test_loop_and_predicate),
		cmocka_unit_test(test_random_against_reaching_definitions),
		cmocka_unit_test(test_sparse_registers),
		cmocka_unit_test(test_uniformity_of_registers),
		cmocka_unit_test(test_values_and_phis),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
