/*
 * dot.h - the DOT machinery of dot.c that check mode's pictures (picture.c)
 * share: graphviz's label escapes, DOT's quoted strings, and the layout of
 * DOT text as SVG by graphviz's dot engine (in process, with the limits and
 * error capture of analyze's SVG).
 */
#ifndef TC_REPORT_DOT_H
#define TC_REPORT_DOT_H

#include "threadconv.h"

#include <stdio.h>

/* s as a DOT quoted string (only '"' needs a backslash; s must hold no
 * backslash before a newline: a label_escape'd text never does). */
void tc__dot_put_quoted(FILE *out, const char *s);

/* A digraph's id: name, quoted, where graphviz reads it back as it is and
 * XML can carry it (as analyze's root graph in SVG), else \#graph. TC_OK
 * or TC_ENOMEM. */
int tc__dot_put_graph_id(FILE *out, const char *name);

/*
 * Writes attr="..." after *sep (then ", "): a label or tooltip that
 * graphviz shows as lines[0..n) one under the other, each a text from the
 * input or ours, shown as the text reports show names (control bytes and
 * bytes that are not UTF-8 as \xNN, as XML needs) with its backslashes
 * kept (doubled for graphviz's escString). TC_OK or TC_ENOMEM.
 */
int tc__dot_put_lines(FILE *out, const char *attr, const char *const *lines, size_t n,
		      const char **sep);

/* Lays out dot, DOT text of one graph (clusters of it side by side), with
 * graphviz's dot engine and writes the SVG to out. The caller keeps dot
 * within the budget (report.h, TC_SVG_MAX_NODES). TC_OK, or TC_EINVAL (what
 * graphviz said) or TC_ENOMEM with the message in diag. */
int tc__dot_svg(FILE *out, const char *dot, tc_diag *diag);

#endif
