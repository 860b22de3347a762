/*
 * embed.c - threadconv inside a compiler: the analysis of a module the
 * program built itself with LLVM-C, mapped back to its blocks and calls.
 *
 * It builds an NVPTX module with two kernels,
 *
 *   early_barrier:  if (threadIdx.x < 32) __syncthreads();  __syncthreads();
 *   counted_loop:   for (i = 0; i < n; i++) __syncthreads();  (n a parameter)
 *
 * reads it with tc_parse_llvm_module, decides every barrier in check mode
 * (is it reached by all threads of the block together?) and prints each
 * with its block, taken from the module (not from threadconv's node names),
 * then the findings `threadconv check` would report, from tc_check.
 * Then it does the same with counted_loop's counter in a stack slot, as
 * clang -O0 writes it, which the analysis normalises on a private copy.
 *
 * It checks what it prints: the module is the same text before and after,
 * the first barrier is not convergent and the others are. Exit 0 when all
 * holds, 1 otherwise.
 *
 *   cc embed.c $(pkg-config --cflags --libs threadconv) \
 *      $(llvm-config-19 --cflags --ldflags --libs core analysis) -o embed
 */
#include <threadconv.h>

#include <llvm-c/Analysis.h>
#include <llvm-c/Core.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { CC_PTX_KERNEL = 71 };

/* declare void @name() convergent, as clang declares barriers */
static LLVMValueRef declare_void(LLVMModuleRef m, const char *name)
{
	LLVMContextRef c = LLVMGetModuleContext(m);
	LLVMTypeRef ty = LLVMFunctionType(LLVMVoidTypeInContext(c), NULL, 0, 0);
	LLVMValueRef f = LLVMAddFunction(m, name, ty);
	unsigned kind = LLVMGetEnumAttributeKindForName("convergent", 10);
	LLVMAddAttributeAtIndex(f, LLVMAttributeFunctionIndex,
				LLVMCreateEnumAttribute(c, kind, 0));
	return f;
}

static LLVMValueRef call0(LLVMBuilderRef b, LLVMModuleRef m, const char *name)
{
	LLVMValueRef f = LLVMGetNamedFunction(m, name);
	return LLVMBuildCall2(b, LLVMGlobalGetValueType(f), f, NULL, 0, "");
}

static LLVMValueRef kernel(LLVMModuleRef m, const char *name, LLVMTypeRef ty)
{
	LLVMValueRef f = LLVMAddFunction(m, name, ty);
	LLVMSetFunctionCallConv(f, CC_PTX_KERNEL);
	return f;
}

static void build_early_barrier(LLVMModuleRef m, LLVMBuilderRef b)
{
	LLVMContextRef c = LLVMGetModuleContext(m);
	LLVMValueRef f = kernel(m, "early_barrier",
				LLVMFunctionType(LLVMVoidTypeInContext(c), NULL, 0, 0));
	LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(c, f, "entry");
	LLVMBasicBlockRef first = LLVMAppendBasicBlockInContext(c, f, "first_warp");
	LLVMBasicBlockRef join = LLVMAppendBasicBlockInContext(c, f, "join");
	LLVMPositionBuilderAtEnd(b, entry);
	LLVMValueRef tid = call0(b, m, "llvm.nvvm.read.ptx.sreg.tid.x");
	LLVMValueRef lt = LLVMBuildICmp(
		b, LLVMIntULT, tid, LLVMConstInt(LLVMInt32TypeInContext(c), 32, 0), "lt");
	LLVMBuildCondBr(b, lt, first, join);
	LLVMPositionBuilderAtEnd(b, first);
	call0(b, m, "llvm.nvvm.barrier0");
	LLVMBuildBr(b, join);
	LLVMPositionBuilderAtEnd(b, join);
	call0(b, m, "llvm.nvvm.barrier0");
	LLVMBuildRetVoid(b);
}

/* The loop, with its counter a phi or (slot) a stack slot. */
static void build_counted_loop(LLVMModuleRef m, LLVMBuilderRef b, int slot)
{
	LLVMContextRef c = LLVMGetModuleContext(m);
	LLVMTypeRef i32 = LLVMInt32TypeInContext(c);
	LLVMTypeRef params[] = {i32};
	LLVMValueRef f = kernel(m, slot ? "counted_loop_O0" : "counted_loop",
				LLVMFunctionType(LLVMVoidTypeInContext(c), params, 1, 0));
	LLVMValueRef n = LLVMGetParam(f, 0), zero = LLVMConstInt(i32, 0, 0),
		     one = LLVMConstInt(i32, 1, 0);
	LLVMBasicBlockRef entry = LLVMAppendBasicBlockInContext(c, f, "entry");
	LLVMBasicBlockRef head = LLVMAppendBasicBlockInContext(c, f, "head");
	LLVMBasicBlockRef body = LLVMAppendBasicBlockInContext(c, f, "body");
	LLVMBasicBlockRef done = LLVMAppendBasicBlockInContext(c, f, "done");
	LLVMPositionBuilderAtEnd(b, entry);
	LLVMValueRef i_slot = NULL;
	if (slot) {
		i_slot = LLVMBuildAlloca(b, i32, "i.addr");
		LLVMBuildStore(b, zero, i_slot);
	}
	LLVMBuildBr(b, head);
	LLVMPositionBuilderAtEnd(b, head);
	LLVMValueRef i, phi = NULL;
	if (slot) {
		i = LLVMBuildLoad2(b, i32, i_slot, "i");
	} else {
		i = phi = LLVMBuildPhi(b, i32, "i");
	}
	LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntSLT, i, n, "more"), body, done);
	LLVMPositionBuilderAtEnd(b, body);
	call0(b, m, "llvm.nvvm.barrier0");
	LLVMValueRef next = LLVMBuildAdd(b, i, one, "next");
	if (slot)
		LLVMBuildStore(b, next, i_slot);
	LLVMBuildBr(b, head);
	if (phi) {
		LLVMValueRef in[] = {zero, next};
		LLVMBasicBlockRef from[] = {entry, body};
		LLVMAddIncoming(phi, in, from, 2);
	}
	LLVMPositionBuilderAtEnd(b, done);
	LLVMBuildRetVoid(b);
}

static const char *block_name(LLVMBasicBlockRef bb)
{
	return bb ? LLVMGetBasicBlockName(bb) : "?";
}

/*
 * What `threadconv check` reports, from tc_check: each finding with its rule,
 * its block and the blocks whose branches decide it. There must be one per
 * barrier the solve did not prove convergent (want). 0, or 1 after a
 * message.
 */
static int print_findings(tc_module *tm, unsigned want)
{
	tc_findings *f;
	tc_diag diag = {0};
	if (tc_check(&f, tm, NULL, NULL, &diag) != TC_OK) {
		fprintf(stderr, "embed: %s\n", diag.message);
		return 1;
	}
	for (size_t k = 0; k < tc_findings_count(f); k++) {
		const tc_finding *x = tc_findings_get(f, k);
		printf("  finding [-W%s] in %s, block %s", tc_rule_name(x->rule),
		       tc_graph_name(tc_module_graph(tm, x->graph)),
		       block_name(tc_module_llvm_block(tm, x->graph, x->node)));
		for (uint32_t q = 0; q < x->ncauses; q++)
			printf("%s%s", q ? ", " : "; decided by the branch ending block ",
			       block_name(tc_module_llvm_block(tm, x->graph, x->causes[q].node)));
		printf("\n");
	}
	int status = 0;
	if (tc_findings_count(f) != want) {
		fprintf(stderr, "embed: %zu findings; expected %u\n", tc_findings_count(f), want);
		status = 1;
	}
	tc_findings_free(f);
	return status;
}

/*
 * Reads m, prints each barrier's verdict with its block in m, and counts
 * the barriers and the convergent ones. 0, or 1 after a message.
 */
static int analyse(LLVMModuleRef m, unsigned *nbarriers, unsigned *nconvergent)
{
	tc_diag diag = {0};
	tc_module *tm;
	if (tc_parse_llvm_module(&tm, m, NULL, NULL, &diag) != TC_OK) {
		fprintf(stderr, "embed: %s\n", diag.message);
		return 1;
	}
	tc_solve_options opt = TC_SOLVE_OPTIONS_INIT;
	opt.assume_barriers = false; /* check mode: barriers must be proven */
	int status = 0;
	for (size_t g = 0; g < tc_module_graph_count(tm) && !status; g++) {
		tc_result *res;
		if (tc_module_solve(&res, tm, g, &opt, NULL, &diag) != TC_OK) {
			fprintf(stderr, "embed: %s\n", diag.message);
			status = 1;
			break;
		}
		LLVMValueRef fn = tc_module_llvm_function(tm, g);
		const tc_graph *graph = tc_module_graph(tm, g);
		for (uint32_t v = 0; v < tc_graph_node_count(graph); v++) {
			if (!(tc_graph_node_flags(graph, v) & TC_NODE_BARRIER))
				continue;
			LLVMValueRef call = tc_module_llvm_call(tm, g, v);
			LLVMBasicBlockRef bb = tc_module_llvm_block(tm, g, v);
			if (!call || !bb || LLVMGetInstructionParent(call) != bb ||
			    LLVMGetBasicBlockParent(bb) != fn) {
				fprintf(stderr, "embed: node %u has no barrier call of its own\n",
					v);
				status = 1;
				break;
			}
			bool ok = tc_result_node_state(res, v) == TC_STATE_CONVERGENT;
			size_t flen, clen;
			const char *fname = LLVMGetValueName2(fn, &flen);
			const char *callee = LLVMGetValueName2(LLVMGetCalledValue(call), &clen);
			printf("  %.*s: %.*s in block %s: %s\n", (int)flen, fname, (int)clen,
			       callee, block_name(bb),
			       ok ? "reached by all threads together"
				  : "only some threads may reach it");
			++*nbarriers;
			*nconvergent += ok;
		}
		tc_result_free(res);
	}
	if (!status)
		status = print_findings(tm, *nbarriers - *nconvergent);
	tc_module_free(tm);
	return status;
}

/* Analyses m, checks that its text is unchanged and the counts. */
static int run(const char *what, LLVMModuleRef m, unsigned want_barriers,
	       unsigned want_convergent)
{
	char *before = LLVMPrintModuleToString(m);
	unsigned nb = 0, nc = 0;
	printf("%s\n", what);
	int status = analyse(m, &nb, &nc);
	char *after = LLVMPrintModuleToString(m);
	if (strcmp(before, after) != 0) {
		fprintf(stderr, "embed: the module changed\n--- before\n%s--- after\n%s",
			before, after);
		status = 1;
	}
	if (!status && (nb != want_barriers || nc != want_convergent)) {
		fprintf(stderr, "embed: %u barriers, %u convergent; expected %u, %u\n", nb, nc,
			want_barriers, want_convergent);
		status = 1;
	}
	LLVMDisposeMessage(before);
	LLVMDisposeMessage(after);
	return status;
}

int main(void)
{
	LLVMContextRef c = LLVMContextCreate();
	LLVMModuleRef m = LLVMModuleCreateWithNameInContext("embed", c);
	LLVMSetTarget(m, "nvptx64-nvidia-cuda");
	LLVMTypeRef i32 = LLVMInt32TypeInContext(c);
	LLVMAddFunction(m, "llvm.nvvm.read.ptx.sreg.tid.x", LLVMFunctionType(i32, NULL, 0, 0));
	declare_void(m, "llvm.nvvm.barrier0");
	LLVMBuilderRef b = LLVMCreateBuilderInContext(c);
	build_early_barrier(m, b);
	build_counted_loop(m, b, 0);

	int status = 0;
	char *err = NULL;
	if (LLVMVerifyModule(m, LLVMReturnStatusAction, &err)) {
		fprintf(stderr, "embed: the module built is invalid: %s\n", err);
		status = 1;
	}
	LLVMDisposeMessage(err);
	/* read as it is: no stack slots */
	if (!status)
		status = run("the module as built:", m, 3, 2);
	/* a stack slot: read through a normalised copy */
	build_counted_loop(m, b, 1);
	if (!status)
		status = run("with a stack slot (clang -O0):", m, 4, 3);
	if (!status)
		printf("the module is unchanged\n");
	LLVMDisposeBuilder(b);
	LLVMDisposeModule(m);
	LLVMContextDispose(c);
	return status;
}
