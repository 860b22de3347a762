/*
 * affine.c - values whose thread terms cancel (affine.h).
 *
 * Every value gets a form: U (leaf: the value itself is its uniform part,
 * the form any value may have) or U + k*T (affine: T a class of thread
 * terms, k a constant kept modulo 2^64, exact when the value's signed
 * number is U + k*T without wrapping, zero when U is 0). The forms are an
 * optimistic fixpoint (a phi starts unknown, takes the form its incoming
 * values agree on, and falls to its own leaf, or an atom of its own, once
 * they disagree); any fixpoint is sound: each form is an identity of what
 * the value computes from its operands' forms, so it holds at every
 * evaluation by induction over the execution. A value whose operands'
 * thread terms cancel (cancelled) reads the stand-ins of their U instead of
 * them; a stand-in reads its value's operands' stand-ins (or the operands,
 * where they are leaves), in the same block, a phi where its value is one.
 */
#include "analysis/affine.h"
#include "analysis/scc.h"

#include <string.h>

enum { F_TOP, F_LEAF, F_AFF, F_BITS };

/* T's classes: the thread's index in a dimension of the block (0 .. 2),
 * its linear index (3), and any other value v that is read once (ATOM + v) */
#define CLASS_LINEAR 3u
#define ATOM 4u

typedef struct form {
	uint64_t k;
	uint64_t d; /* F_BITS: the bits that may differ from U's */
	uint32_t t;
	uint8_t st;
	uint8_t exact; /* the signed number is U + k*T (no wrap on the way) */
	uint8_t zero;  /* U is 0 */
	uint8_t bits;  /* the value's width where known */
	uint8_t wide;  /* F_BITS: the value has bytes past its first 8 (a
			* PTX call's argument of more), whose differences d
			* does not say: it is never a leaf of its U */
} form;

struct tc_affine {
	tc_alloc al;
	tc_arena ar;
	tc_ua_func g;
	uint32_t ncancelled;
	/* per value, for the roots only: the stand-in of its uniform part
	 * (TC_NONE: none) and the bits beyond it that may differ */
	uint32_t *part;
	uint64_t *part_d;
	tc_affine_term *part_t;
	uint32_t nv;
};

typedef struct aff {
	const tc_ua_func *f;
	const tc_lane_op *op;
	const uint32_t *bs;
	uint32_t nv, nb;
	form *fm;
	uint8_t *reach;  /* per value: a source reaches it by data */
	uint8_t *cyc;    /* per block: on a cycle */
	uint8_t *live;   /* per block: reached from the entry */
	uint8_t *idk;    /* per value: 1 + dim (local index), 4 + dim (global) */
	uint8_t *fixed;  /* per phi: fell to its fallback */
	uint8_t *atom;   /* per value: its U is no function of its operands */
	uint8_t *cut;    /* per value: its operands' thread terms cancel */
	uint32_t *ooff, *oval, *oblk; /* operands per value (user), with blocks */
	const tc_ua_ops *ops;         /* the caller's, or NULL */
	const tc_affine_extra *x;     /* or NULL */
} aff;

static uint64_t mask(uint64_t k, unsigned bits)
{
	return bits && bits < 64 ? k & ((UINT64_C(1) << bits) - 1) : k;
}

static bool same(form x, form y)
{
	return x.st == y.st && x.exact == y.exact && x.zero == y.zero &&
	       (x.st != F_AFF || (x.t == y.t && x.k == y.k)) &&
	       (x.st != F_BITS || (x.d == y.d && x.wide == y.wide));
}

static form leaf(bool zero, unsigned bits)
{
	return (form){0, 0, 0, F_LEAF, 1, (uint8_t)zero, (uint8_t)bits, 0};
}

static form affine(uint32_t t, uint64_t k, bool exact, bool zero, unsigned bits)
{
	return (form){k, 0, t, F_AFF, (uint8_t)exact, (uint8_t)zero, (uint8_t)bits, 0};
}

static form top(unsigned bits)
{
	return (form){0, 0, 0, F_TOP, 1, 1, (uint8_t)bits, 0};
}

/* The bits a value of width bits has (0: unknown, taken as 64). */
static uint64_t width_mask(unsigned bits)
{
	return mask(UINT64_MAX, bits);
}

/* The bits at and above the lowest of d: those a sum or a product may
 * carry a difference into. */
static uint64_t upward(uint64_t d)
{
	return d ? UINT64_MAX << __builtin_ctzll(d) : 0;
}

/* The bits of a value of form x (width bits) that may differ from its U's:
 * none of a leaf; of U + k*T those at and above k's lowest (the low bits of
 * k*T are 0 however it wraps). */
static uint64_t dbits(form x, unsigned bits)
{
	uint64_t w = width_mask(bits);
	if (x.st == F_AFF)
		return upward(mask(x.k, bits)) & w;
	if (x.st == F_BITS)
		return x.d & w;
	return 0;
}

/* What v is when no rule gives it a form: an atom (T = v itself, k = 1)
 * where a source reaches it and its block is on no cycle (one value per
 * thread), else its own leaf. */
static form fallback(aff *a, uint32_t v)
{
	unsigned bits = a->op[v].bits;
	uint32_t b = a->f->block[v];
	if (!a->reach[v])
		return leaf(false, bits);
	if (b == TC_NONE || (b < a->nb && !a->cyc[b])) {
		a->atom[v] = 1;
		return affine(ATOM + v, 1, true, true, bits);
	}
	return leaf(false, bits);
}

/* A value whose bits d may differ from U's, the others are U's (U made
 * from its operands' U as the value from its operands): a leaf where d is
 * empty (*cancel where an operand had a thread term: it reads their U),
 * nothing known where d is all of it. */
static form bits_form(aff *a, uint32_t v, uint64_t d, bool thread, bool *cancel)
{
	unsigned bits = a->op[v].bits;
	d &= width_mask(bits);
	if (!d) {
		*cancel = thread;
		return leaf(false, bits);
	}
	if (d == width_mask(bits))
		return fallback(a, v);
	return (form){0, d, 0, F_BITS, 0, 0, (uint8_t)bits, 0};
}

/* The same, of a wide value (form.wide): never a leaf of its U. */
static form wide_form(aff *a, uint32_t v, uint64_t d)
{
	unsigned bits = a->op[v].bits;
	d &= width_mask(bits);
	if (d == width_mask(bits))
		return fallback(a, v);
	return (form){0, d, 0, F_BITS, 0, 0, (uint8_t)bits, 1};
}

/* The thread's index in dimension d (local), or the block's first index
 * plus it (global); in a dimension of size 1 the one is 0 and the other
 * the block's index. */
static form thread_index(aff *a, uint32_t v, unsigned d, bool global)
{
	unsigned bits = a->op[v].bits;
	if (a->bs[d] == 1)
		return leaf(!global, bits);
	a->atom[v] = 1;
	return affine(d, 1, !global, !global, bits);
}

static form operand(const aff *a, const tc_lane_op *o, int i, unsigned bits)
{
	if (o->flags & (i ? TC_LOP_K1 : TC_LOP_K0))
		return leaf(mask((uint64_t)o->k[i], bits) == 0, bits);
	uint32_t x = o->a[i];
	if (x == TC_NONE || x >= a->nv)
		return leaf(false, bits);
	return a->fm[x];
}

/* x + s*y (s = 1 or -1). */
static form add(aff *a, uint32_t v, form x, form y, int s, bool *cancel)
{
	const tc_lane_op *o = &a->op[v];
	bool nsw = o->flags & TC_LOP_NSW;
	if (x.st == F_TOP || y.st == F_TOP)
		return top(0);
	if (x.st == F_LEAF && y.st == F_LEAF)
		return leaf(x.zero && y.zero, o->bits);
	if (x.st == F_BITS || y.st == F_BITS) /* carries go up only */
		return bits_form(a, v, upward(dbits(x, o->bits) | dbits(y, o->bits)), true, cancel);
	if (x.st == F_AFF && y.st == F_AFF && x.t != y.t)
		return fallback(a, v);
	int64_t kx = x.st == F_AFF ? (int64_t)x.k : 0, ky = y.st == F_AFF ? (int64_t)y.k : 0, k;
	bool over = s > 0 ? __builtin_add_overflow(kx, ky, &k) : __builtin_sub_overflow(kx, ky, &k);
	uint64_t uk = s > 0 ? (uint64_t)kx + (uint64_t)ky : (uint64_t)kx - (uint64_t)ky;
	bool zero = x.zero && y.zero;
	if (mask(uk, o->bits) == 0) {
		*cancel = true;
		return leaf(zero, o->bits);
	}
	return affine(x.st == F_AFF ? x.t : y.t, uk, nsw && !over && x.exact && y.exact, zero,
		      o->bits);
}

/* x * c. */
static form scale(aff *a, uint32_t v, form x, uint64_t c, bool *cancel)
{
	const tc_lane_op *o = &a->op[v];
	if (x.st == F_TOP)
		return x;
	bool czero = mask(c, o->bits) == 0;
	if (x.st == F_LEAF)
		return leaf(x.zero || czero, o->bits);
	if (x.st == F_BITS) {
		if (czero) {
			*cancel = true;
			return leaf(true, o->bits);
		}
		uint64_t d = upward(dbits(x, o->bits));
		return bits_form(a, v, d << __builtin_ctzll(mask(c, o->bits)), true, cancel);
	}
	int64_t k;
	bool over = __builtin_mul_overflow((int64_t)x.k, (int64_t)c, &k);
	uint64_t uk = x.k * c;
	if (mask(uk, o->bits) == 0) {
		*cancel = true;
		return leaf(x.zero || czero, o->bits);
	}
	return affine(x.t, uk, (o->flags & TC_LOP_NSW) && !over && x.exact, x.zero, o->bits);
}

/* A comparison of x with y: a leaf whose operands' thread terms cancel
 * when they have the same k*T, and for an ordered one when neither wraps
 * (signed only). */
static form compare(aff *a, uint32_t v, bool ordered, bool cancel_ok, bool *cancel)
{
	const tc_lane_op *o = &a->op[v];
	form x = operand(a, o, 0, 0), y = operand(a, o, 1, 0);
	if (x.st == F_TOP || y.st == F_TOP)
		return top(0);
	if (x.st == F_LEAF && y.st == F_LEAF)
		return leaf(false, o->bits);
	if (cancel_ok && x.st == F_AFF && y.st == F_AFF && x.t == y.t && x.k == y.k &&
	    (!ordered || (x.exact && y.exact))) {
		*cancel = true;
		return leaf(false, o->bits);
	}
	return fallback(a, v);
}

/* Whether form x says more of its low bits than that it differs: a
 * part that is its U's (F_BITS), or a thread term scaled (U + k*T, k not
 * 1: k*T's low bits are 0). A value of neither kind (the thread's index,
 * one of its own) stays what fallback makes it, whose thread terms may
 * cancel in sums. */
static bool has_bits(form x)
{
	return x.st == F_BITS || (x.st == F_AFF && x.k != 1);
}

/* A copy of x (not a truncation of U + k*T): its bits, and where it
 * widens, the bits above x's width where x's highest bit may differ (a
 * sign extension). */
static form copy_bits(aff *a, uint32_t v, form x, bool *cancel)
{
	const tc_lane_op *o = &a->op[v];
	if (o->flags & TC_LOP_TRUNC) /* its low bits only, wide or not */
		return bits_form(a, v, dbits(x, o->bits), true, cancel);
	if (x.wide) /* a copy of the whole */
		return (o->bits == 0 || o->bits == x.bits) ? x : fallback(a, v);
	if (!x.bits || (o->bits && o->bits < x.bits))
		return fallback(a, v);
	uint64_t d = dbits(x, x.bits);
	if ((d >> (x.bits - 1)) & 1)
		d |= width_mask(o->bits) & ~width_mask(x.bits);
	return bits_form(a, v, d, true, cancel);
}

/* and, or, xor, a shift right, an unsigned remainder or quotient: what
 * their operands' bits give, where that is a leaf (what differs is masked
 * off: it reads its operands' U) or an operand had bits to give; else its
 * fallback, as any value's. */
static form bit_op(aff *a, uint32_t v, bool *cancel)
{
	const tc_lane_op *o = &a->op[v];
	form x = operand(a, o, 0, o->bits), y = operand(a, o, 1, o->bits);
	if (x.st == F_TOP || y.st == F_TOP)
		return top(o->bits);
	if (x.st == F_LEAF && y.st == F_LEAF)
		return fallback(a, v);
	uint64_t dx = dbits(x, o->bits), dy = dbits(y, o->bits), w = width_mask(o->bits), d;
	bool k1 = (o->flags & TC_LOP_K1) && !(o->flags & TC_LOP_K0);
	uint64_t c = (uint64_t)o->k[1] & w;
	unsigned sh = k1 && c < 64 ? (unsigned)c : 64;
	switch (o->op) {
	case TC_LOP_AND:
		d = (o->flags & TC_LOP_K1) ? dx & (uint64_t)o->k[1]
		    : (o->flags & TC_LOP_K0) ? dy & (uint64_t)o->k[0]
					     : dx | dy;
		break;
	case TC_LOP_OR:
	case TC_LOP_XOR:
		d = dx | dy;
		break;
	case TC_LOP_LSHR:
	case TC_LOP_ASHR:
		if (sh >= 64 || !o->bits || sh >= o->bits)
			return fallback(a, v);
		d = dx >> sh;
		if (o->op == TC_LOP_ASHR && ((dx >> (o->bits - 1)) & 1))
			d |= w & ~(w >> sh);
		break;
	case TC_LOP_UREM: /* by a power of 2: its low bits */
	case TC_LOP_UDIV:
		if (!k1 || !c || (c & (c - 1)))
			return fallback(a, v);
		d = o->op == TC_LOP_UREM ? dx & (c - 1) : dx >> __builtin_ctzll(c);
		break;
	default:
		return fallback(a, v);
	}
	if ((d & w) && !has_bits(x) && !has_bits(y))
		return fallback(a, v);
	return bits_form(a, v, d, true, cancel);
}

/* A part stored into the first 8 bytes of a word (TC_LOP_PART): the
 * word's bits but those the part replaces, which are the part's; bits
 * above what the word had before are not known. */
static form part_form(aff *a, uint32_t v, bool *cancel)
{
	const tc_lane_op *o = &a->op[v];
	form x = operand(a, o, 0, 0), y = operand(a, o, 1, 0);
	if (x.st == F_TOP || y.st == F_TOP)
		return top(o->bits);
	if ((x.st == F_LEAF && y.st == F_LEAF) || o->k[0] < 0 || o->k[1] <= 0 || o->k[1] > 8 ||
	    y.wide)
		return fallback(a, v);
	uint64_t dx = dbits(x, x.bits) | ~width_mask(x.bits);
	if (o->k[0] >= 8) /* its first 8 bytes are x's, the rest not said */
		return wide_form(a, v, dx);
	if (o->k[0] + o->k[1] > 8 || o->k[1] >= 8)
		return fallback(a, v);
	unsigned off = 8 * (unsigned)o->k[0], size = 8 * (unsigned)o->k[1];
	uint64_t pm = width_mask(size) << off;
	uint64_t dy = dbits(y, y.bits) & width_mask(size), d = (dx & ~pm) | (dy << off);
	return x.wide ? wide_form(a, v, d) : bits_form(a, v, d, true, cancel);
}

/* The form of value v (not a phi) from its operands'; *cancel: its
 * operands' thread terms cancel. */
static form transfer(aff *a, uint32_t v, bool *cancel)
{
	const tc_lane_op *o = &a->op[v];
	*cancel = false;
	a->atom[v] = 0;
	if (a->idk[v])
		return a->idk[v] <= 3 ? thread_index(a, v, a->idk[v] - 1u, false)
				      : thread_index(a, v, a->idk[v] - 4u, true);
	if ((a->f->kind[v] & TC_UA_SOURCE) && o->op != TC_LOP_TID_X && o->op != TC_LOP_TID_Y &&
	    o->op != TC_LOP_TID_Z && o->op != TC_LOP_TID_LINEAR) {
		/* differs whatever its operands, by the thread term or in the
		 * bits a caller says */
		const tc_affine_term *tm = a->x && a->x->src_term ? &a->x->src_term[v] : NULL;
		if (tm && tm->t >= 1 && tm->t <= 4 && tm->bits && (!o->bits || tm->bits == o->bits) &&
		    mask(tm->k, tm->bits)) { /* of the caller's width where it says none */
			a->atom[v] = 1;
			return affine(tm->t - 1u, mask(tm->k, tm->bits), tm->exact, false, tm->bits);
		}
		uint64_t d = a->x && a->x->src_bits ? a->x->src_bits[v] & width_mask(o->bits) : 0;
		if (d && d != width_mask(o->bits)) {
			a->atom[v] = 1;
			return (form){0, d, 0, F_BITS, 0, 0, o->bits, 0};
		}
		return fallback(a, v);
	}
	switch (o->op) {
	case TC_LOP_TID_X:
	case TC_LOP_TID_Y:
	case TC_LOP_TID_Z:
		return thread_index(a, v, (unsigned)(o->op - TC_LOP_TID_X), false);
	case TC_LOP_TID_LINEAR:
		if (a->bs[1] == 1 && a->bs[2] == 1) /* a row: tid.x */
			return thread_index(a, v, 0, false);
		a->atom[v] = 1;
		return affine(CLASS_LINEAR, 1, true, true, o->bits);
	default:
		break;
	}
	if (o->op == TC_LOP_OTHER && (o->flags & TC_LOP_PART))
		return part_form(a, v, cancel);
	if (o->op != TC_LOP_COPY && (operand(a, o, 0, 0).wide || operand(a, o, 1, 0).wide))
		return fallback(a, v); /* it reads more than a word */
	switch (o->op) {
	case TC_LOP_ADD:
	case TC_LOP_SUB:
		return add(a, v, operand(a, o, 0, o->bits), operand(a, o, 1, o->bits),
			   o->op == TC_LOP_ADD ? 1 : -1, cancel);
	case TC_LOP_MUL: {
		form x = operand(a, o, 0, o->bits), y = operand(a, o, 1, o->bits);
		if (o->flags & TC_LOP_K1)
			return scale(a, v, x, (uint64_t)o->k[1], cancel);
		if (o->flags & TC_LOP_K0)
			return scale(a, v, y, (uint64_t)o->k[0], cancel);
		if (x.st == F_TOP || y.st == F_TOP)
			return top(0);
		if (x.st == F_LEAF && y.st == F_LEAF)
			return leaf(x.zero || y.zero, o->bits);
		if ((x.st == F_LEAF && x.zero) || (y.st == F_LEAF && y.zero)) {
			*cancel = true; /* 0 * (U + k*T) */
			return leaf(true, o->bits);
		}
		if (x.st == F_BITS || y.st == F_BITS) /* the low bits of a product */
			return bits_form(a, v, upward(dbits(x, o->bits) | dbits(y, o->bits)), true,
					 cancel);
		return fallback(a, v);
	}
	case TC_LOP_SHL: {
		form x = operand(a, o, 0, o->bits);
		if ((o->flags & TC_LOP_K1) && !(o->flags & TC_LOP_K0) && o->k[1] >= 0 &&
		    o->k[1] < (o->bits ? o->bits : 64) && o->k[1] < 63)
			return x.st == F_BITS ? bits_form(a, v, dbits(x, o->bits) << o->k[1], true,
							  cancel)
					      : scale(a, v, x, UINT64_C(1) << o->k[1], cancel);
		form y = operand(a, o, 1, 0);
		if (x.st == F_TOP || y.st == F_TOP)
			return top(0);
		if (x.st == F_LEAF && y.st == F_LEAF)
			return leaf(x.zero, o->bits);
		return fallback(a, v);
	}
	case TC_LOP_COPY: {
		if (o->flags & TC_LOP_K0)
			return leaf(o->k[0] == 0, o->bits);
		form x = operand(a, o, 0, 0);
		if (x.st == F_AFF && !(o->flags & TC_LOP_TRUNC) && (!o->bits || o->bits == x.bits))
			return x; /* the same value, at its width */
		if (x.st == F_BITS || (x.st == F_AFF && !(o->flags & TC_LOP_TRUNC) && x.k != 1))
			return copy_bits(a, v, x, cancel);
		if (x.st != F_AFF)
			return x.st == F_TOP ? x : leaf(x.zero, o->bits);
		if (o->flags & TC_LOP_TRUNC) {
			/* the low bits of U + k*T are those of U plus k*T's */
			if (mask(x.k, o->bits) == 0) {
				*cancel = true;
				return leaf(x.zero, o->bits);
			}
			return affine(x.t, x.k, x.exact && x.bits && o->bits >= x.bits, x.zero,
				      o->bits); /* exact where nothing is cut off */
		}
		/* widened: the thread's index in the block itself (under
		 * 2^31: not negative) is the same number at any width; nothing
		 * else is known */
		if (x.t < ATOM && x.zero && x.k == 1 && x.bits >= 32)
			return affine(x.t, 1, true, true, x.bits);
		return fallback(a, v);
	}
	case TC_LOP_AND:
	case TC_LOP_OR:
	case TC_LOP_XOR:
	case TC_LOP_LSHR:
	case TC_LOP_ASHR:
	case TC_LOP_UREM:
	case TC_LOP_UDIV:
		return bit_op(a, v, cancel);
	case TC_LOP_EQ:
	case TC_LOP_NE:
		return compare(a, v, false, true, cancel);
	case TC_LOP_SLT:
	case TC_LOP_SLE:
	case TC_LOP_SGT:
	case TC_LOP_SGE:
		return compare(a, v, true, true, cancel);
	case TC_LOP_ULT:
	case TC_LOP_ULE:
	case TC_LOP_UGT:
	case TC_LOP_UGE:
		return compare(a, v, true, false, cancel);
	default:
		return fallback(a, v);
	}
}

/* A phi's form: what its incoming values agree on (constants and values
 * not the function's are leaves), once it has had one; else its fallback
 * for good. */
static form phi_form(aff *a, uint32_t v)
{
	const tc_lane_op *o = &a->op[v];
	form m = top(o->bits);
	bool bad = o->op != TC_LOP_PHI;
	if (o->flags & TC_LOP_KANY)
		m = leaf(false, o->bits);
	else if (o->flags & TC_LOP_K0)
		m = leaf(mask((uint64_t)o->k[0], o->bits) == 0, o->bits);
	for (uint32_t x = a->ooff[v]; x < a->ooff[v + 1] && !bad; x++) {
		form y = a->fm[a->oval[x]];
		if (y.st == F_TOP)
			continue;
		if (m.st == F_TOP) {
			m = y;
			m.bits = o->bits;
		} else if (m.st == F_BITS || y.st == F_BITS) { /* the bits of either */
			m = (form){0,       dbits(m, o->bits) | dbits(y, o->bits), 0, F_BITS, 0, 0,
				   o->bits, (uint8_t)(m.wide | y.wide)};
		} else if (m.st != y.st || (m.st == F_AFF && (m.t != y.t || m.k != y.k))) {
			bad = true;
		} else {
			m.exact &= y.exact;
			m.zero &= y.zero;
		}
	}
	/* once it has a form, only its flags may fall (as its incoming
	 * values' do), or its bits that may differ grow */
	form c = a->fm[v];
	if (!bad && m.st != F_TOP && (c.st == F_BITS || (m.st == F_BITS && c.st == F_AFF)))
		m = (form){0,	    dbits(m, o->bits) | dbits(c, o->bits), 0, F_BITS, 0, 0,
			   o->bits, (uint8_t)(m.wide | c.wide)};
	if (m.st == F_BITS && (m.d & width_mask(o->bits)) == width_mask(o->bits))
		bad = true;
	if (!bad && (c.st == F_TOP || m.st == F_TOP || m.st == F_BITS ||
		     (m.st == c.st && (m.st != F_AFF || (m.t == c.t && m.k == c.k)))))
		return m.st == F_TOP ? c : m;
	a->fixed[v] = 1;
	return fallback(a, v);
}

/* ---- what the function's shape gives ------------------------------------------ */

static int shape(aff *a, tc_arena *ar, const tc_thread_id *ids, uint32_t nids)
{
	const tc_ua_func *f = a->f;
	uint32_t nv = a->nv, nb = a->nb;
	a->fm = TC_ARENA_ARRAY(ar, form, (size_t)nv + 1);
	a->reach = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)nv + 1);
	a->idk = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)nv + 1);
	a->fixed = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)nv + 1);
	a->atom = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)nv + 1);
	a->cut = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)nv + 1);
	a->cyc = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)nb + 1);
	a->live = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)nb + 1);
	uint32_t *stack = TC_ARENA_ARRAY(ar, uint32_t, (size_t)(nv > nb ? nv : nb) + 1);
	if (!a->fm || !a->reach || !a->idk || !a->fixed || !a->atom || !a->cut || !a->cyc ||
	    !a->live || !stack)
		return TC_ENOMEM;
	if (a->ops && a->ops->off) {
		a->ooff = a->ops->off;
		a->oval = a->ops->val;
		a->oblk = a->ops->blk;
	} else if (tc__ua_operands(ar, f, &a->ooff, &a->oval, &a->oblk)) {
		return TC_ENOMEM;
	}
	/* the thread's indices the reader names */
	for (uint32_t k = 0; k < nids; k++)
		if (ids[k].value < nv && ids[k].dim <= 2 && ids[k].whole)
			a->idk[ids[k].value] = (uint8_t)((ids[k].global ? 4 : 1) + ids[k].dim);
	/* what a source reaches by data */
	uint32_t top = 0;
	for (uint32_t v = 0; v < nv; v++)
		if (f->kind[v] & TC_UA_SOURCE) {
			a->reach[v] = 1;
			stack[top++] = v;
		}
	while (top > 0) {
		uint32_t v = stack[--top];
		for (uint32_t x = f->use_off[v]; x < f->use_off[v + 1]; x++) {
			uint32_t u = f->user[x];
			if (u == TC_NONE || u >= nv || a->reach[u] || (f->kind[u] & TC_UA_UNIFORM))
				continue;
			a->reach[u] = 1;
			stack[top++] = u;
		}
	}
	/* blocks reached from the entry, and blocks on cycles */
	if (nb) {
		a->live[0] = 1;
		stack[top++] = 0;
	}
	while (top > 0) {
		uint32_t b = stack[--top];
		for (uint32_t x = f->succ_off[b]; x < f->succ_off[b + 1]; x++) {
			uint32_t s = f->succ[x];
			if (s < nb && !a->live[s]) {
				a->live[s] = 1;
				stack[top++] = s;
			}
		}
	}
	/* the blocks with the virtual exit, which is on no cycle */
	uint32_t *comp = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nb + 2);
	if (!comp)
		return TC_ENOMEM;
	tc_digraph g;
	uint32_t ncomp = 0;
	uint8_t *cyclic = NULL;
	int rc;
	if ((rc = tc__digraph_blocks(ar, &g, nb, f->succ_off, f->succ)) ||
	    (rc = tc__scc(ar, &g, NULL, comp, &ncomp, &cyclic)))
		return rc;
	for (uint32_t b = 0; b < nb; b++)
		a->cyc[b] = comp[b] != TC_NONE && cyclic && cyclic[comp[b]];
	return TC_OK;
}

/* The optimistic fixpoint of the forms. TC_OK, 1 when it did not settle
 * (nothing is then rewired), TC_ENOMEM. */
static int forms(aff *a, tc_arena *ar)
{
	const tc_ua_func *f = a->f;
	uint32_t nv = a->nv;
	uint32_t *queue = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nv + 1);
	uint8_t *inq = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)nv + 1);
	if (!queue || !inq)
		return TC_ENOMEM;
	uint32_t head = 0, len = 0;
	for (uint32_t v = 0; v < nv; v++) {
		uint32_t b = f->block[v];
		if (b != TC_NONE && (b >= a->nb || !a->live[b])) {
			a->fm[v] = leaf(false, a->op[v].bits); /* never runs */
			a->fixed[v] = 1;
			continue;
		}
		a->fm[v] = top(a->op[v].bits);
		queue[len++] = v;
		inq[v] = 1;
	}
	uint64_t steps = 0, cap = 64 * (uint64_t)nv + 1024;
	while (len > 0) {
		if (++steps > cap)
			return 1;
		uint32_t v = queue[head];
		head = head + 1 == nv + 1 ? 0 : head + 1;
		len--;
		inq[v] = 0;
		if (a->fixed[v] && a->fm[v].st != F_TOP)
			continue;
		bool cancel = false;
		form n = (f->kind[v] & TC_UA_PHI) ? phi_form(a, v) : transfer(a, v, &cancel);
		a->cut[v] = cancel;
		if (same(n, a->fm[v]))
			continue;
		a->fm[v] = n;
		for (uint32_t x = f->use_off[v]; x < f->use_off[v + 1]; x++) {
			uint32_t u = f->user[x];
			if (u == TC_NONE || u >= nv || inq[u] || (a->fixed[u] && a->fm[u].st != F_TOP))
				continue;
			inq[u] = 1;
			queue[(head + len) % (nv + 1)] = u;
			len++;
		}
	}
	for (uint32_t v = 0; v < nv; v++)
		if (a->fm[v].st == F_TOP)
			return 1;
	return TC_OK;
}

/* ---- the description with the stand-ins ------------------------------------- */

/* Whether a value of form x has a uniform part apart from it: U + k*T,
 * or bits of U's. */
static bool split(form x)
{
	return x.st == F_AFF || x.st == F_BITS;
}

/* Whether form x is U + k*T with T the thread's index (in a dimension, or
 * linear), of a known width: what a caller may pass on. */
static bool thread_term(form x)
{
	return x.st == F_AFF && x.t < ATOM && x.bits;
}

static int rewire(tc_affine *out, aff *a, tc_arena *ar)
{
	const tc_ua_func *f = a->f;
	uint32_t nv = a->nv, nuse = f->use_off[nv];
	uint8_t *cancel = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)nv + 1);
	uint32_t *sid = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nv + 1);
	uint32_t *order = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nv + 1);
	if (!cancel || !sid || !order)
		return TC_ENOMEM;
	memset(sid, 0xff, ((size_t)nv + 1) * sizeof *sid);
	uint32_t ncancel = 0, ns = 0;
	/* a value's last transfer in forms() read its operands' final forms:
	 * its cut and atom marks are those of the fixpoint */
	for (uint32_t v = 0; v < nv; v++) {
		if ((f->kind[v] & TC_UA_PHI) || a->fixed[v] || !a->cut[v])
			continue;
		/* it reads stand-ins only where an operand has a thread term */
		bool any = false;
		for (uint32_t x = a->ooff[v]; x < a->ooff[v + 1]; x++)
			any |= split(a->fm[a->oval[x]]);
		if (!any)
			continue;
		cancel[v] = 1;
		ncancel++;
		for (uint32_t x = a->ooff[v]; x < a->ooff[v + 1]; x++) {
			uint32_t w = a->oval[x];
			if (split(a->fm[w]) && sid[w] == TC_NONE) {
				sid[w] = nv + ns;
				order[ns++] = w;
			}
		}
	}
	/* the roots' */
	uint32_t nroot = 0;
	for (uint32_t i = 0; a->x && a->x->roots && i < a->x->nroots; i++) {
		uint32_t w = a->x->roots[i];
		if (w >= nv || !split(a->fm[w]))
			continue;
		uint64_t d = dbits(a->fm[w], a->fm[w].bits);
		if ((d & width_mask(a->fm[w].bits)) == width_mask(a->fm[w].bits) &&
		    !thread_term(a->fm[w]))
			continue; /* says nothing */
		nroot++;
		if (sid[w] == TC_NONE) {
			sid[w] = nv + ns;
			order[ns++] = w;
		}
	}
	out->ncancelled = ncancel;
	if (!ncancel && !nroot)
		return TC_OK;
	/* the stand-ins their stand-ins read, in turn */
	size_t nextra = 0;
	for (uint32_t i = 0; i < ns; i++) {
		uint32_t w = order[i];
		if (a->atom[w])
			continue;
		nextra += a->ooff[w + 1] - a->ooff[w];
		for (uint32_t x = a->ooff[w]; x < a->ooff[w + 1]; x++) {
			uint32_t y = a->oval[x];
			if (split(a->fm[y]) && sid[y] == TC_NONE) {
				sid[y] = nv + ns;
				order[ns++] = y;
			}
		}
	}
	size_t total = (size_t)nuse + nextra, nv2 = (size_t)nv + ns;
	if (total >= UINT32_MAX || nv2 >= UINT32_MAX - 2 - f->nblocks)
		return TC_ELIMIT;
	tc_arena *oar = &out->ar;
	uint32_t *used = TC_ARENA_ARRAY(ar, uint32_t, total + 1);
	uint32_t *uidx = TC_ARENA_ARRAY(ar, uint32_t, total + 1);
	uint32_t *usr = TC_ARENA_ARRAY(ar, uint32_t, total + 1);
	uint32_t *ublk = TC_ARENA_ARRAY(ar, uint32_t, total + 1);
	uint32_t *use_off = TC_ARENA_ZARRAY(oar, uint32_t, nv2 + 1);
	uint32_t *user = TC_ARENA_ARRAY(oar, uint32_t, total + 1);
	uint32_t *use_block = TC_ARENA_ARRAY(oar, uint32_t, total + 1);
	uint32_t *block = TC_ARENA_ARRAY(oar, uint32_t, nv2 + 1);
	uint8_t *kind = TC_ARENA_ARRAY(oar, uint8_t, nv2 + 1);
	if (!used || !uidx || !usr || !ublk || !use_off || !user || !use_block || !block || !kind)
		return TC_ENOMEM;
	size_t n = 0;
	for (uint32_t w = 0; w < nv; w++)
		for (uint32_t x = f->use_off[w]; x < f->use_off[w + 1]; x++) {
			uint32_t u = f->user[x];
			bool moved = u != TC_NONE && u < nv && cancel[u] && split(a->fm[w]);
			used[n] = moved ? sid[w] : w;
			usr[n] = u;
			ublk[n++] = f->use_block[x];
		}
	for (uint32_t i = 0; i < ns; i++) {
		uint32_t w = order[i];
		if (a->atom[w])
			continue;
		for (uint32_t x = a->ooff[w]; x < a->ooff[w + 1]; x++) {
			uint32_t y = a->oval[x];
			used[n] = split(a->fm[y]) ? sid[y] : y;
			usr[n] = nv + i;
			ublk[n++] = a->oblk[x];
		}
	}
	tc__csr_fill((uint32_t)nv2, (uint32_t)n, used, NULL, use_off, uidx);
	for (size_t x = 0; x < n; x++) {
		user[x] = usr[uidx[x]];
		use_block[x] = ublk[uidx[x]];
	}
	memcpy(block, f->block, (size_t)nv * sizeof *block);
	memcpy(kind, f->kind, nv);
	for (uint32_t i = 0; i < ns; i++) {
		block[nv + i] = f->block[order[i]];
		kind[nv + i] = (uint8_t)(TC_UA_PURE | (f->kind[order[i]] & TC_UA_PHI));
	}
	if (nroot) {
		out->nv = nv;
		out->part = TC_ARENA_ARRAY(oar, uint32_t, (size_t)nv + 1);
		out->part_d = TC_ARENA_ZARRAY(oar, uint64_t, (size_t)nv + 1);
		out->part_t = TC_ARENA_ZARRAY(oar, tc_affine_term, (size_t)nv + 1);
		if (!out->part || !out->part_d || !out->part_t)
			return TC_ENOMEM;
		memset(out->part, 0xff, ((size_t)nv + 1) * sizeof *out->part);
		for (uint32_t i = 0; i < a->x->nroots; i++) {
			uint32_t w = a->x->roots[i];
			if (w >= nv || sid[w] == TC_NONE)
				continue;
			out->part[w] = sid[w]; /* bits above its width: not known */
			out->part_d[w] = dbits(a->fm[w], a->fm[w].bits) | ~width_mask(a->fm[w].bits);
			if (thread_term(a->fm[w]))
				out->part_t[w] = (tc_affine_term){a->fm[w].k, (uint8_t)(a->fm[w].t + 1),
								  a->fm[w].exact, a->fm[w].bits};
		}
	}
	out->g = *f;
	out->g.nvalues = (uint32_t)nv2;
	out->g.block = block;
	out->g.kind = kind;
	out->g.use_off = use_off;
	out->g.user = user;
	out->g.use_block = use_block;
	return TC_OK;
}

int tc__affine(tc_affine **out, const tc_ua_func *f, const tc_lane_op *op, const tc_ua_ops *ops,
	       const tc_thread_id *ids, uint32_t nids, const uint32_t block_size[3],
	       const tc_affine_extra *extra, const tc_alloc *al)
{
	*out = NULL;
	if (!op || !f->nvalues || f->nvalues >= UINT32_MAX - ATOM - 1)
		return TC_OK;
	tc_affine *r = tc__calloc(al, 1, sizeof *r);
	if (!r)
		return TC_ENOMEM;
	r->al = *al;
	tc__arena_init(&r->ar, &r->al);
	tc_arena scratch;
	tc__arena_init(&scratch, &r->al);
	static const uint32_t unknown[3] = {0, 0, 0};
	aff a = {.f = f,
		 .op = op,
		 .ops = ops,
		 .x = extra,
		 .bs = block_size ? block_size : unknown,
		 .nv = f->nvalues,
		 .nb = f->nblocks};
	int rc = shape(&a, &scratch, ids, nids);
	if (!rc)
		rc = forms(&a, &scratch);
	if (rc == 1) /* did not settle: nothing rewired */
		rc = TC_OK;
	else if (!rc)
		rc = rewire(r, &a, &scratch);
	tc__arena_free(&scratch);
	if (rc || (!r->ncancelled && !r->part)) {
		tc__affine_free(r);
		return rc;
	}
	*out = r;
	return TC_OK;
}

const tc_ua_func *tc__affine_func(const tc_affine *a)
{
	return &a->g;
}

uint32_t tc__affine_part(const tc_affine *a, uint32_t v, uint64_t *d)
{
	*d = 0;
	if (!a || !a->part || v >= a->nv || a->part[v] == TC_NONE)
		return TC_NONE;
	*d = a->part_d[v];
	return a->part[v];
}

void tc__affine_term_of(const tc_affine *a, uint32_t v, tc_affine_term *term)
{
	*term = (tc_affine_term){0, 0, 0, 0};
	if (a && a->part && v < a->nv && a->part[v] != TC_NONE)
		*term = a->part_t[v];
}

uint32_t tc__affine_cancelled(const tc_affine *a)
{
	return a ? a->ncancelled : 0;
}

void tc__affine_free(tc_affine *a)
{
	if (!a)
		return;
	tc_alloc al = a->al;
	tc__arena_free(&a->ar);
	tc__free(&al, a);
}
