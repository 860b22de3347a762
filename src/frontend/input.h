/*
 * input.h - the one dispatch from a file to its reader (input.c): the
 * public tc_read_file and tc_read_file_ex pick by the bytes and the name;
 * a file a compiler made from a source is read by what it was asked to
 * make, under the source's name.
 */
#ifndef TC_FRONTEND_INPUT_H
#define TC_FRONTEND_INPUT_H

#include "threadconv.h"

/* The file at path, which a compiler made from the source name: PTX for a
 * name ending in .ptx, SPIR-V for .spv, else LLVM IR (text or bitcode);
 * read as tc_parse_* read bytes, with name in messages and positions. A
 * missing file is TC_EIO "the compiler's output is missing". */
int tc__read_compiled(tc_module **out, const char *path, const char *name,
		      const tc_read_options *opt, const tc_allocator *alloc, tc_diag *diag);

#endif
