/*
 * llvm_none.c - the IR entry points of a library built without LLVM
 * (cmake -DTC_WITH_LLVM=OFF): everything else works; IR is refused with a
 * message that says why.
 */
#include "frontend/readers.h"
#include "graph/module.h"
#include "util/diag.h"

int tc__read_llvm(tc_module **out, const char *filename, const void *data, size_t len,
		  const tc_read_options *opt, const tc_allocator *alloc, tc_diag *diag,
		  const tc_fn_sink *sink)
{
	(void)sink;
	(void)data;
	(void)len;
	(void)opt;
	(void)alloc;
	*out = NULL;
	return tc__diag(diag, TC_EINVAL, filename ? filename : "<input>", 0, 0,
			"built without LLVM IR support (cmake -DTC_WITH_LLVM=ON)");
}

void tc_llvm_set_fatal_handler(void (*handler)(const char *reason))
{
	(void)handler;
}

int tc__read_llvm_module(tc_module **out, struct LLVMOpaqueModule *mod,
			 const tc_read_options *opt, const tc_allocator *alloc, tc_diag *diag,
			 const tc_fn_sink *sink)
{
	(void)sink;
	(void)mod;
	(void)opt;
	(void)alloc;
	*out = NULL;
	return tc__diag(diag, TC_EINVAL, "<module>", 0, 0,
			"built without LLVM IR support (cmake -DTC_WITH_LLVM=ON)");
}

void tc__llvm_keep_last(bool on)
{
	(void)on;
}

bool tc__llvm_kept(void) { return false; }
