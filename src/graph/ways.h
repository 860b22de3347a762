/*
 * ways.h - the ways between two points of one function's blocks: whether a
 * write comes before a read on every path (it dominates it), and whether
 * any of a set of other events lies on a way from the write to the read
 * that does not pass the write again. The readers use it to prove that a
 * read of memory sees what one write (a store, a call) left there.
 */
#ifndef TC_GRAPH_WAYS_H
#define TC_GRAPH_WAYS_H

#include "graph/digraph.h"
#include "graph/dominators.h"
#include "threadconv.h"

#include <stdbool.h>
#include <stdint.h>

/* A point is a block and a position in it: positions increase along a
 * block, and are unique within the function. */
typedef struct tc_ways {
	tc_digraph g, rg; /* the blocks and the virtual exit (nb) */
	tc_domtree dt;    /* from block 0 */
	uint32_t *mark[2], *stack, stamp;
} tc_ways;

/* The ways of nb blocks whose successors are succ[succ_off[b] ..
 * succ_off[b + 1]) (nb: the virtual exit), in ar. TC_OK or TC_ENOMEM. */
int tc__ways_init(tc_arena *ar, tc_ways *w, uint32_t nb, const uint32_t *succ_off,
		  const uint32_t *succ);

/* Whether the point (bs, sp) comes before (bl, lp) on every path from the
 * entry: the same block with sp before lp, or bs dominates bl. */
bool tc__ways_before(const tc_ways *w, uint32_t bs, uint32_t sp, uint32_t bl, uint32_t lp);

/*
 * Whether none of the events at points (evb[i], evp[i]), i < n but skip (a
 * block TC_NONE: one that never runs), lies on a way from (bs, sp) to (bl,
 * lp) that does not pass (bs, sp) again, where the first comes before the
 * second (tc__ways_before). Two searches, forward from bs and backward
 * from bl, neither entering bs; *work counts the blocks visited and the
 * events looked at.
 */
bool tc__ways_clear(tc_ways *w, uint32_t bs, uint32_t sp, uint32_t bl, uint32_t lp,
		    const uint32_t *evb, const uint32_t *evp, uint32_t n, uint32_t skip,
		    uint64_t *work);

/*
 * Whether none of the events at points (evb[i], evp[i]), i < n (a block
 * TC_NONE: one that never runs), lies on a way from the function's start
 * (block 0, before its first point) to (bl, lp): one in a block that the
 * start leads to, and that leads to bl, or that is bl before lp. A way may
 * pass block 0 again; each way starts once. *work counts as above.
 */
bool tc__ways_clear_from_start(tc_ways *w, uint32_t bl, uint32_t lp, const uint32_t *evb,
			       const uint32_t *evp, uint32_t n, uint64_t *work);

#endif
