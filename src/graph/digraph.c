/* digraph.c - CSR digraphs from arc lists, and reversal. */
#include "graph/digraph.h"

#include <string.h>

int tc__digraph_from_arcs(tc_arena *ar, tc_digraph *out, uint32_t n, uint32_t narcs,
			  const uint32_t *from, const uint32_t *to)
{
	out->n = n;
	out->off = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)n + 1);
	out->adj = TC_ARENA_ARRAY(ar, uint32_t, narcs ? narcs : 1);
	if (!out->off || !out->adj)
		return TC_ENOMEM;
	tc__csr_fill(n, narcs, from, to, out->off, out->adj);
	return TC_OK;
}

int tc__digraph_blocks(tc_arena *ar, tc_digraph *out, uint32_t nb, const uint32_t *succ_off,
		       const uint32_t *succ)
{
	uint32_t narcs = succ_off[nb];
	out->n = nb + 1;
	out->off = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nb + 2);
	out->adj = TC_ARENA_ARRAY(ar, uint32_t, narcs ? narcs : 1);
	if (!out->off || !out->adj)
		return TC_ENOMEM;
	memcpy(out->off, succ_off, ((size_t)nb + 1) * sizeof *out->off);
	out->off[nb + 1] = narcs;
	if (narcs) /* succ may be NULL then */
		memcpy(out->adj, succ, (size_t)narcs * sizeof *out->adj);
	return TC_OK;
}

int tc__digraph_reverse(tc_arena *ar, tc_digraph *out, const tc_digraph *d)
{
	uint32_t n = d->n, narcs = d->off[n];
	out->n = n;
	out->off = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)n + 1);
	out->adj = TC_ARENA_ARRAY(ar, uint32_t, narcs ? narcs : 1);
	if (!out->off || !out->adj)
		return TC_ENOMEM;
	for (uint32_t i = 0; i < narcs; i++)
		out->off[d->adj[i] + 1]++;
	for (uint32_t v = 0; v < n; v++)
		out->off[v + 1] += out->off[v];
	for (uint32_t u = 0; u < n; u++)
		for (const uint32_t *w = TC_ADJ_BEGIN(d, u); w != TC_ADJ_END(d, u); w++)
			out->adj[out->off[*w]++] = u;
	for (uint32_t v = n; v > 0; v--)
		out->off[v] = out->off[v - 1];
	out->off[0] = 0;
	return TC_OK;
}
