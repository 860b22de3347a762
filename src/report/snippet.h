/*
 * snippet.h - the source line under a compiler-style diagnostic, with a caret
 * under its column, laid out as clang 19 lays it out:
 *
 *   k.cl:9:6: note: the branch here may go different ways in different threads
 *       9 |         if (t < 16) {
 *         |             ^
 *
 * The files are looked up by the names the positions give (absolute, or
 * relative to the current directory) in a cache of files read whole
 * (srcfile.h), which check's NOLINT lookup may share. A file that cannot be
 * read (missing, not a regular file, "<stdin>", over TC_SRCFILE_MAX bytes)
 * and a line past its end get no snippet and no error. Writes to the FILE*
 * given, nowhere else.
 */
#ifndef TC_REPORT_SNIPPET_H
#define TC_REPORT_SNIPPET_H

#include "report/srcfile.h"
#include "threadconv.h"

#include <stdbool.h>
#include <stdio.h>

/* clang's escape sequences (LLVM's raw_ostream colours). */
#define TC_SGR_RESET "\033[0m"
#define TC_SGR_BOLD "\033[1m"          /* a position; a warning's message */
#define TC_SGR_WARNING "\033[0;1;35m"  /* "warning: ", bold magenta */
#define TC_SGR_NOTE "\033[0;1;36m"     /* "note: ", bold cyan */
#define TC_SGR_ERROR "\033[0;1;31m"    /* "error: ", bold red */
#define TC_SGR_CARET "\033[0;1;32m"    /* the caret line, bold green */
#define TC_SGR_REVERSE "\033[7m"       /* a character shown escaped (<U+0001>) */

/* clang's limits: a longer line, or a caret further right, shows no snippet;
 * tabs stop every TC_SNIPPET_TAB_STOP bytes. */
#define TC_SNIPPET_MAX_LINE 4096u
#define TC_SNIPPET_TAB_STOP 8u

/*
 * Writes the line loc names, behind a gutter with its number, and when
 * loc.col is known a caret line under that column (a column past the end of
 * the line is its end). color: the caret line bold green, escaped characters
 * in reverse video, as clang. Nothing when the file or the line cannot be
 * read. TC_OK, or TC_ENOMEM (the report is then incomplete).
 */
int tc__snippet_write(FILE *out, tc__srcfiles *files, tc_loc loc, bool color);

#endif
