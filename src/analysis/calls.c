/*
 * calls.c - check mode across calls (calls.h): calling contexts, each
 * analysed once, found and refined with an explicit work list (no
 * recursion: a chain of calls 10^5 deep is a list 10^5 long), then solved
 * once per distinct set of uniform branches, then judged from the kernels
 * down in breadth-first order.
 */
#include "analysis/calls.h"
#include "analysis/active.h"
#include "analysis/affine.h"
#include "analysis/decided.h"
#include "analysis/lanes.h"
#include "analysis/masks.h"
#include "analysis/scc.h"
#include "analysis/solve.h"
#include "analysis/traced.h"
#include "analysis/uniformity.h"
#include "graph/dominators.h"
#include "graph/graph.h"
#include "util/diag.h"

#include <string.h>

#define MAX_WRAP 4       /* wrappers within wrappers, at most (find_wrappers) */
#define MAX_WRAP_FILES 8 /* the files of a wrapper's collectives, at most */
/* Contexts of one function beyond which its calls get the context where
 * every parameter may differ (always sound: it assumes the least). */
#define MAX_CONTEXTS_PER_FUNCTION 32u
/* analyses of one context before what it returns and leaves is taken as
 * differing for good (the work list then ends: see analyse) */
#define MAX_ANALYSES 64u
/* Contexts of one function that know constants, beyond which its calls get
 * a context that knows none */
#define MAX_CONST_CONTEXTS 16u
/* parameters a context tells apart; the others may always differ */
#define MASK_BITS 64u
#define ALL_DIVERGENT UINT64_MAX
/* The views a context is judged in: the block's (0), a warp's (1), and an
 * aligned group of 2^lg lanes' for lg 4 .. 1 (views 2 .. 5: a masked
 * collective's, whose mask names the lanes of such a group) */
#define NVIEW 6
#define NTILE (NVIEW - 2)
static int view_of_span(int lg) { return lg >= 5 ? 1 : 6 - lg; }
static int span_of_view(int view) { return 6 - view; }

/* What a context returns and leaves, as its callers read it: its return
 * value the same in the block (ret), in each warp (wret), in each aligned
 * group of lanes of view t + 2 (tret[t]); its out k (tc_fn_desc.out_index),
 * k < 64, the same in the block (bit k of outs), in each warp (wouts). */
typedef struct summary {
	bool ret, wret, tret[NTILE];
	uint64_t outs, wouts;
} summary;

/* The views of groups of lanes (bit t: view t + 2) a summary is read in:
 * all of them. */
#define ALL_TILES ((1u << NTILE) - 1)

/* The summary of a call not known yet where it is assumed: the same in
 * every group (a new context's, until a caller claims it). */
static summary all_same(void)
{
	summary S = {true, true, {false}, UINT64_MAX, UINT64_MAX};
	for (int t = 0; t < NTILE; t++)
		S.tret[t] = true;
	return S;
}

/* Whether summaries S and T differ where they are read: the block's and the
 * warp's views, and the views of groups of lanes in tiles (bit t). */
static bool summary_differs(const summary *S, const summary *T, unsigned tiles)
{
	if (S->ret != T->ret || S->wret != T->wret || S->outs != T->outs || S->wouts != T->wouts)
		return true;
	for (int t = 0; t < NTILE; t++)
		if (((tiles >> t) & 1) && S->tret[t] != T->tret[t])
			return true;
	return false;
}

/* T into *S, of the views of groups of lanes those in tiles (bit t). */
static void take_summary(summary *S, const summary *T, unsigned tiles)
{
	bool tret[NTILE];
	memcpy(tret, S->tret, sizeof tret);
	*S = *T;
	for (int t = 0; t < NTILE; t++)
		if (!((tiles >> t) & 1))
			S->tret[t] = tret[t];
}

typedef struct context {
	uint32_t graph;
	uint64_t mask;  /* parameter p < MASK_BITS may differ: bit p */
	uint64_t wmask; /* ... between the lanes of a warp (within mask) */
	uint64_t ones;  /* ... is the constant of all ones (a full mask) */
	uint64_t gmask; /* ... names in each lane exactly its own aligned group
			 * of the warp (a partitioned warp's member mask:
			 * tc__lanes_group_mask in the caller) */
	uint64_t amask; /* ... is the same in the lanes of a warp that make
			 * the call together, though not in the warp (a
			 * member mask that the branches on the way make so:
			 * masks.h in the caller) */
	uint64_t gspan[3]; /* ... of 2^lg lanes, lg 1 .. 6 in bit p of these
			    * three planes (gspan_of); 0: not known */
	uint64_t kmask; /* ... is a known small integer constant: kval[i] for
			 * the i-th bit set, for the warp's view (a shuffle's
			 * clamp computed from its width: nvcc -G's __shfl_sync) */
	int64_t *kval;
	uint64_t pkmask; /* ... has some bits known (not in kmask): the i-th
			  * bit set's are pkval[2i], their values pkval[2i+1]
			  * (a word whose constant field decides a branch) */
	uint64_t *pkval;
	uint64_t bmask; /* ... differs in its bits bval[i] only, for the i-th
			 * bit set (within mask; the others are the same in
			 * the block: a word that packs fields, affine.h) */
	uint64_t *bval;
	uint64_t fmask; /* ... is U + k*T, fval[i] for the i-th bit set: U the
			 * same in the block, T the thread's index (within
			 * mask; affine.h) */
	tc_affine_term *fval;
	uint8_t *live;  /* per block: executed where kval holds (decided.h);
			 * NULL: every block may be */
	uint8_t *dead_edge; /* per edge of its graph: a decided branch does not
			     * take it (with live; NULL: none) */
	/* the function as the context's views read it where the constants
	 * it knows decide some of it (decided.h) */
	tc_decided_view view;
	bool live_done; /* live is found */
	bool launch;    /* a kernel as launched: its parameters as read */
	summary sum;       /* what it returns and leaves */
	uint8_t ret_lane;  /* its return value is base + lane in each warp's
			    * view, as tc__lanes_lane says (0: not) */
	/* the views of groups of lanes judged (tc_calls.tiles): the
	 * parameters that may differ in a group (within wmask; all, for a
	 * view not judged) */
	uint64_t tmask[NTILE];
	bool queued;
	/* how often it was analysed (MAX_ANALYSES: locked); not analysed yet,
	 * its summary is what the first caller that chose it assumed of the
	 * call (claimed); where another assumed other, its first analysis
	 * analyses its callers again, whatever it finds (recall) */
	uint32_t nanalysed;
	bool claimed, recall;
	/* entered by part of the block [0] or of a warp [1]; direct: the call
	 * from bad_parent is the one only part of it reaches */
	bool bad[NVIEW], bad_direct[NVIEW];
	uint32_t bad_parent[NVIEW], bad_site[NVIEW];
	uint32_t next;  /* the next context of the same graph */
	uint32_t *callee; /* per call site: its context, or TC_NONE */
	uint8_t *div;     /* per block: its branch may go different ways */
	tc_uniformity_deps *deps;
	/* the warp's view, for a function that has one: the same per block
	 * in a warp, its record; per collective, whether its argument that
	 * must agree may differ in its group */
	uint8_t *wdiv;
	tc_uniformity_deps *wdeps;
	uint8_t *cdiv;
	uint32_t wresult; /* the warp's solve; TC_NONE: none */
	/* per collective: the span of the lanes a masked warp collective's
	 * mask names, whose reach is judged in that view; -1: not judged */
	int8_t *cspan;
	/* the edges the whole warp takes together (active.h) where the
	 * warp's view of this context has its own (calls that return the
	 * active mask: ret_form), per edge, and the nodes behind them; NULL:
	 * the reader's (tc_graph_info.warp_sync_edge) */
	uint8_t *sync_edge, *synced;
	/* the views of aligned groups of lanes (2 .. 5) as the warp's */
	uint8_t *tdiv[NTILE];
	tc_uniformity_deps *tdeps[NTILE];
	uint32_t tresult[NTILE];
	uint32_t in_head;     /* callers: the first arc into it */
	uint32_t last_caller; /* the last caller an arc was added for */
	uint32_t result;      /* in tc_calls.results; TC_NONE: not solved */
	uint32_t order;       /* breadth-first from the roots; TC_NONE: not reached */
	uint32_t parent, parent_site; /* who reached it first */
} context;

struct tc_calls {
	tc_alloc al;
	const tc_module *m;
	tc_solve_options opt;
	context *ctx;
	size_t nctx, cap;
	uint32_t *first; /* per graph: its first context, or TC_NONE */
	uint32_t *count; /* per graph: its contexts */
	uint32_t *kcount; /* per graph: its contexts that know constants */
	uint64_t *decides; /* per graph: the parameters whose constants may
			    * decide a branch (tc__decided_module) */
	uint8_t *foldable; /* per graph: some branch may be decided */
	uint8_t **looped;  /* per graph with calls (loop_sites), per call site:
			    * its block is on a cycle of the graph; NULL: not
			    * made yet */
	uint8_t **split;   /* per graph, per block: exits.split (split_blocks);
			    * NULL: not made */
	uint8_t *barriers; /* per graph: it has a barrier node */
	uint8_t *checked;  /* per graph: tc__calls_checked */
	uint32_t *sites;   /* per graph: the calls of it (by name) in the module */
	bool pointers;     /* some call through a pointer may run barriers or
			    * collectives: a function's calls by name are not
			    * all the ways to it */
	tc_lane_op *retform; /* per graph: ret_form */
	uint64_t *mask_params; /* per graph: mask_params */
	uint8_t *wrapper;  /* per graph: its collectives are in another file than
			    * every call of it (a toolkit's __shfl_sync that nvcc -G
			    * keeps): judged and reported at each call */
	uint32_t *shown;   /* per graph: the context shown, or TC_NONE */
	uint32_t **callee_of; /* per graph with calls, per node: the callee a
			       * call node calls (tc__calls_callee), or TC_NONE */
	uint32_t **site_of;   /* per graph with calls, per node: the call a call
			       * node is, or TC_NONE */
	tc_u32vec arc_from, arc_next; /* callers of a context, as lists */
	tc_u32vec work;
	tc_u32vec order; /* reached contexts, breadth first */
	tc_result **results;
	size_t nresults;
	uint8_t *kind; /* scratch: the kinds of a context's values */
	size_t kind_cap;
	uint8_t *wkind; /* ... for the warp's view */
	size_t wkind_cap;
	tc_lane_op *wlop; /* the warp's view's ops where a context knows constants */
	size_t wlop_cap;
	unsigned tiles; /* the views of groups of lanes judged (bit v: view v) */
	struct up_step *up[NVIEW]; /* per view judged: witness's walks */
	tc_diag *diag;
};

static int oom(tc_calls *c)
{
	return tc__diag(c->diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
}

static const tc_fn_desc *desc_of(const tc_calls *c, uint32_t j)
{
	return c->m->info[j].desc;
}

/* The call (an index of graph j's calls) that collective entry k of j is,
 * or TC_NONE. */
static uint32_t coll_call(const tc_calls *c, uint32_t j, uint32_t k)
{
	const tc_fn_desc *d = desc_of(c, j);
	uint32_t s = d && d->coll ? d->coll[k].call_site : TC_NONE;
	return d && s < d->ncalls ? s : TC_NONE;
}

/* The graph that collective entry k of graph j calls, or TC_NONE. */
static uint32_t coll_callee(const tc_calls *c, uint32_t j, uint32_t k)
{
	uint32_t s = coll_call(c, j, k);
	uint32_t g = s == TC_NONE ? TC_NONE : desc_of(c, j)->calls[s].callee;
	return g < c->m->count ? g : TC_NONE;
}

/* Where parameter p's entry is in an array packed by mask (one per bit
 * set, in order). */
static uint32_t packed_at(uint64_t mask, uint32_t p)
{
	return (uint32_t)__builtin_popcountll(mask & ((UINT64_C(1) << p) - 1));
}

/* The constant context X knows parameter p (< MASK_BITS, in X->kmask) is. */
static int64_t kval_of(const context *X, uint32_t p)
{
	return X->kval[packed_at(X->kmask, p)];
}

/* log2 of the lanes parameter p's tile mask names (gs: a context's gspan
 * planes), 1 .. 6; 0: not known */
static int gspan_of(const uint64_t gs[3], uint32_t p)
{
	if (p >= MASK_BITS)
		return 0;
	return (int)(((gs[0] >> p) & 1) | (((gs[1] >> p) & 1) << 1) | (((gs[2] >> p) & 1) << 2));
}

static void gspan_set(uint64_t gs[3], uint32_t p, int lg)
{
	for (int b = 0; b < 3 && p < MASK_BITS && lg >= 1 && lg <= 6; b++)
		gs[b] |= (uint64_t)((lg >> b) & 1) << p;
}

/* The bits of parameter p (in X->bmask) that may differ. */
static uint64_t bval_of(const context *X, uint32_t p)
{
	return X->bval[packed_at(X->bmask, p)];
}

/* The thread term of parameter p (in X->fmask). */
static tc_affine_term fval_of(const context *X, uint32_t p)
{
	return X->fval[packed_at(X->fmask, p)];
}

/* The known bits of parameter p (in X->pkmask) and their values. */
static void pk_of(const context *X, uint32_t p, uint64_t *known, uint64_t *val)
{
	uint32_t i = packed_at(X->pkmask, p);
	*known = X->pkval[2 * i];
	*val = X->pkval[2 * i + 1];
}

/* What a call passes its callee, per parameter p < MASK_BITS (bit p; a
 * context's fields of the same names say what they mean). */
typedef struct passing {
	uint64_t mask, wmask, ones, gmask, gspan[3], tmask[NTILE], kmask, amask, bmask, fmask;
	uint64_t pkmask, pknown[MASK_BITS], pkval[MASK_BITS];
	int64_t kval[MASK_BITS];
	uint64_t bval[MASK_BITS];
	tc_affine_term fval[MASK_BITS];
} passing;

/* Whether context X knows of its parameters what P passes of those in
 * kmask (constants), pkmask (known bits), bmask (bits that may differ) and
 * fmask (thread terms); P may be NULL where all four are 0. */
static bool same_known(const context *X, uint64_t kmask, uint64_t pkmask, uint64_t bmask,
		       uint64_t fmask, const passing *P)
{
	if (X->kmask != kmask || X->pkmask != pkmask || X->bmask != bmask || X->fmask != fmask)
		return false;
	for (uint64_t m = kmask | pkmask | bmask | fmask; m; m &= m - 1) {
		uint32_t p = (uint32_t)__builtin_ctzll(m);
		uint64_t kn, kv;
		tc_affine_term t;
		if (((kmask >> p) & 1) && kval_of(X, p) != P->kval[p])
			return false;
		if ((pkmask >> p) & 1) {
			pk_of(X, p, &kn, &kv);
			if (kn != P->pknown[p] || kv != (P->pkval[p] & kn))
				return false;
		}
		if (((bmask >> p) & 1) && bval_of(X, p) != P->bval[p])
			return false;
		if ((fmask >> p) & 1) {
			t = fval_of(X, p);
			if (t.k != P->fval[p].k || t.t != P->fval[p].t || t.exact != P->fval[p].exact ||
			    t.bits != P->fval[p].bits)
				return false;
		}
	}
	return true;
}

/* Frees what new context X knows of its parameters. */
static void drop_known(tc_calls *c, context *X)
{
	tc__free(&c->al, X->kval);
	tc__free(&c->al, X->pkval);
	tc__free(&c->al, X->bval);
	tc__free(&c->al, X->fval);
	X->kval = NULL;
	X->pkval = NULL;
	X->bval = NULL;
	X->fval = NULL;
}

/* The context of graph j for what P passes (NULL: every parameter may
 * differ), or as launched; made and queued when new. TC_NONE in *out when
 * out of memory. */
static int context_of(tc_calls *c, uint32_t j, const passing *P, bool launch, uint32_t *out)
{
	bool most = !launch && (!P || c->count[j] >= MAX_CONTEXTS_PER_FUNCTION);
	uint64_t mask = ALL_DIVERGENT, wmask = ALL_DIVERGENT, ones = 0, gmask = 0, kmask = 0,
		 amask = 0, bmask = 0, fmask = 0, pkmask = 0;
	const uint64_t *gspan = NULL, *tmask = NULL;
	if (!most && P) {
		mask = P->mask;
		wmask = P->wmask;
		ones = P->ones;
		gmask = P->gmask;
		kmask = P->kmask;
		amask = P->amask;
		bmask = P->bmask;
		fmask = P->fmask;
		pkmask = P->pkmask;
		gspan = P->gspan;
		tmask = P->tmask;
	}
	if (launch)
		mask = wmask = 0;
	if ((kmask || pkmask) && c->kcount[j] >= MAX_CONST_CONTEXTS)
		kmask = pkmask = 0;
	wmask &= mask;
	gmask &= wmask;
	amask &= wmask & ~gmask;
	uint64_t gs[3] = {0, 0, 0}, tm[NTILE];
	for (int b = 0; b < 3 && gspan && !launch; b++)
		gs[b] = gspan[b] & gmask;
	/* what may differ in a group: what may in the warp, but for a tile's
	 * mask of at least the group's lanes */
	for (int t = 0; t < NTILE; t++) {
		uint64_t covered = 0;
		for (uint64_t g = gmask; g; g &= g - 1) {
			uint32_t p = (uint32_t)__builtin_ctzll(g);
			if (gspan_of(gs, p) >= span_of_view(t + 2))
				covered |= UINT64_C(1) << p;
		}
		tm[t] = (tmask && !most ? tmask[t] : ALL_DIVERGENT) & wmask & ~covered;
	}
	kmask &= ~mask; /* a constant is the same in every thread */
	bmask &= mask;
	fmask &= mask;
	pkmask &= ~kmask; /* known whole */
	if (launch)
		kmask = bmask = fmask = pkmask = 0;
	for (uint32_t x = c->first[j]; x != TC_NONE; x = c->ctx[x].next)
		if (c->ctx[x].launch == launch &&
		    (launch || (c->ctx[x].mask == mask && c->ctx[x].wmask == wmask &&
				c->ctx[x].ones == ones && c->ctx[x].gmask == gmask &&
				c->ctx[x].amask == amask &&
				!memcmp(c->ctx[x].gspan, gs, sizeof gs) &&
				!memcmp(c->ctx[x].tmask, tm, sizeof tm) &&
				same_known(&c->ctx[x], kmask, pkmask, bmask, fmask, P)))) {
			*out = x;
			return TC_OK;
		}
	if (c->nctx >= UINT32_MAX / 2)
		return tc__diag(c->diag, TC_ELIMIT, NULL, 0, 0, "too many calling contexts");
	if (c->nctx == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 16;
		context *p = tc__realloc(&c->al, c->ctx, tc__mul(cap, sizeof *p));
		if (!p)
			return oom(c);
		c->ctx = p;
		c->cap = cap;
	}
	uint32_t x = (uint32_t)c->nctx;
	const tc_fn_desc *d = desc_of(c, j);
	context *X = &c->ctx[x];
	memset(X, 0, sizeof *X);
	X->graph = j;
	X->mask = launch ? 0 : mask;
	X->wmask = launch ? 0 : wmask;
	X->ones = launch ? 0 : ones;
	X->gmask = launch ? 0 : gmask;
	X->amask = launch ? 0 : amask;
	memcpy(X->gspan, gs, sizeof gs);
	memcpy(X->tmask, tm, sizeof tm);
	X->kmask = kmask;
	X->pkmask = pkmask;
	X->bmask = bmask;
	X->fmask = fmask;
	/* what it knows of its parameters, packed (freed here on failure: the
	 * context is not counted yet) */
	if ((kmask && !(X->kval = tc__malloc(&c->al, (size_t)__builtin_popcountll(kmask) *
							 sizeof *X->kval))) ||
	    (pkmask && !(X->pkval = tc__malloc(&c->al, (size_t)__builtin_popcountll(pkmask) * 2 *
							    sizeof *X->pkval))) ||
	    (bmask && !(X->bval = tc__malloc(&c->al, (size_t)__builtin_popcountll(bmask) *
							 sizeof *X->bval))) ||
	    (fmask && !(X->fval = tc__malloc(&c->al, (size_t)__builtin_popcountll(fmask) *
							 sizeof *X->fval)))) {
		drop_known(c, X);
		return oom(c);
	}
	c->kcount[j] += kmask != 0 || pkmask != 0;
	for (uint32_t p = 0, nk = 0, np = 0, nb = 0, nf = 0; p < MASK_BITS; p++) {
		if ((kmask >> p) & 1)
			X->kval[nk++] = P->kval[p];
		if ((pkmask >> p) & 1) {
			X->pkval[np++] = P->pknown[p];
			X->pkval[np++] = P->pkval[p] & P->pknown[p];
		}
		if ((bmask >> p) & 1)
			X->bval[nb++] = P->bval[p];
		if ((fmask >> p) & 1)
			X->fval[nf++] = P->fval[p];
	}
	X->launch = launch;
	/* what it returns and leaves, until its analysis says: what the first
	 * caller that chooses it assumed (analyse), else the same in every
	 * group (a root's: no caller reads it) */
	X->sum = all_same();
	X->wresult = TC_NONE;
	X->next = c->first[j];
	X->in_head = X->last_caller = X->result = X->order = TC_NONE;
	X->parent = X->parent_site = TC_NONE;
	for (int v = 0; v < NVIEW; v++)
		X->bad_parent[v] = X->bad_site[v] = TC_NONE;
	for (int t = 0; t < NTILE; t++)
		X->tresult[t] = TC_NONE;
	if (d->ncalls) {
		if (!(X->callee = tc__malloc(&c->al, tc__mul(d->ncalls, sizeof *X->callee)))) {
			drop_known(c, X); /* not counted yet: nothing else frees them */
			return oom(c);
		}
		for (uint32_t s = 0; s < d->ncalls; s++)
			X->callee[s] = TC_NONE;
	}
	c->nctx++;
	c->first[j] = x;
	c->count[j]++;
	X->queued = true;
	if (tc__u32vec_push(&c->al, &c->work, x))
		return oom(c);
	*out = x;
	return TC_OK;
}

/* Notes that context x calls context y (once per analysis of x). */
static int add_caller(tc_calls *c, uint32_t x, uint32_t y)
{
	context *Y = &c->ctx[y];
	if (Y->last_caller == x)
		return TC_OK;
	Y->last_caller = x;
	uint32_t a = (uint32_t)c->arc_from.len;
	if (tc__u32vec_push(&c->al, &c->arc_from, x) ||
	    tc__u32vec_push(&c->al, &c->arc_next, Y->in_head))
		return oom(c);
	Y->in_head = a;
	return TC_OK;
}

/* Queues the contexts that call y (its result turned uniform). */
static int requeue_callers(tc_calls *c, uint32_t y)
{
	for (uint32_t a = c->ctx[y].in_head; a != TC_NONE; a = c->arc_next.v[a]) {
		uint32_t x = c->arc_from.v[a];
		if (!c->ctx[x].queued) {
			c->ctx[x].queued = true;
			if (tc__u32vec_push(&c->al, &c->work, x))
				return oom(c);
		}
	}
	return TC_OK;
}

/* Where a context's threads may leave its function: per block, whether
 * the threads that take different ways of its branch may not meet again
 * before they return (its immediate post-dominator is the virtual exit:
 * split; NULL, every block's may not); per block, whether the context
 * executes it (live; NULL: every one). */
typedef struct exits {
	const uint8_t *split, *live;
} exits;

/* Whether some branch of the function may send threads that go
 * different ways to different returns. */
static bool some_branch_divergent(const tc_fn_desc *d, const tc_uniformity *u, exits e)
{
	for (uint32_t k = 0; k < d->f.nblocks; k++)
		if (d->f.succ_off[k + 1] - d->f.succ_off[k] >= 2 && (!e.split || e.split[k]) &&
		    tc__uniformity_branch(u, k))
			return true;
	return false;
}

/* Whether return k is in a block that the context does not execute. */
static bool dead_return(const tc_fn_desc *d, uint32_t k, exits e)
{
	return e.live && d->ret_block && d->ret_block[k] < d->f.nblocks && !e.live[d->ret_block[k]];
}

/* Whether a context's return value is the same in every thread: each
 * value returned is, and the returns do not join after a divergent branch. */
static bool returns_uniform(const tc_fn_desc *d, const tc_uniformity *u, exits e)
{
	for (uint32_t k = 0; k < d->nret; k++)
		if (d->ret[k] != TC_NONE && !dead_return(d, k, e) &&
		    tc__uniformity_value(u, d->ret[k]))
			return false;
	return d->nret <= 1 || !some_branch_divergent(d, u, e);
}

/* Per block of graph j (d), whether its immediate post-dominator is the
 * virtual exit or it has none (exits.split), in c->split[j], made once
 * (left NULL where the function has one return or none: every block's is
 * then taken so). TC_OK or TC_ENOMEM. */
static int split_blocks(tc_calls *c, uint32_t j, const tc_fn_desc *d)
{
	if (c->split[j] || d->nret + d->nout <= 1)
		return TC_OK;
	uint32_t nb = d->f.nblocks;
	uint8_t *split = tc__malloc(&c->al, (size_t)nb + 1);
	uint32_t *ipdom = tc__malloc(&c->al, tc__mul((size_t)nb + 1, sizeof *ipdom));
	tc_arena ar;
	tc__arena_init(&ar, &c->al);
	tc_digraph succ, pred;
	int rc = split && ipdom ? TC_OK : TC_ENOMEM;
	if (!rc && !(rc = tc__digraph_blocks(&ar, &succ, nb, d->f.succ_off, d->f.succ)) &&
	    !(rc = tc__digraph_reverse(&ar, &pred, &succ)) &&
	    !(rc = tc__dominators(&ar, &pred, &succ, nb, ipdom))) {
		for (uint32_t b = 0; b < nb; b++)
			split[b] = ipdom[b] == TC_NONE || ipdom[b] == nb;
		c->split[j] = split;
		split = NULL;
	}
	tc__arena_free(&ar);
	tc__free(&c->al, split);
	tc__free(&c->al, ipdom);
	return rc ? oom(c) : TC_OK;
}

/* Whether a context's return value is base + lane in each warp (l its
 * warp's view, w l's uniformity), as tc__lanes_lane says (0: not): each
 * value returned is, and the returns do not join after a branch that
 * splits a warp; what all of them are (tc__lanes_lane_meet). */
static uint8_t returns_lane(const tc_fn_desc *d, const tc_lanes *l, const tc_uniformity *w,
			    exits e)
{
	if (!d->nret || (d->nret > 1 && some_branch_divergent(d, w, e)))
		return 0;
	int m = -1;
	for (uint32_t k = 0; k < d->nret && m; k++) {
		if (dead_return(d, k, e))
			continue;
		int x = d->ret[k] == TC_NONE ? 0 : tc__lanes_lane(l, d->ret[k]);
		m = m < 0 ? x : tc__lanes_lane_meet(m, x);
	}
	return (uint8_t)(m > 0 ? m : 0);
}

/* v of d through copies that keep 32 bits or more (TC_NONE: a chain of
 * more than 8, or no value of d). */
static uint32_t through_copies(const tc_fn_desc *d, uint32_t v)
{
	for (int steps = 0; steps < 8 && v < d->f.nvalues; steps++) {
		const tc_lane_op *o = &d->lop[v];
		if (o->op != TC_LOP_COPY || (o->flags & TC_LOP_K0) || (o->bits && o->bits < 32))
			return v;
		v = o->a[0];
	}
	return TC_NONE;
}

/*
 * What function d returns on every return, where its callers' warp views
 * may read a call's result as that op of the call (nvcc -G keeps the
 * toolkit's intrinsics as functions): the lanes active at the call
 * (TC_LOP_WARP, TC_LOP_ACTIVE: a function of one block and no calls that
 * returns what activemask reads, as __activemask() is, so the lanes that
 * read it together are those that called it together); one of the lane's
 * lane masks (no operand: the same wherever it is read); or the population
 * count of a parameter (a[0]: its index; __popc). Else op TC_LOP_OTHER. (A
 * lane's index is base + lane, as the callee's context says: ret_lane.)
 */
static tc_lane_op ret_form(const tc_fn_desc *d)
{
	tc_lane_op none = {TC_LOP_OTHER, 0, 0, {TC_NONE, TC_NONE}, TC_NONE, {0, 0}};
	if (!d || !d->lop || !d->nret || d->builtin)
		return none;
	uint32_t x = TC_NONE;
	for (uint32_t k = 0; k < d->nret; k++) {
		uint32_t r = d->ret[k] != TC_NONE ? through_copies(d, d->ret[k]) : TC_NONE;
		if (r == TC_NONE || (x != TC_NONE && r != x))
			return none;
		x = r;
	}
	tc_lane_op o = d->lop[x];
	switch (o.op) {
	case TC_LOP_WARP:
		return (o.flags & TC_LOP_ACTIVE) && d->f.nblocks == 1 && !d->ncalls ? o : none;
	case TC_LOP_LANEMASK: /* a lane's index is base + lane: ret_lane */
		return o;
	case TC_LOP_POPC: { /* of the whole parameter as read */
		unsigned bits;
		uint32_t p = o.flags & TC_LOP_K0 ? TC_NONE : tc__traced_param(d, o.a[0], &bits);
		if (p >= d->nparams || bits != o.bits)
			return none;
		o.a[0] = p;
		return o;
	}
	default:
		return none;
	}
}

/* The parameters (bit p) that function d's warp collectives take as their
 * member mask (tc_coll_desc.mask_param, or the mask to agree traced back
 * to a parameter), of its ncoll collectives: where a caller passes a mask
 * the same in the lanes at the call (amask). */
static uint64_t mask_params(const tc_fn_desc *d, size_t ncoll)
{
	uint64_t m = 0;
	for (size_t k = 0; d && d->coll && k < ncoll; k++) {
		uint32_t p = d->coll[k].mask_param;
		if (p == TC_NONE && d->coll[k].agree_mask)
			p = tc__traced_param(d, d->coll[k].agree, NULL);
		if (p < MASK_BITS)
			m |= UINT64_C(1) << p;
	}
	return m;
}

/* The outs of a context that are the same in the group (tc_fn_desc.out):
 * bit k where each read of out k is (TC_NONE: a constant), and, where they
 * are at several returns, the returns do not join after a divergent
 * branch (as returns_uniform). */
static uint64_t outs_uniform(const tc_fn_desc *d, const tc_uniformity *u, exits e)
{
	uint64_t some = 0, bad = 0, several = 0;
	uint32_t first[MASK_BITS];
	for (uint32_t q = 0; q < d->nout; q++) {
		uint32_t k = d->out_index[q], v = d->out_value[q];
		if (k >= MASK_BITS || (e.live && d->out_block[q] < d->f.nblocks &&
					!e.live[d->out_block[q]]))
			continue;
		uint64_t bit = UINT64_C(1) << k;
		if (!(some & bit))
			first[k] = d->out_block[q];
		else if (first[k] != d->out_block[q])
			several |= bit;
		some |= bit;
		if (v != TC_NONE && (v >= d->f.nvalues || tc__uniformity_value(u, v)))
			bad |= bit;
	}
	if ((several & some & ~bad) && some_branch_divergent(d, u, e))
		bad |= several;
	return some & ~bad;
}

/* Whether bit b of a context's mask says it may differ (b past MASK_BITS:
 * it may). */
static bool may_differ(uint64_t mask, uint32_t b)
{
	return b >= MASK_BITS || ((mask >> b) & 1);
}

/* Whether context X has been analysed; whether MAX_ANALYSES times, and so
 * assumes nothing of its calls any more (context_kinds, in_passed) and
 * returns and leaves what differs. */
static bool analysed(const context *X)
{
	return X->nanalysed > 0;
}

static bool locked(const context *X)
{
	return X->nanalysed >= MAX_ANALYSES;
}

/* d->f as context X's views read it (X->view), with kinds kind. */
static tc_ua_func view_f(const context *X, const tc_fn_desc *d, const uint8_t *kind)
{
	tc_ua_func f = tc__decided_view_of(&d->f, &X->view);
	f.kind = kind;
	return f;
}

/* Whether call site s of context X, not analysed yet, will have a context
 * of its callee's (one with a body, not a builtin) and is on a cycle of
 * X's graph (loop_sites): until X's first analysis says which context, its
 * result and outs are taken as the same in every group, as a new context's
 * are (context_of), so that a result that comes back round the loop into
 * the call's own arguments is judged as inlined. Elsewhere they wait for
 * the context: no result of a call can reach its own arguments there but
 * through a recursion, where waiting is sound. */
static bool pending(const tc_calls *c, const context *X, const tc_fn_desc *d, uint32_t s)
{
	uint32_t g = d->calls[s].callee;
	const uint8_t *looped = c->looped[X->graph];
	return !analysed(X) && looped && looped[s] && g != TC_NONE && desc_of(c, g) &&
	       !desc_of(c, g)->builtin;
}

/* Whether call s's result reaches one of its own arguments through the
 * values that use it (a search of at most LOOP_REACH values; mark and
 * stack: per value, stamp a fresh stamp). */
#define LOOP_REACH 4096u
static bool feeds_itself(const tc_fn_desc *d, uint32_t s, uint32_t *mark, uint32_t stamp,
			 uint32_t *stack)
{
	const tc_ua_func *f = &d->f;
	const tc_call_site *cs = &d->calls[s];
	uint32_t v = cs->value, top = 0, seen = 0;
	if (v >= f->nvalues || !f->use_off)
		return false;
	mark[v] = stamp;
	stack[top++] = v;
	while (top) {
		uint32_t x = stack[--top];
		for (uint32_t a = 0; a < cs->nargs; a++)
			if (d->arg[cs->arg_off + a] == x && x != v)
				return true;
		for (uint32_t k = f->use_off[x]; k < f->use_off[x + 1]; k++) {
			uint32_t y = f->user[k];
			if (y >= f->nvalues || mark[y] == stamp)
				continue;
			if (++seen > LOOP_REACH)
				return true; /* not known: as if it did */
			mark[y] = stamp;
			stack[top++] = y;
		}
	}
	return false;
}

/* Per call site of graph j (d), whether its block is on a cycle of the
 * graph and its result reaches its own arguments (feeds_itself), in
 * c->looped[j], made once. TC_OK or TC_ENOMEM. */
static int loop_sites(tc_calls *c, uint32_t j, const tc_fn_desc *d)
{
	if (c->looped[j] || !d->ncalls)
		return TC_OK;
	uint32_t nb = d->f.nblocks;
	uint8_t *site = tc__calloc(&c->al, d->ncalls, 1);
	uint32_t *off = tc__malloc(&c->al, tc__mul((size_t)nb + 2, sizeof *off));
	uint32_t *comp = tc__malloc(&c->al, tc__mul((size_t)nb + 1, sizeof *comp));
	uint32_t nv = d->f.nvalues;
	uint32_t *mark = tc__calloc(&c->al, (size_t)nv + 1, sizeof *mark);
	uint32_t *stack = tc__malloc(&c->al, tc__mul((size_t)nv + 1, sizeof *stack));
	tc_arena ar;
	tc__arena_init(&ar, &c->al);
	int rc = site && off && comp && mark && stack ? TC_OK : TC_ENOMEM;
	if (!rc) { /* the blocks and the virtual exit, which leads nowhere */
		memcpy(off, d->f.succ_off, ((size_t)nb + 1) * sizeof *off);
		off[nb + 1] = off[nb];
		tc_digraph g = {nb + 1, off, (uint32_t *)d->f.succ};
		uint32_t ncomp;
		uint8_t *cyclic = NULL;
		rc = tc__scc(&ar, &g, NULL, comp, &ncomp, &cyclic);
		for (uint32_t s = 0; !rc && s < d->ncalls; s++) {
			uint32_t b = d->calls[s].block;
			site[s] = b < nb && comp[b] < ncomp && cyclic[comp[b]] &&
				  feeds_itself(d, s, mark, s + 1, stack);
		}
	}
	tc__arena_free(&ar);
	tc__free(&c->al, off);
	tc__free(&c->al, comp);
	tc__free(&c->al, mark);
	tc__free(&c->al, stack);
	if (rc) {
		tc__free(&c->al, site);
		return oom(c);
	}
	c->looped[j] = site;
	return TC_OK;
}

/* The kinds of a context's values in *buf (grown to fit) for view view
 * (the block's, a warp's, a group of lanes'): the reader's, with the
 * parameters of mask thread-dependent and the others not, and the calls
 * whose callee's context returns a value the same in the group uniform. */
/* The bits that may differ of what param_value k of d reads in context
 * X, as X->bmask says (all: where it says nothing). */
static uint64_t read_bits(const context *X, const tc_fn_desc *d, uint32_t k)
{
	uint32_t p = d->param_index[k], v = d->param_value[k];
	uint32_t off = tc__fn_desc_param_off(d, k);
	if (X->launch || p >= MASK_BITS || !((X->bmask >> p) & 1) || off >= 8 || !d->arith ||
	    v >= d->f.nvalues)
		return UINT64_MAX;
	unsigned bits = d->arith[v].bits;
	return (bval_of(X, p) >> (8 * off)) & (bits && bits < 64 ? (UINT64_C(1) << bits) - 1
							  : UINT64_MAX);
}

static int context_kinds(const tc_calls *c, const context *X, const tc_fn_desc *d,
			 uint64_t mask, int view, uint8_t **buf, size_t *cap)
{
	uint32_t n = d->f.nvalues;
	if (n > *cap) {
		uint8_t *k = tc__realloc(&c->al, *buf, n);
		if (!k)
			return TC_ENOMEM;
		*buf = k;
		*cap = n;
	}
	uint8_t *kind = *buf;
	if (n)
		memcpy(kind, d->f.kind, n);
	for (uint32_t k = 0; k < d->nparam_values && !X->launch; k++) {
		uint32_t p = d->param_index[k], v = d->param_value[k];
		bool differs = may_differ(mask, p);
		if (v >= n)
			continue;
		if (differs && view == 0 && !read_bits(X, d, k)) /* of the bits the same */
			differs = false;
		if (p >= d->nparams) { /* an in's read: uniform where the value
					* is, whatever the address (the thread's
					* own); else as the reader has it */
			if (!differs)
				kind[v] = (uint8_t)((kind[v] & ~TC_UA_SOURCE) | TC_UA_UNIFORM);
			else if (view == 0 && p < MASK_BITS && (((X->bmask | X->fmask) >> p) & 1))
				/* what the caller passed, some bits of which
				 * differ (context_uniformity) */
				kind[v] |= TC_UA_SOURCE | TC_UA_UNIFORM;
			continue;
		}
		kind[v] = (uint8_t)(differs ? kind[v] | TC_UA_SOURCE : kind[v] & ~TC_UA_SOURCE);
	}
	bool warp = view >= 1;
	/* a context analysed MAX_ANALYSES times assumes nothing of its calls
	 * any more: its analysis no longer depends on theirs */
	for (uint32_t s = 0; s < d->ncalls && !locked(X); s++) {
		uint32_t y = X->callee[s], v = d->calls[s].value;
		if (v >= n || (y == TC_NONE && !pending(c, X, d, s)))
			continue;
		const context *Y = y != TC_NONE ? &c->ctx[y] : NULL;
		if (!Y || (view == 0 ? Y->sum.ret : Y->sum.wret || (view >= 2 && Y->sum.tret[view - 2])))
			kind[v] = (uint8_t)((kind[v] & ~TC_UA_SOURCE) | TC_UA_UNIFORM);
	}
	/* what callees left in memory, where their contexts make it uniform:
	 * a value made of several such parts where each is */
	for (int pass = 0; pass < 2 && !locked(X); pass++)
		for (uint32_t q = 0; q < d->ncout; q++) {
			uint32_t s = d->cout_site[q], v = d->cout_value[q], k = d->cout_index[q];
			uint32_t y = s < d->ncalls ? X->callee[s] : TC_NONE;
			if (v >= n)
				continue;
			uint64_t outs = 0;
			if (y != TC_NONE && k < MASK_BITS)
				outs = warp ? c->ctx[y].sum.wouts : c->ctx[y].sum.outs;
			else if (y == TC_NONE && s < d->ncalls && pending(c, X, d, s))
				outs = UINT64_MAX;
			bool same = k < MASK_BITS && ((outs >> k) & 1);
			if (pass == 0 && same)
				kind[v] = (uint8_t)((kind[v] & ~TC_UA_SOURCE) | TC_UA_UNIFORM);
			else if (pass == 1 && !same)
				kind[v] = d->f.kind[v]; /* as the reader has it */
		}
	/* what the context's constants fold (live_blocks made X->view) */
	tc__decided_view_kinds(&X->view, kind, n);
	return TC_OK;
}

/* The branches of u that may go different ways (two ways or more), per
 * block in *div, and the replay record for the solve in *deps. */
static int record_view(tc_calls *c, const tc_fn_desc *d, const tc_uniformity *u, uint8_t **div,
		       tc_uniformity_deps **deps)
{
	uint32_t nb = d->f.nblocks, n = 0;
	tc__free(&c->al, *div);
	tc__uniformity_deps_free(&c->al, *deps);
	*deps = NULL;
	*div = tc__calloc(&c->al, nb ? nb : 1, 1);
	uint32_t *blocks = tc__malloc(&c->al, tc__mul(nb ? nb : 1, sizeof *blocks));
	uint32_t *nodes = tc__malloc(&c->al, tc__mul(nb ? nb : 1, sizeof *nodes));
	int rc = *div && blocks && nodes ? TC_OK : oom(c);
	for (uint32_t k = 0; k < nb && !rc; k++) {
		(*div)[k] = tc__uniformity_branch(u, k);
		if ((*div)[k] && d->f.succ_off[k + 1] - d->f.succ_off[k] >= 2) {
			blocks[n] = k;
			nodes[n++] = d->block_node[k];
		}
	}
	if (!rc && (rc = tc__uniformity_record(u, blocks, nodes, n, &c->al, deps)))
		rc = rc == TC_ELIMIT ? tc__diag(c->diag, rc, NULL, 0, 0, "function too large")
				     : oom(c);
	tc__free(&c->al, blocks);
	tc__free(&c->al, nodes);
	return rc;
}

/* The uniformity of f (d's values with context X's kinds), read where the
 * thread terms cancel (affine.h), its parameters' bits that X says are the
 * same in the block too: *a holds what *u reads, freed after it; with
 * roots, it has the uniform parts of what d's calls pass
 * (tc__affine_part). */
static int context_uniformity(const tc_calls *c, const context *X, const tc_fn_desc *d,
			      const tc_ua_func *f, bool roots, tc_uniformity **u, tc_affine **a)
{
	*u = NULL;
	*a = NULL;
	tc_affine_extra ex = {NULL, NULL, NULL, 0};
	uint64_t *sb = NULL;
	tc_affine_term *st = NULL;
	uint32_t *rv = NULL, n = d->f.nvalues;
	int rc = TC_OK;
	/* what the context says of its parameters' reads: their bits that may
	 * differ, their thread terms (one at byte 0) */
	if (d->arith && (X->bmask || X->fmask) && !X->launch) {
		if ((X->bmask && !(sb = tc__calloc(&c->al, n ? n : 1, sizeof *sb))) ||
		    (X->fmask && !(st = tc__calloc(&c->al, n ? n : 1, sizeof *st)))) {
			tc__free(&c->al, sb);
			return TC_ENOMEM;
		}
		for (uint32_t k = 0; k < d->nparam_values; k++) {
			uint32_t p = d->param_index[k], v = d->param_value[k];
			if (v >= n)
				continue;
			if (sb)
				sb[v] = read_bits(X, d, k);
			if (st && p < MASK_BITS && ((X->fmask >> p) & 1) && !tc__fn_desc_param_off(d, k))
				st[v] = fval_of(X, p);
		}
		ex.src_bits = sb;
		ex.src_term = st;
	}
	if (d->arith && roots && (d->narg || d->nin_arg)) {
		size_t nr = 0;
		if (!(rv = tc__malloc(&c->al, tc__mul((size_t)d->narg + d->nin_arg + 1, sizeof *rv))))
			rc = TC_ENOMEM;
		for (uint32_t i = 0; rv && i < d->narg; i++)
			if (d->arg[i] < n)
				rv[nr++] = d->arg[i];
		for (uint32_t q = 0; rv && q < d->nin_arg; q++)
			if (d->in_value[q] < n)
				rv[nr++] = d->in_value[q];
		ex.roots = rv;
		ex.nroots = (uint32_t)nr;
	}
	if (!rc && d->arith)
		rc = tc__affine(a, f, d->arith, NULL, d->ids, d->nids, d->arith_block_size, &ex,
				&c->al);
	tc__free(&c->al, sb);
	tc__free(&c->al, st);
	tc__free(&c->al, rv);
	if (!rc)
		rc = tc__uniformity(u, *a ? tc__affine_func(*a) : f, &c->al);
	if (rc) {
		tc__affine_free(*a);
		*a = NULL;
	}
	return rc;
}

/* c->wlop, a copy of d->lop to change; NULL when out of memory. */
static tc_lane_op *own_lop(tc_calls *c, const tc_fn_desc *d)
{
	size_t n = d->f.nvalues;
	if (n > c->wlop_cap) {
		tc_lane_op *o = tc__realloc(&c->al, c->wlop, tc__mul(n ? n : 1, sizeof *o));
		if (!o)
			return NULL;
		c->wlop = o;
		c->wlop_cap = n;
	}
	if (n)
		memcpy(c->wlop, d->lop, n * sizeof *c->wlop);
	return c->wlop;
}

/* The warp's view of context x (d->lop given; view 1), or that of its
 * aligned groups of lanes (view 2 .. 5): *out, or NULL with an error. */
static int warp_view(tc_calls *c, uint32_t x, const tc_fn_desc *d, int view, tc_lanes **out)
{
	*out = NULL;
	uint32_t lanes = view >= 2 ? 1u << span_of_view(view) : d->warp_size;
	uint64_t mask = view >= 2 ? c->ctx[x].tmask[view - 2] : c->ctx[x].wmask;
	int rc = context_kinds(c, &c->ctx[x], d, mask, view, &c->wkind, &c->wkind_cap);
	if (rc)
		return oom(c);
	tc_ua_func f = view_f(&c->ctx[x], d, c->wkind);
	tc_lane_geom geom = {d->warp_size, {d->block_size[0], d->block_size[1], d->block_size[2]},
			     lanes < d->warp_size ? lanes : 0, d->way};
	/* the parameters this context knows are constants (the full mask,
	 * small integers) or each lane's own tile of lanes */
	const context *X = &c->ctx[x];
	const tc_lane_op *lop = d->lop;
	uint64_t tiles = X->gspan[0] | X->gspan[1] | X->gspan[2]; /* within gmask */
	uint64_t known = X->launch ? 0 : X->kmask | X->ones | tiles;
	for (uint32_t k = 0; k < d->nparam_values && known; k++) {
		uint32_t p = d->param_index[k], v = d->param_value[k];
		if (p >= MASK_BITS || !((known >> p) & 1) || v >= f.nvalues)
			continue;
		/* what the read keeps of the caller's value: the constant
		 * itself, all of a full mask or a tile's (32 bits) */
		unsigned bits = d->lop[v].bits;
		bool ones = (X->ones >> p) & 1, kn = (X->kmask >> p) & 1;
		if (!ones && kn ? !tc__traced_fits(kval_of(X, p), bits) : bits && bits < 32)
			continue;
		if (lop == d->lop && !(lop = own_lop(c, d)))
			return oom(c);
		if (!ones && !kn) { /* the lanes of its tile */
			c->wlop[v] = (tc_lane_op){TC_LOP_LANEMASK, 0, d->lop[v].bits,
						  {TC_NONE, TC_NONE}, TC_NONE,
						  {TC_LANEMASK_GROUP, gspan_of(X->gspan, p)}};
			continue;
		}
		int64_t kv = ones ? -1 : kval_of(X, p);
		c->wlop[v] = (tc_lane_op){TC_LOP_COPY, TC_LOP_K0, d->lop[v].bits, {TC_NONE, TC_NONE},
					  TC_NONE, {kv, 0}};
	}
	/* the calls whose callees return the active mask, a lane mask, or a
	 * count of an argument's bits (ret_form) */
	bool forms = false;
	for (uint32_t s = 0; s < d->ncalls; s++) {
		const tc_call_site *cs = &d->calls[s];
		uint32_t v = cs->value;
		if (cs->callee >= c->m->count || v >= f.nvalues ||
		    c->retform[cs->callee].op == TC_LOP_OTHER)
			continue;
		tc_lane_op o = c->retform[cs->callee];
		o.bits = d->lop[v].bits;
		if (o.op == TC_LOP_POPC) {
			uint32_t p = o.a[0];
			o.a[0] = p < cs->nargs && cs->arg_off + p < d->narg ? d->arg[cs->arg_off + p]
									    : TC_NONE;
			if (o.a[0] >= f.nvalues)
				continue;
		}
		if (lop == d->lop && !(lop = own_lop(c, d)))
			return oom(c);
		c->wlop[v] = o;
		forms = true;
	}
	/* the calls whose callees return base + lane */
	for (uint32_t s = 0; s < d->ncalls; s++) {
		uint32_t y = X->callee[s], v = d->calls[s].value;
		if (y == TC_NONE || v >= f.nvalues || !c->ctx[y].ret_lane || c->ctx[y].sum.wret)
			continue;
		if (lop == d->lop && !(lop = own_lop(c, d)))
			return oom(c);
		c->wlop[v] = (tc_lane_op){TC_LOP_LANED, 0, d->lop[v].bits, {TC_NONE, TC_NONE},
					  TC_NONE, {c->ctx[y].ret_lane & 0x7f, 0}};
	}
	rc = tc__lanes(out, &f, lop, &geom, NULL, &c->al);
	if (rc)
		return rc == TC_ELIMIT ? tc__diag(c->diag, rc, NULL, 0, 0, "function too large")
				       : oom(c);
	/* the edges the whole warp takes together, where a call's result is
	 * what the reader's view did not know */
	context *W = &c->ctx[x];
	if (view == 1) {
		tc__free(&c->al, W->sync_edge);
		tc__free(&c->al, W->synced);
		W->sync_edge = W->synced = NULL;
	}
	if (view == 1 && forms &&
	    tc__active_edges(&f, lop, d->way, d->block_node, tc__lanes_uniformity(*out),
			     c->m->graphs[W->graph], &W->sync_edge, &W->synced, &c->al)) {
		tc__lanes_free(*out);
		*out = NULL;
		return oom(c);
	}
	return TC_OK;
}

/* The edges the whole warp takes together in context X, and the nodes
 * behind them (active.h): its own, else the reader's. */
static const uint8_t *sync_edges(const tc_calls *c, const context *X)
{
	return X->sync_edge ? X->sync_edge : c->m->info[X->graph].warp_sync_edge;
}

static const uint8_t *synced_nodes(const tc_calls *c, const context *X)
{
	return X->sync_edge ? X->synced : c->m->info[X->graph].warp_synced;
}

/* Whether value v of context X's function is a member mask that names each
 * lane's own tile (tc__lanes_group_mask): made there (l, its warp's view),
 * or passed from a parameter that each caller makes so (gmask); and the
 * span of the lanes it names (log2; -1: not known). */
static int tile_mask(tc_calls *c, const context *X, const tc_fn_desc *d, tc_lanes *l, uint32_t v,
		     bool *tile, int *span)
{
	unsigned bits;
	uint32_t p = X->launch ? TC_NONE : tc__traced_param(d, v, &bits);
	*tile = p < MASK_BITS && ((X->gmask >> p) & 1) && (!bits || bits >= 32);
	if (span)
		*span = *tile && gspan_of(X->gspan, p) ? gspan_of(X->gspan, p) : -1;
	return !*tile && l && tc__lanes_group_mask(l, v, d->way, &c->al, tile, span) ? oom(c)
										      : TC_OK;
}


/* Per collective of context x, whether its argument that must agree may
 * differ in its group (u: the block's view, l the warp's or NULL). */
static int collective_args(tc_calls *c, context *X, const tc_fn_desc *d, const tc_uniformity *u,
			   tc_lanes *l)
{
	const tc_uniformity *w = l ? tc__lanes_uniformity(l) : NULL;
	const tc_graph_info *in = &c->m->info[X->graph];
	if (!d->coll || !in->ncoll)
		return TC_OK;
	if ((!X->cdiv && !(X->cdiv = tc__calloc(&c->al, in->ncoll, 1))) ||
	    (!X->cspan && !(X->cspan = tc__malloc(&c->al, in->ncoll))))
		return oom(c);
	tc_masks *mk = NULL; /* made for the first mask that needs it */
	int rc = TC_OK;
	for (uint32_t k = 0; k < in->ncoll && !rc; k++) {
		uint32_t v = d->coll[k].agree;
		const tc_uniformity *g = in->coll[k].group == TC_GROUP_BLOCK ? u : w;
		X->cdiv[k] = v != TC_NONE && v < d->f.nvalues && (!g || tc__uniformity_value(g, v));
		/* a member mask that the branches on the way make the same
		 * (masks.h), or that names each lane's own tile */
		bool same = false, mask = d->coll[k].agree_mask && in->coll[k].group == TC_GROUP_WARP;
		if (X->cdiv[k] && mask && w && d->lop && d->block_node && v < d->f.nvalues) {
			if (!mk && tc__masks_new(&mk, &d->f, d->lop, d->way, w, NULL, &c->al)) {
				rc = oom(c);
				break;
			}
			same = tc__masks_agree_at(mk, d->block_node, v, in->coll[k].node);
		}
		X->cdiv[k] = X->cdiv[k] && !same;
		/* a masked one: who must reach it, where its mask says */
		const tc_collective *col = &in->coll[k];
		bool judged = col->group == TC_GROUP_WARP && col->masked && !col->barrier &&
			      !col->call;
		int span = -1;
		X->cspan[k] = -1;
		if ((X->cdiv[k] || judged) && mask && v < d->f.nvalues &&
		    !(rc = tile_mask(c, X, d, l, v, &same, &span)) && X->cdiv[k])
			X->cdiv[k] = !same;
		/* a mask each caller makes the same in the lanes that call */
		if (X->cdiv[k] && mask && v < d->f.nvalues && !X->launch) {
			unsigned bits;
			uint32_t p = tc__traced_param(d, v, &bits);
			X->cdiv[k] = !(p < MASK_BITS && ((X->amask >> p) & 1) && (!bits || bits >= 32));
		}
		if (judged && d->coll[k].agree == TC_NONE)
			span = tc__lanes_const_span(d->coll[k].mask_k);
		/* a mask that may differ is reported as such, its reach not */
		X->cspan[k] = (int8_t)(judged && !X->cdiv[k] ? span : -1);
	}
	tc__masks_free(mk);
	return rc;
}

/* The folding of context x's function with the constants it knows (*ev,
 * NULL where neither its branches nor its calls' arguments can use it),
 * the blocks and edges it executes (X->live, X->dead_edge; left NULL
 * where every one may be), and the function as its views read it
 * (X->view). */
static int live_blocks(tc_calls *c, uint32_t x, tc_decided **ev)
{
	context *X = &c->ctx[x];
	uint32_t j = X->graph;
	const tc_fn_desc *d = desc_of(c, j);
	*ev = NULL;
	bool calls = false;
	for (uint32_t s = 0; s < d->ncalls && !calls; s++)
		calls = d->calls[s].callee < c->m->count && c->decides[d->calls[s].callee];
	if (!c->foldable[j] && !calls)
		return TC_OK;
	int64_t k[MASK_BITS];
	uint32_t nk = 0;
	for (uint32_t p = 0; p < MASK_BITS; p++)
		if ((X->kmask >> p) & 1)
			k[nk++] = kval_of(X, p);
	tc_decided_fn fn = tc__decided_of(d);
	if (tc__decided_new(ev, &fn, X->kmask, k, &c->al))
		return oom(c);
	for (uint32_t p = 0; p < MASK_BITS; p++)
		if ((X->pkmask >> p) & 1) {
			uint64_t kn, kv;
			pk_of(X, p, &kn, &kv);
			tc__decided_known(*ev, p, kn, kv);
		}
	if (X->live_done || !c->foldable[j])
		return TC_OK;
	X->live_done = true;
	const tc_graph *g = c->m->graphs[j];
	bool dead;
	if (!(X->live = tc__malloc(&c->al, d->f.nblocks ? d->f.nblocks : 1)) ||
	    !(X->dead_edge = tc__malloc(&c->al, g->m ? g->m : 1)) ||
	    tc__decided_live(*ev, g, X->live, X->dead_edge, &dead))
		return oom(c);
	/* a branch that is not executed, or goes one way, makes nothing
	 * divergent in this context (a helper's early return on the thread,
	 * behind a test of a parameter that the call's constant decides) */
	if (tc__decided_view_new(*ev, dead ? X->live : NULL, &X->view, &c->al))
		return oom(c);
	if (!dead) {
		tc__free(&c->al, X->live);
		tc__free(&c->al, X->dead_edge);
		X->live = X->dead_edge = NULL;
	}
	return TC_OK;
}

/* Whether what d's call passes for an in (entry q of its in_*), in context
 * x whose block's and warp's views are u and w (NULL: none), may differ in
 * the block (*differs) and between a warp's lanes (*wdiffers): what an
 * earlier call left there, as that call's context has its out; x's own in
 * passed on, as x's callers pass it; a value of x, where u and w have it;
 * a constant, not. */
static void in_passed(const tc_calls *c, uint32_t x, const tc_fn_desc *d, uint32_t q,
		      const tc_uniformity *u, const tc_uniformity *w, bool *differs,
		      bool *wdiffers)
{
	const context *X = &c->ctx[x];
	uint32_t v = d->in_value[q], from = d->in_fwd[q], os = d->in_osite[q];
	*differs = *wdiffers = false;
	if (os != TC_NONE) { /* what an earlier call left there */
		uint32_t oy = os < d->ncalls ? X->callee[os] : TC_NONE, k = d->in_oindex[q];
		*differs = oy == TC_NONE || locked(X) || may_differ(~c->ctx[oy].sum.outs, k);
		*wdiffers =
		    *differs && (oy == TC_NONE || locked(X) || may_differ(~c->ctx[oy].sum.wouts, k));
	} else if (from != TC_NONE) { /* its own in, as its caller passed it */
		bool known = !X->launch && from < d->nins;
		*differs = !known || may_differ(X->mask, d->nparams + from);
		*wdiffers = *differs && (!known || may_differ(X->wmask, d->nparams + from));
	} else if (v != TC_NONE) {
		*differs = v >= d->f.nvalues || tc__uniformity_value(u, v);
		*wdiffers = v >= d->f.nvalues || !w || tc__uniformity_value(w, v);
	}
}

/* The views of the caller a call's arguments are read in, and what the
 * callee makes of them: a member mask passed may be a tile's (tiles), the
 * constants passed matter (consts: for its warp collectives' widths,
 * warp_consts, or to decide its branches, decides). */
typedef struct caller_views {
	const tc_uniformity *u, *w;
	const tc_affine *af; /* what u reads: the uniform parts passed */
	tc_lanes *l;
	const tc_uniformity *tu[NTILE];
	tc_decided *ev;
	bool tiles, consts, warp_consts;
	uint64_t decides;
	/* where a member mask passed may be one that the branches on the way
	 * make the same in the lanes at the call: the callee's parameters that
	 * its warp collectives take as their mask (mask_params), the call's
	 * node, the caller's masks.h judgement (made for the first that needs
	 * it) */
	uint64_t agree;
	uint32_t node;
	tc_masks **mk;
} caller_views;

/* What value v of context x passes as the callee's parameter a: whether it
 * may differ in the block, a warp, a group of lanes; whether it is the full
 * mask (said_one: as the reader says, or -1: found where it is made, or
 * passed on), a small constant, a tile's mask. */
static int pass_value(tc_calls *c, uint32_t x, const tc_fn_desc *d, uint32_t v, uint32_t a,
		      const caller_views *V, int said_one, passing *P)
{
	const context *X = &c->ctx[x];
	uint64_t bit = UINT64_C(1) << a;
	if (tc__uniformity_value(V->u, v)) {
		P->mask |= bit;
		/* where only some of its bits differ (a word that packs fields) */
		uint64_t bits;
		uint32_t s = tc__affine_part(V->af, v, &bits);
		if (s != TC_NONE && !tc__uniformity_value(V->u, s)) {
			P->bmask |= bit;
			P->bval[a] = bits;
			tc__affine_term_of(V->af, v, &P->fval[a]);
			if (P->fval[a].t)
				P->fmask |= bit;
		}
	}
	if (!V->w || tc__uniformity_value(V->w, v))
		P->wmask |= bit;
	for (int t = 0; t < NTILE; t++)
		if (V->tu[t] && !tc__uniformity_value(V->tu[t], v))
			P->tmask[t] &= ~bit;
	bool one = said_one >= 0 ? said_one : tc__traced_ones(d, v);
	if (!one && !X->launch) { /* a full mask passed on */
		uint32_t p = tc__traced_param(d, v, NULL);
		one = p < MASK_BITS && ((X->ones >> p) & 1);
	}
	if (one) {
		P->ones |= bit;
		return TC_OK;
	}
	/* a small constant, written here or passed on */
	if (V->consts) {
		unsigned bits, kbits;
		uint32_t p = X->launch ? TC_NONE : tc__traced_param(d, v, &bits);
		if (tc__traced_k(d, v, &P->kval[a], &kbits) && tc__traced_fits(P->kval[a], kbits)) {
			P->kmask |= bit;
		} else if (p < MASK_BITS && ((X->kmask >> p) & 1) &&
			   tc__traced_fits(kval_of(X, p), bits)) {
			P->kval[a] = kval_of(X, p);
			P->kmask |= bit;
		} else if (V->ev && ((V->decides >> a) & 1)) {
			uint64_t kx, kn; /* what folds from constants, whole or some bits */
			if (tc__decided_value(V->ev, v, &kx)) {
				P->kval[a] = (int64_t)kx;
				P->kmask |= bit;
			} else if (tc__decided_bits(V->ev, v, &kn, &kx)) {
				P->pknown[a] = kn;
				P->pkval[a] = kx;
				P->pkmask |= bit;
			}
			if (tc__decided_status(V->ev))
				return oom(c);
		}
	}
	/* a partitioned warp's member mask, made here or passed on */
	bool tile;
	int span;
	if (V->tiles && (P->wmask & bit)) {
		if (tile_mask(c, X, d, V->l, v, &tile, &span))
			return oom(c);
		if (tile)
			P->gmask |= bit;
		if (tile && span >= 1)
			gspan_set(P->gspan, a, span);
		/* else one the same in the lanes that make the call, made here
		 * or passed on */
		if (!tile && (V->agree & bit)) {
			uint32_t p = X->launch ? TC_NONE : tc__traced_param(d, v, NULL);
			bool same = p < MASK_BITS && ((X->amask >> p) & 1);
			if (!same && d->lop && d->block_node) {
				if (!*V->mk &&
				    tc__masks_new(V->mk, &d->f, d->lop, d->way, V->w, NULL, &c->al))
					return oom(c);
				same = tc__masks_agree_at(*V->mk, d->block_node, v, V->node);
			}
			if (same)
				P->amask |= bit;
		}
	}
	return TC_OK;
}

/* Context X's own parameter (or in) p passed on as the callee's a: what X
 * knows of it beyond the block and the warp (in_passed has those). */
static void pass_on(const context *X, uint32_t p, uint32_t a, const caller_views *V, passing *P)
{
	uint64_t bit = UINT64_C(1) << a;
	if (p >= MASK_BITS)
		return;
	for (int t = 0; t < NTILE; t++)
		if (V->tu[t] && !((X->tmask[t] >> p) & 1))
			P->tmask[t] &= ~bit;
	if ((X->bmask >> p) & 1 && (P->mask & bit)) {
		P->bmask |= bit;
		P->bval[a] = bval_of(X, p);
	}
	if ((X->fmask >> p) & 1 && (P->mask & bit)) {
		P->fmask |= bit;
		P->fval[a] = fval_of(X, p);
	}
	if ((X->ones >> p) & 1)
		P->ones |= bit;
	if (V->consts && ((X->kmask >> p) & 1)) {
		P->kval[a] = kval_of(X, p);
		P->kmask |= bit;
	}
	if (V->consts && ((X->pkmask >> p) & 1)) {
		pk_of(X, p, &P->pknown[a], &P->pkval[a]);
		P->pkmask |= bit;
	}
	if (V->tiles && ((X->gmask >> p) & 1)) {
		P->gmask |= bit;
		gspan_set(P->gspan, a, gspan_of(X->gspan, p));
	}
	if (V->tiles && (V->agree & bit) && ((X->amask >> p) & 1))
		P->amask |= bit;
}

/* Analyses context x's values: the contexts of its calls, its return. */
static int analyse(tc_calls *c, uint32_t x)
{
	uint32_t j = c->ctx[x].graph;
	const tc_fn_desc *d = desc_of(c, j);
	uint32_t n = d->f.nvalues;
	int rc = loop_sites(c, j, d);
	if (rc)
		return rc;
	tc_decided *ev = NULL;
	if ((rc = live_blocks(c, x, &ev))) {
		tc__decided_free(ev);
		return rc;
	}
	if ((rc = context_kinds(c, &c->ctx[x], d, c->ctx[x].mask, 0, &c->kind, &c->kind_cap))) {
		tc__decided_free(ev);
		return oom(c);
	}
	tc_ua_func f = view_f(&c->ctx[x], d, c->kind);
	tc_uniformity *u;
	tc_affine *af;
	tc_lanes *l = NULL;
	if ((rc = context_uniformity(c, &c->ctx[x], d, &f, true, &u, &af))) {
		tc__decided_free(ev);
		return rc == TC_ELIMIT ? tc__diag(c->diag, rc, NULL, 0, 0, "function too large")
				       : oom(c);
	}
	if (d->lop && (rc = warp_view(c, x, d, 1, &l))) {
		tc__decided_free(ev);
		tc__uniformity_free(u);
		tc__affine_free(af);
		return rc;
	}
	const tc_uniformity *w = l ? tc__lanes_uniformity(l) : NULL;
	/* the views of the groups of lanes judged so far */
	tc_lanes *lt[NTILE] = {NULL};
	const tc_uniformity *tu[NTILE] = {NULL};
	for (int v = 2; v < NVIEW && l && !rc; v++)
		if (((c->tiles >> v) & 1) && !(rc = warp_view(c, x, d, v, &lt[v - 2])))
			tu[v - 2] = tc__lanes_uniformity(lt[v - 2]);
	unsigned views = 0; /* those judged: bit t for tu[t] */
	for (int t = 0; t < NTILE; t++)
		views |= (tu[t] != NULL) << t;
	bool again = false;
	tc_masks *mk = NULL; /* made for the first mask passed that needs it */
	uint32_t q_in = 0; /* d's ins passed, in the order of their calls */
	for (uint32_t s = 0; s < d->ncalls && !rc; s++) {
		const tc_call_site *cs = &d->calls[s];
		if (cs->callee == TC_NONE || !desc_of(c, cs->callee) ||
		    desc_of(c, cs->callee)->builtin)
			continue;
		const uint8_t *live = c->ctx[x].live;
		if (live && cs->block < d->f.nblocks && !live[cs->block]) {
			c->ctx[x].callee[s] = TC_NONE; /* not made in this context */
			continue;
		}
		passing P; /* kval is read only where kmask says (not cleared) */
		P.mask = P.wmask = P.ones = P.gmask = P.kmask = P.amask = P.bmask = P.fmask = 0;
		P.pkmask = 0;
		P.gspan[0] = P.gspan[1] = P.gspan[2] = 0;
		for (int t = 0; t < NTILE; t++)
			P.tmask[t] = ALL_DIVERGENT;
		/* whether a member mask passed may be a tile's, and the constants
		 * passed matter: the callee executes warp collectives (every
		 * constant: its widths), or they may decide its branches */
		caller_views V = {u, w, af, l, {tu[0], tu[1], tu[2], tu[3]}, ev,
			   l && c->m->info[cs->callee].ncoll, false,
			   c->m->info[cs->callee].ncoll && desc_of(c, cs->callee)->lop,
			   c->decides[cs->callee], c->mask_params[cs->callee], cs->in_node, &mk};
		V.consts = V.warp_consts || V.decides;
		for (uint32_t a = 0; a < cs->nargs && a < MASK_BITS && !rc; a++) {
			uint32_t v = d->arg[cs->arg_off + a];
			bool value = v != TC_NONE && v < n;
			bool one = d->arg_ones && d->arg_ones[cs->arg_off + a];
			if (value) {
				rc = pass_value(c, x, d, v, a, &V, d->arg_ones ? one : -1, &P);
				continue;
			}
			for (int t = 0; t < NTILE; t++) /* a constant */
				if (tu[t])
					P.tmask[t] &= ~(UINT64_C(1) << a);
			if (one)
				P.ones |= UINT64_C(1) << a;
			/* a small constant, written here */
			if (V.consts && !one && d->arg_k && d->arg_k[cs->arg_off + a] >= 0) {
				P.kval[a] = d->arg_k[cs->arg_off + a];
				P.kmask |= UINT64_C(1) << a;
			}
		}
		if (rc)
			break;
		/* parameters the call passes nothing for (a PTX call that does
		 * not match its .func) may hold anything */
		uint32_t np = desc_of(c, cs->callee)->nparams;
		for (uint32_t a = cs->nargs; a < np && a < MASK_BITS; a++) {
			P.mask |= UINT64_C(1) << a;
			P.wmask |= UINT64_C(1) << a;
		}
		/* the callee's ins: as this call passes them, the others may differ */
		uint32_t nins = desc_of(c, cs->callee)->nins;
		for (uint32_t a = np; a < np + nins && a < MASK_BITS; a++) {
			P.mask |= UINT64_C(1) << a;
			P.wmask |= UINT64_C(1) << a;
		}
		while (q_in < d->nin_arg && d->in_site[q_in] < s)
			q_in++;
		for (; q_in < d->nin_arg && d->in_site[q_in] == s && !rc; q_in++) {
			uint32_t a = np + d->in_index[q_in];
			if (d->in_index[q_in] >= nins || a >= MASK_BITS)
				continue;
			uint64_t bit = UINT64_C(1) << a;
			bool differs, wdiffers;
			in_passed(c, x, d, q_in, u, w, &differs, &wdiffers);
			P.mask = differs ? P.mask | bit : P.mask & ~bit;
			P.wmask = wdiffers ? P.wmask | bit : P.wmask & ~bit;
			/* what a value passed, or x's own in passed on, also says */
			uint32_t iv = d->in_value[q_in], from = d->in_fwd[q_in];
			if (d->in_osite[q_in] != TC_NONE)
				continue;
			if (from != TC_NONE && !c->ctx[x].launch && from < d->nins)
				pass_on(&c->ctx[x], d->nparams + from, a, &V, &P);
			else if (from == TC_NONE && iv != TC_NONE && iv < n)
				rc = pass_value(c, x, d, iv, a, &V, -1, &P);
			else if (from == TC_NONE && iv == TC_NONE && V.consts && d->in_k &&
				 d->in_k[q_in] >= 0) { /* a small constant stored there */
				P.kval[a] = d->in_k[q_in];
				P.kmask |= bit;
			}
		}
		if (rc)
			break;
		if (!V.warp_consts)
			P.kmask &= c->decides[cs->callee];
		P.pkmask &= c->decides[cs->callee];
		uint32_t y;
		if (!(rc = context_of(c, cs->callee, &P, false, &y))) {
			/* what this analysis assumed of the call: its context
			 * then, the same in every group where none was known
			 * yet and pending says so, else that everything
			 * differs. A new context starts from that (the first
			 * caller's), and what it finds comes back to x
			 * (requeue_callers) where that differs; a callee
			 * analysed already that differs: analyse x again */
			uint32_t old = c->ctx[x].callee[s];
			summary A = {false, false, {false}, 0, 0};
			if (old != TC_NONE)
				A = c->ctx[old].sum;
			else if (pending(c, &c->ctx[x], d, s))
				A = all_same();
			context *Y = &c->ctx[y];
			if (!analysed(Y) && !Y->claimed) {
				Y->claimed = true;
				take_summary(&Y->sum, &A, views);
			} else if (summary_differs(&Y->sum, &A, views)) {
				if (!analysed(Y))
					Y->recall = true;
				else if (!locked(&c->ctx[x]))
					again = true;
			}
			if (c->ctx[y].ret_lane > (old == TC_NONE ? 0 : c->ctx[old].ret_lane))
				again = true;
			c->ctx[x].callee[s] = y;
			rc = add_caller(c, x, y);
		}
	}
	context *X = &c->ctx[x]; /* context_of may have moved it */
	bool solved = c->barriers[j] || c->m->info[j].ncoll;
	if (!rc && solved)
		rc = record_view(c, d, u, &X->div, &X->deps);
	if (!rc && solved && w)
		rc = record_view(c, d, w, &X->wdiv, &X->wdeps);
	for (int t = 0; t < NTILE && !rc && solved; t++)
		if (tu[t])
			rc = record_view(c, d, tu[t], &X->tdiv[t], &X->tdeps[t]);
	if (!rc)
		rc = collective_args(c, X, d, u, l);
	summary S; /* what it returns and leaves */
	if (!rc)
		rc = split_blocks(c, j, d);
	exits e = {rc ? NULL : c->split[j], X->live};
	S.ret = !rc && returns_uniform(d, u, e);
	S.wret = !rc && (S.ret || (w && returns_uniform(d, w, e)));
	uint8_t lane = rc || !l ? 0 : returns_lane(d, l, w, e);
	for (int t = 0; t < NTILE; t++)
		S.tret[t] = !rc && tu[t] && (S.wret || returns_uniform(d, tu[t], e));
	S.outs = rc ? 0 : outs_uniform(d, u, e);
	S.wouts = rc ? 0 : S.outs | (w ? outs_uniform(d, w, e) : 0);
	/* the outs a call leaves: as its callee's context says */
	for (uint32_t q = 0; !rc && q < d->nfout; q++) {
		uint32_t k = d->fout_k[q], s = d->fout_site[q], o = d->fout_index[q];
		uint32_t y = s < d->ncalls ? c->ctx[x].callee[s] : TC_NONE;
		if (k >= MASK_BITS || o >= MASK_BITS || y == TC_NONE)
			continue;
		S.outs |= ((c->ctx[y].sum.outs >> o) & 1) << k;
		S.wouts |= ((c->ctx[y].sum.wouts >> o) & 1) << k;
	}
	tc__decided_free(ev);
	tc__masks_free(mk);
	tc__lanes_free(l);
	for (int t = 0; t < NTILE; t++)
		tc__lanes_free(lt[t]);
	tc__uniformity_free(u);
	tc__affine_free(af);
	/* a masked collective judged in a view of groups of lanes no context
	 * had so far: every context is analysed again, with that view */
	unsigned tiles = c->tiles;
	for (uint32_t k = 0; !rc && X->cspan && k < c->m->info[j].ncoll; k++)
		if (X->cspan[k] >= 1 && X->cspan[k] <= 4)
			tiles |= 1u << view_of_span(X->cspan[k]);
	if (!rc && tiles != c->tiles) {
		c->tiles = tiles;
		for (size_t y = 0; y < c->nctx && !rc; y++)
			if (!c->ctx[y].queued) {
				c->ctx[y].queued = true;
				if (tc__u32vec_push(&c->al, &c->work, (uint32_t)y))
					rc = oom(c);
			}
		X = &c->ctx[x];
	}
	/* what it returns and leaves becomes what this analysis finds, from
	 * what its first caller assumed; after MAX_ANALYSES, what differs for
	 * good, so the work list ends */
	bool first = !analysed(X);
	if (++X->nanalysed >= MAX_ANALYSES)
		S = (summary){false, false, {false}, 0, 0};
	if (!rc && ((first && X->recall) || lane > X->ret_lane ||
		    summary_differs(&S, &X->sum, views))) {
		take_summary(&X->sum, &S, locked(X) ? ALL_TILES : views);
		X->ret_lane = lane > X->ret_lane ? lane : X->ret_lane;
		rc = requeue_callers(c, x);
	}
	if (!rc && again && !X->queued) {
		X->queued = true;
		if (tc__u32vec_push(&c->al, &c->work, x))
			rc = oom(c);
	}
	return rc;
}

/* The graphs a kernel reaches through calls (reach[j] set). */
static int kernel_reach(tc_calls *c, uint8_t *reach)
{
	size_t n = c->m->count;
	tc_u32vec stack = {0};
	int rc = TC_OK;
	for (size_t j = 0; j < n && !rc; j++) {
		if (!c->m->info[j].kernel || !desc_of(c, (uint32_t)j) || reach[j])
			continue;
		reach[j] = 1;
		if (tc__u32vec_push(&c->al, &stack, (uint32_t)j))
			rc = oom(c);
		while (stack.len && !rc) {
			const tc_fn_desc *d = desc_of(c, stack.v[--stack.len]);
			for (uint32_t s = 0; s < d->ncalls && !rc; s++) {
				uint32_t g = d->calls[s].callee;
				if (g == TC_NONE || g >= n || !desc_of(c, g) || reach[g])
					continue;
				reach[g] = 1;
				if (tc__u32vec_push(&c->al, &stack, g))
					rc = oom(c);
			}
		}
	}
	tc__u32vec_free(&c->al, &stack);
	return rc;
}

/* The roots: every kernel as launched, and every other function that no
 * kernel reaches, with all its parameters divergent. Then the work list
 * until no context changes. */
static int find_contexts(tc_calls *c)
{
	size_t n = c->m->count;
	uint8_t *reach = tc__calloc(&c->al, n ? n : 1, 1);
	int rc = reach ? kernel_reach(c, reach) : oom(c);
	uint32_t x;
	for (int pass = 0; pass < 2 && !rc; pass++)
		for (size_t j = 0; j < n && !rc; j++) {
			const tc_fn_desc *d = desc_of(c, (uint32_t)j);
			if (!d || d->builtin)
				continue;
			bool kernel = c->m->info[j].kernel;
			if (pass == 0 && kernel)
				rc = context_of(c, (uint32_t)j, NULL, true, &x);
			else if (pass == 1 && !kernel && !reach[j])
				rc = context_of(c, (uint32_t)j, NULL, false, &x);
		}
	tc__free(&c->al, reach);
	size_t roots = c->nctx;
	/* the roots first, in graph order: popped from the end */
	for (size_t k = 0; k < roots / 2 && !rc; k++) {
		uint32_t t = c->work.v[k];
		c->work.v[k] = c->work.v[roots - 1 - k];
		c->work.v[roots - 1 - k] = t;
	}
	while (c->work.len && !rc) {
		x = c->work.v[--c->work.len];
		c->ctx[x].queued = false;
		rc = analyse(c, x);
	}
	return rc ? rc : (int)roots;
}

/* Breadth first from the roots (contexts 0 .. roots): order and parents. */
static int reach_contexts(tc_calls *c, size_t roots)
{
	for (size_t x = 0; x < roots; x++) {
		c->ctx[x].order = (uint32_t)c->order.len;
		if (tc__u32vec_push(&c->al, &c->order, (uint32_t)x))
			return oom(c);
	}
	for (size_t q = 0; q < c->order.len; q++) {
		uint32_t x = c->order.v[q];
		const tc_fn_desc *d = desc_of(c, c->ctx[x].graph);
		for (uint32_t s = 0; s < d->ncalls; s++) {
			uint32_t y = c->ctx[x].callee[s];
			if (y == TC_NONE || c->ctx[y].order != TC_NONE)
				continue;
			c->ctx[y].order = (uint32_t)c->order.len;
			c->ctx[y].parent = x;
			c->ctx[y].parent_site = s;
			if (tc__u32vec_push(&c->al, &c->order, y))
				return oom(c);
		}
	}
	return TC_OK;
}

/* n values of two arrays alike (either may be NULL when n is 0) */
static bool same_u32(const uint32_t *a, const uint32_t *b, size_t n)
{
	return n == 0 || memcmp(a, b, n * sizeof *a) == 0;
}

static bool same_deps(const tc_uniformity_deps *a, const tc_uniformity_deps *b)
{
	if (!a || !b)
		return a == b;
	if (a->nbranch != b->nbranch || a->nvalues != b->nvalues || a->nseed != b->nseed)
		return false;
	size_t narc = a->nvalues ? a->off[a->nvalues] : 0;
	return same_u32(a->node, b->node, a->nbranch) && same_u32(a->term, b->term, a->nbranch) &&
	       same_u32(a->seed, b->seed, a->nseed) &&
	       (!a->nvalues || (same_u32(a->off, b->off, (size_t)a->nvalues + 1) &&
				same_u32(a->arc, b->arc, narc)));
}

/* View v of context X: its branches that may go different ways, its
 * record, and its solve. */
static uint8_t *view_div(const context *X, int v)
{
	return v == 0 ? X->div : v == 1 ? X->wdiv : X->tdiv[v - 2];
}

static tc_uniformity_deps *view_deps(const context *X, int v)
{
	return v == 0 ? X->deps : v == 1 ? X->wdeps : X->tdeps[v - 2];
}

static uint32_t view_result(const context *X, int v)
{
	return v == 0 ? X->result : v == 1 ? X->wresult : X->tresult[v - 2];
}

/* The solve that decides view v of context X: its own, else the closest
 * larger group's (what a warp reaches together, each of its groups does),
 * else the block's; TC_NONE: none. */
static uint32_t result_of(const context *X, int v)
{
	for (; v >= 1; v--)
		if (view_result(X, v) != TC_NONE)
			return view_result(X, v);
	return X->result;
}

/* The solve of context X's graph with the branches of view v (the
 * block's, the warp's or a group of lanes') uniform: an earlier context's
 * with the same view, or a new one (marked: scratch of the graph's size). */
static int solve_view(tc_calls *c, context *X, int v, uint8_t *marked,
		      const tc_allocator *alloc)
{
	uint32_t j = X->graph;
	const tc_fn_desc *d = desc_of(c, j);
	const uint8_t *div = view_div(X, v);
	const tc_uniformity_deps *deps = view_deps(X, v);
	uint32_t *res = v == 0 ? &X->result : v == 1 ? &X->wresult : &X->tresult[v - 2];
	for (uint32_t y = c->first[j]; y != TC_NONE; y = c->ctx[y].next) {
		const context *Y = &c->ctx[y];
		const uint8_t *ydiv = view_div(Y, v);
		uint32_t yres = view_result(Y, v);
		const uint8_t *ye = sync_edges(c, Y), *xe = sync_edges(c, X);
		if (yres != TC_NONE && ydiv && memcmp(ydiv, div, d->f.nblocks) == 0 &&
		    same_deps(view_deps(Y, v), deps) &&
		    (v == 0 || ye == xe ||
		     (ye && xe && memcmp(ye, xe, c->m->graphs[j]->m) == 0)) &&
		    (Y->dead_edge ? X->dead_edge && memcmp(Y->dead_edge, X->dead_edge,
							   c->m->graphs[j]->m) == 0
				  : !X->dead_edge)) {
			*res = yres;
			return TC_OK;
		}
	}
	const tc_graph *g = c->m->graphs[j];
	memset(marked, 0, g->n);
	for (uint32_t k = 0; k < d->f.nblocks; k++)
		if (!div[k] && d->block_node[k] < g->n)
			marked[d->block_node[k]] = 1;
	tc_solve_options opt = c->opt;
	opt.group = v ? TC_GROUP_WARP : TC_GROUP_BLOCK;
	tc_result *r;
	/* the edges a whole warp takes together, its groups of lanes do */
	int rc = tc__solve_refined(&r, g, marked, v ? sync_edges(c, X) : NULL, deps,
				   X->dead_edge, &opt, alloc, c->diag);
	if (rc)
		return rc;
	*res = (uint32_t)c->nresults;
	c->results[c->nresults++] = r;
	return TC_OK;
}

/* Solves each reached context of a graph with barriers or collectives, once
 * per distinct set of uniform branches, for the block and, where it has
 * one, the warp and the groups of lanes. */
static int solve_contexts(tc_calls *c, const tc_allocator *alloc)
{
	size_t views = 2 + (size_t)__builtin_popcount(c->tiles);
	if (!(c->results = tc__calloc(&c->al, views * c->order.len + 1, sizeof *c->results)))
		return oom(c);
	size_t most = 1;
	for (size_t j = 0; j < c->m->count; j++)
		most = c->m->graphs[j]->n > most ? c->m->graphs[j]->n : most;
	uint8_t *marked = tc__malloc(&c->al, most);
	int rc = marked ? TC_OK : oom(c);
	for (size_t q = 0; q < c->order.len && !rc; q++) {
		context *X = &c->ctx[c->order.v[q]];
		const tc_graph_info *in = &c->m->info[X->graph];
		if (X->div)
			rc = solve_view(c, X, 0, marked, alloc);
		for (int v = 2; v < NVIEW && !rc; v++)
			if (X->tdiv[v - 2])
				rc = solve_view(c, X, v, marked, alloc);
		if (!rc && X->wdiv) {
			rc = solve_view(c, X, 1, marked, alloc);
		} else if (!rc && X->div && in->warp_uniform) {
			/* no warp's view of its own: the reader's, made with every
			 * parameter divergent, holds in every context */
			tc_solve_options opt = c->opt;
			opt.group = TC_GROUP_WARP;
			tc_result *r;
			if (!(rc = tc__solve_refined(&r, c->m->graphs[X->graph], in->warp_uniform,
						     in->warp_sync_edge, in->warp_deps,
						     X->dead_edge, &opt, alloc, c->diag))) {
				X->wresult = (uint32_t)c->nresults;
				c->results[c->nresults++] = r;
			}
		}
	}
	tc__free(&c->al, marked);
	return rc;
}

/* Whether call s of context x is reached by the whole block (view 0), the
 * whole of each warp (view 1) or of each aligned group of lanes (2 .. 5):
 * its node convergent there, or not reached at all. */
static bool call_converges(const tc_calls *c, uint32_t x, uint32_t s, int view)
{
	const context *X = &c->ctx[x];
	uint32_t node = desc_of(c, X->graph)->calls[s].in_node;
	if (node == TC_NONE || X->result == TC_NONE)
		return false;
	/* what the whole block reaches together, each warp does, and each
	 * group of its lanes */
	for (int v = 0; v <= view; v++) {
		uint32_t r = view_result(X, v);
		if (r != TC_NONE && tc_result_node_state(c->results[r], node) != TC_STATE_UNKNOWN)
			return true;
	}
	return false;
}

/* Whether call s of context x is behind edges the whole warp takes
 * together (active.h): the whole warp reaches it, however x was entered. */
static bool call_synced(const tc_calls *c, uint32_t x, uint32_t s)
{
	const context *X = &c->ctx[x];
	const uint8_t *synced = synced_nodes(c, X);
	uint32_t node = desc_of(c, X->graph)->calls[s].in_node;
	return synced && node < c->m->graphs[X->graph]->n && synced[node];
}

/* Context y is entered by part of the group through call s of x (direct:
 * that call is the one only part of it reaches); queued to pass it on. */
static int mark_bad(tc_calls *c, uint32_t y, uint32_t x, uint32_t s, int view, bool direct)
{
	context *Y = &c->ctx[y];
	Y->bad[view] = true;
	Y->bad_direct[view] = direct;
	Y->bad_parent[view] = x;
	Y->bad_site[view] = s;
	return tc__u32vec_push(&c->al, &c->work, y) ? oom(c) : TC_OK;
}

/* Marks the contexts entered by part of the block (view 0) or of a warp. */
static int spread_bad(tc_calls *c, int view)
{
	int rc = TC_OK;
	c->work.len = 0;
	/* the calls only part of the group reaches, then what they lead to */
	for (size_t q = 0; q < c->order.len && !rc; q++) {
		uint32_t x = c->order.v[q];
		const tc_fn_desc *d = desc_of(c, c->ctx[x].graph);
		for (uint32_t s = 0; s < d->ncalls && !rc; s++) {
			uint32_t y = c->ctx[x].callee[s];
			if (y != TC_NONE && !c->ctx[y].bad_direct[view] && !call_converges(c, x, s, view))
				rc = mark_bad(c, y, x, s, view, true);
		}
	}
	while (c->work.len && !rc) {
		uint32_t x = c->work.v[--c->work.len];
		const tc_fn_desc *d = desc_of(c, c->ctx[x].graph);
		for (uint32_t s = 0; s < d->ncalls && !rc; s++) {
			uint32_t y = c->ctx[x].callee[s];
			if (y != TC_NONE && !c->ctx[y].bad[view] && !(view == 1 && call_synced(c, x, s)))
				rc = mark_bad(c, y, x, s, view, false);
		}
	}
	return rc;
}

/* The walk of a witness (calls.h) goes up from a context along the calls
 * that make each context entered by part of the group, to the call only
 * part of the group reaches, then along the calls that reached each
 * context first. A state of the walk is a context x and whether it is past
 * that call: 2x + past. What the walk from each state meets is found once
 * per view, so that a witness costs the calls it keeps, not the chain's
 * length (a chain of 10^5 helpers, each with a finding). */
typedef struct up_step {
	uint32_t len;   /* the calls from here to the end */
	uint32_t end;   /* the context it ends in (no caller) */
	uint32_t outer; /* the state whose call is the last; TC_NONE: none */
	uint32_t cause; /* the first state whose call only part of the group
			 * reaches; TC_NONE: none */
} up_step;

#define UP_UNSET UINT32_MAX
#define UP_BUSY (UINT32_MAX - 1)

/* The state after state s in view v: TC_NONE at the end; the call taken,
 * site of the caller's context *from, and whether only part of the group
 * reaches it (*direct). */
static uint32_t up_next(const tc_calls *c, uint32_t s, int v, uint32_t *from, uint32_t *site,
			  bool *direct)
{
	const context *Y = &c->ctx[s / 2];
	bool bad = Y->bad[v] && !(s & 1);
	*from = bad ? Y->bad_parent[v] : Y->parent;
	*site = bad ? Y->bad_site[v] : Y->parent_site;
	*direct = bad && Y->bad_direct[v];
	return *from == TC_NONE ? TC_NONE : 2 * *from + ((s & 1) || *direct);
}

/* The call that state s of view v takes (not at the end); the state after
 * it in *next. */
static tc_call_link up_link(const tc_calls *c, uint32_t s, int v, uint32_t *next)
{
	uint32_t p, site;
	bool direct;
	*next = up_next(c, s, v, &p, &site, &direct);
	const tc_call_site *cs = &desc_of(c, c->ctx[p].graph)->calls[site];
	return (tc_call_link){c->ctx[p].graph, c->ctx[s / 2].graph, site, cs->node, cs->in_node,
			      cs->loc};
}

/* c->up[v]: each state's walk, from the states it leads to, with an
 * explicit stack (a state met again on its own way ends it: the walks of
 * spread_bad and reach_contexts have no cycle, so this is a guard). */
static int up_walks(tc_calls *c, int v)
{
	size_t ns = 2 * c->nctx;
	up_step *w = c->up[v] = tc__malloc(&c->al, (ns ? ns : 1) * sizeof *w);
	if (!w)
		return oom(c);
	for (size_t s = 0; s < ns; s++)
		w[s].len = UP_UNSET;
	c->work.len = 0;
	for (size_t s0 = 0; s0 < ns; s0++) {
		uint32_t p, site;
		bool direct;
		for (uint32_t s = (uint32_t)s0; s != TC_NONE && w[s].len == UP_UNSET;
		     s = up_next(c, s, v, &p, &site, &direct)) {
			w[s].len = UP_BUSY;
			if (tc__u32vec_push(&c->al, &c->work, s))
				return oom(c);
		}
		while (c->work.len) {
			uint32_t t = c->work.v[--c->work.len];
			uint32_t n = up_next(c, t, v, &p, &site, &direct);
			if (n == TC_NONE || w[n].len == UP_BUSY) {
				w[t] = (up_step){0, t / 2, TC_NONE, TC_NONE};
				continue;
			}
			w[t] = (up_step){w[n].len + 1, w[n].end, w[n].len ? w[n].outer : t,
					   direct ? t : w[n].cause};
		}
	}
	return TC_OK;
}

/* Per graph with calls, per node: the callee of a call node whose barriers
 * the contexts judge. */
static int map_callees(tc_calls *c)
{
	size_t n = c->m->count;
	if (!(c->callee_of = tc__calloc(&c->al, n ? n : 1, sizeof *c->callee_of)) ||
	    !(c->site_of = tc__calloc(&c->al, n ? n : 1, sizeof *c->site_of)))
		return oom(c);
	for (size_t j = 0; j < n; j++) {
		const tc_fn_desc *d = desc_of(c, (uint32_t)j);
		if (!d || !d->ncalls)
			continue;
		const tc_graph *g = c->m->graphs[j];
		uint32_t *map = tc__malloc(&c->al, tc__mul(g->n ? g->n : 1, sizeof *map));
		if (!map)
			return oom(c);
		c->callee_of[j] = map;
		uint32_t *site = tc__malloc(&c->al, tc__mul(g->n ? g->n : 1, sizeof *site));
		if (!site)
			return oom(c);
		c->site_of[j] = site;
		for (uint32_t v = 0; v < g->n; v++)
			map[v] = site[v] = TC_NONE;
		for (uint32_t s = 0; s < d->ncalls; s++) {
			const tc_call_site *cs = &d->calls[s];
			const tc_fn_desc *e = cs->callee < n ? desc_of(c, cs->callee) : NULL;
			if (cs->node < g->n && e && !e->builtin) {
				map[cs->node] = cs->callee;
				site[cs->node] = s;
			}
		}
	}
	return TC_OK;
}

/* Whether node v of graph j is a call whose callee the contexts judge. */
uint32_t tc__calls_callee(const tc_calls *c, size_t j, uint32_t node)
{
	if (!c || j >= c->m->count || !c->callee_of[j] || node >= c->m->graphs[j]->n)
		return TC_NONE;
	return c->callee_of[j][node];
}

/* What is judged across contexts: a barrier node, a collective, or the
 * collectives of a wrapper reached through a call (SITE: collective entry
 * id of the caller, a call of a wrapper). */
enum { E_BARRIER, E_COLL, E_SITE };
typedef struct elem {
	uint8_t kind;
	uint32_t id;
} elem;

/* Collective k of context y's own state (its badness aside), the view that
 * decides it (*view: 0 the block's, 1 a warp's, 2 .. 5 the aligned group
 * of lanes its mask names), whether its mask promises nothing there
 * (*masked: then TC_STATE_DEAD). */
static tc_state own_coll_state(const tc_calls *c, uint32_t y, uint32_t k, int *view,
			       bool *masked)
{
	const context *Y = &c->ctx[y];
	const tc_collective *col = &c->m->info[Y->graph].coll[k];
	const tc_fn_desc *d = desc_of(c, Y->graph);
	uint32_t p = d->coll ? d->coll[k].mask_param : TC_NONE;
	if (p == TC_NONE && d->coll && col->masked) /* its one agreeing argument */
		p = tc__traced_param(d, d->coll[k].agree, NULL);
	*masked = col->masked && !(p < MASK_BITS && ((Y->ones >> p) & 1));
	*view = col->group != TC_GROUP_BLOCK;
	if (*masked && Y->cspan && Y->cspan[k] >= 1) { /* the lanes its mask names */
		*masked = false;
		*view = view_of_span(Y->cspan[k]);
	}
	if (*masked)
		return TC_STATE_DEAD;
	if (Y->result == TC_NONE)
		return TC_STATE_UNKNOWN;
	tc_state s = tc_result_node_state(c->results[Y->result], col->node);
	uint32_t r = *view ? result_of(Y, *view) : TC_NONE;
	if (s == TC_STATE_UNKNOWN && r != TC_NONE)
		s = tc_result_node_state(c->results[r], col->node);
	return s;
}

/* For a SITE element of context x: the call site, and the callee's
 * context (TC_NONE: none). */
static uint32_t site_of(const tc_calls *c, uint32_t x, uint32_t k, uint32_t *callee_ctx)
{
	uint32_t s = coll_call(c, c->ctx[x].graph, k);
	*callee_ctx = s != TC_NONE ? c->ctx[x].callee[s] : TC_NONE;
	return s;
}

/* For node v of graph j, a call of a wrapper's barriers: the call; else TC_NONE. */
static uint32_t wrapper_site(const tc_calls *c, uint32_t j, uint32_t v)
{
	if (!c->site_of || !c->site_of[j] || v >= c->m->graphs[j]->n)
		return TC_NONE;
	uint32_t s = c->site_of[j][v];
	return s != TC_NONE && c->wrapper[desc_of(c, j)->calls[s].callee] ? s : TC_NONE;
}

/* The collectives of the wrappers reached through call s of context x, as
 * if inlined there: each wrapper's own, and those of the wrappers it calls
 * (find_wrappers), depth first. The calls on the way: frames 0 .. n. */
typedef struct wrap_walk {
	uint32_t n;
	struct {
		uint32_t x, s, y, q; /* a call s of x, its callee's context y, the
				      * next of y's collectives */
	} f[MAX_WRAP + 1];
} wrap_walk;

static void walk_start(const tc_calls *c, wrap_walk *w, uint32_t x, uint32_t s)
{
	uint32_t y = c->ctx[x].callee[s];
	w->n = y != TC_NONE;
	w->f[0].x = x;
	w->f[0].s = s;
	w->f[0].y = y;
	w->f[0].q = 0;
}

/* The next own collective: *y its context, *q its index; false: none left. */
static bool walk_next(const tc_calls *c, wrap_walk *w, uint32_t *y, uint32_t *q)
{
	while (w->n) {
		uint32_t top = w->n - 1, yy = w->f[top].y;
		const tc_graph_info *in = &c->m->info[c->ctx[yy].graph];
		if (w->f[top].q >= in->ncoll) {
			w->n--;
			continue;
		}
		uint32_t k = w->f[top].q++;
		const tc_collective *col = &in->coll[k];
		if (col->barrier)
			continue;
		if (!col->call) {
			*y = yy;
			*q = k;
			return true;
		}
		uint32_t cs = coll_call(c, c->ctx[yy].graph, k);
		uint32_t z = cs != TC_NONE ? c->ctx[yy].callee[cs] : TC_NONE;
		if (z == TC_NONE || w->n > MAX_WRAP)
			continue; /* not reached (find_wrappers bounds the depth) */
		w->f[w->n].x = yy;
		w->f[w->n].s = cs;
		w->f[w->n].y = z;
		w->f[w->n].q = 0;
		w->n++;
	}
	return false;
}

/* Whether part of the group of view v may reach the frames' calls: the
 * first's context is entered so, or a call is not reached by the whole
 * group in its own solve (a wrapper's context may be shared by calls of
 * both kinds: its own badness is not this call's). */
static bool walk_bad(const tc_calls *c, const wrap_walk *w, int v)
{
	if (w->n && c->ctx[w->f[0].x].bad[v] && !(v == 1 && call_synced(c, w->f[0].x, w->f[0].s)))
		return true;
	for (uint32_t i = 0; i < w->n; i++)
		if (!call_converges(c, w->f[i].x, w->f[i].s, v))
			return true;
	return false;
}

/* A wrapper's own barriers (barriers) or collectives (and those of the
 * wrappers it calls), reached through call s of context x, as if inlined
 * there: their state in the callee's context with the calls' own
 * convergence, the view that decides it, whether every collective is
 * masked there; and in *inner_ctx, *inner_node (when inner_node is not
 * NULL) the context and the node of the first of them, of that view, its
 * own solve does not prove (TC_NONE: none). */
static tc_state through_call(const tc_calls *c, uint32_t x, uint32_t s, bool barriers,
			     int *view, bool *masked, uint32_t *inner_ctx, uint32_t *inner_node)
{
	const context *X = &c->ctx[x];
	uint32_t y0 = X->callee[s];
	*view = 0;
	*masked = !barriers;
	if (inner_node)
		*inner_ctx = *inner_node = TC_NONE;
	if (y0 == TC_NONE)
		return TC_STATE_DEAD;
	tc_state all = TC_STATE_DEAD;
	if (barriers) {
		const context *Y = &c->ctx[y0];
		const tc_graph *w = c->m->graphs[Y->graph];
		for (int pass = 0; pass < (inner_node ? 2 : 1); pass++)
			for (uint32_t q = 0; q < w->n; q++) {
				if (!(w->flags[q] & TC_NODE_BARRIER))
					continue;
				tc_state st = Y->result != TC_NONE
						      ? tc_result_node_state(c->results[Y->result], q)
						      : TC_STATE_UNKNOWN;
				if (pass == 1) { /* the first its own solve leaves */
					if (st == TC_STATE_UNKNOWN) {
						*inner_ctx = y0;
						*inner_node = q;
						return TC_STATE_UNKNOWN;
					}
					continue;
				}
				bool bad = X->bad[0] || !call_converges(c, x, s, 0);
				if (st == TC_STATE_UNKNOWN || (bad && st != TC_STATE_DEAD)) {
					all = TC_STATE_UNKNOWN;
					break;
				}
				if (st == TC_STATE_CONVERGENT)
					all = TC_STATE_CONVERGENT;
			}
		return all;
	}
	for (int pass = 0; pass < (inner_node ? 2 : 1); pass++) {
		wrap_walk w;
		uint32_t y, q;
		walk_start(c, &w, x, s);
		while (walk_next(c, &w, &y, &q)) {
			int v = 0;
			bool m = false;
			tc_state st = own_coll_state(c, y, q, &v, &m);
			if (m)
				continue;
			*masked = false;
			if (pass == 1) { /* the first of the view its own solve leaves */
				if (st == TC_STATE_UNKNOWN && v == *view) {
					*inner_ctx = y;
					*inner_node = c->m->info[c->ctx[y].graph].coll[q].node;
					return TC_STATE_UNKNOWN;
				}
				continue;
			}
			if (st == TC_STATE_UNKNOWN || (walk_bad(c, &w, v) && st != TC_STATE_DEAD)) {
				*view = v;
				all = TC_STATE_UNKNOWN;
				break;
			}
			if (st == TC_STATE_CONVERGENT)
				all = TC_STATE_CONVERGENT;
		}
		if (pass == 0 && all != TC_STATE_UNKNOWN)
			break;
	}
	return all;
}

/* Element e's state in reached context x, and the view that decides it;
 * TC_STATE_DEAD as well for a collective whose mask promises nothing there
 * (*masked). A SITE, or a barrier node that calls a wrapper: the wrapper's
 * collectives (barriers) through the call. */
static tc_state elem_state(const tc_calls *c, uint32_t x, elem e, int *view, bool *masked)
{
	const context *X = &c->ctx[x];
	*view = 0;
	*masked = false;
	uint32_t y, site = e.kind == E_SITE      ? site_of(c, x, e.id, &y)
			   : e.kind == E_BARRIER ? wrapper_site(c, X->graph, e.id)
						 : TC_NONE;
	if (site != TC_NONE)
		return through_call(c, x, site, e.kind == E_BARRIER, view, masked, NULL, NULL);
	if (e.kind == E_SITE)
		return TC_STATE_DEAD;
	if (X->result == TC_NONE)
		return TC_STATE_UNKNOWN;
	tc_state s;
	bool whole = false; /* behind edges the whole warp takes (active.h) */
	if (e.kind == E_COLL) {
		s = own_coll_state(c, x, e.id, view, masked);
		if (*masked)
			return TC_STATE_DEAD;
		const tc_graph_info *in = &c->m->info[X->graph];
		const uint8_t *synced = synced_nodes(c, X);
		whole = *view == 1 && s == TC_STATE_CONVERGENT && synced &&
			synced[in->coll[e.id].node];
	} else {
		s = tc_result_node_state(c->results[X->result], e.id);
	}
	return X->bad[*view] && s != TC_STATE_DEAD && !whole ? TC_STATE_UNKNOWN : s;
}

/* The first reached context of graph j (breadth first) where e is not
 * convergent, or TC_NONE; *all: e's state over every reached context,
 * *masked: a collective masked in every one. */
static uint32_t first_divergent(const tc_calls *c, size_t j, elem e, tc_state *all,
				bool *masked)
{
	uint32_t best = TC_NONE;
	*all = TC_STATE_DEAD;
	*masked = e.kind != E_BARRIER;
	for (uint32_t x = c->first[j]; x != TC_NONE; x = c->ctx[x].next) {
		if (c->ctx[x].order == TC_NONE)
			continue;
		int view;
		bool m;
		tc_state s = elem_state(c, x, e, &view, &m);
		*masked = *masked && m;
		if (s == TC_STATE_UNKNOWN) {
			*all = TC_STATE_UNKNOWN;
			if (best == TC_NONE || c->ctx[x].order < c->ctx[best].order)
				best = x;
		} else if (s == TC_STATE_CONVERGENT && *all == TC_STATE_DEAD) {
			*all = TC_STATE_CONVERGENT;
		}
	}
	return best;
}

tc_state tc__calls_barrier_state(const tc_calls *c, size_t j, uint32_t v)
{
	tc_state s;
	bool masked;
	first_divergent(c, j, (elem){E_BARRIER, v}, &s, &masked);
	return s;
}

/* The lanes of the aligned group whose view decides element e (a masked
 * collective's, where its mask names them) in the first context where it
 * is not convergent; 0: a warp's or the block's, or none. */
static uint32_t elem_lanes(const tc_calls *c, size_t j, elem e)
{
	tc_state all;
	bool masked;
	uint32_t x = first_divergent(c, j, e, &all, &masked);
	int view = 0;
	if (x != TC_NONE)
		elem_state(c, x, e, &view, &masked);
	return view >= 2 ? 1u << span_of_view(view) : 0;
}

tc_state tc__calls_collective(const tc_calls *c, size_t j, size_t k, bool *masked,
			      uint32_t *arg, uint32_t *lanes)
{
	tc_state s;
	const tc_collective *col = &c->m->info[j].coll[k];
	first_divergent(c, j, (elem){E_COLL, (uint32_t)k}, &s, masked);
	*lanes = elem_lanes(c, j, (elem){E_COLL, (uint32_t)k});
	const tc_fn_desc *d = desc_of(c, (uint32_t)j);
	*arg = col->arg;
	if (d && d->coll && d->coll[k].agree != TC_NONE) {
		*arg = TC_NONE; /* as the contexts say */
		for (uint32_t x = c->first[j]; x != TC_NONE && *arg == TC_NONE; x = c->ctx[x].next)
			if (c->ctx[x].order != TC_NONE && c->ctx[x].cdiv && c->ctx[x].cdiv[k])
				*arg = d->coll[k].agree_arg;
	}
	return s;
}

static bool own_barrier(const tc_calls *c, size_t j, uint32_t v)
{
	return (tc_graph_node_flags(c->m->graphs[j], v) & TC_NODE_BARRIER) &&
	       tc__calls_callee(c, j, v) == TC_NONE;
}

/* Whether collective k of graph j is judged in its contexts: not a
 * barrier's (judged as a barrier) nor a call's (its callee's are). */
static bool own_collective(const tc_calls *c, size_t j, uint32_t k)
{
	const tc_collective *col = &c->m->info[j].coll[k];
	return !col->barrier && (!col->call || col->indirect) && !c->wrapper[j];
}

/* Whether collective entry k of graph j is a call of a wrapper, whose
 * collectives are judged and reported at each call. */
static bool site_collective(const tc_calls *c, size_t j, uint32_t k)
{
	uint32_t g = coll_callee(c, (uint32_t)j, k);
	return g != TC_NONE && c->wrapper[g];
}

/* The collective entries of a wrapper and of the wrappers it calls, by
 * graph, depth first (wrap_files, tc__calls_site): gwalk_next gives each
 * that is no barrier's; after a call, gwalk_into goes into its callee. */
typedef struct gwalk {
	uint32_t n;
	struct {
		uint32_t g, q;
	} f[MAX_WRAP + 1];
} gwalk;

static bool gwalk_next(const tc_calls *c, gwalk *w, uint32_t *g, uint32_t *q)
{
	while (w->n) {
		uint32_t t = w->n - 1, k = w->f[t].q++;
		const tc_graph_info *in = &c->m->info[w->f[t].g];
		if (k >= in->ncoll) {
			w->n--;
		} else if (!in->coll[k].barrier) {
			*g = w->f[t].g;
			*q = k;
			return true;
		}
	}
	return false;
}

/* Into graph h, the callee of the entry gwalk_next gave; false: deeper
 * than MAX_WRAP. */
static bool gwalk_into(gwalk *w, uint32_t h)
{
	if (w->n > MAX_WRAP)
		return false;
	w->f[w->n].g = h;
	w->f[w->n++].q = 0;
	return true;
}

/* file into the files out[0 .. *k), where it is not one of them yet;
 * false: it is NULL, or there would be more than MAX_WRAP_FILES. */
static bool add_file(const char **out, uint32_t *k, const char *file)
{
	uint32_t i = 0;
	if (!file)
		return false;
	while (i < *k && strcmp(out[i], file))
		i++;
	if (i < *k)
		return true;
	if (*k == MAX_WRAP_FILES)
		return false;
	out[(*k)++] = file;
	return true;
}

/* The files of g's own barriers and collectives and of the wrappers' it
 * calls (level[g] 1 .. MAX_WRAP: the calls are of lower levels), at most
 * MAX_WRAP_FILES of them, in out; how many, or UINT32_MAX when there are
 * more, one has no file, or a barrier is a call. */
static uint32_t wrap_files(const tc_calls *c, const uint8_t *level, size_t g, const char **out)
{
	const tc_graph *gr = c->m->graphs[g];
	uint32_t k = 0, h, q;
	for (uint32_t v = 0; v < gr->n; v++)
		if ((gr->flags[v] & TC_NODE_BARRIER) &&
		    ((c->callee_of[g] && c->callee_of[g][v] != TC_NONE) ||
		     !add_file(out, &k, tc_graph_node_loc(gr, v).file)))
			return UINT32_MAX;
	if (!desc_of(c, (uint32_t)g))
		return UINT32_MAX;
	gwalk w = {1, {{(uint32_t)g, 0}}};
	while (gwalk_next(c, &w, &h, &q)) {
		const tc_collective *col = &c->m->info[h].coll[q];
		uint32_t callee = col->call ? coll_callee(c, h, q) : TC_NONE;
		if (col->call && (col->indirect || callee == TC_NONE || !level[callee] ||
				  level[callee] >= level[h] || !gwalk_into(&w, callee)))
			return UINT32_MAX;
		/* the collective's file, or the call's (a wrapper's calls are in
		 * its file too: a user's helper that calls one is no wrapper) */
		if (!add_file(out, &k, col->loc.file))
			return UINT32_MAX;
	}
	return k;
}

/* The wrappers (docs/check.md, "Wrappers"): a function that no kernel is,
 * whose barriers and collectives are its own, with a file, or calls of
 * other wrappers (collectives only, MAX_WRAP deep: the toolkit's
 * `unsigned __shfl_sync` calls its `int` one), and whose every call from
 * outside the wrappers is in another file than all of theirs (and one has
 * a file). */
static int find_wrappers(tc_calls *c)
{
	size_t n = c->m->count;
	const char *files[MAX_WRAP_FILES];
	/* each candidate's level: 1 with no call among its collectives, else
	 * one more than its callees' (none where that passes MAX_WRAP or a
	 * callee is no candidate: recursion is none) */
	uint8_t *level = tc__calloc(&c->al, n ? n : 1, 1);
	uint8_t *called = tc__calloc(&c->al, n ? n : 1, 1);
	if (!level || !called) {
		tc__free(&c->al, level);
		tc__free(&c->al, called);
		return oom(c);
	}
	for (uint8_t lv = 1; lv <= MAX_WRAP; lv++)
		for (size_t g = 0; g < n; g++) {
			const tc_graph_info *in = &c->m->info[g];
			const tc_fn_desc *d = desc_of(c, (uint32_t)g);
			if (level[g] || !d || in->kernel)
				continue;
			bool ok = true;
			for (uint32_t q = 0; q < in->ncoll && ok; q++) {
				const tc_collective *col = &in->coll[q];
				if (!col->barrier && col->call) {
					uint32_t h = coll_callee(c, (uint32_t)g, q);
					ok = !col->indirect && h != TC_NONE && level[h] && level[h] < lv;
				}
			}
			if (ok)
				level[g] = lv;
		}
	for (size_t g = 0; g < n; g++)
		if (level[g]) {
			uint32_t k = wrap_files(c, level, g, files);
			if (k < 1 || k > MAX_WRAP_FILES)
				level[g] = 0;
		}
	/* every call of a candidate from outside the candidates in another
	 * file than all of the candidate's; a candidate that nothing calls
	 * from outside, and no candidate calls, is none (its calls are from
	 * outside then); again while one drops out */
	uint8_t *inner = tc__calloc(&c->al, n ? n : 1, 1);
	if (!inner) {
		tc__free(&c->al, level);
		tc__free(&c->al, called);
		return oom(c);
	}
	for (bool changed = true; changed;) {
		changed = false;
		memset(called, 0, n);
		memset(inner, 0, n);
		for (size_t i = 0; i < n; i++) {
			const tc_fn_desc *d = desc_of(c, (uint32_t)i);
			for (uint32_t s = 0; d && s < d->ncalls; s++) {
				uint32_t g = d->calls[s].callee;
				if (g >= n || !level[g])
					continue;
				if (level[i]) { /* a candidate's: nested */
					inner[g] = 1;
					continue;
				}
				const char *file = d->calls[s].loc.file;
				uint32_t k = wrap_files(c, level, g, files);
				bool other = file != NULL && k <= MAX_WRAP_FILES;
				for (uint32_t q = 0; q < k && other; q++)
					other = strcmp(files[q], file) != 0;
				if (other) {
					called[g] = 1;
					continue;
				}
				level[g] = 0;
				changed = true;
			}
		}
		for (size_t g = 0; g < n; g++)
			if (level[g] && ((!called[g] && !inner[g]) ||
					 wrap_files(c, level, g, files) > MAX_WRAP_FILES)) {
				/* called by nothing but what is no candidate now, or a
				 * callee dropped out */
				level[g] = 0;
				changed = true;
			}
	}
	tc__free(&c->al, inner);
	/* the candidates left: each called from outside, or by one that is
	 * (levels fall along calls, and what nothing calls dropped out) */
	for (size_t g = 0; g < n; g++)
		c->wrapper[g] = level[g] != 0;
	/* a call of a wrapper's barriers is judged as the barrier, at the call */
	for (size_t j = 0; j < n; j++)
		for (uint32_t v = 0; c->callee_of[j] && v < c->m->graphs[j]->n; v++)
			if (c->callee_of[j][v] != TC_NONE && c->wrapper[c->callee_of[j][v]])
				c->callee_of[j][v] = TC_NONE;
	tc__free(&c->al, level);
	tc__free(&c->al, called);
	return TC_OK;
}

/* Which graphs are checked, and the context each is shown with. */
static void choose_shown(tc_calls *c)
{
	for (size_t j = 0; j < c->m->count; j++) {
		c->shown[j] = TC_NONE;
		const tc_fn_desc *d = desc_of(c, (uint32_t)j);
		if (!d || d->builtin)
			continue;
		uint32_t firstx = TC_NONE, bad = TC_NONE;
		for (uint32_t x = c->first[j]; x != TC_NONE; x = c->ctx[x].next)
			if (c->ctx[x].order != TC_NONE &&
			    (firstx == TC_NONE || c->ctx[x].order < c->ctx[firstx].order))
				firstx = x;
		const tc_graph *g = c->m->graphs[j];
		const tc_graph_info *in = &c->m->info[j];
		bool own = false;
		uint32_t nel = g->n + in->ncoll;
		for (uint32_t q = 0; q < nel; q++) {
			elem e = q < g->n ? (elem){E_BARRIER, q} : (elem){E_COLL, q - g->n};
			if (e.kind == E_COLL && site_collective(c, j, e.id))
				e.kind = E_SITE;
			else if (e.kind == E_COLL ? !own_collective(c, j, e.id)
						  : !own_barrier(c, j, e.id))
				continue;
			own = true;
			tc_state s;
			bool masked;
			uint32_t x = first_divergent(c, j, e, &s, &masked);
			if (x != TC_NONE && (bad == TC_NONE || c->ctx[x].order < c->ctx[bad].order))
				bad = x;
		}
		for (uint32_t x = c->first[j]; x != TC_NONE; x = c->ctx[x].next)
			if (c->ctx[x].launch)
				firstx = bad = x; /* a kernel: as launched */
		uint32_t x = bad != TC_NONE ? bad : firstx;
		c->shown[j] = x != TC_NONE && c->ctx[x].result != TC_NONE ? x : TC_NONE;
		/* and a function whose barriers or collectives are all calls: its calls are listed */
		c->checked[j] = in->kernel || ((own || c->barriers[j] || in->ncoll) &&
					       firstx != TC_NONE && !c->wrapper[j]);
	}
}

int tc__calls_new(tc_calls **out, const tc_module *m, const tc_solve_options *opt,
		  const tc_allocator *alloc, tc_diag *diag)
{
	*out = NULL;
	bool any = false;
	for (size_t j = 0; j < m->count && !any; j++)
		any = m->info[j].desc != NULL;
	if (!any)
		return TC_OK;
	tc_alloc al;
	tc__alloc_init(&al, alloc);
	tc_calls *c = tc__calloc(&al, 1, sizeof *c);
	if (!c)
		return tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
	c->al = al;
	c->m = m;
	c->opt = *opt;
	c->diag = diag;
	size_t n = m->count;
	c->first = tc__malloc(&al, tc__mul(n, sizeof *c->first));
	c->count = tc__calloc(&al, n, sizeof *c->count);
	c->kcount = tc__calloc(&al, n, sizeof *c->kcount);
	c->decides = tc__malloc(&al, tc__mul(n, sizeof *c->decides));
	c->foldable = tc__malloc(&al, n ? n : 1);
	c->looped = tc__calloc(&al, n ? n : 1, sizeof *c->looped);
	c->split = tc__calloc(&al, n ? n : 1, sizeof *c->split);
	c->shown = tc__malloc(&al, tc__mul(n, sizeof *c->shown));
	c->barriers = tc__calloc(&al, n, 1);
	c->checked = tc__calloc(&al, n, 1);
	c->wrapper = tc__calloc(&al, n, 1);
	c->retform = tc__malloc(&al, tc__mul(n ? n : 1, sizeof *c->retform));
	c->mask_params = tc__malloc(&al, tc__mul(n ? n : 1, sizeof *c->mask_params));
	c->sites = tc__calloc(&al, n, sizeof *c->sites);
	int rc = c->first && c->count && c->kcount && c->decides && c->foldable && c->looped &&
			 c->split &&
			 c->shown &&
			 c->barriers && c->checked && c->wrapper && c->sites && c->retform &&
			 c->mask_params
		 ? TC_OK
		 : oom(c);
	if (!rc && tc__decided_module(m, c->decides, c->foldable, &al))
		rc = oom(c);
	for (size_t j = 0; j < n && !rc; j++) {
		c->first[j] = TC_NONE;
		c->retform[j] = ret_form(desc_of(c, (uint32_t)j));
		c->mask_params[j] = mask_params(desc_of(c, (uint32_t)j), m->info[j].ncoll);
		const tc_graph *g = m->graphs[j];
		for (uint32_t v = 0; v < g->n && !c->barriers[j]; v++)
			c->barriers[j] = (g->flags[v] & TC_NODE_BARRIER) != 0;
	}
	int roots = rc ? rc : find_contexts(c);
	rc = roots < 0 ? roots : TC_OK;
	if (!rc)
		rc = reach_contexts(c, (size_t)roots);
	if (!rc)
		rc = solve_contexts(c, alloc);
	for (int v = 0; v < NVIEW && !rc; v++)
		if ((v < 2 || ((c->tiles >> v) & 1)) && !(rc = spread_bad(c, v)))
			rc = up_walks(c, v);
	if (!rc)
		rc = map_callees(c);
	if (!rc)
		rc = find_wrappers(c);
	for (size_t j = 0; j < n && !rc; j++) {
		const tc_fn_desc *d = desc_of(c, (uint32_t)j);
		for (uint32_t s = 0; d && s < d->ncalls; s++)
			if (d->calls[s].callee < n)
				c->sites[d->calls[s].callee]++;
			else if (d->calls[s].node != TC_NONE)
				c->pointers = true; /* a barrier, whose callee is not known */
		for (size_t k = 0; k < m->info[j].ncoll; k++)
			c->pointers = c->pointers || m->info[j].coll[k].indirect;
	}
	if (rc) {
		tc__calls_free(c);
		return rc;
	}
	choose_shown(c);
	c->diag = NULL;
	*out = c;
	return TC_OK;
}

void tc__calls_free(tc_calls *c)
{
	if (!c)
		return;
	for (size_t x = 0; x < c->nctx; x++) {
		tc__free(&c->al, c->ctx[x].callee);
		tc__free(&c->al, c->ctx[x].div);
		tc__uniformity_deps_free(&c->al, c->ctx[x].deps);
		tc__free(&c->al, c->ctx[x].wdiv);
		tc__uniformity_deps_free(&c->al, c->ctx[x].wdeps);
		tc__free(&c->al, c->ctx[x].cdiv);
		tc__free(&c->al, c->ctx[x].cspan);
		tc__free(&c->al, c->ctx[x].sync_edge);
		tc__free(&c->al, c->ctx[x].synced);
		for (int t = 0; t < NTILE; t++) {
			tc__free(&c->al, c->ctx[x].tdiv[t]);
			tc__uniformity_deps_free(&c->al, c->ctx[x].tdeps[t]);
		}
		tc__free(&c->al, c->ctx[x].kval);
		tc__free(&c->al, c->ctx[x].bval);
		tc__free(&c->al, c->ctx[x].fval);
		tc__free(&c->al, c->ctx[x].pkval);
		tc__free(&c->al, c->ctx[x].live);
		tc__free(&c->al, c->ctx[x].dead_edge);
		tc__decided_view_free(&c->ctx[x].view, &c->al);
	}
	for (int v = 0; v < NVIEW; v++)
		tc__free(&c->al, c->up[v]);
	tc__free(&c->al, c->kcount);
	tc__free(&c->al, c->decides);
	tc__free(&c->al, c->foldable);
	for (size_t j = 0; c->looped && j < c->m->count; j++)
		tc__free(&c->al, c->looped[j]);
	tc__free(&c->al, c->looped);
	for (size_t j = 0; c->split && j < c->m->count; j++)
		tc__free(&c->al, c->split[j]);
	tc__free(&c->al, c->split);
	for (size_t k = 0; k < c->nresults; k++)
		tc_result_free(c->results[k]);
	tc__free(&c->al, c->results);
	for (size_t j = 0; c->callee_of && j < c->m->count; j++)
		tc__free(&c->al, c->callee_of[j]);
	for (size_t j = 0; c->site_of && j < c->m->count; j++)
		tc__free(&c->al, c->site_of[j]);
	tc__free(&c->al, c->callee_of);
	tc__free(&c->al, c->site_of);
	tc__free(&c->al, c->ctx);
	tc__free(&c->al, c->first);
	tc__free(&c->al, c->count);
	tc__free(&c->al, c->shown);
	tc__free(&c->al, c->barriers);
	tc__free(&c->al, c->checked);
	tc__free(&c->al, c->wrapper);
	tc__free(&c->al, c->retform);
	tc__free(&c->al, c->mask_params);
	tc__free(&c->al, c->sites);
	tc__free(&c->al, c->kind);
	tc__free(&c->al, c->wkind);
	tc__free(&c->al, c->wlop);
	tc__u32vec_free(&c->al, &c->arc_from);
	tc__u32vec_free(&c->al, &c->arc_next);
	tc__u32vec_free(&c->al, &c->work);
	tc__u32vec_free(&c->al, &c->order);
	tc_alloc al = c->al;
	tc__free(&al, c);
}

bool tc__calls_checked(const tc_calls *c, size_t j)
{
	return j < c->m->count && c->checked[j];
}

const tc_result *tc__calls_warp_result(const tc_calls *c, size_t j)
{
	if (j >= c->m->count || c->shown[j] == TC_NONE || c->ctx[c->shown[j]].wresult == TC_NONE)
		return NULL;
	return c->results[c->ctx[c->shown[j]].wresult];
}

const tc_result *tc__calls_result(const tc_calls *c, size_t j)
{
	if (j >= c->m->count || c->shown[j] == TC_NONE)
		return NULL;
	return c->results[c->ctx[c->shown[j]].result];
}

/* The witness of element e (calls.h). */
static int witness(const tc_calls *c, size_t j, elem e, tc_call_link *chain, uint32_t cap,
		   tc_call_witness *out)
{
	memset(out, 0, sizeof *out);
	out->cause_graph = out->cause_node = out->cause_context = TC_NONE;
	tc_state all;
	bool masked;
	uint32_t x = first_divergent(c, j, e, &all, &masked);
	if (x == TC_NONE)
		return TC_EINVAL;
	int view;
	const context *X = &c->ctx[x];
	elem_state(c, x, e, &view, &masked);
	uint32_t node = e.kind == E_BARRIER ? e.id : c->m->info[j].coll[e.id].node;
	const context *Z = X; /* the context whose solve holds the element */
	uint32_t y, site = e.kind == E_SITE      ? site_of(c, x, e.id, &y)
			   : e.kind == E_BARRIER ? wrapper_site(c, (uint32_t)j, e.id)
						 : TC_NONE;
	if (site != TC_NONE) { /* a wrapper's: one of its own there, or the call */
		uint32_t ictx, inode;
		int v;
		through_call(c, x, site, e.kind == E_BARRIER, &v, &masked, &ictx, &inode);
		if (inode != TC_NONE) {
			Z = &c->ctx[ictx];
			node = inode;
		} else if (call_converges(c, x, site, view)) {
			node = TC_NONE; /* only the chain decides */
		} else {
			node = desc_of(c, X->graph)->calls[site].in_node;
		}
	}
	uint32_t res = result_of(Z, view);
	/* its own branches decide when its own solve does not prove it */
	bool own = res != TC_NONE && node != TC_NONE &&
		   tc_result_node_state(c->results[res], node) == TC_STATE_UNKNOWN;
	if (own) {
		out->cause_graph = Z->graph;
		out->cause_node = node;
		out->cause_result = c->results[res];
		out->cause_context = (uint32_t)(Z - c->ctx);
	}
	/* up the chain (up_walks): the innermost calls, and the last in the
	 * last place kept when there are more */
	const up_step *W = c->up[view];
	if (!W)
		return TC_EINVAL;
	uint32_t s = 2 * x, len = W[s].len;
	out->nchain = len;
	out->unknown_callers = !c->ctx[W[s].end].launch;
	uint32_t keep = len < cap ? len : cap, t = s, p, ps, n;
	bool direct;
	for (uint32_t q = 0; q < keep; q++)
		chain[q] = up_link(c, q + 1 == keep && keep < len ? W[s].outer : t, view, &t);
	if (own) { /* the call into its function: the innermost such kept */
		for (uint32_t q = 0; q < keep && !out->cause_into.file; q++)
			if (chain[q].callee == Z->graph)
				out->cause_into = chain[q].loc;
		if (Z == X && len && !out->cause_into.file)
			out->cause_into = up_link(c, s, view, &n).loc;
		return TC_OK;
	}
	uint32_t u = W[s].cause;
	if (u == TC_NONE)
		return TC_OK;
	/* the call only part of the group reaches, in context p */
	n = up_next(c, u, view, &p, &ps, &direct);
	const context *P = &c->ctx[p];
	uint32_t pr = result_of(P, view);
	out->cause_graph = P->graph;
	out->cause_node = desc_of(c, P->graph)->calls[ps].in_node;
	out->cause_result = pr != TC_NONE ? c->results[pr] : NULL;
	out->cause_context = p;
	if (W[n].len) /* the call into p */
		out->cause_into = up_link(c, n, view, &n).loc;
	return TC_OK;
}

int tc__calls_witness(const tc_calls *c, size_t j, uint32_t v, tc_call_link *chain,
		      uint32_t cap, tc_call_witness *out)
{
	return witness(c, j, (elem){E_BARRIER, v}, chain, cap, out);
}

int tc__calls_collective_witness(const tc_calls *c, size_t j, size_t k, tc_call_link *chain,
				 uint32_t cap, tc_call_witness *out)
{
	return witness(c, j,
		       (elem){site_collective(c, j, (uint32_t)k) ? E_SITE : E_COLL, (uint32_t)k},
		       chain, cap, out);
}

bool tc__calls_one_way(const tc_calls *c, size_t j)
{
	if (!c || j >= c->m->count || c->sites[j] != 1 || c->pointers)
		return false;
	uint32_t reached = 0;
	for (uint32_t x = c->first[j]; x != TC_NONE; x = c->ctx[x].next)
		reached += c->ctx[x].order != TC_NONE;
	return reached == 1;
}

int tc__calls_site(const tc_calls *c, size_t j, size_t k, tc_calls_site *out)
{
	memset(out, 0, sizeof *out);
	if (!site_collective(c, j, (uint32_t)k))
		return 0;
	uint32_t s = coll_call(c, (uint32_t)j, (uint32_t)k);
	uint32_t g = coll_callee(c, (uint32_t)j, (uint32_t)k);
	out->wrapper = g;
	out->inner = out->collective = TC_NONE;
	/* the first collective of the wrappers it reaches, depth first */
	gwalk gw = {1, {{g, 0}}};
	uint32_t h, e;
	while (out->collective == TC_NONE && gwalk_next(c, &gw, &h, &e)) {
		uint32_t callee = coll_callee(c, h, e);
		if (!c->m->info[h].coll[e].call) {
			out->inner = h;
			out->collective = e;
		} else if (callee != TC_NONE) {
			gwalk_into(&gw, callee);
		}
	}
	first_divergent(c, j, (elem){E_SITE, (uint32_t)k}, &out->state, &out->masked);
	out->lanes = elem_lanes(c, j, (elem){E_SITE, (uint32_t)k});
	/* an argument that must agree: as the callee's contexts reached through this call say */
	out->arg = TC_NONE;
	for (uint32_t x = c->first[j]; x != TC_NONE && out->arg == TC_NONE; x = c->ctx[x].next) {
		wrap_walk w;
		uint32_t y, q;
		if (c->ctx[x].order == TC_NONE)
			continue;
		walk_start(c, &w, x, s);
		while (out->arg == TC_NONE && walk_next(c, &w, &y, &q)) {
			const tc_fn_desc *wd = desc_of(c, c->ctx[y].graph);
			if (c->ctx[y].cdiv && wd->coll && c->ctx[y].cdiv[q]) {
				out->arg = wd->coll[q].agree_arg;
				out->arg_graph = c->ctx[y].graph;
				out->arg_collective = q;
			}
		}
	}
	return 1;
}

uint32_t tc__calls_wrapper_barrier(const tc_calls *c, size_t j, uint32_t v, tc_loc *loc)
{
	uint32_t s = wrapper_site(c, (uint32_t)j, v);
	if (s == TC_NONE)
		return TC_NONE;
	uint32_t g = desc_of(c, (uint32_t)j)->calls[s].callee;
	const tc_graph *w = c->m->graphs[g];
	for (uint32_t b = 0; b < w->n; b++)
		if (w->flags[b] & TC_NODE_BARRIER) {
			*loc = tc_graph_node_loc(w, b);
			break;
		}
	return g;
}

uint32_t tc__calls_branch_param(const tc_calls *c, uint32_t cx, uint32_t node, bool *through,
				int *rc)
{
	*rc = TC_OK;
	*through = false;
	if (cx >= c->nctx)
		return TC_NONE;
	const context *X = &c->ctx[cx];
	const tc_fn_desc *d = desc_of(c, X->graph);
	uint32_t cond = TC_NONE;
	for (uint32_t k = 0; k < d->f.nblocks && cond == TC_NONE; k++)
		if (d->block_node[k] == node)
			cond = d->f.cond[k];
	if (cond == TC_NONE || X->launch)
		return TC_NONE;
	uint8_t *kind = NULL; /* its own: findings are made on several threads */
	size_t cap = 0;
	if ((*rc = context_kinds(c, X, d, X->mask, false, &kind, &cap)))
		return TC_NONE;
	for (uint32_t k = 0; k < d->nparam_values; k++) /* the parameters are named */
		if (d->param_value[k] < d->f.nvalues)
			kind[d->param_value[k]] |= TC_UA_NAMED;
	tc_ua_func f = view_f(X, d, kind);
	tc_uniformity *u = NULL;
	tc_affine *af = NULL;
	uint32_t v = TC_NONE;
	if (!(*rc = context_uniformity(c, X, d, &f, false, &u, &af)) &&
	    tc__uniformity_value(u, cond))
		v = tc__uniformity_source(u, cond, rc);
	tc__uniformity_free(u);
	tc__affine_free(af);
	tc__free(&c->al, kind);
	if (*rc)
		return TC_NONE;
	for (uint32_t k = 0; v != TC_NONE && k < d->nparam_values; k++) {
		uint32_t p = d->param_index[k];
		if (d->param_value[k] != v)
			continue;
		if (p < d->nparams)
			return p;
		*through = p - d->nparams < d->nins;
		return *through ? d->in_param[p - d->nparams] : TC_NONE;
	}
	return TC_NONE;
}

