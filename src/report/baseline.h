/*
 * baseline.h - check's baseline file: findings accepted as they are, so
 * that later runs report only new ones (docs/check.md, "Baseline").
 *
 *   threadconv-baseline 1
 *   # rule<TAB>function<TAB>source line<TAB>where (not compared)
 *   barrier-divergence<TAB>stage<TAB>__syncthreads();<TAB>calls.cu:7
 *
 * The first line names the format and its version. Then one finding a line,
 * its fields separated by tabs: the rule, the function (as the source
 * names it: demangled, without parameters), the text of the finding's
 * source line with each run of blanks made one space and none at either end
 * (empty when that line could not be read), and where it was, for people
 * (file:line; optional, never compared). In the fields a backslash, tab,
 * line feed and carriage return are written \\, \t, \n and \r. Lines that
 * are empty or start with '#' are ignored; a line may end in "\r\n".
 *
 * A finding matches an entry with the same rule, function and text, the
 * text's blanks aside (so that reindenting or reformatting a line keeps
 * it): the line number is not compared, so lines inserted above a finding
 * keep it matched, and a change to its line's text makes it new. Each
 * entry matches one finding: two findings with the same three fields need
 * two entries.
 */
#ifndef TC_REPORT_BASELINE_H
#define TC_REPORT_BASELINE_H

#include "threadconv.h"

#include <stdio.h>

#define TC_BASELINE_HEADER "threadconv-baseline 1"

typedef struct tc__baseline tc__baseline;

/* The baseline in buf[0..len), read from the file name (for messages):
 * TC_EPARSE with the first error's line and column in diag; TC_ENOMEM. */
int tc__baseline_parse(tc__baseline **out, const char *name, const char *buf, size_t len,
		       tc_diag *diag);
void tc__baseline_free(tc__baseline *b);

/* Whether an entry not taken yet matches (rule, function, text): takes it
 * (1), or 0; TC_ENOMEM. */
int tc__baseline_take(tc__baseline *b, const char *rule, const char *function,
		      const char *text);

/* The first two lines of a baseline; one entry (where: file NULL when
 * unknown). Errors show in ferror(out). */
void tc__baseline_write_header(FILE *out);
void tc__baseline_write_entry(FILE *out, const char *rule, const char *function,
			      const char *text, tc_loc where);

#endif
