/*
 * linear.c - the closure of the branch and merge rules under linear
 * arithmetic, as bridges (SPEC 2.2): the solver linear, and the bridge
 * graph it shares with path (path.c, linear.h).
 *
 * Bridge graph: node v is split into v_in = 2v and v_out = 2v + 1, joined by
 * an internal edge (id m + v) unless v is a sync node; CFG edge e = u->w
 * (id e) joins u_out to w_in. The difference of two threads' per-segment
 * counts is a circulation on it, and circulations vanish exactly on bridges.
 */
#include "analysis/linear.h"

#include <string.h>

void tc__linear_memo_free(tc_linear_memo *memo)
{
	if (!memo)
		return;
	if (memo->ready)
		tc__arena_free(&memo->ar);
	memo->ready = false;
	if (memo->al) {
		tc__free(memo->al, memo->st.prev_n);
		tc__free(memo->al, memo->st.prev_e);
	}
	memo->st.prev_n = memo->st.prev_e = NULL;
	memo->st.prev_len_n = memo->st.prev_len_e = 0;
}

/*
 * The bridge graph of f as it is now (the layout of the file comment), in
 * ar: the CFG edges 0..m1 and the internal edges m1 + v, v < n1; and its
 * first search. The edges' ends are needed by that search alone.
 */
static int build(tc_arena *ar, const tc_flow *f, tc_linear_state *st)
{
	uint32_t n = f->n, m = f->m, ne = m + n;
	st->n1 = st->seen_n = n;
	st->m1 = st->seen_m = m;
	st->removed = TC_ARENA_ARRAY(ar, uint8_t, (size_t)ne + 1);
	st->cut = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)m + 1);
	tc_arena sc;
	tc__arena_init(&sc, ar->al);
	uint32_t *ends = TC_ARENA_ARRAY(&sc, uint32_t, 2 * (size_t)ne + 1);
	int rc = TC_ENOMEM;
	if (st->removed && st->cut && ends) {
		for (uint32_t e = 0; e < m; e++) {
			ends[2 * (size_t)e] = 2 * f->from[e] + 1;
			ends[2 * (size_t)e + 1] = 2 * f->to[e];
			st->removed[e] = !f->live_edge[e];
		}
		for (uint32_t v = 0; v < n; v++) {
			ends[2 * ((size_t)m + v)] = 2 * v;
			ends[2 * ((size_t)m + v) + 1] = 2 * v + 1;
			st->removed[m + v] = !f->live_node[v] || f->sync[v];
		}
		rc = tc__bridge_graph_init(ar, &st->bg, 2 * n, ne, ends);
		tc__phase_begin(f->run, "bridges");
		if (!rc)
			rc = tc__bridges_in(&st->bg, st->removed, NULL, NULL, 0);
		tc__phase_end(f->run);
		st->bg.ends = NULL;
	}
	tc__arena_free(&sc);
	return rc;
}

/*
 * Edges split since the last round (their second pieces are seen_m .. m)
 * no longer close any cycle where they were: their two pieces meet at a new
 * sync node, which has no internal edge, so both are bridges. In the bridge
 * graph as built they are removed, for an update.
 */
static uint32_t note_splits(const tc_flow *f, tc_linear_state *st, uint32_t *gone)
{
	uint32_t ngone = 0;
	for (uint32_t e = 0; e < f->m0 && e < st->m1; e++) {
		uint32_t piece = f->second[e];
		if (piece == TC_NONE || piece < st->seen_m || st->removed[e])
			continue;
		st->removed[e] = 1;
		gone[ngone++] = e;
	}
	st->seen_n = f->n;
	st->seen_m = f->m;
	return ngone;
}

/*
 * node_c/edge_c from the bridges: a live node is convergent when it is a
 * sync node or its internal edge is a bridge; a live edge when it is a
 * bridge, cut, split, or a piece of a split edge (the edges past m1, which
 * the bridge graph has not seen). An edge is a bridge when its chain is
 * marked; that also marks removed edges, but those are sync nodes' internal
 * edges, cut, split or dead, which the other flags decide. The flags are
 * all 0 or 1, so the loops combine them with bitwise operations, without
 * branches, one index range at a time.
 */
void tc__linear_answer(const tc_flow *f, const tc_linear_state *st, uint8_t *restrict node_c,
		       uint8_t *restrict edge_c)
{
	uint32_t n = f->n, m = f->m, m0 = f->m0, n1 = st->n1, m1 = st->m1;
	const uint8_t *restrict live_n = f->live_node, *restrict live_e = f->live_edge;
	const uint8_t *restrict sync = f->sync, *restrict cut = st->cut;
	const uint8_t *restrict marked = st->bg.cflag;
	const uint32_t *restrict chain = st->bg.chain, *restrict internal = chain + m1;
	const uint32_t *restrict second = f->second;
	uint32_t v = 0, e = 0;
	for (; v < n && v < n1; v++)
		node_c[v] = live_n[v] & (sync[v] | (marked[internal[v]] != 0));
	for (; v < n; v++)
		node_c[v] = live_n[v] & sync[v];
	for (; e < m && e < m0; e++) /* m0 <= m1 */
		edge_c[e] = live_e[e] &
			    ((marked[chain[e]] != 0) | cut[e] | (second[e] != TC_NONE));
	for (; e < m && e < m1; e++)
		edge_c[e] = live_e[e] & ((marked[chain[e]] != 0) | cut[e]);
	for (; e < m; e++)
		edge_c[e] = live_e[e];
}

/*
 * linear under the paper's literal rule (solve.c): the rule's next rounds
 * only split the out-edges of convergent uniform nodes, and here a split is
 * a removal. So its rounds run on the bridge graph at once, until no
 * uniform node becomes convergent; the feed then splits the flow graph in
 * one round, and the round after finds those edges removed already
 * (note_splits) and nothing more to split. The fixpoint is the one the
 * rounds reach one by one, without an answer, a split and a new index for
 * each.
 */
static int literal_rounds(const tc_flow *f, tc_linear_state *st, uint32_t *gone)
{
	const uint8_t *marked = st->bg.cflag;
	const uint32_t *internal = st->bg.chain + st->m1;
	for (;;) {
		uint32_t ngone = 0;
		for (uint32_t v = 0; v < f->n0 && v < st->n1; v++) {
			if (!f->uniform[v] || !f->live_node[v] || !(f->sync[v] || marked[internal[v]]))
				continue;
			for (const uint32_t *e = TC_FLOW_OUT_BEGIN(f, v); e != TC_FLOW_OUT_END(f, v);
			     e++)
				if (tc__flow_literal_split(f, *e) && *e < st->m1 && !st->removed[*e]) {
					st->removed[*e] = 1;
					gone[ngone++] = *e;
				}
		}
		if (ngone == 0)
			return TC_OK;
		int rc = tc__bridges_in(&st->bg, st->removed, NULL, gone, ngone);
		if (rc)
			return rc;
	}
}

int tc__linear_begin(tc_arena *ar, const tc_flow *f, tc_linear_memo *memo, tc_linear_round *r)
{
	memset(r, 0, sizeof *r);
	r->st = memo ? &memo->st : &r->local;
	r->gone = TC_ARENA_ARRAY(ar, uint32_t, (size_t)f->m + 1);
	if (!r->gone)
		return TC_ENOMEM;
	/* build searches the first time */
	if (!memo)
		return build(ar, f, r->st);
	if (!memo->ready) {
		tc__arena_init(&memo->ar, memo->al);
		memo->ready = true;
		return build(&memo->ar, f, r->st);
	}
	/* the last round's bridges, updated where it split edges */
	r->ngone = note_splits(f, r->st, r->gone);
	r->search = r->ngone > 0;
	return TC_OK;
}

int tc__solve_linear(tc_arena *ar, const tc_flow *f, tc_linear_memo *memo, uint8_t *node_c,
		     uint8_t *edge_c)
{
	tc_linear_round r;
	int rc = tc__linear_begin(ar, f, memo, &r);
	if (rc)
		return rc;
	tc_linear_state *st = r.st;
	/* build searched them all; then only where edges were split */
	tc__phase_begin(f->run, "bridges");
	rc = r.search ? tc__bridges_in(&st->bg, st->removed, NULL, r.gone, r.ngone) : TC_OK;
	if (!rc && memo)
		rc = literal_rounds(f, st, r.gone);
	tc__phase_end(f->run);
	if (rc)
		return rc;
	/* sync nodes are convergent, and so are the pieces of split edges */
	tc__linear_answer(f, st, node_c, edge_c);
	return TC_OK;
}
