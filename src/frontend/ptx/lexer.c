/*
 * lexer.c - the PTX reader's tokens (ptx.h): the lexer and its errors, the
 * maps from names in the input to values, the declarations and groups that
 * are skipped, and the scans of the whole text that decide what a read keeps.
 */
#include "frontend/ptx/ptx.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- errors ---------------------------------------------------------------- */

int tc__ptx_err(reader *r, uint32_t line, uint32_t col, const char *fmt, ...)
{
	if (r->rc)
		return r->rc;
	char msg[320];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	r->rc = tc__diag(r->diag, TC_EPARSE, r->file, line, col, "%s", msg);
	r->t.kind = T_END;
	return r->rc;
}

int tc__ptx_oom(reader *r)
{
	if (!r->rc)
		r->rc = tc__diag(r->diag, TC_ENOMEM, r->file, 0, 0, "out of memory");
	r->t.kind = T_END;
	return r->rc;
}

int tc__ptx_too_large(reader *r)
{
	if (!r->rc)
		r->rc = tc__diag(r->diag, TC_ELIMIT, r->file, r->t.line, r->t.col,
				 "function too large");
	r->t.kind = T_END;
	return r->rc;
}

/* ---- the lexer ------------------------------------------------------------- */

/* per byte: 1 continues a name, 2 starts one, 4 a digit, 8 punctuation */
const unsigned char tc__ptx_cclass[256] = {
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 8, 0, 0, 3, 2, 8, 0, 8, 8, 8, 8, 8, 8, 3, 8,
	5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 8, 8, 8, 8, 8, 8,
	8, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 8, 0, 8, 8, 3,
	0, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
	3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 8, 8, 8, 8, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 4, 4, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
};

void tc__ptx_next(reader *r)
{
	if (r->rc) {
		r->t.kind = T_END;
		return;
	}
	r->pend_line = r->t.line;
	r->pend_col = r->t.col + r->t.len;
	const char *p = r->p, *end = r->end;
	for (;;) {
		/* eight spaces at a time first: compilers align comments with
		 * long runs of them */
		while (end - p >= 8 && memcmp(p, "        ", 8) == 0)
			p += 8;
		while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
			p++;
		if (p >= end)
			break;
		if (*p == '\n') {
			r->line++;
			r->ls = ++p;
			continue;
		}
		if (*p == '/' && p + 1 < end && p[1] == '/') {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			p = nl ? nl : end;
			continue;
		}
		if (*p == '/' && p + 1 < end && p[1] == '*') {
			uint32_t l0 = r->line, c0 = (uint32_t)(p - r->ls) + 1;
			const char *q = p + 2;
			for (;;) {
				if (q + 1 >= end) {
					r->p = end;
					tc__ptx_err(r, l0, c0, "unterminated comment: '/*' without '*/'");
					return;
				}
				if (q[0] == '*' && q[1] == '/')
					break;
				if (*q == '\n') {
					r->line++;
					r->ls = q + 1;
				}
				q++;
			}
			p = q + 2;
			continue;
		}
		break;
	}
	tok *t = &r->t;
	t->line = r->line;
	t->col = (uint32_t)(p - r->ls) + 1;
	t->s = p;
	if (p >= end) {
		t->kind = T_END;
		t->len = 0;
		r->p = p;
		return;
	}
	unsigned c = (unsigned char)*p;
	const char *q = p + 1;
	if (tc__ptx_cclass[c] & 2) {
		/* a directive is one word: ".reg.b32" is ".reg" ".b32", as ptxas
		 * reads it (inline assembly writes "{.reg.b32 t; ...}"); in an
		 * opcode a "::" joins a qualifier's parts (".L2::64B",
		 * ".shared::cta", ".L1::no_allocate") */
		bool directive = c == '.';
		for (;;) {
			if (directive)
				while (q < end && tc__ptx_id_cont((unsigned char)*q) && *q != '.')
					q++;
			else
				while (q < end && tc__ptx_id_cont((unsigned char)*q))
					q++;
			if (end - q < 3 || q[0] != ':' || q[1] != ':' ||
			    !tc__ptx_id_cont((unsigned char)q[2]) || q[2] == '.')
				break;
			q += 2;
		}
		t->kind = T_IDENT;
	} else if (tc__ptx_is_digit(c)) {
		while (q < end && tc__ptx_id_cont((unsigned char)*q))
			q++;
		t->kind = T_NUM;
	} else if (c == '"') {
		while (q < end && *q != '"' && *q != '\n') {
			if (*q == '\\' && q + 1 < end && q[1] != '\n')
				q++;
			q++;
		}
		if (q >= end || *q != '"') {
			tc__ptx_err(r, t->line, t->col, "unterminated string");
			return;
		}
		q++;
		t->kind = T_STR;
	} else if (tc__ptx_cclass[c] & 8) {
		t->kind = T_PUNCT;
		t->c = (char)c;
	} else {
		if (c >= 0x20 && c < 0x7f)
			tc__ptx_err(r, t->line, t->col, "unexpected character '%c'", (char)c);
		else
			tc__ptx_err(r, t->line, t->col, "unexpected byte 0x%02x", c);
		return;
	}
	if ((size_t)(q - p) > UINT32_MAX / 2) {
		tc__ptx_err(r, t->line, t->col, "token too long");
		return;
	}
	t->len = (uint32_t)(q - p);
	r->p = q;
}

static const char *tok_what(const tok *t)
{
	switch (t->kind) {
	case T_END:
		return "end of file";
	case T_STR:
		return "a string";
	default:
		return NULL;
	}
}

/* "expected X, found Y" at t */
int tc__ptx_expected(reader *r, const char *what)
{
	const char *w = tok_what(&r->t);
	if (w)
		return tc__ptx_err(r, r->t.line, r->t.col, "expected %s, found %s", what, w);
	return tc__ptx_err(r, r->t.line, r->t.col, "expected %s, found " TOKF, what, TOKA(r->t));
}

/* a ';' after what came before: an error points just past it */
int tc__ptx_semicolon(reader *r)
{
	if (tc__ptx_is_p(r, ';')) {
		tc__ptx_next(r);
		return TC_OK;
	}
	return tc__ptx_err(r, r->pend_line, r->pend_col, "expected ';'");
}

int tc__ptx_expect_p(reader *r, char c, const char *what)
{
	if (!tc__ptx_is_p(r, c))
		return tc__ptx_expected(r, what);
	tc__ptx_next(r);
	return TC_OK;
}

/* An integer literal: decimal, 0x hex, 0b binary, leading-0 octal, an
 * optional U suffix. False for floats (0f..., 0d..., 1.5). */
bool tc__ptx_int_value(const tok *t, int64_t *v)
{
	const char *s = t->s;
	size_t n = t->len;
	if (n && (s[n - 1] == 'U' || s[n - 1] == 'u'))
		n--;
	unsigned base = 10;
	size_t i = 0;
	if (n > 1 && s[0] == '0' && (s[1] | 32) == 'x')
		base = 16, i = 2;
	else if (n > 1 && s[0] == '0' && (s[1] | 32) == 'b')
		base = 2, i = 2;
	else if (n > 1 && s[0] == '0')
		base = 8, i = 1;
	if (i >= n)
		return false;
	uint64_t x = 0;
	for (; i < n; i++) {
		unsigned c = (unsigned char)s[i], d;
		if (tc__ptx_is_digit(c))
			d = c - '0';
		else if ((c | 32) - 'a' < 6)
			d = (c | 32) - 'a' + 10;
		else
			return false;
		if (d >= base || x > (UINT64_MAX - d) / base)
			return false;
		x = x * base + d;
	}
	*v = (int64_t)x;
	return true;
}
/* ---- a map from names (into the input) to values --------------------- */

void tc__ptx_nmap_clear(tc_arena *ar, nmap *m)
{
	tc__hash_clear(&m->index, ar->al);
	m->len = 0;
	m->gen++;
}

/* The entry for s, new (tag 0xff) when it was not there; NULL: out of memory
 * or too many. */
nslot *tc__ptx_nmap_put(tc_arena *ar, nmap *m, const char *s, size_t n)
{
	uint32_t h = tc__hash_bytes(s, n);
	if (m->len >= UINT32_MAX / 2 || tc__hash_reserve(&m->index, ar->al, (size_t)m->len + 1))
		return NULL;
	size_t at;
	nslot *e = tc__ptx_nmap_lookup(m, s, n, h, &at);
	if (e)
		return e;
	uint32_t i = m->len;
	unsigned k = tc__ptx_nmap_chunk(i);
	if (!m->chunk[k]) { /* the first of a chunk not made before */
		if (!(m->chunk[k] = tc__arena_alloc(ar, tc__mul((size_t)NMAP_CHUNK << k, sizeof(nslot)))))
			return NULL;
	}
	tc__hash_put_at(&m->index, at, h, i);
	m->len++;
	e = tc__ptx_nmap_at(m, i);
	*e = (nslot){.s = s, .len = (uint32_t)n, .tag = 0xff};
	return e;
}

void tc__ptx_nmap_free(tc_arena *ar, nmap *m)
{
	tc__hash_free(&m->index, ar->al);
}
/* ---- skipping what is not code --------------------------------------- */

void tc__ptx_fn_ref(reader *r, const char *s, uint32_t len, int d)
{
	nslot *e = tc__ptx_nmap_find(&r->fnames, s, len, tc__hash_bytes(s, len));
	if (!e)
		return; /* no function (PTX declares one before its name is used) */
	if (d > 0)
		e->refs++;
	else if (e->refs)
		e->refs--;
}

/* Skips to the ';' that ends a declaration (balanced { }), past it. */
int tc__ptx_skip_decl(reader *r, nmap *local_syms)
{
	uint32_t depth = 0;
	bool named = false, align = false;
	tok start = r->t;
	r->decl_align = 0;
	while (r->t.kind != T_END) {
		int64_t a;
		if (align && !named && r->t.kind == T_NUM && tc__ptx_int_value(&r->t, &a) && a > 0 &&
		    a <= (int64_t)1 << 30)
			r->decl_align = (uint32_t)a;
		align = depth == 0 && tc__ptx_is_word(&r->t, ".align");
		if (tc__ptx_is_p(r, '{'))
			depth++;
		else if (tc__ptx_is_p(r, '}')) {
			if (depth == 0)
				return tc__ptx_err(r, r->pend_line, r->pend_col, "expected ';'");
			depth--;
		} else if (tc__ptx_is_p(r, ';') && depth == 0) {
			tc__ptx_next(r);
			return TC_OK;
		} else if (local_syms && !named && depth == 0 && r->t.kind == T_IDENT &&
			   r->t.s[0] != '.') {
			named = true;
			r->decl_name = r->t;
			nslot *e = tc__ptx_nmap_put(&r->ar, local_syms, r->t.s, r->t.len);
			if (!e)
				return tc__ptx_oom(r);
			e->tag = 1;
		} else if (r->t.kind == T_IDENT && r->t.s[0] != '.') {
			/* an initializer's name: a function's address */
			tc__ptx_fn_ref(r, r->t.s, r->t.len, 1);
		}
		tc__ptx_next(r);
	}
	if (!r->rc)
		tc__ptx_err(r, start.line, start.col, "declaration without ';' at the end of the file");
	return r->rc;
}

/* Skips a { } group, the current token being '{'. */
int tc__ptx_skip_group(reader *r)
{
	tok open = r->t;
	uint32_t depth = 0;
	do {
		if (tc__ptx_is_p(r, '{'))
			depth++;
		else if (tc__ptx_is_p(r, '}'))
			depth--;
		tc__ptx_next(r);
	} while (depth > 0 && r->t.kind != T_END);
	if (depth > 0 && !r->rc)
		tc__ptx_err(r, open.line, open.col, "'{' without a matching '}'");
	return r->rc;
}

/*
 * Whether the text may hold a warp collective: ".sync" after "shfl", "vote",
 * "warp", "any", "all" or "redux" (shfl.sync, vote.sync, bar.warp.sync,
 * match.any.sync, match.all.sync, redux.sync). Only such files keep what
 * each instruction computes for the warp's view (lanes.h), so that files
 * without any cost no more than before. A collective the scan misses still
 * counts (coll_op), with nothing known of the values before it.
 */
bool tc__ptx_may_have_warp_ops(const char *p, size_t n)
{
	static const char *const before[] = {"shfl", "vote", "warp", "any", "all", "redux"};
	for (size_t i = 2; i + 2 < n;) {
		const char *y = memchr(p + i, 'y', n - 2 - i);
		if (!y)
			break;
		size_t k = (size_t)(y - p);
		i = k + 1;
		if (p[k - 2] != '.' || p[k - 1] != 's' || p[k + 1] != 'n' || p[k + 2] != 'c')
			continue;
		size_t e = k - 2, b = e;
		while (b > 0 && e - b < 5 && p[b - 1] != '.' && tc__ptx_id_cont((unsigned char)p[b - 1]))
			b--;
		for (size_t j = 0; j < sizeof before / sizeof *before; j++)
			if (strlen(before[j]) == e - b && memcmp(p + b, before[j], e - b) == 0)
				return true;
	}
	return false;
}

unsigned tc__ptx_scan_dots(const char *p, size_t n)
{
	unsigned found = 0;
	for (size_t i = 0; i + 6 <= n && found != (TEXT_DEBUG_INFO | TEXT_LOCAL);) {
		const char *d = memchr(p + i, '.', n - i);
		if (!d)
			break;
		size_t left = n - (size_t)(d - p);
		i = (size_t)(d - p) + 1;
		if (left >= 11 && memcmp(d, ".debug_info", 11) == 0)
			found |= TEXT_DEBUG_INFO;
		else if (left >= 6 && memcmp(d, ".local", 6) == 0)
			found |= TEXT_LOCAL;
	}
	return found;
}
