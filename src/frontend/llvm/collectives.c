/*
 * collectives.c - the LLVM IR reader's builtins and collectives: which
 * calls are barriers and collectives (frontend/gpu_builtins.h), the kernels,
 * the functions that execute them through calls, and the tests of the
 * collectives' arguments (docs/check.md, "Collectives").
 */
#include "frontend/llvm/llvm.h"

const char *tc__llvm_value_name(LLVMValueRef v, size_t *len)
{
	const char *s = LLVMGetValueName2(v, len);
	if (!s) {
		*len = 0;
		return "";
	}
	return s;
}

tc_gpu_kind tc__llvm_callee_kind(LLVMValueRef callee)
{
	if (!callee || !LLVMIsAFunction(callee))
		return TC_GPU_OTHER;
	size_t len;
	const char *name = tc__llvm_value_name(callee, &len);
	return tc__gpu_builtin_kind(name, len);
}

bool tc__llvm_is_call(LLVMValueRef i)
{
	return LLVMIsACallInst(i) || LLVMIsAInvokeInst(i) || LLVMIsACallBrInst(i);
}

/* Whether call i calls through a pointer (no function, no inline asm). */
static bool through_pointer(LLVMValueRef i)
{
	LLVMValueRef callee = LLVMGetCalledValue(i);
	return callee && !LLVMIsAFunction(callee) && !LLVMIsAInlineAsm(callee);
}

/* Whether fn's address is taken: a use of it that is not the called
 * operand of a call (an argument, a store, a constant's). */
static bool address_taken(LLVMValueRef fn)
{
	for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
		LLVMValueRef user = LLVMGetUser(u);
		if (!user || !LLVMIsAInstruction(user) || !tc__llvm_is_call(user) ||
		    LLVMGetCalledValue(user) != fn)
			return true;
		unsigned na = (unsigned)LLVMGetNumArgOperands(user);
		for (unsigned a = 0; a < na; a++)
			if (LLVMGetOperand(user, a) == fn)
				return true;
	}
	return false;
}

/* A call instruction (not invoke) that executes a barrier. */
bool tc__llvm_is_barrier_call(const reader *r, LLVMValueRef i)
{
	if (!LLVMIsACallInst(i))
		return false;
	LLVMValueRef callee = LLVMGetCalledValue(i);
	if (tc__llvm_callee_kind(callee) == TC_GPU_BARRIER)
		return true;
	if (through_pointer(i)) /* any function whose address is taken */
		return r->barrier[r->nfn];
	uint32_t f = tc__llvm_ptrmap_get(&r->fn_index, callee);
	return f != TC_NONE && r->barrier[f];
}

/* Whether argument i of call is the integer constant all ones (a full mask). */
bool tc__llvm_all_ones(LLVMValueRef call, int i)
{
	if (i < 0 || (unsigned)i >= (unsigned)LLVMGetNumArgOperands(call))
		return false;
	LLVMValueRef a = LLVMGetOperand(call, (unsigned)i);
	if (!LLVMIsAConstantInt(a))
		return false;
	unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(a));
	uint64_t v = LLVMConstIntGetZExtValue(a);
	return w >= 64 ? v == UINT64_MAX : w > 0 && v == (UINT64_C(1) << w) - 1;
}

/* The collective builtin a call instruction calls, or NULL; *checked: its
 * mask (if it has one) is the full mask, so its group must reach it. */
static const tc_gpu_collective *collective_call(LLVMValueRef i, bool *checked)
{
	LLVMValueRef callee = LLVMGetCalledValue(i);
	if (!callee || !LLVMIsAFunction(callee))
		return NULL;
	size_t len;
	const char *name = tc__llvm_value_name(callee, &len);
	const tc_gpu_collective *c = tc__gpu_collective(name, len);
	if (c)
		*checked = c->mask < 0 || tc__llvm_all_ones(i, c->mask);
	return c;
}

/* Kernels: by calling convention, or listed in !nvvm.annotations; the
 * most threads their blocks have (maxntidx, y, z there). */
static int find_kernels(reader *r)
{
	for (uint32_t f = 0; f < r->nfn; f++) {
		unsigned cc = LLVMGetFunctionCallConv(r->fns[f]);
		r->kernel[f] = cc == CC_PTX_KERNEL || cc == CC_SPIR_KERNEL ||
			       cc == CC_AMDGPU_KERNEL;
	}
	const char *md = "nvvm.annotations";
	unsigned n = LLVMGetNamedMetadataNumOperands(r->mod, md);
	if (n == 0)
		return TC_OK;
	LLVMValueRef *ops = tc__malloc(&r->al, tc__mul(n, sizeof *ops));
	if (!ops)
		return tc__llvm_oom(r);
	LLVMGetNamedMetadataOperands(r->mod, md, ops);
	LLVMValueRef *v = NULL;
	size_t vcap = 0;
	int rc = TC_OK;
	for (unsigned i = 0; i < n; i++) {
		/* !{ptr @f, !"kernel", i32 1, ...}: key/value pairs after the function */
		unsigned k = LLVMGetMDNodeNumOperands(ops[i]);
		if (k < 3)
			continue;
		if (tc__llvm_reserve(r, &v, &vcap, k, sizeof *v)) {
			rc = tc__llvm_oom(r);
			break;
		}
		LLVMGetMDNodeOperands(ops[i], v);
		uint32_t f = v[0] ? tc__llvm_ptrmap_get(&r->fn_index, v[0]) : TC_NONE;
		if (f == TC_NONE)
			continue;
		for (unsigned j = 1; j + 1 < k; j += 2) {
			unsigned len = 0;
			const char *key =
			    v[j] && LLVMIsAMDString(v[j]) ? LLVMGetMDString(v[j], &len) : NULL;
			if (key && len == 6 && memcmp(key, "kernel", 6) == 0 && v[j + 1] &&
			    LLVMIsAConstantInt(v[j + 1]) && LLVMConstIntGetZExtValue(v[j + 1]) != 0)
				r->kernel[f] = 1;
			if (key && len == 8 && memcmp(key, "maxntid", 7) == 0 &&
			    key[7] >= 'x' && key[7] <= 'z' && v[j + 1] &&
			    LLVMIsAConstantInt(v[j + 1]) &&
			    LLVMConstIntGetZExtValue(v[j + 1]) - 1 < 65535)
				r->maxntid[(size_t)f * 3 + (size_t)(key[7] - 'x')] =
				    (uint32_t)LLVMConstIntGetZExtValue(v[j + 1]);
		}
	}
	tc__free(&r->al, v);
	tc__free(&r->al, ops);
	return rc;
}

/* The defined functions, which are kernels, which execute a barrier. */
int tc__llvm_collect_functions(reader *r)
{
	uint32_t n = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(r->mod); fn; fn = LLVMGetNextFunction(fn))
		n += !LLVMIsDeclaration(fn);
	r->fns = TC_ARENA_ARRAY(&r->ar, LLVMValueRef, n ? n : 1);
	r->kernel = TC_ARENA_ZARRAY(&r->ar, uint8_t, n ? n : 1);
	/* barrier[n], reach[n]: what a call through a pointer may run */
	r->barrier = TC_ARENA_ZARRAY(&r->ar, uint8_t, n + 1);
	r->reach = TC_ARENA_ZARRAY(&r->ar, uint8_t, n + 1);
	r->maxntid = TC_ARENA_ZARRAY(&r->ar, uint32_t, (size_t)(n ? n : 1) * 3);
	if (!r->fns || !r->kernel || !r->barrier || !r->reach || !r->maxntid)
		return tc__llvm_oom(r);
	for (LLVMValueRef fn = LLVMGetFirstFunction(r->mod); fn; fn = LLVMGetNextFunction(fn)) {
		if (LLVMIsDeclaration(fn))
			continue;
		if (tc__llvm_ptrmap_put(&r->al, &r->fn_index, fn, r->nfn))
			return tc__llvm_oom(r);
		r->fns[r->nfn++] = fn;
	}
	int rc = find_kernels(r);
	if (rc)
		return rc;

	/* call edges between defined functions; seeds: calls of barrier builtins,
	 * and defined functions that are barrier builtins (linked from libclc).
	 * A call through a pointer calls node nfn, which calls every defined
	 * function whose address is taken (the module is the program). */
	tc_u32vec from = {0}, to = {0};
	uint32_t any = r->nfn;
	size_t npointers = 0; /* the edges to any */
	for (uint32_t f = 0; f < r->nfn && rc == TC_OK; f++) {
		if (tc__llvm_callee_kind(r->fns[f]) == TC_GPU_BARRIER)
			r->barrier[f] = 1;
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(r->fns[f]); bb;
		     bb = LLVMGetNextBasicBlock(bb)) {
			for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
			     i = LLVMGetNextInstruction(i)) {
				if (!tc__llvm_is_call(i))
					continue;
				LLVMValueRef callee = LLVMGetCalledValue(i);
				uint32_t g = through_pointer(i)
						 ? any
						 : tc__llvm_ptrmap_get(&r->fn_index, callee);
				npointers += g == any;
				if (g != TC_NONE) {
					if (tc__u32vec_push(&r->al, &from, f) ||
					    tc__u32vec_push(&r->al, &to, g))
						rc = tc__llvm_oom(r);
				} else if (tc__llvm_callee_kind(callee) == TC_GPU_BARRIER) {
					r->barrier[f] = 1;
				}
				bool checked;
				const tc_gpu_collective *c = LLVMIsACallInst(i)
								     ? collective_call(i, &checked)
								     : NULL;
				/* a masked one (bits 3..5) only where calls are
				 * judged in their contexts: who passes the mask
				 * is the caller's to say */
				if (c && !c->barrier)
					r->reach[f] |=
					    (uint8_t)(1u << (c->group + (checked ? 0 : 3)));
			}
		}
	}
	for (uint32_t g = 0; npointers && g < r->nfn && rc == TC_OK; g++)
		if (address_taken(r->fns[g]) &&
		    (tc__u32vec_push(&r->al, &from, any) || tc__u32vec_push(&r->al, &to, g)))
			rc = tc__llvm_oom(r);
	r->calls = from.len > npointers; /* some edge reaches a function */
	bool contexts = r->calls && !(r->opt && r->opt->function);
	for (uint32_t f = 0; f < r->nfn; f++) {
		r->reach[f] = (uint8_t)((r->reach[f] | (contexts ? r->reach[f] >> 3 : 0)) & 7);
		r->warp_module |= (r->reach[f] & 6) != 0;
	}
	if (rc == TC_OK &&
	    tc__gpu_barrier_closure(&r->al, any + 1, from.v, to.v, from.len, r->barrier))
		rc = tc__llvm_oom(r);
	/* the same closure per group, through one flag array at a time */
	uint8_t *flag = rc ? NULL : tc__malloc(&r->al, n + 1);
	if (!rc && !flag)
		rc = tc__llvm_oom(r);
	for (unsigned grp = 0; grp < 3 && rc == TC_OK; grp++) {
		for (uint32_t f = 0; f <= any; f++)
			flag[f] = (r->reach[f] >> grp) & 1;
		if (tc__gpu_barrier_closure(&r->al, any + 1, from.v, to.v, from.len, flag))
			rc = tc__llvm_oom(r);
		for (uint32_t f = 0; f <= any && rc == TC_OK; f++)
			r->reach[f] |= (uint8_t)(flag[f] << grp);
	}
	tc__free(&r->al, flag);
	tc__u32vec_free(&r->al, &from);
	tc__u32vec_free(&r->al, &to);
	return rc;
}

/* ---- collectives (docs/check.md, "Collectives") ------------------------------ */

/* Notes the collectives call i (in block k, after seg barriers there)
 * executes: a builtin, or a defined function that reaches some. */
int tc__llvm_note_collective(reader *r, LLVMValueRef i, uint32_t k, uint32_t seg)
{
	bool checked = true;
	const tc_gpu_collective *c = collective_call(i, &checked);
	unsigned groups;
	if (c) {
		groups = 1u << c->group;
	} else {
		uint32_t f = through_pointer(i) ? r->nfn
						: tc__llvm_ptrmap_get(&r->fn_index, LLVMGetCalledValue(i));
		if (f == TC_NONE || !(groups = r->reach[f]))
			return TC_OK;
	}
	for (unsigned grp = 0; grp < 3; grp++) {
		if (!((groups >> grp) & 1))
			continue;
		if (tc__llvm_reserve(r, &r->found, &r->found_cap, r->nfound + 1, sizeof *r->found))
			return tc__llvm_oom(r);
		r->found[r->nfound++] = (found_coll){i, c, k, seg, (uint8_t)grp, checked};
		r->any_warp |= grp != TC_GROUP_BLOCK;
	}
	return TC_OK;
}

/* The value the last store into slot (one value, not an array) before
 * call in call's block stored, when nothing between may write the slot;
 * NULL when there is none. */
static LLVMValueRef stored_before(LLVMValueRef slot, LLVMValueRef call)
{
	LLVMTypeKind k = LLVMGetTypeKind(LLVMGetAllocatedType(slot));
	if (k == LLVMArrayTypeKind || k == LLVMStructTypeKind || k == LLVMVectorTypeKind)
		return NULL;
	for (LLVMValueRef i = LLVMGetPreviousInstruction(call); i;
	     i = LLVMGetPreviousInstruction(i)) {
		if (LLVMIsAStoreInst(i) && LLVMGetOperand(i, 1) == slot)
			return LLVMGetOperand(i, 0);
		if (LLVMIsACallInst(i) || LLVMIsAStoreInst(i))
			return NULL; /* it might write the slot */
	}
	return NULL;
}

/* Adds the test that value v (TC_NONE: none to name) differs, or always
 * when always is set, for argument arg (named name) of a collective. */
static int add_test(reader *r, uint32_t v, bool always, unsigned arg, const char *name)
{
	return tc__arg_tests_add(&r->al, &r->tests, v, always, arg, r->mask_arg, name)
		   ? tc__llvm_oom(r)
		   : TC_OK;
}

/* copy_tests' answer when the load is not from the slot (error codes are
 * negative) */
#define NOT_A_COPY 1

/* When load reads an element of slot itself (through GEPs and casts), the
 * tests of the indices that choose it: TC_OK or an error; else
 * NOT_A_COPY. */
static int copy_tests(reader *r, LLVMValueRef slot, LLVMValueRef load, unsigned arg,
		      const char *name)
{
	LLVMValueRef p = LLVMGetOperand(load, 0), chain[16];
	int n = 0;
	while (p != slot) {
		if (n == 16 || !(LLVMIsAGetElementPtrInst(p) || LLVMIsABitCastInst(p) ||
				 LLVMIsAAddrSpaceCastInst(p)))
			return NOT_A_COPY;
		chain[n++] = p;
		p = LLVMGetOperand(p, 0);
	}
	for (int k = 0; k < n; k++) {
		if (!LLVMIsAGetElementPtrInst(chain[k]))
			continue;
		int m = LLVMGetNumOperands(chain[k]);
		for (int j = 1; j < m; j++) {
			uint32_t x =
			    tc__llvm_ptrmap_get(&r->values, LLVMGetOperand(chain[k], (unsigned)j));
			int rc = x != TC_NONE ? add_test(r, x, false, arg, name) : TC_OK;
			if (rc)
				return rc;
		}
	}
	return TC_OK;
}

/*
 * The tests of whether what a thread's own stack slot holds when call reads
 * it may differ between threads (a wait_group_events event list): the value
 * stored just before in the same block; else each value stored into it,
 * and it differs anyway when it is stored in more than one block (a
 * thread-dependent if/else may choose), its address is stored, or a use is
 * not followed. Stores through GEPs and casts of the slot count.
 */
static int slot_tests(reader *r, LLVMValueRef slot, LLVMValueRef call, unsigned arg,
		      const char *name)
{
	LLVMValueRef last = stored_before(slot, call);
	if (last) {
		uint32_t v = tc__llvm_ptrmap_get(&r->values, last);
		return v != TC_NONE ? add_test(r, v, false, arg, name) : TC_OK;
	}
	LLVMValueRef stack[32];
	LLVMBasicBlockRef stored_in = NULL;
	int top = 0, steps = 0;
	stack[top++] = slot;
	while (top > 0) {
		LLVMValueRef p = stack[--top];
		for (LLVMUseRef u = LLVMGetFirstUse(p); u; u = LLVMGetNextUse(u)) {
			LLVMValueRef w = LLVMGetUser(u);
			if (++steps > 256)
				return add_test(r, TC_NONE, true, arg, name);
			if (LLVMIsAStoreInst(w)) {
				if (LLVMGetOperand(w, 1) != p) /* the slot's address is stored */
					return add_test(r, TC_NONE, true, arg, name);
				LLVMValueRef val = LLVMGetOperand(w, 0);
				uint32_t v = tc__llvm_ptrmap_get(&r->values, val);
				/* a copy of one of its own elements adds no value to
				 * what it holds: only where the element is chosen */
				int rc = LLVMIsALoadInst(val) ? copy_tests(r, slot, val, arg, name)
								: NOT_A_COPY;
				if (rc == NOT_A_COPY)
					rc =
					    v != TC_NONE ? add_test(r, v, false, arg, name) : TC_OK;
				if (rc)
					return rc;
				LLVMBasicBlockRef b = LLVMGetInstructionParent(w);
				if (stored_in && b != stored_in)
					return add_test(r, TC_NONE, true, arg, name);
				stored_in = b;
			} else if ((LLVMIsAGetElementPtrInst(w) || LLVMIsABitCastInst(w) ||
				    LLVMIsAAddrSpaceCastInst(w)) &&
				   LLVMGetOperand(w, 0) == p) {
				if (top == (int)(sizeof stack / sizeof *stack))
					return add_test(r, TC_NONE, true, arg, name);
				stack[top++] = w;
			}
		}
	}
	return TC_OK;
}

/* The tests of argument a of call (argument arg, named name): its value; for
 * a pointer into a thread's own stack slot, the same slot in every thread,
 * the indices into it and what it holds when call reads it (slot_tests). */
static int operand_tests(reader *r, LLVMValueRef call, LLVMValueRef a, unsigned arg,
			 const char *name)
{
	for (int steps = 0; steps < 64; steps++) {
		uint32_t id = tc__llvm_ptrmap_get(&r->values, a);
		if (id == TC_NONE)
			return TC_OK;
		if (LLVMIsAAllocaInst(a))
			return slot_tests(r, a, call, arg, name);
		if (LLVMIsAGetElementPtrInst(a)) {
			int n = LLVMGetNumOperands(a);
			for (int j = 1; j < n; j++) {
				uint32_t x =
				    tc__llvm_ptrmap_get(&r->values, LLVMGetOperand(a, (unsigned)j));
				int rc = x != TC_NONE ? add_test(r, x, false, arg, name) : TC_OK;
				if (rc)
					return rc;
			}
		} else if (!LLVMIsABitCastInst(a) && !LLVMIsAAddrSpaceCastInst(a)) {
			return add_test(r, id, false, arg, name);
		}
		a = LLVMGetOperand(a, 0);
	}
	uint32_t id = tc__llvm_ptrmap_get(&r->values, a); /* followed far enough: taken to differ */
	return id != TC_NONE ? add_test(r, id, true, arg, name) : TC_OK;
}

/* The tests of the arguments of a collective that must agree in its group. */
static int arg_tests(reader *r, const found_coll *fc)
{
	const tc_gpu_collective *row = fc->row;
	if (!row || !row->agree)
		return TC_OK;
	unsigned nargs = (unsigned)LLVMGetNumArgOperands(fc->inst);
	for (unsigned i = 0; i < nargs && i < 8; i++) {
		if (!((row->agree >> i) & 1))
			continue;
		char buf[64];
		const char *an = tc__gpu_collective_arg(row, i, buf, sizeof buf);
		const char *name = tc__module_string(r->out, an, strlen(an));
		if (!name)
			return tc__llvm_oom(r);
		r->mask_arg = row->mask == (int)i;
		LLVMValueRef a = LLVMGetOperand(fc->inst, i);
		int rc;
		if (r->mask_arg && LLVMIsAConstantInt(a) && LLVMGetIntTypeWidth(LLVMTypeOf(a)) <= 64)
			rc = tc__arg_tests_add_mask(&r->al, &r->tests, i,
						    (int64_t)(LLVMConstIntGetZExtValue(a) &
							      0xffffffffu),
						    name)
				     ? tc__llvm_oom(r)
				     : TC_OK;
		else
			rc = operand_tests(r, fc->inst, a, i, name);
		if (rc)
			return rc;
	}
	return TC_OK;
}

/* A collective's name: the builtin's as the source spells it, or the
 * called function's (its mangled name's own). */
static const char *collective_name(reader *r, const found_coll *fc)
{
	size_t len;
	const char *callee = tc__llvm_value_name(LLVMGetCalledValue(fc->inst), &len);
	char buf[128];
	tc_gpu_collective plain = {0};
	const char *name =
		!fc->row && through_pointer(fc->inst)
			? TC_GPU_THROUGH_POINTER
			: tc__gpu_collective_name(fc->row ? fc->row : &plain, callee, len, buf,
						  sizeof buf);
	return tc__module_string(r->out, name, strlen(name));
}

/* The collectives of the graph just added, for in, with the tests of their
 * arguments. */
int tc__llvm_make_collectives(reader *r, tc_fn_read *in)
{
	if (r->nfound == 0)
		return TC_OK;
	const tc_alloc *mal = &r->out->al;
	tc_collective *cs = tc__calloc(mal, r->nfound, sizeof *cs);
	int rc = !cs || tc__arg_tests_start(&r->al, &r->tests, (uint32_t)r->nfound)
		     ? tc__llvm_oom(r)
		     : TC_OK;
	for (size_t j = 0; j < r->nfound && !rc; j++) {
		const found_coll *fc = &r->found[j];
		tc_collective *c = &cs[j];
		tc_inlined inl = {NULL, {NULL, 0, 0}};
		*c = tc__gpu_collective_entry(fc->group, !fc->row, fc->row && fc->row->barrier,
					      fc->row && fc->row->mask >= 0, fc->checked,
					      r->last[fc->block] - r->nbar[fc->block] + fc->seg);
		c->indirect = !fc->row && through_pointer(fc->inst);
		tc__arg_tests_next(&r->tests, (uint32_t)j);
		if (!(c->name = collective_name(r, fc)))
			rc = tc__llvm_oom(r);
		else
			rc = tc__llvm_kept_loc(r, fc->inst, &c->loc, &inl);
		c->inlined = inl.function;
		c->inlined_loc = inl.loc;
		if (!rc)
			rc = arg_tests(r, fc);
	}
	if (rc) {
		tc__free(mal, cs);
		return rc;
	}
	tc__fn_read_collectives(in, cs, (uint32_t)r->nfound, &r->tests);
	return TC_OK;
}
