/*
 * findings_api.c - tc_check's findings of each input, through the public
 * header only, as one JSON object per line (api-vs-json.py compares them
 * with `threadconv check --format json`):
 *
 *   {"input", "graphs": [checked graph names], "findings": [{"graph",
 *    "rule", "node", ["collective"], "causes": [...], ["calls"], ["calls_omitted"],
 *    ["callers_unknown"], ["inlined"], ["after_exit"], ["merged_into":
 *    {"node", "rule"}]}]}
 *
 * or {"input", "error"} when the input cannot be read or checked. Causes,
 * calls, inlined and after_exit are spelled as the JSON report spells them.
 */
#include <threadconv.h>

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>

static void set_loc(json_t *o, tc_loc l)
{
	if (!l.file || !l.line)
		return;
	json_object_set_new(o, "file", json_string(l.file));
	json_object_set_new(o, "line", json_integer(l.line));
	if (l.col)
		json_object_set_new(o, "column", json_integer(l.col));
}

static json_t *finding(const tc_module *m, const tc_findings *fs, size_t k)
{
	const tc_finding *f = tc_findings_get(fs, k);
	const tc_graph *g = tc_module_graph(m, f->graph);
	json_t *o = json_object();
	json_object_set_new(o, "graph", json_string(tc_graph_name(g)));
	json_object_set_new(o, "rule", json_string(tc_rule_name(f->rule)));
	json_object_set_new(o, "node", json_string(tc_graph_node_name(g, f->node)));
	if (f->collective)
		json_object_set_new(o, "collective", json_string(f->collective->name));
	if (f->merged_into != SIZE_MAX) {
		const tc_finding *t = tc_findings_get(fs, f->merged_into);
		json_t *to = json_object();
		json_object_set_new(to, "node", json_string(tc_graph_node_name(g, t->node)));
		json_object_set_new(to, "rule", json_string(tc_rule_name(t->rule)));
		json_object_set_new(o, "merged_into", to);
		return o; /* its finding is that one's */
	}
	json_t *causes = json_array();
	for (uint32_t q = 0; q < f->ncauses; q++) {
		const tc_finding_cause *c = &f->causes[q];
		json_t *x = json_object();
		if (c->graph)
			json_object_set_new(x, "function", json_string(tc_graph_name(c->graph)));
		json_object_set_new(x, "node",
				    json_string(tc_graph_node_name(c->graph ? c->graph : g, c->node)));
		set_loc(x, c->loc);
		if (c->depends_on)
			json_object_set_new(x, "depends_on", json_string(c->depends_on));
		json_array_append_new(causes, x);
	}
	json_object_set_new(o, "causes", causes);
	if (f->ncalls) {
		json_t *calls = json_array();
		for (uint32_t q = 0; q < f->ncalls; q++) {
			json_t *x = json_object();
			json_object_set_new(x, "function", json_string(f->calls[q].callee));
			json_object_set_new(x, "caller", json_string(f->calls[q].caller));
			set_loc(x, f->calls[q].loc);
			json_array_append_new(calls, x);
		}
		json_object_set_new(o, "calls", calls);
	}
	if (f->calls_omitted)
		json_object_set_new(o, "calls_omitted", json_integer(f->calls_omitted));
	if (f->unknown_callers)
		json_object_set_new(o, "callers_unknown", json_true());
	if (f->inlined) {
		json_t *x = json_object();
		json_object_set_new(x, "function", json_string(f->inlined));
		set_loc(x, f->inlined_loc);
		json_object_set_new(o, "inlined", x);
	}
	if (f->rule == TC_RULE_BARRIER_AFTER_EXIT || f->rule == TC_RULE_COLLECTIVE_AFTER_EXIT) {
		json_t *x = json_object();
		set_loc(x, f->exit_loc);
		json_object_set_new(o, "after_exit", x);
	}
	return o;
}

static json_t *check(const char *path)
{
	json_t *o = json_object();
	json_object_set_new(o, "input", json_string(path));
	tc_module *m;
	tc_findings *fs;
	tc_diag d;
	if (tc_read_file(&m, path, NULL, &d)) {
		json_object_set_new(o, "error", json_string(d.message));
		return o;
	}
	tc_check_options opt = TC_CHECK_OPTIONS_INIT;
	if (tc_check(&fs, m, &opt, NULL, &d)) {
		json_object_set_new(o, "error", json_string(d.message));
		tc_module_free(m);
		return o;
	}
	json_t *graphs = json_array(), *list = json_array();
	for (size_t j = 0; j < tc_module_graph_count(m); j++) {
		if (!tc_findings_checked(fs, j))
			continue;
		json_array_append_new(graphs, json_string(tc_graph_name(tc_module_graph(m, j))));
		if (!tc_findings_result(fs, j))
			json_object_set_new(o, "error", json_string("a checked graph without a solve"));
	}
	for (size_t k = 0; k < tc_findings_count(fs); k++)
		json_array_append_new(list, finding(m, fs, k));
	if (tc_findings_get(fs, tc_findings_count(fs)))
		json_object_set_new(o, "error", json_string("a finding past the count"));
	json_object_set_new(o, "graphs", graphs);
	json_object_set_new(o, "findings", list);
	tc_findings_free(fs);
	tc_module_free(m);
	return o;
}

int main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		json_t *o = check(argv[i]);
		char *s = json_dumps(o, JSON_COMPACT | JSON_ENSURE_ASCII);
		json_decref(o);
		if (!s)
			return 2;
		puts(s);
		free(s);
	}
	return fflush(stdout) == 0 ? 0 : 2;
}
