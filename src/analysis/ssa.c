/* ssa.c - SSA form of a function written with registers (ssa.h). */
#include "analysis/ssa.h"
#include "graph/dominators.h"

#include <stdlib.h>
#include <string.h>

/* The uses found, in the order found: (value, user, block). */
typedef struct uses {
	tc_u32vec v, w, b;
} uses;

static int add_use(const tc_alloc *al, uses *u, uint32_t v, uint32_t w, uint32_t b)
{
	if (tc__u32vec_push(al, &u->v, v) || tc__u32vec_push(al, &u->w, w) ||
	    tc__u32vec_push(al, &u->b, b))
		return TC_ENOMEM;
	return u->v.len >= UINT32_MAX ? TC_ELIMIT : TC_OK;
}

/* A CSR from pairs (key < n, val), in the arena. */
static int pairs_csr(tc_arena *ar, uint32_t n, const tc_u32vec *key, const tc_u32vec *val,
		     uint32_t **off, uint32_t **adj)
{
	*off = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)n + 1);
	*adj = TC_ARENA_ARRAY(ar, uint32_t, key->len + 1);
	if (!*off || !*adj)
		return TC_ENOMEM;
	tc__csr_fill(n, (uint32_t)key->len, key->v, val->v, *off, *adj);
	return TC_OK;
}

/*
 * Dominance frontiers (Cooper, Harvey and Kennedy): for a block b with two
 * or more predecessors, b is in the frontier of every block on the way up
 * the dominator tree from each predecessor to idom(b), idom(b) excluded (for
 * the entry, which the start of the function enters too, the way up ends
 * at the entry itself, included).
 */
static int frontiers(tc_arena *ar, const tc_digraph *pred, const uint32_t *idom, uint32_t n,
		     const tc_alloc *al, uint32_t **off, uint32_t **adj)
{
	tc_u32vec key = {NULL, 0, 0}, val = {NULL, 0, 0};
	uint32_t *last = TC_ARENA_ARRAY(ar, uint32_t, n);
	int rc = last ? TC_OK : TC_ENOMEM;
	if (last)
		memset(last, 0xff, (size_t)n * sizeof *last);
	for (uint32_t b = 0; b < n && !rc; b++) {
		/* the entry has one more predecessor: the start of the function */
		bool root = idom[b] == b;
		if (idom[b] == TC_NONE || pred->off[b + 1] - pred->off[b] + root < 2)
			continue;
		uint32_t top = root ? TC_NONE : idom[b];
		for (const uint32_t *p = TC_ADJ_BEGIN(pred, b); p != TC_ADJ_END(pred, b) && !rc; p++) {
			if (idom[*p] == TC_NONE)
				continue; /* not reached from the entry */
			for (uint32_t x = *p; x != top && x != TC_NONE && !rc; x = idom[x]) {
				if (last[x] == b)
					break; /* this way up was walked for b already */
				last[x] = b;
				if (tc__u32vec_push(al, &key, x) || tc__u32vec_push(al, &val, b))
					rc = TC_ENOMEM;
				if (x == idom[x])
					break; /* the root */
			}
		}
	}
	if (!rc && key.len >= UINT32_MAX)
		rc = TC_ELIMIT;
	if (!rc)
		rc = pairs_csr(ar, n, &key, &val, off, adj);
	tc__u32vec_free(al, &key);
	tc__u32vec_free(al, &val);
	return rc;
}

/* Phis at the iterated frontiers of each register's writes: the phis of
 * block b are k = poff[b] .. poff[b + 1] - 1, of register preg[k]. */
static int place_phis(tc_arena *ar, const tc_reg_func *rf, const tc_digraph *pred,
		      const uint32_t *idom, const uint32_t *dfo, const uint32_t *dfa,
		      const tc_alloc *al, uint32_t **poff, uint32_t **preg, uint32_t *nphis)
{
	uint32_t nb = rf->nblocks, nr = rf->nregs;
	tc_u32vec key = {NULL, 0, 0}, val = {NULL, 0, 0}, pb = {NULL, 0, 0}, pr = {NULL, 0, 0};
	uint32_t *soff, *sblk; /* the blocks writing each register */
	uint32_t *has = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)nb + 1);
	uint32_t *work = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)nb + 1);
	uint32_t *list = TC_ARENA_ARRAY(ar, uint32_t, (size_t)rf->ninsts + nb + 1);
	/* pruned (Choi, Cytron and Ferrante, POPL 1991): a phi only where its
	 * register is live, found from the blocks that read it before they
	 * write it (upward-exposed uses), and only when a phi is a candidate */
	uint32_t *wrote = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)nr + 1);
	uint8_t *global = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)nr + 1);
	uint32_t *live = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)nb + 1);
	uint32_t *lstack = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nb + 1);
	tc_u32vec ukey = {NULL, 0, 0}, ublk = {NULL, 0, 0};
	uint32_t *uoff = NULL, *uadj = NULL;
	int rc = has && work && list && wrote && global && live && lstack ? TC_OK : TC_ENOMEM;
	for (uint32_t i = 0; i < rf->ninsts && !rc; i++) {
		uint32_t stamp = rf->block[i] + 1;
		for (uint32_t k = rf->op_off[i]; k < rf->op_off[i + 1] && !rc; k++) {
			uint32_t x = rf->op[k];
			if (x < nr && wrote[x] != stamp) {
				global[x] = 1;
				if (tc__u32vec_push(al, &ukey, x) || tc__u32vec_push(al, &ublk, stamp - 1))
					rc = TC_ENOMEM;
			}
		}
		if (rf->def[i] < nr)
			wrote[rf->def[i]] = stamp;
	}
	for (uint32_t b = 0; b < nb && !rc; b++)
		if (rf->cond[b] < nr && wrote[rf->cond[b]] != b + 1) {
			global[rf->cond[b]] = 1;
			if (tc__u32vec_push(al, &ukey, rf->cond[b]) || tc__u32vec_push(al, &ublk, b))
				rc = TC_ENOMEM;
		}
	if (!rc && ukey.len >= UINT32_MAX)
		rc = TC_ELIMIT;
	if (!rc)
		rc = pairs_csr(ar, nr, &ukey, &ublk, &uoff, &uadj);
	tc__u32vec_free(al, &ukey);
	tc__u32vec_free(al, &ublk);
	for (uint32_t i = 0; i < rf->ninsts && !rc; i++)
		if (rf->def[i] != TC_NONE && rf->def[i] < nr && global[rf->def[i]] &&
		    (tc__u32vec_push(al, &key, rf->def[i]) || tc__u32vec_push(al, &val, rf->block[i])))
			rc = TC_ENOMEM;
	if (!rc)
		rc = pairs_csr(ar, nr, &key, &val, &soff, &sblk);
	for (uint32_t r = 0; r < nr && !rc; r++) {
		uint32_t top = 0, tag = r + 1;
		for (uint32_t k = soff[r]; k < soff[r + 1]; k++) {
			uint32_t x = sblk[k];
			if (idom[x] != TC_NONE && work[x] != tag) {
				work[x] = tag;
				list[top++] = x;
			}
		}
		bool known = false; /* where r is live, computed */
		while (top > 0 && !rc) {
			uint32_t x = list[--top];
			for (uint32_t k = dfo[x]; k < dfo[x + 1]; k++) {
				uint32_t y = dfa[k];
				if (y >= nb || has[y] == tag)
					continue; /* no phi at the virtual exit */
				if (!known) { /* up from the uses, to the writes */
					known = true;
					uint32_t lt = 0;
					for (uint32_t u = uoff[r]; u < uoff[r + 1]; u++)
						if (live[uadj[u]] != tag) {
							live[uadj[u]] = tag;
							lstack[lt++] = uadj[u];
						}
					while (lt > 0) {
						uint32_t b = lstack[--lt];
						for (const uint32_t *p = TC_ADJ_BEGIN(pred, b);
						     p != TC_ADJ_END(pred, b); p++)
							if (*p < nb && live[*p] != tag && work[*p] != tag) {
								live[*p] = tag;
								lstack[lt++] = *p;
							}
					}
				}
				if (live[y] != tag)
					continue; /* dead there: no phi */
				has[y] = tag;
				if (tc__u32vec_push(al, &pb, y) || tc__u32vec_push(al, &pr, r)) {
					rc = TC_ENOMEM;
					break;
				}
				if (work[y] != tag) {
					work[y] = tag;
					list[top++] = y;
				}
			}
		}
	}
	if (!rc && pb.len >= UINT32_MAX - rf->ninsts)
		rc = TC_ELIMIT;
	if (!rc) {
		*nphis = (uint32_t)pb.len;
		rc = pairs_csr(ar, nb, &pb, &pr, poff, preg);
	}
	tc__u32vec_free(al, &key);
	tc__u32vec_free(al, &val);
	tc__u32vec_free(al, &pb);
	tc__u32vec_free(al, &pr);
	return rc;
}

typedef struct renamer {
	const tc_reg_func *rf;
	const uint32_t *ioff;       /* instructions of each block */
	const uint32_t *poff, *preg; /* phis of each block */
	uint32_t *cur;              /* per register: its value now, TC_NONE */
	uint32_t *cond_value;
	uint32_t *opval;            /* per operand: the value read, or NULL */
	tc_u32vec log;              /* (register, old value) pairs to undo */
	uses *u;
	const tc_alloc *al;
} renamer;

/* The reads, writes and branch of block b, and its successors' phis. With
 * undo, every write is logged. */
static int rename_block(renamer *z, uint32_t b, bool undo)
{
	const tc_reg_func *rf = z->rf;
	uint32_t ni = rf->ninsts;
	int rc;
	for (uint32_t k = z->poff[b]; k < z->poff[b + 1]; k++) {
		uint32_t r = z->preg[k];
		if (undo && (tc__u32vec_push(z->al, &z->log, r) ||
			     tc__u32vec_push(z->al, &z->log, z->cur[r])))
			return TC_ENOMEM;
		z->cur[r] = ni + k;
	}
	for (uint32_t i = z->ioff[b]; i < z->ioff[b + 1]; i++) {
		/* a front end's phi reads values, not registers (build) */
		for (uint32_t k = (rf->kind[i] & TC_UA_PHI) ? rf->op_off[i + 1] : rf->op_off[i];
		     k < rf->op_off[i + 1]; k++) {
			uint32_t r = rf->op[k];
			if (z->opval && r < rf->nregs)
				z->opval[k] = z->cur[r];
			if (r < rf->nregs && z->cur[r] != TC_NONE &&
			    (rc = add_use(z->al, z->u, z->cur[r], i, b)))
				return rc;
		}
		uint32_t d = rf->def[i];
		if (d == TC_NONE || d >= rf->nregs)
			continue;
		if (undo && (tc__u32vec_push(z->al, &z->log, d) ||
			     tc__u32vec_push(z->al, &z->log, z->cur[d])))
			return TC_ENOMEM;
		z->cur[d] = i;
	}
	uint32_t c = rf->cond[b];
	z->cond_value[b] = c != TC_NONE && c < rf->nregs ? z->cur[c]
			   : c != TC_NONE && (c & TC_SSA_VALUE) && (c & ~TC_SSA_VALUE) < rf->ninsts
				   ? c & ~TC_SSA_VALUE
				   : TC_NONE;
	if (!undo)
		return TC_OK; /* a block the entry does not reach feeds no phi */
	for (uint32_t x = rf->succ_off[b]; x < rf->succ_off[b + 1]; x++) {
		uint32_t s = rf->succ[x];
		if (s >= rf->nblocks)
			continue;
		for (uint32_t k = z->poff[s]; k < z->poff[s + 1]; k++) {
			uint32_t v = z->cur[z->preg[k]];
			if (v != TC_NONE && (rc = add_use(z->al, z->u, v, ni + k, b)))
				return rc;
		}
	}
	return TC_OK;
}

/* Renaming along the dominator tree from the entry, depth first with an
 * explicit stack; then each block the entry does not reach on its own. */
static int rename_all(tc_arena *ar, renamer *z, const uint32_t *idom, uint32_t nb)
{
	tc_u32vec key = {NULL, 0, 0}, val = {NULL, 0, 0};
	uint32_t *coff, *child;
	int rc = TC_OK;
	for (uint32_t v = 1; v < nb && !rc; v++)
		if (idom[v] != TC_NONE && idom[v] != v &&
		    (tc__u32vec_push(z->al, &key, idom[v]) || tc__u32vec_push(z->al, &val, v)))
			rc = TC_ENOMEM;
	if (!rc)
		rc = pairs_csr(ar, nb, &key, &val, &coff, &child);
	tc__u32vec_free(z->al, &key);
	tc__u32vec_free(z->al, &val);
	uint32_t *stack = TC_ARENA_ARRAY(ar, uint32_t, 3 * (size_t)nb + 3);
	if (rc || !stack)
		return rc ? rc : TC_ENOMEM;
	/* frames: block, next child, log mark */
	uint32_t top = 0;
	if (nb > 0) {
		stack[0] = 0;
		stack[1] = coff[0];
		stack[2] = 0;
		top = 1;
		if ((rc = rename_block(z, 0, true)))
			return rc;
	}
	while (top > 0) {
		uint32_t *f = stack + 3 * (top - 1);
		if (f[1] < coff[f[0] + 1]) {
			uint32_t c = child[f[1]++];
			uint32_t *g = stack + 3 * top++;
			g[0] = c;
			g[1] = coff[c];
			g[2] = (uint32_t)z->log.len;
			if (z->log.len >= UINT32_MAX)
				return TC_ELIMIT;
			if ((rc = rename_block(z, c, true)))
				return rc;
			continue;
		}
		while (z->log.len > f[2]) { /* undo this block's writes */
			uint32_t old = z->log.v[--z->log.len];
			uint32_t r = z->log.v[--z->log.len];
			z->cur[r] = old;
		}
		top--;
	}
	/* every register is undefined again here: the undo log restored them */
	for (uint32_t b = 0; b < nb; b++) {
		if (idom[b] != TC_NONE)
			continue;
		if ((rc = rename_block(z, b, false)))
			return rc;
		for (uint32_t i = z->ioff[b]; i < z->ioff[b + 1]; i++)
			if (z->rf->def[i] < z->rf->nregs)
				z->cur[z->rf->def[i]] = TC_NONE;
	}
	return TC_OK;
}

static int constant_classes(tc_ssa *s, const tc_reg_func *rf, uint32_t ni);

static int build(tc_ssa *s, tc_arena *t, const tc_reg_func *rf, const tc_alloc *al)
{
	uint32_t nb = rf->nblocks, n = nb + 1, ni = rf->ninsts;
	int rc;
	/* the block graph and its dominators */
	uint32_t narcs = rf->succ_off[nb];
	uint32_t *idom = TC_ARENA_ARRAY(t, uint32_t, n);
	uint32_t *ioff = TC_ARENA_ZARRAY(t, uint32_t, (size_t)nb + 1);
	if (!idom || !ioff)
		return TC_ENOMEM;
	tc_digraph succ, pred;
	if ((rc = tc__digraph_blocks(t, &succ, nb, rf->succ_off, rf->succ)) ||
	    (rc = tc__digraph_reverse(t, &pred, &succ)))
		return rc;
	if (nb > 0 && (rc = tc__dominators(t, &succ, &pred, 0, idom)))
		return rc;
	if (nb == 0)
		memset(idom, 0xff, sizeof *idom);
	for (uint32_t i = 0; i < ni; i++) {
		if (rf->block[i] >= nb || (i > 0 && rf->block[i] < rf->block[i - 1]))
			return TC_EINVAL;
		ioff[rf->block[i] + 1]++;
	}
	for (uint32_t b = 0; b < nb; b++)
		ioff[b + 1] += ioff[b];
	/* phis */
	uint32_t *dfo, *dfa, *poff, *preg;
	if ((rc = frontiers(t, &pred, idom, n, al, &dfo, &dfa)) ||
	    (rc = place_phis(t, rf, &pred, idom, dfo, dfa, al, &poff, &preg, &s->nphis)))
		return rc;
	/* renaming */
	uses u = {{NULL, 0, 0}, {NULL, 0, 0}, {NULL, 0, 0}};
	s->cond_value = TC_ARENA_ARRAY(&s->ar, uint32_t, (size_t)nb + 1);
	uint32_t *cur = TC_ARENA_ARRAY(t, uint32_t, (size_t)rf->nregs + 1);
	if (!s->cond_value || !cur)
		return TC_ENOMEM;
	memset(cur, 0xff, ((size_t)rf->nregs + 1) * sizeof *cur);
	uint32_t nops = rf->op_off[ni];
	uint32_t *opval = rf->lane ? TC_ARENA_ARRAY(t, uint32_t, (size_t)nops + 1) : NULL;
	if (rf->lane && !opval)
		return TC_ENOMEM;
	if (opval)
		memset(opval, 0xff, ((size_t)nops + 1) * sizeof *opval);
	renamer z = {rf, ioff, poff, preg, cur, s->cond_value, opval, {NULL, 0, 0}, &u, al};
	rc = rename_all(t, &z, idom, nb);
	/* the reads of values: where the reader is, or for a phi, in the block
	 * the value comes from */
	for (uint32_t i = 0; i < ni && !rc; i++) {
		bool phi = (rf->kind[i] & TC_UA_PHI) != 0;
		for (uint32_t k = rf->op_off[i]; k < rf->op_off[i + 1] && !rc; k++) {
			uint32_t x = rf->op[k];
			if (x == TC_NONE || !(x & TC_SSA_VALUE) || (x & ~TC_SSA_VALUE) >= ni)
				continue;
			if (opval)
				opval[k] = x & ~TC_SSA_VALUE;
			uint32_t b = phi ? (rf->op_block ? rf->op_block[k] : TC_NONE) : rf->block[i];
			if (b < nb)
				rc = add_use(al, &u, x & ~TC_SSA_VALUE, i, b);
		}
	}
	tc__u32vec_free(al, &z.log);
	/* the description */
	uint32_t nv = ni + s->nphis;
	uint32_t *block = TC_ARENA_ARRAY(&s->ar, uint32_t, (size_t)nv + 1);
	uint8_t *kind = TC_ARENA_ARRAY(&s->ar, uint8_t, (size_t)nv + 1);
	uint32_t *sof = TC_ARENA_ARRAY(&s->ar, uint32_t, (size_t)nb + 1);
	uint32_t *sa = TC_ARENA_ARRAY(&s->ar, uint32_t, (size_t)narcs + 1);
	uint32_t *uoff = TC_ARENA_ZARRAY(&s->ar, uint32_t, (size_t)nv + 1);
	uint32_t *user = TC_ARENA_ARRAY(&s->ar, uint32_t, u.v.len + 1);
	uint32_t *ublk = TC_ARENA_ARRAY(&s->ar, uint32_t, u.v.len + 1);
	s->phi_reg = TC_ARENA_ARRAY(&s->ar, uint32_t, (size_t)s->nphis + 1);
	if (!rc && (!block || !kind || !sof || !sa || !uoff || !user || !ublk || !s->phi_reg))
		rc = TC_ENOMEM;
	if (!rc) {
		for (uint32_t i = 0; i < ni; i++) {
			block[i] = rf->block[i];
			kind[i] = rf->kind[i];
		}
		for (uint32_t b = 0; b < nb; b++)
			for (uint32_t k = poff[b]; k < poff[b + 1]; k++) {
				block[ni + k] = b;
				kind[ni + k] = TC_UA_PHI;
				s->phi_reg[k] = preg[k];
			}
		memcpy(sof, rf->succ_off, ((size_t)nb + 1) * sizeof *sof);
		if (narcs)
			memcpy(sa, rf->succ, (size_t)narcs * sizeof *sa);
		/* the uses by value, in the order found (counting sort) */
		uint32_t *fill = TC_ARENA_ZARRAY(t, uint32_t, (size_t)nv + 1);
		if (!fill) {
			rc = TC_ENOMEM;
		} else {
			for (size_t k = 0; k < u.v.len; k++)
				uoff[u.v.v[k] + 1]++;
			for (uint32_t v = 0; v < nv; v++)
				uoff[v + 1] += uoff[v];
			memcpy(fill, uoff, (size_t)nv * sizeof *fill);
			for (size_t k = 0; k < u.v.len; k++) {
				uint32_t at = fill[u.v.v[k]]++;
				user[at] = u.w.v[k];
				ublk[at] = u.b.v[k];
			}
			s->f = (tc_ua_func){nb,   sof,  sa,   s->cond_value, nv, block, kind,
					    uoff, user, ublk, NULL,          0};
		}
	}
	if (!rc && rf->lane && !(s->lop = TC_ARENA_ARRAY(&s->ar, tc_lane_op, (size_t)nv + 1)))
		rc = TC_ENOMEM;
	for (uint32_t i = 0; !rc && rf->lane && i < nv; i++) {
		tc_lane_op o = {TC_LOP_PHI, 0, 0, {TC_NONE, TC_NONE}, TC_NONE, {0, 0}};
		if (i < ni) {
			o = rf->lane[i];
			uint32_t nop = rf->op_off[i + 1] - rf->op_off[i];
			for (int j = 0; j < 2; j++) {
				uint32_t at = o.a[j];
				o.a[j] = at != TC_NONE && at < nop ? opval[rf->op_off[i] + at] : TC_NONE;
			}
			if (o.op == TC_LOP_SELECT || o.op == TC_LOP_BROADCAST)
				o.cond = o.cond != TC_NONE && o.cond < nop
						 ? opval[rf->op_off[i] + o.cond]
						 : TC_NONE;
		}
		s->lop[i] = o;
	}
	if (!rc && s->lop)
		rc = constant_classes(s, rf, ni);
	tc__u32vec_free(al, &u.v);
	tc__u32vec_free(al, &u.w);
	tc__u32vec_free(al, &u.b);
	return rc;
}

/* Whether instruction i of rf writes a constant and reads nothing (not a
 * predicated write, which keeps the old value where its predicate fails). */
static bool writes_constant(const tc_ssa *s, const tc_reg_func *rf, uint32_t i)
{
	return s->lop[i].op == TC_LOP_COPY && (s->lop[i].flags & TC_LOP_K0) &&
	       rf->op_off[i + 1] == rf->op_off[i];
}

/* s->f.kclass, per value: one id for the values that hold one value
 * wherever they are read. An instruction that writes an integer constant
 * and reads nothing (mov %r, 0): the first such of that constant and width
 * (a hash table, in s->ar). One that copies a value's low bits and reads
 * nothing else (mov %r, %q; TC_LOP_TRUNC: the register it writes, at whose
 * phis it meets others, holds those bits): that value's id. Any other
 * value (a phi): its own. */
static int constant_classes(tc_ssa *s, const tc_reg_func *rf, uint32_t ni)
{
	uint32_t n = 0, nv = s->f.nvalues;
	for (uint32_t i = 0; i < ni; i++)
		n += writes_constant(s, rf, i);
	uint32_t cap = 16;
	while (cap < 2 * n)
		cap *= 2;
	uint32_t *kc = TC_ARENA_ARRAY(&s->ar, uint32_t, (size_t)nv + 1);
	uint32_t *table = TC_ARENA_ARRAY(&s->ar, uint32_t, cap);
	if (!kc || !table)
		return TC_ENOMEM;
	for (uint32_t k = 0; k < cap; k++)
		table[k] = TC_NONE;
	for (uint32_t i = 0; i < nv; i++) {
		const tc_lane_op *o = &s->lop[i];
		kc[i] = i;
		uint32_t w = o->a[0];
		if (i < ni && o->op == TC_LOP_COPY &&
		    (o->flags & (TC_LOP_K0 | TC_LOP_TRUNC)) == TC_LOP_TRUNC && w < nv &&
		    rf->op_off[i + 1] - rf->op_off[i] == 1) {
			kc[i] = w < i ? kc[w] : w; /* a copy of w */
			continue;
		}
		if (i >= ni || !writes_constant(s, rf, i))
			continue;
		uint64_t h = ((uint64_t)o->k[0] ^ ((uint64_t)o->bits << 57)) * UINT64_C(0x9e3779b97f4a7c15);
		uint32_t at = (uint32_t)(h >> 32) & (cap - 1);
		for (;; at = (at + 1) & (cap - 1)) {
			uint32_t x = table[at];
			if (x == TC_NONE) {
				table[at] = i;
				break;
			}
			if (s->lop[x].k[0] == o->k[0] && s->lop[x].bits == o->bits) {
				kc[i] = x;
				break;
			}
		}
	}
	s->f.kclass = kc;
	s->f.nkclass = nv;
	return TC_OK;
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

/* A register id, renumbered: its place in the sorted ids (TC_NONE and
 * values unchanged). */
static uint32_t dense_id(const uint32_t *ids, uint32_t n, uint32_t nregs, uint32_t x)
{
	return x >= nregs ? x : tc__u32_lower_bound(ids, n, x);
}

/*
 * A function that declares far more registers than it names (PTX's
 * ".reg .b32 %r<40000000>;" before three instructions) costs what it names,
 * not what it declares: *c is rf with the registers it uses numbered
 * 0 .. c->nregs - 1 in their order, and *ids the old id of each (in t).
 * Leaves *ids NULL where rf is dense enough as it is.
 */
static int compact(tc_arena *t, const tc_reg_func *rf, tc_reg_func *c, uint32_t **ids)
{
	*ids = NULL;
	uint32_t ni = rf->ninsts, nb = rf->nblocks, nops = rf->op_off[ni];
	size_t refs = (size_t)nops + ni + nb;
	if (rf->nregs <= 2 * refs + 1024)
		return TC_OK;
	uint32_t *id = TC_ARENA_ARRAY(t, uint32_t, refs + 1);
	uint32_t *def = TC_ARENA_ARRAY(t, uint32_t, (size_t)ni + 1);
	uint32_t *op = TC_ARENA_ARRAY(t, uint32_t, (size_t)nops + 1);
	uint32_t *cond = TC_ARENA_ARRAY(t, uint32_t, (size_t)nb + 1);
	if (!id || !def || !op || !cond)
		return TC_ENOMEM;
	uint32_t n = 0;
	for (uint32_t k = 0; k < nops; k++)
		if (rf->op[k] < rf->nregs)
			id[n++] = rf->op[k];
	for (uint32_t i = 0; i < ni; i++)
		if (rf->def[i] < rf->nregs)
			id[n++] = rf->def[i];
	for (uint32_t b = 0; b < nb; b++)
		if (rf->cond[b] < rf->nregs)
			id[n++] = rf->cond[b];
	qsort(id, n, sizeof *id, cmp_u32);
	uint32_t m = 0;
	for (uint32_t k = 0; k < n; k++)
		if (m == 0 || id[m - 1] != id[k])
			id[m++] = id[k];
	for (uint32_t k = 0; k < nops; k++)
		op[k] = dense_id(id, m, rf->nregs, rf->op[k]);
	for (uint32_t i = 0; i < ni; i++)
		def[i] = dense_id(id, m, rf->nregs, rf->def[i]);
	for (uint32_t b = 0; b < nb; b++)
		cond[b] = dense_id(id, m, rf->nregs, rf->cond[b]);
	*c = *rf;
	c->nregs = m;
	c->def = def;
	c->op = op;
	c->cond = cond;
	*ids = id;
	return TC_OK;
}

int tc__ssa(tc_ssa **out, const tc_reg_func *rf, const tc_alloc *al)
{
	*out = NULL;
	if ((size_t)rf->ninsts + rf->nblocks + 2 >= TC_SSA_VALUE - 1 || rf->nregs >= TC_SSA_VALUE)
		return TC_ELIMIT;
	tc_ssa *s = tc__calloc(al, 1, sizeof *s);
	if (!s)
		return TC_ENOMEM;
	s->al = *al;
	tc__arena_init(&s->ar, &s->al);
	tc_arena t;
	tc__arena_init(&t, al);
	tc_reg_func c;
	uint32_t *ids;
	int rc = compact(&t, rf, &c, &ids);
	if (!rc)
		rc = build(s, &t, ids ? &c : rf, al);
	for (uint32_t k = 0; !rc && ids && k < s->nphis; k++)
		s->phi_reg[k] = ids[s->phi_reg[k]];
	tc__arena_free(&t);
	if (rc) {
		tc__ssa_free(s);
		return rc;
	}
	*out = s;
	return TC_OK;
}

void tc__ssa_free(tc_ssa *s)
{
	if (!s)
		return;
	tc_alloc al = s->al;
	tc__arena_free(&s->ar);
	tc__free(&al, s);
}
