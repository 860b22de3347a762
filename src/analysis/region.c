/*
 * region.c - the region rule: a node pair (x, y) with x strictly dominating
 * y and y strictly post-dominating x shares its state, when
 *   paper:  x and y are in the same Allen-Cocke interval (paper Fig. 13;
 *           unsound, see docs/solvers.md), or
 *   sound:  x and y are cycle-equivalent: no directed cycle passes one of
 *           them but not the other.
 * The pairs are joined into classes (circular lists) and handed to the rule
 * engine of rules.c.
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
 *   Only nodes of the same loop need a search for a cycle avoiding the other.
 */
#include "analysis/dominators.h"
#include "analysis/flow.h"
#include "analysis/intervals.h"
#include "analysis/loops.h"
#include "analysis/scc.h"

#include <string.h>

typedef struct cyc_ctx {
	const tc_digraph *succ;
	const uint32_t *comp;
	const uint8_t *cyclic;
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

int tc__solve_region(tc_arena *ar, const tc_flow *f, bool paper, uint8_t *node_c,
		     uint8_t *edge_c)
{
	uint32_t n = f->n;
	tc_digraph succ, pred;
	tc_domtree pdt;
	uint32_t *idom = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	uint32_t *ipdom = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	uint32_t *next = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	uint32_t *rep = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	if (!idom || !ipdom || !next || !rep)
		return TC_ENOMEM;
	int rc;
	tc__phase_begin(f->run, "dominators");
	if ((rc = tc__flow_digraph(ar, f, &succ, &pred)) ||
	    (rc = tc__dominators(ar, &succ, &pred, f->entry, idom)) ||
	    (rc = tc__dominators(ar, &pred, &succ, f->exit, ipdom)) ||
	    (rc = tc__domtree(ar, n, ipdom, f->exit, &pdt)))
		return rc;
	for (uint32_t v = 0; v < n; v++)
		next[v] = rep[v] = v;
	tc__phase_end(f->run);

	if (paper) {
		tc__phase_begin(f->run, "pairs");
		uint32_t *header = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
		if (!header)
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
		return tc__solve_rules(ar, f, next, node_c, edge_c);
	}

	tc__phase_begin(f->run, "pairs");
	cyc_ctx c;
	tc_loops loops;
	uint32_t ncomp;
	uint8_t *skip = TC_ARENA_ARRAY(ar, uint8_t, (size_t)n + 1);
	uint32_t *comp = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	c.stamp = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)n + 1);
	c.stack = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	if (!skip || !comp || !c.stamp || !c.stack)
		return TC_ENOMEM;
	for (uint32_t v = 0; v < n; v++)
		skip[v] = !f->live_node[v];
	uint8_t *cyclic;
	if ((rc = tc__scc(ar, &succ, skip, comp, &ncomp, &cyclic)) ||
	    (rc = tc__loops(ar, &succ, &pred, f->entry, &loops)))
		return rc;
	c.succ = &succ;
	c.comp = comp;
	c.cyclic = cyclic;
	c.round = 0;
	for (uint32_t y = 0; y < n; y++) {
		if (!f->live_node[y] || y == f->entry)
			continue;
		uint32_t ly = loops.innermost[y];
		for (uint32_t x = idom[y]; tc__dominates(&pdt, y, x); x = idom[x]) {
			uint32_t lx = loops.innermost[x];
			if (ly != TC_NONE && !tc__in_loop(&loops, ly, x))
				break; /* left y's loop */
			if (lx == ly && (ly == TC_NONE || cycle_equivalent(&c, x, y))) {
				join(next, rep, x, y);
				break;
			}
			if (x == f->entry)
				break;
		}
	}
	tc__phase_end(f->run);
	return tc__solve_rules(ar, f, next, node_c, edge_c);
}
