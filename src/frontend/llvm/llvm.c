/*
 * llvm.c - LLVM IR (text or bitcode) to flow graphs (docs/llvm.md; SPEC 3.2).
 *
 * Its folder is the only part of the project that includes llvm-c. One call:
 *   parse into a context of our own, whose diagnostic handler keeps the first
 *   error instead of printing it (and instead of LLVM's default, which exits);
 *   verify; name unnamed blocks after their slot numbers in the input; drop
 *   optnone/noinline and run a modest pass pipeline (sroa, mem2reg) so that
 *   -O0 and -O2 code look alike; find the kernels and the functions that
 *   execute a barrier (through calls, over the call graph); then per defined
 *   function, kernels first: the uniformity of each branch condition, and the
 *   graph, with every barrier call a node of its own and one virtual exit.
 */
/*
 * The reader's parts share llvm.h: this file (reading the module: parse,
 * verify, passes; a caller's module and its clone; the entry points),
 * collectives.c (builtins, collectives, kernels), values.c (the values for
 * the uniformity analysis), warp.c (the warp's view), debug.c (positions
 * and names) and graphs.c (the graphs and their descriptions).
 */
#include "frontend/llvm/llvm.h"

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
		return tc__llvm_oom(r);
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
void tc__llvm_warn(reader *r, const char *fmt, ...)
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
		tc__llvm_warn(r,
			      "debug info of version %u ignored (this LLVM reads version %u): no "
			      "source positions",
			      version, LLVMDebugMetadataVersion());
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
			tc__llvm_warn(r, "invalid debug info ignored (%s): no source positions",
				      what);
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
		/* the slots are counted up to the last unnamed block, if any */
		LLVMBasicBlockRef last = NULL;
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb;
		     bb = LLVMGetNextBasicBlock(bb))
			if (!has_name(LLVMBasicBlockAsValue(bb)))
				last = bb;
		if (!last)
			continue;
		unsigned slot = 0;
		for (LLVMValueRef a = LLVMGetFirstParam(fn); a; a = LLVMGetNextParam(a))
			slot += !has_name(a);
		for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn), end = LLVMGetNextBasicBlock(last);
		     bb != end; bb = LLVMGetNextBasicBlock(bb)) {
			LLVMValueRef bv = LLVMBasicBlockAsValue(bb);
			if (!has_name(bv) && r->own_names) {
				if (tc__llvm_ptrmap_put(&r->al, &r->slots, bb, slot++))
					return tc__llvm_oom(r);
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
	uint32_t k = tc__llvm_ptrmap_get(&r->orig_of, p);
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
	if (tc__llvm_reserve(r, &r->orig, &r->orig_cap, r->norig + 1, sizeof *r->orig) ||
	    tc__llvm_ptrmap_put(&r->al, &r->orig_of, clone, (uint32_t)r->norig))
		return tc__llvm_oom(r);
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
	r->call_tag =
	    LLVMGetMDKindIDInContext(r->ctx, origin_call_kind, sizeof origin_call_kind - 1);
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
				if (tc__llvm_is_call(i)) {
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
int tc__llvm_add_origin(reader *r, uint32_t f, uint32_t nblocks)
{
	const tc_alloc *mal = &r->out->al;
	uint32_t n = tc_graph_node_count(r->out->graphs[r->out->count - 1]);
	tc_llvm_origin *o = tc__calloc(mal, n, sizeof *o);
	LLVMValueRef *cc = r->nfound ? tc__calloc(mal, r->nfound, sizeof *cc) : NULL;
	if (!o || (r->nfound && !cc)) {
		tc__free(mal, o);
		tc__free(mal, cc);
		return tc__llvm_oom(r);
	}
	for (uint32_t k = 0; k < nblocks; k++) {
		uint32_t first = r->last[k] - r->nbar[k], j = 0;
		LLVMBasicBlockRef bb = caller_of(r, LLVMBasicBlockAsValue(r->binfo[k].bb));
		for (uint32_t v = first; v <= r->last[k]; v++)
			o[v].block = bb;
		for (LLVMValueRef i = LLVMGetFirstInstruction(r->binfo[k].bb);
		     i && j < r->nbar[k]; i = LLVMGetNextInstruction(i))
			if (tc__llvm_is_barrier_call(r, i))
				o[first + j++].call = caller_of(r, i);
	}
	for (size_t j = 0; j < r->nfound; j++)
		cc[j] = caller_of(r, r->found[j].inst);
	tc__module_set_origin(r->out, caller_of(r, r->fns[f]), o, cc);
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
	tc__arena_init(&r->ar, &r->al);
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
		return tc__llvm_oom(r);
	if ((rc = tc__llvm_collect_functions(r)) || (rc = tc__llvm_build_graphs(r)))
		return rc;
	t0 = tc__now() - t1;
	st->phase[st->nphases++] = (tc_phase_time){"uniformity", r->uniformity_s};
	st->phase[st->nphases++] = (tc_phase_time){"graphs", t0 - r->uniformity_s};
	r->out->read = *st;
	for (size_t i = 0; i < r->nwarnings; i++)
		if (tc__module_warn(r->out, r->warnings[i]))
			return tc__llvm_oom(r);
	return TC_OK;
}

/* Frees what the reader holds but the module and its context. */
static void reader_free(reader *r)
{
	tc_module_free(r->out);
	tc__llvm_ptrmap_free(&r->al, &r->fn_index);
	tc__llvm_ptrmap_free(&r->al, &r->blocks);
	tc__llvm_ptrmap_free(&r->al, &r->values);
	tc__llvm_ptrmap_free(&r->al, &r->slots);
	tc__llvm_ptrmap_free(&r->al, &r->in_blocks);
	tc__llvm_ptrmap_free(&r->al, &r->orig_of);
	tc__free(&r->al, r->orig);
	tc__arena_free(&r->ar);
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
	tc__free(&r->al, r->way);
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

/*
 * The last read's LLVM context, kept rather than freed when the caller asked
 * (tc__llvm_keep_last): freeing a module is a walk over every value it
 * holds, about a fifth of what a command that reads one file and exits
 * spends, for memory the system takes back at the exit anyway (compilers
 * skip it the same way: clang's -disable-free). One is kept at most: a read
 * that ends frees the one before it.
 */
static pthread_mutex_t kept_lock = PTHREAD_MUTEX_INITIALIZER;
static bool keep_last;
static struct kept_llvm {
	LLVMContextRef ctx;
	LLVMModuleRef mod;
	LLVMMemoryBufferRef bitcode;
} kept;

static void dispose_llvm(struct kept_llvm k)
{
	if (k.mod)
		LLVMDisposeModule(k.mod);
	if (k.bitcode)
		LLVMDisposeMemoryBuffer(k.bitcode);
	if (k.ctx)
		LLVMContextDispose(k.ctx);
}

/* The end of a read: r's context kept in place of the one before, or freed. */
static void release_llvm(reader *r)
{
	struct kept_llvm k = {r->ctx, r->mod, r->bitcode};
	pthread_mutex_lock(&kept_lock);
	if (keep_last) {
		struct kept_llvm before = kept;
		kept = k;
		k = before;
	}
	pthread_mutex_unlock(&kept_lock);
	dispose_llvm(k);
}

void tc__llvm_keep_last(bool on)
{
	struct kept_llvm k = {NULL, NULL, NULL};
	pthread_mutex_lock(&kept_lock);
	keep_last = on;
	if (!on) {
		k = kept;
		kept = (struct kept_llvm){NULL, NULL, NULL};
	}
	pthread_mutex_unlock(&kept_lock);
	dispose_llvm(k);
}

bool tc__llvm_kept(void)
{
	pthread_mutex_lock(&kept_lock);
	bool any = kept.ctx != NULL;
	pthread_mutex_unlock(&kept_lock);
	return any;
}

int tc__read_llvm(tc_module **out, const char *filename, const void *data, size_t len,
		  const tc_read_options *opt, const tc_allocator *alloc, tc_diag *diag,
		  const tc_fn_sink *sink)
{
	reader r;
	reader_init(&r, filename ? filename : "<input>", opt, alloc, diag, sink);
	*out = NULL;
	int rc;
	if (tc__read_args(opt, data, len, r.file, diag))
		return TC_EINVAL;
	pthread_once(&llvm_options_once, set_llvm_options);
	if (!(r.ctx = LLVMContextCreate()))
		return tc__llvm_oom(&r);
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
	release_llvm(&r);
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
			rc = tc__llvm_oom(&r);
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
