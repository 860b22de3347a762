/*
 * linear.h - the bridge graph that linear (linear.c) and path (path.c)
 * share: its building or its update after a round's splits, and the answer
 * read from its bridges.
 */
#ifndef TC_ANALYSIS_LINEAR_H
#define TC_ANALYSIS_LINEAR_H

#include "analysis/solvers.h"

/* One round of linear or path on the bridge graph. */
typedef struct tc_linear_round {
	tc_linear_state *st; /* the memo's state, or local */
	tc_linear_state local;
	uint32_t *gone;      /* edges removed since the last search (room for m) */
	uint32_t ngone;
	bool search;         /* those still need a search */
} tc_linear_round;
/* The bridge graph of f for this round: built (into memo's arena, or ar
 * without a memo), or the last round's with the edges split since
 * removed. */
int tc__linear_begin(tc_arena *ar, const tc_flow *f, tc_linear_memo *memo, tc_linear_round *r);
/* node_c/edge_c from st's bridges (the convergent live elements). */
void tc__linear_answer(const tc_flow *f, const tc_linear_state *st, uint8_t *node_c,
		       uint8_t *edge_c);

#endif
