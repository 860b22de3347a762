/*
 * read.c - the library's readers of functions: each input is read by its
 * reader (src/frontend/), which hands every function it describes to the
 * one driver of the analyses (src/analysis/driver.h). This is the one place
 * where the two meet.
 */
#include "analysis/driver.h"
#include "frontend/readers.h"

int tc_parse_ptx(tc_module **out, const char *filename, const char *text, size_t len,
		 const tc_read_options *opt, const tc_allocator *alloc, tc_diag *diag)
{
	return tc__read_ptx(out, filename, text, len, opt, alloc, diag, &tc__analyses);
}

int tc_parse_spirv(tc_module **out, const char *filename, const void *data, size_t len,
		   const tc_read_options *opt, const tc_allocator *alloc, tc_diag *diag)
{
	return tc__read_spirv(out, filename, data, len, opt, alloc, diag, &tc__analyses);
}

int tc_parse_llvm(tc_module **out, const char *filename, const void *data, size_t len,
		  const tc_read_options *opt, const tc_allocator *alloc, tc_diag *diag)
{
	return tc__read_llvm(out, filename, data, len, opt, alloc, diag, &tc__analyses);
}

int tc_parse_llvm_module(tc_module **out, struct LLVMOpaqueModule *mod,
			 const tc_read_options *opt, const tc_allocator *alloc, tc_diag *diag)
{
	return tc__read_llvm_module(out, mod, opt, alloc, diag, &tc__analyses);
}
