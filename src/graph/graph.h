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

/*
 * The hash of a name, a word-at-a-time multiplicative one (names are short).
 * The bytes up to readable (at least s + len) may be read, which saves the
 * last word's byte-by-byte copy when there are 8 of them.
 */
static inline uint32_t tc__name_hash_in(const char *s, size_t len, const char *readable)
{
	uint64_t h = 0x9e3779b97f4a7c15ull ^ len;
	while (len >= 8) {
		uint64_t w;
		memcpy(&w, s, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
		h ^= h >> 32;
		s += 8;
		len -= 8;
	}
	uint64_t w = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (readable - s >= 8) {
		memcpy(&w, s, 8);
		w &= len ? ~0ull >> (64 - 8 * len) : 0;
	} else
#endif
	{
		(void)readable;
		memcpy(&w, s, len);
	}
	h = (h ^ w) * 0xc4ceb9fe1a85ec53ull;
	h ^= h >> 29;
	h *= 0xff51afd7ed558ccdull;
	return (uint32_t)(h >> 32);
}

/*
 * For frontends that look names up in bulk: the hash tc_builder_node uses,
 * an estimate of the size, a hint that a name with that hash is about to be looked up (its table slot
 * is fetched into the cache), and tc_builder_node with the hash given.
 */
uint32_t tc__name_hash(const char *s, size_t len);
/* A guess at how many nodes the graph will have, so its table grows less often. */
void tc__builder_expect_nodes(tc_builder *b, size_t nodes);
void tc__builder_prefetch(const tc_builder *b, uint32_t hash);
int tc__builder_node_hashed(tc_builder *b, const char *name, size_t len, uint32_t hash,
			    uint32_t *out_id);

#endif
