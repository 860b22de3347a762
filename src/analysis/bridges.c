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

int tc__bridge_graph_init(tc_arena *ar, tc_bridge_graph *bg, uint32_t nv, uint32_t ne,
			  const uint32_t *eu, const uint32_t *ev)
{
	size_t sz = (size_t)nv + 1;
	bg->nv = nv;
	bg->ne = ne;
	bg->eu = eu;
	bg->ev = ev;
	bg->stamp = 0;
	bg->off = TC_ARENA_ZARRAY(ar, uint32_t, sz);
	bg->inc = TC_ARENA_ARRAY(ar, uint32_t, 2 * (size_t)ne + 1);
	bg->disc = TC_ARENA_ZARRAY(ar, uint32_t, sz);
	bg->low = TC_ARENA_ARRAY(ar, uint32_t, sz);
	bg->via = TC_ARENA_ARRAY(ar, uint32_t, sz);
	bg->cursor = TC_ARENA_ARRAY(ar, uint32_t, sz);
	bg->stack = TC_ARENA_ARRAY(ar, uint32_t, sz);
	if (!bg->off || !bg->inc || !bg->disc || !bg->low || !bg->via || !bg->cursor ||
	    !bg->stack)
		return TC_ENOMEM;
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

/* one DFS tree from r over edges neither removed nor (when skip) bridges */
static void search(tc_bridge_graph *bg, uint32_t r, uint32_t base, const uint8_t *removed,
		   uint8_t *is_bridge, int skip)
{
	uint32_t *disc = bg->disc, *low = bg->low, *via = bg->via, *cursor = bg->cursor,
		 *stack = bg->stack;
	uint32_t top = 0;
	disc[r] = low[r] = ++bg->stamp;
	via[r] = TC_NONE;
	cursor[r] = bg->off[r];
	stack[top++] = r;
	while (top > 0) {
		uint32_t v = stack[top - 1];
		if (cursor[v] < bg->off[v + 1]) {
			uint32_t e = bg->inc[cursor[v]++];
			if (e == via[v] || (removed && removed[e]) || (skip && is_bridge[e]))
				continue;
			uint32_t w = bg->eu[e] == v ? bg->ev[e] : bg->eu[e];
			if (disc[w] <= base) {
				disc[w] = low[w] = ++bg->stamp;
				via[w] = e;
				cursor[w] = bg->off[w];
				stack[top++] = w;
			} else if (disc[w] < low[v]) {
				low[v] = disc[w];
			}
			continue;
		}
		top--;
		if (top == 0)
			continue;
		uint32_t p = stack[top - 1];
		if (low[v] < low[p])
			low[p] = low[v];
		if (low[v] > disc[p])
			is_bridge[via[v]] = 1;
	}
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
