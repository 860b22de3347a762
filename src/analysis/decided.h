/*
 * decided.h - branches that go one way (docs/check.md, "Branches that go
 * one way"): a branch of two ways whose condition folds to a constant,
 * from constants alone or from the constants a calling context knows its
 * parameters are, whole or in some bits (tc__decided_known). The helper
 * that takes a flag, `if (sync) __syncthreads();`, called with false where
 * only some threads are:
 * inlined and optimised, the compiler folds the branch away; called
 * (nvcc -G, __noinline__, -O0) or inlined at -O0, the branch stays, and
 * only this says that the barrier is not executed there.
 *
 * What folds: integer arithmetic, bitwise operations, shifts, divisions,
 * comparisons, selects, copies, population counts and phis (graph/desc.h,
 * tc_lane_op) of constants and of the parameters the context knows, each
 * in the bits of it that are known: a comparison is decided where the
 * known bits of its operands decide it (a group's type in the low bits of
 * a word whose high bits count its lanes). Nothing else (a load, a call's
 * result) is known here. The edge a decided branch does not take is dead,
 * and so is what only it leads to.
 */
#ifndef TC_ANALYSIS_DECIDED_H
#define TC_ANALYSIS_DECIDED_H

#include "graph/desc.h"
#include "graph/module.h"
#include "util/mem.h"

#include <stdbool.h>
#include <stdint.h>

/* What a function says that the folding reads. */
typedef struct tc_decided_fn {
	const tc_ua_func *f;
	const tc_lane_op *ops;     /* per value: what it computes */
	const uint8_t *way;        /* per block: TC_WAY_* */
	const uint32_t *last;      /* per block: the graph node its branch ends */
	const uint32_t *param_value; /* param_value[k] reads param_index[k] */
	const uint32_t *param_index;
	uint32_t nparam_values;
	/* per k < nparam_off, or NULL: the byte of the parameter the read
	 * starts at (tc_fn_desc.param_off); only a read at byte 0 is the
	 * parameter's constant */
	const uint32_t *param_off;
	uint32_t nparam_off;
	/* each value's operands, val[off[v] .. off[v + 1]) (tc__ua_operands of
	 * f), where the caller has them; NULL: made when a phi needs them */
	const uint32_t *opoff, *opval;
} tc_decided_fn;

/* The view of a function's interprocedural description. */
tc_decided_fn tc__decided_of(const tc_fn_desc *d);

/* The parameters (bit p for p < 64) of fn whose constants decide a branch
 * of two ways or a select: its condition folds once they are known; *any:
 * some condition folds (with constants alone, or with parameters). 0 and false
 * when fn does not say what its values compute or where its branches go.
 * *rc: TC_OK or TC_ENOMEM. */
uint64_t tc__decided_params(const tc_decided_fn *fn, bool *any, const tc_alloc *al, int *rc);

/* Per graph j of m, the parameters (bit p) whose constant may decide a
 * branch of j (tc__decided_params) or of a function j passes them to (an
 * argument that folds from them): decides[j]; foldable[j]: some branch of
 * j may be decided (m->count of each). TC_OK or TC_ENOMEM. */
int tc__decided_module(const tc_module *m, uint64_t *decides, uint8_t *foldable,
		       const tc_alloc *al);

/* The folding of one function where parameter p is the constant k[i], p
 * the i-th bit set in kmask (every value folded once, when asked). */
typedef struct tc_decided tc_decided;
int tc__decided_new(tc_decided **out, const tc_decided_fn *fn, uint64_t kmask, const int64_t *k,
		    const tc_alloc *al);
void tc__decided_free(tc_decided *e);
/* Parameter p's bits known (a word some fields of which a calling context
 * knows): the bits known, val their values; a parameter known whole (kmask)
 * stays so. Before any value is asked for. */
void tc__decided_known(tc_decided *e, uint32_t p, uint64_t known, uint64_t val);
/* Value v's known bits (*known) and their values (*val), of its width;
 * whether any is known. */
bool tc__decided_bits(tc_decided *e, uint32_t v, uint64_t *known, uint64_t *val);
/* Whether value v folds to a constant: *out, its low bits (its width). */
bool tc__decided_value(tc_decided *e, uint32_t v, uint64_t *out);
/* TC_ENOMEM when a folding so far ran out of memory (what it found stays
 * sound: a phi whose operands could not be had folds to nothing), else
 * TC_OK. */
int tc__decided_status(const tc_decided *e);
/* The successor that block b's branch of two ways takes where its
 * condition folds (the one way every thread goes), else TC_NONE. */
uint32_t tc__decided_taken(tc_decided *e, uint32_t b);
/* The operand (0: a[0], 1: a[1]) that select v picks where its condition
 * folds, else TC_NONE. */
uint32_t tc__decided_chosen(tc_decided *e, uint32_t v);

/*
 * A function as the uniformity analysis reads it where the folding decides
 * some of it: a branch decided goes the one way it takes (the way it does
 * not take leads nowhere: neither to the phis where its ways would join nor
 * out of the function), a block not executed or whose branch is decided has
 * no condition, and a value has no use in a block not executed, nor a
 * select's use of its condition or of the operand it does not pick where
 * the condition folds (the select is the operand it picks). Each array NULL
 * where it is the function's. A value that folds to a constant is the same
 * in every thread (folded; tc__decided_view_kinds).
 */
typedef struct tc_decided_view {
	uint32_t *cond, *succ_off, *succ;
	uint32_t *use_off, *user, *use_block;
	uint8_t *folded; /* per value: it folds to a constant; NULL: none does */
} tc_decided_view;
/* The view of e's function where live (per block, tc__decided_live's;
 * NULL: every block may run) holds, into *v (zeroed first), allocated with
 * al. TC_OK or TC_ENOMEM. */
int tc__decided_view_new(tc_decided *e, const uint8_t *live, tc_decided_view *v,
			 const tc_alloc *al);
void tc__decided_view_free(tc_decided_view *v, const tc_alloc *al);
/* f (the function of the folding that made v) as v has it. */
tc_ua_func tc__decided_view_of(const tc_ua_func *f, const tc_decided_view *v);
/* kind (per value of the function, n of them) with each value that folds
 * to a constant the same in every thread (TC_UA_UNIFORM, neither a source
 * nor a phi). */
void tc__decided_view_kinds(const tc_decided_view *v, uint8_t *kind, uint32_t n);
/*
 * The blocks reached from the entry along the ways the branches may go:
 * live[b] per block; dead_edge (may be NULL, and g with it) per edge of g,
 * the function's graph (its nodes its blocks', in order, fn->last their
 * last ones): the edge a decided branch does not take. *dead: some block
 * or edge is dead. TC_OK or TC_ENOMEM.
 */
int tc__decided_live(tc_decided *e, const tc_graph *g, uint8_t *live, uint8_t *dead_edge,
		     bool *dead);

#endif
