/*
 * graphs.c - the SPIR-V reader's graphs: one per function with a body,
 * entry points first, each described to the sink, with the description of
 * its parameters, returns and calls for the check across calls
 * (graph/desc.h).
 */
#include "frontend/spirv/spirv.h"

/* ---- the description for the interprocedural check (graph/desc.h) -------- */

/* A copy of n elements of size sz, with the module's allocator; NULL when
 * out of memory. */
static void *module_copy(reader *r, const void *p, size_t n, size_t sz)
{
	void *q = tc__malloc(&r->out->al, tc__mul(n ? n : 1, sz));
	if (q && n)
		memcpy(q, p, n * sz);
	return q;
}

/* The description of the graph just added (function f, nb blocks, block
 * k's branch ending node last[k] after its nbar[k] barriers) for the
 * interprocedural check, in in->desc. */
static int fn_desc(reader *r, const sfunc *f, uint32_t nb, const uint32_t *last,
		   const uint32_t *nbar, tc_fn_read *in)
{
	const tc_alloc *mal = &r->out->al;
	size_t np = r->pval.len;
	tc_fn_desc *d = tc__fn_desc_new(r->out, nb, last, (uint32_t)np, nb);
	if (!d)
		return tc__spirv_oom(r);
	in->desc = d; /* the analyses' from here, also on failure */
	in->read_args = true;
	d->nparams = f->np;
	d->calls = tc__calloc(mal, r->ncalls ? r->ncalls : 1, sizeof *d->calls);
	d->arg = module_copy(r, r->carg.v, r->carg.len, sizeof(uint32_t));
	int rc = d->calls && d->arg ? TC_OK : tc__spirv_oom(r);
	for (uint32_t k = 0; k < np && !rc; k++)
		if (r->pval.v[k] != TC_NONE) {
			d->param_value[d->nparam_values] = r->pval.v[k];
			d->param_index[d->nparam_values++] = k;
		}
	/* the values returned (a constant is the same in every thread), read
	 * where they return (tc__fn_desc_read_args) */
	if (!rc && !(d->ret_block = tc__malloc(mal, tc__mul(nb ? nb : 1, sizeof(uint32_t)))))
		rc = tc__spirv_oom(r);
	for (uint32_t k = 0; k < nb && !rc; k++) {
		uint32_t t = r->blk[k].i1 - 1;
		if (t >= r->blk[k].i0 && r->in[t].op == SpvOpReturnValue) {
			d->ret_block[d->nret] = k;
			d->ret[d->nret++] = tc__spirv_value_of(r, tc__spirv_word(r, t, 1));
		}
	}
	for (size_t j = 0; j < r->ncalls && !rc; j++) {
		const scall *c = &r->calls[j];
		tc_call_site *cs = &d->calls[d->ncalls++];
		uint32_t t = tc__spirv_callee_of(r, c->inst), before = 0;
		cs->callee = r->graph_of[t];
		/* its node: after the barriers of its block before it (its own
		 * barrier node when it executes one) */
		const sblock *bk = &r->blk[c->block];
		for (uint32_t q = 0; q < bk->nbar; q++)
			before += r->bars.v[bk->bar0 + q] < c->inst;
		cs->in_node = last[c->block] - nbar[c->block] + before;
		cs->block = c->block;
		cs->node = tc__spirv_is_barrier(r, c->inst) ? cs->in_node : TC_NONE;
		cs->value = c->value;
		cs->arg_off = c->arg_off;
		cs->nargs = c->nargs;
		cs->loc = tc__spirv_inst_loc(r, c->inst);
		rc = r->rc;
	}
	d->narg = (uint32_t)r->carg.len;
	/* what it leaves in its callers' variables, and what its callees
	 * leave in its own */
	if (!rc && tc__fn_desc_room_outs(r->out, d, r->outv.len, 0, r->coutv.len))
		rc = tc__spirv_oom(r);
	if (!rc && r->outv.len) {
		d->nout = (uint32_t)r->outv.len;
		memcpy(d->out_value, r->outv.v, d->nout * sizeof *d->out_value);
		memcpy(d->out_block, r->outb.v, d->nout * sizeof *d->out_block);
		memcpy(d->out_index, r->outk.v, d->nout * sizeof *d->out_index);
	}
	if (!rc && r->coutv.len) {
		d->ncout = (uint32_t)r->coutv.len;
		memcpy(d->cout_value, r->coutv.v, d->ncout * sizeof *d->cout_value);
		memcpy(d->cout_site, r->couts.v, d->ncout * sizeof *d->cout_site);
		memcpy(d->cout_index, r->coutk.v, d->ncout * sizeof *d->cout_index);
	}
	return rc;
}

static int graph(reader *r, uint32_t fi)
{
	const sfunc *f = &r->fn[fi];
	uint32_t nb = 0;
	tc_u32vec touched = {NULL, 0, 0};
	uint8_t *escaped = NULL;
	uint32_t *succ_off = NULL, *nbar = NULL, *last = NULL;
	tc_fn_read in = {0};
	int rc;
	r->gf = f;
	if ((rc = tc__spirv_blocks(r, f, &nb)) ||
	    (rc = tc__spirv_registers(r, f, fi, &touched, &escaped)) ||
	    (rc = tc__spirv_describe(r, f, nb, escaped)))
		goto done;
	succ_off = tc__malloc(&r->al, ((size_t)nb + 1) * sizeof *succ_off);
	nbar = tc__malloc(&r->al, ((size_t)nb + 1) * sizeof *nbar);
	last = tc__malloc(&r->al, ((size_t)nb + 1) * sizeof *last);
	if (!succ_off || !nbar || !last) {
		rc = tc__spirv_oom(r);
		goto done;
	}
	for (uint32_t k = 0; k < nb; k++) {
		succ_off[k] = r->blk[k].succ0;
		nbar[k] = r->blk[k].nbar;
	}
	succ_off[nb] = (uint32_t)r->succ.len;
	tc_reg_func rf = {nb,
			  succ_off,
			  r->succ.v,
			  r->nregs,
			  (uint32_t)r->rblock.len,
			  r->rblock.v,
			  r->rkind,
			  r->rdef.v,
			  r->ropoff.v,
			  r->rop.v,
			  r->cond.v,
			  r->ropblk.v,
			  NULL};
	/* what each record computes: the sub-group's view, for a function
	 * with a sub-group collective (the sub-group's size is not known), and
	 * the arithmetic of the others (analysis/affine.h, analysis/bounds.h) */
	if (tc__grow(&r->al, &r->lane, &r->lanecap, r->rblock.len + 1, sizeof *r->lane)) {
		rc = tc__spirv_oom(r);
		goto done;
	}
	for (uint32_t e = 0; e < r->rblock.len; e++)
		r->lane[e] = tc__spirv_lane_op(r, e);
	/* the reads of the invocation's index in its workgroup (their bounds:
	 * analysis/bounds.h) */
	for (size_t k = 0; k < r->ntids; k++) {
		uint32_t e = r->tids[k].value;
		if (r->tids[k].global || e >= r->rblock.len)
			continue;
		tc_lane_op *o = &r->lane[e];
		*o = (tc_lane_op){TC_LOP_TID_X, 0, 0, {TC_NONE, TC_NONE}, TC_NONE, {0, 0}};
		o->op = (uint8_t)(TC_LOP_TID_X + r->tids[k].dim);
		o->bits = (uint8_t)tc__spirv_int_width(r, r->in[r->rinst.v[e]].type);
	}
	rf.lane = r->lane;
	/* OpBranchConditional: its true label first (functions.c) */
	if (tc__grow(&r->al, &r->way, &r->waycap, (size_t)nb + 1, 1)) {
		rc = tc__spirv_oom(r);
		goto done;
	}
	for (uint32_t k = 0; k < nb; k++) {
		uint32_t t = r->blk[k].i1 - 1, s0 = succ_off[k];
		r->way[k] = t >= r->blk[k].i0 && r->in[t].op == SpvOpBranchConditional &&
					    succ_off[k + 1] - s0 == 2 &&
					    r->succ.v[s0] != r->succ.v[s0 + 1] && r->cond.v[k] != TC_NONE
				    ? TC_WAY_FIRST
				    : TC_WAY_UNKNOWN;
	}
	char idname[24];
	const char *name = f->name;
	size_t nlen = f->nlen;
	if (!name || !nlen) {
		nlen = (size_t)snprintf(idname, sizeof idname, "%%%u", f->id);
		name = idname;
	}
	tc_block_graph bg = {name,
			     nlen,
			     f->entry,
			     nb,
			     succ_off,
			     r->succ.v,
			     nbar,
			     r,
			     tc__spirv_block_name,
			     tc__spirv_block_barrier,
			     tc__spirv_block_branch};
	rc = tc__module_add_blocks(r->out, &bg, last);
	if (rc) {
		rc = r->rc ? r->rc : rc == TC_ELIMIT ? tc__spirv_too_large(r) : tc__spirv_oom(r);
		goto done;
	}
	in.regs = &rf;
	in.arith_only = !r->any_sub;
	in.last = last;
	in.way = r->way;
	in.ctx = r;
	in.source = tc__spirv_value_source;
	/* the workgroup's size given, else the one the entry point declares */
	tc__fn_read_block_size(&in, r->opt ? r->opt->block_size : NULL, f->size);
	in.ids = r->tids;
	in.nids = (uint32_t)r->ntids;
	rc = tc__spirv_make_collectives(r, last, nbar, &in);
	if (!rc && r->describe)
		rc = fn_desc(r, f, nb, last, nbar, &in);
	if (!rc) {
		rc = tc__fn_read_send(r->sink, r->out, &in, &r->uniformity_s);
		if (rc)
			rc = r->rc             ? r->rc
			     : rc == TC_ELIMIT ? tc__spirv_too_large(r)
					       : tc__spirv_oom(r);
	}
done:
	tc__fn_read_release(r->out, &in);
	/* the scratch over ids back to TC_NONE */
	for (uint32_t i = f->i0; i < f->i1; i++)
		if (r->in[i].res < r->bound)
			r->val[r->in[i].res] = r->bidx[r->in[i].res] = TC_NONE;
	for (size_t k = 0; k < touched.len; k++)
		r->root[touched.v[k]] = TC_NONE;
	tc__u32vec_free(&r->al, &touched);
	tc__free(&r->al, escaped);
	tc__free(&r->al, succ_off);
	tc__free(&r->al, nbar);
	tc__free(&r->al, last);
	return rc;
}

int tc__spirv_graphs(reader *r)
{
	const char *only = r->opt ? r->opt->function : NULL;
	size_t any = 0;
	for (size_t f = 0; f < r->nfn; f++)
		any += r->fn[f].graphed;
	if (!any) {
		snprintf(r->warnings[r->nwarnings++], sizeof r->warnings[0],
			 "no function is defined in the file: nothing to analyse");
		return only ? r->rc = tc__diag(r->diag, TC_EINVAL, r->file, 0, 0,
					       "no function named '%.100s' is defined", only)
			    : TC_OK;
	}
	/* a graph calls another: the graph each function will be, entries
	 * first, for the descriptions */
	for (size_t f = 0; f < r->nfn && !only && !r->describe; f++)
		for (uint32_t i = r->fn[f].i0; i < r->fn[f].i1 && r->fn[f].graphed; i++) {
			uint32_t t =
			    r->in[i].op == SpvOpFunctionCall ? tc__spirv_callee_of(r, i) : TC_NONE;
			if (t != TC_NONE && r->fn[t].graphed) {
				r->describe = true;
				break;
			}
		}
	if (r->describe) {
		if (!(r->graph_of = TC_ARENA_ARRAY(&r->ar, uint32_t, r->nfn)))
			return tc__spirv_oom(r);
		uint32_t next = 0;
		for (int pass = 0; pass < 2; pass++)
			for (size_t f = 0; f < r->nfn; f++)
				if (r->fn[f].graphed && r->fn[f].entry == (pass == 0))
					r->graph_of[f] = next++;
				else if (!r->fn[f].graphed)
					r->graph_of[f] = TC_NONE;
	}
	bool found = false;
	for (int pass = 0; pass < 2; pass++)
		for (uint32_t f = 0; f < r->nfn; f++) {
			const sfunc *g = &r->fn[f];
			if (!g->graphed || g->entry != (pass == 0))
				continue;
			if (only && !(g->name && g->nlen == strlen(only) &&
				      memcmp(g->name, only, g->nlen) == 0))
				continue;
			found = true;
			if (graph(r, f))
				return r->rc;
		}
	if (only && !found)
		return r->rc = tc__diag(r->diag, TC_EINVAL, r->file, 0, 0,
					"no function named '%.100s' is defined", only);
	return TC_OK;
}
