/*
 * basic.c - the solver basic: the paper's branch and merge rules by work
 * list (Fig. 7), with optional classes of nodes known to share their state
 * (Fig. 13's region pairs; see region.c).
 *
 * Each node has two rule groups: the node with its live out-edges (branch)
 * and the node with its live in-edges (merge). A group whose unknown count
 * drops to one has its last unknown member proven. Counting keeps the whole
 * run linear: a group is scanned only when its count reaches one.
 */
#include "analysis/solvers.h"

typedef struct rules {
	const tc_flow *f;
	uint8_t *node_c, *edge_c;
	uint32_t *unk_out, *unk_in; /* unknown members of each node's groups */
	uint32_t *work;             /* element ids: nodes v, edges n + e */
	uint32_t top;
	const uint32_t *cls_next;
	uint8_t *cls_done; /* the node's class has been proven whole */
} rules;

static void prove(rules *r, uint32_t elem)
{
	const tc_flow *f = r->f;
	if (elem < f->n) {
		if (r->node_c[elem])
			return;
		r->node_c[elem] = 1;
	} else {
		if (r->edge_c[elem - f->n])
			return;
		r->edge_c[elem - f->n] = 1;
	}
	r->work[r->top++] = elem;
}

/* the group's one unknown member, once its count is one */
static void settle_branch(rules *r, uint32_t v)
{
	const tc_flow *f = r->f;
	if (r->unk_out[v] != 1)
		return;
	if (!r->node_c[v]) {
		prove(r, v);
		return;
	}
	for (const uint32_t *e = TC_FLOW_OUT_BEGIN(f, v); e != TC_FLOW_OUT_END(f, v); e++)
		if (f->live_edge[*e] && !r->edge_c[*e])
			prove(r, f->n + *e);
}

static void settle_merge(rules *r, uint32_t v)
{
	const tc_flow *f = r->f;
	if (r->unk_in[v] != 1)
		return;
	if (!r->node_c[v]) {
		prove(r, v);
		return;
	}
	for (const uint32_t *e = TC_FLOW_IN_BEGIN(f, v); e != TC_FLOW_IN_END(f, v); e++)
		if (f->live_edge[*e] && !r->edge_c[*e])
			prove(r, f->n + *e);
}

int tc__solve_basic(tc_arena *ar, const tc_flow *f, const uint32_t *cls_next,
		    uint8_t *node_c, uint8_t *edge_c)
{
	rules r = {f, node_c, edge_c, NULL, NULL, NULL, 0, cls_next, NULL};
	r.unk_out = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)f->n + 1);
	r.unk_in = TC_ARENA_ZARRAY(ar, uint32_t, (size_t)f->n + 1);
	r.work = TC_ARENA_ARRAY(ar, uint32_t, (size_t)f->n + f->m + 1);
	if (cls_next)
		r.cls_done = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)f->n + 1);
	if (!r.unk_out || !r.unk_in || !r.work || (cls_next && !r.cls_done))
		return TC_ENOMEM;
	for (uint32_t v = 0; v < f->n; v++) {
		node_c[v] = 0;
		r.unk_out[v] = r.unk_in[v] = f->live_node[v];
	}
	for (uint32_t e = 0; e < f->m; e++) {
		edge_c[e] = 0;
		if (f->live_edge[e]) {
			r.unk_out[f->from[e]]++;
			r.unk_in[f->to[e]]++;
		}
	}
	tc__phase_begin(f->run, "rules");
	for (uint32_t v = 0; v < f->n; v++)
		if (f->live_node[v] && f->sync[v])
			prove(&r, v);
	while (r.top > 0) {
		uint32_t x = r.work[--r.top];
		if (x < f->n) {
			r.unk_out[x]--;
			r.unk_in[x]--;
			settle_branch(&r, x);
			settle_merge(&r, x);
			/* walk each class once, however many of its members pop */
			if (cls_next && !r.cls_done[x]) {
				r.cls_done[x] = 1;
				for (uint32_t y = cls_next[x]; y != x; y = cls_next[y]) {
					r.cls_done[y] = 1;
					prove(&r, y);
				}
			}
		} else {
			uint32_t e = x - f->n;
			r.unk_out[f->from[e]]--;
			r.unk_in[f->to[e]]--;
			settle_branch(&r, f->from[e]);
			settle_merge(&r, f->to[e]);
		}
	}
	tc__phase_end(f->run);
	return TC_OK;
}
