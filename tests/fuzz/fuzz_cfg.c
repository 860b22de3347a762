/*
 * fuzz_cfg.c - libFuzzer target: tc_parse_cfg on arbitrary bytes; then, for
 * every small graph it accepts, all six solvers, checked against what SPEC 2
 * and 3 promise of them, and the text, JSON and DOT reports, read back.
 * Allocation failures are injected into the parser and one solver at points
 * chosen from the input. The same entry point runs the seed corpus as a plain
 * test when TC_FUZZ is off (fuzz_main.c).
 *
 * Checked, aborting on a violation:
 *   - a parse either succeeds or fails with TC_EPARSE at a line and column;
 *   - every solver succeeds; states are C, U or -; the counts add up; live
 *     sync nodes (entry, exit, barriers) are C in assume mode;
 *   - all solvers agree on what is dead (liveness is not theirs to decide);
 *   - with and without uniform marks, basic <= linear <= path <= exact and
 *     basic <= region <= exact in convergent elements (SPEC 2, 3.1), and
 *     basic <= region-paper;
 *   - uniform marks only add convergent elements, for every solver;
 *   - an injected allocation failure gives TC_ENOMEM and leaks nothing;
 *   - JSON parses back with the same elements, DOT too (graphviz's parser).
 */
#include "fuzz_util.h"
#include "report/report.h"

#include <graphviz/cgraph.h>
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Larger graphs are only parsed: the fuzzer should spend its time on many
 * small inputs, not on solving a few big ones. */
#define MAX_NODES 64
#define MAX_EDGES 256

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check(int ok, const char *what) { fuzz_check("fuzz_cfg", ok, what); }

static int valid_state(tc_state s)
{
	return s == TC_STATE_CONVERGENT || s == TC_STATE_UNKNOWN || s == TC_STATE_DEAD;
}

static void check_result(const tc_graph *g, const tc_result *r)
{
	uint32_t n = tc_graph_node_count(g), m = tc_graph_edge_count(g);
	for (uint32_t v = 0; v < n; v++) {
		tc_state s = tc_result_node_state(r, v);
		check(valid_state(s), "node state is C, U or -");
		int sync = v == tc_graph_entry(g) || v == tc_graph_exit(g) ||
			   (tc_graph_node_flags(g, v) & TC_NODE_BARRIER);
		check(!sync || s != TC_STATE_UNKNOWN, "a live sync node is convergent");
	}
	for (uint32_t e = 0; e < m; e++)
		check(valid_state(tc_result_edge_state(r, e)), "edge state is C, U or -");
	check(tc_result_node_count(r, TC_STATE_CONVERGENT) + tc_result_node_count(r, TC_STATE_UNKNOWN) +
		      tc_result_node_count(r, TC_STATE_DEAD) == n,
	      "node counts add up");
	check(tc_result_edge_count(r, TC_STATE_CONVERGENT) + tc_result_edge_count(r, TC_STATE_UNKNOWN) +
		      tc_result_edge_count(r, TC_STATE_DEAD) == m,
	      "edge counts add up");
}

/* Every element a calls convergent, b does too; both agree on dead ones. */
static void check_within(const tc_graph *g, const tc_result *a, const tc_result *b,
			 const char *what)
{
	for (uint32_t v = 0; v < tc_graph_node_count(g); v++) {
		tc_state sa = tc_result_node_state(a, v), sb = tc_result_node_state(b, v);
		check((sa == TC_STATE_DEAD) == (sb == TC_STATE_DEAD), "solvers agree on dead nodes");
		check(sa != TC_STATE_CONVERGENT || sb == TC_STATE_CONVERGENT, what);
	}
	for (uint32_t e = 0; e < tc_graph_edge_count(g); e++) {
		tc_state sa = tc_result_edge_state(a, e), sb = tc_result_edge_state(b, e);
		check((sa == TC_STATE_DEAD) == (sb == TC_STATE_DEAD), "solvers agree on dead edges");
		check(sa != TC_STATE_CONVERGENT || sb == TC_STATE_CONVERGENT, what);
	}
}

/* The reports of one solved graph, read back. */
static void check_reports(const tc_graph *g, const tc_result *r, tc_solver solver)
{
	tc_report_graph rg = {"fuzz.cfg", g, r, tc_solve_options_default(), NULL, 0, NULL, 0, 0,
			      false, NULL, NULL, 0};
	rg.options.solver = solver;
	fuzz_check_reports("fuzz_cfg", &rg);
}

static void solve_graph(const tc_graph *g, uint64_t h)
{
	tc_result *r[TC_SOLVER_COUNT], *p[TC_SOLVER_COUNT];
	tc_solve_options opt = tc_solve_options_default();
	tc_diag d;
	for (int s = 0; s < TC_SOLVER_COUNT; s++) {
		opt.solver = (tc_solver)s;
		opt.ignore_uniform = false;
		check(tc_solve(&r[s], g, &opt, NULL, &d) == TC_OK, "a parsed graph solves");
		check_result(g, r[s]);
		opt.ignore_uniform = true;
		check(tc_solve(&p[s], g, &opt, NULL, &d) == TC_OK, "solves without uniform marks");
		check_result(g, p[s]);
		check_within(g, p[s], r[s], "uniform marks only add convergence");
	}
	/* the inclusions, without marks and with them (SPEC 3.1 as revised: a
	 * convergent marked node keeps its mark, as in the literal rule) */
	for (int marks = 0; marks < 2; marks++) {
		tc_result **q = marks ? r : p;
		check_within(g, q[TC_SOLVER_BASIC], q[TC_SOLVER_LINEAR], "basic <= linear");
		check_within(g, q[TC_SOLVER_LINEAR], q[TC_SOLVER_PATH], "linear <= path");
		check_within(g, q[TC_SOLVER_PATH], q[TC_SOLVER_EXACT], "path <= exact");
		check_within(g, q[TC_SOLVER_BASIC], q[TC_SOLVER_REGION], "basic <= region");
		check_within(g, q[TC_SOLVER_REGION], q[TC_SOLVER_EXACT], "region <= exact");
		check_within(g, q[TC_SOLVER_BASIC], q[TC_SOLVER_REGION_PAPER],
			     "basic <= region-paper");
	}
	for (int s = 0; s < TC_SOLVER_COUNT; s++)
		tc_result_free(p[s]);

	check_reports(g, r[h % TC_SOLVER_COUNT], (tc_solver)(h % TC_SOLVER_COUNT));

	/* one solver, failing one allocation: the last, and one from the input */
	opt.solver = (tc_solver)(h % TC_SOLVER_COUNT);
	opt.ignore_uniform = false;
	budget b = {0, 0};
	tc_allocator counting = budget_allocator(&b);
	tc_result *x;
	check(tc_solve(&x, g, &opt, &counting, &d) == TC_OK, "solves with a counting allocator");
	tc_result_free(x);
	size_t calls = b.calls;
	size_t points[2] = {calls, 1 + (h >> 8) % (calls ? calls : 1)};
	for (int i = 0; calls && i < 2; i++) {
		budget fail = {0, points[i]};
		tc_allocator failing = budget_allocator(&fail);
		x = NULL;
		int rc = tc_solve(&x, g, &opt, &failing, &d);
		check(rc == TC_ENOMEM, "a failed allocation in a solver is TC_ENOMEM");
		check(x == NULL, "a failed solve returns no result");
	}

	for (int s = 0; s < TC_SOLVER_COUNT; s++)
		tc_result_free(r[s]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *text = (const char *)data;
	uint64_t h = fuzz_hash(data, size);
	budget b = {0, 0};
	tc_allocator counting = budget_allocator(&b);
	tc_module *m;
	tc_diag d;
	int rc = tc_parse_cfg(&m, "fuzz.cfg", text, size, &counting, &d);
	if (rc) {
		check(rc == TC_EPARSE, "a parse fails only with TC_EPARSE");
		check(m == NULL, "a failed parse returns no module");
		check(d.line >= 1 && d.col >= 1, "a parse error has a line and column");
		check(d.message[0] != '\0', "a parse error has a message");
		check(strcmp(d.file, "fuzz.cfg") == 0, "a parse error names the file");
	} else {
		check(tc_module_graph_count(m) >= 1, "a parsed file has a graph");
		for (size_t i = 0; i < tc_module_graph_count(m); i++) {
			const tc_graph *g = tc_module_graph(m, i);
			if (tc_graph_node_count(g) <= MAX_NODES && tc_graph_edge_count(g) <= MAX_EDGES)
				solve_graph(g, h);
		}
		tc_module_free(m);
	}

	/* the parser, failing its last allocation and one from the input */
	size_t calls = b.calls;
	size_t points[2] = {calls, 1 + h % (calls ? calls : 1)};
	for (int i = 0; calls && i < 2; i++) {
		budget fail = {0, points[i]};
		tc_allocator failing = budget_allocator(&fail);
		int frc = tc_parse_cfg(&m, "fuzz.cfg", text, size, &failing, &d);
		check(frc == TC_ENOMEM || frc == rc, "a failed allocation in the parser is TC_ENOMEM");
		if (frc == TC_OK)
			tc_module_free(m);
	}
	return 0;
}
