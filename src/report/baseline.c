/*
 * baseline.c - reading and writing check's baseline (baseline.h).
 *
 * The entries are kept sorted by (rule, function, text), so that a finding
 * finds its run of equal entries by binary search and takes the first one
 * not taken yet. The text is kept, and compared, without its blanks.
 */
#include "report/baseline.h"
#include "report/report.h"
#include "util/diag.h"

#include <stdlib.h>
#include <string.h>

typedef struct entry {
	char *rule, *function, *text;
	bool taken;
} entry;

struct tc__baseline {
	entry *entries;
	size_t count, cap;
	char *key; /* tc__baseline_take's */
	size_t key_cap;
};

static bool is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

/* s without its blanks, in place */
static void squeeze(char *s)
{
	char *out = s;
	for (; *s; s++)
		if (!is_blank(*s))
			*out++ = *s;
	*out = '\0';
}

void tc__baseline_free(tc__baseline *b)
{
	if (!b)
		return;
	for (size_t i = 0; i < b->count; i++) {
		free(b->entries[i].rule);
		free(b->entries[i].function);
		free(b->entries[i].text);
	}
	free(b->entries);
	free(b->key);
	free(b);
}

static int compare(const char *rule, const char *function, const char *text, const entry *e)
{
	int c = strcmp(rule, e->rule);
	if (!c)
		c = strcmp(function, e->function);
	return c ? c : strcmp(text, e->text);
}

static int by_key(const void *a, const void *b)
{
	const entry *x = a;
	return compare(x->rule, x->function, x->text, b);
}

int tc__baseline_take(tc__baseline *b, const char *rule, const char *function,
		      const char *text)
{
	size_t len = strlen(text);
	if (len + 1 > b->key_cap) {
		char *p = realloc(b->key, len + 1);
		if (!p)
			return TC_ENOMEM;
		b->key = p;
		b->key_cap = len + 1;
	}
	memcpy(b->key, text, len + 1);
	squeeze(b->key);
	text = b->key;
	size_t lo = 0, hi = b->count;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (compare(rule, function, text, &b->entries[mid]) > 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < b->count && compare(rule, function, text, &b->entries[lo]) == 0; lo++) {
		if (!b->entries[lo].taken) {
			b->entries[lo].taken = true;
			return 1;
		}
	}
	return 0;
}

/* ---- reading ---------------------------------------------------------------- */

typedef struct reader {
	const char *name;
	tc_diag *diag;
	uint32_t line;
} reader;

static int fail(reader *r, size_t col, const char *fmt, const char *arg)
{
	return tc__diag(r->diag, TC_EPARSE, r->name, r->line,
			col + 1 > UINT32_MAX ? 0 : (uint32_t)(col + 1), fmt, arg);
}

/* The field s[b..e) of the line at line (columns from it) unescaped into
 * *out (malloc'd). */
static int field(reader *r, const char *line, size_t b, size_t e, char **out)
{
	char *p = malloc(e - b + 1);
	size_t n = 0;
	if (!p)
		return tc__diag(r->diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
	for (size_t i = b; i < e; i++) {
		char c = line[i];
		if (c == '\0') {
			free(p);
			return fail(r, i, "a NUL byte%s", "");
		}
		if (c != '\\') {
			p[n++] = c;
			continue;
		}
		if (i + 1 == e) {
			free(p);
			return fail(r, i, "a '\\' that escapes nothing%s", "");
		}
		switch (line[++i]) {
		case '\\': p[n++] = '\\'; break;
		case 't': p[n++] = '\t'; break;
		case 'n': p[n++] = '\n'; break;
		case 'r': p[n++] = '\r'; break;
		default: {
			char what[2] = {line[i], '\0'};
			free(p);
			return fail(r, i - 1,
				    (unsigned char)what[0] >= 0x20 && what[0] != 0x7f
					    ? "unknown escape '\\%s' (\\\\, \\t, \\n and \\r are known)"
					    : "unknown escape (\\\\, \\t, \\n and \\r are known)%.0s",
				    what);
		}
		}
	}
	p[n] = '\0';
	*out = p;
	return TC_OK;
}

/* One entry line, line[0..len) (its end of line gone). */
static int entry_line(reader *r, tc__baseline *b, const char *line, size_t len)
{
	size_t tabs[4], ntabs = 0;
	for (size_t i = 0; i < len; i++) {
		if (line[i] != '\t')
			continue;
		if (ntabs == 3)
			return fail(r, i,
				    "a fifth field: an entry has four (rule, function, source line, "
				    "where)%s",
				    "");
		tabs[ntabs++] = i;
	}
	if (ntabs < 2)
		return fail(r, len,
			    ntabs == 0 ? "expected a tab and then the function's name%s"
				       : "expected a tab and then the text of the source line%s",
			    "");
	char rule[64];
	int known = tc__report_rule_from_name(line, tabs[0]);
	if (known < 0) {
		snprintf(rule, sizeof rule, "%.*s", (int)(tabs[0] < 40 ? tabs[0] : 40), line);
		const char *near = tc__report_rule_nearest(line, tabs[0]);
		if (near)
			return tc__diag(r->diag, TC_EPARSE, r->name, r->line, 1,
					"unknown rule '%s'; did you mean '%s'?", rule, near);
		return fail(r, 0,
			    "unknown rule '%s' (barrier-divergence, barrier-after-exit, "
			    "partial-barrier, collective-divergence, collective-after-exit or "
			    "collective-argument)",
			    rule);
	}
	if (tabs[1] == tabs[0] + 1)
		return fail(r, tabs[0] + 1, "the function's name is empty%s", "");
	if (b->count == b->cap) {
		size_t cap = b->cap ? 2 * b->cap : 64;
		entry *p = realloc(b->entries, cap * sizeof *p);
		if (!p)
			return tc__diag(r->diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
		b->entries = p;
		b->cap = cap;
	}
	entry *e = &b->entries[b->count];
	memset(e, 0, sizeof *e);
	int rc = field(r, line, 0, tabs[0], &e->rule);
	if (!rc)
		rc = field(r, line, tabs[0] + 1, tabs[1], &e->function);
	if (!rc)
		rc = field(r, line, tabs[1] + 1, ntabs == 3 ? tabs[2] : len, &e->text);
	char *where = NULL; /* checked, not kept */
	if (!rc && ntabs == 3)
		rc = field(r, line, tabs[2] + 1, len, &where);
	free(where);
	if (rc) {
		free(e->rule);
		free(e->function);
		free(e->text);
		return rc;
	}
	squeeze(e->text);
	b->count++;
	return TC_OK;
}

int tc__baseline_parse(tc__baseline **out, const char *name, const char *buf, size_t len,
		       tc_diag *diag)
{
	*out = NULL;
	tc__baseline *b = calloc(1, sizeof *b);
	if (!b)
		return tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
	reader r = {name, diag, 0};
	int rc = TC_OK;
	size_t at = 0;
	while (!rc && (at < len || r.line == 0)) {
		const char *nl = at < len ? memchr(buf + at, '\n', len - at) : NULL;
		size_t end = nl ? (size_t)(nl - buf) : len, n = end - at;
		const char *line = buf + at;
		if (n && line[n - 1] == '\r')
			n--;
		if (++r.line == UINT32_MAX) {
			rc = tc__diag(diag, TC_ELIMIT, name, 0, 0, "more than %u lines",
				      UINT32_MAX - 1);
			break;
		}
		at = end + 1;
		size_t hl = strlen(TC_BASELINE_HEADER);
		if (r.line == 1) {
			static const char word[] = "threadconv-baseline ";
			if (n == hl && memcmp(line, TC_BASELINE_HEADER, n) == 0)
				continue;
			if (n > sizeof word - 1 && memcmp(line, word, sizeof word - 1) == 0) {
				char v[24];
				size_t vl = n - (sizeof word - 1);
				snprintf(v, sizeof v, "%.*s", (int)(vl < 16 ? vl : 16),
					 line + sizeof word - 1);
				rc = fail(&r, sizeof word - 1,
					  "version '%s' of the baseline format is not known (this "
					  "threadconv reads version 1)",
					  v);
			} else {
				rc = fail(&r, 0,
					  "not a threadconv baseline: its first line is not '%s'",
					  TC_BASELINE_HEADER);
			}
			break;
		}
		if (n == 0 || line[0] == '#')
			continue;
		rc = entry_line(&r, b, line, n);
	}
	if (rc) {
		tc__baseline_free(b);
		return rc;
	}
	if (b->count)
		qsort(b->entries, b->count, sizeof *b->entries, by_key);
	*out = b;
	return TC_OK;
}

/* ---- writing ---------------------------------------------------------------- */

static void put_field(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '\\': fputs("\\\\", out); break;
		case '\t': fputs("\\t", out); break;
		case '\n': fputs("\\n", out); break;
		case '\r': fputs("\\r", out); break;
		default: fputc(*s, out);
		}
	}
}

void tc__baseline_write_header(FILE *out)
{
	fputs(TC_BASELINE_HEADER "\n"
	      "# rule\tfunction\tsource line\twhere (not compared); threadconv check "
	      "--baseline FILE reports only the findings not listed here\n",
	      out);
}

void tc__baseline_write_entry(FILE *out, const char *rule, const char *function,
			      const char *text, tc_loc where)
{
	put_field(out, rule);
	fputc('\t', out);
	put_field(out, function);
	fputc('\t', out);
	put_field(out, text);
	if (where.file) {
		fputc('\t', out);
		put_field(out, where.file);
		if (where.line)
			fprintf(out, ":%u", (unsigned)where.line);
	}
	fputc('\n', out);
}
