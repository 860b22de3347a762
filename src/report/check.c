/*
 * check.c - the reports of check mode (SPEC 4): compiler-style warnings and
 * SARIF 2.1.0 (OASIS, "Static Analysis Results Interchange Format").
 *
 * The barriers and their causes come computed (tc_report_graph.reported,
 * from tc_barrier_causes); this file only words them. Text, per barrier:
 *
 *   k.cl:12:5: warning: barrier may be reached by only some threads of the
 *       block [-Wbarrier-divergence]                       (one line)
 *   k.cl:9:5: note: the branch here may go different ways in different threads
 *   k.cl:9:5: note: branch depends on get_local_id(0) (k.cl:9:13)
 *
 * Without a position the input's name leads and the graph and node are
 * named instead ("k.cfg: warning: graph g: barrier b may be ...").
 */
#include "report/report.h"
#include "util/diag.h"

#include <jansson.h>
#include <string.h>

#define RULE_ID "barrier-divergence"
#define PARTIAL_RULE_ID "partial-barrier"
/* the project's home page; a placeholder until it has a public one */
#define WARNING_TEXT "barrier may be reached by only some threads of the block"
#define BRANCH_TEXT "may go different ways in different threads"
/* a barrier with a thread count (docs/ptx.md) */
#define PARTIAL_TEXT "barrier with a thread count may be reached by only some threads of the block"

static int is_partial(const tc_graph *g, uint32_t node)
{
	return (tc_graph_node_flags(g, node) & TC_NODE_PARTIAL_BARRIER) != 0;
}

static int has_pos(tc_loc l)
{
	return l.file && l.line;
}

/* "file:line:col" or "file:line" */
static void print_pos(FILE *out, tc_loc l)
{
	if (l.col)
		fprintf(out, "%s:%u:%u", l.file, (unsigned)l.line, (unsigned)l.col);
	else
		fprintf(out, "%s:%u", l.file, (unsigned)l.line);
}

static void print_lead(FILE *out, tc_loc l, const char *input)
{
	if (has_pos(l))
		print_pos(out, l);
	else
		fputs(input ? input : "<input>", out);
}

int tc__report_check_text(FILE *out, const tc_report_graph *graphs, size_t count,
			 tc_diag *diag)
{
	for (size_t i = 0; i < count; i++) {
		const tc_report_graph *rg = &graphs[i];
		const tc_graph *g = rg->graph;
		for (size_t k = 0; k < rg->nreported; k++) {
			const tc_report_barrier *rb = &rg->reported[k];
			tc_loc bl = tc_graph_node_loc(g, rb->node);
			print_lead(out, bl, rg->input);
			int partial = is_partial(g, rb->node);
			if (has_pos(bl))
				fputs(partial ? ": warning: " PARTIAL_TEXT " [-Wpartial-barrier]\n"
					      : ": warning: " WARNING_TEXT " [-Wbarrier-divergence]\n",
				      out);
			else
				fprintf(out,
					": warning: graph %s: %sbarrier %s may be reached by only some "
					"threads of the block [%s]\n",
					tc_graph_name(g), partial ? "partial " : "",
					tc_graph_node_name(g, rb->node),
					partial ? "-Wpartial-barrier" : "-Wbarrier-divergence");
			if (partial) {
				print_lead(out, bl, rg->input);
				fputs(": note: it waits only for as many threads as its count says; "
				      "make sure that the threads that reach it are the ones meant\n",
				      out);
			}
			for (uint32_t c = 0; c < rb->ncauses; c++) {
				const tc_report_cause *rc = &rb->causes[c];
				const char *name = tc_graph_node_name(g, rc->node);
				print_lead(out, rc->loc, rg->input);
				if (has_pos(rc->loc))
					fputs(": note: the branch here " BRANCH_TEXT "\n", out);
				else
					fprintf(out, ": note: the branch at node %s " BRANCH_TEXT "\n",
						name);
				if (!rc->depends_on)
					continue;
				print_lead(out, rc->loc, rg->input);
				fprintf(out, ": note: branch depends on %s", rc->depends_on);
				if (has_pos(rc->depends_loc)) {
					fputs(" (", out);
					print_pos(out, rc->depends_loc);
					fputc(')', out);
				}
				fputc('\n', out);
			}
		}
	}
	return tc__report_status(out, diag);
}

/* ---- SARIF ---------------------------------------------------------------- */

/* The setters steal v and fail (nonzero) when v or o is NULL. */
static int set(json_t *o, const char *key, json_t *v)
{
	return json_object_set_new(o, key, v);
}

static json_t *text_object(const char *text)
{
	json_t *o = json_object();
	if (set(o, "text", json_string(text))) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* A location object; logical name when the position is unknown. */
static json_t *location(tc_loc l, const char *input, const char *logical,
			const char *message)
{
	json_t *o = json_object(), *phys = json_object(), *art = json_object(),
	       *region = json_object();
	const char *uri = l.file ? l.file : input;
	int bad = !o || !phys || !art || !region;
	if (!bad && uri)
		bad = set(art, "uri", json_string(uri)) || set(phys, "artifactLocation", json_incref(art));
	if (!bad && has_pos(l)) {
		bad = set(region, "startLine", json_integer(l.line)) ||
		      (l.col && set(region, "startColumn", json_integer(l.col))) ||
		      set(phys, "region", json_incref(region));
	}
	if (!bad && uri)
		bad = set(o, "physicalLocation", json_incref(phys));
	if (!bad && logical) {
		json_t *la = json_array(), *ll = json_object();
		if (!la) {
			json_decref(ll);
			bad = 1;
		} else {
			bad = json_array_append_new(la, ll) ||
			      set(ll, "fullyQualifiedName", json_string(logical)) ||
			      set(o, "logicalLocations", json_incref(la));
			json_decref(la);
		}
	}
	if (!bad && message)
		bad = set(o, "message", text_object(message));
	json_decref(art);
	json_decref(region);
	json_decref(phys);
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *driver(void)
{
	json_t *d = json_object(), *rules = json_array(), *rule = json_object(),
	       *conf = json_object(), *prule = json_object();
	int bad = !rules || !rule || !conf || !prule ||
		  set(d, "name", json_string("threadconv")) ||
		  set(d, "version", json_string(TC_VERSION)) ||
		  json_array_append(rules, rule) || json_array_append(rules, prule) ||
		  set(prule, "id", json_string(PARTIAL_RULE_ID)) ||
		  set(prule, "shortDescription",
		      text_object("barrier with a thread count reached by only some threads")) ||
		  set(prule, "fullDescription",
		      text_object("A barrier that waits for a given number of threads (PTX "
				  "bar.sync with a count, named barriers) synchronizes only "
				  "part of the block; when a branch that depends on the thread "
				  "decides who reaches it, check that the right threads do.")) ||
		  set(prule, "defaultConfiguration", json_incref(conf)) ||
		  set(rule, "id", json_string(RULE_ID)) ||
		  set(rule, "shortDescription",
		      text_object("barrier reached by only some threads of a block")) ||
		  set(rule, "fullDescription",
		      text_object("A barrier that not every thread of a thread block reaches "
				  "equally often between two synchronizations (because a "
				  "branch before it depends on the thread) can deadlock or "
				  "synchronize the wrong threads.")) ||
		  set(conf, "level", json_string("warning")) ||
		  set(rule, "defaultConfiguration", json_incref(conf)) ||
		  set(d, "rules", json_incref(rules));
	json_decref(rules);
	json_decref(rule);
	json_decref(prule);
	json_decref(conf);
	if (bad) {
		json_decref(d);
		return NULL;
	}
	return d;
}

static char *qualified(char *buf, size_t cap, const tc_graph *g, uint32_t node)
{
	snprintf(buf, cap, "%s/%s", tc_graph_name(g), tc_graph_node_name(g, node));
	return buf;
}

static json_t *result(const tc_report_graph *rg, const tc_report_barrier *rb)
{
	const tc_graph *g = rg->graph;
	char name[512], msg[768];
	json_t *o = json_object(), *locs = json_array(), *rel = json_array();
	int partial = is_partial(g, rb->node);
	snprintf(msg, sizeof msg, "%s (graph %s, barrier %s)", partial ? PARTIAL_TEXT : WARNING_TEXT,
		 tc_graph_name(g), tc_graph_node_name(g, rb->node));
	int bad = !locs || !rel ||
		  set(o, "ruleId", json_string(partial ? PARTIAL_RULE_ID : RULE_ID)) ||
		  set(o, "level", json_string("warning")) || set(o, "message", text_object(msg)) ||
		  json_array_append_new(locs, location(tc_graph_node_loc(g, rb->node), rg->input,
						       qualified(name, sizeof name, g, rb->node),
						       NULL)) ||
		  set(o, "locations", json_incref(locs));
	for (uint32_t c = 0; !bad && c < rb->ncauses; c++) {
		const tc_report_cause *rc = &rb->causes[c];
		if (rc->depends_on)
			snprintf(msg, sizeof msg, "the branch here " BRANCH_TEXT "; it depends on %s",
				 rc->depends_on);
		else
			snprintf(msg, sizeof msg, "the branch here " BRANCH_TEXT);
		json_t *l = location(rc->loc, rg->input, qualified(name, sizeof name, g, rc->node),
				     msg);
		bad = !l || set(l, "id", json_integer(c));
		if (bad)
			json_decref(l);
		else
			bad = json_array_append_new(rel, l);
	}
	if (!bad)
		bad = set(o, "relatedLocations", json_incref(rel));
	json_decref(locs);
	json_decref(rel);
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

int tc__report_sarif(FILE *out, const tc_report_graph *graphs, size_t count,
		    tc_diag *diag)
{
	json_t *doc = json_object(), *runs = json_array(), *run = json_object(),
	       *tool = json_object(), *results = json_array();
	int rc = TC_OK;
	if (!runs || !run || !tool || !results ||
	    set(doc, "version", json_string("2.1.0")) ||
	    set(doc, "$schema", json_string("https://json.schemastore.org/sarif-2.1.0.json")) ||
	    set(doc, "runs", json_incref(runs)) || json_array_append(runs, run) ||
	    set(run, "tool", json_incref(tool)) || set(tool, "driver", driver()) ||
	    set(run, "results", json_incref(results)))
		goto oom;
	for (size_t i = 0; i < count; i++)
		for (size_t k = 0; k < graphs[i].nreported; k++)
			if (json_array_append_new(results,
						  result(&graphs[i], &graphs[i].reported[k])))
				goto oom;
	rc = tc__report_dump_json(out, doc, diag);
	goto done;
oom:
	rc = tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
done:
	json_decref(results);
	json_decref(tool);
	json_decref(run);
	json_decref(runs);
	json_decref(doc);
	return rc;
}
