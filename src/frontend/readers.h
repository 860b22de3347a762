/*
 * readers.h - the readers of the formats that have functions (LLVM IR, PTX,
 * SPIR-V), as the library's entry points (src/read.c) call them.
 *
 * Each reads its input into a module: per function, the graph (added to
 * the module as it is read) and the description of its values, calls and
 * collectives (graph/desc.h), which it hands to sink in turn; it decides
 * nothing about convergence. The arguments are the public entry points'
 * (include/threadconv.h, tc_parse_ptx and the others), and so are the
 * results; an error sink's function returns (TC_ENOMEM, TC_ELIMIT) becomes
 * the reader's message ("out of memory", "function too large").
 */
#ifndef TC_FRONTEND_READERS_H
#define TC_FRONTEND_READERS_H

#include "graph/desc.h"
#include "threadconv.h"

int tc__read_ptx(tc_module **out, const char *filename, const char *text, size_t len,
		 const tc_read_options *opt, const tc_allocator *alloc, tc_diag *diag,
		 const tc_fn_sink *sink);
int tc__read_spirv(tc_module **out, const char *filename, const void *data, size_t len,
		   const tc_read_options *opt, const tc_allocator *alloc, tc_diag *diag,
		   const tc_fn_sink *sink);
int tc__read_llvm(tc_module **out, const char *filename, const void *data, size_t len,
		  const tc_read_options *opt, const tc_allocator *alloc, tc_diag *diag,
		  const tc_fn_sink *sink);
int tc__read_llvm_module(tc_module **out, struct LLVMOpaqueModule *mod,
			 const tc_read_options *opt, const tc_allocator *alloc, tc_diag *diag,
			 const tc_fn_sink *sink);

#endif
