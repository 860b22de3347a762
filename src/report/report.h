/*
 * report.h - what the CLI prints about solved graphs: text, JSON (SPEC 6),
 * DOT and SVG.
 *
 * A report only reads a tc_graph and its tc_result through the public API; it
 * never recomputes a state. Every writer takes the whole list of graphs (JSON
 * needs one document for all of them), writes to a FILE* the caller owns and
 * returns 0 or a negative tc_status with the message in diag; none prints
 * elsewhere or exits. This layer is not part of libthreadconv's public API.
 */
#ifndef TC_REPORT_REPORT_H
#define TC_REPORT_REPORT_H

#include "check/check.h"
#include "report/srcfile.h"
#include "threadconv.h"

#include <stdio.h>

/* Check mode's rules found by name (-W<name>, NOLINT(<name>), the
 * baseline): the rule called name[0..len), or -1 (rules.c). */
int tc__report_rule_from_name(const char *name, size_t len);
/* A rule whose name is close to name[0..len) (a few letters off, or the one
 * that starts so), for "did you mean"; NULL when none is. */
const char *tc__report_rule_nearest(const char *name, size_t len);

/* Whether rc's argument that may differ is reported. */
static inline bool tc__report_argument_shown(const tc_check_collective *rc)
{
	return rc->c->arg != TC_NONE && !rc->arg_suppressed;
}

/* One solved graph. */
typedef struct tc_report_graph {
	const char *input;        /* the file it was read from; NULL when none */
	const tc_graph *graph;
	const tc_result *result;
	tc_solve_options options; /* what result was computed with */
	/* check mode (options.assume_barriers false): the barriers reported,
	 * in node order */
	const tc_check_barrier *reported;
	size_t nreported;
	/* the collectives, in node order (barriers among them only for their
	 * arguments), and what the warp verdicts rest on */
	const tc_check_collective *collectives;
	size_t ncollectives;
	uint32_t warp_size;
	bool warp_assumed;
	/* check mode, per node or NULL: for a call of a function whose
	 * barriers are judged in their calling contexts, that function's name
	 * (such a node is no finding of its own) */
	const char *const *callee;
	/* check mode: the barrier nodes whose finding was suppressed (a NOLINT
	 * comment, the baseline, -Wno-...), in node order, which the JSON
	 * report leaves out */
	const uint32_t *suppressed;
	size_t nsuppressed;
} tc_report_graph;

typedef enum tc_report_format {
	TC_REPORT_TEXT,
	TC_REPORT_JSON,
	TC_REPORT_DOT,
	TC_REPORT_SVG
} tc_report_format;
#define TC_REPORT_FORMAT_COUNT 4

/* "text", "json", "dot", "svg". */
const char *tc__report_format_name(tc_report_format f);
int tc__report_format_from_name(tc_report_format *out, const char *name);

/* Writes graphs[0..count) in format f; dispatches to the writers below. */
int tc__report_write(FILE *out, tc_report_format f, const tc_report_graph *graphs,
		    size_t count, tc_diag *diag);

/* Per graph: summary, barriers and whether they need the rewrite, all states. */
int tc__report_text(FILE *out, const tc_report_graph *graphs, size_t count,
		   tc_diag *diag);
/* An input that could not be checked (it did not compile, or could not be
 * read): its name, what was said of it, where (line and column 0: none).
 * JSON lists them in "errors", SARIF as tool execution notifications. */
typedef struct tc_report_failure {
	const char *input;
	const char *message;
	uint32_t line, col;
} tc_report_failure;

/* One {"graphs": [...]} document (SPEC 6), with "errors" after them when
 * failures (nfailures of them) are given. */
int tc__report_json(FILE *out, const tc_report_graph *graphs, size_t count,
		   const tc_report_failure *failures, size_t nfailures, tc_diag *diag);
/* One digraph per graph, written as a stream (graphviz reads it back). */
int tc__report_dot(FILE *out, const tc_report_graph *graphs, size_t count,
		  tc_diag *diag);
/* One SVG document laid out by graphviz's dot; several graphs become
 * side-by-side clusters of one drawing. Above TC_SVG_MAX_NODES nodes or
 * TC_SVG_MAX_EDGES edges in all, TC_ELIMIT before any layout: dot's time
 * grows much faster than the graph (docs/json.md, "Pictures"). */
#define TC_SVG_MAX_NODES 300u
#define TC_SVG_MAX_EDGES 600u
int tc__report_svg(FILE *out, const tc_report_graph *graphs, size_t count,
		  tc_diag *diag);

/* How check mode's text looks (all false: plain lines, as without a
 * terminal and with carets off). */
typedef struct tc_report_text_options {
	bool caret; /* after each line with a position whose file can be read,
		     * that source line and a caret under the column (snippet.h) */
	bool color; /* clang's colours (SGR escape sequences) */
	/* the source files the snippets are read from, shared with the NOLINT
	 * lookup of the same run (NULL: a cache of the report's own) */
	tc__srcfiles *files;
} tc_report_text_options;

/* Check mode: a compiler-style warning per reported barrier with notes
 * naming its causes (file:line:col: warning: ... [-Wbarrier-divergence]),
 * laid out as opt says (NULL: all false). */
int tc__report_check_text(FILE *out, const tc_report_graph *graphs, size_t count,
			 const tc_report_text_options *opt, tc_diag *diag);

/* Where a SARIF log's files are, and where its rules are explained (all
 * NULL: every uri as the input names it, no helpUri). */
typedef struct tc_report_sarif_options {
	/* the source root, %SRCROOT% (an absolute directory: the working
	 * directory), and another spelling of it (its physical path where
	 * root goes through a link; NULL: none): a file under it gets a uri
	 * relative to it with uriBaseId %SRCROOT%, a file elsewhere its
	 * absolute file: URI without one, a relative name taken from root */
	const char *root, *root_alias;
	/* the rules' documentation (docs/check.md as installed, a URI); each
	 * rule's helpUri is it with "#<rule>" after it */
	const char *help_uri;
	/* the source files the fingerprints' text is read from, as
	 * tc_report_text_options's (NULL: a cache of the report's own) */
	tc__srcfiles *files;
} tc_report_sarif_options;

/* Check mode: one SARIF 2.1.0 log, a result per finding (a merged copy is
 * none: tc__report_merge) with its causes as related locations, its
 * ruleIndex and a partialFingerprints entry "threadconv/v1" made of what
 * the baseline matches on (the rule, the function, the text of the
 * finding's source line with its blanks made one) and, after a ':', the
 * occurrence of that triple in the log (1, 2, ...), so that lines inserted
 * above keep it; with failures, the run has an invocation, not
 * successful, with a tool execution notification (level error) per
 * failure. opt NULL: all NULL. */
int tc__report_sarif(FILE *out, const tc_report_graph *graphs, size_t count,
		    const tc_report_failure *failures, size_t nfailures,
		    const tc_report_sarif_options *opt, tc_diag *diag);

/* Check mode: a picture of each graph with a reported finding (a merged
 * copy's is its finding's; none of a suppressed one), its findings, the
 * branches that cause them and the paths between highlighted, in DOT (one
 * digraph per graph, streamed) or SVG (one drawing, several graphs as
 * clusters); a graph over the budget of TC_SVG_MAX_NODES nodes and
 * TC_SVG_MAX_EDGES edges as its part around the findings, and in SVG, a
 * drawing that does not fit what is left of the budget as a note (picture.c).
 * Nothing reported: a graph that says so. */
int tc__report_check_dot(FILE *out, const tc_report_graph *graphs, size_t count,
			 tc_diag *diag);
int tc__report_check_svg(FILE *out, const tc_report_graph *graphs, size_t count,
			 tc_diag *diag);

/* A graph's name as its source writes it (util/names.h: a C++ name
 * demangled, without its parameters), into buf; the name itself when it is
 * not mangled. Returns buf. */
const char *tc__report_plain_name(char *buf, size_t cap, const tc_graph *g);

/* Shared by the JSON writers: writes doc indented, then a newline; TC_EIO
 * or TC_ENOMEM with a message. (Declared with jansson's type opaque.) */
struct json_t;
int tc__report_dump_json(FILE *out, struct json_t *doc, tc_diag *diag);
/* A JSON string of s, a name or message from the input: U+FFFD for each
 * byte that starts no UTF-8 sequence (json_string refuses such a string);
 * NULL when out of memory. */
struct json_t *tc__report_json_string(const char *s);
/* Shared by the writers: flushes out; TC_EIO with a message when out has
 * seen an error. */
int tc__report_status(FILE *out, tc_diag *diag);
/* Wording shared by the check reports: "threads of the block", "lanes of
 * the warp", "work-items of the sub-group"; a reported collective's
 * warning, and an argument's that may differ (into buf; returns buf). */
const char *tc__report_members(tc_group g);
/* A reported barrier's warning (one with a thread count says so). */
const char *tc__report_barrier_message(const tc_graph *g, uint32_t node);
const char *tc__report_collective_message(char *buf, size_t cap, const tc_collective *c);
const char *tc__report_argument_message(char *buf, size_t cap, const tc_collective *c);
/* A finding's flag as clang writes it: " [-Wrule]", or " [-Werror,-Wrule]"
 * for one shown as an error (into buf; returns buf). */
const char *tc__report_flag(char *buf, size_t cap, tc_rule rule, bool error);
/* Writes s[0..len) as the text reports show names and file names from the
 * input: a control byte (below 0x20, DEL) as \xNN, so that an input cannot
 * send escape sequences to the terminal or forge lines (text.c). */
void tc__report_put_escaped(FILE *out, const char *s, size_t len);
/* s escaped so, malloc'd (NULL when out of memory); with utf8, also each
 * byte that is not part of a UTF-8 sequence, as XML needs (the SVG). */
char *tc__report_escaped(const char *s, bool utf8);
/* The state as a one-character string: "C", "U" or "-". */
const char *tc__report_state(tc_state s);

#endif
