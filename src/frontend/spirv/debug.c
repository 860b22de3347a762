/*
 * debug.c - positions and names for the SPIR-V reader's graphs (the
 * callbacks of graph/blocks.h): OpLine, NonSemantic.Shader.DebugInfo.100's
 * DebugLine and DebugScope, and the DebugInlinedAt chains of inlined code.
 */
#include "frontend/spirv/spirv.h"

/* ---- the graph's callbacks (graph/blocks.h) --------------------------------- */

/* Whether instruction i is NonSemantic.Shader.DebugInfo.100's e. */
static bool nsdebug(const reader *r, uint32_t i, uint32_t e)
{
	return tc__spirv_opcode_at(r, i) == SpvOpExtInst && tc__spirv_word(r, i, 3) < r->bound &&
	       r->ext[tc__spirv_word(r, i, 3)] == EXT_NSDEBUG && tc__spirv_word(r, i, 4) == e;
}

/* How far the inlined-at chain and a scope's parents are followed. */
#define MAX_INLINE_DEPTH 64

/*
 * A debug scope's (DebugFunction, DebugLexicalBlock, ...) function: the
 * DebugFunction it lies in, through the parents of lexical blocks;
 * TC_NONE.
 */
static uint32_t scope_function(const reader *r, uint32_t scope)
{
	for (unsigned k = 0; k < MAX_INLINE_DEPTH; k++) {
		uint32_t d = tc__spirv_def_of(r, scope);
		if (nsdebug(r, d, NonSemanticShaderDebugInfo100DebugFunction))
			return d;
		if (nsdebug(r, d, NonSemanticShaderDebugInfo100DebugLexicalBlock))
			scope = tc__spirv_word(r, d, 8); /* Source, Line, Column, Parent */
		else if (nsdebug(r, d, NonSemanticShaderDebugInfo100DebugLexicalBlockDiscriminator))
			scope = tc__spirv_word(r, d, 7); /* Source, Discriminator, Parent */
		else
			return TC_NONE;
	}
	return TC_NONE;
}

/* The files of the debug scopes, from the lines of code in them (r->sfile):
 * the first line (not line 0) set while the scope is in force. */
static void scope_files(reader *r)
{
	if (!(r->sfile = TC_ARENA_ARRAY(&r->ar, uint32_t, (size_t)r->bound + 1)))
		return; /* then the scopes' own Source */
	memset(r->sfile, 0xff, ((size_t)r->bound + 1) * sizeof *r->sfile);
	uint32_t scope = 0;
	for (uint32_t i = 0; i < r->nin; i++) {
		uint32_t op = r->in[i].op, f = TC_NONE;
		if (op == SpvOpLabel || tc__spirv_terminator(op))
			scope = 0;
		else if (nsdebug(r, i, NonSemanticShaderDebugInfo100DebugScope))
			scope = tc__spirv_word(r, i, 5);
		else if (nsdebug(r, i, NonSemanticShaderDebugInfo100DebugNoScope))
			scope = 0;
		else if (op == SpvOpLine && tc__spirv_word(r, i, 2))
			f = tc__spirv_def_of(r, tc__spirv_word(r, i, 1));
		else if (nsdebug(r, i, NonSemanticShaderDebugInfo100DebugLine) &&
			 tc__spirv_const_value(r, tc__spirv_word(r, i, 6)))
			f = tc__spirv_def_of(
			    r, tc__spirv_word(r, tc__spirv_def_of(r, tc__spirv_word(r, i, 5)), 5));
		if (f != TC_NONE && tc__spirv_opcode_at(r, f) == SpvOpString && scope &&
		    scope < r->bound && r->sfile[scope] == TC_NONE)
			r->sfile[scope] = f;
	}
}

/* The file (an OpString's instruction) of a debug scope, TC_NONE: that of
 * the code in it (scope_files), else its Source's. (glslang gives a
 * function of an included file the Source of the file compiled.) */
static uint32_t scope_file(reader *r, uint32_t scope)
{
	if (!r->sfile)
		scope_files(r);
	if (r->sfile && scope < r->bound && r->sfile[scope] != TC_NONE)
		return r->sfile[scope];
	uint32_t d = tc__spirv_def_of(r, scope), src = TC_NONE;
	if (nsdebug(r, d, NonSemanticShaderDebugInfo100DebugFunction))
		src = tc__spirv_def_of(r, tc__spirv_word(r, d, 7)); /* Name, Type, Source */
	else if (nsdebug(r, d, NonSemanticShaderDebugInfo100DebugLexicalBlock) ||
		 nsdebug(r, d, NonSemanticShaderDebugInfo100DebugLexicalBlockDiscriminator))
		src = tc__spirv_def_of(r, tc__spirv_word(r, d, 5));
	if (!nsdebug(r, src, NonSemanticShaderDebugInfo100DebugSource))
		return TC_NONE;
	uint32_t f = tc__spirv_def_of(r, tc__spirv_word(r, src, 5));
	return tc__spirv_opcode_at(r, f) == SpvOpString ? f : TC_NONE;
}

/* Whether OpString instructions a and b (TC_NONE: unknown) name one file. */
static bool same_file(const reader *r, uint32_t a, uint32_t b)
{
	if (a == TC_NONE || b == TC_NONE)
		return false;
	size_t la, lb;
	const char *sa = tc__spirv_str_at(r, a, 2, &la), *sb = tc__spirv_str_at(r, b, 2, &lb);
	return la == lb && memcmp(sa, sb, la) == 0;
}

/* A position along the inlined-at chain: the file (an OpString's
 * instruction, TC_NONE), line and column, and the scope it lies in. */
typedef struct schain {
	uint32_t file, line, col, scope;
} schain;

/*
 * Where instruction i is shown, for code inlined from another function
 * (NonSemantic.Shader.DebugInfo.100's DebugScope with an InlinedAt): as for
 * IR (docs/llvm.md, "Positions"), the first position along the inlined-at
 * chain, from the instruction's own outwards, that is in the file of the
 * outermost one (the file of the function the code now lies in); and, when
 * that is not the instruction's own, the position one step in, whose
 * function is the helper called at the position shown (*in: its index in
 * the chain, else TC_NONE). *n: the chain's length (0: no position).
 */
static uint32_t shown_position(reader *r, const sloc *l, schain *chain, uint32_t *n,
			       uint32_t *in)
{
	*n = 0;
	*in = TC_NONE;
	uint32_t f = tc__spirv_def_of(r, l->file);
	chain[(*n)++] = (schain){tc__spirv_opcode_at(r, f) == SpvOpString && l->line ? f : TC_NONE,
				 l->line, l->col, l->scope};
	uint32_t at = l->inlined;
	while (*n < MAX_INLINE_DEPTH) {
		uint32_t d = tc__spirv_def_of(r, at);
		if (!nsdebug(r, d, NonSemanticShaderDebugInfo100DebugInlinedAt))
			break;
		/* Line, Scope, Inlined (the call's own inlined-at, if any) */
		uint32_t scope = tc__spirv_word(r, d, 6);
		chain[(*n)++] =
		    (schain){scope_file(r, scope),
			     tc__spirv_const_value(r, tc__spirv_word(r, d, 5)), 0, scope};
		at = tc__spirv_word(r, d, 7);
	}
	uint32_t outer = chain[*n - 1].file, k = 0;
	if (*n > 1 && outer != TC_NONE)
		while (k + 1 < *n && !same_file(r, chain[k].file, outer))
			k++;
	else
		k = *n - 1;
	if (k > 0)
		*in = k - 1;
	return k;
}

/* A position kept in the module ({NULL, 0, 0} without a file or line). */
static tc_loc kept_loc(reader *r, const char *file, size_t len, uint32_t line, uint32_t col)
{
	if (!file || !line)
		return (tc_loc){NULL, 0, 0};
	const char *kept = tc__module_string(r->out, file, len);
	if (!kept) {
		tc__spirv_oom(r);
		return (tc_loc){NULL, 0, 0};
	}
	return (tc_loc){kept, line, col};
}

/* Instruction i's position: its debug line (for inlined code, where it is
 * shown: shown_position), or its line in the assembly text; and, when inl
 * is not NULL and the position shown is a call's that inlined i, the
 * helper called there and the position in it. */
tc_loc tc__spirv_inst_loc_inl(reader *r, uint32_t i, tc_inlined *inl)
{
	const sloc *l = i >= r->gf->i0 && i <= r->gf->i1 ? &r->iloc[i - r->gf->i0] : NULL;
	size_t len = 0;
	if (l && l->inlined) {
		schain chain[MAX_INLINE_DEPTH];
		uint32_t n, in, k = shown_position(r, l, chain, &n, &in);
		if (inl && in != TC_NONE && chain[in].file != TC_NONE) {
			uint32_t fn = scope_function(r, chain[in].scope);
			uint32_t name =
			    fn != TC_NONE ? tc__spirv_def_of(r, tc__spirv_word(r, fn, 5)) : TC_NONE;
			size_t nlen = 0;
			const char *s = "";
			if (tc__spirv_opcode_at(r, name) == SpvOpString)
				s = tc__spirv_str_at(r, name, 2, &nlen);
			if (nlen) {
				const char *f = tc__spirv_str_at(r, chain[in].file, 2, &len);
				inl->loc = kept_loc(r, f, len, chain[in].line, chain[in].col);
				if (inl->loc.file &&
				    !(inl->function = tc__module_string(r->out, s, nlen)))
					tc__spirv_oom(r);
			}
		}
		if (chain[k].file != TC_NONE && chain[k].line) {
			const char *f = tc__spirv_str_at(r, chain[k].file, 2, &len);
			return kept_loc(r, f, len, chain[k].line, chain[k].col);
		}
	}
	if (l && l->line && tc__spirv_opcode_at(r, tc__spirv_def_of(r, l->file)) == SpvOpString) {
		const char *f = tc__spirv_str_at(r, tc__spirv_def_of(r, l->file), 2, &len);
		return kept_loc(r, f, len, l->line, l->col);
	}
	if (r->tline && i < r->nin)
		return kept_loc(r, r->file, strlen(r->file), r->tline[i], r->tcol[i]);
	return (tc_loc){NULL, 0, 0};
}

tc_loc tc__spirv_inst_loc(reader *r, uint32_t i)
{
	return tc__spirv_inst_loc_inl(r, i, NULL);
}

const char *tc__spirv_block_name(void *ctx, uint32_t k, size_t *len)
{
	reader *r = ctx;
	uint32_t id = r->in[r->blk[k].label].res;
	uint32_t ni = id < r->bound ? r->name[id] : TC_NONE;
	if (ni != TC_NONE) {
		const char *s = tc__spirv_str_at(r, ni, 2, len);
		if (*len)
			return s;
	}
	*len = (size_t)snprintf(r->bname, sizeof r->bname, "%%%u", id);
	return r->bname;
}

int tc__spirv_block_barrier(void *ctx, uint32_t k, uint32_t j, unsigned *flags, tc_loc *loc,
			    tc_inlined *inl)
{
	reader *r = ctx;
	uint32_t first = r->blk[k].bar0;
	*flags = TC_NODE_BARRIER;
	*loc = first + j < r->bars.len ? tc__spirv_inst_loc_inl(r, r->bars.v[first + j], inl)
				       : (tc_loc){NULL, 0, 0};
	return r->rc;
}

/* What a divergent builtin load reads: the variable's name, or the
 * builtin's. */
static const char *describe_source(reader *r, uint32_t i)
{
	uint32_t base = tc__spirv_pointer_base(r, tc__spirv_word(r, i, 3));
	if (base >= r->bound)
		return NULL;
	uint32_t ni = r->name[base];
	size_t len = 0;
	const char *s = ni != TC_NONE ? tc__spirv_str_at(r, ni, 2, &len) : "";
	if (len && strncmp(s, "__spirv_BuiltIn", 15) != 0)
		return tc__module_string(r->out, s, len);
	static const struct {
		uint32_t b;
		const char *name;
	} names[] = {{SpvBuiltInLocalInvocationId, "LocalInvocationId"},
		     {SpvBuiltInLocalInvocationIndex, "LocalInvocationIndex"},
		     {SpvBuiltInGlobalInvocationId, "GlobalInvocationId"},
		     {SpvBuiltInGlobalLinearId, "GlobalLinearId"},
		     {SpvBuiltInSubgroupLocalInvocationId, "SubgroupLocalInvocationId"},
		     {SpvBuiltInSubgroupId, "SubgroupId"},
		     {SpvBuiltInFragCoord, "FragCoord"}};
	uint32_t b = r->built[base] - 1;
	for (size_t k = 0; k < sizeof names / sizeof *names; k++)
		if (names[k].b == b)
			return names[k].name;
	snprintf(r->what, sizeof r->what, "BuiltIn %u", b);
	return tc__module_string(r->out, r->what, strlen(r->what));
}

int tc__spirv_block_branch(void *ctx, uint32_t k, tc_loc *loc)
{
	reader *r = ctx;
	*loc = tc__spirv_inst_loc(r, r->blk[k].i1 - 1);
	return r->rc;
}

/* The builtin load value v of the register form is (tc_fn_read.source). */
int tc__spirv_value_source(void *ctx, uint32_t v, const char **what, tc_loc *loc)
{
	reader *r = ctx;
	if (v < r->rinst.len) {
		*what = describe_source(r, r->rinst.v[v]);
		*loc = tc__spirv_inst_loc(r, r->rinst.v[v]);
	}
	return r->rc;
}

int tc__spirv_too_large(reader *r)
{
	return r->rc = tc__diag(r->diag, TC_ELIMIT, r->file, 0, 0, "function too large");
}
