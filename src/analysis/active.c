/*
 * active.c - the edges that every lane of a warp takes together (active.h),
 * each found with breadth-first walks over the blocks (no recursion).
 */
#include "analysis/active.h"
#include "graph/graph.h"

#include <string.h>

typedef struct walk {
	const tc_ua_func *f;
	uint32_t *pred_off, *pred; /* the blocks' predecessors */
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
	uint32_t s0 = f->succ_off[b], q = f->cond[b];
	if (f->succ_off[b + 1] - s0 != 2 || f->succ[s0] == f->succ[s0 + 1] || q >= f->nvalues ||
	    !way || way[b] == TC_WAY_UNKNOWN)
		return TC_NONE;
	const tc_lane_op *o = &op[q];
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
	bool first = (o->op == TC_LOP_EQ) == (way[b] == TC_WAY_FIRST);
	return f->succ[first ? s0 : s0 + 1];
}

static int walk_init(walk *w, const tc_ua_func *f, const tc_alloc *al)
{
	uint32_t nb = f->nblocks;
	memset(w, 0, sizeof *w);
	w->f = f;
	w->pred_off = tc__calloc(al, (size_t)nb + 2, sizeof *w->pred_off);
	w->pred = tc__malloc(al, tc__mul(f->succ_off[nb] + 1, sizeof *w->pred));
	w->fwd = tc__malloc(al, (size_t)nb + 1);
	w->bwd = tc__malloc(al, (size_t)nb + 1);
	w->queue = tc__malloc(al, tc__mul((size_t)nb + 1, sizeof *w->queue));
	if (!w->pred_off || !w->pred || !w->fwd || !w->bwd || !w->queue)
		return TC_ENOMEM;
	for (uint32_t k = 0; k < f->succ_off[nb]; k++)
		if (f->succ[k] < nb)
			w->pred_off[f->succ[k] + 2]++;
	for (uint32_t b = 0; b < nb; b++)
		w->pred_off[b + 2] += w->pred_off[b + 1];
	for (uint32_t b = 0; b < nb; b++)
		for (uint32_t k = f->succ_off[b]; k < f->succ_off[b + 1]; k++)
			if (f->succ[k] < nb)
				w->pred[w->pred_off[f->succ[k] + 1]++] = b;
	return TC_OK;
}

static void walk_free(walk *w, const tc_alloc *al)
{
	tc__free(al, w->pred_off);
	tc__free(al, w->pred);
	tc__free(al, w->fwd);
	tc__free(al, w->bwd);
	tc__free(al, w->queue);
}

/* From each block in mark (set), along succ (fwd) or pred, not through
 * stop: every block reached, into mark. */
static void reach(walk *w, uint8_t *mark, uint32_t from, uint32_t stop, bool fwd)
{
	const tc_ua_func *f = w->f;
	uint32_t head = 0, tail = 0;
	w->queue[tail++] = from;
	while (head < tail) {
		uint32_t b = w->queue[head++];
		if (b == stop)
			continue;
		uint32_t k0 = fwd ? f->succ_off[b] : w->pred_off[b];
		uint32_t k1 = fwd ? f->succ_off[b + 1] : w->pred_off[b + 1];
		for (uint32_t k = k0; k < k1; k++) {
			uint32_t t = fwd ? f->succ[k] : w->pred[k];
			if (t < f->nblocks && !mark[t]) {
				mark[t] = 1;
				w->queue[tail++] = t;
			}
		}
	}
}

/* Whether every branch on a way from block a (the mask's read) to block b
 * (its test), a itself included unless it is b, goes one way in each warp. */
static bool together(walk *w, const tc_uniformity *wua, uint32_t a, uint32_t b)
{
	if (a == b)
		return true;
	const tc_ua_func *f = w->f;
	memset(w->fwd, 0, f->nblocks);
	memset(w->bwd, 0, f->nblocks);
	reach(w, w->fwd, a, b, true);    /* from a, not past b */
	reach(w, w->bwd, b, a, false);   /* to b, not back past a */
	w->fwd[a] = w->bwd[a] = 1;
	for (uint32_t k = 0; k < f->nblocks; k++)
		if (k != b && w->fwd[k] && w->bwd[k] && f->succ_off[k + 1] - f->succ_off[k] > 1 &&
		    tc__uniformity_branch(wua, k))
			return false;
	return true;
}

/* synced: the nodes no walk from the entry reaches without a sync edge */
static int synced_nodes(const tc_graph *g, const uint8_t *sync_edge, uint8_t *synced,
			const tc_alloc *al)
{
	uint32_t *stack = tc__malloc(al, tc__mul((size_t)g->n + 1, sizeof *stack));
	if (!stack)
		return TC_ENOMEM;
	memset(synced, 1, g->n);
	uint32_t top = 0;
	synced[g->entry] = 0;
	stack[top++] = g->entry;
	while (top) {
		uint32_t v = stack[--top];
		for (const uint32_t *e = TC_OUT_BEGIN(g, v); e < TC_OUT_END(g, v); e++) {
			uint32_t t = g->edge_to[*e];
			if (!sync_edge[*e] && synced[t]) {
				synced[t] = 0;
				stack[top++] = t;
			}
		}
	}
	tc__free(al, stack);
	return TC_OK;
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
		if (!made && (rc = walk_init(&w, f, al)) == TC_OK)
			made = true;
		if (rc || !together(&w, wua, f->block[read], b))
			continue;
		if (!*sync_edge && !(*sync_edge = tc__calloc(al, g->m ? g->m : 1, 1))) {
			rc = TC_ENOMEM;
			break;
		}
		for (const uint32_t *e = TC_OUT_BEGIN(g, last[b]); e < TC_OUT_END(g, last[b]); e++)
			if (tc__block_of_node(last, nb, g->edge_to[*e]) == side)
				(*sync_edge)[*e] = 1;
	}
	if (made || rc)
		walk_free(&w, al);
	if (!rc && *sync_edge) {
		if (!(*synced = tc__malloc(al, g->n)))
			rc = TC_ENOMEM;
		else
			rc = synced_nodes(g, *sync_edge, *synced, al);
	}
	if (rc) {
		tc__free(al, *sync_edge);
		tc__free(al, *synced);
		*sync_edge = *synced = NULL;
	}
	return rc;
}
