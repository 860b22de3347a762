/*
 * threadconv.h - thread-convergence analysis of GPU kernel control-flow graphs.
 *
 * This is the whole public API. Every exported name starts with tc_ (TC_ for
 * macros). Functions that can fail return 0 (TC_OK) or a negative tc_status and
 * put their result in the first (out) parameter; a tc_diag, when the caller
 * passes one, receives the message and, for input errors, the position. The
 * library never prints and never exits.
 *
 * Model and solvers: docs/model.md and docs/solvers.md; the paper is "On Thread
 * Convergence" (Grover, Kudlur; NVIDIA 2009).
 */
#ifndef THREADCONV_H
#define THREADCONV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TC_VERSION_MAJOR 0
#define TC_VERSION_MINOR 1
#define TC_VERSION_PATCH 0
#define TC_VERSION "0.1.0"

/* An id that names no node or edge. */
#define TC_NONE UINT32_MAX

typedef enum tc_status {
	TC_OK = 0,
	TC_ENOMEM = -1, /* an allocation failed */
	TC_EINVAL = -2, /* a bad argument (unknown id, missing entry, ...) */
	TC_EPARSE = -3, /* malformed input; tc_diag has the position */
	TC_EIO = -4,    /* a file could not be read */
	TC_ELIMIT = -5  /* the input exceeds a representable size */
} tc_status;

/* Diagnostics: filled by a failing call when the caller passes one. */
typedef struct tc_diag {
	int code;            /* the tc_status returned */
	char file[256];      /* input name, "" when not about an input */
	uint32_t line, col;  /* 1-based; 0 when unknown */
	char message[256];   /* lowercase, no trailing period */
} tc_diag;

const char *tc_status_string(int status);

/*
 * Allocator hook (as Lua's lua_Alloc): every allocation of the library goes
 * through it. NULL everywhere means malloc/realloc/free. realloc_fn(ud, p, 0)
 * is never called; free_fn(ud, NULL) may be.
 */
typedef struct tc_allocator {
	void *(*malloc_fn)(void *ud, size_t size);
	void *(*realloc_fn)(void *ud, void *ptr, size_t size);
	void (*free_fn)(void *ud, void *ptr);
	void *ud;
} tc_allocator;

/* ---- flow graphs ------------------------------------------------------ */

/* Node flags. */
#define TC_NODE_BARRIER 0x1u /* a barrier statement (its own node) */
#define TC_NODE_UNIFORM 0x2u /* its branch condition is thread-invariant */
/* a barrier that waits for a number of threads, not the whole block (PTX
 * "bar.sync 1, 128"): its own node, but no sync node (docs/ptx.md) */
#define TC_NODE_PARTIAL_BARRIER 0x4u

/* Where an element came from in a source file (debug info, .cfg line). */
typedef struct tc_loc {
	const char *file; /* NULL when unknown; owned by the graph */
	uint32_t line, col;
} tc_loc;

typedef struct tc_graph tc_graph;     /* immutable once built */
typedef struct tc_builder tc_builder; /* makes one tc_graph */

int tc_builder_new(tc_builder **out, const char *graph_name,
		   const tc_allocator *alloc);
void tc_builder_free(tc_builder *b);
/* Finds the node called name or creates it (ids are dense, in creation order). */
int tc_builder_node(tc_builder *b, const char *name, size_t len, uint32_t *out_id);
/* Creates a node whether or not the name is taken (for generated graphs). */
int tc_builder_add_node(tc_builder *b, const char *name, size_t len,
			uint32_t *out_id);
/* Edges get dense ids in creation order; parallel edges and self-loops are fine. */
int tc_builder_edge(tc_builder *b, uint32_t from, uint32_t to, uint32_t *out_id);
int tc_builder_set_entry(tc_builder *b, uint32_t node);
int tc_builder_set_exit(tc_builder *b, uint32_t node);
int tc_builder_set_flags(tc_builder *b, uint32_t node, unsigned flags);
unsigned tc_builder_flags(const tc_builder *b, uint32_t node);
int tc_builder_set_node_loc(tc_builder *b, uint32_t node, const char *file,
			    uint32_t line, uint32_t col);
uint32_t tc_builder_entry(const tc_builder *b);
uint32_t tc_builder_exit(const tc_builder *b);
/* Consumes the builder whatever the outcome. Fails without entry or exit. */
int tc_builder_finish(tc_graph **out, tc_builder *b, tc_diag *diag);

void tc_graph_free(tc_graph *g);
const char *tc_graph_name(const tc_graph *g);
uint32_t tc_graph_node_count(const tc_graph *g);
uint32_t tc_graph_edge_count(const tc_graph *g);
uint32_t tc_graph_entry(const tc_graph *g);
uint32_t tc_graph_exit(const tc_graph *g);
const char *tc_graph_node_name(const tc_graph *g, uint32_t node);
unsigned tc_graph_node_flags(const tc_graph *g, uint32_t node);
tc_loc tc_graph_node_loc(const tc_graph *g, uint32_t node);
uint32_t tc_graph_edge_from(const tc_graph *g, uint32_t edge);
uint32_t tc_graph_edge_to(const tc_graph *g, uint32_t edge);
/* Out-edges (in-edges) of a node as edge ids, in creation order. */
const uint32_t *tc_graph_out_edges(const tc_graph *g, uint32_t node, uint32_t *count);
const uint32_t *tc_graph_in_edges(const tc_graph *g, uint32_t node, uint32_t *count);
/* Looks a node up by name; TC_NONE when absent. */
uint32_t tc_graph_find_node(const tc_graph *g, const char *name);

/* ---- modules: the graphs read from one input --------------------------- */

typedef struct tc_module tc_module;

/*
 * Parses the .cfg text format (docs/cfg-format.md). filename is used in
 * diagnostics only. On error nothing is returned and diag holds
 * file:line:col and the message.
 */
int tc_parse_cfg(tc_module **out, const char *filename, const char *text,
		 size_t len, const tc_allocator *alloc, tc_diag *diag);
/*
 * Reads a file ("-" is standard input) and parses it by its contents: LLVM
 * bitcode (magic BC C0 DE or the wrapper 0B17C0DE), LLVM IR text (a name
 * ending in .ll, or text that opens like IR: "; ModuleID", source_filename,
 * target, define, declare), PTX (a name ending in .ptx, or text whose first
 * directive is .version), SPIR-V (the SPIR-V magic number, a name ending in
 * .spv or .spvasm, or text whose first instruction is OpCapability), else
 * the .cfg format.
 *
 * The bytes are read into memory first (never mapped), so a file changed
 * while it is read gives the bytes read, not a crash. What is not a regular
 * file (a pipe, a FIFO, a device) is read up to TC_STREAM_MAX_BYTES, beyond
 * which it is a TC_ELIMIT error. A FIFO is opened without waiting for a
 * writer; if none writes or closes within 10 seconds, it is a TC_EIO error.
 */
#define TC_STREAM_MAX_BYTES (1ull << 30)
int tc_read_file(tc_module **out, const char *path, const tc_allocator *alloc,
		 tc_diag *diag);

/* The pipeline run on IR before the graphs are built (docs/llvm.md). */
#define TC_LLVM_DEFAULT_PASSES "sroa,mem2reg,early-cse<memssa>"

/*
 * Options structs carry their version first, so that a field added later
 * does not break a program built against an older header: the library reads
 * only the fields the version has (libgit2's convention). Start from
 * TC_READ_OPTIONS_INIT (or zero: version 0 is version 1) and set fields by
 * name; a version newer than the library's is a TC_EINVAL error.
 */
#define TC_READ_OPTIONS_VERSION 1
#ifdef __cplusplus
#define TC_READ_OPTIONS_INIT {TC_READ_OPTIONS_VERSION}
#else /* designated: no -Wmissing-field-initializers */
#define TC_READ_OPTIONS_INIT {.version = TC_READ_OPTIONS_VERSION}
#endif

typedef struct tc_read_options {
	unsigned version; /* TC_READ_OPTIONS_VERSION */
	/* Keep only the graph of this name (for IR: the function); NULL keeps
	 * all. No such graph is a TC_EINVAL error. */
	const char *function;
	/* IR only: the LLVM pass pipeline (opt -passes syntax) run before the
	 * graphs are built; NULL is TC_LLVM_DEFAULT_PASSES, "" runs none. */
	const char *llvm_passes;
	/* TC_READ_* bits */
	unsigned flags;
	/* The block's size in threads (x, y, z; 0 where unknown), as the kernel
	 * is launched: decides which thread-id values are the same in every lane
	 * of a warp (docs/check.md, "Collectives"), and bounds the thread's
	 * indices (docs/check.md, "Bounds of the thread's index"). A size the
	 * kernel declares (reqd_work_group_size, .reqntid, LocalSize) is used
	 * where this is 0.
	 * Unknown x: taken to be a whole number of warps. */
	uint32_t block_size[3];
} tc_read_options;

/* PTX: a predicated "bra.uni" (or "brx.idx.uni") is taken to go the same
 * way in every thread of the block. PTX promises only that it does in every
 * active thread of a warp, so by default the analysis decides for itself
 * (docs/ptx.md, "bra.uni"). */
#define TC_READ_TRUST_BRA_UNI 0x1u

/* SPIR-V: the module is not checked before it is read, neither for what the
 * reader relies on nor by SPIRV-Tools' validator; for modules a compiler has
 * validated already. An invalid module then gives graphs that may be wrong,
 * never a crash (docs/spirv.md, "Reading and validation"). */
#define TC_READ_SPIRV_NO_VALIDATE 0x2u

/* SPIR-V: the module is also checked by SPIRV-Tools' validator (spvValidate),
 * every rule of SPIR-V at the module's version, and rejected when it breaks
 * one. By default only what the reader relies on is checked, in linear time,
 * and the rules of block order and structured control flow that producers
 * break (and the analysis does not need) are a warning; the validator's time
 * grows faster than a function's blocks (8 times the rest of the reading at
 * 10^5 blocks, docs/spirv.md). Not with TC_READ_SPIRV_NO_VALIDATE
 * (TC_EINVAL). */
#define TC_READ_SPIRV_VALIDATE 0x4u

/* tc_read_file with options; opt may be NULL. */
int tc_read_file_ex(tc_module **out, const char *path, const tc_read_options *opt,
		    const tc_allocator *alloc, tc_diag *diag);

/*
 * LLVM IR (text or bitcode, told apart by the bitcode magic) of a CUDA,
 * OpenCL or HIP kernel: one graph per defined function, kernels first
 * (docs/llvm.md). Malformed input, or a module that fails LLVM's verifier,
 * is TC_EPARSE with the message (and file:line:col when LLVM gives one).
 */
int tc_parse_llvm(tc_module **out, const char *filename, const void *data,
		  size_t len, const tc_read_options *opt, const tc_allocator *alloc,
		  tc_diag *diag);

/*
 * LLVM cannot return from some errors inside its readers: malformed bitcode
 * can crash its metadata loader, and an input that makes it request more
 * memory than there is ends in "LLVM ERROR: out of memory" and abort(); both
 * end the process that called tc_parse_llvm. A program that reads untrusted
 * IR should read it in a child process, as the threadconv command does
 * (docs/llvm.md, "Untrusted input"). report_fatal_error, the third way,
 * calls handler (which must not return; NULL restores LLVM's default) with
 * the reason before the process ends; this sets LLVM's process-wide handler.
 */
void tc_llvm_set_fatal_handler(void (*handler)(const char *reason));
/*
 * PTX text (ISA 7.x and 8.x, as nvcc and LLVM's NVPTX back end write it):
 * one graph per .entry and .func with a body, entries first (docs/ptx.md).
 * Malformed input is TC_EPARSE with file:line:col. Needs no LLVM.
 */
int tc_parse_ptx(tc_module **out, const char *filename, const char *text, size_t len,
		 const tc_read_options *opt, const tc_allocator *alloc, tc_diag *diag);

/*
 * SPIR-V, binary (the magic number 0x07230203, either byte order) or
 * assembly text (assembled by SPIRV-Tools, as SPIR-V 1.3 unless a
 * "; Version: 1.N" comment in its header says otherwise): one graph per
 * function with a body, entry points first, named by their OpEntryPoint
 * name (docs/spirv.md). A module that fails to assemble, to parse or to
 * validate is TC_EPARSE with SPIRV-Tools' message. Needs no LLVM.
 */
int tc_parse_spirv(tc_module **out, const char *filename, const void *data, size_t len,
		   const tc_read_options *opt, const tc_allocator *alloc, tc_diag *diag);

/*
 * Embedding in a compiler: LLVM-C's module, block and value types, as
 * llvm-c/Types.h declares them (LLVMModuleRef is struct LLVMOpaqueModule *),
 * so that this header needs no LLVM header.
 */
struct LLVMOpaqueModule;
struct LLVMOpaqueBasicBlock;
struct LLVMOpaqueValue;

/*
 * The graphs of a module the caller holds, in the caller's LLVM context, as
 * tc_parse_llvm reads them from bytes. The module is neither copied nor
 * changed: the analysis reads it as it is, and only a module that needs
 * normalising (stack slots that sroa and mem2reg rewrite, as clang -O0
 * leaves them; a pipeline in opt->llvm_passes; debug info the verifier
 * rejects) is cloned into the same context, normalised, read and disposed
 * of. The context's diagnostic handler and LLVM's command-line options
 * are left as they are. Not thread-safe with other use of the context,
 * as nothing in LLVM is. The module's graphs map back to it with
 * tc_module_llvm_function, _block, _call and _collective, valid as long as
 * the caller's module. A module that fails LLVM's verifier is TC_EPARSE;
 * the file in messages is the module's identifier.
 */
int tc_parse_llvm_module(tc_module **out, struct LLVMOpaqueModule *mod,
			 const tc_read_options *opt, const tc_allocator *alloc,
			 tc_diag *diag);
/*
 * For a module read by tc_parse_llvm_module (NULL otherwise): graph i's
 * function; the basic block node belongs to (NULL for <exit>); the
 * barrier call a barrier node stands for (NULL for other nodes); the call
 * of collective k of graph i (tc_module_collective). The default pipeline
 * keeps every block; another (opt->llvm_passes) may merge them, and then a
 * node maps to the first block merged into its own (its calls may lie in
 * the others), or to NULL when a pass made its block.
 */
struct LLVMOpaqueValue *tc_module_llvm_function(const tc_module *m, size_t i);
struct LLVMOpaqueBasicBlock *tc_module_llvm_block(const tc_module *m, size_t i,
						  uint32_t node);
struct LLVMOpaqueValue *tc_module_llvm_call(const tc_module *m, size_t i, uint32_t node);
struct LLVMOpaqueValue *tc_module_llvm_collective(const tc_module *m, size_t i, size_t k);

/* Reads a file ("-" is standard input) as LLVM IR whatever its contents. */
int tc_read_llvm(tc_module **out, const char *path, const tc_read_options *opt,
		 const tc_allocator *alloc, tc_diag *diag);

void tc_module_free(tc_module *m);

/* ---- collectives: operations the threads of a group must reach together --- */

/* The group of threads an operation needs converged. */
typedef enum tc_group {
	TC_GROUP_BLOCK = 0, /* the thread block (work-group) */
	TC_GROUP_WARP,      /* one warp (CUDA), one wavefront (AMDGPU) */
	TC_GROUP_SUBGROUP   /* one sub-group (OpenCL C, SPIR-V): as a warp */
} tc_group;
/* "block", "warp", "sub-group"; NULL for another value. */
const char *tc_group_name(tc_group g);

/*
 * An operation that every thread of its group must reach together (a
 * warp shuffle or vote with the full mask, __syncwarp, a work-group or
 * sub-group function, an async copy, OpGroup*, docs/check.md): the node
 * that executes it, and whether its arguments that must be the same in
 * the whole group may differ. Barriers are graph nodes (TC_NODE_BARRIER)
 * and are listed here too, with barrier true, for their arguments only
 * (barrier(flags)).
 */
typedef struct tc_collective {
	const char *name; /* as the source spells it: "__shfl_sync", "work_group_reduce_add" */
	tc_group group;
	bool barrier;
	/* its mask is not the constant full mask (__activemask(), a variable):
	 * it promises nothing about who reaches it, so only its arguments are
	 * checked */
	bool masked;
	/* it has a mask, and it is the full mask (__shfl_sync(0xffffffff, ...)) */
	bool full_mask;
	/* check mode: a masked one whose reach is judged for the lanes its
	 * mask names (a partitioned warp's tile, a constant mask), where the
	 * lanes that decide are an aligned group smaller than the warp: its
	 * size (its state is for such groups); else 0 */
	uint32_t lanes;
	/* a call of a function that executes collectives of the group (a
	 * helper not inlined): name is the function's */
	bool call;
	uint32_t node;
	tc_loc loc; /* where it is; file NULL when unknown */
	/* the first argument (0-based) that must agree in the group and may not,
	 * or TC_NONE; arg_name says which ("the mask"), arg_source what it
	 * depends on ("threadIdx.x", NULL when unknown) and where */
	uint32_t arg;
	const char *arg_name;
	const char *arg_source;
	tc_loc arg_source_loc;
	/* when its call was inlined from a helper (IR with debug info, PTX,
	 * SPIR-V with NonSemantic.Shader.DebugInfo.100's DebugInlinedAt):
	 * the helper called at loc and the position in it, as
	 * tc_module_node_inlined gives them for barriers; NULL when it was not,
	 * or when the helper is the collective itself (a header's __shfl_sync
	 * around the intrinsic) */
	const char *inlined;
	tc_loc inlined_loc;
	/* a call (call set) through a pointer: any function whose address the
	 * input takes may run, so its reach is judged at the call itself */
	bool indirect;
} tc_collective;

/* The collectives of graph i, in node order (0 for .cfg graphs); each valid
 * as long as the module. */
size_t tc_module_collective_count(const tc_module *m, size_t i);
const tc_collective *tc_module_collective(const tc_module *m, size_t i, size_t k);
/* The threads of a warp that graph i's warp and sub-group verdicts are for:
 * 32 for NVPTX, 64 or 32 for AMDGPU (wave32), 0 where the input does not
 * fix it (SPIR-V, spir64: then no thread-id value is taken to be the same
 * in a warp). */
uint32_t tc_module_warp_size(const tc_module *m, size_t i);
/* Whether graph i's warp verdicts took the block's x size to be a whole
 * number of warps because no size was given or declared. */
bool tc_module_warp_assumed(const tc_module *m, size_t i);
/* The number of graphs of m (0 for NULL: an input that could not be read). */
size_t tc_module_graph_count(const tc_module *m);
const tc_graph *tc_module_graph(const tc_module *m, size_t i);
/* Whether graph i is a GPU kernel (IR inputs); false for .cfg graphs. */
bool tc_module_graph_is_kernel(const tc_module *m, size_t i);
/*
 * Where the branch that ends node's block is in the source (IR inputs with
 * debug info): for a node that ends a basic block with a conditional branch
 * or switch, the terminator's debug location. file is NULL when unknown;
 * it lives as long as the module.
 */
tc_loc tc_module_branch_loc(const tc_module *m, size_t i, uint32_t node);
/*
 * The thread-dependent value that the branch ending node's block depends on
 * (IR inputs), for a branch that is not uniform: a call of a thread-varying
 * builtin reached from the condition through operands (not through phis),
 * described as in the source where the builtin is known ("get_local_id(0)",
 * "threadIdx.x"), else as the callee's name with its constant arguments.
 * NULL when none was found (the condition is divergent through a phi, a
 * load, ...). *loc, when loc is not NULL, gets the call's debug location.
 */
const char *tc_module_branch_source(const tc_module *m, size_t i, uint32_t node,
				    tc_loc *loc);
/*
 * For a barrier node whose call was inlined from another function (IR
 * inputs with debug info; PTX whose .loc lines name it; SPIR-V whose
 * DebugScope has an InlinedAt), the name of the function called at the node's
 * position (tc_graph_node_loc, the first place in the kernel's own file
 * along the inlined-at chain), as its source names it ("block_sync"), and
 * in *loc, when loc is not NULL, the position inside that function that
 * leads to the barrier. NULL when the barrier is not inlined or nothing is
 * known; the strings live as long as the module.
 */
const char *tc_module_node_inlined(const tc_module *m, size_t i, uint32_t node, tc_loc *loc);

/* ---- solvers ------------------------------------------------------------ */

typedef enum tc_solver {
	TC_SOLVER_BASIC,        /* paper Fig. 7: branch and merge rules */
	TC_SOLVER_REGION_PAPER, /* paper Fig. 13 as written; UNSOUND */
	TC_SOLVER_REGION,       /* basic + cycle-equivalent SESE pairs */
	TC_SOLVER_LINEAR,       /* closure of the rules: bridges */
	TC_SOLVER_PATH,         /* linear + the path rule (paper 3.4) */
	TC_SOLVER_EXACT         /* the exact answer, plus variance */
} tc_solver;
#define TC_SOLVER_COUNT 6

/* "basic", "region-paper", "region", "linear", "path", "exact". */
const char *tc_solver_name(tc_solver s);
int tc_solver_from_name(tc_solver *out, const char *name);
/* Whether every claim of the solver holds (false only for region-paper). */
bool tc_solver_is_sound(tc_solver s);

typedef enum tc_state {
	TC_STATE_DEAD = '-',       /* on no entry->exit walk */
	TC_STATE_UNKNOWN = 'U',    /* not proven convergent */
	TC_STATE_CONVERGENT = 'C'  /* executed equally often by all threads */
} tc_state;

/*
 * Progress of a long solve: called at phase boundaries and now and then
 * within a phase (done of total units, total 0 when unknown). Keep it cheap;
 * it runs on the solving thread.
 */
typedef void (*tc_progress_fn)(void *ud, const char *phase, uint64_t done,
			       uint64_t total);

/* The solve's options (versioned as tc_read_options): TC_SOLVE_OPTIONS_INIT
 * or tc_solve_options_default() give the defaults. */
#define TC_SOLVE_OPTIONS_VERSION 1
#ifdef __cplusplus
#define TC_SOLVE_OPTIONS_INIT {TC_SOLVE_OPTIONS_VERSION, TC_SOLVER_EXACT, true}
#else
#define TC_SOLVE_OPTIONS_INIT \
	{.version = TC_SOLVE_OPTIONS_VERSION, .solver = TC_SOLVER_EXACT, .assume_barriers = true}
#endif

typedef struct tc_solve_options {
	unsigned version; /* TC_SOLVE_OPTIONS_VERSION */
	tc_solver solver;
	/* true (the paper's assume mode): barriers are sync nodes by assumption.
	 * false (check mode): only entry and exit are; barriers must be proven. */
	bool assume_barriers;
	/* Ignore uniform marks (structure only). */
	bool ignore_uniform;
	tc_progress_fn progress; /* NULL: none */
	void *progress_ud;
	/* exact: bound on the vertices and arcs of the per-source tests' graphs
	 * over all sync nodes and rounds, before the remaining sources fall
	 * back to path's answer (stats say how many). 0 means
	 * exact_work_factor * (nodes + edges); UINT64_MAX: no bound. */
	uint64_t exact_work_limit;
	/* 0 means the default: 16 * (nodes + edges) + 4M */
	uint32_t exact_work_factor;
	/* The threads convergence is decided for (tc_module_solve): the block,
	 * or one warp or sub-group, with the branches marked that go the same
	 * way in every lane of a warp. A plain tc_solve ignores it. */
	tc_group group;
} tc_solve_options;

/* solver exact, assume mode, uniform marks used. */
tc_solve_options tc_solve_options_default(void);

typedef struct tc_result tc_result;

/* Solves g. The result refers to g (for in-edge queries): free it first. */
int tc_solve(tc_result **out, const tc_graph *g, const tc_solve_options *opt,
	     const tc_allocator *alloc, tc_diag *diag);
void tc_result_free(tc_result *r);
tc_state tc_result_node_state(const tc_result *r, uint32_t node);
tc_state tc_result_edge_state(const tc_result *r, uint32_t edge);
/* Whether every live in-edge of node is convergent: for a barrier, that no
 * warp-synchronous rewrite is needed. */
bool tc_result_in_edges_convergent(const tc_result *r, uint32_t node);
/* Counts of nodes (edges) in a state. */
uint32_t tc_result_node_count(const tc_result *r, tc_state s);
uint32_t tc_result_edge_count(const tc_result *r, tc_state s);
/* Where a solve spent its time. Phases are named by the solver ("live",
 * "rules", "bridges", "path-rule", "segments", "variance", ...), each summed
 * over the rounds of the uniform/variance fixpoint, in first-use order. */
#define TC_STATS_MAX_PHASES 12
typedef struct tc_phase_time {
	const char *name; /* static string */
	double seconds;
} tc_phase_time;
typedef struct tc_solve_stats {
	double total_s;
	uint32_t rounds; /* rounds of the uniform/variance fixpoint */
	/* exact only: sync nodes whose segments exceeded the work bound and
	 * whose elements got path's (sound, weaker) answer instead; 0 normally */
	uint32_t fallback_sources;
	uint32_t nphases;
	tc_phase_time phase[TC_STATS_MAX_PHASES];
} tc_solve_stats;
tc_solve_stats tc_result_stats(const tc_result *r);
/* Whether node is a uniform branch in this solve: marked in the graph, or
 * found uniform by tc_module_solve. */
bool tc_result_node_uniform(const tc_result *r, uint32_t node);

/*
 * Solves graph i of m (for opt->group: the warp's solve marks the branches
 * that are the same in every lane of a warp, and the same replay runs with
 * warp-level values). For a graph read from LLVM IR, convergence also feeds
 * the uniformity of SSA values (SPEC 3.1, docs/llvm.md): a divergent branch
 * whose live out-edges the solve proves all convergent is effectively
 * uniform, so the phis at its joins are not divergent on its account, which
 * may make later branches uniform; the graph is solved again with those
 * branches uniform, until nothing changes. The module is not changed; the
 * result knows the branches found uniform (tc_result_node_uniform).
 * tc_solve_stats counts the rounds and times of every solve together. For
 * other graphs, tc_solve.
 */
int tc_module_solve(tc_result **out, tc_module *m, size_t i, const tc_solve_options *opt,
		    const tc_allocator *alloc, tc_diag *diag);

/* What reading an input cost: for LLVM IR, "llvm-parse", "verify",
 * "normalise", "uniformity" and "graphs"; no phases for .cfg text. */
typedef struct tc_read_stats {
	uint32_t nphases;
	tc_phase_time phase[8];
} tc_read_stats;
tc_read_stats tc_module_read_stats(const tc_module *m);

/*
 * What reading found wrong but could do without, for the caller to show
 * (the library prints nothing): e.g. invalid debug info that was ignored.
 * Messages without the file name, valid as long as the module.
 */
size_t tc_module_warning_count(const tc_module *m);
const char *tc_module_warning(const tc_module *m, size_t i);

/*
 * Check mode (SPEC 4): the divergent branches that decide whether node (a
 * barrier not proven convergent in r, a result of g) is reached, in node
 * order: live branches with two or more live out-edges, not all convergent,
 * on which node is control dependent (post-dominators of the live graph),
 * looking through uniform-marked ones to the branches they depend on; when
 * there are none, the nearest divergent branches node is reachable from
 * (docs/check.md). Writes min(cap, *count) ids to out; *count is the total.
 * A node that is convergent or dead has none.
 */
int tc_barrier_causes(uint32_t *out, uint32_t cap, uint32_t *count, const tc_graph *g,
		      const tc_result *r, uint32_t node, const tc_allocator *alloc);

/* The same for many barriers of one result: the post-dominator tree is
 * built once by tc_causes_new; each tc_causes_of costs about the size of the
 * barrier's post-dominator subtree. g and r must outlive it. */
typedef struct tc_causes tc_causes;
int tc_causes_new(tc_causes **out, const tc_graph *g, const tc_result *r,
		  const tc_allocator *alloc);
int tc_causes_of(tc_causes *c, uint32_t node, uint32_t *out, uint32_t cap, uint32_t *count);
void tc_causes_free(tc_causes *c);

/* ---- check: findings (docs/check.md) ----------------------------------- */

/* The rules findings are of, as -W<name>, NOLINT(<name>) and SARIF's
 * ruleId name them (tc_rule_name). */
typedef enum tc_rule {
	TC_RULE_BARRIER_DIVERGENCE,    /* a barrier only some threads reach */
	TC_RULE_PARTIAL_BARRIER,       /* the same, of a barrier for N threads */
	TC_RULE_COLLECTIVE_DIVERGENCE, /* a collective only some of its group reach */
	TC_RULE_COLLECTIVE_ARGUMENT,   /* an argument that must agree and may not */
	/* reached by only some, and only because the others left the kernel
	 * (`if (i >= n) return;` before it) */
	TC_RULE_BARRIER_AFTER_EXIT,
	TC_RULE_COLLECTIVE_AFTER_EXIT
} tc_rule;
#define TC_RULE_COUNT 6

/* "barrier-divergence", "partial-barrier", "collective-divergence",
 * "collective-argument", "barrier-after-exit", "collective-after-exit";
 * "" for another value. */
const char *tc_rule_name(tc_rule r);

/* A divergent branch that decides a finding (tc_barrier_causes), with what
 * the reader knows of it. */
typedef struct tc_finding_cause {
	const tc_graph *graph;  /* the graph the branch is in; NULL: the finding's */
	uint32_t node;          /* the node its branch ends */
	tc_loc loc;             /* the branch's position; file NULL when unknown */
	const char *depends_on; /* "threadIdx.x", "argument 1 of 'f'"; NULL: unknown */
	tc_loc depends_loc;     /* where that value is computed */
} tc_finding_cause;

/* A call on the way from a kernel to a finding in a function that was not
 * inlined. */
typedef struct tc_finding_call {
	const char *callee; /* the function called (its graph's name) */
	const char *caller; /* the function the call is in */
	tc_loc loc;         /* where the call is; file NULL when unknown */
} tc_finding_call;

/*
 * One finding of check mode: a barrier or collective that only some threads
 * of its group may reach, or a collective's argument that may differ
 * between them. Its strings and arrays live as long as the tc_findings.
 */
typedef struct tc_finding {
	tc_rule rule;
	size_t graph;  /* the graph's index in the module */
	uint32_t node; /* the barrier's or the collective's node */
	tc_group group;
	/* the node's state in the solve for the group: TC_STATE_UNKNOWN,
	 * except for an argument of a collective all of its group reach */
	tc_state state;
	/* a collective's finding: the collective as it was judged (for a call
	 * of a function that only wraps one, as if inlined: inlined names the
	 * function); NULL for a barrier's */
	const tc_collective *collective;
	tc_loc loc; /* where it is; file NULL when unknown */
	/* inlined from a helper: the helper called at loc, and where in it */
	const char *inlined;
	tc_loc inlined_loc;
	/* in a function that was not inlined: the calls from the kernel to it,
	 * innermost first (none: in the kernel itself); unknown_callers when
	 * the outermost function is one no kernel of the module calls. Of a
	 * chain of more than 32 calls, the innermost 31 and the outermost are
	 * kept, and calls_omitted counts those left out between them (the
	 * chain has ncalls + calls_omitted calls) */
	const tc_finding_call *calls;
	uint32_t ncalls, calls_omitted;
	bool unknown_callers;
	/* the branches that decide it (none for an argument's finding) */
	const tc_finding_cause *causes;
	uint32_t ncauses;
	/* the after-exit rules: where the threads that miss it leave the
	 * kernel (file NULL when unknown) */
	tc_loc exit_loc;
	/* SIZE_MAX, or the finding this one is a copy of: the same rule and
	 * warning at the same position (loop unrolling, rotation and tail
	 * duplication copy a call), one problem; that one has the causes of
	 * all its copies, each branch once, and this one none */
	size_t merged_into;
} tc_finding;

/* check's options (versioned as tc_read_options). */
#define TC_CHECK_OPTIONS_VERSION 1
#ifdef __cplusplus
#define TC_CHECK_OPTIONS_INIT {TC_CHECK_OPTIONS_VERSION}
#else
#define TC_CHECK_OPTIONS_INIT {.version = TC_CHECK_OPTIONS_VERSION}
#endif

typedef struct tc_check_options {
	unsigned version; /* TC_CHECK_OPTIONS_VERSION */
	/* exact's work bound, as tc_solve_options' (0 and 0: the default) */
	uint64_t exact_work_limit;
	uint32_t exact_work_factor;
	/* How the caller lends threads: run calls task(arg, 0) .. task(arg,
	 * n - 1), which are independent, on any threads in any order, and
	 * returns when all have returned (the tasks then allocate through
	 * tc_check's allocator at the same time). NULL: one after another on
	 * the calling thread. */
	void (*run)(void *ud, size_t n, void (*task)(void *arg, size_t i), void *arg);
	void *run_ud;
} tc_check_options;

typedef struct tc_findings tc_findings;

/*
 * Check mode over a module, as `threadconv check` does it (SPEC 4,
 * docs/check.md): without assuming that barriers synchronize, each checked
 * graph (every kernel, and each function with a barrier or collective of
 * its own that a kernel reaches; every graph of a module without kernels)
 * is solved for its block and, where it has warp or sub-group collectives,
 * its warp; a barrier in a function that was not inlined is judged in
 * every calling context a kernel reaches. Each barrier or collective not
 * proven reached by its whole group, and each collective argument that
 * may differ in it, is a finding, with its causes, calls and rule. m must
 * outlive the findings; opt may be NULL.
 */
int tc_check(tc_findings **out, tc_module *m, const tc_check_options *opt,
	     const tc_allocator *alloc, tc_diag *diag);
void tc_findings_free(tc_findings *f);
/* The findings, by graph, in each graph its barriers' in node order and
 * then its collectives' (a collective's reach before its argument). */
size_t tc_findings_count(const tc_findings *f);
const tc_finding *tc_findings_get(const tc_findings *f, size_t k);
/* Whether graph i of the module was checked, and the block's solve its
 * verdicts were shown with (NULL when it was not checked). */
bool tc_findings_checked(const tc_findings *f, size_t i);
const tc_result *tc_findings_result(const tc_findings *f, size_t i);

#ifdef __cplusplus
}
#endif
#endif /* THREADCONV_H */
