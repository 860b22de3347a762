/*
 * test_srcfile.c - the source files the check report quotes
 * (src/report/srcfile.h) and what reads them: the line index against a
 * byte-by-byte definition (line ends "\n", "\r\n", a lone "\r"; a file
 * without a last line end; an empty file), a line's bounds, the cache
 * (missing and unreadable files, a file kept while it is among the last
 * ones asked for and read again after), the snippets printed from it
 * (snippet.h: CRLF, no last line end, a line past the end, the longest
 * line shown), NOLINT over CRLF, at the end of a file and after its bytes
 * have left the cache (nolint.h), the snippets and NOLINT sharing one read,
 * and each with every allocation failing in turn.
 */
#include "report/nolint.h"
#include "report/snippet.h"
#include "report/srcfile.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "../alloc_fail.h"

/* ---- the line index ---------------------------------------------------------- */

/* The line starts of buf[0..len) as clang counts lines, byte by byte. */
static uint32_t naive_starts(const char *buf, size_t len, uint32_t *starts)
{
	uint32_t n = 0;
	starts[n++] = 0;
	for (size_t i = 0; i < len; i++) {
		if (buf[i] == '\r' && i + 1 < len && buf[i + 1] == '\n')
			continue;
		if (buf[i] == '\n' || buf[i] == '\r')
			starts[n++] = (uint32_t)(i + 1);
	}
	return n;
}

static void expect_index(const char *buf, size_t len, const uint32_t *want, uint32_t nwant)
{
	uint32_t *starts, n;
	assert_int_equal(tc__srcfile_index(buf, len, &starts, &n), TC_OK);
	assert_int_equal(n, nwant);
	for (uint32_t k = 0; k < n; k++)
		assert_int_equal(starts[k], want[k]);
	free(starts);
}

#define INDEX(text, ...)                                                                   \
	do {                                                                               \
		static const uint32_t want_[] = {__VA_ARGS__};                             \
		expect_index(text, sizeof text - 1, want_, sizeof want_ / sizeof *want_);  \
	} while (0)

static void test_index(void **state)
{
	(void)state;
	INDEX("", 0);
	INDEX("a", 0);
	INDEX("abc\n", 0, 4);            /* a last line end: an empty line after */
	INDEX("\n", 0, 1);
	INDEX("\r", 0, 1);                /* a lone CR at the end */
	INDEX("\r\n", 0, 2);              /* one end */
	INDEX("\n\r", 0, 1, 2);           /* two */
	INDEX("\r\r\n", 0, 1, 3);
	INDEX("a\r\nb\rc\n\nd", 0, 3, 5, 7, 8);
	INDEX("a\0b\nc", 0, 4);          /* a NUL is a byte like any */
	INDEX("\n\n\n", 0, 1, 2, 3);
}

/* Random bytes, mostly line ends, against the definition. */
static void test_index_random(void **state)
{
	(void)state;
	static const char alphabet[] = {'\n', '\r', 'a', '\0', ' '};
	uint64_t x = 0x9E3779B97F4A7C15u;
	char buf[600];
	uint32_t want[601];
	for (int round = 0; round < 3000; round++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		size_t len = (size_t)(x % sizeof buf);
		for (size_t i = 0; i < len; i++) {
			x ^= x << 13, x ^= x >> 7, x ^= x << 17;
			buf[i] = alphabet[x % (round % 2 ? 2 : sizeof alphabet)];
		}
		uint32_t n = naive_starts(buf, len, want);
		expect_index(buf, len, want, n);
	}
}

static void test_line(void **state)
{
	(void)state;
	static const char text[] = "ab\r\ncd\re\n\nlast";
	uint32_t *starts, n;
	assert_int_equal(tc__srcfile_index(text, sizeof text - 1, &starts, &n), TC_OK);
	tc__srcfile f = {"t", text, sizeof text - 1, starts, n};
	size_t b, e;
	static const char *const lines[] = {"ab", "cd", "e", "", "last"};
	for (uint32_t k = 0; k < 5; k++) {
		assert_true(tc__srcfile_line(&f, k + 1, &b, &e));
		assert_int_equal(e - b, strlen(lines[k]));
		assert_memory_equal(text + b, lines[k], e - b);
	}
	assert_false(tc__srcfile_line(&f, 0, &b, &e));
	assert_false(tc__srcfile_line(&f, 6, &b, &e));
	free(starts);
	/* "\r\r\n": the first CR ends a line of its own, not the second's */
	static const char crs[] = "x\r\r\ny";
	assert_int_equal(tc__srcfile_index(crs, sizeof crs - 1, &starts, &n), TC_OK);
	f = (tc__srcfile){"t", crs, sizeof crs - 1, starts, n};
	assert_int_equal(n, 3);
	assert_true(tc__srcfile_line(&f, 2, &b, &e));
	assert_int_equal(b, 2);
	assert_int_equal(e, 2);
	free(starts);
}

/* ---- the cache ---------------------------------------------------------------- */

/* A temporary file holding text[0..len); its name into path. */
static void write_file(char *path, size_t cap, const char *text, size_t len)
{
	snprintf(path, cap, "/tmp/tc-srcfile-XXXXXX");
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, len), (ssize_t)len);
	close(fd);
}

static void rewrite(const char *path, const char *text)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void test_cache(void **state)
{
	(void)state;
	char path[64];
	write_file(path, sizeof path, "one\ntwo", 7);
	tc__srcfiles *c = tc__srcfiles_new();
	assert_non_null(c);
	const tc__srcfile *f;
	assert_int_equal(tc__srcfiles_get(c, path, &f), TC_OK);
	assert_non_null(f);
	assert_int_equal(f->len, 7);
	assert_int_equal(f->nlines, 2);
	assert_string_equal(f->buf, "one\ntwo"); /* a NUL after the bytes */
	assert_string_equal(f->name, path);
	/* kept: a change on disk is not seen while the file is cached */
	rewrite(path, "changed\n");
	assert_int_equal(tc__srcfiles_get(c, path, &f), TC_OK);
	assert_string_equal(f->buf, "one\ntwo");
	/* what cannot be read, and is no error */
	static const char *const bad[] = {"/nonexistent/k.cu", "/tmp", "<stdin>", "/dev/null"};
	for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
		f = (const tc__srcfile *)1;
		assert_int_equal(tc__srcfiles_get(c, bad[k], &f), TC_OK);
		assert_null(f);
	}
	/* the file is still among the last TC_SRCFILE_KEEP asked for */
	assert_int_equal(tc__srcfiles_get(c, path, &f), TC_OK);
	assert_string_equal(f->buf, "one\ntwo");
	/* TC_SRCFILE_KEEP others asked for: it has left, and is read again */
	char others[TC_SRCFILE_KEEP][64];
	for (size_t k = 0; k < TC_SRCFILE_KEEP; k++) {
		write_file(others[k], sizeof others[k], "x", 1);
		assert_int_equal(tc__srcfiles_get(c, others[k], &f), TC_OK);
		assert_non_null(f);
	}
	assert_int_equal(tc__srcfiles_get(c, path, &f), TC_OK);
	assert_string_equal(f->buf, "changed\n");
	assert_int_equal(f->nlines, 2);
	/* an empty file is a file, of one empty line */
	rewrite(others[0], "");
	assert_int_equal(tc__srcfiles_get(c, others[1], &f), TC_OK); /* others[0] leaves */
	for (size_t k = 2; k < TC_SRCFILE_KEEP; k++)
		assert_int_equal(tc__srcfiles_get(c, others[k], &f), TC_OK);
	assert_int_equal(tc__srcfiles_get(c, "/tmp", &f), TC_OK);
	assert_int_equal(tc__srcfiles_get(c, others[0], &f), TC_OK);
	assert_non_null(f);
	assert_int_equal(f->len, 0);
	assert_int_equal(f->nlines, 1);
	tc__srcfiles_free(c);
	unlink(path);
	for (size_t k = 0; k < TC_SRCFILE_KEEP; k++)
		unlink(others[k]);
}

/* ---- snippets ----------------------------------------------------------------- */

/* What tc__snippet_write writes for file:line:col, plain, as a string
 * (malloc'd); *rc its status. */
static char *snippet(tc__srcfiles *c, const char *file, uint32_t line, uint32_t col, int *rc)
{
	char *buf = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&buf, &size);
	assert_non_null(out);
	*rc = tc__snippet_write(out, c, (tc_loc){file, line, col}, false);
	fclose(out);
	return buf;
}

static void expect_snippet(tc__srcfiles *c, const char *file, uint32_t line, uint32_t col,
			   const char *want)
{
	int rc;
	char *got = snippet(c, file, line, col, &rc);
	assert_int_equal(rc, TC_OK);
	assert_string_equal(got, want);
	free(got);
}

static void test_snippet(void **state)
{
	(void)state;
	static const char text[] = "int a;\r\n"  /* 1, CRLF */
				   "\tb = 1;\r"  /* 2, a lone CR */
				   "c;\n"        /* 3 */
				   "\n"          /* 4, empty */
				   "last";       /* 5, no line end */
	char path[64];
	write_file(path, sizeof path, text, sizeof text - 1);
	tc__srcfiles *c = tc__srcfiles_new();
	expect_snippet(c, path, 1, 5, "    1 | int a;\n      |     ^\n");
	expect_snippet(c, path, 2, 2, "    2 |         b = 1;\n      |         ^\n");
	expect_snippet(c, path, 3, 0, "    3 | c;\n");
	expect_snippet(c, path, 3, 9, "    3 | c;\n      |   ^\n"); /* past the end */
	expect_snippet(c, path, 4, 1, "    4 | \n      | ^\n");
	expect_snippet(c, path, 5, 4, "    5 | last\n      |    ^\n");
	expect_snippet(c, path, 6, 1, ""); /* past the end */
	expect_snippet(c, path, 0, 1, "");
	expect_snippet(c, "/nonexistent/k.cu", 1, 1, "");
	expect_snippet(c, "<stdin>", 1, 1, "");
	tc__srcfiles_free(c);
	unlink(path);

	/* after a last line end, the empty line there is none to show */
	write_file(path, sizeof path, "x\n", 2);
	c = tc__srcfiles_new();
	expect_snippet(c, path, 1, 1, "    1 | x\n      | ^\n");
	expect_snippet(c, path, 2, 1, "");
	tc__srcfiles_free(c);
	unlink(path);
	write_file(path, sizeof path, "", 0);
	c = tc__srcfiles_new();
	expect_snippet(c, path, 1, 1, "");
	tc__srcfiles_free(c);
	unlink(path);
}

/* A line of TC_SNIPPET_MAX_LINE bytes is shown, a longer one is not. */
static void test_snippet_long(void **state)
{
	(void)state;
	size_t n = TC_SNIPPET_MAX_LINE;
	char *text = malloc(2 * n + 8);
	memset(text, 'a', n);
	text[n] = '\n';
	memset(text + n + 1, 'b', n + 1);
	text[2 * n + 2] = '\r';
	memcpy(text + 2 * n + 3, "end", 3);
	char path[64];
	write_file(path, sizeof path, text, 2 * n + 6);
	tc__srcfiles *c = tc__srcfiles_new();
	int rc;
	char *got = snippet(c, path, 1, 0, &rc);
	assert_int_equal(rc, TC_OK);
	assert_int_equal(strlen(got), 9 + n);
	assert_memory_equal(got, "    1 | aaa", 11);
	free(got);
	expect_snippet(c, path, 2, 0, "");
	expect_snippet(c, path, 3, 2, "    3 | end\n      |  ^\n");
	tc__srcfiles_free(c);
	unlink(path);
	free(text);
}

/* ---- NOLINT ------------------------------------------------------------------- */

static int suppresses(tc__nolint *n, const char *file, uint32_t line, uint32_t col,
		      const char *rule)
{
	return tc__nolint_suppresses(n, (tc_loc){file, line, col}, rule);
}

static void test_nolint(void **state)
{
	(void)state;
	static const char text[] =
		"// NOLINTNEXTLINE(r)\r\n"                    /* 1 */
		"a;\r\n"                                      /* 2 */
		"b; // NOLINTBEGIN\r"                         /* 3 */
		"c;\r\n"                                      /* 4 */
		"d; // NOLINTEND\n"                           /* 5 */
		"e; // NOLINT(s, r*)";                        /* 6, no line end */
	char path[64];
	write_file(path, sizeof path, text, sizeof text - 1);
	tc__srcfiles *c = tc__srcfiles_new();
	tc__nolint *n = tc__nolint_new(c);
	assert_non_null(n);
	assert_int_equal(suppresses(n, path, 2, 1, "r"), 1);
	assert_int_equal(suppresses(n, path, 2, 1, "s"), 0);
	assert_int_equal(suppresses(n, path, 1, 1, "r"), 0);
	assert_int_equal(suppresses(n, path, 3, 1, "any"), 0);  /* before the BEGIN */
	assert_int_equal(suppresses(n, path, 3, 18, "any"), 1); /* after it */
	assert_int_equal(suppresses(n, path, 4, 1, "any"), 1);
	assert_int_equal(suppresses(n, path, 4, 0, "any"), 1);
	assert_int_equal(suppresses(n, path, 5, 1, "any"), 1);
	assert_int_equal(suppresses(n, path, 5, 7, "any"), 0);  /* the END's own 'N' */
	/* a column past the end of line 4 is a byte further on: still inside */
	assert_int_equal(suppresses(n, path, 4, 9, "any"), 1);
	assert_int_equal(suppresses(n, path, 6, 1, "s"), 1);
	assert_int_equal(suppresses(n, path, 6, 1, "rule"), 1);
	assert_int_equal(suppresses(n, path, 6, 1, "t"), 0);
	assert_int_equal(suppresses(n, path, 7, 1, "s"), 0);    /* past the end */
	const char *line;
	assert_int_equal(tc__nolint_line_text(n, (tc_loc){path, 4, 0}, &line), TC_OK);
	assert_string_equal(line, "c;");
	assert_int_equal(tc__nolint_line_text(n, (tc_loc){path, 6, 0}, &line), TC_OK);
	assert_string_equal(line, "e; // NOLINT(s, r*)");

	/* the bytes leave the cache; what the directives say stays, and the
	 * blocks and the lines' text read the file again */
	char others[TC_SRCFILE_KEEP][64];
	const tc__srcfile *f;
	for (size_t k = 0; k < TC_SRCFILE_KEEP; k++) {
		write_file(others[k], sizeof others[k], "NOLINTEND\n", 10);
		assert_int_equal(tc__srcfiles_get(c, others[k], &f), TC_OK);
	}
	assert_int_equal(suppresses(n, path, 4, 1, "any"), 1);
	assert_int_equal(suppresses(n, path, 3, 1, "any"), 0);
	assert_int_equal(suppresses(n, path, 2, 1, "r"), 1);
	assert_int_equal(tc__nolint_line_text(n, (tc_loc){path, 2, 0}, &line), TC_OK);
	assert_string_equal(line, "a;");
	/* the other files scanned in turn: each an unmatched END, once */
	for (size_t k = 0; k < TC_SRCFILE_KEEP; k++)
		assert_int_equal(suppresses(n, others[k], 1, 1, "x"), 0);
	assert_int_equal(suppresses(n, others[0], 1, 1, "x"), 0);
	const tc__nolint_error *errors;
	assert_int_equal(tc__nolint_errors(n, &errors), TC_SRCFILE_KEEP);
	for (size_t k = 0; k < TC_SRCFILE_KEEP; k++)
		assert_string_equal(errors[k].loc.file, others[k]);
	tc__nolint_free(n);
	tc__srcfiles_free(c);
	unlink(path);
	for (size_t k = 0; k < TC_SRCFILE_KEEP; k++)
		unlink(others[k]);
}

/* NOLINT and the snippets of one run read a file once: what NOLINT read
 * is what the snippet shows, though the file has changed since. */
static void test_shared(void **state)
{
	(void)state;
	char path[64];
	write_file(path, sizeof path, "x; // NOLINT(a)\ny;\n", 19);
	tc__srcfiles *c = tc__srcfiles_new();
	tc__nolint *n = tc__nolint_new(c);
	assert_int_equal(suppresses(n, path, 1, 1, "a"), 1);
	rewrite(path, "changed;\n");
	expect_snippet(c, path, 2, 1, "    2 | y;\n      | ^\n");
	tc__nolint_free(n);
	tc__srcfiles_free(c);
	unlink(path);
}

/* ---- out of memory ------------------------------------------------------------ */

static void test_no_memory(void **state)
{
	(void)state;
	static const char text[] = "a; // NOLINTBEGIN(r)\r\nb;\rc; // NOLINTEND(r)\nd;";
	char path[64];
	write_file(path, sizeof path, text, sizeof text - 1);
	for (long k = 1;; k++) {
		char *shown = NULL;
		size_t size = 0;
		FILE *out = open_memstream(&shown, &size); /* glibc's own memory */
		assert_non_null(out);
		alloc_calls = 0;
		alloc_fail_at = k;
		int rc = TC_ENOMEM, sup = -1;
		tc__srcfiles *c = tc__srcfiles_new();
		tc__nolint *n = c ? tc__nolint_new(c) : NULL;
		if (n)
			sup = rc = suppresses(n, path, 2, 1, "r");
		if (rc >= 0)
			rc = tc__snippet_write(out, c, (tc_loc){path, 3, 2}, false);
		bool failed = alloc_calls >= k;
		alloc_fail_at = 0;
		fclose(out);
		tc__nolint_free(n);
		tc__srcfiles_free(c);
		if (!failed) {
			assert_int_equal(sup, 1);
			assert_int_equal(rc, TC_OK);
			assert_string_equal(shown, "    3 | c; // NOLINTEND(r)\n      |  ^\n");
			free(shown);
			break;
		}
		free(shown);
		assert_int_equal(rc, TC_ENOMEM);
	}
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_index),
		cmocka_unit_test(test_index_random),
		cmocka_unit_test(test_line),
		cmocka_unit_test(test_cache),
		cmocka_unit_test(test_snippet),
		cmocka_unit_test(test_snippet_long),
		cmocka_unit_test(test_nolint),
		cmocka_unit_test(test_shared),
		cmocka_unit_test(test_no_memory),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
