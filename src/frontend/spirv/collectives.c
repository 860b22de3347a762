/*
 * collectives.c - the SPIR-V reader's collectives (docs/spirv.md,
 * "Collectives"): which instructions are barriers and collectives, the
 * functions that execute them through calls, the sub-group's view of a
 * function and the tests of the collectives' arguments.
 */
#include "frontend/spirv/spirv.h"

/* ---- collectives (docs/spirv.md, "Collectives") ------------------------------ */

#define SCOPE "the execution scope"
static const scoll_row coll_rows[] = {
    /* Subgroup execution scope only: a wider one is a barrier node */
    {SpvOpControlBarrier, 0x6, "OpControlBarrier", SCOPE ",the memory scope,the memory semantics"},
    {SpvOpGroupAsyncCopy, 0x3e, "OpGroupAsyncCopy",
     SCOPE ",the destination,the source,the number of elements,the stride,the event"},
    {SpvOpGroupWaitEvents, 0x6, "OpGroupWaitEvents", SCOPE ",the number of events,the events list"},
    {SpvOpGroupAll, 0, "OpGroupAll", SCOPE ",the predicate"},
    {SpvOpGroupAny, 0, "OpGroupAny", SCOPE ",the predicate"},
    {SpvOpGroupBroadcast, 0x4, "OpGroupBroadcast", SCOPE ",the value,the local id"},
    {SpvOpGroupIAdd, 0, "OpGroupIAdd", NULL},
    {SpvOpGroupFAdd, 0, "OpGroupFAdd", NULL},
    {SpvOpGroupFMin, 0, "OpGroupFMin", NULL},
    {SpvOpGroupUMin, 0, "OpGroupUMin", NULL},
    {SpvOpGroupSMin, 0, "OpGroupSMin", NULL},
    {SpvOpGroupFMax, 0, "OpGroupFMax", NULL},
    {SpvOpGroupUMax, 0, "OpGroupUMax", NULL},
    {SpvOpGroupSMax, 0, "OpGroupSMax", NULL},
    /* SPV_KHR_uniform_group_instructions */
    {SpvOpGroupIMulKHR, 0, "OpGroupIMulKHR", NULL},
    {SpvOpGroupFMulKHR, 0, "OpGroupFMulKHR", NULL},
    {SpvOpGroupBitwiseAndKHR, 0, "OpGroupBitwiseAndKHR", NULL},
    {SpvOpGroupBitwiseOrKHR, 0, "OpGroupBitwiseOrKHR", NULL},
    {SpvOpGroupBitwiseXorKHR, 0, "OpGroupBitwiseXorKHR", NULL},
    {SpvOpGroupLogicalAndKHR, 0, "OpGroupLogicalAndKHR", NULL},
    {SpvOpGroupLogicalOrKHR, 0, "OpGroupLogicalOrKHR", NULL},
    {SpvOpGroupLogicalXorKHR, 0, "OpGroupLogicalXorKHR", NULL},
};
#undef SCOPE

/* Operand k of instruction i, counted after its result type and id. */
static uint32_t operand(const reader *r, uint32_t i, uint32_t k)
{
	return tc__spirv_word(r, i, (r->in[i].type ? 3 : 1) + k);
}

/*
 * Whether instruction i is a collective, an operation every invocation of
 * its group must reach together: its row, and its group from its execution
 * scope (a constant; Workgroup: the block, Subgroup: the sub-group). The
 * OpGroupNonUniform instructions are not: they are meant for non-uniform
 * control flow. Nor is an OpControlBarrier of Workgroup scope or wider (a
 * barrier node) or one of a scope that is not known.
 */
const scoll_row *tc__spirv_collective(const reader *r, uint32_t i, uint8_t *group)
{
	uint32_t op = r->in[i].op, scope;
	bool spec;
	const scoll_row *row = NULL;
	if (op != SpvOpControlBarrier && !(op >= SpvOpGroupAsyncCopy && op <= SpvOpGroupSMax) &&
	    !(op >= SpvOpGroupIMulKHR && op <= SpvOpGroupLogicalXorKHR))
		return NULL;
	for (size_t k = 0; k < sizeof coll_rows / sizeof *coll_rows && !row; k++)
		if (coll_rows[k].op == op)
			row = &coll_rows[k];
	if (!row || !tc__spirv_int_constant(r, operand(r, i, 0), &scope, &spec))
		return NULL;
	if (scope == SpvScopeSubgroup)
		*group = TC_GROUP_SUBGROUP;
	else if (scope == SpvScopeWorkgroup && op != SpvOpControlBarrier)
		*group = TC_GROUP_BLOCK;
	else
		return NULL;
	return row;
}

/* Which functions execute a workgroup barrier, and which execute the
 * collectives of each group, directly or through calls. */
int tc__spirv_barrier_functions(reader *r)
{
	uint8_t *has = tc__calloc(&r->al, r->nfn + 1, 1);
	if (!has)
		return tc__spirv_oom(r);
	int rc = TC_OK;
	for (size_t f = 0; f < r->nfn && !rc; f++)
		for (uint32_t i = r->fn[f].i0; i < r->fn[f].i1 && !rc; i++) {
			uint8_t grp;
			if (tc__spirv_collective(r, i, &grp))
				r->fn[f].reach |= (uint8_t)(1u << grp);
			if (r->in[i].op == SpvOpControlBarrier) {
				rc = tc__spirv_constant_scope(r, i);
				has[f] |= tc__spirv_is_barrier(r, i);
			} else if (r->in[i].op == SpvOpFunctionCall) {
				uint32_t t = tc__spirv_word(r, i, 3) < r->bound
						 ? r->fmap[tc__spirv_word(r, i, 3)]
						 : TC_NONE;
				if (t != TC_NONE &&
				    (tc__spirv_push(r, &r->call_from, (uint32_t)f) ||
				     tc__spirv_push(r, &r->call_to, t)))
					rc = r->rc;
			}
		}
	if (!rc && tc__gpu_barrier_closure(&r->al, (uint32_t)r->nfn, r->call_from.v, r->call_to.v,
					   r->call_from.len, has))
		rc = tc__spirv_oom(r);
	for (size_t f = 0; f < r->nfn && !rc; f++)
		r->fn[f].barrier = has[f];
	/* the same closure per group, through has */
	for (unsigned grp = 0; grp < 3 && !rc; grp++) {
		for (size_t f = 0; f < r->nfn; f++)
			has[f] = (r->fn[f].reach >> grp) & 1;
		if (tc__gpu_barrier_closure(&r->al, (uint32_t)r->nfn, r->call_from.v, r->call_to.v,
					    r->call_from.len, has))
			rc = tc__spirv_oom(r);
		for (size_t f = 0; f < r->nfn && !rc; f++)
			r->fn[f].reach |= (uint8_t)(has[f] << grp);
	}
	tc__free(&r->al, has);
	return rc;
}

/* ---- collectives: the sub-group's view, arguments --------------------------- */

/* What entry e of the register form is at sub-group level (analysis/lanes.h):
 * the same in every invocation of a sub-group (SubgroupId; a vote, broadcast,
 * ballot or reduction of Subgroup scope), or nothing known (its operands
 * decide, as at workgroup level). The sub-group's size is not known: no
 * invocation id is the same in a sub-group. */
unsigned tc__spirv_int_width(const reader *r, uint32_t t)
{
	uint32_t d = tc__spirv_def_of(r, t);
	return tc__spirv_opcode_at(r, d) == SpvOpTypeInt ? tc__spirv_word(r, d, 2) : 0;
}

/* The width of an integer or boolean type (a bool: 1), else 0. */
static unsigned value_width(const reader *r, uint32_t t)
{
	return tc__spirv_opcode_at(r, tc__spirv_def_of(r, t)) == SpvOpTypeBool
		       ? 1
		       : tc__spirv_int_width(r, t);
}

/* Integer (or boolean) constant id's value, sign-extended from its width. */
static bool constant_value(const reader *r, uint32_t id, int64_t *k)
{
	uint32_t d = tc__spirv_def_of(r, id);
	uint32_t op = tc__spirv_opcode_at(r, d);
	if (op == SpvOpConstantTrue || op == SpvOpConstantFalse) {
		*k = op == SpvOpConstantTrue ? -1 : 0; /* one bit, sign-extended */
		return true;
	}
	unsigned w =
	    tc__spirv_opcode_at(r, d) == SpvOpConstant ? tc__spirv_int_width(r, r->in[d].type) : 0;
	if (!w || w > 64 || r->in[d].nw < (w > 32 ? 5 : 4))
		return false;
	uint64_t v = tc__spirv_word(r, d, 3);
	if (w > 32)
		v |= (uint64_t)tc__spirv_word(r, d, 4) << 32;
	if (w < 64 && ((v >> (w - 1)) & 1))
		v |= ~UINT64_C(0) << w;
	*k = (int64_t)v;
	return true;
}

/* Operand slot of o: id operand k of instruction i, whose record reads the
 * values among its id operands in order. */
static void arith_slot(const reader *r, uint32_t i, uint32_t k, tc_lane_op *o, int slot)
{
	uint32_t q0 = r->in[i].idop, id = r->ids.v[q0 + k], pos = 0;
	for (uint32_t q = q0; q < q0 + k; q++)
		pos += tc__spirv_value_of(r, r->ids.v[q]) != TC_NONE;
	int64_t c;
	if (tc__spirv_value_of(r, id) != TC_NONE)
		o->a[slot] = pos;
	else if (constant_value(r, id, &c)) {
		o->flags |= slot ? TC_LOP_K1 : TC_LOP_K0;
		o->k[slot] = c;
	} /* else a global, a specialization constant: the same everywhere */
}

/*
 * What record e computes of integers, for the thread terms that cancel
 * (analysis/affine.h): sums, differences, products, left shifts and
 * comparisons, conversions, phis, and the copies into and out of a
 * Function variable that is a register. SPIR-V's NoSignedWrap is not read:
 * no sum is known not to wrap.
 */
static tc_lane_op arith_op(const reader *r, uint32_t e)
{
	static const struct {
		uint16_t spv;
		uint8_t op;
	} table[] = {
	    {SpvOpIAdd, TC_LOP_ADD},
	    {SpvOpISub, TC_LOP_SUB},
	    {SpvOpIMul, TC_LOP_MUL},
	    {SpvOpShiftLeftLogical, TC_LOP_SHL},
	    {SpvOpShiftRightLogical, TC_LOP_LSHR},
	    {SpvOpShiftRightArithmetic, TC_LOP_ASHR},
	    {SpvOpUDiv, TC_LOP_UDIV},
	    {SpvOpSDiv, TC_LOP_SDIV},
	    {SpvOpUMod, TC_LOP_UREM},
	    {SpvOpSRem, TC_LOP_SREM},
	    {SpvOpBitwiseAnd, TC_LOP_AND},
	    {SpvOpBitwiseOr, TC_LOP_OR},
	    {SpvOpBitwiseXor, TC_LOP_XOR},
	    {SpvOpIEqual, TC_LOP_EQ},
	    {SpvOpINotEqual, TC_LOP_NE},
	    {SpvOpSLessThan, TC_LOP_SLT},
	    {SpvOpSLessThanEqual, TC_LOP_SLE},
	    {SpvOpSGreaterThan, TC_LOP_SGT},
	    {SpvOpSGreaterThanEqual, TC_LOP_SGE},
	    {SpvOpULessThan, TC_LOP_ULT},
	    {SpvOpULessThanEqual, TC_LOP_ULE},
	    {SpvOpUGreaterThan, TC_LOP_UGT},
	    {SpvOpUGreaterThanEqual, TC_LOP_UGE},
	};
	tc_lane_op o = {TC_LOP_OTHER, 0, 0, {TC_NONE, TC_NONE}, TC_NONE, {0, 0}};
	uint32_t i = r->rinst.v[e], nops = r->ropoff.v[e + 1] - r->ropoff.v[e];
	const sinst *x = &r->in[i];
	if (r->rkind[e] & TC_UA_SOURCE)
		return o;
	uint32_t first = nops ? r->rop.v[r->ropoff.v[e]] : TC_NONE;
	if (r->rdef.v[e] != TC_NONE) {
		/* a store into the whole variable, or its initializer */
		bool store = x->op == SpvOpStore;
		uint32_t p = store ? tc__spirv_word(r, i, 1) : x->res;
		uint32_t v = store ? tc__spirv_word(r, i, 2) : tc__spirv_word(r, i, 4);
		uint32_t pd = tc__spirv_opcode_at(r, tc__spirv_def_of(r, p)), vd = tc__spirv_def_of(r, v);
		unsigned w = vd != TC_NONE ? value_width(r, r->in[vd].type) : 0;
		if ((!store && x->op != SpvOpVariable) || !w || w > 64 ||
		    (pd != SpvOpVariable && pd != SpvOpFunctionParameter))
			return o;
		o.bits = (uint8_t)w;
		if (nops == 1 && (first & TC_SSA_VALUE)) {
			o.op = TC_LOP_COPY;
			o.flags = TC_LOP_TRUNC;
			o.a[0] = 0;
		} else if (nops == 0 && constant_value(r, v, &o.k[0])) {
			o.op = TC_LOP_COPY;
			o.flags = TC_LOP_K0;
		}
		return o;
	}
	unsigned w = value_width(r, x->type);
	if (x->op == SpvOpFunctionCall && nops == 1 && !(first & TC_SSA_VALUE)) {
		/* an argument's read: what the variable it points to holds
		 * (values.c, call_entries) */
		o = (tc_lane_op){TC_LOP_COPY, 0, 0, {0, TC_NONE}, TC_NONE, {0, 0}};
		return o;
	}
	if (x->op == SpvOpLoad) {
		/* the whole of a variable that is a register */
		uint32_t pd = tc__spirv_opcode_at(r, tc__spirv_def_of(r, tc__spirv_word(r, i, 3)));
		if (nops == 1 && !(first & TC_SSA_VALUE) && w && w <= 64 &&
		    (pd == SpvOpVariable || pd == SpvOpFunctionParameter)) {
			o = (tc_lane_op){TC_LOP_COPY, TC_LOP_TRUNC, (uint8_t)w, {0, TC_NONE}, TC_NONE,
					 {0, 0}};
		}
		return o;
	}
	if (x->op == SpvOpPhi) {
		if (!w || w > 64)
			return o;
		o.op = TC_LOP_PHI;
		o.bits = (uint8_t)w;
		for (uint32_t a = 3; a + 1 < x->nw; a += 2)
			if (tc__spirv_value_of(r, tc__spirv_word(r, i, a)) == TC_NONE)
				o.flags |= TC_LOP_KANY;
		return o;
	}
	uint32_t nid = tc__spirv_idop_end(r, i) - x->idop;
	if ((x->op == SpvOpUConvert || x->op == SpvOpSConvert || x->op == SpvOpBitcast ||
	     x->op == SpvOpCopyObject) &&
	    nid == 1) {
		uint32_t d = tc__spirv_def_of(r, r->ids.v[x->idop]);
		unsigned from = d != TC_NONE ? tc__spirv_int_width(r, r->in[d].type) : 0;
		if (!w || !from || w > 64 || from > 64 || (x->op == SpvOpBitcast && w != from))
			return o;
		o.op = TC_LOP_COPY;
		o.bits = (uint8_t)(w < from ? w : from);
		if (w <= from)
			o.flags |= TC_LOP_TRUNC;
		arith_slot(r, i, 0, &o, 0);
		return o;
	}
	for (size_t t = 0; t < sizeof table / sizeof *table; t++) {
		if (table[t].spv != x->op || nid != 2)
			continue;
		bool cmp = table[t].op >= TC_LOP_EQ;
		uint32_t d = tc__spirv_def_of(r, r->ids.v[x->idop]);
		unsigned ow = cmp ? (d != TC_NONE ? tc__spirv_int_width(r, r->in[d].type) : 0) : w;
		if (!ow || ow > 64 || (!cmp && !w))
			return o;
		o.op = table[t].op;
		o.bits = (uint8_t)(cmp ? 1 : w);
		arith_slot(r, i, 0, &o, 0);
		arith_slot(r, i, 1, &o, 1);
		return o;
	}
	return o;
}

tc_lane_op tc__spirv_lane_op(const reader *r, uint32_t e)
{
	tc_lane_op o = {TC_LOP_OTHER, 0, 0, {TC_NONE, TC_NONE}, TC_NONE, {0, 0}};
	uint32_t i = r->rinst.v[e], scope;
	if (r->rdef.v[e] != TC_NONE) /* a store to a register */
		return arith_op(r, e);
	if (r->in[i].op == SpvOpLoad) {
		uint32_t base = tc__spirv_pointer_base(r, tc__spirv_word(r, i, 3));
		if (base < r->bound && r->built[base] == SpvBuiltInSubgroupId + 1)
			o.op = TC_LOP_WARP;
	} else if (tc__spirv_one_result(r, i, &scope) && scope == SpvScopeSubgroup) {
		o.op = TC_LOP_WARP;
	}
	return o.op == TC_LOP_OTHER ? arith_op(r, e) : o;
}

/* Whether instruction i may write memory through a pointer. */
static bool may_write(uint32_t op)
{
	return op == SpvOpStore || op == SpvOpFunctionCall || op == SpvOpCopyMemory ||
	       op == SpvOpCopyMemorySized || (op >= SpvOpAtomicStore && op <= SpvOpAtomicXor) ||
	       op == SpvOpAtomicFlagTestAndSet || op == SpvOpAtomicFlagClear;
}

/* The value that the last store into variable var (one value, not an
 * array, a structure or a vector) before instruction at, in at's block k,
 * stored, when nothing between may write it; 0 when there is none. */
static uint32_t stored_before(const reader *r, uint32_t var, uint32_t at, uint32_t k)
{
	uint32_t vi = tc__spirv_def_of(r, var);
	uint32_t pt = vi != TC_NONE ? tc__spirv_def_of(r, r->in[vi].type) : TC_NONE;
	uint32_t t = tc__spirv_opcode_at(r, tc__spirv_def_of(r, tc__spirv_word(r, pt, 3)));
	if (tc__spirv_opcode_at(r, pt) != SpvOpTypePointer || t == SpvOpTypeArray ||
	    t == SpvOpTypeRuntimeArray || t == SpvOpTypeStruct || t == SpvOpTypeVector)
		return 0;
	for (uint32_t i = at; i-- > r->blk[k].i0;) {
		if (r->in[i].op == SpvOpStore && tc__spirv_word(r, i, 1) == var)
			return tc__spirv_word(r, i, 2);
		if (may_write(r->in[i].op))
			return 0;
	}
	return 0;
}

/* Adds the test that value v (TC_NONE: none to name) differs, or always
 * when always is set, for argument arg (named name) of a collective. */
static int add_test(reader *r, uint32_t v, bool always, unsigned arg, const char *name)
{
	return tc__arg_tests_add(&r->al, &r->tests, v, always, arg, false, name) ? tc__spirv_oom(r)
										 : TC_OK;
}

/* The tests of the indices of the access chains from pointer p back to the
 * first of ptr[0 .. np) (the variable itself). */
static int index_tests(reader *r, uint32_t p, const uint32_t *ptr, uint32_t np, unsigned arg,
		       const char *name)
{
	for (int steps = 0; steps < 32 && p != ptr[0]; steps++) {
		uint32_t d = tc__spirv_def_of(r, p), op = tc__spirv_opcode_at(r, d);
		bool known = false;
		for (uint32_t q = 0; q < np; q++)
			known |= p == ptr[q];
		if (!known || !tc__spirv_pointer_derivation(op))
			return add_test(r, TC_NONE, true, arg, name);
		if (op >= SpvOpAccessChain && op <= SpvOpInBoundsPtrAccessChain)
			for (uint32_t k = 4; k < r->in[d].nw; k++) {
				uint32_t x = tc__spirv_value_of(r, tc__spirv_word(r, d, k));
				if (x != TC_NONE && add_test(r, x, false, arg, name))
					return r->rc;
			}
		p = tc__spirv_word(r, d, 3);
	}
	return p == ptr[0] ? TC_OK : add_test(r, TC_NONE, true, arg, name);
}

/*
 * The tests of whether what Function variable var holds when collective fc
 * reads it may differ between invocations (OpGroupWaitEvents' events
 * list): the value stored just before in the same block; else each store
 * of a value into it, and it differs anyway when it is stored in more than
 * one block (a branch that depends on the invocation may choose) or its
 * address is stored. Stores through access chains and casts of it count.
 */
static int slot_tests(reader *r, uint32_t var, const scoll *fc, unsigned arg, const char *name)
{
	uint32_t last = stored_before(r, var, fc->inst, fc->block);
	if (last) {
		uint32_t v = tc__spirv_value_of(r, last);
		return v != TC_NONE ? add_test(r, v, false, arg, name) : TC_OK;
	}
	uint32_t ptr[32], np = 0, stored_in = TC_NONE;
	ptr[np++] = var;
	for (uint32_t k = 0; k < r->nblk; k++)
		for (uint32_t i = r->blk[k].i0; i < r->blk[k].i1; i++) {
			uint32_t op = r->in[i].op, base = tc__spirv_word(r, i, 3);
			bool from = false, to = false, val = false;
			for (uint32_t q = 0; q < np; q++) {
				from |= base == ptr[q];
				to |= tc__spirv_word(r, i, 1) == ptr[q];
				val |= tc__spirv_word(r, i, 2) == ptr[q];
			}
			if (op == SpvOpStore && val)
				return add_test(r, TC_NONE, true, arg, name); /* it escapes */
			if (op == SpvOpStore && to) {
				/* a copy of one of its own elements adds no value to
				 * what it holds: only where the element is chosen */
				uint32_t ld = tc__spirv_def_of(r, tc__spirv_word(r, i, 2));
				bool copy = false;
				for (uint32_t q = 0;
				     q < np && tc__spirv_opcode_at(r, ld) == SpvOpLoad; q++)
					copy |= tc__spirv_word(r, ld, 3) == ptr[q];
				uint32_t v = tc__spirv_value_of(r, tc__spirv_word(r, i, 2));
				if (copy ? index_tests(r, tc__spirv_word(r, ld, 3), ptr, np, arg,
						       name)
					 : v != TC_NONE && add_test(r, v, false, arg, name))
					return r->rc;
				if (stored_in != TC_NONE && stored_in != k)
					return add_test(r, TC_NONE, true, arg, name);
				stored_in = k;
			} else if (tc__spirv_pointer_derivation(op) && from && r->in[i].res) {
				if (np == sizeof ptr / sizeof *ptr)
					return add_test(r, TC_NONE, true, arg, name);
				ptr[np++] = r->in[i].res;
			}
		}
	return TC_OK;
}

/* The tests of operand id of collective fc (argument arg, named name): its
 * value; for a pointer to a Function variable, the same variable in every
 * invocation, the indices of the access chains to it and what it holds
 * when fc reads it (slot_tests). */
static int operand_tests(reader *r, const scoll *fc, uint32_t id, unsigned arg,
			 const char *name)
{
	for (int steps = 0; steps < 64; steps++) {
		uint32_t v = tc__spirv_value_of(r, id), d = tc__spirv_def_of(r, id),
			 op = tc__spirv_opcode_at(r, d);
		if (v == TC_NONE)
			return TC_OK;
		if (op == SpvOpVariable)
			return slot_tests(r, id, fc, arg, name);
		if (op >= SpvOpAccessChain && op <= SpvOpInBoundsPtrAccessChain) {
			for (uint32_t k = 4; k < r->in[d].nw; k++) {
				uint32_t x = tc__spirv_value_of(r, tc__spirv_word(r, d, k));
				if (x != TC_NONE && add_test(r, x, false, arg, name))
					return r->rc;
			}
		} else if (!tc__spirv_pointer_derivation(op)) {
			return add_test(r, v, false, arg, name);
		}
		id = tc__spirv_word(r, d, 3);
	}
	uint32_t v = tc__spirv_value_of(r, id);
	return v != TC_NONE ? add_test(r, v, false, arg, name) : TC_OK;
}

/* The tests of the operands of a collective that must agree in its group. */
static int arg_tests(reader *r, const scoll *fc)
{
	const scoll_row *row = fc->row;
	if (!row || !row->agree)
		return TC_OK;
	for (unsigned k = 0; k < 8; k++) {
		if (!((row->agree >> k) & 1))
			continue;
		char buf[64];
		const tc_gpu_collective names = {.args = row->args};
		const char *an = tc__gpu_collective_arg(&names, k, buf, sizeof buf);
		const char *name = tc__module_string(r->out, an, strlen(an));
		if (!name)
			return tc__spirv_oom(r);
		if (operand_tests(r, fc, operand(r, fc->inst, k), k, name))
			return r->rc;
	}
	return TC_OK;
}

/* A collective's name: the instruction's, or the called function's. */
static const char *collective_name(reader *r, const scoll *fc)
{
	if (fc->row)
		return fc->row->name;
	uint32_t t = r->fmap[tc__spirv_word(r, fc->inst, 3)];
	const sfunc *g = &r->fn[t];
	if (g->name && g->nlen)
		return tc__module_string(r->out, g->name, g->nlen);
	int n = snprintf(r->bname, sizeof r->bname, "%%%u", g->id);
	return tc__module_string(r->out, r->bname, (size_t)n);
}

/* The collectives of the graph just added (block k's branch ends node
 * last[k], after its nbar[k] barriers), for in, with the tests of their
 * arguments. */
int tc__spirv_make_collectives(reader *r, const uint32_t *last, const uint32_t *nbar,
			       tc_fn_read *in)
{
	if (r->nfound == 0)
		return TC_OK;
	const tc_alloc *mal = &r->out->al;
	tc_collective *cs = tc__calloc(mal, r->nfound, sizeof *cs);
	int rc = !cs || tc__arg_tests_start(&r->al, &r->tests, (uint32_t)r->nfound)
		     ? tc__spirv_oom(r)
		     : TC_OK;
	for (size_t j = 0; j < r->nfound && !rc; j++) {
		const scoll *fc = &r->found[j];
		tc_collective *c = &cs[j];
		*c = tc__gpu_collective_entry(fc->group, !fc->row, false, false, true,
					      last[fc->block] - nbar[fc->block] + fc->seg);
		tc_inlined inl = {NULL, {NULL, 0, 0}};
		c->loc = tc__spirv_inst_loc_inl(r, fc->inst, &inl);
		c->inlined = inl.function;
		c->inlined_loc = inl.loc;
		tc__arg_tests_next(&r->tests, (uint32_t)j);
		if (!(c->name = collective_name(r, fc)))
			rc = tc__spirv_oom(r);
		else if (!(rc = r->rc))
			rc = arg_tests(r, fc);
	}
	if (rc) {
		tc__free(mal, cs);
		return rc;
	}
	tc__fn_read_collectives(in, cs, (uint32_t)r->nfound, &r->tests);
	return TC_OK;
}
