/*
 * llvm.c - LLVM IR (text or bitcode) to flow graphs (docs/llvm.md; SPEC 3.2).
 *
 * The only file of the project that includes llvm-c. One call:
 *   parse into a context of our own, whose diagnostic handler keeps the first
 *   error instead of printing it (and instead of LLVM's default, which exits);
 *   verify; name unnamed blocks after their slot numbers in the input; drop
 *   optnone/noinline and run a modest pass pipeline (sroa, mem2reg) so that
 *   -O0 and -O2 code look alike; find the kernels and the functions that
 *   execute a barrier (through calls, over the call graph); then per defined
 *   function, kernels first: the uniformity of each branch condition, and the
 *   graph, with every barrier call a node of its own and one virtual exit.
 */
#include "frontend/gpu_builtins.h"
#include "frontend/readers.h"
#include "graph/blocks.h"
#include "graph/module.h"
#include "util/clock.h"
#include "util/diag.h"
#include "util/names.h"

#include <ctype.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/BitReader.h>
#include <llvm-c/Core.h>
#include <llvm-c/DebugInfo.h>
#include <llvm-c/Error.h>
#include <llvm-c/ErrorHandling.h>
#include <llvm-c/IRReader.h>
#include <llvm-c/Support.h>
#include <llvm-c/Transforms/PassBuilder.h>

/* calling conventions of kernels (llvm/IR/CallingConv.h) */
enum { CC_PTX_KERNEL = 71, CC_SPIR_KERNEL = 76, CC_AMDGPU_KERNEL = 91 };


/* ---- a map from LLVM objects to dense ids ------------------------------- */

typedef struct ptrmap_slot {
	uintptr_t key; /* 0 = empty */
	uint32_t val;
} ptrmap_slot;

typedef struct ptrmap {
	ptrmap_slot *slot; /* capacity a power of two */
	size_t cap, len;
} ptrmap;

/*
 * LLVM allocates a function's instructions (and blocks) one after another,
 * and the reader looks them up mostly in that order: the slot follows the
 * address (16-byte units), so neighbours share cache lines, and the higher
 * bits are folded in so that objects a table's span apart do not pile up on
 * the same slots.
 */
static size_t ptr_hash(uintptr_t p, size_t cap)
{
	uint64_t q = (uint64_t)(p >> 4);
	return (size_t)(q + (q >> 20) * 0x9e3779b97f4a7c15ull) & (cap - 1);
}

static uint32_t ptrmap_get(const ptrmap *m, const void *p)
{
	if (!m->cap || !p)
		return TC_NONE;
	uintptr_t k = (uintptr_t)p;
	for (size_t i = ptr_hash(k, m->cap);; i = (i + 1) & (m->cap - 1)) {
		if (m->slot[i].key == k)
			return m->slot[i].val;
		if (m->slot[i].key == 0)
			return TC_NONE;
	}
}

/* whether k is new */
static bool ptrmap_insert(ptrmap_slot *slot, size_t cap, uintptr_t k, uint32_t v)
{
	size_t i = ptr_hash(k, cap);
	while (slot[i].key && slot[i].key != k)
		i = (i + 1) & (cap - 1);
	bool fresh = !slot[i].key;
	slot[i].key = k;
	slot[i].val = v;
	return fresh;
}

/* room for n keys at most half full */
static int ptrmap_reserve(const tc_alloc *al, ptrmap *m, size_t n)
{
	if (2 * n <= m->cap)
		return TC_OK;
	size_t cap = m->cap ? m->cap : 64;
	while (2 * n > cap)
		cap *= 2;
	ptrmap_slot *slot = tc__calloc(al, cap, sizeof *slot);
	if (!slot)
		return TC_ENOMEM;
	for (size_t j = 0; j < m->cap; j++)
		if (m->slot[j].key)
			ptrmap_insert(slot, cap, m->slot[j].key, m->slot[j].val);
	tc__free(al, m->slot);
	m->slot = slot;
	m->cap = cap;
	return TC_OK;
}

static int ptrmap_put(const tc_alloc *al, ptrmap *m, const void *p, uint32_t v)
{
	if (ptrmap_reserve(al, m, m->len + 1))
		return TC_ENOMEM;
	m->len += ptrmap_insert(m->slot, m->cap, (uintptr_t)p, v);
	return TC_OK;
}

static void ptrmap_clear(ptrmap *m)
{
	if (m->cap)
		memset(m->slot, 0, m->cap * sizeof *m->slot);
	m->len = 0;
}

static void ptrmap_free(const tc_alloc *al, ptrmap *m)
{
	tc__free(al, m->slot);
	memset(m, 0, sizeof *m);
}

/* ---- the reader ----------------------------------------------------------- */

typedef struct block_info {
	LLVMBasicBlockRef bb;
	uint32_t first, last; /* the nodes that take the in-edges, the terminator */
	uint32_t nbarriers;
} block_info;

/* A collective found in the function being read: a builtin (row) or a call
 * of a defined function that executes one (callee, its group). */
typedef struct found_coll {
	LLVMValueRef inst;
	const tc_gpu_collective *row; /* NULL: a call of a defined function */
	uint32_t block, seg;          /* its block, the barriers before it there */
	uint8_t group;
	bool checked; /* its mask names every lane (or it has none) */
} found_coll;

typedef struct reader {
	tc_alloc al;
	const char *file;
	tc_diag *diag;
	const tc_read_options *opt;
	LLVMContextRef ctx;
	LLVMModuleRef mod;
	LLVMMemoryBufferRef bitcode; /* kept until the module is gone */
	char llvm_error[512];        /* the first error LLVM reported */
	bool has_llvm_error;
	tc_module *out;

	/* defined functions in module order */
	LLVMValueRef *fns;
	uint32_t nfn;
	uint8_t *kernel, *barrier;
	/* per function: which groups' collectives it executes, itself or
	 * through calls (bit 1 << tc_group) */
	uint8_t *reach;
	ptrmap fn_index;
	uint32_t warp_size; /* of the target; 0: unknown (spir) */
	uint32_t cur_fn;    /* the function being read */
	/* some defined function calls another: each graph gets its
	 * description (graph/desc.h), graph_of giving a function's graph */
	bool calls;
	uint32_t *graph_of;
	bool warp_module; /* some function executes a warp or sub-group collective */
	uint32_t nvalues; /* of the function being read */

	/* address spaces (SPEC 3.2: loads) */
	unsigned private_as, generic_as;
	bool spir;
	unsigned kind_memory, kind_convergent, kind_byval;

	/* per function, reused: the blocks, the values (ids: the arguments,
	 * then the instructions in block order) and the description of the
	 * function for the uniformity analysis (analysis/uniformity.h) */
	ptrmap blocks, values;
	ptrmap slots;   /* unnamed block -> its slot number (name_blocks) */
	bool own_names; /* the slots are kept here, not set as names in LLVM */
	bool stack_slots; /* some defined function has an alloca (has_stack_slots) */
	block_info *binfo;
	size_t binfo_cap;
	LLVMValueRef *vals; /* value id -> value */
	size_t vals_cap;
	uint32_t *blk; /* value id -> its block, TC_NONE for an argument */
	size_t blk_cap;
	uint8_t *kind; /* value id -> TC_UA_* */
	size_t kind_cap;
	tc_u32vec succ_off, succ, cond, use_off, user, use_block;
	tc_u32vec tmp_v, tmp_w, tmp_b; /* the uses in the order found */
	char *name; /* node names and file paths are built here */
	size_t name_cap;
	char bname[32];      /* a numbered block's name */
	LLVMValueRef cursor; /* the last barrier found in a block */
	uint32_t *nbar, *last; /* per block: barriers, the node its branch ends */
	size_t nbar_cap, last_cap;

	/* per function, reused: its collectives, and the warp's view of it */
	found_coll *found;
	size_t nfound, found_cap;
	bool any_warp; /* some collective of the function is a warp's */
	tc_lane_op *lop;
	size_t lop_cap;
	tc_arg_tests tests; /* of its collectives' arguments */
	bool mask_arg;      /* the argument tested is a warp collective's mask */
	tc_thread_id *ids;  /* its reads of a thread's index (graph/desc.h) */
	LLVMValueRef byval_seen; /* its byval argument looked at last, and */
	bool byval_read;         /* whether only reads use it (only_read) */
	size_t nids, ids_cap;
	const tc_fn_sink *sink; /* what each function's description goes to */

	double uniformity_s; /* time in the value analysis, all functions */

	char warnings[4][224]; /* for the module: what was read but ignored */
	size_t nwarnings;

	/* tc_parse_llvm_module: the module is the caller's (embedded), read as
	 * it is or, when caller is set, through a clone of it; then orig_of
	 * gives the caller's function, block or call for the clone's (an index
	 * in orig) */
	bool embedded;
	LLVMModuleRef caller;
	ptrmap orig_of;
	unsigned block_tag, call_tag; /* the metadata kinds of origin_tag */
	void **orig;
	size_t norig, orig_cap;
} reader;

static int oom(reader *r)
{
	return tc__diag(r->diag, TC_ENOMEM, r->file, 0, 0, "out of memory");
}

/* Makes sure *p holds n elements of size sz. */
static int reserve(reader *r, void *p, size_t *cap, size_t n, size_t sz)
{
	return tc__grow(&r->al, p, cap, n, sz);
}

/*
 * A message of LLVM's in our style: its first line, a lowercase first letter
 * (unless a capital follows: "DILocation"), no trailing period or '!'.
 */
static void tidy_message(char *dst, size_t cap, const char *src)
{
	size_t n = strcspn(src, "\n");
	while (n > 0 && (src[n - 1] == '.' || src[n - 1] == '!' || src[n - 1] == ' ' ||
			 src[n - 1] == ':' || src[n - 1] == '\r'))
		n--;
	snprintf(dst, cap, "%.*s", (int)n, src);
	if (dst[0] && isupper((unsigned char)dst[0]) && !isupper((unsigned char)dst[1]))
		dst[0] = (char)tolower((unsigned char)dst[0]);
}

static void on_diagnostic(LLVMDiagnosticInfoRef di, void *ud)
{
	reader *r = ud;
	if (LLVMGetDiagInfoSeverity(di) != LLVMDSError || r->has_llvm_error)
		return;
	char *s = LLVMGetDiagInfoDescription(di);
	snprintf(r->llvm_error, sizeof r->llvm_error, "%s", s ? s : "");
	LLVMDisposeMessage(s);
	r->has_llvm_error = true;
}

/* Parses "FILE:LINE:COL: error: MESSAGE" as the IR parser writes it. */
static int parse_error(reader *r, const char *msg)
{
	char text[256];
	size_t flen = strlen(r->file);
	if (strncmp(msg, r->file, flen) == 0 && msg[flen] == ':') {
		const char *p = msg + flen + 1;
		unsigned long line = 0, col = 0;
		while (isdigit((unsigned char)*p))
			line = line * 10 + (unsigned long)(*p++ - '0');
		if (*p == ':')
			p++;
		while (isdigit((unsigned char)*p))
			col = col * 10 + (unsigned long)(*p++ - '0');
		const char *tag = ": error: ";
		if (line > 0 && line <= UINT32_MAX && col <= UINT32_MAX &&
		    strncmp(p, tag, strlen(tag)) == 0) {
			tidy_message(text, sizeof text, p + strlen(tag));
			return tc__diag(r->diag, TC_EPARSE, r->file, (uint32_t)line, (uint32_t)col,
					"%s", text);
		}
	}
	tidy_message(text, sizeof text, msg);
	return tc__diag(r->diag, TC_EPARSE, r->file, 0, 0, "%s", text);
}

static bool is_bitcode(const unsigned char *u, size_t len)
{
	return len >= 4 && ((u[0] == 'B' && u[1] == 'C' && u[2] == 0xC0 && u[3] == 0xDE) ||
			     (u[0] == 0xDE && u[1] == 0xC0 && u[2] == 0x17 && u[3] == 0x0B));
}

static int parse(reader *r, const void *data, size_t len)
{
	LLVMMemoryBufferRef mb =
		LLVMCreateMemoryBufferWithMemoryRangeCopy(data, len, r->file);
	if (!mb)
		return oom(r);
	if (is_bitcode(data, len)) {
		r->bitcode = mb;
		if (LLVMParseBitcodeInContext2(r->ctx, mb, &r->mod)) {
			r->mod = NULL;
			char text[256];
			tidy_message(text, sizeof text,
				     r->has_llvm_error ? r->llvm_error : "unreadable bitcode");
			/* LLVM's words for a file cut short are about bit offsets */
			bool cut = strstr(text, "skip to bit") || strstr(text, "end of") ||
				   strstr(text, "too small") || strstr(text, "multiple of 4") ||
				   strstr(text, "single module");
			return tc__diag(r->diag, TC_EPARSE, r->file, 0, 0, "bad bitcode%s: %s",
					cut ? " (truncated?)" : "", text);
		}
		return TC_OK;
	}
	char *msg = NULL;
	/* takes the buffer */
	if (LLVMParseIRInContext(r->ctx, mb, &r->mod, &msg)) {
		r->mod = NULL;
		int rc = parse_error(r, msg ? msg : r->has_llvm_error ? r->llvm_error
								    : "malformed IR");
		LLVMDisposeMessage(msg);
		return rc;
	}
	LLVMDisposeMessage(msg);
	return TC_OK;
}

/* Keeps a warning for the module (the first few). */
static void warn(reader *r, const char *fmt, ...)
{
	if (r->nwarnings >= sizeof r->warnings / sizeof r->warnings[0])
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(r->warnings[r->nwarnings++], sizeof r->warnings[0], fmt, ap);
	va_end(ap);
}

/*
 * LLVM's own check of a module's debug info runs inside its parsers (the
 * "debug-info upgrade"): it prints the verifier's findings on standard error
 * and aborts the process when the module is broken (report_fatal_error), or
 * strips debug info it finds invalid. Both are turned off, once per process,
 * and verify() does the same with the messages returned (docs/llvm.md).
 */
static pthread_once_t llvm_options_once = PTHREAD_ONCE_INIT;

static void set_llvm_options(void)
{
	const char *argv[] = {"threadconv", "-disable-auto-upgrade-debug-info"};
	LLVMParseCommandLineOptions(2, argv, "");
}

void tc_llvm_set_fatal_handler(void (*handler)(const char *reason))
{
	if (handler)
		LLVMInstallFatalErrorHandler(handler);
	else
		LLVMResetFatalErrorHandler();
}

static int verify(reader *r)
{
	unsigned version = LLVMGetModuleDebugMetadataVersion(r->mod);
	if (version && version != LLVMDebugMetadataVersion() &&
	    LLVMStripModuleDebugInfo(r->mod))
		warn(r, "debug info of version %u ignored (this LLVM reads version %u): no "
			"source positions", version, LLVMDebugMetadataVersion());
	char *msg = NULL;
	if (!LLVMVerifyModule(r->mod, LLVMReturnStatusAction, &msg)) {
		LLVMDisposeMessage(msg);
		return TC_OK;
	}
	/* broken: is it only the debug info? Then it is dropped, as LLVM's
	 * upgrade would, and said */
	if (LLVMStripModuleDebugInfo(r->mod)) {
		char *again = NULL;
		if (!LLVMVerifyModule(r->mod, LLVMReturnStatusAction, &again)) {
			char what[160];
			tidy_message(what, sizeof what, msg ? msg : "");
			warn(r, "invalid debug info ignored (%s): no source positions", what);
			LLVMDisposeMessage(again);
			LLVMDisposeMessage(msg);
			return TC_OK;
		}
		LLVMDisposeMessage(msg);
		msg = again;
	}
	/* the first line says what, the second shows the instruction */
	char what[160], where[80] = "";
	tidy_message(what, sizeof what, msg ? msg : "");
	const char *nl = msg ? strchr(msg, '\n') : NULL;
	if (nl && nl[1]) {
		const char *s = nl + 1;
		while (*s == ' ')
			s++;
		size_t n = strcspn(s, "\n");
		snprintf(where, sizeof where, " (%.*s%s)", (int)(n > 60 ? 60 : n), s,
			 n > 60 ? "..." : "");
	}
	LLVMDisposeMessage(msg);
	return tc__diag(r->diag, TC_EPARSE, r->file, 0, 0,
			"module fails verification: %s%s", what, where);
}

static bool has_name(LLVMValueRef v)
{
	size_t len = 0;
	LLVMGetValueName2(v, &len);
	return len > 0;
}

/* The pipeline the options ask for. */
static const char *pipeline(const reader *r)
{
	return r->opt && r->opt->llvm_passes ? r->opt->llvm_passes : TC_LLVM_DEFAULT_PASSES;
}

/* Whether some defined function has a stack slot (an alloca). */
static bool has_stack_slots(LLVMModuleRef mod)
{
	for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
		     bb = LLVMGetNextBasicBlock(bb))
			for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
			     i = LLVMGetNextInstruction(i))
				if (LLVMIsAAllocaInst(i))
					return true;
	return false;
}

/*
 * Names each unnamed block "%N", N its slot number as the IR printer counts
 * (unnamed arguments, then per block: the block if unnamed, each unnamed
 * non-void instruction), so that node names are the labels of the input.
 * Runs before the passes, which renumber. The default pipeline (or none)
 * neither makes nor removes blocks: then the numbers are kept in r->slots,
 * which costs less than naming the blocks in LLVM; another pipeline gets
 * the names set in the module.
 */
static int name_blocks(reader *r)
{
	char name[32];
	const char *passes = pipeline(r);
	r->own_names = !*passes || strcmp(passes, TC_LLVM_DEFAULT_PASSES) == 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(r->mod); fn;
	     fn = LLVMGetNextFunction(fn)) {
		if (LLVMIsDeclaration(fn))
			continue;
		unsigned slot = 0;
		for (LLVMValueRef a = LLVMGetFirstParam(fn); a; a = LLVMGetNextParam(a))
			slot += !has_name(a);
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
		     bb = LLVMGetNextBasicBlock(bb)) {
			LLVMValueRef bv = LLVMBasicBlockAsValue(bb);
			if (!has_name(bv) && r->own_names) {
				if (ptrmap_put(&r->al, &r->slots, bb, slot++))
					return oom(r);
			} else if (!has_name(bv)) {
				int n = snprintf(name, sizeof name, "%%%u", slot++);
				LLVMSetValueName2(bv, name, (size_t)n);
			}
			for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
			     i = LLVMGetNextInstruction(i))
				slot += !has_name(i) &&
					LLVMGetTypeKind(LLVMTypeOf(i)) != LLVMVoidTypeKind;
		}
	}
	return TC_OK;
}

/*
 * Whether the pipeline changes anything: sroa and mem2reg only change code
 * that has stack slots, so IR without any (clang -O1 and above, most of the
 * time) is taken as it is.
 */
static bool runs_passes(const reader *r)
{
	const char *passes = pipeline(r);
	return *passes && (strcmp(passes, TC_LLVM_DEFAULT_PASSES) != 0 || r->stack_slots);
}

/* Drops optnone and noinline and runs the pipeline (docs/llvm.md), when it
 * changes anything. */
static int normalise(reader *r)
{
	if (!runs_passes(r))
		return TC_OK;
	static const char *const drop[] = {"optnone", "noinline"};
	for (LLVMValueRef fn = LLVMGetFirstFunction(r->mod); fn;
	     fn = LLVMGetNextFunction(fn)) {
		if (LLVMIsDeclaration(fn))
			continue;
		for (size_t k = 0; k < 2; k++)
			LLVMRemoveEnumAttributeAtIndex(
				fn, LLVMAttributeFunctionIndex,
				LLVMGetEnumAttributeKindForName(drop[k], strlen(drop[k])));
	}
	const char *passes = pipeline(r);
	LLVMPassBuilderOptionsRef po = LLVMCreatePassBuilderOptions();
	LLVMErrorRef err = LLVMRunPasses(r->mod, passes, NULL, po);
	LLVMDisposePassBuilderOptions(po);
	if (!err)
		return TC_OK;
	char *msg = LLVMGetErrorMessage(err);
	char text[160];
	tidy_message(text, sizeof text, msg ? msg : "");
	LLVMDisposeErrorMessage(msg);
	return tc__diag(r->diag, TC_EINVAL, r->file, 0, 0, "pass pipeline '%.60s': %s",
			passes, text);
}

static const char *value_name(LLVMValueRef v, size_t *len)
{
	const char *s = LLVMGetValueName2(v, len);
	if (!s) {
		*len = 0;
		return "";
	}
	return s;
}

static tc_gpu_kind callee_kind(LLVMValueRef callee)
{
	if (!callee || !LLVMIsAFunction(callee))
		return TC_GPU_OTHER;
	size_t len;
	const char *name = value_name(callee, &len);
	return tc__gpu_builtin_kind(name, len);
}

static bool is_call(LLVMValueRef i)
{
	return LLVMIsACallInst(i) || LLVMIsAInvokeInst(i) || LLVMIsACallBrInst(i);
}

/* A call instruction (not invoke) that executes a barrier. */
static bool is_barrier_call(const reader *r, LLVMValueRef i)
{
	if (!LLVMIsACallInst(i))
		return false;
	LLVMValueRef callee = LLVMGetCalledValue(i);
	if (callee_kind(callee) == TC_GPU_BARRIER)
		return true;
	uint32_t f = ptrmap_get(&r->fn_index, callee);
	return f != TC_NONE && r->barrier[f];
}

/* Whether argument i of call is the integer constant all ones (a full mask). */
static bool all_ones(LLVMValueRef call, int i)
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
	const char *name = value_name(callee, &len);
	const tc_gpu_collective *c = tc__gpu_collective(name, len);
	if (c)
		*checked = c->mask < 0 || all_ones(i, c->mask);
	return c;
}

/* Kernels: by calling convention, or listed in !nvvm.annotations. */
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
		return oom(r);
	LLVMGetNamedMetadataOperands(r->mod, md, ops);
	LLVMValueRef *v = NULL;
	size_t vcap = 0;
	int rc = TC_OK;
	for (unsigned i = 0; i < n; i++) {
		/* !{ptr @f, !"kernel", i32 1, ...}: key/value pairs after the function */
		unsigned k = LLVMGetMDNodeNumOperands(ops[i]);
		if (k < 3)
			continue;
		if (reserve(r, &v, &vcap, k, sizeof *v)) {
			rc = oom(r);
			break;
		}
		LLVMGetMDNodeOperands(ops[i], v);
		uint32_t f = v[0] ? ptrmap_get(&r->fn_index, v[0]) : TC_NONE;
		if (f == TC_NONE)
			continue;
		for (unsigned j = 1; j + 1 < k; j += 2) {
			unsigned len = 0;
			const char *key = v[j] && LLVMIsAMDString(v[j]) ? LLVMGetMDString(v[j], &len)
								       : NULL;
			if (key && len == 6 && memcmp(key, "kernel", 6) == 0 && v[j + 1] &&
			    LLVMIsAConstantInt(v[j + 1]) && LLVMConstIntGetZExtValue(v[j + 1]) != 0)
				r->kernel[f] = 1;
		}
	}
	tc__free(&r->al, v);
	tc__free(&r->al, ops);
	return rc;
}

/* The defined functions, which are kernels, which execute a barrier. */
static int collect_functions(reader *r)
{
	uint32_t n = 0;
	for (LLVMValueRef fn = LLVMGetFirstFunction(r->mod); fn; fn = LLVMGetNextFunction(fn))
		n += !LLVMIsDeclaration(fn);
	r->fns = tc__malloc(&r->al, tc__mul(n ? n : 1, sizeof *r->fns));
	r->kernel = tc__calloc(&r->al, n ? n : 1, 1);
	r->barrier = tc__calloc(&r->al, n ? n : 1, 1);
	r->reach = tc__calloc(&r->al, n ? n : 1, 1);
	if (!r->fns || !r->kernel || !r->barrier || !r->reach)
		return oom(r);
	for (LLVMValueRef fn = LLVMGetFirstFunction(r->mod); fn; fn = LLVMGetNextFunction(fn)) {
		if (LLVMIsDeclaration(fn))
			continue;
		if (ptrmap_put(&r->al, &r->fn_index, fn, r->nfn))
			return oom(r);
		r->fns[r->nfn++] = fn;
	}
	int rc = find_kernels(r);
	if (rc)
		return rc;

	/* call edges between defined functions; seeds: calls of barrier builtins,
	 * and defined functions that are barrier builtins (linked from libclc) */
	tc_u32vec from = {0}, to = {0};
	for (uint32_t f = 0; f < r->nfn && rc == TC_OK; f++) {
		if (callee_kind(r->fns[f]) == TC_GPU_BARRIER)
			r->barrier[f] = 1;
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(r->fns[f]); bb;
		     bb = LLVMGetNextBasicBlock(bb)) {
			for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
			     i = LLVMGetNextInstruction(i)) {
				if (!is_call(i))
					continue;
				LLVMValueRef callee = LLVMGetCalledValue(i);
				uint32_t g = ptrmap_get(&r->fn_index, callee);
				if (g != TC_NONE) {
					if (tc__u32vec_push(&r->al, &from, f) ||
					    tc__u32vec_push(&r->al, &to, g))
						rc = oom(r);
				} else if (callee_kind(callee) == TC_GPU_BARRIER) {
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
					r->reach[f] |= (uint8_t)(1u << (c->group + (checked ? 0 : 3)));
			}
		}
	}
	r->calls = from.len > 0;
	bool contexts = r->calls && !(r->opt && r->opt->function);
	for (uint32_t f = 0; f < r->nfn; f++) {
		r->reach[f] = (uint8_t)((r->reach[f] | (contexts ? r->reach[f] >> 3 : 0)) & 7);
		r->warp_module |= (r->reach[f] & 6) != 0;
	}
	if (rc == TC_OK &&
	    tc__gpu_barrier_closure(&r->al, r->nfn, from.v, to.v, from.len, r->barrier))
		rc = oom(r);
	/* the same closure per group, through one flag array at a time */
	uint8_t *flag = rc ? NULL : tc__malloc(&r->al, n ? n : 1);
	if (!rc && !flag)
		rc = oom(r);
	for (unsigned grp = 0; grp < 3 && rc == TC_OK; grp++) {
		for (uint32_t f = 0; f < r->nfn; f++)
			flag[f] = (r->reach[f] >> grp) & 1;
		if (tc__gpu_barrier_closure(&r->al, r->nfn, from.v, to.v, from.len, flag))
			rc = oom(r);
		for (uint32_t f = 0; f < r->nfn && rc == TC_OK; f++)
			r->reach[f] |= (uint8_t)(flag[f] << grp);
	}
	tc__free(&r->al, flag);
	tc__u32vec_free(&r->al, &from);
	tc__u32vec_free(&r->al, &to);
	return rc;
}

/* ---- uniformity of branch conditions (docs/llvm.md) ----------------------- */

/*
 * Whether every object a pointer can be based on is one that all threads of
 * a block see alike: a global variable, an argument, a pointer
 * from a uniform builtin (AMDGPU's implicit arguments). Follows GEPs, casts
 * and selects; anything else (an alloca, a loaded pointer, a phi) fails.
 */
static bool shared_base(reader *r, LLVMValueRef p)
{
	LLVMValueRef stack[16];
	int top = 0, steps = 0;
	stack[top++] = p;
	while (top > 0) {
		LLVMValueRef v = stack[--top];
		if (++steps > 64)
			return false;
		if (LLVMIsAGlobalVariable(v) || LLVMIsAConstantPointerNull(v))
			continue;
		/* a kernel's argument is the same in every thread; another
		 * function's is as uniform as its caller makes it (a parameter
		 * is a divergent value unless a calling context says otherwise,
		 * and the load's address depends on it) */
		if (LLVMIsAArgument(v))
			continue;
		if (LLVMIsAGetElementPtrInst(v) || LLVMIsABitCastInst(v) ||
		    LLVMIsAAddrSpaceCastInst(v)) {
			stack[top++] = LLVMGetOperand(v, 0);
			continue;
		}
		if (LLVMIsAConstantExpr(v)) {
			LLVMOpcode op = LLVMGetConstOpcode(v);
			if (op != LLVMGetElementPtr && op != LLVMBitCast && op != LLVMAddrSpaceCast)
				return false;
			stack[top++] = LLVMGetOperand(v, 0);
			continue;
		}
		if (LLVMIsASelectInst(v) && top + 2 <= (int)(sizeof stack / sizeof *stack)) {
			stack[top++] = LLVMGetOperand(v, 1);
			stack[top++] = LLVMGetOperand(v, 2);
			continue;
		}
		if (LLVMIsACallInst(v) &&
		    callee_kind(LLVMGetCalledValue(v)) == TC_GPU_UNIFORM_SOURCE)
			continue;
		return false;
	}
	return true;
}

/* Address spaces whose loads read memory all threads of a block share. */
static bool shared_space(const reader *r, unsigned as)
{
	if (r->spir) /* 1 global, 2 constant, 3 local */
		return as >= 1 && as <= 3;
	/* NVPTX and AMDGPU: 1 global, 3 shared/LDS, 4 constant; NVPTX 101 param,
	 * AMDGPU 6 32-bit constant */
	return as == 1 || as == 3 || as == 4 || as == 6 || as == 101;
}

/* A pure intrinsic: its result depends on its operands only. */
static bool pure_intrinsic(const reader *r, LLVMValueRef callee)
{
	size_t len;
	const char *name = value_name(callee, &len);
	if (len < 5 || memcmp(name, "llvm.", 5) != 0)
		return false;
	if (LLVMGetEnumAttributeAtIndex(callee, LLVMAttributeFunctionIndex,
					r->kind_convergent))
		return false; /* shuffles, votes: they read other threads' values */
	LLVMAttributeRef mem =
		LLVMGetEnumAttributeAtIndex(callee, LLVMAttributeFunctionIndex, r->kind_memory);
	return mem && LLVMGetEnumAttributeValue(mem) == 0; /* memory(none) */
}

/*
 * Whether an instruction other than a call differs between threads whatever
 * its operands are (a source of divergence; calls: classify). The others
 * are divergent exactly when an operand is; propagation sees to that.
 */
/* Whether every use of pointer p, and of the pointers derived from it,
 * only reads (loads, GEPs, casts): nothing writes through it, and it does
 * not leave (a store of it, a call, a phi). */
static bool only_read(LLVMValueRef p)
{
	LLVMValueRef stack[16];
	int top = 0, steps = 0;
	stack[top++] = p;
	while (top > 0) {
		LLVMValueRef v = stack[--top];
		for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
			LLVMValueRef w = LLVMGetUser(u);
			if (++steps > 256)
				return false;
			if (LLVMIsALoadInst(w) && !LLVMGetVolatile(w))
				continue;
			if ((LLVMIsAGetElementPtrInst(w) || LLVMIsABitCastInst(w) ||
			     LLVMIsAAddrSpaceCastInst(w)) &&
			    LLVMGetOperand(w, 0) == v && top < (int)(sizeof stack / sizeof *stack)) {
				stack[top++] = w;
				continue;
			}
			return false;
		}
	}
	return true;
}

/*
 * The kernel's argument passed by value (byval) that p points into, or NULL:
 * each thread's copy of the caller's value, in memory of its own (private
 * on spir64 and AMDGPU, generic on NVPTX). What a load reads there is the
 * same in every thread as long as nothing writes it (only_read), and may
 * differ once the thread writes its copy.
 */
static LLVMValueRef byval_argument(reader *r, LLVMValueRef p)
{
	if (!r->kind_byval || r->cur_fn >= r->nfn || !r->kernel[r->cur_fn])
		return NULL;
	for (int steps = 0; steps < 32; steps++) {
		if (LLVMIsAGetElementPtrInst(p) || LLVMIsABitCastInst(p) ||
		    LLVMIsAAddrSpaceCastInst(p)) {
			p = LLVMGetOperand(p, 0);
			continue;
		}
		if (!LLVMIsAArgument(p))
			return NULL;
		/* the arguments are the first values: k is p's place; its
		 * attribute index k + 1 (the first argument's is 1) */
		uint32_t k = ptrmap_get(&r->values, p);
		if (k == TC_NONE ||
		    !LLVMGetEnumAttributeAtIndex(r->fns[r->cur_fn], k + 1, r->kind_byval))
			return NULL;
		return p;
	}
	return NULL;
}

static bool divergent_source(reader *r, LLVMValueRef i, LLVMOpcode op)
{
	switch (op) {
	case LLVMAlloca:
	case LLVMAtomicRMW:
	case LLVMAtomicCmpXchg:
	case LLVMLandingPad:
	case LLVMCatchPad:
	case LLVMCleanupPad:
	case LLVMVAArg:
	case LLVMInvoke:
	case LLVMCallBr:
		return true;
	case LLVMLoad: {
		if (LLVMGetVolatile(i) || LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic)
			return true;
		LLVMValueRef p = LLVMGetOperand(i, 0);
		unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(p));
		LLVMValueRef copy = byval_argument(r, p);
		if (copy && copy != r->byval_seen) { /* its fields: one walk of its uses */
			r->byval_seen = copy;
			r->byval_read = only_read(copy);
		}
		if (copy)
			return !r->byval_read;
		if (as == r->generic_as)
			return !shared_base(r, p);
		return !shared_space(r, as);
	}
	default: /* calls: classify */
		return false;
	}
}

/* Whether an instruction other than a call is a function of its operands
 * alone (calls: classify). */
static bool pure_value(LLVMOpcode op)
{
	switch (op) {
	case LLVMFNeg:
	case LLVMICmp:
	case LLVMFCmp:
	case LLVMGetElementPtr:
	case LLVMSelect:
	case LLVMExtractElement:
	case LLVMInsertElement:
	case LLVMShuffleVector:
	case LLVMExtractValue:
	case LLVMInsertValue:
	case LLVMFreeze:
		return true;
	default:
		return (op >= LLVMAdd && op <= LLVMXor) || (op >= LLVMTrunc && op <= LLVMAddrSpaceCast);
	}
}

/* An instruction's kind for the uniformity analysis (TC_UA_*); a call's
 * callee is looked up once. */
static uint8_t classify(reader *r, LLVMValueRef i)
{
	LLVMOpcode op = LLVMGetInstructionOpcode(i);
	uint8_t kd = op == LLVMPHI ? TC_UA_PHI : 0;
	if (op != LLVMCall)
		return kd | (pure_value(op) ? TC_UA_PURE : 0) |
		       (divergent_source(r, i, op) ? TC_UA_SOURCE : 0);
	LLVMValueRef callee = LLVMGetCalledValue(i);
	tc_gpu_kind ck = callee_kind(callee);
	/* a barrier's or collective's result is one for the whole block
	 * (__syncthreads_or, work_group_any) */
	if (ck == TC_GPU_BARRIER || ck == TC_GPU_COLLECTIVE)
		return kd | TC_UA_UNIFORM;
	bool pure = callee && LLVMIsAFunction(callee) && pure_intrinsic(r, callee);
	if (pure)
		kd |= TC_UA_PURE;
	if (ck == TC_GPU_DIVERGENT_SOURCE)
		return kd | TC_UA_SOURCE | TC_UA_NAMED;
	return kd | (ck == TC_GPU_OTHER && !pure ? TC_UA_SOURCE : 0);
}

/* When call i (value n) reads the thread's index in one dimension, notes it
 * in r->ids. TC_ENOMEM or TC_OK. */
static int thread_id(reader *r, LLVMValueRef i, uint32_t n)
{
	LLVMValueRef callee = LLVMGetCalledValue(i);
	if (!callee || !LLVMIsAFunction(callee))
		return TC_OK;
	size_t len;
	const char *name = value_name(callee, &len);
	LLVMValueRef a0 = LLVMGetNumArgOperands(i) ? LLVMGetOperand(i, 0) : NULL;
	bool known = a0 && LLVMIsAConstantInt(a0), global;
	uint8_t dim;
	if (!tc__gpu_thread_id(name, len, known ? LLVMConstIntGetZExtValue(a0) : 0, known, &dim,
			       &global))
		return TC_OK;
	if (reserve(r, &r->ids, &r->ids_cap, r->nids + 1, sizeof *r->ids))
		return TC_ENOMEM;
	r->ids[r->nids++] = (tc_thread_id){n, dim, global, true};
	return TC_OK;
}

/* Numbers arguments and instructions of fn in r->values (and r->vals, the
 * other way), with their blocks and kinds (and r->ids). */
static int number_values(reader *r, LLVMValueRef fn, bool kernel, uint32_t nblocks,
			 size_t ninsts, uint32_t *count)
{
	uint32_t n = 0, k = 0;
	r->nids = 0;
	r->byval_seen = NULL;
	size_t total = LLVMCountParams(fn) + ninsts;
	if (total >= UINT32_MAX - 2 * (size_t)nblocks - 4)
		return tc__diag(r->diag, TC_ELIMIT, r->file, 0, 0, "function too large");
	ptrmap_clear(&r->values);
	if (ptrmap_reserve(&r->al, &r->values, total) ||
	    reserve(r, &r->vals, &r->vals_cap, total + 1, sizeof *r->vals) ||
	    reserve(r, &r->blk, &r->blk_cap, total + 1, sizeof *r->blk) ||
	    reserve(r, &r->kind, &r->kind_cap, total + 1, 1))
		return oom(r);
	for (LLVMValueRef a = LLVMGetFirstParam(fn); a; a = LLVMGetNextParam(a)) {
		if (ptrmap_put(&r->al, &r->values, a, n))
			return oom(r);
		/* who calls a function with what is unknown */
		r->kind[n] = kernel ? 0 : TC_UA_SOURCE;
		r->blk[n] = TC_NONE;
		r->vals[n++] = a;
	}
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb && k < nblocks;
	     bb = LLVMGetNextBasicBlock(bb), k++)
		for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
		     i = LLVMGetNextInstruction(i)) {
			if (n >= total)
				return oom(r); /* more instructions than counted: cannot be */
			r->values.len += ptrmap_insert(r->values.slot, r->values.cap, (uintptr_t)i, n);
			uint8_t kd = classify(r, i);
			r->kind[n] = kd;
			if ((kd & TC_UA_NAMED) && LLVMIsACallInst(i) && thread_id(r, i, n))
				return oom(r);
			r->blk[n] = k;
			r->vals[n++] = i;
		}
	*count = n;
	r->nvalues = n;
	return TC_OK;
}

/* The block of a use of operand j of instruction w (value id wid): for a
 * phi, the block its value comes from. */
static uint32_t use_block(reader *r, LLVMValueRef w, uint32_t wid, unsigned j)
{
	if (!(r->kind[wid] & TC_UA_PHI))
		return r->blk[wid];
	return ptrmap_get(&r->blocks, LLVMGetIncomingBlock(w, j));
}

/* Every use of a value of the function by an instruction, grouped by value:
 * one pass over the operands (nops of them in all, each looked up once),
 * then a counting sort. */
static int number_uses(reader *r, uint32_t n, size_t nops)
{
	tc_u32vec *off = &r->use_off;
	if (nops >= UINT32_MAX)
		return tc__diag(r->diag, TC_ELIMIT, r->file, 0, 0, "function too large");
	if (tc__u32vec_reserve(&r->al, off, (size_t)n + 2) ||
	    tc__u32vec_reserve(&r->al, &r->tmp_v, nops + 1) ||
	    tc__u32vec_reserve(&r->al, &r->tmp_w, nops + 1) ||
	    tc__u32vec_reserve(&r->al, &r->tmp_b, nops + 1))
		return oom(r);
	memset(off->v, 0, ((size_t)n + 2) * sizeof *off->v);
	off->len = (size_t)n + 1;
	uint32_t *tv = r->tmp_v.v, *tw = r->tmp_w.v, *tb = r->tmp_b.v;
	size_t total = 0;
	for (uint32_t w = 0; w < n; w++) {
		if (r->blk[w] == TC_NONE)
			continue;
		LLVMValueRef i = r->vals[w];
		int ni = LLVMGetNumOperands(i);
		for (int j = 0; j < ni && total < nops; j++) {
			uint32_t v = ptrmap_get(&r->values, LLVMGetOperand(i, (unsigned)j));
			if (v == TC_NONE)
				continue;
			tv[total] = v;
			tw[total] = w;
			tb[total++] = use_block(r, i, w, (unsigned)j);
			off->v[v + 2]++;
		}
	}
	for (uint32_t v = 0; v < n; v++)
		off->v[v + 2] += off->v[v + 1];
	if (tc__u32vec_reserve(&r->al, &r->user, total + 1) ||
	    tc__u32vec_reserve(&r->al, &r->use_block, total + 1))
		return oom(r);
	for (size_t k = 0; k < total; k++) {
		uint32_t at = off->v[tv[k] + 1]++;
		r->user.v[at] = tw[k];
		r->use_block.v[at] = tb[k];
	}
	r->user.len = r->use_block.len = total;
	return TC_OK;
}

/* The block graph (a return leads to the virtual exit, block nblocks) and
 * each block's branch condition. */
static int number_branches(reader *r, uint32_t nblocks)
{
	r->succ_off.len = r->succ.len = r->cond.len = 0;
	if (tc__u32vec_reserve(&r->al, &r->succ_off, (size_t)nblocks + 1) ||
	    tc__u32vec_reserve(&r->al, &r->cond, (size_t)nblocks + 1))
		return oom(r);
	for (uint32_t k = 0; k < nblocks; k++) {
		r->succ_off.v[k] = (uint32_t)r->succ.len;
		LLVMValueRef term = LLVMGetBasicBlockTerminator(r->binfo[k].bb);
		uint32_t cond = TC_NONE;
		if (term && LLVMGetInstructionOpcode(term) == LLVMRet) {
			if (tc__u32vec_push(&r->al, &r->succ, nblocks))
				return oom(r);
		} else if (term) {
			unsigned ns = LLVMGetNumSuccessors(term);
			for (unsigned s = 0; s < ns; s++) {
				uint32_t t = ptrmap_get(&r->blocks, LLVMGetSuccessor(term, s));
				if (t != TC_NONE && tc__u32vec_push(&r->al, &r->succ, t))
					return oom(r);
			}
			switch (LLVMGetInstructionOpcode(term)) {
			case LLVMBr:
				if (LLVMIsConditional(term))
					cond = ptrmap_get(&r->values, LLVMGetCondition(term));
				break;
			case LLVMSwitch:
			case LLVMIndirectBr:
				cond = ptrmap_get(&r->values, LLVMGetOperand(term, 0));
				break;
			default: /* invoke, callbr, catchswitch: divergent */
				cond = ptrmap_get(&r->values, term);
				if (ns > 1)
					r->kind[cond] |= TC_UA_SOURCE;
				break;
			}
		}
		r->cond.v[k] = cond;
		if (r->succ.len >= UINT32_MAX)
			return tc__diag(r->diag, TC_ELIMIT, r->file, 0, 0, "function too large");
	}
	r->succ_off.v[nblocks] = (uint32_t)r->succ.len;
	return TC_OK;
}

/* ---- the warp's view (analysis/lanes.h) -------------------------------------- */

static uint8_t int_bits(LLVMTypeRef t)
{
	if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind)
		return 0;
	unsigned w = LLVMGetIntTypeWidth(t);
	return (uint8_t)(w < 256 ? w : 255);
}

/* Operand slot of o: a value of the function, or a constant. */
static void lane_operand(reader *r, tc_lane_op *o, int slot, LLVMValueRef v)
{
	o->a[slot] = ptrmap_get(&r->values, v);
	if (o->a[slot] == TC_NONE && LLVMIsAConstantInt(v) &&
	    LLVMGetIntTypeWidth(LLVMTypeOf(v)) <= 64) {
		o->flags |= slot ? TC_LOP_K1 : TC_LOP_K0;
		o->k[slot] = LLVMConstIntGetSExtValue(v);
	}
}

static void lane_phi(reader *r, LLVMValueRef v, tc_lane_op *o)
{
	o->op = TC_LOP_PHI;
	unsigned n = LLVMCountIncoming(v);
	for (unsigned j = 0; j < n; j++) {
		LLVMValueRef x = LLVMGetIncomingValue(v, j);
		if (ptrmap_get(&r->values, x) != TC_NONE)
			continue;
		bool k = LLVMIsAConstantInt(x) && LLVMGetIntTypeWidth(LLVMTypeOf(x)) <= 64;
		int64_t c = k ? LLVMConstIntGetSExtValue(x) : 0;
		if (k && !(o->flags & TC_LOP_K0)) {
			o->flags |= TC_LOP_K0;
			o->k[0] = c;
		} else if (!k || o->k[0] != c) {
			o->flags |= TC_LOP_KANY;
		}
	}
}

/* What a call's result is at warp level: a thread id, a builtin the same
 * in every lane, a vote's or reduction's (the same where its mask is), a
 * shuffle from one lane. */
static void lane_call(reader *r, LLVMValueRef v, tc_lane_op *o)
{
	LLVMValueRef callee = LLVMGetCalledValue(v);
	if (!callee || !LLVMIsAFunction(callee))
		return;
	size_t len;
	const char *name = value_name(callee, &len);
	unsigned nargs = (unsigned)LLVMGetNumArgOperands(v);
	LLVMValueRef a0 = nargs ? LLVMGetOperand(v, 0) : NULL;
	bool known = a0 && LLVMIsAConstantInt(a0);
	if ((o->op = tc__gpu_lane_source(name, len, known ? LLVMConstIntGetZExtValue(a0) : 0,
					 known)))
		return;
	const tc_gpu_collective *c = tc__gpu_collective(name, len);
	if (!c)
		return;
	LLVMValueRef mask = c->mask >= 0 && (unsigned)c->mask < nargs
				    ? LLVMGetOperand(v, (unsigned)c->mask)
				    : NULL;
	if (c->result == TC_LOP_MATCH) {
		o->op = TC_LOP_MATCH;
	} else if (c->result == TC_LOP_WARP && c->mask < 0) {
		o->op = TC_LOP_WARP; /* a sub-group's: every lane takes part */
	} else if (c->result == TC_LOP_WARP && mask) {
		/* one result for the lanes the mask names: the same in every
		 * lane of the warp when the mask is (a tile's own mask gives
		 * each tile its own) */
		o->op = TC_LOP_BROADCAST;
		lane_operand(r, o, 0, mask);
	} else if (c->result == TC_LOP_BROADCAST && (unsigned)c->from < nargs &&
		   (unsigned)c->whole < nargs && mask) {
		/* a shuffle from one lane: the same in every lane when the source
		 * lane is, the clamp takes in the whole warp and the mask is the
		 * full mask (with another, the source lane may be outside it) */
		LLVMValueRef w = LLVMGetOperand(v, (unsigned)c->whole);
		if (LLVMIsAConstantInt(w) && LLVMConstIntGetZExtValue(w) == (uint64_t)c->whole_value &&
		    LLVMIsAConstantInt(mask) &&
		    (LLVMConstIntGetZExtValue(mask) & 0xffffffffu) == 0xffffffffu) {
			o->op = TC_LOP_BROADCAST;
			lane_operand(r, o, 0, LLVMGetOperand(v, (unsigned)c->from));
		}
	}
}

static tc_lane_op lane_op(reader *r, LLVMValueRef v)
{
	static const uint8_t binary[] = {
		[LLVMAdd] = TC_LOP_ADD,   [LLVMSub] = TC_LOP_SUB,   [LLVMMul] = TC_LOP_MUL,
		[LLVMShl] = TC_LOP_SHL,   [LLVMLShr] = TC_LOP_LSHR, [LLVMAShr] = TC_LOP_ASHR,
		[LLVMUDiv] = TC_LOP_UDIV, [LLVMSDiv] = TC_LOP_SDIV, [LLVMURem] = TC_LOP_UREM,
		[LLVMSRem] = TC_LOP_SREM, [LLVMAnd] = TC_LOP_AND,   [LLVMOr] = TC_LOP_OR,
		[LLVMXor] = TC_LOP_XOR,
	};
	static const uint8_t icmp[] = {
		[LLVMIntEQ - LLVMIntEQ] = TC_LOP_EQ,   [LLVMIntNE - LLVMIntEQ] = TC_LOP_NE,
		[LLVMIntUGT - LLVMIntEQ] = TC_LOP_UGT, [LLVMIntUGE - LLVMIntEQ] = TC_LOP_UGE,
		[LLVMIntULT - LLVMIntEQ] = TC_LOP_ULT, [LLVMIntULE - LLVMIntEQ] = TC_LOP_ULE,
		[LLVMIntSGT - LLVMIntEQ] = TC_LOP_SGT, [LLVMIntSGE - LLVMIntEQ] = TC_LOP_SGE,
		[LLVMIntSLT - LLVMIntEQ] = TC_LOP_SLT, [LLVMIntSLE - LLVMIntEQ] = TC_LOP_SLE,
	};
	tc_lane_op o = {TC_LOP_OTHER, 0, 0, {TC_NONE, TC_NONE}, {0, 0}, TC_NONE};
	if (!LLVMIsAInstruction(v))
		return o;
	LLVMOpcode op = LLVMGetInstructionOpcode(v);
	o.bits = int_bits(LLVMTypeOf(v));
	switch (op) {
	case LLVMZExt:
	case LLVMSExt:
	case LLVMTrunc:
	case LLVMFreeze:
		if (o.bits && int_bits(LLVMTypeOf(LLVMGetOperand(v, 0)))) {
			o.op = TC_LOP_COPY;
			lane_operand(r, &o, 0, LLVMGetOperand(v, 0));
		}
		return o;
	case LLVMPHI:
		if (o.bits)
			lane_phi(r, v, &o);
		return o;
	case LLVMCall:
		lane_call(r, v, &o);
		return o;
	case LLVMSelect:
		if (!o.bits)
			return o;
		o.op = TC_LOP_SELECT;
		o.cond = ptrmap_get(&r->values, LLVMGetOperand(v, 0));
		lane_operand(r, &o, 0, LLVMGetOperand(v, 1));
		lane_operand(r, &o, 1, LLVMGetOperand(v, 2));
		return o;
	case LLVMICmp: {
		unsigned p = (unsigned)LLVMGetICmpPredicate(v) - LLVMIntEQ;
		if (p >= sizeof icmp / sizeof *icmp || !int_bits(LLVMTypeOf(LLVMGetOperand(v, 0))))
			return o;
		o.op = icmp[p];
		break;
	}
	default:
		if ((unsigned)op >= sizeof binary / sizeof *binary || !binary[op] || !o.bits)
			return o;
		o.op = binary[op];
		if ((op == LLVMAdd || op == LLVMSub || op == LLVMMul || op == LLVMShl) && LLVMGetNSW(v))
			o.flags |= TC_LOP_NSW;
		break;
	}
	lane_operand(r, &o, 0, LLVMGetOperand(v, 0));
	lane_operand(r, &o, 1, LLVMGetOperand(v, 1));
	return o;
}

/* The block size the warp's view assumes: the one given, else the kernel's
 * reqd_work_group_size (OpenCL C). */
static void block_size(reader *r, LLVMValueRef fn, uint32_t size[3])
{
	const uint32_t *given = r->opt ? r->opt->block_size : NULL;
	for (int d = 0; d < 3; d++)
		size[d] = given ? given[d] : 0;
	if (size[0] || size[1] || size[2])
		return;
	unsigned kind = LLVMGetMDKindIDInContext(r->ctx, "reqd_work_group_size", 20);
	size_t n = 0;
	LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(fn, &n);
	for (size_t k = 0; k < n; k++) {
		if (LLVMValueMetadataEntriesGetKind(md, (unsigned)k) != kind)
			continue;
		LLVMValueRef node =
			LLVMMetadataAsValue(r->ctx, LLVMValueMetadataEntriesGetMetadata(md, (unsigned)k));
		LLVMValueRef ops[3];
		if (LLVMGetMDNodeNumOperands(node) != 3)
			break;
		LLVMGetMDNodeOperands(node, ops);
		for (int d = 0; d < 3; d++)
			if (ops[d] && LLVMIsAConstantInt(ops[d]) &&
			    LLVMConstIntGetZExtValue(ops[d]) < UINT32_MAX)
				size[d] = (uint32_t)LLVMConstIntGetZExtValue(ops[d]);
		break;
	}
	if (md)
		LLVMDisposeValueMetadataEntries(md);
}

/* The warp size of fn: the target's; an AMDGPU function built for wave32 has 32. */
static uint32_t warp_size(reader *r, LLVMValueRef fn)
{
	if (r->warp_size != 64)
		return r->warp_size;
	LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex,
							   "target-features", 15);
	unsigned len = 0;
	const char *v = a ? LLVMGetStringAttributeValue(a, &len) : NULL;
	static const char w32[] = "+wavefrontsize32";
	for (unsigned k = 0; v && k + sizeof w32 - 1 <= len; k++)
		if (memcmp(v + k, w32, sizeof w32 - 1) == 0)
			return 32;
	return 64;
}

/* What each of f's values computes for the warp's view (r->lop). */
static int warp_view(reader *r, const tc_ua_func *f)
{
	if (reserve(r, &r->lop, &r->lop_cap, (size_t)f->nvalues + 1, sizeof *r->lop))
		return oom(r);
	for (uint32_t v = 0; v < f->nvalues; v++)
		r->lop[v] = lane_op(r, r->vals[v]);
	return TC_OK;
}

/* Describes fn (ninsts instructions with nops operands) to the uniformity
 * analysis (f), and what its values compute for the warp's view where one
 * is wanted (r->lop; *lop NULL otherwise). */
static int describe_values(reader *r, LLVMValueRef fn, bool kernel, uint32_t nblocks,
			   size_t ninsts, size_t nops, tc_ua_func *f, const tc_lane_op **lop)
{
	uint32_t n = 0;
	int rc;
	*lop = NULL;
	if ((rc = number_values(r, fn, kernel, nblocks, ninsts, &n)) ||
	    (rc = number_uses(r, n, nops)) || (rc = number_branches(r, nblocks)))
		return rc;
	*f = (tc_ua_func){.nblocks = nblocks,
			  .succ_off = r->succ_off.v,
			  .succ = r->succ.v,
			  .cond = r->cond.v,
			  .nvalues = n,
			  .block = r->blk,
			  .kind = r->kind,
			  .use_off = r->use_off.v,
			  .user = r->user.v,
			  .use_block = r->use_block.v};
	/* and for every function of a module with calls and warp collectives:
	 * what a function returns to its callers' warps (analysis/calls.c) */
	if (r->any_warp || (r->graph_of && r->warp_module)) {
		if ((rc = warp_view(r, f)))
			return rc;
		*lop = r->lop;
	}
	return TC_OK;
}

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
	if (reserve(r, &r->name, &r->name_cap, (size_t)dlen + flen + 2, 1))
		return oom(r);
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
		return oom(r);
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
	const char *name = value_name(LLVMGetCalledValue(call), &len);
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
static int kept_loc(reader *r, LLVMValueRef inst, tc_loc *out, tc_inlined *inl)
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
		return oom(r);
	out->line = line;
	out->col = col;
	return TC_OK;
}

/* The thread-dependent builtin call value v is (tc_fn_read.source),
 * described as in the source, and where it is. */
static int value_source(void *ctx, uint32_t v, const char **what, tc_loc *loc)
{
	reader *r = ctx;
	if (v >= r->values.len)
		return TC_OK;
	LLVMValueRef call = r->vals[v];
	if (!(*what = describe_call(r, call)))
		return oom(r);
	return kept_loc(r, call, loc, NULL);
}

/* ---- the graph's callbacks (graph/blocks.h) ---------------------------------- */

static const char *block_name(void *ctx, uint32_t k, size_t *len)
{
	reader *r = ctx;
	block_info *bi = &r->binfo[k];
	const char *name = value_name(LLVMBasicBlockAsValue(bi->bb), len);
	if (*len)
		return name;
	/* numbered by name_blocks, or made by a pass after */
	uint32_t slot = ptrmap_get(&r->slots, bi->bb);
	int n = slot != TC_NONE ? snprintf(r->bname, sizeof r->bname, "%%%u", slot)
				: snprintf(r->bname, sizeof r->bname, "%%.%u", k);
	*len = (size_t)n;
	return r->bname;
}

static int block_barrier(void *ctx, uint32_t k, uint32_t j, unsigned *flags, tc_loc *loc,
			 tc_inlined *inl)
{
	reader *r = ctx;
	LLVMValueRef i = j == 0 ? LLVMGetFirstInstruction(r->binfo[k].bb)
				: LLVMGetNextInstruction(r->cursor);
	while (i && !is_barrier_call(r, i))
		i = LLVMGetNextInstruction(i);
	r->cursor = i;
	*flags = TC_NODE_BARRIER;
	*loc = (tc_loc){NULL, 0, 0};
	return i ? kept_loc(r, i, loc, inl) : TC_OK;
}

static int block_branch(void *ctx, uint32_t k, tc_loc *loc)
{
	reader *r = ctx;
	return kept_loc(r, LLVMGetBasicBlockTerminator(r->binfo[k].bb), loc, NULL);
}

/* ---- collectives (docs/check.md, "Collectives") ------------------------------ */

/* Notes the collectives call i (in block k, after seg barriers there)
 * executes: a builtin, or a defined function that reaches some. */
static int note_collective(reader *r, LLVMValueRef i, uint32_t k, uint32_t seg)
{
	bool checked = true;
	const tc_gpu_collective *c = collective_call(i, &checked);
	unsigned groups;
	if (c) {
		groups = 1u << c->group;
	} else {
		uint32_t f = ptrmap_get(&r->fn_index, LLVMGetCalledValue(i));
		if (f == TC_NONE || !(groups = r->reach[f]))
			return TC_OK;
	}
	for (unsigned grp = 0; grp < 3; grp++) {
		if (!((groups >> grp) & 1))
			continue;
		if (reserve(r, &r->found, &r->found_cap, r->nfound + 1, sizeof *r->found))
			return oom(r);
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
	return tc__arg_tests_add(&r->al, &r->tests, v, always, arg, r->mask_arg, name) ? oom(r)
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
			uint32_t x = ptrmap_get(&r->values, LLVMGetOperand(chain[k], (unsigned)j));
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
		uint32_t v = ptrmap_get(&r->values, last);
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
				uint32_t v = ptrmap_get(&r->values, val);
				/* a copy of one of its own elements adds no value to
				 * what it holds: only where the element is chosen */
				int rc = LLVMIsALoadInst(val) ? copy_tests(r, slot, val, arg, name)
								: NOT_A_COPY;
				if (rc == NOT_A_COPY)
					rc = v != TC_NONE ? add_test(r, v, false, arg, name) : TC_OK;
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
		uint32_t id = ptrmap_get(&r->values, a);
		if (id == TC_NONE)
			return TC_OK;
		if (LLVMIsAAllocaInst(a))
			return slot_tests(r, a, call, arg, name);
		if (LLVMIsAGetElementPtrInst(a)) {
			int n = LLVMGetNumOperands(a);
			for (int j = 1; j < n; j++) {
				uint32_t x = ptrmap_get(&r->values, LLVMGetOperand(a, (unsigned)j));
				int rc = x != TC_NONE ? add_test(r, x, false, arg, name) : TC_OK;
				if (rc)
					return rc;
			}
		} else if (!LLVMIsABitCastInst(a) && !LLVMIsAAddrSpaceCastInst(a)) {
			return add_test(r, id, false, arg, name);
		}
		a = LLVMGetOperand(a, 0);
	}
	uint32_t id = ptrmap_get(&r->values, a); /* followed far enough: taken to differ */
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
			return oom(r);
		r->mask_arg = row->mask == (int)i;
		int rc = operand_tests(r, fc->inst, LLVMGetOperand(fc->inst, i), i, name);
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
	const char *callee = value_name(LLVMGetCalledValue(fc->inst), &len);
	char buf[128];
	tc_gpu_collective plain = {0};
	const char *name =
		tc__gpu_collective_name(fc->row ? fc->row : &plain, callee, len, buf, sizeof buf);
	return tc__module_string(r->out, name, strlen(name));
}

/* The collectives of the graph just added, for in, with the tests of their
 * arguments. */
static int make_collectives(reader *r, tc_fn_read *in)
{
	if (r->nfound == 0)
		return TC_OK;
	const tc_alloc *mal = &r->out->al;
	tc_collective *cs = tc__calloc(mal, r->nfound, sizeof *cs);
	int rc = !cs || tc__arg_tests_start(&r->al, &r->tests, (uint32_t)r->nfound) ? oom(r)
										    : TC_OK;
	for (size_t j = 0; j < r->nfound && !rc; j++) {
		const found_coll *fc = &r->found[j];
		tc_collective *c = &cs[j];
		tc_inlined inl = {NULL, {NULL, 0, 0}};
		*c = tc__gpu_collective_entry(fc->group, !fc->row, fc->row && fc->row->barrier,
					      fc->row && fc->row->mask >= 0, fc->checked,
					      r->last[fc->block] - r->nbar[fc->block] + fc->seg);
		tc__arg_tests_next(&r->tests, (uint32_t)j);
		if (!(c->name = collective_name(r, fc)))
			rc = oom(r);
		else
			rc = kept_loc(r, fc->inst, &c->loc, &inl);
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

/* ---- a caller's module (tc_parse_llvm_module) ------------------------------ */

/*
 * The clone's blocks and calls carry the index of their counterpart as
 * metadata of these kinds (a block on its first instruction and its
 * terminator): a pass frees what it deletes, and a block or call it makes
 * may reuse a freed address, so an address alone can name the wrong one.
 */
static const char origin_block_kind[] = "threadconv.origin.block";
static const char origin_call_kind[] = "threadconv.origin.call";

/* The index instruction i carries as metadata of kind, or TC_NONE. */
static uint32_t origin_tag(LLVMValueRef i, unsigned kind)
{
	LLVMValueRef md = i ? LLVMGetMetadata(i, kind) : NULL;
	if (!md || LLVMGetMDNodeNumOperands(md) != 1)
		return TC_NONE;
	LLVMValueRef k;
	LLVMGetMDNodeOperands(md, &k);
	return k && LLVMIsAConstantInt(k) ? (uint32_t)LLVMConstIntGetZExtValue(k) : TC_NONE;
}

static void set_origin_tag(reader *r, LLVMValueRef i, unsigned kind, uint32_t k)
{
	LLVMMetadataRef v = LLVMValueAsMetadata(LLVMConstInt(LLVMInt32TypeInContext(r->ctx), k, 0));
	LLVMSetMetadata(i, kind, LLVMMetadataAsValue(r->ctx, LLVMMDNodeInContext2(r->ctx, &v, 1)));
}

/* The caller's function, block or call for p of the module read: p itself,
 * or its counterpart when the module read is a clone (NULL: none, a pass
 * made it). */
static void *caller_of(const reader *r, void *p)
{
	if (!r->caller)
		return p;
	uint32_t k = ptrmap_get(&r->orig_of, p);
	if (k == TC_NONE)
		return NULL;
	LLVMValueRef v = p;
	if (LLVMIsAFunction(v)) { /* module passes may delete functions */
		size_t a, b;
		const char *x = LLVMGetValueName2(v, &a), *y = LLVMGetValueName2(r->orig[k], &b);
		return a == b && memcmp(x, y, a) == 0 ? r->orig[k] : NULL;
	}
	if (LLVMValueIsBasicBlock(v)) {
		LLVMBasicBlockRef bb = LLVMValueAsBasicBlock(v);
		return origin_tag(LLVMGetFirstInstruction(bb), r->block_tag) == k ||
			       origin_tag(LLVMGetBasicBlockTerminator(bb), r->block_tag) == k
			   ? r->orig[k]
			   : NULL;
	}
	return origin_tag(v, r->call_tag) == k ? r->orig[k] : NULL;
}

static int remember(reader *r, void *clone, void *orig)
{
	if (reserve(r, &r->orig, &r->orig_cap, r->norig + 1, sizeof *r->orig) ||
	    ptrmap_put(&r->al, &r->orig_of, clone, (uint32_t)r->norig))
		return oom(r);
	r->orig[r->norig++] = orig;
	return TC_OK;
}

/*
 * Pairs the functions, blocks and calls of r->mod, a clone of r->caller
 * not yet changed, with the caller's: LLVMCloneModule makes them in the
 * same order. The clone's blocks and calls are tagged (origin_tag), so that
 * caller_of knows them after the passes.
 */
static int pair_clone(reader *r)
{
	r->block_tag = LLVMGetMDKindIDInContext(r->ctx, origin_block_kind,
						sizeof origin_block_kind - 1);
	r->call_tag = LLVMGetMDKindIDInContext(r->ctx, origin_call_kind, sizeof origin_call_kind - 1);
	LLVMValueRef g = LLVMGetFirstFunction(r->mod);
	for (LLVMValueRef f = LLVMGetFirstFunction(r->caller); f && g;
	     f = LLVMGetNextFunction(f), g = LLVMGetNextFunction(g)) {
		if (LLVMIsDeclaration(f))
			continue;
		int rc = remember(r, g, f);
		LLVMBasicBlockRef cb = LLVMGetFirstBasicBlock(g);
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb && cb && !rc;
		     bb = LLVMGetNextBasicBlock(bb), cb = LLVMGetNextBasicBlock(cb)) {
			uint32_t k = (uint32_t)r->norig;
			if ((rc = remember(r, LLVMBasicBlockAsValue(cb), bb)))
				break;
			set_origin_tag(r, LLVMGetFirstInstruction(cb), r->block_tag, k);
			set_origin_tag(r, LLVMGetBasicBlockTerminator(cb), r->block_tag, k);
			LLVMValueRef ci = LLVMGetFirstInstruction(cb);
			for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && ci && !rc;
			     i = LLVMGetNextInstruction(i), ci = LLVMGetNextInstruction(ci))
				if (is_call(i)) {
					set_origin_tag(r, ci, r->call_tag, (uint32_t)r->norig);
					rc = remember(r, ci, i);
				}
		}
		if (rc)
			return rc;
	}
	return TC_OK;
}

/* Gives the graph just added (of function f) its origin in the caller's
 * module: per node the block and barrier call, per collective the call. */
static int add_origin(reader *r, uint32_t f, uint32_t nblocks)
{
	const tc_alloc *mal = &r->out->al;
	uint32_t n = tc_graph_node_count(r->out->graphs[r->out->count - 1]);
	tc_llvm_origin *o = tc__calloc(mal, n, sizeof *o);
	LLVMValueRef *cc = r->nfound ? tc__calloc(mal, r->nfound, sizeof *cc) : NULL;
	if (!o || (r->nfound && !cc)) {
		tc__free(mal, o);
		tc__free(mal, cc);
		return oom(r);
	}
	for (uint32_t k = 0; k < nblocks; k++) {
		uint32_t first = r->last[k] - r->nbar[k], j = 0;
		LLVMBasicBlockRef bb = caller_of(r, LLVMBasicBlockAsValue(r->binfo[k].bb));
		for (uint32_t v = first; v <= r->last[k]; v++)
			o[v].block = bb;
		for (LLVMValueRef i = LLVMGetFirstInstruction(r->binfo[k].bb);
		     i && j < r->nbar[k]; i = LLVMGetNextInstruction(i))
			if (is_barrier_call(r, i))
				o[first + j++].call = caller_of(r, i);
	}
	for (size_t j = 0; j < r->nfound; j++)
		cc[j] = caller_of(r, r->found[j].inst);
	tc__module_set_origin(r->out, caller_of(r, r->fns[f]), o, cc);
	return TC_OK;
}

/* ---- the description for the interprocedural check (graph/desc.h) -------- */

/* The calls of fn's defined functions in d (its blocks read, r->last set). */
static int describe_calls(reader *r, tc_fn_desc *d, uint32_t nblocks)
{
	const tc_alloc *mal = &r->out->al;
	size_t cap = 0, acap = 0;
	for (uint32_t k = 0; k < nblocks; k++) {
		uint32_t j = 0; /* barrier calls of block k so far */
		for (LLVMValueRef i = LLVMGetFirstInstruction(r->binfo[k].bb); i;
		     i = LLVMGetNextInstruction(i)) {
			bool barrier = is_barrier_call(r, i);
			uint32_t g = is_call(i) ? ptrmap_get(&r->fn_index, LLVMGetCalledValue(i))
						: TC_NONE;
			uint32_t in_node = r->last[k] - r->nbar[k] + j;
			j += barrier;
			if (g == TC_NONE || callee_kind(r->fns[g]) == TC_GPU_BARRIER)
				continue;
			unsigned na = (unsigned)LLVMGetNumArgOperands(i);
			if (d->ncalls == cap) {
				cap = cap ? 2 * cap : 8;
				tc_call_site *c = tc__realloc(mal, d->calls, tc__mul(cap, sizeof *c));
				if (!c)
					return oom(r);
				d->calls = c;
			}
			if ((size_t)d->narg + na > acap) {
				acap = 2 * ((size_t)d->narg + na) + 8;
				uint32_t *a = tc__realloc(mal, d->arg, tc__mul(acap, sizeof *a));
				if (a)
					d->arg = a;
				uint8_t *o = a ? tc__realloc(mal, d->arg_ones, acap) : NULL;
				if (!o)
					return oom(r);
				d->arg_ones = o;
			}
			tc_call_site *c = &d->calls[d->ncalls++];
			c->callee = r->graph_of[g];
			c->node = barrier ? in_node : TC_NONE;
			c->in_node = in_node;
			c->block = k;
			c->value = ptrmap_get(&r->values, i);
			c->arg_off = d->narg;
			c->nargs = na;
			for (unsigned a = 0; a < na; a++) {
				d->arg_ones[d->narg] = all_ones(i, (int)a);
				d->arg[d->narg++] = ptrmap_get(&r->values, LLVMGetOperand(i, a));
			}
			int rc = kept_loc(r, i, &c->loc, NULL);
			if (rc)
				return rc;
		}
	}
	return TC_OK;
}

/* What each collective of the function depends on in a calling context. */
static int describe_collectives(reader *r, tc_fn_desc *d)
{
	const tc_alloc *mal = &r->out->al;
	if (r->nfound == 0)
		return TC_OK;
	if (!(d->coll = tc__malloc(mal, tc__mul(r->nfound, sizeof *d->coll))))
		return oom(r);
	uint32_t site = 0;
	for (size_t k = 0; k < r->nfound; k++) {
		const found_coll *fc = &r->found[k];
		tc_coll_desc *cd = &d->coll[k];
		cd->mask_param = cd->agree = cd->agree_arg = cd->call_site = TC_NONE;
		if (!fc->row) { /* a call: which (calls and collectives are in order) */
			uint32_t v = ptrmap_get(&r->values, fc->inst);
			while (site < d->ncalls && d->calls[site].value != v)
				site++;
			cd->call_site = site < d->ncalls ? site : TC_NONE;
			if (site == d->ncalls)
				site = 0;
			continue;
		}
		unsigned nargs = (unsigned)LLVMGetNumArgOperands(fc->inst);
		if (fc->row->mask >= 0 && (unsigned)fc->row->mask < nargs) {
			uint32_t v = ptrmap_get(&r->values, LLVMGetOperand(fc->inst,
									(unsigned)fc->row->mask));
			if (v < d->nparams) /* the arguments are the first values */
				cd->mask_param = v;
		}
		/* the one argument that must agree, a value that is not a pointer
		 * (the others: as read) */
		uint32_t agree = TC_NONE, agree_arg = TC_NONE, count = 0;
		for (unsigned i = 0; i < nargs && i < 8; i++) {
			if (!((fc->row->agree >> i) & 1))
				continue;
			LLVMValueRef a = LLVMGetOperand(fc->inst, i);
			uint32_t v = ptrmap_get(&r->values, a);
			if (v == TC_NONE)
				continue; /* a constant: the same everywhere */
			count++;
			if (LLVMGetTypeKind(LLVMTypeOf(a)) != LLVMPointerTypeKind) {
				agree = v;
				agree_arg = i;
			}
		}
		cd->agree = count == 1 ? agree : TC_NONE;
		cd->agree_arg = count == 1 ? agree_arg : TC_NONE;
	}
	return TC_OK;
}

/* Gives the graph just added (of function f, the analysis of its values
 * just run) its description. */
/* The description of the graph just added (of function f) for the
 * interprocedural check, in in->desc. */
static int describe(reader *r, uint32_t f, uint32_t nblocks, tc_fn_read *in)
{
	uint32_t np = LLVMCountParams(r->fns[f]);
	tc_fn_desc *d = tc__fn_desc_new(r->out, nblocks, r->last, np, nblocks);
	if (!d)
		return oom(r);
	in->desc = d; /* the analyses' from here, also on failure */
	in->read_args = true;
	d->nparams = d->nparam_values = np;
	for (uint32_t p = 0; p < np; p++)
		d->param_value[p] = d->param_index[p] = p; /* the arguments come first */
	d->builtin = callee_kind(r->fns[f]) == TC_GPU_BARRIER;
	for (uint32_t k = 0; k < nblocks; k++) {
		LLVMValueRef term = LLVMGetBasicBlockTerminator(r->binfo[k].bb);
		if (term && LLVMGetInstructionOpcode(term) == LLVMRet)
			d->ret[d->nret++] = ptrmap_get(&r->values, term);
	}
	int rc = describe_calls(r, d, nblocks);
	return rc ? rc : describe_collectives(r, d);
}

static int build_graph(reader *r, uint32_t f)
{
	LLVMValueRef fn = r->fns[f];
	bool kernel = r->kernel[f];
	int rc;
	uint32_t nblocks = 0, nnodes = 1;
	r->cur_fn = f;
	r->nfound = 0;
	r->any_warp = false;
	size_t ninsts = 0, nops = 0;
	ptrmap_clear(&r->blocks);
	if (ptrmap_reserve(&r->al, &r->blocks, LLVMCountBasicBlocks(fn)))
		return oom(r);
	for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
	     bb = LLVMGetNextBasicBlock(bb)) {
		if (reserve(r, &r->binfo, &r->binfo_cap, (size_t)nblocks + 1, sizeof *r->binfo) ||
		    ptrmap_put(&r->al, &r->blocks, bb, nblocks))
			return oom(r);
		block_info *bi = &r->binfo[nblocks++];
		bi->bb = bb;
		bi->nbarriers = 0;
		for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i;
		     i = LLVMGetNextInstruction(i)) {
			if (LLVMIsACallInst(i) &&
			    (rc = note_collective(r, i, nblocks - 1, bi->nbarriers)))
				return rc;
			bi->nbarriers += is_barrier_call(r, i);
			ninsts++;
			nops += (size_t)LLVMGetNumOperands(i);
		}
		nnodes += bi->nbarriers ? bi->nbarriers + 1 : 1;
		if (nnodes > UINT32_MAX / 2)
			return tc__diag(r->diag, TC_ELIMIT, r->file, 0, 0, "function too large");
	}
	tc_ua_func uf;
	tc_fn_read in = {0};
	if ((rc = describe_values(r, fn, kernel, nblocks, ninsts, nops, &uf, &in.lop)))
		return rc;
	if (reserve(r, &r->nbar, &r->nbar_cap, (size_t)nblocks + 1, sizeof *r->nbar) ||
	    reserve(r, &r->last, &r->last_cap, (size_t)nblocks + 1, sizeof *r->last))
		return oom(r);
	for (uint32_t k = 0; k < nblocks; k++)
		r->nbar[k] = r->binfo[k].nbarriers;
	size_t len;
	const char *fname = value_name(fn, &len);
	tc_block_graph bg = {fname, len, kernel, nblocks, r->succ_off.v, r->succ.v,
			     r->nbar, r, block_name, block_barrier, block_branch};
	rc = tc__module_add_blocks(r->out, &bg, r->last);
	if (rc == TC_ELIMIT)
		return tc__diag(r->diag, TC_ELIMIT, r->file, 0, 0, "function too large");
	if (rc == TC_ENOMEM)
		return oom(r);
	if (rc)
		return rc;
	/* what the analyses read of it */
	in.ssa = &uf;
	in.last = r->last;
	in.ctx = r;
	in.source = value_source;
	in.ids = r->ids;
	in.nids = (uint32_t)r->nids;
	/* the block's size where something reads it: the warp's view, an index */
	if (in.lop || r->nids)
		block_size(r, fn, in.block_size);
	if (in.lop)
		in.warp_size = warp_size(r, fn);
	rc = make_collectives(r, &in);
	if (!rc && r->calls && r->graph_of)
		rc = describe(r, f, nblocks, &in);
	if (!rc) {
		rc = tc__fn_read_send(r->sink, r->out, &in, &r->uniformity_s);
		if (rc == TC_ELIMIT)
			rc = tc__diag(r->diag, TC_ELIMIT, r->file, 0, 0, "function too large");
		else if (rc == TC_ENOMEM)
			rc = oom(r);
	}
	tc__fn_read_release(r->out, &in);
	if (rc)
		return rc;
	return r->embedded ? add_origin(r, f, nblocks) : TC_OK;
}

/* Function i's name (tc__find_function). */
static const char *fn_name_at(const void *ctx, size_t i, size_t *len)
{
	return value_name(((const reader *)ctx)->fns[i], len);
}

static int build_graphs(reader *r)
{
	const char *only = r->opt ? r->opt->function : NULL;
	if (only) {
		size_t chosen;
		int rc = tc__find_function(r, r->nfn, fn_name_at, only, &chosen, r->file, r->diag);
		return rc ? rc : build_graph(r, (uint32_t)chosen);
	}
	if (r->nfn == 0) { /* valid, and nothing to analyse: said, not an error */
		warn(r, "no function is defined in the module: nothing to analyse");
		return TC_OK;
	}
	int rc;
	if (r->calls) { /* the graph each function will be: kernels first */
		if (!(r->graph_of = tc__malloc(&r->al, tc__mul(r->nfn, sizeof *r->graph_of))))
			return oom(r);
		uint32_t next = 0;
		for (int pass = 0; pass < 2; pass++)
			for (uint32_t f = 0; f < r->nfn; f++)
				if (r->kernel[f] == (pass == 0))
					r->graph_of[f] = next++;
	}
	for (int pass = 0; pass < 2; pass++) /* kernels first */
		for (uint32_t f = 0; f < r->nfn; f++)
			if (r->kernel[f] == (pass == 0) && (rc = build_graph(r, f)))
				return rc;
	return TC_OK;
}

static void target_spaces(reader *r)
{
	const char *triple = LLVMGetTarget(r->mod);
	r->spir = triple && strncmp(triple, "spir", 4) == 0;
	r->private_as = r->spir ? 0 : 5;
	r->generic_as = r->spir ? 4 : 0;
	r->warp_size = triple && strncmp(triple, "nvptx", 5) == 0    ? 32
		       : triple && strncmp(triple, "amdgcn", 6) == 0 ? 64
								     : 0;
	r->kind_memory = LLVMGetEnumAttributeKindForName("memory", 6);
	r->kind_convergent = LLVMGetEnumAttributeKindForName("convergent", 10);
	r->kind_byval = LLVMGetEnumAttributeKindForName("byval", 5);
}

static void reader_init(reader *r, const char *file, const tc_read_options *opt,
			const tc_allocator *alloc, tc_diag *diag, const tc_fn_sink *sink)
{
	memset(r, 0, sizeof *r);
	tc__alloc_init(&r->al, alloc);
	r->sink = sink;
	r->file = file;
	r->diag = diag;
	r->opt = opt;
}

/* From a verified module on: its graphs, in r->out. st has the phases so far. */
static int read_module(reader *r, tc_read_stats *st)
{
	double t0 = tc__now(), t1;
	int rc;
	if ((rc = name_blocks(r)))
		return rc;
	target_spaces(r);
	if ((rc = normalise(r)))
		return rc;
	st->phase[st->nphases++] = (tc_phase_time){"normalise", (t1 = tc__now()) - t0};
	if (tc__module_new(&r->out, &r->al.a))
		return oom(r);
	if ((rc = collect_functions(r)) || (rc = build_graphs(r)))
		return rc;
	t0 = tc__now() - t1;
	st->phase[st->nphases++] = (tc_phase_time){"uniformity", r->uniformity_s};
	st->phase[st->nphases++] = (tc_phase_time){"graphs", t0 - r->uniformity_s};
	r->out->read = *st;
	for (size_t i = 0; i < r->nwarnings; i++)
		if (tc__module_warn(r->out, r->warnings[i]))
			return oom(r);
	return TC_OK;
}

/* Frees what the reader holds but the module and its context. */
static void reader_free(reader *r)
{
	tc_module_free(r->out);
	ptrmap_free(&r->al, &r->fn_index);
	ptrmap_free(&r->al, &r->blocks);
	ptrmap_free(&r->al, &r->values);
	ptrmap_free(&r->al, &r->slots);
	ptrmap_free(&r->al, &r->orig_of);
	tc__free(&r->al, r->orig);
	tc__free(&r->al, r->fns);
	tc__free(&r->al, r->kernel);
	tc__free(&r->al, r->graph_of);
	tc__free(&r->al, r->barrier);
	tc__free(&r->al, r->reach);
	tc__free(&r->al, r->found);
	tc__free(&r->al, r->lop);
	tc__arg_tests_free(&r->al, &r->tests);
	tc__free(&r->al, r->ids);
	tc__free(&r->al, r->binfo);
	tc__free(&r->al, r->vals);
	tc__free(&r->al, r->blk);
	tc__free(&r->al, r->kind);
	tc__free(&r->al, r->name);
	tc__free(&r->al, r->nbar);
	tc__free(&r->al, r->last);
	tc__u32vec_free(&r->al, &r->succ_off);
	tc__u32vec_free(&r->al, &r->succ);
	tc__u32vec_free(&r->al, &r->cond);
	tc__u32vec_free(&r->al, &r->use_off);
	tc__u32vec_free(&r->al, &r->user);
	tc__u32vec_free(&r->al, &r->use_block);
	tc__u32vec_free(&r->al, &r->tmp_v);
	tc__u32vec_free(&r->al, &r->tmp_w);
	tc__u32vec_free(&r->al, &r->tmp_b);
}

int tc__read_llvm(tc_module **out, const char *filename, const void *data, size_t len,
		  const tc_read_options *opt, const tc_allocator *alloc, tc_diag *diag,
		  const tc_fn_sink *sink)
{
	reader r;
	reader_init(&r, filename ? filename : "<input>", opt, alloc, diag, sink);
	*out = NULL;
	int rc;
	if (opt && tc__options_version(opt->version, TC_READ_OPTIONS_VERSION, "tc_read_options",
				       r.file, diag))
		return TC_EINVAL;
	if (!data && len)
		return tc__diag(diag, TC_EINVAL, r.file, 0, 0, "no data");
	pthread_once(&llvm_options_once, set_llvm_options);
	if (!(r.ctx = LLVMContextCreate()))
		return oom(&r);
	LLVMContextSetDiagnosticHandler(r.ctx, on_diagnostic, &r);
	tc_read_stats st = {0, {{NULL, 0}}};
	double t0 = tc__now(), t1;
	if ((rc = parse(&r, data ? data : "", len)))
		goto done;
	st.phase[st.nphases++] = (tc_phase_time){"llvm-parse", (t1 = tc__now()) - t0};
	if ((rc = verify(&r)))
		goto done;
	st.phase[st.nphases++] = (tc_phase_time){"verify", tc__now() - t1};
	r.stack_slots = has_stack_slots(r.mod);
	if ((rc = read_module(&r, &st)))
		goto done;
	*out = r.out;
	r.out = NULL;
done:
	reader_free(&r);
	if (r.mod)
		LLVMDisposeModule(r.mod);
	if (r.bitcode)
		LLVMDisposeMemoryBuffer(r.bitcode);
	LLVMContextDispose(r.ctx);
	return rc;
}

/* Whether the caller's module must be repaired before it is read: debug
 * info of another version, or anything the verifier rejects (verify()
 * strips the debug info then, so it runs on a clone). */
static bool needs_repair(LLVMModuleRef mod)
{
	unsigned version = LLVMGetModuleDebugMetadataVersion(mod);
	if (version && version != LLVMDebugMetadataVersion())
		return true;
	char *msg = NULL;
	bool broken = LLVMVerifyModule(mod, LLVMReturnStatusAction, &msg);
	LLVMDisposeMessage(msg);
	return broken;
}

int tc__read_llvm_module(tc_module **out, struct LLVMOpaqueModule *mod,
			 const tc_read_options *opt, const tc_allocator *alloc, tc_diag *diag,
			 const tc_fn_sink *sink)
{
	reader r;
	size_t idlen = 0;
	const char *id = mod ? LLVMGetModuleIdentifier(mod, &idlen) : NULL;
	reader_init(&r, id && idlen && !memchr(id, 0, idlen) ? id : "<module>", opt, alloc,
		    diag, sink);
	*out = NULL;
	if (opt && tc__options_version(opt->version, TC_READ_OPTIONS_VERSION, "tc_read_options",
				       r.file, diag))
		return TC_EINVAL;
	if (!mod)
		return tc__diag(diag, TC_EINVAL, r.file, 0, 0, "no module");
	r.embedded = true;
	r.ctx = LLVMGetModuleContext(mod);
	r.mod = mod;
	r.stack_slots = has_stack_slots(mod);
	tc_read_stats st = {0, {{NULL, 0}}};
	double t0 = tc__now();
	bool repair = needs_repair(mod);
	int rc = TC_OK;
	if (repair || runs_passes(&r)) { /* a private clone, normalised */
		r.caller = mod;
		if (!(r.mod = LLVMCloneModule(mod)))
			rc = oom(&r);
		else if (!(rc = pair_clone(&r)) && repair)
			rc = verify(&r);
		st.phase[st.nphases++] = (tc_phase_time){"clone", tc__now() - t0};
	} else {
		st.phase[st.nphases++] = (tc_phase_time){"verify", tc__now() - t0};
	}
	if (!rc && !(rc = read_module(&r, &st))) {
		*out = r.out;
		r.out = NULL;
	}
	reader_free(&r);
	if (r.caller && r.mod)
		LLVMDisposeModule(r.mod);
	return rc;
}
