/*
 * depot.c - what the file's code keeps in local memory (docs/ptx.md,
 * "Objects in local memory"): a flow-insensitive, context-insensitive
 * analysis over the whole file, after every function is read.
 *
 * nvcc -G keeps C++ objects in a function's local depot, takes their
 * addresses, keeps those in other slots and passes them to .funcs. A depot
 * whose address is used otherwise than as the base of loads and stores at
 * constant offsets is read as memory (functions.c), and a load from it, or
 * through a generic address that may point into it, differs between
 * threads. Here each such load whose value is one integer constant, or one
 * kernel argument, wherever the code may have stored it, becomes that
 * value, the same in every thread; and a generic load through an address
 * that is a kernel argument reads no local memory.
 *
 * The objects are each function's local memory (its depot and .local
 * variables, one object), the module's .local variables (one object) and
 * each call slot (a .param declared in a call sequence) that st.param
 * stores to. A register's value is nothing yet, one constant, one kernel
 * argument (sym()), or unknown, together with a set of addresses (object,
 * offset or any offset); a location (object, offset) holds the join of
 * what is stored there. The facts (ptx.h, DF_*) the instructions left give
 * the constraints: copies and sums with a constant, loads and stores
 * through registers, the local objects' addresses, constants, stores into
 * call slots, each .func parameter read at an offset the join of every
 * call's slot there (a kernel's: its argument), each call's result the
 * join of the callee's returns. A register some other instruction writes
 * is unknown, with no address.
 *
 * That last rule holds only for addresses that go where the facts follow
 * them. Where one may go elsewhere (read by any other instruction, stored
 * to memory that may not be a local object or in part, read in part,
 * passed to a function without a body, to a builtin or by register, summed
 * with another, one of more than MAX_ADDRS in a value whose addresses are
 * each an object at any offset or a variable already), its object is
 * open: a load from it is unknown, and the addresses it holds open their
 * objects too. Where the analysis cannot bound what it follows (a local
 * name used otherwise, no fixpoint within MAX_ROUNDS rounds), nothing is
 * changed: every load stays as it was read.
 *
 * Locations: an access of another size at a location's offset, or one that
 * overlaps another location, makes it unknown (and opens what it holds);
 * a store at an offset not known joins what it stores into every load of
 * that object, and makes their constants unknown; a load at an offset not
 * known is unknown. A location some load reads and no store writes is
 * unknown (what the memory held before). The iteration is round robin over
 * every fact until nothing changes; an address set with more than MAX_OFFS
 * offsets into one object, where a fact moves addresses (pointers stepped
 * in a loop), or more than MAX_JOIN_OFFS where it only joins them (many
 * callers' temporaries, and a .func's parameter or a call's result
 * moved by a constant, a field of what they pass or return, until it has
 * added offsets in PARAM_ROUNDS rounds), keeps the object at any offset,
 * so the values' height is bounded; so does an object whose address comes
 * into a value that holds MAX_ADDRS already (its exact offsets become its
 * variables, and then the object at any offset, before the value is given
 * up).
 *
 * Variables: where the file's DWARF places variables in a function's depot
 * (nvcc -G: DW_OP_addr __local_depotN, DW_OP_plus_uconst K, each local
 * variable's start), an address moved by an amount not known stays in the
 * variable it pointed into (C's rule for pointer arithmetic): its offset is
 * any in that variable, from its start to the next one's. A store there
 * makes only that variable's loads unknown, and a load there reads only its
 * locations; the MAX_OFFS offsets become the variables they are in. A depot
 * with no such variable at or below an offset, or a function with more
 * than one .local declaration, keeps the object at any offset.
 *
 * Ranges: an exact address plus an index whose values ranges.c bounds
 * to [a, b] is the range [address + a, address + b] of offsets, within
 * the variable the address is in (a range key, made once in rgs); an
 * access through it at k of size bytes may touch [lo + k, hi + k + size
 * - 1], a store through it writes that range of bytes (as a store at an
 * offset not known), and a constant moves it. Ranges count with exact
 * offsets against MAX_OFFS, and become their variables as those do.
 *
 * Copies: a load through one exact address reads a register's value where
 * a store of that register (written once in the function) through that one
 * address dominates the load, and no other store that may write the
 * location lies on a way from it to the load (copy_of). Each location keeps
 * the one store fact that wrote it exactly (a store through one address) or
 * ST_MANY, and the function whose stores write it; so does each store at an
 * offset not known. A load through a few exact addresses of its function's
 * own memory, each a copy so, reads one of those registers as its address
 * says (copies_of; graphs.c gives it them as reads).
 *
 * Assertions: a block that calls the assertion's failure has no way on in
 * the ways these searches and ranges.c follow (ends_kernel): no thread goes
 * on past it.
 */
#include "frontend/ptx/ptx.h"
#include "graph/ways.h"

#include <stdlib.h>
#include <string.h>

#define MAX_ADDRS 1024 /* addresses one value holds at most (more: its
			* objects at any offset, then open) */
#define MAX_OFFS 8   /* offsets into one object one value holds, before any */
/* ... where no address is moved: what a load, a copy or a parameter joins
 * (many callers' temporaries passed by reference) */
#define MAX_JOIN_OFFS 256
#define MAX_ROUNDS 64
enum { PM_FIELD = 1, PM_OTHER = 2 }; /* dstate.pmove */
/* a parameter moved by a constant that adds addresses in more rounds than
 * this (a recursive call stepping it) keeps MAX_OFFS, as other moves do */
#define PARAM_ROUNDS 4
/* the solve's steps (addresses joined and read) at most: past them it starts again
 * with no parameter followed (tc__ptx_depot_values) */
#define SOLVE_STEPS 4000000u
#define SOLVE_STEPS_PER_FACT 128u
#define MAX_HOPS 4 /* calls that pass a caller's address on, before its store */
#define MAX_THRU 4     /* a pass-through's sources at most */
#define MAX_MCOPY 4    /* places a load that reads one of several copies may read */
#define MAX_THROUGH 16 /* copies followed back to a parameter (param_source) */
#define MAX_WRITERS 4 /* functions that store where a call's out is read (out_of) */
#define THRU_VISITS 64 /* registers one return's sources are looked for in */
#define OFF_ANY 0xffffffffu
#define OFF_SPAN 0xc0000000u /* + i: any offset in the object's i-th variable */
#define OFF_RANGE 0xe0000000u /* + i: an offset in the range s->rgs[i] */
#define MAX_RANGES (1u << 20) /* ranges made at most (more: their variables) */
#define OFF_BIAS 0x80000000u
#define OFF_LIMIT (INT64_C(1) << 30)
#define ST_MANY (UINT32_MAX - 1) /* a location's stores: not one store of a register */

/* a value: nothing yet, one integer constant c, one kernel argument c (what
 * sym() names: the same in every thread of the grid), or unknown */
enum { V_NONE, V_CONST, V_SYM, V_TOP };

typedef struct aval {
	uint8_t k; /* V_* */
	int64_t c;
	uint32_t n, cap;
	uint64_t *a; /* sorted: object << 32 | (offset + OFF_BIAS), OFF_SPAN + i,
		      * OFF_RANGE + i, or OFF_ANY */
	bool wide; /* it held more than MAX_ADDRS addresses: their objects, and
		    * those of any address added since, are open (n is 0) */
} aval;

typedef struct dloc {
	uint64_t key;
	aval v;
	uint32_t size;
	uint32_t next; /* the object's next location, TC_NONE */
	uint32_t store; /* the one fact that stores a register there and only
			 * there; TC_NONE: none yet, ST_MANY: another */
	uint32_t fn;    /* the function whose stores write it; TC_NONE: none,
			 * ST_MANY: more than one */
	bool written, read, bad;
} dloc;

typedef struct dobj {
	uint32_t first;  /* its first location, TC_NONE */
	uint32_t sfirst; /* its first store at an offset not known, TC_NONE */
	bool open; /* its address went where the facts do not follow it */
} dobj;

/* what stores at offsets not known wrote, through an address key that is
 * not exact (a variable of the object, or the object at any offset) */
typedef struct dspan {
	uint64_t key;
	uint32_t next; /* the object's next such store, TC_NONE */
	uint32_t fn;   /* the function whose stores these are, or ST_MANY */
	aval v;
} dspan;

/* a pass-through's source: parameter p's 8 bytes at offset pk, plus k */
typedef struct tsrc {
	uint32_t p;
	int64_t pk, k;
} tsrc;

typedef struct dstate {
	reader *r;
	tc_arena ar;
	aval *val;      /* per register: val[vbase[f] + reg] */
	uint32_t *vbase;
	dloc *loc;
	size_t nloc, loc_cap;
	tc_hash lh; /* key -> location */
	dobj *obj;  /* per function, the module's, then each call slot's */
	uint32_t nobj;
	uint32_t *pobj; /* per register (vbase): the call slot's object, TC_NONE */
	uint32_t *pfact; /* ... the one DF_ARG fact that stores into it, ST_MANY */
	uint32_t *cby, *cby_off; /* per function: the calls of it */
	/* per .func: its result a pass-through (pass_throughs), one of the
	 * sources tsrc[thru_off .. + thru_n), whatever its callers pass;
	 * thru_n 0: not so */
	uint32_t *thru_off;
	uint8_t *thru_n;
	tsrc *tsrc;
	uint32_t ntsrc;
	uint64_t *tmp;  /* a copy of an address set */
	uint64_t *tmp2; /* one object's addresses, moved (add_addr) */
	/* per object: where its variables start, as DWARF places them
	 * (starts[st_off[o] .. st_off[o + 1]), increasing) */
	uint32_t *st_off;
	uint32_t *starts;
	dspan *span;
	size_t nspan, span_cap;
	/* ranges of offsets (an exact address plus an index whose values
	 * tc__ptx_index_ranges bounds), each made once: rgs[i], by (object,
	 * start, end) in rgh; per DF_ADDR fact whose index is bounded, in
	 * increasing fact order, its operands' bounds (ixf, ixr) */
	struct drange {
		uint32_t o;
		int64_t lo, hi;
	} *rgs;
	size_t nrg, rgs_cap;
	tc_hash rgh;
	uint32_t *ixf, nix;
	int64_t (*ixr)[4]; /* a's lo, hi, b's lo, hi; lo > hi: not known */
	/* after the fixpoint, the stores (fact indices) that may write each
	 * object: by offset, each exact address a store writes through, as
	 * (object, offset) keys sorted with their facts (wxk, wxj, nwx), and
	 * per object the stores through an address not exact there
	 * (wn[wnof[o] .. wnof[o + 1])); the widest store (wmax); room for
	 * the stores one access may meet (wq; wq2 the exact ones), and for
	 * one load's (wl; wp their positions) */
	uint32_t *wl, *wp;
	uint64_t *wxk;
	uint32_t *wxj, nwx, *wnof, *wn, *wq, *wq2, wmax;
	uint32_t *fmark, fstamp; /* per fact: out_of's stores listed (NULL: not yet) */
	/* out_of: per store of wl, the parameter its address is (param_of),
	 * TC_NONE, and the constant added */
	uint32_t *wpb;
	int64_t *wc;
	/* the locations made before this round, by key (object, then offset):
	 * a load at an offset not known reads those of its range here, and the
	 * ones made since at the head of the object's list */
	struct lkey {
		uint64_t key;
		uint32_t i;
	} *sorted;
	uint64_t *skey; /* sorted's keys */
	size_t snap, sorted_cap, skey_cap;
	struct fdom **doms; /* per function, made where its loads or indices need it */
	/* the functions that may run rf or rg through calls: rmark[h] ==
	 * rstamp (reaching) */
	uint32_t *rmark, *rstack, rstamp, rf, rg;
	/* call_reaches: marks per object and per function, and its stacks;
	 * per call, the last object asked (TC_NONE: none) and the answer */
	uint32_t *omark, *ostack, *cmark, *cstack, ostamp;
	uint32_t *rch_obj;
	bool *rch;
	uint32_t *fev, *gev, *hev; /* positions of the events out_of looks at */
	uint32_t *cand;            /* param_copy's candidates */
	size_t cand_cap;
	uint32_t *evb;             /* blocks of events (off_the_ways) */
	size_t fev_cap, gev_cap, hev_cap, evb_cap;
	/* the calls that pass the caller's address on to the store (chain) */
	uint32_t hop[MAX_HOPS], nhops;
	bool whole; /* the store chain found writes exactly the bytes read */
	/* the offsets into one object a value takes before any (add_addr):
	 * MAX_OFFS where the fact evaluated moves an address, else
	 * MAX_JOIN_OFFS */
	uint32_t max_offs;
	/* per register (vbase): PM_FIELD where a DF_PARAM or a DF_RESULT
	 * fact writes it (a constant moves it to a field), PM_OTHER where
	 * another fact does; per fact, the rounds in which a move of a parameter or a
	 * result added addresses (up to PARAM_ROUNDS + 1), and the last of
	 * them plus 1; the round */
	uint8_t *pmove, *pgrow;
	uint32_t *plast, round;
	/* some call through a register may run a function: then those whose
	 * address is taken (pfunc.taken) have parameters that are anything */
	bool icalls;
	/* the solve's work so far (addresses joined and read), and its bound: past it
	 * the solve stops (over), and starts again with no parameter followed */
	uint64_t steps, budget;
	bool changed, give_up, oom, over;
} dstate;

/* Whether a call through a register may run function f: its parameters
 * are then anything, and what its calls pass goes where nothing is
 * followed. */
static bool any_caller(const dstate *s, uint32_t f)
{
	return s->icalls && s->r->fn[f].taken;
}

/* ---- what the reader records ------------------------------------------- */

/* Nothing in a text without ".local" (r->want_df): no fact there could
 * name a local object, and the analysis would stop at once without one. */
int tc__ptx_df(reader *r, uint8_t op, uint32_t def, uint32_t a, uint32_t b, int64_t k, int64_t c,
	       uint32_t size, uint8_t flags, uint32_t rec)
{
	if (!r->want_df)
		return TC_OK;
	if (tc__ptx_grow(r, &r->df, &r->df_cap, r->ndf + 1, sizeof *r->df))
		return r->rc;
	r->df[r->ndf++] =
		(dfact){op, (uint8_t)(size < 255 ? size : 255), flags, def, a, b, rec, r->npos, k, c};
	return TC_OK;
}

/* the registers r->rd holds from 'from' on are read otherwise (DF_USE),
 * each named once per function */
int tc__ptx_df_uses(reader *r, size_t from)
{
	for (size_t k = from; k < r->rd.len && r->want_df; k++) {
		uint32_t v = r->rd.v[k];
		if (v == TC_NONE || v >= r->nregs || r->duse[v])
			continue;
		r->duse[v] = 1;
		if (tc__ptx_df(r, DF_USE, TC_NONE, v, TC_NONE, 0, 0, 0, 0, TC_NONE))
			return r->rc;
	}
	return TC_OK;
}

/* What call slot 'slot' was last given (kind DFS_*), until a label or a
 * branch (r->ndfs = 0): a call's result, or something else. */
int tc__ptx_dfs_set(reader *r, uint32_t slot, uint8_t kind, uint32_t a, uint32_t b)
{
	size_t i = 0;
	while (i < r->ndfs && r->dfs[i].slot != slot) /* few slots per function */
		i++;
	if (i == r->ndfs && tc__ptx_grow(r, &r->dfs, &r->dfs_cap, ++r->ndfs, sizeof *r->dfs))
		return r->rc;
	r->dfs[i] = (struct dfslot){slot, a, b, kind};
	return TC_OK;
}

const struct dfslot *tc__ptx_dfs_get(const reader *r, uint32_t slot)
{
	for (size_t i = 0; i < r->ndfs; i++)
		if (r->dfs[i].slot == slot)
			return &r->dfs[i];
	return NULL;
}

/* The local object a name is in: the function's (.local of its body), the
 * module's (.local at file scope), or TC_NONE. */
uint32_t tc__ptx_local_obj(reader *r, const char *s, uint32_t len)
{
	uint32_t h = tc__hash_bytes(s, len);
	if (tc__ptx_nmap_find(&r->lsyms, s, len, h))
		return r->fidx;
	if (tc__ptx_nmap_find(&r->gsyms, s, len, h))
		return DF_MODULE_OBJ;
	return TC_NONE;
}

/* ---- values ---------------------------------------------------------------- */

/* The kernel argument of size bytes at offset off of parameter b of kernel
 * f, as a V_SYM's c; 0 where it has no name here. */
static uint64_t sym(uint32_t f, uint32_t b, int64_t off, uint32_t size)
{
	if (b >= 1u << 12 || off < 0 || off >= 1 << 16 || size == 0 || size > 15)
		return 0;
	return (uint64_t)f << 32 | (uint64_t)b << 20 | (uint64_t)off << 4 | size;
}

static uint32_t sym_size(int64_t c)
{
	return (uint32_t)c & 15u;
}

static uint64_t addr_key(uint32_t obj, int64_t off)
{
	uint32_t o = off > -OFF_LIMIT && off < OFF_LIMIT ? (uint32_t)(off + (int64_t)OFF_BIAS) : OFF_ANY;
	return (uint64_t)obj << 32 | o;
}

static uint32_t key_obj(uint64_t x)
{
	return (uint32_t)(x >> 32);
}

static int64_t key_off(uint64_t x)
{
	return (int64_t)(uint32_t)x - (int64_t)OFF_BIAS;
}

static bool key_any(uint64_t x)
{
	return (uint32_t)x == OFF_ANY;
}

/* an exact offset (not a variable's any, nor the object's) */
static bool key_exact(uint64_t x)
{
	return (uint32_t)x < OFF_SPAN;
}

/* a range of offsets (s->rgs) */
static bool key_ranged(uint64_t x)
{
	return (uint32_t)x >= OFF_RANGE && (uint32_t)x != OFF_ANY;
}

static uint64_t any_key(uint32_t o)
{
	return (uint64_t)o << 32 | OFF_ANY;
}

/* The variable of object o that offset off is in (by C's rule, an address
 * moved by an amount not known stays in it): its key, or the object at any
 * offset where DWARF places no variable at or below off. */
static uint64_t span_key(const dstate *s, uint32_t o, int64_t off)
{
	const uint32_t *st = s->starts + s->st_off[o];
	uint32_t n = s->st_off[o + 1] - s->st_off[o];
	if (n == 0 || off < st[0] || off >= OFF_LIMIT)
		return any_key(o);
	/* the last start at or below off */
	uint32_t i = tc__u32_lower_bound(st, n, (uint32_t)off + 1) - 1;
	return (uint64_t)o << 32 | (OFF_SPAN + i);
}

/* The bytes key x may address: [*lo, *hi). */
static void key_range(const dstate *s, uint64_t x, int64_t *lo, int64_t *hi)
{
	uint32_t o = key_obj(x);
	if (key_exact(x)) {
		*lo = *hi = key_off(x);
	} else if (key_any(x)) {
		*lo = INT64_MIN;
		*hi = INT64_MAX;
	} else if (key_ranged(x)) {
		*lo = s->rgs[(uint32_t)x - OFF_RANGE].lo;
		*hi = s->rgs[(uint32_t)x - OFF_RANGE].hi;
	} else {
		uint32_t i = s->st_off[o] + ((uint32_t)x - OFF_SPAN);
		*lo = s->starts[i];
		*hi = i + 1 < s->st_off[o + 1] && s->starts[i + 1] != UINT32_MAX ? s->starts[i + 1]
										    : INT64_MAX;
	}
}

/* The bytes an access of size bytes at address x plus k may touch: [*lo,
 * *hi). Through a variable, or the object at any offset, it stays there. */
static void access_range(const dstate *s, uint64_t x, int64_t k, uint32_t size, int64_t *lo,
			 int64_t *hi)
{
	key_range(s, x, lo, hi);
	if (key_exact(x)) {
		*lo += k;
		*hi += k + (int64_t)size;
	} else if (key_ranged(x)) {
		*lo += k;
		*hi += k + (int64_t)size - 1;
	}
}

/* whether address a takes in address x (of the same object) */
static bool covers(const dstate *s, uint64_t a, uint64_t x)
{
	if (a == x || key_any(a))
		return true;
	if (key_exact(a) || key_any(x))
		return false;
	int64_t alo, ahi, xlo, xhi;
	key_range(s, a, &alo, &ahi);
	key_range(s, x, &xlo, &xhi);
	return alo <= xlo && (key_exact(x) ? xlo < ahi : xhi <= ahi);
}

/* x moved by an amount not known: its variable, or the object's any */
static uint64_t moved(const dstate *s, uint64_t x)
{
	if (key_ranged(x))
		return span_key(s, key_obj(x), s->rgs[(uint32_t)x - OFF_RANGE].lo);
	return key_exact(x) ? span_key(s, key_obj(x), key_off(x)) : x;
}

/* The key of the range [lo, hi) of object o, made once; UINT64_MAX where
 * there are too many (or out of memory: s->oom). */
static uint64_t range_of(dstate *s, uint32_t o, int64_t lo, int64_t hi)
{
	uint32_t h = tc__hash_u64((uint64_t)o * 0x9e3779b97f4a7c15u ^ (uint64_t)lo * 31u ^
				  (uint64_t)hi);
	size_t at;
	for (uint32_t v = tc__hash_first(&s->rgh, h, &at); v != TC_NONE;
	     v = tc__hash_next(&s->rgh, h, &at))
		if (s->rgs[v].o == o && s->rgs[v].lo == lo && s->rgs[v].hi == hi)
			return (uint64_t)o << 32 | (OFF_RANGE + v);
	if (s->nrg >= MAX_RANGES)
		return UINT64_MAX;
	if (tc__hash_reserve(&s->rgh, s->ar.al, s->rgh.len + 1) ||
	    tc__arena_grow(&s->ar, &s->rgs, &s->rgs_cap, s->nrg + 1, sizeof *s->rgs)) {
		s->oom = s->give_up = true;
		return UINT64_MAX;
	}
	tc__hash_add(&s->rgh, h, (uint32_t)s->nrg);
	s->rgs[s->nrg] = (struct drange){o, lo, hi};
	return (uint64_t)o << 32 | (OFF_RANGE + (uint32_t)s->nrg++);
}

/* Address x (exact, or a range) plus an amount in [a, b]: the addresses
 * that sum may be, within the variable x is in (C's rule, as moved): an
 * exact address, a range, or the variable where that is no narrower. */
static uint64_t shifted(dstate *s, uint64_t x, int64_t a, int64_t b)
{
	uint32_t o = key_obj(x);
	int64_t lo, hi;
	key_range(s, x, &lo, &hi);
	if (key_exact(x))
		hi = lo + 1;
	uint64_t var = moved(s, x);
	if (a < -OFF_LIMIT || b >= OFF_LIMIT || a > b)
		return var;
	lo += a;
	hi += b;
	int64_t vlo, vhi;
	key_range(s, var, &vlo, &vhi);
	if (lo < vlo)
		lo = vlo;
	if (hi > vhi)
		hi = vhi;
	if (lo <= -OFF_LIMIT || hi >= OFF_LIMIT || lo >= hi || (lo == vlo && hi == vhi))
		return var;
	if (hi - lo == 1)
		return addr_key(o, lo);
	uint64_t k = range_of(s, o, lo, hi);
	return k == UINT64_MAX ? var : k;
}


static void join_k(dstate *s, aval *d, uint8_t k, int64_t c)
{
	if (k == V_NONE || d->k == V_TOP)
		return;
	if (d->k == V_NONE || k == V_TOP) {
		d->k = k;
		d->c = c;
		s->changed = true;
	} else if (d->k != k || d->c != c) {
		d->k = V_TOP;
		s->changed = true;
	}
}

/* The objects v may point into are open: their addresses went where the
 * facts do not follow them, so what they hold is not known (and, in
 * solve, neither is what the addresses they hold point to). */
static void open_obj(dstate *s, uint32_t o)
{
	if (!s->obj[o].open) {
		s->obj[o].open = true;
		s->changed = true;
	}
}

static void open_objs(dstate *s, const aval *v)
{
	for (uint32_t i = 0; i < v->n; i++)
		open_obj(s, key_obj(v->a[i]));
}

/* d held too many addresses: each object open, d anything from now on */
static void widen(dstate *s, aval *d)
{
	open_objs(s, d);
	d->n = 0;
	d->wide = true;
	d->k = V_TOP;
	s->changed = true;
}


/* x into d's addresses: s->max_offs addresses into one object become the
 * variables they are in, or that object at any offset */
static void add_addr(dstate *s, aval *d, uint64_t x)
{
	uint32_t o = key_obj(x);
	s->steps++;
	if (d->wide) {
		open_obj(s, o);
		return;
	}
	/* o's addresses: d->a[lo .. hi) (sorted: by object first) */
	uint32_t lo = d->n ? tc__u64_lower_bound(d->a, d->n, (uint64_t)o << 32) : 0;
	uint32_t hi = d->n ? lo + tc__u64_lower_bound(d->a + lo, d->n - lo, ((uint64_t)o + 1) << 32) : 0;
	for (uint32_t i = lo; i < hi; i++)
		if (covers(s, d->a[i], x))
			return;
	if (!key_exact(x)) { /* the addresses it takes in go */
		uint32_t w = lo;
		for (uint32_t i = lo; i < hi; i++)
			if (!covers(s, x, d->a[i]))
				d->a[w++] = d->a[i];
		if (w < hi && hi < d->n)
			memmove(d->a + w, d->a + hi, (d->n - hi) * sizeof *d->a);
		d->n -= hi - w;
		hi = w;
	}
	/* exact offsets and ranges: where a pointer steps */
	bool exact = key_exact(x) || key_ranged(x);
	for (uint32_t i = lo; i < hi && !exact; i++)
		exact = key_exact(d->a[i]) || key_ranged(d->a[i]);
	if ((hi - lo >= s->max_offs || d->n >= MAX_ADDRS) && exact) {
		/* pointers stepped in a loop, or many callers' addresses (into
		 * this object, or in all): each offset of the object becomes its
		 * variable (a set that stays small), or the object at any offset */
		uint32_t nb = 0;
		for (uint32_t i = lo; i < hi; i++)
			s->tmp2[nb++] = moved(s, d->a[i]);
		s->tmp2[nb++] = moved(s, x);
		if (hi < d->n)
			memmove(d->a + lo, d->a + hi, (d->n - hi) * sizeof *d->a);
		d->n -= hi - lo;
		for (uint32_t i = 0; i < nb && !s->give_up; i++)
			add_addr(s, d, s->tmp2[i]); /* none exact: no deeper */
		return;
	}
	if (d->n >= MAX_ADDRS && hi > lo) {
		/* the object's variables too many as well: the object at any
		 * offset (which covers what comes of it) */
		if (hi < d->n)
			memmove(d->a + lo, d->a + hi, (d->n - hi) * sizeof *d->a);
		d->n -= hi - lo;
		add_addr(s, d, any_key(o));
		return;
	}
	if (d->n >= MAX_ADDRS) { /* too many to follow: all open, and what comes */
		widen(s, d);
		open_obj(s, o);
		return;
	}
	if (d->n == d->cap) {
		uint32_t cap = d->cap ? d->cap * 2 : 4;
		uint64_t *a = TC_ARENA_ARRAY(&s->ar, uint64_t, cap);
		if (!a) {
			s->oom = s->give_up = true;
			return;
		}
		if (d->n)
			memcpy(a, d->a, d->n * sizeof *a);
		d->a = a;
		d->cap = cap;
	}
	uint32_t at = lo + tc__u64_lower_bound(d->a + lo, hi - lo, x); /* d->a is not NULL now */
	memmove(d->a + at + 1, d->a + at, (d->n - at) * sizeof *d->a);
	d->a[at] = x;
	d->n++;
	s->changed = true;
}

/* d's addresses, each moved by k (as a copy: d may be the one changed) */
static uint32_t snapshot(dstate *s, const aval *v)
{
	if (v->n)
		memcpy(s->tmp, v->a, v->n * sizeof *v->a);
	return v->n;
}

static void join(dstate *s, aval *d, const aval *v)
{
	if (v->wide && !d->wide)
		widen(s, d);
	join_k(s, d, v->k, v->c);
	uint32_t n = snapshot(s, v);
	for (uint32_t i = 0; i < n && !s->give_up; i++)
		add_addr(s, d, s->tmp[i]);
}

/* the same into a value being made, which is no change of the state */
static void tjoin_k(dstate *s, aval *d, uint8_t k, int64_t c)
{
	bool ch = s->changed;
	join_k(s, d, k, c);
	s->changed = ch;
}

static void tjoin(dstate *s, aval *d, const aval *v)
{
	bool ch = s->changed;
	join(s, d, v);
	s->changed = ch;
}

static aval *reg(dstate *s, uint32_t f, uint32_t v)
{
	return &s->val[s->vbase[f] + v];
}

static uint32_t obj_index(const dstate *s, uint32_t o)
{
	return o == DF_MODULE_OBJ ? (uint32_t)s->r->nfn : o;
}

/* ---- locations ------------------------------------------------------------- */

static void set_bad(dstate *s, dloc *l)
{
	l->bad = true;
	open_objs(s, &l->v); /* an address read in part */
}

/* The location at key x (an exact offset) of size bytes. */
/* The location at key x, NULL where there is none. */
static dloc *find_loc(const dstate *s, uint64_t x)
{
	uint32_t h = tc__hash_u64(x);
	size_t at;
	for (uint32_t v = tc__hash_first(&s->lh, h, &at); v != TC_NONE; v = tc__hash_next(&s->lh, h, &at))
		if (s->loc[v].key == x)
			return &s->loc[v];
	return NULL;
}

static dloc *get_loc(dstate *s, uint64_t x, uint32_t size)
{
	dloc *l = find_loc(s, x);
	if (l) {
		if (l->size != size && !l->bad)
			set_bad(s, l);
		return l;
	}
	if (tc__hash_reserve(&s->lh, s->ar.al, s->lh.len + 1) ||
	    tc__arena_grow(&s->ar, &s->loc, &s->loc_cap, s->nloc + 1, sizeof *s->loc)) {
		s->oom = s->give_up = true;
		return NULL;
	}
	uint32_t i = (uint32_t)s->nloc++;
	tc__hash_add(&s->lh, tc__hash_u64(x), i);
	dobj *o = &s->obj[key_obj(x)];
	l = &s->loc[i];
	memset(l, 0, sizeof *l);
	l->key = x;
	l->store = l->fn = TC_NONE;
	l->size = size;
	l->next = o->first;
	o->first = i;
	/* one that overlaps another: both unknown */
	int64_t lo = key_off(x), hi = lo + size;
	for (uint32_t j = l->next; j != TC_NONE; j = s->loc[j].next) {
		int64_t lo2 = key_off(s->loc[j].key), hi2 = lo2 + s->loc[j].size;
		if (lo < hi2 && lo2 < hi) {
			if (!s->loc[j].bad)
				set_bad(s, &s->loc[j]);
			l->bad = true;
		}
	}
	s->changed = true;
	return l;
}

/* What stores at offsets not known within [lo, hi) of object o wrote
 * (the whole object's, and its variables' there), into out: unknown. */
static void unknown_stores(dstate *s, const dobj *o, int64_t lo, int64_t hi, aval *out)
{
	for (uint32_t j = o->sfirst; j != TC_NONE; j = s->span[j].next) {
		int64_t a, b;
		key_range(s, s->span[j].key, &a, &b);
		if (a < hi && lo < b) {
			tjoin_k(s, out, V_TOP, 0);
			tjoin(s, out, &s->span[j].v);
		}
	}
}

/* What location j holds, into out, where it overlaps [lo, hi) (a load of
 * size bytes at an offset not known there). */
static void load_loc(dstate *s, uint32_t j, int64_t lo, int64_t hi, uint32_t size, aval *out)
{
	s->steps++;
	int64_t a = key_off(s->loc[j].key), b = a + s->loc[j].size;
	if (!(a < hi && lo < b))
		return;
	if (s->loc[j].v.n && (size != 8 || s->loc[j].size != 8))
		open_objs(s, &s->loc[j].v); /* an address read in part */
	else
		tjoin(s, out, &s->loc[j].v);
}

/* Whether [off, off + size) of object o, where no location of that size
 * starts, is size locations of one byte, each of which holds one byte of
 * one kernel argument, in order (nvcc -G copies an aggregate passed by
 * value into the depot byte by byte, and reads it back a word at a time):
 * then *c is that argument's size bytes (sym). */
static bool sym_bytes(dstate *s, uint32_t o, int64_t off, uint32_t size, uint64_t *c)
{
	if (size < 2 || size > 8)
		return false;
	const dloc *w = find_loc(s, addr_key(o, off));
	if (w && w->size == size)
		return false; /* a location of its own */
	uint64_t first = 0;
	for (uint32_t i = 0; i < size; i++) {
		const dloc *l = i ? find_loc(s, addr_key(o, off + i)) : w;
		if (!l || l->bad || l->size != 1 || l->v.k != V_SYM || l->v.n || l->v.wide ||
		    sym_size(l->v.c) != 1)
			return false;
		uint64_t x = (uint64_t)l->v.c;
		if (i == 0)
			first = x;
		else if (x != first + ((uint64_t)i << 4)) /* the next byte's offset */
			return false;
	}
	uint64_t lo = (first >> 4) & 0xffffu;
	*c = sym((uint32_t)(first >> 32), (uint32_t)(first >> 20) & 0xfffu, (int64_t)lo, size);
	return *c != 0;
}

/* The value at the addresses base (plus k) holds, into out (V_NONE first). */
static void load_value(dstate *s, const aval *base, int64_t k, uint32_t size, aval *out)
{
	if (base->k != V_NONE)
		tjoin_k(s, out, V_TOP, 0); /* it may point elsewhere */
	s->steps += base->n;
	for (uint32_t i = 0; i < base->n && !s->give_up; i++) {
		uint64_t x = base->a[i];
		dobj *o = &s->obj[key_obj(x)];
		if (o->open)
			tjoin_k(s, out, V_TOP, 0);
		if (!key_exact(x)) { /* the object's, a variable's, a range's locations */
			int64_t lo, hi;
			access_range(s, x, k, size, &lo, &hi);
			tjoin_k(s, out, V_TOP, 0);
			uint32_t j = o->first;
			for (; j != TC_NONE && j >= s->snap; j = s->loc[j].next)
				load_loc(s, j, lo, hi, size, out); /* made this round */
			if (j != TC_NONE) { /* the older ones, from lo (less a size) */
				uint64_t from = lo <= -OFF_LIMIT + 256 ? (uint64_t)key_obj(x) << 32
								     : addr_key(key_obj(x), lo - 256);
				uint32_t a = tc__u64_lower_bound(s->skey, (uint32_t)s->snap, from);
				for (; a < s->snap && key_obj(s->skey[a]) == key_obj(x) &&
				       key_off(s->skey[a]) < hi;
				     a++)
					load_loc(s, s->sorted[a].i, lo, hi, size, out);
			}
			unknown_stores(s, o, lo, hi, out);
			continue;
		}
		int64_t off = key_off(x) + k;
		uint64_t c;
		if (sym_bytes(s, key_obj(x), off, size, &c)) { /* a kernel argument copied bytewise */
			tjoin_k(s, out, V_SYM, (int64_t)c);
			unknown_stores(s, o, off, off + size, out);
			continue;
		}
		dloc *l = get_loc(s, addr_key(key_obj(x), off), size);
		if (!l)
			return;
		l->read = true;
		if (l->bad)
			tjoin_k(s, out, V_TOP, 0);
		tjoin(s, out, &l->v);
		unknown_stores(s, o, off, off + size, out);
	}
}

/* the base a fact's access goes through: a register, or an object's */
static const aval *access_base(dstate *s, uint32_t f, const dfact *x, aval *one, uint64_t *key,
			       int64_t *k)
{
	if (x->a != TC_NONE) {
		*k = x->k;
		return reg(s, f, x->a);
	}
	*key = addr_key(obj_index(s, x->b), x->k);
	*one = (aval){V_NONE, 0, 1, 1, key, false};
	*k = 0;
	return one;
}

/* the value of call argument slot record i (its one register) of caller f */
static void arg_value(dstate *s, uint32_t f, uint32_t i, aval *out)
{
	reader *r = s->r;
	uint32_t end = tc__ptx_op_end(r, i);
	if (end - r->rec.opoff.v[i] == 1)
		tjoin(s, out, reg(s, f, r->rec.op.v[r->rec.opoff.v[i]]));
	else
		tjoin_k(s, out, V_TOP, 0);
}

/* What stores through key x (not exact) wrote: made on its first store
 * (NULL: out of memory). */
static dspan *span_store(dstate *s, uint64_t x)
{
	uint32_t o = key_obj(x);
	for (uint32_t j = s->obj[o].sfirst; j != TC_NONE; j = s->span[j].next)
		if (s->span[j].key == x)
			return &s->span[j];
	if (s->nspan >= TC_NONE - 1 ||
	    tc__arena_grow(&s->ar, &s->span, &s->span_cap, s->nspan + 1, sizeof *s->span)) {
		s->oom = s->give_up = true;
		return NULL;
	}
	dspan *p = &s->span[s->nspan];
	*p = (dspan){x, s->obj[o].sfirst, TC_NONE, {V_NONE, 0, 0, 0, NULL, false}};
	s->obj[o].sfirst = (uint32_t)s->nspan++;
	s->changed = true;
	return p;
}

/* A store (DF_STORE, DF_ARG) of x's value through base plus k: the value
 * stored. */
static aval store(dstate *s, uint32_t f, const dfact *x, const aval *base, int64_t k)
{
	aval v = {V_TOP, 0, 0, 0, NULL, false};
	if (x->flags & DF_IMM)
		v = (aval){V_CONST, x->c, 0, 0, NULL, false};
	else if (!(x->flags & DF_ANYV))
		v = *reg(s, f, x->def);
	if (v.k == V_CONST && x->size < 8)
		v.c = tc__ptx_sext(v.c, x->size * 8u);
	if (v.k == V_SYM && sym_size(v.c) != x->size)
		v.k = V_TOP; /* a part of it */
	if (v.n && (base->k != V_NONE || x->size != 8)) {
		open_objs(s, &v); /* an address stored where it is not followed */
		if (x->size != 8)
			v = (aval){V_TOP, 0, 0, 0, NULL, false};
	}
	/* the one location it writes, a register's value: it may stand for
	 * its loads (copies) */
	bool must = x->op == DF_STORE && base->n == 1 && base->k == V_NONE && x->def != TC_NONE &&
		    !(x->flags & (DF_GUARD | DF_IMM | DF_ANYV));
	uint32_t me = must ? (uint32_t)(x - s->r->df) : ST_MANY;
	for (uint32_t i = 0; i < base->n && !s->give_up; i++) {
		uint64_t a = base->a[i];
		if (!key_exact(a)) { /* within one variable, or anywhere in it */
			if (key_ranged(a)) { /* the range of bytes it may write */
				int64_t lo, hi;
				access_range(s, a, k, x->size, &lo, &hi);
				a = lo > -OFF_LIMIT && hi < OFF_LIMIT ? range_of(s, key_obj(a), lo, hi)
								      : UINT64_MAX;
				if (a == UINT64_MAX)
					a = moved(s, base->a[i]);
			}
			dspan *w = span_store(s, a);
			if (w) {
				join(s, &w->v, &v);
				w->fn = w->fn == TC_NONE || w->fn == f ? f : ST_MANY;
			}
			continue;
		}
		dloc *l = get_loc(s, addr_key(key_obj(a), key_off(a) + k), x->size);
		if (!l)
			break;
		if (!l->written) {
			l->written = true;
			s->changed = true;
		}
		/* what use() reads: final when the last round has made no
		 * change, so none here */
		if (l->store != me && l->store != ST_MANY)
			l->store = l->store == TC_NONE ? me : ST_MANY;
		l->fn = l->fn == TC_NONE || l->fn == f ? f : ST_MANY;
		join(s, &l->v, &v);
		if (l->bad)
			open_objs(s, &l->v);
	}
	return v;
}

/* v plus the constant k, into d */
static void add_const(dstate *s, aval *d, const aval *v, int64_t k)
{
	join_k(s, d, v->k == V_SYM && k ? V_TOP : v->k, (int64_t)((uint64_t)v->c + (uint64_t)k));
	uint32_t n = snapshot(s, v);
	for (uint32_t i = 0; i < n && !s->give_up; i++)
		add_addr(s, d, key_ranged(s->tmp[i]) ? shifted(s, s->tmp[i], k, k)
			       : !key_exact(s->tmp[i])
				   ? s->tmp[i]
				   : addr_key(key_obj(s->tmp[i]), key_off(s->tmp[i]) + k));
}

/* d gets v | k (DF_OR, k > 0): v + k where each address v holds is exact,
 * of a function's local memory whose every .local declaration is aligned
 * past k, at an offset whose bits k clears (the bits set are the sum's:
 * clang -O0 tests a byte of a local so); a constant's own bits; else v is
 * used otherwise (its objects open) and d is unknown. */
static void or_const(dstate *s, aval *d, const aval *v, int64_t k)
{
	if (v->n == 0) {
		if (v->k != V_NONE)
			join_k(s, d, v->k == V_CONST ? V_CONST : V_TOP,
			       (int64_t)((uint64_t)v->c | (uint64_t)k));
		return;
	}
	bool sum = v->k == V_NONE && !v->wide;
	for (uint32_t i = 0; i < v->n && sum; i++) {
		uint64_t a = v->a[i];
		uint32_t o = key_obj(a);
		sum = key_exact(a) && o < s->r->nfn && s->r->fn[o].local_align > (uint64_t)k &&
		      (key_off(a) & k) == 0;
	}
	if (!sum) {
		open_objs(s, v);
		join_k(s, d, V_TOP, 0);
		return;
	}
	add_const(s, d, v, k);
}

/* The call slot (a register of the caller) call c passes as its argument
 * q, TC_NONE: none the caller stores. */
static uint32_t arg_slot(const dstate *s, const pcall *c, uint32_t q)
{
	const reader *r = s->r;
	if (q >= c->nargs)
		return TC_NONE;
	uint32_t i = r->carg.v[c->arg0 + q];
	uint32_t op0 = r->rec.opoff.v[i], end = tc__ptx_op_end(r, i);
	uint32_t slot = end - op0 == 1 ? r->rec.op.v[op0] : TC_NONE;
	return slot != TC_NONE && slot < r->fn[c->caller].nregs ? slot : TC_NONE;
}

/* The register that the caller of call ci stores as the 8 bytes at offset
 * pk of its argument q (the one st.param of them into that call slot), or
 * TC_NONE. */
static uint32_t arg_reg(const dstate *s, uint32_t ci, uint32_t q, int64_t pk)
{
	const reader *r = s->r;
	const pcall *c = &r->calls[ci];
	uint32_t slot = arg_slot(s, c, q);
	uint32_t j = slot != TC_NONE ? s->pfact[s->vbase[c->caller] + slot] : TC_NONE;
	if (j >= ST_MANY)
		return TC_NONE;
	const dfact *x = &r->df[j];
	return x->k == pk && x->size == 8 && !(x->flags & (DF_GUARD | DF_IMM | DF_ANYV)) ? x->def
											: TC_NONE;
}

/* The size bytes at offset k of what call c passes as its argument q, into
 * out: unknown where the caller stores no slot. */
static void call_arg(dstate *s, const pcall *c, uint32_t q, int64_t k, uint32_t size, aval *out)
{
	uint32_t slot = arg_slot(s, c, q);
	uint32_t o = slot == TC_NONE ? TC_NONE : s->pobj[s->vbase[c->caller] + slot];
	if (o == TC_NONE) { /* not an argument the caller stored */
		tjoin_k(s, out, V_TOP, 0);
		return;
	}
	uint64_t key = addr_key(o, 0);
	aval one = {V_NONE, 0, 1, 1, &key, false};
	load_value(s, &one, k, size, out);
}

/* Result x->b of .func g at offset x->k (past its first 8 bytes), x->size
 * bytes, into d: what g's rets stored there, its result register being a
 * call slot's object (df_result_store); anything where none is. */
static void result_part(dstate *s, uint32_t g, const dfact *x, aval *d)
{
	const reader *r = s->r;
	const pfunc *fn = &r->fn[g];
	uint32_t v = TC_NONE;
	if (fn->ret0 < fn->ret1) {
		uint32_t i = r->ret_rec.v[fn->ret0];
		uint32_t o = r->rec.opoff.v[i], end = tc__ptx_op_end(r, i);
		v = x->b < end - o ? r->rec.op.v[o + x->b] : TC_NONE;
	}
	uint32_t o = v < fn->nregs ? s->pobj[s->vbase[g] + v] : TC_NONE;
	if (o == TC_NONE) {
		join_k(s, d, V_TOP, 0);
		return;
	}
	uint64_t key = addr_key(o, 0);
	aval one = {V_NONE, 0, 1, 1, &key, false}, out = {V_NONE, 0, 0, 0, NULL, false};
	load_value(s, &one, x->k, x->size, &out);
	join(s, d, &out);
}

/* The values DF_ADDR fact j's operand (b: its b, else its a) may hold,
 * where tc__ptx_index_ranges bounds them: *lo <= *hi; else unchanged. */
static void index_bounds(const dstate *s, uint32_t j, bool b, int64_t *lo, int64_t *hi)
{
	uint32_t at = tc__u32_lower_bound(s->ixf, s->nix, j);
	if (at < s->nix && s->ixf[at] == j) {
		*lo = s->ixr[at][b ? 2 : 0];
		*hi = s->ixr[at][b ? 3 : 1];
	}
}

static void eval(dstate *s, uint32_t f, const dfact *x)
{
	reader *r = s->r;
	aval *d = x->def != TC_NONE && x->op != DF_STORE && x->op != DF_ARG ? reg(s, f, x->def)
										: NULL;
	/* a pointer stepped in a loop gets a new offset each round: few;
	 * joins of what many callers pass keep more, and so does a parameter
	 * or a call's result moved by a constant (a field of what each caller
	 * passes, or of what a call returns, as cuda::std::forward returns
	 * what it is passed), unless it keeps adding (a recursive call
	 * stepping it) */
	uint32_t fj = (uint32_t)(x - r->df), n0 = d ? d->n : 0;
	bool field = x->op == DF_ADD && x->k != 0 && x->a < r->fn[f].nregs &&
		     s->pmove[s->vbase[f] + x->a] == PM_FIELD;
	bool moves = (x->op == DF_ADD && x->k != 0 && (!field || s->pgrow[fj] > PARAM_ROUNDS)) ||
		     x->op == DF_ADDR;
	s->max_offs = moves ? MAX_OFFS : MAX_JOIN_OFFS;
	switch (x->op) {
	case DF_OBJ:
		add_addr(s, d, addr_key(obj_index(s, x->a), x->k));
		break;
	case DF_ADD:
		add_const(s, d, reg(s, f, x->a), x->k);
		break;
	case DF_ADDR: {
		const aval *p = reg(s, f, x->a), *q = reg(s, f, x->b);
		if (p->n && q->n) { /* a sum of two addresses */
			open_objs(s, p);
			open_objs(s, q);
			join_k(s, d, V_TOP, 0);
			break;
		}
		if (p->k != V_NONE && q->k != V_NONE)
			join_k(s, d, p->k == V_CONST && q->k == V_CONST ? V_CONST : V_TOP,
			       (int64_t)((uint64_t)p->c + (uint64_t)q->c));
		const aval *ptr = p->n ? p : q, *ix = p->n ? q : p;
		if (ix->k == V_NONE)
			break;
		/* the index's values where the ranges bound them */
		int64_t ilo = 1, ihi = 0;
		if (ix->k != V_CONST)
			index_bounds(s, fj, ix == q, &ilo, &ihi);
		uint32_t n = snapshot(s, ptr);
		for (uint32_t i = 0; i < n && !s->give_up; i++) {
			uint64_t a = s->tmp[i];
			add_addr(s, d, ix->k == V_CONST && key_exact(a)
					   ? addr_key(key_obj(a), key_off(a) + ix->c)
				       : ilo <= ihi && (key_exact(a) || key_ranged(a))
					   ? shifted(s, a, ilo, ihi)
					   : moved(s, a));
		}
		break;
	}
	case DF_CONST:
		join_k(s, d, V_CONST, x->c);
		break;
	case DF_LOAD: {
		aval one, out = {V_NONE, 0, 0, 0, NULL, false};
		uint64_t key;
		int64_t k = 0;
		/* the value is made apart (d may be the base), then joined */
		const aval *base = access_base(s, f, x, &one, &key, &k);
		load_value(s, base, k, x->size, &out);
		join(s, d, &out);
		break;
	}
	case DF_STORE: {
		aval one;
		uint64_t key;
		int64_t k = 0;
		const aval *base = access_base(s, f, x, &one, &key, &k);
		store(s, f, x, base, k);
		break;
	}
	case DF_ARG: { /* the call slot: an object (and the slot as a whole) */
		uint32_t o = s->pobj[s->vbase[f] + x->a];
		uint64_t key = addr_key(o, 0);
		aval one = {V_NONE, 0, 1, 1, &key, false};
		aval *slot = reg(s, f, x->a);
		if (o == TC_NONE)
			break; /* not reached: setup made one */
		aval v = store(s, f, x, &one, x->k);
		join(s, slot, &v);
		break;
	}
	case DF_PARAM:
		if (r->fn[f].entry) { /* the kernel's argument */
			uint64_t c = sym(f, x->b, x->k, x->size);
			join_k(s, d, c ? V_SYM : V_TOP, (int64_t)c);
			break;
		}
		if (r->df_indirect || any_caller(s, f)) { /* callers not all known */
			join_k(s, d, V_TOP, 0);
			break;
		}
		for (uint32_t j = s->cby_off[f]; j < s->cby_off[f + 1]; j++) {
			aval out = {V_NONE, 0, 0, 0, NULL, false};
			call_arg(s, &r->calls[s->cby[j]], x->b, x->k, x->size, &out);
			join(s, d, &out);
		}
		break;
	case DF_RESULT: {
		const pcall *c = x->a < r->ncalls ? &r->calls[x->a] : NULL;
		if (!c || c->callee == TC_NONE) {
			join_k(s, d, V_TOP, 0);
			break;
		}
		if (x->k != 0) { /* past its first 8 bytes */
			result_part(s, c->callee, x, d);
			break;
		}
		if (x->b == 0 && s->thru_n[c->callee]) {
			/* a pass-through: what this call passes */
			for (uint32_t q = 0; q < s->thru_n[c->callee]; q++) {
				const tsrc *t = &s->tsrc[s->thru_off[c->callee] + q];
				aval out = {V_NONE, 0, 0, 0, NULL, false};
				call_arg(s, c, t->p, t->pk, 8, &out);
				add_const(s, d, &out, t->k);
			}
			break;
		}
		const pfunc *g = &r->fn[c->callee];
		for (uint32_t j = g->ret0; j < g->ret1; j++) {
			uint32_t i = r->ret_rec.v[j];
			uint32_t o = r->rec.opoff.v[i], end = tc__ptx_op_end(r, i);
			if (x->b < end - o)
				join(s, d, reg(s, c->callee, r->rec.op.v[o + x->b]));
			else
				join_k(s, d, V_TOP, 0);
		}
		break;
	}
	case DF_USE:
		open_objs(s, reg(s, f, x->a));
		break;
	case DF_OR:
		or_const(s, d, reg(s, f, x->a), x->k);
		break;
	case DF_GIVEUP:
		s->give_up = true;
		break;
	default: /* DF_TOP: set at the start */
		break;
	}
	if (field && d->n != n0 && s->plast[fj] != s->round + 1) {
		s->plast[fj] = s->round + 1;
		if (s->pgrow[fj] <= PARAM_ROUNDS)
			s->pgrow[fj]++;
	}
}

/* ---- the analysis ---------------------------------------------------------- */

/* Where the variables of each function's depot start and end: its one
 * .local declaration's, as DWARF places them (s->starts; none for an object
 * with more than one declaration, or none). A variable ends at its start
 * plus its size, where DWARF gives every variable there a size and that
 * falls short of the next start: the bytes up to the next start are a span
 * of their own (what DWARF does not name: temporaries). */
static int starts(dstate *s)
{
	reader *r = s->r;
	s->st_off = TC_ARENA_ZARRAY(&s->ar, uint32_t, (size_t)s->nobj + 2);
	uint32_t *cur = TC_ARENA_ZARRAY(&s->ar, uint32_t, (size_t)s->nobj + 1);
	if (!s->st_off || !cur)
		return TC_ENOMEM;
	nmap by = {0};
	int rc = TC_OK;
	for (uint32_t f = 0; f < r->nfn && !rc; f++) {
		const pfunc *fn = &r->fn[f];
		if (!fn->depot || fn->nlocal != 1)
			continue;
		nslot *e = tc__ptx_nmap_put(&s->ar, &by, fn->depot, fn->depot_len);
		if (!e)
			rc = TC_ENOMEM;
		else if (e->tag == 0xff) /* new */
			e->val = f, e->tag = 1;
		else /* a name twice: neither */
			e->val = TC_NONE;
	}
	uint32_t *fof = rc ? NULL : TC_ARENA_ARRAY(&s->ar, uint32_t, r->ndwloc + 1);
	if (!rc && !fof)
		rc = TC_ENOMEM;
	for (size_t k = 0; k < r->ndwloc && !rc; k++) {
		const tc_dw_local *l = &r->dwloc[k];
		const nslot *e = tc__ptx_nmap_find(&by, l->s, l->len, tc__hash_bytes(l->s, l->len));
		fof[k] = e && e->val != TC_NONE && l->off >= 0 && l->off < OFF_LIMIT ? e->val : TC_NONE;
		if (fof[k] != TC_NONE)
			s->st_off[fof[k] + 1] += 2; /* its start, and its end */
	}
	for (uint32_t o = 0; o < s->nobj && !rc; o++) {
		s->st_off[o + 1] += s->st_off[o];
		cur[o] = s->st_off[o];
	}
	size_t n = rc ? 0 : s->st_off[s->nobj];
	s->starts = rc ? NULL : TC_ARENA_ARRAY(&s->ar, uint32_t, n + 1);
	uint32_t *tmp = rc ? NULL : TC_ARENA_ARRAY(&s->ar, uint32_t, n + 1);
	uint32_t *end = rc ? NULL : TC_ARENA_ARRAY(&s->ar, uint32_t, n + 1);
	if (!rc && (!s->starts || !tmp || !end))
		rc = TC_ENOMEM;
	for (size_t k = 0; k < r->ndwloc && !rc; k++)
		if (fof[k] != TC_NONE)
			s->starts[cur[fof[k]]++] = (uint32_t)r->dwloc[k].off;
	/* each object's starts in order, once (w of them) */
	for (uint32_t o = 0; o < s->nobj && !rc; o++) {
		uint32_t *a = s->starts + s->st_off[o];
		uint32_t m = cur[o] - s->st_off[o], w = 0;
		tc__sort_u32(a, m, tmp);
		for (uint32_t i = 0; i < m; i++)
			if (!w || a[w - 1] != a[i])
				a[w++] = a[i];
		cur[o] = w;
		for (uint32_t i = 0; i < w; i++)
			end[s->st_off[o] + i] = 0; /* no variable's end yet */
	}
	/* each start's end: the farthest of its variables', UINT32_MAX where
	 * one has no size */
	for (size_t k = 0; k < r->ndwloc && !rc; k++) {
		if (fof[k] == TC_NONE)
			continue;
		const tc_dw_local *l = &r->dwloc[k];
		uint32_t b = s->st_off[fof[k]];
		uint32_t i = b + tc__u32_lower_bound(s->starts + b, cur[fof[k]], (uint32_t)l->off);
		uint64_t e = l->size && l->size < (uint64_t)OFF_LIMIT ? (uint64_t)l->off + l->size
								      : UINT32_MAX;
		if (end[i] != UINT32_MAX && (e == UINT32_MAX || e > end[i]))
			end[i] = (uint32_t)e;
	}
	/* the starts with the ends between them, the rest past every offset */
	for (uint32_t o = 0; o < s->nobj && !rc; o++) {
		uint32_t b = s->st_off[o], w = cur[o], m = s->st_off[o + 1] - b, j = 0;
		memcpy(tmp, s->starts + b, w * sizeof *tmp);
		for (uint32_t i = 0; i < w; i++) {
			s->starts[b + j++] = tmp[i];
			uint32_t e = end[b + i];
			if (e != UINT32_MAX && (i + 1 == w || e < tmp[i + 1]))
				s->starts[b + j++] = e;
		}
		for (; j < m; j++)
			s->starts[b + j] = UINT32_MAX; /* not a start: past every offset */
	}
	tc__ptx_nmap_free(&s->ar, &by);
	return rc;
}

/* Pass-throughs (s->thru_*): a .func whose result is, on every ret, one
 * of a few of its parameters, each plus a constant (cuda::std's get,
 * forward and min, an accessor returning this + k), through registers
 * written only by facts: copies, sums with a constant, and the results of
 * calls of other pass-throughs on such registers (each stored alone in its
 * call slot). A call's result is then what that call passes, not the join
 * of what every call passes (DF_RESULT). */

/* The sources register v of .func g may hold, added to *n of them at src
 * (at most MAX_THRU): true; false: not so, or not known yet (*need: the
 * callee whose summary comes first, state[need] 0; else TC_NONE). The
 * registers' defining facts: def[doff[x] .. doff[x + 1]) for register x
 * (vbase). */
static bool thru_reg(dstate *s, const uint32_t *doff, const uint32_t *def, const uint8_t *state,
		     uint32_t g, uint32_t v, tsrc *src, uint32_t *n, uint32_t *need)
{
	reader *r = s->r;
	struct {
		uint32_t v;
		uint64_t add;
	} st[THRU_VISITS];
	uint32_t sp = 0, visits = 0;
	st[sp++].v = v;
	st[0].add = 0;
	while (sp) {
		uint32_t x = st[--sp].v;
		uint64_t add = st[sp].add;
		if (++visits > THRU_VISITS || x >= r->fn[g].nregs ||
		    s->val[s->vbase[g] + x].k == V_TOP)
			return false;
		uint32_t b = s->vbase[g] + x;
		if (doff[b] == doff[b + 1])
			return false; /* no fact writes it */
		for (uint32_t i = doff[b]; i < doff[b + 1]; i++) {
			const dfact *f = &r->df[def[i]];
			tsrc one = {TC_NONE, 0, 0};
			if (f->flags & DF_GUARD)
				return false;
			if (f->op == DF_ADD) {
				if (sp == THRU_VISITS)
					return false;
				st[sp].v = f->a;
				st[sp++].add = add + (uint64_t)f->k;
				continue;
			}
			if (f->op == DF_PARAM && f->size == 8) {
				one = (tsrc){f->b, f->k, (int64_t)add};
			} else {
				const pcall *c = f->op == DF_RESULT && f->a < r->ncalls ? &r->calls[f->a]
											: NULL;
				if (!c || c->callee == TC_NONE || f->b != 0 || f->k != 0)
					return false;
				uint32_t h = c->callee;
				if (state[h] == 0)
					*need = h;
				if (state[h] != 2 || !s->thru_n[h])
					return false; /* not made yet, a recursion, or none */
				for (uint32_t q = 0; q < s->thru_n[h]; q++) {
					const tsrc *t = &s->tsrc[s->thru_off[h] + q];
					uint32_t a = arg_reg(s, f->a, t->p, t->pk);
					if (a == TC_NONE || sp == THRU_VISITS)
						return false;
					st[sp].v = a;
					st[sp++].add = add + (uint64_t)t->k;
				}
				continue;
			}
			uint32_t k = 0;
			while (k < *n && (src[k].p != one.p || src[k].pk != one.pk || src[k].k != one.k))
				k++;
			if (k == *n) {
				if (*n == MAX_THRU)
					return false;
				src[(*n)++] = one;
			}
		}
	}
	return true;
}

/* Every function's summary, callees first (an explicit stack). */
static int pass_throughs(dstate *s, size_t nregs)
{
	reader *r = s->r;
	uint32_t *doff = TC_ARENA_ZARRAY(&s->ar, uint32_t, nregs + 2);
	uint32_t *def = TC_ARENA_ARRAY(&s->ar, uint32_t, r->ndf + 1);
	uint8_t *state = TC_ARENA_ZARRAY(&s->ar, uint8_t, r->nfn + 1); /* 1: on the stack, 2: made */
	uint32_t *stack = TC_ARENA_ARRAY(&s->ar, uint32_t, r->nfn + 1);
	s->thru_off = TC_ARENA_ZARRAY(&s->ar, uint32_t, r->nfn + 1);
	s->thru_n = TC_ARENA_ZARRAY(&s->ar, uint8_t, r->nfn + 1);
	if (!doff || !def || !state || !stack || !s->thru_off || !s->thru_n)
		return TC_ENOMEM;
	/* each register's defining facts */
	for (int pass = 0; pass < 2; pass++) {
		for (uint32_t f = 0; f < r->nfn; f++)
			for (uint32_t j = r->fn[f].df0; j < r->fn[f].df1; j++) {
				const dfact *x = &r->df[j];
				if (x->op == DF_STORE || x->op == DF_ARG || x->op == DF_USE ||
				    x->op == DF_GIVEUP || x->def >= r->fn[f].nregs)
					continue;
				uint32_t b = s->vbase[f] + x->def;
				if (pass == 0)
					doff[b + 2]++;
				else
					def[doff[b + 1]++] = j;
			}
		if (pass == 0)
			for (size_t v = 0; v < nregs; v++)
				doff[v + 2] += doff[v + 1];
	}
	size_t cap = 0;
	for (uint32_t f0 = 0; f0 < r->nfn; f0++) {
		if (state[f0])
			continue;
		uint32_t sp = 0;
		stack[sp++] = f0;
		state[f0] = 1;
		while (sp) {
			uint32_t g = stack[sp - 1], need = TC_NONE, n = 0;
			tsrc src[MAX_THRU];
			const pfunc *fn = &r->fn[g];
			bool ok = !fn->entry && fn->ret1 > fn->ret0;
			for (uint32_t j = fn->ret0; j < fn->ret1 && ok; j++) {
				uint32_t i = r->ret_rec.v[j], o = r->rec.opoff.v[i];
				ok = tc__ptx_op_end(r, i) > o &&
				     thru_reg(s, doff, def, state, g, r->rec.op.v[o], src, &n, &need);
			}
			if (need != TC_NONE) { /* that callee's first, then again */
				state[need] = 1;
				stack[sp++] = need;
				continue;
			}
			if (ok) {
				if (tc__arena_grow(&s->ar, &s->tsrc, &cap, s->ntsrc + n, sizeof *s->tsrc))
					return TC_ENOMEM;
				memcpy(s->tsrc + s->ntsrc, src, n * sizeof *src);
				s->thru_off[g] = s->ntsrc;
				s->thru_n[g] = (uint8_t)n;
				s->ntsrc += n;
			}
			state[g] = 2;
			sp--;
		}
	}
	return TC_OK;
}

/* Every register written by no fact's record, or by none at all, is
 * unknown; the calls of each function. */
static int setup(dstate *s)
{
	reader *r = s->r;
	size_t nregs = 0;
	for (size_t f = 0; f < r->nfn; f++) {
		s->vbase[f] = (uint32_t)nregs;
		nregs += r->fn[f].nregs;
	}
	s->val = TC_ARENA_ZARRAY(&s->ar, aval, nregs + 1);
	uint8_t *tracked = TC_ARENA_ZARRAY(&s->ar, uint8_t, r->rec.def.len + 1);
	uint8_t *written = TC_ARENA_ZARRAY(&s->ar, uint8_t, nregs + 1);
	s->pobj = TC_ARENA_ARRAY(&s->ar, uint32_t, nregs + 1);
	s->pfact = TC_ARENA_ARRAY(&s->ar, uint32_t, nregs + 1);
	s->cby_off = TC_ARENA_ZARRAY(&s->ar, uint32_t, r->nfn + 2);
	s->cby = TC_ARENA_ARRAY(&s->ar, uint32_t, r->ncalls + 1);
	s->tmp = TC_ARENA_ARRAY(&s->ar, uint64_t, MAX_ADDRS + 1);
	s->tmp2 = TC_ARENA_ARRAY(&s->ar, uint64_t, MAX_ADDRS + 2);
	s->pmove = TC_ARENA_ZARRAY(&s->ar, uint8_t, nregs + 1);
	s->pgrow = TC_ARENA_ZARRAY(&s->ar, uint8_t, r->ndf + 1);
	s->plast = TC_ARENA_ZARRAY(&s->ar, uint32_t, r->ndf + 1);
	s->doms = TC_ARENA_ZARRAY(&s->ar, struct fdom *, r->nfn + 1);
	if (!s->val || !tracked || !written || !s->pobj || !s->pfact || !s->cby_off || !s->cby ||
	    !s->pmove || !s->pgrow || !s->plast || !s->doms ||
	    !s->tmp || !s->tmp2)
		return TC_ENOMEM;
	/* an object per call slot stored to: after the functions' and the
	 * module's */
	for (size_t v = 0; v <= nregs; v++)
		s->pobj[v] = s->pfact[v] = TC_NONE;
	s->nobj = (uint32_t)r->nfn + 1;
	for (uint32_t f = 0; f < r->nfn; f++)
		for (uint32_t j = r->fn[f].df0; j < r->fn[f].df1; j++) {
			const dfact *x = &r->df[j];
			if (x->op != DF_ARG || x->a >= r->fn[f].nregs)
				continue;
			uint32_t *pf = &s->pfact[s->vbase[f] + x->a];
			*pf = *pf == TC_NONE ? j : ST_MANY;
			if (s->pobj[s->vbase[f] + x->a] != TC_NONE)
				continue;
			if (s->nobj == TC_NONE - 1)
				return TC_ENOMEM;
			s->pobj[s->vbase[f] + x->a] = s->nobj++;
		}
	s->obj = TC_ARENA_ARRAY(&s->ar, dobj, s->nobj);
	if (!s->obj)
		return TC_ENOMEM;
	for (size_t o = 0; o < s->nobj; o++)
		s->obj[o] = (dobj){TC_NONE, TC_NONE, false};
	if (starts(s))
		return TC_ENOMEM;
	for (size_t i = 0; i < r->ndf; i++)
		if (r->df[i].rec != TC_NONE && r->df[i].rec < r->rec.def.len)
			tracked[r->df[i].rec] = 1;
	for (uint32_t f = 0; f < r->nfn; f++) {
		const pfunc *fn = &r->fn[f];
		for (uint32_t i = fn->rec0; i < fn->rec1; i++) {
			uint32_t d = r->rec.def.v[i];
			if (d == TC_NONE || d >= fn->nregs)
				continue;
			written[s->vbase[f] + d] = 1;
			if (!tracked[i])
				s->val[s->vbase[f] + d].k = V_TOP;
		}
		for (uint32_t v = 0; v < fn->nregs; v++)
			if (!written[s->vbase[f] + v])
				s->val[s->vbase[f] + v].k = V_TOP; /* what it holds is not known */
		for (uint32_t j = fn->df0; j < fn->df1; j++) {
			const dfact *x = &r->df[j];
			if (x->op == DF_TOP)
				s->val[s->vbase[f] + x->def].k = V_TOP;
			if (x->def != TC_NONE && x->def < fn->nregs && x->op != DF_STORE &&
			    x->op != DF_ARG)
				s->pmove[s->vbase[f] + x->def] |=
				    x->op == DF_PARAM || x->op == DF_RESULT ? PM_FIELD : PM_OTHER;
		}
	}
	for (size_t i = 0; i < r->ncalls; i++)
		if (r->calls[i].callee != TC_NONE)
			s->cby_off[r->calls[i].callee + 2]++;
	for (size_t f = 0; f < r->nfn; f++)
		s->cby_off[f + 2] += s->cby_off[f + 1];
	for (size_t i = 0; i < r->ncalls; i++)
		if (r->calls[i].callee != TC_NONE)
			s->cby[s->cby_off[r->calls[i].callee + 1]++] = (uint32_t)i;
	return pass_throughs(s, nregs);
}

/* Whether call c is of CUDA's device-side assertion failure by name:
 * nvcc's __assertfail, or the glibc name __assert_fail that libcu++'s
 * _CCCL_ASSERT calls (ends_kernel) */
static bool assert_name(const pcall *c)
{
	return c->name && ((c->len == 12 && memcmp(c->name, "__assertfail", 12) == 0) ||
			   (c->len == 13 && memcmp(c->name, "__assert_fail", 13) == 0));
}

/* Whether call c is of one of the CUDA runtime's device functions that
 * neither write through an address they are given nor keep it: vprintf
 * (which reads its format and its argument buffer, a depot's slots
 * under -G), the assertion's failure (the message's strings), malloc
 * and free (heap memory). A function of that name with a body in the file is not. */
static bool keeps_no_address(const pcall *c)
{
	static const char *const names[] = {"vprintf", "malloc", "free"};
	if (c->callee != TC_NONE || !c->name)
		return false;
	if (assert_name(c))
		return true;
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (strlen(names[i]) == c->len && memcmp(names[i], c->name, c->len) == 0)
			return true;
	return false;
}

/* the arguments of calls of functions without a body go where nothing is
 * followed (but those of keeps_no_address), and so do those of calls
 * through a register and of calls of a function such a call may run,
 * whose parameters are anything (eval, DF_PARAM); where no parameter is
 * followed, those of every call */
static void bodiless_calls(dstate *s)
{
	reader *r = s->r;
	for (size_t i = 0; i < r->ncalls && !s->give_up; i++) {
		const pcall *c = &r->calls[i];
		if ((c->callee != TC_NONE && !r->df_indirect && !any_caller(s, c->callee)) ||
		    keeps_no_address(c))
			continue;
		for (uint32_t a = 0; a < c->nargs; a++) {
			aval v = {V_NONE, 0, 0, 0, NULL, false};
			arg_value(s, c->caller, r->carg.v[c->arg0 + a], &v);
			open_objs(s, &v);
		}
	}
}

static int cmp_lkey(const void *a, const void *b)
{
	uint64_t x = ((const struct lkey *)a)->key, y = ((const struct lkey *)b)->key;
	return x < y ? -1 : x > y;
}

/* The locations made so far, sorted by key (s->sorted, s->snap). */
static int snapshot_locs(dstate *s)
{
	if (s->nloc == s->snap)
		return TC_OK;
	if (tc__arena_grow(&s->ar, &s->sorted, &s->sorted_cap, s->nloc + 1, sizeof *s->sorted) ||
	    tc__arena_grow(&s->ar, &s->skey, &s->skey_cap, s->nloc + 1, sizeof *s->skey)) {
		s->oom = s->give_up = true;
		return TC_ENOMEM;
	}
	for (size_t i = 0; i < s->nloc; i++)
		s->sorted[i] = (struct lkey){s->loc[i].key, (uint32_t)i};
	qsort(s->sorted, s->nloc, sizeof *s->sorted, cmp_lkey);
	for (size_t i = 0; i < s->nloc; i++)
		s->skey[i] = s->sorted[i].key;
	s->snap = s->nloc;
	return TC_OK;
}

/* a fixpoint: rounds over every fact until nothing changes; then every
 * location read and never written is unknown, and again */
static void solve(dstate *s)
{
	reader *r = s->r;
	for (unsigned round = 0; !s->give_up; round++) {
		if (round == MAX_ROUNDS) {
			s->give_up = true;
			return;
		}
		s->changed = false;
		s->round = round;
		if (snapshot_locs(s))
			return;
		for (uint32_t f = 0; f < r->nfn && !s->give_up; f++)
			for (uint32_t j = r->fn[f].df0; j < r->fn[f].df1 && !s->give_up; j++) {
				eval(s, f, &r->df[j]);
				if (s->steps > s->budget)
					s->over = s->give_up = true;
			}
		s->max_offs = MAX_JOIN_OFFS;
		bodiless_calls(s);
		/* what an open object holds may go anywhere too */
		for (size_t i = 0; i < s->nloc; i++)
			if (s->obj[key_obj(s->loc[i].key)].open)
				open_objs(s, &s->loc[i].v);
		for (size_t j = 0; j < s->nspan; j++)
			if (s->obj[key_obj(s->span[j].key)].open)
				open_objs(s, &s->span[j].v);
		if (s->changed)
			continue;
		for (size_t i = 0; i < s->nloc; i++)
			if (s->loc[i].read && !s->loc[i].written) {
				s->loc[i].written = true;
				join_k(s, &s->loc[i].v, V_TOP, 0);
			}
		if (!s->changed)
			return;
	}
}

/* ---- loads that are copies ------------------------------------------------ */

/* One function's blocks (from 0) and the ways between them (graph/ways.h),
 * how often each of its registers is written (up to 2), and what the
 * searches of copy_of and out_of look up in it; made once, for the first
 * load that needs it (dom_of). */
typedef struct fdom {
	bool ok;
	tc_ways w;
	uint8_t *writes;
	/* per register: the last record that writes it (TC_NONE: none) */
	uint32_t *def_rec;
	/* per register: the one fact that writes it (TC_NONE: none, ST_MANY:
	 * more); per call of the function (from call0): its position, and
	 * whether it is guarded; the positions of its rets and exits */
	uint32_t *def_fact, *call_pos, *ret_pos, nret;
	uint8_t *call_guard;
} fdom;

/* the work of copy_of's searches per file (blocks visited, stores looked
 * at), before it stops finding copies that need them */
#define COPY_WORK (UINT64_C(1) << 24)

/* Item x's call where it is one that is not guarded, else NULL. */
static const pcall *plain_call(const reader *r, uint32_t x)
{
	const item *it = &r->items[x];
	return it->op == IT_CALL && it->guard == TC_NONE && it->target < r->ncalls
		       ? &r->calls[it->target]
		       : NULL;
}

/* Whether block bk calls the assertion's failure (not guarded): a function
 * of its name without a body, or one whose entry block calls such a one
 * (nvcc -G defines __assert_fail so, from CUDA's header: a call of
 * __assertfail, then ret). A failed assertion stops the kernel (the device
 * fails the next work): no thread that runs the block goes on, so what the
 * ways here say holds without its ways on. nvcc writes a test's failing
 * way so, a call and a branch back to where the test holds (_CCCL_ASSERT
 * in cuda::std's span::operator[], ceil_div). */
static bool ends_kernel(const reader *r, const pblock *bk)
{
	for (uint32_t x = bk->item0; x < bk->item1; x++) {
		const pcall *c = plain_call(r, x);
		if (!c || !assert_name(c))
			continue;
		if (c->callee == TC_NONE)
			return true;
		const pfunc *g = &r->fn[c->callee];
		if (g->block0 == g->block1)
			continue;
		const pblock *e = &r->blocks[g->block0];
		for (uint32_t y = e->item0; y < e->item1; y++) {
			const pcall *d = plain_call(r, y);
			if (d && d->callee == TC_NONE && assert_name(d))
				return true;
		}
	}
	return false;
}

static int fn_dom(dstate *s, uint32_t f, fdom *d)
{
	reader *r = s->r;
	const pfunc *fn = &r->fn[f];
	uint32_t nb = fn->block1 - fn->block0, ns = 0;
	if (nb == 0)
		return TC_OK;
	for (uint32_t b = fn->block0; b < fn->block1; b++)
		ns += r->blocks[b].nsucc;
	uint32_t *off = TC_ARENA_ARRAY(&s->ar, uint32_t, (size_t)nb + 1);
	uint32_t *succ = TC_ARENA_ARRAY(&s->ar, uint32_t, (size_t)ns + 1);
	d->writes = TC_ARENA_ZARRAY(&s->ar, uint8_t, (size_t)fn->nregs + 1);
	d->def_rec = TC_ARENA_ARRAY(&s->ar, uint32_t, (size_t)fn->nregs + 1);
	if (!off || !succ || !d->writes || !d->def_rec)
		return TC_ENOMEM;
	for (uint32_t v = 0; v < fn->nregs; v++)
		d->def_rec[v] = TC_NONE;
	ns = 0;
	for (uint32_t b = fn->block0; b < fn->block1; b++) {
		const pblock *bk = &r->blocks[b];
		off[b - fn->block0] = ns;
		if (ends_kernel(r, bk))
			continue;
		for (uint32_t j = 0; j < bk->nsucc; j++)
			succ[ns++] = r->succ.v[bk->succ0 + j];
	}
	off[nb] = ns;
	if (tc__ways_init(&s->ar, &d->w, nb, off, succ))
		return TC_ENOMEM;
	for (uint32_t i = fn->rec0; i < fn->rec1; i++) {
		uint32_t v = r->rec.def.v[i];
		if (v < fn->nregs && d->writes[v] < 2)
			d->writes[v]++;
		if (v < fn->nregs)
			d->def_rec[v] = i;
	}
	uint32_t nc = fn->call1 - fn->call0, nr = 0;
	d->def_fact = TC_ARENA_ARRAY(&s->ar, uint32_t, (size_t)fn->nregs + 1);
	d->call_pos = TC_ARENA_ARRAY(&s->ar, uint32_t, (size_t)nc + 1);
	d->call_guard = TC_ARENA_ZARRAY(&s->ar, uint8_t, (size_t)nc + 1);
	if (!d->def_fact || !d->call_pos || !d->call_guard)
		return TC_ENOMEM;
	for (uint32_t v = 0; v < fn->nregs; v++)
		d->def_fact[v] = TC_NONE;
	for (uint32_t c = 0; c < nc; c++)
		d->call_pos[c] = TC_NONE;
	for (uint32_t j = fn->df0; j < fn->df1; j++) {
		const dfact *x = &r->df[j];
		if (x->def < fn->nregs && x->op != DF_STORE && x->op != DF_ARG)
			d->def_fact[x->def] = d->def_fact[x->def] == TC_NONE ? j : ST_MANY;
	}
	for (uint32_t x = fn->item0; x < fn->item1; x++)
		nr += r->items[x].op == IT_RET;
	if (!(d->ret_pos = TC_ARENA_ARRAY(&s->ar, uint32_t, (size_t)nr + 1)))
		return TC_ENOMEM;
	for (uint32_t x = fn->item0; x < fn->item1; x++) {
		const item *it = &r->items[x];
		if (it->op == IT_RET)
			d->ret_pos[d->nret++] = it->pos;
		else if (it->op == IT_CALL && it->target >= fn->call0 && it->target < fn->call1) {
			d->call_pos[it->target - fn->call0] = it->pos;
			d->call_guard[it->target - fn->call0] = it->pred;
		}
	}
	d->ok = true;
	return TC_OK;
}

/* The blocks of function f, made once (NULL: out of memory). */
static fdom *dom_of(dstate *s, uint32_t f)
{
	if (!s->doms[f]) {
		fdom *d = TC_ARENA_ZARRAY(&s->ar, fdom, 1);
		if (!d || fn_dom(s, f, d))
			return NULL;
		s->doms[f] = d;
	}
	return s->doms[f];
}

/* the block (of fn, from 0) that holds the instruction at position pos */
static uint32_t pos_block(const reader *r, const pfunc *fn, uint32_t pos)
{
	uint32_t lo = fn->block0, hi = fn->block1;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (r->blocks[mid].pos0 <= pos)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo > fn->block0 ? lo - 1 - fn->block0 : TC_NONE;
}

static uint32_t writers(dstate *s, uint32_t o, int64_t off, uint32_t size, uint64_t *work);

/* Whether store fact w (of fn) may write [off, off + size) of object o. */
static bool may_write(dstate *s, uint32_t f, const dfact *w, uint32_t o, int64_t off,
		      uint32_t size)
{
	aval one;
	uint64_t key;
	int64_t k = 0;
	const aval *base = access_base(s, f, w, &one, &key, &k);
	for (uint32_t i = 0; i < base->n; i++) {
		uint64_t a = base->a[i];
		if (key_obj(a) != o)
			continue;
		int64_t lo, hi;
		access_range(s, a, k, w->size, &lo, &hi);
		if (lo < off + (int64_t)size && off < hi)
			return true;
	}
	return false;
}

/* Whether none of the other writes of a location, at positions ev[0 .. n)
 * of fn except ev[skip], lies on a way from the write at position sp
 * (block bs) to the load at position lp (block bl) that does not pass that
 * write again (tc__ways_clear); the write comes before the load. */
static int off_the_ways(dstate *s, const pfunc *fn, fdom *d, uint32_t bs, uint32_t sp,
			uint32_t bl, uint32_t lp, const uint32_t *ev, uint32_t n, uint32_t skip,
			uint64_t *work, bool *clear)
{
	if (tc__arena_grow(&s->ar, &s->evb, &s->evb_cap, (size_t)n + 1, sizeof *s->evb))
		return TC_ENOMEM;
	for (uint32_t i = 0; i < n; i++)
		s->evb[i] = pos_block(s->r, fn, ev[i]);
	*clear = tc__ways_clear(&d->w, bs, sp, bl, lp, s->evb, ev, n, skip, work);
	return TC_OK;
}

/* The block of store st (of f) where it is a copy's candidate for a load at
 * position lp in block bl: of a register f writes once, and before the
 * load on every path; TC_NONE otherwise. */
static uint32_t before_load(const reader *r, const pfunc *fn, const fdom *d, const dfact *st,
			    uint32_t bl, uint32_t lp)
{
	uint32_t bs = pos_block(r, fn, st->pos);
	if (st->def >= fn->nregs || d->writes[st->def] != 1 || bs == TC_NONE ||
	    !tc__ways_before(&d->w, bs, st->pos, bl, lp))
		return TC_NONE;
	return bs;
}

/* Whether fact x (a load or a store of f) accesses one exact address:
 * object *o at offset *off. */
static bool exact_at(dstate *s, uint32_t f, const dfact *x, uint32_t *o, int64_t *off)
{
	aval one;
	uint64_t key;
	int64_t k = 0;
	const aval *b = access_base(s, f, x, &one, &key, &k);
	if (b->n != 1 || b->k != V_NONE || !key_exact(b->a[0]) || s->obj[key_obj(b->a[0])].open)
		return false;
	*o = key_obj(b->a[0]);
	*off = key_off(b->a[0]) + k;
	return true;
}

static uint32_t fact_fn(const reader *r, uint32_t j);

/* Whether base is one or more exact addresses and nothing else, each of an
 * object that is not open. */
static bool exact_addrs(const dstate *s, const aval *base)
{
	if (base->n == 0 || base->k != V_NONE || base->wide)
		return false;
	for (uint32_t i = 0; i < base->n; i++)
		if (!key_exact(base->a[i]) || s->obj[key_obj(base->a[i])].open)
			return false;
	return true;
}

/* Whether a store of object o at an offset not known (a span), of a
 * function other than f (TC_NONE: of any), may write [off, off + size). */
static bool span_writes(const dstate *s, uint32_t o, int64_t off, uint32_t size, uint32_t f)
{
	for (uint32_t q = s->obj[o].sfirst; q != TC_NONE; q = s->span[q].next) {
		int64_t a, b;
		key_range(s, s->span[q].key, &a, &b);
		if (a < off + (int64_t)size && off < b && s->span[q].fn != f)
			return true;
	}
	return false;
}

/*
 * The one store of f that [off, off + size) of object o holds at position
 * lp (block bl), in *j (TC_NONE: none): a store of a register f writes
 * once, through one exact address, that comes before lp on every path,
 * where no other store of f that may write the range lies on a way from it
 * to lp that does not pass it again. Exact: the store writes the range
 * exactly, and the caller knows that no other function's store may write
 * it (copy_of); else the store covers the range, and a store of another
 * function that may write it leaves none.
 */
static int clear_store(dstate *s, uint32_t f, fdom *d, uint32_t bl, uint32_t lp, uint32_t o,
		       int64_t off, uint32_t size, bool exact, uint64_t *work, uint32_t *j)
{
	reader *r = s->r;
	const pfunc *fn = &r->fn[f];
	*j = TC_NONE;
	if (*work >= COPY_WORK)
		return TC_OK;
	if (!exact && span_writes(s, o, off, size, f))
		return TC_OK;
	uint32_t nw = 0, nq = writers(s, o, off, size, work);
	for (uint32_t q = 0; q < nq; q++) {
		uint32_t w = s->wq[q];
		bool own = w >= fn->df0 && w < fn->df1;
		if ((!own && exact) || !may_write(s, own ? f : fact_fn(r, w), &r->df[w], o, off, size))
			continue;
		if (!own)
			return TC_OK; /* another function's store */
		s->wl[nw] = w;
		s->wp[nw++] = r->df[w].pos;
	}
	for (uint32_t c = 0; c < nw && *work < COPY_WORK; c++) {
		const dfact *st = &r->df[s->wl[c]];
		uint32_t so, bs;
		int64_t soff;
		if ((st->flags & (DF_GUARD | DF_IMM | DF_ANYV)) || (exact && st->size != size) ||
		    !exact_at(s, f, st, &so, &soff) || so != o || soff > off ||
		    soff + st->size < off + (int64_t)size || (exact && soff != off) ||
		    (bs = before_load(r, fn, d, st, bl, lp)) == TC_NONE)
			continue;
		bool clear;
		if (off_the_ways(s, fn, d, bs, st->pos, bl, lp, s->wp, nw, c, work, &clear))
			return TC_ENOMEM;
		if (clear) {
			*j = s->wl[c];
			return TC_OK;
		}
	}
	return TC_OK;
}

/*
 * Whether load x of function f, whose base is one exact address, reads what
 * one store of a register wrote: a store in f of a register f writes once,
 * through that one address, that comes before the load on every path (it
 * dominates it), where no other store that may write the location (all of
 * them in f) lies on a way from that store to the load that does not pass
 * it again. Then whenever the load runs, the location holds what that store
 * last wrote, the register's value then, and the register has not been
 * written since (a write of it after the store and before the load would be
 * a way to the load around the store: the write dominates the store). That
 * register is *reg.
 */
static int copy_of(dstate *s, uint32_t f, const dfact *x, const aval *base, int64_t k,
		   uint64_t *work, uint32_t *reg)
{
	reader *r = s->r;
	const pfunc *fn = &r->fn[f];
	*reg = TC_NONE;
	if (base->n != 1 || base->k != V_NONE || !key_exact(base->a[0]))
		return TC_OK;
	uint32_t o = key_obj(base->a[0]);
	int64_t off = key_off(base->a[0]) + k;
	const dloc *l = s->obj[o].open ? NULL : find_loc(s, addr_key(o, off));
	if (!l || l->bad || l->size != x->size || l->fn != f || l->store == TC_NONE)
		return TC_OK;
	bool others = l->store == ST_MANY;
	for (uint32_t j = s->obj[o].sfirst; j != TC_NONE; j = s->span[j].next) {
		int64_t a, b;
		key_range(s, s->span[j].key, &a, &b);
		if (a < off + (int64_t)x->size && off < b) {
			if (s->span[j].fn != f)
				return TC_OK; /* another function's store may write it */
			others = true;
		}
	}
	fdom *d = dom_of(s, f);
	if (!d)
		return TC_ENOMEM;
	uint32_t bl = d->ok ? pos_block(r, fn, x->pos) : TC_NONE;
	if (bl == TC_NONE)
		return TC_OK;
	if (!others) { /* the one store there */
		const dfact *st = &r->df[l->store];
		if (before_load(r, fn, d, st, bl, x->pos) != TC_NONE)
			*reg = st->def;
		return TC_OK;
	}
	/* the stores that may write it (all in f): the one of the same size
	 * at the same address that holds there at the load */
	uint32_t j;
	if (clear_store(s, f, d, bl, x->pos, o, off, x->size, true, work, &j))
		return TC_ENOMEM;
	if (j != TC_NONE)
		*reg = r->df[j].def;
	return TC_OK;
}

static int keep_reads(reader *r, uint32_t f, uint32_t rec, const uint32_t *regs, uint32_t n,
		      bool *found);

/*
 * Whether load x of f, whose base is a few exact addresses, reads at each
 * what one store of a register wrote (copy_of): then it reads one of those
 * registers, as its address says, and is the same in a group where they
 * and the address are. Those registers go to r->mcopy (*found); nothing
 * where one place holds no such copy.
 */
static int copies_of(dstate *s, uint32_t f, const dfact *x, const aval *base, int64_t k,
		     uint64_t *work, bool *found)
{
	reader *r = s->r;
	uint32_t regs[MAX_MCOPY], n = 0;
	*found = false;
	if (base->n < 2 || base->n > MAX_MCOPY || base->k != V_NONE || base->wide)
		return TC_OK;
	for (uint32_t q = 0; q < base->n; q++) {
		if (!key_exact(base->a[q]) || key_obj(base->a[q]) != f)
			return TC_OK; /* f's own memory, at offsets known */
		uint64_t key = base->a[q];
		aval one = {V_NONE, 0, 1, 1, &key, false};
		uint32_t v = TC_NONE;
		if (copy_of(s, f, x, &one, k, work, &v))
			return TC_ENOMEM;
		if (v >= r->fn[f].nregs)
			return TC_OK;
		uint32_t j = 0;
		while (j < n && regs[j] != v)
			j++;
		if (j == n)
			regs[n++] = v;
	}
	return keep_reads(r, f, x->rec, regs, n, found);
}

/* Registers regs[0 .. n) as what record rec of f reads besides its address
 * (r->mcopy, by record: graphs.c merges them so); *found where kept. */
static int keep_reads(reader *r, uint32_t f, uint32_t rec, const uint32_t *regs, uint32_t n,
		      bool *found)
{
	*found = false;
	if (r->fn[f].mc1 != r->mcopy.len) /* the first of f's */
		r->fn[f].mc0 = r->fn[f].mc1 = (uint32_t)r->mcopy.len;
	else if (r->fn[f].mc1 > r->fn[f].mc0 && r->mcopy.v[r->fn[f].mc1 - 2] >= rec)
		return TC_OK;
	for (uint32_t j = 0; j < n; j++)
		if (tc__ptx_push(r, &r->mcopy, rec) || tc__ptx_push(r, &r->mcopy, regs[j]))
			return TC_ENOMEM;
	r->fn[f].mc1 = (uint32_t)r->mcopy.len;
	*found = true;
	return TC_OK;
}

/* ---- what a call leaves in local memory ------------------------------------ */

/* The function whose fact j is. */
static uint32_t fact_fn(const reader *r, uint32_t j)
{
	uint32_t lo = 0, hi = (uint32_t)r->nfn;
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (r->fn[mid].df1 <= j)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * Whether load x of f (2, 4 or 8 bytes at one exact address) reads what one
 * store of a register wrote elsewhere, moved there a byte at a time (a
 * memcpy, as nvcc -G writes a bit_cast and cooperative groups' shuffle of a
 * type of several words): each byte i of x's is what a one-byte store in f
 * wrote (clear_store), of a register that a one-byte load wrote once
 * before it on every path, of byte i of one location of x's size, which one store of register R wrote
 * whole (clear_store again, for that byte). Each hop comes before the next
 * on every path, so R's store comes before x on every path, and R, written
 * once in f, holds at x what it stored: x reads R, in *reg.
 */
static int bytes_of(dstate *s, uint32_t f, const dfact *x, uint64_t *work, uint32_t *reg)
{
	reader *r = s->r;
	const pfunc *fn = &r->fn[f];
	*reg = TC_NONE;
	uint32_t o, o2 = TC_NONE, w0 = TC_NONE;
	int64_t off, off2 = 0;
	if ((x->size != 2 && x->size != 4 && x->size != 8) || (x->flags & DF_GUARD) ||
	    !exact_at(s, f, x, &o, &off))
		return TC_OK;
	fdom *d = dom_of(s, f);
	if (!d)
		return TC_ENOMEM;
	uint32_t bl = d->ok ? pos_block(r, fn, x->pos) : TC_NONE;
	for (uint32_t i = 0; i < x->size && bl != TC_NONE; i++) {
		uint32_t sj, w, bo, bbl;
		int64_t boff;
		if (clear_store(s, f, d, bl, x->pos, o, off + i, 1, false, work, &sj))
			return TC_ENOMEM;
		const dfact *st = sj != TC_NONE ? &r->df[sj] : NULL;
		/* a byte store of what a byte load read */
		uint32_t bj = st && st->size == 1 && st->def < fn->nregs ? d->def_fact[st->def]
								       : TC_NONE;
		const dfact *ld = bj < r->ndf ? &r->df[bj] : NULL;
		if (!ld || ld->op != DF_LOAD || ld->size != 1 || (ld->flags & DF_GUARD) ||
		    !exact_at(s, f, ld, &bo, &boff) ||
		    (i && (bo != o2 || boff != off2 + (int64_t)i)) ||
		    (bbl = pos_block(r, fn, ld->pos)) == TC_NONE ||
		    !tc__ways_before(&d->w, bbl, ld->pos, pos_block(r, fn, st->pos), st->pos))
			return TC_OK;
		o2 = bo;
		off2 = boff - (int64_t)i;
		/* byte i of one whole store of a register */
		if (clear_store(s, f, d, bbl, ld->pos, bo, boff, 1, false, work, &w))
			return TC_ENOMEM;
		int64_t woff;
		uint32_t wo;
		if (w == TC_NONE || (i && w != w0) || r->df[w].size != x->size ||
		    !exact_at(s, f, &r->df[w], &wo, &woff) || wo != o2 || woff != off2)
			return TC_OK;
		w0 = w;
	}
	if (w0 != TC_NONE && bl != TC_NONE)
		*reg = r->df[w0].def;
	return TC_OK;
}

/* Marks (rmark, rstamp) the functions that may run f or one of g[0 .. ng)
 * through calls: those, their callers, theirs, and so on; kept for the
 * last f and one g asked. */
static void reaching(dstate *s, uint32_t f, const uint32_t *g, uint32_t ng, uint64_t *work)
{
	reader *r = s->r;
	uint32_t key = ng == 1 ? g[0] : ST_MANY;
	if (s->rf == f && s->rg == key && key != ST_MANY && s->rstamp)
		return;
	s->rf = f;
	s->rg = key;
	uint32_t top = 0, stamp = ++s->rstamp;
	s->rmark[f] = stamp;
	s->rstack[top++] = f;
	for (uint32_t i = 0; i < ng; i++)
		if (s->rmark[g[i]] != stamp) {
			s->rmark[g[i]] = stamp;
			s->rstack[top++] = g[i];
		}
	while (top) {
		uint32_t h = s->rstack[--top];
		*work += 1 + s->cby_off[h + 1] - s->cby_off[h];
		for (uint32_t j = s->cby_off[h]; j < s->cby_off[h + 1]; j++) {
			uint32_t x = r->calls[s->cby[j]].caller;
			if (s->rmark[x] != stamp) {
				s->rmark[x] = stamp;
				s->rstack[top++] = x;
			}
		}
	}
}

/* Per function, in *out: whether the memory of an open object may be live
 * while it runs: one of its own, or of a function that calls it through
 * any chain of calls (a call through a register may run any function whose
 * address is taken), or the module's. A function's local memory, and the
 * call slots it stores to, end when it returns: an address of them that
 * went anywhere can be used only while it runs, by it and by what it
 * calls. TC_OK or TC_ENOMEM. */
static int open_live(dstate *s, uint8_t **out)
{
	reader *r = s->r;
	uint8_t *m = TC_ARENA_ZARRAY(&s->ar, uint8_t, r->nfn + 1);
	uint32_t *stack = TC_ARENA_ARRAY(&s->ar, uint32_t, r->nfn + 1);
	if (!m || !stack)
		return TC_ENOMEM;
	*out = m;
	if (s->obj[r->nfn].open) { /* the module's: at any time */
		memset(m, 1, r->nfn);
		return TC_OK;
	}
	uint32_t top = 0;
	for (uint32_t f = 0; f < r->nfn; f++) {
		bool open = s->obj[f].open;
		for (uint32_t v = 0; v < r->fn[f].nregs && !open; v++) {
			uint32_t o = s->pobj[s->vbase[f] + v];
			open = o != TC_NONE && s->obj[o].open;
		}
		if (open) {
			m[f] = 1;
			stack[top++] = f;
		}
	}
	bool taken = false; /* the functions whose address is taken pushed */
	while (top) {
		const pfunc *fn = &r->fn[stack[--top]];
		for (uint32_t c = fn->call0; c < fn->call1; c++) {
			uint32_t y = r->calls[c].callee;
			if (y != TC_NONE && !m[y]) {
				m[y] = 1;
				stack[top++] = y;
			}
			if (r->calls[c].name || !s->icalls || taken)
				continue;
			taken = true;
			for (uint32_t g = 0; g < r->nfn; g++)
				if (r->fn[g].taken && !m[g]) {
					m[g] = 1;
					stack[top++] = g;
				}
		}
	}
	return TC_OK;
}

/* Whether register v of .func g holds its parameter *p (TC_NONE: not
 * known) plus *c: written once in g, by the read of the parameter's 8
 * bytes, a sum with a constant, a load that is a copy (copy_of), or the
 * result of a call of a pass-through of one source (what g passes it, as
 * cuda::std::forward returns its argument), in a chain of at most 64 such. */
static int param_of(dstate *s, uint32_t g, fdom *d, uint32_t v, uint64_t *work, uint32_t *p,
		    int64_t *c)
{
	reader *r = s->r;
	uint64_t sum = 0;
	*p = TC_NONE;
	*c = 0;
	for (int step = 0; step < 64 && !r->fn[g].entry; step++) {
		if (v >= r->fn[g].nregs || d->writes[v] != 1 || d->def_fact[v] >= ST_MANY)
			return TC_OK;
		const dfact *x = &r->df[d->def_fact[v]];
		if (x->flags & DF_GUARD)
			return TC_OK;
		if (x->op == DF_PARAM) {
			if (x->k == 0 && x->size == 8) {
				*p = x->b;
				*c = (int64_t)sum;
			}
			return TC_OK;
		} else if (x->op == DF_ADD) {
			sum += (uint64_t)x->k;
			v = x->a;
		} else if (x->op == DF_LOAD) {
			aval one;
			uint64_t key;
			int64_t k = 0;
			const aval *b = access_base(s, g, x, &one, &key, &k);
			if (copy_of(s, g, x, b, k, work, &v))
				return TC_ENOMEM;
		} else if (x->op == DF_RESULT) {
			/* a pass-through's of one source: what g passes it */
			const pcall *pc = x->a < r->ncalls ? &r->calls[x->a] : NULL;
			if (!pc || pc->callee == TC_NONE || x->b != 0 || x->k != 0 ||
			    s->thru_n[pc->callee] != 1)
				return TC_OK;
			const tsrc *t = &s->tsrc[s->thru_off[pc->callee]];
			if ((v = arg_reg(s, x->a, t->p, t->pk)) == TC_NONE)
				return TC_OK;
			sum += (uint64_t)t->k;
		} else {
			return TC_OK;
		}
	}
	return TC_OK;
}

/* The one exact address that call ci passes as its argument p (the 8 bytes
 * its caller stored in that call slot, as a whole), or 0. */
static uint64_t arg_addr(dstate *s, uint32_t ci, uint32_t p)
{
	const pcall *c = &s->r->calls[ci];
	uint32_t slot = arg_slot(s, c, p);
	if (slot == TC_NONE)
		return 0;
	uint32_t o = s->pobj[s->vbase[c->caller] + slot];
	if (o == TC_NONE || s->obj[o].open || s->obj[o].sfirst != TC_NONE)
		return 0;
	const dloc *l = find_loc(s, addr_key(o, 0));
	if (!l || l->bad || l->size != 8 || l->v.k != V_NONE || l->v.n != 1 || l->v.wide ||
	    !key_exact(l->v.a[0]))
		return 0;
	return l->v.a[0];
}

/*
 * Whether a call of g whose parameters hold base[0 .. nb) (an exact address,
 * or 0: not known) may write [off, off + size) of object o, where the
 * stores that may write it are those of wl[0 .. nw): one of g's is not
 * through a parameter plus a constant (wpb), or through one that holds no
 * address known, or one that makes it write there; or a call of g of a
 * function that may run f or a function that stores there (reaching) may,
 * with the addresses it passes (arg_reg, param_of), depth below MAX_HOPS;
 * or it may run f, or its work runs out.
 */
static bool call_writes(dstate *s, uint32_t g, const uint64_t *base, uint32_t nb, uint32_t nw,
			uint32_t o, int64_t off, uint32_t size, int depth, uint64_t *work)
{
	reader *r = s->r;
	const pfunc *gn = &r->fn[g];
	if (g == s->rf || *work >= COPY_WORK)
		return true;
	for (uint32_t w = 0; w < nw; w++) {
		if (s->wl[w] < gn->df0 || s->wl[w] >= gn->df1)
			continue;
		uint64_t a = s->wpb[w] < nb ? base[s->wpb[w]] : 0;
		if (!a)
			return true;
		int64_t lo = (int64_t)((uint64_t)key_off(a) + (uint64_t)s->wc[w] +
				       (uint64_t)r->df[s->wl[w]].k);
		if (key_obj(a) == o && lo < off + (int64_t)size && off < lo + r->df[s->wl[w]].size)
			return true;
	}
	for (uint32_t c = gn->call0; c < gn->call1; c++) {
		uint32_t y = r->calls[c].callee;
		if (y == TC_NONE || s->rmark[y] != s->rstamp)
			continue;
		if (depth + 1 >= MAX_HOPS)
			return true;
		uint64_t b2[8];
		uint32_t n2 = r->calls[c].nargs < 8 ? r->calls[c].nargs : 8;
		fdom *d = dom_of(s, g);
		if (!d || !d->ok)
			return true;
		for (uint32_t q = 0; q < n2; q++) {
			uint32_t reg = arg_reg(s, c, q, 0), pp = TC_NONE;
			int64_t k = 0;
			b2[q] = 0;
			if (reg != TC_NONE && param_of(s, g, d, reg, work, &pp, &k))
				return true;
			if (pp < nb && base[pp])
				b2[q] = addr_key(key_obj(base[pp]), key_off(base[pp]) + k);
		}
		if (call_writes(s, y, b2, n2, nw, o, off, size, depth + 1, work))
			return true;
	}
	return false;
}

/* Whether call ci may write [off, off + size) of o (call_writes, with the
 * exact addresses its arguments hold). */
static bool call_may_write(dstate *s, uint32_t ci, uint32_t nw, uint32_t o,
			   int64_t off, uint32_t size, uint64_t *work)
{
	const pcall *c = &s->r->calls[ci];
	uint64_t base[8];
	uint32_t nb = c->nargs < 8 ? c->nargs : 8;
	for (uint32_t p = 0; p < nb; p++)
		base[p] = arg_addr(s, ci, p);
	return call_writes(s, c->callee, base, nb, nw, o, off, size, 0, work);
}

/* Whether call ci may reach object o: o is among the objects its
 * arguments point into, the module's local memory, that of every function
 * the call may run, and the objects that what their locations hold points
 * into, and so on. A call that cannot reach o writes none of it. */
static bool reaches(dstate *s, uint32_t ci, uint32_t o, uint64_t *work)
{
	reader *r = s->r;
	uint32_t stamp = ++s->ostamp, on = 0, cn = 0;
#define REACH_OBJ(x)                                                                     \
	do {                                                                              \
		uint32_t x_ = (x);                                                         \
		if (x_ < s->nobj && s->omark[x_] != stamp) {                               \
			s->omark[x_] = stamp;                                              \
			s->ostack[on++] = x_;                                              \
		}                                                                          \
	} while (0)
	const pcall *c = &r->calls[ci];
	for (uint32_t p = 0; p < c->nargs; p++) {
		uint32_t slot = arg_slot(s, c, p);
		if (slot == TC_NONE || s->pobj[s->vbase[c->caller] + slot] == TC_NONE)
			return true; /* an argument not followed */
		REACH_OBJ(s->pobj[s->vbase[c->caller] + slot]);
	}
	REACH_OBJ((uint32_t)r->nfn); /* the module's */
	/* the functions it may run, and their local memory */
	s->cmark[c->callee] = stamp;
	s->cstack[cn++] = c->callee;
	while (cn) {
		uint32_t h = s->cstack[--cn];
		REACH_OBJ(h);
		*work += 1 + r->fn[h].call1 - r->fn[h].call0;
		for (uint32_t k = r->fn[h].call0; k < r->fn[h].call1; k++) {
			uint32_t y = r->calls[k].callee;
			if (y != TC_NONE && s->cmark[y] != stamp) {
				s->cmark[y] = stamp;
				s->cstack[cn++] = y;
			}
		}
	}
	while (on) {
		uint32_t x = s->ostack[--on];
		if (x == o || s->obj[x].open)
			return true;
		for (uint32_t j = s->obj[x].first; j != TC_NONE; j = s->loc[j].next) {
			*work += 1 + s->loc[j].v.n;
			if (s->loc[j].v.wide)
				return true;
			for (uint32_t a = 0; a < s->loc[j].v.n; a++)
				REACH_OBJ(key_obj(s->loc[j].v.a[a]));
		}
		for (uint32_t j = s->obj[x].sfirst; j != TC_NONE; j = s->span[j].next) {
			*work += 1 + s->span[j].v.n;
			if (s->span[j].v.wide)
				return true;
			for (uint32_t a = 0; a < s->span[j].v.n; a++)
				REACH_OBJ(key_obj(s->span[j].v.a[a]));
		}
	}
#undef REACH_OBJ
	return false;
}

/* reaches, the answer kept per call for the last object asked */
static bool call_reaches(dstate *s, uint32_t ci, uint32_t o, uint64_t *work)
{
	if (s->rch_obj[ci] == o) {
		*work += 1;
		return s->rch[ci];
	}
	if (*work >= COPY_WORK)
		return true;
	s->rch[ci] = reaches(s, ci, o, work);
	s->rch_obj[ci] = o;
	return s->rch[ci];
}

/* The positions of h's events for out_of in *ev (grown): the stores of
 * wl[0 .. nw) that are h's, and h's calls of functions that may run f or
 * a function that stores there (reaching), but, where others is set, those
 * that cannot reach the location's object (call_reaches) or write its
 * bytes (call_may_write). A function without a body runs none, and writes
 * the location only through an address passed to it, which opens its
 * object. */
static int events(dstate *s, uint32_t h, const fdom *d, uint32_t nw, bool others, uint32_t o,
		  int64_t off, uint32_t size, uint32_t **ev, size_t *cap, uint32_t *n,
		  uint64_t *work)
{
	reader *r = s->r;
	const pfunc *fn = &r->fn[h];
	*n = 0;
	if (tc__arena_grow(&s->ar, ev, cap, (size_t)nw + fn->call1 - fn->call0 + 1, sizeof **ev))
		return TC_ENOMEM;
	for (uint32_t w = 0; w < nw; w++)
		if (s->wl[w] >= fn->df0 && s->wl[w] < fn->df1)
			(*ev)[(*n)++] = r->df[s->wl[w]].pos;
	for (uint32_t c = fn->call0; c < fn->call1; c++) {
		uint32_t y = r->calls[c].callee;
		if (y != TC_NONE && s->rmark[y] == s->rstamp &&
		    (!others || (call_reaches(s, c, o, work) &&
				 call_may_write(s, c, nw, o, off, size, work))))
			(*ev)[(*n)++] = d->call_pos[c - fn->call0];
	}
	return TC_OK;
}

/* the index of position pos in ev[0 .. n), n if none */
static uint32_t ev_index(const uint32_t *ev, uint32_t n, uint32_t pos)
{
	uint32_t i = 0;
	while (i < n && ev[i] != pos)
		i++;
	return i;
}

/* Whether every return of g (ret, exit) comes after the point at position
 * pos on every path, with none of the events ev[0 .. n) but ev[skip] on a
 * way from it to one, in *ok. */
static int before_returns(dstate *s, uint32_t g, fdom *d, uint32_t pos, const uint32_t *ev,
			  uint32_t n, uint32_t skip, uint64_t *work, bool *ok)
{
	const pfunc *gn = &s->r->fn[g];
	uint32_t bs = pos_block(s->r, gn, pos);
	*ok = bs != TC_NONE;
	for (uint32_t q = 0; q < d->nret && *ok; q++) {
		uint32_t rp = d->ret_pos[q], br = pos_block(s->r, gn, rp);
		*ok = br != TC_NONE && tc__ways_before(&d->w, bs, pos, br, rp);
		if (*ok && off_the_ways(s, gn, d, bs, pos, br, rp, ev, n, skip, work, ok))
			return TC_ENOMEM;
	}
	return TC_OK;
}

/* What call ci of f passes as its argument q: f's parameter *p plus *c
 * (param_of of the register stored whole in the argument's slot); *p
 * TC_NONE when it is not so. TC_OK or TC_ENOMEM. */
static int arg_param(dstate *s, uint32_t f, fdom *d, uint32_t ci, uint32_t q, uint64_t *work,
		     uint32_t *p, int64_t *c)
{
	uint32_t reg = arg_reg(s, ci, q, 0);
	*p = TC_NONE;
	*c = 0;
	return reg == TC_NONE ? TC_OK : param_of(s, f, d, reg, work, p, c);
}

/*
 * The store of h (of wl[0 .. nw), through its parameter p plus a constant,
 * of bytes need .. need + size of what p points to, or of a word that holds
 * them) that function gi, or a
 * chain of calls from it, makes last before it returns: in *st, TC_NONE when
 * none. In h: a store of a register h writes once, that every return
 * follows with none of h's events (ng of them in s->gev) on the way. In a
 * function on the way (depth below MAX_HOPS): a call of a function that
 * may run h, passing it p plus a constant (param_of of what the call slot
 * holds), that every return follows with none of that function's events
 * on the way; the calls are s->hop[depth ..].
 */
static int chain(dstate *s, uint32_t gi, uint32_t p, uint64_t need, uint32_t size, uint32_t nw,
		 uint32_t h, uint32_t ng, int depth, uint64_t *work, uint32_t *st)
{
	reader *r = s->r;
	fdom *d = dom_of(s, gi);
	*st = TC_NONE;
	if (!d)
		return TC_ENOMEM;
	if (!d->ok)
		return TC_OK;
	const pfunc *gn = &r->fn[gi];
	if (gi == h) {
		s->nhops = (uint32_t)depth;
		for (uint32_t w = 0; w < nw && *work < COPY_WORK; w++) {
			const dfact *x = &r->df[s->wl[w]];
			bool ok;
			/* a store of the bytes, or of a word that holds them
			 * (an out says whether the value may differ, and a
			 * part of it differs only where it does) */
			uint64_t lo = (uint64_t)s->wc[w] + (uint64_t)x->k;
			if (s->wpb[w] != p || (x->flags & (DF_GUARD | DF_IMM | DF_ANYV)) ||
			    x->def >= gn->nregs || d->writes[x->def] != 1 ||
			    (int64_t)(need - lo) < 0 || need - lo + size > x->size)
				continue;
			if (before_returns(s, h, d, x->pos, s->gev, ng, ev_index(s->gev, ng, x->pos),
					   work, &ok))
				return TC_ENOMEM;
			if (ok) {
				*st = s->wl[w];
				s->whole = need == lo && size == x->size;
				return TC_OK;
			}
		}
		return TC_OK;
	}
	if (depth == MAX_HOPS)
		return TC_OK;
	uint32_t ne = 0;
	bool stale = true; /* s->hev is another function's */
	for (uint32_t c2 = gn->call0; c2 < gn->call1 && *work < COPY_WORK; c2++) {
		uint32_t y = r->calls[c2].callee, pos = d->call_pos[c2 - gn->call0];
		if (y == TC_NONE || y == gi || y == s->rf || s->rmark[y] != s->rstamp ||
		    pos == TC_NONE || d->call_guard[c2 - gn->call0])
			continue; /* not back into the loading function */
		for (uint32_t q = 0; q < r->calls[c2].nargs; q++) {
			uint32_t pp;
			int64_t c;
			bool ok;
			if (arg_param(s, gi, d, c2, q, work, &pp, &c))
				return TC_ENOMEM;
			if (pp != p || pp == TC_NONE)
				continue;
			if (stale && events(s, gi, d, nw, false, 0, 0, 0, &s->hev, &s->hev_cap,
					    &ne, work))
				return TC_ENOMEM;
			stale = false;
			if (before_returns(s, gi, d, pos, s->hev, ne, ev_index(s->hev, ne, pos), work,
					   &ok))
				return TC_ENOMEM;
			if (!ok)
				continue;
			s->hop[depth] = c2;
			if (chain(s, y, q, need - (uint64_t)c, size, nw, h, ng, depth + 1, work, st))
				return TC_ENOMEM;
			if (*st != TC_NONE)
				return TC_OK;
			stale = true;
		}
	}
	return TC_OK;
}

/*
 * Whether load x of f, through one exact address of bytes that only stores
 * of f and of at most MAX_WRITERS other functions may write, reads what a
 * call of one of them, g, left there: a call of g, before the load on every
 * path, that passes one exact address of the bytes' object as a parameter
 * of g, through which plus a constant g stores a register it writes once
 * (those bytes, or a word that holds them: the load is then as uniform as
 * that register, not a copy of it), with a store that every return of g
 * follows; and neither another store that may write the location, nor a
 * call of a function that may run f or a function that stores there, lies
 * on a way from that store to a return of g, nor from the call to the load
 * in f (off_the_ways). Then whenever the load runs, the location holds
 * what the store last wrote: the register's value as g returned (a base
 * class's constructor that g calls first writes there too). Where the
 * load is through f's parameter plus a constant that holds several exact
 * addresses (a constructor that callers each give an object of theirs),
 * the call passes that parameter plus a constant instead, the stores and
 * functions are those of every address, and every call of a function that
 * may run f or one of them is on the way. *call: the call (r->calls),
 * *stf: the store's fact; TC_NONE when not.
 */
static int out_of(dstate *s, uint32_t f, const dfact *x, const aval *base, int64_t k,
		  uint64_t *work, uint32_t *call, uint32_t *stf)
{
	reader *r = s->r;
	const pfunc *fn = &r->fn[f];
	*call = *stf = TC_NONE;
	if (!exact_addrs(s, base) || *work >= COPY_WORK)
		return TC_OK;
	fdom *df = dom_of(s, f);
	if (!df)
		return TC_ENOMEM;
	uint32_t bl = df->ok ? pos_block(r, fn, x->pos) : TC_NONE, pp = TC_NONE;
	int64_t pk = 0;
	bool byparam = base->n > 1;
	if (bl == TC_NONE || (byparam && (fn->entry || x->a == TC_NONE)))
		return TC_OK;
	if (byparam && param_of(s, f, df, x->a, work, &pp, &pk))
		return TC_ENOMEM;
	if (byparam && pp == TC_NONE)
		return TC_OK;
	if (!s->fmark && !(s->fmark = TC_ARENA_ZARRAY(&s->ar, uint32_t, r->ndf + 1)))
		return TC_ENOMEM;
	uint32_t g[MAX_WRITERS], ng = 0, nw = 0, stamp = ++s->fstamp;
	for (uint32_t i = 0; i < base->n; i++) {
		uint32_t o = key_obj(base->a[i]);
		int64_t off = key_off(base->a[i]) + k;
		if (*work >= COPY_WORK)
			return TC_OK;
		uint32_t nq = writers(s, o, off, x->size, work);
		for (uint32_t q = 0; q < nq; q++) {
			uint32_t j = s->wq[q], h = fact_fn(r, j), e = 0;
			if (s->fmark[j] == stamp || !may_write(s, h, &r->df[j], o, off, x->size))
				continue;
			s->fmark[j] = stamp;
			while (e < ng && g[e] != h)
				e++;
			if (h != f && e == ng) {
				if (ng == MAX_WRITERS)
					return TC_OK; /* too many functions' */
				g[ng++] = h;
			}
			s->wl[nw++] = j;
		}
	}
	if (ng == 0)
		return TC_OK;
	uint32_t o = key_obj(base->a[0]);
	int64_t off = key_off(base->a[0]) + k;
	reaching(s, f, g, ng, work);
	*work += (uint64_t)nw + fn->call1 - fn->call0;
	/* the other functions' stores through their parameters */
	for (uint32_t w = 0; w < nw; w++) {
		uint32_t h = fact_fn(r, s->wl[w]);
		fdom *dh = h != f ? dom_of(s, h) : NULL;
		s->wpb[w] = TC_NONE;
		if (h != f && !dh)
			return TC_ENOMEM;
		if (dh && dh->ok && r->df[s->wl[w]].a != TC_NONE &&
		    param_of(s, h, dh, r->df[s->wl[w]].a, work, &s->wpb[w], &s->wc[w]))
			return TC_ENOMEM;
	}
	uint32_t nf;
	if (events(s, f, df, nw, !byparam, o, off, x->size, &s->fev, &s->fev_cap, &nf, work))
		return TC_ENOMEM;
	for (uint32_t i = 0; i < ng && *work < COPY_WORK; i++) {
		const pfunc *gn = &r->fn[g[i]];
		fdom *dg = dom_of(s, g[i]);
		uint32_t ng2;
		if (!dg)
			return TC_ENOMEM;
		*work += gn->call1 - gn->call0;
		if (!dg->ok)
			continue;
		if (events(s, g[i], dg, nw, false, o, off, x->size, &s->gev, &s->gev_cap, &ng2, work))
			return TC_ENOMEM;
		for (uint32_t ci = fn->call0; ci < fn->call1 && *work < COPY_WORK; ci++) {
			uint32_t pc = df->call_pos[ci - fn->call0], y = r->calls[ci].callee;
			uint32_t bc = pc != TC_NONE && !df->call_guard[ci - fn->call0]
					      ? pos_block(r, fn, pc)
					      : TC_NONE;
			if (y == TC_NONE || s->rmark[y] != s->rstamp || y == f || bc == TC_NONE ||
			    !tc__ways_before(&df->w, bc, pc, bl, x->pos))
				continue;
			for (uint32_t p = 0; p < r->calls[ci].nargs; p++) {
				uint64_t want;
				if (byparam) { /* f's parameter plus a constant */
					uint32_t ap;
					int64_t ak;
					if (arg_param(s, f, df, ci, p, work, &ap, &ak))
						return TC_ENOMEM;
					if (ap != pp)
						continue;
					want = (uint64_t)pk + (uint64_t)k - (uint64_t)ak;
				} else {
					uint64_t a = arg_addr(s, ci, p);
					if (!a || key_obj(a) != o)
						continue;
					want = (uint64_t)off - (uint64_t)key_off(a);
				}
				uint32_t st = TC_NONE;
				bool all;
				if (chain(s, y, p, want, x->size, nw, g[i], ng2, 0, work, &st) ||
				    (st != TC_NONE &&
				     off_the_ways(s, fn, df, bc, pc, bl, x->pos, s->fev, nf,
						  ev_index(s->fev, nf, pc), work, &all)))
					return TC_ENOMEM;
				if (st != TC_NONE && all) {
					*call = ci;
					*stf = st;
					return TC_OK;
				}
			}
		}
	}
	return TC_OK;
}

/* The out of function fn that is the register record rec writes (rec not
 * TC_NONE), or what its call 'call' leaves, its callee's out sub: its
 * index k among fn's outs, a new one numbered after the others; TC_NONE
 * when out of memory. */
static uint32_t out_k(reader *r, uint32_t fn, uint32_t rec, uint32_t call, uint32_t sub)
{
	uint32_t k = 0;
	for (size_t q = 0; q < r->nouts; q++) {
		const struct pout *o = &r->outs[q];
		if (o->fn != fn)
			continue;
		if (o->rec == rec && (rec != TC_NONE || (o->call == call && o->sub == sub)))
			return o->k;
		k++;
	}
	if (tc__ptx_grow(r, &r->outs, &r->outs_cap, r->nouts + 1, sizeof *r->outs))
		return TC_NONE;
	r->outs[r->nouts++] = (struct pout){fn, rec, call, sub, k};
	return k;
}

/* The outs that store fact stf and the calls s->hop[0 .. nhops) make: in
 * *k the index of the first's among its function's outs (TC_NONE: the
 * register stored has no record). TC_OK or TC_ENOMEM. */
static int chain_out(dstate *s, uint32_t stf, uint32_t *k)
{
	reader *r = s->r;
	uint32_t h = fact_fn(r, stf), w = r->df[stf].def, rec = TC_NONE;
	const pfunc *hn = &r->fn[h];
	*k = TC_NONE;
	for (uint32_t j = hn->rec0; j < hn->rec1 && rec == TC_NONE; j++)
		if (r->rec.def.v[j] == w)
			rec = j;
	if (rec == TC_NONE)
		return TC_OK;
	uint32_t x = out_k(r, h, rec, TC_NONE, TC_NONE);
	for (uint32_t d = s->nhops; d-- > 0 && x != TC_NONE;)
		x = out_k(r, r->calls[s->hop[d]].caller, TC_NONE, s->hop[d], x);
	*k = x;
	return x == TC_NONE ? TC_ENOMEM : TC_OK;
}

/* The outs that store fact stf and the calls s->hop[0 .. nhops) make, and
 * the load record i (fact ld) of f that reads the first after call ci, for
 * graphs.c. */
static int add_out(dstate *s, uint32_t f, uint32_t ci, uint32_t i, uint32_t ld, uint32_t stf)
{
	reader *r = s->r;
	uint32_t k;
	if (chain_out(s, stf, &k))
		return TC_ENOMEM;
	if (k == TC_NONE)
		return TC_OK;
	if (tc__ptx_grow(r, &r->couts, &r->couts_cap, r->ncouts + 1, sizeof *r->couts))
		return TC_ENOMEM;
	bool direct = s->nhops == 0 && s->whole;
	r->couts[r->ncouts++] = (struct pcout){f, ci, i, k, ld, direct ? stf : TC_NONE};
	return TC_OK;
}

static int cmp_wx(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;
	return x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : x[1] < y[1] ? -1 : x[1] > y[1];
}

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

/* The stores that may write [off, off + size) of object o, each once, in
 * the order of the facts, in s->wq: their number. Those whose address
 * there is exact are found by offset, the others are all of o's that are
 * not (may_write tells which of these write the bytes). */
static uint32_t writers(dstate *s, uint32_t o, int64_t off, uint32_t size, uint64_t *work)
{
	/* the exact ones, sorted, then merged with the others (in order) */
	uint32_t ne = 0, ni = s->wnof[o + 1] - s->wnof[o], n = 0;
	uint64_t lo = addr_key(o, off - (int64_t)s->wmax + 1), hi = addr_key(o, off + (int64_t)size);
	for (uint32_t q = tc__u64_lower_bound(s->wxk, s->nwx, lo); q < s->nwx && s->wxk[q] < hi; q++)
		s->wq2[ne++] = s->wxj[q];
	*work += 1 + ni + ne;
	if (ne > 1)
		qsort(s->wq2, ne, sizeof *s->wq2, cmp_u32);
	const uint32_t *in = s->wn + s->wnof[o];
	for (uint32_t a = 0, b = 0; a < ni || b < ne;) {
		uint32_t j = b == ne || (a < ni && in[a] < s->wq2[b]) ? in[a++] : s->wq2[b++];
		if (!n || s->wq[n - 1] != j)
			s->wq[n++] = j;
	}
	return n;
}

/* The stores that may write each object, by offset (wxk, wxj) and those
 * at an offset not known (wnof, wn), and room for the most of them that
 * one load may see (s->wl, s->wq). */
static int store_index(dstate *s)
{
	reader *r = s->r;
	s->wnof = TC_ARENA_ZARRAY(&s->ar, uint32_t, (size_t)s->nobj + 2);
	if (!s->wnof)
		return TC_ENOMEM;
	size_t n = 0, nx = 0; /* stores of each object, and at exact addresses */
	for (int pass = 0; pass < 2; pass++) {
		for (uint32_t f = 0; f < r->nfn; f++)
			for (uint32_t j = r->fn[f].df0; j < r->fn[f].df1; j++) {
				const dfact *x = &r->df[j];
				if (x->op != DF_STORE)
					continue;
				aval one;
				uint64_t key;
				int64_t k = 0;
				const aval *b = access_base(s, f, x, &one, &key, &k);
				bool inexact = false; /* through b's addresses in object o */
				for (uint32_t i = 0; i < b->n; i++) {
					uint32_t o = key_obj(b->a[i]);
					if (key_exact(b->a[i]) && pass == 0) {
						nx++;
					} else if (key_exact(b->a[i])) {
						s->wxk[2 * s->nwx] = addr_key(o, key_off(b->a[i]) + k);
						s->wxk[2 * s->nwx++ + 1] = j;
					}
					inexact |= !key_exact(b->a[i]);
					if (i + 1 < b->n && key_obj(b->a[i + 1]) == o)
						continue; /* sorted: o's last address next */
					n += pass == 0;
					if (inexact && pass == 0)
						s->wnof[o + 2]++;
					else if (inexact)
						s->wn[s->wnof[o + 1]++] = j;
					inexact = false;
				}
				if (x->size > s->wmax)
					s->wmax = x->size;
			}
		if (pass == 0) {
			for (uint32_t o = 0; o < s->nobj; o++)
				s->wnof[o + 2] += s->wnof[o + 1];
			if (nx >= UINT32_MAX / 2 || n + nx >= UINT32_MAX)
				return TC_ENOMEM;
			/* pairs (key, fact) while made, keys alone once sorted */
			s->wxk = TC_ARENA_ARRAY(&s->ar, uint64_t, 2 * nx + 1);
			s->wxj = TC_ARENA_ARRAY(&s->ar, uint32_t, nx + 1);
			s->wn = TC_ARENA_ARRAY(&s->ar, uint32_t, (size_t)s->wnof[s->nobj + 1] + 1);
			s->wq = TC_ARENA_ARRAY(&s->ar, uint32_t, n + nx + 1);
			s->wq2 = TC_ARENA_ARRAY(&s->ar, uint32_t, nx + 1);
			s->wl = TC_ARENA_ARRAY(&s->ar, uint32_t, n + 1);
			s->wp = TC_ARENA_ARRAY(&s->ar, uint32_t, n + 1);
			s->wpb = TC_ARENA_ARRAY(&s->ar, uint32_t, n + 1);
			s->wc = TC_ARENA_ARRAY(&s->ar, int64_t, n + 1);
			if (!s->wxk || !s->wxj || !s->wn || !s->wq || !s->wq2 || !s->wl || !s->wp ||
			    !s->wpb || !s->wc)
				return TC_ENOMEM;
		}
	}
	qsort(s->wxk, s->nwx, 2 * sizeof *s->wxk, cmp_wx);
	for (uint32_t q = 0; q < s->nwx; q++) {
		s->wxj[q] = (uint32_t)s->wxk[2 * q + 1];
		s->wxk[q] = s->wxk[2 * q];
	}
	return TC_OK;
}

static bool call_gets_address(dstate *s, uint32_t ci);

/* Whether call ci may write object o: one of a function here that may
 * reach it (call_reaches); one without a body (but keeps_no_address), or
 * through a register, given any address of local memory. */
static bool call_may_reach(dstate *s, uint32_t ci, uint32_t o, uint64_t *work)
{
	const pcall *c = &s->r->calls[ci];
	return c->callee == TC_NONE ? !keeps_no_address(c) && call_gets_address(s, ci)
				    : call_reaches(s, ci, o, work);
}

/*
 * Whether load x of .func f, through its parameter p plus a constant, where
 * p may hold several exact addresses (a helper whose callers each give it
 * an object of theirs), reads what a store of f through the same parameter
 * plus the same constant wrote: a store of a register f writes once, of
 * the load's size, before the load on every path, where no other store of
 * f that may write those bytes at any of the addresses, and no call of f
 * that may reach their objects, lies on a way from it to the load that
 * does not pass it again. In one call of f the parameter is one address,
 * and the store wrote there; between the two only f and what it calls run
 * in the thread, and no other thread writes its local memory. *reg: the
 * register (TC_NONE: not proved).
 */
static int param_copy(dstate *s, uint32_t f, const dfact *x, const aval *base, int64_t k,
		      uint64_t *work, uint32_t *reg)
{
	reader *r = s->r;
	const pfunc *fn = &r->fn[f];
	*reg = TC_NONE;
	if (fn->entry || x->a == TC_NONE || !exact_addrs(s, base) || *work >= COPY_WORK)
		return TC_OK;
	fdom *d = dom_of(s, f);
	if (!d)
		return TC_ENOMEM;
	uint32_t bl = d->ok ? pos_block(r, fn, x->pos) : TC_NONE, p;
	int64_t c;
	if (bl == TC_NONE || param_of(s, f, d, x->a, work, &p, &c))
		return bl == TC_NONE ? TC_OK : TC_ENOMEM;
	if (p == TC_NONE)
		return TC_OK;
	uint64_t want = (uint64_t)c + (uint64_t)x->k;
	size_t cap = (size_t)(fn->df1 - fn->df0) + (fn->call1 - fn->call0) + 1;
	uint64_t cost = (uint64_t)cap * base->n; /* the scan below, whole or not at all */
	if (*work >= COPY_WORK || cost > COPY_WORK - *work) {
		*work = COPY_WORK;
		return TC_OK;
	}
	*work += cost;
	/* the candidates: their events' places, and their facts */
	if (tc__arena_grow(&s->ar, &s->fev, &s->fev_cap, cap, sizeof *s->fev) ||
	    tc__arena_grow(&s->ar, &s->cand, &s->cand_cap, 2 * cap, sizeof *s->cand))
		return TC_ENOMEM;
	uint32_t *cand = s->cand, *cfact = s->cand + cap, n = 0, nc = 0;
	for (uint32_t j = fn->df0; j < fn->df1; j++) {
		const dfact *w = &r->df[j];
		bool hit = false;
		for (uint32_t i = 0; w->op == DF_STORE && i < base->n && !hit; i++)
			hit = may_write(s, f, w, key_obj(base->a[i]), key_off(base->a[i]) + k,
					x->size);
		if (!hit)
			continue;
		uint32_t q;
		int64_t c2;
		if (!(w->flags & (DF_GUARD | DF_IMM | DF_ANYV)) && w->size == x->size &&
		    w->a != TC_NONE && w->def < fn->nregs) {
			if (param_of(s, f, d, w->a, work, &q, &c2))
				return TC_ENOMEM;
			if (q == p && (uint64_t)c2 + (uint64_t)w->k == want &&
			    before_load(r, fn, d, w, bl, x->pos) != TC_NONE) {
				cfact[nc] = j;
				cand[nc++] = n;
			}
		}
		s->fev[n++] = w->pos;
	}
	for (uint32_t ci = fn->call0; ci < fn->call1; ci++) {
		uint32_t pos = d->call_pos[ci - fn->call0];
		bool hit = false;
		for (uint32_t i = 0; i < base->n && !hit; i++)
			hit = call_may_reach(s, ci, key_obj(base->a[i]), work);
		if (!hit)
			continue;
		if (pos == TC_NONE)
			return TC_OK; /* not placed: it may lie anywhere */
		s->fev[n++] = pos;
	}
	for (uint32_t e = 0; e < nc && *work < COPY_WORK; e++) {
		const dfact *st = &r->df[cfact[e]];
		bool clear;
		if (off_the_ways(s, fn, d, pos_block(r, fn, st->pos), st->pos, bl, x->pos, s->fev, n,
				 cand[e], work, &clear))
			return TC_ENOMEM;
		if (clear) {
			*reg = st->def;
			return TC_OK;
		}
	}
	return TC_OK;
}

/*
 * Whether load x of f, through one exact address of an object that is not
 * open, reads part of what one store of f wrote, of a register f writes
 * once (clear_store: the store covers the load's bytes and holds there at
 * the load, and no other function's store may write them): *reg, and
 * *part where the store is wider or elsewhere (a field of a copied
 * object: as uniform as the register, not a copy of it).
 */
static int part_of(dstate *s, uint32_t f, const dfact *x, const aval *base, int64_t k,
		   uint64_t *work, uint32_t *reg, bool *part)
{
	reader *r = s->r;
	*reg = TC_NONE;
	if (base->n != 1 || base->k != V_NONE || !key_exact(base->a[0]) ||
	    s->obj[key_obj(base->a[0])].open || (x->flags & DF_SIGNED))
		return TC_OK;
	uint32_t o = key_obj(base->a[0]);
	int64_t off = key_off(base->a[0]) + k;
	fdom *d = dom_of(s, f);
	if (!d)
		return TC_ENOMEM;
	uint32_t bl = d->ok ? pos_block(r, &r->fn[f], x->pos) : TC_NONE, j;
	if (bl == TC_NONE)
		return TC_OK;
	if (clear_store(s, f, d, bl, x->pos, o, off, x->size, false, work, &j))
		return TC_ENOMEM;
	if (j == TC_NONE)
		return TC_OK;
	uint32_t so;
	int64_t soff;
	*reg = r->df[j].def;
	*part = r->df[j].size != x->size || !exact_at(s, f, &r->df[j], &so, &soff) || soff != off;
	return TC_OK;
}

/*
 * Whether the stores of the file that may write [off, off + size) of
 * object o, not open, are none (slots false), or only f's own stores of
 * exactly those bytes at its depot's address plus a constant (DF_SLOT;
 * slots true): no store at an offset not known, none of another function
 * (through a pointer f passed), none of other bytes that overlap them.
 */
static bool only_slot_stores(dstate *s, uint32_t f, uint32_t o, int64_t off, uint32_t size,
			     bool slots, uint64_t *work)
{
	reader *r = s->r;
	if (s->obj[o].open || span_writes(s, o, off, size, TC_NONE))
		return false;
	uint32_t nq = writers(s, o, off, size, work);
	for (uint32_t q = 0; q < nq; q++) {
		uint32_t w = s->wq[q], so;
		const dfact *st = &r->df[w];
		int64_t soff;
		bool own = f != TC_NONE && w >= r->fn[f].df0 && w < r->fn[f].df1;
		if (!may_write(s, own ? f : fact_fn(r, w), st, o, off, size))
			continue;
		if (!slots || !own || !(st->flags & DF_SLOT) || st->size != size ||
		    !exact_at(s, f, st, &so, &soff) || so != o || soff != off)
			return false;
	}
	return true;
}

/*
 * Whether no store of the file may write [k, k + size) of the one exact
 * address base, of an object that is not open: bytes that hold nothing
 * written (a structure's padding, copied whole), the same as undefined
 * values are taken to be in every thread (as LLVM's uniformity analysis
 * takes undef).
 */
static bool never_written(dstate *s, const aval *base, int64_t k, uint32_t size,
			  uint64_t *work)
{
	if (base->n != 1 || base->k != V_NONE || !key_exact(base->a[0]))
		return false;
	return only_slot_stores(s, TC_NONE, key_obj(base->a[0]), key_off(base->a[0]) + k, size,
				false, work);
}

/*
 * Whether an 8-byte load x of f, through one exact address, reads in each
 * of its 4-byte halves part of what one store of a register wrote
 * (part_of: nvcc -G keeps an object of 4-byte fields, which the function
 * writes a word at a time, read-modify-write, and copies it 8 bytes at a
 * time): then it reads both registers, and is as uniform as both (kept as
 * its reads, as copies_of keeps them; *found). A half that nothing writes
 * (never_written) reads nothing.
 */
static int store_halves(dstate *s, uint32_t f, const dfact *x, const aval *base, int64_t k,
			uint64_t *work, bool *found)
{
	*found = false;
	if (x->size != 8)
		return TC_OK;
	uint32_t regs[2], n = 0;
	dfact half = *x;
	half.size = 4;
	for (int h = 0; h < 2; h++) {
		bool part;
		uint32_t reg;
		if (part_of(s, f, &half, base, k + 4 * h, work, &reg, &part))
			return TC_ENOMEM;
		if (reg != TC_NONE && (n == 0 || regs[0] != reg))
			regs[n++] = reg;
		else if (reg == TC_NONE && !never_written(s, base, k + 4 * h, 4, work))
			return TC_OK;
	}
	return n ? keep_reads(s->r, f, x->rec, regs, n, found) : TC_OK;
}

/*
 * Whether an 8-byte load x (record i, fact j) of f reads in each of its
 * halves what a call left (out_of, for each 4-byte word: nvcc -G copies an
 * object of 4-byte fields, which constructors wrote, 8 bytes at a time):
 * then it reads both outs, and is as uniform as both (graph/desc.h); else
 * neither.
 */
static int out_halves(dstate *s, uint32_t f, const dfact *x, const aval *base, int64_t k,
		      uint32_t i, uint32_t j, uint64_t *work)
{
	reader *r = s->r;
	dfact half = *x;
	half.size = 4;
	size_t mark = r->ncouts;
	for (int h = 0; h < 2; h++) {
		uint32_t ci, stf;
		if (out_of(s, f, &half, base, k + 4 * h, work, &ci, &stf))
			return TC_ENOMEM;
		size_t before = r->ncouts;
		if (ci != TC_NONE && add_out(s, f, ci, i, j, stf))
			return TC_ENOMEM;
		if (r->ncouts == before) { /* no out there: neither half's */
			r->ncouts = mark;
			return TC_OK;
		}
	}
	return TC_OK;
}

/*
 * A depot read as memory (its address escapes: an object whose address
 * is taken, clang -O0's address of a local) keeps, as registers, the slots
 * that only their own direct stores write (only_slot_stores): each such store
 * writes the slot's register again and each direct load of it reads the
 * register, as when no address escapes (SSA form then joins the stores
 * that reach a load: a variable carried round a loop is a phi of the
 * values stored). Other loads of those bytes, through pointers, still read
 * memory, which holds what the register does.
 */
static int promote_slots(dstate *s, uint64_t *work)
{
	reader *r = s->r;
	uint8_t *clean = NULL; /* per register of the function: a clean slot's */
	size_t cap = 0;
	for (uint32_t f = 0; f < r->nfn; f++) {
		const pfunc *fn = &r->fn[f];
		bool any = false;
		if (fn->sl1 == fn->sl0)
			continue;
		if (tc__arena_grow(&s->ar, &clean, &cap, (size_t)fn->nregs + 1, 1))
			return TC_ENOMEM;
		memset(clean, 0, (size_t)fn->nregs + 1);
		for (uint32_t q = fn->sl0; q < fn->sl1; q++)
			if (r->sl[q].reg < fn->nregs && !r->sl[q].mixed &&
			    only_slot_stores(s, f, f, r->sl[q].off, r->sl[q].size, true, work)) {
				clean[r->sl[q].reg] = 1;
				any = true;
			}
		for (uint32_t v = fn->sv0; v < fn->sv1 && any; v++) {
			const struct slot_rec *x = &r->sv[v];
			const uint32_t *ops = x->nop ? r->sv_ops.v + x->op0 : NULL;
			bool mine = !x->load && x->reg < fn->nregs && clean[x->reg];
			for (uint32_t k = 0; x->load && k < x->nop; k++)
				mine = mine || (ops[k] < fn->nregs && clean[ops[k]]);
			if (!mine)
				continue;
			uint32_t o0 = r->rec.opoff.v[x->rec];
			r->rec.def.v[x->rec] = x->reg;
			r->rec.kind[x->rec] = x->kind;
			r->lane[x->rec] = x->lane;
			for (uint32_t k = 0; k < x->nop; k++)
				r->rec.op.v[o0 + k] = ops[k];
		}
		if (any && tc__ptx_full_masks(r, &r->fn[f]))
			return r->rc;
	}
	return TC_OK;
}

/* The loads found to read one constant: that constant, the same in every
 * thread, for the uniformity analysis and the warp's view; and those that
 * are copies of a register (copy_of): its value. */
static int use(dstate *s)
{
	reader *r = s->r;
	uint64_t work = 0;
	s->rmark = TC_ARENA_ZARRAY(&s->ar, uint32_t, r->nfn + 1);
	s->rstack = TC_ARENA_ARRAY(&s->ar, uint32_t, r->nfn + 1);
	s->cmark = TC_ARENA_ZARRAY(&s->ar, uint32_t, r->nfn + 1);
	s->cstack = TC_ARENA_ARRAY(&s->ar, uint32_t, r->nfn + 1);
	s->omark = TC_ARENA_ZARRAY(&s->ar, uint32_t, (size_t)s->nobj + 1);
	s->ostack = TC_ARENA_ARRAY(&s->ar, uint32_t, (size_t)s->nobj + 1);
	s->rch_obj = TC_ARENA_ARRAY(&s->ar, uint32_t, r->ncalls + 1);
	s->rch = TC_ARENA_ZARRAY(&s->ar, bool, r->ncalls + 1);
	if (!s->rmark || !s->rstack || !s->cmark || !s->cstack || !s->omark ||
	    !s->ostack || !s->rch_obj || !s->rch || store_index(s))
		return TC_ENOMEM;
	for (size_t i = 0; i <= r->ncalls; i++)
		s->rch_obj[i] = TC_NONE;
	uint8_t *live_open;
	if (open_live(s, &live_open) || promote_slots(s, &work))
		return s->oom || !r->rc ? TC_ENOMEM : r->rc;
	for (uint32_t f = 0; f < r->nfn; f++) {
		/* where no open object is live, every address of local
		 * memory that f may hold is in the values the facts give
		 * (none went where they are not followed), if the file makes
		 * none but the objects' (local_other): a value that holds
		 * none is no such address */
		bool none_open = !r->local_other && !live_open[f];
		bool any = false;
		for (uint32_t j = r->fn[f].df0; j < r->fn[f].df1; j++) {
			const dfact *x = &r->df[j];
			if (x->op != DF_LOAD || x->rec == TC_NONE || (x->flags & DF_GUARD))
				continue;
			uint32_t i = x->rec;
			if (!(r->rec.kind[i] & TC_UA_SOURCE) || r->rec.def.v[i] != x->def)
				continue; /* a slot read as a register already */
			aval one, out = {V_NONE, 0, 0, 0, NULL, false};
			uint64_t key;
			int64_t k = 0;
			const aval *base = access_base(s, f, x, &one, &key, &k);
			if ((x->flags & DF_GENERIC) && !base->n && !base->wide &&
			    (base->k == V_SYM || none_open)) {
				/* through a kernel's argument, or an address of
				 * no local memory: no thread's local memory (a
				 * load as at a uniform address) */
				r->rec.kind[i] &= (uint8_t)~TC_UA_SOURCE;
				continue;
			}
			load_value(s, base, k, x->size, &out);
			if (s->give_up)
				return s->oom ? TC_ENOMEM : TC_OK;
			uint8_t bits = (uint8_t)(x->size < 8 ? x->size * 8u : 64u);
			uint32_t end = tc__ptx_op_end(r, i);
			/* what the load reads now: nothing (itself), or a register */
			uint32_t from = x->def;
			tc_lane_op lane = tc__ptx_no_lane;
			if (out.k == V_CONST && !out.n) {
				lane = (tc_lane_op){TC_LOP_COPY, TC_LOP_K0, bits, {TC_NONE, TC_NONE},
						    TC_NONE, {tc__ptx_sext(out.c, bits), 0}};
			} else if (out.k == V_SYM && !out.n) { /* a kernel's argument */
				lane.bits = bits;
			} else {
				from = TC_NONE;
				bool part = false;
				if (end != r->rec.opoff.v[i] &&
				    (copy_of(s, f, x, base, k, &work, &from) ||
				     (from == TC_NONE && bytes_of(s, f, x, &work, &from)) ||
				     (from == TC_NONE && param_copy(s, f, x, base, k, &work, &from)) ||
				     (from == TC_NONE && part_of(s, f, x, base, k, &work, &from, &part))))
					return TC_ENOMEM;
				if (from == TC_NONE && end != r->rec.opoff.v[i]) {
					/* one of a few places, each holding a
					 * register's value */
					bool found = false;
					if (copies_of(s, f, x, base, k, &work, &found) ||
					    (!found && store_halves(s, f, x, base, k, &work, &found)))
						return TC_ENOMEM;
					if (found) {
						r->rec.kind[i] = TC_UA_PURE;
						r->lane[i] = (tc_lane_op){TC_LOP_OTHER, 0, bits, {TC_NONE, TC_NONE},
									  TC_NONE, {0, 0}};
						any = true;
						continue;
					}
				}
				if (from == TC_NONE) {
					/* what a call left there, or calls left
					 * in each of its halves: the callees'
					 * contexts say (graphs.c) */
					uint32_t ci = TC_NONE, stf;
					if (!r->df_indirect &&
					    (out_of(s, f, x, base, k, &work, &ci, &stf) ||
					     (ci != TC_NONE && add_out(s, f, ci, i, j, stf)) ||
					     (ci == TC_NONE && x->size == 8 &&
					      out_halves(s, f, x, base, k, i, j, &work))))
						return TC_ENOMEM;
					continue;
				}
				/* to the load's width (a narrower signed load
				 * extends its sign); a part of a wider word
				 * is as uniform as the word, no more known */
				if (part)
					lane.bits = bits;
				else if (!(x->flags & DF_SIGNED) || x->size >= 4)
					lane = (tc_lane_op){TC_LOP_COPY, TC_LOP_TRUNC, bits,
							    {0, TC_NONE}, TC_NONE, {0, 0}};
			}
			r->rec.kind[i] = TC_UA_PURE;
			r->lane[i] = lane;
			for (uint32_t o = r->rec.opoff.v[i]; o < end; o++)
				r->rec.op.v[o] = from;
			any = true;
		}
		if (any && tc__ptx_full_masks(r, &r->fn[f]))
			return r->rc;
	}
	return TC_OK;
}

/* Register v of g as what it copies, unchanged, of g's own reads: the
 * parameter's bytes a DF_PARAM of g reads (*pf: that fact), following
 * copies (a record that copies one register, at least as wide: a move, a
 * depot slot kept as a register, a load use() found a copy of one);
 * TC_NONE in *pf when v is no such copy. Each register on the way is one g
 * writes once. */
static void param_source(dstate *s, uint32_t g, fdom *d, uint32_t v, uint32_t size,
			 uint32_t *pf)
{
	reader *r = s->r;
	const pfunc *gn = &r->fn[g];
	*pf = TC_NONE;
	for (int hop = 0; hop < MAX_THROUGH; hop++) {
		if (v >= gn->nregs || d->writes[v] != 1)
			return;
		uint32_t j = d->def_fact[v];
		if (j < ST_MANY && r->df[j].op == DF_PARAM) {
			if (r->df[j].size == size && !(r->df[j].flags & DF_GUARD))
				*pf = j;
			return;
		}
		uint32_t i = d->def_rec[v];
		uint32_t o0 = r->rec.opoff.v[i];
		const tc_lane_op *l = &r->lane[i];
		if (r->rec.kind[i] != TC_UA_PURE || l->op != TC_LOP_COPY || (l->flags & TC_LOP_K0) ||
		    l->bits < size * 8 || tc__ptx_op_end(r, i) != o0 + 1 ||
		    r->rec.op.v[o0] == v)
			return;
		v = r->rec.op.v[o0];
	}
}

/* The one st.param of f into call slot 'slot' that writes bytes [off, off +
 * size), writing exactly those: its fact, or TC_NONE (none, another that
 * writes some of them, a guarded one). */
static uint32_t slot_store(const reader *r, uint32_t f, uint32_t slot, int64_t off,
			   uint32_t size, uint64_t *work)
{
	const pfunc *fn = &r->fn[f];
	uint32_t hit = TC_NONE, n = fn->df1 - fn->df0;
	if (*work >= COPY_WORK || n > COPY_WORK - *work) { /* whole or not at all */
		*work = COPY_WORK;
		return TC_NONE;
	}
	*work += n;
	for (uint32_t j = fn->df0; j < fn->df1; j++) {
		const dfact *x = &r->df[j];
		if (x->op != DF_ARG || x->a != slot || x->k >= off + (int64_t)size ||
		    off >= x->k + (int64_t)x->size)
			continue;
		if (hit != TC_NONE || x->k != off || x->size != size ||
		    (x->flags & (DF_GUARD | DF_ANYV)))
			return TC_NONE;
		hit = j;
	}
	return hit;
}

/* Whether the one write of register v of f comes before the record 'use'
 * (of f, at or before position pos) on every path: in a block that
 * dominates pos's, or in the same block before the record. */
static bool def_before(const reader *r, uint32_t f, fdom *d, uint32_t v, uint32_t use,
		       uint32_t pos)
{
	const pfunc *fn = &r->fn[f];
	uint32_t j = d->def_rec[v], lo = fn->block0, hi = fn->block1, bu = pos_block(r, fn, pos);
	if (j == TC_NONE || bu == TC_NONE)
		return false;
	while (lo < hi) { /* the block that holds record j */
		uint32_t mid = lo + (hi - lo) / 2;
		if (r->blocks[mid].rec0 <= j)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == fn->block0 || r->blocks[lo - 1].rec1 <= j)
		return false;
	uint32_t bd = lo - 1 - fn->block0;
	return bd == bu ? j < use : tc__ways_before(&d->w, bd, r->blocks[lo - 1].pos0, bu, pos);
}

/*
 * Whether load c->rec of c->fn, which reads what the callee of call c->call
 * left (the store c->st of the callee, of exactly the bytes read), reads
 * what the call passed: the callee stores, unchanged, what it read of one
 * of its parameters (param_source), and the caller stored that part of the
 * call's slot with one st.param before the call, of a constant or of a
 * register it writes once, before the call on every path. The call comes
 * before the load on every path (out_of), so no way from that write to the
 * load avoids the call: at the load the register holds what the last call
 * was passed. Then the load is a copy of that register (or that constant),
 * in every view: a dim3 that a constructor fills with the threadIdx its
 * caller passed is that threadIdx. *done: so.
 */
static int through(dstate *s, const struct pcout *c, uint64_t *work, bool *done)
{
	reader *r = s->r;
	*done = false;
	if (c->st == TC_NONE || *work >= COPY_WORK)
		return TC_OK;
	const dfact *ld = &r->df[c->ld], *st = &r->df[c->st];
	uint32_t g = fact_fn(r, c->st), f = c->fn, i = c->rec;
	const pfunc *fn = &r->fn[f];
	const pcall *pc = &r->calls[c->call];
	fdom *dg = dom_of(s, g), *df = dom_of(s, f);
	if (!dg || !df)
		return TC_ENOMEM;
	if (!dg->ok || !df->ok || pc->callee != g || ld->size != st->size)
		return TC_OK;
	uint32_t pf;
	param_source(s, g, dg, st->def, st->size, &pf);
	if (pf == TC_NONE)
		return TC_OK;
	uint32_t slot = arg_slot(s, pc, r->df[pf].b);
	if (slot == TC_NONE)
		return TC_OK;
	uint32_t j = slot_store(r, f, slot, r->df[pf].k, st->size, work);
	if (j == TC_NONE)
		return TC_OK;
	const dfact *as = &r->df[j];
	uint32_t cpos = df->call_pos[c->call - fn->call0];
	uint32_t ba = pos_block(r, fn, as->pos), bc = cpos != TC_NONE ? pos_block(r, fn, cpos) : TC_NONE;
	if (ba == TC_NONE || bc == TC_NONE || !tc__ways_before(&df->w, ba, as->pos, bc, cpos))
		return TC_OK;
	uint8_t bits = (uint8_t)(ld->size < 8 ? ld->size * 8u : 64u);
	uint32_t from = ld->def, o0 = r->rec.opoff.v[i], oe = tc__ptx_op_end(r, i);
	tc_lane_op lane;
	if (as->flags & DF_IMM) {
		lane = (tc_lane_op){TC_LOP_COPY, TC_LOP_K0, bits, {TC_NONE, TC_NONE}, TC_NONE,
				    {tc__ptx_sext(as->c, bits), 0}};
	} else {
		uint32_t v = as->def;
		if (v >= fn->nregs || df->writes[v] != 1 || oe == o0 ||
		    (ld->flags & DF_SIGNED) || !def_before(r, f, df, v, as->rec, cpos))
			return TC_OK;
		from = v;
		lane = (tc_lane_op){TC_LOP_COPY, TC_LOP_TRUNC, bits, {0, TC_NONE}, TC_NONE, {0, 0}};
	}
	r->rec.kind[i] = TC_UA_PURE;
	r->lane[i] = lane;
	for (uint32_t o = o0; o < oe; o++)
		r->rec.op.v[o] = from;
	*done = true;
	return TC_OK;
}

/* The loads that read what a call left, where that is what the call passed
 * (through): copies now, and no longer the outs' readers. */
static int pass_through(dstate *s)
{
	reader *r = s->r;
	uint64_t work = 0;
	size_t kept = 0;
	uint32_t last = TC_NONE;
	for (size_t q = 0; q < r->ncouts; q++) {
		struct pcout c = r->couts[q];
		bool done;
		if (through(s, &c, &work, &done))
			return TC_ENOMEM;
		if (!done) {
			r->couts[kept++] = c;
			continue;
		}
		if (c.fn != last && tc__ptx_full_masks(r, &r->fn[c.fn]))
			return r->rc;
		last = c.fn;
	}
	r->ncouts = kept;
	return TC_OK;
}

/* The outs and the loads that read them, per function (r->out_off,
 * r->cout_off) for graphs.c: the outs in order of function (each
 * function's in the order of their numbers, as they were made), the loads
 * already so. TC_OK or TC_ENOMEM. */
static int by_function(reader *r)
{
	size_t n = r->nfn;
	struct pout *outs = TC_ARENA_ARRAY(&r->ar, struct pout, r->nouts + 1);
	r->out_off = TC_ARENA_ZARRAY(&r->ar, uint32_t, n + 2);
	r->cout_off = TC_ARENA_ZARRAY(&r->ar, uint32_t, n + 2);
	if (!outs || !r->out_off || !r->cout_off)
		return TC_ENOMEM;
	for (size_t q = 0; q < r->nouts; q++)
		r->out_off[r->outs[q].fn + 2]++;
	for (size_t q = 0; q < r->ncouts; q++)
		r->cout_off[r->couts[q].fn + 1]++;
	for (size_t f = 0; f < n; f++) {
		r->out_off[f + 2] += r->out_off[f + 1];
		r->cout_off[f + 1] += r->cout_off[f];
	}
	for (size_t q = 0; q < r->nouts; q++)
		outs[r->out_off[r->outs[q].fn + 1]++] = r->outs[q];
	r->outs = outs;
	return TC_OK;
}

/* ---- what a .func reads of its callers' local memory ---------------------- */

#define MAX_INS 32 /* the ins of one function, at most */
#define MAX_WSUM 16 /* byte ranges a function's writes through its parameters keep (more: any) */

/* one in of a function: size bytes (a load's, below 256) at its parameter
 * p plus c */
typedef struct iloc {
	uint32_t p, size;
	int64_t c;
} iloc;

/* A write of g that may write another function's memory (foreign_writes):
 * where it is, and for a store through g's parameter p plus a constant,
 * or a call that may write through what g passes it of p, the bytes
 * [lo, hi) of what p points to that it may write (p TC_NONE: any). */
typedef struct fwrite {
	uint32_t pos, block, p;
	int64_t lo, hi;
} fwrite;

typedef struct fin {
	bool done;
	iloc *in;
	uint32_t n;
	size_t cap;
	struct pinread *rd; /* its loads that read one */
	uint32_t nrd;
	size_t rdcap;
	uint8_t *clean; /* per call of it: no write of another's memory before it */
	/* its writes of other functions' memory (foreign_writes); what of
	 * that its callers see: the bytes it may write through its
	 * parameters (ws, each p a parameter), and whether it may write
	 * other memory of theirs (wany); made (wdone) before its callers' */
	fwrite *fw;
	uint32_t nfw;
	fwrite *ws;
	uint32_t nws;
	bool wany, wdone;
} fin;

/* Whether store fact x of g may write another function's local memory
 * that an in may read: its address may be one outside g's own, or the
 * addresses it may hold are not all known (wide). One that holds no
 * address of local memory (a kernel's pointer plus the thread's index)
 * writes none whose addresses the facts follow, and an in reads only
 * memory of those (an open object gives none: copy_of, out_of, fresh_at). */
static bool foreign_store(dstate *s, uint32_t g, const dfact *x)
{
	if (x->op != DF_STORE)
		return false;
	aval one;
	uint64_t key;
	int64_t k = 0;
	const aval *b = access_base(s, g, x, &one, &key, &k);
	if (b->wide)
		return true;
	for (uint32_t i = 0; i < b->n; i++)
		if (key_obj(b->a[i]) != g)
			return true;
	return false;
}

/* Whether call ci is given anything that may hold an address of local
 * memory (an argument whose value has one); one given none cannot reach a
 * caller's local memory, whose addresses go nowhere the facts do not
 * follow (or its object is open, and no in reads it). */
static bool call_gets_address(dstate *s, uint32_t ci)
{
	reader *r = s->r;
	const pcall *c = &r->calls[ci];
	for (uint32_t a = 0; a < c->nargs; a++) {
		uint32_t i = r->carg.v[c->arg0 + a], op0 = r->rec.opoff.v[i];
		if (tc__ptx_op_end(r, i) - op0 != 1 || r->rec.op.v[op0] >= r->fn[c->caller].nregs)
			return true; /* not one register: not known */
		const aval *v = reg(s, c->caller, r->rec.op.v[op0]);
		if (v->n || v->wide)
			return true;
	}
	return false;
}

/* Per block of g (from 0), in *first the position of its first
 * instruction that may write another function's local memory (F[g].fw:
 * a store that may, foreign_store, or a call that may, call_foreign;
 * UINT32_MAX: none), and in *reached whether one reaches the block's start
 * (forward from the blocks that hold one, iteratively). */
static int writes_of(dstate *s, const fin *F, uint32_t g, const fdom *d, uint32_t **first,
		     uint8_t **reached)
{
	reader *r = s->r;
	const pfunc *fn = &r->fn[g];
	uint32_t nb = fn->block1 - fn->block0, top = 0;
	uint32_t *fw = TC_ARENA_ARRAY(&s->ar, uint32_t, (size_t)nb + 1);
	uint8_t *re = TC_ARENA_ZARRAY(&s->ar, uint8_t, (size_t)nb + 1);
	uint32_t *stack = TC_ARENA_ARRAY(&s->ar, uint32_t, (size_t)nb + 1);
	if (!fw || !re || !stack)
		return TC_ENOMEM;
	for (uint32_t b = 0; b < nb; b++)
		fw[b] = UINT32_MAX;
	for (uint32_t k = 0; k < F[g].nfw; k++) {
		const fwrite *w = &F[g].fw[k];
		if (w->block == TC_NONE) { /* not placed: every block may follow it */
			memset(re, 1, nb);
			break;
		}
		if (w->block < nb && w->pos < fw[w->block])
			fw[w->block] = w->pos;
	}
	for (uint32_t b = 0; b < nb; b++)
		if (fw[b] != UINT32_MAX)
			stack[top++] = b;
	while (top) {
		uint32_t b = stack[--top];
		for (const uint32_t *q = TC_ADJ_BEGIN(&d->w.g, b); q != TC_ADJ_END(&d->w.g, b); q++)
			if (*q < nb && !re[*q]) {
				re[*q] = 1;
				if (fw[*q] == UINT32_MAX) /* a writing one is on the stack */
					stack[top++] = *q;
			}
	}
	*first = fw;
	*reached = re;
	return TC_OK;
}

/* Whether no write that writes_of found (first, reached) comes before
 * position pos of fn on any way; a call at pos reads before it writes. */
static bool clean_at(const reader *r, const pfunc *fn, const uint32_t *first,
		     const uint8_t *reached, uint32_t pos)
{
	uint32_t b = pos_block(r, fn, pos);
	return b != TC_NONE && !reached[b] && pos <= first[b];
}

/* The index of in x among fi's, fi->n when it is none. */
static uint32_t find_in(const fin *fi, iloc x)
{
	uint32_t j = 0;
	while (j < fi->n && (fi->in[j].p != x.p || fi->in[j].c != x.c || fi->in[j].size != x.size))
		j++;
	return j;
}

/* The in x of fi in *j, added when new; TC_NONE when it has MAX_INS. */
static int add_in(dstate *s, fin *fi, iloc x, uint32_t *j)
{
	if ((*j = find_in(fi, x)) < fi->n)
		return TC_OK;
	*j = TC_NONE;
	if (fi->n >= MAX_INS)
		return TC_OK;
	if (tc__arena_grow(&s->ar, &fi->in, &fi->cap, (size_t)fi->n + 1, sizeof *fi->in))
		return TC_ENOMEM;
	fi->in[fi->n] = x;
	*j = fi->n++;
	return TC_OK;
}

/* Whether register v of g holds no address but of g's own local memory
 * (or none): a global pointer, an integer, one of g's own objects. */
static bool own_only(dstate *s, uint32_t g, uint32_t v)
{
	if (v >= s->r->fn[g].nregs)
		return false;
	const aval *a = reg(s, g, v);
	if (a->wide || (a->k != V_NONE && a->k != V_SYM && a->k != V_CONST))
		return false;
	for (uint32_t i = 0; i < a->n; i++)
		if (key_obj(a->a[i]) != g)
			return false;
	return true;
}

/*
 * The writes of another function's memory that call ci of g (at position
 * pos of block b) may make, as its callee's summary says (F[y]), appended
 * to w (*n): for each range the callee may write through its parameter q,
 * where g passes its own parameter p plus c (param_of) for q, that range
 * of p's; where g passes for q nothing but addresses of its own memory,
 * none; else, and where the callee may write other memory (wany), has no
 * summary yet (a cycle), or has no body and is given an address, one write
 * of any bytes (p TC_NONE). w has room for MAX_WSUM + 1 more.
 */
static int call_foreign(dstate *s, const fin *F, uint32_t g, fdom *d, uint32_t ci, uint32_t pos,
			uint32_t b, uint64_t *work, fwrite *w, uint32_t *n)
{
	reader *r = s->r;
	const pcall *c = &r->calls[ci];
	uint32_t y = c->callee;
	bool any = y == TC_NONE ? call_gets_address(s, ci) : !F[y].wdone || F[y].wany;
	for (uint32_t k = 0; y != TC_NONE && !any && k < F[y].nws; k++) {
		const fwrite *x = &F[y].ws[k];
		uint32_t v = arg_reg(s, ci, x->p, 0), p;
		int64_t cc;
		if (v == TC_NONE) {
			any = true;
			break;
		}
		if (own_only(s, g, v))
			continue;
		if (param_of(s, g, d, v, work, &p, &cc))
			return TC_ENOMEM;
		if (p == TC_NONE) {
			any = true;
			break;
		}
		w[(*n)++] = (fwrite){pos, b, p, (int64_t)((uint64_t)x->lo + (uint64_t)cc),
				     (int64_t)((uint64_t)x->hi + (uint64_t)cc)};
	}
	if (any)
		w[(*n)++] = (fwrite){pos, b, TC_NONE, 0, 0};
	return TC_OK;
}

/* g's writes of another function's memory, in F[g].fw (its stores that may,
 * foreign_store; its calls', call_foreign), and what its callers see of
 * them (F[g].ws, wany, wdone): the callees' made before. */
static int foreign_writes(dstate *s, fin *F, uint32_t g, uint64_t *work)
{
	reader *r = s->r;
	const pfunc *fn = &r->fn[g];
	fin *me = &F[g];
	fdom *d = fn->block1 > fn->block0 ? dom_of(s, g) : NULL;
	me->wdone = true;
	if (fn->block1 > fn->block0 && !d)
		return TC_ENOMEM;
	if (!d || !d->ok) {
		me->wany = true;
		return TC_OK;
	}
	size_t cap = (size_t)(fn->df1 - fn->df0) + (size_t)(fn->call1 - fn->call0) * (MAX_WSUM + 1) + 1;
	fwrite *w = TC_ARENA_ARRAY(&s->ar, fwrite, cap);
	me->ws = TC_ARENA_ARRAY(&s->ar, fwrite, MAX_WSUM + 1);
	if (!w || !me->ws)
		return TC_ENOMEM;
	me->fw = w;
	for (uint32_t j = fn->df0; j < fn->df1; j++) {
		const dfact *x = &r->df[j];
		if (!foreign_store(s, g, x))
			continue;
		uint32_t p = TC_NONE;
		int64_t c = 0;
		if (x->a != TC_NONE && param_of(s, g, d, x->a, work, &p, &c))
			return TC_ENOMEM;
		int64_t lo = (int64_t)((uint64_t)c + (uint64_t)x->k);
		w[me->nfw++] = (fwrite){x->pos, pos_block(r, fn, x->pos), p, lo, lo + x->size};
	}
	for (uint32_t c = 0; c < fn->call1 - fn->call0; c++) {
		uint32_t pos = d->call_pos[c];
		if (call_foreign(s, F, g, d, fn->call0 + c, pos,
				 pos != TC_NONE ? pos_block(r, fn, pos) : TC_NONE, work, w, &me->nfw))
			return TC_ENOMEM;
	}
	/* what callers see: the ranges through parameters, merged where the
	 * same; a write through anything else, or too many, is any */
	for (uint32_t k = 0; k < me->nfw && !me->wany; k++) {
		const fwrite *x = &w[k];
		uint32_t i = 0;
		if (x->p == TC_NONE || x->p >= fn->nparams) {
			me->wany = true;
			break;
		}
		while (i < me->nws &&
		       (me->ws[i].p != x->p || me->ws[i].lo != x->lo || me->ws[i].hi != x->hi))
			i++;
		if (i < me->nws)
			continue;
		if (me->nws == MAX_WSUM)
			me->wany = true;
		else
			me->ws[me->nws++] = (fwrite){0, 0, x->p, x->lo, x->hi};
	}
	return TC_OK;
}

/* Whether no write of g that may write bytes [lo, lo + size) of what its
 * parameter p points to lies on a way from g's start to position pos (a
 * store through p at other bytes cannot: C's objects do not overlap). */
static int clean_bytes(dstate *s, uint32_t g, fdom *d, const fwrite *w, uint32_t nw,
		       uint32_t pos, uint32_t p, int64_t lo, uint32_t size, uint64_t *work,
		       bool *clean)
{
	uint32_t n = 0, bl = pos_block(s->r, &s->r->fn[g], pos);
	*clean = false;
	if (*work >= COPY_WORK || nw > COPY_WORK - *work) { /* the scan below, whole or not at all */
		*work = COPY_WORK;
		return TC_OK;
	}
	if (bl == TC_NONE ||
	    tc__arena_grow(&s->ar, &s->evb, &s->evb_cap, (size_t)nw + 1, sizeof *s->evb) ||
	    tc__arena_grow(&s->ar, &s->fev, &s->fev_cap, (size_t)nw + 1, sizeof *s->fev))
		return bl == TC_NONE ? TC_OK : TC_ENOMEM;
	*work += nw;
	for (uint32_t i = 0; i < nw; i++) {
		if (w[i].p == p && p != TC_NONE && (w[i].hi <= lo || lo + (int64_t)size <= w[i].lo))
			continue; /* other bytes of the same object */
		s->evb[n] = w[i].block;
		s->fev[n++] = w[i].pos;
	}
	*clean = tc__ways_clear_from_start(&d->w, bl, pos, s->evb, s->fev, n, work);
	return TC_OK;
}

/*
 * The ins of .func g (F[g]), its callees' made before (ins_order): its
 * loads through its parameter plus a constant (param_of) that no write of
 * another function's memory comes before on any way from its start
 * (writes_of), or none that may write the bytes it reads (a store through
 * the same parameter at other bytes, as a constructor sets one field
 * before it reads the next; clean_bytes), and the ins of its callees that
 * its calls so placed pass its parameter plus a constant for. Such a load
 * runs before anything may change what its caller left there.
 */
static int ins_of(dstate *s, fin *F, uint32_t g, uint64_t *work)
{
	reader *r = s->r;
	const pfunc *fn = &r->fn[g];
	fin *me = &F[g];
	me->done = true;
	if (fn->entry || fn->block1 == fn->block0)
		return TC_OK;
	fdom *d = dom_of(s, g);
	uint32_t *first;
	uint8_t *reached;
	if (!d)
		return TC_ENOMEM;
	if (!d->ok)
		return TC_OK;
	if (writes_of(s, F, g, d, &first, &reached) ||
	    !(me->clean = TC_ARENA_ZARRAY(&s->ar, uint8_t, (size_t)(fn->call1 - fn->call0) + 1)))
		return TC_ENOMEM;
	for (uint32_t j = fn->df0; j < fn->df1 && *work < COPY_WORK; j++) {
		const dfact *x = &r->df[j];
		uint32_t p, q;
		int64_t c;
		if (x->op != DF_LOAD || x->rec == TC_NONE || x->a == TC_NONE ||
		    (x->flags & DF_GUARD) || !(r->rec.kind[x->rec] & TC_UA_SOURCE) ||
		    r->rec.def.v[x->rec] != x->def)
			continue;
		if (param_of(s, g, d, x->a, work, &p, &c))
			return TC_ENOMEM;
		if (p == TC_NONE)
			continue;
		iloc at = {p, x->size, (int64_t)((uint64_t)c + (uint64_t)x->k)};
		if (!clean_at(r, fn, first, reached, x->pos)) {
			bool clean;
			if (clean_bytes(s, g, d, me->fw, me->nfw, x->pos, p, at.c, x->size, work,
					&clean))
				return TC_ENOMEM;
			if (!clean)
				continue;
		}
		if (add_in(s, me, at, &q))
			return TC_ENOMEM;
		if (q == TC_NONE)
			continue;
		if (tc__arena_grow(&s->ar, &me->rd, &me->rdcap, (size_t)me->nrd + 1, sizeof *me->rd))
			return TC_ENOMEM;
		me->rd[me->nrd++] = (struct pinread){x->rec, q};
	}
	for (uint32_t ci = fn->call0; ci < fn->call1; ci++) {
		uint32_t y = r->calls[ci].callee, pos = d->call_pos[ci - fn->call0];
		if (y == TC_NONE || y == g || !F[y].done || pos == TC_NONE ||
		    d->call_guard[ci - fn->call0] || !clean_at(r, fn, first, reached, pos))
			continue;
		me->clean[ci - fn->call0] = 1;
		for (uint32_t k = 0; k < F[y].n; k++) {
			uint32_t reg = arg_reg(s, ci, F[y].in[k].p, 0), p, q;
			int64_t c;
			if (reg == TC_NONE)
				continue;
			if (param_of(s, g, d, reg, work, &p, &c))
				return TC_ENOMEM;
			iloc at = {p, F[y].in[k].size,
				   (int64_t)((uint64_t)c + (uint64_t)F[y].in[k].c)};
			if (p != TC_NONE && add_in(s, me, at, &q))
				return TC_ENOMEM;
		}
	}
	return TC_OK;
}

/* Every function's ins, each after those of the functions it calls (a
 * depth-first search with a stack of its own; on a cycle, the function met
 * first is made after the callee that leads back to it, whose calls of it
 * then pass nothing). */
static int ins_order(dstate *s, fin *F, uint64_t *work)
{
	reader *r = s->r;
	uint32_t n = (uint32_t)r->nfn, top = 0;
	uint32_t *stf = TC_ARENA_ARRAY(&s->ar, uint32_t, (size_t)n + 1);
	uint32_t *stc = TC_ARENA_ARRAY(&s->ar, uint32_t, (size_t)n + 1);
	uint8_t *seen = TC_ARENA_ZARRAY(&s->ar, uint8_t, (size_t)n + 1);
	if (!stf || !stc || !seen)
		return TC_ENOMEM;
	for (uint32_t f0 = 0; f0 < n; f0++) {
		if (seen[f0])
			continue;
		seen[f0] = 1;
		stf[top] = f0;
		stc[top++] = r->fn[f0].call0;
		while (top) {
			uint32_t f = stf[top - 1], next = TC_NONE;
			while (stc[top - 1] < r->fn[f].call1 && next == TC_NONE) {
				uint32_t y = r->calls[stc[top - 1]++].callee;
				if (y != TC_NONE && !seen[y])
					next = y;
			}
			if (next != TC_NONE) {
				seen[next] = 1;
				stf[top] = next;
				stc[top++] = r->fn[next].call0;
				continue;
			}
			/* a function a call through a register may run reads
			 * through its parameters what no caller here says */
			if (foreign_writes(s, F, f, work) || (!any_caller(s, f) && ins_of(s, F, f, work)))
				return TC_ENOMEM;
			top--;
		}
	}
	return TC_OK;
}

/* Whether call c may write bytes [off, off + size) of object o, its
 * caller's local memory: where its callee's summary (F[y]) says it writes
 * no other memory, only where it writes through a parameter (a range) that
 * holds an address in o (the exact ones: where the range then lies); else
 * where it may reach o (call_may_reach); or where the work runs out. */
static bool call_writes_at(dstate *s, const fin *F, uint32_t c, uint32_t o, int64_t off,
			   uint32_t size, uint64_t *work)
{
	reader *r = s->r;
	const pcall *pc = &r->calls[c];
	uint32_t y = pc->callee;
	if (y == TC_NONE || !F[y].wdone || F[y].wany)
		return call_may_reach(s, c, o, work);
	for (uint32_t k = 0; k < F[y].nws; k++) {
		const fwrite *x = &F[y].ws[k];
		uint32_t v = arg_reg(s, c, x->p, 0);
		if (v == TC_NONE || v >= r->fn[pc->caller].nregs || *work >= COPY_WORK)
			return true;
		const aval *a = reg(s, pc->caller, v);
		*work += 1 + a->n;
		if (a->wide)
			return true;
		for (uint32_t i = 0; i < a->n; i++) {
			if (key_obj(a->a[i]) != o)
				continue;
			if (!key_exact(a->a[i]))
				return true;
			int64_t lo = key_off(a->a[i]) + x->lo, hi = key_off(a->a[i]) + x->hi;
			if (lo < off + (int64_t)size && off < hi)
				return true;
		}
	}
	return false;
}

/* Whether bytes [off, off + size) of o, f's own local memory, hold what
 * nothing has written since f began when call ci runs: no store of f that
 * may write them, and no call of f that may reach o (call_reaches; one
 * without a body, or through a register, given any address of local
 * memory; ci itself too: a loop may bring it back), lies on a way from
 * f's start to the call. Each call
 * of f has a new frame, whose bytes no one has written: an indeterminate
 * value, which LLVM makes undef (mem2reg of a load before any store), the
 * same in every thread. */
static int fresh_at(dstate *s, const fin *F, uint32_t f, fdom *d, uint32_t ci, uint32_t o,
		    int64_t off, uint32_t size, uint64_t *work, bool *fresh)
{
	reader *r = s->r;
	const pfunc *fn = &r->fn[f];
	uint32_t pc = d->call_pos[ci - fn->call0], n = 0;
	uint32_t bc = pc != TC_NONE ? pos_block(r, fn, pc) : TC_NONE;
	*fresh = false;
	if (o != f || s->obj[o].open || bc == TC_NONE || *work >= COPY_WORK)
		return TC_OK;
	uint32_t nq = writers(s, o, off, size, work);
	size_t cap = (size_t)nq + (fn->call1 - fn->call0) + 1;
	if (tc__arena_grow(&s->ar, &s->evb, &s->evb_cap, cap, sizeof *s->evb) ||
	    tc__arena_grow(&s->ar, &s->fev, &s->fev_cap, cap, sizeof *s->fev))
		return TC_ENOMEM;
	if (*work >= COPY_WORK || cap > COPY_WORK - *work) { /* the scan below, whole or not at all */
		*work = COPY_WORK;
		return TC_OK;
	}
	*work += cap;
	for (uint32_t q = 0; q < nq; q++) {
		uint32_t w = s->wq[q];
		if (w >= fn->df0 && w < fn->df1 && may_write(s, f, &r->df[w], o, off, size)) {
			s->fev[n] = r->df[w].pos;
			s->evb[n++] = pos_block(r, fn, r->df[w].pos);
		}
	}
	for (uint32_t c = fn->call0; c < fn->call1; c++) {
		uint32_t pos = d->call_pos[c - fn->call0];
		if (pos == TC_NONE)
			return TC_OK; /* not placed: it may come before */
		if (call_writes_at(s, F, c, o, off, size, work)) {
			s->fev[n] = pos;
			s->evb[n++] = pos_block(r, fn, pos);
		}
	}
	*fresh = tc__ways_clear_from_start(&d->w, bc, pc, s->evb, s->fev, n, work);
	return TC_OK;
}

/* What call ci of f passes for in k of its callee y: the record of f that
 * writes the register stored at that place before the call (copy_of, the
 * call as the load) in *rec; or what an earlier call left there (out_of,
 * likewise), that call in *ocall and its callee's out in *ok; or else f's
 * own in passed on in *fwd; or, where the place is f's own memory that
 * nothing has written since f began (fresh_at), an indeterminate value:
 * *undef. */
static int in_arg(dstate *s, fin *F, uint32_t f, fdom *d, uint32_t ci, const iloc *in,
		  uint32_t **recmap, uint64_t *work, uint32_t *rec, uint32_t *fwd, uint32_t *ocall,
		  uint32_t *ok, bool *undef)
{
	reader *r = s->r;
	const pfunc *fn = &r->fn[f];
	*rec = *fwd = *ocall = *ok = TC_NONE;
	*undef = false;
	uint64_t a = arg_addr(s, ci, in->p);
	if (a) {
		uint64_t key = addr_key(key_obj(a), key_off(a) + in->c);
		aval base = {V_NONE, 0, 1, 1, &key, false};
		dfact x = {.op = DF_LOAD, .size = (uint8_t)in->size, .def = TC_NONE, .a = TC_NONE,
			   .b = TC_NONE, .rec = TC_NONE, .pos = d->call_pos[ci - fn->call0]};
		uint32_t reg = TC_NONE;
		if (copy_of(s, f, &x, &base, 0, work, &reg))
			return TC_ENOMEM;
		if (reg < fn->nregs && !*recmap) { /* the record that writes each register */
			if (!(*recmap = TC_ARENA_ARRAY(&s->ar, uint32_t, (size_t)fn->nregs + 1)))
				return TC_ENOMEM;
			for (uint32_t v = 0; v < fn->nregs; v++)
				(*recmap)[v] = TC_NONE;
			for (uint32_t i = fn->rec0; i < fn->rec1; i++)
				if (r->rec.def.v[i] < fn->nregs)
					(*recmap)[r->rec.def.v[i]] = i;
		}
		if (reg < fn->nregs && (*rec = (*recmap)[reg]) != TC_NONE)
			return TC_OK;
		uint32_t call = TC_NONE, stf = TC_NONE;
		if (out_of(s, f, &x, &base, 0, work, &call, &stf) ||
		    (call != TC_NONE && chain_out(s, stf, ok)))
			return TC_ENOMEM;
		if (call != TC_NONE && *ok != TC_NONE) {
			*ocall = call;
			return TC_OK;
		}
		if (fresh_at(s, F, f, d, ci, key_obj(a), key_off(a) + in->c, in->size, work, undef))
			return TC_ENOMEM;
		if (*undef)
			return TC_OK;
		/* one kernel argument, whatever the store that left it: what
		 * every store of f there stored (bytewise, or whole) */
		uint32_t o = key_obj(a);
		int64_t lo = key_off(a) + in->c;
		const dloc *l = find_loc(s, addr_key(o, lo));
		uint64_t c;
		if (o == f && !s->obj[o].open && !span_writes(s, o, lo, in->size, TC_NONE) &&
		    ((l && l->size == in->size && !l->bad && l->v.k == V_SYM && !l->v.n &&
		      !l->v.wide && l->fn == f) ||
		     sym_bytes(s, o, lo, in->size, &c))) {
			*undef = true; /* the same in every thread, as a constant */
			return TC_OK;
		}
	}
	if (fn->entry || !F[f].clean || !F[f].clean[ci - fn->call0])
		return TC_OK;
	uint32_t reg = arg_reg(s, ci, in->p, 0), p;
	int64_t c;
	if (reg == TC_NONE)
		return TC_OK;
	if (param_of(s, f, d, reg, work, &p, &c))
		return TC_ENOMEM;
	uint32_t j = find_in(&F[f], (iloc){p, in->size, (int64_t)((uint64_t)c + (uint64_t)in->c)});
	if (p != TC_NONE && j < F[f].n)
		*fwd = j;
	return TC_OK;
}

/* The ins of every .func, the loads that read them and what each call
 * passes for them (r->in_param, r->inreads, r->inargs, per function), for
 * graphs.c. TC_OK or TC_ENOMEM. */
static int ins(dstate *s)
{
	reader *r = s->r;
	size_t n = r->nfn, nin = 0, nrd = 0, nargs = 0, cap = 0;
	uint64_t work = 0;
	fin *F = TC_ARENA_ZARRAY(&s->ar, fin, n + 1);
	if (!F || ins_order(s, F, &work))
		return TC_ENOMEM;
	for (size_t f = 0; f < n; f++) {
		nin += F[f].n;
		nrd += F[f].nrd;
	}
	if (!nin)
		return TC_OK;
	r->in_off = TC_ARENA_ZARRAY(&r->ar, uint32_t, n + 1);
	r->inread_off = TC_ARENA_ZARRAY(&r->ar, uint32_t, n + 1);
	r->inarg_off = TC_ARENA_ZARRAY(&r->ar, uint32_t, n + 1);
	r->in_param = TC_ARENA_ARRAY(&r->ar, uint32_t, nin + 1);
	r->inreads = TC_ARENA_ARRAY(&r->ar, struct pinread, nrd + 1);
	if (!r->in_off || !r->inread_off || !r->inarg_off || !r->in_param || !r->inreads)
		return TC_ENOMEM;
	nin = nrd = 0;
	for (size_t f = 0; f < n; f++) {
		const pfunc *fn = &r->fn[f];
		r->in_off[f] = (uint32_t)nin;
		r->inread_off[f] = (uint32_t)nrd;
		r->inarg_off[f] = (uint32_t)nargs;
		for (uint32_t j = 0; j < F[f].n; j++)
			r->in_param[nin++] = F[f].in[j].p;
		for (uint32_t q = 0; q < F[f].nrd; q++)
			r->inreads[nrd++] = F[f].rd[q];
		fdom *d = NULL;
		uint32_t *recmap = NULL;
		for (uint32_t ci = fn->call0; ci < fn->call1; ci++) {
			uint32_t y = r->calls[ci].callee;
			if (y == TC_NONE || !F[y].n)
				continue;
			if (!d && !(d = dom_of(s, (uint32_t)f)))
				return TC_ENOMEM;
			if (!d->ok)
				break;
			if (d->call_pos[ci - fn->call0] == TC_NONE || d->call_guard[ci - fn->call0])
				continue;
			for (uint32_t k = 0; k < F[y].n; k++) {
				uint32_t rec, fwd, ocall, ok;
				bool undef;
				if (in_arg(s, F, (uint32_t)f, d, ci, &F[y].in[k], &recmap, &work, &rec,
					   &fwd, &ocall, &ok, &undef))
					return TC_ENOMEM;
				if (rec == TC_NONE && fwd == TC_NONE && ocall == TC_NONE && !undef)
					continue; /* (all TC_NONE and undef: a constant) */
				if (tc__arena_grow(&r->ar, &r->inargs, &cap, nargs + 1, sizeof *r->inargs))
					return TC_ENOMEM;
				r->inargs[nargs++] = (struct pinarg){ci, k, rec, fwd, ocall, ok};
			}
		}
	}
	r->in_off[n] = (uint32_t)nin;
	r->inread_off[n] = (uint32_t)nrd;
	r->inarg_off[n] = (uint32_t)nargs;
	return TC_OK;
}

/* Whether register v of function f is only ever the constant 0: every
 * record that writes it is a move of 0 (DF_CONST, not guarded). */
static bool only_null(const reader *r, uint32_t f, uint32_t v)
{
	const pfunc *fn = &r->fn[f];
	uint32_t writes = 0, nulls = 0;
	for (uint32_t i = fn->rec0; i < fn->rec1; i++)
		writes += r->rec.def.v[i] == v;
	for (uint32_t j = fn->df0; j < fn->df1; j++) {
		const dfact *x = &r->df[j];
		nulls += x->def == v && x->op == DF_CONST && x->c == 0 && !(x->flags & DF_GUARD);
	}
	return writes && writes == nulls;
}

/* One solve of the file's facts, and what follows from it where it ends
 * in time; *over: it went past its budget with the parameters followed,
 * and nothing came of it. */
/* The bounds of the indices of the file's DF_ADDR facts (s->ixf, s->ixr:
 * those with a bound), function by function. TC_OK or TC_ENOMEM. */
static int index_ranges(dstate *s)
{
	reader *r = s->r;
	uint32_t n = 0, most = 0;
	for (uint32_t f = 0; f < r->nfn; f++) {
		uint32_t m = 0;
		for (uint32_t j = r->fn[f].df0; j < r->fn[f].df1; j++)
			m += r->df[j].op == DF_ADDR && !(r->df[j].flags & DF_GUARD);
		n += m;
		if (m && r->fn[f].df1 - r->fn[f].df0 > most)
			most = r->fn[f].df1 - r->fn[f].df0;
	}
	if (!n)
		return TC_OK;
	s->ixf = TC_ARENA_ARRAY(&s->ar, uint32_t, n);
	s->ixr = tc__arena_alloc(&s->ar, tc__mul(n, sizeof *s->ixr));
	int64_t *lo = tc__calloc(s->ar.al, 2 * (size_t)most, sizeof *lo);
	int64_t *hi = tc__calloc(s->ar.al, 2 * (size_t)most, sizeof *hi);
	tc_arena tmp;
	tc__arena_init(&tmp, s->ar.al);
	int rc = s->ixf && s->ixr && lo && hi ? TC_OK : TC_ENOMEM;
	for (uint32_t f = 0; f < r->nfn && !rc; f++) {
		const pfunc *fn = &r->fn[f];
		bool any = false;
		for (uint32_t j = fn->df0; j < fn->df1 && !any; j++)
			any = r->df[j].op == DF_ADDR && !(r->df[j].flags & DF_GUARD);
		if (!any)
			continue;
		fdom *d = dom_of(s, f);
		if (!d) {
			rc = TC_ENOMEM;
			break;
		}
		if (!d->ok)
			continue;
		rc = tc__ptx_index_ranges(r, f, &d->w, d->writes, d->def_rec, &tmp, lo, hi);
		tc__arena_reset(&tmp);
		for (uint32_t j = fn->df0; j < fn->df1 && !rc; j++) {
			uint32_t q = 2 * (j - fn->df0);
			if (r->df[j].op != DF_ADDR || (lo[q] > hi[q] && lo[q + 1] > hi[q + 1]))
				continue;
			s->ixf[s->nix] = j;
			s->ixr[s->nix][0] = lo[q];
			s->ixr[s->nix][1] = hi[q];
			s->ixr[s->nix][2] = lo[q + 1];
			s->ixr[s->nix++][3] = hi[q + 1];
		}
	}
	tc__arena_free(&tmp);
	tc__free(s->ar.al, lo);
	tc__free(s->ar.al, hi);
	return rc;
}

static int values(reader *r, bool icalls, bool *over)
{
	dstate s;
	memset(&s, 0, sizeof s);
	s.r = r;
	s.icalls = icalls;
	s.budget = SOLVE_STEPS + SOLVE_STEPS_PER_FACT * (uint64_t)r->ndf;
	s.max_offs = MAX_JOIN_OFFS;
	tc__arena_init(&s.ar, &r->al);
	s.vbase = TC_ARENA_ARRAY(&s.ar, uint32_t, r->nfn + 1);
	int rc = s.vbase ? setup(&s) : TC_ENOMEM;
	if (!rc)
		rc = index_ranges(&s);
	*over = false;
	if (!rc) {
		solve(&s);
		*over = s.over && !s.oom && !r->df_indirect;
		rc = s.oom ? TC_ENOMEM : s.give_up ? TC_OK : use(&s);
		if (!rc && !s.give_up && !r->df_indirect)
			rc = pass_through(&s);
		if (!rc && !s.give_up && !r->df_indirect)
			rc = ins(&s);
	}
	if (!rc && !*over && (r->nouts || r->ncouts))
		rc = by_function(r);
	tc__hash_free(&s.lh, s.ar.al);
	tc__hash_free(&s.rgh, s.ar.al);
	tc__arena_free(&s.ar);
	return rc;
}

int tc__ptx_depot_values(reader *r)
{
	/* a call through a register that is only ever 0 runs no function
	 * (nvcc -G calls host functions so: it never returns); any other may
	 * run any function whose address the file takes */
	bool icalls = false;
	for (size_t k = 0; k + 1 < r->icall.len && !icalls; k += 2)
		icalls = r->icall.v[k] >= r->nfn || !only_null(r, r->icall.v[k], r->icall.v[k + 1]);
	bool objects = false;
	for (size_t i = 0; i < r->ndf && !objects; i++)
		objects = r->df[i].op == DF_OBJ;
	if (!objects)
		return TC_OK; /* no local object's address is taken */
	bool over;
	int rc = values(r, icalls, &over);
	if (!rc && over) {
		/* the parameters' addresses grew too many to follow in time:
		 * again, with none followed */
		r->df_indirect = true;
		rc = values(r, icalls, &over);
	}
	return rc == TC_ENOMEM ? tc__ptx_oom(r) : rc ? r->rc : TC_OK;
}
