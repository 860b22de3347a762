/* influence.c - influence regions (influence.h). */
#include "analysis/influence.h"

int tc__influence_region(tc_region_walk *w, uint32_t b, uint32_t stop, uint32_t *out,
			 uint32_t *count)
{
	const tc_digraph *g = w->succ;
	uint32_t top = 0, len = 0, st = ++w->round;
	/* b is expanded first without a mark, so that it is a member only when
	 * one of its successors reaches it again */
	w->stack[top++] = b;
	for (int first = 1; top > 0; first = 0) {
		uint32_t v = w->stack[--top];
		if (!first)
			out[len++] = v;
		for (const uint32_t *x = TC_ADJ_BEGIN(g, v); x != TC_ADJ_END(g, v); x++) {
			if (*x == stop || w->stamp[*x] == st)
				continue;
			w->stamp[*x] = st;
			if (w->halt && w->halt[*x]) {
				*count = len;
				return 1;
			}
			w->stack[top++] = *x;
		}
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
