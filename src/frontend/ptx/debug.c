/*
 * debug.c - the PTX reader's positions (ptx.h): .file, .loc and its chains
 * of inlined_at, .debug_str, the bytes of .debug_abbrev and .debug_info and
 * the inlined calls nvcc -G describes there (dwarf.h), and where each
 * position is shown in the graph.
 */
#include "frontend/ptx/ptx.h"
#include "util/names.h"

#include <stdlib.h>
#include <string.h>

/* Room for .file indices 0 .. need - 1. */
static int files_reserve(reader *r, size_t need)
{
	size_t had = r->nfiles;
	if (tc__ptx_grow(r, &r->files, &r->nfiles, need, sizeof *r->files))
		return r->rc;
	memset(r->files + had, 0, (r->nfiles - had) * sizeof *r->files);
	return TC_OK;
}

/* FILE LINE COL of a .loc into v, the file index's token into *at. */
static int loc_numbers(reader *r, tok d, int64_t v[3], tok *at)
{
	*at = r->t;
	for (int i = 0; i < 3; i++) {
		const char *what = i == 0 ? "a file index" : i == 1 ? "a line" : "a column";
		if (r->t.kind == T_END || r->t.line != d.line) /* .loc ends with its line */
			return tc__ptx_err(r, r->pend_line, r->pend_col,
					   "expected %s before the end of the line", what);
		if (r->t.kind != T_NUM || !tc__ptx_int_value(&r->t, &v[i]) || v[i] < 0 ||
		    v[i] > UINT32_MAX)
			return tc__ptx_expected(r, what);
		tc__ptx_next(r);
	}
	if (v[0] > MAX_FILE_INDEX)
		return tc__ptx_err(r, at->line, at->col, "file index %lld is past the reader's limit of %d",
				   (long long)v[0], MAX_FILE_INDEX);
	if (files_reserve(r, (size_t)v[0] + 1))
		return r->rc;
	if (!r->files[v[0]].loc_line) {
		r->files[v[0]].loc_line = at->line;
		r->files[v[0]].loc_col = at->col;
	}
	return TC_OK;
}

/* How long a chain of inlined_at is followed, and how many .loc lines at
 * one position, written after the one a link needs, are passed over to
 * find it. */
#define ILOC_DEPTH 64
#define ILOC_HOPS 256

static bool same_ploc(ploc a, ploc b)
{
	return a.file == b.file && a.line == b.line && a.col == b.col;
}

static uint32_t ploc_hash(ploc a)
{
	return tc__hash_u64(((uint64_t)a.file << 32 | a.line) ^ (uint64_t)a.col * 0x9e3779b97f4a7c15ull);
}

/* The last .loc with inlined_at at position a, or TC_NONE; *at: its slot
 * in r->ilh (just past it), or where a would go. */
static uint32_t ilh_last(reader *r, ploc a, size_t *at)
{
	uint32_t h = ploc_hash(a);
	for (uint32_t k = tc__hash_first(&r->ilh, h, at); k != TC_NONE; k = tc__hash_next(&r->ilh, h, at))
		if (same_ploc(r->iloc[k].pos, a))
			return k;
	return TC_NONE;
}

/* The last .loc with inlined_at at position a before index from, or
 * TC_NONE. */
static uint32_t iloc_find(reader *r, ploc a, size_t from)
{
	size_t at;
	uint32_t k = ilh_last(r, a, &at);
	for (int hops = 0; k != TC_NONE && k >= from; hops++)
		k = hops < ILOC_HOPS ? r->iloc[k].prev : TC_NONE;
	return k;
}

/* Adds x to the function's .loc lines with inlined_at. */
static int iloc_add(reader *r, pinlined_loc x)
{
	if (r->niloc >= UINT32_MAX / 4)
		return tc__ptx_too_large(r);
	if (tc__ptx_grow(r, &r->iloc, &r->iloc_cap, r->niloc + 1, sizeof *r->iloc))
		return r->rc;
	if (tc__hash_reserve(&r->ilh, r->ar.al, r->ilh.len + 1))
		return tc__ptx_oom(r);
	size_t at;
	x.prev = ilh_last(r, x.pos, &at);
	if (x.prev != TC_NONE)
		tc__hash_replace(&r->ilh, at, (uint32_t)r->niloc);
	else
		tc__hash_put_at(&r->ilh, at, ploc_hash(x.pos), (uint32_t)r->niloc);
	r->iloc[r->niloc++] = x;
	return TC_OK;
}

/* function_name LABEL[+N] (t at LABEL) into *n. An offset that is not a
 * number from 0 to 2^32 - 1 (LABEL+-1, LABEL-1, LABEL+4294967296) names
 * nothing: no name, rather than LABEL's own string. */
static void loc_function_name(reader *r, pname *n)
{
	if (r->t.kind != T_IDENT)
		return;
	*n = (pname){r->t.s, r->t.len, 0};
	tc__ptx_next(r);
	int64_t off;
	if (tc__ptx_is_p(r, '+')) {
		tc__ptx_next(r);
		if (r->t.kind == T_NUM && tc__ptx_int_value(&r->t, &off) && off >= 0 && off <= UINT32_MAX)
			n->off = (uint32_t)off;
		else
			n->label = NULL;
	} else if (tc__ptx_is_p(r, '-')) {
		n->label = NULL;
	}
}

/*
 * .loc FILE LINE COL [, function_name LABEL[+N], inlined_at FILE LINE COL].
 * Code inlined from a helper has a chain of them: the helper's position,
 * inlined at a call, whose own .loc (written before) says where it was
 * inlined in turn. As for IR (docs/llvm.md, "Positions"), the position
 * shown is the first of the chain, going outwards, in the file of the
 * outermost one (the function's own), and the one before it, with its
 * function_name, is where the helper's note points (a __syncthreads() of
 * a header's inline helper is reported where the user's code calls it).
 */
int tc__ptx_parse_loc(reader *r)
{
	tok d = r->t, at;
	tc__ptx_next(r);
	int64_t v[3], w[3];
	if (loc_numbers(r, d, v, &at))
		return r->rc;
	pinlined_loc here = {{(uint32_t)v[0] + 1, (uint32_t)v[1], (uint32_t)v[2], 0, 0, 0},
			     {0, 0, 0, 0, 0, 0},
			     {NULL, 0, 0},
			     TC_NONE};
	bool inlined = false;
	while (r->t.kind != T_END && r->t.line == d.line) {
		if (tc__ptx_is_word(&r->t, "function_name")) {
			tc__ptx_next(r);
			loc_function_name(r, &here.name);
		} else if (tc__ptx_is_word(&r->t, "inlined_at")) {
			tc__ptx_next(r);
			if (loc_numbers(r, d, w, &at))
				return r->rc;
			here.at = (ploc){(uint32_t)w[0] + 1, (uint32_t)w[1], (uint32_t)w[2], 0, 0, 0};
			inlined = true;
		} else {
			tc__ptx_next(r); /* "," */
		}
	}
	r->have_loc = true;
	r->cur_loc = here.pos;
	if (!inlined)
		return r->rc;
	/* the chain outwards: chain[0] is this .loc, each next one the .loc of
	 * the call before it (while it has one): the last .loc with inlined_at
	 * at the call's position before the link that names it, however far
	 * back. Not the last in the function: a template that calls itself
	 * at one line (cub's ReduceStep<STEP> calling ReduceStep<STEP + 1>)
	 * writes ".loc F L C, ..., inlined_at F L C", whose call is the
	 * .loc at F L C before it, not itself. */
	pinlined_loc chain[ILOC_DEPTH];
	uint32_t n = 0;
	chain[n++] = here;
	ploc outer = here.at;
	size_t from = r->niloc;
	while (n < ILOC_DEPTH) {
		uint32_t k = iloc_find(r, outer, from);
		if (k == TC_NONE)
			break;
		chain[n++] = r->iloc[k];
		outer = r->iloc[k].at;
		from = k;
	}
	if (iloc_add(r, here))
		return r->rc;
	/* the first position in the outermost one's file: chain[s].pos, or
	 * the outermost call itself */
	uint32_t s = 0;
	while (s < n && chain[s].pos.file != outer.file)
		s++;
	if (s == 0)
		return r->rc; /* a helper of the function's own file: its own line */
	r->cur_loc = s < n ? chain[s].pos : outer;
	if (!chain[s - 1].name.label)
		return r->rc;
	if (tc__ptx_grow(r, &r->inl, &r->inl_cap, r->ninl + 1, sizeof *r->inl))
		return r->rc;
	r->inl[r->ninl++] = (pinl){chain[s - 1].pos, chain[s - 1].name};
	r->cur_loc.inl = (uint32_t)r->ninl;
	return r->rc;
}

/* .section .debug_str { LABEL: .b8 N, N, ... }: the strings .loc's
 * function_name points into. What is not labels and .b8 lists leaves the
 * rest undecoded (the names after it unknown); t is at '{'. */
int tc__ptx_parse_debug_str(reader *r)
{
	tok open = r->t;
	bool ok = true;
	tc__ptx_next(r);
	while (r->t.kind != T_END && !tc__ptx_is_p(r, '}') && !r->rc) {
		if (ok && r->t.kind == T_IDENT && r->t.s[0] != '.') {
			tok label = r->t;
			tc__ptx_next(r);
			nslot *e;
			if (!tc__ptx_is_p(r, ':')) {
				ok = false;
			} else if (!(e = tc__ptx_nmap_put(&r->ar, &r->dstr_labels, label.s, label.len))) {
				return tc__ptx_oom(r);
			} else {
				e->val = r->ndstr > UINT32_MAX ? UINT32_MAX : (uint32_t)r->ndstr;
				e->tag = 0;
				tc__ptx_next(r);
			}
			continue;
		}
		if (ok && tc__ptx_is_word(&r->t, ".b8")) {
			tc__ptx_next(r);
			for (;;) {
				int64_t b;
				if (r->t.kind != T_NUM || !tc__ptx_int_value(&r->t, &b) || b < 0 || b > 255) {
					ok = false;
					break;
				}
				if (tc__ptx_grow(r, &r->dstr, &r->dstr_cap, r->ndstr + 1, 1))
					return r->rc;
				r->dstr[r->ndstr++] = (unsigned char)b;
				tc__ptx_next(r);
				if (!tc__ptx_is_p(r, ','))
					break;
				tc__ptx_next(r);
			}
			if (tc__ptx_is_p(r, ';'))
				tc__ptx_next(r);
			continue;
		}
		ok = false;
		tc__ptx_next(r);
	}
	if (!tc__ptx_is_p(r, '}'))
		return r->rc ? r->rc : tc__ptx_err(r, open.line, open.col, "'{' without a matching '}'");
	tc__ptx_next(r);
	return r->rc;
}

/* .section .debug_abbrev, .debug_info { .b8 N, ...; .b32 LABEL[+N]; ... }:
 * the bytes, a label's place left 0 and listed (dwarf.h); t is at
 * '{'. What is not such a list leaves the section undecoded (empty). */
int tc__ptx_parse_dwarf_section(reader *r, struct dsec *d)
{
	tok open = r->t;
	bool ok = true;
	tc__ptx_next(r);
	while (r->t.kind != T_END && !tc__ptx_is_p(r, '}') && !r->rc) {
		unsigned w = tc__ptx_is_word(&r->t, ".b8")    ? 1
			     : tc__ptx_is_word(&r->t, ".b16") ? 2
			     : tc__ptx_is_word(&r->t, ".b32") ? 4
			     : tc__ptx_is_word(&r->t, ".b64") ? 8
						      : 0;
		if (!ok || !w) {
			if (ok && r->t.kind == T_IDENT && r->t.s[0] != '.') { /* LABEL: */
				tc__ptx_next(r);
				ok = tc__ptx_is_p(r, ':');
			} else {
				ok = false;
			}
			tc__ptx_next(r);
			continue;
		}
		tc__ptx_next(r);
		for (;;) {
			int64_t v = 0;
			bool neg = tc__ptx_is_p(r, '-');
			if (neg)
				tc__ptx_next(r);
			tc_dw_label lab = {0, (uint8_t)w, NULL, 0, 0};
			if (r->t.kind == T_NUM && tc__ptx_int_value(&r->t, &v)) {
				v = neg ? -v : v;
			} else if (!neg && r->t.kind == T_IDENT) {
				lab.s = r->t.s;
				lab.len = r->t.len;
				tc__ptx_next(r);
				if (tc__ptx_is_p(r, '+') || tc__ptx_is_p(r, '-')) {
					bool minus = tc__ptx_is_p(r, '-');
					tc__ptx_next(r);
					if (r->t.kind != T_NUM || !tc__ptx_int_value(&r->t, &lab.add)) {
						ok = false;
						break;
					}
					lab.add = minus ? -lab.add : lab.add;
				} else {
					goto stored;
				}
			} else {
				ok = false;
				break;
			}
			tc__ptx_next(r);
		stored:
			if (d->n >= UINT32_MAX - 8)
				return tc__ptx_too_large(r);
			if (tc__ptx_grow(r, &d->b, &d->cap, d->n + w, 1))
				return r->rc;
			for (unsigned k = 0; k < w; k++)
				d->b[d->n + k] = lab.s ? 0 : (unsigned char)((uint64_t)v >> (8 * k));
			if (lab.s) {
				lab.off = (uint32_t)d->n;
				if (tc__ptx_grow(r, &d->lab, &d->labcap, d->nlab + 1, sizeof *d->lab))
					return r->rc;
				d->lab[d->nlab++] = lab;
			}
			d->n += w;
			if (!tc__ptx_is_p(r, ','))
				break;
			tc__ptx_next(r);
		}
		if (tc__ptx_is_p(r, ';'))
			tc__ptx_next(r);
	}
	if (!tc__ptx_is_p(r, '}'))
		return r->rc ? r->rc : tc__ptx_err(r, open.line, open.col, "'{' without a matching '}'");
	tc__ptx_next(r);
	if (!ok)
		d->n = d->nlab = 0;
	return r->rc;
}

/* .file INDEX "name" [, timestamp, size], or (DWARF 5) .file INDEX
 * "directory" "name": the directory joined to a relative name */
int tc__ptx_parse_file(reader *r)
{
	tok d = r->t;
	tc__ptx_next(r);
	int64_t idx;
	if (r->t.kind != T_NUM || !tc__ptx_int_value(&r->t, &idx) || idx < 0)
		return tc__ptx_expected(r, "a file index");
	if (idx > MAX_FILE_INDEX)
		return tc__ptx_err(r, r->t.line, r->t.col, "file index %lld is past the reader's limit of %d",
				   (long long)idx, MAX_FILE_INDEX);
	tc__ptx_next(r);
	if (r->t.kind != T_STR)
		return tc__ptx_expected(r, "a file name in quotes");
	tok name = r->t;
	tc__ptx_next(r);
	const char *path = name.s + 1;
	size_t plen = name.len - 2;
	if (r->t.kind == T_STR) {
		tok file = r->t;
		tc__ptx_next(r);
		const char *f = file.s + 1;
		size_t flen = file.len - 2;
		if ((flen && f[0] == '/') || plen == 0) {
			path = f;
			plen = flen;
		} else {
			if (tc__ptx_grow(r, &r->name, &r->name_cap, plen + flen + 2, 1))
				return r->rc;
			memcpy(r->name, path, plen);
			size_t n = plen;
			if (r->name[n - 1] != '/')
				r->name[n++] = '/';
			memcpy(r->name + n, f, flen);
			if (!(path = tc__module_string(r->out, r->name, n + flen)))
				return tc__ptx_oom(r);
			plen = n + flen;
		}
	}
	while (tc__ptx_is_p(r, ',')) {
		tc__ptx_next(r);
		if (r->t.kind != T_NUM)
			return tc__ptx_expected(r, "a number");
		tc__ptx_next(r);
	}
	if (files_reserve(r, (size_t)idx + 1))
		return r->rc;
	if (r->files[idx].path)
		return tc__ptx_err(r, d.line, d.col, "file index %lld is declared twice", (long long)idx);
	r->files[idx].path = path;
	r->files[idx].len = (uint32_t)plen;
	return r->rc;
}
/* ---- .debug_info's inlined calls (nvcc -G) -------------------------------- */

/* The function and instruction of a label of code, false when not known
 * (in several functions, not defined, an offset from it). */
static bool code_label(reader *r, const tc_dw_label *l, uint32_t *fn, uint32_t *pos)
{
	const nslot *e = l->add ? NULL
				: tc__ptx_nmap_find(&r->all_labels, l->s, l->len,
						    tc__hash_bytes(l->s, l->len));
	if (!e || e->tag != 1)
		return false;
	*fn = e->val;
	*pos = e->aux;
	return true;
}

typedef struct dwkey {
	uint32_t fn, lo, hi, k;
} dwkey;

static int cmp_dwkey(const void *x, const void *y)
{
	const dwkey *a = x, *b = y;
	if (a->fn != b->fn)
		return a->fn < b->fn ? -1 : 1;
	if (a->lo != b->lo)
		return a->lo < b->lo ? -1 : 1;
	if (a->hi != b->hi)
		return a->hi > b->hi ? -1 : 1; /* the outer one first */
	return a->k < b->k ? -1 : a->k > b->k;
}

/*
 * The inlined calls of .debug_info (dwarf.h), once the whole file is
 * read: each with its function's instructions, found by its labels, in
 * r->dw_order. A call whose labels, file or enclosing call are not found
 * is left out.
 */
int tc__ptx_dwarf_calls(reader *r)
{
	if (!r->dinfo.n || !r->dabbrev.n)
		return TC_OK;
	/* .debug_str's labels (DW_FORM_strp) as the offsets they stand for */
	for (size_t k = 0; k < r->dinfo.nlab; k++) {
		tc_dw_label *l = &r->dinfo.lab[k];
		const nslot *e = tc__ptx_nmap_find(&r->dstr_labels, l->s, l->len,
						   tc__hash_bytes(l->s, l->len));
		if (!e)
			continue;
		uint64_t v = (uint64_t)e->val + (uint64_t)l->add;
		for (unsigned b = 0; b < l->width; b++)
			r->dinfo.b[l->off + b] = (unsigned char)(v >> (8 * b));
		l->width = 0; /* a number now */
	}
	tc_dw_section ab = {r->dabbrev.b, r->dabbrev.n, r->dabbrev.lab, r->dabbrev.nlab};
	tc_dw_section in = {r->dinfo.b, r->dinfo.n, r->dinfo.lab, r->dinfo.nlab};
	tc_dw_section st = {r->dstr, r->ndstr, NULL, 0};
	if (tc__dwarf_inlined(&ab, &in, &st, &r->al, &r->dw, &r->ndw, &r->dwloc, &r->ndwloc))
		return tc__ptx_oom(r);
	if (!r->ndw)
		return TC_OK;
	r->dwc = TC_ARENA_ZARRAY(&r->ar, struct dwcode, r->ndw);
	r->dw_order = TC_ARENA_ZARRAY(&r->ar, uint32_t, r->ndw);
	dwkey *key = TC_ARENA_ZARRAY(&r->ar, dwkey, r->ndw);
	if (!r->dwc || !r->dw_order || !key)
		return tc__ptx_oom(r);
	size_t n = 0;
	for (size_t k = 0; k < r->ndw; k++) {
		const tc_dw_inlined *d = &r->dw[k];
		struct dwcode *c = &r->dwc[k];
		uint32_t fn2 = TC_NONE;
		c->fn = TC_NONE;
		if (!code_label(r, d->lo, &c->fn, &c->lo) || !code_label(r, d->hi, &fn2, &c->hi) ||
		    fn2 != c->fn || c->lo > c->hi || d->file >= r->nfiles || !r->files[d->file].path ||
		    (d->parent != TC_NONE && (d->parent >= k || r->dwc[d->parent].fn != c->fn))) {
			c->fn = TC_NONE;
			continue;
		}
		key[n++] = (dwkey){c->fn, c->lo, c->hi, (uint32_t)k};
	}
	qsort(key, n, sizeof *key, cmp_dwkey);
	for (size_t i = 0; i < n; i++)
		r->dw_order[i] = key[i].k;
	r->ndw_order = n;
	return TC_OK;
}

/* The innermost inlined call whose code holds instruction pos of function
 * fn, or TC_NONE: the last to begin at or before it, or one that holds
 * that. */
static uint32_t dw_innermost(const reader *r, uint32_t fn, uint32_t pos)
{
	size_t lo = 0, hi = r->ndw_order;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct dwcode *c = &r->dwc[r->dw_order[mid]];
		if (c->fn < fn || (c->fn == fn && c->lo <= pos))
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return TC_NONE;
	uint32_t k = r->dw_order[lo - 1];
	if (r->dwc[k].fn != fn)
		return TC_NONE;
	for (int hops = 0; k != TC_NONE && hops < ILOC_DEPTH * 4; hops++) {
		if (r->dwc[k].lo <= pos && pos < r->dwc[k].hi)
			return k;
		k = r->dw[k].parent;
	}
	return TC_NONE;
}

/* The position of call k of r->dw, for l's instruction. */
static ploc dw_call(const reader *r, uint32_t k, ploc l)
{
	l.file = r->dw[k].file + 1;
	l.line = r->dw[k].line;
	l.col = r->dw[k].col;
	return l;
}

/*
 * Where l is shown, for code that .debug_info says is inlined: nvcc -G
 * inlines __forceinline__ functions (cooperative groups', the toolkit's)
 * with no inlined_at on their .loc lines. As for .loc chains (tc__ptx_parse_loc),
 * the first position in the outermost call's file, going outwards from
 * l along the inlined calls that hold its instruction; *named, when given,
 * the call whose function the note names (TC_NONE: none) and *inner the
 * position one step in.
 */
static ploc dwarf_loc(const reader *r, ploc l, uint32_t *named, ploc *inner)
{
	if (named)
		*named = TC_NONE;
	if (!r->ndw_order || l.inl || !l.line || !l.file)
		return l;
	uint32_t chain[ILOC_DEPTH], n = 0;
	for (uint32_t k = dw_innermost(r, l.fn, l.pos); k != TC_NONE && n < ILOC_DEPTH;
	     k = r->dw[k].parent)
		chain[n++] = k;
	if (n == 0)
		return l;
	uint32_t outer = r->dw[chain[n - 1]].file + 1;
	if (l.file == outer)
		return l; /* a helper of the function's own file: its own line */
	uint32_t s = 1; /* the first in the outer file: chain[s - 1]'s call */
	while (s < n && r->dw[chain[s - 1]].file + 1 != outer)
		s++;
	if (named) {
		*named = chain[s - 1];
		*inner = s == 1 ? l : dw_call(r, chain[s - 2], l);
	}
	return dw_call(r, chain[s - 1], l);
}

/* A position for the graph: the .file path, or the input itself; l as it
 * is, not moved to where its helper was inlined (tc__ptx_kept_loc). */
static tc_loc raw_loc(reader *r, ploc l)
{
	if (!l.line)
		return (tc_loc){NULL, 0, 0};
	const char *f = l.file ? r->files[l.file - 1].path : r->file;
	size_t n = l.file ? r->files[l.file - 1].len : strlen(r->file);
	const char *kept = tc__module_string(r->out, f, n);
	if (!kept) {
		tc__ptx_oom(r);
		return (tc_loc){NULL, 0, 0};
	}
	return (tc_loc){kept, l.line, l.col};
}

/* A position for the graph, where it is shown (dwarf_loc). */
tc_loc tc__ptx_kept_loc(reader *r, ploc l)
{
	return raw_loc(r, dwarf_loc(r, l, NULL, NULL));
}

/* The helper a position shown at its call was inlined from (l.inl, or
 * .debug_info's inlined calls): its name, from .debug_str or .debug_info
 * (a C++ name demangled, without its parameters), and the position in it;
 * nothing when its name is not known. */
int tc__ptx_inlined_of(reader *r, ploc l, tc_inlined *out)
{
	char plain[512];
	size_t n;
	if (!l.inl) {
		uint32_t k;
		ploc inner;
		dwarf_loc(r, l, &k, &inner);
		if (k == TC_NONE || !r->dw[k].name || !r->dw[k].nlen)
			return TC_OK;
		n = tc__plain_name(plain, sizeof plain, r->dw[k].name, r->dw[k].nlen);
		out->function = n ? tc__module_string(r->out, plain, n) : NULL;
		if (n && !out->function)
			return tc__ptx_oom(r);
		out->loc = raw_loc(r, inner);
		if (r->rc)
			out->function = NULL;
		return r->rc;
	}
	const pinl *in = &r->inl[l.inl - 1];
	const nslot *e = in->name.label ? tc__ptx_nmap_find(&r->dstr_labels, in->name.label, in->name.len,
							    tc__hash_bytes(in->name.label, in->name.len))
					: NULL;
	uint64_t at = e ? (uint64_t)e->val + in->name.off : UINT64_MAX;
	if (at >= r->ndstr)
		return TC_OK;
	const char *s = (const char *)r->dstr + at;
	size_t left = r->ndstr - (size_t)at;
	n = strnlen(s, left);
	if (n == 0 || n == left)
		return TC_OK; /* empty, or not ended in the section */
	n = tc__plain_name(plain, sizeof plain, s, n);
	out->function = n ? tc__module_string(r->out, plain, n) : NULL;
	if (n && !out->function)
		return tc__ptx_oom(r);
	out->loc = raw_loc(r, in->inner);
	if (r->rc)
		out->function = NULL;
	return r->rc;
}
