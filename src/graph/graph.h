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

#include <string.h>

/* A node's position; file indexes tc_graph.files, TC_NONE for none. */
typedef struct tc_node_loc {
	uint32_t node, file, line, col;
} tc_node_loc;

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
	tc_node_loc *loc;   /* the nodes that have a position, by node id */
	uint32_t nloc;
	char **files;       /* distinct file names that loc indexes */
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

/* The nodes of g that a walk from the entry reaches without taking an edge
 * e where skip[e] != 0: reached[v] = 1, else 0 (g->n of them). Iterative;
 * TC_OK or TC_ENOMEM. */
int tc__graph_reach(const tc_graph *g, const uint8_t *skip, uint8_t *reached,
		    const tc_alloc *al);

/*
 * For frontends that look names up in bulk: an estimate of the size, a hint
 * that a name with that hash (tc__hash_bytes, util/hash.h) is about to be
 * looked up (its table slot is fetched into the cache), and tc_builder_node
 * with the hash given.
 */
/* A guess at how many nodes the graph will have, so its table grows less often. */
void tc__builder_expect_nodes(tc_builder *b, size_t nodes);
void tc__builder_prefetch(const tc_builder *b, uint32_t hash);
int tc__builder_node_hashed(tc_builder *b, const char *name, size_t len, uint32_t hash,
			    uint32_t *out_id);

#endif
