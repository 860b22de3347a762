/* graph.c - read access to a built flow graph. */
#include "graph/graph.h"

#include <string.h>

int tc__graph_index(tc_graph *g)
{
	const tc_alloc *al = &g->al;
	g->out_off = tc__calloc(al, (size_t)g->n + 1, sizeof(uint32_t));
	g->in_off = tc__calloc(al, (size_t)g->n + 1, sizeof(uint32_t));
	g->out_edge = tc__malloc(al, tc__mul(g->m, sizeof(uint32_t)));
	g->in_edge = tc__malloc(al, tc__mul(g->m, sizeof(uint32_t)));
	if (!g->out_off || !g->in_off || !g->out_edge || !g->in_edge)
		return TC_ENOMEM;
	tc__csr_fill(g->n, g->m, g->edge_from, NULL, g->out_off, g->out_edge);
	tc__csr_fill(g->n, g->m, g->edge_to, NULL, g->in_off, g->in_edge);
	return TC_OK;
}

int tc__graph_reach(const tc_graph *g, const uint8_t *skip, uint8_t *reached,
		    const tc_alloc *al)
{
	if (g->n == 0)
		return TC_OK;
	uint32_t *stack = tc__malloc(al, tc__mul(g->n, sizeof *stack));
	if (!stack)
		return TC_ENOMEM;
	memset(reached, 0, g->n);
	uint32_t top = 0;
	reached[g->entry] = 1;
	stack[top++] = g->entry;
	while (top) {
		uint32_t v = stack[--top];
		for (const uint32_t *e = TC_OUT_BEGIN(g, v); e < TC_OUT_END(g, v); e++) {
			uint32_t w = g->edge_to[*e];
			if (!skip[*e] && !reached[w]) {
				reached[w] = 1;
				stack[top++] = w;
			}
		}
	}
	tc__free(al, stack);
	return TC_OK;
}

void tc_graph_free(tc_graph *g)
{
	if (!g)
		return;
	const tc_alloc al = g->al;
	tc__free(&al, g->name);
	tc__free(&al, g->flags);
	tc__free(&al, g->names);
	tc__free(&al, g->name_off);
	tc__free(&al, g->edge_from);
	tc__free(&al, g->edge_to);
	tc__free(&al, g->out_off);
	tc__free(&al, g->out_edge);
	tc__free(&al, g->in_off);
	tc__free(&al, g->in_edge);
	tc__free(&al, g->loc);
	for (uint32_t i = 0; i < g->nfiles; i++)
		tc__free(&al, g->files[i]);
	tc__free(&al, g->files);
	tc__free(&al, g);
}

const char *tc_graph_name(const tc_graph *g) { return g->name; }
uint32_t tc_graph_node_count(const tc_graph *g) { return g->n; }
uint32_t tc_graph_edge_count(const tc_graph *g) { return g->m; }
uint32_t tc_graph_entry(const tc_graph *g) { return g->entry; }
uint32_t tc_graph_exit(const tc_graph *g) { return g->exit; }

const char *tc_graph_node_name(const tc_graph *g, uint32_t node)
{
	return node < g->n ? g->names + g->name_off[node] : NULL;
}

unsigned tc_graph_node_flags(const tc_graph *g, uint32_t node)
{
	return node < g->n ? g->flags[node] : 0;
}

tc_loc tc_graph_node_loc(const tc_graph *g, uint32_t node)
{
	tc_loc loc = {NULL, 0, 0};
	uint32_t lo = 0, hi = g->nloc;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (g->loc[mid].node < node)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < g->nloc && g->loc[lo].node == node) {
		const tc_node_loc *l = &g->loc[lo];
		loc.file = l->file != TC_NONE ? g->files[l->file] : NULL;
		loc.line = l->line;
		loc.col = l->col;
	}
	return loc;
}

uint32_t tc_graph_edge_from(const tc_graph *g, uint32_t edge)
{
	return edge < g->m ? g->edge_from[edge] : TC_NONE;
}

uint32_t tc_graph_edge_to(const tc_graph *g, uint32_t edge)
{
	return edge < g->m ? g->edge_to[edge] : TC_NONE;
}

const uint32_t *tc_graph_out_edges(const tc_graph *g, uint32_t node, uint32_t *count)
{
	if (node >= g->n) {
		*count = 0;
		return NULL;
	}
	*count = g->out_off[node + 1] - g->out_off[node];
	return TC_OUT_BEGIN(g, node);
}

const uint32_t *tc_graph_in_edges(const tc_graph *g, uint32_t node, uint32_t *count)
{
	if (node >= g->n) {
		*count = 0;
		return NULL;
	}
	*count = g->in_off[node + 1] - g->in_off[node];
	return TC_IN_BEGIN(g, node);
}

/* a linear scan: lookups by name are for tools and tests, not for solvers */
uint32_t tc_graph_find_node(const tc_graph *g, const char *name)
{
	for (uint32_t v = 0; v < g->n; v++)
		if (strcmp(g->names + g->name_off[v], name) == 0)
			return v;
	return TC_NONE;
}
