/*
 * values.c - one SPIR-V function's values for the uniformity analysis:
 * what each instruction computes, the variables read as registers, the
 * calls' arguments and results, the reads of an invocation's index.
 */
#include "frontend/spirv/spirv.h"

/* ---- one function: its values ------------------------------------------------ */

static bool pure_op(uint32_t op)
{
	return (op >= SpvOpAccessChain && op <= SpvOpInBoundsPtrAccessChain) ||
	       (op >= SpvOpVectorExtractDynamic && op <= SpvOpTranspose) ||
	       op == SpvOpSampledImage || op == SpvOpImage ||
	       (op >= SpvOpImageQuerySizeLod && op <= SpvOpImageQuerySamples) ||
	       (op >= SpvOpConvertFToU && op <= SpvOpBitCount) ||
	       (op >= SpvOpCopyLogical && op <= SpvOpPtrDiff);
}

/* The module-scope variable (or function parameter) a pointer is derived
 * from, through access chains and casts; TC_NONE when it comes from
 * elsewhere (a load, a phi, a call). */
uint32_t tc__spirv_pointer_base(const reader *r, uint32_t p)
{
	for (int steps = 0; steps < 64; steps++) {
		uint32_t i = tc__spirv_def_of(r, p);
		uint32_t op = tc__spirv_opcode_at(r, i);
		if (op == SpvOpVariable || op == SpvOpFunctionParameter)
			return p;
		if (!tc__spirv_pointer_derivation(op))
			return TC_NONE;
		p = tc__spirv_word(r, i, 3);
	}
	return TC_NONE;
}

/* Is a BuiltIn the same in every invocation of a workgroup? */
static bool uniform_builtin(uint32_t b)
{
	switch (b) {
	case SpvBuiltInWorkgroupId:
	case SpvBuiltInNumWorkgroups:
	case SpvBuiltInWorkgroupSize:
	case SpvBuiltInSubgroupSize:
	case SpvBuiltInSubgroupMaxSize:
	case SpvBuiltInNumSubgroups:
	case SpvBuiltInNumEnqueuedSubgroups:
	case SpvBuiltInGlobalSize:
	case SpvBuiltInEnqueuedWorkgroupSize:
	case SpvBuiltInGlobalOffset:
	case SpvBuiltInWorkDim:
		return true;
	default:
		return false;
	}
}

/* Whether function f only reads through its parameter param: every use of
 * it, and of the pointers derived from it, a load or a derivation (the
 * first 32 derived pointers followed; past them, no). Kept in r->pattr. */
static bool only_read(reader *r, const sfunc *f, uint32_t param)
{
	if (r->pattr[param] & PA_SCANNED)
		return r->pattr[param] & PA_READ;
	uint32_t set[32], n = 0;
	bool ok = true;
	set[n++] = param;
	for (uint32_t i = f->i0; i < f->i1 && ok; i++) {
		uint32_t op = r->in[i].op;
		bool uses = false;
		for (uint32_t k = r->in[i].idop; k < tc__spirv_idop_end(r, i) && !uses; k++)
			for (uint32_t q = 0; q < n && !uses; q++)
				uses = r->ids.v[k] == set[q];
		if (!uses)
			continue;
		bool derived = false;
		for (uint32_t q = 0; q < n && !derived; q++)
			derived = tc__spirv_word(r, i, 3) == set[q];
		if (op == SpvOpLoad && derived)
			continue;
		if (tc__spirv_pointer_derivation(op) && derived && r->in[i].res && n < 32) {
			set[n++] = r->in[i].res;
			continue;
		}
		ok = false; /* a store through it, a call, a store of it, ... */
	}
	r->pattr[param] |= (uint8_t)(PA_SCANNED | (ok ? PA_READ : 0));
	return ok;
}

/*
 * A load (instruction i) not of a promoted variable: its kind, and whether
 * it depends on its address. A BuiltIn variable is what the builtin is; a
 * load from memory every invocation of the workgroup sees alike is a
 * function of its address; any other (private, generic, input, output,
 * volatile memory) differs between invocations.
 */
static uint8_t load_kind(reader *r, uint32_t i, bool kernel, bool *addr)
{
	uint32_t p = tc__spirv_word(r, i, 3);
	*addr = true;
	if (r->in[i].nw > 4 && (tc__spirv_word(r, i, 4) & SpvMemoryAccessVolatileMask))
		return TC_UA_SOURCE;
	uint32_t base = tc__spirv_pointer_base(r, p);
	uint32_t b = base < r->bound ? r->built[base] : 0;
	/* a kernel's argument passed by value that it does not write (NoWrite,
	 * or no use of it writes): each invocation's copy of the same value */
	if (kernel && base < r->bound && (r->pattr[base] & PA_BYVAL) && r->gf &&
	    tc__spirv_opcode_at(r, tc__spirv_def_of(r, base)) == SpvOpFunctionParameter &&
	    ((r->pattr[base] & PA_NOWRITE) || only_read(r, r->gf, base)))
		return 0;
	if (b) {
		if (uniform_builtin(b - 1))
			return 0;
		*addr = false;
		return TC_UA_SOURCE | TC_UA_NAMED;
	}
	uint32_t pi = tc__spirv_def_of(r, p);
	uint32_t sc = tc__spirv_pointer_class(r, pi != TC_NONE ? r->in[pi].type : 0);
	if (tc__spirv_is_pointer_class_shared(sc))
		return 0;
	if (sc == SpvStorageClassGeneric && base != TC_NONE) {
		/* a generic pointer into shared memory, or a kernel's pointer */
		uint32_t bi = tc__spirv_def_of(r, base);
		uint32_t bsc = tc__spirv_pointer_class(r, r->in[bi].type);
		if (tc__spirv_is_pointer_class_shared(bsc) &&
		    (r->in[bi].op == SpvOpVariable || kernel))
			return 0;
	}
	return TC_UA_SOURCE;
}

/*
 * Whether group operation i gives every invocation of its group that
 * executes it the same result: a vote, a broadcast (its id must be the
 * same in the group), a ballot, a reduction, an async copy's event; not a
 * scan, a clustered reduction, a shuffle, an election. *scope gets its
 * execution scope, TC_NONE when that is not a constant. False for any other
 * instruction.
 */
bool tc__spirv_one_result(const reader *r, uint32_t i, uint32_t *scope)
{
	uint32_t op = r->in[i].op, s;
	bool reduce = tc__spirv_word(r, i, 4) == SpvGroupOperationReduce, one, spec;
	*scope = TC_NONE;
	switch (op) {
	case SpvOpSubgroupBallotKHR: /* SPV_KHR_shader_ballot, _subgroup_vote */
	case SpvOpSubgroupFirstInvocationKHR:
	case SpvOpSubgroupReadInvocationKHR:
	case SpvOpSubgroupAllKHR:
	case SpvOpSubgroupAnyKHR:
	case SpvOpSubgroupAllEqualKHR:
		*scope = SpvScopeSubgroup;
		return true;
	case SpvOpGroupAsyncCopy:
	case SpvOpGroupAll:
	case SpvOpGroupAny:
	case SpvOpGroupBroadcast:
	case SpvOpGroupNonUniformAll:
	case SpvOpGroupNonUniformAny:
	case SpvOpGroupNonUniformAllEqual:
	case SpvOpGroupNonUniformBroadcast:
	case SpvOpGroupNonUniformBroadcastFirst:
	case SpvOpGroupNonUniformBallot:
	case SpvOpGroupNonUniformBallotFindLSB:
	case SpvOpGroupNonUniformBallotFindMSB:
		one = true;
		break;
	default:
		if ((op >= SpvOpGroupIAdd && op <= SpvOpGroupSMax) ||
		    (op >= SpvOpGroupIMulKHR && op <= SpvOpGroupLogicalXorKHR) ||
		    (op >= SpvOpGroupNonUniformIAdd && op <= SpvOpGroupNonUniformLogicalXor) ||
		    op == SpvOpGroupNonUniformBallotBitCount ||
		    (op >= SpvOpGroupIAddNonUniformAMD && op <= SpvOpGroupSMaxNonUniformAMD)) {
			one = reduce;
			break;
		}
		return false;
	}
	if (tc__spirv_int_constant(r, tc__spirv_word(r, i, 3), &s, &spec))
		*scope = s;
	return one;
}

/* A group operation's kind: one result for the workgroup when its scope is
 * the workgroup and it returns one value (one_result); for a subgroup (or
 * an unknown scope) it differs between subgroups, and a scan's, a
 * shuffle's or an election's differs between invocations. */
static uint8_t group_kind(const reader *r, uint32_t i)
{
	uint32_t scope;
	if (tc__spirv_one_result(r, i, &scope) && scope == SpvScopeWorkgroup)
		return TC_UA_UNIFORM;
	return TC_UA_SOURCE;
}

static uint8_t value_kind(reader *r, uint32_t i, bool kernel, bool *addr)
{
	uint32_t op = r->in[i].op;
	*addr = true;
	if (op == SpvOpPhi)
		return TC_UA_PHI;
	if (op == SpvOpFunctionParameter)
		return kernel ? 0 : TC_UA_SOURCE; /* who calls it with what is unknown */
	if (op == SpvOpLoad)
		return load_kind(r, i, kernel, addr);
	if (pure_op(op))
		return TC_UA_PURE;
	if ((op >= SpvOpImageSampleImplicitLod && op <= SpvOpImageWrite) ||
	    (op >= SpvOpImageSparseSampleImplicitLod && op <= SpvOpImageSparseRead) ||
	    op == SpvOpUndef || op == SpvOpVariable)
		return 0;
	if (op == SpvOpExtInst)
		return tc__spirv_word(r, i, 3) < r->bound &&
			       r->ext[tc__spirv_word(r, i, 3)] == EXT_PURE
			   ? TC_UA_PURE
			   : TC_UA_SOURCE;
	/* a group operation that returns one value to a workgroup; any other
	 * (atomics, calls, subgroup builtins, anything else) is a source */
	return group_kind(r, i);
}

/* Whether an instruction with a result is a value of the function: not a
 * debug instruction's, nor a promoted variable. */
static bool has_value(const reader *r, uint32_t i, const uint8_t *escaped)
{
	const sinst *x = &r->in[i];
	if (!x->res || x->res >= r->bound || x->op == SpvOpLabel)
		return false;
	if (x->op == SpvOpExtInst && tc__spirv_word(r, i, 3) < r->bound &&
	    r->ext[tc__spirv_word(r, i, 3)] >= EXT_DEBUG)
		return false;
	if (x->op == SpvOpVariable && r->root[x->res] != TC_NONE && !escaped[r->root[x->res]])
		return false;
	return true;
}

static bool promoted(const reader *r, uint32_t id, const uint8_t *escaped)
{
	return id < r->bound && r->root[id] != TC_NONE && !escaped[r->root[id]];
}

/* The registers: Function variables, the parameters read as registers
 * (pointer_params), and the Private variables only this entry uses, whose
 * address stays with loads, stores and the calls that keep it (use_ok);
 * *escaped per register. */
int tc__spirv_registers(reader *r, const sfunc *f, uint32_t fi, tc_u32vec *touched,
			uint8_t **escaped)
{
	r->nregs = 0;
	for (uint32_t i = f->i0; i < f->i1; i++) {
		const sinst *x = &r->in[i];
		if (((x->op == SpvOpVariable &&
		      tc__spirv_word(r, i, 3) == SpvStorageClassFunction) ||
		     (x->op == SpvOpFunctionParameter && tc__spirv_promoted_param(r, x->res))) &&
		    x->res < r->bound && r->root[x->res] == TC_NONE) {
			r->root[x->res] = r->nregs++;
			if (tc__spirv_push(r, touched, x->res))
				return r->rc;
		}
		if (!f->entry)
			continue;
		for (uint32_t k = x->idop; k < tc__spirv_idop_end(r, i); k++) {
			uint32_t id = r->ids.v[k];
			if (id < r->bound && r->pvfn[id] == fi && r->root[id] == TC_NONE) {
				r->root[id] = r->nregs++;
				if (tc__spirv_push(r, touched, id))
					return r->rc;
			}
		}
	}
	/* pointers derived from them, and loads of pointer slots that hold
	 * one (tc__spirv_forward) */
	for (uint32_t i = f->i0; i < f->i1; i++) {
		const sinst *x = &r->in[i];
		uint32_t base = x->op == SpvOpLoad ? tc__spirv_forward(r, x->res)
						   : tc__spirv_word(r, i, 3);
		if ((tc__spirv_pointer_derivation(x->op) || (x->op == SpvOpLoad && base != x->res)) &&
		    x->nw > 3 && base < r->bound && r->root[base] != TC_NONE && x->res < r->bound) {
			r->root[x->res] = r->root[base];
			if (tc__spirv_push(r, touched, x->res))
				return r->rc;
		}
	}
	*escaped = tc__calloc(&r->al, (size_t)r->nregs + 1, 1);
	if (!*escaped)
		return tc__spirv_oom(r);
	for (uint32_t i = f->i0; i < f->i1; i++)
		for (uint32_t k = r->in[i].idop; k < tc__spirv_idop_end(r, i); k++) {
			uint32_t id = r->ids.v[k];
			if (id < r->bound && r->root[id] != TC_NONE && !tc__spirv_use_ok(r, i, id))
				(*escaped)[r->root[id]] = 1;
		}
	return TC_OK;
}

/* One instruction of the register form, in block k. */
static int add_entry(reader *r, uint32_t k, uint32_t inst, uint32_t def, uint8_t kind)
{
	if (r->rblock.len >= UINT32_MAX / 4)
		return r->rc = tc__diag(r->diag, TC_ELIMIT, r->file, 0, 0, "function too large");
	if (tc__grow(&r->al, &r->rkind, &r->rkindcap, r->rblock.len + 1, 1))
		return tc__spirv_oom(r);
	r->rkind[r->rblock.len] = kind;
	if (tc__spirv_push(r, &r->rblock, k) || tc__spirv_push(r, &r->rdef, def) ||
	    tc__spirv_push(r, &r->rinst, inst) ||
	    tc__spirv_push(r, &r->ropoff, (uint32_t)r->rop.len))
		return r->rc;
	return TC_OK;
}

static int add_op(reader *r, uint32_t x, uint32_t blk)
{
	if (x == TC_NONE)
		return TC_OK;
	return tc__spirv_push(r, &r->rop, x) || tc__spirv_push(r, &r->ropblk, blk) ? r->rc : TC_OK;
}

/* A value id as an operand: TC_SSA_VALUE | entry, or TC_NONE (a constant, a
 * global, a promoted variable). */
static uint32_t value_op(const reader *r, uint32_t id)
{
	return id < r->bound && r->val[id] != TC_NONE ? TC_SSA_VALUE | r->val[id] : TC_NONE;
}

/* The SSA value of id, or TC_NONE (a constant, a global, a promoted
 * variable). */
uint32_t tc__spirv_value_of(const reader *r, uint32_t id)
{
	return id < r->bound ? r->val[id] : TC_NONE;
}

/*
 * A call in register form: a read of each register an argument points
 * into (what the callee's parameter holds on entry), the call, then a
 * write of each such register that the callee may write through its
 * parameter (with what, the description does not say: a source). Calls of
 * functions with graphs are noted, with their arguments' values.
 */
static int call_entries(reader *r, uint32_t i, uint32_t b, int pass, uint32_t *n,
			const uint8_t *escaped)
{
	const sinst *x = &r->in[i];
	uint32_t t = tc__spirv_callee_of(r, i), na = x->nw > 4 ? x->nw - 4u : 0;
	size_t c = r->ncalls;
	bool noted = pass == 1 && t != TC_NONE && r->fn[t].graphed;
	if (noted) {
		if (tc__grow(&r->al, &r->calls, &r->callcap, r->ncalls + 1, sizeof *r->calls))
			return tc__spirv_oom(r);
		r->calls[r->ncalls++] = (scall){i, b, TC_NONE, (uint32_t)r->carg.len, na};
	}
	for (uint32_t k = 0; k < na; k++) {
		uint32_t a = tc__spirv_word(r, i, 4 + k);
		if (promoted(r, a, escaped)) {
			if (noted && tc__spirv_push(r, &r->carg, (uint32_t)r->rblock.len))
				return r->rc;
			if (pass == 1 && (add_entry(r, b, i, TC_NONE, TC_UA_PURE) ||
					  add_op(r, r->root[a], TC_NONE) ||
					  add_op(r, value_op(r, a), TC_NONE)))
				return r->rc;
			(*n)++;
		} else if (noted && tc__spirv_push(r, &r->carg, tc__spirv_value_of(r, a))) {
			return r->rc;
		}
	}
	if (has_value(r, i, escaped)) {
		bool addr,
		    is_void = tc__spirv_opcode_at(r, tc__spirv_def_of(r, x->type)) == SpvOpTypeVoid;
		if (pass == 0)
			r->val[x->res] = *n;
		else if (noted && !is_void)
			r->calls[c].value = (uint32_t)r->rblock.len;
		if (pass == 1 && add_entry(r, b, i, TC_NONE, value_kind(r, i, r->gf->entry, &addr)))
			return r->rc;
		(*n)++;
	}
	for (uint32_t k = 0; k < na; k++) {
		uint32_t a = tc__spirv_word(r, i, 4 + k), q = tc__spirv_param_root(r, t, k);
		if (!promoted(r, a, escaped) || q == TC_NONE || !(r->rtfl[q] & RT_WRITES))
			continue;
		/* what the callee left there: its out k (its parameter's
		 * register as it returns) says, in its calling context */
		if (pass == 1 && noted &&
		    (tc__spirv_push(r, &r->coutv, (uint32_t)r->rblock.len) ||
		     tc__spirv_push(r, &r->couts, (uint32_t)c) || tc__spirv_push(r, &r->coutk, k)))
			return r->rc;
		if (pass == 1 && add_entry(r, b, i, r->root[a], TC_UA_SOURCE))
			return r->rc;
		(*n)++;
	}
	return TC_OK;
}

/* Whether f's parameter id is a register that f may write (through it or
 * through its calls): what it holds as f returns is an out (graph/desc.h). */
static bool out_param(const reader *r, uint32_t id)
{
	uint32_t q = r->groot && id < r->bound ? r->groot[id] : TC_NONE;
	return q != TC_NONE && tc__spirv_promoted_param(r, id) && (r->rtfl[q] & RT_WRITES);
}

/* At a return of f (instruction i, block b): a read of each parameter's
 * register that is an out, noted in r->outv/outb/outk. */
static int return_reads(reader *r, const sfunc *f, uint32_t i, uint32_t b, int pass, uint32_t *n)
{
	for (uint32_t k = 0; k < f->np; k++) {
		uint32_t id = r->fparam.v[f->p0 + k];
		if (!out_param(r, id))
			continue;
		if (pass == 1 &&
		    (tc__spirv_push(r, &r->outv, *n) || tc__spirv_push(r, &r->outb, b) ||
		     tc__spirv_push(r, &r->outk, k) || add_entry(r, b, i, TC_NONE, TC_UA_PURE) ||
		     add_op(r, r->root[id], TC_NONE)))
			return r->rc;
		(*n)++;
	}
	return TC_OK;
}

/*
 * f in register form (analysis/ssa.h): its parameters in block 0, every
 * instruction with a value, and the stores to its registers. A load of a
 * register reads it (and the indices of the access chain it goes through);
 * a store through an access chain writes the register from its old value,
 * the value stored and the indices.
 */
/* The invocation's index builtin b (LocalInvocationId: local,
 * GlobalInvocationId: global). */
static bool index_builtin(uint32_t b, bool *global)
{
	*global = b == SpvBuiltInGlobalInvocationId;
	return b == SpvBuiltInLocalInvocationId || b == SpvBuiltInGlobalInvocationId;
}

/* When instruction i (value n of the register form) is one component of an
 * invocation's index (a load through an access chain to it, an extract from
 * a load of the whole vector), notes it in r->tids (tc_thread_id). */
static int thread_id(reader *r, uint32_t i, uint32_t n)
{
	const sinst *x = &r->in[i];
	uint32_t dim = TC_NONE, var = TC_NONE;
	bool spec, global;
	if (x->op == SpvOpLoad && x->nw >= 4) {
		uint32_t d = tc__spirv_def_of(r, tc__spirv_word(r, i, 3));
		uint32_t dop = tc__spirv_opcode_at(r, d);
		if ((dop == SpvOpAccessChain || dop == SpvOpInBoundsAccessChain) &&
		    r->in[d].nw == 5 &&
		    tc__spirv_int_constant(r, tc__spirv_word(r, d, 4), &dim, &spec))
			var = tc__spirv_word(r, d, 3);
	} else if (x->op == SpvOpCompositeExtract && x->nw == 5) {
		uint32_t ld = tc__spirv_def_of(r, tc__spirv_word(r, i, 3));
		if (tc__spirv_opcode_at(r, ld) == SpvOpLoad && r->in[ld].nw >= 4) {
			var = tc__spirv_word(r, ld, 3);
			dim = tc__spirv_word(r, i, 4);
		}
	}
	if (var >= r->bound || dim > 2 || !r->built[var] ||
	    !index_builtin(r->built[var] - 1, &global))
		return TC_OK;
	if (tc__grow(&r->al, &r->tids, &r->tids_cap, r->ntids + 1, sizeof *r->tids))
		return tc__spirv_oom(r);
	r->tids[r->ntids++] = (tc_thread_id){n, (uint8_t)dim, global, true};
	return TC_OK;
}

int tc__spirv_describe(reader *r, const sfunc *f, uint32_t nb, const uint8_t *escaped)
{
	r->ntids = 0;
	r->rblock.len = r->rdef.len = r->ropoff.len = r->rop.len = r->ropblk.len = 0;
	r->rinst.len = r->cond.len = 0;
	r->pval.len = r->carg.len = r->ncalls = 0;
	r->outv.len = r->outb.len = r->outk.len = 0;
	r->coutv.len = r->couts.len = r->coutk.len = 0;
	/* numbering first: a phi may name a value defined further on */
	uint32_t n = 0;
	for (int pass = 0; pass < 2; pass++) {
		n = 0;
		for (uint32_t k = 0; k <= nb; k++) {
			/* k == 0: the parameters, before the first block */
			uint32_t i0 = k == 0 ? f->i0 + 1 : r->blk[k - 1].i0;
			uint32_t i1 = k == 0 ? (nb ? r->blk[0].label : f->i1) : r->blk[k - 1].i1;
			uint32_t b = k == 0 ? 0 : k - 1;
			for (uint32_t i = i0; i < i1; i++) {
				const sinst *x = &r->in[i];
				bool store = x->op == SpvOpStore &&
					     promoted(r, tc__spirv_word(r, i, 1), escaped);
				bool init = x->op == SpvOpVariable && x->nw > 4 &&
					    promoted(r, x->res, escaped);
				bool reg = promoted(r, x->res, escaped);
				if (pass == 1 && x->op == SpvOpFunctionParameter &&
				    tc__spirv_push(r, &r->pval,
					 reg || has_value(r, i, escaped) ? (uint32_t)r->rblock.len
									 : TC_NONE))
					return r->rc;
				if (x->op == SpvOpFunctionParameter && reg) {
					/* a parameter read as a register: what it holds on
					 * entry, the caller's to say */
					if (pass == 1 && add_entry(r, b, i, r->root[x->res],
								   f->entry ? 0 : TC_UA_SOURCE))
						return r->rc;
					n++;
					continue;
				}
				if (x->op == SpvOpFunctionCall) {
					if (call_entries(r, i, b, pass, &n, escaped))
						return r->rc;
					continue;
				}
				if ((x->op == SpvOpReturn || x->op == SpvOpReturnValue) &&
				    !f->entry && return_reads(r, f, i, b, pass, &n))
					return r->rc;
				if (pass == 0) {
					if (has_value(r, i, escaped))
						r->val[x->res] = n++;
					n += store || init;
					continue;
				}
				if (store || init) {
					uint32_t p = store ? tc__spirv_word(r, i, 1) : x->res;
					uint32_t v = store ? tc__spirv_word(r, i, 2)
							   : tc__spirv_word(r, i, 4);
					if (add_entry(r, b, i, r->root[p], TC_UA_PURE) ||
					    add_op(r, value_op(r, v), TC_NONE))
						return r->rc;
					if (tc__spirv_def_of(r, p) != TC_NONE &&
					    r->in[tc__spirv_def_of(r, p)].op != SpvOpVariable &&
					    r->in[tc__spirv_def_of(r, p)].op !=
						SpvOpFunctionParameter &&
					    (add_op(r, r->root[p], TC_NONE) ||
					     add_op(r, value_op(r, p), TC_NONE)))
						return r->rc;
					n++;
					continue;
				}
				if (!has_value(r, i, escaped))
					continue;
				bool addr;
				if (x->op == SpvOpLoad &&
				    promoted(r, tc__spirv_word(r, i, 3), escaped)) {
					uint32_t p = tc__spirv_word(r, i, 3);
					if (add_entry(r, b, i, TC_NONE, TC_UA_PURE) ||
					    add_op(r, r->root[p], TC_NONE) ||
					    add_op(r, value_op(r, p), TC_NONE))
						return r->rc;
					n++;
					continue;
				}
				uint8_t kind = value_kind(r, i, f->entry, &addr);
				if (add_entry(r, b, i, TC_NONE, kind) || thread_id(r, i, n))
					return r->rc;
				n++;
				if (x->op == SpvOpPhi) {
					for (uint32_t a = 3; a + 1 < x->nw; a += 2) {
						uint32_t par = tc__spirv_word(r, i, a + 1);
						uint32_t pb =
						    par < r->bound ? r->bidx[par] : TC_NONE;
						uint32_t v = value_op(r, tc__spirv_word(r, i, a));
						if (v != TC_NONE && pb != TC_NONE &&
						    add_op(r, v, pb))
							return r->rc;
					}
					continue;
				}
				if (x->op == SpvOpLoad) {
					uint32_t v =
					    addr ? value_op(r, tc__spirv_word(r, i, 3)) : TC_NONE;
					if (v != TC_NONE && add_op(r, v, TC_NONE))
						return r->rc;
					continue;
				}
				if (kind & TC_UA_SOURCE)
					continue; /* its operands change nothing */
				for (uint32_t q = x->idop; q < tc__spirv_idop_end(r, i); q++) {
					uint32_t v = value_op(r, r->ids.v[q]);
					if (v != TC_NONE && v != (TC_SSA_VALUE | (n - 1)) &&
					    add_op(r, v, TC_NONE))
						return r->rc;
				}
			}
		}
	}
	if (tc__spirv_push(r, &r->ropoff, (uint32_t)r->rop.len))
		return r->rc;
	for (uint32_t k = 0; k < nb; k++) {
		uint32_t t = r->blk[k].i1 - 1, c = TC_NONE;
		if (t >= r->blk[k].i0 &&
		    (r->in[t].op == SpvOpBranchConditional || r->in[t].op == SpvOpSwitch))
			c = value_op(r, tc__spirv_word(r, t, 1));
		if (tc__spirv_push(r, &r->cond, c))
			return r->rc;
	}
	return TC_OK;
}
