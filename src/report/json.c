/*
 * json.c - the JSON report of SPEC 6, built and escaped by jansson:
 *
 *   {"graphs": [{"name", ["source_name"], "solver", "sound", "mode", "use_uniform", "input",
 *     "entry", "exit", "counts": {"nodes": {"C", "U", "-"}, "edges": {...}},
 *     "nodes": [{"name", "state", ["uniform"], ["uniform_by_convergence"],
 *                ["file", "line"]}],
 *     "edges": [{"from", "to", "state"}],
 *     "barriers": [{"node", "state", "in_edges_convergent", ["file", "line"],
 *                   check mode: ["column"], ["rule"], ["level"], "causes": [{"node",
 *                   ["file", "line", "column"], ["depends_on"]}], ["inlined":
 *                   {"function", ["file", "line", "column"]}]}],
 *     where the graph has collectives: "warp_size", "block_size_assumed",
 *     "collectives": [{"name", "kind", "group", "node", "state", ["masked"],
 *                      ["file", "line", "column"], check mode: ["rule"], ["level"],
 *                      "causes": [...], ["inlined": {...}],
 *                      ["argument": {"index", ["name"], ["depends_on"],
 *                                    ["file", "line", "column"], ["rule"],
 *                                    ["level"]}]}]}]}
 *
 * "rule" names the rule of a finding (tc_rule_name), on a reported barrier
 * or collective and on an argument that may differ (not on a copy merged
 * into another's finding).
 *
 * In check mode a finding suppressed (a NOLINT comment, the baseline,
 * -Wno-...) is left out: its barrier, its collective or its argument;
 * "level" is "error" for a finding shown as an error (-Werror).
 *
 * Nodes are in mention order, edges in creation order, barriers in node
 * order. JSON strings must be UTF-8; a name that is not (a .cfg quoted name
 * may hold any byte) has each bad byte replaced by U+FFFD.
 *
 * The document is written as it is walked, element by element, in the
 * layout of jansson's JSON_INDENT(2): a graph of ten million blocks is never
 * held as a tree. Each string goes through jansson unless every byte of it
 * is printable ASCII other than '"' and '\\', which JSON writes as they are.
 */
#include "report/report.h"
#include "util/diag.h"
#include "util/utf8.h"

#include <inttypes.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* A JSON string of s (report.h); NULL when out of memory. */
json_t *tc__report_json_string(const char *s)
{
	json_t *j = json_string(s);
	if (j)
		return j;
	/* not UTF-8: copy with U+FFFD for each byte that starts no valid sequence */
	size_t n = strlen(s);
	char *buf = malloc(3 * n + 1);
	if (!buf)
		return NULL;
	const unsigned char *p = (const unsigned char *)s;
	size_t out = 0;
	for (size_t i = 0; i < n;) {
		uint32_t cp;
		size_t len = tc__utf8_decode(p + i, n - i, &cp);
		if (len) {
			memcpy(buf + out, p + i, len);
			out += len;
			i += len;
		} else {
			memcpy(buf + out, "\xef\xbf\xbd", 3);
			out += 3;
			i++;
		}
	}
	j = json_stringn(buf, out);
	free(buf);
	return j;
}

/* Written through a buffer of our own: jansson's dumpf writes a byte at a time. */
typedef struct sink {
	FILE *out;
	size_t len;
	char buf[1 << 16];
} sink;

static int sink_flush(sink *s)
{
	int rc = s->len && fwrite(s->buf, 1, s->len, s->out) != s->len ? -1 : 0;
	s->len = 0;
	return rc;
}

static int sink_write(const char *data, size_t size, void *ud)
{
	sink *s = ud;
	if (s->len + size > sizeof s->buf && sink_flush(s))
		return -1;
	if (size > sizeof s->buf)
		return fwrite(data, 1, size, s->out) == size ? 0 : -1;
	memcpy(s->buf + s->len, data, size);
	s->len += size;
	return 0;
}

/* ---- a streaming writer in jansson's indented layout ---- */

#define MAX_DEPTH 16

typedef struct writer {
	sink s;
	int depth;
	bool empty[MAX_DEPTH]; /* nothing yet in the object or array at depth */
	bool failed;           /* a write failed or memory ran out */
} writer;

static void put(writer *w, const char *data, size_t size)
{
	if (sink_write(data, size, &w->s))
		w->failed = true;
}

#define PUT(w, lit) put((w), (lit), sizeof(lit) - 1)

static void newline(writer *w)
{
	static const char spaces[2 * MAX_DEPTH] = "                                ";
	PUT(w, "\n");
	put(w, spaces, 2 * (size_t)w->depth);
}

/* before each member or element: a comma after the last one, a new line */
static void next(writer *w)
{
	if (!w->empty[w->depth])
		PUT(w, ",");
	w->empty[w->depth] = false;
	newline(w);
}

static void enter(writer *w, const char *bracket)
{
	put(w, bracket, 1);
	w->empty[++w->depth] = true;
}

static void leave(writer *w, const char *bracket)
{
	bool empty = w->empty[w->depth--];
	if (!empty)
		newline(w);
	put(w, bracket, 1);
}

static void string(writer *w, const char *str)
{
	const unsigned char *p = (const unsigned char *)str;
	while (*p >= 0x20 && *p < 0x7f && *p != '"' && *p != '\\')
		p++;
	if (*p == 0) {
		PUT(w, "\"");
		put(w, str, (size_t)(p - (const unsigned char *)str));
		PUT(w, "\"");
		return;
	}
	json_t *j = tc__report_json_string(str);
	if (!j || json_dump_callback(j, sink_write, &w->s, JSON_ENCODE_ANY))
		w->failed = true;
	json_decref(j);
}

static void integer(writer *w, json_int_t v)
{
	char buf[32];
	int len = snprintf(buf, sizeof buf, "%" JSON_INTEGER_FORMAT, v);
	put(w, buf, (size_t)len);
}

static void boolean(writer *w, bool v)
{
	if (v)
		PUT(w, "true");
	else
		PUT(w, "false");
}

static void key(writer *w, const char *k)
{
	next(w);
	string(w, k);
	PUT(w, ": ");
}

/* an object as the next element of an array */
static void item(writer *w)
{
	next(w);
	enter(w, "{");
}

static void field(writer *w, const char *k, const char *v)
{
	key(w, k);
	string(w, v);
}

/* ---- the report ---- */

static void loc_fields(writer *w, tc_loc loc)
{
	if (!loc.file || !loc.line)
		return;
	field(w, "file", loc.file);
	key(w, "line");
	integer(w, loc.line);
}

static void counts(writer *w, uint32_t (*count)(const tc_result *, tc_state),
		   const tc_result *r)
{
	enter(w, "{");
	key(w, "C");
	integer(w, count(r, TC_STATE_CONVERGENT));
	key(w, "U");
	integer(w, count(r, TC_STATE_UNKNOWN));
	key(w, "-");
	integer(w, count(r, TC_STATE_DEAD));
	leave(w, "}");
}

static void nodes(writer *w, const tc_graph *g, const tc_result *r)
{
	enter(w, "[");
	for (uint32_t v = 0; !w->failed && v < tc_graph_node_count(g); v++) {
		item(w);
		field(w, "name", tc_graph_node_name(g, v));
		field(w, "state", tc__report_state(tc_result_node_state(r, v)));
		if (tc_graph_node_flags(g, v) & TC_NODE_UNIFORM) {
			key(w, "uniform");
			boolean(w, true);
		} else if (tc_result_node_uniform(r, v)) {
			key(w, "uniform_by_convergence");
			boolean(w, true);
		}
		loc_fields(w, tc_graph_node_loc(g, v));
		leave(w, "}");
	}
	leave(w, "]");
}

static void edges(writer *w, const tc_graph *g, const tc_result *r)
{
	enter(w, "[");
	for (uint32_t e = 0; !w->failed && e < tc_graph_edge_count(g); e++) {
		item(w);
		field(w, "from", tc_graph_node_name(g, tc_graph_edge_from(g, e)));
		field(w, "to", tc_graph_node_name(g, tc_graph_edge_to(g, e)));
		field(w, "state", tc__report_state(tc_result_edge_state(r, e)));
		leave(w, "}");
	}
	leave(w, "]");
}

static void column_field(writer *w, tc_loc loc)
{
	if (loc.file && loc.line && loc.col) {
		key(w, "column");
		integer(w, loc.col);
	}
}

static void causes(writer *w, const tc_graph *g, const tc_finding_cause *list, uint32_t n)
{
	enter(w, "[");
	for (uint32_t k = 0; k < n; k++) {
		const tc_finding_cause *c = &list[k];
		item(w);
		if (c->graph) /* in a caller: the call only some threads reach */
			field(w, "function", tc_graph_name(c->graph));
		field(w, "node", tc_graph_node_name(c->graph ? c->graph : g, c->node));
		loc_fields(w, c->loc);
		column_field(w, c->loc);
		if (c->depends_on) {
			field(w, "depends_on", c->depends_on);
		}
		leave(w, "}");
	}
	leave(w, "]");
}

/* "inlined": {function, file, line, column} of a barrier or collective
 * reached in an inlined helper; nothing when function is NULL. */
static void inlined_field(writer *w, const char *function, tc_loc loc)
{
	if (!function)
		return;
	key(w, "inlined");
	enter(w, "{");
	field(w, "function", function);
	loc_fields(w, loc);
	column_field(w, loc);
	leave(w, "}");
}

/* "calls": the calls from the kernel to a reported barrier in a function
 * that was not inlined, innermost first ("calls_omitted": how many were
 * left out before the last, the outermost); "callers_unknown" when the
 * outermost function is one no kernel calls. */
static void calls_field(writer *w, const tc_finding_call *calls, uint32_t ncalls,
			uint32_t omitted, bool unknown_callers)
{
	if (ncalls) {
		key(w, "calls");
		enter(w, "[");
	}
	for (uint32_t k = 0; k < ncalls; k++) {
		item(w);
		field(w, "function", calls[k].callee);
		field(w, "caller", calls[k].caller);
		loc_fields(w, calls[k].loc);
		column_field(w, calls[k].loc);
		leave(w, "}");
	}
	if (ncalls)
		leave(w, "]");
	if (omitted) {
		key(w, "calls_omitted");
		integer(w, (json_int_t)omitted);
	}
	if (unknown_callers) {
		key(w, "callers_unknown");
		boolean(w, true);
	}
}

/* "after_exit": {file, line, column} of a finding that only threads that
 * leave the kernel miss (rule barrier-after-exit, collective-after-exit):
 * where they go, as known. */
static void after_exit_field(writer *w, bool after_exit, tc_loc loc)
{
	if (!after_exit)
		return;
	key(w, "after_exit");
	enter(w, "{");
	loc_fields(w, loc);
	column_field(w, loc);
	leave(w, "}");
}

/* Check mode adds each barrier's column and the causes of a reported one
 * (rb, or NULL); a copy merged into another's finding names where that
 * one is in the array written (at) instead. */
static void check_fields(writer *w, const tc_report_graph *rg, uint32_t v,
			 const tc_check_barrier *rb, size_t at)
{
	if (rg->options.assume_barriers)
		return;
	tc_loc loc = tc_graph_node_loc(rg->graph, v);
	column_field(w, loc);
	if (rb && rb->merged) {
		key(w, "merged_into");
		integer(w, (json_int_t)at);
		rb = NULL; /* its finding is that one's */
	}
	if (rb)
		field(w, "rule", tc_rule_name(tc__check_barrier_rule(rg->graph, rb)));
	if (rb && rb->error)
		field(w, "level", "error");
	if (rg->callee && rg->callee[v])
		field(w, "call", rg->callee[v]);
	key(w, "causes");
	causes(w, rg->graph, rb ? rb->causes : NULL, rb ? rb->ncauses : 0);
	if (rb)
		inlined_field(w, rb->inlined, rb->inlined_loc);
	if (rb)
		calls_field(w, rb->calls, rb->ncalls, rb->calls_omitted, rb->unknown_callers);
	if (rb)
		after_exit_field(w, rb->after_exit, rb->exit_loc);
}

/* A barrier is listed among the collectives only for an argument that may
 * differ (its verdict is in "barriers"); in check mode, a collective whose
 * findings were all suppressed is not listed. */
static bool listed(const tc_check_collective *rc)
{
	bool argument = tc__report_argument_shown(rc);
	return rc->suppressed ? argument : !rc->c->barrier || argument;
}

/* The collectives, and in check mode the causes of each reported one and
 * an argument that may differ; a copy whose finding is merged into
 * another's names where that one is in the array ("merged_into", in
 * "argument" for the argument's), without causes. at: room for an index
 * per collective. */
static void collectives(writer *w, const tc_report_graph *rg, size_t *at)
{
	const tc_graph *g = rg->graph;
	size_t written = 0;
	enter(w, "[");
	for (size_t k = 0; !w->failed && k < rg->ncollectives; k++) {
		const tc_check_collective *rc = &rg->collectives[k];
		const tc_collective *c = rc->c;
		if (!listed(rc))
			continue;
		at[k] = written++;
		item(w);
		field(w, "name", c->name);
		field(w, "kind", c->barrier ? "barrier" : c->call ? "call" : "collective");
		field(w, "group", tc_group_name(c->group));
		field(w, "node", tc_graph_node_name(g, c->node));
		field(w, "state", tc__report_state(rc->state));
		if (c->masked) {
			key(w, "masked");
			boolean(w, true);
		}
		if (c->lanes) {
			key(w, "lanes");
			integer(w, c->lanes);
		}
		loc_fields(w, c->loc);
		column_field(w, c->loc);
		bool argument = tc__report_argument_shown(rc);
		bool reported = rc->reported && !rc->merged; /* the finding is here */
		if (!rg->options.assume_barriers) {
			if (rc->reported && rc->merged) {
				key(w, "merged_into");
				integer(w, (json_int_t)at[rc->merged_into]);
			}
			if (reported)
				field(w, "rule", tc_rule_name(tc__check_collective_rule(rc)));
			if (reported && rc->error)
				field(w, "level", "error");
			key(w, "causes");
			causes(w, g, rc->causes, reported ? rc->ncauses : 0);
			if (reported || (argument && !rc->arg_merged))
				inlined_field(w, c->inlined, c->inlined_loc);
			if (reported)
				calls_field(w, rc->calls, rc->ncalls, rc->calls_omitted, rc->unknown_callers);
			if (reported)
				after_exit_field(w, rc->after_exit, rc->exit_loc);
		}
		if (argument) {
			key(w, "argument");
			enter(w, "{");
			key(w, "index");
			integer(w, c->arg);
			if (c->arg_name)
				field(w, "name", c->arg_name);
			if (c->arg_source)
				field(w, "depends_on", c->arg_source);
			loc_fields(w, c->arg_source_loc);
			column_field(w, c->arg_source_loc);
			if (rc->arg_merged) {
				key(w, "merged_into");
				integer(w, (json_int_t)at[rc->arg_merged_into]);
			} else {
				field(w, "rule", tc_rule_name(TC_RULE_COLLECTIVE_ARGUMENT));
				if (rc->arg_error)
					field(w, "level", "error");
			}
			leave(w, "}");
		}
		leave(w, "}");
	}
	leave(w, "]");
}

/* Check mode: whether barrier v's finding was suppressed (it is left out;
 * rg->suppressed is in node order). */
static bool is_suppressed(const tc_report_graph *rg, uint32_t v)
{
	size_t lo = 0, hi = rg->nsuppressed;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (rg->suppressed[mid] < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < rg->nsuppressed && rg->suppressed[lo] == v;
}

/* Check mode: the reported barrier at node v (rg->reported is in node
 * order), or NULL; *k its index. */
static const tc_check_barrier *reported_at(const tc_report_graph *rg, uint32_t v, size_t *k)
{
	size_t lo = 0, hi = rg->nreported;
	if (rg->options.assume_barriers)
		return NULL;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (rg->reported[mid].node < v)
			lo = mid + 1;
		else
			hi = mid;
	}
	*k = lo;
	return lo < rg->nreported && rg->reported[lo].node == v ? &rg->reported[lo] : NULL;
}

/* the barriers (flag TC_NODE_BARRIER) or the partial ones; at: room for an
 * index per reported barrier (where each is in the array written) */
static void barriers(writer *w, const tc_report_graph *rg, unsigned flag, size_t *at)
{
	const tc_graph *g = rg->graph;
	const tc_result *r = rg->result;
	size_t written = 0;
	enter(w, "[");
	for (uint32_t v = 0; !w->failed && v < tc_graph_node_count(g); v++) {
		if (!(tc_graph_node_flags(g, v) & flag) || is_suppressed(rg, v))
			continue;
		size_t k = 0;
		const tc_check_barrier *rb = reported_at(rg, v, &k);
		if (rb)
			at[k] = written;
		written++;
		item(w);
		field(w, "node", tc_graph_node_name(g, v));
		/* in check mode, a reported one is not convergent whatever the
		 * solve shown says (a function checked in several calling
		 * contexts is shown with one of them) */
		field(w, "state", tc__report_state(rb ? TC_STATE_UNKNOWN : tc_result_node_state(r, v)));
		key(w, "in_edges_convergent");
		boolean(w, tc_result_in_edges_convergent(r, v));
		loc_fields(w, tc_graph_node_loc(g, v));
		check_fields(w, rg, v, rb, rb && rb->merged ? at[rb->merged_into] : 0);
		leave(w, "}");
	}
	leave(w, "]");
}

static void graph_object(writer *w, const tc_report_graph *rg)
{
	const tc_graph *g = rg->graph;
	const tc_result *r = rg->result;
	tc_solver solver = rg->options.solver;
	enter(w, "{");
	field(w, "name", tc_graph_name(g));
	char plain[512];
	if (strcmp(tc__report_plain_name(plain, sizeof plain, g), tc_graph_name(g)) != 0)
		field(w, "source_name", plain); /* the mangled name's, as the source writes it */
	field(w, "solver", tc_solver_name(solver));
	key(w, "sound");
	boolean(w, tc_solver_is_sound(solver));
	field(w, "mode", rg->options.assume_barriers ? "assume" : "check");
	key(w, "use_uniform");
	boolean(w, !rg->options.ignore_uniform);
	if (rg->input) {
		field(w, "input", rg->input);
	}
	field(w, "entry", tc_graph_node_name(g, tc_graph_entry(g)));
	field(w, "exit", tc_graph_node_name(g, tc_graph_exit(g)));
	key(w, "counts");
	enter(w, "{");
	key(w, "nodes");
	counts(w, tc_result_node_count, r);
	key(w, "edges");
	counts(w, tc_result_edge_count, r);
	leave(w, "}");
	key(w, "nodes");
	nodes(w, g, r);
	key(w, "edges");
	edges(w, g, r);
	/* where each reported barrier and collective is in its array */
	size_t *at = malloc((rg->nreported + rg->ncollectives + 1) * sizeof *at);
	if (!at) {
		w->failed = true;
		return;
	}
	key(w, "barriers");
	barriers(w, rg, TC_NODE_BARRIER, at);
	/* only where there are any (PTX): other inputs have none */
	bool partial = false;
	for (uint32_t v = 0; v < tc_graph_node_count(g) && !partial; v++)
		partial = (tc_graph_node_flags(g, v) & TC_NODE_PARTIAL_BARRIER) != 0;
	if (partial) {
		key(w, "partial_barriers");
		barriers(w, rg, TC_NODE_PARTIAL_BARRIER, at);
	}
	/* only where there are any (IR, PTX and SPIR-V inputs that have them) */
	bool any = false;
	for (size_t k = 0; k < rg->ncollectives && !any; k++)
		any = listed(&rg->collectives[k]);
	if (any) {
		key(w, "warp_size");
		integer(w, rg->warp_size);
		key(w, "block_size_assumed");
		boolean(w, rg->warp_assumed);
		key(w, "collectives");
		collectives(w, rg, at + rg->nreported);
	}
	free(at);
	leave(w, "}");
}

/* A write that fails without an error on out ran out of memory. */
static int finish(FILE *out, bool failed, tc_diag *diag)
{
	int rc = tc__report_status(out, diag);
	if (rc == TC_OK && failed)
		rc = tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
	return rc;
}

int tc__report_dump_json(FILE *out, json_t *doc, tc_diag *diag)
{
	sink *s = malloc(sizeof *s);
	if (!s)
		return tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
	s->out = out;
	s->len = 0;
	int failed = json_dump_callback(doc, sink_write, s, JSON_INDENT(2)) ||
		     sink_write("\n", 1, s) || sink_flush(s);
	free(s);
	return finish(out, failed, diag);
}

/* {"file": ..., "line": ..., "column": ..., "message": ...} of a failure,
 * as the next element of an array */
static void failure_object(writer *w, const tc_report_failure *f)
{
	item(w);
	field(w, "file", f->input ? f->input : "");
	if (f->line) {
		key(w, "line");
		integer(w, f->line);
		if (f->col) {
			key(w, "column");
			integer(w, f->col);
		}
	}
	field(w, "message", f->message ? f->message : "");
	leave(w, "}");
}

int tc__report_json(FILE *out, const tc_report_graph *graphs, size_t count,
		   const tc_report_failure *failures, size_t nfailures, tc_diag *diag)
{
	writer *w = malloc(sizeof *w);
	if (!w)
		return tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
	w->s.out = out;
	w->s.len = 0;
	w->depth = 0;
	w->failed = false;
	enter(w, "{");
	key(w, "graphs");
	enter(w, "[");
	for (size_t i = 0; i < count && !w->failed; i++) {
		next(w);
		graph_object(w, &graphs[i]);
	}
	leave(w, "]");
	if (nfailures) {
		key(w, "errors");
		enter(w, "[");
		for (size_t i = 0; i < nfailures && !w->failed; i++)
			failure_object(w, &failures[i]);
		leave(w, "]");
	}
	leave(w, "}");
	PUT(w, "\n");
	if (sink_flush(&w->s))
		w->failed = true;
	bool failed = w->failed;
	free(w);
	return finish(out, failed, diag);
}
