/*
 * masks.c - a member mask that is the same in the lanes that execute its
 * collective (masks.h).
 */
#include "analysis/masks.h"

#include "analysis/loops.h"
#include "graph/dominators.h"

#include <string.h>

enum { R_NO = 0, R_UNI, R_K };          /* what a value is at N */
enum { M_NONE = 0, M_NO, M_UNI, M_K }; /* memo */
#define MAX_FACTS 64
#define MAX_STEPS 20000u
#define MAX_DEPTH 200u
#define MAX_REGION 64u

typedef struct res {
	uint8_t k;
	int64_t v; /* R_K: the constant */
} res;

struct tc_masks {
	tc_alloc al;
	tc_arena ar;
	const tc_ua_func *f;
	const tc_lane_op *op;
	const uint8_t *way;
	const tc_uniformity *wua;
	uint32_t nb, nv;
	tc_digraph succ, pred;
	uint32_t *idom;
	tc_domtree dt;
	tc_loops loops;
	uint32_t *opoff, *opnd, *opblk; /* per value: its operands, and where
					 * each is used (a phi's: the block it
					 * comes from) */
	/* one query */
	uint32_t at; /* N */
	uint8_t *memo, *busy;
	int64_t *kval;
	uint32_t *touched;
	uint32_t ntouched;
	uint32_t fact[MAX_FACTS];
	uint8_t truth[MAX_FACTS];
	uint32_t nfacts;
	uint32_t steps, depth;
	uint32_t *mark, epoch; /* per block: in the region of this epoch */
	uint32_t *stack, *region;
};

static const res NO = {R_NO, 0};
static const res UNI = {R_UNI, 0};

static res konst(int64_t v)
{
	return (res){R_K, v};
}

static int64_t fit(int64_t v, unsigned bits)
{
	if (bits == 0 || bits >= 64)
		return v;
	uint64_t m = ((uint64_t)1 << bits) - 1;
	return (int64_t)((uint64_t)v & m);
}

int tc__masks_new(tc_masks **out, const tc_ua_func *f, const tc_lane_op *op, const uint8_t *way,
		  const tc_uniformity *wua, const tc_ua_ops *ops, const tc_alloc *al)
{
	*out = NULL;
	tc_masks *m = tc__calloc(al, 1, sizeof *m);
	if (!m)
		return TC_ENOMEM;
	m->al = *al;
	tc__arena_init(&m->ar, &m->al);
	m->f = f;
	m->op = op;
	m->way = way;
	m->wua = wua;
	uint32_t nb = m->nb = f->nblocks, nv = m->nv = f->nvalues, n = nb + 1;
	tc_arena *ar = &m->ar;
	m->idom = TC_ARENA_ARRAY(ar, uint32_t, n);
	m->memo = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)nv + 1);
	m->busy = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)nv + 1);
	m->kval = TC_ARENA_ARRAY(ar, int64_t, (size_t)nv + 1);
	m->touched = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nv + 1);
	m->mark = TC_ARENA_ZARRAY(ar, uint32_t, n);
	m->stack = TC_ARENA_ARRAY(ar, uint32_t, n);
	m->region = TC_ARENA_ARRAY(ar, uint32_t, n);
	int rc = TC_OK;
	if (!m->idom || !m->memo || !m->busy || !m->kval || !m->touched ||
	    !m->mark || !m->stack || !m->region)
		rc = TC_ENOMEM;
	if (!rc)
		rc = tc__digraph_blocks(ar, &m->succ, nb, f->succ_off, f->succ);
	if (!rc)
		rc = tc__digraph_reverse(ar, &m->pred, &m->succ);
	if (!rc)
		rc = tc__dominators(ar, &m->succ, &m->pred, 0, m->idom);
	if (!rc)
		rc = tc__domtree_intervals(ar, n, m->idom, 0, &m->dt);
	if (!rc)
		rc = tc__loops(ar, &m->succ, &m->pred, 0, &m->loops);
	/* the operands, from the uses */
	if (!rc && ops && ops->off) {
		m->opoff = ops->off;
		m->opnd = ops->val;
		m->opblk = ops->blk;
	} else if (!rc) {
		rc = tc__ua_operands(ar, f, &m->opoff, &m->opnd, &m->opblk);
	}
	if (rc) {
		tc__masks_free(m);
		return rc;
	}
	*out = m;
	return TC_OK;
}

void tc__masks_free(tc_masks *m)
{
	if (!m)
		return;
	tc_alloc al = m->al;
	tc__arena_free(&m->ar);
	tc__free(&al, m);
}

static bool dom(const tc_masks *m, uint32_t a, uint32_t b)
{
	return a < m->nb && b < m->nb && tc__dominates(&m->dt, a, b);
}

static bool is_cmp(uint8_t op)
{
	return op >= TC_LOP_EQ && op <= TC_LOP_SGE;
}

/* The comparison that holds exactly where op does not. */
static uint8_t cmp_inverse(uint8_t op)
{
	switch (op) {
	case TC_LOP_EQ: return TC_LOP_NE;
	case TC_LOP_NE: return TC_LOP_EQ;
	case TC_LOP_ULT: return TC_LOP_UGE;
	case TC_LOP_ULE: return TC_LOP_UGT;
	case TC_LOP_UGT: return TC_LOP_ULE;
	case TC_LOP_UGE: return TC_LOP_ULT;
	case TC_LOP_SLT: return TC_LOP_SGE;
	case TC_LOP_SLE: return TC_LOP_SGT;
	case TC_LOP_SGT: return TC_LOP_SLE;
	default: return TC_LOP_SLT; /* TC_LOP_SGE */
	}
}

/* op with its operands swapped. */
static uint8_t cmp_swapped(uint8_t op)
{
	switch (op) {
	case TC_LOP_ULT: return TC_LOP_UGT;
	case TC_LOP_ULE: return TC_LOP_UGE;
	case TC_LOP_UGT: return TC_LOP_ULT;
	case TC_LOP_UGE: return TC_LOP_ULE;
	case TC_LOP_SLT: return TC_LOP_SGT;
	case TC_LOP_SLE: return TC_LOP_SGE;
	case TC_LOP_SGT: return TC_LOP_SLT;
	case TC_LOP_SGE: return TC_LOP_SLE;
	default: return op; /* EQ, NE */
	}
}

/* The value v copies, through copies of the same width (PTX's mov, and its
 * loads of a local depot slot, read as copies of what was stored). */
static uint32_t copied(const tc_masks *m, uint32_t v)
{
	for (int i = 0; i < 8 && v < m->nv; i++) {
		const tc_lane_op *o = &m->op[v];
		if (o->op != TC_LOP_COPY || (o->flags & TC_LOP_K0) || o->a[0] >= m->nv ||
		    !(o->flags & TC_LOP_TRUNC) || !o->bits || o->bits != m->op[o->a[0]].bits)
			break;
		v = o->a[0];
	}
	return v;
}

/* Operand i of x and operand j of y are one: the same value, or the same
 * constant. */
static bool same_operand(const tc_masks *m, const tc_lane_op *x, int i, const tc_lane_op *y,
			 int j)
{
	bool kx = x->flags & (i ? TC_LOP_K1 : TC_LOP_K0);
	bool ky = y->flags & (j ? TC_LOP_K1 : TC_LOP_K0);
	if (kx != ky)
		return false;
	if (kx)
		return x->k[i] == y->k[j];
	return x->a[i] != TC_NONE && y->a[j] != TC_NONE &&
	       copied(m, x->a[i]) == copied(m, y->a[j]);
}

/* A value that is zero exactly where v is: v through widening copies, and
 * through a truncation of such a copy of a value of one bit (-O0's
 * trunc (zext i1 %c) after mem2reg). */
static uint32_t truth_of(const tc_masks *m, uint32_t v)
{
	for (int i = 0; m->op && i < 8 && v < m->nv; i++) {
		const tc_lane_op *o = &m->op[v];
		if (o->op != TC_LOP_COPY || (o->flags & TC_LOP_K0) || o->a[0] >= m->nv)
			break;
		uint32_t a = o->a[0];
		if (o->flags & TC_LOP_TRUNC) {
			const tc_lane_op *x = &m->op[a];
			if (x->op != TC_LOP_COPY || (x->flags & (TC_LOP_K0 | TC_LOP_TRUNC)) ||
			    x->a[0] >= m->nv ||
			    !(m->op[x->a[0]].bits == 1 || is_cmp(m->op[x->a[0]].op)))
				break;
			a = x->a[0];
		}
		v = a;
	}
	return v;
}

/* Value v holds (t) or does not; what follows from that is recorded too. */
static void add_fact(tc_masks *m, uint32_t v, bool t, unsigned depth)
{
	if (v >= m->nv || m->nfacts >= MAX_FACTS)
		return;
	uint32_t w = truth_of(m, v);
	if (w != v)
		add_fact(m, w, t, depth);
	for (uint32_t k = 0; k < m->nfacts; k++)
		if (m->fact[k] == v)
			return;
	m->fact[m->nfacts] = v;
	m->truth[m->nfacts++] = t;
	if (!m->op || depth >= 4)
		return;
	const tc_lane_op *o = &m->op[v];
	bool k0 = o->flags & TC_LOP_K0, k1 = o->flags & TC_LOP_K1;
	switch (o->op) {
	case TC_LOP_COPY: /* a widening copy is zero where its operand is */
		if (!k0 && !(o->flags & TC_LOP_TRUNC))
			add_fact(m, o->a[0], t, depth + 1);
		break;
	case TC_LOP_XOR: /* not */
		if (o->bits == 1 && k1 && !k0 && (o->k[1] & 1))
			add_fact(m, o->a[0], !t, depth + 1);
		else if (o->bits == 1 && k0 && !k1 && (o->k[0] & 1))
			add_fact(m, o->a[1], !t, depth + 1);
		break;
	case TC_LOP_AND:
		if (t && o->bits == 1) {
			if (!k0)
				add_fact(m, o->a[0], true, depth + 1);
			if (!k1)
				add_fact(m, o->a[1], true, depth + 1);
		}
		break;
	case TC_LOP_OR:
		if (!t) {
			if (!k0)
				add_fact(m, o->a[0], false, depth + 1);
			if (!k1)
				add_fact(m, o->a[1], false, depth + 1);
		}
		break;
	case TC_LOP_EQ: /* x == 0 */
	case TC_LOP_NE:
		if (k1 && !k0 && o->k[1] == 0)
			add_fact(m, o->a[0], o->op == TC_LOP_EQ ? !t : t, depth + 1);
		break;
	default:
		break;
	}
}

/* A comparison of a value with a constant as value OP k, OP one of EQ, NE,
 * SLE, SGT, ULE, UGT: x < 1 is x <= 0, and 0 < x is x > 0 (nvcc tests
 * v < 1 for the else of v > 0). Constants far from 0 are left alone (the
 * width they wrap at is not known). */
static bool cmp_form(const tc_masks *m, const tc_lane_op *o, uint32_t *a, uint8_t *op,
		     int64_t *k)
{
	bool k0 = o->flags & TC_LOP_K0, k1 = o->flags & TC_LOP_K1;
	if (k0 == k1)
		return false;
	*op = k1 ? o->op : cmp_swapped(o->op);
	*a = k1 ? o->a[0] : o->a[1];
	*k = k1 ? o->k[1] : o->k[0];
	if (*a == TC_NONE || *k <= -((int64_t)1 << 30) || *k >= ((int64_t)1 << 30))
		return false;
	*a = copied(m, *a);
	switch (*op) {
	case TC_LOP_SLT: *op = TC_LOP_SLE; --*k; break;
	case TC_LOP_SGE: *op = TC_LOP_SGT; --*k; break;
	case TC_LOP_ULT:
	case TC_LOP_UGE:
		if (*k <= 0)
			return false;
		*op = *op == TC_LOP_ULT ? TC_LOP_ULE : TC_LOP_UGT;
		--*k;
		break;
	case TC_LOP_ULE:
	case TC_LOP_UGT:
		if (*k < 0)
			return false;
		break;
	default:
		break;
	}
	return true;
}

/* What the facts say of value v: 1 it holds, 0 it does not, -1 unknown. A
 * comparison is known also from a fact that compares the same operands. */
static int known(const tc_masks *m, uint32_t v)
{
	v = truth_of(m, v);
	for (uint32_t k = 0; k < m->nfacts; k++)
		if (m->fact[k] == v)
			return m->truth[k];
	if (!m->op || !is_cmp(m->op[v].op))
		return -1;
	const tc_lane_op *x = &m->op[v];
	uint32_t xa, ya;
	uint8_t xop, yop;
	int64_t xk, yk;
	bool xf = cmp_form(m, x, &xa, &xop, &xk);
	for (uint32_t k = 0; k < m->nfacts; k++) {
		const tc_lane_op *y = &m->op[m->fact[k]];
		if (!is_cmp(y->op))
			continue;
		int t = m->truth[k];
		if (xf && cmp_form(m, y, &ya, &yop, &yk) && xa == ya && xk == yk) {
			if (xop == yop)
				return t;
			if (xop == cmp_inverse(yop))
				return !t;
		}
		if (same_operand(m, x, 0, y, 0) && same_operand(m, x, 1, y, 1)) {
			if (x->op == y->op)
				return t;
			if (x->op == cmp_inverse(y->op))
				return !t;
		}
		if (same_operand(m, x, 0, y, 1) && same_operand(m, x, 1, y, 0)) {
			uint8_t s = cmp_swapped(y->op);
			if (x->op == s)
				return t;
			if (x->op == cmp_inverse(s))
				return !t;
		}
	}
	return -1;
}

/* No loop holds a lane's copy of a value defined in block d without N: it
 * is from the iteration the lane reaches N in. */
static bool loop_ok(const tc_masks *m, uint32_t d)
{
	if (d == TC_NONE)
		return true;
	uint32_t h = m->loops.innermost[d];
	if (h == TC_NONE)
		return true;
	return !m->loops.irreducible[h] && tc__in_loop(&m->loops, h, m->at);
}

static res eval(tc_masks *m, uint32_t v, uint32_t J);

/* Operand i of the operation o, read under the phi block J. */
static res operand(tc_masks *m, const tc_lane_op *o, int i, uint32_t J)
{
	if (o->flags & (i ? TC_LOP_K1 : TC_LOP_K0))
		return konst(o->k[i]);
	if (o->a[i] == TC_NONE) /* the same in every thread, not known */
		return UNI;
	return eval(m, o->a[i], J);
}

/* Constant folding: R_NO where it does not fold. */
static res fold(tc_masks *m, const tc_lane_op *o, uint32_t J)
{
	switch (o->op) {
	case TC_LOP_COPY: {
		res x = operand(m, o, 0, J);
		/* a widening copy keeps 0 (zext and sext alike), a narrowing one
		 * the low bits */
		if (x.k == R_K && ((o->flags & (TC_LOP_K0 | TC_LOP_TRUNC)) || x.v == 0))
			return konst(fit(x.v, o->bits));
		return NO;
	}
	case TC_LOP_SELECT: {
		if (o->cond == TC_NONE)
			return NO;
		int t = known(m, o->cond); /* whether it is not zero */
		if (t < 0) {
			res c = eval(m, o->cond, J);
			if (c.k != R_K)
				return NO;
			t = c.v != 0;
		}
		return operand(m, o, t ? 0 : 1, J);
	}
	case TC_LOP_AND:
	case TC_LOP_OR:
	case TC_LOP_XOR:
	case TC_LOP_ADD:
	case TC_LOP_SUB: {
		res x = operand(m, o, 0, J), y = operand(m, o, 1, J);
		/* x & 0, x | ~0: whatever x is */
		if (o->op == TC_LOP_AND && ((x.k == R_K && fit(x.v, o->bits) == 0) ||
					    (y.k == R_K && fit(y.v, o->bits) == 0)))
			return konst(0);
		if (o->op == TC_LOP_OR && o->bits &&
		    ((x.k == R_K && fit(x.v, o->bits) == fit(-1, o->bits)) ||
		     (y.k == R_K && fit(y.v, o->bits) == fit(-1, o->bits))))
			return konst(fit(-1, o->bits));
		if (x.k != R_K || y.k != R_K || !o->bits)
			return NO;
		uint64_t a = (uint64_t)x.v, b = (uint64_t)y.v;
		uint64_t r = o->op == TC_LOP_AND   ? a & b
			     : o->op == TC_LOP_OR  ? a | b
			     : o->op == TC_LOP_XOR ? a ^ b
			     : o->op == TC_LOP_ADD ? a + b
						   : a - b;
		return konst(fit((int64_t)r, o->bits));
	}
	default:
		return NO;
	}
}

/*
 * Every lane at N came into phi block J the same way: the blocks between
 * J's immediate dominator X and J hold no cycle, J is entered from them
 * only, and each branch among them tests a value that is the same in the
 * lanes at N.
 */
static bool same_way(tc_masks *m, uint32_t J)
{
	uint32_t X = m->idom[J], nb = m->nb;
	if (X == TC_NONE || X == J || X >= nb)
		return false;
	uint32_t e = ++m->epoch, n = 0, sp = 0;
	m->mark[X] = e;
	m->stack[sp++] = X;
	uint32_t *list = m->region; /* the region, in the order found */
	while (sp) {
		uint32_t b = m->stack[--sp];
		list[n++] = b;
		if (n > MAX_REGION)
			return false;
		for (const uint32_t *s = TC_ADJ_BEGIN(&m->succ, b); s < TC_ADJ_END(&m->succ, b); s++) {
			if (*s == J || *s >= nb)
				continue;
			if (*s == X)
				return false; /* a cycle through X */
			if (m->mark[*s] != e) {
				m->mark[*s] = e;
				m->stack[sp++] = *s;
			}
		}
	}
	/* no cycle: peel the blocks whose predecessors in the region are
	 * peeled (X first) */
	uint32_t peeled = 0;
	bool progress = true;
	uint32_t e2 = ++m->epoch; /* peeled: mark e2; in the region: e */
	while (progress) {
		progress = false;
		for (uint32_t i = 0; i < n; i++) {
			uint32_t b = list[i];
			if (m->mark[b] == e2)
				continue;
			bool ready = true;
			if (b != X)
				for (const uint32_t *p = TC_ADJ_BEGIN(&m->pred, b);
				     p < TC_ADJ_END(&m->pred, b) && ready; p++)
					if (m->mark[*p] == e)
						ready = false;
			if (!ready)
				continue;
			m->mark[b] = e2;
			peeled++;
			progress = true;
		}
	}
	if (peeled != n)
		return false;
	for (const uint32_t *p = TC_ADJ_BEGIN(&m->pred, J); p < TC_ADJ_END(&m->pred, J); p++)
		if (m->mark[*p] != e2)
			return false;
	/* the tests, kept here: evaluating them may look at another region */
	uint32_t q[MAX_REGION + 1], nq = 0;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t b = list[i];
		const uint32_t *s0 = m->f->succ + m->f->succ_off[b];
		uint32_t ns = m->f->succ_off[b + 1] - m->f->succ_off[b];
		bool two = false;
		for (uint32_t x = 1; x < ns; x++)
			two |= s0[x] != s0[0];
		if (!two)
			continue;
		if (m->f->cond[b] == TC_NONE)
			return false;
		q[nq++] = m->f->cond[b];
	}
	for (uint32_t i = 0; i < nq; i++)
		if (eval(m, q[i], J).k == R_NO)
			return false;
	return true;
}

/* A phi at block J, which must dominate N, or lie between the immediate
 * dominator of the phi block outer and outer (a value read under it comes
 * in through J: every lane at N came through that region the same way, as
 * the phi at outer requires, and its copy is from that way). */
static res phi(tc_masks *m, uint32_t v, uint32_t J, uint32_t outer)
{
	uint32_t X = outer < m->nb ? m->idom[outer] : TC_NONE;
	if (!dom(m, J, m->at) && (X == TC_NONE || J == outer || !dom(m, X, J) || dom(m, outer, J)))
		return NO;
	const tc_lane_op *o = m->op ? &m->op[v] : NULL;
	/* constants come in besides the values (or what comes in is not said) */
	bool consts = !o || o->op != TC_LOP_PHI || (o->flags & (TC_LOP_K0 | TC_LOP_KANY));
	bool same = !consts;
	uint32_t first = TC_NONE, e = ++m->epoch, from = 0;
	for (uint32_t x = m->opoff[v]; x < m->opoff[v + 1]; x++) {
		uint32_t u = m->opnd[x], bu = m->f->block[u], p = m->opblk[x];
		if (bu != TC_NONE && dom(m, J, bu))
			return NO; /* carried round a loop through J */
		if (first == TC_NONE)
			first = u;
		same &= u == first;
		if (p < m->nb && m->mark[p] != e) {
			m->mark[p] = e;
			from++;
		}
	}
	/* a way in with no value (undefined there) */
	uint32_t npred = (uint32_t)(TC_ADJ_END(&m->pred, J) - TC_ADJ_BEGIN(&m->pred, J));
	if (!consts && from < npred)
		return NO;
	for (uint32_t x = m->opoff[v]; x < m->opoff[v + 1]; x++)
		if (eval(m, m->opnd[x], J).k == R_NO)
			return NO;
	if (same && first != TC_NONE)
		return UNI;
	return same_way(m, J) ? UNI : NO;
}

static res eval_value(tc_masks *m, uint32_t v, uint32_t J)
{
	const tc_ua_func *f = m->f;
	uint32_t d = f->block[v];
	const tc_lane_op *o = m->op ? &m->op[v] : NULL;
	int t = known(m, v);
	if (t >= 0 && o && (o->bits == 1 || is_cmp(o->op)))
		return konst(t);
	if (o) {
		res r = fold(m, o, J);
		if (r.k != R_NO)
			return r;
	}
	if (!tc__uniformity_value(m->wua, v) && loop_ok(m, d))
		return UNI;
	uint8_t kd = f->kind[v];
	if (kd & TC_UA_PHI)
		return phi(m, v, d, J);
	if (!(kd & TC_UA_PURE) || (kd & TC_UA_SOURCE))
		return NO;
	for (uint32_t x = m->opoff[v]; x < m->opoff[v + 1]; x++)
		if (eval(m, m->opnd[x], J).k == R_NO)
			return NO;
	return UNI;
}

/* Value v at N, read under phi block J (TC_NONE: none). */
static res eval(tc_masks *m, uint32_t v, uint32_t J)
{
	if (v >= m->nv || ++m->steps > MAX_STEPS || m->depth >= MAX_DEPTH)
		return NO;
	uint32_t d = m->f->block[v];
	/* the lane's latest copy: defined where N is dominated, or come in to
	 * the phi at J from outside what J dominates */
	bool here = d == TC_NONE || dom(m, d, m->at);
	if (!here && (J == TC_NONE || dom(m, J, d)))
		return NO;
	if (here && m->memo[v] != M_NONE)
		return m->memo[v] == M_K ? konst(m->kval[v]) : m->memo[v] == M_UNI ? UNI : NO;
	if (m->busy[v])
		return NO;
	m->busy[v] = 1;
	m->depth++;
	res r = eval_value(m, v, J);
	m->depth--;
	m->busy[v] = 0;
	if (here) {
		m->memo[v] = r.k == R_K ? M_K : r.k == R_UNI ? M_UNI : M_NO;
		m->kval[v] = r.v;
		m->touched[m->ntouched++] = v;
	}
	return r;
}

bool tc__masks_agree(tc_masks *m, uint32_t v, uint32_t b)
{
	if (v >= m->nv || b >= m->nb || m->idom[b] == TC_NONE)
		return false;
	m->at = b;
	m->steps = m->depth = 0;
	m->nfacts = 0;
	/* the branches on N's dominator path whose edge into the next block
	 * on it dominates that block: it is entered from the branch only, or
	 * again from what it dominates (a loop it heads) */
	const tc_ua_func *f = m->f;
	for (uint32_t s = b, i = 0; m->way && i < m->nb; i++) {
		uint32_t p = m->idom[s];
		if (p == TC_NONE || p == s)
			break;
		uint32_t o = f->succ_off[p], from_p = 0;
		bool only = true;
		for (const uint32_t *q = TC_ADJ_BEGIN(&m->pred, s); q < TC_ADJ_END(&m->pred, s); q++) {
			if (*q == p)
				from_p++;
			else if (!dom(m, s, *q))
				only = false;
		}
		if (only && from_p == 1 && f->succ_off[p + 1] - o == 2 &&
		    m->way[p] != TC_WAY_UNKNOWN && f->cond[p] != TC_NONE &&
		    f->succ[o] != f->succ[o + 1])
			add_fact(m, f->cond[p], (s == f->succ[o]) == (m->way[p] == TC_WAY_FIRST), 0);
		s = p;
	}
	bool ok = eval(m, v, TC_NONE).k != R_NO;
	for (uint32_t k = 0; k < m->ntouched; k++)
		m->memo[m->touched[k]] = M_NONE;
	m->ntouched = 0;
	return ok;
}

bool tc__masks_agree_at(tc_masks *m, const uint32_t *last, uint32_t v, uint32_t node)
{
	/* the block whose nodes, up to the node its branch ends, hold it */
	uint32_t b = TC_NONE;
	for (uint32_t k = 0; k < m->nb; k++)
		if (last[k] >= node && (b == TC_NONE || last[k] < last[b]))
			b = k;
	return b != TC_NONE && tc__masks_agree(m, v, b);
}
