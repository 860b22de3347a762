/*
 * flow.h - the flow graph a solver works on.
 *
 * It starts as a copy of a tc_graph's structure with the sync nodes of the
 * chosen mode, and can grow: splitting an edge u->v puts a new sync node m in
 * it (u->m keeps the edge's id, m->v gets a new one). That is how proven
 * facts are fed back to a solver (SPEC 3.1): a convergent element becomes a
 * sync point. Each original edge is split at most once, so the flow graph has
 * at most n0 + m0 nodes and 2 * m0 edges.
 */
#ifndef TC_ANALYSIS_FLOW_H
#define TC_ANALYSIS_FLOW_H

#include "analysis/bridges.h"
#include "graph/digraph.h"
#include "analysis/stats.h"
#include "threadconv.h"

typedef struct tc_flow {
	tc_arena *ar;       /* what lives as long as the flow graph */
	tc_run *run; /* phase timing and progress; may be NULL */
	const tc_graph *g; /* the original: its arrays serve until the first split */
	uint32_t n, m;   /* current nodes and edges */
	uint32_t n0, m0; /* those of the original graph: ids below are shared */
	uint32_t ncap, mcap;
	uint32_t entry, exit;
	uint8_t *sync;    /* n: entry, exit, barriers (assume mode), split nodes */
	uint8_t *uniform; /* n: the node's branch condition is thread-invariant */
	uint32_t *from, *to;
	uint32_t *second; /* m0: the m->v piece of a split original edge, or TC_NONE */
	uint32_t *origin; /* piece m0 + k: the original edge it is the second of */
	/* derived by tc__flow_index: the graph's own until the first split,
	 * then arrays of the flow graph's final size, patched per split */
	uint32_t *out_off, *out_edge, *in_off, *in_edge;
	bool own_index;
	uint32_t indexed_m;
	/* by tc__flow_init, kept up to date by tc__flow_split */
	uint8_t *live_node, *live_edge;
	uint32_t live_nodes, live_edges;
} tc_flow;

#define TC_FLOW_OUT_BEGIN(f, v) ((f)->out_edge + (f)->out_off[(v)])
#define TC_FLOW_OUT_END(f, v) ((f)->out_edge + (f)->out_off[(v) + 1])
#define TC_FLOW_IN_BEGIN(f, v) ((f)->in_edge + (f)->in_off[(v)])
#define TC_FLOW_IN_END(f, v) ((f)->in_edge + (f)->in_off[(v) + 1])

/* The number of live edges in [e, end): v's live out- or in-degree. */
static inline uint32_t tc__flow_live_count(const tc_flow *f, const uint32_t *e,
					   const uint32_t *end)
{
	uint32_t k = 0;
	for (; e != end; e++)
		k += f->live_edge[*e];
	return k;
}

/* Copies g's structure; sync = entry, exit and, when assume_barriers, barriers. */
int tc__flow_init(tc_flow *f, tc_arena *ar, const tc_graph *g, bool assume_barriers,
		  bool use_uniform);
/* Splits original edge e (e < m0, not yet split) by a new sync node; the
 * pieces are live when e was. Call tc__flow_index afterwards. */
int tc__flow_split(tc_flow *f, uint32_t e);
/* An out-edge the paper's literal rule splits when its tail is a convergent
 * uniform node: an original edge, live, not split yet. */
static inline bool tc__flow_literal_split(const tc_flow *f, uint32_t e)
{
	return e < f->m0 && f->live_edge[e] && f->second[e] == TC_NONE;
}
/* Rebuilds the CSR index after splits. (Liveness is found once, by
 * tc__flow_init: a node is live when it is reachable from entry and reaches
 * exit; an edge when both ends are and it does not leave exit, a walk ending
 * at its first arrival there. No split changes it.) */
int tc__flow_index(tc_flow *f);

/* tc__flow_index after splits, timed as the "split" phase. */
int tc__flow_reindex(tc_flow *f);

/*
 * The fixpoint around a solver: each round, solve fills node_c/edge_c for
 * the current flow graph (scratch memory from an arena freed at the end of
 * the round), then feed turns results into sync points (splits, new sync
 * nodes) and says whether it changed anything; rounds go on until it did
 * not. node_c and edge_c get the last round's answer, in ar.
 */
typedef int (*tc_round_solve_fn)(tc_arena *scratch, tc_flow *f, void *ctx, uint8_t *node_c,
				 uint8_t *edge_c);
typedef int (*tc_round_feed_fn)(tc_flow *f, void *ctx, const uint8_t *node_c,
				const uint8_t *edge_c, int *changed);
int tc__flow_rounds(tc_arena *ar, tc_flow *f, tc_round_solve_fn solve, tc_round_feed_fn feed,
		    void *ctx, uint8_t **node_c, uint8_t **edge_c, uint32_t *rounds);

/* The live node-level digraph: vertex v = node v, one arc per live edge. */
int tc__flow_digraph(tc_arena *ar, const tc_flow *f, tc_digraph *succ, tc_digraph *pred);

#endif
