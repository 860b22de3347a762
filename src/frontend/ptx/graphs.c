/*
 * graphs.c - the PTX reader's graphs (ptx.h): which functions execute a
 * barrier or a collective through their calls, then per function its graph
 * (graph/blocks.h) and its description (graph/desc.h: its values in
 * registers, collectives, reads of the thread's index, and for the
 * interprocedural check its parameters, returns and calls), handed to the
 * sink.
 */
#include "frontend/ptx/ptx.h"
#include "graph/blocks.h"
#include "util/names.h"

#include <stdio.h>
#include <string.h>

static bool barrier_item(const reader *r, const item *x)
{
	return x->op == IT_BARRIER || x->op == IT_PARTIAL ||
	       (x->op == IT_CALL && r->calls[x->target].barrier);
}

/* ---- the graph's callbacks (graph/blocks.h) --------------------------------- */

static const char *block_name(void *ctx, uint32_t k, size_t *len)
{
	reader *r = ctx;
	const pblock *bk = &r->blocks[r->gf->block0 + k];
	if (bk->label) {
		*len = bk->llen;
		return bk->label;
	}
	*len = (size_t)snprintf(r->bname, sizeof r->bname, "%%bb.%u", k);
	return r->bname;
}

static int block_barrier(void *ctx, uint32_t k, uint32_t j, unsigned *flags, tc_loc *loc,
			 tc_inlined *inl)
{
	reader *r = ctx;
	const pblock *bk = &r->blocks[r->gf->block0 + k];
	uint32_t x = j == 0 ? bk->item0 : r->gcursor + 1;
	while (x < bk->item1 && !barrier_item(r, &r->items[x]))
		x++;
	r->gcursor = x;
	*flags = TC_NODE_BARRIER;
	*loc = (tc_loc){NULL, 0, 0};
	if (x >= bk->item1)
		return TC_OK;
	if (r->items[x].op == IT_PARTIAL)
		*flags = TC_NODE_PARTIAL_BARRIER;
	*loc = tc__ptx_kept_loc(r, r->items[x].loc);
	return r->rc ? r->rc : tc__ptx_inlined_of(r, r->items[x].loc, inl);
}

static int block_branch(void *ctx, uint32_t k, tc_loc *loc)
{
	reader *r = ctx;
	const pblock *bk = &r->blocks[r->gf->block0 + k];
	if (bk->term != TC_NONE)
		*loc = tc__ptx_kept_loc(r, r->items[bk->term].loc);
	return r->rc;
}

/* The thread-dependent special register record v of the function reads
 * (tc_fn_read.source). */
static int value_source(void *ctx, uint32_t v, const char **what, tc_loc *loc)
{
	reader *r = ctx;
	const pfunc *f = r->gf;
	if (v < f->rec1 - f->rec0 && r->rec.src.v[f->rec0 + v] != TC_NONE) {
		const psource *ps = &r->srcs[r->rec.src.v[f->rec0 + v]];
		*what = ps->what;
		*loc = tc__ptx_kept_loc(r, ps->loc);
	}
	return r->rc;
}

/* ---- collectives (docs/ptx.md, "Collectives") ------------------------------- */

static int note_collective(reader *r, uint32_t x, const tc_gpu_collective *row, uint32_t k,
			   uint32_t seg, unsigned grp, bool checked)
{
	if (tc__ptx_grow(r, &r->found, &r->found_cap, r->nfound + 1, sizeof *r->found))
		return r->rc;
	r->found[r->nfound++] = (gcoll){x, row, k, seg, (uint8_t)grp, checked};
	return TC_OK;
}

/* The collectives of f, in node order: its collective instructions, and its
 * calls of functions that execute some; *any_warp: one is a warp's. */
static int find_collectives(reader *r, const pfunc *f, bool *any_warp)
{
	r->nfound = 0;
	*any_warp = false;
	for (uint32_t k = f->block0; k < f->block1; k++) {
		const pblock *bk = &r->blocks[k];
		uint32_t seg = 0;
		for (uint32_t x = bk->item0; x < bk->item1; x++) {
			const item *it = &r->items[x];
			if (it->op == IT_COLL) {
				const pcoll *c = &r->colls[it->target];
				if (note_collective(r, x, c->row, k - f->block0, seg, c->row->group,
						    c->checked))
					return r->rc;
				*any_warp |= c->row->group != TC_GROUP_BLOCK;
			} else if (it->op == IT_CALL) {
				unsigned groups = r->calls[it->target].reach;
				for (unsigned grp = 0; grp < 3; grp++) {
					if (!((groups >> grp) & 1))
						continue;
					if (note_collective(r, x, NULL, k - f->block0, seg, grp, true))
						return r->rc;
					*any_warp |= grp != TC_GROUP_BLOCK;
				}
			}
			seg += barrier_item(r, it);
		}
	}
	return TC_OK;
}

/* The tests of a collective's arguments that must agree in its group
 * (tc_arg_test): the records coll_op made for them. */
static int arg_tests(reader *r, const pfunc *f, const gcoll *fc)
{
	const tc_gpu_collective *row = fc->row;
	if (!row || !row->agree)
		return TC_OK;
	uint32_t rec = r->colls[r->items[fc->item].target].arg_rec;
	for (unsigned i = 0; i < 8 && rec != TC_NONE; i++) {
		if (!((row->agree >> i) & 1))
			continue;
		char buf[64];
		const char *an = tc__gpu_collective_arg(row, i, buf, sizeof buf);
		const char *name = tc__module_string(r->out, an, strlen(an));
		if (!name || tc__arg_tests_add(&r->al, &r->tests, rec++ - f->rec0, false, i,
					       row->mask == (int)i, name))
			return tc__ptx_oom(r);
	}
	return TC_OK;
}

/* A collective's name: the instruction's opcode, or the called function's
 * (a mangled name's own). */
static const char *collective_name(reader *r, const gcoll *fc)
{
	char buf[128];
	const pcall *call = fc->row ? NULL : &r->calls[r->items[fc->item].target];
	tc_gpu_collective plain = {0};
	const char *name = call && !call->name
				   ? TC_GPU_THROUGH_POINTER
				   : tc__gpu_collective_name(fc->row ? fc->row : &plain,
							     call ? call->name : NULL,
							     call ? call->len : 0, buf, sizeof buf);
	return tc__module_string(r->out, name, strlen(name));
}

/* The collectives of f's graph, just added (block k's branch ends node
 * last[k], after its nbar[k] barriers), for in, with the tests of their
 * arguments. */
static int make_collectives(reader *r, const pfunc *f, const uint32_t *last,
			    const uint32_t *nbar, tc_fn_read *in)
{
	if (r->nfound == 0)
		return TC_OK;
	const tc_alloc *mal = &r->out->al;
	tc_collective *cs = tc__calloc(mal, r->nfound, sizeof *cs);
	int rc = !cs || tc__arg_tests_start(&r->al, &r->tests, (uint32_t)r->nfound) ? tc__ptx_oom(r)
										    : TC_OK;
	for (size_t j = 0; j < r->nfound && !rc; j++) {
		const gcoll *fc = &r->found[j];
		tc_collective *c = &cs[j];
		*c = tc__gpu_collective_entry(fc->group, !fc->row, fc->row && fc->row->barrier,
					      fc->row && fc->row->mask >= 0, fc->checked,
					      last[fc->block] - nbar[fc->block] + fc->seg);
		c->indirect = !fc->row && !r->calls[r->items[fc->item].target].name;
		c->loc = tc__ptx_kept_loc(r, r->items[fc->item].loc);
		tc_inlined inl = {NULL, {NULL, 0, 0}};
		tc__arg_tests_next(&r->tests, (uint32_t)j);
		if (!(c->name = collective_name(r, fc)))
			rc = tc__ptx_oom(r);
		else if (!(rc = r->rc))
			rc = arg_tests(r, f, fc);
		if (!rc)
			rc = tc__ptx_inlined_of(r, r->items[fc->item].loc, &inl);
		c->inlined = inl.function;
		c->inlined_loc = inl.loc;
	}
	if (rc) {
		tc__free(mal, cs);
		return rc;
	}
	tc__fn_read_collectives(in, cs, (uint32_t)r->nfound, &r->tests);
	return TC_OK;
}

/* ---- the description for the interprocedural check (graph/desc.h) -------- */

/* The graph each function is (entries first), for the calls' callees. */
static int number_graphs(reader *r)
{
	if (!(r->graph_of = TC_ARENA_ARRAY(&r->ar, uint32_t, r->nfn + 1)))
		return tc__ptx_oom(r);
	uint32_t next = 0;
	for (int pass = 0; pass < 2; pass++)
		for (size_t f = 0; f < r->nfn; f++)
			if (r->fn[f].entry == (pass == 0))
				r->graph_of[f] = next++;
	return TC_OK;
}

/* The calls of function f in d: per call its callee's graph, its barrier
 * node (last, nbar: per block), its result and arguments as values. */
static int describe_calls(reader *r, const pfunc *f, tc_fn_desc *d, const uint32_t *last,
			  const uint32_t *nbar)
{
	const tc_alloc *mal = &r->out->al;
	uint32_t nc = f->call1 - f->call0, na = 0;
	for (uint32_t i = f->call0; i < f->call1; i++)
		na += r->calls[i].nargs;
	d->calls = tc__calloc(mal, nc ? nc : 1, sizeof *d->calls);
	d->arg = tc__malloc(mal, tc__mul(na ? na : 1, sizeof *d->arg));
	if (!d->calls || !d->arg)
		return tc__ptx_oom(r);
	for (uint32_t i = f->call0; i < f->call1; i++) {
		const pcall *pc = &r->calls[i];
		tc_call_site *c = &d->calls[d->ncalls++];
		c->callee = pc->callee != TC_NONE ? r->graph_of[pc->callee] : TC_NONE;
		c->node = c->in_node = TC_NONE;
		c->value = pc->result != TC_NONE ? pc->result - f->rec0 : TC_NONE;
		c->arg_off = d->narg;
		c->nargs = pc->nargs;
		for (uint32_t a = 0; a < pc->nargs; a++)
			d->arg[d->narg++] = r->carg.v[pc->arg0 + a] - f->rec0;
		c->loc = tc__ptx_kept_loc(r, pc->loc);
		if (r->rc)
			return r->rc;
	}
	/* the nodes of the calls, a barrier node for one that executes barriers */
	for (uint32_t k = 0; k < f->block1 - f->block0; k++) {
		const pblock *bk = &r->blocks[f->block0 + k];
		uint32_t j = 0;
		for (uint32_t x = bk->item0; x < bk->item1; x++) {
			const item *it = &r->items[x];
			bool barrier = barrier_item(r, it);
			if (it->op == IT_CALL && it->target >= f->call0 && it->target < f->call1) {
				tc_call_site *c = &d->calls[it->target - f->call0];
				c->in_node = last[k] - nbar[k] + j;
				c->block = k; /* its arguments are records of their own already */
				c->node = barrier ? c->in_node : TC_NONE;
			}
			j += barrier;
		}
	}
	return TC_OK;
}

/* What f leaves in its callers' local memory (each out read at each of its
 * rets and exits), and the loads of f that read what a callee left
 * (depot.c), in d. */
static int describe_outs(reader *r, const pfunc *f, tc_fn_desc *d)
{
	uint32_t fi = (uint32_t)(f - r->fn), nb = f->block1 - f->block0, nrets = 0;
	if (!r->out_off)
		return TC_OK;
	size_t o0 = r->out_off[fi], o1 = r->out_off[fi + 1];
	size_t c0 = r->cout_off[fi], c1 = r->cout_off[fi + 1];
	for (uint32_t k = 0; o1 > o0 && k < nb; k++) {
		const pblock *bk = &r->blocks[f->block0 + k];
		for (uint32_t x = bk->item0; x < bk->item1; x++)
			nrets += r->items[x].op == IT_RET;
	}
	size_t nval = 0, nfwd = 0, ncout = c1 - c0;
	for (size_t q = o0; q < o1; q++)
		*(r->outs[q].rec != TC_NONE ? &nval : &nfwd) += 1;
	size_t nout = nval * nrets;
	if (tc__fn_desc_room_outs(r->out, d, nout, nfwd, ncout))
		return tc__ptx_oom(r);
	for (size_t q = o0; q < o1; q++)
		if (r->outs[q].rec == TC_NONE) {
			d->fout_k[d->nfout] = r->outs[q].k;
			d->fout_site[d->nfout] = r->outs[q].call - f->call0;
			d->fout_index[d->nfout++] = r->outs[q].sub;
		}
	for (uint32_t k = 0; nout && k < nb; k++) {
		const pblock *bk = &r->blocks[f->block0 + k];
		for (uint32_t x = bk->item0; x < bk->item1; x++)
			for (size_t q = o0; r->items[x].op == IT_RET && q < o1; q++) {
				if (r->outs[q].rec == TC_NONE)
					continue;
				d->out_value[d->nout] = r->outs[q].rec - f->rec0;
				d->out_block[d->nout] = k;
				d->out_index[d->nout++] = r->outs[q].k;
			}
	}
	for (size_t q = c0; q < c1; q++) {
		d->cout_value[d->ncout] = r->couts[q].rec - f->rec0;
		d->cout_site[d->ncout] = r->couts[q].call - f->call0;
		d->cout_index[d->ncout++] = r->couts[q].k;
	}
	return TC_OK;
}

/* What f reads of its callers' local memory (its ins, each load that reads
 * one a parameter past its own) and what its calls pass for their callees'
 * (depot.c), in d. */
static int describe_ins(reader *r, const pfunc *f, tc_fn_desc *d)
{
	uint32_t fi = (uint32_t)(f - r->fn);
	if (!r->in_off)
		return TC_OK;
	uint32_t n0 = r->in_off[fi], n1 = r->in_off[fi + 1];
	uint32_t q0 = r->inread_off[fi], q1 = r->inread_off[fi + 1];
	uint32_t a0 = r->inarg_off[fi], a1 = r->inarg_off[fi + 1];
	if (n0 == n1 && a0 == a1)
		return TC_OK;
	if (tc__fn_desc_room_ins(r->out, d, n1 - n0, q1 - q0, a1 - a0))
		return tc__ptx_oom(r);
	for (uint32_t j = n0; j < n1; j++)
		d->in_param[d->nins++] = r->in_param[j];
	for (uint32_t q = q0; q < q1; q++) {
		d->param_value[d->nparam_values] = r->inreads[q].rec - f->rec0;
		d->param_index[d->nparam_values++] = d->nparams + r->inreads[q].j;
	}
	for (uint32_t q = a0; q < a1; q++) {
		const struct pinarg *a = &r->inargs[q];
		d->in_site[d->nin_arg] = a->call - f->call0;
		d->in_index[d->nin_arg] = a->j;
		d->in_value[d->nin_arg] = a->rec != TC_NONE ? a->rec - f->rec0 : TC_NONE;
		d->in_fwd[d->nin_arg] = a->fwd;
		d->in_osite[d->nin_arg] = a->ocall != TC_NONE ? a->ocall - f->call0 : TC_NONE;
		d->in_oindex[d->nin_arg++] = a->ok;
	}
	return TC_OK;
}

/* The description of the graph just added (of function f, nb blocks, whose
 * blocks end at nodes last) for the interprocedural check, in in->desc. */
static int describe(reader *r, const pfunc *f, uint32_t nb, const uint32_t *last,
		    const uint32_t *nbar, tc_fn_read *in)
{
	const tc_alloc *mal = &r->out->al;
	tc_fn_desc *d = tc__fn_desc_new(r->out, nb, last, f->pv1 - f->pv0, f->ret1 - f->ret0);
	if (!d)
		return tc__ptx_oom(r);
	in->desc = d; /* the analyses' from here, also on failure */
	d->nparams = f->nparams;
	d->nparam_values = f->pv1 - f->pv0;
	d->nret = f->ret1 - f->ret0;
	int rc = TC_OK;
	if (d->nparam_values &&
	    !(d->param_off = tc__malloc(mal, tc__mul(d->nparam_values, sizeof *d->param_off))))
		return tc__ptx_oom(r);
	d->nparam_off = d->nparam_values;
	for (uint32_t k = 0; !rc && k < d->nparam_values; k++) {
		d->param_value[k] = r->pv_rec.v[f->pv0 + k] - f->rec0;
		d->param_index[k] = r->pv_index.v[f->pv0 + k];
		d->param_off[k] = r->pv_off.v[f->pv0 + k];
	}
	for (uint32_t k = 0; !rc && k < d->nret; k++)
		d->ret[k] = r->ret_rec.v[f->ret0 + k] - f->rec0;
	if (!rc)
		rc = describe_calls(r, f, d, last, nbar);
	if (!rc)
		rc = describe_outs(r, f, d);
	if (!rc)
		rc = describe_ins(r, f, d);
	if (!rc && r->nfound && !(d->coll = tc__malloc(mal, tc__mul(r->nfound, sizeof *d->coll))))
		rc = tc__ptx_oom(r);
	for (size_t k = 0; !rc && k < r->nfound; k++) {
		/* the argument that must agree, where there is one: its record
		 * (the engine traces a mask back to a parameter itself) */
		const gcoll *fc = &r->found[k];
		tc_coll_desc *cd = &d->coll[k];
		cd->mask_param = cd->agree = cd->agree_arg = cd->call_site = TC_NONE;
		cd->agree_mask = false;
		cd->mask_k = -1;
		if (!fc->row) { /* a call: which */
			uint32_t t = r->items[fc->item].target;
			cd->call_site = t >= f->call0 && t < f->call1 ? t - f->call0 : TC_NONE;
		}
		unsigned a = fc->row ? fc->row->agree : 0;
		uint32_t rec = fc->row ? r->colls[r->items[fc->item].target].arg_rec : TC_NONE;
		if (a && !(a & (a - 1)) && rec != TC_NONE) {
			cd->agree = rec - f->rec0;
			for (cd->agree_arg = 0; !((a >> cd->agree_arg) & 1); cd->agree_arg++)
				;
			cd->agree_mask = fc->row->mask >= 0 && (uint32_t)fc->row->mask == cd->agree_arg;
		}
	}
	return rc;
}

/* The records of f that read one %tid.D and nothing else thread-dependent,
 * for in (in record order: a search for f's first). */
static int thread_ids(reader *r, const pfunc *f, tc_fn_read *in)
{
	size_t lo = 0, hi = r->ntids;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (r->tids[mid].value < f->rec0)
			lo = mid + 1;
		else
			hi = mid;
	}
	size_t n = 0;
	for (size_t k = lo; k < r->ntids && r->tids[k].value < f->rec1; k++) {
		if (tc__ptx_grow(r, &r->fn_ids, &r->fn_ids_cap, n + 1, sizeof *r->fn_ids))
			return r->rc;
		r->fn_ids[n] = r->tids[k];
		r->fn_ids[n++].value -= f->rec0;
	}
	in->ids = r->fn_ids;
	in->nids = (uint32_t)n;
	return TC_OK;
}

/* The reads of f's records with the other reads depot.c found loads have
 * (reader.mcopy: by record) after each one's own, in ar; opoff (from f's
 * first record) moved to them. NULL: out of memory. */
static const uint32_t *more_reads(const reader *r, const pfunc *f, tc_arena *ar, uint32_t *opoff)
{
	uint32_t ni = f->rec1 - f->rec0, op0 = r->rec.opoff.v[f->rec0];
	uint32_t n = opoff[ni] + (f->mc1 - f->mc0) / 2, at = 0, q = f->mc0;
	uint32_t *ops = TC_ARENA_ARRAY(ar, uint32_t, (size_t)n + 1);
	if (!ops)
		return NULL;
	for (uint32_t i = 0; i < ni; i++) {
		uint32_t a = r->rec.opoff.v[f->rec0 + i] - op0;
		uint32_t b = tc__ptx_op_end(r, f->rec0 + i) - op0;
		opoff[i] = at;
		for (uint32_t o = a; o < b; o++)
			ops[at++] = r->rec.op.v[op0 + o];
		for (; q + 1 < f->mc1 && r->mcopy.v[q] == f->rec0 + i; q += 2)
			ops[at++] = r->mcopy.v[q + 1];
	}
	opoff[ni] = at;
	return ops;
}

static int graph(reader *r, uint32_t fi)
{
	pfunc *f = &r->fn[fi];
	uint32_t nb = f->block1 - f->block0, ni = f->rec1 - f->rec0;
	int rc;
	/* the function in registers, in arrays of the graph's own arena */
	tc_arena tmp;
	tc__arena_init(&tmp, &r->al);
	uint32_t *blk = TC_ARENA_ARRAY(&tmp, uint32_t, (size_t)ni + 1);
	uint32_t *opoff = TC_ARENA_ARRAY(&tmp, uint32_t, (size_t)ni + 1);
	uint32_t *succ_off = TC_ARENA_ARRAY(&tmp, uint32_t, (size_t)nb + 1);
	uint32_t *cond = TC_ARENA_ARRAY(&tmp, uint32_t, (size_t)nb + 1);
	uint32_t *nbar = TC_ARENA_ARRAY(&tmp, uint32_t, (size_t)nb + 1); /* barriers */
	uint32_t *last = TC_ARENA_ARRAY(&tmp, uint32_t, (size_t)nb + 1);
	uint8_t *way = TC_ARENA_ARRAY(&tmp, uint8_t, (size_t)nb + 1);
	tc_fn_read in = {0};
	size_t nsucc = 0;
	if (!blk || !opoff || !succ_off || !cond || !nbar || !last || !way) {
		rc = tc__ptx_oom(r);
		goto done;
	}
	uint32_t op0 = ni ? r->rec.opoff.v[f->rec0] : 0;
	for (uint32_t i = 0; i < ni; i++)
		opoff[i] = r->rec.opoff.v[f->rec0 + i] - op0;
	opoff[ni] = (ni ? tc__ptx_op_end(r, f->rec1 - 1) : op0) - op0;
	const uint32_t *ops = r->rec.op.v ? r->rec.op.v + op0 : NULL;
	if (f->mc1 > f->mc0 && !(ops = more_reads(r, f, &tmp, opoff))) {
		rc = tc__ptx_oom(r);
		goto done;
	}
	uint32_t succ0 = nb ? r->blocks[f->block0].succ0 : 0;
	for (uint32_t k = 0; k < nb; k++) {
		const pblock *bk = &r->blocks[f->block0 + k];
		for (uint32_t i = bk->rec0; i < bk->rec1; i++)
			blk[i - f->rec0] = k;
		succ_off[k] = bk->succ0 - succ0;
		cond[k] = bk->cond;
		way[k] = bk->way;
		nsucc = bk->succ0 + bk->nsucc - succ0;
	}
	succ_off[nb] = (uint32_t)nsucc;
	tc_reg_func rf = {nb,
			  succ_off,
			  r->succ.v ? r->succ.v + succ0 : NULL,
			  f->nregs,
			  ni,
			  blk,
			  r->rec.kind ? r->rec.kind + f->rec0 : NULL,
			  r->rec.def.v ? r->rec.def.v + f->rec0 : NULL,
			  opoff,
			  ops,
			  cond,
			  NULL,
			  NULL};
	/* the warp's view, for a function with a warp collective */
	bool any_warp;
	if (find_collectives(r, f, &any_warp)) {
		rc = r->rc;
		goto done;
	}
	/* and for every function of a module with calls: what a function
	 * returns to its callers' warps (analysis/calls.c); for the others
	 * what the records compute serves their arithmetic only
	 * (analysis/affine.h) */
	rf.lane = r->lane ? r->lane + f->rec0 : NULL;
	in.arith_only = !r->warp_text ||
			!(any_warp || (r->any_calls && !(r->opt && r->opt->function)));
	/* the graph: one node per block, split at barriers, and <exit> */
	for (uint32_t k = 0; k < nb; k++) {
		const pblock *bk = &r->blocks[f->block0 + k];
		nbar[k] = 0;
		for (uint32_t x = bk->item0; x < bk->item1; x++)
			nbar[k] += barrier_item(r, &r->items[x]);
	}
	r->gf = f;
	tc_block_graph bg = {f->name, f->nlen, f->entry, nb, succ_off, rf.succ, nbar,
			     r, block_name, block_barrier, block_branch};
	rc = tc__module_add_blocks(r->out, &bg, last);
	if (rc) {
		rc = r->rc ? r->rc : rc == TC_ELIMIT ? tc__ptx_too_large(r) : tc__ptx_oom(r);
		goto done;
	}
	/* what the analyses read of it: warps of 32; the block's size given,
	 * else the one the kernel declares */
	in.regs = &rf;
	in.last = last;
	in.way = way;
	in.ctx = r;
	in.source = value_source;
	in.warp_size = 32;
	tc__fn_read_block_size(&in, r->opt ? r->opt->block_size : NULL, f->reqntid);
	in.max_threads = f->maxntid;
	rc = thread_ids(r, f, &in);
	if (!rc)
		rc = make_collectives(r, f, last, nbar, &in);
	if (!rc && r->any_calls && r->graph_of)
		rc = describe(r, f, nb, last, nbar, &in);
	if (!rc) {
		rc = tc__fn_read_send(r->sink, r->out, &in, &r->uniformity_s);
		if (rc)
			rc = r->rc ? r->rc : rc == TC_ELIMIT ? tc__ptx_too_large(r) : tc__ptx_oom(r);
	}
done:
	tc__fn_read_release(r->out, &in);
	tc__arena_free(&tmp);
	return rc;
}

/* Which functions execute a barrier, directly or through calls; a call of
 * one is a barrier. A call through a register may run any function whose
 * address the file takes (the file is the program: docs/ptx.md): it calls
 * node nfn here, which calls each of those, and it is a barrier where one
 * of them executes one. */
int tc__ptx_barrier_calls(reader *r)
{
	tc_arena tmp; /* this step's arrays */
	tc__arena_init(&tmp, &r->al);
	uint32_t any = (uint32_t)r->nfn; /* what a call through a register runs */
	uint8_t *has = TC_ARENA_ZARRAY(&tmp, uint8_t, r->nfn + 2);
	uint32_t *caller = TC_ARENA_ARRAY(&tmp, uint32_t, r->ncalls + r->nfn + 1);
	uint32_t *callee = TC_ARENA_ARRAY(&tmp, uint32_t, r->ncalls + r->nfn + 1);
	int rc = has && caller && callee ? TC_OK : TC_ENOMEM;
	size_t n = 0;
	bool icalls = false;
	for (size_t i = 0; i < r->ncalls && !rc; i++) {
		pcall *c = &r->calls[i];
		nslot *e = c->name ? tc__ptx_nmap_find(&r->fnames, c->name, c->len,
						       tc__hash_bytes(c->name, c->len))
				   : NULL;
		c->callee = e ? e->val : TC_NONE; /* TC_NONE: no body, or a register */
		if (!c->name) {
			icalls = true;
			caller[n] = c->caller;
			callee[n++] = any;
		}
		if (c->callee == TC_NONE)
			continue;
		r->any_calls = true;
		caller[n] = c->caller;
		callee[n++] = c->callee;
	}
	for (uint32_t f = 0; icalls && f < r->nfn && !rc; f++) {
		pfunc *fn = &r->fn[f];
		const nslot *e = tc__ptx_nmap_find(&r->fnames, fn->name, fn->nlen,
						   tc__hash_bytes(fn->name, fn->nlen));
		if ((fn->taken = !e || e->refs)) { /* a call through a register may run it */
			r->any_calls = true;
			caller[n] = any;
			callee[n++] = f;
		}
	}
	for (size_t f = 0; f < r->nfn && !rc; f++)
		for (uint32_t x = r->fn[f].item0; x < r->fn[f].item1; x++)
			has[f] |= r->items[x].op == IT_BARRIER;
	if (!rc)
		rc = tc__gpu_barrier_closure(&r->al, any + 1, caller, callee, n, has);
	for (size_t i = 0; i < r->ncalls && !rc; i++) {
		const pcall *c = &r->calls[i];
		r->calls[i].barrier = c->name ? c->callee != TC_NONE && has[c->callee] : has[any];
	}
	/* the same for the collectives of each group (those with the full
	 * mask: what a masked one promises is not the caller's) */
	uint8_t *reach = !rc && r->ncolls && r->ncalls ? TC_ARENA_ZARRAY(&tmp, uint8_t, r->nfn + 2)
						       : NULL;
	if (!rc && r->ncolls && r->ncalls && !reach)
		rc = TC_ENOMEM;
	for (size_t f = 0; reach && f < r->nfn; f++)
		for (uint32_t x = r->fn[f].item0; x < r->fn[f].item1; x++) {
			if (r->items[x].op != IT_COLL)
				continue;
			const pcoll *c = &r->colls[r->items[x].target];
			/* a masked one too where calls are judged in their
			 * contexts: who passes the mask is the caller's to say */
			bool contexts = r->any_calls && !(r->opt && r->opt->function);
			if ((c->checked || contexts) && !c->row->barrier)
				reach[f] |= (uint8_t)(1u << c->row->group);
		}
	for (unsigned grp = 0; reach && grp < 3 && !rc; grp++) {
		for (size_t f = 0; f <= any; f++)
			has[f] = (reach[f] >> grp) & 1;
		rc = tc__gpu_barrier_closure(&r->al, any + 1, caller, callee, n, has);
		for (size_t f = 0; f <= any && !rc; f++)
			reach[f] |= (uint8_t)(has[f] << grp);
	}
	for (size_t i = 0; reach && i < r->ncalls && !rc; i++)
		r->calls[i].reach = !r->calls[i].name		    ? reach[any]
				    : r->calls[i].callee != TC_NONE ? reach[r->calls[i].callee]
								    : 0;
	tc__arena_free(&tmp);
	return rc ? tc__ptx_oom(r) : TC_OK;
}

/* Function i's name (tc__find_function). */
static const char *fn_name_at(const void *ctx, size_t i, size_t *len)
{
	const reader *r = ctx;
	*len = r->fn[i].nlen;
	return r->fn[i].name;
}

int tc__ptx_graphs(reader *r)
{
	const char *only = r->opt ? r->opt->function : NULL;
	if (only) {
		size_t f;
		if (tc__find_function(r, r->nfn, fn_name_at, only, &f, r->file, r->diag))
			return r->rc = TC_EINVAL;
		return graph(r, (uint32_t)f);
	}
	if (r->nfn == 0) {
		snprintf(r->warnings[r->nwarnings++], sizeof r->warnings[0],
			 "no function is defined in the file: nothing to analyse");
		return TC_OK;
	}
	if (r->any_calls && number_graphs(r))
		return r->rc;
	for (int pass = 0; pass < 2; pass++)
		for (uint32_t f = 0; f < r->nfn; f++)
			if (r->fn[f].entry == (pass == 0) && graph(r, f))
				return r->rc;
	return TC_OK;
}

