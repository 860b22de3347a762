/*
 * dwarf.c - the inlined calls of a PTX file's .debug_info, and the
 * variables it places in local symbols (dwarf.h).
 *
 * One pass over the units: each DIE by its abbreviation, every attribute
 * read by its form (so that the next DIE is found), and of the DIEs kept
 * only what the positions need: the inlined calls (DW_TAG_inlined_subroutine)
 * with their labels and call sites, and per DIE its names and the DIE it
 * refers to (DW_AT_abstract_origin, DW_AT_specification), to name the
 * function an inlined call inlines. Every read is bounded by its unit;
 * what does not decode ends the pass, keeping what came before.
 */
#include "frontend/ptx/dwarf.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define NONE UINT32_MAX
#define MAX_NEST 1024 /* DIEs nested */
#define MAX_SIZE (UINT64_C(1) << 40) /* a variable's bytes at most (more: not known) */

enum {
	TAG_SUBPROGRAM = 0x2e,
	TAG_INLINED = 0x1d,
	TAG_VARIABLE = 0x34,
	TAG_FORMAL_PARAMETER = 0x05,
	/* types, for a variable's size */
	TAG_ARRAY = 0x01,
	TAG_CLASS = 0x02,
	TAG_ENUMERATION = 0x04,
	TAG_POINTER = 0x0f,
	TAG_REFERENCE = 0x10,
	TAG_STRUCTURE = 0x13,
	TAG_TYPEDEF = 0x16,
	TAG_UNION = 0x17,
	TAG_PTR_TO_MEMBER = 0x1f,
	TAG_SUBRANGE = 0x21,
	TAG_BASE = 0x24,
	TAG_CONST = 0x26,
	TAG_VOLATILE = 0x35,
	TAG_RESTRICT = 0x37,
	TAG_RVALUE_REFERENCE = 0x42,
	TAG_ATOMIC = 0x47,
	TAG_IMMUTABLE = 0x4b,
	AT_LOCATION = 0x02,
	AT_NAME = 0x03,
	AT_BYTE_SIZE = 0x0b,
	AT_LOWER_BOUND = 0x22,
	AT_UPPER_BOUND = 0x2f,
	AT_COUNT = 0x37,
	AT_TYPE = 0x49,
	AT_LOW_PC = 0x11,
	AT_HIGH_PC = 0x12,
	AT_ABSTRACT_ORIGIN = 0x31,
	AT_SPECIFICATION = 0x47,
	AT_CALL_COLUMN = 0x57,
	AT_CALL_FILE = 0x58,
	AT_CALL_LINE = 0x59,
	AT_LINKAGE_NAME = 0x6e,
	AT_MIPS_LINKAGE_NAME = 0x2007
};

typedef struct cur { /* a reader of one section's bytes, up to end */
	const tc_dw_section *sec;
	size_t i, end;
	bool bad;
} cur;

static uint64_t fixed(cur *c, unsigned w)
{
	if (c->bad || c->i > c->end || c->end - c->i < w) {
		c->bad = true;
		return 0;
	}
	uint64_t v = 0;
	for (unsigned k = 0; k < w; k++)
		v |= (uint64_t)c->sec->b[c->i + k] << (8 * k);
	c->i += w;
	return v;
}

static uint64_t uleb(cur *c)
{
	uint64_t v = 0;
	for (unsigned s = 0; !c->bad; s += 7) {
		if (c->i >= c->end || s > 63) {
			c->bad = true;
			break;
		}
		unsigned char x = c->sec->b[c->i++];
		v |= (uint64_t)(x & 0x7f) << s;
		if (!(x & 0x80))
			break;
	}
	return v;
}

static int64_t sleb(cur *c)
{
	uint64_t v = 0;
	unsigned s = 0;
	unsigned char x = 0;
	do {
		if (c->bad || c->i >= c->end || s > 63) {
			c->bad = true;
			return 0;
		}
		x = c->sec->b[c->i++];
		v |= (uint64_t)(x & 0x7f) << s;
		s += 7;
	} while (x & 0x80);
	if (s < 64 && (x & 0x40))
		v |= ~(uint64_t)0 << s;
	return (int64_t)v;
}

static void skip(cur *c, uint64_t n)
{
	if (c->bad || c->i > c->end || c->end - c->i < n)
		c->bad = true;
	else
		c->i += (size_t)n;
}

/* The label at byte off of the section, or NULL. */
static const tc_dw_label *label_at(const tc_dw_section *s, size_t off)
{
	size_t lo = 0, hi = s->nlab;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (s->lab[mid].off < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < s->nlab && s->lab[lo].off == off ? &s->lab[lo] : NULL;
}

/* ---- abbreviations ------------------------------------------------------- */

typedef struct abbr {
	uint64_t code;
	uint32_t tag;
	uint8_t children;
	uint32_t a0, na; /* its attributes in attrs */
} abbr;

typedef struct attr {
	uint32_t at, form;
	int64_t implicit; /* DW_FORM_implicit_const's value */
} attr;

typedef struct abbrevs {
	abbr *v;
	size_t n, cap;
	attr *a;
	size_t na, acap;
	size_t off; /* the table's offset; SIZE_MAX: none read */
} abbrevs;

static bool grow(const tc_alloc *al, void **p, size_t *cap, size_t need, size_t sz)
{
	if (need <= *cap)
		return true;
	size_t cap2 = *cap ? *cap : 16;
	while (cap2 < need)
		cap2 *= 2;
	void *q = tc__realloc(al, *p, tc__mul(cap2, sz));
	if (!q)
		return false;
	*p = q;
	*cap = cap2;
	return true;
}

static int cmp_abbr(const void *x, const void *y)
{
	const abbr *a = x, *b = y;
	return a->code < b->code ? -1 : a->code > b->code;
}

/* The table at off of s into t (sorted by code); false: out of memory
 * (a table that does not decode ends where it stops). */
static bool read_abbrevs(const tc_dw_section *s, size_t off, abbrevs *t, const tc_alloc *al)
{
	t->n = t->na = 0;
	t->off = off;
	if (off >= s->n)
		return true;
	cur c = {s, off, s->n, false};
	for (;;) {
		uint64_t code = uleb(&c);
		if (c.bad || code == 0)
			break;
		abbr a = {code, (uint32_t)uleb(&c), 0, (uint32_t)t->na, 0};
		a.children = (uint8_t)fixed(&c, 1);
		for (;;) {
			uint64_t at = uleb(&c), form = uleb(&c);
			if (c.bad || (at == 0 && form == 0))
				break;
			int64_t k = form == 0x21 ? sleb(&c) : 0;
			if (!grow(al, (void **)&t->a, &t->acap, t->na + 1, sizeof *t->a))
				return false;
			t->a[t->na++] = (attr){(uint32_t)(at > NONE ? NONE : at),
					       (uint32_t)(form > NONE ? NONE : form), k};
			a.na++;
		}
		if (c.bad)
			break;
		if (!grow(al, (void **)&t->v, &t->cap, t->n + 1, sizeof *t->v))
			return false;
		t->v[t->n++] = a;
	}
	if (t->n > 1) /* none: no array to sort */
		qsort(t->v, t->n, sizeof *t->v, cmp_abbr);
	return true;
}

static const abbr *find_abbr(const abbrevs *t, uint64_t code)
{
	if (code - 1 < t->n && t->v[code - 1].code == code)
		return &t->v[code - 1];
	size_t lo = 0, hi = t->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->v[mid].code < code)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < t->n && t->v[lo].code == code ? &t->v[lo] : NULL;
}

/* ---- values ---------------------------------------------------------------- */

typedef struct val {
	uint64_t u;
	const tc_dw_label *lab; /* a label in place of the value */
	const char *s;          /* a string */
	size_t slen;
	bool num; /* u holds a constant (data, flag, udata, sdata) */
	bool ref; /* u holds a section offset of a DIE */
	bool blk; /* a block or an expression: u its offset, slen its length */
} val;

/* The unit being read. */
typedef struct unit {
	size_t start; /* its header's offset */
	unsigned ver, asz;
} unit;

/* A string of str at off (NUL-ended inside it), or NULL. */
static const char *str_at(const tc_dw_section *str, uint64_t off, size_t *len)
{
	if (!str || off >= str->n)
		return NULL;
	const char *s = (const char *)str->b + off;
	size_t n = strnlen(s, str->n - (size_t)off);
	if (n == str->n - off)
		return NULL;
	*len = n;
	return s;
}

/* Reads one value of form (its abbreviation's implicit constant k). */
static void read_value(cur *c, const unit *u, uint32_t form, int64_t k, const tc_dw_section *str,
		       val *v)
{
	memset(v, 0, sizeof *v);
	unsigned w = 0;
	switch (form) {
	case 0x01: /* addr */
		w = u->asz;
		break;
	case 0x0b: /* data1, ref1, flag, strx1, addrx1 */
	case 0x11:
	case 0x0c:
	case 0x25:
	case 0x29:
		w = 1;
		break;
	case 0x05: /* data2, ref2, strx2, addrx2 */
	case 0x12:
	case 0x26:
	case 0x2a:
		w = 2;
		break;
	case 0x27: /* strx3, addrx3 */
	case 0x2b:
		w = 3;
		break;
	case 0x06: /* data4, ref4, strp, sec_offset, strx4, addrx4, ref_sup4, strp_sup,
		    * line_strp */
	case 0x13:
	case 0x0e:
	case 0x17:
	case 0x28:
	case 0x2c:
	case 0x1c:
	case 0x1d:
	case 0x1f:
		w = 4;
		break;
	case 0x07: /* data8, ref8, ref_sig8 */
	case 0x14:
	case 0x20:
		w = 8;
		break;
	case 0x10: /* ref_addr: the address's size in DWARF 2 */
		w = u->ver == 2 ? u->asz : 4;
		break;
	case 0x1e: /* data16 */
		skip(c, 16);
		return;
	case 0x08: { /* string */
		size_t i = c->i;
		while (i < c->end && c->sec->b[i])
			i++;
		if (i >= c->end) {
			c->bad = true;
			return;
		}
		v->s = (const char *)c->sec->b + c->i;
		v->slen = i - c->i;
		c->i = i + 1;
		return;
	}
	case 0x03: /* block2, block4, block1, block, exprloc */
	case 0x04:
	case 0x0a:
	case 0x09:
	case 0x18: {
		uint64_t len = form == 0x03 ? fixed(c, 2)
			       : form == 0x04 ? fixed(c, 4)
			       : form == 0x0a ? fixed(c, 1)
					      : uleb(c);
		v->u = c->i;
		v->slen = (size_t)len;
		skip(c, len);
		v->blk = !c->bad;
		return;
	}
	case 0x0d: /* sdata */
		v->u = (uint64_t)sleb(c);
		v->num = true;
		return;
	case 0x0f: /* udata */
		v->u = uleb(c);
		v->num = true;
		return;
	case 0x15: /* ref_udata */
		v->u = uleb(c) + u->start;
		v->ref = true;
		return;
	case 0x1a: /* strx, addrx, loclistx, rnglistx: indices, not followed */
	case 0x1b:
	case 0x22:
	case 0x23:
		uleb(c);
		return;
	case 0x19: /* flag_present */
		v->u = 1;
		v->num = true;
		return;
	case 0x21: /* implicit_const */
		v->u = (uint64_t)k;
		v->num = true;
		return;
	case 0x16: { /* indirect: the form first */
		uint64_t f = uleb(c);
		if (f == 0x16 || f > NONE) {
			c->bad = true;
			return;
		}
		read_value(c, u, (uint32_t)f, 0, str, v);
		return;
	}
	default:
		c->bad = true;
		return;
	}
	if (w == 0 || w > 8) { /* an address size the unit does not give */
		c->bad = true;
		return;
	}
	v->lab = label_at(c->sec, c->i);
	if (v->lab && v->lab->width != w)
		v->lab = NULL;
	v->u = fixed(c, w);
	switch (form) {
	case 0x0b:
	case 0x05:
	case 0x06:
	case 0x07:
	case 0x0c:
		v->num = !v->lab;
		break;
	case 0x11:
	case 0x12:
	case 0x13:
	case 0x14:
		v->u += u->start;
		v->ref = !v->lab;
		break;
	case 0x10:
		v->ref = !v->lab;
		break;
	case 0x0e:
		if (!v->lab)
			v->s = str_at(str, v->u, &v->slen);
		break;
	default:
		break;
	}
}

/* ---- DIEs -------------------------------------------------------------- */

typedef struct die { /* what naming an inlined call needs of a DIE */
	size_t off;
	const char *name, *lname; /* DW_AT_name, a linkage name */
	size_t nlen, llen;
	uint64_t ref; /* DW_AT_specification or DW_AT_abstract_origin; SIZE_MAX: none */
	uint64_t type; /* DW_AT_type, UINT64_MAX: none */
} die;

/* A type DIE, for the sizes of variables. */
typedef struct tyd {
	size_t off;
	uint64_t type;  /* DW_AT_type (a DIE's offset), UINT64_MAX: none */
	uint64_t size;  /* DW_AT_byte_size, 0: none */
	uint64_t count; /* an array's elements (its subranges'), where counted */
	uint32_t tag;
	uint8_t asz; /* its unit's address size: a pointer's bytes */
	bool counted;
} tyd;

typedef struct state {
	const tc_alloc *al;
	tc_dw_local *loc; /* the variables at fixed places */
	size_t nloc, loccap;
	uint64_t *ldie; /* per variable: its DIE (in d where it has a type or
			 * an abstract origin) */
	size_t ldcap;
	tyd *ty; /* the type DIEs, in increasing off */
	size_t nty, tycap;
	die *d;
	size_t nd, dcap;
	tc_dw_inlined *in;
	size_t nin, incap;
	uint64_t *origin; /* per inlined call: its DW_AT_abstract_origin, or UINT64_MAX */
	size_t ocap;
} state;

/* The first of n records at v (size bytes each, whose first member is a
 * size_t offset, increasing) at or past off: its index, or n. */
static size_t first_at(const void *v, size_t n, size_t size, uint64_t off)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2, o;
		memcpy(&o, (const char *)v + mid * size, sizeof o);
		if (o < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static const die *find_die(const state *st, uint64_t off)
{
	size_t i = first_at(st->d, st->nd, sizeof *st->d, off);
	return i < st->nd && st->d[i].off == off ? &st->d[i] : NULL;
}

/* The place a location expression at [at, at + len) of c's section names:
 * DW_OP_addr LABEL, DW_OP_plus_uconst K and DW_OP_nop in any number, in
 * that order; false for anything else. */
static bool fixed_place(const cur *c, const unit *u, size_t at, size_t len, tc_dw_local *out)
{
	cur e = {c->sec, at, at + len, false};
	if (len < 1 + (size_t)u->asz || fixed(&e, 1) != 0x03) /* DW_OP_addr */
		return false;
	const tc_dw_label *l = label_at(c->sec, e.i);
	if (!l || l->width != u->asz)
		return false;
	skip(&e, u->asz);
	uint64_t k = 0;
	bool plus = false;
	while (!e.bad && e.i < e.end) {
		uint64_t op = fixed(&e, 1);
		if (op == 0x96) /* DW_OP_nop */
			continue;
		if (op != 0x23 || plus) /* DW_OP_plus_uconst, once */
			return false;
		plus = true;
		k = uleb(&e);
	}
	if (e.bad || k > (UINT64_C(1) << 40) || l->add < -(INT64_C(1) << 40) ||
	    l->add > (INT64_C(1) << 40))
		return false;
	*out = (tc_dw_local){l->s, (uint32_t)l->len, l->add + (int64_t)k, 0};
	return true;
}

/* Per nesting level: the inlined call whose code holds what is inside
 * (NONE: none; BAD: one that is left out). */
#define BAD (NONE - 1)

/* whether a DIE of tag describes a type a variable's size comes from */
static bool type_tag(uint32_t tag)
{
	switch (tag) {
	case TAG_ARRAY:
	case TAG_CLASS:
	case TAG_ENUMERATION:
	case TAG_POINTER:
	case TAG_REFERENCE:
	case TAG_STRUCTURE:
	case TAG_TYPEDEF:
	case TAG_UNION:
	case TAG_PTR_TO_MEMBER:
	case TAG_BASE:
	case TAG_CONST:
	case TAG_VOLATILE:
	case TAG_RESTRICT:
	case TAG_RVALUE_REFERENCE:
	case TAG_ATOMIC:
	case TAG_IMMUTABLE:
		return true;
	default:
		return false;
	}
}

/* An array's subrange: its elements into the array's count (lower: its
 * DW_AT_lower_bound, 0 where none, as in C). */
static void subrange(tyd *t, bool has_count, uint64_t count, bool has_upper, uint64_t upper,
		     uint64_t lower)
{
	if (!t->counted)
		return;
	uint64_t n = has_count ? count : has_upper && upper >= lower ? upper - lower + 1 : 0;
	uint64_t prev = t->count ? t->count : 1; /* 0: no subrange yet */
	if (n == 0 || n > MAX_SIZE || prev > MAX_SIZE / n)
		t->counted = false;
	else
		t->count = prev * n;
}

/* The DIEs of one unit, from c->i up to c->end; false: out of memory. */
static bool read_unit(cur *c, const unit *u, const abbrevs *t, const tc_dw_section *str,
		      state *st, uint32_t *nest, uint32_t *arr)
{
	uint32_t depth = 0; /* nest[0]: the unit's level; arr[depth]: the array
			     * type (st->ty) whose subranges are inside, NONE */
	nest[0] = arr[0] = NONE;
	while (c->i < c->end && !c->bad) {
		size_t off = c->i;
		uint64_t code = uleb(c);
		if (c->bad)
			break;
		if (code == 0) {
			if (depth == 0)
				continue; /* padding */
			depth--;
			continue;
		}
		const abbr *a = find_abbr(t, code);
		if (!a) {
			c->bad = true;
			break;
		}
		die d = {off, NULL, NULL, 0, 0, UINT64_MAX, UINT64_MAX};
		const tc_dw_label *lo = NULL, *hi = NULL;
		bool lo_other = false, hi_other = false;
		uint64_t file = 0, line = 0, col = 0, origin = UINT64_MAX;
		tc_dw_local place = {NULL, 0, 0, 0};
		uint64_t type = UINT64_MAX, size = 0, count = 0, upper = 0, lower = 0;
		bool has_count = false, has_upper = false;
		for (uint32_t k = 0; k < a->na && !c->bad; k++) {
			const attr *at = &t->a[a->a0 + k];
			val v;
			read_value(c, u, at->form, at->implicit, str, &v);
			switch (at->at) {
			case AT_LOCATION:
				if (v.blk && (a->tag == TAG_VARIABLE || a->tag == TAG_FORMAL_PARAMETER) &&
				    !fixed_place(c, u, (size_t)v.u, v.slen, &place))
					place.s = NULL;
				break;
			case AT_NAME:
				if (v.s)
					d.name = v.s, d.nlen = v.slen;
				break;
			case AT_LINKAGE_NAME:
			case AT_MIPS_LINKAGE_NAME:
				if (v.s)
					d.lname = v.s, d.llen = v.slen;
				break;
			case AT_SPECIFICATION:
			case AT_ABSTRACT_ORIGIN:
				if (v.ref) {
					d.ref = v.u;
					if (at->at == AT_ABSTRACT_ORIGIN)
						origin = v.u;
				}
				break;
			case AT_LOW_PC:
				lo = v.lab;
				lo_other = !v.lab;
				break;
			case AT_HIGH_PC:
				hi = v.lab;
				hi_other = !v.lab;
				break;
			case AT_CALL_FILE:
				file = v.num ? v.u : 0;
				break;
			case AT_CALL_LINE:
				line = v.num ? v.u : 0;
				break;
			case AT_CALL_COLUMN:
				col = v.num ? v.u : 0;
				break;
			case AT_TYPE:
				type = d.type = v.ref ? v.u : UINT64_MAX;
				break;
			case AT_BYTE_SIZE:
				size = v.num ? v.u : 0;
				break;
			case AT_COUNT:
				has_count = v.num;
				count = v.u;
				break;
			case AT_UPPER_BOUND:
				has_upper = v.num;
				upper = v.u;
				break;
			case AT_LOWER_BOUND:
				lower = v.num ? v.u : UINT64_MAX; /* not known: no count */
				break;
			default:
				break;
			}
		}
		if (c->bad)
			break;
		if (d.name || d.lname || d.ref != UINT64_MAX || d.type != UINT64_MAX) {
			if (!grow(st->al, (void **)&st->d, &st->dcap, st->nd + 1, sizeof *st->d))
				return false;
			st->d[st->nd++] = d;
		}
		if (place.s) {
			if (!grow(st->al, (void **)&st->loc, &st->loccap, st->nloc + 1, sizeof *st->loc) ||
			    !grow(st->al, (void **)&st->ldie, &st->ldcap, st->nloc + 1,
				  sizeof *st->ldie))
				return false;
			st->ldie[st->nloc] = off;
			st->loc[st->nloc++] = place;
		}
		uint32_t arr_in = NONE; /* the array type this DIE's children count */
		if (type_tag(a->tag)) {
			if (!grow(st->al, (void **)&st->ty, &st->tycap, st->nty + 1, sizeof *st->ty))
				return false;
			st->ty[st->nty] =
			    (tyd){off, type, size, 0, a->tag, (uint8_t)u->asz, a->tag == TAG_ARRAY};
			if (a->tag == TAG_ARRAY && st->nty < NONE)
				arr_in = (uint32_t)st->nty;
			st->nty++;
		} else if (a->tag == TAG_SUBRANGE && arr[depth] != NONE) {
			subrange(&st->ty[arr[depth]], has_count, count, has_upper, upper, lower);
		}
		uint32_t inside = nest[depth]; /* what this DIE's code is in */
		if (a->tag == TAG_SUBPROGRAM)
			inside = NONE; /* a function of its own */
		else if (a->tag == TAG_INLINED && inside != BAD) {
			if (!lo || !hi || lo_other || hi_other || !file || !line || line > NONE ||
			    file > NONE || st->nin >= NONE - 2) {
				inside = BAD;
			} else {
				if (!grow(st->al, (void **)&st->in, &st->incap, st->nin + 1,
					  sizeof *st->in) ||
				    !grow(st->al, (void **)&st->origin, &st->ocap, st->nin + 1,
					  sizeof *st->origin))
					return false;
				st->in[st->nin] = (tc_dw_inlined){lo,
								  hi,
								  (uint32_t)file,
								  (uint32_t)line,
								  (uint32_t)(col > NONE ? 0 : col),
								  inside,
								  NULL,
								  0};
				st->origin[st->nin] = origin;
				inside = (uint32_t)st->nin++;
			}
		}
		if (a->children) {
			if (depth + 1 >= MAX_NEST) {
				c->bad = true;
				break;
			}
			nest[++depth] = inside;
			arr[depth] = arr_in;
		}
	}
	return true;
}

static const tyd *find_ty(const state *st, uint64_t off)
{
	size_t i = first_at(st->ty, st->nty, sizeof *st->ty, off);
	return i < st->nty && st->ty[i].off == off ? &st->ty[i] : NULL;
}

/* The bytes of the type DIE off: its DW_AT_byte_size; a typedef's or a
 * qualified type's, that of the type it names; a pointer's, its unit's
 * address size; an array's, its element's times its count. 0: not known
 * (another tag, no size, a chain of more than 64 steps, more than
 * MAX_SIZE). */
static uint64_t size_of(const state *st, uint64_t off)
{
	uint64_t times = 1;
	for (int hop = 0; hop < 64; hop++) {
		const tyd *t = off == UINT64_MAX ? NULL : find_ty(st, off);
		uint64_t n = 0;
		if (!t)
			return 0;
		if (t->size) {
			n = t->size;
		} else {
			switch (t->tag) {
			case TAG_TYPEDEF:
			case TAG_CONST:
			case TAG_VOLATILE:
			case TAG_RESTRICT:
			case TAG_ATOMIC:
			case TAG_IMMUTABLE:
				off = t->type;
				continue;
			case TAG_POINTER:
			case TAG_REFERENCE:
			case TAG_RVALUE_REFERENCE:
				n = t->asz;
				break;
			case TAG_ARRAY:
				if (!t->counted || !t->count || times > MAX_SIZE / t->count)
					return 0;
				times *= t->count;
				off = t->type;
				continue;
			default:
				return 0;
			}
		}
		return n && n <= MAX_SIZE && times <= MAX_SIZE / n ? times * n : 0;
	}
	return 0;
}

/* The name of the function DIE off stands for: its linkage name, else
 * its name, else that of the DIE it refers to (a few steps at most). */
static void name_of(const state *st, uint64_t off, const char **s, size_t *n)
{
	*s = NULL;
	*n = 0;
	for (int hop = 0; hop < 8 && off != UINT64_MAX; hop++) {
		const die *d = find_die(st, off);
		if (!d)
			return;
		if (d->lname || d->name) {
			*s = d->lname ? d->lname : d->name;
			*n = d->lname ? d->llen : d->nlen;
			return;
		}
		off = d->ref;
	}
}

int tc__dwarf_inlined(const tc_dw_section *abbrev, const tc_dw_section *info,
		      const tc_dw_section *str, const tc_alloc *al, tc_dw_inlined **out, size_t *n,
		      tc_dw_local **locals, size_t *nlocals)
{
	*out = NULL;
	*n = 0;
	*locals = NULL;
	*nlocals = 0;
	state st;
	memset(&st, 0, sizeof st);
	st.al = al;
	abbrevs t = {NULL, 0, 0, NULL, 0, 0, SIZE_MAX};
	uint32_t *nest = tc__calloc(al, 2 * MAX_NEST, sizeof *nest);
	bool ok = nest != NULL;
	cur c = {info, 0, info->n, false};
	while (ok && !c.bad && c.i < info->n) {
		unit u = {c.i, 0, 0};
		c.end = info->n;
		uint64_t len = fixed(&c, 4);
		if (c.bad || len >= 0xfffffff0u || len > info->n - c.i)
			break; /* 64-bit DWARF, or cut short */
		size_t end = c.i + (size_t)len;
		c.end = end;
		u.ver = (unsigned)fixed(&c, 2);
		if (u.ver < 2 || u.ver > 5)
			break;
		unsigned type = 1;
		if (u.ver >= 5) {
			type = (unsigned)fixed(&c, 1);
			u.asz = (unsigned)fixed(&c, 1);
		}
		/* the abbreviations' offset: a number, or the section's name as a
		 * label (.b32 .debug_abbrev) */
		const tc_dw_label *l = label_at(info, c.i);
		uint64_t aoff = fixed(&c, 4);
		if (l)
			aoff = l->add >= 0 ? (uint64_t)l->add : UINT64_MAX;
		if (u.ver < 5)
			u.asz = (unsigned)fixed(&c, 1);
		if (c.bad)
			break;
		if (type == 1 || type == 3) { /* a compile or partial unit */
			if (aoff != t.off && !(ok = read_abbrevs(abbrev, aoff, &t, al)))
				break;
			ok = read_unit(&c, &u, &t, str, &st, nest, nest + MAX_NEST);
			if (c.bad)
				break;
		}
		c.i = end;
	}
	for (size_t k = 0; ok && k < st.nin; k++)
		name_of(&st, st.origin[k], &st.in[k].name, &st.in[k].nlen);
	for (size_t k = 0; ok && k < st.nloc; k++) {
		/* an inlined copy's type is its abstract origin's */
		uint64_t type = UINT64_MAX, off = st.ldie[k];
		for (int hop = 0; hop < 8 && type == UINT64_MAX && off != UINT64_MAX; hop++) {
			const die *o = find_die(&st, off);
			type = o ? o->type : UINT64_MAX;
			off = o ? o->ref : UINT64_MAX;
		}
		st.loc[k].size = size_of(&st, type);
	}
	tc__free(al, st.ldie);
	tc__free(al, st.ty);
	tc__free(al, nest);
	tc__free(al, t.v);
	tc__free(al, t.a);
	tc__free(al, st.d);
	tc__free(al, st.origin);
	if (!ok) {
		tc__free(al, st.in);
		tc__free(al, st.loc);
		return TC_ENOMEM;
	}
	if (st.nloc) {
		*locals = st.loc;
		*nlocals = st.nloc;
	} else {
		tc__free(al, st.loc);
	}
	if (!st.nin) {
		tc__free(al, st.in);
		return TC_OK;
	}
	*out = st.in;
	*n = st.nin;
	return TC_OK;
}
