/*
 * region.c - the region rule: a node pair (x, y) with x strictly dominating
 * y and y strictly post-dominating x shares its state, when
 *   paper:  x and y are in the same Allen-Cocke interval (paper Fig. 13;
 *           unsound, see docs/solvers.md), or
 *   sound:  x and y are cycle-equivalent: no directed cycle passes one of
 *           them but not the other.
 * The pairs are joined into classes (circular lists) and handed to the rule
 * engine of basic.c.
 *
 * Finding the pairs without looking at all of them:
 * - For a fixed y, the x that dominate y and are post-dominated by y form a
 *   top-closed chain of y's dominators starting at idom(y) (any dominator d
 *   between such an x and y is post-dominated by y as well, and d's own
 *   relation to x holds too), and the same holds for "same interval" since
 *   an interval is closed under the dominators of its members below the
 *   header. So for the paper's rule, pairing y with idom(y) alone yields the
 *   same classes.
 * - Cycle equivalence is an equivalence relation, so for the sound rule it is
 *   enough to pair y with the nearest x up the chain that is cycle-equivalent
 *   to it: any farther one is then paired transitively. Nodes with different
 *   innermost loops (Havlak's forest) are never equivalent (a loop body is
 *   strongly connected, so it has a cycle through each member avoiding what
 *   lies outside), and the walk up the chain ends when it leaves y's loop: a
 *   dominator of y outside a loop of y is dominated by nothing inside it.
 * - Within one reducible loop L (header h), with x dominating y and y post-
 *   dominating x: every cycle through y passes x (it passes the header of a
 *   loop containing it, which dominates x), and a cycle through x avoiding y
 *   exists iff x can leave the current iteration of L (take a back edge to h
 *   or an exit of L) without passing y. So x and y are equivalent iff y post-
 *   dominates x in L's body graph D_L: L's own nodes and its child loops
 *   collapsed to one vertex each, with L's back edges and exits going to a
 *   sink T_L. All the D_L together have O(N + E) vertices and arcs (an edge
 *   that leaves several loops at once is an exit of each), and one dominator
 *   computation on their reverse answers every query in O(1). Irreducible
 *   loops, where the header need not dominate the body, fall back to a
 *   search for a cycle through one node avoiding the other.
 */
#include "graph/dominators.h"
#include "analysis/solvers.h"
#include "analysis/intervals.h"
#include "analysis/loops.h"
#include "analysis/scc.h"

#include <string.h>

typedef struct cyc_ctx {
	const tc_digraph *succ;
	const uint32_t *comp;
	uint8_t *cyclic;
	uint32_t *stamp, *stack;
	uint32_t round;
} cyc_ctx;

/* is there a cycle through x that avoids y, inside x's component? */
static int cycle_avoiding(cyc_ctx *c, uint32_t x, uint32_t y)
{
	uint32_t k = c->comp[x], top = 0;
	c->round++;
	c->stamp[x] = c->round;
	c->stack[top++] = x;
	while (top > 0) {
		uint32_t v = c->stack[--top];
		for (const uint32_t *w = TC_ADJ_BEGIN(c->succ, v); w != TC_ADJ_END(c->succ, v);
		     w++) {
			if (*w == x)
				return 1;
			if (*w == y || c->comp[*w] != k || c->stamp[*w] == c->round)
				continue;
			c->stamp[*w] = c->round;
			c->stack[top++] = *w;
		}
	}
	return 0;
}

static int cycle_equivalent(cyc_ctx *c, uint32_t x, uint32_t y)
{
	int cx = c->cyclic[c->comp[x]], cy = c->cyclic[c->comp[y]];
	if (!cx && !cy)
		return 1; /* on no cycle at all */
	if (c->comp[x] != c->comp[y])
		return 0; /* a cycle through one stays in its component */
	return !cycle_avoiding(c, x, y) && !cycle_avoiding(c, y, x);
}

/* joins the circular class lists of a and b (when they differ) */
static void join(uint32_t *next, uint32_t *rep, uint32_t a, uint32_t b)
{
	/* rep: union-find parent array with path halving */
	while (rep[a] != a)
		a = rep[a] = rep[rep[a]];
	while (rep[b] != b)
		b = rep[b] = rep[rep[b]];
	if (a == b)
		return;
	rep[b] = a;
	uint32_t t = next[a];
	next[a] = next[b];
	next[b] = t;
}

/* the loop of the forest that contains v and whose parent is l */
static uint32_t child_of(const tc_loops *loops, uint32_t l, uint32_t v)
{
	uint32_t k = loops->innermost[v];
	while (loops->parent[k] != l)
		k = loops->parent[k];
	return k;
}

/*
 * Post-dominators of every loop body graph D_L at once. Vertices: v (node v
 * in the loop it is innermost to; a header h is the entry of D_h), n + k
 * (loop h, the k-th header, collapsed, in its parent's D), n + nl + k
 * (T_h), and n + 2 nl, a root joined to every T_h. Dominators of the reverse
 * from that root are post-dominators within each D_L.
 */
static int loop_postdominators(tc_arena *ar, const tc_flow *f, const tc_loops *loops,
			       tc_domtree *out)
{
	uint32_t n = f->n, nl = 0;
	tc_u32vec from = {NULL, 0, 0}, to = {NULL, 0, 0};
	tc_digraph rev, fwd;
	tc_arena scratch;
	tc__arena_init(&scratch, ar->al);
	/* a header's number among the headers: its place in the forest's preorder */
	const uint32_t *k = loops->pre;
	int rc = TC_OK;
	for (uint32_t h = 0; h < n; h++)
		nl += loops->innermost[h] == h;
	uint32_t nv = n + 2 * nl + 1, root = n + 2 * nl;
#define COLLAPSED(h) (n + k[h])
#define T(h) (n + nl + k[h])
	/* ARC(a, b): the D arc a -> b, stored reversed */
#define ARC(a, b)                                                                  \
	do {                                                                       \
		if ((rc = tc__u32vec_push(ar->al, &from, (b))) ||                  \
		    (rc = tc__u32vec_push(ar->al, &to, (a))))                      \
			goto done;                                                 \
	} while (0)
	for (uint32_t h = 0; h < n; h++)
		if (loops->innermost[h] == h && f->live_node[h])
			ARC(T(h), root); /* stored as root -> T_h */
	for (uint32_t e = 0; e < f->m; e++) {
		if (!f->live_edge[e])
			continue;
		uint32_t u = f->from[e], w = f->to[e];
		uint32_t l = loops->innermost[u], at = u;
		/* walk out of the loops the edge leaves, an exit of each */
		while (l != TC_NONE) {
			if (tc__in_loop(loops, l, w)) {
				if (w == l)
					ARC(at, T(l)); /* back edge of l */
				else if (loops->innermost[w] == l)
					ARC(at, w);
				else
					ARC(at, COLLAPSED(child_of(loops, l, w)));
				break;
			}
			ARC(at, T(l));
			at = COLLAPSED(l);
			l = loops->parent[l];
		}
	}
	/* the lists hold the reverse graph: from[i] -> to[i]; only the tree
	 * outlives this function */
	{
		uint32_t *idom = TC_ARENA_ARRAY(&scratch, uint32_t, (size_t)nv + 1);
		if (!idom)
			rc = TC_ENOMEM;
		else if (!(rc = tc__digraph_from_arcs(&scratch, &rev, nv, (uint32_t)from.len,
						      from.v, to.v))) {
			tc__u32vec_free(ar->al, &from);
			tc__u32vec_free(ar->al, &to);
			if (!(rc = tc__digraph_reverse(&scratch, &fwd, &rev)) &&
			    !(rc = tc__dominators(&scratch, &rev, &fwd, root, idom)))
				rc = tc__domtree_intervals(ar, nv, idom, root, out);
		}
	}
#undef ARC
#undef COLLAPSED
#undef T
done:
	tc__u32vec_free(ar->al, &from);
	tc__u32vec_free(ar->al, &to);
	tc__arena_free(&scratch);
	return rc;
}

/* rep: every node its own class; NULL when out of memory */
static uint32_t *classes(tc_arena *ar, uint32_t n, uint32_t *next)
{
	uint32_t *rep = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	for (uint32_t v = 0; rep && v < n; v++)
		next[v] = rep[v] = v;
	return rep;
}

/*
 * The classes of pairs (next: circular lists), found with memory from ar
 * that the caller frees before the rules run. The arc lists, which only the
 * dominators, the intervals, the loops and irreducible loops' cycle search
 * need, are in gr, freed as soon as nothing more needs them: the loop
 * post-dominators, the largest step, run without them.
 */
static int find_pairs_in(tc_arena *ar, tc_arena *gr, const tc_flow *f, bool paper,
			 uint32_t *next)
{
	uint32_t n = f->n;
	tc_digraph succ, pred;
	tc_domtree pdt;
	uint32_t *idom = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	uint32_t *ipdom = TC_ARENA_ARRAY(gr, uint32_t, (size_t)n + 1);
	if (!idom || !ipdom)
		return TC_ENOMEM;
	int rc;
	tc__phase_begin(f->run, "dominators");
	if ((rc = tc__flow_digraph(gr, f, &succ, &pred)) ||
	    (rc = tc__dominators(ar, &succ, &pred, f->entry, idom)) ||
	    (rc = tc__dominators(ar, &pred, &succ, f->exit, ipdom)) ||
	    (rc = tc__domtree_intervals(ar, n, ipdom, f->exit, &pdt)))
		return rc;
	tc__phase_end(f->run);

	if (paper) {
		tc__phase_begin(f->run, "pairs");
		uint32_t *header = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
		uint32_t *rep = classes(ar, n, next);
		if (!header || !rep)
			return TC_ENOMEM;
		if ((rc = tc__intervals(ar, &succ, &pred, f->entry, header)))
			return rc;
		for (uint32_t y = 0; y < n; y++) {
			uint32_t x = idom[y];
			if (!f->live_node[y] || x == TC_NONE || x == y)
				continue;
			if (tc__dominates(&pdt, y, x) && header[x] == header[y])
				join(next, rep, x, y);
		}
		tc__phase_end(f->run);
		return TC_OK;
	}

	tc__phase_begin(f->run, "pairs");
	cyc_ctx c;
	tc_loops loops;
	tc_domtree lpt;
	if ((rc = tc__loops(ar, &succ, &pred, f->entry, &loops)))
		return rc;
	bool irreducible = false;
	for (uint32_t h = 0; h < n && !irreducible; h++)
		irreducible = loops.innermost[h] == h && loops.irreducible[h];
	if (irreducible) {
		/* cycle_equivalent's search: components, and the arcs kept */
		uint32_t ncomp;
		uint8_t *skip = TC_ARENA_ARRAY(gr, uint8_t, (size_t)n + 1);
		uint32_t *comp = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
		c.stamp = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)n + 1);
		c.stack = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
		if (!skip || !comp || !c.stamp || !c.stack)
			return TC_ENOMEM;
		for (uint32_t v = 0; v < n; v++)
			skip[v] = !f->live_node[v];
		if ((rc = tc__scc(ar, &succ, skip, comp, &ncomp, &c.cyclic)))
			return rc;
		c.succ = &succ;
		c.comp = comp;
		c.round = 0;
	} else {
		tc__arena_free(gr);
	}
	uint32_t *rep;
	if ((rc = loop_postdominators(ar, f, &loops, &lpt)))
		return rc;
	if (!(rep = classes(ar, n, next)))
		return TC_ENOMEM;
	for (uint32_t y = 0; y < n; y++) {
		if (!f->live_node[y] || y == f->entry)
			continue;
		uint32_t ly = loops.innermost[y];
		for (uint32_t x = idom[y]; tc__dominates(&pdt, y, x);) {
			uint32_t lx = loops.innermost[x];
			if (ly != TC_NONE && !tc__in_loop(&loops, ly, x))
				break; /* left y's loop */
			if (lx == ly) {
				int eq = ly == TC_NONE ? 1 /* neither is on a cycle */
					 : loops.irreducible[ly] ? cycle_equivalent(&c, x, y)
								  : tc__dominates(&lpt, y, x);
				if (eq) {
					join(next, rep, x, y);
					break;
				}
			}
			if (x == f->entry)
				break;
			/* a nested reducible loop is dominated by its header: skip it */
			if (lx != ly && lx != TC_NONE && lx != x && !loops.irreducible[lx])
				x = lx;
			else
				x = idom[x];
		}
	}
	tc__phase_end(f->run);
	return TC_OK;
}

static int find_pairs(tc_arena *ar, const tc_flow *f, bool paper, uint32_t *next)
{
	tc_arena gr;
	tc__arena_init(&gr, ar->al);
	int rc = find_pairs_in(ar, &gr, f, paper, next);
	tc__arena_free(&gr);
	return rc;
}

/* region, or region-paper (paper): the pairs, then basic across them */
static int solve_region(tc_arena *ar, const tc_flow *f, bool paper, uint8_t *node_c,
			uint8_t *edge_c)
{
	/* the last round's big arrays, kept for reuse, would only stand by
	 * while the pairs are found in an arena of their own */
	tc__arena_trim(ar);
	uint32_t *next = TC_ARENA_ARRAY(ar, uint32_t, (size_t)f->n + 1);
	if (!next)
		return TC_ENOMEM;
	tc_arena tmp;
	tc__arena_init(&tmp, ar->al);
	int rc = find_pairs(&tmp, f, paper, next);
	tc__arena_free(&tmp);
	return rc ? rc : tc__solve_basic(ar, f, next, node_c, edge_c);
}

int tc__solve_region(tc_arena *ar, const tc_flow *f, uint8_t *node_c, uint8_t *edge_c)
{
	return solve_region(ar, f, false, node_c, edge_c);
}

int tc__solve_region_paper(tc_arena *ar, const tc_flow *f, uint8_t *node_c, uint8_t *edge_c)
{
	return solve_region(ar, f, true, node_c, edge_c);
}
