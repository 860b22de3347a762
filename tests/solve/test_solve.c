/*
 * test_solve.c - the solve API around the solvers: names, options, phase
 * statistics, progress reports, and exact's bounded work falling back to
 * path's answer.
 */
#include "threadconv.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

static tc_graph *parse_one(const char *text, tc_module **mod)
{
	tc_diag d;
	assert_int_equal(tc_parse_cfg(mod, "t.cfg", text, strlen(text), NULL, &d), TC_OK);
	return (tc_graph *)tc_module_graph(*mod, 0);
}

static void test_solver_names(void **state)
{
	(void)state;
	for (int s = 0; s < TC_SOLVER_COUNT; s++) {
		tc_solver back;
		assert_int_equal(tc_solver_from_name(&back, tc_solver_name((tc_solver)s)), TC_OK);
		assert_int_equal(back, s);
		assert_int_equal(tc_solver_is_sound((tc_solver)s), s != TC_SOLVER_REGION_PAPER);
	}
	tc_solver x;
	assert_int_equal(tc_solver_from_name(&x, "fast"), TC_EINVAL);
	tc_solve_options o = tc_solve_options_default();
	assert_int_equal(o.solver, TC_SOLVER_EXACT);
	assert_true(o.assume_barriers);
	assert_false(o.ignore_uniform);
}

/* The text of a graph with barriers b0 .. b<barriers - 1> and a region of
 * about that many nodes to come: its header, the barriers declared; *end is
 * where the edges go. */
static char *start_graph(const char *name, int barriers, int region, char **end)
{
	size_t cap = (size_t)(barriers * 96 + region * 40 + 256);
	char *t = malloc(cap), *p = t;
	p += sprintf(p, "graph %s\nentry e\nexit x\n", name);
	for (int i = 0; i < barriers; i++)
		p += sprintf(p, "barrier b%d\n", i);
	*end = p;
	return t;
}

/* B barriers, each with a diamond, all flowing into one long region */
static char *fanin(int barriers, int region)
{
	char *p, *t = start_graph("fanin", barriers, region, &p);
	p += sprintf(p, "e -> s0\n");
	for (int i = 0; i < barriers; i++) {
		if (i + 1 < barriers)
			p += sprintf(p, "s%d -> b%d s%d\n", i, i, i + 1);
		else
			p += sprintf(p, "s%d -> b%d\n", i, i);
		p += sprintf(p, "b%d -> p%d q%d\np%d -> m%d\nq%d -> m%d\nm%d -> h0\n", i, i, i,
			     i, i, i, i, i);
	}
	for (int j = 0; j + 1 < region; j++) {
		p += sprintf(p, "h%d -> h%d\n", j, j + 1);
		if (j % 7 == 3 && j + 2 < region)
			p += sprintf(p, "h%d -> h%d\n", j, j + 2);
	}
	p += sprintf(p, "h%d -> x\n", region - 1);
	return t;
}

/*
 * B barriers, each in one arm of a diamond whose other arm the entry's
 * segment takes; the joins lead on to the next diamond, the last one into a
 * long region. The node after each barrier is reached from its barrier
 * only, and its join also from the entry: only the per-source test decides
 * it, and each barrier's segment holds everything after it.
 */
static char *arms(int barriers, int region)
{
	char *p, *t = start_graph("arms", barriers, region, &p);
	p += sprintf(p, "e -> d0\n");
	for (int i = 0; i < barriers; i++) {
		p += sprintf(p, "d%d -> b%d r%d\nb%d -> q%d\nq%d -> j%d\nr%d -> j%d\n", i, i, i,
			     i, i, i, i, i, i);
		if (i + 1 < barriers)
			p += sprintf(p, "j%d -> d%d\n", i, i + 1);
		else
			p += sprintf(p, "j%d -> h0\n", i);
	}
	for (int j = 0; j + 1 < region; j++)
		p += sprintf(p, "h%d -> h%d\n", j, j + 1);
	p += sprintf(p, "h%d -> x\n", region - 1);
	return t;
}

static int subset(const tc_graph *g, const tc_result *a, const tc_result *b)
{
	for (uint32_t v = 0; v < tc_graph_node_count(g); v++)
		if (tc_result_node_state(a, v) == TC_STATE_CONVERGENT &&
		    tc_result_node_state(b, v) != TC_STATE_CONVERGENT)
			return 0;
	for (uint32_t e = 0; e < tc_graph_edge_count(g); e++)
		if (tc_result_edge_state(a, e) == TC_STATE_CONVERGENT &&
		    tc_result_edge_state(b, e) != TC_STATE_CONVERGENT)
			return 0;
	return 1;
}

static void test_exact_work_bound(void **state)
{
	(void)state;
	tc_module *mod;
	char *text = arms(40, 300);
	tc_graph *g = parse_one(text, &mod);
	free(text);
	tc_solve_options o = tc_solve_options_default();
	tc_result *full, *bounded, *path;
	tc_diag d;
	o.exact_work_limit = UINT64_MAX;
	assert_int_equal(tc_solve(&full, g, &o, NULL, &d), TC_OK);
	assert_int_equal(tc_result_stats(full).fallback_sources, 0);
	o.exact_work_limit = 3000; /* a few segments, then the rest fall back */
	assert_int_equal(tc_solve(&bounded, g, &o, NULL, &d), TC_OK);
	uint32_t fell = tc_result_stats(bounded).fallback_sources;
	assert_true(fell > 0 && fell < 40);
	o.solver = TC_SOLVER_PATH;
	assert_int_equal(tc_solve(&path, g, &o, NULL, &d), TC_OK);
	/* sound (within exact) and no weaker than path */
	assert_true(subset(g, bounded, full));
	assert_true(subset(g, path, bounded));
	/* a factor bounds it at that many times the graph's size, no less */
	tc_result *once;
	o.solver = TC_SOLVER_EXACT;
	o.exact_work_limit = 0;
	o.exact_work_factor = 1;
	assert_int_equal(tc_solve(&once, g, &o, NULL, &d), TC_OK);
	assert_true(tc_result_stats(once).fallback_sources > 0);
	assert_true(subset(g, once, full));
	assert_true(subset(g, path, once));
	tc_result_free(once);
	/* what the test of all sources together decides stays decided */
	uint32_t h = tc_graph_find_node(g, "h100");
	assert_int_equal(tc_result_node_state(bounded, h), TC_STATE_CONVERGENT);
	/* the node after a barrier is convergent: it dominates its segment */
	uint32_t q0 = tc_graph_find_node(g, "q0"), q39 = tc_graph_find_node(g, "q39");
	assert_int_equal(tc_result_node_state(full, q0), TC_STATE_CONVERGENT);
	assert_int_equal(tc_result_node_state(full, q39), TC_STATE_CONVERGENT);
	tc_result_free(full);
	tc_result_free(bounded);
	tc_result_free(path);
	tc_module_free(mod);

	/* B barriers flowing into one region: the joint test decides all of it
	 * whatever the bound: the region; the diamonds (p39 fails through an
	 * arc to m39, which b39 dominates); and each m_i, below its barrier,
	 * whose only way out is its own */
	text = fanin(40, 300);
	g = parse_one(text, &mod);
	free(text);
	o.solver = TC_SOLVER_EXACT;
	o.exact_work_limit = 1000;
	assert_int_equal(tc_solve(&bounded, g, &o, NULL, &d), TC_OK);
	assert_int_equal(tc_result_stats(bounded).fallback_sources, 0);
	o.exact_work_limit = UINT64_MAX;
	assert_int_equal(tc_solve(&full, g, &o, NULL, &d), TC_OK);
	assert_true(subset(g, bounded, full) && subset(g, full, bounded));
	assert_int_equal(tc_result_node_state(bounded, tc_graph_find_node(g, "p39")),
			 TC_STATE_UNKNOWN);
	assert_int_equal(tc_result_node_state(full, tc_graph_find_node(g, "m39")),
			 TC_STATE_CONVERGENT);
	assert_int_equal(tc_result_node_state(full, tc_graph_find_node(g, "h100")),
			 TC_STATE_CONVERGENT);
	assert_int_equal(tc_result_node_state(full, tc_graph_find_node(g, "p39")),
			 TC_STATE_UNKNOWN);
	tc_result_free(full);
	tc_result_free(bounded);
	tc_module_free(mod);
}

/*
 * Three layers: barriers b_i, nodes c_j, nodes q_k, each q_k on to its own
 * barrier t_k; arcs b_i -> c_j where a[i][j], c_j -> q_k where b[j][k]. A
 * thread from b_i reaches t_k through some c_j; two threads that took
 * different c_j to the same t_k are in step, so c_j is not convergent
 * exactly when it lies on a four-cycle b_i -> c_j -> q_k <- c_j' <- b_i
 * (docs/solvers.md, "No shortcut"). Every c_j fails the joint test only
 * through its arcs to the q_k, which several barriers reach apart: the
 * per-source tests decide all of it.
 */
enum { LAYER_MAX = 24 };

typedef struct layers {
	int ni, nj, nk;
	unsigned char a[LAYER_MAX][LAYER_MAX], b[LAYER_MAX][LAYER_MAX];
} layers;

static uint32_t next_rand(uint64_t *s)
{
	*s = *s * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(*s >> 33);
}

/* gives each of the n rows (by_rows) or columns of m a 1 where it has
 * none, at a random place among the other side's count */
static void cover(unsigned char m[][LAYER_MAX], int n, int count, int by_rows, uint64_t *s)
{
	for (int x = 0; x < n; x++) {
		int any = 0;
		for (int y = 0; y < count; y++)
			any |= by_rows ? m[x][y] : m[y][x];
		int y = (int)(next_rand(s) % (uint32_t)count);
		if (!any && by_rows)
			m[x][y] = 1;
		else if (!any)
			m[y][x] = 1;
	}
}

static void make_layers(layers *l, uint64_t seed)
{
	uint64_t s = seed;
	memset(l, 0, sizeof *l);
	l->ni = 4 + (int)(next_rand(&s) % (LAYER_MAX - 3));
	l->nj = 4 + (int)(next_rand(&s) % (LAYER_MAX - 3));
	l->nk = 4 + (int)(next_rand(&s) % (LAYER_MAX - 3));
	uint32_t pct = 5 + next_rand(&s) % 15;
	for (int j = 0; j < l->nj; j++) {
		for (int i = 0; i < l->ni; i++)
			l->a[i][j] = next_rand(&s) % 100 < pct;
		for (int k = 0; k < l->nk; k++)
			l->b[j][k] = next_rand(&s) % 100 < pct;
	}
	/* everything live: every b_i, c_j and q_k has its way in and out */
	cover(l->a, l->nj, l->ni, 0, &s);
	cover(l->b, l->nj, l->nk, 1, &s);
	cover(l->a, l->ni, l->nj, 1, &s);
	cover(l->b, l->nk, l->nj, 0, &s);
}

static char *layers_text(const layers *l)
{
	char *t = malloc(64 * LAYER_MAX * LAYER_MAX + 4096), *p = t;
	p += sprintf(p, "graph layers\nentry e\nexit x\nbarrier");
	for (int i = 0; i < l->ni; i++)
		p += sprintf(p, " b%d", i);
	for (int k = 0; k < l->nk; k++)
		p += sprintf(p, " t%d", k);
	p += sprintf(p, "\ne ->");
	for (int i = 0; i < l->ni; i++)
		p += sprintf(p, " b%d", i);
	p += sprintf(p, "\n");
	for (int i = 0; i < l->ni; i++)
		for (int j = 0; j < l->nj; j++)
			if (l->a[i][j])
				p += sprintf(p, "b%d -> c%d\n", i, j);
	for (int j = 0; j < l->nj; j++)
		for (int k = 0; k < l->nk; k++)
			if (l->b[j][k])
				p += sprintf(p, "c%d -> q%d\n", j, k);
	for (int k = 0; k < l->nk; k++)
		p += sprintf(p, "q%d -> t%d\nt%d -> x\n", k, k, k);
	return t;
}

/* whether some b_i with i in ia (all when ia < 0) and some q_k with k in kb
 * (all when kb < 0) meet through c_j and through another c_j' */
static int four_cycle(const layers *l, int j, int ia, int kb)
{
	for (int i = 0; i < l->ni; i++) {
		if (!l->a[i][j] || (ia >= 0 && i != ia))
			continue;
		for (int k = 0; k < l->nk; k++) {
			if (!l->b[j][k] || (kb >= 0 && k != kb))
				continue;
			for (int j2 = 0; j2 < l->nj; j2++)
				if (j2 != j && l->a[i][j2] && l->b[j2][k])
					return 1;
		}
	}
	return 0;
}

static void test_exact_four_cycles(void **state)
{
	(void)state;
	int fails = 0, passes = 0, fell = 0;
	for (uint64_t seed = 1; seed <= 40; seed++) {
		layers l;
		make_layers(&l, seed);
		char *text = layers_text(&l);
		tc_module *mod;
		tc_graph *g = parse_one(text, &mod);
		free(text);
		tc_solve_options o = tc_solve_options_default();
		tc_result *r, *bounded, *path;
		tc_diag d;
		assert_int_equal(tc_solve(&r, g, &o, NULL, &d), TC_OK);
		char name[16];
		for (int j = 0; j < l.nj; j++) {
			snprintf(name, sizeof name, "c%d", j);
			int u = four_cycle(&l, j, -1, -1);
			assert_int_equal(tc_result_node_state(r, tc_graph_find_node(g, name)),
					 u ? TC_STATE_UNKNOWN : TC_STATE_CONVERGENT);
			fails += u;
			passes += !u;
		}
		for (int k = 0; k < l.nk; k++) {
			snprintf(name, sizeof name, "q%d", k);
			assert_int_equal(tc_result_node_state(r, tc_graph_find_node(g, name)),
					 TC_STATE_CONVERGENT);
		}
		/* b_i -> c_j fails for b_i's threads alone, c_j -> q_k for q_k's */
		for (uint32_t e = 0; e < tc_graph_edge_count(g); e++) {
			const char *from = tc_graph_node_name(g, tc_graph_edge_from(g, e));
			const char *to = tc_graph_node_name(g, tc_graph_edge_to(g, e));
			int u = 0;
			if (from[0] == 'b')
				u = four_cycle(&l, atoi(to + 1), atoi(from + 1), -1);
			else if (from[0] == 'c')
				u = four_cycle(&l, atoi(from + 1), -1, atoi(to + 1));
			assert_int_equal(tc_result_edge_state(r, e),
					 u ? TC_STATE_UNKNOWN : TC_STATE_CONVERGENT);
		}
		/* bounded: sound, and no weaker than path */
		o.exact_work_limit = 40;
		assert_int_equal(tc_solve(&bounded, g, &o, NULL, &d), TC_OK);
		fell += tc_result_stats(bounded).fallback_sources > 0;
		o.solver = TC_SOLVER_PATH;
		assert_int_equal(tc_solve(&path, g, &o, NULL, &d), TC_OK);
		assert_true(subset(g, bounded, r));
		assert_true(subset(g, path, bounded));
		tc_result_free(r);
		tc_result_free(bounded);
		tc_result_free(path);
		tc_module_free(mod);
	}
	/* both answers occur often, and the bound bites */
	assert_true(fails > 100 && passes > 100);
	assert_true(fell > 30);
}

typedef struct seen_phases {
	int calls;
	int saw_segments;
} seen_phases;

static void on_progress(void *ud, const char *phase, uint64_t done, uint64_t total)
{
	seen_phases *s = ud;
	s->calls++;
	if (phase && strcmp(phase, "segments") == 0)
		s->saw_segments = 1;
	assert_true(total == 0 || done <= total);
}

static void test_stats_and_progress(void **state)
{
	(void)state;
	tc_module *mod;
	tc_graph *g = parse_one("entry a\nexit d\nbarrier b\nuniform a\n"
				"a -> b c\nb -> d\nc -> d\n",
				&mod);
	static const struct {
		tc_solver s;
		const char *phase;
	} want[] = {
		{TC_SOLVER_BASIC, "rules"},        {TC_SOLVER_REGION, "pairs"},
		{TC_SOLVER_REGION_PAPER, "pairs"}, {TC_SOLVER_LINEAR, "bridges"},
		{TC_SOLVER_PATH, "path-rule"},     {TC_SOLVER_EXACT, "segments"},
	};
	for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
		tc_solve_options o = tc_solve_options_default();
		seen_phases seen = {0, 0};
		o.solver = want[i].s;
		o.progress = on_progress;
		o.progress_ud = &seen;
		tc_result *r;
		tc_diag d;
		assert_int_equal(tc_solve(&r, g, &o, NULL, &d), TC_OK);
		tc_solve_stats st = tc_result_stats(r);
		int found = 0, live = 0;
		double sum = 0;
		for (uint32_t k = 0; k < st.nphases; k++) {
			found |= strcmp(st.phase[k].name, want[i].phase) == 0;
			live |= strcmp(st.phase[k].name, "live") == 0;
			assert_true(st.phase[k].seconds >= 0);
			sum += st.phase[k].seconds;
		}
		assert_true(found);
		assert_true(live);
		assert_true(sum <= st.total_s + 1e-6);
		/* the uniform mark on a convergent branch takes a second round */
		assert_int_equal(st.rounds, 2);
		assert_true(seen.calls >= (int)st.nphases);
		assert_int_equal(seen.saw_segments, want[i].s == TC_SOLVER_EXACT);
		tc_result_free(r);
	}
	tc_module_free(mod);
}

/*
 * With uniform marks exact follows SPEC 3.1, the others the paper's literal
 * rule. u lies in the region of the divergent c, but it is convergent (every
 * thread passes it once in the segment after b), so its mark holds there:
 * exact proves u -> p and p, as path does with the literal rule, and
 * contains path's answer (it did not before SPEC 3.1 was revised).
 */
static void test_uniform_after_divergent_loop(void **state)
{
	(void)state;
	tc_module *mod;
	tc_graph *g = parse_one("entry c\nexit x\nbarrier b\nuniform u\n"
				"c -> d u\nd -> b u\nb -> c\nu -> p x\np -> x\n",
				&mod);
	tc_solve_options o = tc_solve_options_default();
	tc_result *ex, *pa, *plain;
	tc_diag d;
	assert_int_equal(tc_solve(&ex, g, &o, NULL, &d), TC_OK);
	o.solver = TC_SOLVER_PATH;
	assert_int_equal(tc_solve(&pa, g, &o, NULL, &d), TC_OK);
	o.solver = TC_SOLVER_EXACT;
	o.ignore_uniform = true;
	assert_int_equal(tc_solve(&plain, g, &o, NULL, &d), TC_OK);
	uint32_t u = tc_graph_find_node(g, "u"), p = tc_graph_find_node(g, "p");
	assert_int_equal(tc_result_node_state(ex, u), TC_STATE_CONVERGENT);
	assert_int_equal(tc_result_node_state(ex, p), TC_STATE_CONVERGENT);
	assert_int_equal(tc_result_node_state(pa, p), TC_STATE_CONVERGENT);
	assert_int_equal(tc_result_node_state(plain, p), TC_STATE_UNKNOWN);
	assert_true(subset(g, pa, ex));
	/* marks never take convergence away */
	assert_true(subset(g, plain, ex));
	tc_result_free(ex);
	tc_result_free(pa);
	tc_result_free(plain);
	tc_module_free(mod);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_solver_names),
		cmocka_unit_test(test_exact_work_bound),
		cmocka_unit_test(test_exact_four_cycles),
		cmocka_unit_test(test_stats_and_progress),
		cmocka_unit_test(test_uniform_after_divergent_loop),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
