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
 * First one test for all sources together (docs/solvers.md, "Sharing the
 * work"): the union of the segment graphs under a super-root with an arc to
 * every source. An element that passes it passes for every source (a path
 * from a source that avoids x is a path from the super-root). An element x
 * (on no cycle) that fails it through an arc u -> w leaving its subtree
 * where idom(w) is not the super-root fails for every source that reaches
 * it: idom(w) strictly dominates x, so every source reaching x reaches
 * idom(w) first, and from there w without x. Only the rest, elements whose
 * leaving arcs all go to vertices reached from several sources apart, need
 * a test of fewer sources: an element below a child c of the super-root in
 * the joint dominator tree is reached by exactly the sources that reach c,
 * and the joint test over those alone decides it (group_tests below); or,
 * when that is cheaper, the test of each source that reaches one alone.
 *
 * Those tests are bounded: past the work bound the undecided elements of
 * the groups left keep only what the path solver proves. That is sound, as
 * path is, and it is reported in the stats.
 */
#include <string.h>

#include "analysis/dominators.h"
#include "analysis/flow.h"
#include "analysis/scc.h"

enum { LV_NODE, LV_EDGE, LV_SINK, LV_ROOT, LV_SUPER };

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

/* builds the union of the R_s of the sources src[0..count) as a local
 * digraph: local vertex 0 is a super-root with an arc to each source; stamp
 * tells this build's local ids from older ones */
static void build_region(region *r, uint32_t stamp, const uint32_t *src, uint32_t count,
			 uint32_t *queue)
{
	const tc_flow *f = r->f;
	uint32_t qhead = 0, qtail = 0, s = stamp;
	r->count = 1;
	r->narcs = 0;
	r->kind[0] = LV_SUPER;
	r->id[0] = TC_NONE;
	for (uint32_t k = 0; k < count; k++) {
		uint32_t lv = r->count++;
		r->kind[lv] = LV_ROOT;
		r->id[lv] = src[k];
		add_arc(r, 0, lv);
		queue[qtail++] = lv;
	}
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

/* the elements marked in unsure_n and unsure_e keep only what path proves;
 * nsources sync nodes start the segments that hold them */
static int fall_back_to_path(tc_arena *ar, const tc_flow *f, uint32_t nsources,
			     const uint8_t *unsure_n, const uint8_t *unsure_e, uint8_t *node_c,
			     uint8_t *edge_c)
{
	uint8_t *pn = TC_ARENA_ARRAY(ar, uint8_t, (size_t)f->n + 1);
	uint8_t *pe = TC_ARENA_ARRAY(ar, uint8_t, (size_t)f->m + 1);
	if (!pn || !pe)
		return TC_ENOMEM;
	int rc = tc__solve_linear(ar, f, true, NULL, pn, pe);
	if (rc)
		return rc;
	tc__phase_begin(f->run, "fallback");
	for (uint32_t v = 0; v < f->n; v++)
		if (unsure_n[v])
			node_c[v] &= pn[v];
	for (uint32_t e = 0; e < f->m; e++)
		if (unsure_e[e])
			edge_c[e] &= pe[e];
	if (f->run && f->run->stats)
		f->run->stats->fallback_sources += nsources;
	tc__phase_end(f->run);
	return TC_OK;
}

/*
 * Condition 2 on r's local graph (dominators from local vertex 0):
 * fail[u] = 1 when an arc leaves u's dominator subtree, i.e. some vertex
 * reachable from u is not dominated by u. With certain (may be NULL; vertex
 * 0 is then the super-root of several sources): certain[u] = 1 when such an
 * arc goes to a vertex whose immediate dominator is not vertex 0: u fails
 * for every source that reaches it. And fail[u] is cleared when u passes for
 * the one source that reaches it: u lies below a source s in the tree (only
 * s reaches it), no such arc leaves its subtree, and every arc by which a
 * path from s leaves s's subtree (to a vertex whose immediate dominator is
 * vertex 0) leaves from u's subtree, so a path from s that avoids u never
 * leaves s's subtree, where dominance from s is dominance from vertex 0.
 * With certain, top[u] is also set to u's ancestor just below vertex 0.
 */
static int dominator_test(tc_arena *ar, const region *r, uint8_t *fail, uint8_t *certain,
			  uint32_t *top)
{
	tc_arena scratch;
	tc__arena_init(&scratch, ar->al);
	tc_digraph rs, rp;
	uint32_t count;
	uint32_t *idom = TC_ARENA_ARRAY(&scratch, uint32_t, (size_t)r->count + 1);
	uint32_t *sub = TC_ARENA_ARRAY(&scratch, uint32_t, (size_t)r->count + 1);
	/* the search order of the dominator computation: a vertex comes after
	 * its immediate dominator; and depths in the dominator tree */
	uint32_t *order = TC_ARENA_ARRAY(&scratch, uint32_t, (size_t)r->count + 1);
	uint32_t *depth = TC_ARENA_ARRAY(&scratch, uint32_t, (size_t)r->count + 1);
	uint32_t *sub2 = NULL, *exits = NULL;
	if (certain) {
		sub2 = TC_ARENA_ARRAY(&scratch, uint32_t, (size_t)r->count + 1);
		exits = TC_ARENA_ARRAY(&scratch, uint32_t, (size_t)r->count + 1);
	}
	int rc;
	if (!idom || !sub || !order || !depth || (certain && (!sub2 || !exits)))
		rc = TC_ENOMEM;
	else if (!(rc = tc__digraph_from_arcs(&scratch, &rs, r->count, r->narcs, r->afrom,
					     r->ato)))
		if (!(rc = tc__digraph_reverse(&scratch, &rp, &rs)))
			rc = tc__dominators_ordered(&scratch, &rs, &rp, 0, idom, order, &count);
	if (rc) {
		tc__arena_free(&scratch);
		return rc;
	}
	/* every local vertex is reachable from vertex 0 */
	depth[0] = 0;
	for (uint32_t i = 1; i < count; i++)
		depth[order[i]] = depth[idom[order[i]]] + 1;
	/* low(u) = min depth(idom(w)) over u's successors w; sub2 the same over
	 * the w whose idom is not the root */
	for (uint32_t u = 0; u < r->count; u++) {
		uint32_t low = depth[u], low2 = UINT32_MAX, out = 0;
		for (const uint32_t *w = TC_ADJ_BEGIN(&rs, u); w != TC_ADJ_END(&rs, u); w++) {
			uint32_t d = depth[idom[*w]];
			if (d < low)
				low = d;
			if (idom[*w] != 0 && d < low2)
				low2 = d;
			out += idom[*w] == 0 && u != 0;
		}
		sub[u] = low;
		if (sub2) {
			sub2[u] = low2;
			exits[u] = out;
		}
	}
	/* children come after their parent in that order: fold upwards */
	for (uint32_t i = count; i-- > 1;) {
		uint32_t u = order[i], p = idom[u];
		if (sub[u] < sub[p])
			sub[p] = sub[u];
		if (sub2) {
			if (sub2[u] < sub2[p])
				sub2[p] = sub2[u];
			exits[p] += exits[u];
		}
	}
	/* top[u]: u's ancestor just below vertex 0 (parents first) */
	for (uint32_t i = 1; certain && i < count; i++) {
		uint32_t u = order[i];
		top[u] = idom[u] == 0 ? u : top[idom[u]];
	}
	for (uint32_t u = 0; u < r->count; u++) {
		fail[u] = sub[u] < depth[u];
		if (!certain)
			continue;
		certain[u] = sub2[u] < depth[u];
		if (fail[u] && !certain[u] && u != 0 && r->kind[top[u]] == LV_ROOT &&
		    exits[u] == exits[top[u]])
			fail[u] = 0;
	}
	tc__arena_free(&scratch);
	return TC_OK;
}

/*
 * The groups of the joint test (docs/solvers.md, "Sharing the work"). Let c
 * be a child of the super-root in the joint dominator tree and T(c) its
 * subtree. Every path to an element of T(c) passes c, so the sources that
 * reach it are exactly S(c), those that reach c, and the joint test over
 * S(c) alone decides every element of T(c) exactly. Its graph is the union
 * of their segment graphs, but another group T(q) in it is entered only
 * through q (every other member's predecessors are in T(q)), and each of its
 * members is reachable from q inside T(q), which holds no element of T(c);
 * so for the test of T(c)'s elements T(q) is one vertex. The groups form a
 * quotient graph Q: an arc q -> w for every arc from T(q) to a child w.
 * The test of T(c) then runs on T(c) plus the part of Q that S(c) reaches.
 */
typedef struct groups {
	uint32_t n;		/* groups: children of the super-root */
	uint32_t *of;		/* joint vertex -> its group */
	uint32_t *head;		/* group -> its child */
	uint32_t *moff, *mem;	/* members of each group */
	uint32_t *pos;		/* joint vertex -> place among its group's members */
	tc_digraph q, qr;	/* Q and its reverse */
	tc_digraph joint;	/* the joint graph's arcs */
} groups;

static int build_groups(tc_arena *ar, region *r, const uint32_t *top, groups *g)
{
	uint32_t count = r->count;
	int rc = tc__digraph_from_arcs(ar, &g->joint, count, r->narcs, r->afrom, r->ato);
	if (rc)
		return rc;
	g->of = TC_ARENA_ARRAY(ar, uint32_t, count);
	g->pos = TC_ARENA_ARRAY(ar, uint32_t, count);
	if (!g->of || !g->pos)
		return TC_ENOMEM;
	g->n = 0;
	for (uint32_t u = 1; u < count; u++)
		if (top[u] == u)
			g->of[u] = g->n++;
	g->head = TC_ARENA_ARRAY(ar, uint32_t, (size_t)g->n + 1);
	g->moff = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)g->n + 1);
	g->mem = TC_ARENA_ARRAY(ar, uint32_t, count);
	if (!g->head || !g->moff || !g->mem)
		return TC_ENOMEM;
	g->of[0] = TC_NONE;
	for (uint32_t u = 1; u < count; u++) {
		if (top[u] == u)
			g->head[g->of[u]] = u;
		else
			g->of[u] = g->of[top[u]];
		g->moff[g->of[u] + 1]++;
	}
	for (uint32_t k = 0; k < g->n; k++)
		g->moff[k + 1] += g->moff[k];
	/* members in id order: each end cursor counts down to its group's start */
	for (uint32_t u = count; u-- > 1;)
		g->mem[--g->moff[g->of[u] + 1]] = u;
	for (uint32_t k = 0; k < g->n; k++)
		g->moff[k] = g->moff[k + 1];
	g->moff[g->n] = count - 1;
	for (uint32_t k = 0; k < g->n; k++)
		for (uint32_t i = g->moff[k]; i < g->moff[k + 1]; i++)
			g->pos[g->mem[i]] = i - g->moff[k];
	/* Q's arcs, over the region's arc lists (the joint digraph has them) */
	uint32_t nq = 0;
	for (uint32_t u = 1; u < count; u++)
		for (const uint32_t *w = TC_ADJ_BEGIN(&g->joint, u); w != TC_ADJ_END(&g->joint, u);
		     w++)
			if (top[*w] == *w && g->of[*w] != g->of[u]) {
				r->afrom[nq] = g->of[u];
				r->ato[nq] = g->of[*w];
				nq++;
			}
	if ((rc = tc__digraph_from_arcs(ar, &g->q, g->n, nq, r->afrom, r->ato)))
		return rc;
	return tc__digraph_reverse(ar, &g->qr, &g->q);
}
/* searches over Q: a visit mark per group and a stack */
typedef struct qsearch {
	uint32_t *back, *fwd, *stack;
	uint32_t gen;
} qsearch;

/* sources reaching group k (a search back over Q; sources have no
 * predecessors) into part[0..*nsrc), then the groups they reach into
 * part[*nsrc..return); *visits counts the groups the first search met */
static uint32_t group_part(const groups *g, const region *r, qsearch *qs, uint32_t k,
			   uint32_t *part, uint32_t *nsrc, uint64_t *visits)
{
	uint32_t mark = ++qs->gen, sp = 0, ns = 0, np;
	qs->back[k] = mark;
	qs->stack[sp++] = k;
	while (sp > 0) {
		uint32_t q = qs->stack[--sp];
		++*visits;
		if (r->kind[g->head[q]] == LV_ROOT)
			part[ns++] = q;
		for (const uint32_t *p = TC_ADJ_BEGIN(&g->qr, q); p != TC_ADJ_END(&g->qr, q); p++)
			if (qs->back[*p] != mark) {
				qs->back[*p] = mark;
				qs->stack[sp++] = *p;
			}
	}
	for (uint32_t i = 0; i < ns; i++)
		qs->fwd[part[i]] = mark;
	np = ns;
	for (uint32_t i = 0; i < np; i++)
		for (const uint32_t *w = TC_ADJ_BEGIN(&g->q, part[i]); w != TC_ADJ_END(&g->q, part[i]);
		     w++)
			if (qs->fwd[*w] != mark) {
				qs->fwd[*w] = mark;
				part[np++] = *w;
			}
	*nsrc = ns;
	return np;
}

/* the test of group k on T(c) plus the groups part[0..npart) (the first
 * nsrc of them sources) as single vertices; clears the members that fail */
static int group_test(tc_arena *ar, const groups *g, const region *r, region *h,
		      uint32_t k, const uint32_t *part, uint32_t nsrc, uint32_t npart,
		      uint32_t *loc, const uint8_t *undecided, uint8_t *fail, uint8_t *node_c,
		      uint8_t *edge_c)
{
	const uint32_t *mb = g->mem + g->moff[k], *me = g->mem + g->moff[k + 1];
	/* local vertices: 0 the super-root, then T(c)'s members, then the
	 * other groups */
	h->count = 1 + (uint32_t)(me - mb);
	h->narcs = 0;
	for (uint32_t i = 0; i < npart; i++)
		loc[part[i]] = part[i] == k ? 1 + g->pos[g->head[k]] : h->count++;
	for (uint32_t i = 0; i < npart; i++) {
		uint32_t q = part[i];
		if (i < nsrc)
			add_arc(h, 0, loc[q]);
		if (q == k)
			continue; /* T(c)'s own arcs below */
		for (const uint32_t *w = TC_ADJ_BEGIN(&g->q, q); w != TC_ADJ_END(&g->q, q); w++)
			add_arc(h, loc[q], loc[*w]);
	}
	for (const uint32_t *u = mb; u != me; u++)
		for (const uint32_t *w = TC_ADJ_BEGIN(&g->joint, *u); w != TC_ADJ_END(&g->joint, *u);
		     w++)
			add_arc(h, 1 + g->pos[*u], g->of[*w] == k ? 1 + g->pos[*w] : loc[g->of[*w]]);
	int rc = dominator_test(ar, h, fail, NULL, NULL);
	if (rc)
		return rc;
	for (const uint32_t *u = mb; u != me; u++) {
		if (!undecided[*u] || !fail[1 + g->pos[*u]])
			continue;
		if (r->kind[*u] == LV_NODE)
			node_c[r->id[*u]] = 0;
		else
			edge_c[r->id[*u]] = 0;
	}
	return TC_OK;
}

/*
 * Decides the elements the joint test left undecided (undecided[u]), by the
 * tests of their groups or, when that is cheaper, by the tests of the
 * sources that reach them one by one: a source's test costs its segment
 * graph, which is the groups it reaches, and when few sources reach most of
 * the groups, each group's test would cover most of Q. The cheaper way is
 * found by counting both, each up to the other's count and the work bound.
 * Then:
 *  - by source: their sync nodes go to alone[0..*nalone), for the caller;
 *  - by group: the groups are tested up to the bound; the undecided
 *    elements of the rest are marked in unsure_n and unsure_e, and
 *    *deferred counts the sources that reach them.
 */
static int group_tests(tc_arena *ar, const tc_flow *f, region *r, const uint32_t *top,
		       const uint8_t *undecided, uint8_t *fail, uint64_t *workp,
		       uint8_t *unsure_n, uint8_t *unsure_e, uint8_t *node_c, uint8_t *edge_c,
		       uint32_t *deferred, uint32_t *alone, uint32_t *nalone)
{
	uint64_t work = *workp;
	tc_arena scratch;
	tc__arena_init(&scratch, ar->al);
	groups g;
	region h = {0};
	qsearch qs = {0};
	int rc = build_groups(&scratch, r, top, &g);
	uint32_t *loc = NULL, *part = NULL;
	uint8_t *want = NULL;
	if (!rc) {
		qs.back = TC_ARENA_ZARRAY(&scratch, uint32_t, (size_t)g.n + 1);
		qs.fwd = TC_ARENA_ZARRAY(&scratch, uint32_t, (size_t)g.n + 1);
		qs.stack = TC_ARENA_ARRAY(&scratch, uint32_t, (size_t)g.n + 1);
		loc = TC_ARENA_ARRAY(&scratch, uint32_t, (size_t)g.n + 1);
		part = TC_ARENA_ARRAY(&scratch, uint32_t, (size_t)g.n + 1);
		want = TC_ARENA_ZARRAY(&scratch, uint8_t, (size_t)g.n + 1);
		/* the joint graph's arcs bound a group's: its sources' arcs from
		 * the super-root, Q's arcs from other groups, its members' arcs */
		h.afrom = TC_ARENA_ARRAY(&scratch, uint32_t, (size_t)r->narcs + 1);
		h.ato = TC_ARENA_ARRAY(&scratch, uint32_t, (size_t)r->narcs + 1);
		if (!qs.back || !qs.fwd || !qs.stack || !loc || !part || !want || !h.afrom ||
		    !h.ato)
			rc = TC_ENOMEM;
	}
	if (rc) {
		tc__arena_free(&scratch);
		return rc;
	}
	uint32_t nwant = 0;
	for (uint32_t u = 1; u < r->count; u++)
		if (undecided[u] && !want[g.of[u]]) {
			want[g.of[u]] = 1;
			nwant++;
		}
	uint64_t bound = WORK_FACTOR * ((uint64_t)f->n + f->m) + WORK_MIN;
	if (f->run && f->run->exact_work_limit)
		bound = f->run->exact_work_limit;
	uint64_t limit = bound > work ? bound - work : 0;

	/* the sources that reach an undecided element (a search back over Q
	 * from every group that holds one), and their segment graphs' sizes */
	uint32_t sp = 0, nrel = 0, mark = ++qs.gen;
	for (uint32_t k = 0; k < g.n; k++)
		if (want[k]) {
			qs.back[k] = mark;
			qs.stack[sp++] = k;
		}
	while (sp > 0) {
		uint32_t q = qs.stack[--sp];
		if (r->kind[g.head[q]] == LV_ROOT)
			part[nrel++] = q;
		for (const uint32_t *p = TC_ADJ_BEGIN(&g.qr, q); p != TC_ADJ_END(&g.qr, q); p++)
			if (qs.back[*p] != mark) {
				qs.back[*p] = mark;
				qs.stack[sp++] = *p;
			}
	}
	uint64_t by_source = 0;
	for (uint32_t i = 0; i < nrel && by_source <= limit; i++) {
		mark = ++qs.gen;
		qs.fwd[part[i]] = mark;
		qs.stack[sp++] = part[i];
		while (sp > 0) {
			uint32_t q = qs.stack[--sp];
			by_source += 1 + g.moff[q + 1] - g.moff[q];
			for (const uint32_t *w = TC_ADJ_BEGIN(&g.q, q); w != TC_ADJ_END(&g.q, q); w++)
				if (qs.fwd[*w] != mark) {
					qs.fwd[*w] = mark;
					qs.stack[sp++] = *w;
				}
		}
	}
	if (by_source <= limit) {
		/* and by group, up to that */
		uint64_t by_group = 0;
		for (uint32_t k = 0; k < g.n && by_group < by_source; k++) {
			if (!want[k])
				continue;
			uint32_t nsrc, np = group_part(&g, r, &qs, k, part, &nsrc, &by_group);
			by_group += 1 + np + g.moff[k + 1] - g.moff[k];
		}
		if (by_source <= by_group) {
			/* part[] was overwritten: the sources again */
			*nalone = 0;
			mark = ++qs.gen;
			for (uint32_t k = 0; k < g.n; k++)
				if (want[k]) {
					qs.back[k] = mark;
					qs.stack[sp++] = k;
				}
			while (sp > 0) {
				uint32_t q = qs.stack[--sp];
				if (r->kind[g.head[q]] == LV_ROOT)
					alone[(*nalone)++] = r->id[g.head[q]];
				for (const uint32_t *p = TC_ADJ_BEGIN(&g.qr, q);
				     p != TC_ADJ_END(&g.qr, q); p++)
					if (qs.back[*p] != mark) {
						qs.back[*p] = mark;
						qs.stack[sp++] = *p;
					}
			}
			*deferred = 0;
			tc__arena_free(&scratch);
			return TC_OK;
		}
	}
	*nalone = 0;

	uint32_t done = 0;
	int late = 0;
	for (uint32_t k = 0; k < g.n; k++) {
		if (!want[k])
			continue;
		if ((done++ & 0xfff) == 0)
			tc__progress(f->run, done, nwant);
		if (work > bound) {
			/* past the bound: path's answer for this group */
			for (uint32_t i = g.moff[k]; i < g.moff[k + 1]; i++) {
				uint32_t u = g.mem[i];
				if (undecided[u])
					(r->kind[u] == LV_NODE ? unsure_n : unsure_e)[r->id[u]] = 1;
			}
			want[k] = 2;
			late = 1;
			continue;
		}
		uint32_t nsrc, np = group_part(&g, r, &qs, k, part, &nsrc, &work);
		if ((rc = group_test(&scratch, &g, r, &h, k, part, nsrc, np, loc, undecided, fail,
				     node_c, edge_c))) {
			tc__arena_free(&scratch);
			return rc;
		}
		work += h.count;
	}
	*workp = work;
	/* the sources that reach a group past the bound */
	*deferred = 0;
	if (late) {
		mark = ++qs.gen;
		for (uint32_t k = 0; k < g.n; k++)
			if (want[k] == 2) {
				qs.back[k] = mark;
				qs.stack[sp++] = k;
			}
		while (sp > 0) {
			uint32_t q = qs.stack[--sp];
			*deferred += r->kind[g.head[q]] == LV_ROOT;
			for (const uint32_t *p = TC_ADJ_BEGIN(&g.qr, q); p != TC_ADJ_END(&g.qr, q); p++)
				if (qs.back[*p] != mark) {
					qs.back[*p] = mark;
					qs.stack[sp++] = *p;
				}
		}
	}
	tc__arena_free(&scratch);
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

	/* condition 2 */
	uint32_t nsrc = 0;
	for (uint32_t v = 0; v < n; v++)
		nsrc += f->sync[v] && f->live_node[v] && v != f->exit;
	region r;
	r.f = f;
	size_t nv = (size_t)n + nsrc + m + 2;
	r.node_loc = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	r.node_stamp = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	r.edge_loc = TC_ARENA_ARRAY(ar, uint32_t, (size_t)m + 1);
	r.edge_stamp = TC_ARENA_ARRAY(ar, uint32_t, (size_t)m + 1);
	r.kind = TC_ARENA_ARRAY(ar, uint32_t, nv);
	r.id = TC_ARENA_ARRAY(ar, uint32_t, nv);
	r.afrom = TC_ARENA_ARRAY(ar, uint32_t, 2 * (size_t)m + nsrc + 1);
	r.ato = TC_ARENA_ARRAY(ar, uint32_t, 2 * (size_t)m + nsrc + 1);
	uint32_t *queue = TC_ARENA_ARRAY(ar, uint32_t, nv);
	uint32_t *src = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nsrc + 1);
	uint8_t *fail = TC_ARENA_ARRAY(ar, uint8_t, nv);
	uint8_t *certain = TC_ARENA_ARRAY(ar, uint8_t, nv);
	uint32_t *top = TC_ARENA_ARRAY(ar, uint32_t, nv);
	uint8_t *unsure_n = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)n + 1);
	uint8_t *unsure_e = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)m + 1);
	if (!r.node_loc || !r.node_stamp || !r.edge_loc || !r.edge_stamp || !r.kind ||
	    !r.id || !r.afrom || !r.ato || !queue || !src || !fail || !certain || !top || !unsure_n ||
	    !unsure_e)
		return TC_ENOMEM;
	for (uint32_t v = 0; v < n; v++)
		r.node_stamp[v] = TC_NONE;
	for (uint32_t e = 0; e < m; e++)
		r.edge_stamp[e] = TC_NONE;
	nsrc = 0;
	for (uint32_t v = 0; v < n; v++)
		if (f->sync[v] && f->live_node[v] && v != f->exit)
			src[nsrc++] = v;

	tc__phase_begin(f->run, "segments");
	/* all sources at once */
	uint32_t nunsure = 0;
	build_region(&r, 0, src, nsrc, queue);
	uint64_t work = r.count;
	if ((rc = dominator_test(ar, &r, fail, certain, top)))
		return rc;
	/* from here on certain[u] marks the elements the joint test leaves
	 * undecided */
	certain[0] = 0;
	for (uint32_t u = 1; u < r.count; u++) {
		uint8_t *c = r.kind[u] == LV_NODE   ? &node_c[r.id[u]]
			     : r.kind[u] == LV_EDGE ? &edge_c[r.id[u]]
						    : NULL;
		uint8_t sure = certain[u];
		certain[u] = 0;
		if (!c || !*c || !fail[u])
			continue;
		if (sure) {
			*c = 0;
		} else {
			certain[u] = 1;
			nunsure++;
		}
	}
	if (nunsure == 0) {
		tc__phase_end(f->run);
		return TC_OK;
	}
	if (f->run)
		work += f->run->exact_work_done;
	uint32_t deferred = 0, nalone = 0;
	rc = group_tests(ar, f, &r, top, certain, fail, &work, unsure_n, unsure_e, node_c,
			 edge_c, &deferred, src, &nalone);
	/* or each source alone */
	for (uint32_t k = 0; !rc && k < nalone; k++) {
		if ((k & 0xfff) == 0)
			tc__progress(f->run, k, nalone);
		build_region(&r, k + 1, &src[k], 1, queue);
		work += r.count;
		if ((rc = dominator_test(ar, &r, fail, NULL, NULL)))
			break;
		for (uint32_t u = 1; u < r.count; u++) {
			if (!fail[u])
				continue;
			if (r.kind[u] == LV_NODE)
				node_c[r.id[u]] = 0;
			else if (r.kind[u] == LV_EDGE)
				edge_c[r.id[u]] = 0;
		}
	}
	if (f->run)
		f->run->exact_work_done = work;
	tc__phase_end(f->run);
	if (rc)
		return rc;
	if (deferred)
		return fall_back_to_path(ar, f, deferred, unsure_n, unsure_e, node_c, edge_c);
	return TC_OK;
}
