/*
 * path.c - the solver path: linear (linear.c) and the path rule on top
 * (SPEC 2.3).
 *
 * Path rule: an edge X->Y between convergent nodes is convergent when no
 * other out-edge of X reaches Y through unproven elements only. Proven edges
 * are cut from the bridge graph (they carry no difference), which can make
 * new bridges; the two steps alternate until nothing changes.
 */
#include "analysis/linear.h"

#include <string.h>

#define MULTI UINT32_MAX

typedef struct path_ctx {
	const tc_flow *f;
	const uint8_t *node_c, *edge_c;
	/* forward: stamp[v] == x when v is labelled for x, label[v] its label */
	uint32_t *stamp, *label, *stack;
	uint8_t *want; /* 1 on the heads of x's undecided candidate out-edges */
	/* backward: bseen[v] == bid when this search has queued v */
	uint32_t *bseen, *bstack, bid;
} path_ctx;

/*
 * Labels node t, reached from x through the out-edge lab (or several: MULTI),
 * and queues it when its label changed and it is unproven (convergent nodes
 * end the search). A candidate head that gets MULTI is decided: it fails.
 */
static inline void path_visit(path_ctx *p, uint32_t x, uint32_t t, uint32_t lab,
			      uint32_t *top, uint32_t *pending)
{
	if (p->stamp[t] == x) {
		if (p->label[t] == lab || p->label[t] == MULTI)
			return;
		lab = MULTI;
		*pending -= p->want[t];
		p->want[t] = 0;
	}
	p->stamp[t] = x;
	p->label[t] = lab;
	if (!p->node_c[t])
		p->stack[(*top)++] = t;
}

/* The backward search for one candidate e0 = x->y, one edge per step. */
typedef struct path_back {
	uint32_t e0, y, top;
	const uint32_t *cur, *end; /* in-edges of the node being expanded */
} path_back;

enum { BACK_GOING, BACK_PASS, BACK_FAIL };

static int back_step(path_ctx *p, path_back *b, uint32_t x)
{
	const tc_flow *f = p->f;
	if (b->cur == b->end) {
		if (b->top == 0)
			return BACK_PASS; /* no other out-edge of x reaches y */
		uint32_t w = p->bstack[--b->top];
		b->cur = TC_FLOW_IN_BEGIN(f, w);
		b->end = TC_FLOW_IN_END(f, w);
		return BACK_GOING;
	}
	uint32_t e = *b->cur++;
	if (!f->live_edge[e] || p->edge_c[e])
		return BACK_GOING;
	uint32_t u = f->from[e];
	if (u == x)
		return e == b->e0 ? BACK_GOING : BACK_FAIL;
	if (!p->node_c[u] && p->bseen[u] != p->bid) {
		p->bseen[u] = p->bid;
		p->bstack[b->top++] = u;
	}
	return BACK_GOING;
}

/*
 * From convergent x, decides for each candidate out-edge x->y (unproven, y
 * convergent) whether another unproven out-edge of x reaches y through
 * unproven elements; x->y passes the rule when none does.
 *
 * Two searches answer that, each on its own. Forward: from every unproven
 * out-edge through unproven elements, labelling each node reached with the
 * out-edge it came from (MULTI when several); x->y fails once y carries
 * MULTI (the heads are labelled first, so y always carries its own edge),
 * and passes when the search ends with y labelled by x->y alone. Each node is
 * queued at most twice. Backward, one candidate at a time: from y through
 * unproven in-edges and nodes; x->y fails when it meets an edge from x other
 * than x->y, and passes when it ends without. A candidate that passes makes
 * the forward search see everything it can reach, while its backward search
 * is often over at once (a loop's exit edge: only the loop reaches back to
 * x); one that fails may be found by either search first. So the two go
 * step for step, one edge each, until every candidate is decided: the work
 * is at most twice that of the forward search alone.
 */
static uint32_t path_rule_at(path_ctx *p, uint32_t x, uint8_t *found)
{
	const tc_flow *f = p->f;
	const uint32_t *out = TC_FLOW_OUT_BEGIN(f, x), *out_end = TC_FLOW_OUT_END(f, x);
	uint32_t top = 0, proven = 0, pending = 0;
	/* only an unproven out-edge to a convergent node can pass: without one
	 * there is nothing to search for */
	for (const uint32_t *e = out; e != out_end; e++) {
		uint32_t y = f->to[*e];
		if (f->live_edge[*e] && !p->edge_c[*e] && p->node_c[y] && !p->want[y]) {
			p->want[y] = 1;
			pending++;
		}
	}
	if (!pending)
		return 0;
	for (const uint32_t *e = out; e != out_end; e++)
		if (f->live_edge[*e] && !p->edge_c[*e])
			path_visit(p, x, f->to[*e], *e, &top, &pending);
	const uint32_t *fcur = NULL, *fend = NULL, *next = out;
	uint32_t l = 0;
	path_back b = {0, 0, 0, NULL, NULL};
	bool back = false;
	while (pending > 0) {
		/* a step forward */
		if (fcur != fend) {
			uint32_t o = *fcur++;
			if (f->live_edge[o] && !p->edge_c[o])
				path_visit(p, x, f->to[o], l, &top, &pending);
		} else if (top > 0) {
			uint32_t v = p->stack[--top];
			l = p->label[v];
			fcur = TC_FLOW_OUT_BEGIN(f, v);
			fend = TC_FLOW_OUT_END(f, v);
		} else {
			break; /* the labels are final */
		}
		/* a step backward, for the next undecided candidate */
		if (back && !p->want[b.y])
			back = false; /* decided forward */
		while (!back && next != out_end) {
			uint32_t e = *next++, y = f->to[e];
			if (p->want[y] && p->label[y] == e) {
				b = (path_back){e, y, 0, TC_FLOW_IN_BEGIN(f, y),
						TC_FLOW_IN_END(f, y)};
				p->bid++;
				back = true;
			}
		}
		if (back) {
			int r = back_step(p, &b, x);
			if (r != BACK_GOING) {
				p->want[b.y] = 0;
				pending--;
				back = false;
				if (r == BACK_PASS) {
					found[b.e0] = 1;
					proven++;
				}
			}
		}
	}
	/* the forward search ended: the candidates still undecided pass */
	for (const uint32_t *e = out; e != out_end; e++) {
		uint32_t y = f->to[*e];
		if (p->want[y] && p->label[y] == *e) {
			found[*e] = 1;
			proven++;
		}
		p->want[y] = 0;
	}
	return proven;
}

/*
 * Which convergent nodes the path rule must search from again. Its search
 * from x only sees the elements unproven at the last pass that x's out-edges
 * reach; a newly proven element changes nothing for x unless x reaches it
 * so, or it is x itself, an out-edge of x or its head. So: the newly proven
 * nodes, and every convergent node found by going backwards from a newly
 * proven element through elements unproven at the last pass. The first pass
 * searches from every convergent node.
 */
static void mark_dirty(const tc_flow *f, const tc_linear_state *st, const uint8_t *node_c,
		       const uint8_t *edge_c, uint8_t *dirty, uint8_t *seen, uint32_t *stack)
{
	uint32_t n = f->n, m = f->m, top = 0;
	const uint8_t *pn = st->prev_n, *pe = st->prev_e;
#define PREV_N(v) ((v) < st->prev_len_n && pn[v])
#define PREV_E(e) ((e) < st->prev_len_e && pe[e])
	if (st->prev_len_n == 0) {
		/* no last pass: every convergent node is new, nothing to look for */
		memcpy(dirty, node_c, n);
		return;
	}
	for (uint32_t v = 0; v < n; v++) {
		dirty[v] = 0;
		seen[v] = 0;
	}
	for (uint32_t v = 0; v < n; v++)
		if (node_c[v] && !PREV_N(v)) {
			dirty[v] = seen[v] = 1;
			stack[top++] = v;
		}
	for (uint32_t e = 0; e < m; e++) {
		if (!edge_c[e] || PREV_E(e))
			continue;
		uint32_t a = f->from[e];
		if (PREV_N(a))
			dirty[a] = 1; /* x itself */
		else if (!seen[a]) {
			seen[a] = 1;
			stack[top++] = a;
		}
	}
	/* backwards through what was unproven; stop at what was convergent */
	while (top > 0) {
		uint32_t w = stack[--top];
		for (const uint32_t *e = TC_FLOW_IN_BEGIN(f, w); e != TC_FLOW_IN_END(f, w); e++) {
			if (!f->live_edge[*e] || PREV_E(*e))
				continue;
			uint32_t u = f->from[*e];
			if (PREV_N(u)) {
				dirty[u] = 1;
			} else if (!seen[u]) {
				seen[u] = 1;
				stack[top++] = u;
			}
		}
	}
#undef PREV_N
#undef PREV_E
}

/* prev_n/prev_e := node_c/edge_c (with al when they must outlive ar) */
static int remember(const tc_alloc *al, tc_arena *ar, tc_linear_state *st,
		    const uint8_t *node_c, uint32_t n, const uint8_t *edge_c, uint32_t m)
{
	if (n > st->prev_cap_n || m > st->prev_cap_e) {
		uint8_t *pn, *pe;
		if (al) {
			pn = tc__realloc(al, st->prev_n, (size_t)n + 1);
			if (pn)
				st->prev_n = pn;
			pe = pn ? tc__realloc(al, st->prev_e, (size_t)m + 1) : NULL;
			if (pe)
				st->prev_e = pe;
		} else {
			pn = TC_ARENA_ARRAY(ar, uint8_t, (size_t)n + 1);
			pe = TC_ARENA_ARRAY(ar, uint8_t, (size_t)m + 1);
			st->prev_n = pn;
			st->prev_e = pe;
		}
		if (!pn || !pe)
			return TC_ENOMEM;
		st->prev_cap_n = n;
		st->prev_cap_e = m;
	}
	memcpy(st->prev_n, node_c, n);
	memcpy(st->prev_e, edge_c, m);
	st->prev_len_n = n;
	st->prev_len_e = m;
	return TC_OK;
}

int tc__solve_path(tc_arena *ar, const tc_flow *f, tc_linear_memo *memo, uint8_t *node_c,
		   uint8_t *edge_c)
{
	uint32_t n = f->n, m = f->m;
	tc_linear_round r;
	int rc = tc__linear_begin(ar, f, memo, &r);
	if (rc)
		return rc;
	tc_linear_state *st = r.st;
	uint32_t *gone = r.gone, ngone = r.ngone;
	bool search = r.search;
	path_ctx p = {f, node_c, edge_c, NULL, NULL, NULL, NULL, NULL, NULL, 0};
	p.stamp = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	p.label = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	p.stack = TC_ARENA_ARRAY(ar, uint32_t, 2 * (size_t)n + 1);
	p.want = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)n + 1);
	p.bseen = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	p.bstack = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	uint8_t *found = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)m + 1);
	uint8_t *dirty = TC_ARENA_ARRAY(ar, uint8_t, (size_t)n + 1);
	uint8_t *seen = p.want; /* mark_dirty's scratch; want is cleared after it */
	if (!p.stamp || !p.label || !p.stack || !p.want || !p.bseen || !p.bstack || !found ||
	    !dirty)
		return TC_ENOMEM;
	for (;;) {
		/* build searched them all; then only where edges were cut or split */
		tc__phase_begin(f->run, "bridges");
		rc = search ? tc__bridges_in(&st->bg, st->removed, NULL, gone, ngone) : TC_OK;
		search = false;
		tc__phase_end(f->run);
		if (rc)
			return rc;
		/* sync nodes are convergent, and so are the pieces of split edges */
		tc__linear_answer(f, st, node_c, edge_c);
		uint32_t proven = 0;
		tc__phase_begin(f->run, "path-rule");
		mark_dirty(f, st, node_c, edge_c, dirty, seen, p.stack);
		memset(p.want, 0, (size_t)n + 1);
		if ((rc = remember(memo ? memo->al : NULL, ar, st, node_c, n, edge_c, m)))
			return rc;
		for (uint32_t v = 0; v < n; v++) {
			p.stamp[v] = TC_NONE;
			p.bseen[v] = 0;
		}
		p.bid = 0; /* fewer backward searches than edges in a pass */
		for (uint32_t x = 0; x < n; x++)
			if (node_c[x] && dirty[x])
				proven += path_rule_at(&p, x, found);
		tc__phase_end(f->run);
		if (proven == 0)
			return TC_OK;
		ngone = 0;
		for (uint32_t e = 0; e < m; e++)
			if (found[e]) { /* never a piece: those are convergent */
				found[e] = 0;
				st->cut[e] = 1;
				st->removed[e] = 1; /* cut: it carries no difference */
				gone[ngone++] = e;
			}
		search = true;
	}
}
