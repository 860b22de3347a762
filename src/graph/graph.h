/*
 * graph.h - the flow graph as compact arrays (internal view of tc_graph).
 *
 * Nodes and edges have dense uint32_t ids in creation order. Successors and
 * predecessors are CSR: the out-edges of v are out_edge[out_off[v] ..
 * out_off[v+1]), likewise in-edges; both list edge ids in creation order.
 */
#ifndef TC_GRAPH_GRAPH_H
#define TC_GRAPH_GRAPH_H

#include "threadconv.h"
#include "util/mem.h"

struct tc_graph {
	tc_alloc al;
	char *name;
	uint32_t n, m;
	uint32_t entry, exit;
	uint8_t *flags;     /* TC_NODE_* per node */
	char *names;        /* NUL-terminated names, back to back */
	uint32_t *name_off; /* n offsets into names */
	uint32_t *edge_from, *edge_to;
	uint32_t *out_off, *out_edge; /* n + 1, m */
	uint32_t *in_off, *in_edge;   /* n + 1, m */
	tc_loc *loc;        /* n entries or NULL when no node has one */
	char **files;       /* distinct file names that loc points into */
	uint32_t nfiles;
};

#define TC_OUT_BEGIN(g, v) ((g)->out_edge + (g)->out_off[(v)])
#define TC_OUT_END(g, v) ((g)->out_edge + (g)->out_off[(v) + 1])
#define TC_IN_BEGIN(g, v) ((g)->in_edge + (g)->in_off[(v)])
#define TC_IN_END(g, v) ((g)->in_edge + (g)->in_off[(v) + 1])

/*
 * Builds the CSR arrays (out_off/out_edge, in_off/in_edge) of g from
 * edge_from/edge_to with one counting pass each; the order within a node is
 * the edge order.
 */
int tc__graph_index(tc_graph *g);

#endif
