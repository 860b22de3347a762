/* flow.c - the growable flow graph solvers work on, its index and liveness. */
#include "analysis/flow.h"
#include "graph/graph.h"

#include <string.h>

static int liveness(tc_flow *f);

int tc__flow_init(tc_flow *f, tc_arena *ar, const tc_graph *g, bool assume_barriers,
		  bool use_uniform)
{
	tc_run *run = f->run;
	memset(f, 0, sizeof *f);
	f->ar = ar;
	f->run = run;
	f->n = f->n0 = f->ncap = g->n;
	f->m = f->m0 = f->mcap = g->m;
	f->entry = g->entry;
	f->exit = g->exit;
	f->g = g;
	f->sync = TC_ARENA_ZARRAY(ar, uint8_t, f->ncap + 1);
	f->uniform = TC_ARENA_ZARRAY(ar, uint8_t, f->ncap + 1);
	f->second = TC_ARENA_ARRAY(ar, uint32_t, f->m0 + 1);
	if (!f->sync || !f->uniform || !f->second)
		return TC_ENOMEM;
	/* shared with the graph until grow() copies them: never written before */
	f->from = g->edge_from;
	f->to = g->edge_to;
	uint8_t *sync = f->sync, *uni = f->uniform;
	const uint8_t *flags = g->flags;
	uint8_t bar = assume_barriers ? TC_NODE_BARRIER : 0, um = use_uniform ? TC_NODE_UNIFORM : 0;
	for (uint32_t v = 0, n = g->n; v < n; v++) {
		sync[v] = (flags[v] & bar) != 0;
		uni[v] = (flags[v] & um) != 0;
	}
	sync[g->entry] = sync[g->exit] = 1;
	memset(f->second, 0xff, (size_t)g->m * sizeof *f->second); /* TC_NONE */
	int rc = tc__flow_index(f);
	return rc ? rc : liveness(f);
}

/* grows the arrays to their final capacity on the first split */
static int grow(tc_flow *f)
{
	uint32_t ncap = f->n0 + f->m0, mcap = 2 * f->m0;
	uint8_t *sync = TC_ARENA_ZARRAY(f->ar, uint8_t, (size_t)ncap + 1);
	uint8_t *uni = TC_ARENA_ZARRAY(f->ar, uint8_t, (size_t)ncap + 1);
	uint8_t *live_n = TC_ARENA_ARRAY(f->ar, uint8_t, (size_t)ncap + 1);
	uint8_t *live_e = TC_ARENA_ARRAY(f->ar, uint8_t, (size_t)mcap + 1);
	uint32_t *from = TC_ARENA_ARRAY(f->ar, uint32_t, (size_t)mcap + 1);
	uint32_t *to = TC_ARENA_ARRAY(f->ar, uint32_t, (size_t)mcap + 1);
	f->origin = TC_ARENA_ARRAY(f->ar, uint32_t, (size_t)f->m0 + 1);
	if (!sync || !uni || !live_n || !live_e || !from || !to || !f->origin)
		return TC_ENOMEM;
	memcpy(sync, f->sync, f->n);
	memcpy(uni, f->uniform, f->n);
	memcpy(live_n, f->live_node, f->n);
	memcpy(live_e, f->live_edge, f->m);
	memcpy(from, f->from, (size_t)f->m * sizeof(uint32_t)); /* m > 0 here */
	memcpy(to, f->to, (size_t)f->m * sizeof(uint32_t));
	f->sync = sync, f->uniform = uni, f->from = from, f->to = to;
	f->live_node = live_n, f->live_edge = live_e;
	f->ncap = ncap, f->mcap = mcap;
	return TC_OK;
}

int tc__flow_split(tc_flow *f, uint32_t e)
{
	if (e >= f->m0 || f->second[e] != TC_NONE)
		return TC_EINVAL;
	if (f->ncap == f->n0 && f->m0 > 0 && grow(f))
		return TC_ENOMEM;
	uint32_t mid = f->n++, piece = f->m++;
	f->sync[mid] = 1;
	f->uniform[mid] = 0;
	/* a split changes no walk's way: the pieces are live when e was */
	f->live_node[mid] = f->live_edge[piece] = f->live_edge[e];
	f->live_nodes += f->live_edge[e];
	f->live_edges += f->live_edge[e];
	f->from[piece] = mid;
	f->to[piece] = f->to[e];
	f->to[e] = mid;
	f->second[e] = piece;
	f->origin[piece - f->m0] = e;
	return TC_OK;
}

int tc__flow_rounds(tc_arena *ar, tc_flow *f, tc_round_solve_fn solve, tc_round_feed_fn feed,
		    void *ctx, uint8_t **node_c, uint8_t **edge_c, uint32_t *rounds)
{
	/* one pair of answers, as large as the flow graph can grow, for every
	 * round: feed reads a round's before the next one writes */
	uint8_t *nc = TC_ARENA_ARRAY(ar, uint8_t, (size_t)f->n0 + f->m0 + 1);
	uint8_t *ec = TC_ARENA_ARRAY(ar, uint8_t, 2 * (size_t)f->m0 + 1);
	if (!nc || !ec)
		return TC_ENOMEM;
	/* freed after each round: a round of a grown graph would not fit the
	 * last round's chunks, and kept ones stay resident */
	tc_arena scratch;
	tc__arena_init(&scratch, ar->al);
	int rc;
	for (*rounds = 1;; (*rounds)++) {
		rc = solve(&scratch, f, ctx, nc, ec);
		tc__arena_free(&scratch);
		*node_c = nc;
		*edge_c = ec;
		int changed = 0;
		if (rc || (rc = feed(f, ctx, nc, ec, &changed)) || !changed ||
		    (rc = tc__flow_reindex(f)))
			break;
	}
	tc__arena_free(&scratch);
	return rc;
}

int tc__flow_reindex(tc_flow *f)
{
	tc__phase_begin(f->run, "split");
	int rc = tc__flow_index(f);
	tc__phase_end(f->run);
	return rc;
}

/*
 * The CSR after splits, patched in place. Split k (k = 0, 1, ...) made node
 * n0 + k and edge m0 + k together, so the new nodes' one-edge lists sit at
 * positions m0 + k of both edge arrays, after the original nodes' lists
 * (which still hold m0 entries: the split edge e stays in its tail's
 * out-list, and its head's in-list gets the second piece in e's place).
 * A head with a long in-list could make the search for e costly; past m0
 * steps the index is rebuilt by counting sort instead, which gives the same
 * layout.
 */
static int patch_index(tc_flow *f)
{
	if (!f->own_index) {
		size_t ncap = (size_t)f->n0 + f->m0 + 1, mcap = 2 * (size_t)f->m0 + 1;
		uint32_t *oo = TC_ARENA_ARRAY(f->ar, uint32_t, ncap);
		uint32_t *oe = TC_ARENA_ARRAY(f->ar, uint32_t, mcap);
		uint32_t *io = TC_ARENA_ARRAY(f->ar, uint32_t, ncap);
		uint32_t *ie = TC_ARENA_ARRAY(f->ar, uint32_t, mcap);
		if (!oo || !oe || !io || !ie)
			return TC_ENOMEM;
		memcpy(oo, f->g->out_off, ((size_t)f->n0 + 1) * sizeof *oo);
		memcpy(io, f->g->in_off, ((size_t)f->n0 + 1) * sizeof *io);
		memcpy(oe, f->g->out_edge, (size_t)f->m0 * sizeof *oe);
		memcpy(ie, f->g->in_edge, (size_t)f->m0 * sizeof *ie);
		f->out_off = oo, f->out_edge = oe, f->in_off = io, f->in_edge = ie;
		f->own_index = true;
		f->indexed_m = f->m0;
	}
	uint64_t steps = 0;
	for (uint32_t p = f->indexed_m; p < f->m; p++) {
		uint32_t e = f->origin[p - f->m0], mid = f->from[p], v = f->to[p];
		f->out_off[mid] = f->in_off[mid] = p;
		f->out_edge[p] = p;
		f->in_edge[p] = e;
		uint32_t k = f->in_off[v];
		while (f->in_edge[k] != e)
			k++;
		f->in_edge[k] = p;
		steps += k - f->in_off[v] + 1;
		if (steps > f->m0 && p + 1 < f->m) {
			tc__csr_fill(f->n, f->m, f->from, NULL,
				     memset(f->out_off, 0, ((size_t)f->n + 1) * sizeof *f->out_off),
				     f->out_edge);
			tc__csr_fill(f->n, f->m, f->to, NULL,
				     memset(f->in_off, 0, ((size_t)f->n + 1) * sizeof *f->in_off),
				     f->in_edge);
			break;
		}
	}
	f->out_off[f->n] = f->in_off[f->n] = f->m;
	f->indexed_m = f->m;
	return TC_OK;
}

int tc__flow_index(tc_flow *f)
{
	if (f->n == f->n0 && f->m == f->m0) {
		/* nothing split yet: the graph's own index is this one */
		f->out_off = f->g->out_off, f->out_edge = f->g->out_edge;
		f->in_off = f->g->in_off, f->in_edge = f->g->in_edge;
		return TC_OK;
	}
	return patch_index(f);
}

/* The liveness of the unsplit graph (splits keep it: tc__flow_split). */
static int liveness(tc_flow *f)
{
	uint8_t *fwd = TC_ARENA_ZARRAY(f->ar, uint8_t, (size_t)f->n + 1);
	uint8_t *bwd = tc__calloc(f->ar->al, (size_t)f->n + 1, 1);
	uint32_t *stack = tc__malloc(f->ar->al, tc__mul((size_t)f->n + 1, sizeof *stack));
	f->live_edge = TC_ARENA_ZARRAY(f->ar, uint8_t, (size_t)f->m + 1);
	int rc = TC_ENOMEM;
	if (!fwd || !bwd || !stack || !f->live_edge)
		goto out;
	/* locals: the flags written below could alias f's fields otherwise */
	const uint32_t *from = f->from, *to = f->to;
	const uint32_t *oo = f->out_off, *oe = f->out_edge, *io = f->in_off, *ie = f->in_edge;
	uint32_t n = f->n, m = f->m, entry = f->entry, exit = f->exit, top = 0;
	/*
	 * Each search sweeps the node ids in order (forward: up; backward:
	 * down) and expands a marked node when the sweep reaches it; a node
	 * marked behind the sweep is expanded at once, from a stack. Every node
	 * is expanded once, and where ids follow the program, as they do for
	 * parsed kernels, the arrays are read mostly in order.
	 */
	fwd[entry] = 1;
	for (uint32_t at = 0; at < n; at++) {
		if (!fwd[at] || at == exit)
			continue; /* walks end at exit */
		stack[top++] = at;
		while (top > 0) {
			uint32_t v = stack[--top];
			for (uint32_t k = oo[v]; k < oo[v + 1]; k++) {
				uint32_t w = to[oe[k]];
				if (!fwd[w]) {
					fwd[w] = 1;
					if (w < at && w != exit)
						stack[top++] = w;
				}
			}
		}
	}
	bwd[exit] = 1;
	for (uint32_t at = n; at-- > 0;) {
		if (!bwd[at])
			continue;
		stack[top++] = at;
		while (top > 0) {
			uint32_t v = stack[--top];
			for (uint32_t k = io[v]; k < io[v + 1]; k++) {
				uint32_t u = from[ie[k]];
				if (!bwd[u] && u != exit) {
					bwd[u] = 1;
					if (u > at)
						stack[top++] = u;
				}
			}
		}
	}
	uint32_t live_nodes = 0, live_edges = 0;
	for (uint32_t v = 0; v < n; v++) {
		fwd[v] &= bwd[v];
		live_nodes += fwd[v];
	}
	uint8_t *live_e = f->live_edge;
	for (uint32_t e = 0; e < m; e++) {
		live_e[e] = fwd[from[e]] & fwd[to[e]] & (from[e] != exit);
		live_edges += live_e[e];
	}
	f->live_node = fwd;
	f->live_nodes = live_nodes;
	f->live_edges = live_edges;
	rc = TC_OK;
out:
	tc__free(f->ar->al, bwd);
	tc__free(f->ar->al, stack);
	return rc;
}

int tc__flow_digraph(tc_arena *ar, const tc_flow *f, tc_digraph *succ, tc_digraph *pred)
{
	/* the arc lists are only needed to fill succ */
	tc_arena scratch;
	tc__arena_init(&scratch, ar->al);
	uint32_t *from = TC_ARENA_ARRAY(&scratch, uint32_t, (size_t)f->live_edges + 1);
	uint32_t *to = TC_ARENA_ARRAY(&scratch, uint32_t, (size_t)f->live_edges + 1);
	int rc = TC_ENOMEM;
	if (from && to) {
		uint32_t k = 0;
		for (uint32_t e = 0; e < f->m; e++)
			if (f->live_edge[e]) {
				from[k] = f->from[e];
				to[k] = f->to[e];
				k++;
			}
		rc = tc__digraph_from_arcs(ar, succ, f->n, k, from, to);
	}
	tc__arena_free(&scratch);
	if (rc)
		return rc;
	return pred ? tc__digraph_reverse(ar, pred, succ) : TC_OK;
}
