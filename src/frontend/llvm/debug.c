/*
 * debug.c - positions and names for the LLVM IR reader's graphs: debug
 * locations, the inlined-at chains of inlined code, the callbacks of
 * graph/blocks.h.
 */
#include "frontend/llvm/llvm.h"

/* ---- graphs --------------------------------------------------------------- */

/*
 * String operand i of a metadata node, checked: NULL unless the node has it
 * and it is an MDString. (LLVM's typed accessors, LLVMDIFileGetFilename
 * among them, cast without checking: a module whose metadata is valid to the
 * reader and the verifier but has another node there would be read out of
 * bounds.)
 */
static LLVMValueRef md_operand(reader *r, LLVMMetadataRef node, unsigned i)
{
	LLVMValueRef v = LLVMMetadataAsValue(r->ctx, node);
	unsigned n = v ? LLVMGetMDNodeNumOperands(v) : 0;
	if (i >= n || n > 16)
		return NULL;
	LLVMValueRef ops[16];
	LLVMGetMDNodeOperands(v, ops);
	return ops[i];
}

static const char *md_string_operand(reader *r, LLVMMetadataRef node, unsigned i,
				     unsigned *len)
{
	*len = 0;
	LLVMValueRef op = md_operand(r, node, i);
	return op && LLVMIsAMDString(op) ? LLVMGetMDString(op, len) : NULL;
}

static bool is_local_scope(LLVMMetadataRef md)
{
	LLVMMetadataKind k = LLVMGetMetadataKind(md);
	return k == LLVMDISubprogramMetadataKind || k == LLVMDILexicalBlockMetadataKind ||
	       k == LLVMDILexicalBlockFileMetadataKind;
}

/* The file of a DILocation's scope: its name and directory (*name NULL
 * when the location has none). */
static void location_file(reader *r, LLVMMetadataRef loc, const char **name, unsigned *nlen,
			  const char **dir, unsigned *dlen)
{
	*name = *dir = NULL;
	*nlen = *dlen = 0;
	LLVMMetadataRef scope = LLVMDILocationGetScope(loc);
	if (!scope || !is_local_scope(scope))
		return;
	LLVMMetadataRef f = LLVMDIScopeGetFile(scope);
	if (!f || LLVMGetMetadataKind(f) != LLVMDIFileMetadataKind)
		return;
	*name = md_string_operand(r, f, 0, nlen);
	*dir = md_string_operand(r, f, 1, dlen);
	if (!*name || *nlen == 0)
		*name = NULL;
}

static bool same_string(const char *a, unsigned alen, const char *b, unsigned blen)
{
	return alen == blen && (alen == 0 || (a && b && memcmp(a, b, alen) == 0));
}

/* inlined-at links followed at most (verified IR has no cycles; a module
 * that is not verified could) */
#define MAX_INLINE_DEPTH 4096u

/*
 * Of an instruction's debug location loc (a DILocation), the one it is
 * shown at: of an instruction inlined from another function, the innermost
 * location in the file of the function it now lies in, following the
 * inlined-at chain outwards to the first position in the kernel's own file.
 * A __syncthreads() that a header defines inline is so reported where the
 * user's code calls it, threadIdx.x (clang's header reads it through an
 * inline accessor) where the user's code reads it, and a helper of the
 * kernel's own file inlined into it at the helper's own line, whatever the
 * optimisation level inlined. Every node is checked to be of the kind it
 * must be before it is read.
 */
static LLVMMetadataRef shown_location(reader *r, LLVMMetadataRef loc, LLVMMetadataRef *inner)
{
	LLVMMetadataRef outer = loc, below = NULL;
	*inner = NULL; /* the location one step in from the one shown */
	for (unsigned k = 0; k < MAX_INLINE_DEPTH; k++) {
		LLVMMetadataRef at = LLVMDILocationGetInlinedAt(outer);
		if (!at || LLVMGetMetadataKind(at) != LLVMDILocationMetadataKind)
			break;
		below = outer;
		outer = at;
	}
	if (outer == loc)
		return loc;
	const char *oname, *odir, *name, *dir;
	unsigned onlen, odlen, flen, dlen;
	location_file(r, outer, &oname, &onlen, &odir, &odlen);
	if (!oname) {
		*inner = below;
		return outer;
	}
	for (unsigned k = 0; loc != outer && k < MAX_INLINE_DEPTH; k++) {
		location_file(r, loc, &name, &flen, &dir, &dlen);
		if (name && same_string(name, flen, oname, onlen) &&
		    same_string(dir, dlen, odir, odlen))
			break;
		*inner = loc;
		loc = LLVMDILocationGetInlinedAt(loc); /* a DILocation: seen above */
	}
	return loc;
}

/* Location loc (a DILocation) with its file joined to its directory; the
 * file in r->name, valid until the next call. */
static int location_of(reader *r, LLVMMetadataRef loc, const char **file, uint32_t *line,
		       uint32_t *col)
{
	const char *name, *dir;
	unsigned flen, dlen;
	*file = NULL;
	*line = LLVMDILocationGetLine(loc);
	*col = LLVMDILocationGetColumn(loc);
	location_file(r, loc, &name, &flen, &dir, &dlen);
	if (!name)
		return TC_OK;
	if (name[0] == '/' || !dir || (dlen == 1 && dir[0] == '.'))
		dlen = 0; /* "." (-fdebug-compilation-dir=.): as the compiler was given it */
	while (dlen && flen > 2 && name[0] == '.' && name[1] == '/') {
		name += 2; /* dir/./k.cuh: an include found beside its includer */
		flen -= 2;
	}
	while (dlen > 1 && dir[dlen - 1] == '/')
		dlen--;
	if (tc__llvm_reserve(r, &r->name, &r->name_cap, (size_t)dlen + flen + 2, 1))
		return tc__llvm_oom(r);
	size_t n = 0;
	if (dlen) {
		memcpy(r->name, dir, dlen);
		n = dlen;
		if (r->name[n - 1] != '/')
			r->name[n++] = '/';
	}
	memcpy(r->name + n, name, flen);
	r->name[n + flen] = '\0';
	*file = r->name;
	return TC_OK;
}

/* The DILocation of inst, or NULL. */
static LLVMMetadataRef inst_location(LLVMValueRef inst)
{
	LLVMMetadataRef loc = LLVMInstructionGetDebugLoc(inst);
	return loc && LLVMGetMetadataKind(loc) == LLVMDILocationMetadataKind ? loc : NULL;
}

/* The name of the function that DILocation loc lies in, as the source
 * names it (its DISubprogram's name); NULL when unknown. */
static const char *function_of(reader *r, LLVMMetadataRef loc, unsigned *len)
{
	LLVMMetadataRef scope = LLVMDILocationGetScope(loc);
	for (unsigned k = 0; scope && k < MAX_INLINE_DEPTH; k++) {
		LLVMMetadataKind kind = LLVMGetMetadataKind(scope);
		if (kind == LLVMDISubprogramMetadataKind) {
			const char *name = md_string_operand(r, scope, 2, len);
			return name && *len ? name : NULL;
		}
		if (kind != LLVMDILexicalBlockMetadataKind &&
		    kind != LLVMDILexicalBlockFileMetadataKind)
			break;
		LLVMValueRef up = md_operand(r, scope, 1); /* a lexical block's scope */
		scope = up && !LLVMIsAMDString(up) ? LLVMValueAsMetadata(up) : NULL;
	}
	return NULL;
}

/*
 * Of an instruction shown at a location of the inlined-at chain other than
 * its own, in the location one step in from the one shown (shown_location's
 * inner): the function called at the shown location and the position in
 * it, kept in the module.
 */
static int inlined_from(reader *r, LLVMMetadataRef in, tc_inlined *out)
{
	unsigned len;
	const char *name = function_of(r, in, &len), *file;
	uint32_t line, col;
	int rc;
	if (!name || (rc = location_of(r, in, &file, &line, &col)) || !file)
		return name ? rc : TC_OK;
	if (!(out->function = tc__module_string(r->out, name, len)) ||
	    !(out->loc.file = tc__module_string(r->out, file, strlen(file)))) {
		out->function = NULL;
		return tc__llvm_oom(r);
	}
	out->loc.line = line;
	out->loc.col = col;
	return TC_OK;
}

/* "get_local_id(0)", "threadIdx.x", "name(1, ...)": a builtin call as its
 * source spells it, where known (tc__gpu_describe); kept in the module. */
static const char *describe_call(reader *r, LLVMValueRef call)
{
	size_t len;
	const char *name = tc__llvm_value_name(LLVMGetCalledValue(call), &len);
	uint64_t args[8];
	uint8_t known[8];
	unsigned nargs = (unsigned)LLVMGetNumArgOperands(call), n = 0;
	for (unsigned a = 0; a < nargs && n < 8; a++, n++) {
		LLVMValueRef arg = LLVMGetOperand(call, a);
		known[n] = LLVMIsAConstantInt(arg) != NULL;
		args[n] = known[n] ? LLVMConstIntGetZExtValue(arg) : 0;
	}
	char buf[160];
	size_t blen = tc__gpu_describe(buf, sizeof buf, name, len, args, known, n);
	return tc__module_string(r->out, buf, blen);
}

/* inst's debug location as shown (shown_location), with its file kept in
 * the module ({NULL, 0, 0} when it has none); when inl is not NULL and the
 * position shown is a call's that inlined inst, the helper called there
 * (inlined_from) in *inl. */
int tc__llvm_kept_loc(reader *r, LLVMValueRef inst, tc_loc *out, tc_inlined *inl)
{
	const char *file;
	uint32_t line, col;
	*out = (tc_loc){NULL, 0, 0};
	LLVMMetadataRef at = inst_location(inst), inner;
	if (!at)
		return TC_OK;
	LLVMMetadataRef shown = shown_location(r, at, &inner);
	int rc = inl && inner ? inlined_from(r, inner, inl) : TC_OK; /* before: both use r->name */
	if (!rc)
		rc = location_of(r, shown, &file, &line, &col);
	if (rc || !file)
		return rc;
	if (!(out->file = tc__module_string(r->out, file, strlen(file))))
		return tc__llvm_oom(r);
	out->line = line;
	out->col = col;
	return TC_OK;
}

/* The thread-dependent builtin call value v is (tc_fn_read.source),
 * described as in the source, and where it is. */
int tc__llvm_value_source(void *ctx, uint32_t v, const char **what, tc_loc *loc)
{
	reader *r = ctx;
	if (v >= r->values.len)
		return TC_OK;
	LLVMValueRef call = r->vals[v];
	if (!(*what = describe_call(r, call)))
		return tc__llvm_oom(r);
	return tc__llvm_kept_loc(r, call, loc, NULL);
}

/* ---- the graph's callbacks (graph/blocks.h) ---------------------------------- */

const char *tc__llvm_block_name(void *ctx, uint32_t k, size_t *len)
{
	reader *r = ctx;
	block_info *bi = &r->binfo[k];
	const char *name = tc__llvm_value_name(LLVMBasicBlockAsValue(bi->bb), len);
	if (*len)
		return name;
	/* numbered by name_blocks, or made by a pass after */
	uint32_t slot = tc__llvm_ptrmap_get(&r->slots, bi->bb);
	int n = slot != TC_NONE ? snprintf(r->bname, sizeof r->bname, "%%%u", slot)
				: snprintf(r->bname, sizeof r->bname, "%%.%u", k);
	*len = (size_t)n;
	return r->bname;
}

int tc__llvm_block_barrier(void *ctx, uint32_t k, uint32_t j, unsigned *flags, tc_loc *loc,
			   tc_inlined *inl)
{
	reader *r = ctx;
	LLVMValueRef i = j == 0 ? LLVMGetFirstInstruction(r->binfo[k].bb)
				: LLVMGetNextInstruction(r->cursor);
	while (i && !tc__llvm_is_barrier_call(r, i))
		i = LLVMGetNextInstruction(i);
	r->cursor = i;
	*flags = TC_NODE_BARRIER;
	*loc = (tc_loc){NULL, 0, 0};
	return i ? tc__llvm_kept_loc(r, i, loc, inl) : TC_OK;
}

int tc__llvm_block_branch(void *ctx, uint32_t k, tc_loc *loc)
{
	reader *r = ctx;
	return tc__llvm_kept_loc(r, LLVMGetBasicBlockTerminator(r->binfo[k].bb), loc, NULL);
}
