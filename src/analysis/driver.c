/* driver.c - the analyses of one function, for every reader (driver.h). */
#include "analysis/driver.h"

#include "analysis/active.h"
#include "analysis/affine.h"
#include "analysis/bounds.h"
#include "analysis/decided.h"
#include "analysis/lanes.h"
#include "analysis/masks.h"
#include "analysis/ssa.h"
#include "analysis/uniformity.h"
#include "util/clock.h"

#include <string.h>

const tc_fn_sink tc__analyses = {tc__analyse_function, NULL};

/* What one function's analyses hold while they run. */
typedef struct drive {
	tc_module *m;
	const tc_alloc *al;
	tc_fn_read *in;
	const tc_ua_func *f;
	const tc_lane_op *lop;
	const uint32_t *cond; /* per block: the value its branch tests */
	tc_ssa *ssa;
	tc_uniformity *ua;
	tc_affine *affine; /* f with the thread terms that cancel, or NULL */
	tc_lanes *lanes;
	tc_masks *masks; /* made for the first mask that needs it */
	tc_arena ar;     /* what lives as long as the drive: ops */
	tc_ua_ops ops;   /* f's operands (with lane ops), shared */
	tc_u32vec dep_block, dep_node;
	tc_ua_func sized; /* f with what the block's size says of its ids */
	uint8_t *kind;    /* its kinds */
	/* f as its uniformity reads it where branches and selects fold with
	 * constants alone (decided.h); the edges those branches do not take
	 * (NULL: none), for the module */
	tc_decided_view view;
	tc_ua_func vf;
	uint8_t *dead_edge;
} drive;

/* d->kind: a copy of d->f's kinds to change. TC_OK or TC_ENOMEM. */
static int own_kinds(drive *d)
{
	const tc_ua_func *f = d->f;
	if (d->kind)
		return TC_OK;
	if (!(d->kind = tc__malloc(d->al, f->nvalues ? f->nvalues : 1)))
		return TC_ENOMEM;
	memcpy(d->kind, f->kind, f->nvalues);
	d->sized = *f;
	d->sized.kind = d->kind;
	return TC_OK;
}

/*
 * What the block's size says of the thread's indices f reads: in a
 * dimension of size 1 the local index is 0 and the global one the block's
 * index, the same in every thread of the block (their kinds changed in
 * d->kind, which d->f then has). TC_OK or TC_ENOMEM.
 */
static int sized_ids(drive *d)
{
	const tc_fn_read *in = d->in;
	const tc_ua_func *f = d->f;
	for (uint32_t k = 0; k < in->nids; k++) {
		const tc_thread_id *t = &in->ids[k];
		if (t->dim > 2 || in->block_size[t->dim] != 1 || t->value >= f->nvalues)
			continue;
		if (own_kinds(d))
			return TC_ENOMEM;
		uint8_t *kd = &d->kind[t->value];
		*kd &= (uint8_t)~(TC_UA_SOURCE | TC_UA_NAMED);
		if (t->whole)
			*kd |= TC_UA_UNIFORM;
	}
	return TC_OK;
}

/* The comparisons the bounds of the thread's indices decide (bounds.h):
 * the same in every thread. TC_OK or TC_ENOMEM. */
static int bounded(drive *d)
{
	const tc_fn_read *in = d->in;
	if (!d->lop || (!in->block_size[0] && !in->block_size[1] && !in->block_size[2] &&
			!in->max_threads))
		return TC_OK;
	bool had = d->kind != NULL, changed;
	int rc = own_kinds(d);
	if (!rc)
		rc = tc__bounds(d->f, d->lop, in->block_size, in->max_threads, d->kind, &changed,
				d->al);
	if (!rc && !had && !changed) { /* nothing to change: f as it was */
		tc__free(d->al, d->kind);
		d->kind = NULL;
	}
	return rc;
}

/* What branches and selects that fold with constants alone leave of f
 * (decided.h): d->vf, and the edges that those branches do not take
 * (d->dead_edge). TC_OK or TC_ENOMEM. */
static int fold_alone(drive *d)
{
	d->vf = *d->f;
	tc_decided_fn fn = {d->f, d->lop, d->in->way, d->in->last, NULL, NULL, 0, NULL, 0,
			    d->ops.off, d->ops.val};
	bool any, dead;
	int rc = TC_OK;
	tc__decided_params(&fn, &any, d->al, &rc);
	if (rc || !any)
		return rc;
	const tc_graph *g = d->m->graphs[d->m->count - 1];
	tc_decided *e;
	uint8_t *live = tc__malloc(d->al, d->f->nblocks ? d->f->nblocks : 1);
	uint32_t m = tc_graph_edge_count(g);
	uint8_t *dead_edge = tc__malloc(&d->m->al, m ? m : 1);
	if (!live || !dead_edge || tc__decided_new(&e, &fn, 0, NULL, d->al)) {
		tc__free(d->al, live);
		tc__free(&d->m->al, dead_edge);
		return TC_ENOMEM;
	}
	rc = tc__decided_live(e, g, live, dead_edge, &dead);
	if (!rc)
		rc = tc__decided_view_new(e, dead ? live : NULL, &d->view, d->al);
	tc__decided_free(e);
	tc__free(d->al, live);
	if (!rc && dead)
		d->dead_edge = dead_edge;
	else
		tc__free(&d->m->al, dead_edge);
	if (!rc && d->view.folded && !(rc = own_kinds(d))) {
		d->f = &d->sized; /* what folds is the same in every thread */
		tc__decided_view_kinds(&d->view, d->kind, d->f->nvalues);
	}
	d->vf = tc__decided_view_of(d->f, &d->view);
	return rc;
}

/* The value analyses: SSA form first where the reader has registers. */
static int values(drive *d)
{
	const tc_fn_read *in = d->in;
	int rc = TC_OK;
	if (in->regs) {
		if (!(rc = tc__ssa(&d->ssa, in->regs, d->al))) {
			d->f = &d->ssa->f;
			d->lop = d->ssa->lop;
			d->cond = d->ssa->cond_value;
		}
	} else {
		d->f = in->ssa;
		d->lop = in->lop;
		d->cond = in->ssa->cond;
	}
	if (!rc)
		rc = sized_ids(d);
	if (!rc)
		rc = bounded(d);
	if (!rc && d->kind)
		d->f = &d->sized;
	/* the block's view reads the uniform parts where thread terms cancel
	 * (affine.h); the warp's view and the calls' description keep f */
	/* f's operands, for the analyses that read them */
	if (!rc && d->lop && tc__ua_operands(&d->ar, d->f, &d->ops.off, &d->ops.val, &d->ops.blk))
		rc = TC_ENOMEM;
	if (!rc)
		rc = fold_alone(d);
	if (!rc)
		rc = tc__affine(&d->affine, &d->vf, d->lop, &d->ops, in->ids, in->nids,
				in->block_size, NULL, d->al);
	if (!rc)
		rc = tc__uniformity(&d->ua, d->affine ? tc__affine_func(d->affine) : &d->vf, d->al);
	if (!rc && d->lop && !in->arith_only) {
		tc_lane_geom geom = {in->warp_size, {0, 0, 0}, 0, in->way};
		memcpy(geom.size, in->block_size, sizeof geom.size);
		rc = tc__lanes(&d->lanes, &d->vf, d->lop, &geom, &d->ops, d->al);
	}
	return rc;
}

/* What divergent value v of ua comes from, as the reader names it. */
static int name_source(drive *d, tc_uniformity *ua, uint32_t v, const char **what, tc_loc *loc)
{
	int rc = TC_OK;
	uint32_t src = tc__uniformity_source(ua, v, &rc);
	if (rc || src == TC_NONE)
		return rc;
	return d->in->source(d->in->ctx, src, what, loc);
}

/* The branches: uniform ones marked, divergent ones with their sources, and
 * the replay record of those (tc_uniformity_deps) in the module. */
static int branches(drive *d)
{
	const tc_ua_func *f = d->f;
	int rc = TC_OK;
	for (uint32_t k = 0; k < f->nblocks && !rc; k++) {
		if (f->succ_off[k + 1] - f->succ_off[k] < 2)
			continue;
		uint32_t node = d->in->last[k];
		if (!tc__uniformity_branch(d->ua, k)) {
			tc__module_mark_uniform(d->m, node);
			continue;
		}
		const char *what = NULL;
		tc_loc loc = {NULL, 0, 0};
		if (d->cond[k] != TC_NONE &&
		    !(rc = name_source(d, d->ua, d->cond[k], &what, &loc)) && what)
			tc__module_set_source(d->m, node, what, loc);
		if (!rc && (tc__u32vec_push(d->al, &d->dep_node, node) ||
			    tc__u32vec_push(d->al, &d->dep_block, k)))
			rc = TC_ENOMEM;
	}
	tc_uniformity_deps *deps = NULL;
	if (!rc)
		rc = tc__uniformity_record(d->ua, d->dep_block.v, d->dep_node.v,
					   (uint32_t)d->dep_node.len, &d->m->al, &deps);
	if (!rc)
		tc__module_set_deps(d->m, deps);
	return rc;
}

/* The edges that branches going one way with constants alone do not take
 * (fold_alone), to the module where there are some. */
static void one_way(drive *d)
{
	if (d->dead_edge)
		tc__module_set_dead_edges(d->m, d->dead_edge);
	d->dead_edge = NULL;
}

/* Whether mask v of a warp collective at node is the same in every lane
 * that executes it, what the branches on the way known (masks.h). */
static int same_at(drive *d, uint32_t node, uint32_t v, bool *out)
{
	const tc_fn_read *in = d->in;
	*out = false;
	if (v >= d->f->nvalues || !d->lop)
		return TC_OK;
	if (!d->masks) {
		int rc = tc__masks_new(&d->masks, d->f, d->lop, in->way,
				       tc__lanes_uniformity(d->lanes), &d->ops, d->al);
		if (rc)
			return rc;
	}
	*out = tc__masks_agree_at(d->masks, in->last, v, node);
	return TC_OK;
}

/* The first argument of collective c that must agree in its group and may
 * not (the reader's tests, in order), with what it depends on. */
static int agree(drive *d, uint32_t k, tc_collective *c)
{
	const tc_fn_read *in = d->in;
	tc_uniformity *ua = c->group == TC_GROUP_BLOCK ? d->ua
			    : d->lanes                 ? tc__lanes_uniformity(d->lanes)
						       : NULL;
	if (!ua || !in->test_off)
		return TC_OK;
	for (uint32_t t = in->test_off[k]; t < in->test_off[k + 1]; t++) {
		const tc_arg_test *x = &in->test[t];
		if (!x->always && (x->value == TC_NONE || !tc__uniformity_value(ua, x->value)))
			continue;
		/* a partitioned warp's mask: each lane names its own tile */
		bool tile = false;
		if (!x->always && x->mask && c->group == TC_GROUP_WARP && d->lanes &&
		    tc__lanes_group_mask(d->lanes, x->value, in->way, d->al, &tile, NULL))
			return TC_ENOMEM;
		if (!tile && !x->always && x->mask && c->group == TC_GROUP_WARP && d->lanes) {
			int mrc = same_at(d, c->node, x->value, &tile);
			if (mrc)
				return mrc;
		}
		if (tile)
			continue;
		c->arg = x->arg;
		c->arg_name = x->arg_name;
		return x->value == TC_NONE
			       ? TC_OK
			       : name_source(d, ua, x->value, &c->arg_source, &c->arg_source_loc);
	}
	return TC_OK;
}

/* A view of the threads at warp granularity (wua, the analysis run on
 * lanes.h's description): per node, whether the branch ending it goes the
 * same way in every lane of a group, in *marks, and the replay record of
 * its values in *deps (both the module's). */
static int view_marks(drive *d, tc_uniformity *wua, uint8_t **marks, tc_uniformity_deps **deps)
{
	const tc_fn_read *in = d->in;
	const tc_ua_func *f = d->f;
	const tc_alloc *mal = &d->m->al;
	uint32_t nnodes = tc_graph_node_count(d->m->graphs[d->m->count - 1]);
	int rc = TC_OK;
	d->dep_node.len = d->dep_block.len = 0;
	if (!(*marks = tc__calloc(mal, nnodes ? nnodes : 1, 1)))
		rc = TC_ENOMEM;
	for (uint32_t k = 0; k < f->nblocks && !rc; k++) {
		if (f->succ_off[k + 1] - f->succ_off[k] < 2)
			continue;
		bool div = tc__uniformity_branch(wua, k);
		(*marks)[in->last[k]] = !div;
		if (div && (tc__u32vec_push(d->al, &d->dep_node, in->last[k]) ||
			    tc__u32vec_push(d->al, &d->dep_block, k)))
			rc = TC_ENOMEM;
	}
	if (!rc)
		rc = tc__uniformity_record(wua, d->dep_block.v, d->dep_node.v,
					   (uint32_t)d->dep_node.len, mal, deps);
	return rc;
}

/* The span of the lanes that masked warp collective c (the k-th) names
 * (tc__lanes_group_mask), from its reader's test of the mask; -1: none,
 * or a mask reported as an argument that may differ. */
static int mask_span(drive *d, uint32_t k, const tc_collective *c, int *span)
{
	const tc_fn_read *in = d->in;
	*span = -1;
	for (uint32_t t = in->test_off ? in->test_off[k] : 0;
	     in->test_off && t < in->test_off[k + 1]; t++) {
		const tc_arg_test *x = &in->test[t];
		if (!x->mask || x->always || c->arg == x->arg)
			continue;
		if (x->value == TC_NONE) {
			*span = tc__lanes_const_span(x->k);
			return TC_OK;
		}
		bool tile;
		return tc__lanes_group_mask(d->lanes, x->value, in->way, d->al, &tile, span);
	}
	return TC_OK;
}

/* Per collective, the span of the lanes a masked warp collective's mask
 * names, whose reach is judged for them, and the views of the groups of
 * lanes that need one, given to the module. */
static int spans(drive *d, const tc_collective *cs)
{
	const tc_fn_read *in = d->in;
	const tc_alloc *mal = &d->m->al;
	int8_t *span = NULL;
	uint8_t *uniform[4] = {NULL, NULL, NULL, NULL};
	tc_uniformity_deps *deps[4] = {NULL, NULL, NULL, NULL};
	unsigned need = 0;
	int rc = TC_OK;
	for (uint32_t k = 0; k < in->ncoll && !rc; k++) {
		const tc_collective *c = &cs[k];
		if (c->group != TC_GROUP_WARP || !c->masked || c->barrier || c->call)
			continue;
		int sp;
		if ((rc = mask_span(d, k, c, &sp)) || sp < 1)
			continue;
		if (!span) {
			if (!(span = tc__malloc(mal, in->ncoll))) {
				rc = TC_ENOMEM;
				break;
			}
			memset(span, -1, in->ncoll);
		}
		span[k] = (int8_t)sp;
		need |= sp <= 4 ? 1u << (sp - 1) : 0;
	}
	for (int k = 0; k < 4 && !rc; k++) {
		if (!((need >> k) & 1))
			continue;
		tc_lane_geom geom = {in->warp_size, {0, 0, 0}, 1u << (k + 1), in->way};
		memcpy(geom.size, in->block_size, sizeof geom.size);
		tc_lanes *l;
		if (!(rc = tc__lanes(&l, d->f, d->lop, &geom, &d->ops, d->al)))
			rc = view_marks(d, tc__lanes_uniformity(l), &uniform[k], &deps[k]);
		tc__lanes_free(l);
	}
	tc__module_set_spans(d->m, span, uniform, deps);
	return rc;
}

/*
 * The collectives, their arguments judged, and the warp's view: per node,
 * whether the branch ending it goes the same way in every lane of a warp,
 * and the replay record of the warp-level values. A collective's inlined
 * helper that is the collective itself (a header's __shfl_sync around the
 * intrinsic) is dropped: no note names it.
 */
static int collectives(drive *d)
{
	tc_fn_read *in = d->in;
	tc_collective *cs = in->coll;
	const tc_alloc *mal = &d->m->al;
	uint8_t *marks = NULL;
	tc_uniformity_deps *deps = NULL;
	tc_uniformity *wua = d->lanes ? tc__lanes_uniformity(d->lanes) : NULL;
	int rc = TC_OK;
	in->coll = NULL;
	if (!cs)
		return TC_OK;
	for (uint32_t k = 0; k < in->ncoll && !rc; k++) {
		rc = agree(d, k, &cs[k]);
		if (cs[k].inlined && cs[k].name && strcmp(cs[k].inlined, cs[k].name) == 0)
			cs[k].inlined = NULL;
	}
	if (!rc && wua)
		rc = view_marks(d, wua, &marks, &deps);
	if (!rc && wua)
		rc = spans(d, cs);
	if (rc) {
		tc__free(mal, cs);
		tc__free(mal, marks);
		tc__uniformity_deps_free(mal, deps);
		return rc;
	}
	tc__module_set_collectives(d->m, cs, in->ncoll, marks, deps, wua ? in->warp_size : 0,
				   wua && tc__lanes_assumed(d->lanes));
	/* the edges the whole warp takes together */
	uint8_t *sync_edge, *synced;
	if (!wua || (rc = tc__active_edges(d->f, d->lop, in->way, in->last, wua,
					   d->m->graphs[d->m->count - 1], &sync_edge, &synced,
					   mal)))
		return rc;
	if (sync_edge)
		tc__module_set_warp_sync(d->m, sync_edge, synced);
	return TC_OK;
}

/* The interprocedural description, completed with the values and the
 * warp's view, given to the module. */
static int describe(drive *d)
{
	tc_fn_desc *fd = d->in->desc;
	d->in->desc = NULL;
	if (!fd)
		return TC_OK;
	int rc = tc__fn_desc_set_func(d->m, fd, d->f);
	/* a member mask that is a constant and no value: what the test knows */
	for (uint32_t k = 0; fd->coll && d->in->test_off && k < d->in->ncoll; k++)
		for (uint32_t t = d->in->test_off[k]; t < d->in->test_off[k + 1]; t++)
			if (d->in->test[t].mask && d->in->test[t].value == TC_NONE)
				fd->coll[k].mask_k = d->in->test[t].k;
	if (!rc && d->lanes) {
		size_t n = d->f->nvalues;
		if (!(fd->lop = tc__malloc(&d->m->al, tc__mul(n ? n : 1, sizeof *fd->lop))))
			rc = TC_ENOMEM;
		else if (n)
			memcpy(fd->lop, d->lop, n * sizeof *fd->lop);
		fd->warp_size = d->in->warp_size;
		memcpy(fd->block_size, d->in->block_size, sizeof fd->block_size);
	}
	if (!rc && d->in->way) { /* for masks.h and decided.h in its calling contexts */
		uint32_t nb = d->f->nblocks;
		if (!(fd->way = tc__malloc(&d->m->al, nb ? nb : 1)))
			rc = TC_ENOMEM;
		else if (nb)
			memcpy(fd->way, d->in->way, nb);
	}
	if (!rc && d->lop) { /* the thread terms that cancel, in every context */
		size_t n = d->f->nvalues, ni = d->in->nids;
		fd->arith = tc__malloc(&d->m->al, tc__mul(n ? n : 1, sizeof *fd->arith));
		fd->ids = tc__malloc(&d->m->al, tc__mul(ni ? ni : 1, sizeof *fd->ids));
		if (!fd->arith || !fd->ids) {
			rc = TC_ENOMEM;
		} else {
			if (n)
				memcpy(fd->arith, d->lop, n * sizeof *fd->arith);
			if (ni)
				memcpy(fd->ids, d->in->ids, ni * sizeof *fd->ids);
			fd->nids = (uint32_t)ni;
			memcpy(fd->arith_block_size, d->in->block_size, sizeof fd->arith_block_size);
		}
	}
	if (!rc && (d->in->read_args || fd->nout || fd->nin_arg))
		rc = tc__fn_desc_read_args(d->m, fd, d->in->read_args);
	tc__module_set_desc(d->m, fd); /* owns it, also on failure */
	return rc;
}

int tc__analyse_function(void *ctx, tc_module *m, tc_fn_read *in)
{
	(void)ctx;
	drive d = {.m = m, .al = &m->al, .in = in};
	tc__arena_init(&d.ar, d.al);
	double t0 = tc__now();
	int rc = values(&d);
	if (!rc)
		rc = branches(&d);
	if (!rc)
		one_way(&d);
	in->uniformity_s = tc__now() - t0;
	if (!rc)
		rc = collectives(&d);
	if (!rc)
		rc = describe(&d);
	if (in->coll) /* not reached */
		tc__free(&m->al, in->coll);
	in->coll = NULL;
	if (in->desc)
		tc__fn_desc_free(&m->al, in->desc);
	in->desc = NULL;
	tc__free(&m->al, d.dead_edge);
	tc__decided_view_free(&d.view, d.al);
	tc__u32vec_free(d.al, &d.dep_block);
	tc__u32vec_free(d.al, &d.dep_node);
	tc__free(d.al, d.kind);
	tc__masks_free(d.masks);
	tc__lanes_free(d.lanes);
	tc__uniformity_free(d.ua);
	tc__affine_free(d.affine);
	tc__ssa_free(d.ssa);
	tc__arena_free(&d.ar);
	return rc;
}
