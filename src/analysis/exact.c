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
 * The per-source tests run on the joint graph's quotient: below a child of
 * the super-root, every source's dominators are the joint ones, so such a
 * subtree is one vertex, or its dominator tree while it holds an undecided
 * element (see quotient below). The cost is the sum of those graphs' sizes;
 * it is bounded: past the work bound the remaining sources are not tested;
 * the undecided elements their segments hold (one search from all of them)
 * keep only what the path solver proves. That is sound, as path is, and it
 * is reported in the stats.
 */
#include "graph/dominators.h"
#include "analysis/solvers.h"
#include "analysis/scc.h"

enum { LV_NODE, LV_EDGE, LV_SINK, LV_ROOT, LV_SUPER };
/* flag on the kind of a chain's last element */
#define LV_LAST 0x80
#define KIND(r, x) ((r)->kind[(x)] & ~LV_LAST)
enum { LINK_IN = 1, LINK_OUT = 2 };

/* the per-source tests' vertices and arcs over a solve, as a multiple of
 * the graph's size */
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
	/* node id -> its local vertex, else TC_NONE; an edge is met once,
	 * from its tail */
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

/* The dominator tree of the joint test, kept for the per-source tests:
 * idom (0 the super-root), each vertex's ancestor just below it, and an
 * order with parents first. */
typedef struct joint_tree {
	uint32_t *idom, *top;
	/* the vertices, each after its immediate dominator (the quotient
	 * regroups them by root) */
	uint32_t *order;
} joint_tree;

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
	int rc = tc__solve_path(&own, f, NULL, pn, pe);
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
static int dominator_test(tc_arena *ar, const region *r, uint8_t *fail, uint8_t *certain,
			  joint_tree *keep)
{
	tc_arena scratch, preds;
	tc__arena_init(&scratch, ar->al);
	tc__arena_init(&preds, ar->al);
	tc_digraph rp;
	uint32_t count, nv = r->count;
	/* idom and the search order of the dominator computation (a vertex
	 * comes after its immediate dominator); the rest once it is done and
	 * the predecessors are gone */
	uint32_t *idom = TC_ARENA_ARRAY(keep ? ar : &scratch, uint32_t, (size_t)nv + 1);
	uint32_t *order = TC_ARENA_ARRAY(keep ? ar : &scratch, uint32_t, (size_t)nv + 1);
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
			top = TC_ARENA_ARRAY(keep ? ar : &scratch, uint32_t, (size_t)nv + 1);
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
	if (keep) {
		keep->idom = idom;
		keep->top = top;
		keep->order = order;
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
 * The per-source tests, on the joint graph. Let T(q) be the subtree of a
 * child q of the super-root in the joint dominator tree. Every path into
 * T(q) enters at q and stays inside after its last visit there, so for a
 * source s that reaches q, dominance from s inside T(q) is the joint
 * dominance, and a vertex of T(q) is reachable from q avoiding x exactly
 * when x is not its ancestor. An arc that leaves T(q) goes to another child
 * of the super-root (the head's immediate dominator dominates the tail, and
 * is not in T(q)). So the graph of s keeps, of each T(q) that s reaches, its
 * dominator tree (as arcs) while T(q) holds an open vertex and q alone
 * otherwise, with the arcs that leave one subtree for another's root: among
 * the vertices kept, dominance from s is that of R_s, and an arc leaves an
 * open vertex's subtree there exactly when one leaves it in R_s.
 */
typedef struct quotient {
	const region *r;
	joint_tree t;         /* t.top[u]: the index of u's root, once made */
	uint8_t *open;        /* vertex: 1 while its verdict is wanted */
	/* the roots (the children of the super-root), by index */
	uint32_t nroot, *root;  /* index -> vertex */
	uint32_t *undecided;    /* open vertices in its subtree */
	tc_digraph leave;       /* the roots its subtree's arcs reach */
	tc_digraph enter;       /* the roots whose subtrees' arcs reach it */
	/* since the last cut: the root that stands for it (a closed subtree
	 * whose arcs all lead to one other root stands for that one's: see
	 * quotient_stand_ins), and whether it reaches an open subtree */
	uint32_t *stand;
	uint8_t *reaches_open;
	uint32_t *stack; /* scratch; TC_NONE throughout between uses as marks */
	/* the subtrees' dominator trees cut down to the roots and the vertices
	 * that were open at the last cut: each kept vertex's nearest kept
	 * descendants, and the roots reached by the arcs out of its part (the
	 * vertices whose nearest kept ancestor it is). A vertex outside x's
	 * subtree has its nearest kept ancestor outside it too, unless that is
	 * x: the arcs leaving x's subtree stay the same. */
	uint32_t *near;
	/* kept vertex u of an open subtree: its lists at kids[kids_of[u]] and
	 * exits[exits_of[u]], each ended by TC_NONE */
	uint32_t *kids_of, *kids, *exits_of, *exits;
	uint32_t open_at_cut;
	uint64_t cost; /* of the last cut */
	/* t.order grouped by root, each group parents first: root i's
	 * vertices are t.order[members[i] .. members[i + 1]) */
	uint32_t *members;
	/* one source's graph: its vertices, by the joint vertex; arcs by tail */
	uint32_t *loc, *vert, count;
	region g;
} quotient;

/* the local vertex of joint vertex u in the source's graph */
static uint32_t quotient_vertex(quotient *q, uint32_t u)
{
	if (q->loc[u] == TC_NONE) {
		q->loc[u] = q->count;
		q->vert[q->count++] = u;
	}
	return q->loc[u];
}

/* builds the graph of source vertex k (its local vertex 0) */
static void quotient_build(quotient *q, uint32_t k)
{
	const uint32_t *idom = q->t.idom, *top = q->t.top;
	q->count = 0;
	q->g.narcs = 0;
	quotient_vertex(q, k);
	for (uint32_t lv = 0; lv < q->count; lv++) {
		uint32_t u = q->vert[lv], i = top[u];
		q->g.succ.off[lv] = q->g.narcs;
		if (idom[u] == 0 && q->undecided[i] == 0) {
			for (const uint32_t *t = TC_ADJ_BEGIN(&q->leave, i); t != TC_ADJ_END(&q->leave, i); t++)
				if (q->stand[*t] != i)
					add_arc(&q->g, quotient_vertex(q, q->root[q->stand[*t]]));
			continue;
		}
		for (const uint32_t *c = &q->kids[q->kids_of[u]]; *c != TC_NONE; c++)
			add_arc(&q->g, quotient_vertex(q, *c));
		for (const uint32_t *t = &q->exits[q->exits_of[u]]; *t != TC_NONE; t++)
			add_arc(&q->g, quotient_vertex(q, q->root[q->stand[*t]]));
	}
	q->g.count = q->count;
	q->g.succ.n = q->count;
	q->g.succ.off[q->count] = q->g.narcs;
}

/* forgets the source's vertices */
static void quotient_clear(quotient *q)
{
	for (uint32_t lv = 0; lv < q->count; lv++)
		q->loc[q->vert[lv]] = TC_NONE;
}

/* prefix sums of the counts a CSR array holds at off[v + 2], turning them
 * into the starts at off[v + 1], which filling moves to off[v] */
static void csr_starts(uint32_t *off, uint32_t n)
{
	off[0] = off[1] = 0;
	for (uint32_t v = 2; v <= n; v++)
		off[v] += off[v - 1];
}

/* drops the repeats from each of d's lists, in place; mark: one entry per
 * target, TC_NONE, left so */
static void csr_distinct(tc_digraph *d, uint32_t *mark)
{
	uint32_t k = 0;
	for (uint32_t u = 0, begin = 0; u < d->n; u++) {
		uint32_t end = d->off[u + 1];
		for (uint32_t a = begin; a < end; a++)
			if (mark[d->adj[a]] != u) {
				mark[d->adj[a]] = u;
				d->adj[k++] = d->adj[a];
			}
		for (uint32_t a = d->off[u]; a < k; a++)
			mark[d->adj[a]] = TC_NONE;
		begin = end;
		d->off[u + 1] = k;
	}
}

/* the one other root that root i's arcs lead to, when its subtree is
 * closed, else TC_NONE */
static uint32_t sole_successor(const quotient *q, uint32_t i)
{
	uint32_t to = TC_NONE;
	if (q->undecided[i] > 0)
		return TC_NONE;
	for (const uint32_t *t = TC_ADJ_BEGIN(&q->leave, i); t != TC_ADJ_END(&q->leave, i); t++) {
		if (*t == i)
			continue;
		if (to != TC_NONE)
			return TC_NONE; /* the list holds each root once */
		to = *t;
	}
	return to;
}

/*
 * Closed roots with one successor root stand for it. A closed T(u) holds
 * no open vertex, and every path through it goes on to w (or ends at a
 * sink inside): if u is reachable from an open x (not in T(w): w reaches all
 * of T(w), and x is on no cycle) and from the source without x, so is w.
 * The roots stand for the end of their chain; a chain that runs into a
 * cycle is left alone.
 */
static void quotient_stand_ins(quotient *q)
{
	uint32_t *stand = q->stand, on_path = q->nroot;
	for (uint32_t i = 0; i < q->nroot; i++)
		stand[i] = TC_NONE;
	for (uint32_t i = 0; i < q->nroot; i++) {
		uint32_t len = 0, j = i;
		while (stand[j] == TC_NONE) {
			uint32_t w = sole_successor(q, j);
			if (w == TC_NONE) {
				stand[j] = j;
				break;
			}
			stand[j] = on_path;
			q->stack[len++] = j;
			j = w;
		}
		uint32_t to = stand[j];
		while (len > 0) {
			uint32_t x = q->stack[--len];
			stand[x] = to == on_path ? x : to;
		}
	}
}

/* cuts the dominator trees of the open subtrees down to what is open now
 * (see quotient); the closed ones are never expanded again. Sets q->cost
 * to the vertices it went through. */
static void quotient_cut(quotient *q, uint32_t nopen)
{
	uint64_t cost = q->nroot;
	const tc_digraph *succ = &q->r->succ;
	const uint32_t *idom = q->t.idom, *top = q->t.top, *mem = q->t.order;
	uint32_t *near = q->near, *ko = q->kids_of, *eo = q->exits_of;
	/* the lists' lengths at each kept vertex, parents first */
	for (uint32_t i = 0; i < q->nroot; i++)
		for (uint32_t a = q->members[i]; q->undecided[i] > 0 && a < q->members[i + 1]; a++) {
			uint32_t u = mem[a];
			cost++;
			if (idom[u] == 0 || q->open[u] == 1) {
				near[u] = u;
				ko[u] = eo[u] = 0;
				if (idom[u] != 0)
					ko[near[idom[u]]]++;
			} else {
				near[u] = near[idom[u]];
			}
			for (const uint32_t *w = TC_ADJ_BEGIN(succ, u); w != TC_ADJ_END(succ, u); w++)
				eo[near[u]] += idom[*w] == 0;
		}
	/* each list's end mark; then the lists fill backwards from it */
	uint32_t kend = 0, eend = 0;
	for (uint32_t i = 0; i < q->nroot; i++)
		for (uint32_t a = q->members[i]; q->undecided[i] > 0 && a < q->members[i + 1]; a++) {
			uint32_t u = mem[a];
			if (near[u] != u)
				continue;
			kend += ko[u];
			q->kids[kend] = TC_NONE;
			ko[u] = kend++;
			eend += eo[u];
			q->exits[eend] = TC_NONE;
			eo[u] = eend++;
		}
	for (uint32_t i = 0; i < q->nroot; i++)
		for (uint32_t a = q->members[i]; q->undecided[i] > 0 && a < q->members[i + 1]; a++) {
			uint32_t u = mem[a];
			if (near[u] == u && idom[u] != 0)
				q->kids[--ko[near[idom[u]]]] = u;
			for (const uint32_t *w = TC_ADJ_BEGIN(succ, u); w != TC_ADJ_END(succ, u); w++)
				if (idom[*w] == 0)
					q->exits[--eo[near[u]]] = top[*w];
		}
	/* each root once in an exit list (the marks: stack, by root) */
	for (uint32_t i = 0; i < q->nroot; i++)
		for (uint32_t a = q->members[i]; q->undecided[i] > 0 && a < q->members[i + 1]; a++) {
			uint32_t u = mem[a], k = 0;
			if (near[u] != u)
				continue;
			uint32_t *list = &q->exits[eo[u]];
			for (uint32_t j = 0; list[j] != TC_NONE; j++)
				if (q->stack[list[j]] != u) {
					q->stack[list[j]] = u;
					list[k++] = list[j];
				}
			for (uint32_t j = 0; j < k; j++)
				q->stack[list[j]] = TC_NONE;
			list[k] = TC_NONE;
		}
	quotient_stand_ins(q);
	/* back from the subtrees with open vertices */
	uint32_t sp = 0;
	for (uint32_t i = 0; i < q->nroot; i++) {
		q->reaches_open[i] = q->undecided[i] > 0;
		if (q->reaches_open[i])
			q->stack[sp++] = i;
	}
	while (sp > 0) {
		uint32_t j = q->stack[--sp];
		for (const uint32_t *i = TC_ADJ_BEGIN(&q->enter, j); i != TC_ADJ_END(&q->enter, j); i++)
			if (!q->reaches_open[*i]) {
				q->reaches_open[*i] = 1;
				q->stack[sp++] = *i;
			}
	}
	for (uint32_t i = 0; i < q->nroot; i++)
		q->stack[i] = TC_NONE;
	q->open_at_cut = nopen;
	q->cost = cost;
}

/* the quotient's fixed part: the roots, their arcs and open counts; then
 * the first cut */
static int quotient_init(tc_arena *ar, quotient *q, const region *r, const joint_tree *t,
			 uint8_t *open, uint32_t nopen)
{
	uint32_t nv = r->count, nroot = 0, nexit = 0;
	const uint32_t *idom = t->idom;
	uint32_t *top = t->top;
	q->r = r;
	q->t = *t;
	q->open = open;
	q->loc = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nv + 1);
	if (!q->loc)
		return TC_ENOMEM;
	/* roots by index, and top by root index (loc the map meanwhile) */
	for (uint32_t u = 1; u < nv; u++) {
		if (idom[u] == 0)
			q->loc[u] = nroot++;
		for (const uint32_t *w = TC_ADJ_BEGIN(&r->succ, u); w != TC_ADJ_END(&r->succ, u); w++)
			nexit += idom[*w] == 0;
	}
	q->nroot = nroot;
	q->root = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nroot + 1);
	q->undecided = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)nroot + 1);
	q->leave.off = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)nroot + 2);
	q->leave.adj = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nexit + 1);
	q->stand = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nroot + 1);
	q->reaches_open = TC_ARENA_ARRAY(ar, uint8_t, (size_t)nroot + 1);
	q->stack = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nroot + 1);
	if (!q->root || !q->undecided || !q->leave.off || !q->leave.adj ||
	    !q->stand || !q->reaches_open || !q->stack)
		return TC_ENOMEM;
	for (uint32_t u = 1; u < nv; u++) {
		top[u] = q->loc[top[u]];
		if (idom[u] == 0)
			q->root[top[u]] = u;
	}
	for (uint32_t u = 0; u < nv; u++)
		q->loc[u] = TC_NONE;
	for (uint32_t i = 0; i < nroot; i++)
		q->stack[i] = TC_NONE;
	/* each root's targets, once each */
	for (uint32_t u = 1; u < nv; u++) {
		q->undecided[top[u]] += open[u];
		for (const uint32_t *w = TC_ADJ_BEGIN(&r->succ, u); w != TC_ADJ_END(&r->succ, u); w++)
			q->leave.off[top[u] + 2] += idom[*w] == 0;
	}
	csr_starts(q->leave.off, nroot);
	for (uint32_t u = 1; u < nv; u++)
		for (const uint32_t *w = TC_ADJ_BEGIN(&r->succ, u); w != TC_ADJ_END(&r->succ, u); w++)
			if (idom[*w] == 0)
				q->leave.adj[q->leave.off[top[u] + 1]++] = top[*w];
	q->leave.n = nroot;
	csr_distinct(&q->leave, q->stack);
	uint32_t nleave = q->leave.off[nroot];
	if (tc__digraph_reverse(ar, &q->enter, &q->leave))
		return TC_ENOMEM;
	/* the cuts keep the roots and at most the vertices open now, each
	 * with its lists' end marks */
	q->near = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nv + 1);
	q->members = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)nroot + 2);
	q->kids_of = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nv + 1);
	q->kids = TC_ARENA_ARRAY(ar, uint32_t, 2 * (size_t)nopen + nroot + 1);
	q->exits_of = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nv + 1);
	q->exits = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nexit + nopen + nroot + 1);
	/* so a source's graph has at most those vertices, and their arcs: tree
	 * arcs, arcs out of kept parts, arcs out of closed subtrees */
	size_t most = (size_t)nroot + nopen + 1;
	q->vert = TC_ARENA_ARRAY(ar, uint32_t, most);
	q->g.f = r->f;
	q->g.succ.off = TC_ARENA_ARRAY(ar, uint32_t, most + 1);
	q->g.succ.adj = TC_ARENA_ARRAY(ar, uint32_t, (size_t)nopen + nexit + nleave + 1);
	if (!q->near || !q->members || !q->kids_of || !q->kids || !q->exits_of || !q->exits ||
	    !q->vert || !q->g.succ.off || !q->g.succ.adj)
		return TC_ENOMEM;
	/* the search order grouped by root, parents still first (near holds
	 * it meanwhile) */
	for (uint32_t u = 1; u < nv; u++)
		q->members[top[u] + 2]++;
	csr_starts(q->members, nroot);
	for (uint32_t a = 1; a < nv; a++)
		q->near[q->members[top[t->order[a]] + 1]++] = t->order[a];
	for (uint32_t a = 0; a + 1 < nv; a++)
		t->order[a] = q->near[a];
	quotient_cut(q, nopen);
	return TC_OK;
}

/*
 * Condition 2 for the sources src[0..nsrc): the joint test, then each
 * source whose part of the joint graph holds an undecided vertex, on its
 * quotient, up to the work bound. Those past it are moved to
 * src[0..*deferred), and the elements the joint test left undecided are
 * marked in unsure_n and unsure_e. Everything else lives in ar, which the
 * caller frees.
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
	build_region(&r, src, nsrc);
	tc__arena_free(&locs);
	uint64_t work = r.nel;
	joint_tree t;
	if ((rc = dominator_test(ar, &r, fail, certain, &t)))
		return rc;
	/* what the fallback needs, allocated past the joint test's peak */
	uint8_t *unsure_n = *unsure_np = TC_ARENA_ZARRAY(keep, uint8_t, (size_t)n + 1);
	uint8_t *unsure_e = *unsure_ep = TC_ARENA_ZARRAY(keep, uint8_t, (size_t)m + 1);
	if (!unsure_n || !unsure_e)
		return TC_ENOMEM;
	/* from here on fail[u] is 1 while u is open (its verdict still wanted),
	 * 2 once a source failed it */
	uint32_t nopen = 0;
	for (uint32_t u = 0, x = 0; u < r.count; u++) {
		uint8_t open = 0;
		do {
			uint8_t *c = slot(&r, x, node_c, edge_c);
			if (!c || !*c || !fail[u])
				continue;
			if (certain[u]) {
				*c = 0;
			} else {
				*slot(&r, x, unsure_n, unsure_e) = 1;
				open = 1;
			}
		} while (!(r.kind[x++] & LV_LAST));
		fail[u] = open;
		nopen += open;
	}
	if (nopen == 0)
		return TC_OK;
	quotient q;
	uint8_t *verdict = certain; /* now by the vertices of one source's graph */
	if ((rc = quotient_init(ar, &q, &r, &t, fail, nopen)))
		return rc;
	/* the sources one by one, up to the bound, which the rounds of the
	 * variance fixpoint share: a solve never searches much more than it */
	uint64_t bound = WORK_FACTOR * ((uint64_t)n + m) + WORK_MIN;
	if (f->run && f->run->exact_work_limit)
		bound = f->run->exact_work_limit;
	else if (f->run && f->run->exact_work_factor)
		bound = f->run->exact_work_factor * ((uint64_t)n + m);
	if (f->run)
		work += f->run->exact_work_done;
	work += q.cost;
	uint64_t cut_at = work + q.cost;
	for (uint32_t k = 1; k <= r.nroots && nopen > 0; k++) {
		if ((k & 0xfff) == 1)
			tc__progress(f->run, k, r.nroots);
		if (!q.reaches_open[t.top[k]])
			continue; /* nothing it reaches is open */
		if (work > bound) {
			src[(*deferred)++] = src[k - 1]; /* k - 1 >= *deferred: no overlap */
			continue;
		}
		/* a new cut once half the open vertices are decided and the work
		 * since the last one paid for it */
		if (nopen <= q.open_at_cut / 2 && work >= cut_at) {
			quotient_cut(&q, nopen);
			work += q.cost;
			cut_at = work + q.cost;
		}
		quotient_build(&q, k);
		work += q.count + q.g.narcs;
		uint32_t lv = 1;
		while (lv < q.count && fail[q.vert[lv]] != 1)
			lv++;
		if (lv < q.count && (rc = dominator_test(ar, &q.g, verdict, NULL, NULL)))
			return rc;
		for (; lv < q.count; lv++) {
			uint32_t u = q.vert[lv];
			if (fail[u] == 1 && verdict[lv]) {
				fail[u] = 2;
				q.undecided[t.top[u]]--;
				nopen--;
			}
		}
		quotient_clear(&q);
	}
	for (uint32_t u = 0, x = 0; u < r.count; u++)
		do {
			uint8_t *c = slot(&r, x, node_c, edge_c);
			if (c && fail[u] == 2)
				*c = 0;
		} while (!(r.kind[x++] & LV_LAST));
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
