/* influence.c - influence regions (influence.h). */
#include "analysis/influence.h"

int tc__influence_region(tc_region_walk *w, uint32_t b, uint32_t stop, uint32_t *out,
			 uint32_t *count, bool *cyclic)
{
	const tc_digraph *g = w->succ;
	uint32_t top = 0, len = 0, st = ++w->round;
	*cyclic = false;
	/* b is the root, unmarked, so that it is a member only when one of its
	 * successors reaches it again; it is not expanded twice */
	w->cursor[b] = g->off[b];
	w->stack[top++] = b;
	while (top > 0) {
		uint32_t v = w->stack[top - 1];
		if (w->cursor[v] == g->off[v + 1]) {
			top--;
			if (v != b) {
				w->done[v] = st;
				out[len++] = v; /* post-order */
			}
			continue;
		}
		uint32_t x = g->adj[w->cursor[v]++];
		if (x == stop)
			continue;
		if (w->stamp[x] == st) {
			/* on the stack (b always is): an arc back, a cycle */
			*cyclic |= x == b || w->done[x] != st;
			continue;
		}
		w->stamp[x] = st;
		if (w->halt && w->halt[x]) {
			*count = len;
			return 1;
		}
		if (x == b) {
			*cyclic = true;
			continue;
		}
		w->cursor[x] = g->off[x];
		w->stack[top++] = x;
	}
	if (w->stamp[b] == st)
		out[len++] = b; /* the root comes first in reverse post-order */
	for (uint32_t k = 0; k < len / 2; k++) {
		uint32_t t = out[k];
		out[k] = out[len - 1 - k];
		out[len - 1 - k] = t;
	}
	*count = len;
	return 0;
}

void tc__influence_cycle(tc_region_walk *w, const tc_digraph *pred, uint32_t b,
			 uint32_t *seen, uint32_t *out, uint32_t *count)
{
	uint32_t st = w->round, top = 0, len = 0;
	seen[b] = st;
	w->stack[top++] = b;
	while (top > 0) {
		uint32_t v = w->stack[--top];
		out[len++] = v;
		for (const uint32_t *u = TC_ADJ_BEGIN(pred, v); u != TC_ADJ_END(pred, v); u++)
			if (w->stamp[*u] == st && seen[*u] != st) {
				seen[*u] = st;
				w->stack[top++] = *u;
			}
	}
	*count = len;
}
