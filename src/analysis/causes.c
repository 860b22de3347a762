/*
 * causes.c - which divergent branches decide whether a barrier is reached
 * (check mode, SPEC 4): the notes under a barrier-divergence warning.
 *
 * A branch is *divergent* here when it is live, has two or more live
 * out-edges and not all of them are convergent in the result. A barrier x
 * is control dependent on a branch b when x post-dominates a live successor
 * of b but does not strictly post-dominate b (Ferrante, Ottenstein, Warren,
 * "The program dependence graph and its use in optimization", TOPLAS 1987);
 * post-dominators are dominators of the reversed live graph rooted at exit
 * (Lengauer-Tarjan, dominators.c).
 *
 * The causes of x, in node order:
 * 1. the divergent branches x is control dependent on that are not marked
 *    uniform; a uniform-marked divergent branch (one whose threads arrive at
 *    different times, inside another divergent region) is looked through:
 *    the search continues with the branches *it* is control dependent on
 *    (iterated control dependence), so the note names the branch whose
 *    condition differs between threads;
 * 2. when that finds nothing (x is not control dependent on a divergent
 *    branch, e.g. it follows a divergent loop whose threads leave at
 *    different times), the uniform-marked branches step 1 met, if any;
 * 3. else the nearest divergent branches from which x is reachable: a
 *    backward search over live edges from x that stops at each divergent
 *    branch it meets.
 * A barrier whose state is C has no causes.
 */
#include "graph/digraph.h"
#include "graph/dominators.h"
#include "util/diag.h"

#include <stdlib.h>
#include <string.h>

struct tc_causes {
	tc_alloc al;
	tc_arena ar;
	const tc_graph *g;
	const tc_result *r;
	uint32_t n;
	tc_domtree pdt;    /* post-dominator tree of the live graph */
	uint8_t *mark;     /* per node: CAUSE, SEEN (queued), LOOKED (uniform, looked through) */
	uint32_t *queue;
	uint32_t *touched; /* the nodes whose mark is set, to clear them */
	uint32_t ntouched;
	uint32_t *found;   /* the causes of the current query */
};

typedef struct tc_causes causes;

enum { CAUSE = 1, SEEN = 2, LOOKED = 4 };

static void set_mark(causes *c, uint32_t v, uint8_t bits)
{
	if (!c->mark[v])
		c->touched[c->ntouched++] = v;
	c->mark[v] |= bits;
}

static int live_node(const causes *c, uint32_t v)
{
	return tc_result_node_state(c->r, v) != TC_STATE_DEAD;
}

static int live_edge(const causes *c, uint32_t e)
{
	return tc_result_edge_state(c->r, e) != TC_STATE_DEAD;
}

/* Whether b is live with >= 2 live out-edges, not all convergent. */
static int divergent_branch(const causes *c, uint32_t b)
{
	if (!live_node(c, b))
		return 0;
	uint32_t k, live = 0, conv = 0;
	const uint32_t *out = tc_graph_out_edges(c->g, b, &k);
	for (uint32_t i = 0; i < k; i++) {
		tc_state s = tc_result_edge_state(c->r, out[i]);
		live += s != TC_STATE_DEAD;
		conv += s == TC_STATE_CONVERGENT;
	}
	return live >= 2 && conv < live;
}

/* Post-dominators of the live graph: dominators of its reverse from exit. */
static int post_dominators(causes *c, tc_arena *ar)
{
	uint32_t m = tc_graph_edge_count(c->g), narcs = 0;
	uint32_t *from = TC_ARENA_ARRAY(ar, uint32_t, m ? m : 1);
	uint32_t *to = TC_ARENA_ARRAY(ar, uint32_t, m ? m : 1);
	uint32_t *idom = TC_ARENA_ARRAY(ar, uint32_t, c->n);
	if (!from || !to || !idom)
		return TC_ENOMEM;
	for (uint32_t e = 0; e < m; e++) {
		if (!live_edge(c, e))
			continue;
		/* reversed: the arc goes from the edge's head to its tail */
		from[narcs] = tc_graph_edge_to(c->g, e);
		to[narcs++] = tc_graph_edge_from(c->g, e);
	}
	tc_digraph rev, fwd;
	int rc;
	if ((rc = tc__digraph_from_arcs(ar, &rev, c->n, narcs, from, to)) ||
	    (rc = tc__digraph_reverse(ar, &fwd, &rev)) ||
	    (rc = tc__dominators(ar, &rev, &fwd, tc_graph_exit(c->g), idom)))
		return rc;
	return tc__domtree(ar, c->n, idom, tc_graph_exit(c->g), &c->pdt);
}

/*
 * Steps 1 and 2: iterated control dependence through uniform branches. The
 * branches y is control dependent on are the tails of the live edges that
 * enter y's post-dominator subtree (y post-dominates their heads) from
 * outside it, or from y itself (which does not strictly post-dominate
 * itself): one pass over the subtree, a preorder interval.
 */
static uint32_t control_causes(causes *c, uint32_t x)
{
	uint32_t head = 0, tail = 0, found = 0;
	c->queue[tail++] = x;
	set_mark(c, x, SEEN);
	while (head < tail) {
		uint32_t y = c->queue[head++];
		uint32_t lo = c->pdt.pre[y], hi = c->pdt.last[y];
		if (lo == UINT32_MAX)
			continue; /* reaches no exit */
		for (uint32_t i = lo; i <= hi; i++) {
			uint32_t s = c->pdt.order[i], k;
			const uint32_t *in = tc_graph_in_edges(c->g, s, &k);
			for (uint32_t j = 0; j < k; j++) {
				uint32_t b = tc_graph_edge_from(c->g, in[j]);
				uint32_t pb = c->pdt.pre[b];
				if (!live_edge(c, in[j]) || (b != y && pb >= lo && pb <= hi) ||
				    (c->mark[b] & (CAUSE | LOOKED)) || !divergent_branch(c, b))
					continue;
				if (tc_result_node_uniform(c->r, b)) {
					set_mark(c, b, LOOKED);
					if (!(c->mark[b] & SEEN)) {
						set_mark(c, b, SEEN);
						c->queue[tail++] = b;
					}
				} else {
					set_mark(c, b, CAUSE);
					c->found[found++] = b;
				}
			}
		}
	}
	if (found)
		return found;
	for (uint32_t t = 0; t < c->ntouched; t++) {
		uint32_t b = c->touched[t];
		if (c->mark[b] & LOOKED) {
			c->mark[b] |= CAUSE;
			c->found[found++] = b;
		}
	}
	return found;
}

/* Step 3: the nearest divergent branches x is reachable from. */
static uint32_t reaching_causes(causes *c, uint32_t x)
{
	uint32_t top = 0, found = 0;
	c->queue[top++] = x;
	set_mark(c, x, SEEN);
	while (top > 0) {
		uint32_t y = c->queue[--top], k;
		const uint32_t *in = tc_graph_in_edges(c->g, y, &k);
		for (uint32_t i = 0; i < k; i++) {
			uint32_t p = tc_graph_edge_from(c->g, in[i]);
			if (!live_edge(c, in[i]) || (c->mark[p] & SEEN))
				continue;
			set_mark(c, p, SEEN);
			if (divergent_branch(c, p)) {
				set_mark(c, p, CAUSE);
				c->found[found++] = p;
			} else {
				c->queue[top++] = p;
			}
		}
	}
	return found;
}

static void clear_marks(causes *c)
{
	for (uint32_t t = 0; t < c->ntouched; t++)
		c->mark[c->touched[t]] = 0;
	c->ntouched = 0;
}

static int by_id(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return (x > y) - (x < y);
}

int tc_causes_new(tc_causes **out, const tc_graph *g, const tc_result *r,
		  const tc_allocator *alloc)
{
	if (!out || !g || !r)
		return TC_EINVAL;
	*out = NULL;
	tc_alloc al;
	tc__alloc_init(&al, alloc);
	causes *c = tc__calloc(&al, 1, sizeof *c);
	if (!c)
		return TC_ENOMEM;
	c->al = al;
	tc__arena_init(&c->ar, &c->al);
	c->g = g;
	c->r = r;
	c->n = tc_graph_node_count(g);
	size_t n = c->n ? c->n : 1;
	c->mark = TC_ARENA_ZARRAY(&c->ar, uint8_t, n);
	c->queue = TC_ARENA_ARRAY(&c->ar, uint32_t, n);
	c->touched = TC_ARENA_ARRAY(&c->ar, uint32_t, n);
	c->found = TC_ARENA_ARRAY(&c->ar, uint32_t, n);
	int rc = !c->mark || !c->queue || !c->touched || !c->found ? TC_ENOMEM
								    : post_dominators(c, &c->ar);
	if (rc) {
		tc_causes_free(c);
		return rc;
	}
	*out = c;
	return TC_OK;
}

void tc_causes_free(tc_causes *c)
{
	if (!c)
		return;
	tc_alloc al = c->al;
	tc__arena_free(&c->ar);
	tc__free(&al, c);
}

int tc_causes_of(tc_causes *c, uint32_t node, uint32_t *out, uint32_t cap, uint32_t *count)
{
	if (!c || !count || (cap && !out))
		return TC_EINVAL;
	*count = 0;
	if (node >= c->n)
		return TC_EINVAL;
	if (tc_result_node_state(c->r, node) != TC_STATE_UNKNOWN)
		return TC_OK; /* convergent or dead: nothing to explain */
	uint32_t found = control_causes(c, node);
	if (!found) {
		clear_marks(c);
		found = reaching_causes(c, node);
	}
	clear_marks(c);
	qsort(c->found, found, sizeof *c->found, by_id);
	for (uint32_t k = 0; k < found && k < cap; k++)
		out[k] = c->found[k];
	*count = found;
	return TC_OK;
}

int tc_barrier_causes(uint32_t *out, uint32_t cap, uint32_t *count, const tc_graph *g,
		      const tc_result *r, uint32_t node, const tc_allocator *alloc)
{
	if (!count || !g || !r || (cap && !out))
		return TC_EINVAL;
	*count = 0;
	if (node >= tc_graph_node_count(g))
		return TC_EINVAL;
	if (tc_result_node_state(r, node) != TC_STATE_UNKNOWN)
		return TC_OK;
	tc_causes *c;
	int rc = tc_causes_new(&c, g, r, alloc);
	if (rc)
		return rc;
	rc = tc_causes_of(c, node, out, cap, count);
	tc_causes_free(c);
	return rc;
}
