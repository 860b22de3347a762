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
#define MAX_NOT 4 /* not.pred followed from a branch to its comparison */

typedef tc_range ivl; /* lo > hi: none yet */

static const ivl ANY = {INT64_MIN, INT64_MAX};
static const ivl NONE_YET = {1, 0};

typedef struct guard {
	uint32_t reg, block; /* in the blocks block dominates, reg is in iv */
	ivl iv;
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

/* register v where block b reads it: its interval narrowed by its guards
 * there */
static ivl at(const rstate *s, uint32_t v, uint32_t b)
{
	if (v >= s->fn->nregs)
		return ANY;
	ivl a = s->v[v];
	if (b == TC_NONE)
		return a;
	for (uint32_t k = s->goff[v]; k < s->goff[v + 1]; k++)
		if (tc__dominates(&s->w->dt, s->g[k].block, b))
			a = meet(a, s->g[k].iv);
	return a;
}

/* operand j of record i (block b) as its lane op names it */
static ivl operand(const rstate *s, const tc_lane_op *o, uint32_t i, uint32_t b, int j)
{
	if (o->flags & (j == 0 ? TC_LOP_K0 : TC_LOP_K1))
		return (ivl){o->k[j], o->k[j]};
	const reader *r = s->r;
	uint32_t a = o->a[j], op0 = r->rec.opoff.v[i];
	if (a == TC_NONE || a >= tc__ptx_op_end(r, i) - op0)
		return ANY;
	return at(s, r->rec.op.v[op0 + a], b);
}

/* What record i (of block b) computes, from its operands there. */
static ivl compute(const rstate *s, uint32_t i, uint32_t b)
{
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

/* What comparison op of u with the constant k (u first: swapped where it
 * was second) says of u where it holds (holds) or not; false: nothing
 * one interval says. */
static bool cmp_says(uint8_t op, int64_t k, bool holds, ivl *out)
{
	if (!holds) { /* the negation */
		static const uint8_t neg[][2] = {
		    {TC_LOP_EQ, TC_LOP_NE},   {TC_LOP_NE, TC_LOP_EQ},   {TC_LOP_SLT, TC_LOP_SGE},
		    {TC_LOP_SLE, TC_LOP_SGT}, {TC_LOP_SGT, TC_LOP_SLE}, {TC_LOP_SGE, TC_LOP_SLT},
		};
		uint8_t n = 0;
		for (size_t q = 0; q < sizeof neg / sizeof *neg; q++)
			if (neg[q][0] == op)
				n = neg[q][1];
		if (!n)
			return false; /* an unsigned one's negation is two intervals */
		op = n;
	}
	bool small = k > 0 && k <= (INT64_C(1) << 30);
	switch (op) {
	case TC_LOP_EQ:
		*out = (ivl){k, k};
		return true;
	case TC_LOP_SLT:
		*out = k == INT64_MIN ? NONE_YET : (ivl){INT64_MIN, k - 1};
		return true;
	case TC_LOP_SLE:
		*out = (ivl){INT64_MIN, k};
		return true;
	case TC_LOP_SGT:
		*out = k == INT64_MAX ? NONE_YET : (ivl){k + 1, INT64_MAX};
		return true;
	case TC_LOP_SGE:
		*out = (ivl){k, INT64_MAX};
		return true;
	case TC_LOP_ULT: /* below a small bound: not negative either */
		*out = (ivl){0, k - 1};
		return small;
	case TC_LOP_ULE:
		*out = (ivl){0, k};
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

/* whether record d comes before record p on every path: its block
 * dominates p's, and is not p's or is before it there */
static bool before(const rstate *s, uint32_t d, uint32_t p)
{
	uint32_t bd = s->blk[d - s->fn->rec0], bp = s->blk[p - s->fn->rec0];
	if (bd == TC_NONE || bp == TC_NONE)
		return false;
	return bd == bp ? d < p : tc__dominates(&s->w->dt, bd, bp);
}

/* Block h's branch (of two ways), where it tests a comparison of a
 * followed register with a constant: a guard for each way that enters a
 * block alone. Counted (s->g NULL) or made. */
static void branch_guards(rstate *s, uint32_t h)
{
	const reader *r = s->r;
	const pblock *bk = &r->blocks[s->fn->block0 + h];
	if (bk->nsucc != 2 || bk->cond >= s->fn->nregs || bk->way == TC_WAY_UNKNOWN)
		return;
	uint32_t c = bk->cond, p = TC_NONE;
	bool holds = true; /* the comparison holds where cond does */
	for (int hop = 0; hop <= MAX_NOT; hop++) {
		if (s->writes[c] != 1 || s->def_rec[c] < bk->rec0 || s->def_rec[c] >= bk->rec1)
			return; /* written more than once, or elsewhere */
		const tc_lane_op *o = &r->lane[s->def_rec[c]];
		if (o->op == TC_LOP_XOR && o->bits == 1 && (o->flags & TC_LOP_K1) && o->k[1] == -1 &&
		    o->a[0] == 0 && tc__ptx_op_end(r, s->def_rec[c]) > r->rec.opoff.v[s->def_rec[c]]) {
			c = r->rec.op.v[r->rec.opoff.v[s->def_rec[c]]];
			holds = !holds;
			if (c >= s->fn->nregs)
				return;
			continue;
		}
		p = s->def_rec[c];
		break;
	}
	if (p == TC_NONE)
		return;
	const tc_lane_op *o = &r->lane[p];
	if (o->op < TC_LOP_EQ || o->op > TC_LOP_SGE)
		return;
	uint32_t op0 = r->rec.opoff.v[p], nop = tc__ptx_op_end(r, p) - op0;
	bool k0 = o->flags & TC_LOP_K0, k1 = o->flags & TC_LOP_K1;
	if (k0 == k1)
		return; /* two registers, or two constants */
	uint32_t a = o->a[k0 ? 1 : 0];
	if (a == TC_NONE || a >= nop)
		return;
	uint32_t u = r->rec.op.v[op0 + a];
	if (u >= s->fn->nregs || !s->need[u] || s->writes[u] != 1 || !before(s, s->def_rec[u], p))
		return;
	uint8_t cmp = k0 ? swapped(o->op) : o->op;
	int64_t k = o->k[k0 ? 0 : 1];
	uint32_t nb = s->fn->block1 - s->fn->block0;
	uint32_t s0 = r->succ.v[bk->succ0], s1 = r->succ.v[bk->succ0 + 1];
	if (s0 == s1)
		return;
	for (int way = 0; way < 2; way++) {
		uint32_t x = way ? s1 : s0;
		/* where cond holds: the first successor (TC_WAY_FIRST) */
		bool taken = (way == 0) == (bk->way == TC_WAY_FIRST);
		ivl iv;
		if (x >= nb || x == h || x == 0 || s->w->rg.off[x + 1] - s->w->rg.off[x] != 1 ||
		    !cmp_says(cmp, k, taken == holds, &iv))
			continue;
		if (s->g)
			s->g[s->goff[u + 1]++] = (guard){u, x, iv};
		else
			s->goff[u + 2]++;
	}
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
	rstate s = {r, fn, w, writes, def_rec, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
	s.blk = TC_ARENA_ARRAY(ar, uint32_t, nrec);
	s.dfirst = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nregs + 1);
	s.dnext = TC_ARENA_ARRAY(ar, uint32_t, nrec);
	s.need = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)nregs + 1);
	s.v = TC_ARENA_ARRAY(ar, ivl, (size_t)nregs + 1);
	s.goff = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)nregs + 2);
	uint32_t *stack = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nregs + 1);
	if (!s.blk || !s.dfirst || !s.dnext || !s.need || !s.v || !s.goff || !stack)
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
	/* the registers the indices are computed from */
	uint32_t sp = 0;
	for (uint32_t j = fn->df0; j < fn->df1; j++) {
		const dfact *x = &r->df[j];
		if (x->op != DF_ADDR || (x->flags & DF_GUARD))
			continue;
		uint32_t ab[2] = {x->a, x->b};
		for (int q = 0; q < 2; q++)
			if (ab[q] < nregs && !s.need[ab[q]])
				s.need[ab[q]] = 1, stack[sp++] = ab[q];
	}
	while (sp) {
		uint32_t v = stack[--sp];
		for (uint32_t i = s.dfirst[v]; i != TC_NONE; i = s.dnext[i - fn->rec0])
			for (uint32_t q = r->rec.opoff.v[i]; q < tc__ptx_op_end(r, i); q++) {
				uint32_t u = r->rec.op.v[q];
				if (u < nregs && !s.need[u])
					s.need[u] = 1, stack[sp++] = u;
			}
	}
	/* the branches' guards: counted, then made */
	for (uint32_t b = 0; b < nb; b++)
		branch_guards(&s, b);
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
