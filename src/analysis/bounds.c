/* bounds.c - comparisons the block's size decides (bounds.h). */
#include "analysis/bounds.h"

#include "graph/lanerange.h"

#define CAP TC_RANGE_CAP

/* per value: what is known of it */
enum { UNSEEN = 0, OPEN, KNOWN, UNKNOWN };

typedef tc_range range;

typedef struct ctx {
	const tc_ua_func *f;
	const tc_lane_op *op;
	uint64_t n[3];  /* per dimension: the index is below it (0: no bound) */
	uint64_t total; /* the linear index is below it (0: no bound) */
	uint64_t ntid_lo, ntid_hi; /* the block's x size (ntid_hi 0: unknown) */
	uint8_t *st;
	range *r;
} ctx;

/* Operand i of o: a constant, or a value of f whose interval is known. */
static bool operand(const ctx *c, const tc_lane_op *o, int i, range *out)
{
	if (o->flags & (i ? TC_LOP_K1 : TC_LOP_K0)) {
		*out = (range){o->k[i], o->k[i]};
		return tc__range_small(*out);
	}
	uint32_t a = o->a[i];
	if (a >= c->f->nvalues || c->st[a] != KNOWN)
		return false;
	*out = c->r[a];
	return true;
}

/* The thread's indices and the block's size. */
static bool leaf(const ctx *c, const tc_lane_op *o, range *out)
{
	uint64_t n;
	switch (o->op) {
	case TC_LOP_TID_X:
	case TC_LOP_TID_Y:
	case TC_LOP_TID_Z:
		n = c->n[o->op - TC_LOP_TID_X];
		break;
	case TC_LOP_TID_LINEAR:
		n = c->total;
		break;
	case TC_LOP_NTID_X:
		*out = (range){(int64_t)c->ntid_lo, (int64_t)c->ntid_hi};
		return c->ntid_hi != 0;
	default:
		return false;
	}
	*out = (range){0, (int64_t)n - 1};
	return n != 0;
}

/* The interval of value v from its operands' (each KNOWN or not). */
static bool eval(const ctx *c, uint32_t v, range *out)
{
	const tc_lane_op *o = &c->op[v];
	switch (o->op) {
	case TC_LOP_TID_X:
	case TC_LOP_TID_Y:
	case TC_LOP_TID_Z:
	case TC_LOP_TID_LINEAR:
	case TC_LOP_NTID_X:
		return leaf(c, o, out) && tc__range_fits(*out, o->bits);
	default:
		break;
	}
	range x[2];
	bool has[2];
	for (int i = 0; i < 2; i++)
		has[i] = operand(c, o, i, &x[i]);
	return tc__lop_range(o, x, has, out);
}

/* The operands of v whose intervals eval reads. */
static uint32_t operands(const ctx *c, uint32_t v, uint32_t a[2])
{
	const tc_lane_op *o = &c->op[v];
	uint32_t n = 0;
	if (o->op == TC_LOP_PHI || o->op == TC_LOP_OTHER)
		return 0;
	for (int i = 0; i < 2; i++)
		if (!(o->flags & (i ? TC_LOP_K1 : TC_LOP_K0)) && o->a[i] < c->f->nvalues)
			a[n++] = o->a[i];
	return n;
}

/* The interval of v and of the values it is computed from (depth first,
 * without recursion: stack has room for every value). */
static void visit(ctx *c, uint32_t v, uint32_t *stack)
{
	if (c->st[v] != UNSEEN)
		return;
	uint32_t n = 0;
	stack[n++] = v;
	c->st[v] = OPEN;
	while (n) {
		uint32_t w = stack[n - 1], a[2];
		uint32_t na = operands(c, w, a);
		bool ready = true;
		for (uint32_t i = 0; i < na; i++)
			if (c->st[a[i]] == UNSEEN) {
				c->st[a[i]] = OPEN;
				stack[n++] = a[i];
				ready = false;
			}
		if (!ready)
			continue;
		/* an operand still OPEN is on a cycle: not known */
		c->st[w] = eval(c, w, &c->r[w]) ? KNOWN : UNKNOWN;
		n--;
	}
}

/* Whether comparison o's outcome is the same for every pair of numbers of
 * its operands' intervals. */
static bool decided(const ctx *c, const tc_lane_op *o)
{
	range x, y;
	bool is_unsigned = o->op == TC_LOP_ULT || o->op == TC_LOP_ULE || o->op == TC_LOP_UGT ||
			   o->op == TC_LOP_UGE;
	bool k0 = o->flags & TC_LOP_K0, k1 = o->flags & TC_LOP_K1;
	if (k0 == k1) { /* two values, or two constants (nothing thread-dependent) */
		if (k0 || !operand(c, o, 0, &x) || !operand(c, o, 1, &y))
			return false;
	} else {
		/* a value against a constant: the constant as a number of the
		 * value's width and the comparison's sign */
		int vi = k0 ? 1 : 0;
		uint32_t a = o->a[vi];
		if (!operand(c, o, vi, vi ? &y : &x) || a >= c->f->nvalues)
			return false;
		int64_t k = o->k[1 - vi];
		uint8_t bits = c->op[a].bits;
		if (is_unsigned && k < 0) { /* 2^bits + k */
			if (!bits || bits == 62 || bits == 63 ||
			    (bits < 62 && k < -(INT64_C(1) << (bits - 1))))
				return false;
			k = bits < 62 ? (INT64_C(1) << bits) + k : CAP;
		} else if (k <= -CAP || k >= CAP) {
			k = k < 0 ? -CAP : CAP;
		}
		if (vi)
			x = (range){k, k};
		else
			y = (range){k, k};
	}
	switch (o->op) {
	case TC_LOP_EQ:
	case TC_LOP_NE:
		return (x.lo == x.hi && y.lo == y.hi && x.lo == y.lo) || x.hi < y.lo || y.hi < x.lo;
	case TC_LOP_ULT:
	case TC_LOP_SLT:
	case TC_LOP_UGE:
	case TC_LOP_SGE:
		return x.hi < y.lo || x.lo >= y.hi;
	case TC_LOP_ULE:
	case TC_LOP_SLE:
	case TC_LOP_UGT:
	case TC_LOP_SGT:
		return x.hi <= y.lo || x.lo > y.hi;
	default:
		return false;
	}
}

int tc__bounds(const tc_ua_func *f, const tc_lane_op *op, const uint32_t size[3],
	       uint32_t max_threads, uint8_t *kind, bool *changed, const tc_alloc *al)
{
	*changed = false;
	ctx c = {f, op, {0, 0, 0}, 0, 0, 0, NULL, NULL};
	for (int d = 0; d < 3; d++)
		c.n[d] = size[d] ? size[d] : max_threads;
	c.total = size[0] && size[1] && size[2] ? (uint64_t)size[0] * size[1] * size[2]
						: max_threads;
	/* blockDim.x is at most the size (an OpenCL 2.0 work-group at the
	 * grid's edge may be smaller than the one declared) */
	c.ntid_lo = 1;
	c.ntid_hi = size[0] ? size[0] : max_threads;
	if (!c.n[0] && !c.n[1] && !c.n[2] && !c.total)
		return TC_OK;
	uint32_t n = f->nvalues;
	c.st = tc__calloc(al, n ? n : 1, 1);
	c.r = tc__malloc(al, tc__mul(n ? n : 1, sizeof *c.r));
	uint32_t *stack = tc__malloc(al, tc__mul(n ? n : 1, sizeof *stack));
	if (!c.st || !c.r || !stack) {
		tc__free(al, c.st);
		tc__free(al, c.r);
		tc__free(al, stack);
		return TC_ENOMEM;
	}
	for (uint32_t v = 0; v < n; v++) {
		const tc_lane_op *o = &op[v];
		if (o->op < TC_LOP_EQ || o->op > TC_LOP_SGE)
			continue;
		uint32_t a[2];
		uint32_t na = operands(&c, v, a);
		for (uint32_t i = 0; i < na; i++)
			visit(&c, a[i], stack);
		if (na && decided(&c, o)) { /* the same in every thread */
			kind[v] &= (uint8_t)~(TC_UA_SOURCE | TC_UA_NAMED);
			kind[v] |= TC_UA_UNIFORM;
			*changed = true;
		}
	}
	tc__free(al, c.st);
	tc__free(al, c.r);
	tc__free(al, stack);
	return TC_OK;
}
