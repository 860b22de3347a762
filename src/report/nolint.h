/*
 * nolint.h - clang-tidy's suppression comments in the files check's
 * findings point into:
 *
 *   __syncthreads(); // NOLINT(barrier-divergence)
 *   // NOLINTNEXTLINE(collective-*)
 *   // NOLINTBEGIN(barrier-divergence) ... // NOLINTEND(barrier-divergence)
 *
 * As clang-tidy reads them (NoLintDirectiveHandler.cpp): "NOLINT" anywhere
 * in the text, followed by letters that make NOLINT, NOLINTNEXTLINE,
 * NOLINTBEGIN or NOLINTEND exactly (upper case); right after it, without a
 * space, an optional "(...)" closed on the same line with a glob list of
 * rules (a comma-separated list, '*' any run of characters, blanks around
 * each ignored, an entry that starts with '-' ignored). Without a list, or
 * with a '(' not closed on its line, every rule; "()" none. NOLINT covers
 * its own line, NOLINTNEXTLINE the line after it, NOLINTBEGIN what follows
 * it up to the NOLINTEND with the same list, nested as brackets are; a
 * NOLINTEND that closes no NOLINTBEGIN, or a NOLINTBEGIN left open, is an
 * error and suppresses nothing.
 *
 * A file is read whole the first time a finding points into it (srcfile.h:
 * a cache that the snippets may share) and scanned once; what its
 * directives say is kept. One that cannot be read (missing, not a regular
 * file, "<stdin>", over TC_NOLINT_MAX_FILE bytes) suppresses nothing. Lines
 * end at "\n", "\r\n" or a lone "\r", as clang counts them (snippet.h).
 */
#ifndef TC_REPORT_NOLINT_H
#define TC_REPORT_NOLINT_H

#include "report/srcfile.h"
#include "threadconv.h"

#include <stdbool.h>
#include <stddef.h>

#define TC_NOLINT_MAX_FILE (256u << 20)

/* The files read so far and what they say. */
typedef struct tc__nolint tc__nolint;

/* The files read from files (shared with the snippets of the same run;
 * NULL: a cache of its own). NULL when out of memory. */
tc__nolint *tc__nolint_new(tc__srcfiles *files);
void tc__nolint_free(tc__nolint *n);

/* Whether a directive of loc's file suppresses a finding of rule at loc (its
 * line; its column, when known, for NOLINTBEGIN and NOLINTEND on the same
 * line): 1 or 0; TC_ENOMEM. */
int tc__nolint_suppresses(tc__nolint *n, tc_loc loc, const char *rule);

/* The text of loc's line with every run of blanks made one space and none
 * at either end, into *text (valid until the next call); NULL when the line
 * cannot be read. TC_OK or TC_ENOMEM. */
int tc__nolint_line_text(tc__nolint *n, tc_loc loc, const char **text);

/* The misused directives of the files read so far, in file order and then
 * position order: a NOLINTBEGIN without its NOLINTEND, a NOLINTEND without
 * its NOLINTBEGIN. loc.file stays valid as long as n. */
typedef struct tc__nolint_error {
	tc_loc loc;
	const char *message; /* clang-tidy's words */
} tc__nolint_error;
size_t tc__nolint_errors(const tc__nolint *n, const tc__nolint_error **list);

/* Whether the glob list globs[0..len) (clang-tidy's GlobList: entries
 * split at ',', each trimmed, '*' any run of characters, a leading '-' an
 * entry that excludes; the last entry that matches decides) holds name.
 * keep_negative false: entries that exclude are dropped (as NOLINT does). */
bool tc__glob_list_contains(const char *globs, size_t len, const char *name, bool keep_negative);

#endif
