/*
 * warp.c - the warp's view of a function in LLVM IR (analysis/lanes.h),
 * the block's and the warp's sizes, and the function's description for the
 * uniformity analysis.
 */
#include "frontend/llvm/llvm.h"

/* ---- the warp's view (analysis/lanes.h) -------------------------------------- */

static uint8_t int_bits(LLVMTypeRef t)
{
	if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind)
		return 0;
	unsigned w = LLVMGetIntTypeWidth(t);
	return (uint8_t)(w < 256 ? w : 255);
}

/* Operand slot of o: a value of the function, or a constant. */
static void lane_operand(reader *r, tc_lane_op *o, int slot, LLVMValueRef v)
{
	o->a[slot] = tc__llvm_ptrmap_get(&r->values, v);
	if (o->a[slot] == TC_NONE && LLVMIsAConstantInt(v) &&
	    LLVMGetIntTypeWidth(LLVMTypeOf(v)) <= 64) {
		o->flags |= slot ? TC_LOP_K1 : TC_LOP_K0;
		o->k[slot] = LLVMConstIntGetSExtValue(v);
	}
}

static void lane_phi(reader *r, LLVMValueRef v, tc_lane_op *o)
{
	o->op = TC_LOP_PHI;
	unsigned n = LLVMCountIncoming(v);
	for (unsigned j = 0; j < n; j++) {
		LLVMValueRef x = LLVMGetIncomingValue(v, j);
		if (tc__llvm_ptrmap_get(&r->values, x) != TC_NONE)
			continue;
		bool k = LLVMIsAConstantInt(x) && LLVMGetIntTypeWidth(LLVMTypeOf(x)) <= 64;
		int64_t c = k ? LLVMConstIntGetSExtValue(x) : 0;
		if (k && !(o->flags & TC_LOP_K0)) {
			o->flags |= TC_LOP_K0;
			o->k[0] = c;
		} else if (!k || o->k[0] != c) {
			o->flags |= TC_LOP_KANY;
		}
	}
}

/* What a call's result is at warp level: a thread id, a builtin the same
 * in every lane, a vote's or reduction's (the same where its mask is), a
 * shuffle from one lane. */
static void lane_call(reader *r, LLVMValueRef v, tc_lane_op *o)
{
	LLVMValueRef callee = LLVMGetCalledValue(v);
	if (!callee || !LLVMIsAFunction(callee))
		return;
	size_t len;
	const char *name = tc__llvm_value_name(callee, &len);
	unsigned nargs = (unsigned)LLVMGetNumArgOperands(v);
	LLVMValueRef a0 = nargs ? LLVMGetOperand(v, 0) : NULL;
	bool known = a0 && LLVMIsAConstantInt(a0);
	static const char lanemask[] = "llvm.nvvm.read.ptx.sreg.lanemask.";
	int lm = len > sizeof lanemask - 1 && memcmp(name, lanemask, sizeof lanemask - 1) == 0
			 ? tc__gpu_lanemask(name + sizeof lanemask - 1, len - (sizeof lanemask - 1))
			 : -1;
	if (lm >= 0 && o->bits) {
		o->op = TC_LOP_LANEMASK;
		o->k[0] = lm;
		return;
	}
	if ((o->op = tc__gpu_lane_source(name, len, known ? LLVMConstIntGetZExtValue(a0) : 0,
					 known))) {
		static const char active[] = "llvm.nvvm.activemask";
		if (len == sizeof active - 1 && memcmp(name, active, len) == 0)
			o->flags |= TC_LOP_ACTIVE; /* analysis/active.h */
		return;
	}
	static const char ctpop[] = "llvm.ctpop.";
	if (len > sizeof ctpop - 1 && memcmp(name, ctpop, sizeof ctpop - 1) == 0 && nargs == 1 &&
	    o->bits) {
		o->op = TC_LOP_POPC;
		lane_operand(r, o, 0, a0);
		return;
	}
	static const char umin[] = "llvm.umin.";
	if (len > sizeof umin - 1 && memcmp(name, umin, sizeof umin - 1) == 0 && nargs == 2 &&
	    o->bits) {
		o->op = TC_LOP_UMIN;
		lane_operand(r, o, 0, a0);
		lane_operand(r, o, 1, LLVMGetOperand(v, 1));
		return;
	}
	const tc_gpu_collective *c = tc__gpu_collective(name, len);
	if (!c)
		return;
	LLVMValueRef mask = c->mask >= 0 && (unsigned)c->mask < nargs
				    ? LLVMGetOperand(v, (unsigned)c->mask)
				    : NULL;
	if (c->result == TC_LOP_MATCH) {
		o->op = TC_LOP_MATCH;
	} else if (c->result == TC_LOP_WARP && c->mask < 0) {
		o->op = TC_LOP_WARP; /* a sub-group's: every lane takes part */
	} else if (c->result == TC_LOP_WARP && mask) {
		/* one result for the lanes the mask names: the same in every
		 * lane of the warp when the mask is (a tile's own mask gives
		 * each tile its own) */
		o->op = TC_LOP_BROADCAST;
		lane_operand(r, o, 0, mask);
	} else if (c->result == TC_LOP_BROADCAST && (unsigned)c->from < nargs &&
		   (unsigned)c->whole < nargs && mask) {
		/* a shuffle from one lane: the same in every lane when the source
		 * lane is, the clamp takes in the whole warp and the mask is the
		 * full mask (with another, the source lane may be outside it) */
		LLVMValueRef w = LLVMGetOperand(v, (unsigned)c->whole);
		/* a clamp or mask that is a value of the function: a condition
		 * the warp's view decides (a calling context may know the
		 * parameter it comes from: a helper's width) */
		uint32_t wv = tc__llvm_ptrmap_get(&r->values, w);
		uint32_t mv = tc__llvm_ptrmap_get(&r->values, mask);
		if ((wv != TC_NONE ||
		     (LLVMIsAConstantInt(w) && LLVMConstIntGetZExtValue(w) <= 0x1fff)) &&
		    (mv != TC_NONE || (LLVMIsAConstantInt(mask) &&
				       (LLVMConstIntGetZExtValue(mask) & 0xffffffffu) == 0xffffffffu))) {
			o->op = TC_LOP_BROADCAST;
			lane_operand(r, o, 0, LLVMGetOperand(v, (unsigned)c->from));
			o->cond = mv;
			o->a[1] = wv;
			/* the clamp's constant (lanes.h reads its segments) */
			o->k[1] = wv != TC_NONE ? c->whole_value
						: (int64_t)LLVMConstIntGetZExtValue(w);
		}
	}
}

static tc_lane_op lane_op(reader *r, LLVMValueRef v)
{
	static const uint8_t binary[] = {
		[LLVMAdd] = TC_LOP_ADD,   [LLVMSub] = TC_LOP_SUB,   [LLVMMul] = TC_LOP_MUL,
		[LLVMShl] = TC_LOP_SHL,   [LLVMLShr] = TC_LOP_LSHR, [LLVMAShr] = TC_LOP_ASHR,
		[LLVMUDiv] = TC_LOP_UDIV, [LLVMSDiv] = TC_LOP_SDIV, [LLVMURem] = TC_LOP_UREM,
		[LLVMSRem] = TC_LOP_SREM, [LLVMAnd] = TC_LOP_AND,   [LLVMOr] = TC_LOP_OR,
		[LLVMXor] = TC_LOP_XOR,
	};
	static const uint8_t icmp[] = {
		[LLVMIntEQ - LLVMIntEQ] = TC_LOP_EQ,   [LLVMIntNE - LLVMIntEQ] = TC_LOP_NE,
		[LLVMIntUGT - LLVMIntEQ] = TC_LOP_UGT, [LLVMIntUGE - LLVMIntEQ] = TC_LOP_UGE,
		[LLVMIntULT - LLVMIntEQ] = TC_LOP_ULT, [LLVMIntULE - LLVMIntEQ] = TC_LOP_ULE,
		[LLVMIntSGT - LLVMIntEQ] = TC_LOP_SGT, [LLVMIntSGE - LLVMIntEQ] = TC_LOP_SGE,
		[LLVMIntSLT - LLVMIntEQ] = TC_LOP_SLT, [LLVMIntSLE - LLVMIntEQ] = TC_LOP_SLE,
	};
	tc_lane_op o = {TC_LOP_OTHER, 0, 0, {TC_NONE, TC_NONE}, TC_NONE, {0, 0}};
	if (!LLVMIsAInstruction(v))
		return o;
	LLVMOpcode op = LLVMGetInstructionOpcode(v);
	o.bits = int_bits(LLVMTypeOf(v));
	switch (op) {
	case LLVMZExt:
	case LLVMSExt:
	case LLVMTrunc:
	case LLVMFreeze:
		if (o.bits && int_bits(LLVMTypeOf(LLVMGetOperand(v, 0)))) {
			o.op = TC_LOP_COPY;
			/* not freeze: a frozen poison is any number, another
			 * in each thread */
			if (op == LLVMTrunc)
				o.flags |= TC_LOP_TRUNC;
			lane_operand(r, &o, 0, LLVMGetOperand(v, 0));
		}
		return o;
	case LLVMPHI:
		if (o.bits)
			lane_phi(r, v, &o);
		return o;
	case LLVMRet: /* what the function returns (a callee's base + lane) */
		if (LLVMGetNumOperands(v) == 1 &&
		    (o.bits = int_bits(LLVMTypeOf(LLVMGetOperand(v, 0))))) {
			o.op = TC_LOP_COPY;
			lane_operand(r, &o, 0, LLVMGetOperand(v, 0));
		}
		return o;
	case LLVMBr: /* on a constant (mem2reg and early-cse fold flags): it */
		if (LLVMIsConditional(v) && LLVMIsAConstantInt(LLVMGetCondition(v))) {
			o.op = TC_LOP_COPY;
			o.bits = 1;
			lane_operand(r, &o, 0, LLVMGetCondition(v));
		}
		return o;
	case LLVMCall:
		lane_call(r, v, &o);
		return o;
	case LLVMSelect:
		if (!o.bits)
			return o;
		o.op = TC_LOP_SELECT;
		o.cond = tc__llvm_ptrmap_get(&r->values, LLVMGetOperand(v, 0));
		lane_operand(r, &o, 0, LLVMGetOperand(v, 1));
		lane_operand(r, &o, 1, LLVMGetOperand(v, 2));
		return o;
	case LLVMICmp: {
		unsigned p = (unsigned)LLVMGetICmpPredicate(v) - LLVMIntEQ;
		if (p >= sizeof icmp / sizeof *icmp || !int_bits(LLVMTypeOf(LLVMGetOperand(v, 0))))
			return o;
		o.op = icmp[p];
		break;
	}
	default:
		if ((unsigned)op >= sizeof binary / sizeof *binary || !binary[op] || !o.bits)
			return o;
		o.op = binary[op];
		if ((op == LLVMAdd || op == LLVMSub || op == LLVMMul || op == LLVMShl) &&
		    LLVMGetNSW(v))
			o.flags |= TC_LOP_NSW;
		break;
	}
	lane_operand(r, &o, 0, LLVMGetOperand(v, 0));
	lane_operand(r, &o, 1, LLVMGetOperand(v, 1));
	return o;
}

/* The block size the warp's view assumes: the one given, else the kernel's
 * reqd_work_group_size (OpenCL C). */
void tc__llvm_block_size(reader *r, LLVMValueRef fn, uint32_t size[3])
{
	const uint32_t *given = r->opt ? r->opt->block_size : NULL;
	for (int d = 0; d < 3; d++)
		size[d] = given ? given[d] : 0;
	if (size[0] || size[1] || size[2])
		return;
	unsigned kind = LLVMGetMDKindIDInContext(r->ctx, "reqd_work_group_size", 20);
	size_t n = 0;
	LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(fn, &n);
	for (size_t k = 0; k < n; k++) {
		if (LLVMValueMetadataEntriesGetKind(md, (unsigned)k) != kind)
			continue;
		LLVMValueRef node = LLVMMetadataAsValue(
		    r->ctx, LLVMValueMetadataEntriesGetMetadata(md, (unsigned)k));
		LLVMValueRef ops[3];
		if (LLVMGetMDNodeNumOperands(node) != 3)
			break;
		LLVMGetMDNodeOperands(node, ops);
		for (int d = 0; d < 3; d++)
			if (ops[d] && LLVMIsAConstantInt(ops[d]) &&
			    LLVMConstIntGetZExtValue(ops[d]) < UINT32_MAX)
				size[d] = (uint32_t)LLVMConstIntGetZExtValue(ops[d]);
		break;
	}
	if (md)
		LLVMDisposeValueMetadataEntries(md);
}

/* The most threads a block of fn has: the product of the maxntidx, y and
 * z that !nvvm.annotations gives it (__launch_bounds__: maxntidx), one
 * where not given; 0 when none is. */
uint32_t tc__llvm_max_threads(const reader *r, LLVMValueRef fn)
{
	uint32_t f = tc__llvm_ptrmap_get(&r->fn_index, fn);
	const uint32_t *m = f != TC_NONE ? &r->maxntid[(size_t)f * 3] : NULL;
	if (!m || (!m[0] && !m[1] && !m[2]))
		return 0;
	uint64_t n = 1;
	for (int d = 0; d < 3; d++)
		n *= m[d] ? m[d] : 1;
	return n < UINT32_MAX ? (uint32_t)n : 0;
}

/* The warp size of fn: the target's; an AMDGPU function built for wave32 has 32. */
uint32_t tc__llvm_warp_size(reader *r, LLVMValueRef fn)
{
	if (r->warp_size != 64)
		return r->warp_size;
	LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
							   "target-features", 15);
	unsigned len = 0;
	const char *v = a ? LLVMGetStringAttributeValue(a, &len) : NULL;
	static const char w32[] = "+wavefrontsize32";
	for (unsigned k = 0; v && k + sizeof w32 - 1 <= len; k++)
		if (memcmp(v + k, w32, sizeof w32 - 1) == 0)
			return 32;
	return 64;
}

/* What each of f's values computes (r->lop): for the warp's view, the
 * thread terms that cancel and the bounds of the thread's indices. */
static int lane_ops(reader *r, const tc_ua_func *f)
{
	if (tc__llvm_reserve(r, &r->lop, &r->lop_cap, (size_t)f->nvalues + 1, sizeof *r->lop))
		return tc__llvm_oom(r);
	for (uint32_t v = 0; v < f->nvalues; v++)
		r->lop[v] = lane_op(r, r->vals[v]);
	return TC_OK;
}

/* Describes fn (ninsts instructions with nops operands) to the uniformity
 * analysis (f), and what its values compute (r->lop, in *lop): for the
 * warp's view where one is wanted, else for their arithmetic only
 * (*arith_only; analysis/affine.h). */
int tc__llvm_describe_values(reader *r, LLVMValueRef fn, bool kernel, uint32_t nblocks,
			     size_t ninsts, size_t nops, tc_ua_func *f, const tc_lane_op **lop,
			     bool *arith_only)
{
	uint32_t n = 0;
	int rc;
	*lop = NULL;
	*arith_only = false;
	if ((rc = tc__llvm_number_values(r, fn, kernel, nblocks, ninsts, &n)) ||
	    (rc = tc__llvm_number_uses(r, n, nops)) || (rc = tc__llvm_number_branches(r, nblocks)))
		return rc;
	*f = (tc_ua_func){.nblocks = nblocks,
			  .succ_off = r->succ_off.v,
			  .succ = r->succ.v,
			  .cond = r->cond.v,
			  .nvalues = n,
			  .block = r->blk,
			  .kind = r->kind,
			  .use_off = r->use_off.v,
			  .user = r->user.v,
			  .use_block = r->use_block.v};
	/* the warp's view for a function with a warp collective, and for
	 * every function of a module with calls and warp collectives: what a
	 * function returns to its callers' warps (analysis/calls.c) */
	if ((rc = lane_ops(r, f)))
		return rc;
	*lop = r->lop;
	*arith_only = !(r->any_warp || (r->graph_of && r->warp_module));
	return TC_OK;
}
