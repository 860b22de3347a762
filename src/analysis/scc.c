/*
 * scc.c - Tarjan's strongly connected components ("Depth-first search and
 * linear graph algorithms", SIAM J. Comput. 1972) with an explicit call stack.
 */
#include "analysis/scc.h"

int tc__scc(tc_arena *ar, const tc_digraph *d, const uint8_t *skip, uint32_t *comp,
	    uint32_t *ncomp, uint8_t **cyclic)
{
	uint32_t n = d->n;
	size_t sz = (size_t)n + 1;
	/* the search's arrays are freed on return; cyc is the answer */
	tc_arena tmp;
	tc__arena_init(&tmp, ar->al);
	uint32_t *index = TC_ARENA_ZARRAY(&tmp, uint32_t, sz); /* 0 = unvisited */
	uint32_t *low = TC_ARENA_ARRAY(&tmp, uint32_t, sz);
	uint32_t *cursor = TC_ARENA_ARRAY(&tmp, uint32_t, sz);
	uint32_t *calls = TC_ARENA_ARRAY(&tmp, uint32_t, sz);
	uint32_t *stack = TC_ARENA_ARRAY(&tmp, uint32_t, sz);
	uint8_t *cyc = TC_ARENA_ZARRAY(ar, uint8_t, sz);
	if (!index || !low || !cursor || !calls || !stack || !cyc) {
		tc__arena_free(&tmp);
		return TC_ENOMEM;
	}
	for (uint32_t v = 0; v < n; v++)
		comp[v] = TC_NONE;
	uint32_t next_index = 0, count = 0, sp = 0;
	for (uint32_t r = 0; r < n; r++) {
		if (index[r] || (skip && skip[r]))
			continue;
		uint32_t top = 0;
		calls[top++] = r;
		index[r] = low[r] = ++next_index;
		cursor[r] = d->off[r];
		stack[sp++] = r;
		while (top > 0) {
			uint32_t v = calls[top - 1];
			if (cursor[v] < d->off[v + 1]) {
				uint32_t w = d->adj[cursor[v]++];
				if (skip && skip[w])
					continue;
				if (!index[w]) {
					index[w] = low[w] = ++next_index;
					cursor[w] = d->off[w];
					stack[sp++] = w;
					calls[top++] = w;
				} else if (comp[w] == TC_NONE && index[w] < low[v]) {
					low[v] = index[w]; /* w is on the stack */
				}
				continue;
			}
			top--;
			if (top > 0 && low[v] < low[calls[top - 1]])
				low[calls[top - 1]] = low[v];
			if (low[v] != index[v])
				continue;
			/* v is a root: pop its component */
			uint32_t w, size = 0;
			do {
				w = stack[--sp];
				comp[w] = count;
				size++;
			} while (w != v);
			cyc[count] = size > 1;
			count++;
		}
	}
	/* a single vertex is cyclic when it has a self-loop */
	for (uint32_t v = 0; v < n; v++) {
		if (comp[v] == TC_NONE || cyc[comp[v]])
			continue;
		for (const uint32_t *w = TC_ADJ_BEGIN(d, v); w != TC_ADJ_END(d, v); w++)
			if (*w == v)
				cyc[comp[v]] = 1;
	}
	*ncomp = count;
	if (cyclic)
		*cyclic = cyc;
	tc__arena_free(&tmp);
	return TC_OK;
}
