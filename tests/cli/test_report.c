/*
 * test_report.c - the reports read back: every name and state of a graph with
 * awkward names survives JSON (read by jansson) and DOT (read by graphviz's
 * own parser); SVG is one document; write errors are reported.
 */
#include "report/report.h"

#include <graphviz/cgraph.h>
#include <jansson.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

/* One graph solved by exact, with what a report needs. */
typedef struct fixture {
	tc_module *mod;
	tc_result *results[8];
	tc_report_graph graphs[8];
	size_t count;
} fixture;

static void load_text(fixture *f, const char *name, const char *text, size_t len)
{
	tc_diag d;
	memset(f, 0, sizeof *f);
	int rc = tc_parse_cfg(&f->mod, name, text, len, NULL, &d);
	if (rc)
		fail_msg("%s:%u:%u: %s", d.file, d.line, d.col, d.message);
	f->count = tc_module_graph_count(f->mod);
	assert_true(f->count <= 8);
	for (size_t i = 0; i < f->count; i++) {
		tc_report_graph *rg = &f->graphs[i];
		rg->input = name;
		rg->graph = tc_module_graph(f->mod, i);
		rg->options = tc_solve_options_default();
		assert_int_equal(tc_solve(&f->results[i], rg->graph, &rg->options, NULL, &d), TC_OK);
		rg->result = f->results[i];
	}
}

static void load_file(fixture *f, const char *path)
{
	tc_diag d;
	tc_module *m;
	assert_int_equal(tc_read_file(&m, path, NULL, &d), TC_OK);
	tc_module_free(m);
	FILE *in = fopen(path, "rb");
	assert_non_null(in);
	static char text[1 << 16];
	size_t len = fread(text, 1, sizeof text, in);
	fclose(in);
	load_text(f, path, text, len);
}

static void unload(fixture *f)
{
	for (size_t i = 0; i < f->count; i++)
		tc_result_free(f->results[i]);
	tc_module_free(f->mod);
}

/* The report in format fmt, as a malloc'd string. */
static char *render(const fixture *f, tc_report_format fmt, size_t *len)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *mem = open_memstream(&buf, &n);
	assert_non_null(mem);
	tc_diag d;
	int rc = tc__report_write(mem, fmt, f->graphs, f->count, &d);
	fclose(mem);
	if (rc)
		fail_msg("report: %s", d.message);
	if (len)
		*len = n;
	return buf;
}

static const char *state_name(tc_state s)
{
	return s == TC_STATE_CONVERGENT ? "C" : s == TC_STATE_UNKNOWN ? "U" : "-";
}

static void test_json_roundtrip(void **state)
{
	(void)state;
	fixture f;
	load_file(&f, TC_CLI_DIR "/analyze/quoted.cfg");
	char *text = render(&f, TC_REPORT_JSON, NULL);
	json_error_t err;
	json_t *doc = json_loads(text, 0, &err);
	if (!doc)
		fail_msg("bad JSON: %s at line %d", err.text, err.line);
	json_t *graphs = json_object_get(doc, "graphs");
	assert_int_equal(json_array_size(graphs), f.count);
	for (size_t i = 0; i < f.count; i++) {
		const tc_graph *g = f.graphs[i].graph;
		json_t *jg = json_array_get(graphs, i);
		assert_string_equal(json_string_value(json_object_get(jg, "name")), tc_graph_name(g));
		assert_string_equal(json_string_value(json_object_get(jg, "solver")), "exact");
		json_t *nodes = json_object_get(jg, "nodes");
		assert_int_equal(json_array_size(nodes), tc_graph_node_count(g));
		for (uint32_t v = 0; v < tc_graph_node_count(g); v++) {
			json_t *n = json_array_get(nodes, v);
			assert_string_equal(json_string_value(json_object_get(n, "name")),
					    tc_graph_node_name(g, v));
			assert_string_equal(json_string_value(json_object_get(n, "state")),
					    state_name(tc_result_node_state(f.results[i], v)));
		}
		json_t *edges = json_object_get(jg, "edges");
		assert_int_equal(json_array_size(edges), tc_graph_edge_count(g));
		for (uint32_t e = 0; e < tc_graph_edge_count(g); e++) {
			json_t *je = json_array_get(edges, e);
			assert_string_equal(json_string_value(json_object_get(je, "from")),
					    tc_graph_node_name(g, tc_graph_edge_from(g, e)));
			assert_string_equal(json_string_value(json_object_get(je, "to")),
					    tc_graph_node_name(g, tc_graph_edge_to(g, e)));
		}
		json_t *barriers = json_object_get(jg, "barriers");
		assert_int_equal(json_array_size(barriers), 2);
		assert_string_equal(json_string_value(json_object_get(json_array_get(barriers, 0),
								     "node")),
				    "say \"hi\"");
	}
	json_decref(doc);
	free(text);
	unload(&f);
}

/* The name a node read back from our DOT stands for: its id, or for ids
 * \#G.N the label with graphviz's escapes undone (\c is c). */
static char *dot_name(Agnode_t *n)
{
	const char *id = agnameof(n);
	if (strncmp(id, "\\#", 2) != 0)
		return strdup(id);
	const char *label = agget(n, "label");
	assert_non_null(label);
	char *out = malloc(strlen(label) + 1), *p = out;
	for (; *label; label++) {
		if (label[0] == '\\' && label[1])
			label++;
		*p++ = *label;
	}
	*p = '\0';
	return out;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "from\1to\1state" for every edge, sorted: DOT keeps no edge order. */
static char **sorted_edges(char **list, size_t n)
{
	qsort(list, n, sizeof *list, cmp_str);
	return list;
}

static char *edge_key(const char *from, const char *to, const char *st)
{
	size_t len = strlen(from) + strlen(to) + strlen(st) + 3;
	char *k = malloc(len);
	snprintf(k, len, "%s\1%s\1%s", from, to, st);
	return k;
}

static void check_dot_graph(const tc_graph *g, const tc_result *r, Agraph_t *dg)
{
	uint32_t n = tc_graph_node_count(g), m = tc_graph_edge_count(g);
	assert_int_equal(agnnodes(dg), n);
	assert_int_equal(agnedges(dg), m);
	for (Agnode_t *dn = agfstnode(dg); dn; dn = agnxtnode(dg, dn)) {
		char *name = dot_name(dn);
		uint32_t v = tc_graph_find_node(g, name);
		if (v == TC_NONE)
			fail_msg("DOT node '%s' (name '%s') is not in the graph", agnameof(dn), name);
		assert_string_equal(agget(dn, "state"), state_name(tc_result_node_state(r, v)));
		free(name);
	}
	char **want = calloc(m + 1, sizeof *want), **got = calloc(m + 1, sizeof *got);
	for (uint32_t e = 0; e < m; e++)
		want[e] = edge_key(tc_graph_node_name(g, tc_graph_edge_from(g, e)),
				   tc_graph_node_name(g, tc_graph_edge_to(g, e)),
				   state_name(tc_result_edge_state(r, e)));
	size_t k = 0;
	for (Agnode_t *dn = agfstnode(dg); dn; dn = agnxtnode(dg, dn)) {
		for (Agedge_t *de = agfstout(dg, dn); de; de = agnxtout(dg, de)) {
			char *from = dot_name(agtail(de)), *to = dot_name(aghead(de));
			assert_true(k < m);
			got[k++] = edge_key(from, to, agget(de, "state"));
			free(from);
			free(to);
		}
	}
	assert_int_equal(k, m);
	sorted_edges(want, m);
	sorted_edges(got, m);
	for (uint32_t e = 0; e < m; e++) {
		assert_string_equal(got[e], want[e]);
		free(got[e]);
		free(want[e]);
	}
	free(got);
	free(want);
}

static void test_dot_roundtrip(void **state)
{
	(void)state;
	static const char *const files[] = {
		TC_CLI_DIR "/analyze/quoted.cfg",
		TC_CLI_DIR "/analyze/multi.cfg",
		TC_CLI_DIR "/analyze/keywords.cfg",
		TC_CLI_DIR "/analyze/llvm-names.cfg",
	};
	for (size_t fi = 0; fi < sizeof files / sizeof *files; fi++) {
		fixture f;
		load_file(&f, files[fi]);
		char *text = render(&f, TC_REPORT_DOT, NULL);
		/* agmemread reads one graph; each begins with "digraph" */
		const char *p = text;
		for (size_t i = 0; i < f.count; i++) {
			const char *next = strstr(p + 1, "\ndigraph");
			char *one = strndup(p, next ? (size_t)(next + 1 - p) : strlen(p));
			Agraph_t *dg = agmemread(one);
			if (!dg)
				fail_msg("graphviz cannot read:\n%s", one);
			check_dot_graph(f.graphs[i].graph, f.results[i], dg);
			agclose(dg);
			free(one);
			p = next ? next + 1 : p + strlen(p);
		}
		assert_int_equal(*p, '\0');
		free(text);
		unload(&f);
	}
}

/* Names read back exactly also when they are repeated (tc_builder_add_node),
 * end in a backslash, start with %, or look almost like a number (-.). */
static void test_dot_repeated_names(void **state)
{
	(void)state;
	tc_builder *b;
	uint32_t a, a2, bs, x, pct, num;
	assert_int_equal(tc_builder_new(&b, "rep\\", NULL), TC_OK);
	assert_int_equal(tc_builder_node(b, "a", 1, &a), TC_OK);
	assert_int_equal(tc_builder_add_node(b, "a", 1, &a2), TC_OK);
	assert_int_equal(tc_builder_node(b, "b\\", 2, &bs), TC_OK);
	assert_int_equal(tc_builder_node(b, "\\#0.1", 5, &x), TC_OK);
	assert_int_equal(tc_builder_edge(b, a, a2, NULL), TC_OK);
	assert_int_equal(tc_builder_edge(b, a2, x, NULL), TC_OK);
	assert_int_equal(tc_builder_node(b, "%1", 2, &pct), TC_OK);
	assert_int_equal(tc_builder_node(b, "-.", 2, &num), TC_OK);
	assert_int_equal(tc_builder_edge(b, x, pct, NULL), TC_OK);
	assert_int_equal(tc_builder_edge(b, pct, num, NULL), TC_OK);
	assert_int_equal(tc_builder_edge(b, num, bs, NULL), TC_OK);
	assert_int_equal(tc_builder_set_entry(b, a), TC_OK);
	assert_int_equal(tc_builder_set_exit(b, bs), TC_OK);
	fixture f;
	memset(&f, 0, sizeof f);
	tc_graph *g;
	assert_int_equal(tc_builder_finish(&g, b, NULL), TC_OK);
	f.count = 1;
	f.graphs[0].graph = g;
	f.graphs[0].options = tc_solve_options_default();
	assert_int_equal(tc_solve(&f.results[0], g, &f.graphs[0].options, NULL, NULL), TC_OK);
	f.graphs[0].result = f.results[0];
	char *text = render(&f, TC_REPORT_DOT, NULL);
	Agraph_t *dg = agmemread(text);
	if (!dg)
		fail_msg("graphviz cannot read:\n%s", text);
	assert_int_equal(agnnodes(dg), 6);
	int seen_a = 0;
	for (Agnode_t *dn = agfstnode(dg); dn; dn = agnxtnode(dg, dn)) {
		char *name = dot_name(dn);
		seen_a += strcmp(name, "a") == 0;
		assert_true(strcmp(name, "a") == 0 || strcmp(name, "b\\") == 0 ||
			    strcmp(name, "\\#0.1") == 0 || strcmp(name, "%1") == 0 ||
			    strcmp(name, "-.") == 0);
		free(name);
	}
	assert_int_equal(seen_a, 2);
	agclose(dg);
	free(text);
	tc_result_free(f.results[0]);
	tc_graph_free(g);
}

/* A quoted name may hold bytes that are not UTF-8; JSON stays valid. */
static void test_json_invalid_utf8(void **state)
{
	(void)state;
	static const char text[] = "entry \"bad\xff\xc3\"\nexit \"ok \xc3\xa9\"\n"
				   "\"bad\xff\xc3\" -> \"ok \xc3\xa9\"\n";
	fixture f;
	load_text(&f, "utf8.cfg", text, sizeof text - 1);
	char *out = render(&f, TC_REPORT_JSON, NULL);
	json_error_t err;
	json_t *doc = json_loads(out, 0, &err);
	if (!doc)
		fail_msg("bad JSON: %s", err.text);
	json_t *nodes = json_object_get(json_array_get(json_object_get(doc, "graphs"), 0), "nodes");
	assert_string_equal(json_string_value(json_object_get(json_array_get(nodes, 0), "name")),
			    "bad\xef\xbf\xbd\xef\xbf\xbd");
	assert_string_equal(json_string_value(json_object_get(json_array_get(nodes, 1), "name")),
			    "ok \xc3\xa9");
	json_decref(doc);
	free(out);
	/* the other formats take any bytes */
	free(render(&f, TC_REPORT_TEXT, NULL));
	free(render(&f, TC_REPORT_DOT, NULL));
	unload(&f);
}

static size_t count_of(const char *s, const char *what)
{
	size_t n = 0;
	for (; (s = strstr(s, what)); s++)
		n++;
	return n;
}

static void test_svg(void **state)
{
	(void)state;
	fixture f;
	load_file(&f, TC_CLI_DIR "/analyze/multi.cfg");
	assert_int_equal(f.count, 2);
	char *svg = render(&f, TC_REPORT_SVG, NULL);
	assert_int_equal(count_of(svg, "<svg"), 1);
	assert_int_equal(count_of(svg, "</svg>"), 1);
	assert_int_equal(count_of(svg, "<title>cluster_"), 2);
	assert_non_null(strstr(svg, "first (exact)"));
	assert_non_null(strstr(svg, "second (exact)"));
	free(svg);
	f.count = 1;
	svg = render(&f, TC_REPORT_SVG, NULL);
	assert_int_equal(count_of(svg, "<svg"), 1);
	assert_int_equal(count_of(svg, "cluster_"), 0);
	free(svg);
	f.count = 2;
	unload(&f);
}

/* A full disk is an error code, not a silent short report. */
static void test_write_error(void **state)
{
	(void)state;
	FILE *full = fopen("/dev/full", "w");
	if (!full)
		skip();
	fixture f;
	load_file(&f, TC_CLI_DIR "/analyze/diamond.cfg");
	for (int fmt = 0; fmt < TC_REPORT_FORMAT_COUNT; fmt++) {
		tc_diag d;
		clearerr(full);
		assert_int_equal(tc__report_write(full, (tc_report_format)fmt, f.graphs, f.count, &d),
				 TC_EIO);
		assert_non_null(strstr(d.message, "cannot write"));
	}
	fclose(full);
	unload(&f);
}

/*
 * Allocation failures in the writers. The test is linked with --wrap for
 * malloc, calloc, realloc and strdup, so every allocation of the report code
 * (and of the library under it) comes here; jansson's are sent here too
 * (json_set_alloc_funcs). graphviz's own, inside its shared library, are
 * not: they are the child process's to survive (docs/json.md, "Pictures").
 */
#include "../alloc_fail.h"

char *__real_strdup(const char *);
char *__wrap_strdup(const char *s);
char *__wrap_strdup(const char *s) { return alloc_fails() ? NULL : __real_strdup(s); }
static void *json_alloc(size_t n) { return alloc_fails() ? NULL : __real_malloc(n); }

typedef int (*writer_fn)(FILE *, const tc_report_graph *, size_t, tc_diag *);

/* check mode's text plain, and with snippets and colours */
static int check_plain(FILE *out, const tc_report_graph *g, size_t n, tc_diag *d)
{
	return tc__report_check_text(out, g, n, NULL, d);
}

static int json_plain(FILE *out, const tc_report_graph *g, size_t n, tc_diag *d)
{
	return tc__report_json(out, g, n, NULL, 0, d);
}

static int sarif_plain(FILE *out, const tc_report_graph *g, size_t n, tc_diag *d)
{
	return tc__report_sarif(out, g, n, NULL, 0, NULL, d);
}

static int check_caret(FILE *out, const tc_report_graph *g, size_t n, tc_diag *d)
{
	static const tc_report_text_options opt = {true, true, NULL};
	return tc__report_check_text(out, g, n, &opt, d);
}

/* an input that could not be checked, with a position and a character
 * JSON must escape */
static const tc_report_failure failed_input = {"gone \"x\".cu", "did not compile", 3, 4};

static int json_failed(FILE *out, const tc_report_graph *g, size_t n, tc_diag *d)
{
	return tc__report_json(out, g, n, &failed_input, 1, d);
}

/* SARIF's names relative to a source root, and the rules' documentation */
static const tc_report_sarif_options sarif_paths = {"/src/./k//", "/real/k",
						     "file:///usr/share/doc/threadconv/check.md", NULL};

static int sarif_failed(FILE *out, const tc_report_graph *g, size_t n, tc_diag *d)
{
	return tc__report_sarif(out, g, n, &failed_input, 1, &sarif_paths, d);
}

/* writer's document, parsed */
static json_t *written(writer_fn write, const fixture *f)
{
	char *buf = NULL;
	size_t n = 0;
	FILE *mem = open_memstream(&buf, &n);
	assert_non_null(mem);
	tc_diag d;
	assert_int_equal(write(mem, f->graphs, f->count, &d), TC_OK);
	fclose(mem);
	json_error_t err;
	json_t *doc = json_loads(buf, 0, &err);
	if (!doc)
		fail_msg("bad JSON: %s at line %d", err.text, err.line);
	free(buf);
	return doc;
}

/* JSON's "errors" and SARIF's tool execution notifications for an input
 * that could not be checked; neither without one */
static void test_failures(void **state)
{
	(void)state;
	fixture f;
	load_file(&f, TC_CLI_DIR "/analyze/quoted.cfg");
	json_t *doc = written(json_failed, &f);
	json_t *e = json_array_get(json_object_get(doc, "errors"), 0);
	assert_string_equal(json_string_value(json_object_get(e, "file")), "gone \"x\".cu");
	assert_int_equal(json_integer_value(json_object_get(e, "line")), 3);
	assert_int_equal(json_integer_value(json_object_get(e, "column")), 4);
	assert_string_equal(json_string_value(json_object_get(e, "message")), "did not compile");
	assert_int_equal(json_array_size(json_object_get(doc, "graphs")), f.count);
	json_decref(doc);
	doc = written(json_plain, &f);
	assert_null(json_object_get(doc, "errors"));
	json_decref(doc);
	doc = written(sarif_failed, &f);
	json_t *run = json_array_get(json_object_get(doc, "runs"), 0);
	json_t *inv = json_array_get(json_object_get(run, "invocations"), 0);
	assert_true(json_is_false(json_object_get(inv, "executionSuccessful")));
	json_t *note = json_array_get(json_object_get(inv, "toolExecutionNotifications"), 0);
	assert_string_equal(json_string_value(json_object_get(note, "level")), "error");
	assert_string_equal(
		json_string_value(json_object_get(json_object_get(note, "message"), "text")),
		"did not compile");
	json_t *region = json_object_get(
		json_object_get(json_array_get(json_object_get(note, "locations"), 0),
				"physicalLocation"),
		"region");
	assert_int_equal(json_integer_value(json_object_get(region, "startLine")), 3);
	json_decref(doc);
	doc = written(sarif_plain, &f);
	assert_null(json_object_get(json_array_get(json_object_get(doc, "runs"), 0),
				    "invocations"));
	json_decref(doc);
	unload(&f);
}

static void test_allocation_failures(void **state)
{
	(void)state;
	static const struct {
		const char *name;
		writer_fn write;
		int allocates;
	} writers[] = {
		{"text", tc__report_text, 1},         {"json", json_failed, 1},
		{"dot", tc__report_dot, 1},           {"check", check_plain, 0},
		{"check-caret", check_caret, 1},      {"sarif", sarif_failed, 1},
		{"check-dot", tc__report_check_dot, 1},
	};
	json_set_alloc_funcs(json_alloc, free);
	fixture f;
	load_file(&f, TC_CLI_DIR "/analyze/quoted.cfg");
	/* for the check reports: the first graph's first node reported, with a
	 * cause that has a position (in a file that is there: a snippet) and a
	 * value */
	static const tc_finding_cause cause = {.node = 0,
					      .loc = {TC_CLI_DIR "/analyze/quoted.cfg", 10, 7},
					      .depends_on = "get_local_id(0)",
					      .depends_loc = {"k.cl", 2, 11}};
	static const tc_check_barrier reported = {.node = 0, .causes = &cause, .ncauses = 1};
	f.graphs[0].options.assume_barriers = false;
	f.graphs[0].reported = &reported;
	f.graphs[0].nreported = 1;
	for (size_t w = 0; w < sizeof writers / sizeof *writers; w++) {
		char *want = NULL, *got = NULL;
		size_t want_len = 0, got_len = 0;
		tc_diag d;
		FILE *mem = open_memstream(&want, &want_len);
		assert_non_null(mem);
		assert_int_equal(writers[w].write(mem, f.graphs, f.count, &d), TC_OK);
		fclose(mem);
		long k, recovered = 0;
		for (k = 1; k < 100000; k++) {
			mem = open_memstream(&got, &got_len);
			assert_non_null(mem);
			alloc_calls = 0;
			alloc_fail_at = k;
			int rc = writers[w].write(mem, f.graphs, f.count, &d);
			int hit = alloc_calls >= k;
			alloc_fail_at = 0;
			fclose(mem);
			/* out of memory, or an answer as if nothing had failed (a
			 * writer may retry another way) */
			if (rc == TC_OK) {
				if (got_len != want_len || memcmp(got, want, want_len) != 0)
					fail_msg("%s: allocation %ld failed: a different report",
						 writers[w].name, k);
				recovered += hit;
			} else if (rc != TC_ENOMEM || !strstr(d.message, "out of memory")) {
				fail_msg("%s: allocation %ld failed: %s (%d)", writers[w].name, k,
					 d.message, rc);
			}
			free(got);
			got = NULL;
			if (!hit)
				break;
		}
		free(want);
		assert_int_equal(k > 1, writers[w].allocates);
		print_message("%s: each of %ld allocations failed in turn: out of memory, or "
			      "the same report (%ld)\n",
			      writers[w].name, k - 1, recovered);
	}
	json_set_alloc_funcs(malloc, free);
	unload(&f);
}

/*
 * Copies of one barrier (tc__check_merge): tests/ptx/cli/copies.ptx, whose
 * kernel k has five barrier nodes at copies.cu:9:5 and kernel s five
 * shuffles at copies.cu:14:5, given made-up causes and after-exit flags.
 */
typedef struct copies {
	tc_module *m;
	const tc_graph *k, *s;
	size_t ki, si;
	tc_result *rk, *rs;
	tc_check_barrier b[5];
	tc_check_collective c[5];
	tc_report_graph gk, gs;
} copies;

/* the causes: at the loop's branch without a value, with threadIdx.x (the
 * same branch), with another value (a second branch of the line), a branch
 * without a position twice, and another line's branch */
static const tc_finding_cause cause_a = {NULL, 1, {"copies.cu", 7, 3}, NULL, {NULL, 0, 0}};
static const tc_finding_cause cause_b = {NULL, 2, {"copies.cu", 7, 3}, "threadIdx.x",
					{"copies.cu", 7, 3}};
static const tc_finding_cause cause_c = {NULL, 3, {"copies.cu", 7, 3}, "threadIdx.y",
					{"copies.cu", 7, 20}};
static const tc_finding_cause cause_d[2] = {{NULL, 4, {NULL, 0, 0}, NULL, {NULL, 0, 0}},
					   {NULL, 5, {"copies.cu", 19, 3}, "threadIdx.x",
					    {"copies.cu", 18, 3}}};
/* the shuffles' branch, in kernel s */
static const tc_finding_cause cause_s = {NULL, 0, {"copies.cu", 19, 3}, "threadIdx.x",
					{"copies.cu", 18, 3}};

static void load_copies(copies *x, const bool after_exit[5])
{
	tc_diag d;
	memset(x, 0, sizeof *x);
	assert_int_equal(tc_read_file(&x->m, TC_CLI_DIR "/../ptx/cli/copies.ptx", NULL, &d), TC_OK);
	for (size_t i = 0; i < tc_module_graph_count(x->m); i++) {
		if (strcmp(tc_graph_name(tc_module_graph(x->m, i)), "_Z1kPfi") == 0)
			x->ki = i;
		else
			x->si = i;
	}
	x->k = tc_module_graph(x->m, x->ki);
	x->s = tc_module_graph(x->m, x->si);
	tc_solve_options opt = tc_solve_options_default();
	opt.assume_barriers = false;
	assert_int_equal(tc_module_solve(&x->rk, x->m, x->ki, &opt, NULL, &d), TC_OK);
	assert_int_equal(tc_module_solve(&x->rs, x->m, x->si, &opt, NULL, &d), TC_OK);
	size_t nb = 0;
	for (uint32_t v = 0; v < tc_graph_node_count(x->k); v++) {
		if (!(tc_graph_node_flags(x->k, v) & TC_NODE_BARRIER))
			continue;
		assert_true(nb < 5);
		x->b[nb] = (tc_check_barrier){.node = v, .after_exit = after_exit[nb]};
		nb++;
	}
	assert_int_equal(nb, 5);
	x->b[0].causes = &cause_a;
	x->b[1].causes = &cause_b;
	x->b[2].causes = &cause_c;
	x->b[3].causes = &cause_d[0];
	x->b[4].causes = cause_d;
	x->b[0].ncauses = x->b[1].ncauses = x->b[2].ncauses = x->b[3].ncauses = 1;
	x->b[4].ncauses = 2;
	assert_int_equal(tc_module_collective_count(x->m, x->si), 5);
	for (size_t k = 0; k < 5; k++)
		x->c[k] = (tc_check_collective){.c = tc_module_collective(x->m, x->si, k),
						 .state = TC_STATE_UNKNOWN, .reported = true,
						 .causes = &cause_s, .ncauses = 1,
						 .after_exit = true};
	x->gk = (tc_report_graph){.input = "copies.ptx", .graph = x->k, .result = x->rk,
				  .options = opt, .reported = x->b, .nreported = 5};
	x->gs = (tc_report_graph){.input = "copies.ptx", .graph = x->s, .result = x->rs,
				  .options = opt, .collectives = x->c, .ncollectives = 5};
}

static void unload_copies(copies *x)
{
	tc_result_free(x->rk);
	tc_result_free(x->rs);
	tc_module_free(x->m);
}

static size_t count_text(const char *text, const char *what)
{
	size_t n = 0;
	for (const char *p = text; (p = strstr(p, what)); p += strlen(what))
		n++;
	return n;
}

/* The default allocator, as the merge takes it. */
static const tc_alloc *merge_alloc(void)
{
	static tc_alloc al;
	tc__alloc_init(&al, NULL);
	return &al;
}

static void test_merge(void **state)
{
	(void)state;
	copies x;
	static const bool mixed[5] = {false, false, true, true, true};
	load_copies(&x, mixed);
	tc_finding_cause *causes_k, *causes_s;
	assert_int_equal(tc__check_merge(x.gk.graph, x.b, x.gk.nreported, NULL, 0, &causes_k, merge_alloc()), TC_OK);
	assert_int_equal(tc__check_merge(x.gs.graph, NULL, 0, x.c, x.gs.ncollectives, &causes_s, merge_alloc()), TC_OK);
	/* the first copy carries the finding: the branch at 7:3 once, with the
	 * value the second copy names, its other value next to it, the branch
	 * without a position once, the other line's branch */
	assert_false(x.b[0].merged);
	assert_int_equal(x.b[0].ncauses, 4);
	assert_int_equal(x.b[0].causes[0].node, 1);
	assert_string_equal(x.b[0].causes[0].depends_on, "threadIdx.x");
	assert_int_equal(x.b[0].causes[1].node, 3);
	assert_string_equal(x.b[0].causes[1].depends_on, "threadIdx.y");
	assert_int_equal(x.b[0].causes[2].node, 4);
	assert_int_equal(x.b[0].causes[3].node, 5);
	assert_false(tc__check_cause_repeats(x.b[0].causes, 0));
	assert_true(tc__check_cause_repeats(x.b[0].causes, 1));
	assert_false(tc__check_cause_repeats(x.b[0].causes, 2));
	assert_false(tc__check_cause_repeats(x.b[0].causes, 3));
	/* some copies are skipped without leaving: the divergence rule */
	assert_false(x.b[0].after_exit);
	for (int k = 1; k < 5; k++) {
		assert_true(x.b[k].merged);
		assert_int_equal(x.b[k].merged_into, 0);
	}
	/* the shuffles: all after exit, so the finding is */
	assert_false(x.c[0].merged);
	assert_true(x.c[0].after_exit);
	assert_int_equal(x.c[0].ncauses, 1);
	assert_int_equal(tc__check_collective_rule(&x.c[0]), TC_RULE_COLLECTIVE_AFTER_EXIT);
	for (int k = 1; k < 5; k++)
		assert_true(x.c[k].merged && x.c[k].merged_into == 0);
	/* one warning each, the branch at 7:3 named once with both values */
	tc_report_graph both[2] = {x.gk, x.gs};
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);
	tc_diag d;
	assert_int_equal(tc__report_check_text(mem, both, 2, NULL, &d), TC_OK);
	fclose(mem);
	assert_int_equal(count_text(text, "warning:"), 2);
	assert_int_equal(count_text(text, "[-Wbarrier-divergence]"), 1);
	assert_int_equal(count_text(text, "[-Wcollective-after-exit]"), 1);
	assert_int_equal(count_text(text, "copies.cu:7:3: note: the branch here"), 1);
	assert_int_equal(count_text(text, "copies.cu:7:3: note: branch depends on"), 2);
	assert_int_equal(count_text(text, "note: the branch at node"), 1);
	free(text);
	/* JSON: every node listed, the copies naming the first */
	mem = open_memstream(&text, &len);
	assert_int_equal(tc__report_json(mem, both, 2, NULL, 0, &d), TC_OK);
	fclose(mem);
	json_error_t err;
	json_t *doc = json_loads(text, 0, &err);
	assert_non_null(doc);
	free(text);
	json_t *gs = json_object_get(doc, "graphs");
	json_t *bs = json_object_get(json_array_get(gs, 0), "barriers");
	json_t *cs = json_object_get(json_array_get(gs, 1), "collectives");
	assert_int_equal(json_array_size(bs), 5);
	assert_int_equal(json_array_size(cs), 5);
	assert_null(json_object_get(json_array_get(bs, 0), "merged_into"));
	assert_int_equal(json_array_size(json_object_get(json_array_get(bs, 0), "causes")), 4);
	for (size_t k = 1; k < 5; k++) {
		json_t *b = json_array_get(bs, k), *c = json_array_get(cs, k);
		assert_int_equal(json_integer_value(json_object_get(b, "merged_into")), 0);
		assert_int_equal(json_array_size(json_object_get(b, "causes")), 0);
		assert_int_equal(json_integer_value(json_object_get(c, "merged_into")), 0);
		assert_null(json_object_get(c, "after_exit"));
	}
	json_decref(doc);
	/* SARIF: a result per finding */
	mem = open_memstream(&text, &len);
	assert_int_equal(tc__report_sarif(mem, both, 2, NULL, 0, NULL, &d), TC_OK);
	fclose(mem);
	doc = json_loads(text, 0, &err);
	assert_non_null(doc);
	free(text);
	json_t *results = json_object_get(json_array_get(json_object_get(doc, "runs"), 0), "results");
	assert_int_equal(json_array_size(results), 2);
	json_decref(doc);
	free(causes_k);
	free(causes_s);
	unload_copies(&x);

	/* every copy after exit: the finding is */
	static const bool all[5] = {true, true, true, true, true};
	load_copies(&x, all);
	assert_int_equal(tc__check_merge(x.gk.graph, x.b, x.gk.nreported, NULL, 0, &causes_k, merge_alloc()), TC_OK);
	assert_true(x.b[0].after_exit);
	assert_int_equal(tc__check_barrier_rule(x.k, &x.b[0]), TC_RULE_BARRIER_AFTER_EXIT);
	free(causes_k);
	unload_copies(&x);
}

/* Each allocation of the merge failed in turn: TC_ENOMEM and nothing
 * changed, or (an allocation that qsort can do without) the merge done,
 * until none fails. */
static void test_merge_allocation_failures(void **state)
{
	(void)state;
	copies x;
	static const bool mixed[5] = {false, false, true, true, true};
	load_copies(&x, mixed);
	tc_check_barrier before_b[5], after_b[5];
	tc_check_collective before_c[5];
	memcpy(before_b, x.b, sizeof before_b);
	memcpy(before_c, x.c, sizeof before_c);
	tc_finding_cause *want = NULL;
	assert_int_equal(tc__check_merge(x.gk.graph, x.b, x.gk.nreported, NULL, 0, &want, merge_alloc()), TC_OK);
	memcpy(after_b, x.b, sizeof after_b);
	for (int coll = 0; coll < 2; coll++) {
		long k, failed = 0;
		for (k = 1; k < 1000; k++) {
			tc_finding_cause *causes = NULL;
			memcpy(x.b, before_b, sizeof before_b);
			memcpy(x.c, before_c, sizeof before_c);
			alloc_calls = 0;
			alloc_fail_at = k;
			int rc = coll ? tc__check_merge(x.gs.graph, NULL, 0, x.c, x.gs.ncollectives, &causes, merge_alloc())
				      : tc__check_merge(x.gk.graph, x.b, x.gk.nreported, NULL, 0, &causes, merge_alloc());
			int hit = alloc_calls >= k;
			alloc_fail_at = 0;
			if (rc == TC_ENOMEM) {
				failed++;
				assert_null(causes);
				assert_memory_equal(x.b, before_b, sizeof before_b);
				assert_memory_equal(x.c, before_c, sizeof before_c);
			} else {
				assert_int_equal(rc, TC_OK);
				for (int q = 0; !coll && q < 5; q++) {
					assert_int_equal(x.b[q].merged, after_b[q].merged);
					assert_int_equal(x.b[q].ncauses, after_b[q].ncauses);
				}
			}
			free(causes);
			if (!hit)
				break;
		}
		assert_true(failed > 0);
	}
	free(want);
	unload_copies(&x);
}

static void test_format_names(void **state)
{
	(void)state;
	for (int fmt = 0; fmt < TC_REPORT_FORMAT_COUNT; fmt++) {
		tc_report_format back;
		const char *name = tc__report_format_name((tc_report_format)fmt);
		assert_non_null(name);
		assert_int_equal(tc__report_format_from_name(&back, name), TC_OK);
		assert_int_equal(back, fmt);
	}
	tc_report_format back;
	assert_int_equal(tc__report_format_from_name(&back, "xml"), TC_EINVAL);
	assert_null(tc__report_format_name((tc_report_format)TC_REPORT_FORMAT_COUNT));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_json_roundtrip),
		cmocka_unit_test(test_dot_roundtrip),
		cmocka_unit_test(test_dot_repeated_names),
		cmocka_unit_test(test_json_invalid_utf8),
		cmocka_unit_test(test_svg),
		cmocka_unit_test(test_write_error),
		cmocka_unit_test(test_format_names),
		cmocka_unit_test(test_allocation_failures),
		cmocka_unit_test(test_failures),
		cmocka_unit_test(test_merge),
		cmocka_unit_test(test_merge_allocation_failures),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
