/*
 * uniformity.c - the uniformity analysis of SSA values (uniformity.h,
 * docs/llvm.md "Uniformity").
 *
 * Data dependence: a value is divergent when a source is, or an operand is
 * (forward along uses, except into TC_UA_UNIFORM values). Control
 * dependence, until nothing changes: a divergent branch b with immediate
 * post-dominator p makes divergent
 *   - the phis of its joins: the blocks of its region (what b's successors
 *     reach before p; influence.h), and p, that paths from two different
 *     successors of b reach. Joins are found as SSA construction places phis
 *     for a variable defined anew in each successor (Rosemann, Moll and Hack,
 *     POPL 2021): labels travel forward in reverse post-order, a block
 *     reached with two labels is a join and takes a label of its own, and
 *     the header of a loop that holds b passes its label to the loop's exits
 *     instead of going round again, so a divergent exit does not make the
 *     whole loop a join;
 *   - when the region holds a cycle (threads may leave it in different
 *     iterations), every value defined in it and used outside it (temporal
 *     divergence), unless the value is the same in every iteration: a pure
 *     computation from values defined before the region;
 *   - the phis of an irreducible cycle that the branch's paths enter at two
 *     different blocks with different labels, or that holds the branch: its
 *     threads need not go round it together. One entered only through
 *     uniform choices is a cycle like any other.
 * Branches on one cycle share their region (groups, below), so that a loop
 * with many divergent exits costs its size once, not once per exit.
 *
 * Every arc of control divergence is recorded from the branch's vertex
 * (uniformity.h, tc_uniformity_deps) so that tc_module_solve can replay the
 * analysis without the branches a solve proves effectively uniform.
 */
#include "analysis/uniformity.h"
#include "graph/dominators.h"
#include "analysis/influence.h"
#include "analysis/loops.h"

#include <stdlib.h>
#include <string.h>

struct tc_uniformity {
	tc_alloc al;
	tc_arena ar;
	tc_ua_func fd;       /* a copy of the description */
	const tc_ua_func *f; /* &fd */
	uint8_t *div;  /* per value: 1 divergent (bit 2: scratch of the source search) */
	uint8_t *bdiv; /* per block */
	bool soft;
	/* the value graph's data arcs: value -> users it passes divergence to */
	uint32_t *doff, *darc;
	/* the record: sources, and arcs from branch vertices and shared targets */
	tc_u32vec seeds, arc_from, arc_to;
	uint32_t nvirtual; /* shared targets, after the values and the blocks */
	/* operands (the reverse of the data arcs), made for the first source search */
	uint32_t *ooff, *oarc, *queue;
};

static int operands(tc_uniformity *u);

/* ---- the analysis state ----------------------------------------------------- */

/*
 * Branches on one cycle share their region: when b's successors reach b
 * again before p = ipdom(b), the region is everything b reaches without p,
 * and so it is for every branch c in b's strongly connected component of
 * that region with ipdom(c) = p. Such a group is found by the walk of its
 * first branch; the others use what it kept.
 */
typedef struct cycle_group {
	uint32_t stop;                /* p */
	uint32_t cycle, ncycle;       /* the component, sorted by id, in g_blocks */
	uint32_t live_out, nlive_out; /* what they make divergent, in g_values */
	uint32_t out_values;          /* its shared target, TC_NONE until used */
} cycle_group;

typedef struct ua {
	tc_uniformity *u;
	const tc_ua_func *f;
	const tc_alloc *al;
	uint32_t nblocks, nvalues;
	tc_digraph succ, pred;
	uint32_t *ipdom;
	tc_loops loops;
	/* phis per block: phi[poff[k] .. poff[k + 1]) */
	uint32_t *poff, *phi;
	/* the values of each block used outside it: xval[xoff[k] .. xoff[k + 1]),
	 * and their uses: xuser[xuoff[x] .. xuoff[x + 1]) in the blocks xub[...]
	 * (TC_NONE: a use by no value, or in no block) */
	uint32_t *xoff, *xval, *xuoff, *xub, *xuser;
	/* the exits of each loop, by header: exits[eoff[h] .. eoff[h + 1]) */
	uint32_t *eoff, *exits;
	/* propagation */
	uint32_t *ids; /* the stack of divergent values to pass on */
	uint32_t top;
	uint32_t rec; /* the vertex control arcs are recorded from */
	bool seeding; /* divergent values are seeds */
	/* one branch */
	tc_region_walk walk;
	uint32_t *list;  /* the region, or group_branch's stack (n) */
	uint32_t *rpo;   /* per vertex: its place in a reverse post-order */
	uint32_t *byrpo; /* per place: its vertex */
	uint32_t *sortbuf; /* scratch of tc__sort_u32 (n) */
	bool any_multi;  /* some loop has more than one entry */
	uint32_t *lab, *lab_st, *join_st; /* labels, valid when lab_st == round */
	uint32_t *heap;    /* the blocks to visit, by place in reverse post-order */
	uint32_t *in_heap; /* == round */
	uint32_t *touched; /* the blocks labelled for the branch */
	uint32_t *bhdr;    /* == round: heads a reducible loop that holds b */
	uint32_t *seen;
	uint32_t *irr_label, *irr_st; /* per loop header: the label an entry got */
	uint32_t *irr_target;         /* per header: its phis' shared target */
	uint32_t *var_st;             /* per value: == round, var[] is known */
	uint8_t *var;                 /* per value: it may change between iterations */
	uint32_t *var_stack, *var_cursor;
	/* groups */
	uint32_t *group_of; /* block: its group, or TC_NONE */
	cycle_group *groups;
	size_t ngroups, groups_cap;
	tc_u32vec g_blocks, g_values;
} ua;

static int push_id(ua *a, uint32_t id)
{
	tc_uniformity *u = a->u;
	if (id == TC_NONE || u->div[id])
		return TC_OK;
	u->div[id] = 1;
	if (a->seeding && tc__u32vec_push(a->al, &u->seeds, id))
		return TC_ENOMEM;
	a->ids[a->top++] = id; /* each value at most once */
	return TC_OK;
}

static int drain(ua *a)
{
	const tc_uniformity *u = a->u;
	int rc;
	while (a->top > 0) {
		uint32_t v = a->ids[--a->top];
		for (uint32_t k = u->doff[v]; k < u->doff[v + 1]; k++)
			if ((rc = push_id(a, u->darc[k])))
				return rc;
	}
	return TC_OK;
}

/* An arc of the value graph from the branch being looked at to id. */
static int arc(ua *a, uint32_t id)
{
	if (tc__u32vec_push(a->al, &a->u->arc_from, a->rec) ||
	    tc__u32vec_push(a->al, &a->u->arc_to, id) || a->u->arc_from.len >= UINT32_MAX)
		return TC_ENOMEM;
	return TC_OK;
}

/* id is divergent because of the branch being looked at: the arc is noted
 * too, even when id is divergent already. */
static int taint(ua *a, uint32_t id)
{
	int rc = arc(a, id);
	return rc ? rc : push_id(a, id);
}

static int divergent_phis(ua *a, uint32_t k)
{
	int rc;
	for (uint32_t i = a->poff[k]; i < a->poff[k + 1]; i++)
		if ((rc = taint(a, a->phi[i])))
			return rc;
	return TC_OK;
}

/* A new vertex that stands for a set of values several branches make
 * divergent: one arc from each branch to it, one from it to each value. */
static int shared_target(ua *a, uint32_t *id)
{
	tc_uniformity *u = a->u;
	if (u->nvirtual >= UINT32_MAX - a->nvalues - a->nblocks - 1)
		return TC_ELIMIT;
	*id = a->nvalues + a->nblocks + u->nvirtual++;
	return TC_OK;
}

static int cmp_u32(const void *x, const void *y)
{
	uint32_t p = *(const uint32_t *)x, q = *(const uint32_t *)y;
	return (p > q) - (p < q);
}

/* ---- what the function's shape gives once ------------------------------------ */

/*
 * The uses the analysis works with: the front end's, and one more per block
 * with a condition (the branch's vertex, nvalues + b, uses it in b). From
 * them: the data arcs (not into TC_UA_UNIFORM values), the phis by block,
 * and the values used outside their block by block, with the users and
 * blocks of those uses.
 */
static int build_values(ua *a, tc_arena *ar)
{
	const tc_ua_func *f = a->f;
	tc_uniformity *u = a->u;
	uint32_t nv = f->nvalues, nb = f->nblocks;
	/* the extra uses, by value: cond_of[coff[v] .. coff[v + 1]) */
	uint32_t *coff = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)nv + 1);
	uint32_t *from = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nb + 1);
	uint32_t *blk = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nb + 1);
	uint32_t *cond_of = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nb + 1);
	if (!coff || !from || !blk || !cond_of)
		return TC_ENOMEM;
	uint32_t nc = 0;
	for (uint32_t b = 0; b < nb; b++)
		if (f->cond[b] != TC_NONE && f->cond[b] < nv) {
			from[nc] = f->cond[b];
			blk[nc++] = b;
		}
	tc__csr_fill(nv, nc, from, blk, coff, cond_of);
	/* counts: data arcs, phis by block, values used outside their block
	 * (cross) by block and their uses */
	a->poff = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)nb + 2);
	a->xoff = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)nb + 2);
	uint8_t *cross = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)nv + 1);
	if (!a->poff || !a->xoff || !cross)
		return TC_ENOMEM;
	size_t narcs = nc, nxub = 0;
	uint32_t nphi = 0, nx = 0;
	for (uint32_t v = 0; v < nv; v++) {
		uint32_t k = f->block[v];
		bool inside = k != TC_NONE && k < nb, out = false;
		for (uint32_t x = f->use_off[v]; x < f->use_off[v + 1]; x++) {
			uint32_t w = f->user[x];
			narcs += w != TC_NONE && !(f->kind[w] & TC_UA_UNIFORM);
			out |= f->use_block[x] != k;
		}
		if (!inside)
			continue;
		for (uint32_t x = coff[v]; x < coff[v + 1] && !out; x++)
			out = cond_of[x] != k;
		if (f->kind[v] & TC_UA_PHI) {
			a->poff[k + 1]++;
			nphi++;
		}
		if (out) {
			cross[v] = 1;
			a->xoff[k + 1]++;
			nx++;
			nxub += f->use_off[v + 1] - f->use_off[v] + coff[v + 1] - coff[v];
		}
	}
	if (narcs >= UINT32_MAX || nxub >= UINT32_MAX)
		return TC_ELIMIT;
	for (uint32_t k = 0; k < nb; k++) {
		a->poff[k + 1] += a->poff[k];
		a->xoff[k + 1] += a->xoff[k];
	}
	u->doff = TC_ARENA_ARRAY(&u->ar, uint32_t, (size_t)nv + nb + 1);
	u->darc = TC_ARENA_ARRAY(&u->ar, uint32_t, narcs + 1);
	a->phi = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nphi + 1);
	a->xval = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nx + 1);
	a->xuoff = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nx + 1);
	a->xub = TC_ARENA_ARRAY(ar, uint32_t, nxub + 1);
	a->xuser = TC_ARENA_ARRAY(ar, uint32_t, nxub + 1);
	uint32_t *pfill = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nb + 1);
	uint32_t *xfill = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nb + 1);
	if (!u->doff || !u->darc || !a->phi || !a->xval || !a->xuoff || !a->xub || !a->xuser ||
	    !pfill || !xfill)
		return TC_ENOMEM;
	memcpy(pfill, a->poff, (size_t)nb * sizeof *pfill);
	memcpy(xfill, a->xoff, (size_t)nb * sizeof *xfill);
	/* fill: the data arcs (users that are not TC_UA_UNIFORM, then the
	 * branches on the value), the phis and the cross values */
	uint32_t n = 0;
	for (uint32_t v = 0; v < nv; v++) {
		u->doff[v] = n;
		for (uint32_t k = f->use_off[v]; k < f->use_off[v + 1]; k++) {
			uint32_t w = f->user[k];
			if (w != TC_NONE && !(f->kind[w] & TC_UA_UNIFORM))
				u->darc[n++] = w;
		}
		for (uint32_t k = coff[v]; k < coff[v + 1]; k++)
			u->darc[n++] = nv + cond_of[k];
		uint32_t k = f->block[v];
		if (k == TC_NONE || k >= nb)
			continue;
		if (f->kind[v] & TC_UA_PHI)
			a->phi[pfill[k]++] = v;
		if (cross[v])
			a->xval[xfill[k]++] = v;
	}
	for (uint32_t b = 0; b <= nb; b++)
		u->doff[nv + b] = n; /* branch vertices pass nothing on by data */
	/* the users and blocks of their uses, in the order of xval */
	n = 0;
	for (uint32_t x = 0; x < nx; x++) {
		uint32_t v = a->xval[x];
		a->xuoff[x] = n;
		for (uint32_t k = f->use_off[v]; k < f->use_off[v + 1]; k++) {
			a->xuser[n] = f->user[k];
			a->xub[n++] = f->use_block[k];
		}
		for (uint32_t k = coff[v]; k < coff[v + 1]; k++) {
			a->xuser[n] = nv + cond_of[k];
			a->xub[n++] = cond_of[k];
		}
	}
	a->xuoff[nx] = n;
	return TC_OK;
}

/* Reverse post-order of a depth-first search from the entry, then from each
 * block it did not reach (so that every vertex has a place). */
static int reverse_postorder(ua *a, tc_arena *ar)
{
	uint32_t n = a->succ.n;
	uint32_t *cursor = TC_ARENA_ARRAY(ar, uint32_t, n);
	uint32_t *stack = TC_ARENA_ARRAY(ar, uint32_t, n);
	a->rpo = TC_ARENA_ARRAY(ar, uint32_t, n);
	a->byrpo = TC_ARENA_ARRAY(ar, uint32_t, n);
	a->sortbuf = TC_ARENA_ARRAY(ar, uint32_t, n);
	if (!cursor || !stack || !a->rpo || !a->byrpo || !a->sortbuf)
		return TC_ENOMEM;
	memset(a->rpo, 0xff, (size_t)n * sizeof *a->rpo);
	uint32_t next = n; /* places are handed out from the end */
	for (uint32_t r0 = 0; r0 < n; r0++) {
		if (a->rpo[r0] != TC_NONE)
			continue;
		uint32_t top = 0;
		/* UINT32_MAX - 1: visited, its place not known yet */
		a->rpo[r0] = UINT32_MAX - 1;
		cursor[r0] = a->succ.off[r0];
		stack[top++] = r0;
		while (top > 0) {
			uint32_t v = stack[top - 1];
			if (cursor[v] < a->succ.off[v + 1]) {
				uint32_t w = a->succ.adj[cursor[v]++];
				if (a->rpo[w] == TC_NONE) {
					a->rpo[w] = UINT32_MAX - 1;
					cursor[w] = a->succ.off[w];
					stack[top++] = w;
				}
				continue;
			}
			a->rpo[v] = --next;
			a->byrpo[next] = v;
			top--;
		}
	}
	return TC_OK;
}

/* The exits of every loop: for an arc u -> w, w is an exit of each loop that
 * holds u but not w. */
static int loop_exits(ua *a, tc_arena *ar)
{
	uint32_t n = a->succ.n;
	const tc_loops *l = &a->loops;
	a->eoff = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)n + 1);
	if (!a->eoff)
		return TC_ENOMEM;
	size_t total = 0;
	for (int pass = 0; pass < 2; pass++) {
		for (uint32_t v = 0; v < n; v++)
			for (const uint32_t *w = TC_ADJ_BEGIN(&a->succ, v);
			     w != TC_ADJ_END(&a->succ, v); w++)
				for (uint32_t h = l->innermost[v]; h != TC_NONE && !tc__in_loop(l, h, *w);
				     h = l->parent[h]) {
					if (pass == 0)
						a->eoff[h + 1]++, total++;
					else
						a->exits[a->eoff[h]++] = *w;
				}
		if (pass == 1)
			break;
		if (total >= UINT32_MAX)
			return TC_ELIMIT;
		for (uint32_t h = 0; h < n; h++)
			a->eoff[h + 1] += a->eoff[h];
		a->exits = TC_ARENA_ARRAY(ar, uint32_t, total + 1);
		if (!a->exits)
			return TC_ENOMEM;
	}
	/* the second pass moved eoff[h] to the end of h's list */
	for (uint32_t h = n; h > 0; h--)
		a->eoff[h] = a->eoff[h - 1];
	a->eoff[0] = 0;
	return TC_OK;
}

/* ---- joins ----------------------------------------------------------------------- */

static bool heap_less(const ua *a, uint32_t x, uint32_t y)
{
	return a->rpo[x] < a->rpo[y];
}

static void heap_push(ua *a, uint32_t *len, uint32_t v)
{
	uint32_t i = (*len)++;
	while (i > 0) {
		uint32_t p = (i - 1) / 2;
		if (!heap_less(a, v, a->heap[p]))
			break;
		a->heap[i] = a->heap[p];
		i = p;
	}
	a->heap[i] = v;
}

static uint32_t heap_pop(ua *a, uint32_t *len)
{
	uint32_t top = a->heap[0], v = a->heap[--*len], i = 0;
	for (;;) {
		uint32_t c = 2 * i + 1;
		if (c >= *len)
			break;
		if (c + 1 < *len && heap_less(a, a->heap[c + 1], a->heap[c]))
			c++;
		if (!heap_less(a, a->heap[c], v))
			break;
		a->heap[i] = a->heap[c];
		i = c;
	}
	if (*len)
		a->heap[i] = v;
	return top;
}

/* Label lab reaches w: the first label stays, a second makes w a join with
 * a label of its own. Whether w's label changed. */
static inline bool relabel(ua *a, uint32_t w, uint32_t lab, uint32_t st, uint32_t *nt)
{
	if (a->lab_st[w] != st) {
		a->lab_st[w] = st;
		a->lab[w] = lab;
		a->touched[(*nt)++] = w;
		return true;
	}
	if (a->lab[w] == lab)
		return false;
	a->join_st[w] = st;
	if (a->lab[w] == w)
		return false;
	a->lab[w] = w;
	return true;
}

/* relabel, and a block whose label changed is visited (again), but not
 * stop, where the region ends. */
static inline void reach(ua *a, uint32_t w, uint32_t lab, uint32_t stop, uint32_t st,
			 uint32_t *hl, uint32_t *nt)
{
	if (!relabel(a, w, lab, st, nt))
		return;
	if (w != stop && a->in_heap[w] != st) {
		a->in_heap[w] = st;
		heap_push(a, hl, w);
	}
}

/* The outermost loop holding b that has more than one entry, or TC_NONE. */
static uint32_t irreducible_around(const ua *a, uint32_t b)
{
	uint32_t found = TC_NONE;
	for (uint32_t h = a->loops.innermost[b]; h != TC_NONE; h = a->loops.parent[h])
		if (a->loops.multi_entry[h])
			found = h;
	return found;
}

/* The phis of every block of loop h are divergent: through h's shared
 * target, made on first use. */
static int irreducible_phis(ua *a, uint32_t h)
{
	int rc = TC_OK;
	if (a->irr_target[h] == TC_NONE) {
		uint32_t rec = a->rec;
		rc = shared_target(a, &a->irr_target[h]);
		a->rec = a->irr_target[h];
		for (uint32_t v = 0; v < a->nblocks && !rc; v++)
			if (tc__in_loop(&a->loops, h, v))
				rc = divergent_phis(a, v);
		a->rec = rec;
	}
	return rc ? rc : arc(a, a->irr_target[h]);
}

/* An entry of the irreducible loop h (which does not hold the branch) is
 * reached with label carried: a second, different one makes h's phis
 * divergent. */
static int enter_irreducible(ua *a, uint32_t h, uint32_t carried, uint32_t st)
{
	if (a->irr_st[h] != st) {
		a->irr_st[h] = st;
		a->irr_label[h] = carried;
		return TC_OK;
	}
	if (a->irr_label[h] == carried || a->irr_label[h] == TC_NONE)
		return TC_OK;
	a->irr_label[h] = TC_NONE; /* done */
	return irreducible_phis(a, h);
}

/* The labels that the arcs into the irreducible loops without b carry, for
 * the blocks labelled (touched[0 .. nt)) by b's labels of round st. */
static int irreducible_entries(ua *a, uint32_t b, uint32_t st, uint32_t nt)
{
	const tc_loops *l = &a->loops;
	int rc;
	for (uint32_t k = 0; k < nt; k++) {
		uint32_t v = a->touched[k];
		if (v >= a->nblocks)
			continue;
		for (uint32_t h = l->innermost[v]; h != TC_NONE && !tc__in_loop(l, h, b);
		     h = l->parent[h]) {
			if (!l->multi_entry[h])
				continue;
			for (const uint32_t *u = TC_ADJ_BEGIN(&a->pred, v); u != TC_ADJ_END(&a->pred, v);
			     u++)
				if (!tc__in_loop(l, h, *u) && (*u == b || a->lab_st[*u] == st) &&
				    (rc = enter_irreducible(a, h, *u == b ? v : a->lab[*u], st)))
					return rc;
		}
	}
	return TC_OK;
}

/*
 * Whether the header v of a reducible loop passes its label straight to the
 * loop's exits. A loop that holds b is gone round again: its exits are
 * where threads that went round part from the others. A loop that does not
 * is entered at v alone, so every block in it would get v's label and no
 * other (no join): the walk skips it, unless stop lies inside it.
 */
static bool to_exits(const ua *a, uint32_t v, uint32_t b, uint32_t stop, uint32_t st)
{
	const tc_loops *l = &a->loops;
	if (a->bhdr[v] == st)
		return true;
	/* stop is TC_NONE when b reaches no exit */
	return v < a->nblocks && l->innermost[v] == v && !l->irreducible[v] &&
	       (stop > a->nblocks || !tc__in_loop(l, v, stop)) && !tc__in_loop(l, v, b);
}

/*
 * The phis of join v of divergent branch b, whose region (what b's
 * successors reach before ipdom(b), loops and all) the walk marked with
 * round rr (walk.stamp): each, unless every way from b's region into v (an
 * edge from b or from a member) brings it one value (f->kclass: one
 * constant, copies of one value, or that value itself): the threads that
 * came those ways hold the same value, whichever way each took (whether
 * that value is the same in every thread is its own to say; the threads
 * that come by other ways did not pass b, and the branches they passed
 * answer for them). A way that brings nothing (the register undefined
 * there) keeps it divergent; so does every phi where rr is 0 (no region
 * marked: a cycle's group).
 */
static int join_phis(ua *a, uint32_t b, uint32_t v, uint32_t rr)
{
	const tc_ua_func *f = a->f;
	const uint32_t *mark = a->walk.stamp;
	if (!f->kclass || rr == 0)
		return divergent_phis(a, v);
	int rc;
	uint32_t ways = 0; /* the edges into v from b's region */
	for (const uint32_t *p = TC_ADJ_BEGIN(&a->pred, v); p != TC_ADJ_END(&a->pred, v); p++)
		ways += *p == b || (*p < a->nblocks && mark[*p] == rr);
	if (!a->u->ooff && (rc = operands(a->u)))
		return rc;
	const tc_uniformity *u = a->u;
	for (uint32_t i = a->poff[v]; i < a->poff[v + 1]; i++) {
		uint32_t phi = a->phi[i], cls = TC_NONE, seen = 0;
		bool one = true;
		for (uint32_t o = u->ooff[phi]; o < u->ooff[phi + 1] && one; o++) {
			uint32_t y = u->oarc[o];
			if (y >= a->nvalues)
				continue;
			for (uint32_t k = f->use_off[y]; k < f->use_off[y + 1] && one; k++) {
				uint32_t p = f->use_block[k];
				if (f->user[k] != phi || (p != b && (p >= a->nblocks || mark[p] != rr)))
					continue;
				uint32_t c = y < f->nkclass ? f->kclass[y] : y;
				one = seen == 0 || c == cls;
				cls = c;
				seen++;
			}
		}
		if ((!one || seen != ways || ways == 0) && (rc = taint(a, phi)))
			return rc;
	}
	return TC_OK;
}

/*
 * The phis of p = ipdom(b), a join of divergent branch b: all of them,
 * unless the threads reach p from b through one edge, b -> p (b heads
 * straight into p, which has no other predecessor that b reaches before
 * p, as when a loop with a divergent exit leaves by its latch into the
 * header of a loop after it, with no preheader between). Those threads
 * come in different iterations of a cycle, not by different ways, and each
 * phi of p takes what comes in from b: that differs between them only when
 * it is a value of b's region that may differ between the iterations
 * (variant). A constant, a value defined before the region, or one computed
 * in it from those alone is the same in all of them (and what it depends
 * on itself is the data's to say).
 */
static bool variant(ua *a, uint32_t v);
static int stop_phis(ua *a, uint32_t b, uint32_t p, uint32_t rr)
{
	const tc_ua_func *f = a->f;
	const uint32_t *pb = TC_ADJ_BEGIN(&a->pred, p), *pe = TC_ADJ_END(&a->pred, p);
	bool direct = false;
	for (const uint32_t *x = pb; x != pe; x++)
		direct |= *x == b;
	/* at most one other predecessor: a loop's header has its latch */
	if (!direct || pe - pb > 2)
		return join_phis(a, b, p, rr);
	if (a->poff[p] == a->poff[p + 1])
		return TC_OK;
	/* b's region: what b's successors reach before p */
	uint32_t st = ++a->walk.round, sp = 0, *mark = a->walk.stamp, *stack = a->list;
	mark[b] = st;
	for (const uint32_t *w = TC_ADJ_BEGIN(&a->succ, b); w != TC_ADJ_END(&a->succ, b); w++)
		if (*w != p && mark[*w] != st)
			mark[stack[sp++] = *w] = st;
	while (sp > 0) {
		uint32_t v = stack[--sp];
		for (const uint32_t *w = TC_ADJ_BEGIN(&a->succ, v); w != TC_ADJ_END(&a->succ, v);
		     w++)
			if (*w != p && mark[*w] != st)
				mark[stack[sp++] = *w] = st;
	}
	for (const uint32_t *x = pb; x != pe; x++)
		if (*x != b && *x < a->nblocks && mark[*x] == st)
			return join_phis(a, b, p, st); /* a second way in */
	int rc;
	if (!a->u->ooff && (rc = operands(a->u)))
		return rc;
	const tc_uniformity *u = a->u;
	for (uint32_t i = a->poff[p]; i < a->poff[p + 1]; i++) {
		uint32_t phi = a->phi[i];
		bool region = false;
		for (uint32_t o = u->ooff[phi]; o < u->ooff[phi + 1] && !region; o++) {
			uint32_t y = u->oarc[o];
			if (y >= a->nvalues || f->block[y] == TC_NONE || mark[f->block[y]] != st)
				continue;
			for (uint32_t k = f->use_off[y]; k < f->use_off[y + 1] && !region; k++)
				region = f->user[k] == phi && f->use_block[k] == b;
			region = region && variant(a, y);
		}
		if (region && (rc = taint(a, phi)))
			return rc;
	}
	return TC_OK;
}

/* The phis of the joins that round st labelled (touched[0 .. nt)) (of
 * ipdom(b) through stop_phis), and of the irreducible loops that b is in
 * (around) or that its paths enter at two blocks with different labels. */
static int joins_found(ua *a, uint32_t b, uint32_t st, uint32_t nt, uint32_t around,
		       uint32_t rr)
{
	int rc;
	bool stop = false;
	for (uint32_t k = 0; k < nt; k++) {
		uint32_t v = a->touched[k];
		if (v >= a->nblocks || a->join_st[v] != st)
			continue;
		if (v == a->ipdom[b])
			stop = true;
		else if ((rc = join_phis(a, b, v, rr)))
			return rc;
	}
	if (around != TC_NONE)
		rc = irreducible_phis(a, around);
	else
		rc = a->any_multi ? irreducible_entries(a, b, st, nt) : TC_OK;
	return rc || !stop ? rc : stop_phis(a, b, a->ipdom[b], rr);
}

/*
 * Labels from the successors of branch b over its region (what they reach
 * before stop), visited in reverse post-order with a heap, so that the cost
 * is that of the blocks labelled (a loop without b is passed over from its
 * header to its exits); the phis of the joins become divergent,
 * and those of an irreducible loop entered at two blocks with different
 * labels.
 */
static int label_joins(ua *a, uint32_t b, uint32_t stop, uint32_t rr)
{
	const tc_loops *l = &a->loops;
	uint32_t st = ++a->walk.round, hl = 0, nt = 0;
	uint32_t around = irreducible_around(a, b);
	if (around == TC_NONE)
		for (uint32_t h = l->innermost[b]; h != TC_NONE; h = l->parent[h])
			a->bhdr[h] = st;
	for (const uint32_t *s = TC_ADJ_BEGIN(&a->succ, b); s != TC_ADJ_END(&a->succ, b); s++)
		reach(a, *s, *s, stop, st, &hl, &nt);
	while (hl > 0) {
		uint32_t v = heap_pop(a, &hl);
		a->in_heap[v] = st - 1;
		if (v == b)
			continue;
		uint32_t lab = a->lab[v];
		const uint32_t *w = TC_ADJ_BEGIN(&a->succ, v), *end = TC_ADJ_END(&a->succ, v);
		if (to_exits(a, v, b, stop, st)) {
			w = a->exits + a->eoff[v];
			end = a->exits + a->eoff[v + 1];
		}
		for (; w != end; w++)
			reach(a, *w, lab, stop, st, &hl, &nt);
	}
	return joins_found(a, b, st, nt, around, rr);
}

/*
 * label_joins for a region that holds no cycle and no loop's header (so no
 * label goes to a loop's exits, and none leaves the region but at stop):
 * its blocks (region[0 .. len), overwritten) in reverse post-order, each
 * visited once with its final label, without the heap.
 */
static int label_region(ua *a, uint32_t b, uint32_t *region, uint32_t len, uint32_t rr)
{
	uint32_t st = ++a->walk.round, nt = 0;
	for (const uint32_t *s = TC_ADJ_BEGIN(&a->succ, b); s != TC_ADJ_END(&a->succ, b); s++)
		relabel(a, *s, *s, st, &nt);
	for (uint32_t k = 0; k < len; k++)
		region[k] = a->rpo[region[k]];
	tc__sort_u32(region, len, a->sortbuf);
	for (uint32_t k = 0; k < len; k++) {
		uint32_t v = a->byrpo[region[k]], lab = a->lab[v];
		for (const uint32_t *w = TC_ADJ_BEGIN(&a->succ, v); w != TC_ADJ_END(&a->succ, v); w++)
			relabel(a, *w, lab, st, &nt);
	}
	return joins_found(a, b, st, nt, irreducible_around(a, b), rr);
}

/* ---- branches --------------------------------------------------------------- */

static bool in_cycle(const ua *a, const cycle_group *g, uint32_t v)
{
	return bsearch(&v, a->g_blocks.v + g->cycle, g->ncycle, sizeof v, cmp_u32) != NULL;
}

/*
 * Whether value v, used outside the region marked in the walk, may differ
 * between the region's iterations: a phi or an impure value of the region
 * may, a pure one when an operand of the region may. Depth first over the
 * operands, iteratively (SSA cycles pass through phis, which end the
 * search).
 */
static bool variant(ua *a, uint32_t v)
{
	const tc_ua_func *f = a->f;
	const tc_uniformity *u = a->u;
	uint32_t st = a->walk.round, top = 0;
#define IN_REGION(x) (f->block[x] != TC_NONE && a->walk.stamp[f->block[x]] == st)
	if (!IN_REGION(v))
		return false;
	if (a->var_st[v] == st)
		return a->var[v] != 0;
	/* var[x] == 2: on the stack (an operand that is, in unreachable code
	 * where an instruction may use itself, counts as variant) */
	a->var_st[v] = st;
	a->var[v] = 2;
	a->var_cursor[v] = u->ooff[v];
	a->var_stack[top++] = v;
	while (top > 0) {
		uint32_t x = a->var_stack[top - 1];
		bool result = true;
		if ((f->kind[x] & (TC_UA_PHI | TC_UA_PURE)) == TC_UA_PURE) {
			/* the next operand of the region not known to be invariant */
			for (result = false; a->var_cursor[x] < u->ooff[x + 1]; a->var_cursor[x]++) {
				uint32_t y = u->oarc[a->var_cursor[x]];
				if (!IN_REGION(y) || (a->var_st[y] == st && a->var[y] == 0))
					continue;
				if (a->var_st[y] == st) {
					result = true;
					break;
				}
				a->var_st[y] = st;
				a->var[y] = 2;
				a->var_cursor[y] = u->ooff[y];
				a->var_stack[top++] = y;
				break;
			}
			if (a->var_stack[top - 1] != x)
				continue; /* an operand to look at first */
		}
		a->var[x] = result;
		top--;
	}
#undef IN_REGION
	return a->var[v] != 0;
}

/* A new group for b, whose region (len blocks, marked in the walk) holds b:
 * b's component of the region, sorted. Its live-out values are added by the
 * caller. */
static int new_group(ua *a, uint32_t b, uint32_t len)
{
	if (a->ngroups >= UINT32_MAX - 1)
		return TC_ELIMIT;
	if (a->ngroups == a->groups_cap) {
		size_t cap = a->groups_cap ? 2 * a->groups_cap : 16;
		cycle_group *g = tc__realloc(a->al, a->groups, tc__mul(cap, sizeof *g));
		if (!g)
			return TC_ENOMEM;
		a->groups = g;
		a->groups_cap = cap;
	}
	if (a->g_blocks.len + (size_t)len >= UINT32_MAX)
		return TC_ELIMIT;
	if (tc__u32vec_reserve(a->al, &a->g_blocks, a->g_blocks.len + (size_t)len))
		return TC_ENOMEM;
	cycle_group *g = &a->groups[a->ngroups];
	uint32_t *out = a->g_blocks.v;
	g->stop = a->ipdom[b];
	g->cycle = (uint32_t)a->g_blocks.len;
	uint32_t n; /* the walk's marks are still those of b's region */
	tc__influence_cycle(&a->walk, &a->pred, b, a->seen, out + g->cycle, &n);
	g->ncycle = n;
	a->g_blocks.len = (size_t)g->cycle + g->ncycle;
	tc__sort_u32(out + g->cycle, g->ncycle, a->sortbuf);
	for (uint32_t k = 0; k < g->ncycle; k++) {
		uint32_t v = out[g->cycle + k];
		if (v < a->nblocks && a->ipdom[v] == g->stop)
			a->group_of[v] = (uint32_t)a->ngroups;
	}
	g->live_out = (uint32_t)a->g_values.len;
	g->nlive_out = 0;
	g->out_values = TC_NONE;
	a->ngroups++;
	return TC_OK;
}

/* The group's live-out values through its shared target, made on first use. */
static int group_live_out(ua *a, cycle_group *g)
{
	int rc = TC_OK;
	if (g->out_values == TC_NONE) {
		uint32_t rec = a->rec;
		rc = shared_target(a, &g->out_values);
		a->rec = g->out_values;
		for (uint32_t k = 0; k < g->nlive_out && !rc; k++)
			rc = taint(a, a->g_values.v[g->live_out + k]);
		a->rec = rec;
	}
	return rc ? rc : arc(a, g->out_values);
}

/*
 * Divergent branch b of group g (its region is g's). When one successor
 * lies on the cycle, the joins are what the others reach before p, and p
 * when one of them reaches it (a superset, found without walking the
 * cycle); otherwise they are labelled over the region. The region holds a
 * cycle, so its live-out values are divergent.
 */
static int group_branch(ua *a, uint32_t b, cycle_group *g)
{
	uint32_t stop = g->stop, on_cycle = TC_NONE;
	bool two = false;
	int rc;
	for (const uint32_t *w = TC_ADJ_BEGIN(&a->succ, b); w != TC_ADJ_END(&a->succ, b); w++)
		if (*w != stop && in_cycle(a, g, *w)) {
			two |= on_cycle != TC_NONE && on_cycle != *w;
			on_cycle = *w;
		}
	if (on_cycle == TC_NONE)
		return 1;
	if (two) {
		if ((rc = label_joins(a, b, stop, 0)))
			return rc;
	} else {
		uint32_t st = ++a->walk.round, sp = 0, *stack = a->list;
		bool stop_joins = false;
		uint32_t *mark = a->walk.stamp;
		for (const uint32_t *w = TC_ADJ_BEGIN(&a->succ, b); w != TC_ADJ_END(&a->succ, b);
		     w++) {
			if (*w == on_cycle)
				continue;
			if (*w == stop) {
				stop_joins = true;
			} else if (mark[*w] != st) {
				mark[*w] = st;
				stack[sp++] = *w;
			}
		}
		while (sp > 0) {
			uint32_t v = stack[--sp];
			if (v < a->nblocks && (rc = divergent_phis(a, v)))
				return rc;
			for (const uint32_t *x = TC_ADJ_BEGIN(&a->succ, v);
			     x != TC_ADJ_END(&a->succ, v); x++) {
				if (*x == stop) {
					stop_joins = true;
				} else if (mark[*x] != st) {
					mark[*x] = st;
					stack[sp++] = *x;
				}
			}
		}
		uint32_t around = irreducible_around(a, b);
		if (around != TC_NONE && (rc = irreducible_phis(a, around)))
			return rc;
		if (stop_joins && stop < a->nblocks && (rc = stop_phis(a, b, stop, 0)))
			return rc;
	}
	return group_live_out(a, g);
}

/*
 * Control divergence of the divergent branch ending block b: the phis of
 * its joins, and when its region holds a cycle, every value defined in the
 * region and used outside it.
 */
static int branch_divergence(ua *a, uint32_t b)
{
	uint32_t stop = a->ipdom[b], len = 0;
	int rc;
	const uint32_t *w0 = TC_ADJ_BEGIN(&a->succ, b);
	bool one_way = true;
	for (const uint32_t *w = w0; w != TC_ADJ_END(&a->succ, b); w++)
		one_way &= *w == *w0;
	if (one_way) /* every thread goes to the same block */
		return TC_OK;
	if (a->group_of[b] != TC_NONE &&
	    (rc = group_branch(a, b, &a->groups[a->group_of[b]])) != 1)
		return rc;
	uint32_t *region = a->list;
	bool cyclic;
	tc__influence_region(&a->walk, b, stop, region, &len, &cyclic);
	uint32_t rr = a->walk.round; /* the region's marks (join_phis) */
	if (!cyclic) {
		bool header = false;
		for (uint32_t k = 0; k < len && !header; k++)
			header = a->loops.innermost[region[k]] == region[k];
		return header ? label_joins(a, b, stop, rr) : label_region(a, b, region, len, rr);
	}
	/* temporal divergence: values live out of the region; when the region
	 * holds b, it becomes a group, with these values */
	uint32_t st = a->walk.round;
	if (!a->u->ooff && (rc = operands(a->u))) /* for variant() */
		return rc;
	cycle_group *g = NULL;
	if (a->walk.stamp[b] == st) {
		if ((rc = new_group(a, b, len)))
			return rc;
		g = &a->groups[a->ngroups - 1];
	}
	for (uint32_t k = 0; k < len; k++) {
		uint32_t v = region[k];
		if (v >= a->nblocks)
			continue;
		for (uint32_t x = a->xoff[v]; x < a->xoff[v + 1]; x++) {
			uint32_t val = a->xval[x];
			bool checked = false;
			for (uint32_t y = a->xuoff[x]; y < a->xuoff[x + 1]; y++) {
				uint32_t ub = a->xub[y], w = a->xuser[y];
				/* a phi outside reads the value on an in-edge from
				 * inside, as each thread leaves */
				bool leaving = w < a->nvalues && (a->f->kind[w] & TC_UA_PHI) &&
					       a->f->block[w] != TC_NONE &&
					       a->walk.stamp[a->f->block[w]] != st;
				if (ub != TC_NONE && a->walk.stamp[ub] == st && !leaving)
					continue; /* a use inside: threads there agree */
				if (!checked && !variant(a, val))
					break; /* the same in every iteration */
				checked = true;
				/* the use outside sees the value of another iteration:
				 * its user is divergent (the value itself, when the
				 * use is no value's) */
				uint32_t t = w == TC_NONE ? val : w;
				if (t < a->nvalues && (a->f->kind[t] & TC_UA_UNIFORM))
					continue; /* one result for all threads */
				if ((rc = taint(a, t)))
					return rc;
				if (g && (tc__u32vec_push(a->al, &a->g_values, t) ||
					  a->g_values.len >= UINT32_MAX))
					return TC_ENOMEM;
				if (g)
					g->nlive_out++;
			}
		}
	}
	return label_joins(a, b, stop, 0); /* its marks are not kept */
}

/* The fixpoint of data and control dependence (the file's comment). */
static int analyse(ua *a, tc_arena *ar)
{
	const tc_ua_func *f = a->f;
	tc_uniformity *u = a->u;
	uint32_t nb = f->nblocks, n = nb + 1;
	int rc;
	/* the block graph, with the virtual exit */
	a->ipdom = TC_ARENA_ARRAY(ar, uint32_t, n);
	if (!a->ipdom)
		return TC_ENOMEM;
	if ((rc = tc__digraph_blocks(ar, &a->succ, nb, f->succ_off, f->succ)) ||
	    (rc = tc__digraph_reverse(ar, &a->pred, &a->succ)) ||
	    (rc = tc__dominators(ar, &a->pred, &a->succ, nb, a->ipdom)) ||
	    (rc = tc__loops(ar, &a->succ, &a->pred, 0, &a->loops)) ||
	    (rc = reverse_postorder(a, ar)) || (rc = loop_exits(a, ar)) ||
	    (rc = build_values(a, ar)))
		return rc;
	uint32_t nv = f->nvalues;
	a->ids = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nv + nb + 1);
	a->walk = (tc_region_walk){&a->succ,
				   NULL,
				   TC_ARENA_ZARRAY(ar, uint32_t, n),
				   TC_ARENA_ZARRAY(ar, uint32_t, n),
				   TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1),
				   TC_ARENA_ARRAY(ar, uint32_t, n),
				   0};
	a->list = TC_ARENA_ARRAY(ar, uint32_t, n);
	a->lab = TC_ARENA_ARRAY(ar, uint32_t, n);
	a->lab_st = TC_ARENA_ZARRAY(ar, uint32_t, n);
	a->join_st = TC_ARENA_ZARRAY(ar, uint32_t, n);
	a->heap = TC_ARENA_ARRAY(ar, uint32_t, n);
	a->in_heap = TC_ARENA_ZARRAY(ar, uint32_t, n);
	a->touched = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	a->bhdr = TC_ARENA_ZARRAY(ar, uint32_t, n);
	a->seen = TC_ARENA_ZARRAY(ar, uint32_t, n);
	a->irr_label = TC_ARENA_ARRAY(ar, uint32_t, n);
	a->irr_st = TC_ARENA_ZARRAY(ar, uint32_t, n);
	a->irr_target = TC_ARENA_ARRAY(ar, uint32_t, n);
	a->group_of = TC_ARENA_ARRAY(ar, uint32_t, n);
	a->var_st = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)nv + 1);
	a->var = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)nv + 1);
	a->var_stack = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nv + 1);
	a->var_cursor = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nv + 1);
	uint8_t *done = TC_ARENA_ZARRAY(ar, uint8_t, n);
	uint8_t *hard = TC_ARENA_ZARRAY(ar, uint8_t, n);
	if (!a->ids || !a->walk.stamp || !a->walk.done || !a->walk.stack || !a->walk.cursor || !a->list || !a->lab ||
	    !a->lab_st || !a->join_st || !a->heap || !a->in_heap || !a->touched || !a->bhdr ||
	    !a->seen || !a->irr_label || !a->irr_st || !a->irr_target || !a->group_of || !done ||
	    !hard || !a->var_st || !a->var || !a->var_stack || !a->var_cursor)
		return TC_ENOMEM;
	memset(a->irr_target, 0xff, (size_t)n * sizeof *a->irr_target); /* TC_NONE */
	for (uint32_t h = 0; h < n; h++)
		a->any_multi |= a->loops.multi_entry[h] != 0;
	memset(a->group_of, 0xff, (size_t)n * sizeof *a->group_of);
	/* data dependence from the sources: what is divergent now does not
	 * depend on any branch */
	a->seeding = true;
	for (uint32_t v = 0; v < nv; v++)
		if ((f->kind[v] & TC_UA_SOURCE) && (rc = push_id(a, v)))
			return rc;
	if ((rc = drain(a)))
		return rc;
	a->seeding = false;
	for (uint32_t b = 0; b < nb; b++)
		hard[b] = u->div[nv + b];
	for (bool changed = true; changed;) {
		changed = false;
		for (uint32_t b = 0; b < nb; b++) {
			if (done[b] || a->succ.off[b + 1] - a->succ.off[b] < 2 ||
			    !u->div[nv + b])
				continue;
			done[b] = 1;
			changed = true;
			a->rec = nv + b;
			if ((rc = branch_divergence(a, b)) || (rc = drain(a)))
				return rc;
		}
	}
	for (uint32_t b = 0; b < nb; b++) {
		u->bdiv[b] = u->div[nv + b];
		u->soft |= done[b] && !hard[b];
	}
	/* the arcs are only kept when some branch is divergent only through
	 * others: then tc_module_solve may replay the analysis without one */
	if (!u->soft)
		u->arc_from.len = u->arc_to.len = 0;
	return TC_OK;
}

int tc__uniformity(tc_uniformity **out, const tc_ua_func *f, const tc_alloc *al)
{
	*out = NULL;
	if ((size_t)f->nvalues + f->nblocks + 2 >= UINT32_MAX)
		return TC_ELIMIT;
	tc_uniformity *u = tc__calloc(al, 1, sizeof *u);
	if (!u)
		return TC_ENOMEM;
	u->al = *al;
	u->fd = *f;
	u->f = f = &u->fd;
	tc__arena_init(&u->ar, &u->al);
	u->div = TC_ARENA_ZARRAY(&u->ar, uint8_t, (size_t)f->nvalues + f->nblocks + 1);
	u->bdiv = TC_ARENA_ZARRAY(&u->ar, uint8_t, (size_t)f->nblocks + 1);
	ua a = {.u = u, .f = f, .al = &u->al, .nblocks = f->nblocks, .nvalues = f->nvalues};
	tc_arena scratch;
	tc__arena_init(&scratch, &u->al);
	int rc = u->div && u->bdiv ? analyse(&a, &scratch) : TC_ENOMEM;
	tc__free(&u->al, a.groups);
	tc__u32vec_free(&u->al, &a.g_blocks);
	tc__u32vec_free(&u->al, &a.g_values);
	tc__arena_free(&scratch);
	if (rc) {
		tc__uniformity_free(u);
		return rc;
	}
	*out = u;
	return TC_OK;
}

void tc__uniformity_free(tc_uniformity *u)
{
	if (!u)
		return;
	tc_alloc al = u->al;
	tc__u32vec_free(&al, &u->seeds);
	tc__u32vec_free(&al, &u->arc_from);
	tc__u32vec_free(&al, &u->arc_to);
	tc__arena_free(&u->ar);
	tc__free(&al, u);
}

bool tc__uniformity_value(const tc_uniformity *u, uint32_t v)
{
	return v != TC_NONE && v < u->f->nvalues && (u->div[v] & 1);
}

bool tc__uniformity_branch(const tc_uniformity *u, uint32_t b)
{
	return b < u->f->nblocks && u->bdiv[b];
}

bool tc__uniformity_soft(const tc_uniformity *u)
{
	return u->soft;
}

/* The operands of each value (the reverse of the data arcs). */
static int operands(tc_uniformity *u)
{
	uint32_t nv = u->f->nvalues, n = nv + u->f->nblocks, narcs = u->doff[nv];
	uint32_t *from = TC_ARENA_ARRAY(&u->ar, uint32_t, (size_t)narcs + 1);
	u->ooff = TC_ARENA_ZARRAY(&u->ar, uint32_t, (size_t)n + 1);
	u->oarc = TC_ARENA_ARRAY(&u->ar, uint32_t, (size_t)narcs + 1);
	u->queue = TC_ARENA_ARRAY(&u->ar, uint32_t, (size_t)n + 1);
	if (!from || !u->ooff || !u->oarc || !u->queue)
		return TC_ENOMEM;
	for (uint32_t v = 0; v < nv; v++)
		for (uint32_t k = u->doff[v]; k < u->doff[v + 1]; k++)
			from[k] = v;
	tc__csr_fill(n, narcs, u->darc, from, u->ooff, u->oarc);
	return TC_OK;
}

uint32_t tc__uniformity_source(tc_uniformity *u, uint32_t v, int *rc)
{
	*rc = TC_OK;
	if (!tc__uniformity_value(u, v))
		return TC_NONE;
	if (!u->ooff && (*rc = operands(u)))
		return TC_NONE;
	const uint8_t *kind = u->f->kind;
	uint32_t head = 0, tail = 0, found = TC_NONE;
	u->queue[tail++] = v;
	u->div[v] |= 2;
	while (head < tail && found == TC_NONE) {
		uint32_t x = u->queue[head++];
		if (kind[x] & TC_UA_NAMED) {
			found = x;
			break;
		}
		if ((kind[x] & TC_UA_PHI) || u->f->block[x] == TC_NONE)
			continue;
		for (uint32_t k = u->ooff[x]; k < u->ooff[x + 1]; k++) {
			uint32_t y = u->oarc[k];
			if (u->div[y] != 1)
				continue;
			u->div[y] |= 2;
			u->queue[tail++] = y;
		}
	}
	for (uint32_t k = 0; k < tail; k++)
		u->div[u->queue[k]] = 1;
	return found;
}

int tc__uniformity_record(const tc_uniformity *u, const uint32_t *blocks,
			  const uint32_t *node, uint32_t n, const tc_alloc *al,
			  tc_uniformity_deps **out)
{
	*out = NULL;
	if (n == 0)
		return TC_OK;
	const tc_ua_func *f = u->f;
	uint32_t nv = f->nvalues, nb = f->nblocks;
	tc_uniformity_deps *d = tc__calloc(al, 1, sizeof *d);
	if (!d)
		return TC_ENOMEM;
	d->nbranch = n;
	d->node = tc__malloc(al, tc__mul(n, sizeof *d->node));
	d->term = tc__malloc(al, tc__mul(n, sizeof *d->term));
	if (!d->node || !d->term)
		goto oom;
	for (uint32_t k = 0; k < n; k++) {
		d->node[k] = node[k];
		d->term[k] = nv + blocks[k];
	}
	if (!u->soft) {
		*out = d;
		return TC_OK;
	}
	/* data arcs, conditions to their branches, the control arcs recorded */
	size_t total = (size_t)u->doff[nv] + u->arc_from.len;
	if (total >= UINT32_MAX) {
		tc__uniformity_deps_free(al, d);
		return TC_ELIMIT;
	}
	uint32_t nvert = nv + nb + u->nvirtual;
	uint32_t *from = tc__malloc(al, tc__mul(total + 1, sizeof *from));
	uint32_t *to = tc__malloc(al, tc__mul(total + 1, sizeof *to));
	d->nvalues = nvert;
	d->off = tc__calloc(al, (size_t)nvert + 1, sizeof *d->off);
	d->arc = tc__malloc(al, tc__mul(total + 1, sizeof *d->arc));
	d->seed = tc__malloc(al, tc__mul(u->seeds.len + 1, sizeof *d->seed));
	if (!from || !to || !d->off || !d->arc || !d->seed) {
		tc__free(al, from);
		tc__free(al, to);
		goto oom;
	}
	size_t k = 0;
	for (uint32_t v = 0; v < nv; v++)
		for (uint32_t x = u->doff[v]; x < u->doff[v + 1]; x++)
			from[k] = v, to[k++] = u->darc[x];
	for (size_t x = 0; x < u->arc_from.len; x++)
		from[k] = u->arc_from.v[x], to[k++] = u->arc_to.v[x];
	tc__csr_fill(nvert, (uint32_t)k, from, to, d->off, d->arc);
	tc__free(al, from);
	tc__free(al, to);
	if (u->seeds.len)
		memcpy(d->seed, u->seeds.v, u->seeds.len * sizeof *d->seed);
	d->nseed = (uint32_t)u->seeds.len;
	*out = d;
	return TC_OK;
oom:
	tc__uniformity_deps_free(al, d);
	return TC_ENOMEM;
}
