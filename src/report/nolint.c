/*
 * nolint.c - clang-tidy's NOLINT comments (nolint.h).
 *
 * Each file is scanned once, from its bytes as srcfile.h reads them (whole,
 * with its line starts): its NOLINT and NOLINTNEXTLINE directives (by
 * position, so by line), and its NOLINTBEGIN / NOLINTEND pairs matched with
 * a stack as clang-tidy's formNoLintBlocks does (an END closes the innermost
 * open BEGIN when their lists are the same, blanks aside; otherwise it is an
 * error, and so is a BEGIN still open at the end). A block covers the bytes
 * strictly between its BEGIN and its END. What a file's directives say
 * (their lines, their blocks, a copy of their lists) is kept for the run;
 * its bytes are the cache's, asked for again where a block or a line's text
 * needs them.
 */
#include "report/nolint.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { NOLINT, NOLINT_NEXT_LINE, NOLINT_BEGIN, NOLINT_END };

/* One directive: where its 'N' is, and its list [lb, le) when it has one
 * (of the file's bytes while scanning, of its pool once kept). */
typedef struct directive {
	int type;
	size_t pos;
	uint32_t line, col;
	bool listed;
	size_t lb, le;
} directive;

/* The bytes between a NOLINTBEGIN and its NOLINTEND, and their list (of
 * the pool). */
typedef struct block {
	size_t begin, end;
	bool listed;
	size_t lb, le;
} block;

typedef struct file {
	char *name;
	bool bad;         /* cannot be read: suppresses nothing */
	uint32_t nlines;  /* when scanned */
	directive *lines; /* the NOLINTs and NOLINTNEXTLINEs, by position */
	size_t nlines_d;
	block *blocks;
	size_t nblocks;
	char *pool; /* the lists of lines and blocks */
	size_t pool_len, pool_cap;
} file;

struct tc__nolint {
	tc__srcfiles *src; /* the bytes */
	bool own_src;      /* made here, freed here */
	file **files;
	size_t nfiles, cap;
	size_t last; /* the file looked up last */
	tc__nolint_error *errors;
	size_t nerrors, errors_cap;
	char *text; /* tc__nolint_line_text's */
	size_t text_cap;
};

tc__nolint *tc__nolint_new(tc__srcfiles *files)
{
	tc__nolint *n = calloc(1, sizeof(tc__nolint));
	if (!n)
		return NULL;
	n->src = files;
	if (!files) {
		n->own_src = true;
		if (!(n->src = tc__srcfiles_new())) {
			free(n);
			return NULL;
		}
	}
	return n;
}

static void file_free(file *f)
{
	if (!f)
		return;
	free(f->name);
	free(f->lines);
	free(f->blocks);
	free(f->pool);
	free(f);
}

void tc__nolint_free(tc__nolint *n)
{
	if (!n)
		return;
	for (size_t i = 0; i < n->nfiles; i++)
		file_free(n->files[i]);
	free(n->files);
	free(n->errors);
	free(n->text);
	if (n->own_src)
		tc__srcfiles_free(n->src);
	free(n);
}

size_t tc__nolint_errors(const tc__nolint *n, const tc__nolint_error **list)
{
	*list = n->errors;
	return n->nerrors;
}

/* ---- globs ------------------------------------------------------------------ */

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

/* s[*b..*e) without the blanks at either end */
static void trim(const char *s, size_t *b, size_t *e)
{
	while (*b < *e && is_blank(s[*b]))
		(*b)++;
	while (*e > *b && is_blank(s[*e - 1]))
		(*e)--;
}

/* Whether glob[0..glen) ('*' any run of bytes) matches all of name. */
static bool glob_match(const char *glob, size_t glen, const char *name)
{
	size_t g = 0, star = SIZE_MAX, back = 0;
	const char *p = name;
	while (*p) {
		if (g < glen && glob[g] == '*') {
			star = ++g;
			back = (size_t)(p - name);
		} else if (g < glen && glob[g] == *p) {
			g++;
			p++;
		} else if (star != SIZE_MAX) {
			g = star;
			p = name + ++back;
		} else {
			return false;
		}
	}
	while (g < glen && glob[g] == '*')
		g++;
	return g == glen;
}

bool tc__glob_list_contains(const char *globs, size_t len, const char *name, bool keep_negative)
{
	bool found = false;
	size_t at = 0;
	do { /* "" is one entry, that only "" matches */
		size_t end = at;
		while (end < len && globs[end] != ',' && globs[end] != '\n')
			end++;
		size_t b = at, e = end;
		trim(globs, &b, &e);
		bool positive = !(b < e && globs[b] == '-');
		if (!positive) {
			b++;
			trim(globs, &b, &e);
		}
		if ((positive || keep_negative) && glob_match(globs + b, e - b, name))
			found = positive; /* the last that matches decides */
		at = end + 1;
	} while (at < len); /* a ',' at the end starts no entry */
	return found;
}

/* ---- scanning a file ---------------------------------------------------------- */

static int push_error(tc__nolint *n, const file *f, const directive *d)
{
	if (n->nerrors == n->errors_cap) {
		size_t cap = n->errors_cap ? 2 * n->errors_cap : 8;
		tc__nolint_error *p = realloc(n->errors, cap * sizeof *p);
		if (!p)
			return TC_ENOMEM;
		n->errors = p;
		n->errors_cap = cap;
	}
	n->errors[n->nerrors++] = (tc__nolint_error){
		{f->name, d->line, d->col},
		d->type == NOLINT_BEGIN
			? "unmatched 'NOLINTBEGIN' comment without a subsequent 'NOLINTEND' comment"
			: "unmatched 'NOLINTEND' comment without a previous 'NOLINTBEGIN' comment"};
	return TC_OK;
}

/* The line (1-based) that byte pos is on. */
static uint32_t line_of(const tc__srcfile *sf, size_t pos)
{
	uint32_t lo = 0, hi = sf->nlines; /* starts[lo] <= pos < starts[hi] */
	while (hi - lo > 1) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (sf->starts[mid] <= pos)
			lo = mid;
		else
			hi = mid;
	}
	return lo + 1;
}

static bool is_letter(char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* The directive at or after *at, or false; *at moves past what was read.
 * Its list [lb, le) is of sf's bytes. */
static bool next_directive(const tc__srcfile *sf, size_t *at, directive *d)
{
	static const struct {
		const char *word;
		int type;
	} words[] = {{"NOLINT", NOLINT},
		     {"NOLINTNEXTLINE", NOLINT_NEXT_LINE},
		     {"NOLINTBEGIN", NOLINT_BEGIN},
		     {"NOLINTEND", NOLINT_END}};
	const char *buf = sf->buf;
	size_t len = sf->len;
	while (*at + 6 <= len) {
		const char *p = memchr(buf + *at, 'N', len - *at - 5);
		if (!p)
			break;
		size_t pos = (size_t)(p - buf);
		if (memcmp(p, "NOLINT", 6) != 0) {
			*at = pos + 1;
			continue;
		}
		size_t end = pos + 6;
		while (end < len && is_letter(buf[end]))
			end++;
		*at = end;
		int type = -1;
		for (size_t k = 0; k < sizeof words / sizeof *words; k++)
			if (strlen(words[k].word) == end - pos && memcmp(p, words[k].word, end - pos) == 0)
				type = words[k].type;
		if (type < 0)
			continue;
		*d = (directive){type, pos, 0, 0, false, 0, 0};
		if (end < len && buf[end] == '(') {
			size_t close = end + 1;
			while (close < len && buf[close] != ')' && buf[close] != '\n' &&
			       buf[close] != '\r')
				close++;
			if (close < len && buf[close] == ')') {
				d->listed = true;
				d->lb = end + 1;
				d->le = close;
				*at = close + 1;
			}
		}
		d->line = line_of(sf, pos);
		size_t col = pos - sf->starts[d->line - 1] + 1;
		d->col = col > UINT32_MAX ? 0 : (uint32_t)col;
		return true;
	}
	*at = len;
	return false;
}

/* Whether two lists of buf are the same, blanks around their entries aside
 * (an END closes a BEGIN so). */
static bool same_list(const char *buf, const directive *a, const directive *b)
{
	if (a->listed != b->listed)
		return false;
	if (!a->listed)
		return true;
	size_t i = a->lb, j = b->lb;
	for (;;) {
		size_t ie = i, je = j;
		while (ie < a->le && buf[ie] != ',')
			ie++;
		while (je < b->le && buf[je] != ',')
			je++;
		size_t ib = i, jb = j, iee = ie, jee = je;
		trim(buf, &ib, &iee);
		trim(buf, &jb, &jee);
		if (iee - ib != jee - jb || memcmp(buf + ib, buf + jb, iee - ib) != 0)
			return false;
		if ((ie == a->le) != (je == b->le))
			return false;
		if (ie == a->le)
			return true;
		i = ie + 1;
		j = je + 1;
	}
}

/* A copy of buf[*lb..*le) into f->pool; *lb and *le then say where it is
 * there. */
static int keep_list(file *f, const char *buf, bool listed, size_t *lb, size_t *le)
{
	if (!listed)
		return TC_OK;
	size_t len = *le - *lb;
	if (!f->pool || f->pool_len + len > f->pool_cap) { /* "()" too: never NULL */
		size_t cap = f->pool_cap ? f->pool_cap : 64;
		while (cap < f->pool_len + len)
			cap *= 2;
		char *p = realloc(f->pool, cap);
		if (!p)
			return TC_ENOMEM;
		f->pool = p;
		f->pool_cap = cap;
	}
	memcpy(f->pool + f->pool_len, buf + *lb, len);
	*lb = f->pool_len;
	*le = f->pool_len += len;
	return TC_OK;
}

static int add_line(file *f, const tc__srcfile *sf, directive d, size_t *cap)
{
	if (f->nlines_d == *cap) {
		size_t c = *cap ? 2 * *cap : 16;
		directive *p = realloc(f->lines, c * sizeof *p);
		if (!p)
			return TC_ENOMEM;
		f->lines = p;
		*cap = c;
	}
	if (keep_list(f, sf->buf, d.listed, &d.lb, &d.le))
		return TC_ENOMEM;
	f->lines[f->nlines_d++] = d;
	return TC_OK;
}

static int add_block(file *f, const tc__srcfile *sf, const directive *b, const directive *e,
		     size_t *cap)
{
	if (f->nblocks == *cap) {
		size_t c = *cap ? 2 * *cap : 8;
		block *p = realloc(f->blocks, c * sizeof *p);
		if (!p)
			return TC_ENOMEM;
		f->blocks = p;
		*cap = c;
	}
	block k = {b->pos, e->pos, b->listed, b->lb, b->le};
	if (keep_list(f, sf->buf, k.listed, &k.lb, &k.le))
		return TC_ENOMEM;
	f->blocks[f->nblocks++] = k;
	return TC_OK;
}

/* f's directives from sf, its bytes, kept in f with their lists; the
 * misused ones into n's errors. */
static int scan(tc__nolint *n, file *f, const tc__srcfile *sf)
{
	directive d, *stack = NULL;
	size_t at = 0, nstack = 0, stack_cap = 0, lines_cap = 0, blocks_cap = 0;
	int rc = TC_OK;
	while (!rc && next_directive(sf, &at, &d)) {
		if (d.type == NOLINT || d.type == NOLINT_NEXT_LINE) {
			rc = add_line(f, sf, d, &lines_cap);
		} else if (d.type == NOLINT_BEGIN) {
			if (nstack == stack_cap) {
				size_t c = stack_cap ? 2 * stack_cap : 8;
				directive *p = realloc(stack, c * sizeof *p);
				if (!p) {
					rc = TC_ENOMEM;
					break;
				}
				stack = p;
				stack_cap = c;
			}
			stack[nstack++] = d;
		} else if (nstack && same_list(sf->buf, &stack[nstack - 1], &d)) {
			rc = add_block(f, sf, &stack[nstack - 1], &d, &blocks_cap);
			nstack--;
		} else {
			/* closes nothing, or another block: an error, and the open
			 * one stays open */
			rc = push_error(n, f, &d);
		}
	}
	/* what is left open, in position order with the errors above */
	size_t first = n->nerrors;
	for (size_t k = 0; !rc && k < nstack; k++)
		rc = push_error(n, f, &stack[k]);
	free(stack);
	if (rc)
		return rc;
	/* this file's errors in position order: merge the two sorted runs */
	size_t lo = 0;
	while (lo < first && n->errors[lo].loc.file != f->name)
		lo++;
	for (size_t k = first; k < n->nerrors; k++) {
		tc__nolint_error e = n->errors[k];
		size_t j = k;
		while (j > lo && (n->errors[j - 1].loc.line > e.loc.line ||
				  (n->errors[j - 1].loc.line == e.loc.line &&
				   n->errors[j - 1].loc.col > e.loc.col))) {
			n->errors[j] = n->errors[j - 1];
			j--;
		}
		n->errors[j] = e;
	}
	return TC_OK;
}

/* The bytes of f for NOLINT: NULL when they cannot be read (or no longer
 * can, or changed so that they have fewer lines than when scanned). */
static int bytes_of(tc__nolint *n, const file *f, const tc__srcfile **sf)
{
	int rc = tc__srcfiles_get(n->src, f->name, sf);
	if (!rc && *sf && ((*sf)->len > TC_NOLINT_MAX_FILE || (*sf)->nlines < f->nlines))
		*sf = NULL;
	return rc;
}

/* The file called name, scanned the first time; NULL when out of memory. */
static file *lookup(tc__nolint *n, const char *name)
{
	if (n->nfiles && strcmp(n->files[n->last]->name, name) == 0)
		return n->files[n->last];
	for (size_t i = 0; i < n->nfiles; i++)
		if (strcmp(n->files[i]->name, name) == 0) {
			n->last = i;
			return n->files[i];
		}
	if (n->nfiles == n->cap) {
		size_t cap = n->cap ? 2 * n->cap : 8;
		file **p = realloc(n->files, cap * sizeof *p);
		if (!p)
			return NULL;
		n->files = p;
		n->cap = cap;
	}
	file *f = calloc(1, sizeof *f);
	size_t len = strlen(name);
	if (!f || !(f->name = malloc(len + 1))) {
		free(f);
		return NULL;
	}
	memcpy(f->name, name, len + 1);
	const tc__srcfile *sf;
	size_t nerrors = n->nerrors;
	int rc = tc__srcfiles_get(n->src, name, &sf);
	if (!rc && (!sf || sf->len > TC_NOLINT_MAX_FILE))
		f->bad = true;
	else if (!rc)
		f->nlines = sf->nlines, rc = scan(n, f, sf);
	if (rc) {
		n->nerrors = nerrors; /* none naming f, about to go */
		file_free(f);
		return NULL;
	}
	n->last = n->nfiles;
	n->files[n->nfiles++] = f;
	return f;
}

/* Whether a list of f (all rules without one) holds rule. */
static bool covers(const file *f, bool listed, size_t lb, size_t le, const char *rule)
{
	return !listed || tc__glob_list_contains(f->pool + lb, le - lb, rule, false);
}

int tc__nolint_suppresses(tc__nolint *n, tc_loc loc, const char *rule)
{
	if (!loc.file || !loc.line)
		return 0;
	file *f = lookup(n, loc.file);
	if (!f)
		return TC_ENOMEM;
	if (f->bad || loc.line > f->nlines)
		return 0;
	/* the first directive on the line before */
	size_t lo = 0, hi = f->nlines_d;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (f->lines[mid].line + 1 < loc.line)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t k = lo; k < f->nlines_d && f->lines[k].line <= loc.line; k++) {
		const directive *d = &f->lines[k];
		int want = d->line == loc.line ? NOLINT : NOLINT_NEXT_LINE;
		if (d->type == want && covers(f, d->listed, d->lb, d->le, rule))
			return 1;
	}
	if (!f->nblocks)
		return 0;
	const tc__srcfile *sf;
	if (bytes_of(n, f, &sf))
		return TC_ENOMEM;
	if (!sf)
		return 0;
	size_t pos = sf->starts[loc.line - 1] + (loc.col ? loc.col - 1 : 0);
	for (size_t k = 0; k < f->nblocks; k++) {
		const block *b = &f->blocks[k];
		if (b->begin < pos && pos < b->end && covers(f, b->listed, b->lb, b->le, rule))
			return 1;
	}
	return 0;
}

int tc__nolint_line_text(tc__nolint *n, tc_loc loc, const char **text)
{
	*text = NULL;
	if (!loc.file || !loc.line)
		return TC_OK;
	file *f = lookup(n, loc.file);
	if (!f)
		return TC_ENOMEM;
	if (f->bad || loc.line > f->nlines)
		return TC_OK;
	const tc__srcfile *sf;
	size_t b, e;
	if (bytes_of(n, f, &sf))
		return TC_ENOMEM;
	if (!sf || !tc__srcfile_line(sf, loc.line, &b, &e))
		return TC_OK;
	if (e - b + 1 > n->text_cap) {
		char *p = realloc(n->text, e - b + 1);
		if (!p)
			return TC_ENOMEM;
		n->text = p;
		n->text_cap = e - b + 1;
	}
	size_t out = 0;
	bool space = false; /* blanks met since the last character kept */
	for (size_t i = b; i < e; i++) {
		if (is_blank(sf->buf[i])) {
			space = out > 0;
			continue;
		}
		if (space)
			n->text[out++] = ' ';
		space = false;
		n->text[out++] = sf->buf[i];
	}
	n->text[out] = '\0';
	*text = n->text;
	return TC_OK;
}
