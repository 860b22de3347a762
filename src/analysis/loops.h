/*
 * loops.h - the loop nesting forest of a digraph, reducible or not (Havlak,
 * "Nesting of reducible and irreducible loops", TOPLAS 1997), iterative.
 *
 * Every cycle lies in a loop; a loop body is strongly connected; loops nest.
 * A node whose only cycle is a self-loop is a loop of its own.
 */
#ifndef TC_ANALYSIS_LOOPS_H
#define TC_ANALYSIS_LOOPS_H

#include "graph/digraph.h"

typedef struct tc_loops {
	/* innermost[v]: header of the innermost loop containing v (v itself
	 * when v heads a loop); TC_NONE when v is on no cycle or unreachable */
	uint32_t *innermost;
	/* parent[h]: header of the loop enclosing loop h, TC_NONE at top level */
	uint32_t *parent;
	/* preorder interval of loop h in the forest: loop h contains loop k iff
	 * pre[h] <= pre[k] <= last[h] (headers only) */
	uint32_t *pre, *last;
	/* irreducible[h]: loop h, or a loop enclosing it, has more than one
	 * entry (its header need not dominate it) */
	uint8_t *irreducible;
	/* multi_entry[h]: loop h itself has more than one entry */
	uint8_t *multi_entry;
} tc_loops;

int tc__loops(tc_arena *ar, const tc_digraph *succ, const tc_digraph *pred, uint32_t root,
	      tc_loops *out);

/* Whether v lies in loop h (directly or in a loop nested in it). */
static inline int tc__in_loop(const tc_loops *l, uint32_t h, uint32_t v)
{
	uint32_t k = l->innermost[v];
	return k != UINT32_MAX && l->pre[h] <= l->pre[k] && l->pre[k] <= l->last[h];
}

#endif
