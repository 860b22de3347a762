/*
 * variance.c - structure and variance together (SPEC 3.1), for the exact
 * solver: uniform branches keep threads together, convergent branches are
 * effectively uniform, and what is proven becomes a sync point for the next
 * round, until nothing changes.
 *
 * A branch b (two or more live out-edges) is divergent unless it stays in S
 * (uniform-marked nodes that are convergent or not influenced by a divergent
 * branch) or all its out-edges are already convergent. Its influence region
 * Inf(b) is what b's successors reach before b's immediate post-dominator,
 * or, when that region holds a sync node (threads could then reach the
 * post-dominator in different segments), all that b's successors reach
 * without passing a sync node.
 *
 * Influence regions belong to the program as written: they are computed once,
 * on the original graph with its own sync nodes, and do not shrink when later
 * rounds turn proven elements into sync points. Only the regions bounded by
 * the post-dominator are stored (they nest, so their sizes add up to about
 * N times the nesting depth; branches on one cycle share theirs, below);
 * the wide ones are all alike - everything
 * reachable without passing a sync node - so their union is one search from
 * all divergent wide branches at once, done when it is needed. (A thread that left a loop
 * early is still out of step with one that stayed, even once the exit edge is
 * proven.) What changes from round to round is which branches are divergent,
 * and S, which starts afresh each round from the uniform marks.
 */
#include "graph/dominators.h"
#include "analysis/solvers.h"
#include "analysis/influence.h"

#include <string.h>

/*
 * Inf(b) for every branch b of the original graph, as CSR lists. When b's
 * successors reach b again before p = ipdom(b), Inf(b) is all that b
 * reaches without passing p, and so is Inf(c) for every branch c with
 * ipdom(c) = p in b's strongly connected component of the graph without p
 * (a loop that a break leaves for p): they share one list. Without the
 * sharing, the lists of the branches of a loop with breaks would add up to
 * the loop's size times their number.
 */
typedef struct influence_map {
	uint32_t *list_of; /* n0 + 1; TC_NONE for non-branches and wide ones */
	uint32_t *off;     /* nlists + 1 */
	uint32_t *node;    /* original node ids */
	uint32_t nlists;
	uint8_t *branch; /* 1: bounded by the post-dominator, 2: wide */
	uint8_t *sync;   /* the original sync nodes */
} influence_map;

/* precondition: f is still the original graph (no split yet) */
static int influence_regions(tc_arena *ar, const tc_flow *f, influence_map *map)
{
	uint32_t n = f->n;
	tc_digraph succ, pred;
	tc_u32vec list = {NULL, 0, 0}, off = {NULL, 0, 0};
	uint32_t *ipdom = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	uint32_t *seen = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)n + 1);
	uint32_t *region = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	tc_region_walk w = {&succ,
			    f->sync,
			    TC_ARENA_ZARRAY(ar, uint32_t, (size_t)n + 1),
			    TC_ARENA_ZARRAY(ar, uint32_t, (size_t)n + 1),
			    TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 2),
			    TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1),
			    0};
	map->list_of = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	map->branch = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)n + 1);
	map->sync = TC_ARENA_ARRAY(ar, uint8_t, (size_t)n + 1);
	if (!ipdom || !seen || !region || !w.stamp || !w.done || !w.stack || !w.cursor ||
	    !map->list_of ||
	    !map->branch || !map->sync)
		return TC_ENOMEM;
	memcpy(map->sync, f->sync, n);
	memset(map->list_of, 0xff, ((size_t)n + 1) * sizeof *map->list_of); /* TC_NONE */
	int rc;
	if ((rc = tc__flow_digraph(ar, f, &succ, &pred)) ||
	    (rc = tc__dominators(ar, &pred, &succ, f->exit, ipdom)))
		return rc;
	for (uint32_t b = 0; b < n; b++) {
		if (!f->live_node[b] ||
		    tc__flow_live_count(f, TC_FLOW_OUT_BEGIN(f, b), TC_FLOW_OUT_END(f, b)) < 2)
			continue;
		if (map->list_of[b] != TC_NONE) { /* shared with an earlier branch */
			map->branch[b] = 1;
			continue;
		}
		uint32_t len;
		bool cyclic;
		int wide = tc__influence_region(&w, b, ipdom[b], region, &len, &cyclic);
		map->branch[b] = wide ? 2 : 1;
		if (wide)
			continue;
		if (off.len >= UINT32_MAX - 1 || list.len + len >= UINT32_MAX) {
			rc = TC_ELIMIT;
			goto done;
		}
		if ((rc = tc__u32vec_push(ar->al, &off, (uint32_t)list.len)) ||
		    (rc = tc__u32vec_reserve(ar->al, &list, list.len + len)))
			goto done;
		if (len)
			memcpy(list.v + list.len, region, len * sizeof *region);
		list.len += len;
		uint32_t lid = (uint32_t)off.len - 1;
		map->list_of[b] = lid;
		if (w.stamp[b] != w.round)
			continue;
		/* b is on a cycle of its region: the branches of that cycle with b's
		 * post-dominator have the same region */
		tc__influence_cycle(&w, &pred, b, seen, region, &len);
		for (uint32_t k = 1; k < len; k++)
			if (ipdom[region[k]] == ipdom[b])
				map->list_of[region[k]] = lid;
	}
	map->nlists = (uint32_t)off.len;
	map->off = TC_ARENA_ARRAY(ar, uint32_t, off.len + 1);
	map->node = TC_ARENA_ARRAY(ar, uint32_t, list.len + 1);
	if (!map->off || !map->node) {
		rc = TC_ENOMEM;
		goto done;
	}
	if (off.len)
		memcpy(map->off, off.v, off.len * sizeof(uint32_t));
	map->off[off.len] = (uint32_t)list.len;
	if (list.len)
		memcpy(map->node, list.v, list.len * sizeof(uint32_t));
	rc = TC_OK;
done:
	tc__u32vec_free(ar->al, &list);
	tc__u32vec_free(ar->al, &off);
	return rc;
}

/*
 * Adds to in_inf the union of the wide regions of the branches on the
 * stack: what their successors reach without passing an original sync node
 * (reached sync nodes are not members). Split nodes stand for proven edges
 * of the original graph: they are passed through and are not members.
 * seen: the nodes expanded so far this round (a branch is expanded when it
 * is put on the stack, a member only if reached).
 */
static void wide_regions(const tc_flow *f, const influence_map *map, uint32_t *stack,
			 uint32_t top, uint8_t *in_inf, uint8_t *seen)
{
	while (top > 0) {
		uint32_t v = stack[--top];
		for (const uint32_t *e = TC_FLOW_OUT_BEGIN(f, v); e != TC_FLOW_OUT_END(f, v); e++) {
			uint32_t w = f->to[*e];
			if (!f->live_edge[*e] || (w < f->n0 && map->sync[w]))
				continue;
			if (w < f->n0)
				in_inf[w] = 1;
			if (!seen[w]) {
				seen[w] = 1;
				stack[top++] = w;
			}
		}
	}
}

/* whether every live out-edge of original node b is convergent, all pieces */
static int out_edges_convergent(const tc_flow *f, uint32_t b, const uint8_t *edge_c)
{
	for (const uint32_t *e = TC_FLOW_OUT_BEGIN(f, b); e != TC_FLOW_OUT_END(f, b); e++) {
		if (!f->live_edge[*e])
			continue;
		if (!edge_c[*e] || (f->second[*e] != TC_NONE && !edge_c[f->second[*e]]))
			return 0;
	}
	return 1;
}

/*
 * One round after exact: S, the divergent branches, and what lies outside
 * all their influence regions is added to node_c/edge_c.
 */
static int variance_round(tc_arena *ar, const tc_flow *f, const influence_map *map,
			  uint8_t *node_c, uint8_t *edge_c)
{
	uint32_t n0 = f->n0;
	uint8_t *in_s = TC_ARENA_ARRAY(ar, uint8_t, (size_t)n0 + 1);
	uint8_t *divergent = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)n0 + 1);
	uint8_t *in_inf = TC_ARENA_ARRAY(ar, uint8_t, (size_t)n0 + 1);
	uint8_t *seen = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)f->n + 1);
	uint8_t *marked = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)map->nlists + 1);
	uint32_t *stack = TC_ARENA_ARRAY(ar, uint32_t, (size_t)f->n + n0 + 1);
	if (!in_s || !divergent || !in_inf || !seen || !marked || !stack)
		return TC_ENOMEM;
	for (uint32_t v = 0; v < n0; v++)
		in_s[v] = f->live_node[v] && f->uniform[v];
	memset(in_inf, 0, n0);
	/* greatest fixpoint: S only shrinks, so the divergent set only grows,
	 * and in_inf with it: each list is marked and each wide branch
	 * expanded once */
	for (;;) {
		uint32_t top = 0;
		for (uint32_t b = 0; b < n0; b++) {
			if (divergent[b])
				continue;
			divergent[b] = map->branch[b] && !in_s[b] &&
				       !out_edges_convergent(f, b, edge_c);
			if (!divergent[b])
				continue;
			if (map->branch[b] == 2) {
				if (!seen[b]) {
					seen[b] = 1;
					stack[top++] = b;
				}
				continue;
			}
			uint32_t l = map->list_of[b];
			if (marked[l])
				continue;
			marked[l] = 1;
			for (uint32_t i = map->off[l]; i < map->off[l + 1]; i++)
				in_inf[map->node[i]] = 1;
		}
		wide_regions(f, map, stack, top, in_inf, seen);
		/* a marked node in C keeps its mark wherever it lies: every thread
		 * executes it together, so they all see one condition there */
		int shrunk = 0;
		for (uint32_t v = 0; v < n0; v++)
			if (in_s[v] && in_inf[v] && !node_c[v]) {
				in_s[v] = 0;
				shrunk = 1;
			}
		if (!shrunk)
			break;
	}
	/* step 3, and S's out-edges (step 4): a member of S inside a divergent
	 * region is in C already, and its branch is uniform */
	for (uint32_t v = 0; v < n0; v++) {
		if (!f->live_node[v] || (in_inf[v] && !in_s[v]))
			continue;
		node_c[v] = 1;
		if (divergent[v])
			continue;
		for (const uint32_t *e = TC_FLOW_OUT_BEGIN(f, v); e != TC_FLOW_OUT_END(f, v); e++)
			if (f->live_edge[*e]) {
				edge_c[*e] = 1;
				if (f->second[*e] != TC_NONE)
					edge_c[f->second[*e]] = 1;
			}
	}
	return TC_OK;
}

typedef struct variance_ctx {
	influence_map map;
	int any_uniform;
} variance_ctx;

static int variance_solve(tc_arena *scratch, tc_flow *f, void *ctx, uint8_t *nc, uint8_t *ec)
{
	variance_ctx *v = ctx;
	int rc = tc__solve_exact(scratch, f, nc, ec);
	if (!rc && v->any_uniform) {
		tc__phase_begin(f->run, "variance");
		rc = variance_round(scratch, f, &v->map, nc, ec);
		tc__phase_end(f->run);
	}
	return rc;
}

/* what is proven becomes a sync point */
static int variance_feed(tc_flow *f, void *ctx, const uint8_t *nc, const uint8_t *ec,
			 int *changed)
{
	if (!((variance_ctx *)ctx)->any_uniform)
		return TC_OK; /* without marks, exact needs one round */
	for (uint32_t v = 0; v < f->n; v++)
		if (nc[v] && !f->sync[v]) {
			f->sync[v] = 1;
			*changed = 1;
		}
	for (uint32_t e = 0; e < f->m0; e++)
		if (ec[e] && f->second[e] == TC_NONE && !(f->sync[f->from[e]] && f->sync[f->to[e]])) {
			int rc = tc__flow_split(f, e);
			if (rc)
				return rc;
			*changed = 1;
		}
	return TC_OK;
}

int tc__solve_exact_variance(tc_arena *ar, tc_flow *f, uint8_t **node_c, uint8_t **edge_c,
			     uint32_t *rounds)
{
	variance_ctx v = {{NULL, NULL, NULL, 0, NULL, NULL}, 0};
	for (uint32_t x = 0; x < f->n0 && !v.any_uniform; x++)
		v.any_uniform = f->uniform[x] && f->live_node[x];
	if (v.any_uniform) {
		tc__phase_begin(f->run, "influence");
		int rc = influence_regions(ar, f, &v.map);
		tc__phase_end(f->run);
		if (rc)
			return rc;
	}
	return tc__flow_rounds(ar, f, variance_solve, variance_feed, &v, node_c, edge_c, rounds);
}
