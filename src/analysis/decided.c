/*
 * decided.c - branches that go one way (decided.h): each branch condition
 * evaluated backwards through what folds, with an explicit stack (no
 * recursion), then the blocks reached from the entry along the ways the
 * branches may go.
 *
 * A value's fold is the bits of it that are known (kb) and their values:
 * a word made of a field that is known and one that is not (cooperative
 * groups keep a group's type in the low bits of a word whose other bits
 * count its lanes) still decides a branch on the known field. A phi's
 * known bits are those its incoming values agree on; in a cycle, an
 * incoming value not folded yet counts as not known (sound, and one pass).
 */
#include "analysis/decided.h"
#include "analysis/traced.h"
#include "graph/graph.h"

#include <string.h>

enum { S_NEW, S_BUSY, S_DONE };

struct tc_decided {
	tc_decided_fn fn;
	const tc_alloc *al;
	uint64_t kmask;
	int64_t k[64];
	uint64_t pkmask;           /* parameters some of whose bits are known: */
	uint64_t pknown[64], pk[64]; /* those bits, and their values */
	uint32_t n;      /* values */
	uint32_t *pidx;  /* per value: the parameter it reads, or TC_NONE */
	uint8_t *state;  /* per value: S_* */
	uint64_t *kb;    /* per value (S_DONE): its known bits, of its width */
	uint64_t *val;   /* per value: their values (0 elsewhere) */
	uint32_t *stack;
	tc_arena ar;     /* the operands of each value, once a phi is met */
	const uint32_t *opoff, *opval; /* the caller's, or made in ar; NULL */
	bool ops_tried;
	bool oom; /* making them ran out of memory (tc__decided_status) */
};
typedef struct tc_decided fold_ctx;

static unsigned width(unsigned bits)
{
	return bits == 0 || bits > 64 ? 64 : bits;
}

static uint64_t zext(uint64_t x, unsigned bits)
{
	return bits >= 64 ? x : x & (((uint64_t)1 << bits) - 1);
}

static int64_t sext(uint64_t x, unsigned bits)
{
	if (bits >= 64)
		return (int64_t)x;
	uint64_t sign = (uint64_t)1 << (bits - 1);
	return (int64_t)((zext(x, bits) ^ sign) - sign);
}

static uint64_t ones(unsigned bits)
{
	return zext(~UINT64_C(0), bits);
}

static bool is_cmp(uint8_t op)
{
	return op >= TC_LOP_EQ && op <= TC_LOP_SGE;
}

/* Whether op folds here (whole or in some bits); its value operands are
 * a[0], a[1] and, for a select, cond; a phi's, its incoming values. */
static bool folds(const tc_lane_op *o)
{
	uint8_t op = o->op;
	return (op >= TC_LOP_COPY && op <= TC_LOP_SGE) || op == TC_LOP_SELECT ||
	       op == TC_LOP_UMIN || op == TC_LOP_POPC || op == TC_LOP_PHI ||
	       (op == TC_LOP_OTHER && (o->flags & TC_LOP_PART));
}

/* The value operands of op o, into w (3 at most; not a phi's). */
static unsigned operands(const fold_ctx *c, const tc_lane_op *o, uint32_t w[3])
{
	unsigned n = 0;
	for (int i = 0; i < 2; i++)
		if (!(o->flags & (i ? TC_LOP_K1 : TC_LOP_K0)) && o->a[i] < c->n)
			w[n++] = o->a[i];
	if (o->op == TC_LOP_SELECT && o->cond < c->n)
		w[n++] = o->cond;
	return n;
}

/* Some bits of a value of w bits: k those known, v their values; sized:
 * w is the value's own width (not 64 for a width not said). */
typedef struct kbits {
	uint64_t v, k;
	unsigned w;
	bool sized;
} kbits;

static bool whole(kbits x)
{
	return x.k == ones(x.w);
}

/* x zero-extended (known zeros above) or truncated to w bits. */
static kbits zero_extend(kbits x, unsigned w)
{
	uint64_t up = x.w < w ? ones(w) & ~ones(x.w) : 0;
	return (kbits){zext(x.v, w), zext(x.k, w) | up, w, true};
}

/* x as an operand of w bits: truncated; a narrower one says nothing of
 * the bits above its own (a width not said is taken as w). */
static kbits fit(kbits x, unsigned w)
{
	uint64_t m = x.sized && x.w < w ? ones(x.w) : ones(w);
	return (kbits){x.v & m, x.k & m, w, true};
}

/* Value v's known bits as folded so far (val holds 0 where kb does). */
static kbits value_bits(const fold_ctx *c, uint32_t v)
{
	unsigned bits = c->fn.ops[v].bits;
	return (kbits){c->val[v], c->kb[v], width(bits), bits != 0};
}

/* Whether value v is folded whole: a constant. */
static bool known_whole(const fold_ctx *c, uint32_t v)
{
	return c->kb[v] == ones(width(c->fn.ops[v].bits));
}

/* Operand i of o: a constant of width dflt, or a value's known bits (none
 * where it is not one of the function's). */
static kbits operand(const fold_ctx *c, const tc_lane_op *o, int i, unsigned dflt)
{
	if (o->flags & (i ? TC_LOP_K1 : TC_LOP_K0))
		return (kbits){zext((uint64_t)o->k[i], dflt), ones(dflt), dflt, false};
	return o->a[i] < c->n ? value_bits(c, o->a[i]) : (kbits){0, 0, dflt, false};
}

/* The least and greatest a value may be, unsigned and signed. */
static uint64_t umin_of(kbits x)
{
	return x.v;
}

static uint64_t umax_of(kbits x)
{
	return x.v | (~x.k & ones(x.w));
}

static int64_t smin_of(kbits x)
{
	uint64_t sign = (uint64_t)1 << (x.w - 1);
	return sext(x.k & sign ? x.v : x.v | sign, x.w);
}

static int64_t smax_of(kbits x)
{
	uint64_t sign = (uint64_t)1 << (x.w - 1);
	uint64_t hi = x.v | (~x.k & ones(x.w));
	return sext(x.k & sign ? hi : hi & ~sign, x.w);
}

/* A comparison of x with y (same width): 1, 0, or -1 where their known
 * bits do not decide it. */
static int compare(uint8_t op, kbits x, kbits y)
{
	uint64_t differ = x.k & y.k & (x.v ^ y.v);
	switch (op) {
	case TC_LOP_EQ:
	case TC_LOP_NE:
		if (differ)
			return op == TC_LOP_NE;
		return whole(x) && whole(y) ? (op == TC_LOP_EQ) : -1;
	case TC_LOP_ULT:
	case TC_LOP_UGE:
		if (umax_of(x) < umin_of(y))
			return op == TC_LOP_ULT;
		return umin_of(x) >= umax_of(y) ? op == TC_LOP_UGE : -1;
	case TC_LOP_ULE:
	case TC_LOP_UGT:
		if (umax_of(x) <= umin_of(y))
			return op == TC_LOP_ULE;
		return umin_of(x) > umax_of(y) ? op == TC_LOP_UGT : -1;
	case TC_LOP_SLT:
	case TC_LOP_SGE:
		if (smax_of(x) < smin_of(y))
			return op == TC_LOP_SLT;
		return smin_of(x) >= smax_of(y) ? op == TC_LOP_SGE : -1;
	default: /* SLE, SGT */
		if (smax_of(x) <= smin_of(y))
			return op == TC_LOP_SLE;
		return smin_of(x) > smax_of(y) ? op == TC_LOP_SGT : -1;
	}
}

static unsigned trailing_ones(uint64_t x)
{
	unsigned n = 0;
	while (n < 64 && ((x >> n) & 1))
		n++;
	return n;
}

/* What two values both may be: the bits they agree on. */
static kbits meet(kbits x, kbits y)
{
	uint64_t k = x.k & y.k & ~(x.v ^ y.v);
	return (kbits){x.v & k, k, x.w, true};
}

/* A phi of its incoming values (and its constant), where all are known. */
static kbits fold_phi(const fold_ctx *c, uint32_t v, unsigned bits)
{
	const tc_lane_op *o = &c->fn.ops[v];
	kbits r = {0, 0, bits, true};
	if ((o->flags & TC_LOP_KANY) || !c->opoff)
		return r;
	bool first = true;
	if (o->flags & TC_LOP_K0) {
		r = (kbits){zext((uint64_t)o->k[0], bits), ones(bits), bits, true};
		first = false;
	}
	for (uint32_t i = c->opoff[v]; i < c->opoff[v + 1]; i++) {
		kbits x = fit(value_bits(c, c->opval[i]), bits);
		r = first ? x : meet(r, x);
		first = false;
		if (!r.k)
			break;
	}
	return first ? (kbits){0, 0, bits, true} : r;
}

/* A part (TC_LOP_PART): the word's known bits but where the part lies,
 * which are the part's; past the first 8 bytes, the word's own; the bits
 * above what the word said are not known. */
static kbits fold_part(const fold_ctx *c, const tc_lane_op *o, unsigned bits)
{
	kbits none = {0, 0, bits, true};
	kbits x = operand(c, o, 0, bits), y = operand(c, o, 1, bits);
	if (o->k[0] < 0 || o->k[1] <= 0 || o->k[1] > 8 || bits < 64)
		return none;
	uint64_t xk = x.sized ? x.k & ones(x.w) : 0; /* a word of no width: nothing */
	if (o->k[0] >= 8)
		return (kbits){x.v & xk, xk, bits, true};
	if (o->k[0] + o->k[1] > 8 || o->k[1] >= 8)
		return none;
	unsigned off = 8 * (unsigned)o->k[0], size = 8 * (unsigned)o->k[1];
	uint64_t pm = ones(size) << off;
	uint64_t yk = y.k & ones(size);
	uint64_t k = (xk & ~pm) | (yk << off);
	return (kbits){((x.v & xk & ~pm) | ((y.v & yk) << off)) & k, k, bits, true};
}

/* Value v's known bits from its operands' (all done). */
static kbits fold(const fold_ctx *c, uint32_t v)
{
	const tc_lane_op *o = &c->fn.ops[v];
	unsigned bits = width(o->bits);
	kbits none = {0, 0, bits, true};
	if (o->op == TC_LOP_PHI)
		return fold_phi(c, v, bits);
	if (o->op != TC_LOP_POPC && !(o->flags & (TC_LOP_K0 | TC_LOP_K1)) &&
	    (o->a[0] >= c->n || !c->kb[o->a[0]]) && (o->a[1] >= c->n || !c->kb[o->a[1]]) &&
	    (o->op != TC_LOP_SELECT || o->cond >= c->n || !c->kb[o->cond]))
		return none; /* nothing known of any operand: nothing of it */
	if (o->op == TC_LOP_OTHER) /* a part stored into a word */
		return fold_part(c, o, bits);
	if (o->op == TC_LOP_SELECT) {
		kbits x = fit(operand(c, o, 0, bits), bits), y = fit(operand(c, o, 1, bits), bits);
		if (o->cond < c->n && known_whole(c, o->cond))
			return c->val[o->cond] ? x : y;
		return meet(x, y);
	}
	if (o->op == TC_LOP_COPY) {
		kbits x = operand(c, o, 0, bits);
		/* a widening copy may be a zext or a sext: the bits above are
		 * zeros where the sign bit is a known zero */
		uint64_t sign = (uint64_t)1 << (x.w - 1);
		if (bits > x.w && (!x.sized || !(o->flags & TC_LOP_TRUNC)) &&
		    !(x.sized && (x.k & sign) && !(x.v & sign)))
			return fit(x, bits);
		return zero_extend(x, bits);
	}
	if (o->op == TC_LOP_POPC) {
		kbits x = operand(c, o, 0, bits);
		if (whole(x))
			return zero_extend((kbits){(uint64_t)__builtin_popcountll(x.v), ones(7), 7, true},
					   bits);
		unsigned n = 0; /* the count is at most x.w: bits above its length are 0 */
		while (n < 64 && (UINT64_C(1) << n) <= x.w)
			n++;
		return (kbits){0, ones(bits) & ~ones(n), bits, true};
	}
	/* a constant operand has the width of the other (comparisons) or of
	 * the result */
	unsigned kw = bits;
	if (is_cmp(o->op)) {
		unsigned i = o->flags & TC_LOP_K0 ? 1 : 0;
		kw = o->a[i] < c->n ? width(c->fn.ops[o->a[i]].bits) : 64;
	}
	kbits x = operand(c, o, 0, kw), y = operand(c, o, 1, kw);
	/* a comparison's width: its operands' (one not said is the other's) */
	unsigned w = !is_cmp(o->op)	 ? bits
		     : x.sized && y.sized ? (x.w > y.w ? x.w : y.w)
		     : x.sized		 ? x.w
		     : y.sized		 ? y.w
					 : 64;
	x = fit(x, w);
	y = fit(y, w);
	if (is_cmp(o->op)) {
		int r = compare(o->op, x, y);
		return r < 0 ? none : (kbits){(uint64_t)r & ones(bits), ones(bits), bits, true};
	}
	kbits r = {0, 0, w, true};
	switch (o->op) {
	case TC_LOP_AND:
		r.k = (x.k & y.k) | (x.k & ~x.v) | (y.k & ~y.v);
		r.v = x.v & y.v;
		break;
	case TC_LOP_OR:
		r.k = (x.k & y.k) | (x.k & x.v) | (y.k & y.v);
		r.v = x.v | y.v;
		break;
	case TC_LOP_XOR:
		r.k = x.k & y.k;
		r.v = x.v ^ y.v;
		break;
	case TC_LOP_ADD:
	case TC_LOP_SUB:
	case TC_LOP_MUL: { /* the low bits known in both make the result's */
		if (o->op == TC_LOP_MUL && ((whole(x) && !x.v) || (whole(y) && !y.v))) {
			r.k = ones(w); /* a product by zero */
			r.v = 0;
			break;
		}
		r.k = ones(trailing_ones(x.k & y.k));
		r.v = o->op == TC_LOP_ADD ? x.v + y.v : o->op == TC_LOP_SUB ? x.v - y.v : x.v * y.v;
		break;
	}
	case TC_LOP_SHL:
	case TC_LOP_LSHR:
	case TC_LOP_ASHR: {
		if (!whole(y) || y.v >= w)
			return none;
		unsigned sh = (unsigned)y.v;
		uint64_t top = ones(w) & ~ones(w - sh), sign = (uint64_t)1 << (w - 1);
		if (o->op == TC_LOP_SHL) {
			r.k = (x.k << sh) | ones(sh);
			r.v = x.v << sh;
		} else if (o->op == TC_LOP_LSHR || (x.k & sign && !(x.v & sign))) {
			r.k = (x.k >> sh) | top;
			r.v = x.v >> sh;
		} else if (x.k & sign) { /* a negative value: ones come in */
			r.k = (x.k >> sh) | top;
			r.v = (x.v >> sh) | top;
		} else {
			r.k = x.k >> sh;
			r.v = x.v >> sh;
		}
		break;
	}
	default: { /* the rest: of whole operands only */
		if (!whole(x) || !whole(y))
			return none;
		int64_t sx = sext(x.v, w), sy = sext(y.v, w);
		r.k = ones(w);
		switch (o->op) {
		case TC_LOP_UMIN: r.v = x.v < y.v ? x.v : y.v; break;
		case TC_LOP_UDIV:
		case TC_LOP_UREM:
			if (y.v == 0)
				return none;
			r.v = o->op == TC_LOP_UDIV ? x.v / y.v : x.v % y.v;
			break;
		case TC_LOP_SDIV:
		case TC_LOP_SREM:
			if (sy == 0 || (sy == -1 && sx == INT64_MIN))
				return none;
			r.v = (uint64_t)(o->op == TC_LOP_SDIV ? sx / sy : sx % sy);
			break;
		default: return none;
		}
	}
	}
	r.k &= ones(w);
	r.v &= r.k;
	return fit(r, bits);
}

/* The parameter each value reads (TC_NONE: none), into c->pidx. */
static int param_reads(fold_ctx *c)
{
	if (!(c->pidx = tc__malloc(c->al, tc__mul(c->n ? c->n : 1, sizeof *c->pidx))))
		return TC_ENOMEM;
	for (uint32_t v = 0; v < c->n; v++)
		c->pidx[v] = TC_NONE;
	for (uint32_t k = 0; k < c->fn.nparam_values; k++)
		if (c->fn.param_value[k] < c->n &&
		    !(c->fn.param_off && k < c->fn.nparam_off && c->fn.param_off[k]))
			c->pidx[c->fn.param_value[k]] = c->fn.param_index[k];
	return TC_OK;
}

void tc__decided_free(tc_decided *c)
{
	if (!c)
		return;
	const tc_alloc *al = c->al;
	tc__free(al, c->pidx);
	tc__free(al, c->state);
	tc__free(al, c->kb);
	tc__arena_free(&c->ar);
	tc__free(al, c->val);
	tc__free(al, c->stack);
	tc__free(al, c);
}

int tc__decided_new(tc_decided **out, const tc_decided_fn *fn, uint64_t kmask, const int64_t *k,
		    const tc_alloc *al)
{
	*out = NULL;
	fold_ctx *c = tc__calloc(al, 1, sizeof *c);
	if (!c)
		return TC_ENOMEM;
	c->fn = *fn;
	c->al = al;
	c->kmask = kmask;
	for (uint32_t i = 0, p = 0; p < 64; p++)
		if ((kmask >> p) & 1)
			c->k[p] = k[i++];
	c->n = fn->f->nvalues;
	uint32_t n = c->n ? c->n : 1;
	c->state = tc__calloc(al, n, 1);
	c->kb = tc__calloc(al, n, sizeof *c->kb);
	tc__arena_init(&c->ar, al);
	c->val = tc__calloc(al, n, sizeof *c->val);
	c->stack = tc__malloc(al, tc__mul(n, sizeof *c->stack));
	if (!c->state || !c->kb || !c->val || !c->stack || param_reads(c)) {
		tc__decided_free(c);
		return TC_ENOMEM;
	}
	*out = c;
	return TC_OK;
}

tc_decided_fn tc__decided_of(const tc_fn_desc *d)
{
	return (tc_decided_fn){&d->f,
			       d->arith ? d->arith : d->lop,
			       d->way,
			       d->block_node,
			       d->param_value,
			       d->param_index,
			       d->nparam_values,
			       d->param_off,
			       d->nparam_off,
			       NULL,
			       NULL};
}

/* Whether fn says what its values compute and which way its branches go. */
static bool described(const tc_decided_fn *fn)
{
	return fn->f && fn->ops && fn->way && fn->f->cond && fn->last;
}

/* The operands of every value, for the phis' (once; where they cannot be
 * had, a phi folds to nothing). */
static bool phi_operands(fold_ctx *c)
{
	if (!c->ops_tried) {
		c->ops_tried = true;
		uint32_t *off, *val, *blk;
		if (c->fn.opoff && c->fn.opval) {
			c->opoff = c->fn.opoff;
			c->opval = c->fn.opval;
		} else if (!tc__ua_operands(&c->ar, c->fn.f, &off, &val, &blk)) {
			c->opoff = off;
			c->opval = val;
		} else {
			c->oom = true; /* what folds is still sound; the caller is told */
		}
	}
	return c->opoff != NULL;
}

static void push(fold_ctx *c, uint32_t *top, uint32_t w, bool *pushed)
{
	if (c->state[w] == S_NEW) {
		c->state[w] = S_BUSY;
		c->stack[(*top)++] = w;
		*pushed = true;
	}
}

/* Post-order from value q over what folds, a parameter's read a leaf:
 * done(c, v, ud) for each value not seen yet, its operands first (a phi's
 * incoming values until one is not known). */
static void post_order(fold_ctx *c, uint32_t q, void (*done)(fold_ctx *, uint32_t, void *),
		       void *ud)
{
	uint32_t top = 0;
	c->state[q] = S_BUSY;
	c->stack[top++] = q;
	while (top) {
		uint32_t v = c->stack[top - 1], w[3];
		const tc_lane_op *o = &c->fn.ops[v];
		bool pushed = false;
		if (c->pidx[v] != TC_NONE || !folds(o)) {
		} else if (o->op != TC_LOP_PHI) {
			for (unsigned i = operands(c, o, w); i-- > 0;)
				push(c, &top, w[i], &pushed);
		} else if (phi_operands(c)) {
			/* one incoming value at a time: once one is not known
			 * (or on the stack: a cycle), neither is the phi */
			for (uint32_t i = c->opoff[v]; i < c->opoff[v + 1] && !pushed; i++) {
				uint32_t u = c->opval[i];
				if (c->state[u] == S_NEW)
					push(c, &top, u, &pushed);
				else if (c->state[u] == S_BUSY || !c->kb[u])
					break;
			}
		}
		if (pushed)
			continue;
		top--;
		c->state[v] = S_DONE;
		done(c, v, ud);
	}
}

typedef struct closure {
	uint8_t *closed; /* per value: it folds once the parameters it reads are known */
	uint64_t *pm;    /* per value: those parameters (bit p) */
} closure;

static void fold_one(fold_ctx *c, uint32_t v, void *ud);

/* v's closure, and its known bits with no parameter known */
static void close_one(fold_ctx *c, uint32_t v, void *ud)
{
	closure *k = ud;
	fold_one(c, v, NULL);
	uint32_t w[3];
	if (c->pidx[v] != TC_NONE) {
		k->closed[v] = c->pidx[v] < 64;
		k->pm[v] = k->closed[v] ? UINT64_C(1) << c->pidx[v] : 0;
		return;
	}
	const tc_lane_op *o = &c->fn.ops[v];
	bool whole_fold = folds(o) && o->op != TC_LOP_PHI;
	unsigned nw = whole_fold ? operands(c, o, w) : 0;
	k->closed[v] = whole_fold;
	k->pm[v] = 0;
	/* and, or and multiplication fold where one operand absorbs the
	 * other (`flag && tid < 3` with the flag false) */
	bool one = o->op == TC_LOP_AND || o->op == TC_LOP_OR || o->op == TC_LOP_MUL;
	bool some = false;
	for (unsigned i = 0; i < nw; i++) { /* a cycle's value (S_BUSY) is none */
		bool ok = c->state[w[i]] == S_DONE && k->closed[w[i]];
		k->closed[v] = k->closed[v] && ok;
		some = some || ok;
		k->pm[v] |= ok || !one ? k->pm[w[i]] : 0;
	}
	k->closed[v] = k->closed[v] || (whole_fold && one && some);
}

/* Whether block b ends in a branch of two ways that a condition decides. */
static bool two_ways(const tc_decided_fn *fn, uint32_t b)
{
	return tc__branch_way(fn->f, fn->way, b, true) != TC_NONE;
}

/* The closure of fn's branch conditions (and of args[0 .. nargs), each
 * argpm[i] the parameters it folds from, 0 where it does not fold). */
static uint64_t params_of(const tc_decided_fn *fn, const uint32_t *args, uint32_t nargs,
			  uint64_t *argpm, bool *any, const tc_alloc *al, int *rc)
{
	*rc = TC_OK;
	*any = false;
	for (uint32_t i = 0; i < nargs; i++)
		argpm[i] = 0;
	if (!described(fn))
		return 0;
	tc_decided *c;
	uint32_t n = fn->f->nvalues;
	if ((*rc = tc__decided_new(&c, fn, 0, NULL, al)))
		return 0;
	closure k = {tc__calloc(al, n ? n : 1, 1), tc__malloc(al, tc__mul(n ? n : 1, sizeof *k.pm))};
	if (!k.closed || !k.pm) {
		*rc = TC_ENOMEM;
		tc__decided_free(c);
		tc__free(al, k.closed);
		tc__free(al, k.pm);
		return 0;
	}
	uint64_t mask = 0;
	for (uint32_t b = 0; b < fn->f->nblocks; b++) {
		uint32_t q = fn->f->cond[b];
		if (!two_ways(fn, b))
			continue;
		if (c->state[q] == S_NEW)
			post_order(c, q, close_one, &k);
		if (k.closed[q]) {
			*any = true;
			mask |= k.pm[q];
		} else if (known_whole(c, q)) {
			*any = true; /* decided by known bits alone */
		}
	}
	/* and a select's condition: where it folds, the select is the one
	 * value it picks (tc__decided_chosen); and an and, an or or a
	 * product one of whose operands folds: it may absorb the other,
	 * which may differ between threads (tc_decided_view.folded) */
	for (uint32_t v = 0; v < n; v++) {
		const tc_lane_op *o = &fn->ops[v];
		uint32_t q = o->op == TC_LOP_SELECT ? o->cond : TC_NONE, w[3];
		if (o->op == TC_LOP_AND || o->op == TC_LOP_OR || o->op == TC_LOP_MUL) {
			/* two values, one that folds and one that need not */
			if (operands(c, o, w) != 2)
				continue;
			for (unsigned i = 0; i < 2; i++)
				if (c->state[w[i]] == S_NEW)
					post_order(c, w[i], close_one, &k);
			if (k.closed[w[0]] == k.closed[w[1]])
				continue;
			q = v;
		}
		if (q >= n)
			continue;
		if (c->state[q] == S_NEW)
			post_order(c, q, close_one, &k);
		if (k.closed[q]) {
			*any = true;
			mask |= k.pm[q];
		}
	}
	for (uint32_t i = 0; i < nargs; i++) {
		uint32_t v = args[i];
		if (v >= n)
			continue;
		if (c->state[v] == S_NEW)
			post_order(c, v, close_one, &k);
		argpm[i] = k.closed[v] ? k.pm[v] : 0;
	}
	*rc = tc__decided_status(c);
	tc__decided_free(c);
	tc__free(al, k.closed);
	tc__free(al, k.pm);
	return mask;
}

uint64_t tc__decided_params(const tc_decided_fn *fn, bool *any, const tc_alloc *al, int *rc)
{
	return params_of(fn, NULL, 0, NULL, any, al, rc);
}

/* Value v's known bits, once its operands' are found: a parameter's read
 * the context's constant, else what folds. */
static void fold_one(fold_ctx *c, uint32_t v, void *ud)
{
	(void)ud;
	const tc_lane_op *o = &c->fn.ops[v];
	uint32_t p = c->pidx[v];
	if (p != TC_NONE) {
		if (p < 64 && ((c->kmask >> p) & 1) && tc__traced_fits(c->k[p], o->bits)) {
			c->kb[v] = ones(width(o->bits));
			c->val[v] = zext((uint64_t)c->k[p], width(o->bits));
		} else if (p < 64 && ((c->pkmask >> p) & 1)) { /* its low bits */
			c->kb[v] = zext(c->pknown[p], width(o->bits));
			c->val[v] = c->pk[p] & c->kb[v];
		}
	} else if (folds(o)) {
		kbits x = fold(c, v);
		c->kb[v] = x.k;
		c->val[v] = x.v & x.k;
	}
}

int tc__decided_status(const tc_decided *c)
{
	return c->oom ? TC_ENOMEM : TC_OK;
}

void tc__decided_known(tc_decided *c, uint32_t p, uint64_t known, uint64_t val)
{
	if (p < 64 && !((c->kmask >> p) & 1) && known) {
		c->pkmask |= UINT64_C(1) << p;
		c->pknown[p] = known;
		c->pk[p] = val & known;
	}
}

bool tc__decided_bits(tc_decided *c, uint32_t v, uint64_t *known, uint64_t *val)
{
	*known = *val = 0;
	if (v >= c->n || !c->fn.ops)
		return false;
	if (c->state[v] == S_NEW)
		post_order(c, v, fold_one, NULL);
	*known = c->kb[v];
	*val = c->val[v] & c->kb[v];
	return *known != 0;
}

bool tc__decided_value(tc_decided *c, uint32_t v, uint64_t *out)
{
	if (v >= c->n || !c->fn.ops)
		return false;
	if (c->state[v] == S_NEW)
		post_order(c, v, fold_one, NULL);
	*out = c->val[v];
	return known_whole(c, v);
}

uint32_t tc__decided_chosen(tc_decided *c, uint32_t v)
{
	const tc_decided_fn *fn = &c->fn;
	uint64_t x;
	if (!fn->ops || v >= fn->f->nvalues || fn->ops[v].op != TC_LOP_SELECT ||
	    fn->ops[v].cond >= fn->f->nvalues || !tc__decided_value(c, fn->ops[v].cond, &x))
		return TC_NONE;
	return x != 0 ? 0 : 1;
}

/* Value v through the selects that pick one operand (a few), TC_NONE
 * where that is a constant operand. */
static uint32_t picked(tc_decided *c, uint32_t v)
{
	for (int steps = 0; steps < 8; steps++) {
		uint32_t pick = tc__decided_chosen(c, v);
		if (pick == TC_NONE)
			return v;
		const tc_lane_op *o = &c->fn.ops[v];
		if (o->flags & (pick ? TC_LOP_K1 : TC_LOP_K0))
			return TC_NONE;
		v = o->a[pick];
	}
	return v;
}

/* Whether value v's use by w in block ub is one that the view of c (live:
 * per block, executed; NULL: all) leaves out (tc_decided_view): also a
 * select's use of its condition where both operands are one value once
 * the selects that fold are the operands they pick. */
static bool pruned_use(tc_decided *c, const uint8_t *live, uint32_t v, uint32_t w, uint32_t ub)
{
	const tc_decided_fn *fn = &c->fn;
	if (live && ub < fn->f->nblocks && !live[ub])
		return true;
	if (w >= fn->f->nvalues || fn->ops[w].op != TC_LOP_SELECT)
		return false;
	const tc_lane_op *o = &fn->ops[w];
	uint32_t pick = tc__decided_chosen(c, w);
	if (pick != TC_NONE)
		return (o->flags & (pick ? TC_LOP_K1 : TC_LOP_K0)) || o->a[pick] != v;
	if (v != o->cond || (o->flags & (TC_LOP_K0 | TC_LOP_K1)) || o->a[0] == v || o->a[1] == v)
		return false;
	uint32_t x = picked(c, o->a[0]);
	return x != TC_NONE && x == picked(c, o->a[1]);
}

/* Three arrays of na, nb and nc uint32_t (room for one where none);
 * false when one could not be had (those that could are left set). */
static bool arrays3(const tc_alloc *al, uint32_t **a, size_t na, uint32_t **b, size_t nb,
		    uint32_t **c, size_t nc)
{
	*a = tc__malloc(al, tc__mul(na ? na : 1, sizeof **a));
	*b = tc__malloc(al, tc__mul(nb ? nb : 1, sizeof **b));
	*c = tc__malloc(al, tc__mul(nc ? nc : 1, sizeof **c));
	return *a && *b && *c;
}

int tc__decided_view_new(tc_decided *c, const uint8_t *live, tc_decided_view *v,
			 const tc_alloc *al)
{
	memset(v, 0, sizeof *v);
	const tc_ua_func *f = c->fn.f;
	uint32_t nb = f->nblocks, n = f->nvalues;
	if (!described(&c->fn))
		return TC_OK;
	/* the branches */
	bool any = false;
	for (uint32_t b = 0; b < nb && !any; b++)
		any = (live && !live[b] && f->cond[b] != TC_NONE) || tc__decided_taken(c, b) != TC_NONE;
	if (any) {
		size_t ns = f->succ_off[nb];
		if (!arrays3(al, &v->cond, nb, &v->succ_off, (size_t)nb + 1, &v->succ, ns)) {
			tc__decided_view_free(v, al);
			return TC_ENOMEM;
		}
		uint32_t at = 0;
		for (uint32_t b = 0; b < nb; b++) {
			uint32_t taken = tc__decided_taken(c, b);
			v->cond[b] = (live && !live[b]) || taken != TC_NONE ? TC_NONE : f->cond[b];
			v->succ_off[b] = at;
			if (taken != TC_NONE)
				v->succ[at++] = taken;
			else
				for (uint32_t q = f->succ_off[b]; q < f->succ_off[b + 1]; q++)
					v->succ[at++] = f->succ[q];
		}
		v->succ_off[nb] = at;
	}
	/* the values that fold, other than the constants written as such */
	for (uint32_t x = 0; x < n && !v->folded; x++) {
		uint64_t k;
		const tc_lane_op *o = &c->fn.ops[x];
		bool literal = o->op == TC_LOP_COPY && (o->flags & TC_LOP_K0);
		if (!literal && tc__decided_value(c, x, &k)) {
			if (!(v->folded = tc__calloc(al, n, 1))) {
				tc__decided_view_free(v, al);
				return TC_ENOMEM;
			}
			for (uint32_t y = x; y < n; y++)
				v->folded[y] = tc__decided_value(c, y, &k);
		}
	}
	/* the uses */
	size_t drop = 0;
	for (uint32_t x = 0; f->use_off && x < n; x++)
		for (uint32_t u = f->use_off[x]; u < f->use_off[x + 1]; u++)
			drop += pruned_use(c, live, x, f->user[u], f->use_block[u]);
	if (drop) {
		size_t m = f->use_off[n] - drop;
		if (!arrays3(al, &v->use_off, (size_t)n + 1, &v->user, m, &v->use_block, m)) {
			tc__decided_view_free(v, al);
			return TC_ENOMEM;
		}
		uint32_t at = 0;
		for (uint32_t x = 0; x < n; x++) {
			v->use_off[x] = at;
			for (uint32_t u = f->use_off[x]; u < f->use_off[x + 1]; u++)
				if (!pruned_use(c, live, x, f->user[u], f->use_block[u])) {
					v->user[at] = f->user[u];
					v->use_block[at++] = f->use_block[u];
				}
		}
		v->use_off[n] = at;
	}
	int rc = tc__decided_status(c);
	if (rc)
		tc__decided_view_free(v, al);
	return rc;
}

void tc__decided_view_free(tc_decided_view *v, const tc_alloc *al)
{
	tc__free(al, v->cond);
	tc__free(al, v->succ_off);
	tc__free(al, v->succ);
	tc__free(al, v->use_off);
	tc__free(al, v->user);
	tc__free(al, v->use_block);
	tc__free(al, v->folded);
	memset(v, 0, sizeof *v);
}

void tc__decided_view_kinds(const tc_decided_view *v, uint8_t *kind, uint32_t n)
{
	for (uint32_t x = 0; v->folded && x < n; x++)
		if (v->folded[x])
			kind[x] = (uint8_t)((kind[x] & ~(TC_UA_SOURCE | TC_UA_PHI | TC_UA_NAMED)) |
					    TC_UA_UNIFORM);
}

tc_ua_func tc__decided_view_of(const tc_ua_func *f, const tc_decided_view *v)
{
	tc_ua_func g = *f;
	if (v->cond) {
		g.cond = v->cond;
		g.succ_off = v->succ_off;
		g.succ = v->succ;
	}
	if (v->use_off) {
		g.use_off = v->use_off;
		g.user = v->user;
		g.use_block = v->use_block;
	}
	return g;
}

uint32_t tc__decided_taken(tc_decided *c, uint32_t b)
{
	const tc_decided_fn *fn = &c->fn;
	uint64_t x;
	if (b >= fn->f->nblocks || !fn->f->cond || !fn->ops || !fn->way || !two_ways(fn, b) ||
	    !tc__decided_value(c, fn->f->cond[b], &x))
		return TC_NONE;
	return tc__branch_way(fn->f, fn->way, b, x != 0);
}

int tc__decided_live(tc_decided *c, const tc_graph *g, uint8_t *live, uint8_t *dead_edge,
		     bool *dead)
{
	const tc_decided_fn *fn = &c->fn;
	uint32_t nb = fn->f->nblocks;
	*dead = false;
	memset(live, 1, nb);
	if (dead_edge)
		memset(dead_edge, 0, g->m);
	if (!fn->f->cond || !fn->ops || !fn->way || nb == 0)
		return TC_OK;
	uint32_t *queue = tc__malloc(c->al, tc__mul(nb, sizeof *queue));
	if (!queue)
		return TC_ENOMEM;
	/* the nodes are the blocks', in order: edges map to blocks */
	bool ordered = dead_edge != NULL;
	for (uint32_t b = 0; b < nb && ordered; b++)
		ordered = fn->last[b] < g->n && (b == 0 || fn->last[b] > fn->last[b - 1]);
	memset(live, 0, nb);
	uint32_t head = 0, tail = 0;
	live[0] = 1;
	queue[tail++] = 0;
	while (head < tail) {
		uint32_t b = queue[head++];
		const uint32_t *s = fn->f->succ + fn->f->succ_off[b];
		const uint32_t *s1 = fn->f->succ + fn->f->succ_off[b + 1];
		uint64_t x;
		uint32_t taken = TC_NONE;
		if (two_ways(fn, b) && tc__decided_value(c, fn->f->cond[b], &x)) {
			/* one way */
			taken = tc__branch_way(fn->f, fn->way, b, x != 0);
			uint32_t not = tc__branch_way(fn->f, fn->way, b, x == 0);
			s = &taken;
			s1 = s + 1;
			for (const uint32_t *e = ordered ? TC_OUT_BEGIN(g, fn->last[b]) : NULL;
			     e && e < TC_OUT_END(g, fn->last[b]); e++)
				if (tc__block_of_node(fn->last, nb, g->edge_to[*e]) == not) {
					dead_edge[*e] = 1;
					*dead = true;
				}
		}
		for (; s < s1; s++) {
			uint32_t t = *s;
			if (t < nb && !live[t]) {
				live[t] = 1;
				queue[tail++] = t;
			}
		}
	}
	*dead = *dead || tail < nb;
	tc__free(c->al, queue);
	return tc__decided_status(c);
}

int tc__decided_module(const tc_module *m, uint64_t *decides, uint8_t *foldable,
		       const tc_alloc *al)
{
	size_t n = m->count;
	int rc = TC_OK;
	/* the calls into each graph: its callers' (graph, site), as lists;
	 * per graph, what each argument folds from */
	uint32_t *head = tc__malloc(al, tc__mul(n ? n : 1, sizeof *head));
	uint64_t **argpm = tc__calloc(al, n ? n : 1, sizeof *argpm);
	tc_u32vec from = {0}, site = {0}, next = {0}, work = {0};
	uint8_t *queued = tc__calloc(al, n ? n : 1, 1);
	if (!head || !queued || !argpm)
		rc = TC_ENOMEM;
	for (size_t j = 0; j < n && !rc; j++) {
		head[j] = TC_NONE;
		decides[j] = 0;
		foldable[j] = 0;
	}
	for (size_t x = 0; x < n && !rc; x++) {
		const tc_fn_desc *d = m->info[x].desc;
		if (!d)
			continue;
		if (!(argpm[x] = tc__malloc(al, tc__mul(d->narg ? d->narg : 1, sizeof **argpm)))) {
			rc = TC_ENOMEM;
			break;
		}
		bool any;
		tc_decided_fn fn = tc__decided_of(d);
		decides[x] = params_of(&fn, d->arg, d->narg, argpm[x], &any, al, &rc);
		foldable[x] = any;
		for (uint32_t s = 0; s < d->ncalls && !rc; s++) {
			uint32_t y = d->calls[s].callee;
			if (y >= n || !m->info[y].desc)
				continue;
			if (tc__u32vec_push(al, &from, (uint32_t)x) || tc__u32vec_push(al, &site, s) ||
			    tc__u32vec_push(al, &next, head[y]))
				rc = TC_ENOMEM;
			else
				head[y] = (uint32_t)from.len - 1;
		}
	}
	for (size_t j = 0; j < n && !rc; j++)
		if (decides[j]) {
			queued[j] = 1;
			if (tc__u32vec_push(al, &work, (uint32_t)j))
				rc = TC_ENOMEM;
		}
	while (work.len && !rc) {
		uint32_t y = work.v[--work.len];
		queued[y] = 0;
		for (uint32_t e = head[y]; e != TC_NONE; e = next.v[e]) {
			uint32_t x = from.v[e];
			const tc_fn_desc *d = m->info[x].desc;
			const tc_call_site *cs = &d->calls[site.v[e]];
			uint64_t add = 0;
			for (uint32_t a = 0; a < cs->nargs && a < 64; a++)
				if (((decides[y] >> a) & 1) && cs->arg_off + a < d->narg)
					add |= argpm[x][cs->arg_off + a];
			if (add & ~decides[x]) {
				decides[x] |= add;
				if (!queued[x]) {
					queued[x] = 1;
					if (tc__u32vec_push(al, &work, x))
						rc = TC_ENOMEM;
				}
			}
		}
	}
	for (size_t j = 0; argpm && j < n; j++)
		tc__free(al, argpm[j]);
	tc__free(al, argpm);
	tc__free(al, head);
	tc__free(al, queued);
	tc__u32vec_free(al, &from);
	tc__u32vec_free(al, &site);
	tc__u32vec_free(al, &next);
	tc__u32vec_free(al, &work);
	return rc;
}
