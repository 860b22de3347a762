/*
 * prop_cfg.c - runs the property checks on the graphs of .cfg files and
 * prints every solver's states beside the oracle's: the way to reproduce a
 * failure that a property test printed.
 *
 * usage: prop_cfg [--check] [--no-uniform] [--budget K] FILE...
 */
#include "property/check.h"
#include "property/gen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void show(const tc_graph *g, const prop_mode *mode, unsigned long budget)
{
	uint32_t n = tc_graph_node_count(g), m = tc_graph_edge_count(g);
	printf("graph %s (%s)\n  nodes:", tc_graph_name(g), prop_mode_name(mode));
	for (uint32_t v = 0; v < n; v++)
		printf(" %s", tc_graph_node_name(g, v));
	printf("\n");
	for (int s = 0; s < TC_SOLVER_COUNT; s++) {
		tc_solve_options opt = tc_solve_options_default();
		opt.solver = (tc_solver)s;
		opt.assume_barriers = mode->assume_barriers;
		opt.ignore_uniform = !mode->use_uniform;
		tc_result *r;
		tc_diag d;
		printf("  %-13s ", tc_solver_name((tc_solver)s));
		if (tc_solve(&r, g, &opt, NULL, &d)) {
			printf("error: %s\n", d.message);
			continue;
		}
		for (uint32_t v = 0; v < n; v++)
			putchar(tc_result_node_state(r, v));
		printf(" | ");
		for (uint32_t e = 0; e < m; e++)
			putchar(tc_result_edge_state(r, e));
		putchar('\n');
		tc_result_free(r);
	}
	oracle_options o = oracle_options_default();
	o.assume_barriers = mode->assume_barriers;
	o.use_uniform = mode->use_uniform;
	o.step_budget = ORACLE_DEFAULT_STEPS * budget;
	o.pair_budget = ORACLE_DEFAULT_PAIRS * budget;
	oracle_result res;
	if (oracle_solve(&res, g, &o)) {
		printf("  oracle        error\n");
		return;
	}
	printf("  %-13s %.*s | %.*s  (bound %u%s%s)\n", "oracle", (int)n, res.node_state, (int)m,
	       res.edge_state, res.bound, res.complete ? ", complete" : "",
	       res.proven ? ", proven" : "");
	oracle_result_free(&res);
	fflush(stdout); /* before the checks write to stderr */
}

int main(int argc, char **argv)
{
	prop_mode mode = {true, true, true, 0, 0};
	unsigned long budget = 1;
	int failures = 0;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--check") == 0) {
			mode.assume_barriers = false;
		} else if (strcmp(argv[i], "--no-uniform") == 0) {
			mode.use_uniform = false;
		} else if (strcmp(argv[i], "--budget") == 0 && i + 1 < argc) {
			budget = strtoul(argv[++i], NULL, 0);
		} else {
			tc_module *mod;
			tc_diag d;
			if (tc_read_file(&mod, argv[i], NULL, &d)) {
				fprintf(stderr, "%s:%u:%u: error: %s\n", argv[i], d.line, d.col,
					d.message);
				return 2;
			}
			pgraph *p = malloc(sizeof *p);
			prop_stats st = {0};
			for (size_t k = 0; p && k < tc_module_graph_count(mod); k++) {
				show(tc_module_graph(mod, k), &mode, budget);
				if (pg_from_graph(p, tc_module_graph(mod, k)) == 0)
					failures += prop_check_report(p, &mode, argv[i], &st) !=
						    PROP_OK;
			}
			free(p);
			tc_module_free(mod);
		}
	}
	return failures != 0;
}
