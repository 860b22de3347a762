/*
 * ranges.c - the integers an index may hold where a depot's address is
 * indexed (depot.c's DF_ADDR: an address plus a register), so that the
 * sum is a range of offsets instead of anywhere in the variable.
 *
 * nvcc -G keeps a loop's counter in a register that one mov writes at the
 * loop's head, tests it there against its bound (setp; not.pred; @%p
 * bra), and indexes a member array with it in the loop's body:
 * this + 12 + 4 * i for i < 33 reads [12, 144) of the object, not the
 * pointer kept just past it.
 *
 * An interval per register: the join over the records that write it of
 * what each computes (its lane op, through graph/lanerange.h's
 * arithmetic; the thread's and the lane's indices, the block's size, a
 * comparison's 0 or 1), from its operands' intervals as they are where it
 * reads them: narrowed by each branch on a comparison of the
 * operand with a constant whose way leads alone into a block that
 * dominates the reader. That holds where the operand is written once, by
 * a record that comes before the comparison on every path, and the
 * comparison and what negates it lie in the branch's block: every way
 * from the write to the reader then passes the comparison and that way
 * (a way around it would also reach the reader from the start without
 * it). Values are numbers that are not negative and fit the lane op's
 * width (as lanerange.h keeps them); a narrowing may be negative where
 * it meets such a value. Only the registers the indices are computed from are
 * followed; an interval still growing after 3 rounds grows to the bound
 * of the width of what makes it grow, then to none (and is narrowed
 * again, in up to 8 rounds, to what its writes compute from there), and
 * after 24 rounds nothing is known.
 */
#include "frontend/ptx/ptx.h"
#include "graph/lanerange.h"
#include "graph/ways.h"

#define WIDEN_ROUND 3
#define MAX_RANGE_ROUNDS 24
#define NARROW_ROUNDS 8
#define MAX_NOT 8 /* conversions followed from a branch to its comparison */
#define MAX_CONST_RECS 64 /* a callee whose constant result is looked for */
#define MAX_CONST_HOPS 8

typedef tc_range ivl; /* lo > hi: none yet */

static const ivl ANY = {INT64_MIN, INT64_MAX};
static const ivl NONE_YET = {1, 0};

/* In the blocks block dominates, reg compares with other (TC_NONE: the
 * constant k) as cmp says: a comparison of reg first, negated where the
 * way is the one where it fails. */
typedef struct guard {
	uint32_t reg, block, other;
	uint8_t cmp;
	int64_t k;
} guard;

typedef struct rstate {
	const reader *r;
	const pfunc *fn;
	const tc_ways *w;
	const uint8_t *writes;   /* per register: how often written (up to 2) */
	const uint32_t *def_rec; /* per register: the last record writing it */
	uint32_t *blk;           /* per record of fn: its block (from 0) */
	uint32_t *dfirst, *dnext; /* per register, per record: the records writing it */
	uint8_t *need;
	uint32_t *stack, sp; /* registers newly needed, their operands not yet */
	int64_t *res; /* per record of fn: a call's constant result, where
		       * res_known says so (else NULL) */
	uint8_t *res_known;
	ivl *v;
	guard *g;
	uint32_t *goff; /* per register: its guards g[goff[v] .. goff[v + 1]) */
} rstate;

static bool is_none(ivl a)
{
	return a.lo > a.hi;
}

static ivl meet(ivl a, ivl b)
{
	return (ivl){a.lo > b.lo ? a.lo : b.lo, a.hi < b.hi ? a.hi : b.hi};
}

static ivl hull(ivl a, ivl b)
{
	if (is_none(a))
		return b;
	if (is_none(b))
		return a;
	return (ivl){a.lo < b.lo ? a.lo : b.lo, a.hi > b.hi ? a.hi : b.hi};
}

/* The comparison that holds where op does not (0: none that one interval
 * says, as an unsigned one's negation is two). */
static uint8_t negated(uint8_t op)
{
	static const uint8_t neg[][2] = {
	    {TC_LOP_EQ, TC_LOP_NE},   {TC_LOP_NE, TC_LOP_EQ},   {TC_LOP_SLT, TC_LOP_SGE},
	    {TC_LOP_SLE, TC_LOP_SGT}, {TC_LOP_SGT, TC_LOP_SLE}, {TC_LOP_SGE, TC_LOP_SLT},
	};
	for (size_t q = 0; q < sizeof neg / sizeof *neg; q++)
		if (neg[q][0] == op)
			return neg[q][1];
	return 0;
}

/* What comparison op of u with a value in k (u first: swapped where it
 * was second) says of u where it holds; false: nothing one interval
 * says. */
static bool cmp_says(uint8_t op, ivl k, ivl *out)
{
	/* an unsigned bound: below a small one that is not negative, u is
	 * not negative either */
	bool small = k.lo >= 0 && k.hi > 0 && k.hi <= (INT64_C(1) << 30);
	switch (op) {
	case TC_LOP_EQ:
		*out = k;
		return true;
	case TC_LOP_SLT:
		*out = k.hi == INT64_MIN ? NONE_YET : (ivl){INT64_MIN, k.hi - 1};
		return true;
	case TC_LOP_SLE:
		*out = (ivl){INT64_MIN, k.hi};
		return true;
	case TC_LOP_SGT:
		*out = k.lo == INT64_MAX ? NONE_YET : (ivl){k.lo + 1, INT64_MAX};
		return true;
	case TC_LOP_SGE:
		*out = (ivl){k.lo, INT64_MAX};
		return true;
	case TC_LOP_ULT:
		*out = (ivl){0, k.hi - 1};
		return small;
	case TC_LOP_ULE:
		*out = (ivl){0, k.hi};
		return small;
	default:
		return false;
	}
}

static uint8_t swapped(uint8_t op)
{
	switch (op) {
	case TC_LOP_SLT:
		return TC_LOP_SGT;
	case TC_LOP_SLE:
		return TC_LOP_SGE;
	case TC_LOP_SGT:
		return TC_LOP_SLT;
	case TC_LOP_SGE:
		return TC_LOP_SLE;
	case TC_LOP_ULT:
		return TC_LOP_UGT;
	case TC_LOP_ULE:
		return TC_LOP_UGE;
	case TC_LOP_UGT:
		return TC_LOP_ULT;
	case TC_LOP_UGE:
		return TC_LOP_ULE;
	default:
		return op;
	}
}

/* register v where block b reads it: its interval narrowed by its guards
 * there */
static ivl at(const rstate *s, uint32_t v, uint32_t b)
{
	if (v >= s->fn->nregs)
		return ANY;
	ivl a = s->v[v];
	if (b == TC_NONE)
		return a;
	for (uint32_t k = s->goff[v]; k < s->goff[v + 1]; k++) {
		const guard *g = &s->g[k];
		if (!tc__dominates(&s->w->dt, g->block, b))
			continue;
		ivl bound = g->other == TC_NONE ? (ivl){g->k, g->k} : s->v[g->other], iv;
		if (is_none(bound))
			return NONE_YET; /* what it compares with is not known yet */
		if (cmp_says(g->cmp, bound, &iv))
			a = meet(a, iv);
	}
	return a;
}

/* The register record i reads at its place a (TC_NONE: none such). */
static uint32_t read_reg(const rstate *s, uint32_t i, uint32_t a)
{
	uint32_t op0 = s->r->rec.opoff.v[i];
	if (a == TC_NONE || a >= tc__ptx_op_end(s->r, i) - op0)
		return TC_NONE;
	uint32_t v = s->r->rec.op.v[op0 + a];
	return v < s->fn->nregs ? v : TC_NONE;
}

/* operand j of record i (block b) as its lane op names it */
static ivl operand(const rstate *s, const tc_lane_op *o, uint32_t i, uint32_t b, int j)
{
	if (o->flags & (j == 0 ? TC_LOP_K0 : TC_LOP_K1))
		return (ivl){o->k[j], o->k[j]};
	uint32_t v = read_reg(s, i, o->a[j]);
	return v == TC_NONE ? ANY : at(s, v, b);
}

/* What record i (of block b) computes, from its operands there. */
static ivl compute(const rstate *s, uint32_t i, uint32_t b)
{
	if (s->res_known && s->res_known[i - s->fn->rec0])
		return (ivl){s->res[i - s->fn->rec0], s->res[i - s->fn->rec0]};
	const tc_lane_op *o = &s->r->lane[i];
	switch (o->op) {
	case TC_LOP_TID_X:
	case TC_LOP_TID_Y:
	case TC_LOP_TID_Z:
	case TC_LOP_TID_LINEAR:
		return (ivl){0, 1023}; /* a block holds at most 1,024 threads */
	case TC_LOP_NTID_X:
	case TC_LOP_NTID_Y:
	case TC_LOP_NTID_Z:
		return (ivl){1, 1024};
	case TC_LOP_LANE:
		return (ivl){0, 31};
	default:
		if (o->op >= TC_LOP_EQ && o->op <= TC_LOP_SGE)
			return (ivl){0, 1}; /* a comparison */
		break;
	}
	ivl x[2];
	bool has[2];
	for (int j = 0; j < 2; j++) {
		x[j] = operand(s, o, i, b, j);
		if (is_none(x[j]))
			return NONE_YET; /* not written yet */
		has[j] = true;
	}
	ivl out;
	return tc__lop_range(o, x, has, &out) ? out : ANY;
}

/* whether record d comes before record p on every path: its block
 * dominates p's, and is not p's or is before it there */
static bool before(const rstate *s, uint32_t d, uint32_t p)
{
	uint32_t bd = s->blk[d - s->fn->rec0], bp = s->blk[p - s->fn->rec0];
	if (bd == TC_NONE || bp == TC_NONE)
		return false;
	return bd == bp ? d < p : tc__dominates(&s->w->dt, bd, bp);
}

/* Register v, where a guard compares it: needed from here on (its
 * operands are followed by the caller). */
static void want(rstate *s, uint32_t v)
{
	if (v < s->fn->nregs && !s->need[v]) {
		s->need[v] = 1;
		s->stack[s->sp++] = v;
	}
}

/* The record of block bk that alone writes register c, or TC_NONE. */
static uint32_t only_write_in(const rstate *s, const pblock *bk, uint32_t c)
{
	if (c >= s->fn->nregs || s->writes[c] != 1 || s->def_rec[c] < bk->rec0 ||
	    s->def_rec[c] >= bk->rec1)
		return TC_NONE;
	return s->def_rec[c];
}

/* Block h's branch (of two ways), where it tests a comparison of
 * registers, or of one with a constant: for each followed register it
 * compares, a guard for each way that enters a block alone. The condition
 * is followed to its comparison through what keeps or negates it, as
 * nvcc -G writes a test: not.pred, and a predicate made 0 or 1 (selp)
 * and compared with 0 again (setp.ne, setp.eq). Counted (s->g NULL) or
 * made. */
static void branch_guards(rstate *s, uint32_t h)
{
	const reader *r = s->r;
	const pblock *bk = &r->blocks[s->fn->block0 + h];
	if (bk->nsucc != 2 || bk->cond >= s->fn->nregs || bk->way == TC_WAY_UNKNOWN)
		return;
	uint32_t c = bk->cond, p = TC_NONE;
	bool holds = true; /* the comparison holds where cond does */
	for (int hop = 0; hop <= MAX_NOT; hop++) {
		uint32_t d = only_write_in(s, bk, c);
		if (d == TC_NONE)
			return; /* written more than once, or elsewhere */
		const tc_lane_op *o = &r->lane[d];
		if (o->op == TC_LOP_XOR && o->bits == 1 && (o->flags & TC_LOP_K1) && o->k[1] == -1) {
			c = read_reg(s, d, o->a[0]); /* not.pred */
			holds = !holds;
			continue;
		}
		if ((o->op == TC_LOP_NE || o->op == TC_LOP_EQ) &&
		    (o->flags & (TC_LOP_K0 | TC_LOP_K1)) == TC_LOP_K1 && o->k[1] == 0) {
			/* x != 0 or x == 0, x = p ? 1 : 0 or p ? 0 : 1 */
			uint32_t x = only_write_in(s, bk, read_reg(s, d, o->a[0]));
			const tc_lane_op *y = x == TC_NONE ? NULL : &r->lane[x];
			if (y && y->op == TC_LOP_SELECT &&
			    (y->flags & (TC_LOP_K0 | TC_LOP_K1)) == (TC_LOP_K0 | TC_LOP_K1) &&
			    ((y->k[0] == 1 && y->k[1] == 0) || (y->k[0] == 0 && y->k[1] == 1))) {
				c = read_reg(s, x, y->cond);
				holds ^= (o->op == TC_LOP_EQ) != (y->k[0] == 0);
				continue;
			}
		}
		p = d;
		break;
	}
	if (p == TC_NONE)
		return;
	const tc_lane_op *o = &r->lane[p];
	if (o->op < TC_LOP_EQ || o->op > TC_LOP_SGE)
		return;
	bool k0 = o->flags & TC_LOP_K0, k1 = o->flags & TC_LOP_K1;
	if (k0 && k1)
		return; /* two constants */
	uint32_t uv[2] = {k0 ? TC_NONE : read_reg(s, p, o->a[0]),
			  k1 ? TC_NONE : read_reg(s, p, o->a[1])};
	uint32_t nb = s->fn->block1 - s->fn->block0;
	uint32_t s0 = r->succ.v[bk->succ0], s1 = r->succ.v[bk->succ0 + 1];
	if (s0 == s1)
		return;
	for (int side = 0; side < 2; side++) {
		uint32_t u = uv[side], other = uv[!side];
		/* a register that the reader's values of come from the
		 * comparison's: written once, before it */
		if (u == TC_NONE || !s->need[u] || s->writes[u] != 1 || !before(s, s->def_rec[u], p))
			continue;
		if (other == TC_NONE && !(side ? k0 : k1))
			continue; /* not a register the reader knows */
		uint8_t cmp = side ? swapped(o->op) : o->op;
		for (int way = 0; way < 2; way++) {
			uint32_t x = way ? s1 : s0;
			/* where cond holds: the first successor (TC_WAY_FIRST) */
			bool taken = (way == 0) == (bk->way == TC_WAY_FIRST);
			uint8_t says = taken == holds ? cmp : negated(cmp);
			if (x >= nb || x == h || x == 0 || s->w->rg.off[x + 1] - s->w->rg.off[x] != 1 ||
			    !says)
				continue;
			if (s->g) {
				s->g[s->goff[u + 1]++] =
				    (guard){u, x, other, says, other == TC_NONE ? o->k[!side] : 0};
			} else {
				s->goff[u + 2]++;
				want(s, other);
			}
		}
	}
}

/* The constant that function g returns as its first result, where every
 * ret returns one value that a chain of moves of one constant makes (an
 * accessor's size() at nvcc -G): true. A short function only. */
static bool const_result(const reader *r, uint32_t g, int64_t *k)
{
	const pfunc *fn = &r->fn[g];
	if (fn->ret0 == fn->ret1 || fn->rec1 - fn->rec0 > MAX_CONST_RECS)
		return false;
	for (uint32_t j = fn->ret0; j < fn->ret1; j++) {
		uint32_t i = r->ret_rec.v[j];
		int64_t v = 0;
		bool found = false;
		unsigned bits = 64; /* the fewest a move keeps */
		for (int hop = 0; hop < MAX_CONST_HOPS; hop++) {
			const tc_lane_op *o = &r->lane[i];
			if (o->op != TC_LOP_COPY)
				return false;
			if (o->bits && o->bits < bits)
				bits = o->bits;
			if (o->flags & TC_LOP_K0) {
				v = o->k[0];
				found = true;
				break;
			}
			uint32_t op0 = r->rec.opoff.v[i];
			if (o->a[0] == TC_NONE || o->a[0] >= tc__ptx_op_end(r, i) - op0)
				return false;
			uint32_t x = r->rec.op.v[op0 + o->a[0]], w = TC_NONE;
			for (uint32_t q = fn->rec0; q < fn->rec1; q++)
				if (r->rec.def.v[q] == x) {
					if (w != TC_NONE)
						return false; /* written twice */
					w = q;
				}
			if (w == TC_NONE)
				return false;
			i = w;
		}
		/* one that every move keeps, whether it extends or cuts */
		if (!found || v < 0 || bits < 2 || v >= INT64_C(1) << (bits < 32 ? bits - 1 : 31) ||
		    (j > fn->ret0 && v != *k))
			return false;
		*k = v;
	}
	return true;
}

int tc__ptx_index_ranges(const reader *r, uint32_t f, const tc_ways *w, const uint8_t *writes,
			 const uint32_t *def_rec, tc_arena *ar, int64_t *lo, int64_t *hi)
{
	const pfunc *fn = &r->fn[f];
	uint32_t nx = 0;
	for (uint32_t j = fn->df0; j < fn->df1; j++) {
		lo[2 * (j - fn->df0)] = lo[2 * (j - fn->df0) + 1] = 1; /* not known */
		hi[2 * (j - fn->df0)] = hi[2 * (j - fn->df0) + 1] = 0;
		nx += r->df[j].op == DF_ADDR && !(r->df[j].flags & DF_GUARD);
	}
	uint32_t nrec = fn->rec1 - fn->rec0, nb = fn->block1 - fn->block0, nregs = fn->nregs;
	if (!nx || !nrec || !r->lane)
		return TC_OK;
	rstate s = {r, fn, w, writes, def_rec, NULL, NULL, NULL, NULL, NULL, 0, NULL, NULL, NULL, NULL, NULL};
	s.blk = TC_ARENA_ARRAY(ar, uint32_t, nrec);
	s.dfirst = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nregs + 1);
	s.dnext = TC_ARENA_ARRAY(ar, uint32_t, nrec);
	s.need = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)nregs + 1);
	s.v = TC_ARENA_ARRAY(ar, ivl, (size_t)nregs + 1);
	s.goff = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)nregs + 2);
	s.stack = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nregs + 1);
	if (!s.blk || !s.dfirst || !s.dnext || !s.need || !s.v || !s.goff || !s.stack)
		return TC_ENOMEM;
	for (uint32_t i = 0; i < nrec; i++)
		s.blk[i] = TC_NONE; /* in no block */
	for (uint32_t b = 0; b < nb; b++)
		for (uint32_t i = r->blocks[fn->block0 + b].rec0; i < r->blocks[fn->block0 + b].rec1; i++)
			if (i >= fn->rec0 && i < fn->rec1)
				s.blk[i - fn->rec0] = b;
	for (uint32_t v = 0; v < nregs; v++)
		s.dfirst[v] = TC_NONE;
	for (uint32_t i = fn->rec1; i-- > fn->rec0;) {
		uint32_t v = r->rec.def.v[i];
		s.dnext[i - fn->rec0] = v < nregs ? s.dfirst[v] : TC_NONE;
		if (v < nregs)
			s.dfirst[v] = i;
	}
	/* the registers the indices are computed from, and those that the
	 * guards on them compare them with (and so on): the guards counted
	 * again while more are needed */
	for (uint32_t j = fn->df0; j < fn->df1; j++) {
		const dfact *x = &r->df[j];
		if (x->op != DF_ADDR || (x->flags & DF_GUARD))
			continue;
		want(&s, x->a);
		want(&s, x->b);
	}
	while (s.sp) {
		while (s.sp) {
			uint32_t v = s.stack[--s.sp];
			for (uint32_t i = s.dfirst[v]; i != TC_NONE; i = s.dnext[i - fn->rec0])
				for (uint32_t q = r->rec.opoff.v[i]; q < tc__ptx_op_end(r, i); q++)
					want(&s, r->rec.op.v[q]);
		}
		memset(s.goff, 0, ((size_t)nregs + 2) * sizeof *s.goff);
		for (uint32_t b = 0; b < nb; b++)
			branch_guards(&s, b);
	}
	/* the calls whose result is a constant, where it is followed */
	for (uint32_t j = fn->df0; j < fn->df1; j++) {
		const dfact *x = &r->df[j];
		int64_t k = 0;
		if (x->op != DF_RESULT || x->b != 0 || x->k != 0 || (x->flags & DF_GUARD) ||
		    x->def >= nregs || !s.need[x->def] || x->rec < fn->rec0 || x->rec >= fn->rec1 ||
		    x->a >= r->ncalls || r->calls[x->a].callee == TC_NONE ||
		    !const_result(r, r->calls[x->a].callee, &k))
			continue;
		if (!s.res) {
			s.res = TC_ARENA_ARRAY(ar, int64_t, nrec);
			s.res_known = TC_ARENA_ZARRAY(ar, uint8_t, nrec);
			if (!s.res || !s.res_known)
				return TC_ENOMEM;
		}
		s.res[x->rec - fn->rec0] = k;
		s.res_known[x->rec - fn->rec0] = 1;
	}
	for (uint32_t v = 0; v < nregs; v++)
		s.goff[v + 2] += s.goff[v + 1];
	s.g = TC_ARENA_ARRAY(ar, guard, (size_t)s.goff[nregs + 1] + 1);
	if (!s.g)
		return TC_ENOMEM;
	for (uint32_t b = 0; b < nb; b++)
		branch_guards(&s, b);
	/* the intervals: none yet where a record writes the register */
	for (uint32_t v = 0; v < nregs; v++)
		s.v[v] = s.dfirst[v] == TC_NONE ? ANY : NONE_YET;
	bool changed = true;
	uint32_t round = 0;
	for (; changed && round < MAX_RANGE_ROUNDS; round++) {
		changed = false;
		for (uint32_t i = fn->rec0; i < fn->rec1; i++) {
			uint32_t v = r->rec.def.v[i];
			if (v >= nregs || !s.need[v])
				continue;
			ivl x = compute(&s, i, s.blk[i - fn->rec0]), old = s.v[v];
			ivl y = hull(old, x);
			if (y.lo == old.lo && y.hi == old.hi)
				continue;
			if (round >= WIDEN_ROUND && !is_none(old)) {
				/* to the bound of the record's width, then to none */
				unsigned bits = r->lane[i].bits;
				int64_t m = bits && bits < 64 ? INT64_C(1) << (bits - 1) : 0;
				if (y.lo < old.lo)
					y.lo = m && y.lo >= -m ? -m : INT64_MIN;
				if (y.hi > old.hi)
					y.hi = m && y.hi <= m - 1 ? m - 1 : INT64_MAX;
			}
			s.v[v] = y;
			changed = true;
		}
	}
	if (changed)
		return TC_OK; /* no fixpoint: nothing known */
	/* narrowed again: each register what its records compute from the
	 * others (what widening took in past the bound a guard keeps) */
	changed = true;
	for (round = 0; changed && round < NARROW_ROUNDS; round++) {
		changed = false;
		for (uint32_t v = 0; v < nregs; v++) {
			if (!s.need[v] || s.dfirst[v] == TC_NONE)
				continue;
			ivl x = NONE_YET;
			for (uint32_t i = s.dfirst[v]; i != TC_NONE; i = s.dnext[i - fn->rec0])
				x = hull(x, compute(&s, i, s.blk[i - fn->rec0]));
			if (!is_none(x) && (x.lo > s.v[v].lo || x.hi < s.v[v].hi)) {
				s.v[v] = meet(s.v[v], x);
				changed = true;
			}
		}
	}
	for (uint32_t j = fn->df0; j < fn->df1; j++) {
		const dfact *x = &r->df[j];
		if (x->op != DF_ADDR || (x->flags & DF_GUARD) || x->rec < fn->rec0 || x->rec >= fn->rec1)
			continue;
		uint32_t b = s.blk[x->rec - fn->rec0];
		uint32_t ab[2] = {x->a, x->b};
		for (int q = 0; q < 2; q++) {
			ivl a = at(&s, ab[q], b);
			if (!is_none(a)) {
				lo[2 * (j - fn->df0) + q] = a.lo;
				hi[2 * (j - fn->df0) + q] = a.hi;
			}
		}
	}
	return TC_OK;
}
