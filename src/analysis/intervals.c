/*
 * intervals.c - Allen-Cocke interval partition (Allen, "Control flow
 * analysis", SIGPLAN Notices 1970; Aho, Sethi, Ullman, section 10.9).
 *
 * From each header h the interval grows by every vertex all of whose
 * (reachable) predecessor arcs come from the interval; vertices entered from
 * the interval but not absorbed become headers. To grow in linear time, each
 * vertex counts the arcs it has received from the current interval (the
 * count is reset lazily when another header's interval reaches it).
 */
#include "analysis/intervals.h"

/* the working arrays (22 bytes a vertex) come from ar, which the caller
 * frees */
static int partition(tc_arena *ar, const tc_digraph *succ, const tc_digraph *pred,
		     uint32_t entry, uint32_t *header)
{
	uint32_t n = succ->n;
	size_t sz = (size_t)n + 1;
	uint8_t *reach = TC_ARENA_ZARRAY(ar, uint8_t, sz);
	uint8_t *queued = TC_ARENA_ZARRAY(ar, uint8_t, sz);
	uint32_t *npred = TC_ARENA_ZARRAY(ar, uint32_t, sz);
	uint32_t *cnt = TC_ARENA_ZARRAY(ar, uint32_t, sz);
	uint32_t *stamp = TC_ARENA_ARRAY(ar, uint32_t, sz);
	uint32_t *heads = TC_ARENA_ARRAY(ar, uint32_t, sz);
	uint32_t *members = TC_ARENA_ARRAY(ar, uint32_t, sz);
	if (!reach || !queued || !npred || !cnt || !stamp || !heads || !members)
		return TC_ENOMEM;
	for (uint32_t v = 0; v < n; v++) {
		header[v] = TC_NONE;
		stamp[v] = TC_NONE;
	}
	if (entry >= n)
		return TC_EINVAL;
	/* reachability, using members[] as the stack */
	uint32_t top = 0;
	reach[entry] = 1;
	members[top++] = entry;
	while (top > 0) {
		uint32_t v = members[--top];
		for (const uint32_t *w = TC_ADJ_BEGIN(succ, v); w != TC_ADJ_END(succ, v); w++)
			if (!reach[*w]) {
				reach[*w] = 1;
				members[top++] = *w;
			}
	}
	for (uint32_t v = 0; v < n; v++)
		for (const uint32_t *p = TC_ADJ_BEGIN(pred, v); p != TC_ADJ_END(pred, v); p++)
			npred[v] += reach[*p];

	uint32_t nheads = 0;
	heads[nheads++] = entry;
	queued[entry] = 1;
	for (uint32_t hi = 0; hi < nheads; hi++) {
		uint32_t h = heads[hi];
		uint32_t nmem = 0;
		header[h] = h;
		members[nmem++] = h;
		/* members[] doubles as the work list: scan grows as vertices join */
		for (uint32_t i = 0; i < nmem; i++) {
			uint32_t v = members[i];
			for (const uint32_t *w = TC_ADJ_BEGIN(succ, v); w != TC_ADJ_END(succ, v);
			     w++) {
				uint32_t m = *w;
				if (m == entry || header[m] != TC_NONE || queued[m])
					continue;
				if (stamp[m] != h) {
					stamp[m] = h;
					cnt[m] = 0;
				}
				if (++cnt[m] == npred[m]) {
					header[m] = h;
					members[nmem++] = m;
				}
			}
		}
		/* vertices entered from the interval but not absorbed head new ones */
		for (uint32_t i = 0; i < nmem; i++) {
			uint32_t v = members[i];
			for (const uint32_t *w = TC_ADJ_BEGIN(succ, v); w != TC_ADJ_END(succ, v);
			     w++)
				if (header[*w] == TC_NONE && !queued[*w]) {
					queued[*w] = 1;
					heads[nheads++] = *w;
				}
		}
	}
	return TC_OK;
}

int tc__intervals(tc_arena *ar, const tc_digraph *succ, const tc_digraph *pred,
		  uint32_t entry, uint32_t *header)
{
	tc_arena scratch;
	tc__arena_init(&scratch, ar->al);
	int rc = partition(&scratch, succ, pred, entry, header);
	tc__arena_free(&scratch);
	return rc;
}
