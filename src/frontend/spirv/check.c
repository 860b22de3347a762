/*
 * check.c - what the SPIR-V reader relies on, checked in time linear in the
 * module (docs/spirv.md, "Validation").
 */
#include "frontend/spirv/spirv.h"

/* ---- what the reader relies on (docs/spirv.md, "Validation") -------------- */

/*
 * Unless the caller trusts the module (TC_READ_SPIRV_NO_VALIDATE), the
 * reader checks what its graphs and values rest on, in time linear in the
 * module (the dominators: O(m log n)), and rejects a module that breaks it
 * with the position of the instruction: every id below the bound, defined
 * once, and defined where it is used; functions made of blocks, each ended
 * by one terminator, whose branches go to blocks of the same function and
 * never to its first; phis at the start of their block naming its
 * predecessors; every use in a reachable block dominated by its definition;
 * calls of functions with as many arguments as parameters; and pointers
 * whose type names the storage class of the memory they point into (a load
 * is judged by it). The rules of block order and structured control flow
 * that producers break (LLVM's SPIR-V translator keeps LLVM's block order
 * and writes several merge instructions in one block), and OpSelect's
 * types, say nothing the analysis reads: it builds its own dominators,
 * reads no merge instruction and takes a selection for a function of its
 * operands. A module that breaks them is read as it is, with one warning
 * naming the rules.
 * SPIRV-Tools' validator, which checks everything in time that grows faster
 * than a function's blocks, runs when asked (TC_READ_SPIRV_VALIDATE).
 */

/* "%ID" and its OpName, for messages. */
static const char *id_text(const reader *r, uint32_t id, char *buf, size_t n)
{
	uint32_t ni = id < r->bound ? r->name[id] : TC_NONE;
	size_t len = 0;
	const char *s = ni != TC_NONE ? tc__spirv_str_at(r, ni, 2, &len) : "";
	if (len)
		snprintf(buf, n, "%%%u (%.*s)", id, (int)(len < 60 ? len : 60), s);
	else
		snprintf(buf, n, "%%%u", id);
	return buf;
}

/* The name of function f, for messages. */
static void fn_text(const reader *r, const sfunc *f, char *buf, size_t n)
{
	if (f->name && f->nlen)
		snprintf(buf, n, "'%.*s'", (int)(f->nlen < 60 ? f->nlen : 60), f->name);
	else
		snprintf(buf, n, "%%%u", f->id);
}

static bool debug_inst(const reader *r, uint32_t i)
{
	return r->in[i].op == SpvOpExtInst && tc__spirv_word(r, i, 3) < r->bound &&
	       r->ext[tc__spirv_word(r, i, 3)] >= EXT_DEBUG;
}

/* Instructions that may stand anywhere: lines, debug information. */
static bool anywhere(const reader *r, uint32_t i)
{
	uint32_t op = r->in[i].op;
	return op == SpvOpLine || op == SpvOpNoLine || op == SpvOpNop || debug_inst(r, i);
}

/* Whether instruction i, with a result type, may stand outside functions: a
 * constant, a variable, an undefined value, debug information, a function
 * pointer or inline assembly declared. Anything else there would be taken
 * for a constant by the functions that use it. */
static bool global_value(const reader *r, uint32_t i)
{
	switch (r->in[i].op) {
	case SpvOpUndef:
	case SpvOpVariable:
	case SpvOpConstantPipeStorage:
	case SpvOpConstantFunctionPointerINTEL:
	case SpvOpAsmTargetINTEL:
	case SpvOpAsmINTEL:
		return true;
	case SpvOpExtInst:
		return debug_inst(r, i);
	default:
		return r->in[i].op >= SpvOpConstantTrue && r->in[i].op <= SpvOpSpecConstantOp;
	}
}

static void relax(checker *c, unsigned rule, const char *fmt, ...)
{
	if (c->relaxed[rule][0])
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(c->relaxed[rule], sizeof c->relaxed[rule], fmt, ap);
	va_end(ap);
}

/*
 * The layout: functions from OpFunction to OpFunctionEnd, their parameters
 * first, then blocks, each an OpLabel, instructions and one terminator
 * (lines and debug information anywhere); no label, parameter or computed
 * value outside functions; ids below the bound and defined once; calls of
 * functions with as many arguments as they have parameters.
 */
static int check_layout(checker *c)
{
	reader *r = c->r;
	enum { OUTSIDE, PARAMS, BLOCK, AFTER } st = OUTSIDE;
	uint32_t label = 0, cur = TC_NONE;
	char a[100];
	for (uint32_t i = 0; i < r->nin; i++) {
		const sinst *x = &r->in[i];
		if (x->res >= r->bound || x->type >= r->bound)
			return tc__spirv_err_at(r, i,
				      "invalid module: id %%%u is not below the module's bound %u",
				      x->res >= r->bound ? x->res : x->type, r->bound);
		if (x->res && r->def[x->res] != i)
			return tc__spirv_err_at(r, r->def[x->res],
						"invalid module: %s is defined twice",
						id_text(r, x->res, a, sizeof a));
		if (x->op == SpvOpFunction) {
			if (st != OUTSIDE)
				return tc__spirv_err_at(
				    r, i, "invalid module: OpFunction inside a function");
			st = PARAMS;
			cur = r->fmap[x->res];
			if (cur == TC_NONE)
				return tc__spirv_err_at(r, i,
							"invalid module: OpFunction without an id");
			c->nparam[cur] = 0;
			c->pfirst[cur] = (uint32_t)c->params.len;
			continue;
		}
		if (x->op == SpvOpFunctionEnd) {
			if (st == OUTSIDE)
				return tc__spirv_err_at(r, i,
							"invalid module: OpFunctionEnd outside a "
							"function");
			if (st == BLOCK)
				return tc__spirv_err_at(r, label,
					      "invalid module: block %s has no terminator",
					      id_text(r, r->in[label].res, a, sizeof a));
			st = OUTSIDE;
			continue;
		}
		if (anywhere(r, i))
			continue;
		if (x->res && st != OUTSIDE && x->op != SpvOpLabel)
			c->in_fn[x->res] = 1;
		switch (st) {
		case OUTSIDE:
			if (x->op == SpvOpLabel || x->op == SpvOpFunctionParameter)
				return tc__spirv_err_at(
				    r, i, "invalid module: %s outside a function",
				    x->op == SpvOpLabel ? "OpLabel" : "OpFunctionParameter");
			if (x->type && !global_value(r, i))
				return tc__spirv_err_at(
				    r, i,
				    "invalid module: a value computed outside a "
				    "function (only constants, variables and "
				    "OpUndef may be)");
			break;
		case PARAMS:
			if (x->op == SpvOpFunctionParameter) {
				c->nparam[cur]++;
				if (tc__spirv_push(r, &c->params, i))
					return r->rc;
				break;
			}
			if (x->op != SpvOpLabel)
				return tc__spirv_err_at(r, i,
							"invalid module: an instruction before the "
							"function's first block");
			st = BLOCK;
			label = i;
			break;
		case BLOCK:
			if (x->op == SpvOpLabel)
				return tc__spirv_err_at(r, label,
					      "invalid module: block %s has no terminator",
					      id_text(r, r->in[label].res, a, sizeof a));
			if (x->op == SpvOpFunctionParameter)
				return tc__spirv_err_at(r, i,
					      "invalid module: OpFunctionParameter in a block");
			if (tc__spirv_terminator(x->op))
				st = AFTER;
			break;
		case AFTER:
			if (x->op != SpvOpLabel)
				return tc__spirv_err_at(r, i,
							"invalid module: an instruction after the "
							"terminator of block %s",
							id_text(r, r->in[label].res, a, sizeof a));
			st = BLOCK;
			label = i;
			break;
		}
	}
	if (st != OUTSIDE)
		return tc__spirv_err_at(r, r->nin - 1,
					"invalid module: a function without OpFunctionEnd");
	return TC_OK;
}

/* Every id an instruction names is defined (debug information aside: the
 * reader takes lines from it and nothing that could make a graph wrong). */
static int check_defined(checker *c)
{
	reader *r = c->r;
	char a[100];
	for (uint32_t i = 0; i < r->nin; i++) {
		if (debug_inst(r, i))
			continue;
		if (r->in[i].type && r->def[r->in[i].type] == TC_NONE)
			return tc__spirv_err_at(r, i, "invalid module: %s has not been defined",
				      id_text(r, r->in[i].type, a, sizeof a));
		for (uint32_t k = r->in[i].idop; k < tc__spirv_idop_end(r, i); k++) {
			uint32_t id = r->ids.v[k];
			if (id >= r->bound)
				return tc__spirv_err_at(r, i,
					      "invalid module: id %%%u is not below the module's "
					      "bound %u",
					      id, r->bound);
			if (r->def[id] == TC_NONE)
				return tc__spirv_err_at(r, i,
							"invalid module: %s has not been defined",
							id_text(r, id, a, sizeof a));
		}
	}
	return TC_OK;
}

/* The type of id, TC_NONE. */
static uint32_t type_of(const reader *r, uint32_t id)
{
	uint32_t d = tc__spirv_def_of(r, id);
	return d != TC_NONE && r->in[d].type ? r->in[d].type : TC_NONE;
}

/* The storage class of id's type, TC_NONE when it is no pointer. */
static uint32_t class_of(const reader *r, uint32_t id)
{
	uint32_t t = type_of(r, id);
	return t == TC_NONE ? TC_NONE : tc__spirv_pointer_class(r, t);
}

/* Type t's member k (a structure's member, an array's, a vector's or a
 * matrix's element), TC_NONE. */
static uint32_t member_type(const reader *r, uint32_t t, uint32_t k)
{
	uint32_t d = tc__spirv_def_of(r, t);
	switch (tc__spirv_opcode_at(r, d)) {
	case SpvOpTypeStruct:
		return k + 2 < r->in[d].nw ? tc__spirv_word(r, d, k + 2) : TC_NONE;
	case SpvOpTypeArray:
	case SpvOpTypeRuntimeArray:
	case SpvOpTypeVector:
	case SpvOpTypeMatrix:
		return tc__spirv_word(r, d, 2);
	default:
		return TC_NONE;
	}
}

/* A pointer's storage class, or TC_NONE, as type t says. */
static uint32_t type_class(const reader *r, uint32_t t)
{
	return t == TC_NONE ? TC_NONE : tc__spirv_pointer_class(r, t);
}

/* "a pointer to Workgroup memory", or "no pointer" (sc TC_NONE). */
static const char *class_text(uint32_t sc, char *buf, size_t n)
{
	static const char *const names[] = {"UniformConstant", "Input",	  "Uniform",
					     "Output",	       "Workgroup",	  "CrossWorkgroup",
					     "Private",	       "Function",	  "Generic",
					     "PushConstant",   "AtomicCounter", "Image",
					     "StorageBuffer"};
	if (sc == TC_NONE)
		return "no pointer";
	if (sc < sizeof names / sizeof *names)
		snprintf(buf, n, "a pointer to %s memory", names[sc]);
	else
		snprintf(buf, n, "a pointer of storage class %u", sc);
	return buf;
}

/* An error when storage classes want (what the instruction needs) and got
 * (what it is given: what) differ; TC_NONE: no pointer. */
static int same_class(checker *c, uint32_t i, uint32_t want, uint32_t got, const char *what)
{
	if (want == got)
		return TC_OK;
	char a[64], b[64];
	return tc__spirv_err_at(c->r, i,
		      "invalid module: %s is %s where %s is wanted (the storage class that a "
		      "pointer's type names must be that of the memory it points into)",
		      what, class_text(got, a, sizeof a), class_text(want, b, sizeof b));
}

/* The pointee type of id's pointer type, TC_NONE. */
static uint32_t pointee(const reader *r, uint32_t id)
{
	uint32_t t = tc__spirv_def_of(r, type_of(r, id));
	return tc__spirv_opcode_at(r, t) == SpvOpTypePointer ? tc__spirv_word(r, t, 3) : TC_NONE;
}

/*
 * Pointers: the storage class that a pointer's type names is the class of
 * the memory it points into, from the variable (or parameter, or cast) it
 * comes from, through access chains, copies, phis, selections, calls,
 * returns, memory and composites. A load is judged by it (docs/spirv.md,
 * "Uniformity").
 */
static int check_pointers(checker *c, uint32_t i, const sfunc *f)
{
	reader *r = c->r;
	const sinst *x = &r->in[i];
	uint32_t res = type_class(r, x->type), base = class_of(r, tc__spirv_word(r, i, 3)), t, k;
	switch (x->op) {
	case SpvOpVariable:
		return same_class(c, i, tc__spirv_word(r, i, 3), res, "the variable's type");
	case SpvOpAccessChain:
	case SpvOpInBoundsAccessChain:
	case SpvOpPtrAccessChain:
	case SpvOpInBoundsPtrAccessChain:
	case SpvOpCopyObject:
		return same_class(c, i, res, base, "the operand");
	case SpvOpBitcast: /* from an integer, what its type says */
		return base == TC_NONE ? TC_OK : same_class(c, i, res, base, "the operand");
	case SpvOpPtrCastToGeneric:
		if (base == TC_NONE || base == SpvStorageClassGeneric)
			return same_class(c, i, SpvStorageClassWorkgroup, base, "the operand");
		return same_class(c, i, SpvStorageClassGeneric, res, "the result");
	case SpvOpGenericCastToPtrExplicit:
		if (same_class(c, i, tc__spirv_word(r, i, 4), res, "the result"))
			return r->rc;
		/* fall through */
	case SpvOpGenericCastToPtr:
		if (res == TC_NONE || res == SpvStorageClassGeneric)
			return same_class(c, i, SpvStorageClassWorkgroup, res, "the result");
		return same_class(c, i, SpvStorageClassGeneric, base, "the operand");
	case SpvOpPhi:
		for (k = 3; k + 1 < x->nw; k += 2)
			if (same_class(c, i, res, class_of(r, tc__spirv_word(r, i, k)),
				       "an incoming value"))
				return r->rc;
		return TC_OK;
	case SpvOpSelect:
		for (k = 4; k < 6; k++)
			if (same_class(c, i, res, class_of(r, tc__spirv_word(r, i, k)),
				       "an operand"))
				return r->rc;
		return TC_OK;
	case SpvOpFunctionCall:
		t = tc__spirv_callee_of(r, i);
		if (same_class(c, i, type_class(r, r->in[r->fn[t].i0].type), res, "the result"))
			return r->rc;
		for (k = 0; k + 4 < x->nw; k++)
			if (same_class(c, i, class_of(r, r->in[c->params.v[c->pfirst[t] + k]].res),
				       class_of(r, tc__spirv_word(r, i, 4 + k)), "an argument"))
				return r->rc;
		return TC_OK;
	case SpvOpReturnValue:
		return same_class(c, i, type_class(r, r->in[f->i0].type),
				  class_of(r, tc__spirv_word(r, i, 1)), "the value returned");
	case SpvOpLoad:
		return same_class(c, i, type_class(r, pointee(r, tc__spirv_word(r, i, 3))), res,
				  "the value loaded");
	case SpvOpStore:
		return same_class(c, i, type_class(r, pointee(r, tc__spirv_word(r, i, 1))),
				  class_of(r, tc__spirv_word(r, i, 2)), "the value stored");
	case SpvOpCopyMemory:
	case SpvOpCopyMemorySized:
		return same_class(c, i, type_class(r, pointee(r, tc__spirv_word(r, i, 1))),
				  type_class(r, pointee(r, tc__spirv_word(r, i, 2))),
				  "what is copied");
	case SpvOpCompositeConstruct:
		for (k = 3; k < x->nw; k++)
			if (same_class(c, i, type_class(r, member_type(r, x->type, k - 3)),
				       class_of(r, tc__spirv_word(r, i, k)), "a constituent"))
				return r->rc;
		return TC_OK;
	case SpvOpCompositeExtract:
	case SpvOpCompositeInsert:
		/* the member of the composite's type that the indices name */
		t = x->op == SpvOpCompositeInsert ? x->type : type_of(r, tc__spirv_word(r, i, 3));
		for (k = x->op == SpvOpCompositeExtract ? 4 : 5; k < x->nw && t != TC_NONE; k++)
			t = member_type(r, t, tc__spirv_word(r, i, k));
		if (x->op == SpvOpCompositeExtract)
			return same_class(c, i, type_class(r, t), res, "the result");
		return same_class(c, i, type_class(r, t), base, "the object");
	case SpvOpVectorExtractDynamic:
		t = member_type(r, type_of(r, tc__spirv_word(r, i, 3)), 0);
		return same_class(c, i, res, type_class(r, t), "the component");
	case SpvOpVectorInsertDynamic:
		return same_class(c, i, type_class(r, member_type(r, x->type, 0)),
				  class_of(r, tc__spirv_word(r, i, 4)), "the component");
	case SpvOpVectorShuffle:
		for (k = 3; k < 5; k++)
			if (same_class(
				c, i, type_class(r, member_type(r, x->type, 0)),
				type_class(r,
					   member_type(r, type_of(r, tc__spirv_word(r, i, k)), 0)),
				"a component"))
				return r->rc;
		return TC_OK;
	default:
		return TC_OK;
	}
}

/* The types OpSelect selects: scalars, vectors and pointers, and from
 * SPIR-V 1.4 on composites. LLVM's SPIR-V translator selects events too;
 * the reader takes a selection for a function of its operands, whatever
 * they are. Only recorded. */
static void check_select(checker *c, uint32_t i, const sfunc *f)
{
	reader *r = c->r;
	uint32_t t = tc__spirv_opcode_at(r, tc__spirv_def_of(r, r->in[i].type));
	bool v14 = ((r->version >> 8) & 0xff) >= 4 || (r->version >> 16) > 1;
	if (t == SpvOpTypeBool || t == SpvOpTypeInt || t == SpvOpTypeFloat ||
	    t == SpvOpTypeVector || t == SpvOpTypePointer ||
	    (v14 && (t == SpvOpTypeStruct || t == SpvOpTypeArray || t == SpvOpTypeMatrix)))
		return;
	char a[100], b[100];
	fn_text(r, f, b, sizeof b);
	relax(c, RELAX_SELECT,
	      "OpSelect selects scalars, vectors%s (%s in function %s does not)",
	      v14 ? ", pointers or composites" : " or pointers",
	      id_text(r, r->in[i].res, a, sizeof a), b);
}

/* Adds the successors of block k (ending in terminator t; targets are
 * labels, their blocks in bidx) to the arcs; an error for a target that is
 * no block of the function, or its first. */
static int check_targets(checker *c, uint32_t k, uint32_t t, tc_u32vec *from, tc_u32vec *to)
{
	reader *r = c->r;
	char a[100];
	uint32_t ts[2] = {TC_NONE, TC_NONE}, n = 0, op = r->in[t].op;
	uint32_t lw = 1, k2 = 0, nt;
	if (op == SpvOpBranch)
		ts[n++] = tc__spirv_word(r, t, 1);
	else if (op == SpvOpBranchConditional)
		ts[n++] = tc__spirv_word(r, t, 2), ts[n++] = tc__spirv_word(r, t, 3);
	else if (op != SpvOpSwitch)
		return TC_OK;
	if (op == SpvOpSwitch) {
		uint32_t sel = tc__spirv_def_of(r, tc__spirv_word(r, t, 1));
		uint32_t ty = sel != TC_NONE ? tc__spirv_def_of(r, r->in[sel].type) : TC_NONE;
		lw = tc__spirv_word(r, ty, 2) > 32 ? 2 : 1;
	}
	/* the targets: ts[], or the switch's default and its (literal, label)
	 * pairs */
	nt = op == SpvOpSwitch ? 1 + (r->in[t].nw - 3) / (lw + 1) : n;
	for (uint32_t j = 0; j < nt; j++) {
		uint32_t l = op != SpvOpSwitch ? ts[j] : j == 0 ? tc__spirv_word(r, t, 2)
								: tc__spirv_word(r, t, 3 + lw + k2);
		if (op == SpvOpSwitch && j > 0)
			k2 += lw + 1;
		uint32_t bk = l < r->bound ? r->bidx[l] : TC_NONE;
		if (bk == TC_NONE)
			return tc__spirv_err_at(r, t,
				      "invalid module: the target %s is no block of the function",
				      id_text(r, l, a, sizeof a));
		if (bk == 0)
			return tc__spirv_err_at(r, t,
				      "invalid module: a branch to the function's first block, "
				      "where it starts");
		if (tc__u32vec_push(&r->al, from, k) || tc__u32vec_push(&r->al, to, bk))
			return tc__spirv_oom(r);
	}
	return TC_OK;
}

/* The merge instruction before terminator t of block k, if any: where it
 * stands, and whether its targets are blocks merged by one header. Only
 * recorded: the analysis reads no merge instruction. */
static void check_merge(checker *c, const sfunc *f, uint32_t k, uint32_t label, uint32_t t)
{
	reader *r = c->r;
	char a[100], b[100], h[100];
	uint32_t n = 0;
	for (uint32_t i = label + 1; i < t; i++) {
		uint32_t op = r->in[i].op;
		if (op != SpvOpLoopMerge && op != SpvOpSelectionMerge)
			continue;
		fn_text(r, f, b, sizeof b);
		id_text(r, r->in[label].res, h, sizeof h);
		if (++n == 2)
			relax(c, RELAX_MERGE_MANY,
			      "a block has at most one merge instruction (%s of function %s has "
			      "more)",
			      h, b);
		const char *name = op == SpvOpLoopMerge ? "OpLoopMerge" : "OpSelectionMerge";
		if (i + 1 != t || (op == SpvOpLoopMerge && r->in[t].op == SpvOpSwitch) ||
		    (op == SpvOpSelectionMerge && r->in[t].op == SpvOpBranch))
			relax(c, RELAX_MERGE_PLACE,
			      "a merge instruction comes just before its block's branch (%s in %s "
			      "of function %s)",
			      name, h, b);
		for (uint32_t w = 1; w < (op == SpvOpLoopMerge ? 3u : 2u); w++) {
			uint32_t l = tc__spirv_word(r, i, w);
			uint32_t bk = l < r->bound ? r->bidx[l] : TC_NONE;
			if (bk == TC_NONE) {
				relax(c, RELAX_MERGE_TARGET,
				      "merge and continue targets are blocks of the function (%s "
				      "in %s of %s in function %s)",
				      id_text(r, l, a, sizeof a), name, h, b);
				continue;
			}
			if (w != 1)
				continue;
			if (c->mark[bk] != TC_NONE && c->mark[bk] != k) {
				char o[100];
				relax(c, RELAX_MERGE_TWICE,
				      "a block is the merge block of one header (%s is that of %s "
				      "and of %s in function %s)",
				      id_text(r, l, a, sizeof a),
				      id_text(r, r->in[r->blk[c->mark[bk]].label].res, o, sizeof o),
				      h, b);
			}
			c->mark[bk] = k;
		}
	}
}

/* Whether use u (block ub, instruction ui; a phi's operand: at the end of
 * its incoming block ub, ui TC_NONE) of id is dominated by its definition,
 * when id is defined in function f; an error when not, or when id is
 * defined in another function. Uses in blocks the entry does not reach are
 * not checked (nothing flows from them). */
static int check_use(checker *c, const sfunc *f, const tc_domtree *dt, uint32_t i, uint32_t id,
		     uint32_t ub, uint32_t ui)
{
	reader *r = c->r;
	uint32_t d = r->def[id];
	char a[100], b[100], u[100];
	if (!c->in_fn[id] || r->in[d].op == SpvOpLabel)
		return TC_OK; /* global; labels are checked as targets */
	if (d <= f->i0 || d >= f->i1)
		return tc__spirv_err_at(r, i, "invalid module: %s is defined in another function",
			      id_text(r, id, a, sizeof a));
	uint32_t db = r->val[id];
	if (db == MANY || dt->pre[ub] == TC_NONE)
		return TC_OK; /* a parameter, or an unreachable use */
	if (db == ub ? ui == TC_NONE || d < ui : tc__dominates(dt, db, ub))
		return TC_OK;
	return tc__spirv_err_at(r, i,
		      "invalid module: %s is used where its definition does not dominate the use "
		      "(defined in block %s, used in block %s)",
		      id_text(r, id, a, sizeof a),
		      id_text(r, r->in[r->blk[db].label].res, b, sizeof b),
		      id_text(r, r->in[r->blk[ub].label].res, u, sizeof u));
}

/* Function f's blocks, branches, dominators, phis and uses. */
static int check_function(checker *c, const sfunc *f, tc_u32vec *from, tc_u32vec *to)
{
	reader *r = c->r;
	char a[100];
	uint32_t nb = 0;
	int rc = TC_OK;
	for (uint32_t i = f->i0 + 1; i < f->i1; i++) {
		const sinst *x = &r->in[i];
		if (x->op == SpvOpLabel) {
			if (tc__grow(&r->al, &r->blk, &r->blkcap, (size_t)nb + 1, sizeof *r->blk))
				return tc__spirv_oom(r);
			r->blk[nb] = (sblock){i, i + 1, f->i1, 0, 0, 0, 0};
			if (nb)
				r->blk[nb - 1].i1 = i;
			r->bidx[x->res] = nb++;
		} else if (x->res && !anywhere(r, i)) {
			r->val[x->res] = nb ? nb - 1 : MANY; /* MANY: a parameter */
		}
	}
	tc__arena_reset(&c->ar);
	c->mark = TC_ARENA_ARRAY(&c->ar, uint32_t, (size_t)nb + 1);
	uint32_t *idom = TC_ARENA_ARRAY(&c->ar, uint32_t, (size_t)nb + 1);
	if (!c->mark || !idom)
		rc = tc__spirv_oom(r);
	from->len = to->len = 0;
	for (uint32_t k = 0; k < nb && !rc; k++) {
		c->mark[k] = TC_NONE;
		uint32_t t = r->blk[k].i1;
		while (t > r->blk[k].i0 && !tc__spirv_terminator(r->in[t - 1].op))
			t--; /* past the lines after it */
		if (t > r->blk[k].i0)
			rc = check_targets(c, k, t - 1, from, to);
	}
	for (uint32_t k = 0; k < nb && !rc; k++) {
		uint32_t t = r->blk[k].i1;
		while (t > r->blk[k].i0 && !tc__spirv_terminator(r->in[t - 1].op))
			t--;
		check_merge(c, f, k, r->blk[k].label, t - 1);
	}
	tc_digraph succ, pred;
	tc_domtree dt;
	if (!rc && ((rc = tc__digraph_from_arcs(&c->ar, &succ, nb, (uint32_t)from->len, from->v,
						 to->v)) ||
		    (rc = tc__digraph_reverse(&c->ar, &pred, &succ)) ||
		    (rc = tc__dominators(&c->ar, &succ, &pred, 0, idom)) ||
		    (rc = tc__domtree_intervals(&c->ar, nb, idom, 0, &dt))))
		rc = tc__spirv_oom(r);
	/* the block order that the SPIR-V rules want: after its dominators */
	for (uint32_t k = 1; k < nb && !rc; k++)
		if (idom[k] != TC_NONE && idom[k] > k) {
			char b[100], fb[100];
			fn_text(r, f, fb, sizeof fb);
			relax(c, RELAX_ORDER,
			      "a block comes after its dominators (%s of function %s comes "
			      "before %s, which dominates it)",
			      id_text(r, r->in[r->blk[k].label].res, a, sizeof a), fb,
			      id_text(r, r->in[r->blk[idom[k]].label].res, b, sizeof b));
		}
	for (uint32_t k = 0; k < nb && !rc; k++) {
		/* the predecessors of k, marked (mark[p] = k + nb) */
		for (const uint32_t *p = TC_ADJ_BEGIN(&pred, k); p < TC_ADJ_END(&pred, k); p++)
			c->mark[*p] = k + nb;
		bool phis = true;
		for (uint32_t i = r->blk[k].i0; i < r->blk[k].i1 && !rc; i++) {
			const sinst *x = &r->in[i];
			if (anywhere(r, i))
				continue;
			if (x->op != SpvOpPhi) {
				phis = false;
				for (uint32_t q = x->idop; q < tc__spirv_idop_end(r, i) && !rc; q++)
					rc = check_use(c, f, &dt, i, r->ids.v[q], k, i);
				continue;
			}
			if (!phis)
				return tc__spirv_err_at(r, i,
					      "invalid module: OpPhi after other instructions "
					      "of its block");
			for (uint32_t w = 3; w + 1 < x->nw && !rc; w += 2) {
				uint32_t p = tc__spirv_word(r, i, w + 1);
				uint32_t pb = p < r->bound ? r->bidx[p] : TC_NONE;
				if (pb == TC_NONE || c->mark[pb] != k + nb)
					return tc__spirv_err_at(r, i,
						      "invalid module: OpPhi's parent %s is no "
						      "predecessor of its block",
						      id_text(r, p, a, sizeof a));
				if (tc__spirv_word(r, i, w) < r->bound)
					rc = check_use(c, f, &dt, i, tc__spirv_word(r, i, w), pb,
						       TC_NONE);
			}
		}
	}
	return rc;
}

/* Runs the checks (the module's instructions parsed, its declarations
 * read); the rules broken that the reader does without in *c. */
int tc__spirv_check_module(reader *r, checker *c)
{
	c->r = r;
	tc__arena_init(&c->ar, &r->al);
	c->in_fn = tc__calloc(&r->al, (size_t)r->bound + 1, 1);
	c->nparam = tc__calloc(&r->al, r->nfn + 1, sizeof *c->nparam);
	c->pfirst = tc__calloc(&r->al, r->nfn + 1, sizeof *c->pfirst);
	tc_u32vec from = {NULL, 0, 0}, to = {NULL, 0, 0};
	int rc = c->in_fn && c->nparam && c->pfirst ? TC_OK : tc__spirv_oom(r);
	if (!rc)
		rc = check_layout(c);
	if (!rc)
		rc = check_defined(c);
	/* calls, and pointers */
	for (size_t f = 0; f < r->nfn && !rc; f++)
		for (uint32_t i = r->fn[f].i0 + 1; i < r->fn[f].i1 && !rc; i++) {
			if (r->in[i].op == SpvOpFunctionCall) {
				uint32_t t = tc__spirv_callee_of(r, i), na = r->in[i].nw - 4u;
				char a[100], b[100];
				if (t == TC_NONE)
					rc = tc__spirv_err_at(
					    r, i,
					    "invalid module: OpFunctionCall of %s, which "
					    "is no function",
					    id_text(r, tc__spirv_word(r, i, 3), a, sizeof a));
				else if (na != c->nparam[t])
					rc = tc__spirv_err_at(r, i,
						    "invalid module: OpFunctionCall of %s with %u "
						    "argument%s; it has %u",
						    (fn_text(r, &r->fn[t], b, sizeof b), b), na,
						    na == 1 ? "" : "s", c->nparam[t]);
				if (rc)
					break;
			}
			if (!rc && r->in[i].op == SpvOpSelect)
				check_select(c, i, &r->fn[f]);
			rc = check_pointers(c, i, &r->fn[f]);
		}
	for (uint32_t i = 0; i < r->nin && !rc; i++) /* module-scope variables */
		if (r->in[i].op == SpvOpVariable && !c->in_fn[r->in[i].res])
			rc = check_pointers(c, i, NULL);
	for (size_t f = 0; f < r->nfn && !rc; f++) {
		if (!r->fn[f].body)
			continue;
		rc = check_function(c, &r->fn[f], &from, &to);
		/* the scratch over ids back to TC_NONE */
		for (uint32_t i = r->fn[f].i0; i < r->fn[f].i1; i++)
			if (r->in[i].res < r->bound)
				r->val[r->in[i].res] = r->bidx[r->in[i].res] = TC_NONE;
	}
	tc__u32vec_free(&r->al, &from);
	tc__u32vec_free(&r->al, &to);
	tc__free(&r->al, c->in_fn);
	tc__free(&r->al, c->nparam);
	tc__free(&r->al, c->pfirst);
	tc__u32vec_free(&r->al, &c->params);
	tc__arena_free(&c->ar);
	return rc;
}

/* The warning naming the rules a module breaks that the reader does
 * without, if any. */
void tc__spirv_relaxed_warning(reader *r, const checker *c)
{
	char *w = r->warnings[r->nwarnings];
	size_t n = sizeof r->warnings[0], len = 0;
	unsigned any = 0;
	for (unsigned k = 0; k < NRELAX; k++)
		any += c->relaxed[k][0] != 0;
	if (!any)
		return;
	int m = snprintf(w, n, "the module breaks SPIR-V's rule%s that", any > 1 ? "s" : "");
	len = m > 0 ? (size_t)m : 0;
	for (unsigned k = 0, j = 0; k < NRELAX && len < n; k++) {
		if (!c->relaxed[k][0])
			continue;
		m = snprintf(w + len, n - len, "%s %s", j++ ? "; that" : "", c->relaxed[k]);
		len += m > 0 ? (size_t)m : 0;
	}
	if (len < n)
		snprintf(w + len, n - len,
			 "; read as it is, since the analysis does not depend on %s",
			 any > 1 ? "them" : "it");
	r->nwarnings++;
}
