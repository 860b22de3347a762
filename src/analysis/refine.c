/*
 * refine.c - convergence feeds uniformity (SPEC 3.1, docs/llvm.md).
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
#include "analysis/solve.h"
#include "analysis/uniformity.h"
#include "graph/module.h"
#include "graph/graph.h"
#include "util/diag.h"

#include <string.h>

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
				 warp ? in->warp_deps : in->deps, opt, alloc, diag);
}

int tc__solve_refined(tc_result **out, const tc_graph *g, const uint8_t *marked,
		      const tc_uniformity_deps *d, const tc_solve_options *opt,
		      const tc_allocator *alloc, tc_diag *diag)
{
	*out = NULL;
	tc_result *r;
	int rc = marked ? tc__solve_marked(&r, g, marked, opt, alloc, diag)
			: tc_solve(&r, g, opt, alloc, diag);
	if (rc || !d || d->nbranch == 0 || (opt && opt->ignore_uniform)) {
		*out = rc ? NULL : r;
		return rc;
	}
	tc_alloc al;
	tc__alloc_init(&al, alloc);
	uint8_t *eff = tc__calloc(&al, d->nbranch, 1);
	uint8_t *uniform = tc__calloc(&al, g->n ? g->n : 1, 1);
	uint8_t *mark = d->nvalues ? tc__calloc(&al, d->nvalues, 1) : NULL;
	uint32_t *stack = d->nvalues ? tc__malloc(&al, tc__mul(d->nvalues, sizeof *stack)) : NULL;
	if (!eff || !uniform || (d->nvalues && (!mark || !stack))) {
		rc = tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
		goto out;
	}
	if (marked)
		memcpy(uniform, marked, g->n);
	for (;;) {
		bool grew = false;
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
		if (mark)
			divergent_values(d, mark, stack);
		for (uint32_t c = 0; c < d->nbranch; c++)
			if (eff[c] || (mark && !(mark[d->term[c]] & DIVERGENT)))
				uniform[d->node[c]] = 1;
		tc_solve_stats before = tc_result_stats(r);
		tc_result_free(r);
		r = NULL;
		if ((rc = tc__solve_marked(&r, g, uniform, opt, alloc, diag)))
			goto out;
		tc__result_add_stats(r, &before);
	}
out:
	tc__free(&al, eff);
	tc__free(&al, uniform);
	tc__free(&al, mark);
	tc__free(&al, stack);
	if (rc) {
		tc_result_free(r);
		return rc;
	}
	*out = r;
	return TC_OK;
}
