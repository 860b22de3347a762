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
 * with another, one of more than MAX_ADDRS in a value), its object is
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
 * offsets into one object keeps the object at any offset (pointers stepped
 * in a loop), so the values' height is bounded.
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
 * Copies: a load through one exact address reads a register's value where
 * a store of that register (written once in the function) through that one
 * address dominates the load, and no other store that may write the
 * location lies on a way from it to the load (copy_of). Each location keeps
 * the one store fact that wrote it exactly (a store through one address) or
 * ST_MANY, and the function whose stores write it; so does each store at an
 * offset not known.
 */
#include "frontend/ptx/ptx.h"
#include "graph/dominators.h"

#include <stdlib.h>
#include <string.h>

#define MAX_ADDRS 1024 /* addresses one value holds at most (more: open) */
#define MAX_OFFS 8   /* offsets into one object one value holds, before any */
#define MAX_ROUNDS 64
#define OFF_ANY 0xffffffffu
#define OFF_SPAN 0xc0000000u /* + i: any offset in the object's i-th variable */
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
		      * or OFF_ANY */
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
	uint32_t *cby, *cby_off; /* per function: the calls of it */
	uint64_t *tmp;  /* a copy of an address set */
	uint64_t *tmp2; /* one object's addresses, moved (add_addr) */
	/* per object: where its variables start, as DWARF places them
	 * (starts[st_off[o] .. st_off[o + 1]), increasing) */
	uint32_t *st_off;
	uint32_t *starts;
	dspan *span;
	size_t nspan, span_cap;
	/* per object, after the fixpoint: the stores that may write it
	 * (wby[wof[o] .. wof[o + 1]), fact indices), and room for one load's */
	uint32_t *wof, *wby, *wl, *wp; /* wp: the positions of wl's */
	/* the locations made before this round, by key (object, then offset):
	 * a load at an offset not known reads those of its range here, and the
	 * ones made since at the head of the object's list */
	struct lkey {
		uint64_t key;
		uint32_t i;
	} *sorted;
	uint64_t *skey; /* sorted's keys */
	size_t snap, sorted_cap, skey_cap;
	bool changed, give_up, oom;
} dstate;

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
	} else {
		uint32_t i = s->st_off[o] + ((uint32_t)x - OFF_SPAN);
		*lo = s->starts[i];
		*hi = i + 1 < s->st_off[o + 1] && s->starts[i + 1] != UINT32_MAX ? s->starts[i + 1]
										    : INT64_MAX;
	}
}

/* whether address a takes in address x (of the same object) */
static bool covers(const dstate *s, uint64_t a, uint64_t x)
{
	if (a == x || key_any(a))
		return true;
	return !key_exact(a) && key_exact(x) && span_key(s, key_obj(x), key_off(x)) == a;
}

/* x moved by an amount not known: its variable, or the object's any */
static uint64_t moved(const dstate *s, uint64_t x)
{
	return key_exact(x) ? span_key(s, key_obj(x), key_off(x)) : x;
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


/* x into d's addresses: MAX_OFFS addresses into one object become the
 * variables they are in, or that object at any offset */
static void add_addr(dstate *s, aval *d, uint64_t x)
{
	uint32_t o = key_obj(x);
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
	bool exact = key_exact(x);
	for (uint32_t i = lo; i < hi && !exact; i++)
		exact = key_exact(d->a[i]);
	if (hi - lo >= MAX_OFFS && exact) {
		/* pointers stepped in a loop, or many callers' addresses: each
		 * offset of the object becomes its variable (a set that stays
		 * small), or the object at any offset */
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
	uint32_t h = tc__hash_u64(x);
	size_t at;
	if (tc__hash_reserve(&s->lh, s->ar.al, s->lh.len + 1) ||
	    tc__arena_grow(&s->ar, &s->loc, &s->loc_cap, s->nloc + 1, sizeof *s->loc)) {
		s->oom = s->give_up = true;
		return NULL;
	}
	tc__hash_first(&s->lh, h, &at);
	while (tc__hash_next(&s->lh, h, &at) != TC_NONE)
		;
	uint32_t i = (uint32_t)s->nloc++;
	tc__hash_put_at(&s->lh, at, h, i);
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
	int64_t a = key_off(s->loc[j].key), b = a + s->loc[j].size;
	if (!(a < hi && lo < b))
		return;
	if (s->loc[j].v.n && (size != 8 || s->loc[j].size != 8))
		open_objs(s, &s->loc[j].v); /* an address read in part */
	else
		tjoin(s, out, &s->loc[j].v);
}

/* The value at the addresses base (plus k) holds, into out (V_NONE first). */
static void load_value(dstate *s, const aval *base, int64_t k, uint32_t size, aval *out)
{
	if (base->k != V_NONE)
		tjoin_k(s, out, V_TOP, 0); /* it may point elsewhere */
	for (uint32_t i = 0; i < base->n && !s->give_up; i++) {
		uint64_t x = base->a[i];
		dobj *o = &s->obj[key_obj(x)];
		if (o->open)
			tjoin_k(s, out, V_TOP, 0);
		if (!key_exact(x)) { /* the object's, or a variable's, locations */
			int64_t lo, hi;
			key_range(s, x, &lo, &hi);
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

static void eval(dstate *s, uint32_t f, const dfact *x)
{
	reader *r = s->r;
	aval *d = x->def != TC_NONE && x->op != DF_STORE && x->op != DF_ARG ? reg(s, f, x->def)
										: NULL;
	switch (x->op) {
	case DF_OBJ:
		add_addr(s, d, addr_key(obj_index(s, x->a), x->k));
		break;
	case DF_ADD: {
		const aval *v = reg(s, f, x->a);
		join_k(s, d, v->k == V_SYM && x->k ? V_TOP : v->k,
		       (int64_t)((uint64_t)v->c + (uint64_t)x->k));
		uint32_t n = snapshot(s, v);
		for (uint32_t i = 0; i < n && !s->give_up; i++)
			add_addr(s, d, !key_exact(s->tmp[i]) ? s->tmp[i]
				 : addr_key(key_obj(s->tmp[i]), key_off(s->tmp[i]) + x->k));
		break;
	}
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
		uint32_t n = snapshot(s, ptr);
		for (uint32_t i = 0; i < n && !s->give_up; i++)
			add_addr(s, d, ix->k != V_CONST || !key_exact(s->tmp[i])
					       ? moved(s, s->tmp[i])
					       : addr_key(key_obj(s->tmp[i]), key_off(s->tmp[i]) + ix->c));
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
		if (r->df_indirect) {
			join_k(s, d, V_TOP, 0);
			break;
		}
		for (uint32_t j = s->cby_off[f]; j < s->cby_off[f + 1]; j++) {
			const pcall *c = &r->calls[s->cby[j]];
			uint32_t o = TC_NONE;
			if (x->b < c->nargs) {
				uint32_t i = r->carg.v[c->arg0 + x->b];
				uint32_t op0 = r->rec.opoff.v[i], end = tc__ptx_op_end(r, i);
				uint32_t slot = end - op0 == 1 ? r->rec.op.v[op0] : TC_NONE;
				if (slot != TC_NONE && slot < r->fn[c->caller].nregs)
					o = s->pobj[s->vbase[c->caller] + slot];
			}
			if (o == TC_NONE) { /* not an argument the caller stored */
				join_k(s, d, V_TOP, 0);
				continue;
			}
			uint64_t key = addr_key(o, 0);
			aval one = {V_NONE, 0, 1, 1, &key, false}, out = {V_NONE, 0, 0, 0, NULL, false};
			load_value(s, &one, x->k, x->size, &out);
			join(s, d, &out);
		}
		break;
	case DF_RESULT: {
		const pcall *c = x->a < r->ncalls ? &r->calls[x->a] : NULL;
		if (!c || c->callee == TC_NONE) {
			join_k(s, d, V_TOP, 0);
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
	case DF_GIVEUP:
		s->give_up = true;
		break;
	default: /* DF_TOP: set at the start */
		break;
	}
}

/* ---- the analysis ---------------------------------------------------------- */

/* Where the variables of each function's depot start: its one .local
 * declaration's, as DWARF places them (s->starts; none for an object with
 * more than one declaration, or none). */
static int starts(dstate *s)
{
	reader *r = s->r;
	s->st_off = TC_ARENA_ZARRAY(&s->ar, uint32_t, (size_t)s->nobj + 2);
	if (!s->st_off)
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
			s->st_off[fof[k] + 2]++;
	}
	for (uint32_t o = 0; o < s->nobj && !rc; o++)
		s->st_off[o + 2] += s->st_off[o + 1];
	size_t n = rc ? 0 : s->st_off[s->nobj + 1];
	s->starts = rc ? NULL : TC_ARENA_ARRAY(&s->ar, uint32_t, n + 1);
	uint32_t *tmp = rc ? NULL : TC_ARENA_ARRAY(&s->ar, uint32_t, n + 1);
	if (!rc && (!s->starts || !tmp))
		rc = TC_ENOMEM;
	for (size_t k = 0; k < r->ndwloc && !rc; k++)
		if (fof[k] != TC_NONE)
			s->starts[s->st_off[fof[k] + 1]++] = (uint32_t)r->dwloc[k].off;
	/* each object's starts in order, once */
	for (uint32_t o = 0; o < s->nobj && !rc; o++) {
		uint32_t *a = s->starts + s->st_off[o];
		uint32_t m = s->st_off[o + 1] - s->st_off[o], w = 0;
		tc__sort_u32(a, m, tmp);
		for (uint32_t i = 0; i < m; i++)
			if (!w || a[w - 1] != a[i])
				a[w++] = a[i];
		for (uint32_t i = w; i < m; i++)
			a[i] = UINT32_MAX; /* not a start: past every offset */
	}
	tc__ptx_nmap_free(&s->ar, &by);
	return rc;
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
	s->cby_off = TC_ARENA_ZARRAY(&s->ar, uint32_t, r->nfn + 2);
	s->cby = TC_ARENA_ARRAY(&s->ar, uint32_t, r->ncalls + 1);
	s->tmp = TC_ARENA_ARRAY(&s->ar, uint64_t, MAX_ADDRS + 1);
	s->tmp2 = TC_ARENA_ARRAY(&s->ar, uint64_t, MAX_ADDRS + 2);
	if (!s->val || !tracked || !written || !s->pobj || !s->cby_off || !s->cby || !s->tmp ||
	    !s->tmp2)
		return TC_ENOMEM;
	/* an object per call slot stored to: after the functions' and the
	 * module's */
	for (size_t v = 0; v <= nregs; v++)
		s->pobj[v] = TC_NONE;
	s->nobj = (uint32_t)r->nfn + 1;
	for (uint32_t f = 0; f < r->nfn; f++)
		for (uint32_t j = r->fn[f].df0; j < r->fn[f].df1; j++) {
			const dfact *x = &r->df[j];
			if (x->op != DF_ARG || x->a >= r->fn[f].nregs ||
			    s->pobj[s->vbase[f] + x->a] != TC_NONE)
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
		for (uint32_t j = fn->df0; j < fn->df1; j++)
			if (r->df[j].op == DF_TOP)
				s->val[s->vbase[f] + r->df[j].def].k = V_TOP;
	}
	for (size_t i = 0; i < r->ncalls; i++)
		if (r->calls[i].callee != TC_NONE)
			s->cby_off[r->calls[i].callee + 2]++;
	for (size_t f = 0; f < r->nfn; f++)
		s->cby_off[f + 2] += s->cby_off[f + 1];
	for (size_t i = 0; i < r->ncalls; i++)
		if (r->calls[i].callee != TC_NONE)
			s->cby[s->cby_off[r->calls[i].callee + 1]++] = (uint32_t)i;
	return TC_OK;
}

/* the arguments of calls of functions without a body go where nothing is
 * followed; so do those of every call in a file with a call through a
 * register, where a .func's parameters are anything (eval, DF_PARAM) */
static void bodiless_calls(dstate *s)
{
	reader *r = s->r;
	for (size_t i = 0; i < r->ncalls && !s->give_up; i++) {
		const pcall *c = &r->calls[i];
		if (c->callee != TC_NONE && !r->df_indirect)
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
		if (snapshot_locs(s))
			return;
		for (uint32_t f = 0; f < r->nfn && !s->give_up; f++)
			for (uint32_t j = r->fn[f].df0; j < r->fn[f].df1 && !s->give_up; j++)
				eval(s, f, &r->df[j]);
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

/* One function's blocks (from 0): their successors and predecessors, the
 * dominator tree, how often each of its registers is written (up to 2), and
 * marks for the searches of copy_of; made for the first of its loads that
 * may be a copy. */
typedef struct fdom {
	uint32_t f; /* whose, TC_NONE */
	bool ok;
	tc_digraph g, rg;
	tc_domtree dt;
	uint8_t *writes;
	uint32_t *mark[2], *stack, stamp;
} fdom;

/* the work of copy_of's searches per file (blocks visited, stores looked
 * at), before it stops finding copies that need them */
#define COPY_WORK (UINT64_C(1) << 24)

static int fn_dom(dstate *s, uint32_t f, fdom *d)
{
	if (d->f == f)
		return TC_OK;
	reader *r = s->r;
	const pfunc *fn = &r->fn[f];
	d->f = f;
	d->ok = false;
	uint32_t nb = fn->block1 - fn->block0, ns = 0;
	if (nb == 0)
		return TC_OK;
	for (uint32_t b = fn->block0; b < fn->block1; b++)
		ns += r->blocks[b].nsucc;
	uint32_t *off = TC_ARENA_ARRAY(&s->ar, uint32_t, (size_t)nb + 1);
	uint32_t *succ = TC_ARENA_ARRAY(&s->ar, uint32_t, (size_t)ns + 1);
	uint32_t *idom = TC_ARENA_ARRAY(&s->ar, uint32_t, (size_t)nb + 2);
	d->writes = TC_ARENA_ZARRAY(&s->ar, uint8_t, (size_t)fn->nregs + 1);
	d->mark[0] = TC_ARENA_ZARRAY(&s->ar, uint32_t, (size_t)nb + 2);
	d->mark[1] = TC_ARENA_ZARRAY(&s->ar, uint32_t, (size_t)nb + 2);
	d->stack = TC_ARENA_ARRAY(&s->ar, uint32_t, (size_t)nb + 2);
	if (!off || !succ || !idom || !d->writes || !d->mark[0] || !d->mark[1] || !d->stack)
		return TC_ENOMEM;
	d->stamp = 0;
	ns = 0;
	for (uint32_t b = fn->block0; b < fn->block1; b++) {
		const pblock *bk = &r->blocks[b];
		off[b - fn->block0] = ns;
		for (uint32_t j = 0; j < bk->nsucc; j++)
			succ[ns++] = r->succ.v[bk->succ0 + j];
	}
	off[nb] = ns;
	if (tc__digraph_blocks(&s->ar, &d->g, nb, off, succ) ||
	    tc__digraph_reverse(&s->ar, &d->rg, &d->g) ||
	    tc__dominators(&s->ar, &d->g, &d->rg, 0, idom) ||
	    tc__domtree_intervals(&s->ar, nb + 1, idom, 0, &d->dt))
		return TC_ENOMEM;
	for (uint32_t i = fn->rec0; i < fn->rec1; i++) {
		uint32_t v = r->rec.def.v[i];
		if (v < fn->nregs && d->writes[v] < 2)
			d->writes[v]++;
	}
	d->ok = true;
	return TC_OK;
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

/* Marks (mark[m], with the current stamp) every block that g leads to in
 * one edge or more from 'from' without entering 'stop'; counts the visits. */
static void search(fdom *d, const tc_digraph *g, int m, uint32_t from, uint32_t stop,
		   uint64_t *work)
{
	uint32_t top = 0, stamp = d->stamp, *mark = d->mark[m];
	for (const uint32_t *p = TC_ADJ_BEGIN(g, from); p != TC_ADJ_END(g, from); p++)
		if (*p != stop && mark[*p] != stamp) {
			mark[*p] = stamp;
			d->stack[top++] = *p;
		}
	while (top) {
		uint32_t v = d->stack[--top];
		++*work;
		for (const uint32_t *p = TC_ADJ_BEGIN(g, v); p != TC_ADJ_END(g, v); p++)
			if (*p != stop && mark[*p] != stamp) {
				mark[*p] = stamp;
				d->stack[top++] = *p;
			}
	}
}

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
		if (key_exact(a)) {
			lo = key_off(a) + k;
			hi = lo + w->size;
		} else {
			key_range(s, a, &lo, &hi);
		}
		if (lo < off + (int64_t)size && off < hi)
			return true;
	}
	return false;
}

/*
 * Whether none of the other writes of a location, at positions ev[0 .. n)
 * of fn except ev[skip], lies on a way from the write at position sp (block
 * bs) to the load at position lp (block bl) that does not pass that write
 * again; bs dominates bl, or they are one block with sp before lp. F: the
 * blocks a way from bs reaches without passing it again; B: those from
 * which such a way reaches bl (one edge at least).
 */
static bool off_the_ways(const reader *r, const pfunc *fn, fdom *d, uint32_t bs, uint32_t sp,
			 uint32_t bl, uint32_t lp, const uint32_t *ev, uint32_t n, uint32_t skip,
			 uint64_t *work)
{
	if (bl != bs) {
		d->stamp++;
		search(d, &d->g, 0, bs, bs, work);
		search(d, &d->rg, 1, bl, bs, work);
	}
	*work += n;
	for (uint32_t w = 0; w < n; w++) {
		uint32_t b = pos_block(r, fn, ev[w]);
		bool on;
		if (w == skip || b == TC_NONE)
			continue; /* it, or one that never runs */
		if (bl == bs) /* only one between them in their block */
			on = b == bs && ev[w] > sp && ev[w] < lp;
		else if (b == bs)
			on = ev[w] > sp;
		else /* in F, and in B or the load's before it */
			on = d->mark[0][b] == d->stamp &&
			     (d->mark[1][b] == d->stamp || (b == bl && ev[w] < lp));
		if (on)
			return false;
	}
	return true;
}

/* The block of store st (of f) where it is a copy's candidate for a load at
 * position lp in block bl: of a register f writes once, and before the
 * load on every path; TC_NONE otherwise. */
static uint32_t before_load(const reader *r, const pfunc *fn, const fdom *d, const dfact *st,
			    uint32_t bl, uint32_t lp)
{
	uint32_t bs = pos_block(r, fn, st->pos);
	if (st->def >= fn->nregs || d->writes[st->def] != 1 || bs == TC_NONE ||
	    (bl == bs ? st->pos > lp : !tc__dominates(&d->dt, bs, bl)))
		return TC_NONE;
	return bs;
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
static int copy_of(dstate *s, uint32_t f, const dfact *x, const aval *base, int64_t k, fdom *d,
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
	if (fn_dom(s, f, d))
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
	/* the stores that may write it (all in f), and of those each that
	 * comes before the load on every path, of a register written once,
	 * through the one address, with none of the others on its ways to the
	 * load */
	uint32_t nw = 0;
	if (*work >= COPY_WORK)
		return TC_OK;
	*work += s->wof[o + 1] - s->wof[o];
	for (uint32_t q = s->wof[o]; q < s->wof[o + 1]; q++) {
		uint32_t j = s->wby[q];
		if (j >= fn->df0 && j < fn->df1 && may_write(s, f, &r->df[j], o, off, x->size))
			s->wl[nw++] = j;
	}
	for (uint32_t w = 0; w < nw; w++)
		s->wp[w] = r->df[s->wl[w]].pos;
	for (uint32_t c = 0; c < nw && *work < COPY_WORK; c++) {
		const dfact *st = &r->df[s->wl[c]];
		if ((st->flags & (DF_GUARD | DF_IMM | DF_ANYV)) || st->size != x->size)
			continue;
		aval one;
		uint64_t key;
		int64_t sk = 0;
		const aval *sb = access_base(s, f, st, &one, &key, &sk);
		uint32_t bs = before_load(r, fn, d, st, bl, x->pos);
		if (sb->n != 1 || sb->k != V_NONE || !key_exact(sb->a[0]) ||
		    sb->a[0] != addr_key(o, off - sk) || bs == TC_NONE)
			continue;
		if (off_the_ways(r, fn, d, bs, st->pos, bl, x->pos, s->wp, nw, c, work)) {
			*reg = st->def;
			return TC_OK;
		}
	}
	return TC_OK;
}

/* The stores that may write each object (s->wof, s->wby), and room for the
 * most of them that one load may see (s->wl). */
static int store_index(dstate *s)
{
	reader *r = s->r;
	s->wof = TC_ARENA_ZARRAY(&s->ar, uint32_t, (size_t)s->nobj + 2);
	if (!s->wof)
		return TC_ENOMEM;
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
				for (uint32_t i = 0; i < b->n; i++) {
					uint32_t o = key_obj(b->a[i]);
					if (i && key_obj(b->a[i - 1]) == o)
						continue; /* one object once */
					if (pass == 0)
						s->wof[o + 2]++;
					else
						s->wby[s->wof[o + 1]++] = j;
				}
			}
		if (pass == 0) {
			for (uint32_t o = 0; o < s->nobj; o++)
				s->wof[o + 2] += s->wof[o + 1];
			size_t n = s->wof[s->nobj + 1];
			s->wby = TC_ARENA_ARRAY(&s->ar, uint32_t, n + 1);
			s->wl = TC_ARENA_ARRAY(&s->ar, uint32_t, n + 1);
			s->wp = TC_ARENA_ARRAY(&s->ar, uint32_t, n + 1);
			if (!s->wby || !s->wl || !s->wp)
				return TC_ENOMEM;
		}
	}
	return TC_OK;
}

/* The loads found to read one constant: that constant, the same in every
 * thread, for the uniformity analysis and the warp's view; and those that
 * are copies of a register (copy_of): its value. */
static int use(dstate *s)
{
	reader *r = s->r;
	fdom dom;
	memset(&dom, 0, sizeof dom);
	dom.f = TC_NONE;
	uint64_t work = 0;
	if (store_index(s))
		return TC_ENOMEM;
	for (uint32_t f = 0; f < r->nfn; f++) {
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
			if ((x->flags & DF_GENERIC) && base->k == V_SYM && !base->n) {
				/* through a kernel's argument: no thread's local
				 * memory (a load as at a uniform address) */
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
				if (end == r->rec.opoff.v[i])
					continue;
				if (copy_of(s, f, x, base, k, &dom, &work, &from))
					return TC_ENOMEM;
				if (from == TC_NONE)
					continue;
				/* to the load's width (a narrower signed load
				 * extends its sign) */
				if (!(x->flags & DF_SIGNED) || x->size >= 4)
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

int tc__ptx_depot_values(reader *r)
{
	bool objects = false;
	for (size_t i = 0; i < r->ndf && !objects; i++)
		objects = r->df[i].op == DF_OBJ;
	if (!objects)
		return TC_OK; /* no local object's address is taken */
	dstate s;
	memset(&s, 0, sizeof s);
	s.r = r;
	tc__arena_init(&s.ar, &r->al);
	s.vbase = TC_ARENA_ARRAY(&s.ar, uint32_t, r->nfn + 1);
	int rc = s.vbase ? setup(&s) : TC_ENOMEM;
	if (!rc) {
		solve(&s);
		rc = s.oom ? TC_ENOMEM : s.give_up ? TC_OK : use(&s);
	}
	tc__hash_free(&s.lh, s.ar.al);
	tc__arena_free(&s.ar);
	return rc == TC_ENOMEM ? tc__ptx_oom(r) : rc ? r->rc : TC_OK;
}
