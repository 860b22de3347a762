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
 * the per-source test, and only from the sources that reach them.
 *
 * Each R_s is numbered locally, so the cost of that test is the sum of the
 * segment graph sizes of those sources. It is bounded: past the work bound
 * the remaining sources are not searched one by one; the undecided elements
 * their segments hold (one search from all of them) keep only what the path
 * solver proves. That is sound, as path is, and it is reported in the stats.
 */
#include "analysis/dominators.h"
#include "analysis/flow.h"
#include "analysis/scc.h"

enum { LV_NODE, LV_EDGE, LV_SINK, LV_ROOT, LV_SUPER };
/* flag on the kind of a chain's last element */
#define LV_LAST 0x80
#define KIND(r, x) ((r)->kind[(x)] & ~LV_LAST)
enum { LINK_IN = 1, LINK_OUT = 2 };

/* local vertices summed over sources, as a multiple of the graph's size */
#define WORK_FACTOR 16
#define WORK_MIN ((uint64_t)1 << 22)

/*
 * A segment graph with local numbering. Its vertices are chains of
 * elements: an edge whose tail has no other live out-edge, or a node whose
 * only live in-edge it is, follows the element before it in the same vertex
 * (it has one predecessor, which has one successor: the dominator tree runs
 * down such a chain, and contracting it changes no other dominator). The
 * elements follow each other in the order of their vertices, each chain's
 * last one flagged LV_LAST.
 */
typedef struct region {
	const tc_flow *f;
	/* node id -> its local vertex in this build, else TC_NONE (every
	 * build clears its own); an edge is met once, from its tail */
	uint32_t *node_loc;
	/* per node: LINK_IN when a chain may go on into it (not a sync node,
	 * one live in-edge), LINK_OUT when it has one live out-edge */
	uint8_t *link;
	/* local vertices (1 .. nroots the sources) and their elements */
	uint8_t *kind;
	uint32_t *id;
	uint32_t count, nel, nroots;
	/* local arcs, by tail: the successors of v are succ.adj[succ.off[v] ..
	 * succ.off[v + 1]) (vertices are expanded in the order they are made) */
	tc_digraph succ;
	uint32_t narcs;
} region;

/* what makes chains: whether a node has one live out-edge, one live
 * in-edge */
static void chain_links(region *r)
{
	const tc_flow *f = r->f;
	for (uint32_t v = 0; v < f->n; v++) {
		uint32_t out, in;
		out = tc__flow_live_count(f, TC_FLOW_OUT_BEGIN(f, v), TC_FLOW_OUT_END(f, v));
		in = tc__flow_live_count(f, TC_FLOW_IN_BEGIN(f, v), TC_FLOW_IN_END(f, v));
		r->link[v] = (out == 1 ? LINK_OUT : 0) | (in == 1 && !f->sync[v] ? LINK_IN : 0);
	}
}

/* a new local vertex of one element */
static uint32_t new_vertex(region *r, uint8_t kind, uint32_t id)
{
	if (r->nel)
		r->kind[r->nel - 1] |= LV_LAST; /* the chain before is done */
	r->kind[r->nel] = kind;
	r->id[r->nel++] = id;
	return r->count++;
}

/* extends the newest vertex's chain as far as it goes */
static void grow_chain(region *r)
{
	const tc_flow *f = r->f;
	uint32_t v = r->count - 1;
	for (;;) {
		uint32_t x = r->id[r->nel - 1];
		if (r->kind[r->nel - 1] == LV_NODE) {
			if (!(r->link[x] & LINK_OUT))
				return;
			const uint32_t *e = TC_FLOW_OUT_BEGIN(f, x);
			while (!f->live_edge[*e])
				e++;
			r->kind[r->nel] = LV_EDGE;
			r->id[r->nel] = *e;
		} else {
			uint32_t w = f->to[x];
			if (!(r->link[w] & LINK_IN) || r->node_loc[w] != TC_NONE)
				return;
			r->node_loc[w] = v;
			r->kind[r->nel] = LV_NODE;
			r->id[r->nel] = w;
		}
		r->nel++;
	}
}

static uint32_t local_node(region *r, uint32_t v)
{
	if (r->node_loc[v] == TC_NONE) {
		r->node_loc[v] = new_vertex(r, r->f->sync[v] ? LV_SINK : LV_NODE, v);
		if (!r->f->sync[v])
			grow_chain(r);
	}
	return r->node_loc[v];
}

static uint32_t local_edge(region *r, uint32_t e)
{
	uint32_t v = new_vertex(r, LV_EDGE, e);
	grow_chain(r);
	return v;
}

static void add_arc(region *r, uint32_t b)
{
	r->succ.adj[r->narcs++] = b;
}

/* builds the union of the R_s of the sources src[0..count) as a local
 * digraph: local vertex 0 is a super-root with an arc to each source. The
 * search goes through the vertices in the order it makes them. */
static void build_region(region *r, const uint32_t *src, uint32_t count)
{
	const tc_flow *f = r->f;
	r->count = 0;
	r->nel = 0;
	r->narcs = 0;
	new_vertex(r, LV_SUPER, TC_NONE);
	for (uint32_t k = 0; k < count; k++)
		new_vertex(r, LV_ROOT, src[k]);
	r->nroots = count;
	for (uint32_t lv = 0, last = 0; lv < r->count; lv++, last++) {
		r->succ.off[lv] = r->narcs;
		/* the chain's last element has the vertex's out-arcs (the newest
		 * chain's has no flag yet) */
		while (!(r->kind[last] & LV_LAST) && last + 1 < r->nel)
			last++;
		uint32_t x = r->id[last];
		switch (KIND(r, last)) {
		case LV_SUPER:
			for (uint32_t k = 0; k < count; k++)
				add_arc(r, 1 + k);
			break;
		case LV_ROOT:
		case LV_NODE:
			for (const uint32_t *e = TC_FLOW_OUT_BEGIN(f, x); e != TC_FLOW_OUT_END(f, x);
			     e++)
				if (f->live_edge[*e])
					add_arc(r, local_edge(r, *e));
			break;
		case LV_EDGE:
			/* the sink of s itself is a different vertex from its source */
			add_arc(r, local_node(r, f->to[x]));
			break;
		default:
			break;
		}
	}
	r->kind[r->nel - 1] |= LV_LAST;
	r->succ.n = r->count;
	r->succ.off[r->count] = r->narcs;
}

/* element x's slot in a pair of per-node and per-edge arrays, or NULL */
static uint8_t *slot(const region *r, uint32_t x, uint8_t *per_node, uint8_t *per_edge)
{
	switch (KIND(r, x)) {
	case LV_NODE:
		return &per_node[r->id[x]];
	case LV_EDGE:
		return &per_edge[r->id[x]];
	default:
		return NULL;
	}
}

/* forgets the build's node ids, for the next build */
static void clear_region(region *r)
{
	for (uint32_t x = 0; x < r->nel; x++)
		if (KIND(r, x) == LV_NODE || KIND(r, x) == LV_SINK)
			r->node_loc[r->id[x]] = TC_NONE;
}

/* the undecided elements of the segments of srcs[0..count) keep only what
 * path proves */
static int fall_back_to_path(tc_arena *ar, const tc_flow *f, const uint32_t *srcs,
			     uint32_t count, const uint8_t *unsure_n, const uint8_t *unsure_e,
			     uint8_t *node_c, uint8_t *edge_c)
{
	uint32_t n = f->n, m = f->m;
	uint8_t *pn = TC_ARENA_ARRAY(ar, uint8_t, (size_t)n + 1);
	uint8_t *pe = TC_ARENA_ARRAY(ar, uint8_t, (size_t)m + 1);
	if (!pn || !pe)
		return TC_ENOMEM;
	tc_arena own;
	tc__arena_init(&own, ar->al);
	int rc = tc__solve_linear(&own, f, true, NULL, pn, pe);
	tc__arena_free(&own);
	if (rc)
		return rc;
	/* after path's own arrays are gone */
	uint8_t *seen = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)n + 1);
	uint32_t *stack = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + count + 1);
	if (!seen || !stack)
		return TC_ENOMEM;
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
			if (unsure_e[*e])
				edge_c[*e] &= pe[*e];
			uint32_t w = f->to[*e];
			if (f->sync[w] || seen[w])
				continue;
			seen[w] = 1;
			if (unsure_n[w])
				node_c[w] &= pn[w];
			stack[top++] = w;
		}
	}
	if (f->run && f->run->stats)
		f->run->stats->fallback_sources += count;
	tc__phase_end(f->run);
	return TC_OK;
}

/*
 * Condition 2 on r's local graph (dominators from local vertex 0), for
 * each vertex u (every element of its chain shares the verdict):
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
 */
static int dominator_test(tc_arena *ar, const region *r, uint8_t *fail, uint8_t *certain)
{
	tc_arena scratch, preds;
	tc__arena_init(&scratch, ar->al);
	tc__arena_init(&preds, ar->al);
	tc_digraph rp;
	uint32_t count, nv = r->count;
	/* idom and the search order of the dominator computation (a vertex
	 * comes after its immediate dominator); the rest once it is done and
	 * the predecessors are gone */
	uint32_t *idom = TC_ARENA_ARRAY(&scratch, uint32_t, (size_t)nv + 1);
	uint32_t *order = TC_ARENA_ARRAY(&scratch, uint32_t, (size_t)nv + 1);
	int rc = TC_ENOMEM;
	if (idom && order && !(rc = tc__digraph_reverse(&preds, &rp, &r->succ)))
		rc = tc__dominators_ordered(&preds, &r->succ, &rp, 0, idom, order, &count);
	tc__arena_free(&preds);
	/* subtree minima and depths in the dominator tree */
	uint32_t *sub = NULL, *depth = NULL, *sub2 = NULL, *exits = NULL, *top = NULL;
	if (!rc) {
		sub = TC_ARENA_ARRAY(&scratch, uint32_t, (size_t)nv + 1);
		depth = TC_ARENA_ARRAY(&scratch, uint32_t, (size_t)nv + 1);
		if (certain) {
			sub2 = TC_ARENA_ARRAY(&scratch, uint32_t, (size_t)nv + 1);
			exits = TC_ARENA_ARRAY(&scratch, uint32_t, (size_t)nv + 1);
			top = TC_ARENA_ARRAY(&scratch, uint32_t, (size_t)nv + 1);
		}
		if (!sub || !depth || (certain && (!sub2 || !exits || !top)))
			rc = TC_ENOMEM;
	}
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
		const tc_digraph *g = &r->succ;
		for (const uint32_t *w = TC_ADJ_BEGIN(g, u); w != TC_ADJ_END(g, u); w++) {
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
	/* Every element of a chain takes its vertex's verdict: an element's
	 * subtree is the rest of its chain and the vertex's subtree, and an arc
	 * that leaves the latter goes above the chain, since an element with one
	 * successor dominates nothing outside its chain but the next element. */
	for (uint32_t u = 0; u < r->count; u++) {
		fail[u] = sub[u] < depth[u];
		if (!certain)
			continue;
		certain[u] = sub2[u] < depth[u];
		if (fail[u] && !certain[u] && u != 0 && top[u] <= r->nroots &&
		    exits[u] == exits[top[u]])
			fail[u] = 0;
	}
	tc__arena_free(&scratch);
	return TC_OK;
}

/* condition 1: cycles among the non-sync live nodes; sets node_c and edge_c
 * to what it leaves convergent */
static int cycles(tc_arena *ar, const tc_flow *f, uint8_t *node_c, uint8_t *edge_c)
{
	uint32_t n = f->n, m = f->m;
	tc_arena scratch;
	tc__arena_init(&scratch, ar->al);
	tc_digraph succ;
	uint8_t *skip = TC_ARENA_ARRAY(&scratch, uint8_t, (size_t)n + 1);
	uint32_t *comp = TC_ARENA_ARRAY(&scratch, uint32_t, (size_t)n + 1);
	uint8_t *cyclic;
	uint32_t ncomp;
	int rc = TC_ENOMEM;
	if (skip && comp) {
		for (uint32_t v = 0; v < n; v++)
			skip[v] = !f->live_node[v] || f->sync[v];
		if (!(rc = tc__flow_digraph(&scratch, f, &succ, NULL)))
			rc = tc__scc(&scratch, &succ, skip, comp, &ncomp, &cyclic);
	}
	if (!rc) {
		for (uint32_t v = 0; v < n; v++)
			node_c[v] = f->live_node[v] && (f->sync[v] || !cyclic[comp[v]]);
		for (uint32_t e = 0; e < m; e++) {
			uint32_t u = f->from[e], w = f->to[e];
			edge_c[e] = f->live_edge[e] && !(comp[u] != TC_NONE && comp[u] == comp[w]);
		}
	}
	tc__arena_free(&scratch);
	return rc;
}

/*
 * Condition 2 for the sources src[0..nsrc): the joint test, then the
 * sources that reach an undecided element one by one, up to the work bound.
 * Those past it are moved to src[0..*deferred), and the elements the joint
 * test left undecided are marked in unsure_n and unsure_e. Everything else
 * lives in ar, which the caller frees.
 */
static int segments(tc_arena *ar, tc_arena *keep, const tc_flow *f, uint32_t *src,
		    uint32_t nsrc, uint8_t **unsure_np, uint8_t **unsure_ep, uint8_t *node_c,
		    uint8_t *edge_c, uint32_t *deferred)
{
	uint32_t n = f->n, m = f->m;
	int rc;
	region r;
	r.f = f;
	size_t nv = (size_t)n + nsrc + m + 2;
	/* node_loc has an arena of its own: the joint test's peak does without */
	tc_arena locs;
	tc__arena_init(&locs, ar->al);
	r.node_loc = TC_ARENA_ARRAY(&locs, uint32_t, (size_t)n + 1);
	r.link = TC_ARENA_ARRAY(ar, uint8_t, (size_t)n + 1);
	r.kind = TC_ARENA_ARRAY(ar, uint8_t, nv);
	r.id = TC_ARENA_ARRAY(ar, uint32_t, nv);
	r.succ.off = TC_ARENA_ARRAY(ar, uint32_t, nv + 1);
	r.succ.adj = TC_ARENA_ARRAY(ar, uint32_t, 2 * (size_t)m + nsrc + 1);
	uint8_t *fail = TC_ARENA_ARRAY(ar, uint8_t, nv);
	uint8_t *certain = TC_ARENA_ARRAY(ar, uint8_t, nv);
	if (!r.node_loc || !r.link || !r.kind || !r.id || !r.succ.off || !r.succ.adj || !fail ||
	    !certain) {
		tc__arena_free(&locs);
		return TC_ENOMEM;
	}
	chain_links(&r);
	for (uint32_t v = 0; v < n; v++)
		r.node_loc[v] = TC_NONE;
	*deferred = 0;
	/* all sources at once */
	uint32_t nunsure = 0;
	build_region(&r, src, nsrc);
	tc__arena_free(&locs);
	uint64_t work = r.nel;
	if ((rc = dominator_test(ar, &r, fail, certain)))
		return rc;
	/* what the fallback needs, allocated past the joint test's peak */
	uint8_t *unsure_n = *unsure_np = TC_ARENA_ZARRAY(keep, uint8_t, (size_t)n + 1);
	uint8_t *unsure_e = *unsure_ep = TC_ARENA_ZARRAY(keep, uint8_t, (size_t)m + 1);
	if (!unsure_n || !unsure_e)
		return TC_ENOMEM;
	for (uint32_t u = 0, x = 0; u < r.count; u++) {
		do {
			uint8_t *c = slot(&r, x, node_c, edge_c);
			if (!c || !*c || !fail[u])
				continue;
			if (certain[u]) {
				*c = 0;
			} else {
				*slot(&r, x, unsure_n, unsure_e) = 1;
				nunsure++;
			}
		} while (!(r.kind[x++] & LV_LAST));
	}
	if (nunsure == 0)
		return TC_OK;
	/* the sources that reach an undecided element: a backward search */
	uint8_t *seen = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)n + 1);
	uint32_t *queue = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	if (!seen || !queue)
		return TC_ENOMEM;
	uint32_t top = 0, nrel = 0;
	for (uint32_t v = 0; v < n; v++)
		if (unsure_n[v] && !seen[v]) {
			seen[v] = 1;
			queue[top++] = v;
		}
	for (uint32_t e = 0; e < m; e++)
		if (unsure_e[e] && !seen[f->from[e]]) {
			seen[f->from[e]] = 1;
			queue[top++] = f->from[e];
		}
	while (top > 0) {
		uint32_t v = queue[--top];
		if (f->sync[v])
			continue; /* a source: its segment starts here */
		for (const uint32_t *e = TC_FLOW_IN_BEGIN(f, v); e != TC_FLOW_IN_END(f, v); e++) {
			uint32_t u = f->from[*e];
			if (f->live_edge[*e] && !seen[u]) {
				seen[u] = 1;
				queue[top++] = u;
			}
		}
	}
	for (uint32_t k = 0; k < nsrc; k++)
		if (seen[src[k]])
			src[nrel++] = src[k];

	/* those sources one by one, up to the bound, which the rounds of the
	 * variance fixpoint share: a solve never searches much more than it */
	uint64_t bound = WORK_FACTOR * ((uint64_t)n + m) + WORK_MIN;
	if (f->run && f->run->exact_work_limit)
		bound = f->run->exact_work_limit;
	if (f->run)
		work += f->run->exact_work_done;
	if (nrel > 0 && work <= bound) {
		r.node_loc = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
		if (!r.node_loc)
			return TC_ENOMEM;
		for (uint32_t v = 0; v < n; v++)
			r.node_loc[v] = TC_NONE;
	}
	for (uint32_t k = 0; k < nrel; k++) {
		if ((k & 0xfff) == 0)
			tc__progress(f->run, k, nrel);
		if (work > bound) {
			src[(*deferred)++] = src[k]; /* k >= *deferred: no overlap */
			continue;
		}
		if (k > 0)
			clear_region(&r);
		build_region(&r, &src[k], 1);
		work += r.nel;
		if ((rc = dominator_test(ar, &r, fail, NULL)))
			return rc;
		for (uint32_t u = 0, x = 0; u < r.count; u++)
			do {
				uint8_t *c = slot(&r, x, node_c, edge_c);
				if (c && fail[u])
					*c = 0;
			} while (!(r.kind[x++] & LV_LAST));
	}
	if (f->run)
		f->run->exact_work_done = work;
	return TC_OK;
}

int tc__solve_exact(tc_arena *ar, const tc_flow *f, uint8_t *node_c, uint8_t *edge_c)
{
	uint32_t n = f->n;
	tc__phase_begin(f->run, "cycles");
	int rc = cycles(ar, f, node_c, edge_c);
	tc__phase_end(f->run);
	if (rc)
		return rc;
	uint32_t nsrc = 0;
	for (uint32_t v = 0; v < n; v++)
		nsrc += f->sync[v] && f->live_node[v] && v != f->exit;
	/* what the fallback needs outlives the segment graphs */
	uint32_t *src = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nsrc + 1);
	uint8_t *unsure_n = NULL, *unsure_e = NULL;
	if (!src)
		return TC_ENOMEM;
	nsrc = 0;
	for (uint32_t v = 0; v < n; v++)
		if (f->sync[v] && f->live_node[v] && v != f->exit)
			src[nsrc++] = v;
	tc_arena seg;
	tc__arena_init(&seg, ar->al);
	uint32_t deferred;
	tc__phase_begin(f->run, "segments");
	rc = segments(&seg, ar, f, src, nsrc, &unsure_n, &unsure_e, node_c, edge_c, &deferred);
	tc__phase_end(f->run);
	tc__arena_free(&seg);
	if (!rc && deferred)
		rc = fall_back_to_path(ar, f, src, deferred, unsure_n, unsure_e, node_c, edge_c);
	return rc;
}
