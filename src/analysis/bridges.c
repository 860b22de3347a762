/*
 * bridges.c - bridges of an undirected multigraph by one depth-first search
 * (Tarjan, "A note on finding the bridges of a graph", IPL 1974), iterative.
 *
 * The DFS remembers the edge id it arrived by rather than the parent vertex,
 * so a parallel edge back to the parent counts as a back edge.
 */
#include "analysis/bridges.h"

int tc__bridges(tc_arena *ar, uint32_t nv, uint32_t ne, const uint32_t *eu,
		const uint32_t *ev, const uint8_t *removed, uint8_t *is_bridge)
{
	size_t sz = (size_t)nv + 1;
	uint32_t *off = TC_ARENA_ZARRAY(ar, uint32_t, sz);
	uint32_t *inc = TC_ARENA_ARRAY(ar, uint32_t, 2 * (size_t)ne + 1);
	uint32_t *disc = TC_ARENA_ZARRAY(ar, uint32_t, sz); /* 0 = unvisited */
	uint32_t *low = TC_ARENA_ARRAY(ar, uint32_t, sz);
	uint32_t *via = TC_ARENA_ARRAY(ar, uint32_t, sz); /* arrival edge */
	uint32_t *cursor = TC_ARENA_ARRAY(ar, uint32_t, sz);
	uint32_t *stack = TC_ARENA_ARRAY(ar, uint32_t, sz);
	if (!off || !inc || !disc || !low || !via || !cursor || !stack)
		return TC_ENOMEM;
	/* incidence lists: both ends of every present edge */
	for (uint32_t i = 0; i < ne; i++) {
		is_bridge[i] = 0;
		if (removed && removed[i])
			continue;
		off[eu[i] + 1]++;
		off[ev[i] + 1]++;
	}
	for (uint32_t v = 0; v < nv; v++)
		off[v + 1] += off[v];
	for (uint32_t i = 0; i < ne; i++) {
		if (removed && removed[i])
			continue;
		inc[off[eu[i]]++] = i;
		inc[off[ev[i]]++] = i;
	}
	for (uint32_t v = nv; v > 0; v--)
		off[v] = off[v - 1];
	off[0] = 0;

	uint32_t time = 0;
	for (uint32_t r = 0; r < nv; r++) {
		if (disc[r])
			continue;
		uint32_t top = 0;
		disc[r] = low[r] = ++time;
		via[r] = TC_NONE;
		cursor[r] = off[r];
		stack[top++] = r;
		while (top > 0) {
			uint32_t v = stack[top - 1];
			if (cursor[v] < off[v + 1]) {
				uint32_t e = inc[cursor[v]++];
				if (e == via[v])
					continue;
				uint32_t w = eu[e] == v ? ev[e] : eu[e];
				if (!disc[w]) {
					disc[w] = low[w] = ++time;
					via[w] = e;
					cursor[w] = off[w];
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
	return TC_OK;
}
