/*
 * llvm.h - the LLVM IR reader's state and what its parts give each other
 * (src/frontend/llvm/; docs/llvm.md). Internal to the reader, the only
 * folder of the project that includes llvm-c.
 */
#ifndef TC_FRONTEND_LLVM_LLVM_H
#define TC_FRONTEND_LLVM_LLVM_H

#include "frontend/gpu_builtins.h"
#include "frontend/readers.h"
#include "graph/blocks.h"
#include "graph/module.h"
#include "util/clock.h"
#include "util/diag.h"
#include "util/hash.h"
#include "util/mem.h"
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

/* Entries in insertion order, found through a tc_hash of their addresses
 * (util/hash.h, tc__hash_ptr: the slot follows the address, and LLVM
 * allocates a function's instructions and blocks one after another). */
typedef struct ptrmap {
	tc_hash index;
	const void **key;
	uint32_t *val;
	size_t len, cap;
} ptrmap;

/* The entry of p, or TC_NONE; *at: where p would go. */
static inline uint32_t tc__llvm_ptrmap_entry(const ptrmap *m, const void *p, size_t *at)
{
	uint32_t h = tc__hash_ptr(p);
	for (uint32_t e = tc__hash_first(&m->index, h, at); e != TC_NONE;
	     e = tc__hash_next(&m->index, h, at))
		if (m->key[e] == p)
			return e;
	return TC_NONE;
}

static inline uint32_t tc__llvm_ptrmap_get(const ptrmap *m, const void *p)
{
	size_t at;
	uint32_t e = p ? tc__llvm_ptrmap_entry(m, p, &at) : TC_NONE;
	return e == TC_NONE ? TC_NONE : m->val[e];
}

/* room for n keys */
static inline int tc__llvm_ptrmap_reserve(const tc_alloc *al, ptrmap *m, size_t n)
{
	if (n >= UINT32_MAX || tc__hash_reserve(&m->index, al, n))
		return TC_ENOMEM;
	if (n <= m->cap)
		return TC_OK;
	size_t cap = m->cap ? m->cap : 64;
	while (cap < n)
		cap *= 2;
	const void **key = tc__realloc(al, m->key, tc__mul(cap, sizeof *key));
	if (!key)
		return TC_ENOMEM;
	m->key = key;
	uint32_t *val = tc__realloc(al, m->val, tc__mul(cap, sizeof *val));
	if (!val)
		return TC_ENOMEM;
	m->val = val;
	m->cap = cap;
	return TC_OK;
}

/* p -> v, replacing what p had */
static inline int tc__llvm_ptrmap_put(const tc_alloc *al, ptrmap *m, const void *p, uint32_t v)
{
	if (tc__llvm_ptrmap_reserve(al, m, m->len + 1))
		return TC_ENOMEM;
	size_t at;
	uint32_t e = tc__llvm_ptrmap_entry(m, p, &at);
	if (e == TC_NONE) {
		e = (uint32_t)m->len++;
		m->key[e] = p;
		tc__hash_put_at(&m->index, at, tc__hash_ptr(p), e);
	}
	m->val[e] = v;
	return TC_OK;
}

static inline void tc__llvm_ptrmap_clear(const tc_alloc *al, ptrmap *m)
{
	tc__hash_clear(&m->index, al);
	m->len = 0;
}

static inline void tc__llvm_ptrmap_free(const tc_alloc *al, ptrmap *m)
{
	tc__hash_free(&m->index, al);
	tc__free(al, m->key);
	tc__free(al, m->val);
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
	/* what lives until the end of the read: the tables per defined
	 * function (freed by one tc__arena_free) */
	tc_arena ar;
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
	/* per defined function: !nvvm.annotations' maxntidx, maxntidy and
	 * maxntidz (__launch_bounds__), 0 where not given */
	uint32_t *maxntid; /* 3 per function */
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
	struct fouts *fouts;   /* per function: its outs (outs.c), made once */
	/* per function's parameter k, nopriv[nopriv_off[f] + k]: every call
	 * of it (all direct, in the module) passes a pointer that may not
	 * address a thread's own memory (outs.c, made with fouts) */
	uint8_t *nopriv;
	uint32_t *nopriv_off;
	ptrmap in_blocks;      /* scratch of outs.c: a function's blocks */
	size_t nbar_cap, last_cap;
	uint8_t *way; /* per block: which way its branch goes (tc_fn_read.way) */
	size_t way_cap;

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
	bool byval_read;         /* whether only reads use it (tc__llvm_pointer_kept) */
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

static inline int tc__llvm_oom(reader *r)
{
	return tc__diag(r->diag, TC_ENOMEM, r->file, 0, 0, "out of memory");
}

/* Makes sure *p holds n elements of size sz. */
static inline int tc__llvm_reserve(reader *r, void *p, size_t *cap, size_t n, size_t sz)
{
	return tc__grow(&r->al, p, cap, n, sz);
}

/* llvm.c */
void tc__llvm_warn(reader *r, const char *fmt, ...);
int tc__llvm_add_origin(reader *r, uint32_t f, uint32_t nblocks);

/* collectives.c */
const char *tc__llvm_value_name(LLVMValueRef v, size_t *len);
tc_gpu_kind tc__llvm_callee_kind(LLVMValueRef callee);
bool tc__llvm_is_call(LLVMValueRef i);
bool tc__llvm_is_barrier_call(const reader *r, LLVMValueRef i);
bool tc__llvm_all_ones(LLVMValueRef call, int i);
int tc__llvm_collect_functions(reader *r);
int tc__llvm_note_collective(reader *r, LLVMValueRef i, uint32_t k, uint32_t seg);
int tc__llvm_make_collectives(reader *r, tc_fn_read *in);

/* values.c */
int tc__llvm_number_values(reader *r, LLVMValueRef fn, bool kernel, uint32_t nblocks, size_t ninsts,
			   uint32_t *count);
uint32_t tc__llvm_use_block(reader *r, LLVMValueRef w, uint32_t wid, unsigned j);
int tc__llvm_number_uses(reader *r, uint32_t n, size_t nops);
int tc__llvm_number_branches(reader *r, uint32_t nblocks);

/* warp.c */
void tc__llvm_block_size(reader *r, LLVMValueRef fn, uint32_t size[3]);
uint32_t tc__llvm_warp_size(reader *r, LLVMValueRef fn);
uint32_t tc__llvm_max_threads(const reader *r, LLVMValueRef fn);
/* Whether every use of pointer p, and of the pointers derived from it
 * (GEPs, casts), only reads it (loads; not volatile ones unless writes is
 * set); with writes set, also stores into it, debug information and
 * lifetimes (tc__llvm_marker_call), and calls of defined functions whose
 * parameter keeps it so in turn: keeps(ctx, callee, k) says so for
 * parameter k, where given, else its uses are looked at too. Otherwise (a
 * store of it, another call, a phi, more than 256 uses looked at) it may
 * leave. */
bool tc__llvm_pointer_kept(LLVMValueRef p, bool writes,
			   bool (*keeps)(void *ctx, LLVMValueRef callee, unsigned k), void *ctx);
/* A pure intrinsic: its result depends on its operands only (llvm.*,
 * memory(none), not convergent). */
bool tc__llvm_pure_intrinsic(const reader *r, LLVMValueRef callee);
/* A call of debug information or of a variable's lifetime. */
bool tc__llvm_marker_call(LLVMValueRef i);
/* What function f (the one being read, as d describes it, nblocks blocks)
 * leaves in its callers' variables, and the loads of its variables that
 * read what a callee left (graph/desc.h, outs; outs.c). TC_OK or an error
 * (said). */
int tc__llvm_describe_outs(reader *r, uint32_t f, tc_fn_desc *d, uint32_t nblocks);
/* An integer constant not negative and below 2^31 that fits its type's
 * signed range (an i1's: false), else -1 (tc_fn_desc.arg_k). */
int64_t tc__llvm_small_constant(LLVMValueRef v);
int tc__llvm_describe_values(reader *r, LLVMValueRef fn, bool kernel, uint32_t nblocks,
			     size_t ninsts, size_t nops, tc_ua_func *f, const tc_lane_op **lop,
			     bool *arith_only);

/* debug.c */
int tc__llvm_kept_loc(reader *r, LLVMValueRef inst, tc_loc *out, tc_inlined *inl);
int tc__llvm_value_source(void *ctx, uint32_t v, const char **what, tc_loc *loc);
const char *tc__llvm_block_name(void *ctx, uint32_t k, size_t *len);
int tc__llvm_block_barrier(void *ctx, uint32_t k, uint32_t j, unsigned *flags, tc_loc *loc,
			   tc_inlined *inl);
int tc__llvm_block_branch(void *ctx, uint32_t k, tc_loc *loc);

/* graphs.c */
int tc__llvm_build_graphs(reader *r);

#endif
