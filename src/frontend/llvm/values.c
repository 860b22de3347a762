/*
 * values.c - the LLVM IR reader's values for the uniformity analysis
 * (docs/llvm.md): what each instruction computes, which loads read memory
 * that every thread sees alike (stack slots, byval arguments), the uses,
 * and the branches' conditions.
 */
#include "frontend/llvm/llvm.h"

/* ---- uniformity of branch conditions (docs/llvm.md) ----------------------- */

/*
 * Whether every object a pointer can be based on is one that all threads of
 * a block see alike: a global variable, an argument, a pointer
 * from a uniform builtin (AMDGPU's implicit arguments). Follows GEPs, casts
 * and selects; anything else (an alloca, a loaded pointer, a phi) fails.
 */
static bool shared_base(reader *r, LLVMValueRef p)
{
	LLVMValueRef stack[16];
	int top = 0, steps = 0;
	stack[top++] = p;
	while (top > 0) {
		LLVMValueRef v = stack[--top];
		if (++steps > 64)
			return false;
		if (LLVMIsAGlobalVariable(v) || LLVMIsAConstantPointerNull(v))
			continue;
		/* a kernel's argument is the same in every thread; another
		 * function's is as uniform as its caller makes it (a parameter
		 * is a divergent value unless a calling context says otherwise,
		 * and the load's address depends on it) */
		if (LLVMIsAArgument(v))
			continue;
		if (LLVMIsAGetElementPtrInst(v) || LLVMIsABitCastInst(v) ||
		    LLVMIsAAddrSpaceCastInst(v)) {
			stack[top++] = LLVMGetOperand(v, 0);
			continue;
		}
		if (LLVMIsAConstantExpr(v)) {
			LLVMOpcode op = LLVMGetConstOpcode(v);
			if (op != LLVMGetElementPtr && op != LLVMBitCast && op != LLVMAddrSpaceCast)
				return false;
			stack[top++] = LLVMGetOperand(v, 0);
			continue;
		}
		if (LLVMIsASelectInst(v) && top + 2 <= (int)(sizeof stack / sizeof *stack)) {
			stack[top++] = LLVMGetOperand(v, 1);
			stack[top++] = LLVMGetOperand(v, 2);
			continue;
		}
		if (LLVMIsACallInst(v) &&
		    tc__llvm_callee_kind(LLVMGetCalledValue(v)) == TC_GPU_UNIFORM_SOURCE)
			continue;
		return false;
	}
	return true;
}

/* Address spaces whose loads read memory all threads of a block share. */
static bool shared_space(const reader *r, unsigned as)
{
	if (r->spir) /* 1 global, 2 constant, 3 local */
		return as >= 1 && as <= 3;
	/* NVPTX and AMDGPU: 1 global, 3 shared/LDS, 4 constant; NVPTX 101 param,
	 * AMDGPU 6 32-bit constant */
	return as == 1 || as == 3 || as == 4 || as == 6 || as == 101;
}

bool tc__llvm_pure_intrinsic(const reader *r, LLVMValueRef callee)
{
	size_t len;
	const char *name = tc__llvm_value_name(callee, &len);
	if (len < 5 || memcmp(name, "llvm.", 5) != 0)
		return false;
	if (LLVMGetEnumAttributeAtIndex(callee, LLVMAttributeFunctionIndex,
					r->kind_convergent))
		return false; /* shuffles, votes: they read other threads' values */
	LLVMAttributeRef mem =
		LLVMGetEnumAttributeAtIndex(callee, LLVMAttributeFunctionIndex, r->kind_memory);
	return mem && LLVMGetEnumAttributeValue(mem) == 0; /* memory(none) */
}

/*
 * Whether an instruction other than a call differs between threads whatever
 * its operands are (a source of divergence; calls: classify). The others
 * are divergent exactly when an operand is; propagation sees to that.
 */
/* A call of debug information or of a variable's lifetime: it neither
 * writes nor passes on the pointers it is given. */
bool tc__llvm_marker_call(LLVMValueRef i)
{
	LLVMValueRef callee = LLVMGetCalledValue(i);
	size_t len;
	const char *name = callee && LLVMIsAFunction(callee) ? tc__llvm_value_name(callee, &len)
							     : NULL;
	return name && ((len >= 9 && memcmp(name, "llvm.dbg.", 9) == 0) ||
			(len >= 14 && memcmp(name, "llvm.lifetime.", 14) == 0));
}

bool tc__llvm_pointer_kept(LLVMValueRef p, bool writes,
			   bool (*keeps)(void *ctx, LLVMValueRef callee, unsigned k), void *ctx)
{
	LLVMValueRef stack[16];
	int top = 0, steps = 0;
	stack[top++] = p;
	while (top > 0) {
		LLVMValueRef v = stack[--top];
		for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
			LLVMValueRef w = LLVMGetUser(u);
			if (++steps > 256)
				return false;
			if (LLVMIsALoadInst(w) && (writes || !LLVMGetVolatile(w)))
				continue;
			if ((LLVMIsAGetElementPtrInst(w) || LLVMIsABitCastInst(w) ||
			     LLVMIsAAddrSpaceCastInst(w)) &&
			    LLVMGetOperand(w, 0) == v) {
				if (top == (int)(sizeof stack / sizeof *stack))
					return false;
				stack[top++] = w;
				continue;
			}
			if (!writes)
				return false;
			if (LLVMIsAStoreInst(w) && LLVMGetOperand(w, 0) != v)
				continue;
			if (LLVMIsACallInst(w) && tc__llvm_marker_call(w))
				continue; /* debug information, a lifetime */
			LLVMValueRef callee = LLVMIsACallInst(w) ? LLVMGetCalledValue(w) : NULL;
			if (!callee || callee == v || !LLVMIsAFunction(callee) ||
			    LLVMIsDeclaration(callee))
				return false;
			unsigned na = (unsigned)LLVMGetNumArgOperands(w);
			for (unsigned k = 0; k < na; k++) {
				if (LLVMGetOperand(w, k) != v)
					continue;
				if (keeps) {
					if (!keeps(ctx, callee, k))
						return false;
					continue;
				}
				if (top == (int)(sizeof stack / sizeof *stack))
					return false;
				stack[top++] = LLVMGetParam(callee, k);
			}
		}
	}
	return true;
}

/*
 * The kernel's argument passed by value (byval) that p points into, or NULL:
 * each thread's copy of the caller's value, in memory of its own (private
 * on spir64 and AMDGPU, generic on NVPTX). What a load reads there is the
 * same in every thread as long as nothing writes it (tc__llvm_pointer_kept), and may
 * differ once the thread writes its copy.
 */
static LLVMValueRef byval_argument(reader *r, LLVMValueRef p)
{
	if (!r->kind_byval || r->cur_fn >= r->nfn || !r->kernel[r->cur_fn])
		return NULL;
	for (int steps = 0; steps < 32; steps++) {
		if (LLVMIsAGetElementPtrInst(p) || LLVMIsABitCastInst(p) ||
		    LLVMIsAAddrSpaceCastInst(p)) {
			p = LLVMGetOperand(p, 0);
			continue;
		}
		if (!LLVMIsAArgument(p))
			return NULL;
		/* the arguments are the first values: k is p's place; its
		 * attribute index k + 1 (the first argument's is 1) */
		uint32_t k = tc__llvm_ptrmap_get(&r->values, p);
		if (k == TC_NONE ||
		    !LLVMGetEnumAttributeAtIndex(r->fns[r->cur_fn], k + 1, r->kind_byval))
			return NULL;
		return p;
	}
	return NULL;
}

static bool divergent_source(reader *r, LLVMValueRef i, LLVMOpcode op)
{
	switch (op) {
	case LLVMAlloca:
	case LLVMAtomicRMW:
	case LLVMAtomicCmpXchg:
	case LLVMLandingPad:
	case LLVMCatchPad:
	case LLVMCleanupPad:
	case LLVMVAArg:
	case LLVMInvoke:
	case LLVMCallBr:
		return true;
	case LLVMLoad: {
		if (LLVMGetVolatile(i) || LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic)
			return true;
		LLVMValueRef p = LLVMGetOperand(i, 0);
		unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(p));
		LLVMValueRef copy = byval_argument(r, p);
		if (copy && copy != r->byval_seen) { /* its fields: one walk of its uses */
			r->byval_seen = copy;
			r->byval_read = tc__llvm_pointer_kept(copy, false, NULL, NULL);
		}
		if (copy)
			return !r->byval_read;
		if (as == r->generic_as)
			return !shared_base(r, p);
		return !shared_space(r, as);
	}
	default: /* calls: classify */
		return false;
	}
}

/* Whether an instruction other than a call is a function of its operands
 * alone (calls: classify). */
static bool pure_value(LLVMOpcode op)
{
	switch (op) {
	case LLVMFNeg:
	case LLVMICmp:
	case LLVMFCmp:
	case LLVMGetElementPtr:
	case LLVMSelect:
	case LLVMExtractElement:
	case LLVMInsertElement:
	case LLVMShuffleVector:
	case LLVMExtractValue:
	case LLVMInsertValue:
	case LLVMFreeze:
		return true;
	default:
		return (op >= LLVMAdd && op <= LLVMXor) ||
		       (op >= LLVMTrunc && op <= LLVMAddrSpaceCast);
	}
}

/* An instruction's kind for the uniformity analysis (TC_UA_*); a call's
 * callee is looked up once. */
static uint8_t classify(reader *r, LLVMValueRef i)
{
	LLVMOpcode op = LLVMGetInstructionOpcode(i);
	uint8_t kd = op == LLVMPHI ? TC_UA_PHI : 0;
	if (op != LLVMCall)
		return kd | (pure_value(op) ? TC_UA_PURE : 0) |
		       (divergent_source(r, i, op) ? TC_UA_SOURCE : 0);
	LLVMValueRef callee = LLVMGetCalledValue(i);
	tc_gpu_kind ck = tc__llvm_callee_kind(callee);
	/* a barrier's or collective's result is one for the whole block
	 * (__syncthreads_or, work_group_any) */
	if (ck == TC_GPU_BARRIER || ck == TC_GPU_COLLECTIVE)
		return kd | TC_UA_UNIFORM;
	bool pure = callee && LLVMIsAFunction(callee) && tc__llvm_pure_intrinsic(r, callee);
	if (pure)
		kd |= TC_UA_PURE;
	if (ck == TC_GPU_DIVERGENT_SOURCE)
		return kd | TC_UA_SOURCE | TC_UA_NAMED;
	return kd | (ck == TC_GPU_OTHER && !pure ? TC_UA_SOURCE : 0);
}

/* When call i (value n) reads the thread's index in one dimension, notes it
 * in r->ids. TC_ENOMEM or TC_OK. */
static int thread_id(reader *r, LLVMValueRef i, uint32_t n)
{
	LLVMValueRef callee = LLVMGetCalledValue(i);
	if (!callee || !LLVMIsAFunction(callee))
		return TC_OK;
	size_t len;
	const char *name = tc__llvm_value_name(callee, &len);
	LLVMValueRef a0 = LLVMGetNumArgOperands(i) ? LLVMGetOperand(i, 0) : NULL;
	bool known = a0 && LLVMIsAConstantInt(a0), global;
	uint8_t dim;
	if (!tc__gpu_thread_id(name, len, known ? LLVMConstIntGetZExtValue(a0) : 0, known, &dim,
			       &global))
		return TC_OK;
	if (tc__llvm_reserve(r, &r->ids, &r->ids_cap, r->nids + 1, sizeof *r->ids))
		return TC_ENOMEM;
	r->ids[r->nids++] = (tc_thread_id){n, dim, global, true};
	return TC_OK;
}

/* Numbers arguments and instructions of fn in r->values (and r->vals, the
 * other way), with their blocks and kinds (and r->ids). */
int tc__llvm_number_values(reader *r, LLVMValueRef fn, bool kernel, uint32_t nblocks, size_t ninsts,
			   uint32_t *count)
{
	uint32_t n = 0, k = 0;
	r->nids = 0;
	r->byval_seen = NULL;
	size_t total = LLVMCountParams(fn) + ninsts;
	if (total >= UINT32_MAX - 2 * (size_t)nblocks - 4)
		return tc__diag(r->diag, TC_ELIMIT, r->file, 0, 0, "function too large");
	tc__llvm_ptrmap_clear(&r->al, &r->values);
	if (tc__llvm_ptrmap_reserve(&r->al, &r->values, total) ||
	    tc__llvm_reserve(r, &r->vals, &r->vals_cap, total + 1, sizeof *r->vals) ||
	    tc__llvm_reserve(r, &r->blk, &r->blk_cap, total + 1, sizeof *r->blk) ||
	    tc__llvm_reserve(r, &r->kind, &r->kind_cap, total + 1, 1))
		return tc__llvm_oom(r);
	for (LLVMValueRef a = LLVMGetFirstParam(fn); a; a = LLVMGetNextParam(a)) {
		if (tc__llvm_ptrmap_put(&r->al, &r->values, a, n))
			return tc__llvm_oom(r);
		/* who calls a function with what is unknown */
		r->kind[n] = kernel ? 0 : TC_UA_SOURCE;
		r->blk[n] = TC_NONE;
		r->vals[n++] = a;
	}
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && k < nblocks;
	     bb = LLVMGetNextBasicBlock(bb), k++)
		for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
		     i = LLVMGetNextInstruction(i)) {
			if (n >= total) /* more instructions than counted: cannot be */
				return tc__llvm_oom(r);
			if (tc__llvm_ptrmap_put(&r->al, &r->values, i, n))
				return tc__llvm_oom(r);
			uint8_t kd = classify(r, i);
			r->kind[n] = kd;
			if ((kd & TC_UA_NAMED) && LLVMIsACallInst(i) && thread_id(r, i, n))
				return tc__llvm_oom(r);
			r->blk[n] = k;
			r->vals[n++] = i;
		}
	*count = n;
	r->nvalues = n;
	return TC_OK;
}

/* The block of a use of operand j of instruction w (value id wid): for a
 * phi, the block its value comes from. */
uint32_t tc__llvm_use_block(reader *r, LLVMValueRef w, uint32_t wid, unsigned j)
{
	if (!(r->kind[wid] & TC_UA_PHI))
		return r->blk[wid];
	return tc__llvm_ptrmap_get(&r->blocks, LLVMGetIncomingBlock(w, j));
}

/* Every use of a value of the function by an instruction, grouped by value:
 * one pass over the operands (nops of them in all, each looked up once),
 * then a counting sort. */
int tc__llvm_number_uses(reader *r, uint32_t n, size_t nops)
{
	tc_u32vec *off = &r->use_off;
	if (nops >= UINT32_MAX)
		return tc__diag(r->diag, TC_ELIMIT, r->file, 0, 0, "function too large");
	if (tc__u32vec_reserve(&r->al, off, (size_t)n + 2) ||
	    tc__u32vec_reserve(&r->al, &r->tmp_v, nops + 1) ||
	    tc__u32vec_reserve(&r->al, &r->tmp_w, nops + 1) ||
	    tc__u32vec_reserve(&r->al, &r->tmp_b, nops + 1))
		return tc__llvm_oom(r);
	memset(off->v, 0, ((size_t)n + 2) * sizeof *off->v);
	off->len = (size_t)n + 1;
	uint32_t *tv = r->tmp_v.v, *tw = r->tmp_w.v, *tb = r->tmp_b.v;
	size_t total = 0;
	for (uint32_t w = 0; w < n; w++) {
		if (r->blk[w] == TC_NONE)
			continue;
		LLVMValueRef i = r->vals[w];
		int ni = LLVMGetNumOperands(i);
		for (int j = 0; j < ni && total < nops; j++) {
			uint32_t v =
			    tc__llvm_ptrmap_get(&r->values, LLVMGetOperand(i, (unsigned)j));
			if (v == TC_NONE)
				continue;
			tv[total] = v;
			tw[total] = w;
			tb[total++] = tc__llvm_use_block(r, i, w, (unsigned)j);
			off->v[v + 2]++;
		}
	}
	for (uint32_t v = 0; v < n; v++)
		off->v[v + 2] += off->v[v + 1];
	if (tc__u32vec_reserve(&r->al, &r->user, total + 1) ||
	    tc__u32vec_reserve(&r->al, &r->use_block, total + 1))
		return tc__llvm_oom(r);
	for (size_t k = 0; k < total; k++) {
		uint32_t at = off->v[tv[k] + 1]++;
		r->user.v[at] = tw[k];
		r->use_block.v[at] = tb[k];
	}
	r->user.len = r->use_block.len = total;
	return TC_OK;
}

/* The block graph (a return leads to the virtual exit, block nblocks) and
 * each block's branch condition. */
int tc__llvm_number_branches(reader *r, uint32_t nblocks)
{
	r->succ_off.len = r->succ.len = r->cond.len = 0;
	if (tc__u32vec_reserve(&r->al, &r->succ_off, (size_t)nblocks + 1) ||
	    tc__u32vec_reserve(&r->al, &r->cond, (size_t)nblocks + 1))
		return tc__llvm_oom(r);
	for (uint32_t k = 0; k < nblocks; k++) {
		r->succ_off.v[k] = (uint32_t)r->succ.len;
		LLVMValueRef term = LLVMGetBasicBlockTerminator(r->binfo[k].bb);
		uint32_t cond = TC_NONE;
		if (term && LLVMGetInstructionOpcode(term) == LLVMRet) {
			if (tc__u32vec_push(&r->al, &r->succ, nblocks))
				return tc__llvm_oom(r);
		} else if (term) {
			unsigned ns = LLVMGetNumSuccessors(term);
			for (unsigned s = 0; s < ns; s++) {
				uint32_t t =
				    tc__llvm_ptrmap_get(&r->blocks, LLVMGetSuccessor(term, s));
				if (t != TC_NONE && tc__u32vec_push(&r->al, &r->succ, t))
					return tc__llvm_oom(r);
			}
			switch (LLVMGetInstructionOpcode(term)) {
			case LLVMBr:
				/* on a constant: the branch itself, which its lane
				 * op says is that constant (the folding decides it) */
				if (LLVMIsConditional(term))
					cond = tc__llvm_ptrmap_get(
					    &r->values, LLVMIsAConstantInt(LLVMGetCondition(term))
							    ? term
							    : LLVMGetCondition(term));
				break;
			case LLVMSwitch:
			case LLVMIndirectBr:
				cond = tc__llvm_ptrmap_get(&r->values, LLVMGetOperand(term, 0));
				break;
			default: /* invoke, callbr, catchswitch: divergent */
				cond = tc__llvm_ptrmap_get(&r->values, term);
				if (ns > 1)
					r->kind[cond] |= TC_UA_SOURCE;
				break;
			}
		}
		r->cond.v[k] = cond;
		if (r->succ.len >= UINT32_MAX)
			return tc__diag(r->diag, TC_ELIMIT, r->file, 0, 0, "function too large");
	}
	r->succ_off.v[nblocks] = (uint32_t)r->succ.len;
	return TC_OK;
}
