/*
 * calls.c - check mode across calls (calls.h): calling contexts, each
 * analysed once, found and refined with an explicit work list (no
 * recursion: a chain of calls 10^5 deep is a list 10^5 long), then solved
 * once per distinct set of uniform branches, then judged from the kernels
 * down in breadth-first order.
 */
#include "analysis/calls.h"
#include "analysis/solve.h"
#include "analysis/uniformity.h"
#include "graph/graph.h"
#include "util/diag.h"

#include <string.h>

/* Contexts of one function beyond which its calls get the context where
 * every parameter may differ (always sound: it assumes the least). */
#define MAX_CONTEXTS_PER_FUNCTION 32u
/* parameters a context tells apart; the others may always differ */
#define MASK_BITS 64u
#define ALL_DIVERGENT UINT64_MAX

typedef struct context {
	uint32_t graph;
	uint64_t mask;  /* parameter p < MASK_BITS may differ: bit p */
	bool launch;    /* a kernel as launched: its parameters as read */
	bool ret_uniform;
	bool queued, bad;
	bool bad_direct; /* bad_parent's call is the one only part of the group reaches */
	uint32_t next;  /* the next context of the same graph */
	uint32_t *callee; /* per call site: its context, or TC_NONE */
	uint8_t *div;     /* per block: its branch may go different ways */
	tc_uniformity_deps *deps;
	uint32_t in_head;     /* callers: the first arc into it */
	uint32_t last_caller; /* the last caller an arc was added for */
	uint32_t result;      /* in tc_calls.results; TC_NONE: not solved */
	uint32_t order;       /* breadth-first from the roots; TC_NONE: not reached */
	uint32_t parent, parent_site; /* who reached it first */
	uint32_t bad_parent, bad_site; /* who makes it entered by part of the group */
} context;

struct tc_calls {
	tc_alloc al;
	const tc_module *m;
	tc_solve_options opt;
	context *ctx;
	size_t nctx, cap;
	uint32_t *first; /* per graph: its first context, or TC_NONE */
	uint32_t *count; /* per graph: its contexts */
	uint8_t *barriers; /* per graph: it has a barrier node */
	uint8_t *checked;  /* per graph: tc__calls_checked */
	uint32_t *shown;   /* per graph: the context shown, or TC_NONE */
	uint32_t **callee_of; /* per graph with calls, per node: the callee a
			       * call node calls (tc__calls_callee), or TC_NONE */
	tc_u32vec arc_from, arc_next; /* callers of a context, as lists */
	tc_u32vec work;
	tc_u32vec order; /* reached contexts, breadth first */
	tc_result **results;
	size_t nresults;
	uint8_t *kind; /* scratch: the kinds of a context's values */
	size_t kind_cap;
	tc_diag *diag;
};

static int oom(tc_calls *c)
{
	return tc__diag(c->diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
}

static const tc_fn_desc *desc_of(const tc_calls *c, uint32_t j)
{
	return c->m->info[j].desc;
}

/* The context of graph j with mask (or as launched); made and queued when
 * new. TC_NONE in *out when out of memory. */
static int context_of(tc_calls *c, uint32_t j, uint64_t mask, bool launch, uint32_t *out)
{
	if (!launch && c->count[j] >= MAX_CONTEXTS_PER_FUNCTION)
		mask = ALL_DIVERGENT;
	for (uint32_t x = c->first[j]; x != TC_NONE; x = c->ctx[x].next)
		if (c->ctx[x].launch == launch && (launch || c->ctx[x].mask == mask)) {
			*out = x;
			return TC_OK;
		}
	if (c->nctx >= UINT32_MAX / 2)
		return tc__diag(c->diag, TC_ELIMIT, NULL, 0, 0, "too many calling contexts");
	if (c->nctx == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 16;
		context *p = tc__realloc(&c->al, c->ctx, tc__mul(cap, sizeof *p));
		if (!p)
			return oom(c);
		c->ctx = p;
		c->cap = cap;
	}
	uint32_t x = (uint32_t)c->nctx;
	const tc_fn_desc *d = desc_of(c, j);
	context *X = &c->ctx[x];
	memset(X, 0, sizeof *X);
	X->graph = j;
	X->mask = launch ? 0 : mask;
	X->launch = launch;
	X->next = c->first[j];
	X->in_head = X->last_caller = X->result = X->order = TC_NONE;
	X->parent = X->parent_site = X->bad_parent = X->bad_site = TC_NONE;
	if (d->ncalls) {
		if (!(X->callee = tc__malloc(&c->al, tc__mul(d->ncalls, sizeof *X->callee))))
			return oom(c);
		for (uint32_t s = 0; s < d->ncalls; s++)
			X->callee[s] = TC_NONE;
	}
	c->nctx++;
	c->first[j] = x;
	c->count[j]++;
	X->queued = true;
	if (tc__u32vec_push(&c->al, &c->work, x))
		return oom(c);
	*out = x;
	return TC_OK;
}

/* Notes that context x calls context y (once per analysis of x). */
static int add_caller(tc_calls *c, uint32_t x, uint32_t y)
{
	context *Y = &c->ctx[y];
	if (Y->last_caller == x)
		return TC_OK;
	Y->last_caller = x;
	uint32_t a = (uint32_t)c->arc_from.len;
	if (tc__u32vec_push(&c->al, &c->arc_from, x) ||
	    tc__u32vec_push(&c->al, &c->arc_next, Y->in_head))
		return oom(c);
	Y->in_head = a;
	return TC_OK;
}

/* Queues the contexts that call y (its result turned uniform). */
static int requeue_callers(tc_calls *c, uint32_t y)
{
	for (uint32_t a = c->ctx[y].in_head; a != TC_NONE; a = c->arc_next.v[a]) {
		uint32_t x = c->arc_from.v[a];
		if (!c->ctx[x].queued) {
			c->ctx[x].queued = true;
			if (tc__u32vec_push(&c->al, &c->work, x))
				return oom(c);
		}
	}
	return TC_OK;
}

/* The divergent branches (two ways or more) of a context's analysis, and
 * its replay record for the solve. */
static int record(tc_calls *c, context *X, const tc_fn_desc *d, const tc_uniformity *u)
{
	uint32_t nb = d->f.nblocks, n = 0;
	tc__free(&c->al, X->div);
	tc__uniformity_deps_free(&c->al, X->deps);
	X->deps = NULL;
	X->div = tc__calloc(&c->al, nb ? nb : 1, 1);
	uint32_t *blocks = tc__malloc(&c->al, tc__mul(nb ? nb : 1, sizeof *blocks));
	uint32_t *nodes = tc__malloc(&c->al, tc__mul(nb ? nb : 1, sizeof *nodes));
	int rc = X->div && blocks && nodes ? TC_OK : oom(c);
	for (uint32_t k = 0; k < nb && !rc; k++) {
		X->div[k] = tc__uniformity_branch(u, k);
		if (X->div[k] && d->f.succ_off[k + 1] - d->f.succ_off[k] >= 2) {
			blocks[n] = k;
			nodes[n++] = d->block_node[k];
		}
	}
	if (!rc && (rc = tc__uniformity_record(u, blocks, nodes, n, &c->al, &X->deps)))
		rc = rc == TC_ELIMIT ? tc__diag(c->diag, rc, NULL, 0, 0, "function too large")
				     : oom(c);
	tc__free(&c->al, blocks);
	tc__free(&c->al, nodes);
	return rc;
}

/* Whether a context's return value is the same in every thread: each
 * value returned is, and the returns do not join after a divergent branch. */
static bool returns_uniform(const tc_fn_desc *d, const tc_uniformity *u)
{
	for (uint32_t k = 0; k < d->nret; k++)
		if (d->ret[k] != TC_NONE && tc__uniformity_value(u, d->ret[k]))
			return false;
	if (d->nret <= 1)
		return true;
	for (uint32_t k = 0; k < d->f.nblocks; k++)
		if (d->f.succ_off[k + 1] - d->f.succ_off[k] >= 2 && tc__uniformity_branch(u, k))
			return false;
	return true;
}

/* Analyses context x's values: the contexts of its calls, its return. */
static int analyse(tc_calls *c, uint32_t x)
{
	uint32_t j = c->ctx[x].graph;
	const tc_fn_desc *d = desc_of(c, j);
	uint32_t n = d->f.nvalues;
	if (n > c->kind_cap) {
		uint8_t *k = tc__realloc(&c->al, c->kind, n);
		if (!k)
			return oom(c);
		c->kind = k;
		c->kind_cap = n;
	}
	if (n)
		memcpy(c->kind, d->f.kind, n);
	context *X = &c->ctx[x];
	for (uint32_t k = 0; k < d->nparam_values && !X->launch; k++) {
		uint32_t p = d->param_index[k], v = d->param_value[k];
		bool differs = p >= MASK_BITS || ((X->mask >> p) & 1);
		if (v < n)
			c->kind[v] = (uint8_t)(differs ? c->kind[v] | TC_UA_SOURCE
						       : c->kind[v] & ~TC_UA_SOURCE);
	}
	for (uint32_t s = 0; s < d->ncalls; s++) {
		uint32_t y = X->callee[s], v = d->calls[s].value;
		if (y != TC_NONE && c->ctx[y].ret_uniform && v < n)
			c->kind[v] = (uint8_t)((c->kind[v] & ~TC_UA_SOURCE) | TC_UA_UNIFORM);
	}
	tc_ua_func f = d->f;
	f.kind = c->kind;
	tc_uniformity *u;
	int rc = tc__uniformity(&u, &f, &c->al);
	if (rc)
		return rc == TC_ELIMIT ? tc__diag(c->diag, rc, NULL, 0, 0, "function too large")
				       : oom(c);
	for (uint32_t s = 0; s < d->ncalls && !rc; s++) {
		const tc_call_site *cs = &d->calls[s];
		if (cs->callee == TC_NONE || !desc_of(c, cs->callee) ||
		    desc_of(c, cs->callee)->builtin)
			continue;
		uint64_t mask = 0;
		for (uint32_t a = 0; a < cs->nargs && a < MASK_BITS; a++) {
			uint32_t v = d->arg[cs->arg_off + a];
			if (v != TC_NONE && v < n && tc__uniformity_value(u, v))
				mask |= UINT64_C(1) << a;
		}
		uint32_t y;
		if (!(rc = context_of(c, cs->callee, mask, false, &y))) {
			c->ctx[x].callee[s] = y;
			rc = add_caller(c, x, y);
		}
	}
	X = &c->ctx[x]; /* context_of may have moved it */
	if (!rc && c->barriers[j])
		rc = record(c, X, d, u);
	bool ret = !rc && returns_uniform(d, u);
	tc__uniformity_free(u);
	if (!rc && ret && !X->ret_uniform) {
		X->ret_uniform = true;
		rc = requeue_callers(c, x);
	}
	return rc;
}

/* The graphs a kernel reaches through calls (reach[j] set). */
static int kernel_reach(tc_calls *c, uint8_t *reach)
{
	size_t n = c->m->count;
	tc_u32vec stack = {0};
	int rc = TC_OK;
	for (size_t j = 0; j < n && !rc; j++) {
		if (!c->m->info[j].kernel || !desc_of(c, (uint32_t)j) || reach[j])
			continue;
		reach[j] = 1;
		if (tc__u32vec_push(&c->al, &stack, (uint32_t)j))
			rc = oom(c);
		while (stack.len && !rc) {
			const tc_fn_desc *d = desc_of(c, stack.v[--stack.len]);
			for (uint32_t s = 0; s < d->ncalls && !rc; s++) {
				uint32_t g = d->calls[s].callee;
				if (g == TC_NONE || g >= n || !desc_of(c, g) || reach[g])
					continue;
				reach[g] = 1;
				if (tc__u32vec_push(&c->al, &stack, g))
					rc = oom(c);
			}
		}
	}
	tc__u32vec_free(&c->al, &stack);
	return rc;
}

/* The roots: every kernel as launched, and every other function that no
 * kernel reaches, with all its parameters divergent. Then the work list
 * until no context changes. */
static int find_contexts(tc_calls *c)
{
	size_t n = c->m->count;
	uint8_t *reach = tc__calloc(&c->al, n ? n : 1, 1);
	int rc = reach ? kernel_reach(c, reach) : oom(c);
	uint32_t x;
	for (int pass = 0; pass < 2 && !rc; pass++)
		for (size_t j = 0; j < n && !rc; j++) {
			const tc_fn_desc *d = desc_of(c, (uint32_t)j);
			if (!d || d->builtin)
				continue;
			bool kernel = c->m->info[j].kernel;
			if (pass == 0 && kernel)
				rc = context_of(c, (uint32_t)j, 0, true, &x);
			else if (pass == 1 && !kernel && !reach[j])
				rc = context_of(c, (uint32_t)j, ALL_DIVERGENT, false, &x);
		}
	tc__free(&c->al, reach);
	size_t roots = c->nctx;
	/* the roots first, in graph order: popped from the end */
	for (size_t k = 0; k < roots / 2 && !rc; k++) {
		uint32_t t = c->work.v[k];
		c->work.v[k] = c->work.v[roots - 1 - k];
		c->work.v[roots - 1 - k] = t;
	}
	while (c->work.len && !rc) {
		x = c->work.v[--c->work.len];
		c->ctx[x].queued = false;
		rc = analyse(c, x);
	}
	return rc ? rc : (int)roots;
}

/* Breadth first from the roots (contexts 0 .. roots): order and parents. */
static int reach_contexts(tc_calls *c, size_t roots)
{
	for (size_t x = 0; x < roots; x++) {
		c->ctx[x].order = (uint32_t)c->order.len;
		if (tc__u32vec_push(&c->al, &c->order, (uint32_t)x))
			return oom(c);
	}
	for (size_t q = 0; q < c->order.len; q++) {
		uint32_t x = c->order.v[q];
		const tc_fn_desc *d = desc_of(c, c->ctx[x].graph);
		for (uint32_t s = 0; s < d->ncalls; s++) {
			uint32_t y = c->ctx[x].callee[s];
			if (y == TC_NONE || c->ctx[y].order != TC_NONE)
				continue;
			c->ctx[y].order = (uint32_t)c->order.len;
			c->ctx[y].parent = x;
			c->ctx[y].parent_site = s;
			if (tc__u32vec_push(&c->al, &c->order, y))
				return oom(c);
		}
	}
	return TC_OK;
}

/* n values of two arrays alike (either may be NULL when n is 0) */
static bool same_u32(const uint32_t *a, const uint32_t *b, size_t n)
{
	return n == 0 || memcmp(a, b, n * sizeof *a) == 0;
}

static bool same_deps(const tc_uniformity_deps *a, const tc_uniformity_deps *b)
{
	if (!a || !b)
		return a == b;
	if (a->nbranch != b->nbranch || a->nvalues != b->nvalues || a->nseed != b->nseed)
		return false;
	size_t narc = a->nvalues ? a->off[a->nvalues] : 0;
	return same_u32(a->node, b->node, a->nbranch) && same_u32(a->term, b->term, a->nbranch) &&
	       same_u32(a->seed, b->seed, a->nseed) &&
	       (!a->nvalues || (same_u32(a->off, b->off, (size_t)a->nvalues + 1) &&
				same_u32(a->arc, b->arc, narc)));
}

/* Solves each reached context of a graph with barriers, once per distinct
 * set of uniform branches. */
static int solve_contexts(tc_calls *c, const tc_allocator *alloc)
{
	if (!(c->results = tc__calloc(&c->al, c->order.len ? c->order.len : 1,
				      sizeof *c->results)))
		return oom(c);
	uint8_t *marked = NULL;
	size_t marked_cap = 0;
	int rc = TC_OK;
	for (size_t q = 0; q < c->order.len && !rc; q++) {
		context *X = &c->ctx[c->order.v[q]];
		uint32_t j = X->graph;
		if (!c->barriers[j] || !X->div)
			continue;
		const tc_fn_desc *d = desc_of(c, j);
		for (uint32_t y = c->first[j]; y != TC_NONE && X->result == TC_NONE;
		     y = c->ctx[y].next) {
			const context *Y = &c->ctx[y];
			if (Y->result != TC_NONE && Y->div &&
			    memcmp(Y->div, X->div, d->f.nblocks) == 0 && same_deps(Y->deps, X->deps))
				X->result = Y->result;
		}
		if (X->result != TC_NONE)
			continue;
		const tc_graph *g = c->m->graphs[j];
		if (g->n > marked_cap) {
			uint8_t *p = tc__realloc(&c->al, marked, g->n);
			if (!p) {
				rc = oom(c);
				break;
			}
			marked = p;
			marked_cap = g->n;
		}
		memset(marked, 0, g->n);
		for (uint32_t k = 0; k < d->f.nblocks; k++)
			if (!X->div[k] && d->block_node[k] < g->n)
				marked[d->block_node[k]] = 1;
		tc_result *r;
		if ((rc = tc__solve_refined(&r, g, marked, X->deps, &c->opt, alloc, c->diag)))
			break;
		X->result = (uint32_t)c->nresults;
		c->results[c->nresults++] = r;
	}
	tc__free(&c->al, marked);
	return rc;
}

/* A call's node in context x is reached by the whole group (convergent, or
 * not reached at all). */
static bool call_converges(const tc_calls *c, uint32_t x, uint32_t s)
{
	const context *X = &c->ctx[x];
	uint32_t node = desc_of(c, X->graph)->calls[s].node;
	if (node == TC_NONE || X->result == TC_NONE)
		return false;
	return tc_result_node_state(c->results[X->result], node) != TC_STATE_UNKNOWN;
}

/* Marks the contexts entered by part of the group. */
static int spread_bad(tc_calls *c)
{
	c->work.len = 0;
	for (size_t q = 0; q < c->order.len; q++) {
		uint32_t x = c->order.v[q];
		const tc_fn_desc *d = desc_of(c, c->ctx[x].graph);
		for (uint32_t s = 0; s < d->ncalls; s++) {
			uint32_t y = c->ctx[x].callee[s];
			if (y == TC_NONE || c->ctx[y].bad_direct || call_converges(c, x, s))
				continue;
			c->ctx[y].bad = c->ctx[y].bad_direct = true;
			c->ctx[y].bad_parent = x;
			c->ctx[y].bad_site = s;
			if (tc__u32vec_push(&c->al, &c->work, y))
				return oom(c);
		}
	}
	while (c->work.len) {
		uint32_t x = c->work.v[--c->work.len];
		const tc_fn_desc *d = desc_of(c, c->ctx[x].graph);
		for (uint32_t s = 0; s < d->ncalls; s++) {
			uint32_t y = c->ctx[x].callee[s];
			if (y == TC_NONE || c->ctx[y].bad)
				continue;
			c->ctx[y].bad = true;
			c->ctx[y].bad_parent = x;
			c->ctx[y].bad_site = s;
			if (tc__u32vec_push(&c->al, &c->work, y))
				return oom(c);
		}
	}
	return TC_OK;
}

/* Per graph with calls, per node: the callee of a call node whose barriers
 * the contexts judge. */
static int map_callees(tc_calls *c)
{
	size_t n = c->m->count;
	if (!(c->callee_of = tc__calloc(&c->al, n ? n : 1, sizeof *c->callee_of)))
		return oom(c);
	for (size_t j = 0; j < n; j++) {
		const tc_fn_desc *d = desc_of(c, (uint32_t)j);
		if (!d || !d->ncalls)
			continue;
		const tc_graph *g = c->m->graphs[j];
		uint32_t *map = tc__malloc(&c->al, tc__mul(g->n ? g->n : 1, sizeof *map));
		if (!map)
			return oom(c);
		c->callee_of[j] = map;
		for (uint32_t v = 0; v < g->n; v++)
			map[v] = TC_NONE;
		for (uint32_t s = 0; s < d->ncalls; s++) {
			const tc_call_site *cs = &d->calls[s];
			const tc_fn_desc *e = cs->callee < n ? desc_of(c, cs->callee) : NULL;
			if (cs->node < g->n && e && !e->builtin)
				map[cs->node] = cs->callee;
		}
	}
	return TC_OK;
}

/* Whether node v of graph j is a call whose callee the contexts judge. */
uint32_t tc__calls_callee(const tc_calls *c, size_t j, uint32_t node)
{
	if (!c || j >= c->m->count || !c->callee_of[j] || node >= c->m->graphs[j]->n)
		return TC_NONE;
	return c->callee_of[j][node];
}

/* A barrier's state in reached context x. */
static tc_state state_in(const tc_calls *c, uint32_t x, uint32_t v)
{
	const context *X = &c->ctx[x];
	if (X->result == TC_NONE)
		return TC_STATE_UNKNOWN;
	tc_state s = tc_result_node_state(c->results[X->result], v);
	return X->bad && s != TC_STATE_DEAD ? TC_STATE_UNKNOWN : s;
}

/* The first reached context of graph j (breadth first) where barrier v is
 * not convergent, or TC_NONE; *any: some context of j is reached. */
static uint32_t first_divergent(const tc_calls *c, size_t j, uint32_t v, tc_state *all)
{
	uint32_t best = TC_NONE;
	*all = TC_STATE_DEAD;
	for (uint32_t x = c->first[j]; x != TC_NONE; x = c->ctx[x].next) {
		if (c->ctx[x].order == TC_NONE)
			continue;
		tc_state s = state_in(c, x, v);
		if (s == TC_STATE_UNKNOWN) {
			*all = TC_STATE_UNKNOWN;
			if (best == TC_NONE || c->ctx[x].order < c->ctx[best].order)
				best = x;
		} else if (s == TC_STATE_CONVERGENT && *all == TC_STATE_DEAD) {
			*all = TC_STATE_CONVERGENT;
		}
	}
	return best;
}

tc_state tc__calls_barrier_state(const tc_calls *c, size_t j, uint32_t v)
{
	tc_state s;
	first_divergent(c, j, v, &s);
	return s;
}

static bool own_barrier(const tc_calls *c, size_t j, uint32_t v)
{
	return (tc_graph_node_flags(c->m->graphs[j], v) & TC_NODE_BARRIER) &&
	       tc__calls_callee(c, j, v) == TC_NONE;
}

/* Which graphs are checked, and the context each is shown with. */
static void choose_shown(tc_calls *c)
{
	for (size_t j = 0; j < c->m->count; j++) {
		c->shown[j] = TC_NONE;
		const tc_fn_desc *d = desc_of(c, (uint32_t)j);
		if (!d || d->builtin)
			continue;
		uint32_t firstx = TC_NONE, bad = TC_NONE;
		for (uint32_t x = c->first[j]; x != TC_NONE; x = c->ctx[x].next)
			if (c->ctx[x].order != TC_NONE &&
			    (firstx == TC_NONE || c->ctx[x].order < c->ctx[firstx].order))
				firstx = x;
		const tc_graph *g = c->m->graphs[j];
		bool own = false;
		for (uint32_t v = 0; v < g->n; v++) {
			if (!own_barrier(c, j, v))
				continue;
			own = true;
			tc_state s;
			uint32_t x = first_divergent(c, j, v, &s);
			if (x != TC_NONE && (bad == TC_NONE || c->ctx[x].order < c->ctx[bad].order))
				bad = x;
		}
		for (uint32_t x = c->first[j]; x != TC_NONE; x = c->ctx[x].next)
			if (c->ctx[x].launch)
				firstx = bad = x; /* a kernel: as launched */
		uint32_t x = bad != TC_NONE ? bad : firstx;
		c->shown[j] = x != TC_NONE && c->ctx[x].result != TC_NONE ? x : TC_NONE;
		c->checked[j] = c->m->info[j].kernel || (own && firstx != TC_NONE);
	}
}

int tc__calls_new(tc_calls **out, const tc_module *m, const tc_solve_options *opt,
		  const tc_allocator *alloc, tc_diag *diag)
{
	*out = NULL;
	bool any = false;
	for (size_t j = 0; j < m->count && !any; j++)
		any = m->info[j].desc != NULL;
	if (!any)
		return TC_OK;
	tc_alloc al;
	tc__alloc_init(&al, alloc);
	tc_calls *c = tc__calloc(&al, 1, sizeof *c);
	if (!c)
		return tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
	c->al = al;
	c->m = m;
	c->opt = *opt;
	c->diag = diag;
	size_t n = m->count;
	c->first = tc__malloc(&al, tc__mul(n, sizeof *c->first));
	c->count = tc__calloc(&al, n, sizeof *c->count);
	c->shown = tc__malloc(&al, tc__mul(n, sizeof *c->shown));
	c->barriers = tc__calloc(&al, n, 1);
	c->checked = tc__calloc(&al, n, 1);
	int rc = c->first && c->count && c->shown && c->barriers && c->checked ? TC_OK : oom(c);
	for (size_t j = 0; j < n && !rc; j++) {
		c->first[j] = TC_NONE;
		const tc_graph *g = m->graphs[j];
		for (uint32_t v = 0; v < g->n && !c->barriers[j]; v++)
			c->barriers[j] = (g->flags[v] & TC_NODE_BARRIER) != 0;
	}
	int roots = rc ? rc : find_contexts(c);
	rc = roots < 0 ? roots : TC_OK;
	if (!rc)
		rc = reach_contexts(c, (size_t)roots);
	if (!rc)
		rc = solve_contexts(c, alloc);
	if (!rc)
		rc = spread_bad(c);
	if (!rc)
		rc = map_callees(c);
	if (rc) {
		tc__calls_free(c);
		return rc;
	}
	choose_shown(c);
	c->diag = NULL;
	*out = c;
	return TC_OK;
}

void tc__calls_free(tc_calls *c)
{
	if (!c)
		return;
	for (size_t x = 0; x < c->nctx; x++) {
		tc__free(&c->al, c->ctx[x].callee);
		tc__free(&c->al, c->ctx[x].div);
		tc__uniformity_deps_free(&c->al, c->ctx[x].deps);
	}
	for (size_t k = 0; k < c->nresults; k++)
		tc_result_free(c->results[k]);
	tc__free(&c->al, c->results);
	for (size_t j = 0; c->callee_of && j < c->m->count; j++)
		tc__free(&c->al, c->callee_of[j]);
	tc__free(&c->al, c->callee_of);
	tc__free(&c->al, c->ctx);
	tc__free(&c->al, c->first);
	tc__free(&c->al, c->count);
	tc__free(&c->al, c->shown);
	tc__free(&c->al, c->barriers);
	tc__free(&c->al, c->checked);
	tc__free(&c->al, c->kind);
	tc__u32vec_free(&c->al, &c->arc_from);
	tc__u32vec_free(&c->al, &c->arc_next);
	tc__u32vec_free(&c->al, &c->work);
	tc__u32vec_free(&c->al, &c->order);
	tc_alloc al = c->al;
	tc__free(&al, c);
}

bool tc__calls_checked(const tc_calls *c, size_t j)
{
	return j < c->m->count && c->checked[j];
}

const tc_result *tc__calls_result(const tc_calls *c, size_t j)
{
	if (j >= c->m->count || c->shown[j] == TC_NONE)
		return NULL;
	return c->results[c->ctx[c->shown[j]].result];
}

int tc__calls_witness(const tc_calls *c, size_t j, uint32_t v, tc_call_link *chain,
		      uint32_t cap, tc_call_witness *out)
{
	memset(out, 0, sizeof *out);
	out->cause_graph = out->cause_node = TC_NONE;
	tc_state all;
	uint32_t x = first_divergent(c, j, v, &all);
	if (x == TC_NONE)
		return TC_EINVAL;
	const context *X = &c->ctx[x];
	bool own = X->result != TC_NONE &&
		   tc_result_node_state(c->results[X->result], v) == TC_STATE_UNKNOWN;
	if (own) {
		out->cause_graph = (uint32_t)j;
		out->cause_node = v;
		out->cause_result = c->results[X->result];
	}
	/* up the chain: along the calls that make each context entered by part
	 * of the group (each made so before the one it enters) to the call
	 * only part of the group reaches, then along the calls that reached
	 * each context first (reached earlier): this ends */
	bool first_only = false;
	for (size_t steps = 0; steps <= 2 * c->nctx; steps++) {
		const context *Y = &c->ctx[x];
		bool bad = Y->bad && !first_only;
		uint32_t p = bad ? Y->bad_parent : Y->parent;
		uint32_t s = bad ? Y->bad_site : Y->parent_site;
		if (p == TC_NONE) {
			out->unknown_callers = !Y->launch;
			break;
		}
		const tc_call_site *cs = &desc_of(c, c->ctx[p].graph)->calls[s];
		if (out->nchain < cap)
			chain[out->nchain] = (tc_call_link){c->ctx[p].graph, Y->graph, s, cs->node,
							    cs->loc};
		out->nchain++;
		if (bad && Y->bad_direct) { /* the call only part of the group reaches */
			first_only = true;
			if (!own) {
				own = true;
				const context *P = &c->ctx[p];
				out->cause_graph = P->graph;
				out->cause_node = cs->node;
				out->cause_result =
					P->result != TC_NONE ? c->results[P->result] : NULL;
			}
		}
		x = p;
	}
	return TC_OK;
}

void tc__calls_counts(const tc_calls *c, size_t *contexts, size_t *solved)
{
	*contexts = c ? c->nctx : 0;
	*solved = c ? c->nresults : 0;
}
