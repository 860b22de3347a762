/*
 * solve.c - tc_solve and tc_module_solve. tc_solve picks a solver, applies
 * uniform marks, and maps the answer on the (possibly split) flow graph
 * back to the original graph; tc_module_solve feeds convergence back into
 * uniformity (below).
 *
 * Uniform marks: exact runs the variance combination of SPEC 3.1
 * (variance.c). The other solvers apply the paper's literal rule (section
 * 3.5): every out-edge of a convergent uniform node is split by a new sync
 * node and the solver runs again, until no edge is split. An original edge
 * is convergent when all its pieces are.
 */
#include "analysis/solvers.h"
#include "analysis/solve.h"
#include "analysis/stats.h"
#include "analysis/uniformity.h"
#include "graph/graph.h"
#include "graph/module.h"
#include "util/diag.h"

#include <string.h>

struct tc_result {
	tc_alloc al;
	const tc_graph *g;
	uint32_t n, m;
	char *node_state, *edge_state;
	uint8_t *marked; /* per node: uniform though not marked in g, or NULL */
	tc_solve_stats stats;
};

static const char *const solver_names[TC_SOLVER_COUNT] = {
	"basic", "region-paper", "region", "linear", "path", "exact",
};

void tc__result_add_stats(tc_result *r, const tc_solve_stats *earlier)
{
	tc_solve_stats *s = &r->stats;
	s->total_s += earlier->total_s;
	s->rounds += earlier->rounds;
	s->fallback_sources += earlier->fallback_sources;
	for (uint32_t k = 0; k < earlier->nphases; k++) {
		uint32_t j = 0;
		while (j < s->nphases && strcmp(s->phase[j].name, earlier->phase[k].name) != 0)
			j++;
		if (j == s->nphases) {
			if (j == TC_STATS_MAX_PHASES)
				continue;
			s->phase[s->nphases++] = (tc_phase_time){earlier->phase[k].name, 0};
		}
		s->phase[j].seconds += earlier->phase[k].seconds;
	}
}

const char *tc_solver_name(tc_solver s)
{
	return (unsigned)s < TC_SOLVER_COUNT ? solver_names[s] : NULL;
}

int tc_solver_from_name(tc_solver *out, const char *name)
{
	for (int i = 0; i < TC_SOLVER_COUNT; i++)
		if (strcmp(name, solver_names[i]) == 0) {
			*out = (tc_solver)i;
			return TC_OK;
		}
	return TC_EINVAL;
}

bool tc_solver_is_sound(tc_solver s) { return s != TC_SOLVER_REGION_PAPER; }

tc_solve_options tc_solve_options_default(void)
{
	tc_solve_options o;
	memset(&o, 0, sizeof o);
	o.version = TC_SOLVE_OPTIONS_VERSION;
	o.solver = TC_SOLVER_EXACT;
	o.assume_barriers = true;
	o.ignore_uniform = false;
	return o;
}

typedef struct literal_ctx {
	tc_solver solver;
	tc_linear_memo memo; /* linear and path: one round for the next */
} literal_ctx;

static int run_structural(tc_arena *ar, const tc_flow *f, literal_ctx *c, uint8_t *nc,
			  uint8_t *ec)
{
	switch (c->solver) {
	case TC_SOLVER_BASIC: return tc__solve_basic(ar, f, NULL, nc, ec);
	case TC_SOLVER_REGION_PAPER: return tc__solve_region_paper(ar, f, nc, ec);
	case TC_SOLVER_REGION: return tc__solve_region(ar, f, nc, ec);
	case TC_SOLVER_LINEAR: return tc__solve_linear(ar, f, &c->memo, nc, ec);
	case TC_SOLVER_PATH: return tc__solve_path(ar, f, &c->memo, nc, ec);
	case TC_SOLVER_EXACT: return tc__solve_exact(ar, f, nc, ec);
	}
	return TC_EINVAL;
}

static int literal_solve(tc_arena *scratch, tc_flow *f, void *ctx, uint8_t *nc, uint8_t *ec)
{
	return run_structural(scratch, f, ctx, nc, ec);
}

/* the paper's literal rule: split out-edges of convergent uniform nodes */
static int literal_feed(tc_flow *f, void *ctx, const uint8_t *nc, const uint8_t *ec,
			int *changed)
{
	(void)ctx;
	(void)ec;
	for (uint32_t v = 0; v < f->n0; v++) {
		if (!f->uniform[v] || !nc[v])
			continue;
		for (uint32_t i = f->out_off[v]; i < f->out_off[v + 1]; i++) {
			uint32_t e = f->out_edge[i];
			if (tc__flow_literal_split(f, e)) {
				int rc = tc__flow_split(f, e);
				if (rc)
					return rc;
				*changed = 1;
			}
		}
	}
	return TC_OK;
}

int tc_solve(tc_result **out, const tc_graph *g, const tc_solve_options *opt,
	     const tc_allocator *alloc, tc_diag *diag)
{
	return tc__solve_marked(out, g, NULL, NULL, opt, alloc, diag);
}

bool tc_result_node_uniform(const tc_result *r, uint32_t node)
{
	return node < r->n && ((r->g->flags[node] & TC_NODE_UNIFORM) ||
			       (r->marked && r->marked[node]));
}

int tc__solve_marked(tc_result **out, const tc_graph *g, const uint8_t *marked,
		     const uint8_t *sync_edge, const tc_solve_options *opt,
		     const tc_allocator *alloc, tc_diag *diag)
{
	tc_solve_options def = tc_solve_options_default();
	tc_alloc al;
	tc_arena ar;
	tc_flow f;
	uint8_t *nc = NULL, *ec = NULL;
	tc_result *r = NULL;
	int rc;
	double t0 = tc__now();
	tc_run run;

	*out = NULL;
	memset(&f, 0, sizeof f);
	if (!opt)
		opt = &def;
	if (tc__options_version(opt->version, TC_SOLVE_OPTIONS_VERSION, "tc_solve_options", NULL,
				diag))
		return TC_EINVAL;
	if ((unsigned)opt->solver >= TC_SOLVER_COUNT)
		return tc__diag(diag, TC_EINVAL, NULL, 0, 0, "unknown solver %d", (int)opt->solver);
	if (g->entry >= g->n || g->exit >= g->n)
		return tc__diag(diag, TC_EINVAL, NULL, 0, 0, "graph has no entry or exit");
	tc__alloc_init(&al, alloc);
	tc__arena_init(&ar, &al);

	r = tc__calloc(&al, 1, sizeof *r);
	if (!r)
		goto oom;
	r->al = al;
	r->g = g;
	r->n = g->n;
	r->m = g->m;
	r->node_state = tc__malloc(&al, (size_t)g->n + 1);
	r->edge_state = tc__malloc(&al, (size_t)g->m + 1);
	if (!r->node_state || !r->edge_state)
		goto oom;
	if (marked) {
		if (!(r->marked = tc__malloc(&al, g->n ? g->n : 1)))
			goto oom;
		memcpy(r->marked, marked, g->n);
	}

	run.stats = &r->stats;
	run.progress = opt->progress;
	run.progress_ud = opt->progress_ud;
	run.phase = NULL;
	run.exact_work_limit = opt->exact_work_limit;
	run.exact_work_factor = opt->exact_work_factor;
	run.exact_work_done = 0;
	f.run = &run;
	tc__phase_begin(&run, "live");
	rc = tc__flow_init(&f, &ar, g, opt->assume_barriers, !opt->ignore_uniform);
	tc__phase_end(&run);
	if (rc)
		goto fail;
	for (uint32_t v = 0; marked && !opt->ignore_uniform && v < g->n; v++)
		f.uniform[v] |= marked[v];
	for (uint32_t e = 0; sync_edge && !opt->ignore_uniform && e < g->m && !rc; e++)
		if (sync_edge[e] && f.live_edge[e])
			rc = tc__flow_split(&f, e);
	if (!rc && f.m > f.m0)
		rc = tc__flow_reindex(&f);
	if (rc)
		goto fail;
	/* liveness of the original graph, before any split */
	char *live_n = (char *)r->node_state, *live_e = (char *)r->edge_state;
	memcpy(live_n, f.live_node, g->n);
	memcpy(live_e, f.live_edge, g->m);

	literal_ctx lc;
	memset(&lc, 0, sizeof lc);
	lc.solver = opt->solver;
	lc.memo.al = &al;
	if (opt->solver == TC_SOLVER_EXACT)
		rc = tc__solve_exact_variance(&ar, &f, &nc, &ec, &r->stats.rounds);
	else
		rc = tc__flow_rounds(&ar, &f, literal_solve, literal_feed, &lc, &nc, &ec,
				     &r->stats.rounds);
	tc__linear_memo_free(&lc.memo);
	if (rc)
		goto fail;

	for (uint32_t v = 0; v < g->n; v++)
		r->node_state[v] = !live_n[v] ? TC_STATE_DEAD
				   : nc[v]    ? TC_STATE_CONVERGENT
					      : TC_STATE_UNKNOWN;
	for (uint32_t e = 0; e < g->m; e++) {
		int c = ec[e] && (f.second[e] == TC_NONE || ec[f.second[e]]);
		r->edge_state[e] = !live_e[e] ? TC_STATE_DEAD
				   : c        ? TC_STATE_CONVERGENT
					      : TC_STATE_UNKNOWN;
	}
	tc__arena_free(&ar);
	r->stats.total_s = tc__now() - t0;
	*out = r;
	return TC_OK;
oom:
	rc = TC_ENOMEM;
fail:
	tc__arena_free(&ar);
	tc_result_free(r);
	if (rc == TC_ENOMEM)
		return tc__diag(diag, rc, NULL, 0, 0, "out of memory");
	return tc__diag(diag, rc, NULL, 0, 0, "%s", tc_status_string(rc));
}

void tc_result_free(tc_result *r)
{
	if (!r)
		return;
	tc_alloc al = r->al;
	tc__free(&al, r->node_state);
	tc__free(&al, r->edge_state);
	tc__free(&al, r->marked);
	tc__free(&al, r);
}

tc_state tc_result_node_state(const tc_result *r, uint32_t node)
{
	return node < r->n ? (tc_state)r->node_state[node] : TC_STATE_DEAD;
}

tc_state tc_result_edge_state(const tc_result *r, uint32_t edge)
{
	return edge < r->m ? (tc_state)r->edge_state[edge] : TC_STATE_DEAD;
}

int tc__result_drop(tc_result *r, const uint8_t *dead_edge)
{
	const tc_graph *g = r->g;
	if (g->n == 0)
		return TC_OK;
	uint8_t *seen = tc__malloc(&r->al, g->n);
	if (!seen || tc__graph_reach(g, dead_edge, seen, &r->al)) {
		tc__free(&r->al, seen);
		return TC_ENOMEM;
	}
	for (uint32_t v = 0; v < g->n && v < r->n; v++)
		if (!seen[v])
			r->node_state[v] = TC_STATE_DEAD;
	for (uint32_t e = 0; e < g->m && e < r->m; e++)
		if (dead_edge[e] || !seen[g->edge_from[e]])
			r->edge_state[e] = TC_STATE_DEAD;
	tc__free(&r->al, seen);
	return TC_OK;
}

bool tc_result_in_edges_convergent(const tc_result *r, uint32_t node)
{
	if (node >= r->n)
		return false;
	const tc_graph *g = r->g;
	for (const uint32_t *e = TC_IN_BEGIN(g, node); e != TC_IN_END(g, node); e++)
		if (r->edge_state[*e] == TC_STATE_UNKNOWN)
			return false;
	return true;
}

uint32_t tc_result_node_count(const tc_result *r, tc_state s)
{
	uint32_t k = 0;
	for (uint32_t v = 0; v < r->n; v++)
		k += r->node_state[v] == (char)s;
	return k;
}

uint32_t tc_result_edge_count(const tc_result *r, tc_state s)
{
	uint32_t k = 0;
	for (uint32_t e = 0; e < r->m; e++)
		k += r->edge_state[e] == (char)s;
	return k;
}

tc_solve_stats tc_result_stats(const tc_result *r) { return r->stats; }

/* ---- tc_module_solve ------------------------------------------------------
 *
 * Convergence feeds uniformity (SPEC 3.1, docs/llvm.md).
 *
 * The IR reader marks a branch uniform when its condition is uniform, with
 * every divergent branch's joins and live-out values divergent. A solve may
 * then prove all live out-edges of such a divergent branch convergent (in
 * assume mode, typically because both ways lead to a barrier): every thread
 * takes the same edge, so the branch is effectively uniform and its joins'
 * phis are not divergent on its account. tc_module_solve replays the value
 * analysis the reader recorded (tc_uniformity_deps) without those branches,
 * solves again with what became uniform marked (in the result, not in the
 * module: in another mode, the same branch may not be effectively uniform),
 * until nothing changes. Marks only grow, so this ends after at most one
 * round per branch.
 */
/* Two or more live out-edges, all convergent. */
static bool effectively_uniform(const tc_graph *g, const tc_result *r, uint32_t v)
{
	uint32_t live = 0;
	for (const uint32_t *e = TC_OUT_BEGIN(g, v); e != TC_OUT_END(g, v); e++) {
		tc_state s = tc_result_edge_state(r, *e);
		if (s == TC_STATE_UNKNOWN)
			return false;
		live += s == TC_STATE_CONVERGENT;
	}
	return live >= 2;
}

/* Bits of mark[] per value id. */
enum { DIVERGENT = 1, BLOCKED = 2 };

/* mark[v] & DIVERGENT := v reachable from a seed, not through a blocked
 * terminator (whose own mark is set, but whose arcs are not followed). */
static void divergent_values(const tc_uniformity_deps *d, uint8_t *mark, uint32_t *stack)
{
	for (uint32_t v = 0; v < d->nvalues; v++)
		mark[v] &= BLOCKED;
	uint32_t top = 0;
	for (uint32_t k = 0; k < d->nseed; k++)
		if (!(mark[d->seed[k]] & DIVERGENT)) {
			mark[d->seed[k]] |= DIVERGENT;
			stack[top++] = d->seed[k];
		}
	while (top > 0) {
		uint32_t v = stack[--top];
		if (mark[v] & BLOCKED)
			continue;
		for (uint32_t a = d->off[v]; a < d->off[v + 1]; a++)
			if (!(mark[d->arc[a]] & DIVERGENT)) {
				mark[d->arc[a]] |= DIVERGENT;
				stack[top++] = d->arc[a];
			}
	}
}

int tc_module_solve(tc_result **out, tc_module *m, size_t i, const tc_solve_options *opt,
		    const tc_allocator *alloc, tc_diag *diag)
{
	*out = NULL;
	if (i >= m->count)
		return tc__diag(diag, TC_EINVAL, NULL, 0, 0, "no graph %zu in the module", i);
	if (opt && tc__options_version(opt->version, TC_SOLVE_OPTIONS_VERSION, "tc_solve_options",
				       NULL, diag))
		return TC_EINVAL;
	const tc_graph_info *in = &m->info[i];
	/* a warp's solve: its own marks and record, where the graph has them */
	bool warp = opt && opt->group != TC_GROUP_BLOCK && in->warp_uniform &&
		    !opt->ignore_uniform;
	return tc__solve_refined(out, m->graphs[i], warp ? in->warp_uniform : NULL,
				 warp ? in->warp_sync_edge : NULL, warp ? in->warp_deps : in->deps,
				 in->dead_edge, opt, alloc, diag);
}

int tc__module_solve_lanes(tc_result **out, tc_module *m, size_t i, int span,
			   const tc_solve_options *opt, const tc_allocator *alloc, tc_diag *diag)
{
	tc_solve_options o = opt ? *opt : tc_solve_options_default();
	o.group = TC_GROUP_WARP;
	const tc_graph_info *in = i < m->count ? &m->info[i] : NULL;
	if (!in || span < 1 || span > 4 || !in->lanes_uniform[span - 1] || o.ignore_uniform)
		return tc_module_solve(out, m, i, &o, alloc, diag);
	/* the edges a whole warp takes together, its groups of lanes do */
	return tc__solve_refined(out, m->graphs[i], in->lanes_uniform[span - 1],
				 in->warp_sync_edge, in->lanes_deps[span - 1], in->dead_edge, &o,
				 alloc, diag);
}

/* Whether node v branches (two out-edges or more) and dead_edge leaves it
 * at most one: it goes the same way in every thread. */
static bool one_way(const tc_graph *g, const uint8_t *dead_edge, uint32_t v)
{
	uint32_t out = 0, live = 0;
	for (const uint32_t *e = TC_OUT_BEGIN(g, v); e != TC_OUT_END(g, v); e++) {
		out++;
		live += !dead_edge[*e];
	}
	return out >= 2 && live <= 1;
}

static void unlead(tc_graph *h, bool led, tc_alloc *al)
{
	if (!led)
		return;
	tc__free(al, h->edge_to);
	tc__free(al, h->in_off);
	tc__free(al, h->in_edge);
}

/*
 * *h: g where each dead edge of a node that goes one way leads where that
 * node's live edge does (a shallow copy of g with its own edge_to and
 * in-edges; the same ids), so that a solve of h is one of g in which no
 * thread takes a dead edge: what lies only behind it is not a way out of
 * what the live edge leads to (a helper's early return behind a test that
 * the call's constant decides). *led false (and h untouched) where no such
 * edge is. Free with unlead.
 */
static int lead_dead(const tc_graph *g, const uint8_t *dead, tc_graph *h, bool *led,
		     tc_alloc *al)
{
	*led = false;
	uint32_t *to = NULL;
	for (uint32_t v = 0; dead && v < g->n; v++) {
		if (!one_way(g, dead, v))
			continue;
		uint32_t live = TC_NONE;
		for (const uint32_t *e = TC_OUT_BEGIN(g, v); e != TC_OUT_END(g, v); e++)
			if (!dead[*e])
				live = g->edge_to[*e];
		if (live == TC_NONE)
			continue; /* none left: nothing to lead them to */
		if (!to && !(to = tc__malloc(al, tc__mul(g->m ? g->m : 1, sizeof *to))))
			return TC_ENOMEM;
		if (!*led)
			memcpy(to, g->edge_to, (size_t)g->m * sizeof *to);
		*led = true;
		for (const uint32_t *e = TC_OUT_BEGIN(g, v); e != TC_OUT_END(g, v); e++)
			if (dead[*e])
				to[*e] = live;
	}
	if (!*led)
		return TC_OK;
	*h = *g;
	h->edge_to = to;
	h->in_off = tc__calloc(al, (size_t)g->n + 2, sizeof *h->in_off);
	h->in_edge = tc__malloc(al, tc__mul(g->m ? g->m : 1, sizeof *h->in_edge));
	if (!h->in_off || !h->in_edge) {
		unlead(h, true, al);
		*led = false;
		return TC_ENOMEM;
	}
	/* the in-edges by target, in edge order: counted one place up, then
	 * placed with the starts as cursors */
	for (uint32_t e = 0; e < g->m; e++)
		h->in_off[to[e] + 2]++;
	for (uint32_t v = 0; v < g->n; v++)
		h->in_off[v + 2] += h->in_off[v + 1];
	for (uint32_t e = 0; e < g->m; e++)
		h->in_edge[h->in_off[to[e] + 1]++] = e;
	return TC_OK;
}

int tc__solve_refined(tc_result **out, const tc_graph *g, const uint8_t *marked,
		      const uint8_t *sync_edge, const tc_uniformity_deps *d,
		      const uint8_t *dead_edge, const tc_solve_options *opt,
		      const tc_allocator *alloc, tc_diag *diag)
{
	*out = NULL;
	bool ignore = opt && opt->ignore_uniform;
	const uint8_t *dead = ignore ? NULL : dead_edge;
	tc_alloc al;
	tc__alloc_init(&al, alloc);
	tc_result *r = NULL;
	uint8_t *eff = NULL, *mark = NULL;
	uint32_t *stack = NULL;
	/* the marks, with the branches that go one way */
	uint8_t *uniform = tc__calloc(&al, g->n ? g->n : 1, 1);
	if (!uniform)
		return tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
	if (marked)
		memcpy(uniform, marked, g->n);
	bool any_one_way = false;
	for (uint32_t v = 0; dead && v < g->n; v++)
		if (!uniform[v] && !(g->flags[v] & TC_NODE_UNIFORM) && one_way(g, dead, v))
			uniform[v] = 1, any_one_way = true;
	/* solved where the dead edges lead where their nodes' live ones do */
	tc_graph lg;
	bool led = false;
	if (dead && lead_dead(g, dead, &lg, &led, &al)) {
		tc__free(&al, uniform);
		return tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
	}
	const tc_graph *sg = led ? &lg : g;
	int rc = tc__solve_marked(&r, sg, marked || any_one_way ? uniform : NULL, sync_edge, opt,
				  alloc, diag);
	if (rc || !d || d->nbranch == 0 || ignore)
		goto out;
	eff = tc__calloc(&al, d->nbranch, 1);
	mark = d->nvalues ? tc__calloc(&al, d->nvalues, 1) : NULL;
	stack = d->nvalues ? tc__malloc(&al, tc__mul(d->nvalues, sizeof *stack)) : NULL;
	if (!eff || (d->nvalues && (!mark || !stack))) {
		rc = tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
		goto out;
	}
	/* a branch that goes one way joins nothing: its values are not
	 * divergent on its account */
	bool grew = false;
	for (uint32_t c = 0; dead && c < d->nbranch; c++)
		if (one_way(g, dead, d->node[c])) {
			eff[c] = 1;
			grew = true;
			if (mark)
				mark[d->term[c]] |= BLOCKED;
		}
	for (;;) {
		for (uint32_t c = 0; c < d->nbranch; c++) {
			uint32_t v = d->node[c];
			if (!eff[c] && !(g->flags[v] & TC_NODE_UNIFORM) && !uniform[v] &&
			    effectively_uniform(g, r, v)) {
				eff[c] = 1;
				grew = true;
				if (mark)
					mark[d->term[c]] |= BLOCKED;
			}
		}
		if (!grew)
			break;
		grew = false;
		if (mark)
			divergent_values(d, mark, stack);
		for (uint32_t c = 0; c < d->nbranch; c++)
			if (eff[c] || (mark && !(mark[d->term[c]] & DIVERGENT)))
				uniform[d->node[c]] = 1;
		tc_solve_stats before = tc_result_stats(r);
		tc_result_free(r);
		r = NULL;
		if ((rc = tc__solve_marked(&r, sg, uniform, sync_edge, opt, alloc, diag)))
			goto out;
		tc__result_add_stats(r, &before);
	}
out:
	if (r)
		r->g = g; /* the graph read: its own edges */
	/* what branches that go one way leave out (decided.h) */
	if (!rc && dead && tc__result_drop(r, dead))
		rc = tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
	tc__free(&al, eff);
	tc__free(&al, uniform);
	tc__free(&al, mark);
	tc__free(&al, stack);
	unlead(&lg, led, &al);
	if (rc) {
		tc_result_free(r);
		return rc;
	}
	*out = r;
	return TC_OK;
}
