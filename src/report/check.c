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
#define COLLECTIVE_RULE_ID "collective-divergence"
#define ARGUMENT_RULE_ID "collective-argument"
#define COLLECTIVE_FLAG "-Wcollective-divergence"
#define ARGUMENT_FLAG "-Wcollective-argument"
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

/* "may go different ways in different threads" (lanes of a warp, ...) */
static const char *branch_text(tc_group g)
{
	switch (g) {
	case TC_GROUP_WARP: return "may go different ways in different lanes of the warp";
	case TC_GROUP_SUBGROUP:
		return "may go different ways in different work-items of the sub-group";
	case TC_GROUP_BLOCK: break;
	}
	return BRANCH_TEXT;
}

static void print_causes(FILE *out, const tc_report_graph *rg, const tc_report_cause *causes,
			 uint32_t n, tc_group group)
{
	const tc_graph *g = rg->graph;
	for (uint32_t c = 0; c < n; c++) {
		const tc_report_cause *rc = &causes[c];
		const char *name = tc_graph_node_name(g, rc->node);
		print_lead(out, rc->loc, rg->input);
		if (has_pos(rc->loc))
			fprintf(out, ": note: the branch here %s\n", branch_text(group));
		else
			fprintf(out, ": note: the branch at node %s %s\n", name, branch_text(group));
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

static void print_barrier(FILE *out, const tc_report_graph *rg, const tc_report_barrier *rb)
{
	const tc_graph *g = rg->graph;
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
			tc_graph_name(g), partial ? "partial " : "", tc_graph_node_name(g, rb->node),
			partial ? "-Wpartial-barrier" : "-Wbarrier-divergence");
	if (partial) {
		print_lead(out, bl, rg->input);
		fputs(": note: it waits only for as many threads as its count says; "
		      "make sure that the threads that reach it are the ones meant\n",
		      out);
	}
	print_causes(out, rg, rb->causes, rb->ncauses, TC_GROUP_BLOCK);
}

/* The lead of a collective's warning: its position, or the graph and node. */
static void print_collective_lead(FILE *out, const tc_report_graph *rg, const tc_collective *c,
				  const char *kind)
{
	print_lead(out, c->loc, rg->input);
	fprintf(out, ": %s: ", kind);
	if (!has_pos(c->loc))
		fprintf(out, "graph %s: node %s: ", tc_graph_name(rg->graph),
			tc_graph_node_name(rg->graph, c->node));
}

/* The warp verdicts' assumption, said once in a report. */
static void print_assumption(FILE *out, const tc_report_graph *rg, const tc_collective *c)
{
	print_lead(out, c->loc, rg->input);
	fprintf(out,
		": note: lanes are grouped in warps of %u on the assumption that the block's x "
		"size is a multiple of %u (--block-size gives the real size)\n",
		(unsigned)rg->warp_size, (unsigned)rg->warp_size);
}

static void print_collective(FILE *out, const tc_report_graph *rg,
			     const tc_report_collective *rc, bool *assumed)
{
	const tc_collective *c = rc->c;
	char msg[512];
	if (rc->reported) {
		print_collective_lead(out, rg, c, "warning");
		fprintf(out, "%s [" COLLECTIVE_FLAG "]\n",
			tc__report_collective_message(msg, sizeof msg, c));
		print_causes(out, rg, rc->causes, rc->ncauses, c->group);
		if (c->group != TC_GROUP_BLOCK && rg->warp_assumed && rg->warp_size && !*assumed) {
			print_assumption(out, rg, c);
			*assumed = true;
		}
	}
	if (c->arg == TC_NONE)
		return;
	print_collective_lead(out, rg, c, "warning");
	fprintf(out, "%s [" ARGUMENT_FLAG "]\n", tc__report_argument_message(msg, sizeof msg, c));
	if (!c->arg_source)
		return;
	print_lead(out, c->loc, rg->input);
	fprintf(out, ": note: it depends on %s", c->arg_source);
	if (has_pos(c->arg_source_loc)) {
		fputs(" (", out);
		print_pos(out, c->arg_source_loc);
		fputc(')', out);
	}
	fputc('\n', out);
}

int tc__report_check_text(FILE *out, const tc_report_graph *graphs, size_t count,
			 tc_diag *diag)
{
	bool assumed = false; /* said once in a report */
	for (size_t i = 0; i < count; i++) {
		const tc_report_graph *rg = &graphs[i];
		size_t b = 0, k = 0;
		/* barriers and collectives in node order, a barrier first */
		while (b < rg->nreported || k < rg->ncollectives) {
			if (k == rg->ncollectives ||
			    (b < rg->nreported && rg->reported[b].node <= rg->collectives[k].c->node))
				print_barrier(out, rg, &rg->reported[b++]);
			else
				print_collective(out, rg, &rg->collectives[k++], &assumed);
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

/* The rules: one per class of warning. */
static const struct rule {
	const char *id, *brief, *full;
} rules[] = {
	{RULE_ID, "barrier reached by only some threads of a block",
	 "A barrier that not every thread of a thread block reaches equally often between "
	 "two synchronizations (because a branch before it depends on the thread) can "
	 "deadlock or synchronize the wrong threads."},
	{PARTIAL_RULE_ID, "barrier with a thread count reached by only some threads",
	 "A barrier that waits for a given number of threads (PTX bar.sync with a count, "
	 "named barriers) synchronizes only part of the block; when a branch that depends "
	 "on the thread decides who reaches it, check that the right threads do."},
	{COLLECTIVE_RULE_ID, "collective operation reached by only some threads of its group",
	 "A warp shuffle or vote with the full mask, __syncwarp, a work-group or sub-group "
	 "function or an async copy needs every thread of its group (warp, sub-group or "
	 "block) to execute it together; reached by only some of them, it hangs or gives "
	 "undefined results."},
	{ARGUMENT_RULE_ID, "collective operation whose threads may pass different arguments",
	 "Some arguments of a collective operation (a shuffle's mask, the events of "
	 "wait_group_events, the pointers, size and stride of async_work_group_copy, the "
	 "local id of work_group_broadcast, a barrier's flags) must be the same in every "
	 "thread of its group."},
};

static json_t *driver(void)
{
	json_t *d = json_object(), *list = json_array(), *conf = json_object();
	int bad = !d || !list || !conf || set(d, "name", json_string("threadconv")) ||
		  set(d, "version", json_string(TC_VERSION)) ||
		  set(conf, "level", json_string("warning"));
	for (size_t k = 0; !bad && k < sizeof rules / sizeof *rules; k++) {
		json_t *rule = json_object();
		bad = !rule || json_array_append_new(list, rule) ||
		      set(rule, "id", json_string(rules[k].id)) ||
		      set(rule, "shortDescription", text_object(rules[k].brief)) ||
		      set(rule, "fullDescription", text_object(rules[k].full)) ||
		      set(rule, "defaultConfiguration", json_incref(conf));
	}
	if (!bad)
		bad = set(d, "rules", json_incref(list));
	json_decref(list);
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

/* One result: rule, message, where, and the deciding branches as related
 * locations. */
static json_t *result(const tc_report_graph *rg, const char *rule, const char *msg,
		      tc_loc loc, uint32_t node, const tc_report_cause *causes, uint32_t ncauses,
		      tc_group group)
{
	const tc_graph *g = rg->graph;
	char name[512], text[768];
	json_t *o = json_object(), *locs = json_array(), *rel = json_array();
	int bad = !locs || !rel || set(o, "ruleId", json_string(rule)) ||
		  set(o, "level", json_string("warning")) || set(o, "message", text_object(msg)) ||
		  json_array_append_new(locs, location(loc, rg->input,
						       qualified(name, sizeof name, g, node), NULL)) ||
		  set(o, "locations", json_incref(locs));
	for (uint32_t c = 0; !bad && c < ncauses; c++) {
		const tc_report_cause *rc = &causes[c];
		if (rc->depends_on)
			snprintf(text, sizeof text, "the branch here %s; it depends on %s",
				 branch_text(group), rc->depends_on);
		else
			snprintf(text, sizeof text, "the branch here %s", branch_text(group));
		json_t *l = location(rc->loc, rg->input, qualified(name, sizeof name, g, rc->node),
				     text);
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

static json_t *barrier_result(const tc_report_graph *rg, const tc_report_barrier *rb)
{
	const tc_graph *g = rg->graph;
	char msg[768];
	int partial = is_partial(g, rb->node);
	snprintf(msg, sizeof msg, "%s (graph %s, barrier %s)", partial ? PARTIAL_TEXT : WARNING_TEXT,
		 tc_graph_name(g), tc_graph_node_name(g, rb->node));
	return result(rg, partial ? PARTIAL_RULE_ID : RULE_ID, msg, tc_graph_node_loc(g, rb->node),
		      rb->node, rb->causes, rb->ncauses, TC_GROUP_BLOCK);
}

/* The results of one collective: reached by only some, an argument. */
static int collective_results(json_t *results, const tc_report_graph *rg,
			      const tc_report_collective *rc)
{
	const tc_collective *c = rc->c;
	char msg[768], text[512];
	if (rc->reported) {
		snprintf(msg, sizeof msg, "%s (graph %s)",
			 tc__report_collective_message(text, sizeof text, c),
			 tc_graph_name(rg->graph));
		if (json_array_append_new(results, result(rg, COLLECTIVE_RULE_ID, msg, c->loc, c->node,
							  rc->causes, rc->ncauses, c->group)))
			return -1;
	}
	if (c->arg == TC_NONE)
		return 0;
	int n = snprintf(msg, sizeof msg, "%s (graph %s)",
			 tc__report_argument_message(text, sizeof text, c), tc_graph_name(rg->graph));
	if (c->arg_source && n > 0 && (size_t)n < sizeof msg)
		snprintf(msg + n, sizeof msg - (size_t)n, "; it depends on %s", c->arg_source);
	return json_array_append_new(results, result(rg, ARGUMENT_RULE_ID, msg, c->loc, c->node,
						     NULL, 0, c->group));
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
	for (size_t i = 0; i < count; i++) {
		for (size_t k = 0; k < graphs[i].nreported; k++)
			if (json_array_append_new(results,
						  barrier_result(&graphs[i], &graphs[i].reported[k])))
				goto oom;
		for (size_t k = 0; k < graphs[i].ncollectives; k++)
			if (collective_results(results, &graphs[i], &graphs[i].collectives[k]))
				goto oom;
	}
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
