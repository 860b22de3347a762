/*
 * test_examples.c - every graph in examples/ behaves as its comment (and the
 * paper statement it reconstructs) says.
 *
 * Expectations are written per graph and solver as the complete list of
 * elements that are NOT convergent: every other element must be C (all the
 * examples are fully live). Elements are named as in the .cfg file: a node
 * "B", an edge "X->B" (the examples have no parallel edges). A few checks
 * also name the convergent elements explicitly, for the inference a paper
 * figure shows, so that a reader sees the point of the example in the test.
 *
 * TC_EXAMPLES_DIR is set by tests/examples/CMakeLists.txt.
 */
#include "threadconv.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#ifndef TC_EXAMPLES_DIR
#error "TC_EXAMPLES_DIR must name the examples/ folder"
#endif

enum { ASSUME = 1, CHECK = 0 };
enum { MARKS = 0, NO_MARKS = 1 };

/* One solved graph of an example file. */
typedef struct solved {
	tc_module *mod;
	const tc_graph *g;
	tc_result *r;
	char what[200]; /* "file graph solver mode" for messages */
} solved;

static void solve_example(solved *s, const char *file, const char *graph, tc_solver solver,
			  int assume, int no_marks)
{
	char path[512];
	tc_diag d;
	memset(s, 0, sizeof *s);
	snprintf(path, sizeof path, "%s/%s", TC_EXAMPLES_DIR, file);
	snprintf(s->what, sizeof s->what, "%s %s --solver %s%s%s", file, graph,
		 tc_solver_name(solver), assume ? "" : " (check mode)",
		 no_marks ? " --no-uniform" : "");
	if (tc_read_file(&s->mod, path, NULL, &d))
		fail_msg("%s:%u:%u: %s", d.file, d.line, d.col, d.message);
	for (size_t i = 0; i < tc_module_graph_count(s->mod); i++)
		if (strcmp(tc_graph_name(tc_module_graph(s->mod, i)), graph) == 0)
			s->g = tc_module_graph(s->mod, i);
	if (!s->g)
		fail_msg("%s: no graph '%s'", file, graph);
	tc_solve_options opt = tc_solve_options_default();
	opt.solver = solver;
	opt.assume_barriers = assume == ASSUME;
	opt.ignore_uniform = no_marks == NO_MARKS;
	if (tc_solve(&s->r, s->g, &opt, NULL, &d))
		fail_msg("%s: solve failed: %s", s->what, d.message);
}

static void release(solved *s)
{
	tc_result_free(s->r);
	tc_module_free(s->mod);
}

static uint32_t node_named(const solved *s, const char *name)
{
	uint32_t n = tc_graph_find_node(s->g, name);
	if (n == TC_NONE)
		fail_msg("%s: no node '%s'", s->what, name);
	return n;
}

/* The edge written "from->to" (exactly one such edge must exist). */
static uint32_t edge_named(const solved *s, const char *text)
{
	const char *arrow = strstr(text, "->");
	char from[64];
	size_t len = (size_t)(arrow - text);
	assert_true(len < sizeof from);
	memcpy(from, text, len);
	from[len] = '\0';
	uint32_t u = node_named(s, from), v = node_named(s, arrow + 2), found = TC_NONE;
	uint32_t count;
	const uint32_t *out = tc_graph_out_edges(s->g, u, &count);
	for (uint32_t i = 0; i < count; i++) {
		if (tc_graph_edge_to(s->g, out[i]) != v)
			continue;
		if (found != TC_NONE)
			fail_msg("%s: edge '%s' is ambiguous", s->what, text);
		found = out[i];
	}
	if (found == TC_NONE)
		fail_msg("%s: no edge '%s'", s->what, text);
	return found;
}

/* Splits a space-separated list into tokens (in place). */
static size_t tokens(char *buf, char **tok, size_t max)
{
	size_t n = 0;
	for (char *p = strtok(buf, " "); p; p = strtok(NULL, " ")) {
		assert_true(n < max);
		tok[n++] = p;
	}
	return n;
}

static tc_state state_of(const solved *s, const char *elem)
{
	return strstr(elem, "->") ? tc_result_edge_state(s->r, edge_named(s, elem))
				  : tc_result_node_state(s->r, node_named(s, elem));
}

/* Each element of the list has the given state. */
static void expect_state(const solved *s, tc_state want, const char *list)
{
	char buf[1024], *tok[128];
	snprintf(buf, sizeof buf, "%s", list);
	size_t n = tokens(buf, tok, 128);
	for (size_t i = 0; i < n; i++) {
		tc_state got = state_of(s, tok[i]);
		if (got != want)
			fail_msg("%s: %s is %c, expected %c", s->what, tok[i], (char)got,
				 (char)want);
	}
}

/* The elements of the list are U and every other element is C. */
static void expect_unknown_exactly(const solved *s, const char *list)
{
	char buf[1024], *tok[128];
	snprintf(buf, sizeof buf, "%s", list);
	size_t n = tokens(buf, tok, 128);
	uint8_t *node_u = calloc(tc_graph_node_count(s->g) + 1, 1);
	uint8_t *edge_u = calloc(tc_graph_edge_count(s->g) + 1, 1);
	assert_non_null(node_u);
	assert_non_null(edge_u);
	for (size_t i = 0; i < n; i++) {
		if (strstr(tok[i], "->"))
			edge_u[edge_named(s, tok[i])] = 1;
		else
			node_u[node_named(s, tok[i])] = 1;
	}
	for (uint32_t v = 0; v < tc_graph_node_count(s->g); v++) {
		tc_state want = node_u[v] ? TC_STATE_UNKNOWN : TC_STATE_CONVERGENT;
		tc_state got = tc_result_node_state(s->r, v);
		if (got != want)
			fail_msg("%s: node %s is %c, expected %c", s->what,
				 tc_graph_node_name(s->g, v), (char)got, (char)want);
	}
	for (uint32_t e = 0; e < tc_graph_edge_count(s->g); e++) {
		tc_state want = edge_u[e] ? TC_STATE_UNKNOWN : TC_STATE_CONVERGENT;
		tc_state got = tc_result_edge_state(s->r, e);
		if (got != want)
			fail_msg("%s: edge %s->%s is %c, expected %c", s->what,
				 tc_graph_node_name(s->g, tc_graph_edge_from(s->g, e)),
				 tc_graph_node_name(s->g, tc_graph_edge_to(s->g, e)), (char)got,
				 (char)want);
	}
	free(node_u);
	free(edge_u);
}

/* Solves and checks in one call: the listed elements are U, the rest C. */
static void check(const char *file, const char *graph, tc_solver solver, int assume,
		  int no_marks, const char *unknown)
{
	solved s;
	solve_example(&s, file, graph, solver, assume, no_marks);
	expect_unknown_exactly(&s, unknown);
	release(&s);
}

/* Whether a barrier needs the warp-synchronous rewrite (assume mode). */
static void check_rewrite(const char *file, const char *graph, const char *barrier,
			  bool needs_rewrite)
{
	solved s;
	solve_example(&s, file, graph, TC_SOLVER_EXACT, ASSUME, MARKS);
	uint32_t b = node_named(&s, barrier);
	assert_true(tc_graph_node_flags(s.g, b) & TC_NODE_BARRIER);
	if (tc_result_in_edges_convergent(s.r, b) == needs_rewrite)
		fail_msg("%s: barrier %s %s the rewrite", s.what, barrier,
			 needs_rewrite ? "does not need" : "needs");
	release(&s);
}

static const tc_solver all_solvers[] = {TC_SOLVER_BASIC,  TC_SOLVER_REGION_PAPER,
					TC_SOLVER_REGION, TC_SOLVER_LINEAR,
					TC_SOLVER_PATH,   TC_SOLVER_EXACT};
static const tc_solver sound_solvers[] = {TC_SOLVER_BASIC, TC_SOLVER_REGION,
					  TC_SOLVER_LINEAR, TC_SOLVER_PATH,
					  TC_SOLVER_EXACT};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* ---- section 1.1: the short-circuit barrier ------------------------------ */

static void test_short_circuit(void **state)
{
	(void)state;
	const char *f = "short-circuit.cfg";
	for (size_t i = 0; i < COUNT(all_solvers); i++)
		check(f, "short-circuit", all_solvers[i], ASSUME, MARKS,
		      "C2 C1->syncthreads C1->C2 C2->syncthreads");
	check_rewrite(f, "short-circuit", "syncthreads", true);

	/* thread-invariant c1 and c2: everything convergent, even for basic */
	for (size_t i = 0; i < COUNT(all_solvers); i++)
		check(f, "short-circuit-uniform", all_solvers[i], ASSUME, MARKS, "");
	check_rewrite(f, "short-circuit-uniform", "syncthreads", false);
	/* without the marks it is the paper's graph again */
	check(f, "short-circuit-uniform", TC_SOLVER_EXACT, ASSUME, NO_MARKS,
	      "C2 C1->syncthreads C1->C2 C2->syncthreads");

	/* check mode: the barrier is reached by only some threads */
	check(f, "short-circuit", TC_SOLVER_EXACT, CHECK, MARKS,
	      "syncthreads C2 C1->syncthreads C1->C2 C2->syncthreads C2->Y syncthreads->Y");
	check(f, "short-circuit-uniform", TC_SOLVER_EXACT, CHECK, MARKS, "");
}

/* ---- Figures 1-6: the branch and merge rules ----------------------------- */

static void test_rules(void **state)
{
	(void)state;
	const char *f = "paper-rules.cfg";
	solved s;

	/* Fig. 1: B from its two convergent out-edges; its in-edges unknown */
	solve_example(&s, f, "fig1", TC_SOLVER_BASIC, ASSUME, MARKS);
	expect_state(&s, TC_STATE_CONVERGENT, "B B->P B->Q");
	expect_state(&s, TC_STATE_UNKNOWN, "X->B Z->B Z");
	release(&s);
	check(f, "fig1", TC_SOLVER_BASIC, ASSUME, MARKS, "Z X->B X->Z Z->B");

	/* Fig. 2: B->Q from B and B->P; Q and its self-loop unknown */
	solve_example(&s, f, "fig2", TC_SOLVER_BASIC, ASSUME, MARKS);
	expect_state(&s, TC_STATE_CONVERGENT, "B B->P B->Q");
	expect_state(&s, TC_STATE_UNKNOWN, "Q Q->Q");
	release(&s);
	check(f, "fig2", TC_SOLVER_BASIC, ASSUME, MARKS, "Q Q->Q");

	/* Fig. 3: single successor, N from N->M and M->W from M */
	solve_example(&s, f, "fig3", TC_SOLVER_BASIC, ASSUME, MARKS);
	expect_state(&s, TC_STATE_CONVERGENT, "N N->M M M->W");
	expect_state(&s, TC_STATE_UNKNOWN, "X->N Z->N W W->W");
	release(&s);
	check(f, "fig3", TC_SOLVER_BASIC, ASSUME, MARKS, "Z W X->N X->Z Z->N W->W");

	/* Fig. 4: M from its two convergent in-edges; its out-edges unknown */
	solve_example(&s, f, "fig4", TC_SOLVER_BASIC, ASSUME, MARKS);
	expect_state(&s, TC_STATE_CONVERGENT, "M P->M Q->M");
	expect_state(&s, TC_STATE_UNKNOWN, "M->Y M->Z");
	release(&s);
	check(f, "fig4", TC_SOLVER_BASIC, ASSUME, MARKS, "Z M->Y M->Z Z->Y");

	/* Fig. 5: Q->M from M and P->M; Q and its self-loop unknown */
	solve_example(&s, f, "fig5", TC_SOLVER_BASIC, ASSUME, MARKS);
	expect_state(&s, TC_STATE_CONVERGENT, "M P->M Q->M");
	expect_state(&s, TC_STATE_UNKNOWN, "Q Q->Q");
	release(&s);
	check(f, "fig5", TC_SOLVER_BASIC, ASSUME, MARKS, "Q Q->Q");

	/* Fig. 6: single predecessor, V->K from K and N from K->N */
	solve_example(&s, f, "fig6", TC_SOLVER_BASIC, ASSUME, MARKS);
	expect_state(&s, TC_STATE_CONVERGENT, "V->K K N K->N");
	expect_state(&s, TC_STATE_UNKNOWN, "V V->V N->X N->Z");
	release(&s);
	check(f, "fig6", TC_SOLVER_BASIC, ASSUME, MARKS, "V Z V->V N->X N->Z Z->X");

	/* basic is already exact on these graphs */
	static const char *const figs[][2] = {
		{"fig1", "Z X->B X->Z Z->B"}, {"fig2", "Q Q->Q"},
		{"fig3", "Z W X->N X->Z Z->N W->W"}, {"fig4", "Z M->Y M->Z Z->Y"},
		{"fig5", "Q Q->Q"}, {"fig6", "V Z V->V N->X N->Z Z->X"},
	};
	for (size_t i = 0; i < COUNT(figs); i++)
		for (size_t j = 0; j < COUNT(sound_solvers); j++)
			check(f, figs[i][0], sound_solvers[j], ASSUME, MARKS, figs[i][1]);
	/* the self-loops of fig3 and fig6 fool region-paper, as in SPEC 2.1 */
	check(f, "fig3", TC_SOLVER_REGION_PAPER, ASSUME, MARKS, "Z X->N X->Z Z->N");
	check(f, "fig6", TC_SOLVER_REGION_PAPER, ASSUME, MARKS, "Z N->X N->Z Z->X");
}

/* ---- Figures 8, 9, 14: the acyclic example -------------------------------- */

static void test_acyclic(void **state)
{
	(void)state;
	const char *f = "paper-acyclic.cfg";
	/* Fig. 9: basic misses 2 and 9 */
	check(f, "fig8", TC_SOLVER_BASIC, ASSUME, MARKS,
	      "2 3 4 7 9 10 11 12 13 "
	      "1->2 1->14 2->3 2->4 3->5 4->5 6->7 6->8 7->8 8->10 8->9 10->9 "
	      "9->11 9->12 11->12 12->13 12->14 13->14");
	/* Fig. 14: region information finds 2 and 9 (and 12, and the edges of 1) */
	static const char *const rest = "3 4 7 10 11 13 "
					"2->3 2->4 3->5 4->5 6->7 6->8 7->8 8->10 8->9 10->9 "
					"9->11 9->12 11->12 12->13 12->14 13->14";
	static const tc_solver better[] = {TC_SOLVER_REGION_PAPER, TC_SOLVER_REGION,
					   TC_SOLVER_LINEAR, TC_SOLVER_PATH, TC_SOLVER_EXACT};
	for (size_t i = 0; i < COUNT(better); i++)
		check(f, "fig8", better[i], ASSUME, MARKS, rest);

	solved s;
	solve_example(&s, f, "fig8", TC_SOLVER_REGION, ASSUME, MARKS);
	expect_state(&s, TC_STATE_CONVERGENT, "2 9");
	release(&s);
	check_rewrite(f, "fig8", "5", true);
	check_rewrite(f, "fig8", "8", true);
}

/* ---- Figures 10-12: the loop example ------------------------------------- */

static void test_loop(void **state)
{
	(void)state;
	const char *f = "paper-loop.cfg";
	/* Fig. 11: neither the back edge I->B nor the first exit G->C */
	static const char *const loop_u = "B G K B->G G->C I->B I->K K->C";
	for (size_t i = 0; i < COUNT(sound_solvers); i++)
		check(f, "fig10", sound_solvers[i], ASSUME, MARKS, loop_u);
	solved s;
	solve_example(&s, f, "fig10", TC_SOLVER_BASIC, ASSUME, MARKS);
	expect_state(&s, TC_STATE_UNKNOWN, "I->B G->C");
	release(&s);
	/* region-paper's unsound claim: everything */
	check(f, "fig10", TC_SOLVER_REGION_PAPER, ASSUME, MARKS, "");
	/* barrier C is entered from two exits of the loop */
	check_rewrite(f, "fig10", "C", true);
	check_rewrite(f, "fig10", "D", false);

	/* Fig. 12: without the back edge basic proves every node and edge */
	for (size_t i = 0; i < COUNT(all_solvers); i++)
		check(f, "fig12", all_solvers[i], ASSUME, MARKS, "");
	check_rewrite(f, "fig12", "C", false);
}

/* ---- section 3.4: path information ----------------------------------------- */

static void test_path(void **state)
{
	(void)state;
	const char *f = "paper-path.cfg";
	check(f, "path", TC_SOLVER_BASIC, ASSUME, MARKS,
	      "C D F->E F->Y B->C B->D C->D D->E D->Y");
	static const tc_solver structural[] = {TC_SOLVER_REGION_PAPER, TC_SOLVER_REGION,
					       TC_SOLVER_LINEAR};
	for (size_t i = 0; i < COUNT(structural); i++)
		check(f, "path", structural[i], ASSUME, MARKS,
		      "C F->E F->Y B->C B->D C->D D->E D->Y");
	/* the path rule: F and E convergent, F->E the only way from F to E */
	check(f, "path", TC_SOLVER_PATH, ASSUME, MARKS, "C B->C B->D C->D");
	check(f, "path", TC_SOLVER_EXACT, ASSUME, MARKS, "C B->C B->D C->D");
	check_rewrite(f, "path", "E", false);
}

/* ---- SPEC 2.1: the region rule of the paper is unsound ---------------------- */

static void test_region_paper_unsound(void **state)
{
	(void)state;
	const char *f = "region-paper-unsound.cfg";
	const char *g = "region-paper-unsound";
	check(f, g, TC_SOLVER_REGION_PAPER, ASSUME, MARKS, "");
	for (size_t i = 0; i < COUNT(sound_solvers); i++)
		check(f, g, sound_solvers[i], ASSUME, MARKS, "3 3->3");
	assert_false(tc_solver_is_sound(TC_SOLVER_REGION_PAPER));
}

/* ---- section 3.5: variance, the tree reduction ------------------------------ */

static void test_reduction(void **state)
{
	(void)state;
	const char *f = "reduction.cfg";
	static const char *const ifs = "add store guard->add guard->join add->join "
				       "tail->store tail->exit store->exit";
	for (size_t i = 0; i < COUNT(all_solvers); i++)
		check(f, "reduction", all_solvers[i], ASSUME, MARKS, ifs);
	check_rewrite(f, "reduction", "bar1", false);
	/* without the mark basic stalls at head's two out-edges */
	check(f, "reduction", TC_SOLVER_BASIC, ASSUME, NO_MARKS,
	      "add store guard->add guard->join add->join tail->store tail->exit "
	      "store->exit guard tail head->guard head->tail");
	check(f, "reduction", TC_SOLVER_LINEAR, ASSUME, NO_MARKS, ifs);
	check(f, "reduction", TC_SOLVER_EXACT, ASSUME, NO_MARKS, ifs);

	/* check mode: the mark is what proves bar1 */
	check(f, "reduction", TC_SOLVER_EXACT, CHECK, MARKS, ifs);
	check(f, "reduction", TC_SOLVER_EXACT, CHECK, NO_MARKS,
	      "bar1 head guard join add store head->guard guard->add guard->join "
	      "add->join join->bar1 bar1->head tail->store tail->exit store->exit");
	static const tc_solver weak[] = {TC_SOLVER_BASIC, TC_SOLVER_LINEAR, TC_SOLVER_PATH};
	for (size_t i = 0; i < COUNT(weak); i++) {
		solved s;
		solve_example(&s, f, "reduction", weak[i], CHECK, MARKS);
		expect_state(&s, TC_STATE_UNKNOWN, "bar1 head");
		release(&s);
	}

	/* the bug: a barrier inside if (t < k) */
	check(f, "reduction-bug", TC_SOLVER_EXACT, CHECK, MARKS,
	      "bar1 add store guard->add guard->latch add->bar1 bar1->latch "
	      "tail->store tail->exit store->exit");
	check(f, "reduction-bug", TC_SOLVER_EXACT, CHECK, NO_MARKS,
	      "bar1 add store head guard latch head->guard guard->add guard->latch "
	      "add->bar1 bar1->latch latch->head tail->store tail->exit store->exit");
	check(f, "reduction-bug", TC_SOLVER_EXACT, ASSUME, MARKS,
	      "head guard latch store head->guard guard->latch latch->head tail->store "
	      "tail->exit store->exit");
}

/* ---- every example: the solvers nest as docs/solvers.md says ---------------- */

static const char *const example_files[] = {
	"short-circuit.cfg", "paper-rules.cfg",	 "paper-acyclic.cfg",	     "paper-loop.cfg",
	"paper-path.cfg",    "reduction.cfg",	 "region-paper-unsound.cfg",
};

/* Every element a is C in is also C in b. */
static void expect_included(const tc_graph *g, const tc_result *a, const tc_result *b,
			    const char *what)
{
	for (uint32_t v = 0; v < tc_graph_node_count(g); v++)
		if (tc_result_node_state(a, v) == TC_STATE_CONVERGENT &&
		    tc_result_node_state(b, v) != TC_STATE_CONVERGENT)
			fail_msg("%s: node %s", what, tc_graph_node_name(g, v));
	for (uint32_t e = 0; e < tc_graph_edge_count(g); e++)
		if (tc_result_edge_state(a, e) == TC_STATE_CONVERGENT &&
		    tc_result_edge_state(b, e) != TC_STATE_CONVERGENT)
			fail_msg("%s: edge %u", what, e);
}

static void test_inclusions(void **state)
{
	(void)state;
	static const int pairs[][2] = {
		{TC_SOLVER_BASIC, TC_SOLVER_LINEAR}, {TC_SOLVER_LINEAR, TC_SOLVER_PATH},
		{TC_SOLVER_PATH, TC_SOLVER_EXACT},   {TC_SOLVER_BASIC, TC_SOLVER_REGION},
		{TC_SOLVER_REGION, TC_SOLVER_EXACT},
	};
	for (size_t fi = 0; fi < COUNT(example_files); fi++) {
		char path[512];
		tc_module *m;
		tc_diag d;
		snprintf(path, sizeof path, "%s/%s", TC_EXAMPLES_DIR, example_files[fi]);
		if (tc_read_file(&m, path, NULL, &d))
			fail_msg("%s:%u:%u: %s", d.file, d.line, d.col, d.message);
		for (size_t gi = 0; gi < tc_module_graph_count(m); gi++) {
			const tc_graph *g = tc_module_graph(m, gi);
			for (int mode = 0; mode < 4; mode++) {
				tc_result *r[TC_SOLVER_COUNT];
				for (int s = 0; s < TC_SOLVER_COUNT; s++) {
					tc_solve_options opt = tc_solve_options_default();
					opt.solver = (tc_solver)s;
					opt.assume_barriers = mode & 1;
					opt.ignore_uniform = mode & 2;
					if (tc_solve(&r[s], g, &opt, NULL, &d))
						fail_msg("%s: %s", path, d.message);
				}
				/* the literal uniform rule of the other solvers is weaker
				 * than exact's variance, so the chain holds with marks too */
				for (size_t p = 0; p < COUNT(pairs); p++) {
					char what[300];
					snprintf(what, sizeof what, "%s %s mode %d: %s not in %s",
						 example_files[fi], tc_graph_name(g), mode,
						 tc_solver_name((tc_solver)pairs[p][0]),
						 tc_solver_name((tc_solver)pairs[p][1]));
					expect_included(g, r[pairs[p][0]], r[pairs[p][1]], what);
				}
				for (int s = 0; s < TC_SOLVER_COUNT; s++)
					tc_result_free(r[s]);
			}
		}
		tc_module_free(m);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_short_circuit),
		cmocka_unit_test(test_rules),
		cmocka_unit_test(test_acyclic),
		cmocka_unit_test(test_loop),
		cmocka_unit_test(test_path),
		cmocka_unit_test(test_region_paper_unsound),
		cmocka_unit_test(test_reduction),
		cmocka_unit_test(test_inclusions),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
