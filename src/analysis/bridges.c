/*
 * bridges.c - bridges of an undirected multigraph by one depth-first search
 * (Tarjan, "A note on finding the bridges of a graph", IPL 1974), iterative.
 *
 * The DFS remembers the edge id it arrived by rather than the parent vertex,
 * so a parallel edge back to the parent counts as a back edge. Discovery
 * times only grow from one search to the next (bg->stamp is the last time
 * handed out), so the arrays need no clearing between updates.
 */
#include "analysis/bridges.h"

#include <string.h>

int tc__bridge_graph_init(tc_arena *ar, tc_bridge_graph *bg, uint32_t nv, uint32_t ne,
			  const uint32_t *eu, const uint32_t *ev)
{
	size_t sz = (size_t)nv + 1;
	bg->nv = nv;
	bg->ne = ne;
	bg->eu = eu;
	bg->ev = ev;
	bg->stamp = 0;
	bg->off = TC_ARENA_ARRAY(ar, uint32_t, sz);
	bg->inc = TC_ARENA_ARRAY(ar, uint32_t, 2 * (size_t)ne + 1);
	bg->disc = TC_ARENA_ARRAY(ar, uint32_t, sz);
	bg->low = TC_ARENA_ARRAY(ar, uint32_t, sz);
	bg->via = TC_ARENA_ARRAY(ar, uint32_t, sz);
	bg->cursor = TC_ARENA_ARRAY(ar, uint32_t, sz);
	bg->stack = TC_ARENA_ARRAY(ar, uint32_t, sz);
	if (!bg->off || !bg->inc || !bg->disc || !bg->low || !bg->via || !bg->cursor ||
	    !bg->stack)
		return TC_ENOMEM;
	/* the searches go all over these: huge pages, asked for before first use,
	 * spare most of the TLB misses */
	uint32_t *const arrays[] = {bg->off, bg->disc, bg->low, bg->via, bg->cursor, bg->stack};
	for (size_t k = 0; k < sizeof arrays / sizeof *arrays; k++)
		tc__advise_random(ar->al, arrays[k], sz * sizeof(uint32_t));
	tc__advise_random(ar->al, bg->inc, (2 * (size_t)ne + 1) * sizeof(uint32_t));
	memset(bg->off, 0, sz * sizeof(uint32_t));
	memset(bg->disc, 0, sz * sizeof(uint32_t));
	/* incidence lists: both ends of every edge */
	for (uint32_t i = 0; i < ne; i++) {
		bg->off[eu[i] + 1]++;
		bg->off[ev[i] + 1]++;
	}
	for (uint32_t v = 0; v < nv; v++)
		bg->off[v + 1] += bg->off[v];
	for (uint32_t i = 0; i < ne; i++) {
		bg->inc[bg->off[eu[i]]++] = i;
		bg->inc[bg->off[ev[i]]++] = i;
	}
	for (uint32_t v = nv; v > 0; v--)
		bg->off[v] = bg->off[v - 1];
	bg->off[0] = 0;
	return TC_OK;
}

/*
 * One DFS tree from r over edges neither removed nor (when skip) bridges.
 * The vertex on top of the stack keeps its cursor, end and low in locals
 * while its incidences are scanned; they go to the arrays only when the
 * search descends from it, and come back when it returns.
 */
static void search(tc_bridge_graph *bg, uint32_t r, uint32_t base, const uint8_t *removed,
		   uint8_t *is_bridge, int skip)
{
	uint32_t *disc = bg->disc, *low = bg->low, *via = bg->via, *cursor = bg->cursor,
		 *stack = bg->stack;
	const uint32_t *off = bg->off, *inc = bg->inc, *eu = bg->eu, *ev = bg->ev;
	uint32_t stamp = bg->stamp, top = 0;
	uint32_t v = r, cur = off[r], end = off[r + 1], in = TC_NONE, lo = ++stamp;
	disc[r] = lo;
	via[r] = TC_NONE;
	stack[top++] = r;
	for (;;) {
		while (cur < end) {
			uint32_t e = inc[cur++];
			if (e == in || (removed && removed[e]) || (skip && is_bridge[e]))
				continue;
			uint32_t w = eu[e] == v ? ev[e] : eu[e];
			if (disc[w] <= base) {
				/* descend: v waits with its state in the arrays */
				cursor[v] = cur;
				low[v] = lo;
				disc[w] = lo = ++stamp;
				via[w] = in = e;
				stack[top++] = v = w;
				cur = off[w];
				end = off[w + 1];
			} else if (disc[w] < lo) {
				lo = disc[w];
			}
		}
		/* v is done: back to its parent p, whose low takes v's */
		if (--top == 0)
			break;
		uint32_t p = stack[top - 1];
		if (lo > disc[p])
			is_bridge[in] = 1;
		if (low[p] < lo)
			lo = low[p];
		v = p;
		cur = cursor[p];
		end = off[p + 1];
		in = via[p];
	}
	bg->stamp = stamp;
}

int tc__bridges_in(tc_bridge_graph *bg, const uint8_t *removed, uint8_t *is_bridge,
		   const uint32_t *roots, uint32_t nroots)
{
	/* discovery times must fit: restart them when they would not */
	if (bg->stamp > UINT32_MAX - bg->nv - 1) {
		for (uint32_t v = 0; v < bg->nv; v++)
			bg->disc[v] = 0;
		bg->stamp = 0;
	}
	uint32_t base = bg->stamp;
	if (nroots == 0) {
		for (uint32_t i = 0; i < bg->ne; i++)
			is_bridge[i] = 0;
		for (uint32_t r = 0; r < bg->nv; r++)
			if (bg->disc[r] <= base)
				search(bg, r, base, removed, is_bridge, 0);
		return TC_OK;
	}
	for (uint32_t k = 0; k < nroots; k++)
		if (bg->disc[roots[k]] <= base)
			search(bg, roots[k], base, removed, is_bridge, 1);
	return TC_OK;
}

int tc__bridges(tc_arena *ar, uint32_t nv, uint32_t ne, const uint32_t *eu,
		const uint32_t *ev, const uint8_t *removed, uint8_t *is_bridge)
{
	tc_bridge_graph bg;
	int rc = tc__bridge_graph_init(ar, &bg, nv, ne, eu, ev);
	return rc ? rc : tc__bridges_in(&bg, removed, is_bridge, NULL, 0);
}
