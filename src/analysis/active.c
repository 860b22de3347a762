/*
 * active.c - the edges that every lane of a warp takes together (active.h),
 * each found with breadth-first walks over the blocks (no recursion).
 */
#include "analysis/active.h"
#include "graph/digraph.h"
#include "graph/graph.h"

#include <string.h>

typedef struct walk {
	uint32_t nb;
	tc_arena ar;
	tc_digraph succ, pred; /* the blocks' (vertex nb: the virtual exit) */
	uint8_t *fwd, *bwd;
	uint32_t *queue;
} walk;

/* The read of __activemask() that v is through copies of 32 bits (*count:
 * through its population count, as cooperative groups' coalesced_group
 * tests size() == 32), or TC_NONE. */
static uint32_t active_read(const tc_ua_func *f, const tc_lane_op *op, uint32_t v, bool *count)
{
	*count = false;
	for (int steps = 0; steps < 8 && v < f->nvalues; steps++) {
		const tc_lane_op *o = &op[v];
		if (o->op == TC_LOP_WARP && (o->flags & TC_LOP_ACTIVE))
			return v;
		if (o->op == TC_LOP_POPC && !*count && !(o->flags & TC_LOP_K0)) {
			*count = true;
			v = o->a[0];
			continue;
		}
		if (o->op != TC_LOP_COPY || (o->flags & TC_LOP_K0) || (o->bits && o->bits < 32))
			return TC_NONE;
		v = o->a[0];
	}
	return TC_NONE;
}

/* Whether operand i of o is the constant k (its low 32 bits). */
static bool is_k(const tc_ua_func *f, const tc_lane_op *op, const tc_lane_op *o, int i,
		 uint32_t k)
{
	if (o->flags & (i ? TC_LOP_K1 : TC_LOP_K0))
		return (uint32_t)o->k[i] == k;
	uint32_t v = o->a[i];
	return v < f->nvalues && op[v].op == TC_LOP_COPY && (op[v].flags & TC_LOP_K0) &&
	       (uint32_t)op[v].k[0] == k;
}

/* The block where the whole warp goes from block b, whose branch tests
 * __activemask() against all ones (*read: the mask's read), or TC_NONE. */
static uint32_t whole_side(const tc_ua_func *f, const tc_lane_op *op, const uint8_t *way,
			   uint32_t b, uint32_t *read)
{
	if (tc__branch_way(f, way, b, true) == TC_NONE)
		return TC_NONE;
	/* the test, through negations of a truth value (PTX not.pred: a xor
	 * with all ones) */
	const tc_lane_op *o = &op[f->cond[b]];
	bool negated = false;
	for (int steps = 0; steps < 4 && o->op == TC_LOP_XOR && o->bits == 1; steps++) {
		int i = (o->flags & TC_LOP_K1) ? 0 : (o->flags & TC_LOP_K0) ? 1 : -1;
		if (i < 0 || !(o->k[1 - i] & 1) || o->a[i] >= f->nvalues)
			return TC_NONE;
		negated = !negated;
		o = &op[o->a[i]];
	}
	if (o->op != TC_LOP_EQ && o->op != TC_LOP_NE)
		return TC_NONE;
	*read = TC_NONE;
	for (int i = 0; i < 2 && *read == TC_NONE; i++) {
		bool count;
		uint32_t x = (o->flags & (i ? TC_LOP_K1 : TC_LOP_K0))
				     ? TC_NONE
				     : active_read(f, op, o->a[i], &count);
		/* all ones, or 32 of them counted */
		if (x != TC_NONE && is_k(f, op, o, 1 - i, count ? 32 : 0xffffffffu))
			*read = x;
	}
	if (*read == TC_NONE)
		return TC_NONE;
	/* where the condition holds (EQ) or does not (NE) */
	return tc__branch_way(f, way, b, (o->op == TC_LOP_EQ) != negated);
}

static int walk_init(walk *w, const tc_ua_func *f, const tc_alloc *al)
{
	uint32_t nb = f->nblocks;
	w->nb = nb;
	tc__arena_init(&w->ar, al);
	w->fwd = TC_ARENA_ARRAY(&w->ar, uint8_t, (size_t)nb + 1);
	w->bwd = TC_ARENA_ARRAY(&w->ar, uint8_t, (size_t)nb + 1);
	w->queue = TC_ARENA_ARRAY(&w->ar, uint32_t, (size_t)nb + 1);
	if (!w->fwd || !w->bwd || !w->queue ||
	    tc__digraph_blocks(&w->ar, &w->succ, nb, f->succ_off, f->succ) ||
	    tc__digraph_reverse(&w->ar, &w->pred, &w->succ))
		return TC_ENOMEM;
	return TC_OK;
}

/* From block from, along d's arcs (the successors or the predecessors),
 * not through stop: every block reached, into mark. */
static void reach(walk *w, const tc_digraph *d, uint8_t *mark, uint32_t from, uint32_t stop)
{
	uint32_t head = 0, tail = 0;
	w->queue[tail++] = from;
	while (head < tail) {
		uint32_t b = w->queue[head++];
		if (b == stop)
			continue;
		for (const uint32_t *t = TC_ADJ_BEGIN(d, b); t < TC_ADJ_END(d, b); t++)
			if (*t < w->nb && !mark[*t]) {
				mark[*t] = 1;
				w->queue[tail++] = *t;
			}
	}
}

/* Whether every branch on a way from block a (the mask's read) to block b
 * (its test), a itself included unless it is b, goes one way in each warp. */
static bool together(walk *w, const tc_ua_func *f, const tc_uniformity *wua, uint32_t a,
		     uint32_t b)
{
	if (a == b)
		return true;
	memset(w->fwd, 0, f->nblocks);
	memset(w->bwd, 0, f->nblocks);
	reach(w, &w->succ, w->fwd, a, b); /* from a, not past b */
	reach(w, &w->pred, w->bwd, b, a); /* to b, not back past a */
	w->fwd[a] = w->bwd[a] = 1;
	for (uint32_t k = 0; k < f->nblocks; k++)
		if (k != b && w->fwd[k] && w->bwd[k] && f->succ_off[k + 1] - f->succ_off[k] > 1 &&
		    tc__uniformity_branch(wua, k))
			return false;
	return true;
}

int tc__active_edges(const tc_ua_func *f, const tc_lane_op *op, const uint8_t *way,
		     const uint32_t *last, const tc_uniformity *wua, const tc_graph *g,
		     uint8_t **sync_edge, uint8_t **synced, const tc_alloc *al)
{
	*sync_edge = *synced = NULL;
	uint32_t nb = f->nblocks, read;
	if (!op || !way || !last || !wua || nb == 0 || g->n == 0)
		return TC_OK;
	for (uint32_t b = 0; b < nb; b++)
		if (last[b] >= g->n || (b && last[b] <= last[b - 1]))
			return TC_OK; /* the edges do not map to blocks */
	walk w;
	bool made = false;
	int rc = TC_OK;
	for (uint32_t b = 0; b < nb && !rc; b++) {
		uint32_t side = whole_side(f, op, way, b, &read);
		if (side == TC_NONE || f->block[read] >= nb)
			continue;
		if (!made) { /* the walks' arrays, once a test is found */
			made = true;
			rc = walk_init(&w, f, al);
		}
		if (rc || !together(&w, f, wua, f->block[read], b))
			continue;
		if (!*sync_edge && !(*sync_edge = tc__calloc(al, g->m ? g->m : 1, 1))) {
			rc = TC_ENOMEM;
			break;
		}
		for (const uint32_t *e = TC_OUT_BEGIN(g, last[b]); e < TC_OUT_END(g, last[b]); e++)
			if (tc__block_of_node(last, nb, g->edge_to[*e]) == side)
				(*sync_edge)[*e] = 1;
	}
	if (made)
		tc__arena_free(&w.ar);
	if (!rc && *sync_edge) {
		/* synced: what no walk from the entry reaches without a sync edge */
		if (!(*synced = tc__malloc(al, g->n)))
			rc = TC_ENOMEM;
		else if (!(rc = tc__graph_reach(g, *sync_edge, *synced, al)))
			for (uint32_t v = 0; v < g->n; v++)
				(*synced)[v] = !(*synced)[v];
	}
	if (rc) {
		tc__free(al, *sync_edge);
		tc__free(al, *synced);
		*sync_edge = *synced = NULL;
	}
	return rc;
}
