/*
 * module.h - the graphs read from one input (internal view of tc_module):
 * what front ends fill, and what analyses and reports read.
 */
#ifndef TC_GRAPH_MODULE_H
#define TC_GRAPH_MODULE_H

#include "graph/desc.h"
#include "threadconv.h"
#include "util/mem.h"

/* A thread-dependent value a branch condition depends on. */
typedef struct tc_branch_source {
	const char *what; /* "get_local_id(0)"; NULL when none is known */
	tc_loc loc;
} tc_branch_source;

/* A node whose barrier call was inlined: the function it is in, and where
 * in that function (tc_module_node_inlined). */
typedef struct tc_inlined {
	const char *function; /* NULL: not inlined */
	tc_loc loc;
} tc_inlined;

/* The uniformity analysis's replay record (analysis/uniformity.h). */
typedef struct tc_uniformity_deps tc_uniformity_deps;

/* Where a node comes from in a caller's LLVM module. */
typedef struct tc_llvm_origin {
	struct LLVMOpaqueBasicBlock *block;
	struct LLVMOpaqueValue *call; /* a barrier node's call */
} tc_llvm_origin;

/* What a frontend knows about a graph beyond the graph itself. */
typedef struct tc_graph_info {
	bool kernel;
	tc_loc *branch_loc; /* per node, or NULL; files point into the module */
	uint32_t nloc;
	/* per node (nloc of them), or NULL: the divergence source found for a
	 * branch that is not uniform; strings point into the module */
	tc_branch_source *source;
	tc_uniformity_deps *deps; /* IR inputs with divergent branches, or NULL */
	/* per node (nloc of them), or NULL when no barrier was inlined */
	tc_inlined *inlined;
	/* collectives (tc_module_collective), in node order; strings in the module */
	tc_collective *coll;
	uint32_t ncoll;
	/* the warp's view (tc_solve_options.group): per node, or NULL when the
	 * graph has no warp or sub-group collective, 1 where the branch ending it
	 * goes the same way in every lane of a warp; and the replay record of the
	 * warp-level values */
	uint8_t *warp_uniform;
	tc_uniformity_deps *warp_deps;
	uint32_t warp_size;
	bool warp_assumed;
	/* per collective, or NULL: where a masked warp collective's mask names
	 * lanes that must reach it together, log2 of the aligned group of
	 * lanes that holds them (analysis/lanes.h, tc__lanes_group_mask: 1 ..
	 * 5), whose view judges its reach; else -1. And the views of aligned
	 * groups of 2^(k + 1) lanes, as warp_uniform and warp_deps (k 0 .. 3;
	 * NULL where no collective needs one). */
	int8_t *coll_span;
	uint8_t *lanes_uniform[4];
	tc_uniformity_deps *lanes_deps[4];
	/* read from a caller's LLVM module (tc_parse_llvm_module), else NULL:
	 * the function; per node (of the graph), its block and barrier call;
	 * per collective, its call. All the caller's. */
	struct LLVMOpaqueValue *llvm_fn;
	tc_llvm_origin *origin;
	struct LLVMOpaqueValue **coll_call;
	/* what the reader describes of the function for the interprocedural
	 * check (graph/desc.h); NULL for a module whose functions call none
	 * of each other, and for .cfg graphs */
	tc_fn_desc *desc;
	/* per edge, or NULL: a branch that goes one way with constants alone
	 * does not take it (analysis/decided.h), for tc_module_solve */
	uint8_t *dead_edge;
	/* per edge, or NULL: the whole warp takes it together (a branch on
	 * __activemask() == all ones: analysis/active.h), for the warp's
	 * solves; per node, every walk from the entry takes such an edge */
	uint8_t *warp_sync_edge;
	uint8_t *warp_synced;
} tc_graph_info;

struct tc_module {
	tc_alloc al;
	tc_graph **graphs;
	tc_graph_info *info; /* parallel to graphs */
	size_t count, cap;
	char **strings;      /* file names that branch_loc points to */
	size_t nstrings, strings_cap;
	tc_read_stats read; /* what reading cost, phase by phase */
	const char *warnings[4]; /* kept in strings */
	size_t nwarnings;
};

int tc__module_new(tc_module **out, const tc_allocator *alloc);
/* Takes ownership of g, also on failure. */
int tc__module_add(tc_module *m, tc_graph *g);
/* Takes ownership of g and branch_loc (allocated with m->al), also on failure. */
int tc__module_add_info(tc_module *m, tc_graph *g, bool kernel, tc_loc *branch_loc,
			uint32_t nloc);
/* Gives the last graph added its per-node branch sources (allocated with
 * m->al, nloc of them); takes ownership. */
void tc__module_set_sources(tc_module *m, tc_branch_source *source);
/* Gives the last graph added its inlined barriers (allocated with m->al,
 * nloc of them, strings in the module); takes ownership. */
void tc__module_set_inlined(tc_module *m, tc_inlined *inlined);
/* Marks node of the last graph added uniform (TC_NODE_UNIFORM): its
 * branch goes the same way in every thread. */
void tc__module_mark_uniform(tc_module *m, uint32_t node);
/* The divergence source of the branch ending node of the last graph added
 * (what kept in the module); nothing when that graph keeps no positions. */
void tc__module_set_source(tc_module *m, uint32_t node, const char *what, tc_loc loc);
/* Gives the last graph added its uniformity dependences (allocated with
 * m->al); takes ownership. */
void tc__module_set_deps(tc_module *m, tc_uniformity_deps *deps);
void tc__module_set_dead_edges(tc_module *m, uint8_t *dead_edge);
void tc__module_set_warp_sync(tc_module *m, uint8_t *sync_edge, uint8_t *synced);
/* Gives the last graph added the spans of its collectives' masks and the
 * views of groups of lanes (tc_graph_info's coll_span, lanes_uniform,
 * lanes_deps; allocated with m->al); takes ownership. */
void tc__module_set_spans(tc_module *m, int8_t *coll_span, uint8_t *uniform[4],
			  tc_uniformity_deps *deps[4]);
/* Gives the last graph added its collectives (ncoll of them, allocated
 * with m->al, in node order) and its warp's view (warp_uniform: per node or
 * NULL; warp_deps may be NULL); takes ownership, also on failure. */
void tc__module_set_collectives(tc_module *m, tc_collective *coll, uint32_t ncoll,
				uint8_t *warp_uniform, tc_uniformity_deps *warp_deps,
				uint32_t warp_size, bool warp_assumed);
/* Gives the last graph added where it comes from in a caller's LLVM module:
 * its function, origin per node and coll_call per collective (allocated
 * with m->al, either may be NULL); takes ownership. */
void tc__module_set_origin(tc_module *m, struct LLVMOpaqueValue *fn, tc_llvm_origin *origin,
			   struct LLVMOpaqueValue **coll_call);
/* Gives the last graph added its description (graph/desc.h; allocated with
 * m->al, and so are its arrays); takes ownership, also on failure. */
void tc__module_set_desc(tc_module *m, tc_fn_desc *desc);
/* Room in d for nout reads of outs (out_value, out_block, out_index), nfout
 * outs that calls leave (fout_*) and ncout values that read a callee's out
 * (cout_*), none filled and the counts left 0; an array of none is not
 * made. TC_OK or TC_ENOMEM (what was made stays d's). */
int tc__fn_desc_room_outs(tc_module *m, tc_fn_desc *d, size_t nout, size_t nfout, size_t ncout);
/* Room in d for nins ins (in_param) read by nreads values beyond the
 * parameter values there are (param_value, param_index grown to
 * nparam_values + nreads) and for nin_arg ins its calls pass (in_site,
 * in_index, in_value, in_fwd, in_osite, in_oindex); none filled, the
 * counts left as they are.
 * TC_OK or TC_ENOMEM (what was made stays d's). */
int tc__fn_desc_room_ins(tc_module *m, tc_fn_desc *d, size_t nins, size_t nreads,
			 size_t nin_arg);
/* A description of a function of nblocks blocks with block_node (a copy),
 * room for params parameter values and rets returns (param_value,
 * param_index, ret; none filled), the rest empty, its values (f) to be set
 * (tc__fn_desc_set_func); allocated with m->al; NULL when out of memory. */
tc_fn_desc *tc__fn_desc_new(tc_module *m, uint32_t nblocks, const uint32_t *block_node,
			    uint32_t params, uint32_t rets);
/* Makes d->f a copy of f's arrays. TC_OK or TC_ENOMEM (d freed whole by
 * tc__fn_desc_free either way). */
int tc__fn_desc_set_func(tc_module *m, tc_fn_desc *d, const tc_ua_func *f);
/* Makes each argument of d's calls that is a value a value of its own (when
 * args is set), a copy read where the call is (calls[s].block), and so each
 * returned value where d->ret_block says where it returns, and each out
 * where d->out_block says, so that its divergence is the
 * value's as the call or the return sees it: a value that leaves a loop
 * whose threads left it at different iterations differs there, though it
 * is the same in each iteration (temporal divergence, which the uniformity
 * analysis gives its uses, not the value). d->lop, when there, gets a copy
 * for each. TC_OK or TC_ENOMEM (d as it was). */
int tc__fn_desc_read_args(tc_module *m, tc_fn_desc *d, bool args);
void tc__fn_desc_free(const tc_alloc *al, tc_fn_desc *d);
/* Keeps a warning about the input (tc_module_warning; the first four).
 * TC_ENOMEM or TC_OK. */
int tc__module_warn(tc_module *m, const char *message);
/* A copy of s kept as long as the module; NULL when out of memory. */
const char *tc__module_string(tc_module *m, const char *s, size_t len);
/* Drops every graph but the one called name; TC_EINVAL (with a message in
 * diag, about what) when there is none. */
int tc__module_select(tc_module *m, const char *name, const char *file,
		      const char *what, tc_diag *diag);

#endif
