/*
 * ways.c - the ways between two points of one function's blocks (ways.h).
 */
#include "graph/ways.h"

int tc__ways_init(tc_arena *ar, tc_ways *w, uint32_t nb, const uint32_t *succ_off,
		  const uint32_t *succ)
{
	uint32_t *idom = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nb + 2);
	w->mark[0] = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)nb + 2);
	w->mark[1] = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)nb + 2);
	w->stack = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nb + 2);
	w->stamp = 0;
	if (!idom || !w->mark[0] || !w->mark[1] || !w->stack ||
	    tc__digraph_blocks(ar, &w->g, nb, succ_off, succ) ||
	    tc__digraph_reverse(ar, &w->rg, &w->g) || tc__dominators(ar, &w->g, &w->rg, 0, idom) ||
	    tc__domtree_intervals(ar, nb + 1, idom, 0, &w->dt))
		return TC_ENOMEM;
	return TC_OK;
}

bool tc__ways_before(const tc_ways *w, uint32_t bs, uint32_t sp, uint32_t bl, uint32_t lp)
{
	return bs == bl ? sp < lp : tc__dominates(&w->dt, bs, bl) != 0;
}

/* Marks (mark[m], with the current stamp) every block that g leads to in
 * one edge or more from 'from' without entering 'stop'; counts the visits. */
static void search(tc_ways *w, const tc_digraph *g, int m, uint32_t from, uint32_t stop,
		   uint64_t *work)
{
	uint32_t top = 0, stamp = w->stamp, *mark = w->mark[m];
	for (const uint32_t *p = TC_ADJ_BEGIN(g, from); p != TC_ADJ_END(g, from); p++)
		if (*p != stop && mark[*p] != stamp) {
			mark[*p] = stamp;
			w->stack[top++] = *p;
		}
	while (top) {
		uint32_t v = w->stack[--top];
		++*work;
		for (const uint32_t *p = TC_ADJ_BEGIN(g, v); p != TC_ADJ_END(g, v); p++)
			if (*p != stop && mark[*p] != stamp) {
				mark[*p] = stamp;
				w->stack[top++] = *p;
			}
	}
}

/* F: the blocks a way from bs reaches without passing it again; B: those
 * from which such a way reaches bl (one edge at least). An event is on a
 * way when it is in bs after sp, or in F and in B, or in F and in bl
 * before lp; with bs and bl one block, only between sp and lp. */
bool tc__ways_clear(tc_ways *w, uint32_t bs, uint32_t sp, uint32_t bl, uint32_t lp,
		    const uint32_t *evb, const uint32_t *evp, uint32_t n, uint32_t skip,
		    uint64_t *work)
{
	if (bl != bs) {
		w->stamp++;
		search(w, &w->g, 0, bs, bs, work);
		search(w, &w->rg, 1, bl, bs, work);
	}
	*work += n;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t b = evb[i];
		bool on;
		if (i == skip || b == TC_NONE)
			continue; /* it, or one that never runs */
		if (bl == bs)
			on = b == bs && evp[i] > sp && evp[i] < lp;
		else if (b == bs)
			on = evp[i] > sp;
		else
			on = w->mark[0][b] == w->stamp &&
			     (w->mark[1][b] == w->stamp || (b == bl && evp[i] < lp));
		if (on)
			return false;
	}
	return true;
}

bool tc__ways_clear_from_start(tc_ways *w, uint32_t bl, uint32_t lp, const uint32_t *evb,
			       const uint32_t *evp, uint32_t n, uint64_t *work)
{
	w->stamp++;
	search(w, &w->g, 0, 0, UINT32_MAX, work);
	search(w, &w->rg, 1, bl, UINT32_MAX, work);
	*work += n;
	for (uint32_t i = 0; i < n; i++) {
		uint32_t b = evb[i];
		if (b == TC_NONE || (b != 0 && w->mark[0][b] != w->stamp))
			continue; /* one that never runs, or not after the start */
		if (w->mark[1][b] == w->stamp || (b == bl && evp[i] < lp))
			return false;
	}
	return true;
}
