/*
 * lanes.c - uniformity at warp granularity (lanes.h).
 *
 * First the facts: per value, whether it is base + lane (L), its known
 * trailing zero bits, whether it is known not negative, and its constant.
 * They start optimistic (unknown, "bottom") and only weaken; each value is
 * evaluated from its operands' facts and met with what it had, until
 * nothing changes. The result claims no more than its operands give, so it
 * holds in every run (an induction over the values a thread computes).
 *
 * Rules (w: the warp size, a power of two; X: a value not of the form
 * base + lane whose low log2(w) bits are known zero):
 *   tid.x                       L when the x size is whole warps, or the
 *                               block is one row
 *   the linear thread index     L
 *   the lane index (%laneid)    L (its base 0)
 *   L + X, X + L, L - X,
 *   L | X, L ^ X, X | L, X ^ L  L (the low bits are the lane's)
 *   L & c, c's low bits ones    L
 *   L % c, c a multiple of w    L (signed: L not negative)
 *   a phi of L values only      L (its base: a phi of their bases)
 *   a copy of L (not narrower
 *   than log2(w) bits)          L
 * and these take only L's base, so they are the same in every lane of a
 * warp when the base is:
 *   L >> k, k >= log2(w)        L / c, c a multiple of w (signed: L not
 *                               negative)
 *   L & X                       L < X, L >= X (signed or not); L <= c,
 *                               L > c with c + 1 a multiple of w; and the
 *                               same with the operands swapped
 */
#include "analysis/lanes.h"

#include <string.h>

/* fact.st; LO: base + lane + off, off a constant that is not a multiple of
 * the warp (from a thread index: nvcc writes tid / 32 == 0 as
 * (unsigned)(tid + 31) <= 62), which only an ordering against a constant
 * takes apart: (base + lane + off) < k is (base + lane) < k - off when no
 * side wraps, which small (base + lane below SMALL, not negative) and the
 * width make sure of */
enum { BOT = 0, NL = 1, L = 2, LO = 3 };
#define SMALL (INT64_C(1) << 24)

typedef struct fact {
	uint8_t st;      /* BOT: nothing evaluated yet; NL: not base + lane */
	uint8_t tz;      /* known trailing zero bits, 0 .. 64 */
	uint8_t nonneg;  /* known not negative */
	uint8_t isconst; /* c is its value */
	uint8_t small;   /* L: base + lane is in [0, SMALL) (a thread index) */
	int64_t c;
	int64_t off;     /* LO: the offset */
	uint32_t src;    /* LO: the value base + lane is (an L value) */
	uint8_t ub;      /* 1 .. 63: the value is in [0, 2^ub); 0: not known */
} fact;

struct tc_lanes {
	tc_alloc al;
	tc_arena ar;
	tc_ua_func wf; /* the warp-level description (its arrays in ar) */
	tc_uniformity *ua;
	bool assumed;
	/* for tc__lanes_group_mask: the description (a copy: the caller's may
	 * be a local of its own), the warp, and whether tid.x is base + lane */
	tc_ua_func f;
	const tc_lane_op *op;
	uint32_t lg;
	bool lane_x, whole_x; /* at warp granularity (the groups' are ctx's) */
	uint8_t *lanev; /* per value: tc__lanes_lane */
	/* each value's operands and the blocks they come from (a phi's): the
	 * caller's, or made in ar */
	const uint32_t *opoff, *opval, *opblk;
};

typedef struct ctx {
	const tc_ua_func *f;
	const tc_lane_op *op;
	uint32_t lg;   /* log2 of the warp size; 0: no lane structure */
	uint32_t mask; /* warp size - 1 */
	bool lane_x, uni_y, uni_z, whole_x;
	uint32_t size_x;
	fact *fa;
	/* the incoming values of each phi: pin[poff[v] .. poff[v + 1]) (its
	 * operands) */
	const uint32_t *poff, *pin;
	/* per value, or NULL: a count the same in each group (group_counts) */
	uint8_t *same;
	/* per value, or NULL: for a shuffle from one lane whose mask and clamp
	 * the mask evaluator knows, log2 of the segments it reads within (each
	 * lane's mask holding its segment), else NOSEG (segments) */
	uint8_t *seg;
} ctx;

#define NOSEG 0xff

static const fact unknown = {NL, 0, 0, 0, 0, 0, 0, TC_NONE, 0};

static unsigned ctz64(uint64_t x)
{
	unsigned n = 0;
	if (x == 0)
		return 64;
	while (!(x & 1)) {
		x >>= 1;
		n++;
	}
	return n;
}

/* bits to write x, at least 1 */
static uint8_t bit_length(uint64_t x)
{
	uint8_t n = 1;
	while (n < 64 && (x >> n))
		n++;
	return n;
}

static fact constant(int64_t c)
{
	return (fact){NL, (uint8_t)ctz64((uint64_t)c), c >= 0, 1, 0, c, 0, TC_NONE,
		      c >= 0 ? bit_length((uint64_t)c) : 0};
}

/* The bound of a result from the bounds of its operands (0: not known),
 * where it stays below 2^63. */
static uint8_t bound(unsigned ub)
{
	return (uint8_t)(ub && ub < 64 ? ub : 0);
}

/* A TC_LOP_LANED's bound (k[0] bits 1 .. 6; 0: none) */
static unsigned laned_bound(const tc_lane_op *o)
{
	return (unsigned)(o->k[0] >> 1) & 63;
}

/* Whether o is a broadcast to each group: a shuffle that reads, in each
 * segment of the warp at least as wide as a group, the lane its source
 * index names there, with a mask that holds the segment (segments); else
 * its mask and clamp, where they are values, found the full mask and the
 * clamp of the whole warp (desc.h). */
static bool broadcast(const ctx *c, const tc_lane_op *o)
{
	if (o->op != TC_LOP_BROADCAST)
		return false;
	uint32_t n = c->f->nvalues, v = (uint32_t)(o - c->op);
	if (c->seg && c->seg[v] != NOSEG && c->seg[v] >= c->lg)
		return true;
	if (o->cond != TC_NONE && (o->cond >= n || !c->fa[o->cond].isconst ||
				   (uint32_t)c->fa[o->cond].c != 0xffffffffu))
		return false;
	if (o->a[1] == TC_NONE)
		return o->k[1] == 0 || o->k[1] == 0x1f;
	return o->a[1] < n && c->fa[o->a[1]].isconst &&
	       (uint32_t)c->fa[o->a[1]].c == (uint32_t)o->k[1];
}

/* The facts of operand i of op (BOT when its value has none yet). */
static fact operand(const ctx *c, const tc_lane_op *o, int i)
{
	if (o->a[i] != TC_NONE)
		return o->a[i] < c->f->nvalues ? c->fa[o->a[i]] : unknown;
	if (o->flags & (i ? TC_LOP_K1 : TC_LOP_K0))
		return constant(o->k[i]);
	return unknown;
}

/* What both claim. */
static fact meet(fact x, fact y)
{
	if (x.st == BOT)
		return y;
	if (y.st == BOT)
		return x;
	fact r = unknown;
	r.st = x.st == L && y.st == L ? L : NL;
	if (x.st == LO && y.st == LO && x.off == y.off && x.src == y.src) {
		r.st = LO;
		r.off = x.off;
		r.src = x.src;
	}
	r.tz = x.tz < y.tz ? x.tz : y.tz;
	r.nonneg = x.nonneg && y.nonneg;
	r.isconst = x.isconst && y.isconst && x.c == y.c;
	r.c = r.isconst ? x.c : 0;
	r.small = r.st == L && x.small && y.small;
	r.ub = x.ub && y.ub ? (x.ub > y.ub ? x.ub : y.ub) : 0;
	return r;
}

static bool same(fact x, fact y)
{
	return x.st == y.st && x.tz == y.tz && x.nonneg == y.nonneg && x.isconst == y.isconst &&
	       (!x.isconst || x.c == y.c) && x.small == y.small && x.off == y.off &&
	       x.src == y.src && x.ub == y.ub;
}

/* Low log2(w) bits known zero, the value not base + lane. */
static bool aligned(const ctx *c, fact x)
{
	return x.st == NL && x.tz >= c->lg;
}

/* A positive constant that is a multiple of the warp size. */
static bool warp_multiple(const ctx *c, fact x)
{
	return x.isconst && x.c > 0 && ((uint64_t)x.c & c->mask) == 0;
}

static uint8_t tz_add(unsigned a, unsigned b)
{
	return (uint8_t)(a + b > 64 ? 64 : a + b);
}

/* Base + lane from base + lane and one aligned operand: +, -, |, ^. */
static bool lane_and_aligned(const ctx *c, uint8_t op, fact a, fact b)
{
	if (a.st == L && aligned(c, b))
		return true;
	return op != TC_LOP_SUB && b.st == L && aligned(c, a);
}

/* The bound of o's result from its operands' (fact.ub), 0: not known. */
static uint8_t eval_bound(const tc_lane_op *o, fact a, fact b)
{
	unsigned hi = a.ub > b.ub ? a.ub : b.ub, lo = a.ub < b.ub ? a.ub : b.ub;
	bool k = b.isconst && b.c >= 0 && b.c < 64;
	switch (o->op) {
	case TC_LOP_ADD:
	case TC_LOP_OR:
	case TC_LOP_XOR:
		return lo ? bound(o->op == TC_LOP_ADD ? hi + 1 : hi) : 0;
	case TC_LOP_MUL:
		return lo ? bound(a.ub + b.ub) : 0;
	case TC_LOP_AND: /* no more than either operand not negative */
		return lo ? (uint8_t)lo : (uint8_t)hi;
	case TC_LOP_SHL:
		return a.ub && k ? bound(a.ub + (unsigned)b.c) : 0;
	case TC_LOP_LSHR:
	case TC_LOP_ASHR:
		return a.ub && k ? (uint8_t)(a.ub > b.c ? a.ub - b.c : 1) : 0;
	case TC_LOP_UDIV:
	case TC_LOP_SDIV:
		return a.ub && b.isconst && b.c > 0 ? a.ub : 0;
	default:
		return 0;
	}
}

static fact eval_binary(const ctx *c, const tc_lane_op *o, fact a, fact b)
{
	fact r = unknown;
	bool nsw = o->flags & TC_LOP_NSW, both = a.isconst && b.isconst;
	uint64_t ua = (uint64_t)a.c, ub = (uint64_t)b.c;
	switch (o->op) {
	case TC_LOP_ADD:
	case TC_LOP_SUB:
		r.tz = a.tz < b.tz ? a.tz : b.tz;
		r.nonneg = o->op == TC_LOP_ADD && nsw && a.nonneg && b.nonneg;
		r.st = c->lg && lane_and_aligned(c, o->op, a, b) ? L : NL;
		if (both) {
			r.isconst = 1;
			r.c = (int64_t)(o->op == TC_LOP_ADD ? ua + ub : ua - ub);
		}
		break;
	case TC_LOP_OR:
	case TC_LOP_XOR:
		r.tz = a.tz < b.tz ? a.tz : b.tz;
		r.nonneg = a.nonneg && b.nonneg;
		r.st = c->lg && lane_and_aligned(c, o->op, a, b) ? L : NL;
		if (both) {
			r.isconst = 1;
			r.c = (int64_t)(o->op == TC_LOP_OR ? ua | ub : ua ^ ub);
		}
		break;
	case TC_LOP_AND:
		r.tz = a.tz > b.tz ? a.tz : b.tz;
		r.nonneg = a.nonneg || b.nonneg;
		if (c->lg && ((a.st == L && b.isconst && (ub & c->mask) == c->mask) ||
			      (b.st == L && a.isconst && (ua & c->mask) == c->mask)))
			r.st = L;
		if (both) {
			r.isconst = 1;
			r.c = (int64_t)(ua & ub);
		}
		break;
	case TC_LOP_MUL:
		r.tz = tz_add(a.tz, b.tz);
		r.nonneg = nsw && a.nonneg && b.nonneg;
		if (both) {
			r.isconst = 1;
			r.c = (int64_t)(ua * ub);
		}
		break;
	case TC_LOP_SHL:
		if (b.isconst && b.c >= 0 && b.c < 64) {
			r.tz = tz_add(a.tz, (unsigned)b.c);
			r.nonneg = nsw && a.nonneg;
			if (a.isconst && b.c < 63 && a.c >= 0 && a.c < ((int64_t)1 << (62 - b.c))) {
				r.isconst = 1;
				r.c = a.c << b.c;
			}
		}
		break;
	case TC_LOP_LSHR:
	case TC_LOP_ASHR:
		if (b.isconst && b.c >= 0 && b.c < 64) {
			r.tz = a.tz > b.c ? (uint8_t)(a.tz - b.c) : 0;
			r.nonneg = o->op == TC_LOP_LSHR ? b.c >= 1 : a.nonneg;
			/* a logical shift of a negative constant depends on the width */
			if (a.isconst && (a.c >= 0 || o->op == TC_LOP_ASHR)) {
				r.isconst = 1;
				r.c = a.c >> b.c;
			}
			/* a value not negative has no bit set past bits - 2: shifted
			 * by bits - 1 or more it is 0 (the sign of a signed division
			 * by a power of two, as nvcc writes tid / 32) */
			if (o->bits && a.nonneg && b.c >= o->bits - 1) {
				r.isconst = 1;
				r.c = 0;
				r.nonneg = 1;
				r.tz = 64;
			}
		}
		break;
	case TC_LOP_UDIV:
	case TC_LOP_SDIV:
		r.nonneg = o->op == TC_LOP_UDIV ? b.isconst && b.c >= 2
						: a.nonneg && b.isconst && b.c > 0;
		if (both && a.c >= 0 && b.c > 0) {
			r.isconst = 1;
			r.c = a.c / b.c;
		}
		break;
	case TC_LOP_UREM:
	case TC_LOP_SREM:
		r.nonneg = b.isconst && b.c > 0 && (o->op == TC_LOP_UREM || a.nonneg);
		if (c->lg && a.st == L && warp_multiple(c, b) && (o->op == TC_LOP_UREM || a.nonneg))
			r.st = L;
		if (both && a.c >= 0 && b.c > 0) {
			r.isconst = 1;
			r.c = a.c % b.c;
		}
		break;
	default: /* comparisons: 0 or 1 (or -1 sign-extended): nothing kept */
		break;
	}
	r.ub = eval_bound(o, a, b);
	return r;
}

/* A small base + lane (or one with an offset already) plus or minus a
 * constant, in a width where nothing wraps: LO (or L again when the offset
 * is a multiple of the warp). */
static void offset(const ctx *c, const tc_lane_op *o, fact a, fact b, fact *r)
{
	int slot = (a.st == L || a.st == LO) && b.isconst ? 0
		   : o->op == TC_LOP_ADD && (b.st == L || b.st == LO) && a.isconst ? 1
										 : -1;
	if (slot < 0 || (o->bits && o->bits < 32))
		return;
	fact x = slot ? b : a;
	int64_t k = slot ? a.c : b.c;
	if ((x.st == L && !x.small) || k <= -SMALL || k >= SMALL ||
	    (x.st == LO && (x.off <= -SMALL || x.off >= SMALL)))
		return;
	uint32_t src = x.st == L ? o->a[slot] : x.src;
	int64_t off = (x.st == LO ? x.off : 0) + (o->op == TC_LOP_SUB ? -k : k);
	if (src == TC_NONE || off == 0 || ((uint64_t)off & c->mask) == 0)
		return; /* 0 is the value itself; a multiple of the warp, L (eval_binary) */
	*r = unknown;
	r->st = LO;
	r->off = off;
	r->src = src;
}

static fact eval_op(const ctx *c, uint32_t v)
{
	const tc_lane_op *o = &c->op[v];
	fact a, b, r = unknown;
	switch (o->op) {
	case TC_LOP_TID_X:
		r.nonneg = 1;
		r.st = c->lane_x ? L : NL;
		r.small = 1;
		r.ub = 24;
		return r;
	case TC_LOP_TID_LINEAR:
	case TC_LOP_LANE: /* below the warp's size */
		r.nonneg = 1;
		r.st = c->lg ? L : NL;
		r.small = 1;
		r.ub = c->lg ? c->lg : 24;
		return r;
	case TC_LOP_LANED: { /* the smaller of the bounds it has */
		unsigned nb = laned_bound(o);
		r.small = (o->k[0] & 1) != 0;
		r.nonneg = r.small || nb;
		r.st = c->lg ? L : NL;
		r.ub = bound(r.small && (!nb || nb > 24) ? 24 : nb);
		return r;
	}
	case TC_LOP_TID_Y:
	case TC_LOP_TID_Z:
	case TC_LOP_NTID_Y:
	case TC_LOP_NTID_Z:
		r.ub = 24;
		r.nonneg = 1;
		return r;
	case TC_LOP_NONNEG: /* not negative in its width */
		r.ub = o->bits >= 2 ? (uint8_t)(o->bits - 1) : 0;
		r.nonneg = 1;
		return r;
	case TC_LOP_NTID_X:
		r.nonneg = 1;
		if (c->size_x)
			return constant(c->size_x);
		r.tz = c->whole_x ? (uint8_t)c->lg : 0;
		r.ub = 24;
		return r;
	case TC_LOP_COPY:
		a = operand(c, o, 0);
		/* a value not negative keeps its bound through an extension
		 * of either kind, and through a truncation that keeps it; a
		 * truncation that may not keep it may leave the sign bit set */
		if (a.ub && o->bits && a.ub >= o->bits)
			a.ub = 0;
		if (o->bits && !a.ub && !(a.st == L && a.small) &&
		    ((o->flags & TC_LOP_TRUNC) ||
		     (o->a[0] < c->f->nvalues && o->bits < c->op[o->a[0]].bits)))
			a.nonneg = 0;
		if (a.st == L && o->bits && o->bits < c->lg)
			a.st = NL, a.tz = 0, a.nonneg = 0, a.isconst = 0;
		if (o->bits && o->bits < 32)
			a.small = 0;
		if (a.st == LO && o->bits && o->bits < 32)
			a = unknown;
		return a;
	case TC_LOP_PHI: {
		r.st = BOT;
		if (o->flags & TC_LOP_K0)
			r = constant(o->k[0]);
		if (o->flags & TC_LOP_KANY)
			r = meet(r, unknown);
		bool all_lane = !(o->flags & (TC_LOP_K0 | TC_LOP_KANY));
		for (uint32_t k = c->poff[v]; k < c->poff[v + 1]; k++) {
			fact x = c->fa[c->pin[k]];
			if (x.st == BOT)
				continue;
			all_lane &= x.st == L;
			r = meet(r, x);
		}
		if ((r.st == L && !all_lane) || r.st == LO)
			r.st = NL;
		/* a bound that grows round a loop (a counter) is given up at
		 * once, not one bit a round */
		if (c->fa[v].st != BOT && r.ub > c->fa[v].ub)
			r.ub = 0;
		return r;
	}
	case TC_LOP_OTHER:
	case TC_LOP_WARP:
	case TC_LOP_BROADCAST:
	case TC_LOP_SELECT:
	case TC_LOP_MATCH:
	case TC_LOP_LANEMASK:
		return unknown;
	default:
		a = operand(c, o, 0);
		b = operand(c, o, 1);
		if (a.st == BOT || b.st == BOT)
			return (fact){BOT, 0, 0, 0, 0, 0, 0, TC_NONE, 0};
		r = eval_binary(c, o, a, b);
		if (r.st != L && (o->op == TC_LOP_ADD || o->op == TC_LOP_SUB))
			offset(c, o, a, b, &r);
		return r;
	}
}

/* v's facts; a value whose bound keeps it below 2^(width - 1) is not
 * negative. */
static fact eval(const ctx *c, uint32_t v)
{
	fact r = eval_op(c, v);
	unsigned width = c->op[v].bits ? c->op[v].bits : 64;
	if (r.st != BOT && r.ub && r.ub < width)
		r.nonneg = 1;
	return r;
}

/* Which operand (0 or 1) of v is base + lane and counts only by its base;
 * -1 when none (the second list of rules above). */
static int absorbs(const ctx *c, uint32_t v)
{
	const tc_lane_op *o = &c->op[v];
	if (!c->lg || o->op < TC_LOP_LSHR || o->op > TC_LOP_SGE || o->op == TC_LOP_OR ||
	    o->op == TC_LOP_XOR || o->op == TC_LOP_UREM || o->op == TC_LOP_SREM)
		return -1;
	fact a = operand(c, o, 0), b = operand(c, o, 1);
	switch (o->op) {
	case TC_LOP_LSHR:
	case TC_LOP_ASHR:
		return a.st == L && b.isconst && b.c >= c->lg && b.c < 64 ? 0 : -1;
	case TC_LOP_UDIV:
	case TC_LOP_SDIV:
		return a.st == L && warp_multiple(c, b) && (o->op == TC_LOP_UDIV || a.nonneg) ? 0 : -1;
	case TC_LOP_AND:
		if (a.st == L && b.st != L && (b.isconst ? ((uint64_t)b.c & c->mask) == 0 : b.tz >= c->lg))
			return 0;
		if (b.st == L && a.st != L && (a.isconst ? ((uint64_t)a.c & c->mask) == 0 : a.tz >= c->lg))
			return 1;
		return -1;
	case TC_LOP_EQ:
	case TC_LOP_NE:
		return -1;
	default: {
		int slot = a.st == L && b.st != L ? 0 : b.st == L && a.st != L ? 1 : -1;
		if (slot < 0)
			slot = a.st == LO && b.isconst ? 0 : b.st == LO && a.isconst ? 1 : -1;
		if (slot < 0)
			return -1;
		uint8_t p = o->op;
		fact x = slot ? a : b;
		const fact *y = slot ? &b : &a;
		if (y->st == LO) { /* (base + lane + off) against k: against k - off */
			bool sign = p >= TC_LOP_SLT;
			if (!sign && (y->off < 0 || x.c < 0))
				return -1; /* an unsigned side may wrap */
			x = constant(x.c - y->off);
		}
		if (slot) { /* x < L is L > x */
			static const uint8_t swap[] = {TC_LOP_UGT, TC_LOP_UGE, TC_LOP_ULT, TC_LOP_ULE,
						       TC_LOP_SGT, TC_LOP_SGE, TC_LOP_SLT, TC_LOP_SLE};
			p = swap[p - TC_LOP_ULT];
		}
		switch (p) {
		case TC_LOP_ULT:
		case TC_LOP_UGE:
		case TC_LOP_SLT:
		case TC_LOP_SGE:
			return x.isconst ? (((uint64_t)x.c & c->mask) == 0 ? slot : -1)
					 : (x.tz >= c->lg ? slot : -1);
		default: /* <= c and > c: as < c + 1 and >= c + 1 */
			return x.isconst && ((uint64_t)x.c & c->mask) == c->mask ? slot : -1;
		}
	}
	}
}

/* The facts, to the fixpoint (a work list: a value is evaluated again when
 * an operand's facts change). */
static int solve_facts(ctx *c, tc_arena *ar)
{
	const tc_ua_func *f = c->f;
	uint32_t n = f->nvalues;
	c->fa = TC_ARENA_ZARRAY(ar, fact, (size_t)n + 1);
	uint32_t *stack = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	uint8_t *queued = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)n + 1);
	if (!c->fa || !stack || !queued)
		return TC_ENOMEM;
	for (int round = 0; round < 2; round++) {
		uint32_t top = 0;
		for (uint32_t v = n; v-- > 0;) /* popped in id order */
			stack[top++] = v, queued[v] = 1;
		while (top > 0) {
			uint32_t v = stack[--top];
			queued[v] = 0;
			fact old = c->fa[v], x = eval(c, v);
			if (x.st == BOT)
				continue;
			x = meet(old, x);
			if (old.st != BOT && same(old, x))
				continue;
			c->fa[v] = x;
			for (uint32_t k = f->use_off[v]; k < f->use_off[v + 1]; k++) {
				uint32_t u = f->user[k];
				if (u < n && !queued[u])
					queued[u] = 1, stack[top++] = u;
			}
		}
		/* what no evaluation reached (a cycle of phis with nothing coming
		 * in, unreachable code) claims nothing; then once more */
		bool any = false;
		for (uint32_t v = 0; v < n; v++)
			if (c->fa[v].st == BOT)
				c->fa[v] = unknown, any = true;
		if (!any)
			break;
	}
	return TC_OK;
}

typedef struct uses {
	tc_u32vec used, user, block;
} uses;

static int use(const tc_alloc *al, uses *u, uint32_t v, uint32_t w, uint32_t b)
{
	return tc__u32vec_push(al, &u->used, v) || tc__u32vec_push(al, &u->user, w) ||
			       tc__u32vec_push(al, &u->block, b)
		       ? TC_ENOMEM
		       : TC_OK;
}

/* The vertex whose divergence an absorbing use of v takes: v's base; for
 * base + lane + off, the base of that base + lane (v itself when it has
 * none). */
static uint32_t lo_base(const ctx *c, const uint32_t *base, uint32_t v)
{
	uint32_t b = c->fa[v].st == LO ? base[c->fa[v].src] : base[v];
	return b != TC_NONE ? b : v;
}

/* The warp-level description: the values with their kinds changed, a base
 * per value of the form base + lane, and the uses re-wired. */
static int build(tc_lanes *l, ctx *c, const tc_alloc *al)
{
	const tc_ua_func *f = c->f;
	uint32_t n = f->nvalues, nb = 0;
	tc_arena *ar = &l->ar;
	uint32_t *base = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	int8_t *slot = TC_ARENA_ARRAY(ar, int8_t, (size_t)n + 1);
	if (!base || !slot)
		return TC_ENOMEM;
	for (uint32_t v = 0; v < n; v++) {
		base[v] = c->fa[v].st == L ? n + nb++ : TC_NONE;
		slot[v] = (int8_t)absorbs(c, v);
		if (nb >= UINT32_MAX / 2 - n)
			return TC_ELIMIT;
	}
	uint32_t total = n + nb;
	uint32_t *block = TC_ARENA_ARRAY(ar, uint32_t, (size_t)total + 1);
	uint8_t *kind = TC_ARENA_ARRAY(ar, uint8_t, (size_t)total + 1);
	if (!block || !kind)
		return TC_ENOMEM;
	for (uint32_t v = 0; v < n; v++) {
		uint8_t k = f->kind[v];
		switch (c->op[v].op) {
		case TC_LOP_TID_Y:
		case TC_LOP_TID_Z:
			if (c->op[v].op == TC_LOP_TID_Y ? c->uni_y : c->uni_z)
				k &= (uint8_t)~(TC_UA_SOURCE | TC_UA_NAMED);
			break;
		case TC_LOP_WARP:
			k = (uint8_t)((k & ~(TC_UA_SOURCE | TC_UA_NAMED)) | TC_UA_UNIFORM);
			break;
		case TC_LOP_POPC:
			if (c->same && c->same[v])
				k = (uint8_t)((k & ~(TC_UA_SOURCE | TC_UA_NAMED)) | TC_UA_UNIFORM);
			break;
		case TC_LOP_BROADCAST:
			if (broadcast(c, &c->op[v]))
				k &= (uint8_t)~TC_UA_SOURCE;
			break;
		default:
			break;
		}
		if (base[v] != TC_NONE) {
			k |= TC_UA_SOURCE; /* the lane */
			block[base[v]] = f->block[v];
			kind[base[v]] = (uint8_t)(TC_UA_PURE | (k & TC_UA_PHI));
		}
		kind[v] = k;
		block[v] = f->block[v];
	}
	uses u = {{0}, {0}, {0}};
	int rc = TC_OK;
	for (uint32_t v = 0; v < n && !rc; v++)
		for (uint32_t k = f->use_off[v]; k < f->use_off[v + 1] && !rc; k++) {
			uint32_t w = f->user[k], b = f->use_block[k];
			if (w >= n) {
				rc = use(al, &u, v, w, b);
				continue;
			}
			const tc_lane_op *o = &c->op[w];
			if (o->a[0] != v && broadcast(c, o))
				continue;
			if (slot[w] >= 0 && o->a[slot[w]] == v)
				rc = use(al, &u, lo_base(c, base, v), w, b);
			else
				rc = use(al, &u, v, w, b);
			/* the operands of w's base */
			if (!rc && base[w] != TC_NONE && o->op != TC_LOP_TID_X &&
			    o->op != TC_LOP_TID_LINEAR && o->op != TC_LOP_LANE &&
			    o->op != TC_LOP_LANED)
				rc = use(al, &u, base[v] != TC_NONE ? base[v] : v, base[w], b);
		}
	uint32_t m = (uint32_t)u.used.len;
	uint32_t *off = rc ? NULL : TC_ARENA_ZARRAY(ar, uint32_t, (size_t)total + 1);
	uint32_t *user = rc ? NULL : TC_ARENA_ARRAY(ar, uint32_t, (size_t)m + 1);
	uint32_t *ublock = rc ? NULL : TC_ARENA_ARRAY(ar, uint32_t, (size_t)m + 1);
	uint32_t *order = rc ? NULL : TC_ARENA_ARRAY(ar, uint32_t, (size_t)m + 1);
	if (!rc && (!off || !user || !ublock || !order || u.used.len >= UINT32_MAX))
		rc = TC_ENOMEM;
	if (!rc) {
		tc__csr_fill(total, m, u.used.v, NULL, off, order);
		for (uint32_t k = 0; k < m; k++) {
			user[k] = u.user.v[order[k]];
			ublock[k] = u.block.v[order[k]];
		}
		l->wf = *f;
		l->wf.nvalues = total;
		l->wf.block = block;
		l->wf.kind = kind;
		l->wf.use_off = off;
		l->wf.user = user;
		l->wf.use_block = ublock;
	}
	tc__u32vec_free(al, &u.used);
	tc__u32vec_free(al, &u.user);
	tc__u32vec_free(al, &u.block);
	return rc;
}

static int group_counts(tc_lanes *l, uint32_t lg, const uint8_t *way, tc_arena *ar,
			uint8_t **out);
static int segments(tc_lanes *l, const uint8_t *way, tc_arena *ar, uint8_t **out);

/* log2 of w when a power of two from 2 on, else 0 */
static uint32_t log2_of(uint32_t w)
{
	uint32_t k = 0;
	if (w < 2 || (w & (w - 1)))
		return 0;
	while ((1u << k) < w)
		k++;
	return k;
}

int tc__lanes(tc_lanes **out, const tc_ua_func *f, const tc_lane_op *op,
	      const tc_lane_geom *geom, const tc_ua_ops *ops, const tc_alloc *al)
{
	*out = NULL;
	tc_lanes *l = tc__calloc(al, 1, sizeof *l);
	if (!l)
		return TC_ENOMEM;
	l->al = *al;
	tc__arena_init(&l->ar, &l->al);
	ctx c = {.f = f, .op = op};
	uint32_t x = geom->size[0], y = geom->size[1], z = geom->size[2];
	/* the facts are for the group; the mask evaluator's for the warp */
	uint32_t wlg = log2_of(geom->warp);
	c.lg = geom->group && wlg ? log2_of(geom->group) : wlg;
	if (c.lg > wlg)
		c.lg = wlg;
	c.mask = c.lg ? (1u << c.lg) - 1 : 0;
	c.size_x = x;
	c.whole_x = c.lg && (x ? (x & c.mask) == 0 : true);
	c.lane_x = c.lg && (c.whole_x || (y == 1 && z == 1));
	c.uni_y = y == 1 || c.whole_x;
	c.uni_z = z == 1 || (x && y && c.lg ? (((uint64_t)x * y) & c.mask) == 0 : c.whole_x);
	for (uint32_t v = 0; v < f->nvalues && !x && c.lg && !l->assumed; v++)
		l->assumed = (op[v].op >= TC_LOP_TID_X && op[v].op <= TC_LOP_NTID_X) ||
			     op[v].op == TC_LOP_LANED;
	int rc = TC_OK;
	if (ops && ops->off) {
		l->opoff = ops->off;
		l->opval = ops->val;
		l->opblk = ops->blk;
	} else {
		uint32_t *off, *val, *blk;
		rc = tc__ua_operands(&l->ar, f, &off, &val, &blk);
		l->opoff = off;
		l->opval = val;
		l->opblk = blk;
	}
	c.poff = l->opoff; /* a phi's operands are its incoming values */
	c.pin = l->opval;
	l->f = *f;
	l->op = op;
	l->lg = wlg;
	l->whole_x = wlg && (x ? (x & ((1u << wlg) - 1)) == 0 : true);
	l->lane_x = wlg && (l->whole_x || (y == 1 && z == 1));
	tc_arena scratch;
	tc__arena_init(&scratch, &l->al);
	if (!rc && c.lg)
		rc = segments(l, geom->way, &scratch, &c.seg);
	if (!rc)
		rc = solve_facts(&c, &scratch);
	/* which values are base + lane, for tc__lanes_lane */
	if (!rc && !(l->lanev = TC_ARENA_ARRAY(&l->ar, uint8_t, (size_t)f->nvalues + 1)))
		rc = TC_ENOMEM;
	for (uint32_t v = 0; !rc && v < f->nvalues; v++)
		l->lanev[v] = (uint8_t)(c.fa[v].st != L ? 0
					: 0x80 | c.fa[v].ub << 1 |
						  (c.fa[v].small && c.fa[v].nonneg));
	if (!rc && c.lg)
		rc = group_counts(l, c.lg, geom->way, &scratch, &c.same);
	if (!rc)
		rc = build(l, &c, &l->al);
	if (!rc)
		rc = tc__uniformity(&l->ua, &l->wf, &l->al);
	tc__arena_free(&scratch);
	if (rc) {
		tc__lanes_free(l);
		return rc;
	}
	*out = l;
	return TC_OK;
}

void tc__lanes_free(tc_lanes *l)
{
	if (!l)
		return;
	tc_alloc al = l->al;
	tc__uniformity_free(l->ua);
	tc__arena_free(&l->ar);
	tc__free(&al, l);
}

tc_uniformity *tc__lanes_uniformity(tc_lanes *l)
{
	return l->ua;
}

bool tc__lanes_assumed(const tc_lanes *l)
{
	return l->assumed;
}

int tc__lanes_lane(const tc_lanes *l, uint32_t v)
{
	return v < l->f.nvalues && l->lanev ? l->lanev[v] : 0;
}

int tc__lanes_lane_meet(int a, int b)
{
	if (!a || !b)
		return 0;
	int ua = (a >> 1) & 63, ub = (b >> 1) & 63;
	return 0x80 | (ua && ub ? (ua > ub ? ua : ub) : 0) << 1 | (a & b & 1);
}

/* ---- member masks of partitioned warps (tc__lanes_group_mask) ------------- */

/* What a value is in each lane of a warp: unknown, known (v[lane]),
 * based: B + v[lane] with v[lane] in [0, 2^m) and B the same unknown
 * multiple of 2^m in every lane (tid.x where it is base + lane: m the
 * warp's log2; tid.x >> 4: m one less), or at least v[lane] (and below
 * 2^31).
 *
 * Beside that, what it is in the block's dimensions (DX, DY, DZ: x, y, z),
 * whatever the lane: dims, exactly the product of the block's sizes in
 * those dimensions (ntid.x * ntid.y); lt, not negative and less than that
 * product (tid.y; (tid.z * ntid.y + tid.y) * ntid.x + tid.x, the thread's
 * linear index, is less than the product in all three); scd, a value
 * w * (the block's size in dimension scd) with w as lt says. A block has
 * fewer than 2^26 threads on every target (1024 in CUDA, as LLVM's ranges
 * for NVPTX say; no device has groups anywhere near 2^26), so none of
 * these wraps. */
enum { MV_UNKNOWN, MV_KNOWN, MV_BASED, MV_ATLEAST };
enum { DX = 1, DY = 2, DZ = 4 };
#define MV_MAX 48 /* values evaluated for one mask at the most */

typedef struct mval {
	uint32_t id;
	uint8_t kind;
	uint8_t m; /* based: B's alignment, log2 */
	uint8_t dims, lt, scd;
	uint64_t v[64];
} mval;

typedef struct mctx {
	const tc_lanes *l;
	uint32_t w;
	mval *m;
	uint32_t n;
	const uint8_t *way; /* per block: TC_WAY_* (NULL: none known) */
} mctx;

#define MV_PHI_IN 8 /* a phi's incoming values followed, at most */

static const mval *mfind(const mctx *c, uint32_t id)
{
	for (uint32_t k = 0; k < c->n; k++)
		if (c->m[k].id == id)
			return &c->m[k];
	return NULL;
}

/* Operand i of o as a value in every lane (a value's evaluated already). */
static const mval *moperand(const mctx *c, const tc_lane_op *o, int i, mval *tmp)
{
	const mval *x = o->a[i] != TC_NONE ? mfind(c, o->a[i]) : NULL;
	if (x)
		return x;
	bool k = o->flags & (i ? TC_LOP_K1 : TC_LOP_K0);
	tmp->kind = k ? MV_KNOWN : MV_UNKNOWN;
	tmp->m = tmp->dims = tmp->lt = tmp->scd = 0;
	for (uint32_t l = 0; k && l < c->w; l++)
		tmp->v[l] = (uint64_t)o->k[i];
	return tmp;
}

/* Whether the evaluator follows op's operands (what mapply and the select
 * compute). */
static bool followed(uint8_t op)
{
	switch (op) {
	case TC_LOP_COPY:
	case TC_LOP_ADD:
	case TC_LOP_SUB:
	case TC_LOP_MUL:
	case TC_LOP_SHL:
	case TC_LOP_LSHR:
	case TC_LOP_ASHR:
	case TC_LOP_UDIV:
	case TC_LOP_UREM:
	case TC_LOP_SDIV:
	case TC_LOP_SREM:
	case TC_LOP_AND:
	case TC_LOP_OR:
	case TC_LOP_XOR:
	case TC_LOP_EQ:
	case TC_LOP_NE:
	case TC_LOP_ULT:
	case TC_LOP_ULE:
	case TC_LOP_UGT:
	case TC_LOP_UGE:
	case TC_LOP_SELECT:
	case TC_LOP_UMIN:
	case TC_LOP_POPC:
		return true;
	default:
		return false;
	}
}

static bool same_in_all(const mctx *c, const mval *x)
{
	for (uint32_t l = 1; l < c->w; l++)
		if (x->v[l] != x->v[0])
			return false;
	return true;
}

/* x of bits bits (0: 64), sign-extended */
static int64_t sext(uint64_t x, unsigned bits)
{
	if (!bits || bits >= 64)
		return (int64_t)x;
	uint64_t sign = UINT64_C(1) << (bits - 1);
	return (int64_t)((x ^ sign) - sign);
}

/* r = o applied to a and b, lane by lane; r->kind MV_UNKNOWN where the
 * rules below do not say. */
static void mapply(const mctx *c, const tc_lane_op *o, const mval *a, const mval *b, mval *r)
{
	uint32_t w = c->w;
	uint64_t keep = o->bits && o->bits < 64 ? (1ull << o->bits) - 1 : ~0ull;
	r->kind = MV_UNKNOWN;
	if (a->kind == MV_KNOWN && (b->kind == MV_KNOWN || o->op == TC_LOP_COPY)) {
		for (uint32_t l = 0; l < w; l++) {
			uint64_t x = a->v[l] & keep, y = b->v[l] & keep, z;
			switch (o->op) {
			case TC_LOP_COPY: z = x; break;
			case TC_LOP_ADD: z = x + y; break;
			case TC_LOP_SUB: z = x - y; break;
			case TC_LOP_MUL: z = x * y; break;
			case TC_LOP_AND: z = x & y; break;
			case TC_LOP_OR: z = x | y; break;
			case TC_LOP_XOR: z = x ^ y; break;
			case TC_LOP_UMIN: z = x < y ? x : y; break;
			case TC_LOP_SHL:
			case TC_LOP_LSHR:
				if (y >= (o->bits ? o->bits : 64u))
					return; /* as the target defines it, or not at all */
				z = o->op == TC_LOP_SHL ? x << y : x >> y;
				break;
			case TC_LOP_UDIV:
			case TC_LOP_UREM:
				if (!y)
					return;
				z = o->op == TC_LOP_UDIV ? x / y : x % y;
				break;
			case TC_LOP_ASHR: /* the sign of the value's width (nvcc's
					   * signed lane / 16: lane + (lane >> 31 >>
					   * 28)) */
				if (y >= (o->bits ? o->bits : 64u))
					return;
				z = (uint64_t)(sext(x, o->bits) >> y);
				break;
			case TC_LOP_SDIV:
			case TC_LOP_SREM: {
				int64_t sx = sext(x, o->bits), sy = sext(y, o->bits);
				if (!sy || (sy == -1 && sx == INT64_MIN))
					return;
				z = (uint64_t)(o->op == TC_LOP_SDIV ? sx / sy : sx % sy);
				break;
			}
			case TC_LOP_EQ:
			case TC_LOP_NE:
			case TC_LOP_ULT:
			case TC_LOP_ULE:
			case TC_LOP_UGT:
			case TC_LOP_UGE:
				/* the operands as they are (keep is the result's): an
				 * unsigned order only between values below 2^31, which
				 * no width reads otherwise */
				x = a->v[l];
				y = b->v[l];
				if (o->op != TC_LOP_EQ && o->op != TC_LOP_NE &&
				    (x >> 31 || y >> 31))
					return;
				z = o->op == TC_LOP_EQ    ? x == y
				    : o->op == TC_LOP_NE  ? x != y
				    : o->op == TC_LOP_ULT ? x < y
				    : o->op == TC_LOP_ULE ? x <= y
				    : o->op == TC_LOP_UGT ? x > y
							  : x >= y;
				r->v[l] = z;
				continue;
			default:
				return;
			}
			r->v[l] = z & keep;
		}
		r->kind = MV_KNOWN;
		return;
	}
	if (a->kind != MV_BASED || (o->op != TC_LOP_COPY && b->kind != MV_KNOWN))
		return;
	if (o->op == TC_LOP_COPY) {
		if (o->bits && (1ull << a->m) > keep)
			return; /* narrower than the lane */
		memcpy(r->v, a->v, sizeof r->v);
		r->kind = MV_BASED;
		r->m = a->m;
		return;
	}
	if (!same_in_all(c, b))
		return;
	uint64_t k = b->v[0] & keep, low = (1ull << a->m) - 1, high = keep & ~low;
	r->m = a->m;
	switch (o->op) {
	case TC_LOP_LSHR: /* (B + v) >> k is B >> k, a multiple of 2^(m - k), + v >> k */
		if (k > a->m)
			return;
		for (uint32_t l = 0; l < c->w; l++)
			r->v[l] = a->v[l] >> k;
		r->m = (uint8_t)(a->m - k);
		r->kind = MV_BASED;
		return;
	case TC_LOP_AND: /* B's bits kept whole or dropped whole */
		if ((k & high) != high && (k & high) != 0)
			return;
		for (uint32_t l = 0; l < w; l++)
			r->v[l] = a->v[l] & k & low;
		r->kind = (k & high) ? MV_BASED : MV_KNOWN;
		return;
	case TC_LOP_OR:
	case TC_LOP_XOR:
		if (k & high)
			return;
		for (uint32_t l = 0; l < w; l++)
			r->v[l] = o->op == TC_LOP_OR ? a->v[l] | k : a->v[l] ^ k;
		r->kind = MV_BASED;
		return;
	case TC_LOP_UREM: /* B is a multiple of k when k divides 2^m */
		if (!k || k > low + 1 || (k & (k - 1)))
			return;
		for (uint32_t l = 0; l < w; l++)
			r->v[l] = a->v[l] % k;
		r->kind = MV_KNOWN;
		return;
	case TC_LOP_ADD:
	case TC_LOP_SUB:
		for (uint32_t l = 0; l < w; l++) {
			uint64_t z = o->op == TC_LOP_ADD ? a->v[l] + k : a->v[l] - k;
			if (z > low)
				return; /* would carry into B */
			r->v[l] = z;
		}
		r->kind = MV_BASED;
		return;
	default:
		return;
	}
}

/* The block's dimensions a thread index or size is about (mval). */
static uint8_t dim_of(uint8_t op, bool size)
{
	if (size)
		return op == TC_LOP_NTID_X ? DX : op == TC_LOP_NTID_Y ? DY : op == TC_LOP_NTID_Z ? DZ : 0;
	return op == TC_LOP_TID_X ? DX : op == TC_LOP_TID_Y ? DY : op == TC_LOP_TID_Z ? DZ : 0;
}

/* What r is in the block's dimensions (mval), and what follows from that
 * in each lane, after mapply: o applied to a and b. */
static void mdims(const mctx *c, const tc_lane_op *o, const mval *a, const mval *b, mval *r)
{
	bool wide = !o->bits || o->bits >= 32; /* keeps every value below 2^31 */
	if (!wide)
		return;
	switch (o->op) {
	case TC_LOP_COPY: /* a copy to 32 bits or more (a slot of the depot) */
		r->dims = a->dims;
		r->lt = a->lt;
		r->scd = a->scd;
		if (a->kind == MV_ATLEAST) {
			r->kind = MV_ATLEAST;
			memcpy(r->v, a->v, sizeof r->v);
		}
		return;
	case TC_LOP_MUL: /* sizes of other dimensions; w times a size */
		for (int i = 0; i < 2; i++) {
			const mval *x = i ? b : a, *y = i ? a : b;
			if (x->dims && y->dims && !(x->dims & y->dims))
				r->dims = x->dims | y->dims;
			else if (x->lt && !x->scd && (y->dims == DX || y->dims == DY || y->dims == DZ) &&
				 !(x->lt & y->dims)) {
				r->lt = x->lt;
				r->scd = y->dims;
			}
		}
		return;
	case TC_LOP_ADD: /* w * n + i with i < n: less than n times w's bound */
		for (int i = 0; i < 2; i++) {
			const mval *x = i ? b : a, *y = i ? a : b;
			if (!x->scd || y->scd || y->lt != x->scd || (x->lt & x->scd))
				continue;
			r->lt = x->lt | x->scd;
			/* w * ntid.x + tid.x, tid.x base + lane: w depends on tid.y
			 * and tid.z at the most (lt), the same in the warp when
			 * ntid.x is a whole number of warps, 0 when the block is one
			 * row; either way w * ntid.x moves only the base */
			if (x->scd == DX && y->kind == MV_BASED && y->m <= c->l->lg && c->l->lane_x) {
				r->kind = MV_BASED;
				r->m = y->m;
				memcpy(r->v, y->v, sizeof r->v);
			}
		}
		return;
	case TC_LOP_AND: /* x & k and x >> k are at most x */
	case TC_LOP_LSHR:
		if (!a->lt || a->scd || b->kind != MV_KNOWN || !same_in_all(c, b))
			return;
		r->lt = a->lt;
		/* B + v below 2^26 (lt: a block has fewer threads than that,
		 * LLVM's ranges for NVPTX say 1024): a mask that keeps bits m
		 * to 25 keeps B whole (LLVM narrows rank & ~15 to rank &
		 * 0x3fffff0 knowing as much) */
		if (o->op == TC_LOP_AND && a->kind == MV_BASED && r->kind == MV_UNKNOWN &&
		    a->m < 26 &&
		    (b->v[0] & ((1ull << 26) - (1ull << a->m))) == (1ull << 26) - (1ull << a->m)) {
			r->kind = MV_BASED;
			r->m = a->m;
			for (uint32_t l = 0; l < c->w; l++)
				r->v[l] = a->v[l] & b->v[0] & ((1ull << a->m) - 1);
		}
		return;
	case TC_LOP_SUB:
		/* S - x, S the number of threads in some dimensions (x among
		 * them, a whole number of warps) and x = B + v[lane] < S: S and
		 * B are multiples of 2^m, so S - B >= 2^m and S - x >= 2^m -
		 * v[lane] (cooperative groups' size() - base in
		 * tiled_partition(parent, n)) */
		if (a->dims && (a->dims & DX) && c->l->whole_x && b->kind == MV_BASED &&
		    b->lt == a->dims && !b->scd && b->m <= c->l->lg) {
			r->kind = MV_ATLEAST;
			for (uint32_t l = 0; l < c->w; l++)
				r->v[l] = (1ull << b->m) - b->v[l];
		}
		return;
	case TC_LOP_ULT: /* x against k, x at least k (min written as a select) */
	case TC_LOP_ULE:
	case TC_LOP_UGT:
	case TC_LOP_UGE:
		for (int i = 0; i < 2; i++) {
			const mval *x = i ? b : a, *y = i ? a : b;
			if (x->kind != MV_ATLEAST || y->kind != MV_KNOWN)
				continue;
			/* as x OP y: swapped when x is the right operand */
			uint8_t p = o->op;
			if (i)
				p = p == TC_LOP_ULT ? TC_LOP_UGT
				    : p == TC_LOP_ULE ? TC_LOP_UGE
				    : p == TC_LOP_UGT ? TC_LOP_ULT
						      : TC_LOP_ULE;
			bool all = true;
			for (uint32_t l = 0; l < c->w && all; l++) {
				/* x >= lo: x < y and x <= y are false past y */
				uint64_t lo = x->v[l], k = y->v[l];
				all = k >> 31 == 0 && (p == TC_LOP_ULT || p == TC_LOP_UGE ? lo >= k : lo > k);
				r->v[l] = p == TC_LOP_UGT || p == TC_LOP_UGE;
			}
			if (all)
				r->kind = MV_KNOWN;
		}
		return;
	case TC_LOP_UMIN: /* k where the other is at least k in every lane */
		for (int i = 0; i < 2; i++) {
			const mval *x = i ? b : a, *y = i ? a : b;
			if (x->kind != MV_ATLEAST || y->kind != MV_KNOWN)
				continue;
			bool all = true;
			for (uint32_t l = 0; l < c->w && all; l++)
				all = x->v[l] >= y->v[l];
			if (all) {
				r->kind = MV_KNOWN;
				memcpy(r->v, y->v, sizeof r->v);
			}
		}
		return;
	default:
		return;
	}
}

/* Whether the edge from block b to block j may be taken in some lane: not
 * where b's branch of two ways tests a value known, the same in every
 * lane, that sends them all elsewhere. */
static bool may_come(const mctx *c, uint32_t b, uint32_t j)
{
	const tc_ua_func *f = &c->l->f;
	if (!c->way || b >= f->nblocks || tc__branch_way(f, c->way, b, true) == TC_NONE)
		return true;
	const mval *q = mfind(c, f->cond[b]);
	if (!q || q->kind != MV_KNOWN || !same_in_all(c, q))
		return true;
	return tc__branch_way(f, c->way, b, q->v[0] != 0) == j;
}

/* A phi's value in every lane: the one its incoming values agree on, lane
 * by lane, over the edges some lane may come along (r MV_UNKNOWN where
 * they do not). */
static void mphi(const mctx *c, uint32_t x, const tc_lane_op *o, mval *r)
{
	const tc_lanes *l = c->l;
	uint32_t j = l->f.block[x];
	const mval *one = NULL;
	mval k;
	if (o->flags & TC_LOP_KANY)
		return;
	if (o->flags & TC_LOP_K0) { /* its constant: from where, not known */
		k.kind = MV_KNOWN;
		for (uint32_t i = 0; i < c->w; i++)
			k.v[i] = (uint64_t)o->k[0];
		one = &k;
	}
	for (uint32_t i = l->opoff[x]; i < l->opoff[x + 1]; i++) {
		if (!may_come(c, l->opblk[i], j))
			continue;
		const mval *y = mfind(c, l->opval[i]);
		if (!y || y->kind != MV_KNOWN)
			return;
		for (uint32_t n = 0; one && n < c->w; n++)
			if (y->v[n] != one->v[n])
				return;
		one = y;
	}
	if (!one)
		return;
	uint64_t keep = o->bits && o->bits < 64 ? (1ull << o->bits) - 1 : ~0ull;
	r->kind = MV_KNOWN;
	for (uint32_t n = 0; n < c->w; n++)
		r->v[n] = one->v[n] & keep;
}

/* The operands meval reads of value x (o): into ops, their count (a phi's
 * incoming values and the conditions of the branches they come from; none
 * past MV_PHI_IN of them, nor for what is not followed). */
static unsigned mops(const mctx *c, uint32_t x, const tc_lane_op *o, uint32_t *ops)
{
	const tc_lanes *l = c->l;
	unsigned n = 0;
	if (o->op == TC_LOP_PHI) {
		if ((o->flags & TC_LOP_KANY) || l->opoff[x + 1] - l->opoff[x] > MV_PHI_IN)
			return 0;
		for (uint32_t i = l->opoff[x]; i < l->opoff[x + 1]; i++) {
			uint32_t b = l->opblk[i];
			ops[n++] = l->opval[i];
			if (c->way && b < l->f.nblocks && tc__branch_way(&l->f, c->way, b, true) != TC_NONE)
				ops[n++] = l->f.cond[b];
		}
		return n;
	}
	if (!followed(o->op))
		return 0;
	ops[n++] = o->a[0];
	if (o->op != TC_LOP_COPY)
		ops[n++] = o->a[1];
	if (o->op == TC_LOP_SELECT)
		ops[n++] = o->cond;
	return n;
}

/* v in every lane, evaluated from its operands (a bounded walk with an
 * explicit stack: operands first); NULL past MV_MAX values. */
static const mval *meval(mctx *c, uint32_t v)
{
	uint32_t stack[3 * MV_MAX + 2 * MV_PHI_IN + 3], top = 0;
	stack[top++] = v;
	while (top > 0) {
		uint32_t x = stack[top - 1];
		if (mfind(c, x)) {
			top--;
			continue;
		}
		const tc_lane_op *o = &c->l->op[x];
		uint32_t ops[2 * MV_PHI_IN + 3];
		unsigned nops = mops(c, x, o, ops);
		bool pending = false;
		for (unsigned i = 0; i < nops; i++)
			if (ops[i] != TC_NONE && ops[i] < c->l->f.nvalues && !mfind(c, ops[i])) {
				if (top == sizeof stack / sizeof *stack)
					return NULL;
				stack[top++] = ops[i];
				pending = true;
			}
		if (pending)
			continue;
		if (c->n == MV_MAX)
			return NULL;
		mval *r = &c->m[c->n], ta, tb;
		r->id = x;
		r->kind = MV_UNKNOWN;
		r->m = 0;
		r->dims = dim_of(o->op, true);
		r->lt = dim_of(o->op, false);
		r->scd = 0;
		const mval *a = moperand(c, o, 0, &ta), *b = moperand(c, o, 1, &tb);
		uint64_t keep = o->bits && o->bits < 64 ? (1ull << o->bits) - 1 : ~0ull;
		if (o->op == TC_LOP_LANE || o->op == TC_LOP_TID_LINEAR || o->op == TC_LOP_LANED ||
		    (o->op == TC_LOP_TID_X && c->l->lane_x)) {
			/* base + lane below the warp's size: its base is 0 (a
			 * call of a function that returns %laneid) */
			unsigned nb = o->op == TC_LOP_LANED ? laned_bound(o) : 0;
			bool exact = o->op == TC_LOP_LANE || (nb && nb <= c->l->lg);
			r->kind = exact ? MV_KNOWN : MV_BASED;
			r->m = (uint8_t)c->l->lg;
			for (uint32_t l = 0; l < c->w; l++)
				r->v[l] = l;
		} else if (o->op == TC_LOP_SELECT) {
			/* where the condition is known: the operand chosen in
			 * every lane, or a mix of two known ones */
			const mval *k = o->cond != TC_NONE ? mfind(c, o->cond) : NULL;
			uint32_t any[2] = {0, 0};
			for (uint32_t l = 0; k && k->kind == MV_KNOWN && l < c->w; l++)
				any[k->v[l] != 0]++;
			const mval *one = !any[0] ? a : !any[1] ? b : NULL;
			if (k && k->kind == MV_KNOWN && one && one->kind != MV_UNKNOWN &&
			    (!o->bits || o->bits >= 32)) {
				r->kind = one->kind;
				r->m = one->m;
				for (uint32_t l = 0; l < c->w; l++)
					r->v[l] = one->kind == MV_KNOWN ? one->v[l] & keep : one->v[l];
			} else if (k && k->kind == MV_KNOWN && a->kind == MV_KNOWN &&
				   b->kind == MV_KNOWN) {
				for (uint32_t l = 0; l < c->w; l++)
					r->v[l] = (k->v[l] ? a->v[l] : b->v[l]) & keep;
				r->kind = MV_KNOWN;
			}
		} else if (o->op == TC_LOP_LANEMASK) {
			for (uint32_t l = 0; l < c->w; l++) {
				uint64_t below = (1ull << l) - 1, at = 1ull << l;
				uint64_t all = c->w == 64 ? ~0ull : (1ull << c->w) - 1;
				uint64_t gw = o->k[1] >= 0 && o->k[1] < 6 ? 1ull << o->k[1] : 64;
				uint64_t group = (gw >= 64 ? ~0ull : (1ull << gw) - 1) << (l & ~(gw - 1));
				r->v[l] = (o->k[0] == TC_LANEMASK_GROUP ? group & all
					   : o->k[0] == TC_LANEMASK_EQ  ? at
					   : o->k[0] == TC_LANEMASK_LE ? below | at
					   : o->k[0] == TC_LANEMASK_LT ? below
					   : o->k[0] == TC_LANEMASK_GE ? all & ~below
								       : all & ~(below | at)) &
					  keep;
			}
			r->kind = MV_KNOWN;
		} else if (o->op == TC_LOP_POPC) {
			/* of a value (its own width), in every lane */
			if (a->kind == MV_KNOWN && o->a[0] < c->l->f.nvalues && !(o->flags & TC_LOP_K0)) {
				unsigned ab = c->l->op[o->a[0]].bits;
				uint64_t ak = ab && ab < 64 ? (1ull << ab) - 1 : ~0ull;
				for (uint32_t l = 0; l < c->w; l++)
					r->v[l] = (uint64_t)__builtin_popcountll(a->v[l] & ak) & keep;
				r->kind = MV_KNOWN;
			}
		} else if (o->op == TC_LOP_PHI) {
			mphi(c, x, o, r);
		} else if (followed(o->op)) {
			mapply(c, o, a, o->op == TC_LOP_COPY ? a : b, r);
			mdims(c, o, a, o->op == TC_LOP_COPY ? a : b, r);
		}
		c->n++;
		top--;
	}
	return mfind(c, v);
}

/* log2 of the smallest aligned group of lanes that holds every lane of g
 * (not 0) */
static int span_of(uint64_t g)
{
	unsigned lo = (unsigned)__builtin_ctzll(g), hi = 63u - (unsigned)__builtin_clzll(g);
	int k = 0;
	while ((lo >> k) != (hi >> k))
		k++;
	return k;
}

/* Per value, whether it is a population count that the mask evaluator
 * finds the same in every lane of each aligned group of 2^lg lanes of the
 * warp (l's, its view's fields set), in *out (NULL: none); scratch in ar. */
static int group_counts(tc_lanes *l, uint32_t lg, const uint8_t *way, tc_arena *ar,
			uint8_t **out)
{
	*out = NULL;
	uint32_t n = l->f.nvalues;
	if (!l->lg || l->lg > 6 || lg > l->lg)
		return TC_OK;
	mctx c = {l, 1u << l->lg, NULL, 0, way};
	for (uint32_t v = 0; v < n; v++) {
		if (l->op[v].op != TC_LOP_POPC)
			continue;
		if (!c.m && !(c.m = TC_ARENA_ARRAY(ar, mval, MV_MAX)))
			return TC_ENOMEM;
		c.n = 0;
		const mval *m = meval(&c, v);
		bool same = m && m->kind == MV_KNOWN;
		for (uint32_t lane = 0; same && lane < c.w; lane++)
			same = m->v[lane] == m->v[lane & ~((1u << lg) - 1)];
		if (!same)
			continue;
		if (!*out && !(*out = TC_ARENA_ZARRAY(ar, uint8_t, n)))
			return TC_ENOMEM;
		(*out)[v] = 1;
	}
	return TC_OK;
}

/* Per value, for a shuffle from one lane (TC_LOP_BROADCAST) whose clamp
 * and mask the mask evaluator knows in every lane of l's warp: log2 of the
 * segment width w its clamp operand c sets (PTX shfl.idx: the segment mask
 * c >> 8 is 32 - w, the clamp c & 31 takes in the segment, so lane j of a
 * segment reads the segment's lane (source & (w - 1))) where every lane's
 * mask holds its own segment, else NOSEG; in *out (NULL: none). */
static int segments(tc_lanes *l, const uint8_t *way, tc_arena *ar, uint8_t **out)
{
	*out = NULL;
	uint32_t n = l->f.nvalues;
	if (!l->lg || l->lg > 5)
		return TC_OK;
	mctx c = {l, 1u << l->lg, NULL, 0, way};
	for (uint32_t v = 0; v < n; v++) {
		const tc_lane_op *o = &l->op[v];
		if (o->op != TC_LOP_BROADCAST)
			continue;
		if (!c.m && !(c.m = TC_ARENA_ARRAY(ar, mval, MV_MAX)))
			return TC_ENOMEM;
		if (!*out) {
			if (!(*out = TC_ARENA_ARRAY(ar, uint8_t, n)))
				return TC_ENOMEM;
			memset(*out, NOSEG, n);
		}
		/* the clamp operand, the same in every lane */
		uint64_t cv = (uint64_t)o->k[1];
		c.n = 0;
		if (o->a[1] != TC_NONE) {
			const mval *k = o->a[1] < n ? meval(&c, o->a[1]) : NULL;
			if (!k || k->kind != MV_KNOWN || !same_in_all(&c, k))
				continue;
			cv = k->v[0];
		} else if (cv == 0) {
			cv = 0x1f; /* the whole warp's */
		}
		uint32_t segmask = (uint32_t)(cv >> 8) & 31, w = 32 - segmask;
		if ((cv >> 13) || (w & (w - 1)) || ((uint32_t)cv & 31 & (w - 1)) != w - 1)
			continue;
		/* the mask: the full mask, or in each lane its segment */
		const mval *m = o->cond != TC_NONE && o->cond < n ? meval(&c, o->cond) : NULL;
		if (o->cond != TC_NONE && (!m || m->kind != MV_KNOWN))
			continue;
		bool holds = true;
		uint64_t ones = w >= 64 ? ~0ull : (1ull << w) - 1;
		for (uint32_t lane = 0; m && holds && lane < c.w; lane++) {
			uint64_t own = ones << (lane & ~(w - 1));
			holds = (m->v[lane] & own) == own;
		}
		if (holds)
			(*out)[v] = (uint8_t)log2_of(w);
	}
	return TC_OK;
}

int tc__lanes_const_span(int64_t k)
{
	uint64_t g = (uint64_t)k & 0xffffffffu;
	return k < 0 || !g ? -1 : span_of(g);
}

int tc__lanes_group_mask(tc_lanes *l, uint32_t v, const uint8_t *way, const tc_alloc *al,
			 bool *out, int *span)
{
	*out = false;
	if (span)
		*span = -1;
	if (!l->lg || l->lg > 6 || !l->op || v >= l->f.nvalues)
		return TC_OK;
	/* __match_any_sync's result, as labeled_partition passes it: the lanes
	 * holding one value name each other, whatever the lanes hold */
	uint32_t x = v;
	for (int steps = 0; steps < 8 && l->op[x].op == TC_LOP_COPY && l->op[x].a[0] < l->f.nvalues &&
			    (!l->op[x].bits || l->op[x].bits >= 32);
	     steps++)
		x = l->op[x].a[0];
	if (l->op[x].op == TC_LOP_MATCH) {
		*out = true;
		return TC_OK;
	}
	mctx c = {l, 1u << l->lg, tc__malloc(al, MV_MAX * sizeof(mval)), 0, way};
	if (!c.m)
		return TC_ENOMEM;
	const mval *m = meval(&c, v);
	bool ok = m && m->kind == MV_KNOWN;
	uint64_t all = c.w == 64 ? ~0ull : (1ull << c.w) - 1;
	int most = -1; /* the span, over the lanes */
	for (uint32_t lane = 0; m && m->kind == MV_KNOWN && lane < c.w; lane++) {
		uint64_t g = m->v[lane];
		unsigned size = (unsigned)__builtin_popcountll(g);
		uint64_t first = lane & ~(uint64_t)(size - 1);
		ok = ok && (g & ~all) == 0 && ((g >> lane) & 1) && size && !(size & (size - 1)) &&
		     g == ((size == 64 ? ~0ull : (1ull << size) - 1) << first);
		for (uint32_t j = (uint32_t)first; ok && j < first + size; j++)
			ok = m->v[j] == g;
		int k = g && !(g & ~all) ? span_of(g) : -1;
		if (k < 0 || most == -2) {
			most = -2;
			continue;
		}
		most = k > most ? k : most;
	}
	tc__free(al, c.m);
	*out = ok;
	if (span && most >= 0)
		*span = most;
	return TC_OK;
}
