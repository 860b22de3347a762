/*
 * gpu_builtins.h - what the IR frontends know about GPU builtins by name:
 * barriers, and the sources of thread-varying and thread-invariant values
 * (SPEC 3.2). One table, no LLVM: the PTX and SPIR-V frontends share it.
 */
#ifndef TC_FRONTEND_GPU_BUILTINS_H
#define TC_FRONTEND_GPU_BUILTINS_H

#include "graph/module.h"
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
 * An operation that the threads of a group must reach together (a
 * collective, docs/check.md "Collectives"), by the callee's name: LLVM's
 * NVVM intrinsics, OpenCL C's work-group and sub-group functions as clang
 * leaves them (Itanium-mangled), and PTX instructions (their opcode up to
 * the type: "shfl.sync.idx", "vote.sync.ballot").
 */
typedef struct tc_gpu_collective {
	const char *name;
	int prefix;
	/* as the source spells it; NULL: the mangled name's own (work_group_any) */
	const char *display;
	uint8_t group;  /* tc_group */
	uint8_t barrier; /* a barrier node already: listed for its arguments */
	int8_t mask;    /* the argument naming the lanes that take part; -1: none */
	uint8_t agree;  /* bit i: argument i must be the same in the whole group */
	/* what the result is at warp level: TC_LOP_WARP (the same in every
	 * lane), TC_LOP_BROADCAST (the same where argument from is, when
	 * argument whole is the constant whole_value), TC_LOP_MATCH
	 * (__match_any_sync's: a partition of the mask's lanes), TC_LOP_OTHER */
	uint8_t result;
	int8_t from, whole;
	int32_t whole_value;
	const char *args; /* the arguments' names, ',' between */
} tc_gpu_collective;

const tc_gpu_collective *tc__gpu_collective(const char *name, size_t len);
/* A tc_collective of group at node, its name and position still to fill:
 * a call of a function that executes collectives (call), a barrier listed
 * for its arguments, one with a mask argument (has_mask) whose mask is the
 * full mask (checked) or not. */
tc_collective tc__gpu_collective_entry(uint8_t group, bool call, bool barrier, bool has_mask,
				       bool checked, uint32_t node);
/* What a builtin's result is at warp level (lanes.h): TC_LOP_TID_X, _Y,
 * _Z, TC_LOP_NTID_X, TC_LOP_WARP, or TC_LOP_OTHER; arg0 is its first
 * argument when known (known: 1), for get_local_id(0). */
uint8_t tc__gpu_lane_source(const char *name, size_t len, uint64_t arg0, int known);
/* The lane mask that name ends in after its prefix: "eq", "le", "lt", "ge"
 * or "gt" (%lanemask_lt, llvm.nvvm.read.ptx.sreg.lanemask.lt), as
 * TC_LANEMASK_* (graph/desc.h); -1 for anything else. */
int tc__gpu_lanemask(const char *suffix, size_t len);
/* Whether the builtin reads the thread's index in its block (tid.x,
 * get_local_id(1)) or in the grid (*global: get_global_id(2)) in one
 * dimension, *dim (graph/desc.h, tc_thread_id); arg0 as above. */
bool tc__gpu_thread_id(const char *name, size_t len, uint64_t arg0, int known, uint8_t *dim,
		       bool *global);
/* The name of argument i of c ("the mask"); "an argument" when unknown. */
const char *tc__gpu_collective_arg(const tc_gpu_collective *c, unsigned i, char *buf,
				   size_t cap);
/* c's name as the source spells it (the mangled callee's own when
 * c->display is NULL), into buf; returns buf. A call through a pointer
 * (tc_collective.indirect) is named TC_GPU_THROUGH_POINTER. */
#define TC_GPU_THROUGH_POINTER "a function through a pointer"
const char *tc__gpu_collective_name(const tc_gpu_collective *c, const char *callee,
				    size_t len, char *buf, size_t cap);

/*
 * A builtin call as its source spells it, into buf (cap bytes, NUL-ended):
 * "get_local_id(0)" for _Z12get_local_idj with the argument 0,
 * "threadIdx.x" for llvm.nvvm.read.ptx.sreg.tid.x and llvm.amdgcn.workitem.id.x
 * (HIP spells both so), "name(1, ...)" for
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
