/*
 * gpu_builtins.h - what the IR frontends know about GPU builtins by name:
 * barriers, and the sources of thread-varying and thread-invariant values
 * (SPEC 3.2). One table, no LLVM: the PTX and SPIR-V frontends share it.
 */
#ifndef TC_FRONTEND_GPU_BUILTINS_H
#define TC_FRONTEND_GPU_BUILTINS_H

#include "util/mem.h"

#include <stddef.h>
#include <stdint.h>

typedef enum tc_gpu_kind {
	TC_GPU_OTHER = 0,        /* not in the table */
	TC_GPU_BARRIER,          /* synchronizes the whole thread block */
	TC_GPU_DIVERGENT_SOURCE, /* differs between threads of a block (thread id) */
	TC_GPU_UNIFORM_SOURCE,   /* the same in all threads of a block (block id),
				    when the arguments are */
	TC_GPU_COLLECTIVE        /* one result for the whole block, whatever the
				    arguments (work_group_any); barriers too */
} tc_gpu_kind;

/* The kind of the function called name (len bytes, need not end in NUL). */
tc_gpu_kind tc__gpu_builtin_kind(const char *name, size_t len);

/*
 * A builtin call as its source spells it, into buf (cap bytes, NUL-ended):
 * "get_local_id(0)" for _Z12get_local_idj with the argument 0,
 * "threadIdx.x" for llvm.nvvm.read.ptx.sreg.tid.x, "name(1, ...)" for
 * others (known[i]: whether args[i] is known). Returns the length.
 */
size_t tc__gpu_describe(char *buf, size_t cap, const char *name, size_t len,
			const uint64_t *args, const uint8_t *known, unsigned nargs);

/*
 * Which functions execute a barrier, directly or through calls. Functions
 * are 0..nfn-1; call i goes from caller[i] to callee[i]; has_barrier[f] is
 * 1 on entry for each f that calls a barrier builtin itself and, on return,
 * for each f from which a chain of calls reaches one. Linear in nfn + ncalls.
 */
int tc__gpu_barrier_closure(const tc_alloc *al, uint32_t nfn, const uint32_t *caller,
			    const uint32_t *callee, size_t ncalls, uint8_t *has_barrier);

#endif
