/*
 * snippet.c - the source line and caret under a diagnostic (snippet.h).
 *
 * What clang 19 does, and so this file: the gutter is " NNNN | ", the number
 * right-aligned in max(4, digits of line + 16) columns (clang leaves room for
 * a 16-line snippet); the caret line is as many spaces, "| ", and spaces up
 * to the caret's column. The line is cut at its first '\n' or '\r' and shown
 * character by character: a tab as spaces up to the next multiple of 8 bytes
 * since the previous tab or the start of the line (bytes, not columns, as
 * clang counts them), printable UTF-8 as it is (one column, two for East
 * Asian wide characters, none for combining marks), a code point that is not
 * printable as <U+XXXX> and a byte that is not UTF-8 as <XX>. The column of
 * a position is a byte's (debug information counts bytes); the caret goes
 * under the first column of the character that byte belongs to. A line over
 * 4096 bytes, or a column past 4096, shows nothing. The Unicode tables below
 * are the common ranges, not all of Unicode (clang escapes unassigned code
 * points too; here they print as they are).
 *
 * Lines end at "\n", "\r\n" or a lone "\r", as clang numbers them; the file
 * and where its lines start are srcfile.h's (read once, not once per line
 * shown).
 */
#include "report/snippet.h"
#include "util/utf8.h"

#include <stdint.h>
#include <string.h>

/* ---- showing a line as clang does ------------------------------------------ */

typedef struct range {
	uint32_t lo, hi;
} range;

static bool in_ranges(const range *r, size_t n, uint32_t c)
{
	size_t lo = 0, hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (c < r[mid].lo)
			hi = mid;
		else if (c > r[mid].hi)
			lo = mid + 1;
		else
			return true;
	}
	return false;
}

/* Controls, format characters, private use, noncharacters, line and
 * paragraph separators. */
static const range not_printable[] = {
	{0x0000, 0x001F},   {0x007F, 0x009F},   {0x0600, 0x0605},   {0x061C, 0x061C},
	{0x06DD, 0x06DD},   {0x070F, 0x070F},   {0x0890, 0x0891},   {0x08E2, 0x08E2},
	{0x180E, 0x180E},   {0x200B, 0x200F},   {0x2028, 0x202E},   {0x2060, 0x206F},
	{0xD800, 0xF8FF},   {0xFDD0, 0xFDEF},   {0xFEFF, 0xFEFF},   {0xFFF0, 0xFFFB},
	{0x110BD, 0x110BD}, {0x110CD, 0x110CD}, {0x13430, 0x1343F}, {0x1BCA0, 0x1BCA3},
	{0x1D173, 0x1D17A}, {0xE0000, 0xE007F}, {0xF0000, 0x10FFFF},
};

/* Combining marks: no column of their own. */
static const range combining[] = {
	{0x0300, 0x036F},   {0x0483, 0x0489}, {0x0591, 0x05BD}, {0x05BF, 0x05BF},
	{0x05C1, 0x05C2},   {0x05C4, 0x05C5}, {0x05C7, 0x05C7}, {0x0610, 0x061A},
	{0x064B, 0x065F},   {0x0670, 0x0670}, {0x06D6, 0x06DC}, {0x06DF, 0x06E4},
	{0x06E7, 0x06E8},   {0x06EA, 0x06ED}, {0x0711, 0x0711}, {0x0730, 0x074A},
	{0x0E31, 0x0E31},   {0x0E34, 0x0E3A}, {0x0E47, 0x0E4E}, {0x1AB0, 0x1AFF},
	{0x1DC0, 0x1DFF},   {0x20D0, 0x20F0}, {0x302A, 0x302D}, {0x3099, 0x309A},
	{0xFE00, 0xFE0F},   {0xFE20, 0xFE2F}, {0x1D167, 0x1D169}, {0xE0100, 0xE01EF},
};

/* East Asian wide and fullwidth characters, emoji: two columns. */
static const range wide[] = {
	{0x1100, 0x115F},   {0x231A, 0x231B},   {0x2329, 0x232A},   {0x23E9, 0x23EC},
	{0x23F0, 0x23F0},   {0x23F3, 0x23F3},   {0x25FD, 0x25FE},   {0x2614, 0x2615},
	{0x2648, 0x2653},   {0x267F, 0x267F},   {0x2693, 0x2693},   {0x26A1, 0x26A1},
	{0x26AA, 0x26AB},   {0x26BD, 0x26BE},   {0x26C4, 0x26C5},   {0x26CE, 0x26CE},
	{0x26D4, 0x26D4},   {0x26EA, 0x26EA},   {0x26F2, 0x26F3},   {0x26F5, 0x26F5},
	{0x26FA, 0x26FA},   {0x26FD, 0x26FD},   {0x2705, 0x2705},   {0x270A, 0x270B},
	{0x2728, 0x2728},   {0x274C, 0x274C},   {0x274E, 0x274E},   {0x2753, 0x2755},
	{0x2757, 0x2757},   {0x2795, 0x2797},   {0x27B0, 0x27B0},   {0x27BF, 0x27BF},
	{0x2B1B, 0x2B1C},   {0x2B50, 0x2B50},   {0x2B55, 0x2B55},   {0x2E80, 0x303E},
	{0x3041, 0x33FF},   {0x3400, 0x4DBF},   {0x4E00, 0x9FFF},   {0xA000, 0xA4CF},
	{0xA960, 0xA97F},   {0xAC00, 0xD7A3},   {0xF900, 0xFAFF},   {0xFE10, 0xFE19},
	{0xFE30, 0xFE6F},   {0xFF00, 0xFF60},   {0xFFE0, 0xFFE6},   {0x16FE0, 0x16FE4},
	{0x17000, 0x18CFF}, {0x1B000, 0x1B2FF}, {0x1F004, 0x1F004}, {0x1F0CF, 0x1F0CF},
	{0x1F18E, 0x1F18E}, {0x1F191, 0x1F19A}, {0x1F200, 0x1F202}, {0x1F210, 0x1F23B},
	{0x1F240, 0x1F248}, {0x1F250, 0x1F251}, {0x1F260, 0x1F265}, {0x1F300, 0x1F64F},
	{0x1F680, 0x1F6FF}, {0x1F7E0, 0x1F7EB}, {0x1F90C, 0x1F9FF}, {0x1FA70, 0x1FAFF},
	{0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
};

#define COUNT(a) (sizeof a / sizeof *a)

/* One character of a line as shown. */
typedef struct shown {
	const char *text;
	size_t len;       /* of text */
	unsigned bytes;   /* of the line it stands for */
	unsigned width;   /* columns */
	bool printable;   /* false: an escape, in reverse video */
	char esc[16];
} shown;

static const char spaces[TC_SNIPPET_TAB_STOP + 1] = "        ";

/* The character at line[i] (i < n); since_tab: bytes since the last tab or
 * the start of the line. */
static void next_char(const unsigned char *line, size_t n, size_t i, size_t since_tab,
		      shown *c)
{
	const unsigned char *p = line + i;
	c->printable = true;
	if (*p == '\t') {
		unsigned k = TC_SNIPPET_TAB_STOP - (unsigned)(since_tab % TC_SNIPPET_TAB_STOP);
		c->text = spaces, c->len = k, c->bytes = 1, c->width = k;
		return;
	}
	if (*p >= 0x20 && *p < 0x7F) {
		c->text = (const char *)p, c->len = 1, c->bytes = 1, c->width = 1;
		return;
	}
	uint32_t cp;
	unsigned len = tc__utf8_decode(p, n - i, &cp);
	if (len == 0) {
		snprintf(c->esc, sizeof c->esc, "<%02X>", (unsigned)*p);
		c->bytes = 1;
		c->printable = false;
	} else if ((cp & 0xFFFE) == 0xFFFE || in_ranges(not_printable, COUNT(not_printable), cp)) {
		snprintf(c->esc, sizeof c->esc, "<U+%04X>", (unsigned)cp);
		c->bytes = len;
		c->printable = false;
	} else {
		c->text = (const char *)p, c->len = len, c->bytes = len;
		c->width = in_ranges(combining, COUNT(combining), cp) ? 0
			   : in_ranges(wide, COUNT(wide), cp)       ? 2
								    : 1;
		return;
	}
	c->text = c->esc;
	c->len = strlen(c->esc);
	c->width = (unsigned)c->len;
}

static unsigned digits(uint64_t v)
{
	unsigned d = 1;
	while (v >= 10) {
		v /= 10;
		d++;
	}
	return d;
}

/* What a snippet writes, gathered and written in pieces of a few
 * kilobytes (a write per character, and printf, cost more than the rest). */
typedef struct sink {
	FILE *out;
	size_t n;
	char buf[4096];
} sink;

static void flush(sink *k)
{
	fwrite(k->buf, 1, k->n, k->out);
	k->n = 0;
}

static void put(sink *k, const char *p, size_t len)
{
	while (len) {
		if (k->n == sizeof k->buf)
			flush(k);
		size_t m = sizeof k->buf - k->n < len ? sizeof k->buf - k->n : len;
		memcpy(k->buf + k->n, p, m);
		k->n += m;
		p += m;
		len -= m;
	}
}

static void put_str(sink *k, const char *s)
{
	put(k, s, strlen(s));
}

static void put_spaces(sink *k, size_t n)
{
	for (size_t m; n; n -= m) {
		m = n < TC_SNIPPET_TAB_STOP ? n : TC_SNIPPET_TAB_STOP;
		put(k, spaces, m);
	}
}

static void put_uint(sink *k, uint32_t v)
{
	char d[10];
	size_t i = sizeof d;
	do
		d[--i] = (char)('0' + v % 10);
	while (v /= 10);
	put(k, d + i, sizeof d - i);
}

int tc__snippet_write(FILE *out, tc__srcfiles *files, tc_loc loc, bool color)
{
	if (!loc.file || !loc.line || loc.col > TC_SNIPPET_MAX_LINE ||
	    strcmp(loc.file, "<stdin>") == 0)
		return TC_OK;
	const tc__srcfile *f;
	size_t b, e;
	int rc = tc__srcfiles_get(files, loc.file, &f);
	/* a line that starts at the end of the file (after its last line end)
	 * is none; one over TC_SNIPPET_MAX_LINE bytes is not shown */
	if (rc || !f || !tc__srcfile_line(f, loc.line, &b, &e) || b >= f->len ||
	    e - b > TC_SNIPPET_MAX_LINE)
		return rc;
	const unsigned char *line = (const unsigned char *)f->buf + b;
	size_t n = e - b;
	/* trailing NULs go, but for those the caret is on */
	while (n > 0 && line[n - 1] == '\0' && n > loc.col)
		n--;
	unsigned width = digits((uint64_t)loc.line + 16);
	if (width < 4)
		width = 4;
	sink k;
	k.out = out;
	k.n = 0;
	put_spaces(&k, width - digits(loc.line) + 1);
	put_uint(&k, loc.line);
	put(&k, " | ", 3);
	/* the caret goes under the character that holds byte col - 1 (the end
	 * of the line when past it) */
	size_t caret_byte = loc.col ? loc.col - 1 : SIZE_MAX, caret_col = 0, col = 0;
	if (loc.col && caret_byte > n)
		caret_byte = n;
	bool reversed = false;
	shown c;
	for (size_t i = 0, since_tab = 0; i < n; i += c.bytes) {
		next_char(line, n, i, since_tab, &c);
		since_tab = line[i] == '\t' ? 0 : since_tab + c.bytes;
		if (caret_byte >= i && caret_byte < i + c.bytes)
			caret_col = col;
		if (color && c.printable == reversed) {
			reversed = !reversed;
			put_str(&k, reversed ? TC_SGR_REVERSE : TC_SGR_RESET);
		}
		put(&k, c.text, c.len);
		col += c.width;
	}
	if (caret_byte == n)
		caret_col = col;
	if (color)
		put_str(&k, TC_SGR_RESET);
	put(&k, "\n", 1);
	if (loc.col) {
		put_spaces(&k, width + 2);
		put(&k, "| ", 2);
		if (color)
			put_str(&k, TC_SGR_CARET);
		put_spaces(&k, caret_col);
		put(&k, "^\n", 2);
		if (color)
			put_str(&k, TC_SGR_RESET);
	}
	flush(&k);
	return TC_OK;
}
