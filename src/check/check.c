/*
 * check.c - check mode over a module (threadconv.h, tc_check; check.h).
 *
 * Barriers are not assumed to synchronize; each checked graph is solved in
 * check mode (tc_module_solve), or, where the module describes its
 * functions, in each calling context a kernel reaches (analysis/calls.h),
 * and every barrier and collective not proven reached by its whole group is
 * a finding with the divergent branches that decide it (tc_causes_of) and
 * what the reader knows of the values those depend on. Findings that only
 * threads leaving the kernel cause get the after-exit rules
 * (analysis/exits.h), and copies of one problem are merged (merge.c).
 *
 * The graphs are independent once the calling contexts are found: each is
 * a task for the caller's runner (tc_check_options.run) and touches only
 * its own record.
 */
#include "check/check.h"
#include "analysis/calls.h"
#include "analysis/exits.h"
#include "analysis/solve.h"
#include "graph/module.h"
#include "util/diag.h"
#include "util/names.h"

#include <stdio.h>
#include <string.h>

/* The calls kept of a finding's chain: the innermost, then the outermost
 * (the report shows at most 16, then counts the rest); what a finding
 * keeps, and the work to find it, stay bounded (a chain of 10^5 helpers,
 * each with a finding, is no quadratic work or memory) */
#define MAX_FINDING_CALLS 32
/* The longest calls of a finding judged after exit (more: an ordinary
 * divergence): all of them are kept */
#define MAX_EXIT_CHAIN MAX_FINDING_CALLS

/* One graph checked: its record and what the record points into. */
typedef struct graph_check {
	tc_check_graph pub;
	tc_module *m;
	const tc_calls *calls; /* m's calling contexts, or NULL */
	const tc_alloc *al;
	tc_result *own;        /* pub.result when solved here */
	tc_check_collectives coll;
	tc_finding_cause *causes; /* the causes of the findings, before merging */
	size_t ncauses, causes_cap;
	tc_finding_call *links; /* the calls of the findings */
	tc_call_link *raw;      /* the calls of the findings that may be after
				 * exit, as the contexts found them (chain_exits) */
	size_t nlinks, links_cap, nraw, raw_cap;
	tc_collective *ccopy;   /* the collectives as the calling contexts see them */
	tc_finding_cause *merged; /* the causes, copies merged */
	char **names;           /* names made for the report */
	size_t nnames, names_cap;
	uint32_t *ids;          /* scratch: room for every node of any graph of m */
	uint32_t nids;
	uint32_t most;          /* the most nodes of a graph of m */
	tc_causes *why;         /* of pub.result */
	int rc;
	tc_diag diag;
} graph_check;

struct tc_findings {
	tc_alloc al;
	tc_module *m;
	tc_calls *calls;
	tc_solve_options opt;
	graph_check *graphs; /* the checked ones, in module order */
	size_t ngraphs;
	size_t *index;       /* per graph of m: its place in graphs, or SIZE_MAX */
	tc_finding *list;
	size_t nlist;
};

/* ---- one graph ------------------------------------------------------------ */

static int oom(graph_check *c)
{
	return c->rc = tc__diag(&c->diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
}

/* Whether graph j of m is checked: as the calling contexts say where m has
 * them; else every kernel, or every graph when m has no kernel (any). */
static bool is_checked(const tc_module *m, const tc_calls *calls, bool any_kernel, size_t j)
{
	if (calls)
		return tc__calls_checked(calls, j);
	return !any_kernel || tc_module_graph_is_kernel(m, j);
}

/* Whether barrier node v of c's graph is reported: not proven convergent,
 * in every calling context where the module has them; a call whose
 * callee's barriers are judged in their contexts is no finding itself. */
static bool is_reported(const graph_check *c, uint32_t v)
{
	unsigned fl = tc_graph_node_flags(c->pub.graph, v);
	if (!(fl & (TC_NODE_BARRIER | TC_NODE_PARTIAL_BARRIER)))
		return false;
	if (c->calls && (fl & TC_NODE_BARRIER))
		return tc__calls_callee(c->calls, c->pub.j, v) == TC_NONE &&
		       tc__calls_barrier_state(c->calls, c->pub.j, v) == TC_STATE_UNKNOWN;
	return tc_result_node_state(c->pub.result, v) == TC_STATE_UNKNOWN;
}

/* The names of the functions c's call nodes call (pub.callee). */
static int name_callees(graph_check *c)
{
	const tc_graph *g = c->pub.graph;
	uint32_t n = tc_graph_node_count(g);
	for (uint32_t v = 0; v < n; v++) {
		uint32_t f = tc_graph_node_flags(g, v) & TC_NODE_BARRIER
				     ? tc__calls_callee(c->calls, c->pub.j, v)
				     : TC_NONE;
		if (f == TC_NONE)
			continue;
		if (!c->pub.callee && !(c->pub.callee = tc__calloc(c->al, n, sizeof *c->pub.callee)))
			return oom(c);
		c->pub.callee[v] = tc_graph_name(tc_module_graph(c->m, f));
	}
	return TC_OK;
}

/* text[0..len) kept with c; NULL when out of memory. */
static const char *keep(graph_check *c, const char *text, size_t len)
{
	char *copy = NULL;
	if (tc__grow(c->al, &c->names, &c->names_cap, c->nnames + 1, sizeof *c->names) == TC_OK &&
	    (copy = tc__malloc(c->al, len + 1))) {
		memcpy(copy, text, len);
		copy[len] = '\0';
		c->names[c->nnames++] = copy;
	}
	return copy;
}

/* A function's name as its source writes it (util/names.h), kept with c;
 * NULL when out of memory. */
static const char *plain_name(graph_check *c, const char *name)
{
	char buf[512];
	size_t n = tc__plain_name(buf, sizeof buf, name, strlen(name));
	return keep(c, buf, n);
}

/* "argument N of 'F'" (N 1-based, F's plain name), kept with c; NULL when
 * out of memory. */
static const char *plain_argument(graph_check *c, uint32_t p, bool through, const tc_graph *g)
{
	char f[512], text[640];
	const char *name = tc_graph_name(g);
	tc__plain_name(f, sizeof f, name, strlen(name));
	int n = snprintf(text, sizeof text, "%sargument %u of '%s'%s", through ? "what " : "",
			 p + 1, f, through ? " points to" : "");
	return keep(c, text, n < 0 ? 0 : (size_t)n < sizeof text ? (size_t)n : sizeof text - 1);
}

/* Appends the causes of node (tc_causes_of why: the divergent branches that
 * decide it, with what graph j of m knows of them) to c->causes; *count gets
 * how many. ids is scratch of nids, the graph's node count. */
static int add_causes(graph_check *c, tc_causes *why, uint32_t node, size_t j, uint32_t *ids,
		      uint32_t nids, uint32_t *count)
{
	if (tc_causes_of(why, node, ids, nids, count) ||
	    tc__grow(c->al, &c->causes, &c->causes_cap, c->ncauses + *count, sizeof *c->causes))
		return oom(c);
	for (uint32_t q = 0; q < *count; q++) {
		tc_finding_cause *fc = &c->causes[c->ncauses + q];
		fc->graph = NULL;
		fc->node = ids[q];
		fc->loc = tc_module_branch_loc(c->m, j, ids[q]);
		fc->depends_on = tc_module_branch_source(c->m, j, ids[q], &fc->depends_loc);
	}
	c->ncauses += *count;
	return TC_OK;
}

/* The witness of collective k (coll) or barrier node k of c's graph. */
static int witness_of(const graph_check *c, bool coll, uint32_t k, tc_call_link *chain,
		      uint32_t cap, tc_call_witness *w)
{
	return coll ? tc__calls_collective_witness(c->calls, c->pub.j, k, chain, cap, w)
		    : tc__calls_witness(c->calls, c->pub.j, k, chain, cap, w);
}

/* A finding in a function checked in its calling contexts (collective k
 * when coll, else barrier node k): the calls that lead to it, appended to
 * c->links (at most MAX_FINDING_CALLS; *omitted: those left out before the
 * outermost), and its causes, wherever they are, to c->causes. */
static int context_finding(graph_check *c, bool coll, uint32_t k, uint32_t *ncalls,
			   uint32_t *omitted, uint32_t *ncauses, bool *unknown, uint32_t *link0)
{
	tc_call_witness w;
	tc_call_link links[MAX_FINDING_CALLS];
	*ncalls = *ncauses = *omitted = 0;
	*unknown = false;
	*link0 = TC_NONE;
	if (witness_of(c, coll, k, links, MAX_FINDING_CALLS, &w))
		return TC_OK; /* not reported after all: cannot be */
	uint32_t want = w.nchain < MAX_FINDING_CALLS ? w.nchain : MAX_FINDING_CALLS;
	if (tc__grow(c->al, &c->links, &c->links_cap, c->nlinks + want, sizeof *c->links))
		return oom(c);
	/* the calls as found, where they are the only way to it (chain_exits) */
	bool one_way = want && w.nchain <= MAX_EXIT_CHAIN && !w.unknown_callers;
	for (uint32_t q = 0; q < want && one_way; q++)
		one_way = tc__calls_one_way(c->calls, links[q].callee);
	if (one_way) {
		if (tc__grow(c->al, &c->raw, &c->raw_cap, c->nraw + want, sizeof *c->raw))
			return oom(c);
		memcpy(c->raw + c->nraw, links, want * sizeof *links);
		*link0 = (uint32_t)c->nraw;
		c->nraw += want;
	}
	for (uint32_t q = 0; q < want; q++)
		c->links[c->nlinks + q] =
			(tc_finding_call){tc_graph_name(tc_module_graph(c->m, links[q].callee)),
					  tc_graph_name(tc_module_graph(c->m, links[q].caller)),
					  links[q].loc};
	*ncalls = want;
	*omitted = w.nchain - want;
	*unknown = w.unknown_callers;
	c->nlinks += want;
	/* a branch on a parameter: the argument passed by the call into the
	 * function of the causes */
	tc_loc into = w.cause_into;
	if (w.cause_node == TC_NONE || !w.cause_result)
		return TC_OK;
	tc_causes *other = NULL;
	bool here = w.cause_graph == c->pub.j && w.cause_result == c->pub.result;
	const tc_graph *cg = tc_module_graph(c->m, w.cause_graph);
	if (!here && tc_causes_new(&other, cg, w.cause_result, &c->al->a))
		return oom(c);
	size_t at = c->ncauses;
	int rc = add_causes(c, here ? c->why : other, w.cause_node, w.cause_graph, c->ids, c->nids,
			    ncauses);
	tc_causes_free(other);
	for (size_t q = at; !rc && q < c->ncauses; q++) {
		tc_finding_cause *fc = &c->causes[q];
		fc->graph = w.cause_graph == c->pub.j ? NULL : cg;
		if (fc->depends_on)
			continue;
		/* a branch on a parameter: the argument the call passes */
		int err;
		bool through;
		uint32_t p =
		    tc__calls_branch_param(c->calls, w.cause_context, fc->node, &through, &err);
		if (err)
			return oom(c);
		if (p == TC_NONE)
			continue;
		if (!(fc->depends_on = plain_argument(c, p, through, cg)))
			return oom(c);
		fc->depends_loc = into;
	}
	return rc;
}

/* The collectives of a graph checked in its calling contexts: copies of the
 * reader's, with what the contexts say of their masks and arguments, their
 * verdicts and, for a reported one, its calls and causes. A call's
 * collectives are judged in the callee, a barrier's as a barrier. */
static int context_collectives(graph_check *c)
{
	size_t n = tc_module_collective_count(c->m, c->pub.j);
	size_t j = c->pub.j;
	if (n == 0)
		return TC_OK;
	if (!(c->ccopy = tc__calloc(c->al, n, sizeof *c->ccopy)) ||
	    !(c->coll.list = tc__calloc(c->al, n, sizeof *c->coll.list)))
		return oom(c);
	c->coll.n = n;
	const tc_result *warp = tc__calls_warp_result(c->calls, j);
	for (size_t k = 0; k < n; k++) {
		tc_collective *col = &c->ccopy[k];
		tc_check_collective *rc = &c->coll.list[k];
		*col = *tc_module_collective(c->m, j, k);
		rc->c = col;
		rc->state = tc_result_node_state(c->pub.result, col->node);
		/* a call: as its group reaches it (what the block reaches
		 * together, each warp does) */
		if (col->call && col->group != TC_GROUP_BLOCK && warp &&
		    rc->state == TC_STATE_UNKNOWN)
			rc->state = tc_result_node_state(warp, col->node);
		tc_calls_site site;
		if (col->call && tc__calls_site(c->calls, j, k, &site)) {
			/* a call of a wrapper: its collective, as if inlined here */
			if (site.inner == TC_NONE)
				continue; /* a wrapper has one */
			const tc_collective *w = tc_module_collective(c->m, site.inner,
								      site.collective);
			col->call = false;
			col->name = w->name;
			col->masked = site.masked;
			col->lanes = site.lanes;
			col->full_mask = w->full_mask;
			col->inlined = plain_name(c, tc_graph_name(tc_module_graph(c->m, site.wrapper)));
			if (!col->inlined)
				return oom(c);
			col->inlined_loc = w->loc;
			const tc_collective *a = site.arg != TC_NONE
							 ? tc_module_collective(c->m, site.arg_graph,
										site.arg_collective)
							 : NULL;
			col->arg = site.arg;
			col->arg_name = a ? a->arg_name : NULL;
			col->arg_source = NULL;
			rc->state = site.state;
			rc->reported = !site.masked && site.state == TC_STATE_UNKNOWN;
			if (rc->reported && context_finding(c, true, (uint32_t)k, &rc->ncalls, &rc->calls_omitted,
							    &rc->ncauses, &rc->unknown_callers,
							    &rc->link0))
				return c->rc;
			continue;
		}
		/* a call's collectives are its callee's; through a pointer,
		 * no callee is known: judged here, at the call */
		if (col->barrier || (col->call && !col->indirect))
			continue;
		bool masked;
		tc_state st = tc__calls_collective(c->calls, j, k, &masked, &col->arg, &col->lanes);
		col->masked = masked;
		/* a masked one is judged nowhere: its node's state, as shown */
		rc->state = !masked                                    ? st
			    : col->group != TC_GROUP_BLOCK && warp && rc->state == TC_STATE_UNKNOWN
				? tc_result_node_state(warp, col->node)
				: rc->state;
		rc->reported = !masked && rc->state == TC_STATE_UNKNOWN;
		if (rc->reported && context_finding(c, true, (uint32_t)k, &rc->ncalls, &rc->calls_omitted,
						    &rc->ncauses, &rc->unknown_callers, &rc->link0))
			return c->rc;
	}
	return TC_OK;
}

/* The reported barriers and collectives of one solved graph, with their
 * causes (and, in calling contexts, their calls). */
static int find_barriers(graph_check *c)
{
	const tc_graph *g = c->pub.graph;
	uint32_t n = tc_graph_node_count(g), nb = 0, k = 0;
	c->nids = n;
	if (c->calls && name_callees(c))
		return c->rc;
	for (uint32_t v = 0; v < n; v++)
		nb += is_reported(c, v);
	if (nb == 0 && (!c->calls || tc_module_collective_count(c->m, c->pub.j) == 0))
		return TC_OK;
	if (c->calls && c->most > c->nids)
		c->nids = c->most;
	c->ids = tc__malloc(c->al, ((size_t)c->nids + 1) * sizeof *c->ids);
	c->pub.barriers = tc__calloc(c->al, nb ? nb : 1, sizeof *c->pub.barriers);
	if (!c->ids || !c->pub.barriers || tc_causes_new(&c->why, g, c->pub.result, &c->al->a))
		return oom(c);
	for (uint32_t v = 0; v < n; v++) {
		if (!is_reported(c, v))
			continue;
		tc_check_barrier *rb = &c->pub.barriers[k++];
		rb->node = v;
		rb->inlined = tc_module_node_inlined(c->m, c->pub.j, v, &rb->inlined_loc);
		tc_loc wl;
		uint32_t w = !rb->inlined && c->calls
				     ? tc__calls_wrapper_barrier(c->calls, c->pub.j, v, &wl)
				     : TC_NONE;
		if (w != TC_NONE) { /* a wrapper's barrier, as if inlined here */
			if (!(rb->inlined = plain_name(c, tc_graph_name(tc_module_graph(c->m, w)))))
				return oom(c);
			rb->inlined_loc = wl;
		}
		if (c->calls && (tc_graph_node_flags(g, v) & TC_NODE_BARRIER)) {
			if (context_finding(c, false, v, &rb->ncalls, &rb->calls_omitted, &rb->ncauses,
					    &rb->unknown_callers, &rb->link0))
				return c->rc;
			continue;
		}
		/* at most n: ids holds them all */
		if (add_causes(c, c->why, v, c->pub.j, c->ids, n, &rb->ncauses))
			return c->rc;
	}
	c->pub.nbarriers = nb;
	return c->calls ? context_collectives(c) : TC_OK;
}

/* The causes and calls have stopped moving: the findings point into them. */
static void point_into(graph_check *c)
{
	size_t at = 0, l = 0;
	for (size_t b = 0; b < c->pub.nbarriers; b++) {
		tc_check_barrier *rb = &c->pub.barriers[b];
		rb->causes = rb->ncauses ? c->causes + at : NULL;
		rb->calls = rb->ncalls ? c->links + l : NULL;
		at += rb->ncauses;
		l += rb->ncalls;
	}
	for (size_t q = 0; c->calls && q < c->coll.n; q++) {
		tc_check_collective *rc = &c->coll.list[q];
		rc->causes = rc->ncauses ? c->causes + at : NULL;
		rc->calls = rc->ncalls ? c->links + l : NULL;
		at += rc->ncauses;
		l += rc->ncalls;
	}
}

/* Whether the causes of a finding, all in graph g, are missed only by
 * threads that leave the kernel (analysis/exits.h); *loc: where they go. */
static bool only_exits(tc_exits *x, const tc_alloc *al, const tc_graph *g, uint32_t node,
		       bool barrier, const tc_finding_cause *causes, uint32_t ncauses, tc_loc *loc)
{
	uint32_t side, *ids = ncauses ? tc__malloc(al, ncauses * sizeof *ids) : NULL;
	bool only = ids != NULL; /* out of memory: an ordinary divergence */
	for (uint32_t i = 0; only && i < ncauses; i++) {
		only = !causes[i].graph || causes[i].graph == g; /* not a caller's */
		ids[i] = causes[i].node;
	}
	only = only && tc__exits_only(x, node, ids, ncauses, barrier, &side);
	tc__free(al, ids);
	if (!only)
		return false;
	/* the return where it has a position, else the branch that leads there */
	*loc = side != TC_NONE ? tc_graph_node_loc(g, side) : (tc_loc){NULL, 0, 0};
	if (!loc->file || !loc->line)
		*loc = causes[0].loc;
	return true;
}

/* The exit-only region of graph j of c's module (g), for its solve r: from
 * its barriers' and collectives' nodes (tc__exits_new). */
static int graph_exits(graph_check *c, size_t j, const tc_graph *g, const tc_result *r,
			tc_exits **x)
{
	uint32_t n = tc_graph_node_count(g), ne = 0;
	uint32_t *elements = tc__malloc(
		c->al, ((size_t)n + tc_module_collective_count(c->m, j) + 1) * sizeof *elements);
	if (!elements)
		return oom(c);
	for (uint32_t v = 0; v < n; v++)
		if (tc_graph_node_flags(g, v) & (TC_NODE_BARRIER | TC_NODE_PARTIAL_BARRIER))
			elements[ne++] = v;
	for (size_t k = 0; k < tc_module_collective_count(c->m, j); k++)
		elements[ne++] = tc_module_collective(c->m, j, k)->node;
	int rc = tc__exits_new(x, g, elements, ne, r, c->al);
	tc__free(c->al, elements);
	return rc ? oom(c) : TC_OK;
}

/* The exit-only regions of the graphs on findings' calls, made as they are
 * needed (a few at a time: the findings of one function share them). */
#define EXITS_KEPT 8
typedef struct exits_cache {
	size_t graph[EXITS_KEPT];
	tc_exits *x[EXITS_KEPT];
	unsigned n, next;
} exits_cache;

/* Graph j's exit-only region (its solve as the calls show it), or NULL:
 * none to be had. TC_OK or TC_ENOMEM. */
static int exits_of(graph_check *c, exits_cache *k, size_t j, tc_exits **x)
{
	*x = NULL;
	for (unsigned i = 0; i < k->n; i++)
		if (k->graph[i] == j) {
			*x = k->x[i];
			return TC_OK;
		}
	const tc_result *r = tc__calls_result(c->calls, j);
	if (!r)
		return TC_OK;
	unsigned i = k->n < EXITS_KEPT ? k->n++ : k->next++ % EXITS_KEPT;
	tc__exits_free(k->x[i]);
	k->x[i] = NULL;
	k->graph[i] = SIZE_MAX;
	if (graph_exits(c, j, tc_module_graph(c->m, j), r, &k->x[i]))
		return c->rc;
	k->graph[i] = j;
	*x = k->x[i];
	return TC_OK;
}

/* Whether, after call link l, its caller reaches nothing but its end: the
 * node the call is in goes on only into the exit-only region, and holds no
 * other barrier or collective than the call's. */
static bool tail_call(graph_check *c, const tc_call_link *l, tc_exits *x)
{
	const tc_graph *g = tc_module_graph(c->m, l->caller);
	uint32_t v = l->in_node, own = 0;
	if (v == TC_NONE || !tc__exits_tail(x, v) ||
	    ((tc_graph_node_flags(g, v) & (TC_NODE_BARRIER | TC_NODE_PARTIAL_BARRIER)) &&
	     l->node != v))
		return false;
	for (size_t q = 0; q < tc_module_collective_count(c->m, l->caller); q++)
		own += tc_module_collective(c->m, l->caller, q)->node == v;
	return own <= 1;
}

/* Whether a finding of a function that kernels call (node e of graph j,
 * its calls ch[0 .. n), innermost first, kept where they are the only way
 * to it: context_finding) is missed only by threads that leave the kernel:
 * its causes are the branches of one function on the way, missed so there
 * as its own finding would be (e there: the finding, or the call that
 * leads to it), and every function from that one up to the kernel returns
 * only to its caller's end (tail_call): the threads that leave the
 * function leave the kernel, as inlined they would. */
static int chain_exits(graph_check *c, exits_cache *k, size_t j, uint32_t e, bool barrier,
		       const tc_call_link *ch, uint32_t n, const tc_finding_cause *causes,
		       uint32_t ncauses, bool *after, tc_loc *loc)
{
	*after = false;
	if (!n || !ncauses || !tc_module_graph_is_kernel(c->m, ch[n - 1].caller))
		return TC_OK;
	const tc_graph *cg = causes[0].graph;
	for (uint32_t i = 1; i < ncauses; i++)
		if (causes[i].graph != cg)
			return TC_OK;
	/* the function of the causes, and the node there that leads on */
	size_t where = j;
	uint32_t first = 0; /* the first call from there up */
	if (cg) {
		for (first = 0; first < n && tc_module_graph(c->m, ch[first].caller) != cg; first++)
			;
		if (first == n || ch[first].in_node == TC_NONE)
			return TC_OK;
		where = ch[first].caller;
		e = ch[first].in_node;
		first++;
	}
	tc_exits *x;
	if (exits_of(c, k, where, &x))
		return c->rc;
	tc_loc at;
	if (!x || !only_exits(x, c->al, tc_module_graph(c->m, where), e, barrier, causes,
			      ncauses, &at))
		return TC_OK;
	for (uint32_t i = first; i < n; i++) {
		if (exits_of(c, k, ch[i].caller, &x))
			return c->rc;
		if (!x || !tail_call(c, &ch[i], x))
			return TC_OK;
	}
	*after = true;
	*loc = at;
	return TC_OK;
}

/* The findings of a function that kernels call: after exit as chain_exits
 * finds them. */
static int called_exits(graph_check *c)
{
	exits_cache k = {{0}, {NULL}, 0, 0};
	size_t nb = c->pub.nbarriers, j = c->pub.j;
	int rc = TC_OK;
	for (size_t q = 0; q < nb && !rc; q++) {
		tc_check_barrier *rb = &c->pub.barriers[q];
		if (rb->link0 != TC_NONE &&
		    !(tc_graph_node_flags(c->pub.graph, rb->node) & TC_NODE_PARTIAL_BARRIER))
			rc = chain_exits(c, &k, j, rb->node, true, c->raw + rb->link0, rb->ncalls,
					 rb->causes, rb->ncauses, &rb->after_exit, &rb->exit_loc);
	}
	for (size_t q = 0; q < c->coll.n && !rc; q++) {
		tc_check_collective *rcl = &c->coll.list[q];
		if (rcl->reported && rcl->link0 != TC_NONE)
			rc = chain_exits(c, &k, j, rcl->c->node, false, c->raw + rcl->link0,
					 rcl->ncalls, rcl->causes, rcl->ncauses, &rcl->after_exit,
					 &rcl->exit_loc);
	}
	for (unsigned i = 0; i < k.n; i++)
		tc__exits_free(k.x[i]);
	return rc;
}

/* The reported barriers and collectives of a kernel that only threads that
 * leave it miss: their own rules (barrier-after-exit, collective-after-exit);
 * and those of functions that kernels call (called_exits). */
static int classify_exits(graph_check *c)
{
	const tc_graph *g = c->pub.graph;
	size_t nc = c->coll.n, j = c->pub.j;
	if (!tc_module_graph_is_kernel(c->m, j) || (c->pub.nbarriers == 0 && nc == 0))
		return c->calls ? called_exits(c) : TC_OK;
	tc_exits *x;
	if (graph_exits(c, j, g, c->pub.result, &x))
		return c->rc;
	for (size_t b = 0; b < c->pub.nbarriers; b++) {
		tc_check_barrier *rb = &c->pub.barriers[b];
		rb->after_exit = !rb->ncalls &&
				 !(tc_graph_node_flags(g, rb->node) & TC_NODE_PARTIAL_BARRIER) &&
				 only_exits(x, c->al, g, rb->node, true, rb->causes, rb->ncauses,
					    &rb->exit_loc);
	}
	/* the after-exit barriers judged in pairs: the first of two that wait
	 * at once, threads of both running, is an ordinary divergence */
	uint32_t *after = tc__malloc(c->al, (c->pub.nbarriers + 1) * sizeof *after);
	uint8_t *ordinary = tc__malloc(c->al, c->pub.nbarriers + 1);
	size_t na = 0;
	for (size_t b = 0; after && b < c->pub.nbarriers; b++)
		if (c->pub.barriers[b].after_exit)
			after[na++] = c->pub.barriers[b].node;
	if (!after || !ordinary || tc__exits_pairs(x, after, na, ordinary)) {
		tc__free(c->al, after);
		tc__free(c->al, ordinary);
		tc__exits_free(x);
		return oom(c);
	}
	for (size_t b = 0, i = 0; b < c->pub.nbarriers; b++)
		if (c->pub.barriers[b].after_exit && ordinary[i++])
			c->pub.barriers[b].after_exit = false;
	tc__free(c->al, after);
	tc__free(c->al, ordinary);
	for (size_t q = 0; q < nc; q++) {
		tc_check_collective *rcl = &c->coll.list[q];
		rcl->after_exit = rcl->reported && !rcl->ncalls &&
				  only_exits(x, c->al, g, rcl->c->node, false, rcl->causes,
					     rcl->ncauses, &rcl->exit_loc);
	}
	tc__exits_free(x);
	return TC_OK;
}

/* Graph c solved (or its contexts' solve taken) and its findings found. */
static int check_graph(graph_check *c, const tc_solve_options *opt)
{
	size_t j = c->pub.j;
	const tc_result *r = c->calls ? tc__calls_result(c->calls, j) : NULL;
	if (!r) {
		tc_diag d;
		int rc = tc_module_solve(&c->own, c->m, j, opt, &c->al->a, &d);
		if (rc)
			return c->rc = tc__diag(&c->diag, rc, NULL, 0, 0, "graph '%s': %s",
						    tc_graph_name(c->pub.graph), d.message);
		r = c->own;
	}
	c->pub.result = r;
	c->pub.warp_size = tc_module_warp_size(c->m, j);
	c->pub.warp_assumed = tc_module_warp_assumed(c->m, j);
	if (find_barriers(c))
		return c->rc;
	if (!c->calls) {
		int rc = tc__check_collectives(&c->coll, c->m, j, r, opt, c->al, &c->diag);
		if (rc)
			return c->rc = rc;
	}
	point_into(c);
	if (classify_exits(c))
		return c->rc;
	c->pub.collectives = c->coll.list;
	c->pub.ncollectives = c->coll.n;
	/* one finding per problem: copies of a barrier or collective merged */
	if (tc__check_merge(c->pub.graph, c->pub.barriers, c->pub.nbarriers, c->coll.list,
			    c->pub.ncollectives, &c->merged, c->al))
		return oom(c);
	tc_causes_free(c->why);
	c->why = NULL;
	tc__free(c->al, c->ids);
	c->ids = NULL;
	return TC_OK;
}

static void check_task(void *arg, size_t k)
{
	tc_findings *f = arg;
	check_graph(&f->graphs[k], &f->opt);
}

static void graph_free(graph_check *c)
{
	const tc_alloc *al = c->al;
	tc_result_free(c->own);
	tc__free(al, c->pub.callee);
	tc__free(al, c->pub.barriers);
	tc__check_collectives_free(&c->coll, al);
	tc__free(al, c->causes);
	tc__free(al, c->links);
	tc__free(al, c->raw);
	tc__free(al, c->ccopy);
	tc__free(al, c->merged);
	for (size_t q = 0; q < c->nnames; q++)
		tc__free(al, c->names[q]);
	tc__free(al, c->names);
	tc__free(al, c->ids);
	tc_causes_free(c->why);
}

/* ---- collectives ----------------------------------------------------------- */

void tc__check_collectives_free(tc_check_collectives *c, const tc_alloc *al)
{
	tc__free(al, c->list);
	tc__free(al, c->causes);
	tc_result_free(c->warp);
	for (int k = 0; k < 4; k++)
		tc_result_free(c->lanes[k]);
	tc__free(al, c->copy);
	memset(c, 0, sizeof *c);
}

/* The span of the lanes masked collective k of graph j names, whose reach
 * is judged for them (tc_graph_info's coll_span), or -1. */
static int coll_span(const tc_module *m, size_t j, size_t k)
{
	const tc_graph_info *in = &m->info[j];
	return in->coll_span && k < in->ncoll ? in->coll_span[k] : -1;
}

/* The solve that decides collective k of graph j beside the block's, in
 * *r: 2 + s for a group of 2^(s + 1) lanes' (its mask's), 1 the warp's,
 * 0 none (*r NULL). */
static int view_of(const tc_check_collectives *out, const tc_module *m, size_t j, size_t k,
		   const tc_result **r)
{
	int sp = coll_span(m, j, k);
	*r = NULL;
	if (sp >= 1 && sp <= 4 && out->lanes[sp - 1]) {
		*r = out->lanes[sp - 1];
		return 1 + sp;
	}
	if (out->list[k].c->group == TC_GROUP_BLOCK || !out->warp)
		return 0;
	*r = out->warp;
	return 1;
}

/* The causes of each reported collective, from the solve for its group. */
static int collective_causes(tc_check_collectives *out, const tc_graph *g, const tc_module *m,
			     size_t j, const tc_result *block, const tc_alloc *al)
{
	uint32_t nn = tc_graph_node_count(g);
	uint32_t *ids = tc__malloc(al, ((size_t)nn + 1) * sizeof *ids);
	tc_causes *why[6] = {NULL, NULL, NULL, NULL, NULL, NULL};
	size_t total = 0, cap = 0;
	int rc = ids ? TC_OK : TC_ENOMEM;
	for (size_t k = 0; rc == TC_OK && k < out->n; k++) {
		tc_check_collective *cc = &out->list[k];
		if (!cc->reported)
			continue;
		const tc_result *view;
		int w = view_of(out, m, j, k, &view);
		if (!why[w] && tc_causes_new(&why[w], g, view ? view : block, &al->a)) {
			rc = TC_ENOMEM;
			break;
		}
		if (tc_causes_of(why[w], cc->c->node, ids, nn, &cc->ncauses) ||
		    tc__grow(al, &out->causes, &cap, total + cc->ncauses, sizeof *out->causes)) {
			rc = TC_ENOMEM;
			break;
		}
		for (uint32_t q = 0; q < cc->ncauses; q++) {
			tc_finding_cause *fc = &out->causes[total + q];
			fc->graph = NULL;
			fc->node = ids[q];
			fc->loc = tc_module_branch_loc(m, j, ids[q]);
			fc->depends_on = tc_module_branch_source(m, j, ids[q], &fc->depends_loc);
		}
		total += cc->ncauses;
	}
	/* the causes array has stopped moving: point into it */
	for (size_t k = 0, at = 0; rc == TC_OK && k < out->n; at += out->list[k++].ncauses)
		out->list[k].causes = out->list[k].ncauses ? out->causes + at : NULL;
	tc__free(al, ids);
	for (int w = 0; w < 6; w++)
		tc_causes_free(why[w]);
	return rc;
}

int tc__check_collectives(tc_check_collectives *out, tc_module *m, size_t j,
			  const tc_result *block, const tc_solve_options *opt,
			  const tc_alloc *al, tc_diag *diag)
{
	memset(out, 0, sizeof *out);
	size_t n = tc_module_collective_count(m, j);
	const tc_graph *g = tc_module_graph(m, j);
	if (n == 0)
		return TC_OK;
	if (!(out->list = tc__calloc(al, n, sizeof *out->list)))
		return tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
	out->n = n;
	bool warp = false, reported = false;
	for (size_t k = 0; k < n; k++) {
		const tc_collective *c = tc_module_collective(m, j, k);
		warp |= !c->barrier && c->group != TC_GROUP_BLOCK;
	}
	tc_solve_options o = *opt;
	o.group = TC_GROUP_WARP;
	o.progress = NULL;
	tc_diag d;
	if (warp) {
		int rc = tc_module_solve(&out->warp, m, j, &o, &al->a, &d);
		if (rc)
			return tc__diag(diag, rc, NULL, 0, 0, "graph '%s': %s", tc_graph_name(g),
					    d.message);
	}
	/* a masked one judged for the lanes its mask names: a copy, judged
	 * (not masked) in its group of lanes' solve */
	for (size_t k = 0; k < n; k++) {
		int sp = coll_span(m, j, k);
		if (sp < 1)
			continue;
		if (!out->copy && !(out->copy = tc__malloc(al, n * sizeof *out->copy)))
			return tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
		if (sp <= 4 && !out->lanes[sp - 1]) {
			int rc = tc__module_solve_lanes(&out->lanes[sp - 1], m, j, sp, &o, &al->a,
							&d);
			if (rc)
				return tc__diag(diag, rc, NULL, 0, 0, "graph '%s': %s",
						    tc_graph_name(g), d.message);
		}
	}
	for (size_t k = 0; k < n; k++) {
		tc_check_collective *cc = &out->list[k];
		cc->c = tc_module_collective(m, j, k);
		int sp = coll_span(m, j, k);
		if (out->copy) {
			out->copy[k] = *cc->c;
			if (sp >= 1) {
				out->copy[k].masked = false;
				out->copy[k].lanes = sp <= 4 ? 1u << sp : 0;
			}
			cc->c = &out->copy[k];
		}
		cc->state = tc_result_node_state(block, cc->c->node);
		/* what the whole block reaches together, each warp does, and each
		 * group of its lanes */
		const tc_result *view;
		view_of(out, m, j, k, &view);
		if (cc->state == TC_STATE_UNKNOWN && view)
			cc->state = tc_result_node_state(view, cc->c->node);
		cc->reported = !opt->assume_barriers && !cc->c->barrier && !cc->c->masked &&
			       cc->state == TC_STATE_UNKNOWN;
		reported |= cc->reported;
	}
	if (reported && collective_causes(out, g, m, j, block, al))
		return tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
	return TC_OK;
}

/* ---- the module ------------------------------------------------------------ */

static void run_serial(void *ud, size_t n, void (*task)(void *arg, size_t i), void *arg)
{
	(void)ud;
	for (size_t i = 0; i < n; i++)
		task(arg, i);
}

/* What a finding of a barrier or collective's reach says: its calls, and
 * for one that is not a copy (merged) its causes and where exited threads
 * go. */
static void set_reach(tc_finding *x, const tc_finding_call *calls, uint32_t ncalls,
		      uint32_t omitted, bool unknown_callers, const tc_finding_cause *causes, uint32_t ncauses,
		      bool merged, bool after_exit, tc_loc exit_loc)
{
	x->calls = calls;
	x->ncalls = ncalls;
	x->calls_omitted = omitted;
	x->unknown_callers = unknown_callers;
	x->causes = merged ? NULL : causes;
	x->ncauses = merged ? 0 : ncauses;
	if (after_exit && !merged)
		x->exit_loc = exit_loc;
}

/* The public list: each record's findings in order (a barrier's; then each
 * collective's reach and argument), a copy naming its finding's index. */
static int flatten(tc_findings *f)
{
	size_t total = 0;
	for (size_t k = 0; k < f->ngraphs; k++) {
		const tc_check_graph *g = &f->graphs[k].pub;
		total += g->nbarriers;
		for (size_t q = 0; q < g->ncollectives; q++)
			total += g->collectives[q].reported + (g->collectives[q].c->arg != TC_NONE);
	}
	if (total && !(f->list = tc__calloc(&f->al, total, sizeof *f->list)))
		return TC_ENOMEM;
	for (size_t k = 0; k < f->ngraphs; k++) {
		const tc_check_graph *g = &f->graphs[k].pub;
		size_t first = f->nlist, nc = g->ncollectives;
		for (size_t b = 0; b < g->nbarriers; b++) {
			const tc_check_barrier *rb = &g->barriers[b];
			tc_finding *x = &f->list[f->nlist++];
			x->rule = tc__check_barrier_rule(g->graph, rb);
			x->graph = g->j;
			x->node = rb->node;
			x->group = TC_GROUP_BLOCK;
			x->state = TC_STATE_UNKNOWN;
			x->loc = tc_graph_node_loc(g->graph, rb->node);
			x->inlined = rb->inlined;
			x->inlined_loc = rb->inlined_loc;
			set_reach(x, rb->calls, rb->ncalls, rb->calls_omitted, rb->unknown_callers, rb->causes,
				  rb->ncauses, rb->merged, rb->after_exit, rb->exit_loc);
			x->merged_into = rb->merged ? first + rb->merged_into : SIZE_MAX;
			if (rb->merged)
				x->rule = f->list[x->merged_into].rule;
		}
		/* where each collective's first finding went */
		size_t *pos = nc ? tc__malloc(&f->al, nc * sizeof *pos) : NULL;
		if (nc && !pos)
			return TC_ENOMEM;
		for (size_t q = 0; q < nc; q++) {
			const tc_check_collective *cc = &g->collectives[q];
			pos[q] = f->nlist;
			for (int arg = 0; arg < 2; arg++) {
				if (arg ? cc->c->arg == TC_NONE : !cc->reported)
					continue;
				tc_finding *x = &f->list[f->nlist++];
				x->graph = g->j;
				x->node = cc->c->node;
				x->group = cc->c->group;
				x->state = cc->state;
				x->collective = cc->c;
				x->loc = cc->c->loc;
				x->inlined = cc->c->inlined;
				x->inlined_loc = cc->c->inlined_loc;
				x->merged_into = SIZE_MAX;
				if (arg) {
					x->rule = TC_RULE_COLLECTIVE_ARGUMENT;
					if (cc->arg_merged) /* an earlier one's: placed */
						x->merged_into =
							pos[cc->arg_merged_into] +
							g->collectives[cc->arg_merged_into].reported;
					continue;
				}
				x->rule = tc__check_collective_rule(cc);
				set_reach(x, cc->calls, cc->ncalls, cc->calls_omitted, cc->unknown_callers, cc->causes,
					  cc->ncauses, cc->merged, cc->after_exit, cc->exit_loc);
				if (cc->merged) {
					x->merged_into = pos[cc->merged_into];
					x->rule = f->list[x->merged_into].rule;
				}
			}
		}
		tc__free(&f->al, pos);
	}
	return TC_OK;
}

void tc_findings_free(tc_findings *f)
{
	if (!f)
		return;
	tc_alloc al = f->al;
	for (size_t k = 0; f->graphs && k < f->ngraphs; k++)
		graph_free(&f->graphs[k]);
	tc__free(&al, f->graphs);
	tc__free(&al, f->index);
	tc__free(&al, f->list);
	tc__calls_free(f->calls);
	tc__free(&al, f);
}

int tc_check(tc_findings **out, tc_module *m, const tc_check_options *opt,
	     const tc_allocator *alloc, tc_diag *diag)
{
	tc_check_options o = TC_CHECK_OPTIONS_INIT;
	if (!out || !m)
		return tc__diag(diag, TC_EINVAL, NULL, 0, 0, "no module to check");
	*out = NULL;
	if (opt) {
		int rc = tc__options_version(opt->version, TC_CHECK_OPTIONS_VERSION,
					     "tc_check_options", NULL, diag);
		if (rc)
			return rc;
		o = *opt;
	}
	tc_alloc al;
	tc__alloc_init(&al, alloc);
	tc_findings *f = tc__calloc(&al, 1, sizeof *f);
	if (!f)
		return tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
	f->al = al;
	f->m = m;
	f->opt = tc_solve_options_default();
	f->opt.assume_barriers = false;
	f->opt.exact_work_limit = o.exact_work_limit;
	f->opt.exact_work_factor = o.exact_work_factor;
	int rc = tc__calls_new(&f->calls, m, &f->opt, alloc, diag);
	if (rc) {
		tc_findings_free(f);
		return rc;
	}
	size_t n = tc_module_graph_count(m);
	f->index = tc__malloc(&f->al, (n ? n : 1) * sizeof *f->index);
	f->graphs = tc__calloc(&f->al, n ? n : 1, sizeof *f->graphs);
	if (!f->index || !f->graphs) {
		tc_findings_free(f);
		return tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
	}
	bool any_kernel = false;
	uint32_t most = 0; /* the most nodes of a graph of m */
	for (size_t j = 0; j < n; j++) {
		any_kernel = any_kernel || tc_module_graph_is_kernel(m, j);
		uint32_t nn = tc_graph_node_count(tc_module_graph(m, j));
		most = nn > most ? nn : most;
	}
	for (size_t j = 0; j < n; j++) {
		f->index[j] = SIZE_MAX;
		if (!is_checked(m, f->calls, any_kernel, j))
			continue;
		graph_check *c = &f->graphs[f->ngraphs];
		f->index[j] = f->ngraphs++;
		c->pub.j = j;
		c->pub.graph = tc_module_graph(m, j);
		c->m = m;
		c->calls = f->calls;
		c->al = &f->al;
		c->most = most;
	}
	if (o.run)
		o.run(o.run_ud, f->ngraphs, check_task, f);
	else
		run_serial(NULL, f->ngraphs, check_task, f);
	/* the first graph that failed says why */
	for (size_t k = 0; k < f->ngraphs; k++) {
		if (f->graphs[k].rc) {
			rc = f->graphs[k].rc;
			if (diag)
				*diag = f->graphs[k].diag;
			tc_findings_free(f);
			return rc;
		}
	}
	if (flatten(f)) {
		tc_findings_free(f);
		return tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
	}
	*out = f;
	return TC_OK;
}

size_t tc_findings_count(const tc_findings *f)
{
	return f ? f->nlist : 0;
}

const tc_finding *tc_findings_get(const tc_findings *f, size_t k)
{
	return f && k < f->nlist ? &f->list[k] : NULL;
}

bool tc_findings_checked(const tc_findings *f, size_t i)
{
	return f && i < tc_module_graph_count(f->m) && f->index[i] != SIZE_MAX;
}

const tc_result *tc_findings_result(const tc_findings *f, size_t i)
{
	return tc_findings_checked(f, i) ? f->graphs[f->index[i]].pub.result : NULL;
}

size_t tc__findings_graph_count(const tc_findings *f)
{
	return f ? f->ngraphs : 0;
}

tc_check_graph *tc__findings_graph(tc_findings *f, size_t k)
{
	return f && k < f->ngraphs ? &f->graphs[k].pub : NULL;
}
