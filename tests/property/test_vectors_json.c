/*
 * test_vectors_json.c - every solver against the expected states of every
 * reference vector (SPEC 7: "every solver must match every vector
 * exactly"). A vector is NAME.cfg beside NAME.json, which holds
 * {"<solver>": {"nodes": {name: state}, "edges": [state, ...]}} for the
 * default options (assume mode, uniform marks used). One cmocka test per
 * solver; mismatches are listed by element name.
 */
#include "property/check.h"

#include <jansson.h>

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#define MAX_SHOW 8

/* compares one graph with its expectations; returns the number of mismatches */
static unsigned compare(const char *path, const tc_graph *g, const tc_result *r,
			json_t *want, const char *solver)
{
	json_t *nodes = json_object_get(want, "nodes"), *edges = json_object_get(want, "edges");
	unsigned bad = 0;
	if (!json_is_object(nodes) || !json_is_array(edges)) {
		fprintf(stderr, "%s: %s: malformed expectations\n", path, solver);
		return 1;
	}
	const char *name;
	json_t *value;
	json_object_foreach(nodes, name, value)
	{
		uint32_t v = tc_graph_find_node(g, name);
		const char *s = json_string_value(value);
		char got = v == TC_NONE ? '?' : (char)tc_result_node_state(r, v);
		if (!s || got != s[0]) {
			if (bad++ < MAX_SHOW)
				fprintf(stderr, "%s: %s: node %s: want %s, got %c\n", path, solver,
					name, s ? s : "?", got);
		}
	}
	size_t m = tc_graph_edge_count(g);
	if (json_array_size(edges) != m) {
		fprintf(stderr, "%s: %s: %zu expected edge states for %zu edges\n", path, solver,
			json_array_size(edges), m);
		bad++;
	}
	for (size_t e = 0; e < json_array_size(edges) && e < m; e++) {
		const char *s = json_string_value(json_array_get(edges, e));
		char got = (char)tc_result_edge_state(r, (uint32_t)e);
		if (!s || got != s[0]) {
			if (bad++ < MAX_SHOW)
				fprintf(stderr, "%s: %s: edge #%zu %s->%s: want %s, got %c\n", path,
					solver, e,
					tc_graph_node_name(g, tc_graph_edge_from(g, (uint32_t)e)),
					tc_graph_node_name(g, tc_graph_edge_to(g, (uint32_t)e)),
					s ? s : "?", got);
		}
	}
	if (bad > MAX_SHOW)
		fprintf(stderr, "%s: %s: %u more mismatches\n", path, solver, bad - MAX_SHOW);
	return bad;
}

static void test_solver(void **state)
{
	const char *solver = *state;
	tc_solve_options opt = tc_solve_options_default();
	assert_int_equal(tc_solver_from_name(&opt.solver, solver), 0);
	char **paths;
	size_t n = prop_list_vectors(&paths), ok = 0, bad = 0;
	if (n == 0)
		fail_msg("no reference vectors in tests/vectors (or $TC_VECTORS_DIR)");
	for (size_t i = 0; i < n; i++) {
		char json_path[1100];
		snprintf(json_path, sizeof json_path, "%.*s.json", (int)(strlen(paths[i]) - 4),
			 paths[i]);
		json_error_t jerr;
		json_t *root = json_load_file(json_path, 0, &jerr);
		tc_module *m = NULL;
		tc_result *r = NULL;
		tc_diag d;
		unsigned mism = 1;
		if (!root) {
			fprintf(stderr, "%s: %s\n", json_path, jerr.text);
		} else if (tc_read_file(&m, paths[i], NULL, &d)) {
			fprintf(stderr, "%s: %s\n", paths[i], d.message);
		} else if (tc_module_graph_count(m) != 1) {
			fprintf(stderr, "%s: expected one graph\n", paths[i]);
		} else if (tc_solve(&r, tc_module_graph(m, 0), &opt, NULL, &d)) {
			fprintf(stderr, "%s: %s: %s\n", paths[i], solver, d.message);
		} else {
			mism = compare(paths[i], tc_module_graph(m, 0), r,
				       json_object_get(root, solver), solver);
		}
		mism ? bad++ : ok++;
		tc_result_free(r);
		tc_module_free(m);
		json_decref(root);
	}
	prop_free_list(paths, n);
	printf("%-13s %zu/%zu vectors match\n", solver, ok, ok + bad);
	assert_int_equal(bad, 0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		{"basic", test_solver, NULL, NULL, (void *)"basic"},
		{"region-paper", test_solver, NULL, NULL, (void *)"region-paper"},
		{"region", test_solver, NULL, NULL, (void *)"region"},
		{"linear", test_solver, NULL, NULL, (void *)"linear"},
		{"path", test_solver, NULL, NULL, (void *)"path"},
		{"exact", test_solver, NULL, NULL, (void *)"exact"},
	};
	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
