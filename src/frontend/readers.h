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

/*
 * Whether tc__read_llvm keeps the last read's LLVM module (its context and
 * bitcode) instead of freeing it as the read ends: it is freed when the
 * next read ends, or when this is turned off, or never if the process exits
 * first, which is the point (a tool that reads a file and exits spends about
 * a fifth of its time freeing the module otherwise). The memory stays
 * reachable, so leak checkers do not report it. Off by default: a library
 * caller's memory is back when a read returns. The command-line tool turns
 * it on. tc__llvm_kept: whether one is kept now (tests).
 */
void tc__llvm_keep_last(bool on);
bool tc__llvm_kept(void);

#endif
