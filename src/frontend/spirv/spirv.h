/*
 * spirv.h - the SPIR-V reader's state and what its parts give each other
 * (src/frontend/spirv/; docs/spirv.md). Internal to the reader.
 */
#ifndef TC_FRONTEND_SPIRV_SPIRV_H
#define TC_FRONTEND_SPIRV_SPIRV_H

#include "frontend/gpu_builtins.h"
#include "frontend/readers.h"
#include "graph/blocks.h"
#include "graph/dominators.h"
#include "graph/module.h"
#include "util/clock.h"
#include "util/diag.h"
#include "util/mem.h"

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
	/* what lives until the end of the read: the tables per id and per
	 * instruction, the words when copied (freed by one tc__arena_free) */
	tc_arena ar;
	tc_diag *diag;
	const char *file;
	const tc_read_options *opt;
	tc_module *out;
	int rc;
	/* the words, native order */
	const uint32_t *w;
	size_t nw;
	uint32_t *swapped; /* a copy when the input was byte-swapped or misaligned */
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
	/* Pointer slots (pointer_slots): per id, the pointer a load of a slot
	 * reads (TC_NONE: none), and whether a variable is a slot */
	uint32_t *fwd;
	uint8_t *slot;
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
	/* what it leaves in its callers' variables (graph/desc.h, outs): per
	 * return and parameter it writes through, the read of the parameter's
	 * register there (value, block, parameter); and the writes of its
	 * registers after its calls (value, the call's index, the callee's
	 * parameter) */
	tc_u32vec outv, outb, outk, coutv, couts, coutk;
	scall *calls;
	size_t ncalls, callcap;
	/* its collectives, and the sub-group's view of it */
	scoll *found;
	size_t nfound, foundcap;
	bool any_sub; /* some collective of the function is a sub-group's */
	tc_lane_op *lane; /* per instruction of the register form */
	size_t lanecap;
	uint8_t *way; /* per block: TC_WAY_* (its branch's first successor where true) */
	size_t waycap;
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

enum { RT_PARAM = 1, RT_UNSAFE = 2, RT_WRITES = 4, RT_NOPROM = 8, RT_CALLED = 16 };

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

static inline int tc__spirv_oom(reader *r)
{
	if (!r->rc)
		r->rc = tc__diag(r->diag, TC_ENOMEM, r->file, 0, 0, "out of memory");
	return r->rc;
}

static inline int tc__spirv_push(reader *r, tc_u32vec *v, uint32_t x)
{
	return tc__u32vec_push(&r->al, v, x) ? tc__spirv_oom(r) : TC_OK;
}

static inline uint32_t tc__spirv_opcode_at(const reader *r, uint32_t i)
{
	return i < r->nin ? r->in[i].op : 0;
}

/* Word k of instruction i (0: the opcode word), or 0 past its end. */
static inline uint32_t tc__spirv_word(const reader *r, uint32_t i, uint32_t k)
{
	return i < r->nin && k < r->in[i].nw ? r->w[r->in[i].off + k] : 0;
}

/* The literal string that starts at word k of instruction i. */
static inline const char *tc__spirv_str_at(const reader *r, uint32_t i, uint32_t k, size_t *len)
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

static inline uint32_t tc__spirv_def_of(const reader *r, uint32_t id)
{
	return id < r->bound ? r->def[id] : TC_NONE;
}

/* spirv.c */
int tc__spirv_err_at(reader *r, uint32_t i, const char *fmt, ...);
uint32_t tc__spirv_idop_end(const reader *r, uint32_t i);
bool tc__spirv_is_pointer_class_shared(uint32_t sc);
uint32_t tc__spirv_pointer_class(const reader *r, uint32_t t);
/* The pointer id stands for: what a load of a pointer slot reads
 * (functions.c), or id itself. */
uint32_t tc__spirv_forward(const reader *r, uint32_t id);
bool tc__spirv_int_constant(const reader *r, uint32_t id, uint32_t *v, bool *spec);
int tc__spirv_constant_scope(reader *r, uint32_t i);
bool tc__spirv_is_barrier(const reader *r, uint32_t i);

/* collectives.c */
const scoll_row *tc__spirv_collective(const reader *r, uint32_t i, uint8_t *group);
int tc__spirv_barrier_functions(reader *r);
tc_lane_op tc__spirv_lane_op(const reader *r, uint32_t e);
/* The width of integer type t (0: not an integer type). */
unsigned tc__spirv_int_width(const reader *r, uint32_t t);
int tc__spirv_make_collectives(reader *r, const uint32_t *last, const uint32_t *nbar,
			       tc_fn_read *in);

/* functions.c */
bool tc__spirv_terminator(uint32_t op);
uint32_t tc__spirv_const_value(const reader *r, uint32_t id);
int tc__spirv_blocks(reader *r, const sfunc *f, uint32_t *nb_out);
bool tc__spirv_pointer_derivation(uint32_t op);
uint32_t tc__spirv_callee_of(const reader *r, uint32_t i);
uint32_t tc__spirv_param_root(const reader *r, uint32_t t, uint32_t k);
bool tc__spirv_promoted_param(const reader *r, uint32_t id);
bool tc__spirv_use_ok(const reader *r, uint32_t i, uint32_t id);
int tc__spirv_pointer_params(reader *r);

/* values.c */
uint32_t tc__spirv_pointer_base(const reader *r, uint32_t p);
bool tc__spirv_one_result(const reader *r, uint32_t i, uint32_t *scope);
int tc__spirv_registers(reader *r, const sfunc *f, uint32_t fi, tc_u32vec *touched,
			uint8_t **escaped);
uint32_t tc__spirv_value_of(const reader *r, uint32_t id);
int tc__spirv_describe(reader *r, const sfunc *f, uint32_t nb, const uint8_t *escaped);

/* debug.c */
tc_loc tc__spirv_inst_loc_inl(reader *r, uint32_t i, tc_inlined *inl);
tc_loc tc__spirv_inst_loc(reader *r, uint32_t i);
const char *tc__spirv_block_name(void *ctx, uint32_t k, size_t *len);
int tc__spirv_block_barrier(void *ctx, uint32_t k, uint32_t j, unsigned *flags, tc_loc *loc,
			    tc_inlined *inl);
int tc__spirv_block_branch(void *ctx, uint32_t k, tc_loc *loc);
int tc__spirv_value_source(void *ctx, uint32_t v, const char **what, tc_loc *loc);
int tc__spirv_too_large(reader *r);

/* graphs.c */
int tc__spirv_graphs(reader *r);

/* check.c */
int tc__spirv_check_module(reader *r, checker *c);
void tc__spirv_relaxed_warning(reader *r, const checker *c);

#endif
