/*
 * outs.c - what a called function leaves in its caller's stack variables
 * (graph/desc.h, outs), for the check across calls (docs/llvm.md, "What a
 * callee leaves in memory").
 *
 * A function's outs: the stores of the block of its one ret, each through
 * one of its parameters plus a constant, after which nothing in that block
 * may write the memory a parameter points to (a store through a pointer
 * that may address a thread's own memory, or a call that may write it; the
 * stores of the list itself are the caller's to check). Out k is the k-th
 * such store; what it stores is what the caller finds there after the
 * call, unless a later store of the list writes there too.
 *
 * A caller's load reads out k of a call when it loads from a stack variable
 * (an alloca, at a constant offset) whose address goes only to loads,
 * stores into it and calls of defined functions whose parameter keeps it to
 * itself (loads, stores into it, no further call); the call passes the
 * variable's address plus a constant for out k's parameter, and its store
 * covers exactly the load's bytes; no later store of the callee's list may
 * write them; the call comes before the load on every path; and no other
 * store into the variable there, and no other call that receives it, lies
 * on a way from the call to the load (graph/ways.h). Then whenever the load
 * runs it reads what the callee stored as it returned.
 */
#include "frontend/llvm/llvm.h"
#include "graph/ways.h"

#include <llvm-c/Target.h>

#define MAX_USES 4096 /* the uses of one variable looked at, at most */
#define MAX_CHAIN 32  /* derivations followed back to a variable or parameter */
#define MAX_INS 32    /* the ins of one function, at most */

/* one out of a function: a store through parameter p plus c of size bytes,
 * or what call 'call' leaves there (its callee's out j) */
typedef struct lout {
	LLVMValueRef store, call;
	uint32_t p, j;
	int64_t c;
	uint64_t size;
} lout;

/* one in of a function: what it reads through parameter p plus c, size
 * bytes, before it may write there */
typedef struct lin {
	uint32_t p;
	int64_t c;
	uint64_t size;
} lin;

typedef struct fouts {
	bool done;
	lout *o;
	uint32_t n;
	lin *in;
	uint32_t nin;
	/* where clean_points found them: the loads that read an in (rd[q]
	 * reads in rdj[q]) and the calls before which nothing may write the
	 * caller's memory (clean[q]), for the description */
	LLVMValueRef *rd, *clean;
	uint32_t *rdj;
	uint32_t nrd, nclean;
	/* where it has several rets: the stores of out k at the others,
	 * more[(r - 1) * n + k] for its r-th ret (each ret's block stores
	 * the same outs: through the same parameters, at the same offsets
	 * and sizes, in the same order); nmore of those rets */
	LLVMValueRef *more;
	uint32_t nmore;
	/* per parameter: it keeps the pointer it is given to itself
	 * (tc__llvm_pointer_kept, its callees' answers taken from theirs) */
	uint8_t *kept;
	uint32_t np;
} fouts;

/* Whether parameter k of callee keeps its pointer: as the callee's outs
 * say, made already (all_outs: callees first); not, where they are not
 * (a cycle of calls) or it is not defined here. */
static bool param_keeps(void *ctx, LLVMValueRef callee, unsigned k)
{
	reader *r = ctx;
	uint32_t h = tc__llvm_ptrmap_get(&r->fn_index, callee);
	return h != TC_NONE && r->fouts[h].done && k < r->fouts[h].np && r->fouts[h].kept[k];
}

static LLVMTargetDataRef layout(reader *r)
{
	return LLVMGetModuleDataLayout(r->mod);
}

/* The bytes a load reads or a store writes. */
static uint64_t access_size(reader *r, LLVMValueRef i)
{
	LLVMTypeRef t = LLVMIsALoadInst(i) ? LLVMTypeOf(i) : LLVMTypeOf(LLVMGetOperand(i, 0));
	return LLVMStoreSizeOfType(layout(r), t);
}

/* The constant offset a GEP adds, in *off; false when an index is not a
 * constant. */
static bool gep_offset(reader *r, LLVMValueRef gep, int64_t *off)
{
	LLVMTargetDataRef td = layout(r);
	LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
	unsigned n = (unsigned)LLVMGetNumOperands(gep);
	uint64_t sum = 0;
	for (unsigned k = 1; k < n; k++) {
		LLVMValueRef ix = LLVMGetOperand(gep, k);
		if (!LLVMIsAConstantInt(ix) || LLVMGetTypeKind(LLVMTypeOf(ix)) != LLVMIntegerTypeKind)
			return false;
		int64_t i = LLVMConstIntGetSExtValue(ix);
		if (k == 1) {
			sum += (uint64_t)i * LLVMABISizeOfType(td, t);
			continue;
		}
		switch (LLVMGetTypeKind(t)) {
		case LLVMStructTypeKind:
			if (i < 0 || (unsigned)i >= LLVMCountStructElementTypes(t))
				return false;
			sum += LLVMOffsetOfElement(td, t, (unsigned)i);
			t = LLVMStructGetTypeAtIndex(t, (unsigned)i);
			break;
		case LLVMArrayTypeKind:
			t = LLVMGetElementType(t);
			sum += (uint64_t)i * LLVMABISizeOfType(td, t);
			break;
		default: /* vectors, scalars: not followed */
			return false;
		}
	}
	*off = (int64_t)sum;
	return true;
}

/* The alloca or argument v is derived from (GEPs, casts), with the constant
 * offset added (*known false where one is not a constant); NULL when it is
 * derived from something else. */
static LLVMValueRef root_of(reader *r, LLVMValueRef v, int64_t *off, bool *known)
{
	uint64_t sum = 0;
	*known = true;
	for (int k = 0; k < MAX_CHAIN && v; k++) {
		if (LLVMIsAAllocaInst(v) || LLVMIsAArgument(v)) {
			*off = (int64_t)sum;
			return v;
		}
		if (LLVMIsAGetElementPtrInst(v)) {
			int64_t o;
			if (gep_offset(r, v, &o))
				sum += (uint64_t)o;
			else
				*known = false;
		} else if (!LLVMIsABitCastInst(v) && !LLVMIsAAddrSpaceCastInst(v)) {
			return NULL;
		}
		v = LLVMGetOperand(v, 0);
	}
	return NULL;
}

/* A call that writes no memory a thread's own pointer may address: a pure
 * intrinsic, debug information, a variable's lifetime, a barrier, a
 * collective or a read of the thread's index. */
static bool harmless_call(const reader *r, LLVMValueRef i)
{
	LLVMValueRef callee = LLVMGetCalledValue(i);
	if (!callee || !LLVMIsAFunction(callee))
		return false;
	tc_gpu_kind k = tc__llvm_callee_kind(callee);
	return k == TC_GPU_BARRIER || k == TC_GPU_COLLECTIVE || k == TC_GPU_DIVERGENT_SOURCE ||
	       tc__llvm_marker_call(i) || tc__llvm_pure_intrinsic(r, callee);
}

static uint32_t param_index(LLVMValueRef a)
{
	LLVMValueRef fn = LLVMGetParamParent(a);
	uint32_t k = 0;
	for (LLVMValueRef p = LLVMGetFirstParam(fn); p; p = LLVMGetNextParam(p), k++)
		if (p == a)
			return k;
	return TC_NONE;
}

/* Whether a store or atomic through pointer p (derived from a, root_of's,
 * or NULL) may address a thread's own memory (private or generic): not
 * where it is derived from a parameter that every call passes no such
 * pointer for (r->nopriv). */
static bool own_memory(reader *r, LLVMValueRef p, LLVMValueRef a)
{
	unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(p));
	if (as != r->generic_as && as != r->private_as)
		return false;
	if (!a || !LLVMIsAArgument(a) || !r->nopriv)
		return true;
	uint32_t f = tc__llvm_ptrmap_get(&r->fn_index, LLVMGetParamParent(a));
	uint32_t k = param_index(a);
	return f == TC_NONE || k == TC_NONE || !r->nopriv[r->nopriv_off[f] + k];
}

/* What a pointer argument v of a call in function f may address, for
 * nopriv: 1 no thread's own memory (derived from a kernel's parameter, a
 * global variable, a pointer of another address space), 0 maybe; else
 * (returned 2) what f's parameter *p may (derived from it). */
static int arg_source(reader *r, uint32_t f, LLVMValueRef v, uint32_t *p)
{
	unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(v));
	if (as != r->generic_as && as != r->private_as)
		return 1;
	for (int k = 0; k < MAX_CHAIN && v; k++) {
		if (LLVMIsAArgument(v)) {
			if (r->kernel[f] && !LLVMGetFirstUse(r->fns[f]))
				return 1; /* a launched kernel's argument: no thread's memory */
			*p = param_index(v);
			return *p == TC_NONE ? 0 : 2;
		}
		if (LLVMIsAGlobalVariable(v))
			return 1;
		if (LLVMIsAConstantExpr(v) &&
		    (LLVMGetConstOpcode(v) == LLVMAddrSpaceCast ||
		     LLVMGetConstOpcode(v) == LLVMGetElementPtr ||
		     LLVMGetConstOpcode(v) == LLVMBitCast)) {
			v = LLVMGetOperand(v, 0);
			continue;
		}
		if (!LLVMIsAGetElementPtrInst(v) && !LLVMIsABitCastInst(v) &&
		    !LLVMIsAAddrSpaceCastInst(v))
			return 0;
		v = LLVMGetOperand(v, 0);
		if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMPointerTypeKind)
			return 0;
		as = LLVMGetPointerAddressSpace(LLVMTypeOf(v));
		if (as != r->generic_as && as != r->private_as)
			return 1;
	}
	return 0;
}

/* r->nopriv: per parameter of each function that only direct calls in the
 * module call, whether every call passes a pointer that may not address a
 * thread's own memory, through its callers' parameters in turn (a
 * worklist from the calls that may: one look at each call). The module is
 * taken whole, as the calling contexts take it. TC_OK or TC_ENOMEM. */
static int nopriv_params(reader *r)
{
	uint32_t n = r->nfn, total = 0;
	r->nopriv_off = TC_ARENA_ARRAY(&r->ar, uint32_t, (size_t)n + 1);
	if (!r->nopriv_off)
		return TC_ENOMEM;
	for (uint32_t f = 0; f < n; f++) {
		r->nopriv_off[f] = total;
		total += (uint32_t)LLVMCountParams(r->fns[f]);
	}
	r->nopriv_off[n] = total;
	uint8_t *np = TC_ARENA_ARRAY(&r->ar, uint8_t, (size_t)total + 1);
	/* the edges (caller f's parameter j) -> (callee g's parameter k) */
	tc_u32vec from = {0}, to = {0}, work = {0};
	int rc = np ? TC_OK : TC_ENOMEM;
	for (uint32_t f = 0; f < n && !rc; f++) { /* only direct calls of it */
		bool direct = !r->kernel[f] && LLVMGetFirstUse(r->fns[f]) != NULL;
		for (LLVMUseRef u = LLVMGetFirstUse(r->fns[f]); u && direct; u = LLVMGetNextUse(u)) {
			LLVMValueRef i = LLVMGetUser(u);
			direct = tc__llvm_is_call(i) && LLVMGetCalledValue(i) == r->fns[f];
			unsigned na = direct ? (unsigned)LLVMGetNumArgOperands(i) : 0;
			for (unsigned k = 0; k < na && direct; k++)
				direct = LLVMGetOperand(i, k) != r->fns[f]; /* not passed on */
		}
		for (uint32_t k = r->nopriv_off[f]; k < r->nopriv_off[f + 1]; k++)
			np[k] = direct;
	}
	for (uint32_t f = 0; f < n && !rc; f++)
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(r->fns[f]); bb && !rc;
		     bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !rc;
			     i = LLVMGetNextInstruction(i)) {
				LLVMValueRef callee = tc__llvm_is_call(i) ? LLVMGetCalledValue(i) : NULL;
				uint32_t g = callee ? tc__llvm_ptrmap_get(&r->fn_index, callee) : TC_NONE;
				if (g == TC_NONE)
					continue;
				uint32_t na = (uint32_t)LLVMGetNumArgOperands(i);
				for (uint32_t k = 0; k < na && !rc; k++) {
					uint32_t x = r->nopriv_off[g] + k, p = TC_NONE;
					if (x >= r->nopriv_off[g + 1] || !np[x])
						continue;
					LLVMValueRef v = LLVMGetOperand(i, k);
					if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMPointerTypeKind)
						continue;
					int s = arg_source(r, f, v, &p);
					if (s == 0) {
						np[x] = 0;
						rc = tc__u32vec_push(&r->al, &work, x);
					} else if (s == 2) {
						rc = tc__u32vec_push(&r->al, &from, r->nopriv_off[f] + p) ||
							     tc__u32vec_push(&r->al, &to, x)
							 ? TC_ENOMEM
							 : TC_OK;
					}
				}
			}
	/* a parameter that may hold one makes each it is passed on to so */
	uint32_t *eoff = NULL, *eto = NULL;
	if (!rc) {
		eoff = TC_ARENA_ZARRAY(&r->ar, uint32_t, (size_t)total + 2);
		eto = TC_ARENA_ARRAY(&r->ar, uint32_t, from.len + 1);
		rc = eoff && eto ? TC_OK : TC_ENOMEM;
	}
	for (size_t e = 0; !rc && e < from.len; e++)
		eoff[from.v[e] + 2]++;
	for (uint32_t x = 0; !rc && x < total; x++)
		eoff[x + 2] += eoff[x + 1];
	for (size_t e = 0; !rc && e < from.len; e++)
		eto[eoff[from.v[e] + 1]++] = to.v[e];
	while (!rc && work.len) {
		uint32_t x = work.v[--work.len];
		for (uint32_t e = eoff[x]; e < eoff[x + 1] && !rc; e++)
			if (np[eto[e]]) {
				np[eto[e]] = 0;
				rc = tc__u32vec_push(&r->al, &work, eto[e]);
			}
	}
	tc__u32vec_free(&r->al, &from);
	tc__u32vec_free(&r->al, &to);
	tc__u32vec_free(&r->al, &work);
	if (!rc)
		r->nopriv = np;
	return rc;
}

/* Whether instruction i may write memory that a caller's stack variable,
 * whose address it was given, may be (its ins come before every such
 * instruction): a store or atomic through a pointer to a thread's own
 * memory that is not one of its own variables, a call that is not
 * harmless and is given a pointer. */
static bool may_write_caller(reader *r, LLVMValueRef i)
{
	LLVMOpcode op = LLVMGetInstructionOpcode(i);
	if (op == LLVMCall) {
		if (harmless_call(r, i))
			return false;
		/* one given no pointer (nor an aggregate that may hold one)
		 * cannot reach a caller's variable whose address the function
		 * keeps to itself, as a caller that passes an in must prove
		 * (writers: its parameters keep it) */
		unsigned na = (unsigned)LLVMGetNumArgOperands(i);
		for (unsigned k = 0; k < na; k++) {
			LLVMTypeKind t = LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(i, k)));
			if (t == LLVMPointerTypeKind || t == LLVMVectorTypeKind ||
			    t == LLVMStructTypeKind || t == LLVMArrayTypeKind)
				return true;
		}
		return false;
	}
	if (op == LLVMInvoke || op == LLVMCallBr || op == LLVMVAArg)
		return true;
	if (op != LLVMStore && op != LLVMAtomicRMW && op != LLVMAtomicCmpXchg)
		return false;
	LLVMValueRef p = LLVMGetOperand(i, op == LLVMStore ? 1 : 0);
	int64_t c;
	bool known;
	LLVMValueRef a = root_of(r, p, &c, &known);
	return own_memory(r, p, a) && !(a && LLVMIsAAllocaInst(a));
}

typedef struct in_walk in_walk;
static int note_in(reader *r, LLVMValueRef i, in_walk *x);

/*
 * Gives note_in, in the order of g's blocks, each load through one of g's
 * parameters and each call of a defined function that no instruction that
 * may write its caller's memory (may_write_caller) comes before on any way
 * from g's entry: in a block no such instruction reaches (iteratively,
 * forward from the blocks that hold one), before the first in its own
 * block. TC_OK or TC_ENOMEM.
 */
static int clean_points(reader *r, uint32_t g, in_walk *x)
{
	LLVMValueRef fn = r->fns[g];
	uint32_t nb = (uint32_t)LLVMCountBasicBlocks(fn);
	ptrmap *bix = &r->in_blocks;
	tc__llvm_ptrmap_clear(&r->al, bix);
	LLVMBasicBlockRef *bbs = tc__malloc(&r->al, tc__mul(nb ? nb : 1, sizeof *bbs));
	uint8_t *st = tc__calloc(&r->al, nb ? nb : 1, 1); /* 1: it writes, 2: reached */
	uint32_t *stack = tc__malloc(&r->al, tc__mul(nb ? nb : 1, sizeof *stack));
	int rc = bbs && st && stack && !tc__llvm_ptrmap_reserve(&r->al, bix, nb) ? TC_OK
										  : TC_ENOMEM;
	uint32_t k = 0, top = 0;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && !rc && k < nb;
	     bb = LLVMGetNextBasicBlock(bb), k++) {
		bbs[k] = bb;
		rc = tc__llvm_ptrmap_put(&r->al, bix, bb, k);
		for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !st[k];
		     i = LLVMGetNextInstruction(i))
			if (may_write_caller(r, i))
				st[k] = 1;
		if (st[k])
			stack[top++] = k;
	}
	/* what the writing blocks reach: their successors onwards */
	while (top && !rc) {
		uint32_t b = stack[--top];
		LLVMValueRef t = LLVMGetBasicBlockTerminator(bbs[b]);
		unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
		for (unsigned q = 0; q < ns; q++) {
			uint32_t s = tc__llvm_ptrmap_get(bix, LLVMGetSuccessor(t, q));
			if (s < nb && !(st[s] & 2)) {
				st[s] |= 2;
				if (!(st[s] & 1)) /* a writing one is on the stack already */
					stack[top++] = s;
			}
		}
	}
	for (k = 0; k < nb && !rc; k++) {
		if (st[k] & 2)
			continue;
		for (LLVMValueRef i = LLVMGetFirstInstruction(bbs[k]); i && !rc;
		     i = LLVMGetNextInstruction(i)) {
			int64_t c;
			bool known;
			LLVMValueRef a;
			if (LLVMIsALoadInst(i) && !LLVMGetVolatile(i) &&
			    LLVMGetOrdering(i) == LLVMAtomicOrderingNotAtomic &&
			    (a = root_of(r, LLVMGetOperand(i, 0), &c, &known)) && known &&
			    LLVMIsAArgument(a))
				rc = note_in(r, i, x);
			else if (LLVMIsACallInst(i) &&
				 tc__llvm_ptrmap_get(&r->fn_index, LLVMGetCalledValue(i)) != TC_NONE)
				rc = note_in(r, i, x);
			if (may_write_caller(r, i))
				break;
		}
	}
	tc__free(&r->al, bbs);
	tc__free(&r->al, st);
	tc__free(&r->al, stack);
	return rc;
}

/* The index of argument a of its function. */

/* Adds to g's outs (fo->o, n of them, room cap) what call i of g leaves
 * through g's parameters: each out j of its callee (made already) through
 * a parameter of the callee that i passes g's parameter plus a constant
 * for, where no later out of the callee's may write there (one through the
 * same parameter of g at bytes apart, or through memory of g's own). In
 * the reverse of the callee's order, as the caller's walk goes. */
static int forward(reader *r, LLVMValueRef i, fouts *fo, uint32_t *n, size_t *cap)
{
	LLVMValueRef callee = LLVMGetCalledValue(i);
	uint32_t h = callee ? tc__llvm_ptrmap_get(&r->fn_index, callee) : TC_NONE;
	const fouts *ho = h != TC_NONE ? &r->fouts[h] : NULL;
	uint32_t na = (uint32_t)LLVMGetNumArgOperands(i);
	if (!ho || !ho->done || r->kernel[h])
		return TC_OK;
	for (uint32_t j = ho->n; j-- > 0;) {
		const lout *o = &ho->o[j];
		int64_t c, c2;
		bool known, known2, ok = o->p < na;
		LLVMValueRef a = ok ? root_of(r, LLVMGetOperand(i, o->p), &c, &known) : NULL;
		if (!a || !LLVMIsAArgument(a) || !known)
			continue;
		int64_t lo = (int64_t)((uint64_t)c + (uint64_t)o->c), hi = lo + (int64_t)o->size;
		for (uint32_t k = j + 1; k < ho->n && ok; k++) {
			const lout *l = &ho->o[k];
			LLVMValueRef b =
			    l->p < na ? root_of(r, LLVMGetOperand(i, l->p), &c2, &known2) : NULL;
			int64_t s = (int64_t)((uint64_t)c2 + (uint64_t)l->c);
			if (b == a)
				ok = known2 && (s >= hi || lo >= s + (int64_t)l->size);
			else
				ok = b && !LLVMIsAArgument(b); /* g's own stack variable */
		}
		if (!ok)
			continue;
		if (tc__arena_grow(&r->ar, &fo->o, cap, (size_t)*n + 1, sizeof *fo->o))
			return TC_ENOMEM;
		fo->o[(*n)++] = (lout){NULL, i, param_index(a), j, lo, o->size};
	}
	return TC_OK;
}

/* The index of in x among fo's, fo->nin when it is none. */
static uint32_t find_in(const fouts *fo, lin x)
{
	uint32_t j = 0;
	while (j < fo->nin && (fo->in[j].p != x.p || fo->in[j].c != x.c || fo->in[j].size != x.size))
		j++;
	return j;
}

/* The in x of fo in *j, added when new (room cap); TC_NONE when fo has
 * MAX_INS already. TC_OK or TC_ENOMEM. */
static int add_in(reader *r, fouts *fo, size_t *cap, lin x, uint32_t *j)
{
	if ((*j = find_in(fo, x)) < fo->nin)
		return TC_OK;
	*j = TC_NONE;
	if (fo->nin >= MAX_INS)
		return TC_OK;
	if (tc__arena_grow(&r->ar, &fo->in, cap, (size_t)fo->nin + 1, sizeof *fo->in))
		return TC_ENOMEM;
	fo->in[fo->nin] = x;
	*j = fo->nin++;
	return TC_OK;
}

/* Where call i's callee's in y reads: the alloca or parameter of i's
 * function that i passes a known offset into for y's parameter, with y's
 * place in it at *off; NULL when it passes something else. */
static LLVMValueRef in_place(reader *r, LLVMValueRef i, const lin *y, int64_t *off)
{
	int64_t c0 = 0;
	bool known = false;
	LLVMValueRef a = y->p < (uint32_t)LLVMGetNumArgOperands(i)
				 ? root_of(r, LLVMGetOperand(i, y->p), &c0, &known)
				 : NULL;
	*off = (int64_t)((uint64_t)c0 + (uint64_t)y->c);
	return a && known ? a : NULL;
}

/* The in of g's that call i forwards as its callee's in y: g's parameter
 * plus a constant that i passes for y's, in *x; false when it passes
 * something else. */
static bool forwarded_in(reader *r, LLVMValueRef i, const lin *y, lin *x)
{
	int64_t off;
	LLVMValueRef a = in_place(r, i, y, &off);
	if (!a || !LLVMIsAArgument(a))
		return false;
	*x = (lin){param_index(a), off, y->size};
	return true;
}

/* The callee of call i whose ins are known (made before g's, not a
 * kernel), or NULL. */
static const fouts *ins_callee(reader *r, LLVMValueRef i, uint32_t g)
{
	uint32_t h = tc__llvm_ptrmap_get(&r->fn_index, LLVMGetCalledValue(i));
	return h != TC_NONE && h != g && r->fouts[h].done && !r->kernel[h] ? &r->fouts[h] : NULL;
}

/* Whether g may have ins: a pointer parameter of it, through GEPs and
 * casts, goes to a load or to a call of a function with ins (made
 * before g's); a cheap test before clean_points. */
static bool may_have_ins(reader *r, uint32_t g)
{
	LLVMValueRef stack[32];
	int top = 0, steps = 0;
	for (LLVMValueRef p = LLVMGetFirstParam(r->fns[g]); p; p = LLVMGetNextParam(p))
		if (LLVMGetTypeKind(LLVMTypeOf(p)) == LLVMPointerTypeKind && top < 32)
			stack[top++] = p;
	while (top > 0) {
		LLVMValueRef v = stack[--top];
		for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
			LLVMValueRef i = LLVMGetUser(u);
			if (++steps > 256 || LLVMIsALoadInst(i))
				return true; /* too far to look, or a load */
			if (LLVMIsACallInst(i)) {
				const fouts *ho = ins_callee(r, i, g);
				if (ho && ho->nin)
					return true;
			} else if ((LLVMIsAGetElementPtrInst(i) || LLVMIsABitCastInst(i) ||
				    LLVMIsAAddrSpaceCastInst(i)) &&
				   LLVMGetOperand(i, 0) == v) {
				if (top == 32)
					return true;
				stack[top++] = i;
			}
		}
	}
	return false;
}

struct in_walk {
	uint32_t g;
	fouts *fo;
	size_t cap, rdcap, rdjcap, cleancap;
};

/* What clean_points found in g: a load through a parameter (an in), a call
 * (the ins it forwards); each kept where it is for the description. */
static int note_in(reader *r, LLVMValueRef i, in_walk *x)
{
	fouts *fo = x->fo;
	uint32_t j;
	if (LLVMIsALoadInst(i)) {
		int64_t c;
		bool known;
		LLVMValueRef a = root_of(r, LLVMGetOperand(i, 0), &c, &known);
		if (add_in(r, fo, &x->cap, (lin){param_index(a), c, access_size(r, i)}, &j))
			return TC_ENOMEM;
		if (j == TC_NONE)
			return TC_OK;
		if (tc__arena_grow(&r->ar, &fo->rd, &x->rdcap, (size_t)fo->nrd + 1, sizeof *fo->rd) ||
		    tc__arena_grow(&r->ar, &fo->rdj, &x->rdjcap, (size_t)fo->nrd + 1, sizeof *fo->rdj))
			return TC_ENOMEM;
		fo->rd[fo->nrd] = i;
		fo->rdj[fo->nrd++] = j;
		return TC_OK;
	}
	if (tc__arena_grow(&r->ar, &fo->clean, &x->cleancap, (size_t)fo->nclean + 1,
			   sizeof *fo->clean))
		return TC_ENOMEM;
	fo->clean[fo->nclean++] = i;
	const fouts *ho = ins_callee(r, i, x->g);
	lin y;
	for (uint32_t k = 0; ho && k < ho->nin; k++)
		if (forwarded_in(r, i, &ho->in[k], &y) && add_in(r, fo, &x->cap, y, &j))
			return TC_ENOMEM;
	return TC_OK;
}

static int ret_outs(reader *r, LLVMValueRef t, fouts *fo, uint32_t *np, size_t *cap);

/* Function g's outs (the header), made once: after its callees'
 * (all_outs), so that what a call of one leaves is known. TC_OK or
 * TC_ENOMEM. */
static int outs_of(reader *r, uint32_t g, const fouts **out)
{
	fouts *fo = &r->fouts[g];
	*out = fo;
	if (fo->done)
		return TC_OK;
	fo->done = true;
	/* which parameters keep their pointers, their calls' callees' answers
	 * known already (itself: not yet, so not) */
	uint32_t np = (uint32_t)LLVMCountParams(r->fns[g]);
	uint8_t *kept = TC_ARENA_ZARRAY(&r->ar, uint8_t, (size_t)np + 1);
	if (!kept)
		return TC_ENOMEM;
	for (uint32_t k = 0; k < np; k++)
		kept[k] = tc__llvm_pointer_kept(LLVMGetParam(r->fns[g], k), true, param_keeps, r);
	fo->kept = kept;
	fo->np = np;
	/* its ins: what it reads through its parameters before it may write
	 * there, itself or through its calls */
	in_walk iw = {g, fo, 0, 0, 0, 0};
	if (!r->kernel[g] && may_have_ins(r, g) && clean_points(r, g, &iw))
		return TC_ENOMEM;
	uint32_t nrets = 0;
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(r->fns[g]); bb;
	     bb = LLVMGetNextBasicBlock(bb)) {
		LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
		nrets += t && LLVMGetInstructionOpcode(t) == LLVMRet;
	}
	uint32_t n = 0, k = 0;
	size_t cap = 0;
	lout *first = NULL; /* the first ret's, where there are several */
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(r->fns[g]); bb;
	     bb = LLVMGetNextBasicBlock(bb)) {
		LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
		if (!t || LLVMGetInstructionOpcode(t) != LLVMRet)
			continue;
		n = 0;
		if (ret_outs(r, t, fo, &n, &cap))
			return TC_ENOMEM;
		if (nrets == 1)
			break;
		/* several rets: stores only, the same at each */
		bool same = k == 0 || n == fo->n;
		for (uint32_t q = 0; q < n && same; q++)
			same = fo->o[q].store &&
			       (k == 0 || (fo->o[q].p == first[q].p && fo->o[q].c == first[q].c &&
					   fo->o[q].size == first[q].size));
		if (!same) {
			fo->n = 0;
			return TC_OK;
		}
		if (k == 0) {
			first = TC_ARENA_ARRAY(&r->ar, lout, (size_t)n + 1);
			fo->more = TC_ARENA_ARRAY(&r->ar, LLVMValueRef, (size_t)n * (nrets - 1) + 1);
			if (!first || !fo->more)
				return TC_ENOMEM;
			if (n)
				memcpy(first, fo->o, (size_t)n * sizeof *first);
			fo->n = n;
		} else {
			for (uint32_t q = 0; q < n; q++)
				fo->more[(size_t)(k - 1) * n + q] = fo->o[q].store;
		}
		k++;
	}
	if (nrets > 1 && first) {
		if (fo->n)
			memcpy(fo->o, first, (size_t)fo->n * sizeof *first);
		fo->nmore = nrets - 1;
		return TC_OK;
	}
	fo->n = n;
	return TC_OK;
}

/* The outs that ret t's block leaves (fo->o, n of them, room cap): its
 * stores through g's parameters after which nothing in the block may write
 * there, and what a call there leaves, in the order of the block. */
static int ret_outs(reader *r, LLVMValueRef t, fouts *fo, uint32_t *np, size_t *cap)
{
	uint32_t n = 0;
	for (LLVMValueRef i = LLVMGetPreviousInstruction(t); i;
	     i = LLVMGetPreviousInstruction(i)) {
		LLVMOpcode op = LLVMGetInstructionOpcode(i);
		if (op == LLVMCall) {
			if (harmless_call(r, i))
				continue;
			/* what it leaves through the parameters, then nothing
			 * before it: it may write anything */
			if (forward(r, i, fo, &n, cap))
				return TC_ENOMEM;
			break;
		} else if (op == LLVMAtomicRMW || op == LLVMAtomicCmpXchg) {
			LLVMValueRef p = LLVMGetOperand(i, 0);
			int64_t c;
			bool known;
			if (own_memory(r, p, root_of(r, p, &c, &known)))
				break;
		} else if (op == LLVMStore) {
			LLVMValueRef p = LLVMGetOperand(i, 1);
			int64_t c;
			bool known;
			LLVMValueRef a = root_of(r, p, &c, &known);
			if (a && LLVMIsAArgument(a) && known && !LLVMGetVolatile(i) &&
			    LLVMGetOrdering(i) == LLVMAtomicOrderingNotAtomic) {
				if (tc__arena_grow(&r->ar, &fo->o, cap, (size_t)n + 1, sizeof *fo->o))
					return TC_ENOMEM;
				fo->o[n++] = (lout){i, NULL, param_index(a), 0, c, access_size(r, i)};
			} else if (own_memory(r, p, a)) {
				break;
			}
		} else if (op == LLVMInvoke || op == LLVMCallBr || op == LLVMVAArg) {
			break;
		}
	}
	/* in the order of the block */
	for (uint32_t k = 0; k < n / 2; k++) {
		lout x = fo->o[k];
		fo->o[k] = fo->o[n - 1 - k];
		fo->o[n - 1 - k] = x;
	}
	*np = n;
	return TC_OK;
}

/* what writes variable A (writers), as value ids: stores into it at
 * [lo, hi) (lo > hi: not known), calls that receive it */
typedef struct writer {
	uint32_t id;
	LLVMValueRef inst;
	int64_t lo, hi;
	bool call;
} writer;

/* The writers of alloca A in *w (grown, *n of them); false when its
 * address goes elsewhere (or too far to look). */
static int writers(reader *r, LLVMValueRef A, writer **w, size_t *cap, uint32_t *n, bool *ok)
{
	LLVMValueRef stack[32];
	int64_t offs[32];
	bool knowns[32];
	int top = 0, steps = 0;
	*n = 0;
	*ok = false;
	stack[top] = A;
	offs[top] = 0;
	knowns[top++] = true;
	while (top > 0) {
		--top;
		LLVMValueRef v = stack[top];
		int64_t off = offs[top];
		bool known = knowns[top];
		for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
			LLVMValueRef i = LLVMGetUser(u);
			if (++steps > MAX_USES)
				return TC_OK;
			if (LLVMIsALoadInst(i))
				continue;
			uint32_t id = tc__llvm_ptrmap_get(&r->values, i);
			if (LLVMIsAStoreInst(i)) {
				if (LLVMGetOperand(i, 0) == v || id == TC_NONE)
					return TC_OK; /* the address itself stored */
				if (tc__arena_grow(&r->ar, w, cap, (size_t)*n + 1, sizeof **w))
					return TC_ENOMEM;
				int64_t sz = (int64_t)access_size(r, i);
				(*w)[(*n)++] = (writer){id, i, known ? off : 1, known ? off + sz : 0,
							false};
				continue;
			}
			if ((LLVMIsAGetElementPtrInst(i) || LLVMIsABitCastInst(i) ||
			     LLVMIsAAddrSpaceCastInst(i)) &&
			    LLVMGetOperand(i, 0) == v) {
				if (top == (int)(sizeof stack / sizeof *stack))
					return TC_OK;
				int64_t o = 0;
				bool k = known && (!LLVMIsAGetElementPtrInst(i) || gep_offset(r, i, &o));
				stack[top] = i;
				offs[top] = (int64_t)((uint64_t)off + (uint64_t)o);
				knowns[top++] = k;
				continue;
			}
			if (!LLVMIsACallInst(i) || id == TC_NONE)
				return TC_OK;
			if (tc__llvm_marker_call(i))
				continue; /* debug information, a lifetime */
			/* a defined function whose parameter keeps it */
			LLVMValueRef callee = LLVMGetCalledValue(i);
			if (LLVMGetCalledValue(i) == v || !callee || !LLVMIsAFunction(callee) ||
			    LLVMIsDeclaration(callee))
				return TC_OK;
			unsigned na = (unsigned)LLVMGetNumArgOperands(i);
			for (unsigned a = 0; a < na; a++)
				if (LLVMGetOperand(i, a) == v && !param_keeps(r, callee, a))
					return TC_OK;
			bool seen = false;
			for (uint32_t k = 0; k < *n && !seen; k++)
				seen = (*w)[k].inst == i;
			if (seen)
				continue;
			if (tc__arena_grow(&r->ar, w, cap, (size_t)*n + 1, sizeof **w))
				return TC_ENOMEM;
			(*w)[(*n)++] = (writer){id, i, 1, 0, true};
		}
	}
	*ok = true;
	return TC_OK;
}

/* The offset of the address call i passes as argument p into alloca A, in
 * *off; false when it passes none or one not known. */
static bool passes(reader *r, LLVMValueRef i, uint32_t p, LLVMValueRef A, int64_t *off)
{
	bool known;
	if (p >= (uint32_t)LLVMGetNumArgOperands(i))
		return false;
	return root_of(r, LLVMGetOperand(i, p), off, &known) == A && known;
}

/* Whether call i of g may, with a store of its outs after out j, write
 * [lo, hi) of A: one whose parameter it passes A for, at bytes that meet
 * those, or at bytes not known. */
static bool later_writes(reader *r, LLVMValueRef i, const fouts *fo, uint32_t j, LLVMValueRef A,
			 int64_t lo, int64_t hi)
{
	for (uint32_t k = j + 1; k < fo->n; k++) {
		const lout *o = &fo->o[k];
		bool known;
		int64_t a;
		if (o->p >= (uint32_t)LLVMGetNumArgOperands(i))
			return true;
		if (root_of(r, LLVMGetOperand(i, o->p), &a, &known) != A)
			continue; /* A goes only where derived from it */
		int64_t s = (int64_t)((uint64_t)a + (uint64_t)o->c);
		if (!known || (s < hi && lo < s + (int64_t)o->size))
			return true;
	}
	return false;
}

/* The out of call i (its callee's outs fo) that leaves exactly [lo, hi)
 * of alloca A, which no later out may write; fo->n when none. */
static uint32_t call_out(reader *r, LLVMValueRef i, const fouts *fo, LLVMValueRef A, int64_t lo,
			 int64_t hi)
{
	uint32_t j = 0;
	for (; j < fo->n; j++) {
		int64_t a;
		const lout *o = &fo->o[j];
		if (o->size == (uint64_t)(hi - lo) && passes(r, i, o->p, A, &a) &&
		    (int64_t)((uint64_t)a + (uint64_t)o->c) == lo && !later_writes(r, i, fo, j, A, lo, hi))
			break;
	}
	return j;
}

/* Every function's outs, each after those of the defined functions it
 * calls (a depth-first search over the calls, with a stack of its own: a
 * chain of calls 10^5 deep is a stack 10^5 long; on a cycle, the function
 * met first is made before the callee that leads back to it, whose calls
 * of it then leave nothing known). */
static int all_outs(reader *r)
{
	typedef struct frame {
		uint32_t f;
		LLVMBasicBlockRef bb;
		LLVMValueRef i;
	} frame;
	uint8_t *seen = TC_ARENA_ZARRAY(&r->ar, uint8_t, r->nfn + 1);
	frame *st = TC_ARENA_ARRAY(&r->ar, frame, r->nfn + 1);
	if (!seen || !st)
		return TC_ENOMEM;
	for (uint32_t f0 = 0; f0 < r->nfn; f0++) {
		if (seen[f0])
			continue;
		uint32_t top = 0;
		seen[f0] = 1;
		st[top++] = (frame){f0, LLVMGetFirstBasicBlock(r->fns[f0]), NULL};
		while (top) {
			frame *fr = &st[top - 1];
			/* the next call of a defined function not seen */
			uint32_t next = TC_NONE;
			while (fr->bb && next == TC_NONE) {
				fr->i = fr->i ? LLVMGetNextInstruction(fr->i)
					      : LLVMGetFirstInstruction(fr->bb);
				if (!fr->i) {
					fr->bb = LLVMGetNextBasicBlock(fr->bb);
					continue;
				}
				LLVMValueRef callee =
				    tc__llvm_is_call(fr->i) ? LLVMGetCalledValue(fr->i) : NULL;
				uint32_t h = callee ? tc__llvm_ptrmap_get(&r->fn_index, callee) : TC_NONE;
				if (h != TC_NONE && !seen[h])
					next = h;
			}
			if (next != TC_NONE) {
				seen[next] = 1;
				st[top++] = (frame){next, LLVMGetFirstBasicBlock(r->fns[next]), NULL};
				continue;
			}
			const fouts *fo;
			if (outs_of(r, fr->f, &fo))
				return TC_ENOMEM;
			top--;
		}
	}
	return TC_OK;
}

/* What the scans of one function's stack variables share: the ways of its
 * blocks, made for the first variable whose writers are known, and the
 * writers of the last variable asked (var_writers). */
typedef struct var_scan {
	tc_arena tmp;
	uint32_t nblocks;
	tc_ways ways;
	bool have_ways;
	writer *w;
	size_t wcap;
	uint32_t nw;
	LLVMValueRef of; /* whose writers w holds */
	bool ok;         /* they are known */
	uint64_t work;
} var_scan;

static void var_scan_init(reader *r, var_scan *vs, uint32_t nblocks)
{
	memset(vs, 0, sizeof *vs);
	tc__arena_init(&vs->tmp, &r->al);
	vs->nblocks = nblocks;
}

/* The writers of alloca A in vs (vs->ok: they are known), and the ways. */
static int var_writers(reader *r, var_scan *vs, LLVMValueRef A)
{
	if (A != vs->of) {
		vs->of = A;
		int rc = writers(r, A, &vs->w, &vs->wcap, &vs->nw, &vs->ok);
		if (rc)
			return rc;
		vs->work += vs->nw;
	}
	if (vs->ok && !vs->have_ways) {
		if (tc__ways_init(&vs->tmp, &vs->ways, vs->nblocks, r->succ_off.v, r->succ.v))
			return TC_ENOMEM;
		vs->have_ways = true;
	}
	return TC_OK;
}

/* Whether writer w may write bytes [lo, hi) of its variable: a call given
 * it, a store at bytes not known, or one that overlaps them. */
static bool may_write_bytes(const writer *w, int64_t lo, int64_t hi)
{
	return w->call || w->lo > w->hi || (w->lo < hi && lo < w->hi);
}

/* What the point at value c (a call, a load) finds in bytes [lo, hi) of
 * alloca A, whose writers vs holds (var_writers): what a store of exactly
 * those bytes (not where calls is set), or a call that leaves exactly
 * those (its callee's out *oindex, call_out; else TC_NONE), that comes
 * before c on every path with no other writer of them (c included, on a
 * way round) between, left there: the value stored in *value (TC_NONE: a
 * constant), the writer in *ocall; false when none is proved. */
static bool stored_before(reader *r, var_scan *vs, LLVMValueRef A, uint32_t c, int64_t lo,
			  int64_t hi, bool calls, uint32_t *value, uint32_t *ocall, uint32_t *oindex,
			  int *rc)
{
	const writer *w = vs->w;
	uint32_t nw = vs->nw;
	*ocall = *oindex = TC_NONE;
	uint32_t *evb = TC_ARENA_ARRAY(&vs->tmp, uint32_t, (size_t)nw + 1);
	uint32_t *evp = TC_ARENA_ARRAY(&vs->tmp, uint32_t, (size_t)nw + 1);
	uint32_t *of = TC_ARENA_ARRAY(&vs->tmp, uint32_t, (size_t)nw + 1);
	if (!evb || !evp || !of) {
		*rc = TC_ENOMEM;
		return false;
	}
	uint32_t ne = 0;
	for (uint32_t k = 0; k < nw; k++)
		if (may_write_bytes(&w[k], lo, hi)) {
			of[ne] = k;
			evb[ne] = r->blk[w[k].id];
			evp[ne++] = w[k].id;
		}
	for (uint32_t e = 0; e < ne; e++) {
		const writer *S = &w[of[e]];
		uint32_t j = TC_NONE;
		if (S->call) { /* an earlier call that leaves exactly those bytes */
			uint32_t g = tc__llvm_ptrmap_get(&r->fn_index, LLVMGetCalledValue(S->inst));
			const fouts *fo;
			if (S->id == c || g == TC_NONE || r->kernel[g] ||
			    !tc__ways_before(&vs->ways, r->blk[S->id], S->id, r->blk[c], c))
				continue;
			if ((*rc = outs_of(r, g, &fo)))
				return false;
			if ((j = call_out(r, S->inst, fo, A, lo, hi)) == fo->n)
				continue;
		} else if (calls || S->lo != lo || S->hi != hi ||
			   !tc__ways_before(&vs->ways, r->blk[S->id], S->id, r->blk[c], c)) {
			continue;
		}
		if (tc__ways_clear(&vs->ways, r->blk[S->id], S->id, r->blk[c], c, evb, evp, ne, e,
				   &vs->work)) {
			if (j == TC_NONE)
				*value = tc__llvm_ptrmap_get(&r->values, LLVMGetOperand(S->inst, 0));
			*ocall = S->id;
			*oindex = j;
			return true;
		}
	}
	return false;
}

/* Whether bytes [lo, hi) of alloca A, whose writers vs holds, hold what
 * nothing has written since the function began when the point at value c
 * (a call) runs: no writer of them, nor a call given A (c itself too: a
 * loop may bring it back), lies on a way from the function's start to c.
 * They hold an indeterminate value there, which mem2reg would make undef:
 * the same in every thread. */
static bool fresh_before(reader *r, var_scan *vs, uint32_t c, int64_t lo, int64_t hi, int *rc)
{
	const writer *w = vs->w;
	uint32_t nw = vs->nw, ne = 0;
	uint32_t *evb = TC_ARENA_ARRAY(&vs->tmp, uint32_t, (size_t)nw + 1);
	uint32_t *evp = TC_ARENA_ARRAY(&vs->tmp, uint32_t, (size_t)nw + 1);
	if (!evb || !evp) {
		*rc = TC_ENOMEM;
		return false;
	}
	for (uint32_t k = 0; k < nw; k++)
		if (may_write_bytes(&w[k], lo, hi)) {
			evb[ne] = r->blk[w[k].id];
			evp[ne++] = w[k].id;
		}
	return tc__ways_clear_from_start(&vs->ways, r->blk[c], c, evb, evp, ne, &vs->work);
}

/* The site of the call that is value id, or d->ncalls. */
static uint32_t site_of_call(const tc_fn_desc *d, uint32_t id)
{
	uint32_t s = 0;
	while (s < d->ncalls && d->calls[s].value != id)
		s++;
	return s;
}

/* f's ins in d (its loads that read one, as parameters past its own, as
 * its walk with the outs found them: note_in) and what its calls pass for
 * their callees' ins: what f's stack variable holds (stored_before: a
 * store's value or an earlier call's out; fresh_before: an indeterminate
 * value, a constant) or f's own in (a call the walk found clean, given f's
 * parameter plus a constant). */
static int describe_ins(reader *r, uint32_t f, tc_fn_desc *d, uint32_t nblocks)
{
	const fouts *mine = &r->fouts[f];
	var_scan vs;
	var_scan_init(r, &vs, nblocks);
	uint32_t nins = r->kernel[f] ? 0 : mine->nin;
	/* the calls that may pass f's ins on, as its walk found them */
	uint8_t *clean = nins ? TC_ARENA_ZARRAY(&vs.tmp, uint8_t, (size_t)r->nvalues + 1) : NULL;
	int rc = clean || !nins ? TC_OK : TC_ENOMEM;
	for (uint32_t q = 0; !rc && nins && q < mine->nclean; q++) {
		uint32_t v = tc__llvm_ptrmap_get(&r->values, mine->clean[q]);
		if (v < r->nvalues)
			clean[v] = 1;
	}
	/* per call, per in of its callee: what it passes */
	struct inarg {
		uint32_t site, k, value, fwd, osite, oindex;
		int64_t kc; /* the constant stored, -1 */
	} *a = NULL;
	size_t na = 0, acap = 0;
	for (uint32_t s = 0; s < d->ncalls && !rc && vs.work < (UINT64_C(1) << 24); s++) {
		uint32_t c = d->calls[s].value;
		LLVMValueRef C = c < r->nvalues ? r->vals[c] : NULL;
		const fouts *ho = C ? ins_callee(r, C, f) : NULL;
		for (uint32_t k = 0; ho && k < ho->nin && !rc; k++) {
			const lin *y = &ho->in[k];
			int64_t lo;
			LLVMValueRef A = in_place(r, C, y, &lo);
			if (!A)
				continue;
			uint32_t value = TC_NONE, fwd = TC_NONE, osite = TC_NONE, oindex = TC_NONE;
			int64_t kc = -1;
			if (LLVMIsAArgument(A)) { /* f's own in, where it is one */
				if (!nins || !clean[c] ||
				    (fwd = find_in(mine, (lin){param_index(A), lo, y->size})) ==
					mine->nin)
					continue;
			} else {
				if ((rc = var_writers(r, &vs, A)))
					break;
				if (!vs.ok)
					continue;
				uint32_t ocall;
				int64_t hi = lo + (int64_t)y->size;
				bool found = stored_before(r, &vs, A, c, lo, hi, false, &value, &ocall,
							   &oindex, &rc);
				if (rc)
					break;
				if (found && oindex != TC_NONE &&
				    (osite = site_of_call(d, ocall)) == d->ncalls)
					continue;
				/* a constant stored: which (the folding reads it) */
				if (found && oindex == TC_NONE && value == TC_NONE && ocall < r->nvalues)
					kc = tc__llvm_small_constant(LLVMGetOperand(r->vals[ocall], 0));
				/* else what nothing has written: a constant */
				if (!found && !fresh_before(r, &vs, c, lo, hi, &rc))
					continue;
				if (rc)
					break;
			}
			if (tc__arena_grow(&vs.tmp, &a, &acap, na + 1, sizeof *a)) {
				rc = TC_ENOMEM;
				break;
			}
			a[na++] = (struct inarg){s, k, value, fwd, osite, oindex, kc};
		}
	}
	uint32_t nrd = nins ? mine->nrd : 0;
	if (!rc && (nins || na) && !(rc = tc__fn_desc_room_ins(r->out, d, nins, nrd, na))) {
		for (uint32_t j = 0; j < nins; j++)
			d->in_param[j] = mine->in[j].p;
		d->nins = nins;
		for (uint32_t q = 0; q < nrd; q++) { /* the loads that read one */
			uint32_t v = tc__llvm_ptrmap_get(&r->values, mine->rd[q]);
			if (v >= r->nvalues)
				continue;
			d->param_value[d->nparam_values] = v;
			d->param_index[d->nparam_values++] = d->nparams + mine->rdj[q];
		}
		for (size_t q = 0; q < na; q++) {
			d->in_site[q] = a[q].site;
			d->in_index[q] = a[q].k;
			d->in_value[q] = a[q].value;
			d->in_fwd[q] = a[q].fwd;
			d->in_osite[q] = a[q].osite;
			d->in_oindex[q] = a[q].oindex;
			d->in_k[q] = a[q].kc;
		}
		d->nin_arg = (uint32_t)na;
	}
	tc__arena_free(&vs.tmp);
	return rc;
}

int tc__llvm_describe_outs(reader *r, uint32_t f, tc_fn_desc *d, uint32_t nblocks)
{
	if (!r->fouts && (!(r->fouts = TC_ARENA_ZARRAY(&r->ar, fouts, r->nfn + 1)) ||
			  nopriv_params(r) || all_outs(r)))
		return tc__llvm_oom(r);
	/* its own outs: the value stored, read in the ret's block, or what a
	 * call leaves */
	const fouts *mine;
	if (outs_of(r, f, &mine))
		return tc__llvm_oom(r);
	uint32_t nv = 0, nf = 0;
	for (uint32_t k = 0; k < mine->n && !r->kernel[f]; k++)
		*(mine->o[k].store ? &nv : &nf) += 1;
	if (tc__fn_desc_room_outs(r->out, d, (size_t)nv * (mine->nmore + 1), nf, 0))
		return tc__llvm_oom(r);
	for (uint32_t k = 0; k < nv + nf; k++) {
		const lout *o = &mine->o[k];
		if (o->store) { /* read at each ret */
			for (uint32_t q = 0; q <= mine->nmore; q++) {
				LLVMValueRef st = q ? mine->more[(size_t)(q - 1) * mine->n + k] : o->store;
				d->out_value[d->nout] =
				    tc__llvm_ptrmap_get(&r->values, LLVMGetOperand(st, 0));
				d->out_block[d->nout] = r->blk[tc__llvm_ptrmap_get(&r->values, st)];
				d->out_index[d->nout++] = k;
			}
			continue;
		}
		uint32_t s = site_of_call(d, tc__llvm_ptrmap_get(&r->values, o->call));
		if (s == d->ncalls)
			continue; /* not described: no out k */
		d->fout_k[d->nfout] = k;
		d->fout_site[d->nfout] = s;
		d->fout_index[d->nfout++] = o->j;
	}
	/* the loads from its variables that read a callee's out */
	var_scan vs;
	var_scan_init(r, &vs, nblocks);
	uint32_t *cv = NULL, *cs = NULL, *ck = NULL;
	size_t nc = 0, cvcap = 0, cscap = 0, ckcap = 0;
	int rc = TC_OK;
	for (uint32_t v = 0; v < r->nvalues && !rc && vs.work < (UINT64_C(1) << 24); v++) {
		LLVMValueRef L = r->vals[v];
		if (r->blk[v] == TC_NONE || !LLVMIsALoadInst(L) || !(r->kind[v] & TC_UA_SOURCE) ||
		    LLVMGetVolatile(L) || LLVMGetOrdering(L) != LLVMAtomicOrderingNotAtomic)
			continue;
		int64_t off;
		bool known;
		LLVMValueRef A = root_of(r, LLVMGetOperand(L, 0), &off, &known);
		if (!A || !known || !LLVMIsAAllocaInst(A))
			continue;
		if ((rc = var_writers(r, &vs, A)))
			break;
		uint32_t value, ocall, j, s;
		if (!vs.ok ||
		    !stored_before(r, &vs, A, v, off, off + (int64_t)access_size(r, L), true, &value,
				   &ocall, &j, &rc) ||
		    (s = site_of_call(d, ocall)) == d->ncalls)
			continue;
		if (tc__arena_grow(&vs.tmp, &cv, &cvcap, nc + 1, sizeof *cv) ||
		    tc__arena_grow(&vs.tmp, &cs, &cscap, nc + 1, sizeof *cs) ||
		    tc__arena_grow(&vs.tmp, &ck, &ckcap, nc + 1, sizeof *ck)) {
			rc = TC_ENOMEM;
			break;
		}
		cv[nc] = v;
		cs[nc] = s;
		ck[nc++] = j;
	}
	if (!rc && nc && !(rc = tc__fn_desc_room_outs(r->out, d, 0, 0, nc))) {
		memcpy(d->cout_value, cv, nc * sizeof *cv);
		memcpy(d->cout_site, cs, nc * sizeof *cs);
		memcpy(d->cout_index, ck, nc * sizeof *ck);
		d->ncout = (uint32_t)nc;
	}
	tc__arena_free(&vs.tmp);
	if (!rc)
		rc = describe_ins(r, f, d, nblocks);
	return rc == TC_ENOMEM ? tc__llvm_oom(r) : rc;
}
