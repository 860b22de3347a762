/*
 * test_suppress.c - what decides which of check's findings are reported,
 * on the edge cases the golden cases of tests/suppress do not reach:
 * clang-tidy's glob lists, the NOLINT scanner (line ends, a '(' at the end
 * of the file, nesting, a column on the line of a NOLINTBEGIN, bytes that
 * are no text), the normalised text of a line, and the baseline's reader
 * and matching; each of them again with every allocation failing in turn.
 */
#include "report/baseline.h"
#include "report/nolint.h"
#include "report/report.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "../alloc_fail.h"

static bool contains(const char *globs, const char *name, bool keep_negative)
{
	return tc__glob_list_contains(globs, strlen(globs), name, keep_negative);
}

static void test_globs(void **state)
{
	(void)state;
	assert_true(contains("*", "barrier-divergence", false));
	assert_true(contains("barrier-divergence", "barrier-divergence", false));
	assert_false(contains("barrier", "barrier-divergence", false));
	assert_true(contains(" collective-* , barrier-* ", "barrier-divergence", false));
	assert_true(contains("*-argument", "collective-argument", false));
	assert_true(contains("c*e*t", "collective-argument", false));
	assert_false(contains("c*e*x", "collective-argument", false));
	assert_false(contains("", "barrier-divergence", false));  /* NOLINT(): none */
	assert_false(contains("a,", "barrier-divergence", false)); /* no empty entry */
	assert_false(contains("Barrier-Divergence", "barrier-divergence", false));
	/* entries that exclude: dropped for NOLINT, the last that matches
	 * decides for --warnings-as-errors */
	assert_false(contains("-barrier-divergence", "barrier-divergence", false));
	assert_true(contains("*,-barrier-*", "barrier-divergence", false));
	assert_false(contains("*,-barrier-*", "barrier-divergence", true));
	assert_true(contains("*,-barrier-*", "partial-barrier", true));
	assert_true(contains("-*,barrier-*", "barrier-divergence", true));
	assert_true(contains("collective-*, - collective-argument", "collective-divergence", true));
	assert_false(contains("collective-*, - collective-argument", "collective-argument", true));
}

/* A temporary file holding text[0..len); its name into path. */
static void write_file(char *path, size_t cap, const char *text, size_t len)
{
	snprintf(path, cap, "/tmp/tc-suppress-XXXXXX");
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(write(fd, text, len), (ssize_t)len);
	close(fd);
}

static int suppresses(tc__nolint *n, const char *file, uint32_t line, uint32_t col,
		      const char *rule)
{
	return tc__nolint_suppresses(n, (tc_loc){file, line, col}, rule);
}

static void test_nolint(void **state)
{
	(void)state;
	static const char text[] =
		"a; // NOLINT(barrier-divergence)\r"         /* 1, a lone CR */
		"b; /* NOLINTNEXTLINE */\r\n"                /* 2 */
		"c;\n"                                       /* 3 */
		"d; // NOLINTBEGIN(x) NOLINTBEGIN e; NOLINTEND f; NOLINTEND(x)\n" /* 4 */
		"g; NOLINTNEXTLINE(collective-*)\n"          /* 5 */
		"h;\0 NOLINT\n"                              /* 6, a NUL before */
		"i; NOLINT(";                                /* 7, at the end */
	char path[64];
	write_file(path, sizeof path, text, sizeof text - 1);
	tc__nolint *n = tc__nolint_new(NULL);
	assert_non_null(n);
	assert_int_equal(suppresses(n, path, 1, 1, "barrier-divergence"), 1);
	assert_int_equal(suppresses(n, path, 1, 1, "collective-divergence"), 0);
	assert_int_equal(suppresses(n, path, 2, 1, "barrier-divergence"), 0);
	assert_int_equal(suppresses(n, path, 3, 1, "barrier-divergence"), 1);
	/* the inner block, every rule, holds 'e;' (column 34) but not 'd;',
	 * and the outer, of rule x, is closed by the last NOLINTEND: it holds
	 * 'f;' (column 47) */
	assert_int_equal(suppresses(n, path, 4, 1, "barrier-divergence"), 0);
	assert_int_equal(suppresses(n, path, 4, 34, "barrier-divergence"), 1);
	assert_int_equal(suppresses(n, path, 4, 47, "barrier-divergence"), 0);
	assert_int_equal(suppresses(n, path, 4, 47, "x"), 1);
	assert_int_equal(suppresses(n, path, 4, 1, "x"), 0);
	assert_int_equal(suppresses(n, path, 6, 1, "collective-argument"), 1);
	assert_int_equal(suppresses(n, path, 6, 1, "barrier-divergence"), 1);
	assert_int_equal(suppresses(n, path, 7, 1, "barrier-divergence"), 1);
	/* no such line, no position, no file */
	assert_int_equal(suppresses(n, path, 8, 1, "barrier-divergence"), 0);
	assert_int_equal(suppresses(n, path, 0, 0, "barrier-divergence"), 0);
	assert_int_equal(suppresses(n, NULL, 1, 1, "barrier-divergence"), 0);
	assert_int_equal(suppresses(n, "/nonexistent/k.cu", 1, 1, "barrier-divergence"), 0);
	assert_int_equal(suppresses(n, "/tmp", 1, 1, "barrier-divergence"), 0);
	assert_int_equal(suppresses(n, "<stdin>", 1, 1, "barrier-divergence"), 0);
	const tc__nolint_error *errors;
	assert_int_equal(tc__nolint_errors(n, &errors), 0);
	const char *line;
	assert_int_equal(tc__nolint_line_text(n, (tc_loc){path, 2, 0}, &line), TC_OK);
	assert_string_equal(line, "b; /* NOLINTNEXTLINE */");
	assert_int_equal(tc__nolint_line_text(n, (tc_loc){path, 9, 0}, &line), TC_OK);
	assert_null(line);
	tc__nolint_free(n);
	unlink(path);
}

static void test_line_text(void **state)
{
	(void)state;
	static const char text[] = "\t  if (a)  \t{ \v }  \n\n   \n";
	char path[64];
	write_file(path, sizeof path, text, sizeof text - 1);
	tc__nolint *n = tc__nolint_new(NULL);
	const char *line;
	assert_int_equal(tc__nolint_line_text(n, (tc_loc){path, 1, 3}, &line), TC_OK);
	assert_string_equal(line, "if (a) { }");
	assert_int_equal(tc__nolint_line_text(n, (tc_loc){path, 2, 0}, &line), TC_OK);
	assert_string_equal(line, "");
	assert_int_equal(tc__nolint_line_text(n, (tc_loc){path, 3, 0}, &line), TC_OK);
	assert_string_equal(line, "");
	tc__nolint_free(n);
	unlink(path);
}

static void test_unmatched(void **state)
{
	(void)state;
	static const char text[] = "NOLINTEND\n"
				   "NOLINTBEGIN(a) NOLINTBEGIN(b)\n"
				   "x NOLINTEND( b ) NOLINTEND(c)\n";
	char path[64];
	write_file(path, sizeof path, text, sizeof text - 1);
	tc__nolint *n = tc__nolint_new(NULL);
	assert_int_equal(suppresses(n, path, 3, 1, "b"), 1);
	assert_int_equal(suppresses(n, path, 3, 1, "a"), 0); /* never closed */
	const tc__nolint_error *e;
	assert_int_equal(tc__nolint_errors(n, &e), 3);
	assert_int_equal(e[0].loc.line, 1);
	assert_int_equal(e[0].loc.col, 1);
	assert_non_null(strstr(e[0].message, "'NOLINTEND'"));
	assert_int_equal(e[1].loc.line, 2); /* the open one, in position order */
	assert_int_equal(e[1].loc.col, 1);
	assert_non_null(strstr(e[1].message, "'NOLINTBEGIN' comment without"));
	assert_int_equal(e[2].loc.line, 3);
	assert_int_equal(e[2].loc.col, 18);
	tc__nolint_free(n);
	unlink(path);
}

static void test_nolint_no_memory(void **state)
{
	(void)state;
	static const char text[] = "a NOLINTBEGIN NOLINTEND NOLINT NOLINTNEXTLINE\nb NOLINTEND\n";
	char path[64];
	write_file(path, sizeof path, text, sizeof text - 1);
	for (long k = 1;; k++) {
		alloc_calls = 0;
		alloc_fail_at = k;
		tc__nolint *n = tc__nolint_new(NULL);
		int rc = n ? suppresses(n, path, 2, 1, "r") : TC_ENOMEM;
		const char *line = NULL;
		if (rc >= 0)
			rc = tc__nolint_line_text(n, (tc_loc){path, 1, 0}, &line);
		alloc_fail_at = 0;
		if (alloc_calls < k) { /* nothing failed */
			assert_int_equal(rc, TC_OK);
			assert_string_equal(line, "a NOLINTBEGIN NOLINTEND NOLINT NOLINTNEXTLINE");
			tc__nolint_free(n);
			break;
		}
		tc__nolint_free(n);
		assert_int_equal(rc, TC_ENOMEM);
	}
	unlink(path);
}

static int parse(tc__baseline **b, const char *text, tc_diag *d)
{
	return tc__baseline_parse(b, "b.txt", text, strlen(text), d);
}

/* len: of text, for one with a NUL; 0: strlen */
static void expect_error(const char *text, size_t len, uint32_t line, uint32_t col,
			 const char *words)
{
	len = len ? len : strlen(text);
	tc__baseline *b;
	tc_diag d;
	assert_int_equal(tc__baseline_parse(&b, "b.txt", text, len, &d), TC_EPARSE);
	assert_null(b);
	assert_string_equal(d.file, "b.txt");
	assert_int_equal(d.line, line);
	assert_int_equal(d.col, col);
	if (!strstr(d.message, words))
		fail_msg("'%s' does not say '%s'", d.message, words);
}

static void test_baseline(void **state)
{
	(void)state;
	tc__baseline *b;
	tc_diag d;
	assert_int_equal(parse(&b, "threadconv-baseline 1\r\n"
				   "# a comment\n"
				   "\n"
				   "barrier-divergence\tk\t__syncthreads ( ) ;\tk.cu:7\n"
				   "barrier-divergence\tk\t__syncthreads();\n"
				   "collective-argument\ta\\tb\tx \\\\ y\\n",
			       &d),
			 TC_OK);
	/* blanks aside; each entry once */
	assert_int_equal(tc__baseline_take(b, "barrier-divergence", "k", "__syncthreads();"), 1);
	assert_int_equal(tc__baseline_take(b, "barrier-divergence", "k", " __syncthreads ();"), 1);
	assert_int_equal(tc__baseline_take(b, "barrier-divergence", "k", "__syncthreads();"), 0);
	assert_int_equal(tc__baseline_take(b, "barrier-divergence", "j", "__syncthreads();"), 0);
	assert_int_equal(tc__baseline_take(b, "partial-barrier", "k", "__syncthreads();"), 0);
	assert_int_equal(tc__baseline_take(b, "collective-argument", "a\tb", "x\\y\n"), 1);
	tc__baseline_free(b);
	/* the header alone, without a line end */
	assert_int_equal(parse(&b, "threadconv-baseline 1", &d), TC_OK);
	assert_int_equal(tc__baseline_take(b, "barrier-divergence", "k", ""), 0);
	tc__baseline_free(b);

	{ /* an empty file: no text at all */
		tc__baseline *e;
		assert_int_equal(tc__baseline_parse(&e, "b.txt", "", 0, &d), TC_EPARSE);
		assert_int_equal(d.line, 1);
	}
	expect_error("threadconv-baseline 1x\n", 0, 1, 21, "version '1x'");
	expect_error("threadconv-baseline\n", 0, 1, 1, "not a threadconv baseline");
	static const char nul[] = "threadconv-baseline 1\nbarrier-divergence\tk\ta\0b\n";
	expect_error(nul, sizeof nul - 1, 2, 23, "NUL");
	expect_error("threadconv-baseline 1\nbarrier-divergence\tk\tab\\\n", 0, 2, 24,
		     "escapes nothing");
	expect_error("threadconv-baseline 1\nbarrier-divergence\n", 0, 2, 19,
		     "the function's name");
	expect_error("threadconv-baseline 1\n# x\nbarrier\tk\tt\n", 0, 3, 1,
		     "did you mean 'barrier-divergence'");
	expect_error("threadconv-baseline 1\nwhatever\tk\tt\n", 0, 2, 1, "unknown rule 'whatever' (");
	expect_error("threadconv-baseline 1\nbarrier-divergence\tk\tt\tw\\x\n", 0, 2, 25,
		     "unknown escape '\\x'");
}

static void test_baseline_no_memory(void **state)
{
	(void)state;
	static const char text[] = "threadconv-baseline 1\n"
				   "barrier-divergence\tk\ta\n"
				   "barrier-divergence\tk\tb\tk.cu:3\n";
	for (long k = 1;; k++) {
		tc__baseline *b = NULL;
		tc_diag d;
		alloc_calls = 0;
		alloc_fail_at = k;
		int rc = parse(&b, text, &d);
		int taken = rc ? rc : tc__baseline_take(b, "barrier-divergence", "k", "b");
		alloc_fail_at = 0;
		tc__baseline_free(b);
		if (alloc_calls < k) { /* nothing failed */
			assert_int_equal(taken, 1);
			break;
		}
		assert_int_equal(taken, TC_ENOMEM);
	}
}

static void test_write(void **state)
{
	(void)state;
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);
	tc__baseline_write_header(out);
	tc__baseline_write_entry(out, "barrier-divergence", "a\tb\\c", "x y", (tc_loc){"k.cu", 3, 1});
	tc__baseline_write_entry(out, "partial-barrier", "f", "", (tc_loc){NULL, 0, 0});
	fclose(out);
	/* what is written reads back, and matches */
	tc__baseline *b;
	tc_diag d;
	assert_int_equal(tc__baseline_parse(&b, "w", buf, len, &d), TC_OK);
	assert_int_equal(tc__baseline_take(b, "barrier-divergence", "a\tb\\c", "x y"), 1);
	assert_int_equal(tc__baseline_take(b, "partial-barrier", "f", ""), 1);
	tc__baseline_free(b);
	assert_non_null(strstr(buf, "barrier-divergence\ta\\tb\\\\c\tx y\tk.cu:3\n"));
	free(buf);
}

static void test_rules(void **state)
{
	(void)state;
	for (int r = 0; r < TC_RULE_COUNT; r++) {
		const char *name = tc_rule_name((tc_rule)r);
		assert_int_equal(tc__report_rule_from_name(name, strlen(name)), r);
	}
	assert_int_equal(tc__report_rule_from_name("barrier", 7), -1);
	assert_string_equal(tc__report_rule_nearest("Barrier-Divergance", 18), "barrier-divergence");
	assert_string_equal(tc__report_rule_nearest("partial", 7), "partial-barrier");
	assert_null(tc__report_rule_nearest("collective", 10)); /* two start so */
	assert_null(tc__report_rule_nearest("foo", 3));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_globs),
		cmocka_unit_test(test_nolint),
		cmocka_unit_test(test_line_text),
		cmocka_unit_test(test_unmatched),
		cmocka_unit_test(test_nolint_no_memory),
		cmocka_unit_test(test_baseline),
		cmocka_unit_test(test_baseline_no_memory),
		cmocka_unit_test(test_write),
		cmocka_unit_test(test_rules),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
