/*
 * graphs.c - the LLVM IR reader's graphs: one per defined function, kernels
 * first, each described to the sink, with the description of its
 * parameters, returns and calls for the check across calls (graph/desc.h).
 */
#include "frontend/llvm/llvm.h"

/* ---- the description for the interprocedural check (graph/desc.h) -------- */

/* An integer constant not negative and below 2^31 that fits its type's
 * signed range (an i1's: false), else -1 (tc_fn_desc.arg_k). */
int64_t tc__llvm_small_constant(LLVMValueRef v)
{
	if (!LLVMIsAConstantInt(v))
		return -1;
	unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(v));
	if (w < 1 || w > 64)
		return -1;
	int64_t k = LLVMConstIntGetSExtValue(v);
	return k >= 0 && k < INT64_C(0x80000000) && (w >= 33 || k < (INT64_C(1) << (w - 1)))
		       ? k
		       : -1;
}

/* The calls of fn's defined functions in d (its blocks read, r->last set). */
static int describe_calls(reader *r, tc_fn_desc *d, uint32_t nblocks)
{
	const tc_alloc *mal = &r->out->al;
	size_t cap = 0, acap = 0;
	for (uint32_t k = 0; k < nblocks; k++) {
		uint32_t j = 0; /* barrier calls of block k so far */
		for (LLVMValueRef i = LLVMGetFirstInstruction(r->binfo[k].bb); i;
		     i = LLVMGetNextInstruction(i)) {
			bool barrier = tc__llvm_is_barrier_call(r, i);
			uint32_t g = tc__llvm_is_call(i)
					 ? tc__llvm_ptrmap_get(&r->fn_index, LLVMGetCalledValue(i))
					 : TC_NONE;
			uint32_t in_node = r->last[k] - r->nbar[k] + j;
			j += barrier;
			if (g == TC_NONE || tc__llvm_callee_kind(r->fns[g]) == TC_GPU_BARRIER)
				continue;
			unsigned na = (unsigned)LLVMGetNumArgOperands(i);
			if (d->ncalls == cap) {
				cap = cap ? 2 * cap : 8;
				tc_call_site *c =
				    tc__realloc(mal, d->calls, tc__mul(cap, sizeof *c));
				if (!c)
					return tc__llvm_oom(r);
				d->calls = c;
			}
			if ((size_t)d->narg + na > acap) {
				acap = 2 * ((size_t)d->narg + na) + 8;
				uint32_t *a = tc__realloc(mal, d->arg, tc__mul(acap, sizeof *a));
				if (a)
					d->arg = a;
				uint8_t *o = a ? tc__realloc(mal, d->arg_ones, acap) : NULL;
				if (o)
					d->arg_ones = o;
				int64_t *kv = o ? tc__realloc(mal, d->arg_k, tc__mul(acap, sizeof *kv))
						: NULL;
				if (!kv)
					return tc__llvm_oom(r);
				d->arg_k = kv;
			}
			tc_call_site *c = &d->calls[d->ncalls++];
			c->callee = r->graph_of[g];
			c->node = barrier ? in_node : TC_NONE;
			c->in_node = in_node;
			c->block = k;
			c->value = tc__llvm_ptrmap_get(&r->values, i);
			c->arg_off = d->narg;
			c->nargs = na;
			for (unsigned a = 0; a < na; a++) {
				d->arg_ones[d->narg] = tc__llvm_all_ones(i, (int)a);
				d->arg_k[d->narg] = tc__llvm_small_constant(LLVMGetOperand(i, a));
				d->arg[d->narg++] =
				    tc__llvm_ptrmap_get(&r->values, LLVMGetOperand(i, a));
			}
			int rc = tc__llvm_kept_loc(r, i, &c->loc, NULL);
			if (rc)
				return rc;
		}
	}
	return TC_OK;
}

/* What each collective of the function depends on in a calling context. */
static int describe_collectives(reader *r, tc_fn_desc *d)
{
	const tc_alloc *mal = &r->out->al;
	if (r->nfound == 0)
		return TC_OK;
	if (!(d->coll = tc__malloc(mal, tc__mul(r->nfound, sizeof *d->coll))))
		return tc__llvm_oom(r);
	uint32_t site = 0;
	for (size_t k = 0; k < r->nfound; k++) {
		const found_coll *fc = &r->found[k];
		tc_coll_desc *cd = &d->coll[k];
		cd->mask_param = cd->agree = cd->agree_arg = cd->call_site = TC_NONE;
		cd->agree_mask = false;
		cd->mask_k = -1;
		if (!fc->row) { /* a call: which (calls and collectives are in order) */
			uint32_t v = tc__llvm_ptrmap_get(&r->values, fc->inst);
			while (site < d->ncalls && d->calls[site].value != v)
				site++;
			cd->call_site = site < d->ncalls ? site : TC_NONE;
			if (site == d->ncalls)
				site = 0;
			continue;
		}
		unsigned nargs = (unsigned)LLVMGetNumArgOperands(fc->inst);
		if (fc->row->mask >= 0 && (unsigned)fc->row->mask < nargs) {
			uint32_t v = tc__llvm_ptrmap_get(&r->values, LLVMGetOperand(fc->inst,
									(unsigned)fc->row->mask));
			if (v < d->nparams) /* the arguments are the first values */
				cd->mask_param = v;
		}
		/* the one argument that must agree, a value that is not a pointer
		 * (the others: as read) */
		uint32_t agree = TC_NONE, agree_arg = TC_NONE, count = 0;
		for (unsigned i = 0; i < nargs && i < 8; i++) {
			if (!((fc->row->agree >> i) & 1))
				continue;
			LLVMValueRef a = LLVMGetOperand(fc->inst, i);
			uint32_t v = tc__llvm_ptrmap_get(&r->values, a);
			if (v == TC_NONE)
				continue; /* a constant: the same everywhere */
			count++;
			if (LLVMGetTypeKind(LLVMTypeOf(a)) != LLVMPointerTypeKind) {
				agree = v;
				agree_arg = i;
			}
		}
		cd->agree = count == 1 ? agree : TC_NONE;
		cd->agree_arg = count == 1 ? agree_arg : TC_NONE;
		cd->agree_mask = count == 1 && fc->row->mask >= 0 &&
				 (uint32_t)fc->row->mask == agree_arg;
	}
	return TC_OK;
}

/* Gives the graph just added (of function f, the analysis of its values
 * just run) its description. */
/* The description of the graph just added (of function f) for the
 * interprocedural check, in in->desc. */
static int describe(reader *r, uint32_t f, uint32_t nblocks, tc_fn_read *in)
{
	uint32_t np = LLVMCountParams(r->fns[f]);
	tc_fn_desc *d = tc__fn_desc_new(r->out, nblocks, r->last, np, nblocks);
	if (!d)
		return tc__llvm_oom(r);
	in->desc = d; /* the analyses' from here, also on failure */
	in->read_args = true;
	d->nparams = d->nparam_values = np;
	for (uint32_t p = 0; p < np; p++)
		d->param_value[p] = d->param_index[p] = p; /* the arguments come first */
	d->builtin = tc__llvm_callee_kind(r->fns[f]) == TC_GPU_BARRIER;
	for (uint32_t k = 0; k < nblocks; k++) {
		LLVMValueRef term = LLVMGetBasicBlockTerminator(r->binfo[k].bb);
		if (term && LLVMGetInstructionOpcode(term) == LLVMRet)
			d->ret[d->nret++] = tc__llvm_ptrmap_get(&r->values, term);
	}
	int rc = describe_calls(r, d, nblocks);
	if (!rc)
		rc = tc__llvm_describe_outs(r, f, d, nblocks);
	return rc ? rc : describe_collectives(r, d);
}

static int build_graph(reader *r, uint32_t f)
{
	LLVMValueRef fn = r->fns[f];
	bool kernel = r->kernel[f];
	int rc;
	uint32_t nblocks = 0, nnodes = 1;
	r->cur_fn = f;
	r->nfound = 0;
	r->any_warp = false;
	size_t ninsts = 0, nops = 0;
	tc__llvm_ptrmap_clear(&r->al, &r->blocks);
	if (tc__llvm_ptrmap_reserve(&r->al, &r->blocks, LLVMCountBasicBlocks(fn)))
		return tc__llvm_oom(r);
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
	     bb = LLVMGetNextBasicBlock(bb)) {
		if (tc__llvm_reserve(r, &r->binfo, &r->binfo_cap, (size_t)nblocks + 1,
				     sizeof *r->binfo) ||
		    tc__llvm_ptrmap_put(&r->al, &r->blocks, bb, nblocks))
			return tc__llvm_oom(r);
		block_info *bi = &r->binfo[nblocks++];
		bi->bb = bb;
		bi->nbarriers = 0;
		for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
		     i = LLVMGetNextInstruction(i)) {
			if (LLVMIsACallInst(i) &&
			    (rc = tc__llvm_note_collective(r, i, nblocks - 1, bi->nbarriers)))
				return rc;
			bi->nbarriers += tc__llvm_is_barrier_call(r, i);
			ninsts++;
			nops += (size_t)LLVMGetNumOperands(i);
		}
		nnodes += bi->nbarriers ? bi->nbarriers + 1 : 1;
		if (nnodes > UINT32_MAX / 2)
			return tc__diag(r->diag, TC_ELIMIT, r->file, 0, 0, "function too large");
	}
	tc_ua_func uf;
	tc_fn_read in = {0};
	if ((rc = tc__llvm_describe_values(r, fn, kernel, nblocks, ninsts, nops, &uf, &in.lop,
					    &in.arith_only)))
		return rc;
	if (tc__llvm_reserve(r, &r->nbar, &r->nbar_cap, (size_t)nblocks + 1, sizeof *r->nbar) ||
	    tc__llvm_reserve(r, &r->last, &r->last_cap, (size_t)nblocks + 1, sizeof *r->last) ||
	    tc__llvm_reserve(r, &r->way, &r->way_cap, (size_t)nblocks + 1, sizeof *r->way))
		return tc__llvm_oom(r);
	for (uint32_t k = 0; k < nblocks; k++) {
		r->nbar[k] = r->binfo[k].nbarriers;
		/* br i1 %c, label %t, label %f: its first successor where %c holds */
		LLVMValueRef term = LLVMGetBasicBlockTerminator(r->binfo[k].bb);
		uint32_t s0 = r->succ_off.v[k];
		r->way[k] = term && LLVMGetInstructionOpcode(term) == LLVMBr &&
					    LLVMIsConditional(term) && r->succ_off.v[k + 1] - s0 == 2 &&
					    r->succ.v[s0] != r->succ.v[s0 + 1] && uf.cond[k] != TC_NONE
				    ? TC_WAY_FIRST
				    : TC_WAY_UNKNOWN;
	}
	size_t len;
	const char *fname = tc__llvm_value_name(fn, &len);
	tc_block_graph bg = {fname,
			     len,
			     kernel,
			     nblocks,
			     r->succ_off.v,
			     r->succ.v,
			     r->nbar,
			     r,
			     tc__llvm_block_name,
			     tc__llvm_block_barrier,
			     tc__llvm_block_branch};
	rc = tc__module_add_blocks(r->out, &bg, r->last);
	if (rc == TC_ELIMIT)
		return tc__diag(r->diag, TC_ELIMIT, r->file, 0, 0, "function too large");
	if (rc == TC_ENOMEM)
		return tc__llvm_oom(r);
	if (rc)
		return rc;
	/* what the analyses read of it */
	in.ssa = &uf;
	in.last = r->last;
	in.way = r->way;
	in.ctx = r;
	in.source = tc__llvm_value_source;
	in.ids = r->ids;
	in.nids = (uint32_t)r->nids;
	/* the block's size: the warp's view's shape, and what it says of the
	 * thread's indices (their bounds, from what each value computes) */
	tc__llvm_block_size(r, fn, in.block_size);
	in.max_threads = tc__llvm_max_threads(r, fn);
	if (in.lop && !in.arith_only)
		in.warp_size = tc__llvm_warp_size(r, fn);
	rc = tc__llvm_make_collectives(r, &in);
	if (!rc && r->calls && r->graph_of)
		rc = describe(r, f, nblocks, &in);
	if (!rc) {
		rc = tc__fn_read_send(r->sink, r->out, &in, &r->uniformity_s);
		if (rc == TC_ELIMIT)
			rc = tc__diag(r->diag, TC_ELIMIT, r->file, 0, 0, "function too large");
		else if (rc == TC_ENOMEM)
			rc = tc__llvm_oom(r);
	}
	tc__fn_read_release(r->out, &in);
	if (rc)
		return rc;
	return r->embedded ? tc__llvm_add_origin(r, f, nblocks) : TC_OK;
}

/* Function i's name (tc__find_function). */
static const char *fn_name_at(const void *ctx, size_t i, size_t *len)
{
	return tc__llvm_value_name(((const reader *)ctx)->fns[i], len);
}

int tc__llvm_build_graphs(reader *r)
{
	const char *only = r->opt ? r->opt->function : NULL;
	if (only) {
		size_t chosen;
		int rc = tc__find_function(r, r->nfn, fn_name_at, only, &chosen, r->file, r->diag);
		return rc ? rc : build_graph(r, (uint32_t)chosen);
	}
	if (r->nfn == 0) { /* valid, and nothing to analyse: said, not an error */
		tc__llvm_warn(r, "no function is defined in the module: nothing to analyse");
		return TC_OK;
	}
	int rc;
	if (r->calls) { /* the graph each function will be: kernels first */
		if (!(r->graph_of = TC_ARENA_ARRAY(&r->ar, uint32_t, r->nfn)))
			return tc__llvm_oom(r);
		uint32_t next = 0;
		for (int pass = 0; pass < 2; pass++)
			for (uint32_t f = 0; f < r->nfn; f++)
				if (r->kernel[f] == (pass == 0))
					r->graph_of[f] = next++;
	}
	for (int pass = 0; pass < 2; pass++) /* kernels first */
		for (uint32_t f = 0; f < r->nfn; f++)
			if (r->kernel[f] == (pass == 0) && (rc = build_graph(r, f)))
				return rc;
	return TC_OK;
}
