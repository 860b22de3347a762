/*
 * json.c - the JSON report of SPEC 6, built and escaped by jansson:
 *
 *   {"graphs": [{"name", "solver", "sound", "mode", "use_uniform", "input",
 *     "entry", "exit", "counts": {"nodes": {"C", "U", "-"}, "edges": {...}},
 *     "nodes": [{"name", "state", ["uniform"], ["uniform_by_convergence"],
 *                ["file", "line"]}],
 *     "edges": [{"from", "to", "state"}],
 *     "barriers": [{"node", "state", "in_edges_convergent", ["file", "line"],
 *                   check mode: ["column"], "causes": [{"node", ["file", "line",
 *                   "column"], ["depends_on"]}]}]}]}
 *
 * Nodes are in mention order, edges in creation order, barriers in node
 * order. JSON strings must be UTF-8; a name that is not (a .cfg quoted name
 * may hold any byte) has each bad byte replaced by U+FFFD.
 */
#include "report/report.h"
#include "util/diag.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

/* Length of the valid UTF-8 sequence at s (n > 0 bytes left); 0 if invalid. */
static size_t utf8_len(const unsigned char *s, size_t n)
{
	static const uint32_t min_cp[5] = {0, 0, 0x80, 0x800, 0x10000};
	size_t len;
	uint32_t cp;
	if (s[0] < 0x80)
		return 1;
	if ((s[0] & 0xe0) == 0xc0) {
		len = 2;
		cp = s[0] & 0x1f;
	} else if ((s[0] & 0xf0) == 0xe0) {
		len = 3;
		cp = s[0] & 0x0f;
	} else if ((s[0] & 0xf8) == 0xf0) {
		len = 4;
		cp = s[0] & 0x07;
	} else {
		return 0;
	}
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if (cp < min_cp[len] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return len;
}

/* A JSON string of s; NULL when out of memory. */
static json_t *jstr(const char *s)
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
		size_t len = utf8_len(p + i, n - i);
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

/* The setters below steal v and fail (nonzero) when v or o is NULL. */
static int set(json_t *o, const char *key, json_t *v)
{
	return json_object_set_new(o, key, v);
}

static int set_loc(json_t *o, tc_loc loc)
{
	if (!loc.file || !loc.line)
		return 0;
	return set(o, "file", jstr(loc.file)) || set(o, "line", json_integer(loc.line));
}

static json_t *counts(uint32_t (*count)(const tc_result *, tc_state), const tc_result *r)
{
	json_t *o = json_object();
	if (set(o, "C", json_integer(count(r, TC_STATE_CONVERGENT))) ||
	    set(o, "U", json_integer(count(r, TC_STATE_UNKNOWN))) ||
	    set(o, "-", json_integer(count(r, TC_STATE_DEAD)))) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *nodes(const tc_graph *g, const tc_result *r)
{
	json_t *a = json_array();
	for (uint32_t v = 0; a && v < tc_graph_node_count(g); v++) {
		json_t *o = json_object();
		if (json_array_append_new(a, o) ||
		    set(o, "name", jstr(tc_graph_node_name(g, v))) ||
		    set(o, "state", json_string(tc__report_state(tc_result_node_state(r, v)))) ||
		    ((tc_graph_node_flags(g, v) & TC_NODE_UNIFORM) &&
		     set(o, "uniform", json_true())) ||
		    (!(tc_graph_node_flags(g, v) & TC_NODE_UNIFORM) &&
		     tc_result_node_uniform(r, v) &&
		     set(o, "uniform_by_convergence", json_true())) ||
		    set_loc(o, tc_graph_node_loc(g, v))) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

static json_t *edges(const tc_graph *g, const tc_result *r)
{
	json_t *a = json_array();
	for (uint32_t e = 0; a && e < tc_graph_edge_count(g); e++) {
		json_t *o = json_object();
		if (json_array_append_new(a, o) ||
		    set(o, "from", jstr(tc_graph_node_name(g, tc_graph_edge_from(g, e)))) ||
		    set(o, "to", jstr(tc_graph_node_name(g, tc_graph_edge_to(g, e)))) ||
		    set(o, "state", json_string(tc__report_state(tc_result_edge_state(r, e))))) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

static json_t *causes(const tc_graph *g, const tc_report_barrier *rb)
{
	json_t *a = json_array();
	for (uint32_t k = 0; a && rb && k < rb->ncauses; k++) {
		const tc_report_cause *c = &rb->causes[k];
		json_t *o = json_object();
		if (json_array_append_new(a, o) ||
		    set(o, "node", jstr(tc_graph_node_name(g, c->node))) ||
		    set_loc(o, c->loc) ||
		    (c->loc.file && c->loc.line && c->loc.col &&
		     set(o, "column", json_integer(c->loc.col))) ||
		    (c->depends_on && set(o, "depends_on", jstr(c->depends_on)))) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

/* Check mode adds each barrier's column and the causes of a reported one. */
static int check_fields(json_t *o, const tc_report_graph *rg, uint32_t v)
{
	if (rg->options.assume_barriers)
		return 0;
	tc_loc loc = tc_graph_node_loc(rg->graph, v);
	const tc_report_barrier *rb = NULL;
	for (size_t k = 0; k < rg->nreported && !rb; k++)
		if (rg->reported[k].node == v)
			rb = &rg->reported[k];
	return (loc.file && loc.line && loc.col && set(o, "column", json_integer(loc.col))) ||
	       set(o, "causes", causes(rg->graph, rb));
}

static json_t *barriers(const tc_report_graph *rg)
{
	const tc_graph *g = rg->graph;
	const tc_result *r = rg->result;
	json_t *a = json_array();
	for (uint32_t v = 0; a && v < tc_graph_node_count(g); v++) {
		if (!(tc_graph_node_flags(g, v) & TC_NODE_BARRIER))
			continue;
		json_t *o = json_object();
		if (json_array_append_new(a, o) ||
		    set(o, "node", jstr(tc_graph_node_name(g, v))) ||
		    set(o, "state", json_string(tc__report_state(tc_result_node_state(r, v)))) ||
		    set(o, "in_edges_convergent",
			json_boolean(tc_result_in_edges_convergent(r, v))) ||
		    set_loc(o, tc_graph_node_loc(g, v)) || check_fields(o, rg, v)) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

static json_t *graph_object(const tc_report_graph *rg)
{
	const tc_graph *g = rg->graph;
	const tc_result *r = rg->result;
	tc_solver solver = rg->options.solver;
	json_t *o = json_object(), *c = json_object();
	if (set(o, "name", jstr(tc_graph_name(g))) ||
	    set(o, "solver", json_string(tc_solver_name(solver))) ||
	    set(o, "sound", json_boolean(tc_solver_is_sound(solver))) ||
	    set(o, "mode", json_string(rg->options.assume_barriers ? "assume" : "check")) ||
	    set(o, "use_uniform", json_boolean(!rg->options.ignore_uniform)) ||
	    (rg->input && set(o, "input", jstr(rg->input))) ||
	    set(o, "entry", jstr(tc_graph_node_name(g, tc_graph_entry(g)))) ||
	    set(o, "exit", jstr(tc_graph_node_name(g, tc_graph_exit(g)))) ||
	    set(o, "counts", json_incref(c)) ||
	    set(c, "nodes", counts(tc_result_node_count, r)) ||
	    set(c, "edges", counts(tc_result_edge_count, r)) ||
	    set(o, "nodes", nodes(g, r)) ||
	    set(o, "edges", edges(g, r)) ||
	    set(o, "barriers", barriers(rg))) {
		json_decref(c);
		json_decref(o);
		return NULL;
	}
	json_decref(c);
	return o;
}

/* jansson hands its output over in tokens of a few bytes; collecting them
 * before fwrite makes dumping a large graph several times faster. */
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
	int rc = tc__report_status(out, diag);
	/* a dump that fails without a write error ran out of memory */
	if (rc == TC_OK && failed)
		rc = tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
	return rc;
}

int tc_report_json(FILE *out, const tc_report_graph *graphs, size_t count,
		   tc_diag *diag)
{
	json_t *doc = json_object(), *list = json_array();
	int rc = TC_OK;
	if (set(doc, "graphs", json_incref(list)))
		goto oom;
	for (size_t i = 0; i < count; i++)
		if (json_array_append_new(list, graph_object(&graphs[i])))
			goto oom;
	rc = tc__report_dump_json(out, doc, diag);
	goto done;
oom:
	rc = tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
done:
	json_decref(list);
	json_decref(doc);
	return rc;
}
