/*
 * dominators.h - immediate dominators and the dominator tree.
 *
 * Lengauer and Tarjan, "A fast algorithm for finding dominators in a
 * flowgraph" (TOPLAS 1979), simple version with path compression, done with
 * explicit stacks. Post-dominators are dominators of the reverse graph.
 * With the graph, not the analyses, because readers check their input with
 * it too (SPIR-V: each definition dominates its uses).
 */
#ifndef TC_GRAPH_DOMINATORS_H
#define TC_GRAPH_DOMINATORS_H

#include "graph/digraph.h"

/*
 * idom[v] for every v reachable from root (idom[root] == root); TC_NONE for
 * the others. pred must be the reverse of succ. O((n + arcs) log n).
 */
int tc__dominators(tc_arena *ar, const tc_digraph *succ, const tc_digraph *pred,
		   uint32_t root, uint32_t *idom);
/*
 * The same, and order[0 .. *count) the reachable vertices in the order of
 * the depth-first search (root first): every vertex comes after its
 * immediate dominator, an ancestor in that search's tree. Enough for a pass
 * over the dominator tree from the root down or from the leaves up. order
 * needs room for all n vertices: the search works in it.
 */
int tc__dominators_ordered(tc_arena *ar, const tc_digraph *succ, const tc_digraph *pred,
			   uint32_t root, uint32_t *idom, uint32_t *order, uint32_t *count);

/*
 * Preorder numbering of the dominator tree, so that "a dominates b" is
 * pre[a] <= pre[b] && pre[b] <= last[a]. Vertices with idom TC_NONE get
 * pre = TC_NONE. depth[root] = 0; depth may be NULL.
 */
typedef struct tc_domtree {
	uint32_t *pre, *last, *depth;
	uint32_t *order; /* vertices in preorder, count of reachable ones */
	uint32_t count;
} tc_domtree;

int tc__domtree(tc_arena *ar, uint32_t n, const uint32_t *idom, uint32_t root,
		tc_domtree *out);
/* The same with pre and last only (depth and order NULL): all that
 * tc__dominates needs, in half the memory. */
int tc__domtree_intervals(tc_arena *ar, uint32_t n, const uint32_t *idom, uint32_t root,
			  tc_domtree *out);

static inline int tc__dominates(const tc_domtree *t, uint32_t a, uint32_t b)
{
	return t->pre[a] != UINT32_MAX && t->pre[b] != UINT32_MAX && t->pre[a] <= t->pre[b] &&
	       t->pre[b] <= t->last[a];
}

#endif
