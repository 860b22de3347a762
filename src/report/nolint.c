/*
 * nolint.c - clang-tidy's NOLINT comments (nolint.h).
 *
 * Each file is read once, whole, and scanned once: its line starts, its
 * NOLINT and NOLINTNEXTLINE directives (by position, so by line), and its
 * NOLINTBEGIN / NOLINTEND pairs matched with a stack as clang-tidy's
 * formNoLintBlocks does (an END closes the innermost open BEGIN when their
 * lists are the same, blanks aside; otherwise it is an error, and so is a
 * BEGIN still open at the end). A block covers the bytes strictly between
 * its BEGIN and its END.
 */
#include "report/nolint.h"
#include "report/snippet.h"

#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { NOLINT, NOLINT_NEXT_LINE, NOLINT_BEGIN, NOLINT_END };

/* One directive: where its 'N' is, and its list [lb, le) when it has one. */
typedef struct directive {
	int type;
	size_t pos;
	uint32_t line, col;
	bool listed;
	size_t lb, le;
} directive;

/* The bytes between a NOLINTBEGIN and its NOLINTEND, and their list. */
typedef struct block {
	size_t begin, end;
	bool listed;
	size_t lb, le;
} block;

typedef struct file {
	char *name;
	bool bad;     /* cannot be read: suppresses nothing */
	char *buf;
	size_t len;
	size_t *starts; /* starts[k]: where line k + 1 begins */
	uint32_t nlines;
	directive *lines; /* the NOLINTs and NOLINTNEXTLINEs, by position */
	size_t nlines_d;
	block *blocks;
	size_t nblocks;
} file;

struct tc__nolint {
	file **files;
	size_t nfiles, cap;
	tc__nolint_error *errors;
	size_t nerrors, errors_cap;
	char *text; /* tc__nolint_line_text's */
	size_t text_cap;
};

tc__nolint *tc__nolint_new(void)
{
	return calloc(1, sizeof(tc__nolint));
}

static void file_free(file *f)
{
	if (!f)
		return;
	free(f->name);
	free(f->buf);
	free(f->starts);
	free(f->lines);
	free(f->blocks);
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

/* ---- reading and scanning a file --------------------------------------------- */

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

/* The whole of f->name into f->buf; f->bad when it cannot be read. */
static int read_whole(file *f)
{
	if (strcmp(f->name, "<stdin>") == 0) {
		f->bad = true;
		return TC_OK;
	}
	int fd = tc__open_regular(f->name);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0 || st.st_size < 0 ||
	    (uint64_t)st.st_size > TC_NOLINT_MAX_FILE) {
		if (fd >= 0)
			close(fd);
		f->bad = true;
		return TC_OK;
	}
	size_t cap = (size_t)st.st_size + 1, got = 0;
	if (!(f->buf = malloc(cap))) {
		close(fd);
		return TC_ENOMEM;
	}
	for (;;) { /* to its end, which may have moved since fstat */
		if (got == cap) {
			if (cap > TC_NOLINT_MAX_FILE) {
				f->bad = true;
				break;
			}
			char *p = realloc(f->buf, cap *= 2);
			if (!p) {
				close(fd);
				return TC_ENOMEM;
			}
			f->buf = p;
		}
		ssize_t r = pread(fd, f->buf + got, cap - got, (off_t)got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			f->bad = true;
		if (r <= 0)
			break;
		got += (size_t)r;
	}
	close(fd);
	f->len = got;
	return TC_OK;
}

static int add_start(file *f, size_t *cap, size_t at)
{
	if (f->nlines == UINT32_MAX)
		return TC_OK; /* lines past 2^32 - 1 have no position anyway */
	if (f->nlines == *cap) {
		size_t c = *cap ? 2 * *cap : 256;
		size_t *p = realloc(f->starts, c * sizeof *p);
		if (!p)
			return TC_ENOMEM;
		f->starts = p;
		*cap = c;
	}
	f->starts[f->nlines++] = at;
	return TC_OK;
}

static int find_lines(file *f)
{
	size_t cap = 0;
	if (add_start(f, &cap, 0))
		return TC_ENOMEM;
	for (size_t i = 0; i < f->len; i++) {
		char c = f->buf[i];
		if (c == '\r' && i + 1 < f->len && f->buf[i + 1] == '\n')
			continue;
		if ((c == '\n' || c == '\r') && add_start(f, &cap, i + 1))
			return TC_ENOMEM;
	}
	return TC_OK;
}

/* The line (1-based) that byte pos is on. */
static uint32_t line_of(const file *f, size_t pos)
{
	uint32_t lo = 0, hi = f->nlines; /* starts[lo] <= pos < starts[hi] */
	while (hi - lo > 1) {
		uint32_t mid = lo + (hi - lo) / 2;
		if (f->starts[mid] <= pos)
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

/* The directive at or after *at, or false; *at moves past what was read. */
static bool next_directive(const file *f, size_t *at, directive *d)
{
	static const struct {
		const char *word;
		int type;
	} words[] = {{"NOLINT", NOLINT},
		     {"NOLINTNEXTLINE", NOLINT_NEXT_LINE},
		     {"NOLINTBEGIN", NOLINT_BEGIN},
		     {"NOLINTEND", NOLINT_END}};
	const char *buf = f->buf;
	size_t len = f->len;
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
		d->line = line_of(f, pos);
		size_t col = pos - f->starts[d->line - 1] + 1;
		d->col = col > UINT32_MAX ? 0 : (uint32_t)col;
		return true;
	}
	*at = len;
	return false;
}

/* Whether two lists are the same, blanks around their entries aside (an
 * END closes a BEGIN so). */
static bool same_list(const file *f, const directive *a, const directive *b)
{
	if (a->listed != b->listed)
		return false;
	if (!a->listed)
		return true;
	size_t i = a->lb, j = b->lb;
	for (;;) {
		size_t ie = i, je = j;
		while (ie < a->le && f->buf[ie] != ',')
			ie++;
		while (je < b->le && f->buf[je] != ',')
			je++;
		size_t ib = i, jb = j, iee = ie, jee = je;
		trim(f->buf, &ib, &iee);
		trim(f->buf, &jb, &jee);
		if (iee - ib != jee - jb || memcmp(f->buf + ib, f->buf + jb, iee - ib) != 0)
			return false;
		if ((ie == a->le) != (je == b->le))
			return false;
		if (ie == a->le)
			return true;
		i = ie + 1;
		j = je + 1;
	}
}

static int scan(tc__nolint *n, file *f)
{
	directive d, *stack = NULL;
	size_t at = 0, nstack = 0, stack_cap = 0, lines_cap = 0, blocks_cap = 0;
	int rc = TC_OK;
	while (!rc && next_directive(f, &at, &d)) {
		if (d.type == NOLINT || d.type == NOLINT_NEXT_LINE) {
			if (f->nlines_d == lines_cap) {
				size_t c = lines_cap ? 2 * lines_cap : 16;
				directive *p = realloc(f->lines, c * sizeof *p);
				if (!p) {
					rc = TC_ENOMEM;
					break;
				}
				f->lines = p;
				lines_cap = c;
			}
			f->lines[f->nlines_d++] = d;
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
		} else if (nstack && same_list(f, &stack[nstack - 1], &d)) {
			if (f->nblocks == blocks_cap) {
				size_t c = blocks_cap ? 2 * blocks_cap : 8;
				block *p = realloc(f->blocks, c * sizeof *p);
				if (!p) {
					rc = TC_ENOMEM;
					break;
				}
				f->blocks = p;
				blocks_cap = c;
			}
			const directive *b = &stack[--nstack];
			f->blocks[f->nblocks++] = (block){b->pos, d.pos, b->listed, b->lb, b->le};
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

/* The file called name, read and scanned the first time; NULL when out of
 * memory. */
static file *lookup(tc__nolint *n, const char *name)
{
	for (size_t i = 0; i < n->nfiles; i++)
		if (strcmp(n->files[i]->name, name) == 0)
			return n->files[i];
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
	if (read_whole(f) || (!f->bad && (find_lines(f) || scan(n, f)))) {
		file_free(f);
		return NULL;
	}
	n->files[n->nfiles++] = f;
	return f;
}

/* Whether d's list (all rules without one) holds rule. */
static bool covers(const file *f, bool listed, size_t lb, size_t le, const char *rule)
{
	return !listed || tc__glob_list_contains(f->buf + lb, le - lb, rule, false);
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
	size_t pos = f->starts[loc.line - 1] + (loc.col ? loc.col - 1 : 0);
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
	size_t b = f->starts[loc.line - 1], e = b;
	while (e < f->len && f->buf[e] != '\n' && f->buf[e] != '\r')
		e++;
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
		if (is_blank(f->buf[i])) {
			space = out > 0;
			continue;
		}
		if (space)
			n->text[out++] = ' ';
		space = false;
		n->text[out++] = f->buf[i];
	}
	n->text[out] = '\0';
	*text = n->text;
	return TC_OK;
}
