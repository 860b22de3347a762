/*
 * exits.c - which reported barriers and collectives of a kernel only
 * threads that have left the kernel fail to reach (exits.h).
 *
 * The exit-only region X is the set of nodes from which no element (a
 * barrier, a collective, a call that holds one) can be reached: a thread
 * there only goes on to the kernel's end. For an element e and a branch c
 * that causes its divergence (causes.c), a successor s of c from which e
 * cannot be reached is a side that skips e. e's divergence comes from
 * threads that leave when every cause has such a side and every such side
 * is in X: whoever does not reach e (again) reaches nothing else that waits
 * for the others, and ends; for a barrier, when besides the threads that
 * stay after each cause meet one barrier first, whatever side they took
 * (one_barrier_ahead). A cause whose every side reaches e (a branch that
 * changes how often, not whether) makes it an ordinary divergence.
 * Searches are iterative (explicit stacks), over in-edges from the
 * elements for X and from e for the nodes that reach it. The search from e
 * runs only when every cause has a side in X, and only until it has met
 * every side outside X: a kernel with many findings, most of them ordinary
 * divergences, costs about one search, not one per finding.
 */
#include "analysis/exits.h"

#include <string.h>

/* the elements that wait for the whole block */
#define BLOCK_WIDE (TC_NODE_BARRIER | TC_NODE_PARTIAL_BARRIER)

struct tc_exits {
	tc_alloc al;
	const tc_graph *g;
	uint32_t n;
	uint8_t *in_x;     /* per node: in the exit-only region */
	uint32_t *reach;   /* per node: the stamp of the last search that met it */
	uint32_t *wanted;  /* per node: the stamp of the search that looks for it */
	uint8_t *in_xb;    /* per node: no barrier of the block can be reached */
	uint32_t *stack;
	uint32_t stamp;
	const tc_result *r; /* the uniform branches, or NULL */
};

/* Marks, with the stamp, every node from which one of the roots can be
 * reached (the roots too); with want > 0, stops once it has met want
 * nodes that the stamp marks wanted (the nodes it has not met then may
 * reach a root all the same). */
static void reaching(tc_exits *x, const uint32_t *roots, size_t nroots, uint32_t want)
{
	uint32_t top = 0, stamp = x->stamp;
	for (size_t i = 0; i < nroots; i++)
		if (roots[i] < x->n && x->reach[roots[i]] != stamp) {
			x->reach[roots[i]] = stamp;
			x->stack[top++] = roots[i];
			if (want && x->wanted[roots[i]] == stamp && --want == 0)
				return;
		}
	while (top > 0) {
		uint32_t v = x->stack[--top], count;
		const uint32_t *in = tc_graph_in_edges(x->g, v, &count);
		for (uint32_t k = 0; k < count; k++) {
			uint32_t u = tc_graph_edge_from(x->g, in[k]);
			if (x->reach[u] != stamp) {
				x->reach[u] = stamp;
				x->stack[top++] = u;
				if (want && x->wanted[u] == stamp && --want == 0)
					return;
			}
		}
	}
}

int tc__exits_new(tc_exits **out, const tc_graph *g, const uint32_t *elements, size_t nelements,
		  const tc_result *r, const tc_alloc *al)
{
	*out = NULL;
	tc_exits *x = tc__calloc(al, 1, sizeof *x);
	if (!x)
		return TC_ENOMEM;
	x->al = *al;
	x->g = g;
	x->r = r;
	x->n = tc_graph_node_count(g);
	x->in_x = tc__malloc(al, (size_t)x->n + 1);
	x->in_xb = tc__malloc(al, (size_t)x->n + 1);
	x->reach = tc__calloc(al, (size_t)x->n + 1, sizeof *x->reach);
	x->wanted = tc__calloc(al, (size_t)x->n + 1, sizeof *x->wanted);
	x->stack = tc__malloc(al, ((size_t)x->n + 1) * sizeof *x->stack);
	if (!x->in_x || !x->in_xb || !x->reach || !x->wanted || !x->stack) {
		tc__exits_free(x);
		return TC_ENOMEM;
	}
	x->stamp = 1;
	reaching(x, elements, nelements, 0);
	for (uint32_t v = 0; v < x->n; v++)
		x->in_x[v] = x->reach[v] != x->stamp;
	/* the same for the barriers alone (the elements' list holds them) */
	uint32_t nb = 0;
	for (size_t i = 0; i < nelements; i++)
		if (elements[i] < x->n && (tc_graph_node_flags(g, elements[i]) & BLOCK_WIDE))
			x->wanted[nb++] = elements[i]; /* wanted is free until the first query */
	x->stamp = 2;
	reaching(x, x->wanted, nb, 0);
	for (uint32_t v = 0; v < x->n; v++)
		x->in_xb[v] = x->reach[v] != x->stamp;
	memset(x->wanted, 0, ((size_t)x->n + 1) * sizeof *x->wanted);
	*out = x;
	return TC_OK;
}


/*
 * Whether the threads that stay after cause c (its sides outside X), on
 * every path, meet one and the same barrier first, or none. Threads that
 * next wait at different barriers diverge, whoever leaves: after `if (t <
 * a) return; else if (t & 1) { barrier f; } barrier e;` the threads at f
 * miss e too. (A branch that sends threads to different barriers without
 * being one of e's causes is reported at those barriers.) Uniform branches
 * on the way are looked through first; where the barriers beyond one
 * differ, a branch that r finds uniform counts as a barrier itself
 * (meet_at_uniform): whichever way it goes, all the threads that stay go
 * that way. A warp's collectives are not waits of the
 * block: a side through a shuffle meets the barrier after it.
 */
static bool one_barrier_ahead(tc_exits *x, uint32_t c, bool meet_at_uniform)
{
	uint32_t stamp = ++x->stamp, top = 0, first = TC_NONE, count;
	const uint32_t *outs = tc_graph_out_edges(x->g, c, &count);
	for (uint32_t k = 0; k < count; k++) {
		uint32_t s = tc_graph_edge_to(x->g, outs[k]);
		if (!x->in_x[s] && x->reach[s] != stamp) {
			x->reach[s] = stamp;
			x->stack[top++] = s;
		}
	}
	while (top > 0) {
		uint32_t v = x->stack[--top];
		const uint32_t *out = tc_graph_out_edges(x->g, v, &count);
		if ((tc_graph_node_flags(x->g, v) & BLOCK_WIDE) ||
		    (meet_at_uniform && count > 1 && x->r && tc_result_node_uniform(x->r, v))) {
			if (first != TC_NONE && first != v)
				return false;
			first = v;
			continue; /* what comes after it comes after the wait */
		}
		for (uint32_t k = 0; k < count; k++) {
			uint32_t u = tc_graph_edge_to(x->g, out[k]);
			if (!x->in_x[u] && x->reach[u] != stamp) {
				x->reach[u] = stamp;
				x->stack[top++] = u;
			}
		}
	}
	return true;
}

/* Whether node b is a branch that may part threads: two ways, and r (or
 * the graph) does not find it uniform. */
static bool parts(const tc_exits *x, uint32_t b)
{
	uint32_t count;
	if ((x->r && tc_result_node_uniform(x->r, b)) ||
	    (!x->r && (tc_graph_node_flags(x->g, b) & TC_NODE_UNIFORM)))
		return false;
	const uint32_t *out = tc_graph_out_edges(x->g, b, &count);
	for (uint32_t k = 1; k < count; k++)
		if (tc_graph_edge_to(x->g, out[k]) != tc_graph_edge_to(x->g, out[0]))
			return true;
	return false;
}

/*
 * For a barrier e: whether every branch that may part threads before it
 * (r does not find it uniform) and has a side from which e cannot be
 * reached sends them from there to no other barrier. e's causes are the
 * branches nearest it, and one further back may send threads on to
 * another barrier for good: a loop whose head is e, left for a barrier
 * after it, where the threads that go round again are counted by a branch
 * in the loop. One whole search back from e, for a finding that passed the
 * rest.
 */
static bool no_other_skips(tc_exits *x, uint32_t e)
{
	x->stamp++;
	reaching(x, &e, 1, 0);
	uint32_t stamp = x->stamp, count;
	for (uint32_t b = 0; b < x->n; b++) {
		if (x->reach[b] != stamp || !parts(x, b))
			continue;
		const uint32_t *out = tc_graph_out_edges(x->g, b, &count);
		for (uint32_t k = 0; k < count; k++) {
			uint32_t s = tc_graph_edge_to(x->g, out[k]);
			if (x->reach[s] != stamp && !x->in_xb[s])
				return false;
		}
	}
	return true;
}

/* ---- findings judged in pairs (tc__exits_pairs) ---------------------------- */

#define FW_NONE UINT32_MAX
#define FW_MANY (UINT32_MAX - 1)

static uint32_t fw_join(uint32_t a, uint32_t b)
{
	return a == FW_NONE ? b : b == FW_NONE || a == b ? a : FW_MANY;
}

/* What a thread at s (a side of a branch) waits at first, of the barriers
 * listed (in[]: 1 + their index): that barrier, FW_MANY (more than one),
 * or FW_NONE (none: another barrier, or the end, first). */
static uint32_t fw_of(const tc_exits *x, const uint32_t *in, const uint32_t *val, uint32_t s)
{
	if (x->in_x[s])
		return FW_NONE;
	if (tc_graph_node_flags(x->g, s) & BLOCK_WIDE)
		return in[s] ? s : FW_NONE;
	return val[s];
}

/* The listed barriers a thread at s may wait at first, marked in seen (by
 * stamp) and appended to list (*n of them): a search up to the barriers. */
static void fw_set(tc_exits *x, const uint32_t *in, uint32_t s, uint32_t *seen, uint32_t stamp,
		   uint32_t *list, uint32_t *n)
{
	uint32_t top = 0, count, vst = ++x->stamp;
	x->reach[s] = vst;
	x->stack[top++] = s;
	while (top > 0) {
		uint32_t v = x->stack[--top];
		if (x->in_x[v])
			continue;
		if (tc_graph_node_flags(x->g, v) & BLOCK_WIDE) {
			if (in[v] && seen[v] != stamp) {
				seen[v] = stamp;
				list[(*n)++] = v;
			}
			continue;
		}
		const uint32_t *out = tc_graph_out_edges(x->g, v, &count);
		for (uint32_t k = 0; k < count; k++) {
			uint32_t u = tc_graph_edge_to(x->g, out[k]);
			if (x->reach[u] != vst) {
				x->reach[u] = vst;
				x->stack[top++] = u;
			}
		}
	}
}

int tc__exits_pairs(tc_exits *x, const uint32_t *after, size_t nafter, uint8_t *ordinary)
{
	for (size_t i = 0; i < nafter; i++)
		ordinary[i] = 0;
	if (nafter < 2)
		return TC_OK; /* a pair needs two */
	uint32_t n = x->n, count;
	uint32_t *in = tc__calloc(&x->al, (size_t)n + 1, sizeof *in);
	uint32_t *val = tc__malloc(&x->al, ((size_t)n + 1) * sizeof *val);
	uint32_t *work = tc__malloc(&x->al, ((size_t)n + 1) * sizeof *work);
	uint8_t *queued = tc__calloc(&x->al, (size_t)n + 1, 1);
	uint32_t *seen = tc__calloc(&x->al, (size_t)n + 1, sizeof *seen); /* in one side's set */
	uint32_t *held = tc__calloc(&x->al, (size_t)n + 1, sizeof *held); /* in prev */
	uint32_t *sets = tc__malloc(&x->al, (nafter * 2 + 2) * sizeof *sets);
	tc_u32vec pe = {0}, pf = {0}; /* the pairs */
	int rc = in && val && work && queued && seen && held && sets ? TC_OK : TC_ENOMEM;
	for (size_t i = 0; !rc && i < nafter; i++)
		if (after[i] < n)
			in[after[i]] = (uint32_t)i + 1;
	/* what each node waits at first, to the fixpoint (three levels: each
	 * node changes twice at most) */
	uint32_t top = 0;
	for (uint32_t v = 0; !rc && v < n; v++) {
		val[v] = FW_NONE;
		if (!x->in_x[v] && !(tc_graph_node_flags(x->g, v) & BLOCK_WIDE)) {
			work[top++] = v;
			queued[v] = 1;
		}
	}
	while (!rc && top > 0) {
		uint32_t v = work[--top], w = FW_NONE;
		queued[v] = 0;
		const uint32_t *out = tc_graph_out_edges(x->g, v, &count);
		for (uint32_t k = 0; k < count && w != FW_MANY; k++)
			w = fw_join(w, fw_of(x, in, val, tc_graph_edge_to(x->g, out[k])));
		if (w == val[v])
			continue;
		val[v] = w;
		const uint32_t *inn = tc_graph_in_edges(x->g, v, &count);
		for (uint32_t k = 0; k < count; k++) {
			uint32_t u = tc_graph_edge_from(x->g, inn[k]);
			if (!queued[u] && !x->in_x[u] && !(tc_graph_node_flags(x->g, u) & BLOCK_WIDE)) {
				queued[u] = 1;
				work[top++] = u;
			}
		}
	}
	/* each branch that may part threads: its sides' first waits, e on one
	 * and f on another (prev: the earlier sides' barriers, once each,
	 * held marking them; seen marks one side's set as it is searched) */
	uint32_t stamp = 0, *prev = sets, *cur = sets + nafter + 1;
	for (uint32_t b = 0; !rc && b < n; b++) {
		if (x->in_x[b] || !parts(x, b))
			continue;
		const uint32_t *out = tc_graph_out_edges(x->g, b, &count);
		uint32_t any = 0;
		for (uint32_t k = 0; k < count; k++)
			any += fw_of(x, in, val, tc_graph_edge_to(x->g, out[k])) != FW_NONE;
		if (any < 2)
			continue;
		uint32_t nprev = 0, pstamp = b + 1; /* held's stamp: this branch */
		for (uint32_t k = 0; k < count && !rc; k++) {
			uint32_t s = tc_graph_edge_to(x->g, out[k]), dup = 0, ncur = 0;
			for (uint32_t j = 0; j < k; j++)
				dup += tc_graph_edge_to(x->g, out[j]) == s;
			uint32_t w = fw_of(x, in, val, s);
			if (dup || w == FW_NONE)
				continue;
			if (w == FW_MANY)
				fw_set(x, in, s, seen, ++stamp, cur, &ncur);
			else
				cur[ncur++] = w;
			for (uint32_t i = 0; i < nprev && !rc; i++)
				for (uint32_t j = 0; j < ncur && !rc; j++)
					if (prev[i] != cur[j] &&
					    (tc__u32vec_push(&x->al, &pe, prev[i]) ||
					     tc__u32vec_push(&x->al, &pf, cur[j])))
						rc = TC_ENOMEM;
			for (uint32_t j = 0; j < ncur; j++)
				if (held[cur[j]] != pstamp) {
					held[cur[j]] = pstamp;
					prev[nprev++] = cur[j];
				}
		}
	}
	/* in the order listed: one with a partner still after-exit is ordinary */
	for (size_t i = 0; !rc && i < nafter; i++) {
		uint32_t e = after[i];
		for (size_t k = 0; k < pe.len && !ordinary[i]; k++) {
			uint32_t f = pe.v[k] == e ? pf.v[k] : pf.v[k] == e ? pe.v[k] : FW_NONE;
			ordinary[i] = f != FW_NONE && f != e && !ordinary[in[f] - 1];
		}
	}
	tc__u32vec_free(&x->al, &pe);
	tc__u32vec_free(&x->al, &pf);
	tc__free(&x->al, in);
	tc__free(&x->al, val);
	tc__free(&x->al, work);
	tc__free(&x->al, queued);
	tc__free(&x->al, seen);
	tc__free(&x->al, held);
	tc__free(&x->al, sets);
	return rc;
}

bool tc__exits_only(tc_exits *x, uint32_t e, const uint32_t *causes, uint32_t ncauses,
		    bool barrier, uint32_t *side)
{
	if (e >= x->n || ncauses == 0)
		return false;
	/* Every cause needs a side in X (which reaches no element, e neither):
	 * else no search. The sides outside X are what the search back from e
	 * looks for, and it stops once it has met them all. */
	uint32_t stamp = ++x->stamp, want = 0;
	for (uint32_t i = 0; i < ncauses; i++) {
		uint32_t c = causes[i], count;
		bool exits = false;
		if (c >= x->n)
			return false;
		const uint32_t *outs = tc_graph_out_edges(x->g, c, &count);
		for (uint32_t k = 0; k < count; k++) {
			uint32_t s = tc_graph_edge_to(x->g, outs[k]);
			if (x->in_x[s])
				exits = true;
			else if (x->wanted[s] != stamp) {
				x->wanted[s] = stamp;
				want++;
			}
		}
		if (!exits)
			return false; /* every side reaches an element */
	}
	if (want)
		reaching(x, &e, 1, want);
	uint32_t first = TC_NONE;
	for (uint32_t i = 0; i < ncauses; i++) {
		uint32_t c = causes[i], count, skips = 0;
		if (c >= x->n)
			return false;
		const uint32_t *outs = tc_graph_out_edges(x->g, c, &count);
		for (uint32_t k = 0; k < count; k++) {
			uint32_t s = tc_graph_edge_to(x->g, outs[k]);
			if (!x->in_x[s] && x->reach[s] == stamp)
				continue; /* this side reaches e */
			if (!x->in_x[s])
				return false; /* it skips e for another element */
			skips++;
			if (first == TC_NONE)
				first = s;
		}
		if (skips == 0)
			return false; /* every side reaches e: how often differs */
	}
	if (barrier) {
		for (uint32_t i = 0; i < ncauses; i++)
			if (!one_barrier_ahead(x, causes[i], false) &&
			    !one_barrier_ahead(x, causes[i], true))
				return false;
		if (!no_other_skips(x, e))
			return false;
	}

	if (side)
		*side = first;
	return true;
}

bool tc__exits_tail(const tc_exits *x, uint32_t v)
{
	uint32_t count;
	if (v >= x->n)
		return false;
	const uint32_t *out = tc_graph_out_edges(x->g, v, &count);
	for (uint32_t k = 0; k < count; k++)
		if (!x->in_x[tc_graph_edge_to(x->g, out[k])])
			return false;
	return true;
}

void tc__exits_free(tc_exits *x)
{
	if (!x)
		return;
	tc__free(&x->al, x->in_x);
	tc__free(&x->al, x->in_xb);
	tc__free(&x->al, x->reach);
	tc__free(&x->al, x->wanted);
	tc__free(&x->al, x->stack);
	tc__free(&x->al, x);
}
