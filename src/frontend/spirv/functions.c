/*
 * functions.c - one function of a SPIR-V module: its blocks, their
 * successors, barriers and collectives, and the pointers to Function memory
 * that its calls pass (which variables the reader may read as registers).
 */
#include "frontend/spirv/spirv.h"

/* ---- one function: blocks, positions, values ---------------------------------- */

bool tc__spirv_terminator(uint32_t op)
{
	switch (op) {
	case SpvOpBranch:
	case SpvOpBranchConditional:
	case SpvOpSwitch:
	case SpvOpReturn:
	case SpvOpReturnValue:
	case SpvOpKill:
	case SpvOpTerminateInvocation:
	case SpvOpUnreachable:
	case SpvOpIgnoreIntersectionKHR:
	case SpvOpTerminateRayKHR:
	case SpvOpEmitMeshTasksEXT:
		return true;
	default:
		return false;
	}
}

/* The value of a constant id that a NonSemantic debug instruction gives a
 * line or column by, or 0. */
uint32_t tc__spirv_const_value(const reader *r, uint32_t id)
{
	uint32_t v;
	bool spec;
	return tc__spirv_int_constant(r, id, &v, &spec) ? v : 0;
}

/* Notes the collectives instruction i (in block k, after seg barriers
 * there) executes: its own, or those of the function it calls. */
static int note_collective(reader *r, uint32_t i, uint32_t k, uint32_t seg)
{
	uint8_t grp = 0;
	const scoll_row *row = tc__spirv_collective(r, i, &grp);
	unsigned groups = row ? 1u << grp : 0;
	if (!row && r->in[i].op == SpvOpFunctionCall) {
		uint32_t t =
		    tc__spirv_word(r, i, 3) < r->bound ? r->fmap[tc__spirv_word(r, i, 3)] : TC_NONE;
		groups = t != TC_NONE ? r->fn[t].reach : 0;
	}
	for (unsigned g = 0; g < 3; g++) {
		if (!((groups >> g) & 1))
			continue;
		if (tc__grow(&r->al, &r->found, &r->foundcap, r->nfound + 1, sizeof *r->found))
			return tc__spirv_oom(r);
		r->found[r->nfound++] = (scoll){row, i, k, seg, (uint8_t)g};
		r->any_sub |= g != TC_GROUP_BLOCK;
	}
	return TC_OK;
}

/* Blocks, their successors, barriers and collectives, and every
 * instruction's position. */
int tc__spirv_blocks(reader *r, const sfunc *f, uint32_t *nb_out)
{
	uint32_t nb = 0;
	for (uint32_t i = f->i0; i < f->i1; i++)
		if (r->in[i].op == SpvOpLabel) {
			if (tc__grow(&r->al, &r->blk, &r->blkcap, (size_t)nb + 1, sizeof *r->blk))
				return tc__spirv_oom(r);
			r->blk[nb] = (sblock){i, i + 1, i + 1, 0, 0, 0, 0};
			if (r->in[i].res < r->bound)
				r->bidx[r->in[i].res] = nb;
			nb++;
		}
	size_t n = (size_t)f->i1 - f->i0 + 1;
	if (tc__grow(&r->al, &r->iloc, &r->iloccap, n, sizeof *r->iloc))
		return tc__spirv_oom(r);
	memset(r->iloc, 0, n * sizeof *r->iloc);
	r->succ.len = r->bars.len = 0;
	r->nfound = 0;
	r->any_sub = false;
	/* the position in force, and the scope in force, which a line takes
	 * when it is set: a DebugNoScope before a branch (spirv-opt's) leaves
	 * the branch at its line in the inlined function */
	sloc cur = {0, 0, 0, 0, 0};
	uint32_t scope = 0, inlined = 0;
	for (uint32_t k = 0; k < nb; k++) {
		sblock *b = &r->blk[k];
		/* a block whose instructions run on to the next label ends there:
		 * the last instruction is its terminator, or it has none */
		uint32_t end = k + 1 < nb ? r->blk[k + 1].label : f->i1;
		b->i1 = end;
		b->succ0 = (uint32_t)r->succ.len;
		b->bar0 = (uint32_t)r->bars.len;
		for (uint32_t i = b->i0; i < end; i++) {
			const sinst *x = &r->in[i];
			switch (x->op) {
			case SpvOpLine:
				cur = (sloc){tc__spirv_word(r, i, 1), tc__spirv_word(r, i, 2),
					     tc__spirv_word(r, i, 3), scope, inlined};
				break;
			case SpvOpNoLine:
				cur.file = cur.line = cur.col = 0;
				break;
			case SpvOpExtInst:
				if (tc__spirv_word(r, i, 3) < r->bound &&
				    r->ext[tc__spirv_word(r, i, 3)] == EXT_NSDEBUG) {
					uint32_t e = tc__spirv_word(r, i, 4);
					if (e == NonSemanticShaderDebugInfo100DebugLine) {
						uint32_t src =
						    tc__spirv_def_of(r, tc__spirv_word(r, i, 5));
						cur = (sloc){tc__spirv_word(r, src, 5),
							     tc__spirv_const_value(
								 r, tc__spirv_word(r, i, 6)),
							     tc__spirv_const_value(
								 r, tc__spirv_word(r, i, 8)),
							     scope, inlined};
					} else if (e == NonSemanticShaderDebugInfo100DebugNoLine) {
						cur.file = cur.line = cur.col = 0;
					} else if (e == NonSemanticShaderDebugInfo100DebugScope) {
						scope = cur.scope = tc__spirv_word(r, i, 5);
						inlined = cur.inlined =
						    tc__spirv_word(r, i, 6); /* 0: none */
					} else if (e == NonSemanticShaderDebugInfo100DebugNoScope) {
						scope = inlined = 0;
					}
				}
				break;
			default:
				break;
			}
			r->iloc[i - f->i0] = cur;
			if (note_collective(r, i, k, b->nbar))
				return r->rc;
			if (tc__spirv_is_barrier(r, i)) {
				if (tc__spirv_push(r, &r->bars, i))
					return r->rc;
				b->nbar++;
			}
			if (!tc__spirv_terminator(x->op))
				continue;
			/* successors; a target that is no block of the function (an
			 * unvalidated module) is dropped */
			uint32_t t[2] = {TC_NONE, TC_NONE};
			switch (x->op) {
			case SpvOpBranch:
				t[0] = tc__spirv_word(r, i, 1);
				break;
			case SpvOpBranchConditional:
				t[0] = tc__spirv_word(r, i, 2), t[1] = tc__spirv_word(r, i, 3);
				break;
			case SpvOpSwitch: {
				/* selector, default, then (literal, label) pairs; a
				 * literal is as wide as the selector */
				uint32_t sel = tc__spirv_def_of(r, tc__spirv_word(r, i, 1));
				uint32_t ty =
				    sel != TC_NONE ? tc__spirv_def_of(r, r->in[sel].type) : TC_NONE;
				uint32_t lw = tc__spirv_word(r, ty, 2) > 32 ? 2 : 1;
				uint32_t tl = tc__spirv_word(r, i, 2);
				if (tl < r->bound && r->bidx[tl] != TC_NONE &&
				    tc__spirv_push(r, &r->succ, r->bidx[tl]))
					return r->rc;
				for (uint32_t k2 = 3 + lw; k2 < x->nw; k2 += lw + 1) {
					uint32_t l = tc__spirv_word(r, i, k2);
					if (l < r->bound && r->bidx[l] != TC_NONE &&
					    tc__spirv_push(r, &r->succ, r->bidx[l]))
						return r->rc;
				}
				break;
			}
			case SpvOpUnreachable:
				break;
			default: /* returns, kills: the virtual exit */
				if (tc__spirv_push(r, &r->succ, nb))
					return r->rc;
			}
			for (int s = 0; s < 2; s++)
				if (t[s] != TC_NONE && t[s] < r->bound &&
				    r->bidx[t[s]] != TC_NONE &&
				    tc__spirv_push(r, &r->succ, r->bidx[t[s]]))
					return r->rc;
			/* a line and a scope end with their block */
			cur = (sloc){0, 0, 0, 0, 0};
			scope = inlined = 0;
		}
		b->nsucc = (uint32_t)r->succ.len - b->succ0;
	}
	*nb_out = r->nblk = nb;
	return TC_OK;
}

bool tc__spirv_pointer_derivation(uint32_t op)
{
	switch (op) {
	case SpvOpAccessChain:
	case SpvOpInBoundsAccessChain:
	case SpvOpPtrAccessChain:
	case SpvOpInBoundsPtrAccessChain:
	case SpvOpBitcast:
	case SpvOpCopyObject:
	case SpvOpPtrCastToGeneric:
	case SpvOpGenericCastToPtr:
	case SpvOpGenericCastToPtrExplicit:
		return true;
	default:
		return false;
	}
}

/* Whether id is among words from .. of instruction i. */
static bool among(const reader *r, uint32_t i, uint32_t from, uint32_t id)
{
	for (uint32_t k = from; k < r->in[i].nw; k++)
		if (tc__spirv_word(r, i, k) == id)
			return true;
	return false;
}

/* Whether instruction i uses id only in ways that keep a promoted
 * variable's address to itself (read, written, derived, or its lifetime or
 * debug information given). */
static bool harmless_use(const reader *r, uint32_t i, uint32_t id)
{
	switch (r->in[i].op) {
	case SpvOpLoad:
	case SpvOpLifetimeStart:
	case SpvOpLifetimeStop:
		return true;
	case SpvOpStore: /* the stored value is not the address, or goes to a slot */
		return tc__spirv_word(r, i, 2) != id ||
		       (r->slot && tc__spirv_word(r, i, 1) < r->bound &&
			r->slot[tc__spirv_word(r, i, 1)]);
	case SpvOpExtInst:
		return tc__spirv_word(r, i, 3) < r->bound &&
		       r->ext[tc__spirv_word(r, i, 3)] >= EXT_DEBUG;
	default: /* derived from it, and not by an index that is the address */
		return tc__spirv_pointer_derivation(r->in[i].op) && tc__spirv_word(r, i, 3) == id &&
		       !among(r, i, 4, id);
	}
}

/* ---- pointers to Function memory across calls ----------------------------- */

/*
 * glslang passes every argument of a function by a pointer to a Function
 * variable of the caller, and OpenCL's private pointers are Function
 * pointers too. A root (a Function variable, or a parameter of Function
 * pointer type) is RT_UNSAFE when a pointer derived from it goes elsewhere
 * than loads, stores to it, further derivations, debug information, or an
 * argument of a defined function whose parameter is not RT_UNSAFE; such a
 * pointer goes nowhere else, so only through the parameters it is passed
 * to can a callee read or write the memory. RT_WRITES: something stores
 * through it (a callee included). A parameter is read as a register of its
 * function, its value on entry the argument's (one of the parameter's
 * values, graph/desc.h), unless RT_NOPROM: its function is an entry point
 * or is not called, or a call passes a pointer to it that is not derived
 * from a root that is itself a register (an RT_UNSAFE variable, an
 * RT_NOPROM parameter, anything else), or that shares its root with
 * another argument of the call (two parameters would name the same
 * memory).
 */

uint32_t tc__spirv_callee_of(const reader *r, uint32_t i)
{
	return tc__spirv_word(r, i, 3) < r->bound ? r->fmap[tc__spirv_word(r, i, 3)] : TC_NONE;
}

static uint32_t root_of(const reader *r, uint32_t id)
{
	return r->groot && id < r->bound ? r->groot[id] : TC_NONE;
}

/* The root of function t's parameter k, TC_NONE (not a Function pointer,
 * no body, no such parameter). */
uint32_t tc__spirv_param_root(const reader *r, uint32_t t, uint32_t k)
{
	if (t == TC_NONE || k >= r->fn[t].np)
		return TC_NONE;
	return root_of(r, r->fparam.v[r->fn[t].p0 + k]);
}

/* Whether parameter id is read as a register. */
bool tc__spirv_promoted_param(const reader *r, uint32_t id)
{
	uint32_t q = root_of(r, id);
	return q != TC_NONE && (r->rtfl[q] & (RT_PARAM | RT_NOPROM)) == RT_PARAM;
}

/* Whether call i passes id only to parameters that keep it to themselves. */
static bool call_keeps(const reader *r, uint32_t i, uint32_t id)
{
	if (tc__spirv_word(r, i, 3) == id)
		return false;
	uint32_t t = tc__spirv_callee_of(r, i);
	for (uint32_t k = 4; k < r->in[i].nw; k++) {
		if (tc__spirv_word(r, i, k) != id)
			continue;
		uint32_t q = tc__spirv_param_root(r, t, k - 4);
		if (q == TC_NONE || (r->rtfl[q] & RT_UNSAFE))
			return false;
	}
	return true;
}

/* harmless_use, and calls that keep the address (call_keeps) */
bool tc__spirv_use_ok(const reader *r, uint32_t i, uint32_t id)
{
	return r->in[i].op == SpvOpFunctionCall ? call_keeps(r, i, id) : harmless_use(r, i, id);
}

static int new_root(reader *r, uint32_t id, uint8_t fl)
{
	if (r->nrt >= UINT32_MAX - 2 || tc__grow(&r->al, &r->rtfl, &r->rtcap, r->nrt + 1, 1))
		return tc__spirv_oom(r);
	r->groot[id] = (uint32_t)r->nrt;
	r->rtfl[r->nrt++] = fl;
	return TC_OK;
}

/* Gives flag out to every root v of an arc u -> v (from[e] -> to[e]) whose
 * u has a flag of in, until nothing changes. */
static int spread(reader *r, const tc_u32vec *from, const tc_u32vec *to, uint8_t in, uint8_t out)
{
	size_t n = r->nrt, na = from->len;
	uint32_t *off = tc__calloc(&r->al, n + 2, sizeof *off);
	uint32_t *adj = tc__malloc(&r->al, (na ? na : 1) * sizeof *adj);
	tc_u32vec work = {NULL, 0, 0};
	int rc = off && adj ? TC_OK : tc__spirv_oom(r);
	for (size_t e = 0; e < na && !rc; e++)
		off[from->v[e] + 2]++;
	for (size_t u = 0; u < n && !rc; u++)
		off[u + 2] += off[u + 1];
	for (size_t e = 0; e < na && !rc; e++)
		adj[off[from->v[e] + 1]++] = to->v[e];
	for (size_t u = 0; u < n && !rc; u++)
		if (r->rtfl[u] & in)
			rc = tc__spirv_push(r, &work, (uint32_t)u);
	while (work.len && !rc) {
		uint32_t u = work.v[--work.len];
		for (uint32_t e = off[u]; e < off[u + 1] && !rc; e++) {
			uint32_t v = adj[e];
			if (r->rtfl[v] & out)
				continue;
			r->rtfl[v] |= out;
			if (out & in)
				rc = tc__spirv_push(r, &work, v);
		}
	}
	tc__free(&r->al, off);
	tc__free(&r->al, adj);
	tc__u32vec_free(&r->al, &work);
	return rc;
}

/*
 * Pointer slots: a Function variable that holds a pointer, stored to once,
 * in its function's first block, before any load of it, and otherwise only
 * loaded (or named in debug information). Each load of it reads the
 * pointer stored, and is taken as that pointer (r->fwd): clang at -O0
 * keeps each pointer parameter in such a variable, and llvm-spirv writes
 * it as it is. The store itself keeps the pointer to itself.
 */
static int pointer_slots(reader *r)
{
	size_t b = (size_t)r->bound + 1;
	uint32_t *store = TC_ARENA_ARRAY(&r->ar, uint32_t, b); /* per variable: its store */
	r->fwd = TC_ARENA_ARRAY(&r->ar, uint32_t, b);
	r->slot = TC_ARENA_ZARRAY(&r->ar, uint8_t, b);
	if (!store || !r->fwd || !r->slot)
		return tc__spirv_oom(r);
	memset(r->fwd, 0xff, b * sizeof *r->fwd);
	for (size_t f = 0; f < r->nfn; f++) {
		const sfunc *g = &r->fn[f];
		if (!g->body)
			continue;
		/* the candidates: Function variables of a pointer type */
		uint32_t first_end = g->i1, labels = 0;
		for (uint32_t i = g->i0; i < g->i1; i++) {
			const sinst *x = &r->in[i];
			if (x->op == SpvOpLabel && ++labels == 2)
				first_end = i;
			if (x->op != SpvOpVariable || x->res >= r->bound ||
			    tc__spirv_word(r, i, 3) != SpvStorageClassFunction || x->nw > 4)
				continue;
			uint32_t pt = tc__spirv_def_of(r, x->type);
			if (tc__spirv_opcode_at(r, pt) != SpvOpTypePointer || r->in[pt].nw < 4 ||
			    tc__spirv_opcode_at(r, tc__spirv_def_of(r, tc__spirv_word(r, pt, 3))) !=
				SpvOpTypePointer)
				continue;
			r->slot[x->res] = 1;
			store[x->res] = TC_NONE;
		}
		/* each use of a candidate: one store in the first block, then loads */
		for (uint32_t i = g->i0; i < g->i1; i++) {
			const sinst *x = &r->in[i];
			for (uint32_t k = x->idop; k < tc__spirv_idop_end(r, i); k++) {
				uint32_t v = r->ids.v[k];
				if (v >= r->bound || !r->slot[v] || x->op == SpvOpVariable)
					continue;
				bool ok;
				if (x->op == SpvOpStore && tc__spirv_word(r, i, 1) == v &&
				    tc__spirv_word(r, i, 2) != v)
					ok = store[v] == TC_NONE && i < first_end && (store[v] = i, true);
				else if (x->op == SpvOpLoad && tc__spirv_word(r, i, 3) == v)
					ok = store[v] != TC_NONE;
				else
					ok = x->op == SpvOpExtInst && tc__spirv_word(r, i, 3) < r->bound &&
					     r->ext[tc__spirv_word(r, i, 3)] >= EXT_DEBUG;
				if (!ok)
					r->slot[v] = 0;
			}
		}
		for (uint32_t i = g->i0; i < g->i1; i++) {
			const sinst *x = &r->in[i];
			uint32_t v = x->op == SpvOpLoad ? tc__spirv_word(r, i, 3) : TC_NONE;
			if (v < r->bound && r->slot[v] && x->res < r->bound) {
				uint32_t p = tc__spirv_word(r, store[v], 2);
				r->fwd[x->res] = p < r->bound && r->fwd[p] != TC_NONE ? r->fwd[p] : p;
			}
		}
	}
	return TC_OK;
}

/* The pointer id stands for: what a load of a pointer slot reads, or id. */
uint32_t tc__spirv_forward(const reader *r, uint32_t id)
{
	return r->fwd && id < r->bound && r->fwd[id] != TC_NONE ? r->fwd[id] : id;
}

int tc__spirv_pointer_params(reader *r)
{
	size_t b = (size_t)r->bound + 1;
	if (!(r->groot = TC_ARENA_ARRAY(&r->ar, uint32_t, b)))
		return tc__spirv_oom(r);
	memset(r->groot, 0xff, b * sizeof *r->groot);
	int rc = pointer_slots(r);
	for (size_t f = 0; f < r->nfn && !rc; f++) {
		sfunc *g = &r->fn[f];
		g->p0 = (uint32_t)r->fparam.len;
		for (uint32_t i = g->i0 + 1; i < g->i1 && r->in[i].op != SpvOpLabel && !rc; i++) {
			const sinst *x = &r->in[i];
			if (x->op != SpvOpFunctionParameter)
				continue;
			g->np++;
			rc = tc__spirv_push(r, &r->fparam, x->res);
			if (!rc && g->body && x->res < r->bound && r->groot[x->res] == TC_NONE &&
			    tc__spirv_pointer_class(r, x->type) == SpvStorageClassFunction)
				rc = new_root(r, x->res, RT_PARAM | (g->entry ? RT_NOPROM : 0));
		}
	}
	/* pass: a root's pointer passed to a parameter (the root is unsafe
	 * when the parameter is, and writes when it does); base: the root of
	 * a parameter's argument (the parameter is no register when that
	 * root is none) */
	tc_u32vec pass_from = {NULL, 0, 0}, pass_to = {NULL, 0, 0};
	tc_u32vec base_from = {NULL, 0, 0}, base_to = {NULL, 0, 0};
	for (size_t f = 0; f < r->nfn && !rc; f++) {
		const sfunc *g = &r->fn[f];
		if (!g->body)
			continue;
		for (uint32_t i = g->i0; i < g->i1 && !rc; i++) {
			const sinst *x = &r->in[i];
			uint32_t rb = x->nw > 3 ? root_of(r, tc__spirv_word(r, i, 3)) : TC_NONE;
			if (x->op == SpvOpVariable &&
			    tc__spirv_word(r, i, 3) == SpvStorageClassFunction &&
			    x->res < r->bound && r->groot[x->res] == TC_NONE)
				rc = new_root(r, x->res, 0);
			else if (tc__spirv_pointer_derivation(x->op) && rb != TC_NONE &&
				 x->res < r->bound && r->groot[x->res] == TC_NONE)
				r->groot[x->res] = rb;
			else if (x->op == SpvOpLoad && x->res < r->bound &&
				 r->fwd[x->res] != TC_NONE)
				r->groot[x->res] = root_of(r, r->fwd[x->res]);
			if (x->op != SpvOpFunctionCall) {
				for (uint32_t k = x->idop; k < tc__spirv_idop_end(r, i); k++) {
					uint32_t id = r->ids.v[k], q = root_of(r, id);
					if (q == TC_NONE)
						continue;
					if (!harmless_use(r, i, id))
						r->rtfl[q] |= RT_UNSAFE;
					else if (x->op == SpvOpStore &&
						 tc__spirv_word(r, i, 1) == id)
						r->rtfl[q] |= RT_WRITES;
				}
				continue;
			}
			uint32_t t = tc__spirv_callee_of(r, i), na = x->nw > 4 ? x->nw - 4u : 0;
			for (uint32_t k = 0; k < na && !rc; k++) {
				uint32_t a = tc__spirv_word(r, i, 4 + k), ra = root_of(r, a);
				uint32_t q =
				    tc__spirv_param_root(r, t, k); /* TC_NONE without a body */
				if (ra != TC_NONE && q == TC_NONE)
					r->rtfl[ra] |= RT_UNSAFE;
				else if (ra != TC_NONE && (tc__spirv_push(r, &pass_from, ra) ||
							   tc__spirv_push(r, &pass_to, q)))
					rc = r->rc;
				if (q == TC_NONE || rc)
					continue;
				r->rtfl[q] |= RT_CALLED;
				if (ra == TC_NONE) {
					r->rtfl[q] |= RT_NOPROM;
					continue;
				}
				if (tc__spirv_push(r, &base_from, ra) ||
				    tc__spirv_push(r, &base_to, q))
					rc = r->rc;
				for (uint32_t k2 = 0; k2 < k && !rc; k2++) {
					if (root_of(r, tc__spirv_word(r, i, 4 + k2)) != ra)
						continue;
					uint32_t q2 = tc__spirv_param_root(r, t, k2);
					r->rtfl[q] |= RT_NOPROM;
					if (q2 != TC_NONE)
						r->rtfl[q2] |= RT_NOPROM;
				}
			}
		}
	}
	if (!rc)
		rc = spread(r, &pass_to, &pass_from, RT_UNSAFE, RT_UNSAFE);
	if (!rc)
		rc = spread(r, &pass_to, &pass_from, RT_WRITES, RT_WRITES);
	for (size_t q = 0; q < r->nrt && !rc; q++)
		if ((r->rtfl[q] & RT_PARAM) &&
		    ((r->rtfl[q] & RT_UNSAFE) || !(r->rtfl[q] & RT_CALLED)))
			r->rtfl[q] |= RT_NOPROM;
	/* a variable that is no register, or a parameter that is none, makes
	 * the parameters it is passed to none */
	if (!rc)
		rc = spread(r, &base_from, &base_to, RT_UNSAFE | RT_NOPROM, RT_NOPROM);
	tc__u32vec_free(&r->al, &pass_from);
	tc__u32vec_free(&r->al, &pass_to);
	tc__u32vec_free(&r->al, &base_from);
	tc__u32vec_free(&r->al, &base_to);
	return rc;
}
