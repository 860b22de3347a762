/*
 * spirv.c - SPIR-V (binary .spv, or assembly text .spvasm) as graphs
 * (docs/spirv.md).
 *
 * SPIRV-Tools reads the module: spvTextToBinary assembles text,
 * spvBinaryParse splits the binary into instructions and tells which
 * operands are ids, spvValidate checks it when asked. The reader checks
 * what it relies on (unless the caller trusts the module), then does what
 * a reader of basic blocks does (graph/blocks.h):
 * one graph per function with a body, entry points first, each block a
 * node split at its barriers; and it describes every function to the
 * uniformity analysis. SPIR-V is in SSA form but for variables in memory;
 * Function variables (and Private ones that one entry point alone uses)
 * whose address goes nowhere but loads and stores are read as registers,
 * and analysis/ssa.c makes them SSA values, so that glslang's unoptimised
 * output gives the verdicts its optimised output gives.
 */
/*
 * The reader's parts share spirv.h: this file (errors, the module's
 * instructions and declarations, the entry), check.c (what the reader
 * relies on), collectives.c, functions.c (blocks, pointers to Function
 * memory), values.c (the uniformity analysis's values), debug.c (positions
 * and names) and graphs.c (the graphs and their descriptions).
 */
#include "frontend/spirv/spirv.h"

/* SPIRV-Tools, in this file only: its header defines kDefaultMaxIdBound */
#include <spirv-tools/libspirv.h>

/* ---- errors ------------------------------------------------------------------ */

/* An error at instruction i: its line in the assembly text, else nothing. */
int tc__spirv_err_at(reader *r, uint32_t i, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	uint32_t line = r->tline && i < r->nin ? r->tline[i] : 0;
	uint32_t col = r->tline && i < r->nin ? r->tcol[i] : 0;
	/* the function, when the module says which (errors come before the
	 * graphs), and for a binary the OpLine in force: the last one before i
	 * in its block */
	char where[300] = "";
	size_t n = 0;
	for (size_t k = 0; k < r->nfn; k++)
		if (r->fn[k].i0 <= i && i <= r->fn[k].i1 && r->fn[k].name && r->fn[k].nlen) {
			n = (size_t)snprintf(where, sizeof where, "in function '%.*s'",
					     (int)(r->fn[k].nlen < 100 ? r->fn[k].nlen : 100),
					     r->fn[k].name);
			break;
		}
	for (uint32_t k = i; !r->tline && k-- > 0 && k < r->nin && n < 150;) {
		uint32_t op = r->in[k].op;
		if (op == SpvOpNoLine || op == SpvOpLabel || tc__spirv_terminator(op))
			break;
		if (op != SpvOpLine)
			continue;
		uint32_t s = tc__spirv_def_of(r, tc__spirv_word(r, k, 1));
		size_t len;
		if (tc__spirv_opcode_at(r, s) == SpvOpString) {
			const char *f = tc__spirv_str_at(r, s, 2, &len);
			snprintf(where + n, sizeof where - n, "%s(%.*s:%u:%u)", n ? " " : "",
				 (int)(len < 100 ? len : 100), f, tc__spirv_word(r, k, 2),
				 tc__spirv_word(r, k, 3));
		}
		break;
	}
	if (where[0])
		return r->rc =
			   tc__diag(r->diag, TC_EPARSE, r->file, line, col, "%s: %s", where, msg);
	return r->rc = tc__diag(r->diag, TC_EPARSE, r->file, line, col, "%s", msg);
}

/* A SPIRV-Tools diagnostic: the message on one line (the instruction it
 * shows, after the first line, in quotes). */
static int tools_error(reader *r, spv_diagnostic d, const char *what, bool text)
{
	char msg[600];
	const char *e = d && d->error ? d->error : "unknown error";
	size_t n = 0;
	bool first = true;
	for (const char *p = e; *p && n + 8 < sizeof msg; p++) {
		if (*p == '\n') {
			while (p[1] == ' ')
				p++;
			if (!p[1])
				break;
			if (first && n + 4 < sizeof msg) {
				memcpy(msg + n, ": '", 3);
				n += 3;
				first = false;
			} else {
				msg[n++] = ' ';
			}
			continue;
		}
		msg[n++] = (unsigned char)*p < 0x20 ? ' ' : *p;
	}
	while (n > 0 && (msg[n - 1] == ' ' || msg[n - 1] == '.'))
		n--;
	if (!first && n + 2 < sizeof msg)
		msg[n++] = '\'';
	msg[n] = 0;
	uint32_t line = 0, col = 0;
	if (d && text) { /* the assembler's positions count from 0 */
		line = (uint32_t)d->position.line + 1;
		col = (uint32_t)d->position.column + 1;
	} else if (d && r->tline && d->position.index > 0 && d->position.index <= r->nin) {
		/* the validator counts the instructions it has seen, the one it
		 * rejects included */
		line = r->tline[d->position.index - 1];
		col = r->tcol[d->position.index - 1];
	}
	return r->rc = tc__diag(r->diag, TC_EPARSE, r->file, line, col, "%s%s", what, msg);
}

/* ---- reading ------------------------------------------------------------------- */

static spv_result_t on_header(void *ud, spv_endianness_t endian, uint32_t magic,
			      uint32_t version, uint32_t generator, uint32_t bound,
			      uint32_t schema)
{
	(void)endian, (void)magic, (void)generator, (void)schema;
	reader *r = ud;
	r->version = version;
	r->bound = bound;
	return SPV_SUCCESS;
}

static spv_result_t on_inst(void *ud, const spv_parsed_instruction_t *pi)
{
	reader *r = ud;
	if (r->nin >= UINT32_MAX - 2 ||
	    tc__grow(&r->al, &r->in, &r->incap, r->nin + 1, sizeof *r->in))
		return SPV_ERROR_OUT_OF_MEMORY;
	if (pi->words < r->w || pi->words + pi->num_words > r->w + r->nw)
		return SPV_ERROR_INTERNAL; /* words not in the module's buffer */
	sinst *x = &r->in[r->nin++];
	x->off = (uint32_t)(pi->words - r->w);
	x->nw = pi->num_words;
	x->op = pi->opcode;
	x->res = pi->result_id;
	x->type = pi->type_id;
	x->idop = (uint32_t)r->ids.len;
	for (uint16_t k = 0; k < pi->num_operands; k++)
		if ((pi->operands[k].type == SPV_OPERAND_TYPE_ID ||
		     pi->operands[k].type == SPV_OPERAND_TYPE_SCOPE_ID ||
		     pi->operands[k].type == SPV_OPERAND_TYPE_MEMORY_SEMANTICS_ID) &&
		    tc__u32vec_push(&r->al, &r->ids, pi->words[pi->operands[k].offset]))
			return SPV_ERROR_OUT_OF_MEMORY;
	return SPV_SUCCESS;
}

uint32_t tc__spirv_idop_end(const reader *r, uint32_t i)
{
	return i + 1 < r->nin ? r->in[i + 1].idop : (uint32_t)r->ids.len;
}

/*
 * The line and column of each instruction of the assembly text, from the
 * text itself: an instruction starts at a token "Op" and a capital letter,
 * or at the "%name" before its '='. Comments run from ';' to the end of the
 * line, strings are in double quotes. Dropped when the count is not the
 * binary's.
 */
static int text_positions(reader *r, const char *t, size_t len)
{
	r->tline = TC_ARENA_ARRAY(&r->ar, uint32_t, (size_t)r->nin + 1);
	r->tcol = TC_ARENA_ARRAY(&r->ar, uint32_t, (size_t)r->nin + 1);
	if (!r->tline || !r->tcol)
		return tc__spirv_oom(r);
	size_t n = 0, i = 0;
	uint32_t line = 1, col = 1, pend_line = 0, pend_col = 0;
	/* the last token was a "%name" (pct), and an '=' followed it (eq) */
	bool pct = false, eq = false;
	while (i < len) {
		char c = t[i];
		if (c == '\n') {
			line++, col = 1, i++;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r') {
			col++, i++;
			continue;
		}
		if (c == ';') {
			while (i < len && t[i] != '\n')
				i++;
			continue;
		}
		uint32_t tl = line, tcl = col;
		size_t s = i;
		if (c == '"') {
			for (i++, col++; i < len && t[i] != '"'; i++, col++) {
				if (t[i] == '\\' && i + 1 < len)
					i++, col++;
				if (t[i] == '\n')
					line++, col = 0;
			}
			i++, col++;
			pct = eq = false;
			continue;
		}
		while (i < len && t[i] != ' ' && t[i] != '\t' && t[i] != '\r' && t[i] != '\n' &&
		       t[i] != ';' && t[i] != '"')
			i++, col++;
		size_t tn = i - s;
		if (tn == 1 && t[s] == '=') {
			eq = pct;
			pct = false;
			continue;
		}
		if (tn > 2 && t[s] == 'O' && t[s + 1] == 'p' && t[s + 2] >= 'A' &&
		    t[s + 2] <= 'Z') {
			if (n < r->nin) {
				r->tline[n] = eq ? pend_line : tl;
				r->tcol[n] = eq ? pend_col : tcl;
			}
			n++;
			pct = eq = false;
			continue;
		}
		pct = t[s] == '%';
		eq = false;
		pend_line = tl, pend_col = tcl;
	}
	if (n != r->nin) {
		r->tline = r->tcol = NULL;
	}
	return TC_OK;
}

/* The version that a disassembly's "; Version: 1.N" header names, or 0. */
static unsigned text_version(const char *t, size_t len)
{
	const char key[] = "; Version: 1.";
	size_t kl = sizeof key - 1;
	for (size_t i = 0; i + kl < len && i < 4096; i++)
		if (memcmp(t + i, key, kl) == 0 && t[i + kl] >= '0' && t[i + kl] <= '6')
			return (unsigned)(t[i + kl] - '0');
	return 0;
}

static spv_target_env env_of(uint32_t minor)
{
	static const spv_target_env envs[] = {SPV_ENV_UNIVERSAL_1_0, SPV_ENV_UNIVERSAL_1_1,
					      SPV_ENV_UNIVERSAL_1_2, SPV_ENV_UNIVERSAL_1_3,
					      SPV_ENV_UNIVERSAL_1_4, SPV_ENV_UNIVERSAL_1_5,
					      SPV_ENV_UNIVERSAL_1_6};
	return envs[minor < 7 ? minor : 6];
}

/* ---- the module's declarations --------------------------------------------- */

bool tc__spirv_is_pointer_class_shared(uint32_t sc)
{
	switch (sc) {
	case SpvStorageClassUniformConstant:
	case SpvStorageClassUniform:
	case SpvStorageClassWorkgroup:
	case SpvStorageClassCrossWorkgroup:
	case SpvStorageClassPushConstant:
	case SpvStorageClassImage:
	case SpvStorageClassStorageBuffer:
	case SpvStorageClassPhysicalStorageBuffer:
	case SpvStorageClassShaderRecordBufferKHR:
	case SpvStorageClassTaskPayloadWorkgroupEXT:
		return true;
	default:
		return false;
	}
}

/* The storage class of pointer type t, or TC_NONE. */
uint32_t tc__spirv_pointer_class(const reader *r, uint32_t t)
{
	uint32_t i = tc__spirv_def_of(r, t);
	if (tc__spirv_opcode_at(r, i) == SpvOpTypePointer ||
	    tc__spirv_opcode_at(r, i) == SpvOpTypeForwardPointer)
		return tc__spirv_word(r, i, 2);
	return TC_NONE;
}

/* Whether id is an OpConstant of an integer type; its value (low 32 bits). */
bool tc__spirv_int_constant(const reader *r, uint32_t id, uint32_t *v, bool *spec)
{
	uint32_t i = tc__spirv_def_of(r, id);
	*spec = false;
	switch (tc__spirv_opcode_at(r, i)) {
	case SpvOpConstant:
		*v = tc__spirv_word(r, i, 3);
		return tc__spirv_opcode_at(r, tc__spirv_def_of(r, r->in[i].type)) == SpvOpTypeInt;
	case SpvOpSpecConstant:
		*spec = true;
		return false;
	default:
		return false;
	}
}

static int declarations(reader *r)
{
	size_t b = (size_t)r->bound + 1;
	r->def = TC_ARENA_ARRAY(&r->ar, uint32_t, b);
	r->name = TC_ARENA_ARRAY(&r->ar, uint32_t, b);
	r->built = TC_ARENA_ZARRAY(&r->ar, uint32_t, b);
	r->pattr = TC_ARENA_ZARRAY(&r->ar, uint8_t, b);
	r->ext = TC_ARENA_ZARRAY(&r->ar, uint8_t, b);
	r->fmap = TC_ARENA_ARRAY(&r->ar, uint32_t, b);
	r->pvfn = TC_ARENA_ARRAY(&r->ar, uint32_t, b);
	r->bidx = TC_ARENA_ARRAY(&r->ar, uint32_t, b);
	r->val = TC_ARENA_ARRAY(&r->ar, uint32_t, b);
	r->root = TC_ARENA_ARRAY(&r->ar, uint32_t, b);
	if (!r->def || !r->name || !r->built || !r->pattr || !r->ext || !r->fmap || !r->pvfn ||
	    !r->bidx || !r->val || !r->root)
		return tc__spirv_oom(r);
	memset(r->def, 0xff, b * sizeof *r->def);
	memset(r->name, 0xff, b * sizeof *r->name);
	memset(r->fmap, 0xff, b * sizeof *r->fmap);
	memset(r->pvfn, 0xff, b * sizeof *r->pvfn);
	memset(r->bidx, 0xff, b * sizeof *r->bidx);
	memset(r->val, 0xff, b * sizeof *r->val);
	memset(r->root, 0xff, b * sizeof *r->root);
	uint32_t cur = TC_NONE; /* the function being read */
	for (uint32_t i = 0; i < r->nin; i++) {
		const sinst *x = &r->in[i];
		if (x->res && x->res < r->bound)
			r->def[x->res] = i;
		size_t len;
		const char *s;
		switch (x->op) {
		case SpvOpExtInstImport:
			s = tc__spirv_str_at(r, i, 2, &len);
			if (x->res < r->bound)
				r->ext[x->res] =
				    (len == 12 && memcmp(s, "GLSL.std.450", 12) == 0) ||
					    (len == 10 && memcmp(s, "OpenCL.std", 10) == 0)
					? EXT_PURE
				    : strcmp(s, "NonSemantic.Shader.DebugInfo.100") == 0
					? EXT_NSDEBUG
				    : strncmp(s, "NonSemantic.", 12) == 0 ||
					    strcmp(s, "OpenCL.DebugInfo.100") == 0 ||
					    strcmp(s, "DebugInfo") == 0
					? EXT_DEBUG
					: EXT_OTHER;
			break;
		case SpvOpEntryPoint:
			if (tc__spirv_push(r, &r->ep_fn, tc__spirv_word(r, i, 2)) ||
			    tc__spirv_push(r, &r->ep_name, i))
				return r->rc;
			break;
		case SpvOpExecutionMode:
		case SpvOpExecutionModeId:
			if (x->nw == 6 &&
			    (tc__spirv_word(r, i, 2) == SpvExecutionModeLocalSize ||
			     tc__spirv_word(r, i, 2) == SpvExecutionModeLocalSizeId) &&
			    tc__spirv_push(r, &r->size_modes, i))
				return r->rc;
			break;
		case SpvOpName:
			if (tc__spirv_word(r, i, 1) < r->bound)
				r->name[tc__spirv_word(r, i, 1)] = i;
			break;
		case SpvOpDecorate:
			if (tc__spirv_word(r, i, 2) == SpvDecorationBuiltIn &&
			    tc__spirv_word(r, i, 1) < r->bound)
				r->built[tc__spirv_word(r, i, 1)] = tc__spirv_word(r, i, 3) + 1;
			if (tc__spirv_word(r, i, 2) == SpvDecorationFuncParamAttr &&
			    tc__spirv_word(r, i, 1) < r->bound)
				r->pattr[tc__spirv_word(r, i, 1)] |=
				    tc__spirv_word(r, i, 3) == SpvFunctionParameterAttributeByVal
					? PA_BYVAL
				    : tc__spirv_word(r, i, 3) ==
					    SpvFunctionParameterAttributeNoWrite
					? PA_NOWRITE
					: 0;
			break;
		case SpvOpFunction:
			if (tc__grow(&r->al, &r->fn, &r->fncap, r->nfn + 1, sizeof *r->fn))
				return tc__spirv_oom(r);
			cur = (uint32_t)r->nfn;
			r->fn[r->nfn++] = (sfunc){x->res, i, i, NULL, 0, false,    true,
						  false,  0, 0, 0,    0, {0, 0, 0}};
			if (x->res < r->bound)
				r->fmap[x->res] = cur;
			break;
		case SpvOpFunctionEnd:
			if (cur != TC_NONE)
				r->fn[cur].i1 = i;
			cur = TC_NONE;
			break;
		default:
			break;
		}
		/* which function uses each Private variable */
		if (cur != TC_NONE)
			for (uint32_t k = x->idop; k < tc__spirv_idop_end(r, i); k++) {
				uint32_t id = r->ids.v[k];
				uint32_t d = tc__spirv_def_of(r, id);
				if (tc__spirv_opcode_at(r, d) == SpvOpVariable &&
				    tc__spirv_word(r, d, 3) == SpvStorageClassPrivate)
					r->pvfn[id] = r->pvfn[id] == TC_NONE || r->pvfn[id] == cur
							  ? cur
							  : MANY;
			}
	}
	/* the workgroup sizes the entry points declare (an id's: a constant) */
	for (size_t k = 0; k < r->size_modes.len; k++) {
		uint32_t i = r->size_modes.v[k], fid = tc__spirv_word(r, i, 1);
		uint32_t f = fid < r->bound ? r->fmap[fid] : TC_NONE, v[3];
		bool spec, ok = f != TC_NONE;
		for (int d = 0; d < 3 && ok; d++)
			ok = r->in[i].op == SpvOpExecutionMode
				 ? (v[d] = tc__spirv_word(r, i, 3 + (uint32_t)d), true)
				 : tc__spirv_int_constant(r, tc__spirv_word(r, i, 3 + (uint32_t)d),
							  &v[d], &spec);
		if (ok)
			memcpy(r->fn[f].size, v, sizeof v);
	}
	/* entries first, in the order of their OpEntryPoint; a function without
	 * blocks (an import) is no graph */
	for (size_t k = 0; k < r->ep_fn.len; k++) {
		uint32_t f = r->ep_fn.v[k] < r->bound ? r->fmap[r->ep_fn.v[k]] : TC_NONE;
		if (f == TC_NONE || r->fn[f].entry)
			continue;
		r->fn[f].entry = true;
		r->fn[f].name = tc__spirv_str_at(r, r->ep_name.v[k], 3, &r->fn[f].nlen);
	}
	for (size_t f = 0; f < r->nfn; f++) {
		sfunc *g = &r->fn[f];
		uint32_t ni = g->id < r->bound ? r->name[g->id] : TC_NONE;
		if (!g->name && ni != TC_NONE)
			g->name = tc__spirv_str_at(r, ni, 2, &g->nlen);
		bool body = false;
		for (uint32_t i = g->i0; i < g->i1 && !body; i++)
			body = r->in[i].op == SpvOpLabel;
		g->graphed = g->body = body;
	}
	return TC_OK;
}

/*
 * LLVM's SPIR-V translator makes each OpenCL kernel an exported function
 * and puts the entry point on a wrapper that calls it with its own
 * parameters and returns. Such a wrapper is no graph: the function it calls
 * is the kernel, under the entry point's name (its parameters are uniform),
 * when nothing else calls it.
 */
static void forwarding_wrappers(reader *r)
{
	uint32_t *calls = tc__calloc(&r->al, r->nfn + 1, sizeof *calls);
	if (!calls)
		return; /* without it, the graphs are just more conservative */
	for (size_t f = 0; f < r->nfn; f++)
		for (uint32_t i = r->fn[f].i0; i < r->fn[f].i1; i++)
			if (r->in[i].op == SpvOpFunctionCall &&
			    tc__spirv_word(r, i, 3) < r->bound &&
			    r->fmap[tc__spirv_word(r, i, 3)] != TC_NONE)
				calls[r->fmap[tc__spirv_word(r, i, 3)]]++;
	for (size_t f = 0; f < r->nfn; f++) {
		sfunc *g = &r->fn[f];
		if (!g->entry || !g->graphed)
			continue;
		uint32_t params[64], np = 0, call = TC_NONE, labels = 0;
		bool ok = true;
		for (uint32_t i = g->i0 + 1; i < g->i1 && ok; i++) {
			switch (r->in[i].op) {
			case SpvOpFunctionParameter:
				ok = np < 64;
				if (ok)
					params[np++] = r->in[i].res;
				break;
			case SpvOpLabel:
				ok = ++labels == 1;
				break;
			case SpvOpFunctionCall:
				ok = call == TC_NONE;
				call = i;
				break;
			case SpvOpReturn:
			case SpvOpLine:
			case SpvOpNoLine:
				break;
			case SpvOpExtInst:
				ok = tc__spirv_word(r, i, 3) < r->bound &&
				     r->ext[tc__spirv_word(r, i, 3)] >= EXT_DEBUG;
				break;
			default:
				ok = false;
			}
		}
		if (!ok || call == TC_NONE || r->in[call].nw != 4 + np)
			continue;
		for (uint32_t k = 0; k < np && ok; k++)
			ok = tc__spirv_word(r, call, 4 + k) == params[k];
		uint32_t t = tc__spirv_word(r, call, 3) < r->bound
				 ? r->fmap[tc__spirv_word(r, call, 3)]
				 : TC_NONE;
		if (!ok || t == TC_NONE || t == f || calls[t] != 1 || r->fn[t].entry ||
		    !r->fn[t].graphed)
			continue;
		r->fn[t].entry = true;
		r->fn[t].name = g->name;
		r->fn[t].nlen = g->nlen;
		memcpy(r->fn[t].size, g->size, sizeof g->size);
		g->graphed = false;
	}
	tc__free(&r->al, calls);
}

/* An error unless the execution scope of OpControlBarrier i is a constant
 * (a specialization constant's value is not known yet). */
int tc__spirv_constant_scope(reader *r, uint32_t i)
{
	uint32_t scope, id = tc__spirv_word(r, i, 1);
	bool spec;
	if (tc__spirv_int_constant(r, id, &scope, &spec))
		return TC_OK;
	return tc__spirv_err_at(r, i,
		      spec ? "the execution scope of OpControlBarrier is a specialization "
			     "constant (%%%u): its value is not known until the pipeline is made"
			   : "the execution scope of OpControlBarrier (%%%u) is not a constant",
		      id);
}

/* Whether instruction i waits for the workgroup: an OpControlBarrier whose
 * execution scope is Workgroup or wider (constant_scope checked it is a
 * constant), or a call of a function that executes one. */
bool tc__spirv_is_barrier(const reader *r, uint32_t i)
{
	uint32_t scope, t;
	bool spec;
	switch (r->in[i].op) {
	case SpvOpControlBarrier:
		return tc__spirv_int_constant(r, tc__spirv_word(r, i, 1), &scope, &spec) &&
		       (scope == SpvScopeCrossDevice || scope == SpvScopeDevice ||
			scope == SpvScopeWorkgroup || scope == SpvScopeQueueFamily);
	case SpvOpFunctionCall:
		t = tc__spirv_word(r, i, 3) < r->bound ? r->fmap[tc__spirv_word(r, i, 3)] : TC_NONE;
		return t != TC_NONE && r->fn[t].barrier;
	default:
		return false;
	}
}

/* ---- the entry --------------------------------------------------------------- */

static void free_reader(reader *r)
{
	tc__arena_free(&r->ar);
	tc__free(&r->al, r->in);
	tc__u32vec_free(&r->al, &r->ids);
	tc__free(&r->al, r->fn);
	tc__u32vec_free(&r->al, &r->ep_fn);
	tc__u32vec_free(&r->al, &r->ep_name);
	tc__u32vec_free(&r->al, &r->call_from);
	tc__u32vec_free(&r->al, &r->call_to);
	tc__free(&r->al, r->rtfl);
	tc__u32vec_free(&r->al, &r->fparam);
	tc__u32vec_free(&r->al, &r->pval);
	tc__u32vec_free(&r->al, &r->carg);
	tc__u32vec_free(&r->al, &r->outv);
	tc__u32vec_free(&r->al, &r->outb);
	tc__u32vec_free(&r->al, &r->outk);
	tc__u32vec_free(&r->al, &r->coutv);
	tc__u32vec_free(&r->al, &r->couts);
	tc__u32vec_free(&r->al, &r->coutk);
	tc__free(&r->al, r->calls);
	tc__free(&r->al, r->blk);
	tc__u32vec_free(&r->al, &r->succ);
	tc__u32vec_free(&r->al, &r->bars);
	tc__free(&r->al, r->iloc);
	tc__u32vec_free(&r->al, &r->rblock);
	tc__u32vec_free(&r->al, &r->rdef);
	tc__u32vec_free(&r->al, &r->ropoff);
	tc__u32vec_free(&r->al, &r->rop);
	tc__u32vec_free(&r->al, &r->ropblk);
	tc__u32vec_free(&r->al, &r->rinst);
	tc__free(&r->al, r->rkind);
	tc__u32vec_free(&r->al, &r->cond);
	tc__arg_tests_free(&r->al, &r->tests);
	tc__u32vec_free(&r->al, &r->size_modes);
	tc__free(&r->al, r->tids);
	tc__free(&r->al, r->found);
	tc__free(&r->al, r->lane);
	tc__free(&r->al, r->way);
}

static bool spirv_magic(const void *data, size_t len)
{
	const unsigned char *u = data;
	return len >= 4 && ((u[0] == 0x03 && u[1] == 0x02 && u[2] == 0x23 && u[3] == 0x07) ||
			    (u[0] == 0x07 && u[1] == 0x23 && u[2] == 0x02 && u[3] == 0x03));
}

/*
 * The module without the instructions of its debug information
 * (OpenCL.DebugInfo.100, NonSemantic.*), for the validator: the reader
 * takes nothing from them but lines, and translators write them in forms
 * that the validator of another release rejects (LLVM 15's SPIR-V
 * translator and SPIRV-Tools 2023.1 disagree on DebugFunction). *out is
 * NULL when there is nothing to leave out.
 */
static int without_debug_info(reader *r, uint32_t **out, size_t *n)
{
	*out = NULL;
	*n = 0;
	size_t drop = 0;
	for (uint32_t i = 0; i < r->nin; i++)
		if (r->in[i].op == SpvOpExtInst && tc__spirv_word(r, i, 3) < r->bound &&
		    r->ext[tc__spirv_word(r, i, 3)] >= EXT_DEBUG)
			drop += r->in[i].nw;
	if (!drop)
		return TC_OK;
	uint32_t *w = tc__malloc(&r->al, (r->nw - drop + 1) * sizeof *w);
	if (!w)
		return tc__spirv_oom(r);
	size_t k = r->nin ? r->in[0].off : r->nw;
	memcpy(w, r->w, k * sizeof *w); /* the header */
	for (uint32_t i = 0; i < r->nin; i++) {
		if (r->in[i].op == SpvOpExtInst && tc__spirv_word(r, i, 3) < r->bound &&
		    r->ext[tc__spirv_word(r, i, 3)] >= EXT_DEBUG)
			continue;
		memcpy(w + k, r->w + r->in[i].off, (size_t)r->in[i].nw * sizeof *w);
		k += r->in[i].nw;
	}
	*out = w;
	*n = k;
	return TC_OK;
}

/* The words of a binary module (copied when misaligned or byte-swapped). */
static int binary_words(reader *r, const void *data, size_t len)
{
	if (len % 4)
		return r->rc = tc__diag(r->diag, TC_EPARSE, r->file, 0, 0,
					"a SPIR-V binary is a sequence of 32-bit words: %zu bytes "
					"is not a multiple of 4",
					len);
	const unsigned char *u = data;
	bool swap = u[0] == 0x07;
	if (!swap && ((uintptr_t)data % 4) == 0) {
		r->w = data;
		r->nw = len / 4;
		return TC_OK;
	}
	r->swapped = tc__arena_alloc(&r->ar, len ? len : 4);
	if (!r->swapped)
		return tc__spirv_oom(r);
	for (size_t k = 0; k < len / 4; k++) {
		const unsigned char *b = u + 4 * k;
		r->swapped[k] = swap ? (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 |
					       (uint32_t)b[2] << 8 | b[3]
				     : (uint32_t)b[3] << 24 | (uint32_t)b[2] << 16 |
					       (uint32_t)b[1] << 8 | b[0];
	}
	r->w = r->swapped;
	r->nw = len / 4;
	return TC_OK;
}

int tc__read_spirv(tc_module **out, const char *filename, const void *data, size_t len,
		   const tc_read_options *opt, const tc_allocator *alloc, tc_diag *diag,
		   const tc_fn_sink *sink)
{
	reader r;
	memset(&r, 0, sizeof r);
	tc__alloc_init(&r.al, alloc);
	tc__arena_init(&r.ar, &r.al);
	r.sink = sink;
	r.file = filename ? filename : "<input>";
	r.diag = diag;
	r.opt = opt;
	*out = NULL;
	if (tc__read_args(opt, data, len, r.file, diag))
		return TC_EINVAL;
	tc_read_stats st = {0, {{NULL, 0}}};
	double t0 = tc__now();
	bool text = !spirv_magic(data, len);
	size_t fl = strlen(r.file);
	if (text && fl > 4 && strcmp(r.file + fl - 4, ".spv") == 0)
		return tc__diag(diag, TC_EPARSE, r.file, 0, 0,
				"not a SPIR-V binary: it does not start with the magic number "
				"0x07230203");
	spv_context ctx = NULL;
	spv_binary bin = NULL;
	spv_diagnostic d = NULL;
	int rc = TC_OK;
	if (tc__module_new(&r.out, alloc)) {
		rc = tc__diag(diag, TC_ENOMEM, r.file, 0, 0, "out of memory");
		goto done;
	}
	if (text) {
		unsigned minor = text_version(data, len);
		ctx = spvContextCreate(env_of(minor ? minor : 3));
		if (!ctx) {
			rc = tc__spirv_oom(&r);
			goto done;
		}
		if (spvTextToBinary(ctx, data, len, &bin, &d) != SPV_SUCCESS || !bin) {
			rc = tools_error(&r, d, "", true);
			goto done;
		}
		r.w = bin->code;
		r.nw = bin->wordCount;
		st.phase[st.nphases++] = (tc_phase_time){"spirv-assemble", tc__now() - t0};
	} else if ((rc = binary_words(&r, data, len))) {
		goto done;
	}
	double t1 = tc__now();
	if (!ctx) {
		uint32_t minor = r.nw > 1 ? (r.w[1] >> 8) & 0xff : 0;
		ctx = spvContextCreate(env_of(minor));
		if (!ctx) {
			rc = tc__spirv_oom(&r);
			goto done;
		}
	}
	spv_result_t pr = spvBinaryParse(ctx, &r, r.w, r.nw, on_header, on_inst, &d);
	if (pr == SPV_ERROR_OUT_OF_MEMORY && !d) {
		rc = tc__spirv_oom(&r);
		goto done;
	}
	if (pr != SPV_SUCCESS) {
		rc = tools_error(&r, d, "", false);
		goto done;
	}
	if (text && (rc = text_positions(&r, data, len)))
		goto done;
	/* tables are kept per id: an id bound past SPIR-V's limit (as the
	 * validator takes it) that the module's size does not explain is an
	 * error before anything is allocated for it */
	if (r.bound > 0x3FFFFF && r.bound > r.nw) {
		rc = r.rc = tc__diag(diag, TC_EPARSE, r.file, 0, 0,
				     "the module's id bound %u is larger than SPIR-V's limit of "
				     "4194303 ids",
				     r.bound);
		goto done;
	}
	double t2 = tc__now();
	st.phase[st.nphases++] = (tc_phase_time){"spirv-parse", t2 - t1};
	if ((rc = declarations(&r)))
		goto done;
	unsigned flags = opt ? opt->flags : 0;
	if ((flags & TC_READ_SPIRV_NO_VALIDATE) && (flags & TC_READ_SPIRV_VALIDATE)) {
		rc = r.rc = tc__diag(diag, TC_EINVAL, r.file, 0, 0,
				     "TC_READ_SPIRV_VALIDATE and TC_READ_SPIRV_NO_VALIDATE "
				     "together");
		goto done;
	}
	if (!(flags & TC_READ_SPIRV_NO_VALIDATE)) {
		/* what the reader relies on; the rules it does without named in
		 * a warning, unless the validator is to judge them */
		checker c;
		memset(&c, 0, sizeof c);
		if ((rc = tc__spirv_check_module(&r, &c)))
			goto done;
		if (!(flags & TC_READ_SPIRV_VALIDATE))
			tc__spirv_relaxed_warning(&r, &c);
		st.phase[st.nphases++] = (tc_phase_time){"spirv-check", tc__now() - t2};
	}
	if (flags & TC_READ_SPIRV_VALIDATE) {
		/* the rules of SPIR-V itself, at the module's version (ctx's), for
		 * the module without its debug information */
		double tv = tc__now();
		uint32_t *vw = NULL;
		size_t vn = 0;
		if ((rc = without_debug_info(&r, &vw, &vn)))
			goto done;
		spv_const_binary_t cb = {vw ? vw : r.w, vw ? vn : r.nw};
		spvDiagnosticDestroy(d);
		d = NULL;
		spv_result_t vr = spvValidate(ctx, &cb, &d);
		tc__free(&r.al, vw);
		if (vr != SPV_SUCCESS) {
			rc = vr == SPV_ERROR_OUT_OF_MEMORY && !d
				 ? tc__spirv_oom(&r)
				 : tools_error(&r, d, "invalid module: ", false);
			goto done;
		}
		st.phase[st.nphases++] = (tc_phase_time){"spirv-validate", tc__now() - tv};
	}
	double t3 = tc__now();
	forwarding_wrappers(&r);
	if ((rc = tc__spirv_barrier_functions(&r)) || (rc = tc__spirv_pointer_params(&r)) ||
	    (rc = tc__spirv_graphs(&r)))
		goto done;
	st.phase[st.nphases++] = (tc_phase_time){"uniformity", r.uniformity_s};
	st.phase[st.nphases++] = (tc_phase_time){"graphs", tc__now() - t3 - r.uniformity_s};
	r.out->read = st;
	for (size_t i = 0; i < r.nwarnings && !rc; i++)
		if (tc__module_warn(r.out, r.warnings[i]))
			rc = tc__spirv_oom(&r);
done:
	if (!rc) {
		*out = r.out;
		r.out = NULL;
	}
	spvDiagnosticDestroy(d);
	spvBinaryDestroy(bin);
	spvContextDestroy(ctx);
	tc_module_free(r.out);
	free_reader(&r);
	return rc;
}
