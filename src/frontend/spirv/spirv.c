/*
 * spirv.c - SPIR-V (binary .spv, or assembly text .spvasm) as graphs
 * (docs/spirv.md).
 *
 * SPIRV-Tools reads the module: spvTextToBinary assembles text,
 * spvBinaryParse splits the binary into instructions and tells which
 * operands are ids, spvValidate checks it when asked. This file checks
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
#include "graph/dominators.h"
#include "frontend/gpu_builtins.h"
#include "frontend/readers.h"
#include "graph/blocks.h"
#include "graph/module.h"
#include "util/clock.h"
#include "util/diag.h"
#include "util/mem.h"

#include <spirv-tools/libspirv.h>
#include <spirv/unified1/NonSemanticShaderDebugInfo100.h>
#include <spirv/unified1/spirv.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the module's instructions ------------------------------------------ */

typedef struct sinst {
	uint32_t off;   /* first word */
	uint32_t res;   /* result id, 0 if none */
	uint32_t type;  /* result type id, 0 if none */
	uint32_t idop;  /* its id operands: ids[idop .. next's idop) */
	uint16_t op;
	uint16_t nw;
} sinst;

/* what an OpExtInstImport imports */
enum { EXT_OTHER = 0, EXT_PURE, EXT_DEBUG, EXT_NSDEBUG };

typedef struct sfunc {
	uint32_t id;
	uint32_t i0, i1;    /* OpFunction .. OpFunctionEnd */
	const char *name;   /* entry point name, OpName, or NULL */
	size_t nlen;
	bool entry;         /* a kernel: its parameters are uniform */
	bool graphed;       /* gets a graph (a forwarding wrapper does not) */
	bool body;          /* has blocks */
	uint8_t barrier;    /* executes a workgroup barrier, maybe through calls */
	/* the groups whose collectives it executes, itself or through calls
	 * (bit 1 << tc_group) */
	uint8_t reach;
	uint32_t p0, np; /* its parameters: reader.fparam[p0 .. p0 + np) */
	uint32_t size[3]; /* its workgroup's size (LocalSize, LocalSizeId); 0: unknown */
} sfunc;

/* An instruction's position: OpLine's or DebugLine's, and the DebugScope in
 * force (NonSemantic.Shader.DebugInfo.100): its scope and the DebugInlinedAt
 * of code inlined there (0: none). */
typedef struct sloc {
	uint32_t file; /* OpString id, 0: none */
	uint32_t line, col;
	uint32_t scope, inlined;
} sloc;

typedef struct sblock {
	uint32_t label;  /* the OpLabel's instruction */
	uint32_t i0, i1; /* its instructions, OpLabel excluded, terminator included */
	uint32_t succ0, nsucc;
	uint32_t nbar, bar0; /* its barriers: bars[bar0 .. bar0 + nbar) */
} sblock;

/* A collective instruction (docs/spirv.md, "Collectives"): its name as the
 * SPIR-V specification spells it, and which of its operands (bit k: operand
 * k after the result type and result id, 0 being the execution scope) all
 * invocations of the group must pass alike, with their names. */
typedef struct scoll_row {
	uint16_t op;
	uint8_t agree;
	const char *name;
	const char *args;
} scoll_row;

/* A call of a function with a graph, in the function being made a graph:
 * its instruction and block, its result value (TC_NONE: void), and its
 * arguments' values, reader.carg[arg_off .. arg_off + nargs) */
typedef struct scall {
	uint32_t inst, block, value, arg_off, nargs;
} scall;

/* A collective found in the function being made a graph: an instruction
 * (row) or a call of a function that executes some (row NULL). */
typedef struct scoll {
	const scoll_row *row;
	uint32_t inst;
	uint32_t block, seg; /* its block, the barriers before it there */
	uint8_t group;       /* tc_group */
} scoll;

typedef struct reader {
	tc_alloc al;
	tc_diag *diag;
	const char *file;
	const tc_read_options *opt;
	tc_module *out;
	int rc;
	/* the words, native order */
	const uint32_t *w;
	size_t nw;
	uint32_t *swapped; /* owned copy when the input was byte-swapped */
	uint32_t bound, version;
	/* instructions */
	sinst *in;
	size_t nin, incap;
	tc_u32vec ids;
	/* per id */
	uint32_t *def;   /* its instruction, TC_NONE */
	uint32_t *name;  /* its OpName's instruction, TC_NONE */
	uint32_t *built; /* BuiltIn + 1, 0 */
	uint8_t *pattr;  /* a parameter's FuncParamAttr ByVal (PA_BYVAL), NoWrite (PA_NOWRITE) */
	uint8_t *ext;    /* per OpExtInstImport id: EXT_* */
	uint32_t *fmap;  /* per function id: its sfunc, TC_NONE */
	uint32_t *pvfn;  /* per Private variable: the function using it, TC_NONE, or MANY */
	/* per function, scratch over ids */
	uint32_t *bidx, *val, *root;
	/* positions of the assembly text's instructions (NULL for a binary) */
	uint32_t *tline, *tcol;
	sfunc *fn;
	size_t nfn, fncap;
	/* the entry points: function id, name */
	tc_u32vec ep_fn, ep_name;
	tc_u32vec size_modes; /* the OpExecutionMode(Id) instructions of LocalSize(Id) */
	tc_thread_id *tids;   /* the function's reads of an invocation's index */
	size_t ntids, tids_cap;
	/* calls between functions (for the barrier closure) */
	tc_u32vec call_from, call_to;
	/*
	 * Pointers to Function memory (pointer_params): per id, the root it is
	 * derived from (a Function variable or a parameter of Function pointer
	 * type), TC_NONE; per root, RT_* flags; the parameters of each
	 * function, in order.
	 */
	uint32_t *groot;
	uint8_t *rtfl;
	size_t nrt, rtcap;
	tc_u32vec fparam;
	/* a graphed function calls another: each graph gets its description
	 * (graph/desc.h), graph_of giving a function's graph */
	bool describe;
	uint32_t *graph_of;
	/* the function being made into a graph */
	const sfunc *gf;
	sblock *blk;
	size_t blkcap;
	uint32_t nblk; /* its blocks */
	tc_u32vec succ, bars; /* barriers: instruction indices, by block */
	sloc *iloc;           /* per instruction of the function */
	size_t iloccap;
	/* the function as registers (analysis/ssa.h) */
	tc_u32vec rblock, rdef, ropoff, rop, ropblk, rinst; /* rinst: its SPIR-V instruction */
	uint8_t *rkind;
	size_t rkindcap;
	tc_u32vec cond;
	/* its parameters' values, its calls of functions with graphs, and
	 * their arguments' values (graph/desc.h) */
	tc_u32vec pval, carg;
	scall *calls;
	size_t ncalls, callcap;
	/* its collectives, and the sub-group's view of it */
	scoll *found;
	size_t nfound, foundcap;
	bool any_sub; /* some collective of the function is a sub-group's */
	tc_lane_op *lane; /* per instruction of the register form */
	size_t lanecap;
	uint32_t nregs;
	tc_arg_tests tests; /* of its collectives' arguments */
	const tc_fn_sink *sink; /* what each function's description goes to */
	/* per debug scope: the file (an OpString's instruction) of the first
	 * line of code in it, TC_NONE; made when inlined code needs it */
	uint32_t *sfile;
	double uniformity_s;
	char bname[32];
	char what[160];
	char warnings[4][800];
	size_t nwarnings;
} reader;

#define MANY (UINT32_MAX - 1)
/* reader.pattr: FuncParamAttr ByVal, NoWrite; and, once looked at
 * (PA_SCANNED), whether the function only reads through it (PA_READ) */
enum { PA_BYVAL = 1, PA_NOWRITE = 2, PA_SCANNED = 4, PA_READ = 8 };

static int oom(reader *r)
{
	if (!r->rc)
		r->rc = tc__diag(r->diag, TC_ENOMEM, r->file, 0, 0, "out of memory");
	return r->rc;
}

static int push(reader *r, tc_u32vec *v, uint32_t x)
{
	return tc__u32vec_push(&r->al, v, x) ? oom(r) : TC_OK;
}

static uint32_t opcode_at(const reader *r, uint32_t i)
{
	return i < r->nin ? r->in[i].op : 0;
}

/* Word k of instruction i (0: the opcode word), or 0 past its end. */
static uint32_t word(const reader *r, uint32_t i, uint32_t k)
{
	return i < r->nin && k < r->in[i].nw ? r->w[r->in[i].off + k] : 0;
}

/* The literal string that starts at word k of instruction i. */
static const char *str_at(const reader *r, uint32_t i, uint32_t k, size_t *len)
{
	*len = 0;
	if (i >= r->nin || k >= r->in[i].nw)
		return "";
	const char *s = (const char *)(r->w + r->in[i].off + k);
	size_t max = (size_t)(r->in[i].nw - k) * 4;
	while (*len < max && s[*len])
		(*len)++;
	return s;
}

static uint32_t def_of(const reader *r, uint32_t id)
{
	return id < r->bound ? r->def[id] : TC_NONE;
}

/* ---- errors ------------------------------------------------------------------ */

static bool terminator(uint32_t op);

/* An error at instruction i: its line in the assembly text, else nothing. */
static int err_at(reader *r, uint32_t i, const char *fmt, ...)
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
		if (op == SpvOpNoLine || op == SpvOpLabel || terminator(op))
			break;
		if (op != SpvOpLine)
			continue;
		uint32_t s = def_of(r, word(r, k, 1));
		size_t len;
		if (opcode_at(r, s) == SpvOpString) {
			const char *f = str_at(r, s, 2, &len);
			snprintf(where + n, sizeof where - n, "%s(%.*s:%u:%u)", n ? " " : "",
				 (int)(len < 100 ? len : 100), f, word(r, k, 2), word(r, k, 3));
		}
		break;
	}
	if (where[0])
		return r->rc = tc__diag(r->diag, TC_EPARSE, r->file, line, col, "%s: %s", where, msg);
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

static uint32_t idop_end(const reader *r, uint32_t i)
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
	r->tline = tc__malloc(&r->al, (r->nin + 1) * sizeof *r->tline);
	r->tcol = tc__malloc(&r->al, (r->nin + 1) * sizeof *r->tcol);
	if (!r->tline || !r->tcol)
		return oom(r);
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
		if (tn > 2 && t[s] == 'O' && t[s + 1] == 'p' && t[s + 2] >= 'A' && t[s + 2] <= 'Z') {
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
		tc__free(&r->al, r->tline);
		tc__free(&r->al, r->tcol);
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

static bool is_pointer_class_shared(uint32_t sc)
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
static uint32_t pointer_class(const reader *r, uint32_t t)
{
	uint32_t i = def_of(r, t);
	if (opcode_at(r, i) == SpvOpTypePointer || opcode_at(r, i) == SpvOpTypeForwardPointer)
		return word(r, i, 2);
	return TC_NONE;
}

/* Whether id is an OpConstant of an integer type; its value (low 32 bits). */
static bool int_constant(const reader *r, uint32_t id, uint32_t *v, bool *spec)
{
	uint32_t i = def_of(r, id);
	*spec = false;
	switch (opcode_at(r, i)) {
	case SpvOpConstant:
		*v = word(r, i, 3);
		return opcode_at(r, def_of(r, r->in[i].type)) == SpvOpTypeInt;
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
	r->def = tc__malloc(&r->al, b * sizeof *r->def);
	r->name = tc__malloc(&r->al, b * sizeof *r->name);
	r->built = tc__calloc(&r->al, b, sizeof *r->built);
	r->pattr = tc__calloc(&r->al, b, 1);
	r->ext = tc__calloc(&r->al, b, 1);
	r->fmap = tc__malloc(&r->al, b * sizeof *r->fmap);
	r->pvfn = tc__malloc(&r->al, b * sizeof *r->pvfn);
	r->bidx = tc__malloc(&r->al, b * sizeof *r->bidx);
	r->val = tc__malloc(&r->al, b * sizeof *r->val);
	r->root = tc__malloc(&r->al, b * sizeof *r->root);
	if (!r->def || !r->name || !r->built || !r->pattr || !r->ext || !r->fmap || !r->pvfn ||
	    !r->bidx || !r->val || !r->root)
		return oom(r);
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
			s = str_at(r, i, 2, &len);
			if (x->res < r->bound)
				r->ext[x->res] =
				    (len == 12 && memcmp(s, "GLSL.std.450", 12) == 0) ||
					    (len == 10 && memcmp(s, "OpenCL.std", 10) == 0)
					? EXT_PURE
				    : strcmp(s, "NonSemantic.Shader.DebugInfo.100") == 0 ? EXT_NSDEBUG
				    : strncmp(s, "NonSemantic.", 12) == 0 ||
					    strcmp(s, "OpenCL.DebugInfo.100") == 0 ||
					    strcmp(s, "DebugInfo") == 0
					? EXT_DEBUG
					: EXT_OTHER;
			break;
		case SpvOpEntryPoint:
			if (push(r, &r->ep_fn, word(r, i, 2)) || push(r, &r->ep_name, i))
				return r->rc;
			break;
		case SpvOpExecutionMode:
		case SpvOpExecutionModeId:
			if (x->nw == 6 && (word(r, i, 2) == SpvExecutionModeLocalSize ||
					   word(r, i, 2) == SpvExecutionModeLocalSizeId) &&
			    push(r, &r->size_modes, i))
				return r->rc;
			break;
		case SpvOpName:
			if (word(r, i, 1) < r->bound)
				r->name[word(r, i, 1)] = i;
			break;
		case SpvOpDecorate:
			if (word(r, i, 2) == SpvDecorationBuiltIn && word(r, i, 1) < r->bound)
				r->built[word(r, i, 1)] = word(r, i, 3) + 1;
			if (word(r, i, 2) == SpvDecorationFuncParamAttr && word(r, i, 1) < r->bound)
				r->pattr[word(r, i, 1)] |=
				    word(r, i, 3) == SpvFunctionParameterAttributeByVal    ? PA_BYVAL
				    : word(r, i, 3) == SpvFunctionParameterAttributeNoWrite ? PA_NOWRITE
											   : 0;
			break;
		case SpvOpFunction:
			if (tc__grow(&r->al, &r->fn, &r->fncap, r->nfn + 1, sizeof *r->fn))
				return oom(r);
			cur = (uint32_t)r->nfn;
			r->fn[r->nfn++] =
			    (sfunc){x->res, i, i, NULL, 0, false, true, false, 0, 0, 0, 0, {0, 0, 0}};
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
			for (uint32_t k = x->idop; k < idop_end(r, i); k++) {
				uint32_t id = r->ids.v[k];
				uint32_t d = def_of(r, id);
				if (opcode_at(r, d) == SpvOpVariable &&
				    word(r, d, 3) == SpvStorageClassPrivate)
					r->pvfn[id] = r->pvfn[id] == TC_NONE || r->pvfn[id] == cur
							  ? cur
							  : MANY;
			}
	}
	/* the workgroup sizes the entry points declare (an id's: a constant) */
	for (size_t k = 0; k < r->size_modes.len; k++) {
		uint32_t i = r->size_modes.v[k], fid = word(r, i, 1);
		uint32_t f = fid < r->bound ? r->fmap[fid] : TC_NONE, v[3];
		bool spec, ok = f != TC_NONE;
		for (int d = 0; d < 3 && ok; d++)
			ok = r->in[i].op == SpvOpExecutionMode
				     ? (v[d] = word(r, i, 3 + (uint32_t)d), true)
				     : int_constant(r, word(r, i, 3 + (uint32_t)d), &v[d], &spec);
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
		r->fn[f].name = str_at(r, r->ep_name.v[k], 3, &r->fn[f].nlen);
	}
	for (size_t f = 0; f < r->nfn; f++) {
		sfunc *g = &r->fn[f];
		uint32_t ni = g->id < r->bound ? r->name[g->id] : TC_NONE;
		if (!g->name && ni != TC_NONE)
			g->name = str_at(r, ni, 2, &g->nlen);
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
			if (r->in[i].op == SpvOpFunctionCall && word(r, i, 3) < r->bound &&
			    r->fmap[word(r, i, 3)] != TC_NONE)
				calls[r->fmap[word(r, i, 3)]]++;
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
				ok = word(r, i, 3) < r->bound && r->ext[word(r, i, 3)] >= EXT_DEBUG;
				break;
			default:
				ok = false;
			}
		}
		if (!ok || call == TC_NONE || r->in[call].nw != 4 + np)
			continue;
		for (uint32_t k = 0; k < np && ok; k++)
			ok = word(r, call, 4 + k) == params[k];
		uint32_t t = word(r, call, 3) < r->bound ? r->fmap[word(r, call, 3)] : TC_NONE;
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
static int constant_scope(reader *r, uint32_t i)
{
	uint32_t scope, id = word(r, i, 1);
	bool spec;
	if (int_constant(r, id, &scope, &spec))
		return TC_OK;
	return err_at(r, i,
		      spec ? "the execution scope of OpControlBarrier is a specialization "
			     "constant (%%%u): its value is not known until the pipeline is made"
			   : "the execution scope of OpControlBarrier (%%%u) is not a constant",
		      id);
}

/* Whether instruction i waits for the workgroup: an OpControlBarrier whose
 * execution scope is Workgroup or wider (constant_scope checked it is a
 * constant), or a call of a function that executes one. */
static bool is_barrier(const reader *r, uint32_t i)
{
	uint32_t scope, t;
	bool spec;
	switch (r->in[i].op) {
	case SpvOpControlBarrier:
		return int_constant(r, word(r, i, 1), &scope, &spec) &&
		       (scope == SpvScopeCrossDevice || scope == SpvScopeDevice ||
			scope == SpvScopeWorkgroup || scope == SpvScopeQueueFamily);
	case SpvOpFunctionCall:
		t = word(r, i, 3) < r->bound ? r->fmap[word(r, i, 3)] : TC_NONE;
		return t != TC_NONE && r->fn[t].barrier;
	default:
		return false;
	}
}

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
	return word(r, i, (r->in[i].type ? 3 : 1) + k);
}

/*
 * Whether instruction i is a collective, an operation every invocation of
 * its group must reach together: its row, and its group from its execution
 * scope (a constant; Workgroup: the block, Subgroup: the sub-group). The
 * OpGroupNonUniform instructions are not: they are meant for non-uniform
 * control flow. Nor is an OpControlBarrier of Workgroup scope or wider (a
 * barrier node) or one of a scope that is not known.
 */
static const scoll_row *collective(const reader *r, uint32_t i, uint8_t *group)
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
	if (!row || !int_constant(r, operand(r, i, 0), &scope, &spec))
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
static int barrier_functions(reader *r)
{
	uint8_t *has = tc__calloc(&r->al, r->nfn + 1, 1);
	if (!has)
		return oom(r);
	int rc = TC_OK;
	for (size_t f = 0; f < r->nfn && !rc; f++)
		for (uint32_t i = r->fn[f].i0; i < r->fn[f].i1 && !rc; i++) {
			uint8_t grp;
			if (collective(r, i, &grp))
				r->fn[f].reach |= (uint8_t)(1u << grp);
			if (r->in[i].op == SpvOpControlBarrier) {
				rc = constant_scope(r, i);
				has[f] |= is_barrier(r, i);
			} else if (r->in[i].op == SpvOpFunctionCall) {
				uint32_t t = word(r, i, 3) < r->bound ? r->fmap[word(r, i, 3)]
								      : TC_NONE;
				if (t != TC_NONE && (push(r, &r->call_from, (uint32_t)f) ||
						     push(r, &r->call_to, t)))
					rc = r->rc;
			}
		}
	if (!rc && tc__gpu_barrier_closure(&r->al, (uint32_t)r->nfn, r->call_from.v, r->call_to.v,
					   r->call_from.len, has))
		rc = oom(r);
	for (size_t f = 0; f < r->nfn && !rc; f++)
		r->fn[f].barrier = has[f];
	/* the same closure per group, through has */
	for (unsigned grp = 0; grp < 3 && !rc; grp++) {
		for (size_t f = 0; f < r->nfn; f++)
			has[f] = (r->fn[f].reach >> grp) & 1;
		if (tc__gpu_barrier_closure(&r->al, (uint32_t)r->nfn, r->call_from.v, r->call_to.v,
					    r->call_from.len, has))
			rc = oom(r);
		for (size_t f = 0; f < r->nfn && !rc; f++)
			r->fn[f].reach |= (uint8_t)(has[f] << grp);
	}
	tc__free(&r->al, has);
	return rc;
}

/* ---- one function: blocks, positions, values ---------------------------------- */

static bool terminator(uint32_t op)
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
static uint32_t const_value(const reader *r, uint32_t id)
{
	uint32_t v;
	bool spec;
	return int_constant(r, id, &v, &spec) ? v : 0;
}

/* Notes the collectives instruction i (in block k, after seg barriers
 * there) executes: its own, or those of the function it calls. */
static int note_collective(reader *r, uint32_t i, uint32_t k, uint32_t seg)
{
	uint8_t grp = 0;
	const scoll_row *row = collective(r, i, &grp);
	unsigned groups = row ? 1u << grp : 0;
	if (!row && r->in[i].op == SpvOpFunctionCall) {
		uint32_t t = word(r, i, 3) < r->bound ? r->fmap[word(r, i, 3)] : TC_NONE;
		groups = t != TC_NONE ? r->fn[t].reach : 0;
	}
	for (unsigned g = 0; g < 3; g++) {
		if (!((groups >> g) & 1))
			continue;
		if (tc__grow(&r->al, &r->found, &r->foundcap, r->nfound + 1, sizeof *r->found))
			return oom(r);
		r->found[r->nfound++] = (scoll){row, i, k, seg, (uint8_t)g};
		r->any_sub |= g != TC_GROUP_BLOCK;
	}
	return TC_OK;
}

/* Blocks, their successors, barriers and collectives, and every
 * instruction's position. */
static int blocks(reader *r, const sfunc *f, uint32_t *nb_out)
{
	uint32_t nb = 0;
	for (uint32_t i = f->i0; i < f->i1; i++)
		if (r->in[i].op == SpvOpLabel) {
			if (tc__grow(&r->al, &r->blk, &r->blkcap, (size_t)nb + 1, sizeof *r->blk))
				return oom(r);
			r->blk[nb] = (sblock){i, i + 1, i + 1, 0, 0, 0, 0};
			if (r->in[i].res < r->bound)
				r->bidx[r->in[i].res] = nb;
			nb++;
		}
	size_t n = (size_t)f->i1 - f->i0 + 1;
	if (tc__grow(&r->al, &r->iloc, &r->iloccap, n, sizeof *r->iloc))
		return oom(r);
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
				cur = (sloc){word(r, i, 1), word(r, i, 2), word(r, i, 3), scope,
					     inlined};
				break;
			case SpvOpNoLine:
				cur.file = cur.line = cur.col = 0;
				break;
			case SpvOpExtInst:
				if (word(r, i, 3) < r->bound && r->ext[word(r, i, 3)] == EXT_NSDEBUG) {
					uint32_t e = word(r, i, 4);
					if (e == NonSemanticShaderDebugInfo100DebugLine) {
						uint32_t src = def_of(r, word(r, i, 5));
						cur = (sloc){word(r, src, 5),
							     const_value(r, word(r, i, 6)),
							     const_value(r, word(r, i, 8)), scope,
							     inlined};
					} else if (e == NonSemanticShaderDebugInfo100DebugNoLine) {
						cur.file = cur.line = cur.col = 0;
					} else if (e == NonSemanticShaderDebugInfo100DebugScope) {
						scope = cur.scope = word(r, i, 5);
						inlined = cur.inlined = word(r, i, 6); /* 0: none */
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
			if (is_barrier(r, i)) {
				if (push(r, &r->bars, i))
					return r->rc;
				b->nbar++;
			}
			if (!terminator(x->op))
				continue;
			/* successors; a target that is no block of the function (an
			 * unvalidated module) is dropped */
			uint32_t t[2] = {TC_NONE, TC_NONE};
			switch (x->op) {
			case SpvOpBranch:
				t[0] = word(r, i, 1);
				break;
			case SpvOpBranchConditional:
				t[0] = word(r, i, 2), t[1] = word(r, i, 3);
				break;
			case SpvOpSwitch: {
				/* selector, default, then (literal, label) pairs; a
				 * literal is as wide as the selector */
				uint32_t sel = def_of(r, word(r, i, 1));
				uint32_t ty = sel != TC_NONE ? def_of(r, r->in[sel].type) : TC_NONE;
				uint32_t lw = word(r, ty, 2) > 32 ? 2 : 1;
				uint32_t tl = word(r, i, 2);
				if (tl < r->bound && r->bidx[tl] != TC_NONE && push(r, &r->succ, r->bidx[tl]))
					return r->rc;
				for (uint32_t k2 = 3 + lw; k2 < x->nw; k2 += lw + 1) {
					uint32_t l = word(r, i, k2);
					if (l < r->bound && r->bidx[l] != TC_NONE &&
					    push(r, &r->succ, r->bidx[l]))
						return r->rc;
				}
				break;
			}
			case SpvOpUnreachable:
				break;
			default: /* returns, kills: the virtual exit */
				if (push(r, &r->succ, nb))
					return r->rc;
			}
			for (int s = 0; s < 2; s++)
				if (t[s] != TC_NONE && t[s] < r->bound && r->bidx[t[s]] != TC_NONE &&
				    push(r, &r->succ, r->bidx[t[s]]))
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

static bool pointer_derivation(uint32_t op)
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
		if (word(r, i, k) == id)
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
	case SpvOpStore:
		return word(r, i, 2) != id; /* the stored value is not the address */
	case SpvOpExtInst:
		return word(r, i, 3) < r->bound && r->ext[word(r, i, 3)] >= EXT_DEBUG;
	default: /* derived from it, and not by an index that is the address */
		return pointer_derivation(r->in[i].op) && word(r, i, 3) == id &&
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
enum { RT_PARAM = 1, RT_UNSAFE = 2, RT_WRITES = 4, RT_NOPROM = 8, RT_CALLED = 16 };

static uint32_t callee_of(const reader *r, uint32_t i)
{
	return word(r, i, 3) < r->bound ? r->fmap[word(r, i, 3)] : TC_NONE;
}

static uint32_t root_of(const reader *r, uint32_t id)
{
	return r->groot && id < r->bound ? r->groot[id] : TC_NONE;
}

/* The root of function t's parameter k, TC_NONE (not a Function pointer,
 * no body, no such parameter). */
static uint32_t param_root(const reader *r, uint32_t t, uint32_t k)
{
	if (t == TC_NONE || k >= r->fn[t].np)
		return TC_NONE;
	return root_of(r, r->fparam.v[r->fn[t].p0 + k]);
}

/* Whether parameter id is read as a register. */
static bool promoted_param(const reader *r, uint32_t id)
{
	uint32_t q = root_of(r, id);
	return q != TC_NONE && (r->rtfl[q] & (RT_PARAM | RT_NOPROM)) == RT_PARAM;
}

/* Whether call i passes id only to parameters that keep it to themselves. */
static bool call_keeps(const reader *r, uint32_t i, uint32_t id)
{
	if (word(r, i, 3) == id)
		return false;
	uint32_t t = callee_of(r, i);
	for (uint32_t k = 4; k < r->in[i].nw; k++) {
		if (word(r, i, k) != id)
			continue;
		uint32_t q = param_root(r, t, k - 4);
		if (q == TC_NONE || (r->rtfl[q] & RT_UNSAFE))
			return false;
	}
	return true;
}

/* harmless_use, and calls that keep the address (call_keeps) */
static bool use_ok(const reader *r, uint32_t i, uint32_t id)
{
	return r->in[i].op == SpvOpFunctionCall ? call_keeps(r, i, id) : harmless_use(r, i, id);
}

static int new_root(reader *r, uint32_t id, uint8_t fl)
{
	if (r->nrt >= UINT32_MAX - 2 || tc__grow(&r->al, &r->rtfl, &r->rtcap, r->nrt + 1, 1))
		return oom(r);
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
	int rc = off && adj ? TC_OK : oom(r);
	for (size_t e = 0; e < na && !rc; e++)
		off[from->v[e] + 2]++;
	for (size_t u = 0; u < n && !rc; u++)
		off[u + 2] += off[u + 1];
	for (size_t e = 0; e < na && !rc; e++)
		adj[off[from->v[e] + 1]++] = to->v[e];
	for (size_t u = 0; u < n && !rc; u++)
		if (r->rtfl[u] & in)
			rc = push(r, &work, (uint32_t)u);
	while (work.len && !rc) {
		uint32_t u = work.v[--work.len];
		for (uint32_t e = off[u]; e < off[u + 1] && !rc; e++) {
			uint32_t v = adj[e];
			if (r->rtfl[v] & out)
				continue;
			r->rtfl[v] |= out;
			if (out & in)
				rc = push(r, &work, v);
		}
	}
	tc__free(&r->al, off);
	tc__free(&r->al, adj);
	tc__u32vec_free(&r->al, &work);
	return rc;
}

static int pointer_params(reader *r)
{
	size_t b = (size_t)r->bound + 1;
	if (!(r->groot = tc__malloc(&r->al, b * sizeof *r->groot)))
		return oom(r);
	memset(r->groot, 0xff, b * sizeof *r->groot);
	int rc = TC_OK;
	for (size_t f = 0; f < r->nfn && !rc; f++) {
		sfunc *g = &r->fn[f];
		g->p0 = (uint32_t)r->fparam.len;
		for (uint32_t i = g->i0 + 1; i < g->i1 && r->in[i].op != SpvOpLabel && !rc; i++) {
			const sinst *x = &r->in[i];
			if (x->op != SpvOpFunctionParameter)
				continue;
			g->np++;
			rc = push(r, &r->fparam, x->res);
			if (!rc && g->body && x->res < r->bound && r->groot[x->res] == TC_NONE &&
			    pointer_class(r, x->type) == SpvStorageClassFunction)
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
			uint32_t rb = x->nw > 3 ? root_of(r, word(r, i, 3)) : TC_NONE;
			if (x->op == SpvOpVariable && word(r, i, 3) == SpvStorageClassFunction &&
			    x->res < r->bound && r->groot[x->res] == TC_NONE)
				rc = new_root(r, x->res, 0);
			else if (pointer_derivation(x->op) && rb != TC_NONE && x->res < r->bound &&
				 r->groot[x->res] == TC_NONE)
				r->groot[x->res] = rb;
			if (x->op != SpvOpFunctionCall) {
				for (uint32_t k = x->idop; k < idop_end(r, i); k++) {
					uint32_t id = r->ids.v[k], q = root_of(r, id);
					if (q == TC_NONE)
						continue;
					if (!harmless_use(r, i, id))
						r->rtfl[q] |= RT_UNSAFE;
					else if (x->op == SpvOpStore && word(r, i, 1) == id)
						r->rtfl[q] |= RT_WRITES;
				}
				continue;
			}
			uint32_t t = callee_of(r, i), na = x->nw > 4 ? x->nw - 4u : 0;
			for (uint32_t k = 0; k < na && !rc; k++) {
				uint32_t a = word(r, i, 4 + k), ra = root_of(r, a);
				uint32_t q = param_root(r, t, k); /* TC_NONE without a body */
				if (ra != TC_NONE && q == TC_NONE)
					r->rtfl[ra] |= RT_UNSAFE;
				else if (ra != TC_NONE &&
					 (push(r, &pass_from, ra) || push(r, &pass_to, q)))
					rc = r->rc;
				if (q == TC_NONE || rc)
					continue;
				r->rtfl[q] |= RT_CALLED;
				if (ra == TC_NONE) {
					r->rtfl[q] |= RT_NOPROM;
					continue;
				}
				if (push(r, &base_from, ra) || push(r, &base_to, q))
					rc = r->rc;
				for (uint32_t k2 = 0; k2 < k && !rc; k2++) {
					if (root_of(r, word(r, i, 4 + k2)) != ra)
						continue;
					uint32_t q2 = param_root(r, t, k2);
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

/* ---- one function: its values ------------------------------------------------ */

static bool pure_op(uint32_t op)
{
	return (op >= SpvOpAccessChain && op <= SpvOpInBoundsPtrAccessChain) ||
	       (op >= SpvOpVectorExtractDynamic && op <= SpvOpTranspose) ||
	       op == SpvOpSampledImage || op == SpvOpImage ||
	       (op >= SpvOpImageQuerySizeLod && op <= SpvOpImageQuerySamples) ||
	       (op >= SpvOpConvertFToU && op <= SpvOpBitCount) ||
	       (op >= SpvOpCopyLogical && op <= SpvOpPtrDiff);
}

/* The module-scope variable (or function parameter) a pointer is derived
 * from, through access chains and casts; TC_NONE when it comes from
 * elsewhere (a load, a phi, a call). */
static uint32_t pointer_base(const reader *r, uint32_t p)
{
	for (int steps = 0; steps < 64; steps++) {
		uint32_t i = def_of(r, p);
		uint32_t op = opcode_at(r, i);
		if (op == SpvOpVariable || op == SpvOpFunctionParameter)
			return p;
		if (!pointer_derivation(op))
			return TC_NONE;
		p = word(r, i, 3);
	}
	return TC_NONE;
}

/* Is a BuiltIn the same in every invocation of a workgroup? */
static bool uniform_builtin(uint32_t b)
{
	switch (b) {
	case SpvBuiltInWorkgroupId:
	case SpvBuiltInNumWorkgroups:
	case SpvBuiltInWorkgroupSize:
	case SpvBuiltInSubgroupSize:
	case SpvBuiltInSubgroupMaxSize:
	case SpvBuiltInNumSubgroups:
	case SpvBuiltInNumEnqueuedSubgroups:
	case SpvBuiltInGlobalSize:
	case SpvBuiltInEnqueuedWorkgroupSize:
	case SpvBuiltInGlobalOffset:
	case SpvBuiltInWorkDim:
		return true;
	default:
		return false;
	}
}

/* Whether function f only reads through its parameter param: every use of
 * it, and of the pointers derived from it, a load or a derivation (the
 * first 32 derived pointers followed; past them, no). Kept in r->pattr. */
static bool only_read(reader *r, const sfunc *f, uint32_t param)
{
	if (r->pattr[param] & PA_SCANNED)
		return r->pattr[param] & PA_READ;
	uint32_t set[32], n = 0;
	bool ok = true;
	set[n++] = param;
	for (uint32_t i = f->i0; i < f->i1 && ok; i++) {
		uint32_t op = r->in[i].op;
		bool uses = false;
		for (uint32_t k = r->in[i].idop; k < idop_end(r, i) && !uses; k++)
			for (uint32_t q = 0; q < n && !uses; q++)
				uses = r->ids.v[k] == set[q];
		if (!uses)
			continue;
		bool derived = false;
		for (uint32_t q = 0; q < n && !derived; q++)
			derived = word(r, i, 3) == set[q];
		if (op == SpvOpLoad && derived)
			continue;
		if (pointer_derivation(op) && derived && r->in[i].res && n < 32) {
			set[n++] = r->in[i].res;
			continue;
		}
		ok = false; /* a store through it, a call, a store of it, ... */
	}
	r->pattr[param] |= (uint8_t)(PA_SCANNED | (ok ? PA_READ : 0));
	return ok;
}

/*
 * A load (instruction i) not of a promoted variable: its kind, and whether
 * it depends on its address. A BuiltIn variable is what the builtin is; a
 * load from memory every invocation of the workgroup sees alike is a
 * function of its address; any other (private, generic, input, output,
 * volatile memory) differs between invocations.
 */
static uint8_t load_kind(reader *r, uint32_t i, bool kernel, bool *addr)
{
	uint32_t p = word(r, i, 3);
	*addr = true;
	if (r->in[i].nw > 4 && (word(r, i, 4) & SpvMemoryAccessVolatileMask))
		return TC_UA_SOURCE;
	uint32_t base = pointer_base(r, p);
	uint32_t b = base < r->bound ? r->built[base] : 0;
	/* a kernel's argument passed by value that it does not write (NoWrite,
	 * or no use of it writes): each invocation's copy of the same value */
	if (kernel && base < r->bound && (r->pattr[base] & PA_BYVAL) && r->gf &&
	    opcode_at(r, def_of(r, base)) == SpvOpFunctionParameter &&
	    ((r->pattr[base] & PA_NOWRITE) || only_read(r, r->gf, base)))
		return 0;
	if (b) {
		if (uniform_builtin(b - 1))
			return 0;
		*addr = false;
		return TC_UA_SOURCE | TC_UA_NAMED;
	}
	uint32_t pi = def_of(r, p);
	uint32_t sc = pointer_class(r, pi != TC_NONE ? r->in[pi].type : 0);
	if (is_pointer_class_shared(sc))
		return 0;
	if (sc == SpvStorageClassGeneric && base != TC_NONE) {
		/* a generic pointer into shared memory, or a kernel's pointer */
		uint32_t bi = def_of(r, base);
		uint32_t bsc = pointer_class(r, r->in[bi].type);
		if (is_pointer_class_shared(bsc) &&
		    (r->in[bi].op == SpvOpVariable || kernel))
			return 0;
	}
	return TC_UA_SOURCE;
}

/*
 * Whether group operation i gives every invocation of its group that
 * executes it the same result: a vote, a broadcast (its id must be the
 * same in the group), a ballot, a reduction, an async copy's event; not a
 * scan, a clustered reduction, a shuffle, an election. *scope gets its
 * execution scope, TC_NONE when that is not a constant. False for any other
 * instruction.
 */
static bool one_result(const reader *r, uint32_t i, uint32_t *scope)
{
	uint32_t op = r->in[i].op, s;
	bool reduce = word(r, i, 4) == SpvGroupOperationReduce, one, spec;
	*scope = TC_NONE;
	switch (op) {
	case SpvOpSubgroupBallotKHR: /* SPV_KHR_shader_ballot, _subgroup_vote */
	case SpvOpSubgroupFirstInvocationKHR:
	case SpvOpSubgroupReadInvocationKHR:
	case SpvOpSubgroupAllKHR:
	case SpvOpSubgroupAnyKHR:
	case SpvOpSubgroupAllEqualKHR:
		*scope = SpvScopeSubgroup;
		return true;
	case SpvOpGroupAsyncCopy:
	case SpvOpGroupAll:
	case SpvOpGroupAny:
	case SpvOpGroupBroadcast:
	case SpvOpGroupNonUniformAll:
	case SpvOpGroupNonUniformAny:
	case SpvOpGroupNonUniformAllEqual:
	case SpvOpGroupNonUniformBroadcast:
	case SpvOpGroupNonUniformBroadcastFirst:
	case SpvOpGroupNonUniformBallot:
	case SpvOpGroupNonUniformBallotFindLSB:
	case SpvOpGroupNonUniformBallotFindMSB:
		one = true;
		break;
	default:
		if ((op >= SpvOpGroupIAdd && op <= SpvOpGroupSMax) ||
		    (op >= SpvOpGroupIMulKHR && op <= SpvOpGroupLogicalXorKHR) ||
		    (op >= SpvOpGroupNonUniformIAdd && op <= SpvOpGroupNonUniformLogicalXor) ||
		    op == SpvOpGroupNonUniformBallotBitCount ||
		    (op >= SpvOpGroupIAddNonUniformAMD && op <= SpvOpGroupSMaxNonUniformAMD)) {
			one = reduce;
			break;
		}
		return false;
	}
	if (int_constant(r, word(r, i, 3), &s, &spec))
		*scope = s;
	return one;
}

/* A group operation's kind: one result for the workgroup when its scope is
 * the workgroup and it returns one value (one_result); for a subgroup (or
 * an unknown scope) it differs between subgroups, and a scan's, a
 * shuffle's or an election's differs between invocations. */
static uint8_t group_kind(const reader *r, uint32_t i)
{
	uint32_t scope;
	if (one_result(r, i, &scope) && scope == SpvScopeWorkgroup)
		return TC_UA_UNIFORM;
	return TC_UA_SOURCE;
}

static uint8_t value_kind(reader *r, uint32_t i, bool kernel, bool *addr)
{
	uint32_t op = r->in[i].op;
	*addr = true;
	if (op == SpvOpPhi)
		return TC_UA_PHI;
	if (op == SpvOpFunctionParameter)
		return kernel ? 0 : TC_UA_SOURCE; /* who calls it with what is unknown */
	if (op == SpvOpLoad)
		return load_kind(r, i, kernel, addr);
	if (pure_op(op))
		return TC_UA_PURE;
	if ((op >= SpvOpImageSampleImplicitLod && op <= SpvOpImageWrite) ||
	    (op >= SpvOpImageSparseSampleImplicitLod && op <= SpvOpImageSparseRead) ||
	    op == SpvOpUndef || op == SpvOpVariable)
		return 0;
	if (op == SpvOpExtInst)
		return word(r, i, 3) < r->bound && r->ext[word(r, i, 3)] == EXT_PURE ? TC_UA_PURE
										   : TC_UA_SOURCE;
	/* a group operation that returns one value to a workgroup; any other
	 * (atomics, calls, subgroup builtins, anything else) is a source */
	return group_kind(r, i);
}

/* Whether an instruction with a result is a value of the function: not a
 * debug instruction's, nor a promoted variable. */
static bool has_value(const reader *r, uint32_t i, const uint8_t *escaped)
{
	const sinst *x = &r->in[i];
	if (!x->res || x->res >= r->bound || x->op == SpvOpLabel)
		return false;
	if (x->op == SpvOpExtInst && word(r, i, 3) < r->bound &&
	    r->ext[word(r, i, 3)] >= EXT_DEBUG)
		return false;
	if (x->op == SpvOpVariable && r->root[x->res] != TC_NONE && !escaped[r->root[x->res]])
		return false;
	return true;
}

static bool promoted(const reader *r, uint32_t id, const uint8_t *escaped)
{
	return id < r->bound && r->root[id] != TC_NONE && !escaped[r->root[id]];
}

/* The registers: Function variables, the parameters read as registers
 * (pointer_params), and the Private variables only this entry uses, whose
 * address stays with loads, stores and the calls that keep it (use_ok);
 * *escaped per register. */
static int registers(reader *r, const sfunc *f, uint32_t fi, tc_u32vec *touched,
		     uint8_t **escaped)
{
	r->nregs = 0;
	for (uint32_t i = f->i0; i < f->i1; i++) {
		const sinst *x = &r->in[i];
		if (((x->op == SpvOpVariable && word(r, i, 3) == SpvStorageClassFunction) ||
		     (x->op == SpvOpFunctionParameter && promoted_param(r, x->res))) &&
		    x->res < r->bound && r->root[x->res] == TC_NONE) {
			r->root[x->res] = r->nregs++;
			if (push(r, touched, x->res))
				return r->rc;
		}
		if (!f->entry)
			continue;
		for (uint32_t k = x->idop; k < idop_end(r, i); k++) {
			uint32_t id = r->ids.v[k];
			if (id < r->bound && r->pvfn[id] == fi && r->root[id] == TC_NONE) {
				r->root[id] = r->nregs++;
				if (push(r, touched, id))
					return r->rc;
			}
		}
	}
	/* pointers derived from them */
	for (uint32_t i = f->i0; i < f->i1; i++) {
		const sinst *x = &r->in[i];
		uint32_t base = word(r, i, 3);
		if (pointer_derivation(x->op) && x->nw > 3 && base < r->bound &&
		    r->root[base] != TC_NONE && x->res < r->bound) {
			r->root[x->res] = r->root[base];
			if (push(r, touched, x->res))
				return r->rc;
		}
	}
	*escaped = tc__calloc(&r->al, (size_t)r->nregs + 1, 1);
	if (!*escaped)
		return oom(r);
	for (uint32_t i = f->i0; i < f->i1; i++)
		for (uint32_t k = r->in[i].idop; k < idop_end(r, i); k++) {
			uint32_t id = r->ids.v[k];
			if (id < r->bound && r->root[id] != TC_NONE && !use_ok(r, i, id))
				(*escaped)[r->root[id]] = 1;
		}
	return TC_OK;
}

/* One instruction of the register form, in block k. */
static int add_entry(reader *r, uint32_t k, uint32_t inst, uint32_t def, uint8_t kind)
{
	if (r->rblock.len >= UINT32_MAX / 4)
		return r->rc = tc__diag(r->diag, TC_ELIMIT, r->file, 0, 0, "function too large");
	if (tc__grow(&r->al, &r->rkind, &r->rkindcap, r->rblock.len + 1, 1))
		return oom(r);
	r->rkind[r->rblock.len] = kind;
	if (push(r, &r->rblock, k) || push(r, &r->rdef, def) || push(r, &r->rinst, inst) ||
	    push(r, &r->ropoff, (uint32_t)r->rop.len))
		return r->rc;
	return TC_OK;
}

static int add_op(reader *r, uint32_t x, uint32_t blk)
{
	if (x == TC_NONE)
		return TC_OK;
	return push(r, &r->rop, x) || push(r, &r->ropblk, blk) ? r->rc : TC_OK;
}

/* A value id as an operand: TC_SSA_VALUE | entry, or TC_NONE (a constant, a
 * global, a promoted variable). */
static uint32_t value_op(const reader *r, uint32_t id)
{
	return id < r->bound && r->val[id] != TC_NONE ? TC_SSA_VALUE | r->val[id] : TC_NONE;
}

/* The SSA value of id, or TC_NONE (a constant, a global, a promoted
 * variable). */
static uint32_t value_of(const reader *r, uint32_t id)
{
	return id < r->bound ? r->val[id] : TC_NONE;
}

/*
 * A call in register form: a read of each register an argument points
 * into (what the callee's parameter holds on entry), the call, then a
 * write of each such register that the callee may write through its
 * parameter (with what, the description does not say: a source). Calls of
 * functions with graphs are noted, with their arguments' values.
 */
static int call_entries(reader *r, uint32_t i, uint32_t b, int pass, uint32_t *n,
			const uint8_t *escaped)
{
	const sinst *x = &r->in[i];
	uint32_t t = callee_of(r, i), na = x->nw > 4 ? x->nw - 4u : 0;
	size_t c = r->ncalls;
	bool noted = pass == 1 && t != TC_NONE && r->fn[t].graphed;
	if (noted) {
		if (tc__grow(&r->al, &r->calls, &r->callcap, r->ncalls + 1, sizeof *r->calls))
			return oom(r);
		r->calls[r->ncalls++] = (scall){i, b, TC_NONE, (uint32_t)r->carg.len, na};
	}
	for (uint32_t k = 0; k < na; k++) {
		uint32_t a = word(r, i, 4 + k);
		if (promoted(r, a, escaped)) {
			if (noted && push(r, &r->carg, (uint32_t)r->rblock.len))
				return r->rc;
			if (pass == 1 && (add_entry(r, b, i, TC_NONE, TC_UA_PURE) ||
					  add_op(r, r->root[a], TC_NONE) ||
					  add_op(r, value_op(r, a), TC_NONE)))
				return r->rc;
			(*n)++;
		} else if (noted && push(r, &r->carg, value_of(r, a))) {
			return r->rc;
		}
	}
	if (has_value(r, i, escaped)) {
		bool addr, is_void = opcode_at(r, def_of(r, x->type)) == SpvOpTypeVoid;
		if (pass == 0)
			r->val[x->res] = *n;
		else if (noted && !is_void)
			r->calls[c].value = (uint32_t)r->rblock.len;
		if (pass == 1 && add_entry(r, b, i, TC_NONE, value_kind(r, i, r->gf->entry, &addr)))
			return r->rc;
		(*n)++;
	}
	for (uint32_t k = 0; k < na; k++) {
		uint32_t a = word(r, i, 4 + k), q = param_root(r, t, k);
		if (!promoted(r, a, escaped) || q == TC_NONE || !(r->rtfl[q] & RT_WRITES))
			continue;
		if (pass == 1 && add_entry(r, b, i, r->root[a], TC_UA_SOURCE))
			return r->rc;
		(*n)++;
	}
	return TC_OK;
}

/*
 * f in register form (analysis/ssa.h): its parameters in block 0, every
 * instruction with a value, and the stores to its registers. A load of a
 * register reads it (and the indices of the access chain it goes through);
 * a store through an access chain writes the register from its old value,
 * the value stored and the indices.
 */
/* The invocation's index builtin b (LocalInvocationId: local,
 * GlobalInvocationId: global). */
static bool index_builtin(uint32_t b, bool *global)
{
	*global = b == SpvBuiltInGlobalInvocationId;
	return b == SpvBuiltInLocalInvocationId || b == SpvBuiltInGlobalInvocationId;
}

/* When instruction i (value n of the register form) is one component of an
 * invocation's index (a load through an access chain to it, an extract from
 * a load of the whole vector), notes it in r->tids (tc_thread_id). */
static int thread_id(reader *r, uint32_t i, uint32_t n)
{
	const sinst *x = &r->in[i];
	uint32_t dim = TC_NONE, var = TC_NONE;
	bool spec, global;
	if (x->op == SpvOpLoad && x->nw >= 4) {
		uint32_t d = def_of(r, word(r, i, 3));
		uint32_t dop = opcode_at(r, d);
		if ((dop == SpvOpAccessChain || dop == SpvOpInBoundsAccessChain) && r->in[d].nw == 5 &&
		    int_constant(r, word(r, d, 4), &dim, &spec))
			var = word(r, d, 3);
	} else if (x->op == SpvOpCompositeExtract && x->nw == 5) {
		uint32_t ld = def_of(r, word(r, i, 3));
		if (opcode_at(r, ld) == SpvOpLoad && r->in[ld].nw >= 4) {
			var = word(r, ld, 3);
			dim = word(r, i, 4);
		}
	}
	if (var >= r->bound || dim > 2 || !r->built[var] || !index_builtin(r->built[var] - 1, &global))
		return TC_OK;
	if (tc__grow(&r->al, &r->tids, &r->tids_cap, r->ntids + 1, sizeof *r->tids))
		return oom(r);
	r->tids[r->ntids++] = (tc_thread_id){n, (uint8_t)dim, global, true};
	return TC_OK;
}

static int describe(reader *r, const sfunc *f, uint32_t nb, const uint8_t *escaped)
{
	r->ntids = 0;
	r->rblock.len = r->rdef.len = r->ropoff.len = r->rop.len = r->ropblk.len = 0;
	r->rinst.len = r->cond.len = 0;
	r->pval.len = r->carg.len = r->ncalls = 0;
	/* numbering first: a phi may name a value defined further on */
	uint32_t n = 0;
	for (int pass = 0; pass < 2; pass++) {
		n = 0;
		for (uint32_t k = 0; k <= nb; k++) {
			/* k == 0: the parameters, before the first block */
			uint32_t i0 = k == 0 ? f->i0 + 1 : r->blk[k - 1].i0;
			uint32_t i1 = k == 0 ? (nb ? r->blk[0].label : f->i1) : r->blk[k - 1].i1;
			uint32_t b = k == 0 ? 0 : k - 1;
			for (uint32_t i = i0; i < i1; i++) {
				const sinst *x = &r->in[i];
				bool store = x->op == SpvOpStore && promoted(r, word(r, i, 1), escaped);
				bool init = x->op == SpvOpVariable && x->nw > 4 &&
					    promoted(r, x->res, escaped);
				bool reg = promoted(r, x->res, escaped);
				if (pass == 1 && x->op == SpvOpFunctionParameter &&
				    push(r, &r->pval,
					 reg || has_value(r, i, escaped) ? (uint32_t)r->rblock.len
									 : TC_NONE))
					return r->rc;
				if (x->op == SpvOpFunctionParameter && reg) {
					/* a parameter read as a register: what it holds on
					 * entry, the caller's to say */
					if (pass == 1 && add_entry(r, b, i, r->root[x->res],
								   f->entry ? 0 : TC_UA_SOURCE))
						return r->rc;
					n++;
					continue;
				}
				if (x->op == SpvOpFunctionCall) {
					if (call_entries(r, i, b, pass, &n, escaped))
						return r->rc;
					continue;
				}
				if (pass == 0) {
					if (has_value(r, i, escaped))
						r->val[x->res] = n++;
					n += store || init;
					continue;
				}
				if (store || init) {
					uint32_t p = store ? word(r, i, 1) : x->res;
					uint32_t v = store ? word(r, i, 2) : word(r, i, 4);
					if (add_entry(r, b, i, r->root[p], TC_UA_PURE) ||
					    add_op(r, value_op(r, v), TC_NONE))
						return r->rc;
					if (def_of(r, p) != TC_NONE && r->in[def_of(r, p)].op != SpvOpVariable &&
					    r->in[def_of(r, p)].op != SpvOpFunctionParameter &&
					    (add_op(r, r->root[p], TC_NONE) ||
					     add_op(r, value_op(r, p), TC_NONE)))
						return r->rc;
					n++;
					continue;
				}
				if (!has_value(r, i, escaped))
					continue;
				bool addr;
				if (x->op == SpvOpLoad && promoted(r, word(r, i, 3), escaped)) {
					uint32_t p = word(r, i, 3);
					if (add_entry(r, b, i, TC_NONE, TC_UA_PURE) ||
					    add_op(r, r->root[p], TC_NONE) ||
					    add_op(r, value_op(r, p), TC_NONE))
						return r->rc;
					n++;
					continue;
				}
				uint8_t kind = value_kind(r, i, f->entry, &addr);
				if (add_entry(r, b, i, TC_NONE, kind) || thread_id(r, i, n))
					return r->rc;
				n++;
				if (x->op == SpvOpPhi) {
					for (uint32_t a = 3; a + 1 < x->nw; a += 2) {
						uint32_t par = word(r, i, a + 1);
						uint32_t pb = par < r->bound ? r->bidx[par] : TC_NONE;
						uint32_t v = value_op(r, word(r, i, a));
						if (v != TC_NONE && pb != TC_NONE && add_op(r, v, pb))
							return r->rc;
					}
					continue;
				}
				if (x->op == SpvOpLoad) {
					uint32_t v = addr ? value_op(r, word(r, i, 3)) : TC_NONE;
					if (v != TC_NONE && add_op(r, v, TC_NONE))
						return r->rc;
					continue;
				}
				if (kind & TC_UA_SOURCE)
					continue; /* its operands change nothing */
				for (uint32_t q = x->idop; q < idop_end(r, i); q++) {
					uint32_t v = value_op(r, r->ids.v[q]);
					if (v != TC_NONE && v != (TC_SSA_VALUE | (n - 1)) && add_op(r, v, TC_NONE))
						return r->rc;
				}
			}
		}
	}
	if (push(r, &r->ropoff, (uint32_t)r->rop.len))
		return r->rc;
	for (uint32_t k = 0; k < nb; k++) {
		uint32_t t = r->blk[k].i1 - 1, c = TC_NONE;
		if (t >= r->blk[k].i0 && (r->in[t].op == SpvOpBranchConditional || r->in[t].op == SpvOpSwitch))
			c = value_op(r, word(r, t, 1));
		if (push(r, &r->cond, c))
			return r->rc;
	}
	return TC_OK;
}

/* ---- the graph's callbacks (graph/blocks.h) --------------------------------- */

/* Whether instruction i is NonSemantic.Shader.DebugInfo.100's e. */
static bool nsdebug(const reader *r, uint32_t i, uint32_t e)
{
	return opcode_at(r, i) == SpvOpExtInst && word(r, i, 3) < r->bound &&
	       r->ext[word(r, i, 3)] == EXT_NSDEBUG && word(r, i, 4) == e;
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
		uint32_t d = def_of(r, scope);
		if (nsdebug(r, d, NonSemanticShaderDebugInfo100DebugFunction))
			return d;
		if (nsdebug(r, d, NonSemanticShaderDebugInfo100DebugLexicalBlock))
			scope = word(r, d, 8); /* Source, Line, Column, Parent */
		else if (nsdebug(r, d, NonSemanticShaderDebugInfo100DebugLexicalBlockDiscriminator))
			scope = word(r, d, 7); /* Source, Discriminator, Parent */
		else
			return TC_NONE;
	}
	return TC_NONE;
}

/* The files of the debug scopes, from the lines of code in them (r->sfile):
 * the first line (not line 0) set while the scope is in force. */
static void scope_files(reader *r)
{
	if (!(r->sfile = tc__malloc(&r->al, ((size_t)r->bound + 1) * sizeof *r->sfile)))
		return; /* then the scopes' own Source */
	memset(r->sfile, 0xff, ((size_t)r->bound + 1) * sizeof *r->sfile);
	uint32_t scope = 0;
	for (uint32_t i = 0; i < r->nin; i++) {
		uint32_t op = r->in[i].op, f = TC_NONE;
		if (op == SpvOpLabel || terminator(op))
			scope = 0;
		else if (nsdebug(r, i, NonSemanticShaderDebugInfo100DebugScope))
			scope = word(r, i, 5);
		else if (nsdebug(r, i, NonSemanticShaderDebugInfo100DebugNoScope))
			scope = 0;
		else if (op == SpvOpLine && word(r, i, 2))
			f = def_of(r, word(r, i, 1));
		else if (nsdebug(r, i, NonSemanticShaderDebugInfo100DebugLine) &&
			 const_value(r, word(r, i, 6)))
			f = def_of(r, word(r, def_of(r, word(r, i, 5)), 5));
		if (f != TC_NONE && opcode_at(r, f) == SpvOpString && scope && scope < r->bound &&
		    r->sfile[scope] == TC_NONE)
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
	uint32_t d = def_of(r, scope), src = TC_NONE;
	if (nsdebug(r, d, NonSemanticShaderDebugInfo100DebugFunction))
		src = def_of(r, word(r, d, 7)); /* Name, Type, Source */
	else if (nsdebug(r, d, NonSemanticShaderDebugInfo100DebugLexicalBlock) ||
		 nsdebug(r, d, NonSemanticShaderDebugInfo100DebugLexicalBlockDiscriminator))
		src = def_of(r, word(r, d, 5));
	if (!nsdebug(r, src, NonSemanticShaderDebugInfo100DebugSource))
		return TC_NONE;
	uint32_t f = def_of(r, word(r, src, 5));
	return opcode_at(r, f) == SpvOpString ? f : TC_NONE;
}

/* Whether OpString instructions a and b (TC_NONE: unknown) name one file. */
static bool same_file(const reader *r, uint32_t a, uint32_t b)
{
	if (a == TC_NONE || b == TC_NONE)
		return false;
	size_t la, lb;
	const char *sa = str_at(r, a, 2, &la), *sb = str_at(r, b, 2, &lb);
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
	uint32_t f = def_of(r, l->file);
	chain[(*n)++] = (schain){opcode_at(r, f) == SpvOpString && l->line ? f : TC_NONE, l->line,
				 l->col, l->scope};
	uint32_t at = l->inlined;
	while (*n < MAX_INLINE_DEPTH) {
		uint32_t d = def_of(r, at);
		if (!nsdebug(r, d, NonSemanticShaderDebugInfo100DebugInlinedAt))
			break;
		/* Line, Scope, Inlined (the call's own inlined-at, if any) */
		uint32_t scope = word(r, d, 6);
		chain[(*n)++] =
		    (schain){scope_file(r, scope), const_value(r, word(r, d, 5)), 0, scope};
		at = word(r, d, 7);
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
		oom(r);
		return (tc_loc){NULL, 0, 0};
	}
	return (tc_loc){kept, line, col};
}

/* Instruction i's position: its debug line (for inlined code, where it is
 * shown: shown_position), or its line in the assembly text; and, when inl
 * is not NULL and the position shown is a call's that inlined i, the
 * helper called there and the position in it. */
static tc_loc inst_loc_inl(reader *r, uint32_t i, tc_inlined *inl)
{
	const sloc *l = i >= r->gf->i0 && i <= r->gf->i1 ? &r->iloc[i - r->gf->i0] : NULL;
	size_t len = 0;
	if (l && l->inlined) {
		schain chain[MAX_INLINE_DEPTH];
		uint32_t n, in, k = shown_position(r, l, chain, &n, &in);
		if (inl && in != TC_NONE && chain[in].file != TC_NONE) {
			uint32_t fn = scope_function(r, chain[in].scope);
			uint32_t name = fn != TC_NONE ? def_of(r, word(r, fn, 5)) : TC_NONE;
			size_t nlen = 0;
			const char *s = "";
			if (opcode_at(r, name) == SpvOpString)
				s = str_at(r, name, 2, &nlen);
			if (nlen) {
				const char *f = str_at(r, chain[in].file, 2, &len);
				inl->loc = kept_loc(r, f, len, chain[in].line, chain[in].col);
				if (inl->loc.file &&
				    !(inl->function = tc__module_string(r->out, s, nlen)))
					oom(r);
			}
		}
		if (chain[k].file != TC_NONE && chain[k].line) {
			const char *f = str_at(r, chain[k].file, 2, &len);
			return kept_loc(r, f, len, chain[k].line, chain[k].col);
		}
	}
	if (l && l->line && opcode_at(r, def_of(r, l->file)) == SpvOpString) {
		const char *f = str_at(r, def_of(r, l->file), 2, &len);
		return kept_loc(r, f, len, l->line, l->col);
	}
	if (r->tline && i < r->nin)
		return kept_loc(r, r->file, strlen(r->file), r->tline[i], r->tcol[i]);
	return (tc_loc){NULL, 0, 0};
}

static tc_loc inst_loc(reader *r, uint32_t i)
{
	return inst_loc_inl(r, i, NULL);
}

static const char *block_name(void *ctx, uint32_t k, size_t *len)
{
	reader *r = ctx;
	uint32_t id = r->in[r->blk[k].label].res;
	uint32_t ni = id < r->bound ? r->name[id] : TC_NONE;
	if (ni != TC_NONE) {
		const char *s = str_at(r, ni, 2, len);
		if (*len)
			return s;
	}
	*len = (size_t)snprintf(r->bname, sizeof r->bname, "%%%u", id);
	return r->bname;
}

static int block_barrier(void *ctx, uint32_t k, uint32_t j, unsigned *flags, tc_loc *loc,
			 tc_inlined *inl)
{
	reader *r = ctx;
	uint32_t first = r->blk[k].bar0;
	*flags = TC_NODE_BARRIER;
	*loc = first + j < r->bars.len ? inst_loc_inl(r, r->bars.v[first + j], inl)
				       : (tc_loc){NULL, 0, 0};
	return r->rc;
}

/* What a divergent builtin load reads: the variable's name, or the
 * builtin's. */
static const char *describe_source(reader *r, uint32_t i)
{
	uint32_t base = pointer_base(r, word(r, i, 3));
	if (base >= r->bound)
		return NULL;
	uint32_t ni = r->name[base];
	size_t len = 0;
	const char *s = ni != TC_NONE ? str_at(r, ni, 2, &len) : "";
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

static int block_branch(void *ctx, uint32_t k, tc_loc *loc)
{
	reader *r = ctx;
	*loc = inst_loc(r, r->blk[k].i1 - 1);
	return r->rc;
}

/* The builtin load value v of the register form is (tc_fn_read.source). */
static int value_source(void *ctx, uint32_t v, const char **what, tc_loc *loc)
{
	reader *r = ctx;
	if (v < r->rinst.len) {
		*what = describe_source(r, r->rinst.v[v]);
		*loc = inst_loc(r, r->rinst.v[v]);
	}
	return r->rc;
}

static int too_large(reader *r)
{
	return r->rc = tc__diag(r->diag, TC_ELIMIT, r->file, 0, 0, "function too large");
}

/* ---- collectives: the sub-group's view, arguments --------------------------- */

/* What entry e of the register form is at sub-group level (analysis/lanes.h):
 * the same in every invocation of a sub-group (SubgroupId; a vote, broadcast,
 * ballot or reduction of Subgroup scope), or nothing known (its operands
 * decide, as at workgroup level). The sub-group's size is not known: no
 * invocation id is the same in a sub-group. */
static tc_lane_op lane_op(const reader *r, uint32_t e)
{
	tc_lane_op o = {TC_LOP_OTHER, 0, 0, {TC_NONE, TC_NONE}, {0, 0}, TC_NONE};
	uint32_t i = r->rinst.v[e], scope;
	if (r->rdef.v[e] != TC_NONE) /* a store to a register */
		return o;
	if (r->in[i].op == SpvOpLoad) {
		uint32_t base = pointer_base(r, word(r, i, 3));
		if (base < r->bound && r->built[base] == SpvBuiltInSubgroupId + 1)
			o.op = TC_LOP_WARP;
	} else if (one_result(r, i, &scope) && scope == SpvScopeSubgroup) {
		o.op = TC_LOP_WARP;
	}
	return o;
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
	uint32_t vi = def_of(r, var);
	uint32_t pt = vi != TC_NONE ? def_of(r, r->in[vi].type) : TC_NONE;
	uint32_t t = opcode_at(r, def_of(r, word(r, pt, 3)));
	if (opcode_at(r, pt) != SpvOpTypePointer || t == SpvOpTypeArray ||
	    t == SpvOpTypeRuntimeArray || t == SpvOpTypeStruct || t == SpvOpTypeVector)
		return 0;
	for (uint32_t i = at; i-- > r->blk[k].i0;) {
		if (r->in[i].op == SpvOpStore && word(r, i, 1) == var)
			return word(r, i, 2);
		if (may_write(r->in[i].op))
			return 0;
	}
	return 0;
}

/* Adds the test that value v (TC_NONE: none to name) differs, or always
 * when always is set, for argument arg (named name) of a collective. */
static int add_test(reader *r, uint32_t v, bool always, unsigned arg, const char *name)
{
	return tc__arg_tests_add(&r->al, &r->tests, v, always, arg, false, name) ? oom(r) : TC_OK;
}

/* The tests of the indices of the access chains from pointer p back to the
 * first of ptr[0 .. np) (the variable itself). */
static int index_tests(reader *r, uint32_t p, const uint32_t *ptr, uint32_t np, unsigned arg,
		       const char *name)
{
	for (int steps = 0; steps < 32 && p != ptr[0]; steps++) {
		uint32_t d = def_of(r, p), op = opcode_at(r, d);
		bool known = false;
		for (uint32_t q = 0; q < np; q++)
			known |= p == ptr[q];
		if (!known || !pointer_derivation(op))
			return add_test(r, TC_NONE, true, arg, name);
		if (op >= SpvOpAccessChain && op <= SpvOpInBoundsPtrAccessChain)
			for (uint32_t k = 4; k < r->in[d].nw; k++) {
				uint32_t x = value_of(r, word(r, d, k));
				if (x != TC_NONE && add_test(r, x, false, arg, name))
					return r->rc;
			}
		p = word(r, d, 3);
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
		uint32_t v = value_of(r, last);
		return v != TC_NONE ? add_test(r, v, false, arg, name) : TC_OK;
	}
	uint32_t ptr[32], np = 0, stored_in = TC_NONE;
	ptr[np++] = var;
	for (uint32_t k = 0; k < r->nblk; k++)
		for (uint32_t i = r->blk[k].i0; i < r->blk[k].i1; i++) {
			uint32_t op = r->in[i].op, base = word(r, i, 3);
			bool from = false, to = false, val = false;
			for (uint32_t q = 0; q < np; q++) {
				from |= base == ptr[q];
				to |= word(r, i, 1) == ptr[q];
				val |= word(r, i, 2) == ptr[q];
			}
			if (op == SpvOpStore && val)
				return add_test(r, TC_NONE, true, arg, name); /* it escapes */
			if (op == SpvOpStore && to) {
				/* a copy of one of its own elements adds no value to
				 * what it holds: only where the element is chosen */
				uint32_t ld = def_of(r, word(r, i, 2));
				bool copy = false;
				for (uint32_t q = 0; q < np && opcode_at(r, ld) == SpvOpLoad; q++)
					copy |= word(r, ld, 3) == ptr[q];
				uint32_t v = value_of(r, word(r, i, 2));
				if (copy ? index_tests(r, word(r, ld, 3), ptr, np, arg, name)
					 : v != TC_NONE && add_test(r, v, false, arg, name))
					return r->rc;
				if (stored_in != TC_NONE && stored_in != k)
					return add_test(r, TC_NONE, true, arg, name);
				stored_in = k;
			} else if (pointer_derivation(op) && from && r->in[i].res) {
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
		uint32_t v = value_of(r, id), d = def_of(r, id), op = opcode_at(r, d);
		if (v == TC_NONE)
			return TC_OK;
		if (op == SpvOpVariable)
			return slot_tests(r, id, fc, arg, name);
		if (op >= SpvOpAccessChain && op <= SpvOpInBoundsPtrAccessChain) {
			for (uint32_t k = 4; k < r->in[d].nw; k++) {
				uint32_t x = value_of(r, word(r, d, k));
				if (x != TC_NONE && add_test(r, x, false, arg, name))
					return r->rc;
			}
		} else if (!pointer_derivation(op)) {
			return add_test(r, v, false, arg, name);
		}
		id = word(r, d, 3);
	}
	uint32_t v = value_of(r, id);
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
			return oom(r);
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
	uint32_t t = r->fmap[word(r, fc->inst, 3)];
	const sfunc *g = &r->fn[t];
	if (g->name && g->nlen)
		return tc__module_string(r->out, g->name, g->nlen);
	int n = snprintf(r->bname, sizeof r->bname, "%%%u", g->id);
	return tc__module_string(r->out, r->bname, (size_t)n);
}

/* The collectives of the graph just added (block k's branch ends node
 * last[k], after its nbar[k] barriers), for in, with the tests of their
 * arguments. */
static int make_collectives(reader *r, const uint32_t *last, const uint32_t *nbar,
			    tc_fn_read *in)
{
	if (r->nfound == 0)
		return TC_OK;
	const tc_alloc *mal = &r->out->al;
	tc_collective *cs = tc__calloc(mal, r->nfound, sizeof *cs);
	int rc = !cs || tc__arg_tests_start(&r->al, &r->tests, (uint32_t)r->nfound) ? oom(r)
										    : TC_OK;
	for (size_t j = 0; j < r->nfound && !rc; j++) {
		const scoll *fc = &r->found[j];
		tc_collective *c = &cs[j];
		*c = tc__gpu_collective_entry(fc->group, !fc->row, false, false, true,
					      last[fc->block] - nbar[fc->block] + fc->seg);
		tc_inlined inl = {NULL, {NULL, 0, 0}};
		c->loc = inst_loc_inl(r, fc->inst, &inl);
		c->inlined = inl.function;
		c->inlined_loc = inl.loc;
		tc__arg_tests_next(&r->tests, (uint32_t)j);
		if (!(c->name = collective_name(r, fc)))
			rc = oom(r);
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

/* ---- the description for the interprocedural check (graph/desc.h) -------- */

/* A copy of n elements of size sz, with the module's allocator; NULL when
 * out of memory. */
static void *module_copy(reader *r, const void *p, size_t n, size_t sz)
{
	void *q = tc__malloc(&r->out->al, tc__mul(n ? n : 1, sz));
	if (q && n)
		memcpy(q, p, n * sz);
	return q;
}

/* The description of the graph just added (function f, nb blocks, block
 * k's branch ending node last[k] after its nbar[k] barriers) for the
 * interprocedural check, in in->desc. */
static int fn_desc(reader *r, const sfunc *f, uint32_t nb, const uint32_t *last,
		   const uint32_t *nbar, tc_fn_read *in)
{
	const tc_alloc *mal = &r->out->al;
	size_t np = r->pval.len;
	tc_fn_desc *d = tc__fn_desc_new(r->out, nb, last, (uint32_t)np, nb);
	if (!d)
		return oom(r);
	in->desc = d; /* the analyses' from here, also on failure */
	in->read_args = true;
	d->nparams = f->np;
	d->calls = tc__calloc(mal, r->ncalls ? r->ncalls : 1, sizeof *d->calls);
	d->arg = module_copy(r, r->carg.v, r->carg.len, sizeof(uint32_t));
	int rc = d->calls && d->arg ? TC_OK : oom(r);
	for (uint32_t k = 0; k < np && !rc; k++)
		if (r->pval.v[k] != TC_NONE) {
			d->param_value[d->nparam_values] = r->pval.v[k];
			d->param_index[d->nparam_values++] = k;
		}
	/* the values returned (a constant is the same in every thread), read
	 * where they return (tc__fn_desc_read_args) */
	if (!rc && !(d->ret_block = tc__malloc(mal, tc__mul(nb ? nb : 1, sizeof(uint32_t)))))
		rc = oom(r);
	for (uint32_t k = 0; k < nb && !rc; k++) {
		uint32_t t = r->blk[k].i1 - 1;
		if (t >= r->blk[k].i0 && r->in[t].op == SpvOpReturnValue) {
			d->ret_block[d->nret] = k;
			d->ret[d->nret++] = value_of(r, word(r, t, 1));
		}
	}
	for (size_t j = 0; j < r->ncalls && !rc; j++) {
		const scall *c = &r->calls[j];
		tc_call_site *cs = &d->calls[d->ncalls++];
		uint32_t t = callee_of(r, c->inst), before = 0;
		cs->callee = r->graph_of[t];
		/* its node: after the barriers of its block before it (its own
		 * barrier node when it executes one) */
		const sblock *bk = &r->blk[c->block];
		for (uint32_t q = 0; q < bk->nbar; q++)
			before += r->bars.v[bk->bar0 + q] < c->inst;
		cs->in_node = last[c->block] - nbar[c->block] + before;
		cs->block = c->block;
		cs->node = is_barrier(r, c->inst) ? cs->in_node : TC_NONE;
		cs->value = c->value;
		cs->arg_off = c->arg_off;
		cs->nargs = c->nargs;
		cs->loc = inst_loc(r, c->inst);
		rc = r->rc;
	}
	d->narg = (uint32_t)r->carg.len;
	return rc;
}

static int graph(reader *r, uint32_t fi)
{
	const sfunc *f = &r->fn[fi];
	uint32_t nb = 0;
	tc_u32vec touched = {NULL, 0, 0};
	uint8_t *escaped = NULL;
	uint32_t *succ_off = NULL, *nbar = NULL, *last = NULL;
	tc_fn_read in = {0};
	int rc;
	r->gf = f;
	if ((rc = blocks(r, f, &nb)) || (rc = registers(r, f, fi, &touched, &escaped)) ||
	    (rc = describe(r, f, nb, escaped)))
		goto done;
	succ_off = tc__malloc(&r->al, ((size_t)nb + 1) * sizeof *succ_off);
	nbar = tc__malloc(&r->al, ((size_t)nb + 1) * sizeof *nbar);
	last = tc__malloc(&r->al, ((size_t)nb + 1) * sizeof *last);
	if (!succ_off || !nbar || !last) {
		rc = oom(r);
		goto done;
	}
	for (uint32_t k = 0; k < nb; k++) {
		succ_off[k] = r->blk[k].succ0;
		nbar[k] = r->blk[k].nbar;
	}
	succ_off[nb] = (uint32_t)r->succ.len;
	tc_reg_func rf = {nb,
			  succ_off,
			  r->succ.v,
			  r->nregs,
			  (uint32_t)r->rblock.len,
			  r->rblock.v,
			  r->rkind,
			  r->rdef.v,
			  r->ropoff.v,
			  r->rop.v,
			  r->cond.v,
			  r->ropblk.v,
			  NULL};
	/* the sub-group's view, for a function with a sub-group collective
	 * (the sub-group's size is not known) */
	if (r->any_sub) {
		if (tc__grow(&r->al, &r->lane, &r->lanecap, r->rblock.len + 1, sizeof *r->lane)) {
			rc = oom(r);
			goto done;
		}
		for (uint32_t e = 0; e < r->rblock.len; e++)
			r->lane[e] = lane_op(r, e);
		rf.lane = r->lane;
	}
	char idname[24];
	const char *name = f->name;
	size_t nlen = f->nlen;
	if (!name || !nlen) {
		nlen = (size_t)snprintf(idname, sizeof idname, "%%%u", f->id);
		name = idname;
	}
	tc_block_graph bg = {name, nlen, f->entry, nb, succ_off, r->succ.v, nbar,
			     r, block_name, block_barrier, block_branch};
	rc = tc__module_add_blocks(r->out, &bg, last);
	if (rc) {
		rc = r->rc ? r->rc : rc == TC_ELIMIT ? too_large(r) : oom(r);
		goto done;
	}
	in.regs = &rf;
	in.last = last;
	in.ctx = r;
	in.source = value_source;
	/* the workgroup's size given, else the one the entry point declares */
	tc__fn_read_block_size(&in, r->opt ? r->opt->block_size : NULL, f->size);
	in.ids = r->tids;
	in.nids = (uint32_t)r->ntids;
	rc = make_collectives(r, last, nbar, &in);
	if (!rc && r->describe)
		rc = fn_desc(r, f, nb, last, nbar, &in);
	if (!rc) {
		rc = tc__fn_read_send(r->sink, r->out, &in, &r->uniformity_s);
		if (rc)
			rc = r->rc ? r->rc : rc == TC_ELIMIT ? too_large(r) : oom(r);
	}
done:
	tc__fn_read_release(r->out, &in);
	/* the scratch over ids back to TC_NONE */
	for (uint32_t i = f->i0; i < f->i1; i++)
		if (r->in[i].res < r->bound)
			r->val[r->in[i].res] = r->bidx[r->in[i].res] = TC_NONE;
	for (size_t k = 0; k < touched.len; k++)
		r->root[touched.v[k]] = TC_NONE;
	tc__u32vec_free(&r->al, &touched);
	tc__free(&r->al, escaped);
	tc__free(&r->al, succ_off);
	tc__free(&r->al, nbar);
	tc__free(&r->al, last);
	return rc;
}

static int graphs(reader *r)
{
	const char *only = r->opt ? r->opt->function : NULL;
	size_t any = 0;
	for (size_t f = 0; f < r->nfn; f++)
		any += r->fn[f].graphed;
	if (!any) {
		snprintf(r->warnings[r->nwarnings++], sizeof r->warnings[0],
			 "no function is defined in the file: nothing to analyse");
		return only ? r->rc = tc__diag(r->diag, TC_EINVAL, r->file, 0, 0,
					       "no function named '%.100s' is defined", only)
			    : TC_OK;
	}
	/* a graph calls another: the graph each function will be, entries
	 * first, for the descriptions */
	for (size_t f = 0; f < r->nfn && !only && !r->describe; f++)
		for (uint32_t i = r->fn[f].i0; i < r->fn[f].i1 && r->fn[f].graphed; i++) {
			uint32_t t = r->in[i].op == SpvOpFunctionCall ? callee_of(r, i) : TC_NONE;
			if (t != TC_NONE && r->fn[t].graphed) {
				r->describe = true;
				break;
			}
		}
	if (r->describe) {
		if (!(r->graph_of = tc__malloc(&r->al, tc__mul(r->nfn, sizeof *r->graph_of))))
			return oom(r);
		uint32_t next = 0;
		for (int pass = 0; pass < 2; pass++)
			for (size_t f = 0; f < r->nfn; f++)
				if (r->fn[f].graphed && r->fn[f].entry == (pass == 0))
					r->graph_of[f] = next++;
				else if (!r->fn[f].graphed)
					r->graph_of[f] = TC_NONE;
	}
	bool found = false;
	for (int pass = 0; pass < 2; pass++)
		for (uint32_t f = 0; f < r->nfn; f++) {
			const sfunc *g = &r->fn[f];
			if (!g->graphed || g->entry != (pass == 0))
				continue;
			if (only && !(g->name && g->nlen == strlen(only) &&
				      memcmp(g->name, only, g->nlen) == 0))
				continue;
			found = true;
			if (graph(r, f))
				return r->rc;
		}
	if (only && !found)
		return r->rc = tc__diag(r->diag, TC_EINVAL, r->file, 0, 0,
					"no function named '%.100s' is defined", only);
	return TC_OK;
}

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

/* the rules a module may break and be read (the first instance of each) */
enum {
	RELAX_ORDER,
	RELAX_MERGE_MANY,
	RELAX_MERGE_TWICE,
	RELAX_MERGE_PLACE,
	RELAX_MERGE_TARGET,
	RELAX_SELECT,
	NRELAX
};

/* The scratch of the checks. */
typedef struct checker {
	reader *r;
	tc_arena ar;
	uint8_t *in_fn;   /* per id: defined inside a function body */
	uint32_t *nparam; /* per function: how many parameters it has */
	uint32_t *pfirst; /* per function: its first in params */
	tc_u32vec params; /* the parameters' instructions, by function */
	uint32_t *mark;   /* per block of the function: the last block that marked it */
	char relaxed[NRELAX][200];
} checker;

/* "%ID" and its OpName, for messages. */
static const char *id_text(const reader *r, uint32_t id, char *buf, size_t n)
{
	uint32_t ni = id < r->bound ? r->name[id] : TC_NONE;
	size_t len = 0;
	const char *s = ni != TC_NONE ? str_at(r, ni, 2, &len) : "";
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
	return r->in[i].op == SpvOpExtInst && word(r, i, 3) < r->bound &&
	       r->ext[word(r, i, 3)] >= EXT_DEBUG;
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
			return err_at(r, i,
				      "invalid module: id %%%u is not below the module's bound %u",
				      x->res >= r->bound ? x->res : x->type, r->bound);
		if (x->res && r->def[x->res] != i)
			return err_at(r, r->def[x->res], "invalid module: %s is defined twice",
				      id_text(r, x->res, a, sizeof a));
		if (x->op == SpvOpFunction) {
			if (st != OUTSIDE)
				return err_at(r, i, "invalid module: OpFunction inside a function");
			st = PARAMS;
			cur = r->fmap[x->res];
			if (cur == TC_NONE)
				return err_at(r, i, "invalid module: OpFunction without an id");
			c->nparam[cur] = 0;
			c->pfirst[cur] = (uint32_t)c->params.len;
			continue;
		}
		if (x->op == SpvOpFunctionEnd) {
			if (st == OUTSIDE)
				return err_at(r, i, "invalid module: OpFunctionEnd outside a "
						    "function");
			if (st == BLOCK)
				return err_at(r, label,
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
				return err_at(r, i, "invalid module: %s outside a function",
					      x->op == SpvOpLabel ? "OpLabel"
								  : "OpFunctionParameter");
			if (x->type && !global_value(r, i))
				return err_at(r, i, "invalid module: a value computed outside a "
						    "function (only constants, variables and "
						    "OpUndef may be)");
			break;
		case PARAMS:
			if (x->op == SpvOpFunctionParameter) {
				c->nparam[cur]++;
				if (push(r, &c->params, i))
					return r->rc;
				break;
			}
			if (x->op != SpvOpLabel)
				return err_at(r, i, "invalid module: an instruction before the "
						    "function's first block");
			st = BLOCK;
			label = i;
			break;
		case BLOCK:
			if (x->op == SpvOpLabel)
				return err_at(r, label,
					      "invalid module: block %s has no terminator",
					      id_text(r, r->in[label].res, a, sizeof a));
			if (x->op == SpvOpFunctionParameter)
				return err_at(r, i,
					      "invalid module: OpFunctionParameter in a block");
			if (terminator(x->op))
				st = AFTER;
			break;
		case AFTER:
			if (x->op != SpvOpLabel)
				return err_at(r, i, "invalid module: an instruction after the "
						    "terminator of block %s",
					      id_text(r, r->in[label].res, a, sizeof a));
			st = BLOCK;
			label = i;
			break;
		}
	}
	if (st != OUTSIDE)
		return err_at(r, r->nin - 1, "invalid module: a function without OpFunctionEnd");
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
			return err_at(r, i, "invalid module: %s has not been defined",
				      id_text(r, r->in[i].type, a, sizeof a));
		for (uint32_t k = r->in[i].idop; k < idop_end(r, i); k++) {
			uint32_t id = r->ids.v[k];
			if (id >= r->bound)
				return err_at(r, i,
					      "invalid module: id %%%u is not below the module's "
					      "bound %u",
					      id, r->bound);
			if (r->def[id] == TC_NONE)
				return err_at(r, i, "invalid module: %s has not been defined",
					      id_text(r, id, a, sizeof a));
		}
	}
	return TC_OK;
}

/* The type of id, TC_NONE. */
static uint32_t type_of(const reader *r, uint32_t id)
{
	uint32_t d = def_of(r, id);
	return d != TC_NONE && r->in[d].type ? r->in[d].type : TC_NONE;
}

/* The storage class of id's type, TC_NONE when it is no pointer. */
static uint32_t class_of(const reader *r, uint32_t id)
{
	uint32_t t = type_of(r, id);
	return t == TC_NONE ? TC_NONE : pointer_class(r, t);
}

/* Type t's member k (a structure's member, an array's, a vector's or a
 * matrix's element), TC_NONE. */
static uint32_t member_type(const reader *r, uint32_t t, uint32_t k)
{
	uint32_t d = def_of(r, t);
	switch (opcode_at(r, d)) {
	case SpvOpTypeStruct:
		return k + 2 < r->in[d].nw ? word(r, d, k + 2) : TC_NONE;
	case SpvOpTypeArray:
	case SpvOpTypeRuntimeArray:
	case SpvOpTypeVector:
	case SpvOpTypeMatrix:
		return word(r, d, 2);
	default:
		return TC_NONE;
	}
}

/* A pointer's storage class, or TC_NONE, as type t says. */
static uint32_t type_class(const reader *r, uint32_t t)
{
	return t == TC_NONE ? TC_NONE : pointer_class(r, t);
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
	return err_at(c->r, i,
		      "invalid module: %s is %s where %s is wanted (the storage class that a "
		      "pointer's type names must be that of the memory it points into)",
		      what, class_text(got, a, sizeof a), class_text(want, b, sizeof b));
}

/* The pointee type of id's pointer type, TC_NONE. */
static uint32_t pointee(const reader *r, uint32_t id)
{
	uint32_t t = def_of(r, type_of(r, id));
	return opcode_at(r, t) == SpvOpTypePointer ? word(r, t, 3) : TC_NONE;
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
	uint32_t res = type_class(r, x->type), base = class_of(r, word(r, i, 3)), t, k;
	switch (x->op) {
	case SpvOpVariable:
		return same_class(c, i, word(r, i, 3), res, "the variable's type");
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
		if (same_class(c, i, word(r, i, 4), res, "the result"))
			return r->rc;
		/* fall through */
	case SpvOpGenericCastToPtr:
		if (res == TC_NONE || res == SpvStorageClassGeneric)
			return same_class(c, i, SpvStorageClassWorkgroup, res, "the result");
		return same_class(c, i, SpvStorageClassGeneric, base, "the operand");
	case SpvOpPhi:
		for (k = 3; k + 1 < x->nw; k += 2)
			if (same_class(c, i, res, class_of(r, word(r, i, k)), "an incoming value"))
				return r->rc;
		return TC_OK;
	case SpvOpSelect:
		for (k = 4; k < 6; k++)
			if (same_class(c, i, res, class_of(r, word(r, i, k)), "an operand"))
				return r->rc;
		return TC_OK;
	case SpvOpFunctionCall:
		t = callee_of(r, i);
		if (same_class(c, i, type_class(r, r->in[r->fn[t].i0].type), res, "the result"))
			return r->rc;
		for (k = 0; k + 4 < x->nw; k++)
			if (same_class(c, i, class_of(r, r->in[c->params.v[c->pfirst[t] + k]].res),
				       class_of(r, word(r, i, 4 + k)), "an argument"))
				return r->rc;
		return TC_OK;
	case SpvOpReturnValue:
		return same_class(c, i, type_class(r, r->in[f->i0].type),
				  class_of(r, word(r, i, 1)), "the value returned");
	case SpvOpLoad:
		return same_class(c, i, type_class(r, pointee(r, word(r, i, 3))), res,
				  "the value loaded");
	case SpvOpStore:
		return same_class(c, i, type_class(r, pointee(r, word(r, i, 1))),
				  class_of(r, word(r, i, 2)), "the value stored");
	case SpvOpCopyMemory:
	case SpvOpCopyMemorySized:
		return same_class(c, i, type_class(r, pointee(r, word(r, i, 1))),
				  type_class(r, pointee(r, word(r, i, 2))), "what is copied");
	case SpvOpCompositeConstruct:
		for (k = 3; k < x->nw; k++)
			if (same_class(c, i, type_class(r, member_type(r, x->type, k - 3)),
				       class_of(r, word(r, i, k)), "a constituent"))
				return r->rc;
		return TC_OK;
	case SpvOpCompositeExtract:
	case SpvOpCompositeInsert:
		/* the member of the composite's type that the indices name */
		t = x->op == SpvOpCompositeInsert ? x->type : type_of(r, word(r, i, 3));
		for (k = x->op == SpvOpCompositeExtract ? 4 : 5; k < x->nw && t != TC_NONE; k++)
			t = member_type(r, t, word(r, i, k));
		if (x->op == SpvOpCompositeExtract)
			return same_class(c, i, type_class(r, t), res, "the result");
		return same_class(c, i, type_class(r, t), base, "the object");
	case SpvOpVectorExtractDynamic:
		t = member_type(r, type_of(r, word(r, i, 3)), 0);
		return same_class(c, i, res, type_class(r, t), "the component");
	case SpvOpVectorInsertDynamic:
		return same_class(c, i, type_class(r, member_type(r, x->type, 0)),
				  class_of(r, word(r, i, 4)), "the component");
	case SpvOpVectorShuffle:
		for (k = 3; k < 5; k++)
			if (same_class(c, i, type_class(r, member_type(r, x->type, 0)),
				       type_class(r, member_type(r, type_of(r, word(r, i, k)), 0)),
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
	uint32_t t = opcode_at(r, def_of(r, r->in[i].type));
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
		ts[n++] = word(r, t, 1);
	else if (op == SpvOpBranchConditional)
		ts[n++] = word(r, t, 2), ts[n++] = word(r, t, 3);
	else if (op != SpvOpSwitch)
		return TC_OK;
	if (op == SpvOpSwitch) {
		uint32_t sel = def_of(r, word(r, t, 1));
		uint32_t ty = sel != TC_NONE ? def_of(r, r->in[sel].type) : TC_NONE;
		lw = word(r, ty, 2) > 32 ? 2 : 1;
	}
	/* the targets: ts[], or the switch's default and its (literal, label)
	 * pairs */
	nt = op == SpvOpSwitch ? 1 + (r->in[t].nw - 3) / (lw + 1) : n;
	for (uint32_t j = 0; j < nt; j++) {
		uint32_t l = op != SpvOpSwitch ? ts[j] : j == 0 ? word(r, t, 2)
								: word(r, t, 3 + lw + k2);
		if (op == SpvOpSwitch && j > 0)
			k2 += lw + 1;
		uint32_t bk = l < r->bound ? r->bidx[l] : TC_NONE;
		if (bk == TC_NONE)
			return err_at(r, t,
				      "invalid module: the target %s is no block of the function",
				      id_text(r, l, a, sizeof a));
		if (bk == 0)
			return err_at(r, t,
				      "invalid module: a branch to the function's first block, "
				      "where it starts");
		if (tc__u32vec_push(&r->al, from, k) || tc__u32vec_push(&r->al, to, bk))
			return oom(r);
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
			uint32_t l = word(r, i, w);
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
		return err_at(r, i, "invalid module: %s is defined in another function",
			      id_text(r, id, a, sizeof a));
	uint32_t db = r->val[id];
	if (db == MANY || dt->pre[ub] == TC_NONE)
		return TC_OK; /* a parameter, or an unreachable use */
	if (db == ub ? ui == TC_NONE || d < ui : tc__dominates(dt, db, ub))
		return TC_OK;
	return err_at(r, i,
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
				return oom(r);
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
		rc = oom(r);
	from->len = to->len = 0;
	for (uint32_t k = 0; k < nb && !rc; k++) {
		c->mark[k] = TC_NONE;
		uint32_t t = r->blk[k].i1;
		while (t > r->blk[k].i0 && !terminator(r->in[t - 1].op))
			t--; /* past the lines after it */
		if (t > r->blk[k].i0)
			rc = check_targets(c, k, t - 1, from, to);
	}
	for (uint32_t k = 0; k < nb && !rc; k++) {
		uint32_t t = r->blk[k].i1;
		while (t > r->blk[k].i0 && !terminator(r->in[t - 1].op))
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
		rc = oom(r);
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
				for (uint32_t q = x->idop; q < idop_end(r, i) && !rc; q++)
					rc = check_use(c, f, &dt, i, r->ids.v[q], k, i);
				continue;
			}
			if (!phis)
				return err_at(r, i,
					      "invalid module: OpPhi after other instructions "
					      "of its block");
			for (uint32_t w = 3; w + 1 < x->nw && !rc; w += 2) {
				uint32_t p = word(r, i, w + 1);
				uint32_t pb = p < r->bound ? r->bidx[p] : TC_NONE;
				if (pb == TC_NONE || c->mark[pb] != k + nb)
					return err_at(r, i,
						      "invalid module: OpPhi's parent %s is no "
						      "predecessor of its block",
						      id_text(r, p, a, sizeof a));
				if (word(r, i, w) < r->bound)
					rc = check_use(c, f, &dt, i, word(r, i, w), pb, TC_NONE);
			}
		}
	}
	return rc;
}

/* Runs the checks (the module's instructions parsed, its declarations
 * read); the rules broken that the reader does without in *c. */
static int check_module(reader *r, checker *c)
{
	c->r = r;
	tc__arena_init(&c->ar, &r->al);
	c->in_fn = tc__calloc(&r->al, (size_t)r->bound + 1, 1);
	c->nparam = tc__calloc(&r->al, r->nfn + 1, sizeof *c->nparam);
	c->pfirst = tc__calloc(&r->al, r->nfn + 1, sizeof *c->pfirst);
	tc_u32vec from = {NULL, 0, 0}, to = {NULL, 0, 0};
	int rc = c->in_fn && c->nparam && c->pfirst ? TC_OK : oom(r);
	if (!rc)
		rc = check_layout(c);
	if (!rc)
		rc = check_defined(c);
	/* calls, and pointers */
	for (size_t f = 0; f < r->nfn && !rc; f++)
		for (uint32_t i = r->fn[f].i0 + 1; i < r->fn[f].i1 && !rc; i++) {
			if (r->in[i].op == SpvOpFunctionCall) {
				uint32_t t = callee_of(r, i), na = r->in[i].nw - 4u;
				char a[100], b[100];
				if (t == TC_NONE)
					rc = err_at(r, i,
						    "invalid module: OpFunctionCall of %s, which "
						    "is no function",
						    id_text(r, word(r, i, 3), a, sizeof a));
				else if (na != c->nparam[t])
					rc = err_at(r, i,
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
static void relaxed_warning(reader *r, const checker *c)
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


/* ---- the entry --------------------------------------------------------------- */

static void free_reader(reader *r)
{
	tc__free(&r->al, r->swapped);
	tc__free(&r->al, r->in);
	tc__u32vec_free(&r->al, &r->ids);
	tc__free(&r->al, r->def);
	tc__free(&r->al, r->name);
	tc__free(&r->al, r->built);
	tc__free(&r->al, r->pattr);
	tc__free(&r->al, r->ext);
	tc__free(&r->al, r->fmap);
	tc__free(&r->al, r->pvfn);
	tc__free(&r->al, r->bidx);
	tc__free(&r->al, r->val);
	tc__free(&r->al, r->root);
	tc__free(&r->al, r->tline);
	tc__free(&r->al, r->tcol);
	tc__free(&r->al, r->fn);
	tc__u32vec_free(&r->al, &r->ep_fn);
	tc__u32vec_free(&r->al, &r->ep_name);
	tc__u32vec_free(&r->al, &r->call_from);
	tc__u32vec_free(&r->al, &r->call_to);
	tc__free(&r->al, r->groot);
	tc__free(&r->al, r->rtfl);
	tc__u32vec_free(&r->al, &r->fparam);
	tc__free(&r->al, r->graph_of);
	tc__u32vec_free(&r->al, &r->pval);
	tc__u32vec_free(&r->al, &r->carg);
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
	tc__free(&r->al, r->sfile);
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
		if (r->in[i].op == SpvOpExtInst && word(r, i, 3) < r->bound &&
		    r->ext[word(r, i, 3)] >= EXT_DEBUG)
			drop += r->in[i].nw;
	if (!drop)
		return TC_OK;
	uint32_t *w = tc__malloc(&r->al, (r->nw - drop + 1) * sizeof *w);
	if (!w)
		return oom(r);
	size_t k = r->nin ? r->in[0].off : r->nw;
	memcpy(w, r->w, k * sizeof *w); /* the header */
	for (uint32_t i = 0; i < r->nin; i++) {
		if (r->in[i].op == SpvOpExtInst && word(r, i, 3) < r->bound &&
		    r->ext[word(r, i, 3)] >= EXT_DEBUG)
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
	r->swapped = tc__malloc(&r->al, len ? len : 4);
	if (!r->swapped)
		return oom(r);
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
	r.sink = sink;
	r.file = filename ? filename : "<input>";
	r.diag = diag;
	r.opt = opt;
	*out = NULL;
	if (opt && tc__options_version(opt->version, TC_READ_OPTIONS_VERSION, "tc_read_options",
				       r.file, diag))
		return TC_EINVAL;
	if (!data && len)
		return tc__diag(diag, TC_EINVAL, r.file, 0, 0, "no data");
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
			rc = oom(&r);
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
			rc = oom(&r);
			goto done;
		}
	}
	spv_result_t pr = spvBinaryParse(ctx, &r, r.w, r.nw, on_header, on_inst, &d);
	if (pr == SPV_ERROR_OUT_OF_MEMORY && !d) {
		rc = oom(&r);
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
		if ((rc = check_module(&r, &c)))
			goto done;
		if (!(flags & TC_READ_SPIRV_VALIDATE))
			relaxed_warning(&r, &c);
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
			rc = vr == SPV_ERROR_OUT_OF_MEMORY && !d ? oom(&r)
								 : tools_error(&r, d, "invalid module: ", false);
			goto done;
		}
		st.phase[st.nphases++] = (tc_phase_time){"spirv-validate", tc__now() - tv};
	}
	double t3 = tc__now();
	forwarding_wrappers(&r);
	if ((rc = barrier_functions(&r)) || (rc = pointer_params(&r)) || (rc = graphs(&r)))
		goto done;
	st.phase[st.nphases++] = (tc_phase_time){"uniformity", r.uniformity_s};
	st.phase[st.nphases++] = (tc_phase_time){"graphs", tc__now() - t3 - r.uniformity_s};
	r.out->read = st;
	for (size_t i = 0; i < r.nwarnings && !rc; i++)
		if (tc__module_warn(r.out, r.warnings[i]))
			rc = oom(&r);
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
