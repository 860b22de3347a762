/*
 * exact.c - the exact convergence of the model (SPEC 2.4).
 *
 * Sync nodes split into a source (their out-edges) and a sink (their
 * in-edges); edges are vertices of their own. For each live source s the
 * segment graph R_s holds what s reaches without passing a sync node. A
 * non-sync element x is not convergent iff, for some s with x in R_s,
 *   1. x lies on a cycle of non-sync elements, or
 *   2. something reachable from x in R_s is not dominated by x.
 * Condition 1 does not depend on s: one SCC pass over the non-sync nodes.
 * Condition 2 per source on R_s's dominator tree: low(u) = min over u's
 * successors w of depth(idom(w)); x fails iff the minimum of low over x's
 * subtree is below depth(x), i.e. an arc leaves x's subtree.
 *
 * Each R_s is numbered locally, so the cost is the sum of the segment graph
 * sizes: O(B (N + E)) at worst, linear when segments do not overlap. When
 * many sources share one large segment (B barriers all flowing into the same
 * barrier-free region) that sum is bounded: past WORK_BOUND local vertices
 * the remaining sources are not searched one by one; everything their
 * segments hold (one search from all of them) keeps only what the path
 * solver proves. That is sound, as path is, and it is reported in the stats.
 */
#include "analysis/dominators.h"
#include "analysis/flow.h"
#include "analysis/scc.h"

enum { LV_NODE, LV_EDGE, LV_SINK, LV_ROOT };

/* local vertices summed over sources, as a multiple of the graph's size */
#define WORK_FACTOR 16
#define WORK_MIN ((uint64_t)1 << 22)

typedef struct region {
	const tc_flow *f;
	/* global id -> local id, valid when the stamp matches the source */
	uint32_t *node_loc, *node_stamp, *edge_loc, *edge_stamp;
	/* local vertices */
	uint32_t *kind, *id;
	uint32_t count;
	/* local arcs */
	uint32_t *afrom, *ato;
	uint32_t narcs;
} region;

static uint32_t local_node(region *r, uint32_t s, uint32_t v, uint32_t *queue,
			   uint32_t *qtail)
{
	if (r->node_stamp[v] != s) {
		r->node_stamp[v] = s;
		r->node_loc[v] = r->count;
		r->kind[r->count] = r->f->sync[v] ? LV_SINK : LV_NODE;
		r->id[r->count] = v;
		if (!r->f->sync[v])
			queue[(*qtail)++] = r->count;
		r->count++;
	}
	return r->node_loc[v];
}

static uint32_t local_edge(region *r, uint32_t s, uint32_t e, uint32_t *queue,
			   uint32_t *qtail)
{
	if (r->edge_stamp[e] != s) {
		r->edge_stamp[e] = s;
		r->edge_loc[e] = r->count;
		r->kind[r->count] = LV_EDGE;
		r->id[r->count] = e;
		queue[(*qtail)++] = r->count;
		r->count++;
	}
	return r->edge_loc[e];
}

static void add_arc(region *r, uint32_t a, uint32_t b)
{
	r->afrom[r->narcs] = a;
	r->ato[r->narcs] = b;
	r->narcs++;
}

/* builds R_s as a local digraph; local vertex 0 is the source */
static void build_region(region *r, uint32_t s, uint32_t *queue)
{
	const tc_flow *f = r->f;
	uint32_t qhead = 0, qtail = 0;
	r->count = 1;
	r->narcs = 0;
	r->kind[0] = LV_ROOT;
	r->id[0] = s;
	queue[qtail++] = 0;
	while (qhead < qtail) {
		uint32_t lv = queue[qhead++];
		uint32_t v = r->id[lv];
		switch (r->kind[lv]) {
		case LV_ROOT:
		case LV_NODE:
			for (const uint32_t *e = TC_FLOW_OUT_BEGIN(f, v); e != TC_FLOW_OUT_END(f, v);
			     e++)
				if (f->live_edge[*e])
					add_arc(r, lv, local_edge(r, s, *e, queue, &qtail));
			break;
		case LV_EDGE:
			/* the sink of s itself is a different vertex from its source */
			add_arc(r, lv, local_node(r, s, f->to[v], queue, &qtail));
			break;
		default:
			break;
		}
	}
}

/* the elements of the segments of srcs[0..count) keep only what path proves */
static int fall_back_to_path(tc_arena *ar, const tc_flow *f, const uint32_t *srcs,
			     uint32_t count, uint8_t *node_c, uint8_t *edge_c)
{
	uint32_t n = f->n, m = f->m;
	uint8_t *pn = TC_ARENA_ARRAY(ar, uint8_t, (size_t)n + 1);
	uint8_t *pe = TC_ARENA_ARRAY(ar, uint8_t, (size_t)m + 1);
	uint8_t *seen = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)n + 1);
	uint32_t *stack = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + count + 1);
	if (!pn || !pe || !seen || !stack)
		return TC_ENOMEM;
	int rc = tc__solve_linear(ar, f, true, NULL, pn, pe);
	if (rc)
		return rc;
	tc__phase_begin(f->run, "fallback");
	uint32_t top = 0;
	for (uint32_t i = 0; i < count; i++)
		stack[top++] = srcs[i];
	/* sources are expanded even when seen as another source's sink */
	while (top > 0) {
		uint32_t v = stack[--top];
		for (const uint32_t *e = TC_FLOW_OUT_BEGIN(f, v); e != TC_FLOW_OUT_END(f, v); e++) {
			if (!f->live_edge[*e])
				continue;
			edge_c[*e] &= pe[*e];
			uint32_t w = f->to[*e];
			if (f->sync[w] || seen[w])
				continue;
			seen[w] = 1;
			node_c[w] &= pn[w];
			stack[top++] = w;
		}
	}
	if (f->run && f->run->stats)
		f->run->stats->fallback_sources += count;
	tc__phase_end(f->run);
	return TC_OK;
}

int tc__solve_exact(tc_arena *ar, const tc_flow *f, uint8_t *node_c, uint8_t *edge_c)
{
	uint32_t n = f->n, m = f->m;
	int rc;
	/* condition 1: cycles among non-sync live nodes */
	tc_digraph succ;
	uint8_t *skip = TC_ARENA_ARRAY(ar, uint8_t, (size_t)n + 1);
	uint32_t *comp = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	uint8_t *cyclic;
	uint32_t ncomp;
	if (!skip || !comp)
		return TC_ENOMEM;
	tc__phase_begin(f->run, "cycles");
	for (uint32_t v = 0; v < n; v++)
		skip[v] = !f->live_node[v] || f->sync[v];
	if ((rc = tc__flow_digraph(ar, f, &succ, NULL)) ||
	    (rc = tc__scc(ar, &succ, skip, comp, &ncomp, &cyclic)))
		return rc;
	tc__phase_end(f->run);
	for (uint32_t v = 0; v < n; v++)
		node_c[v] = f->live_node[v] && (f->sync[v] || !cyclic[comp[v]]);
	for (uint32_t e = 0; e < m; e++) {
		uint32_t u = f->from[e], w = f->to[e];
		edge_c[e] = f->live_edge[e] && !(comp[u] != TC_NONE && comp[u] == comp[w]);
	}

	/* condition 2, source by source */
	region r;
	r.f = f;
	size_t nv = (size_t)n + m + 2;
	r.node_loc = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	r.node_stamp = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	r.edge_loc = TC_ARENA_ARRAY(ar, uint32_t, (size_t)m + 1);
	r.edge_stamp = TC_ARENA_ARRAY(ar, uint32_t, (size_t)m + 1);
	r.kind = TC_ARENA_ARRAY(ar, uint32_t, nv);
	r.id = TC_ARENA_ARRAY(ar, uint32_t, nv);
	r.afrom = TC_ARENA_ARRAY(ar, uint32_t, 2 * (size_t)m + 1);
	r.ato = TC_ARENA_ARRAY(ar, uint32_t, 2 * (size_t)m + 1);
	uint32_t *queue = TC_ARENA_ARRAY(ar, uint32_t, nv);
	if (!r.node_loc || !r.node_stamp || !r.edge_loc || !r.edge_stamp || !r.kind ||
	    !r.id || !r.afrom || !r.ato || !queue)
		return TC_ENOMEM;
	for (uint32_t v = 0; v < n; v++)
		r.node_stamp[v] = TC_NONE;
	for (uint32_t e = 0; e < m; e++)
		r.edge_stamp[e] = TC_NONE;

	tc__phase_begin(f->run, "segments");
	uint64_t work = 0, bound = WORK_FACTOR * ((uint64_t)n + m) + WORK_MIN;
	if (f->run && f->run->exact_work_limit)
		bound = f->run->exact_work_limit;
	uint32_t deferred = 0;
	for (uint32_t s = 0; s < n; s++) {
		if ((s & 0xffff) == 0)
			tc__progress(f->run, s, n);
		if (!f->sync[s] || !f->live_node[s] || s == f->exit)
			continue;
		if (work > bound) {
			queue[deferred++] = s; /* queue is free between sources */
			continue;
		}
		build_region(&r, s, queue);
		work += r.count;
		tc_arena scratch;
		tc__arena_init(&scratch, ar->al);
		tc_digraph rs, rp;
		tc_domtree dt;
		uint32_t *idom = TC_ARENA_ARRAY(&scratch, uint32_t, (size_t)r.count + 1);
		uint32_t *sub = TC_ARENA_ARRAY(&scratch, uint32_t, (size_t)r.count + 1);
		if (!idom || !sub)
			rc = TC_ENOMEM;
		else if (!(rc = tc__digraph_from_arcs(&scratch, &rs, r.count, r.narcs, r.afrom,
						     r.ato)) &&
			 !(rc = tc__digraph_reverse(&scratch, &rp, &rs)) &&
			 !(rc = tc__dominators(&scratch, &rs, &rp, 0, idom)))
			rc = tc__domtree(&scratch, r.count, idom, 0, &dt);
		if (rc) {
			tc__arena_free(&scratch);
			return rc;
		}
		for (uint32_t u = 0; u < r.count; u++) {
			uint32_t low = dt.depth[u];
			for (const uint32_t *w = TC_ADJ_BEGIN(&rs, u); w != TC_ADJ_END(&rs, u); w++)
				if (dt.depth[idom[*w]] < low)
					low = dt.depth[idom[*w]];
			sub[u] = low;
		}
		/* children come after their parent in preorder: fold upwards */
		for (uint32_t i = dt.count; i-- > 1;) {
			uint32_t u = dt.order[i];
			if (sub[u] < sub[idom[u]])
				sub[idom[u]] = sub[u];
		}
		for (uint32_t u = 1; u < r.count; u++) {
			if (sub[u] >= dt.depth[u])
				continue;
			if (r.kind[u] == LV_NODE)
				node_c[r.id[u]] = 0;
			else if (r.kind[u] == LV_EDGE)
				edge_c[r.id[u]] = 0;
		}
		tc__arena_free(&scratch);
	}
	tc__phase_end(f->run);
	if (deferred)
		return fall_back_to_path(ar, f, queue, deferred, node_c, edge_c);
	return TC_OK;
}
