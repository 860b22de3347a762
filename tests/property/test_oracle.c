/*
 * test_oracle.c - the oracle itself: hand-checked graphs from the model
 * (SPEC 1, 2.1, 3, 7), the segment oracle against whole walks, and that a
 * larger bound only refutes more; and the warp's solve (a second level of
 * marks, the branches that go the same way in every lane of a warp)
 * against the oracle run with the warp as the thread group.
 */
#include "graph/module.h"
#include "oracle/oracle.h"
#include "property/check.h"
#include "property/gen.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

static const tc_graph *parse(tc_module **m, const char *text)
{
	tc_diag d;
	int rc = tc_parse_cfg(m, "test.cfg", text, strlen(text), NULL, &d);
	if (rc)
		fail_msg("parse: %s", d.message);
	assert_int_equal(tc_module_graph_count(*m), 1);
	return tc_module_graph(*m, 0);
}

/* nodes and edges as strings of states, in id order */
static void expect(const char *text, bool assume, bool uniform, const char *nodes,
		   const char *edges)
{
	tc_module *m;
	const tc_graph *g = parse(&m, text);
	oracle_options o = oracle_options_default();
	o.assume_barriers = assume;
	o.use_uniform = uniform;
	oracle_result r;
	assert_int_equal(oracle_solve(&r, g, &o), 0);
	char got_n[64] = "", got_e[64] = "";
	memcpy(got_n, r.node_state, tc_graph_node_count(g));
	memcpy(got_e, r.edge_state, tc_graph_edge_count(g));
	if (strcmp(got_n, nodes) || strcmp(got_e, edges))
		fail_msg("%s\n(assume %d, uniform %d): want %s | %s, got %s | %s", text, assume,
			 uniform, nodes, edges, got_n, got_e);
	assert_true(r.complete);
	oracle_result_free(&r);
	tc_module_free(m);
}

static void test_examples(void **state)
{
	(void)state;
	/* SPEC 2.1: the self-loop makes 3 run a different number of times */
	expect("graph s\nentry 0\nexit 5\n0 -> 1\n1 -> 2\n2 -> 3\n3 -> 3\n3 -> 4\n4 -> 5\n",
	       true, true, "CCCCUC", "CCCUCC");
	/* a divergent diamond, and the same with a uniform branch */
	expect("graph d\nentry a\nexit d\na -> b c\nb -> d\nc -> d\n", true, true, "CCUU",
	       "UUUU");
	expect("graph d\nentry a\nexit d\nuniform a\na -> b c\nb -> d\nc -> d\n", true, true,
	       "CCCC", "CCCC");
	expect("graph d\nentry a\nexit d\nuniform a\na -> b c\nb -> d\nc -> d\n", true, false,
	       "CCUU", "UUUU");
	/* a barrier in one arm: well synchronized only if all threads take it */
	expect("graph d\nentry a\nexit d\nbarrier b\na -> b c\nb -> d\nc -> d\n", true, true,
	       "CCCC", "CCCC");
	expect("graph d\nentry a\nexit d\nbarrier b\na -> b c\nb -> d\nc -> d\n", false, true,
	       "CCUU", "UUUU");
	/* issue 37, item 5: a loop whose thread-dependent exit goes straight to
	 * the header of a loop with a uniform trip count and a barrier (check
	 * mode), after it or around it, without and with an empty block on the
	 * edge: the barrier is convergent in all four */
	expect("graph a\nentry e\nexit x\nbarrier b\nuniform h\ne -> l\nl -> l h\nh -> b x\n"
	       "b -> h\n",
	       false, true, "CCCCU", "CUCCCC");
	expect("graph a\nentry e\nexit x\nbarrier b\nuniform h\ne -> l\nl -> l p\np -> h\n"
	       "h -> b x\nb -> h\n",
	       false, true, "CCCCUC", "CUCCCCC");
	expect("graph n\nentry e\nexit x\nbarrier b\nuniform h\ne -> h\nh -> b x\nb -> l\n"
	       "l -> l h\n",
	       false, true, "CCCCU", "CCCCUC");
	expect("graph n\nentry e\nexit x\nbarrier b\nuniform h\ne -> h\nh -> b x\nb -> l\n"
	       "l -> l p\np -> h\n",
	       false, true, "CCCCUC", "CCCCUCC");
	/* a loop: divergent, then with a uniform exit test */
	expect("graph l\nentry e\nexit x\ne -> h\nh -> b x\nb -> h\n", true, true, "CCUU",
	       "CUCU");
	expect("graph l\nentry e\nexit x\nuniform h\ne -> h\nh -> b x\nb -> h\n", true, true,
	       "CCCC", "CCCC");
	/* a barrier in a loop: the loop count is synchronized in assume mode */
	expect("graph l\nentry e\nexit x\nbarrier b\ne -> h\nh -> b x\nb -> h\n", true, true,
	       "CCCC", "CCCC");
	expect("graph l\nentry e\nexit x\nbarrier b\ne -> h\nh -> b x\nb -> h\n", false, true,
	       "CCUU", "CUCU");
	/* parallel edges are told apart */
	expect("graph p\nentry a\nexit b\na -> b b\n", true, true, "CC", "UU");
	expect("graph p\nentry a\nexit b\na -> b\n", true, true, "CC", "C");
	/* dead: c cannot reach exit, d is unreachable, exit's out-edge is never taken */
	expect("graph x\nentry a\nexit z\na -> b\nb -> z\na -> c\nc -> c\nd -> b\nz -> b\n", true,
	       true, "CCC--", "CC----");
	/* entry may be met again: each arrival is a sync event */
	expect("graph r\nentry a\nexit z\na -> b\nb -> a z\n", true, true, "CCC", "CCC");
	/* a uniform entry decides for everyone */
	expect("graph u\nentry a\nexit z\nuniform a\na -> b c\nb -> z\nc -> z\n", true, true,
	       "CCCC", "CCCC");
	/* uniform inside a divergent loop: refuted itself, so dropped from S */
	expect("graph f\nentry e\nexit x\nuniform h\ne -> d\nd -> h x\nh -> b c\nb -> d\n"
	       "c -> d\n",
	       true, true, "CCUUUU", "CUCUUUU");
}

/* the states of one element, found by name: "n5" or "n5->n4" (first such edge) */
static char state_of(const tc_graph *g, const char *states, const char *name)
{
	uint32_t n = tc_graph_node_count(g), m = tc_graph_edge_count(g);
	const char *arrow = strstr(name, "->");
	if (!arrow) {
		uint32_t v = tc_graph_find_node(g, name);
		assert_int_not_equal(v, TC_NONE);
		return states[v];
	}
	for (uint32_t e = 0; e < m; e++) {
		const char *from = tc_graph_node_name(g, tc_graph_edge_from(g, e));
		if (strlen(from) == (size_t)(arrow - name) && !strncmp(from, name, strlen(from)) &&
		    !strcmp(tc_graph_node_name(g, tc_graph_edge_to(g, e)), arrow + 2))
			return states[n + e];
	}
	fail_msg("no edge %s", name);
	return 0;
}

/* a solver's states with marks, in assume mode: nodes, then edges */
static void solve_marked(const tc_graph *g, tc_solver solver, char *out)
{
	tc_solve_options opt = tc_solve_options_default();
	opt.solver = solver;
	tc_result *r;
	tc_diag d;
	assert_int_equal(tc_solve(&r, g, &opt, NULL, &d), 0);
	prop_result_states(r, g, out);
	tc_result_free(r);
}

/* the oracle's states in the same layout */
static void oracle_states(const oracle_result *r, const tc_graph *g, char *out)
{
	uint32_t n = tc_graph_node_count(g), m = tc_graph_edge_count(g);
	memcpy(out, r->node_state, n);
	memcpy(out + n, r->edge_state, m);
	out[n + m] = '\0';
}

/*
 * exact with marks (SPEC 3.1 as revised): a convergent marked node keeps
 * its mark inside a divergent region, and what exact still misses.
 */
static void test_marks(void **state)
{
	(void)state;
	char ex[64], pa[64], orc[64];
	oracle_options o = oracle_options_default();
	o.use_uniform = true;
	oracle_result r;

	/* The revision's example: u lies in the wide region of the divergent
	 * c, but u is convergent (every thread passes it once per segment
	 * from b), so its mark holds and u -> p, p are convergent; path
	 * proves them with the literal rule, and exact did not before. */
	tc_module *m;
	const tc_graph *g = parse(&m, "graph revised\nentry c\nexit x\nbarrier b\nuniform u\n"
				       "c -> d u\nd -> b u\nb -> c\nu -> p x\np -> x\n");
	solve_marked(g, TC_SOLVER_EXACT, ex);
	solve_marked(g, TC_SOLVER_PATH, pa);
	assert_int_equal(oracle_solve(&r, g, &o), 0);
	assert_true(r.complete);
	for (const char **x = (const char *[]){"u", "p", "u->p", NULL}; *x; x++) {
		assert_int_equal(state_of(g, pa, *x), 'C');
		assert_int_equal(state_of(g, ex, *x), 'C');
	}
	oracle_states(&r, g, orc);
	for (size_t i = 0; ex[i]; i++) {
		if (pa[i] == 'C')
			assert_int_equal(ex[i], 'C');
		if (ex[i] == 'C') /* sound */
			assert_int_equal(orc[i], 'C');
	}
	oracle_result_free(&r);
	tc_module_free(m);

	/* The known gap (docs/solvers.md): threads reach n5 from n1 and from n4,
	 * but every thread's k-th visit of n5 in a segment takes the same edge,
	 * so the oracle proves n5 and n5 -> n4. SPEC 3.1 drops n5's mark: n5 is
	 * not convergent (its count differs with the entry taken) and lies in
	 * the wide region of the divergent n0. exact is sound here and says U
	 * on exactly those two elements; if it ever proves them, it has become
	 * more complete than SPEC 3.1: update the docs and this test. */
	g = parse(&m, "graph gap\nentry n0\nexit n6\nbarrier n2\nuniform n1 n2 n3 n5\n"
		      "n0 -> n1 n4\nn1 -> n2 n5\nn2 -> n3 n6\nn3 -> n4\nn4 -> n5\n"
		      "n5 -> n4 n6\n");
	solve_marked(g, TC_SOLVER_EXACT, ex);
	assert_int_equal(oracle_solve(&r, g, &o), 0);
	assert_true(r.complete);
	oracle_states(&r, g, orc);
	uint32_t differ = 0;
	for (uint32_t i = 0; ex[i]; i++) {
		assert_false(ex[i] == 'C' && orc[i] != 'C'); /* sound */
		differ += ex[i] != orc[i];
	}
	assert_int_equal(differ, 2);
	assert_int_equal(state_of(g, orc, "n5"), 'C');
	assert_int_equal(state_of(g, ex, "n5"), 'U');
	assert_int_equal(state_of(g, orc, "n5->n4"), 'C');
	assert_int_equal(state_of(g, ex, "n5->n4"), 'U');
	oracle_result_free(&r);
	tc_module_free(m);
}

/* a random DAG with entry 0 and exit n - 1: every walk is short */
static void gen_dag(pgraph *p, prng *r, uint32_t n, uint32_t barrier_pct, uint32_t uniform_pct)
{
	pg_init(p);
	for (uint32_t v = 0; v < n; v++)
		pg_node(p);
	p->entry = 0;
	p->exit = n - 1;
	uint32_t extra = n + prng_below(r, 2 * n);
	for (uint32_t i = 0; i < extra; i++) {
		uint32_t a = prng_below(r, n - 1), b = a + 1 + prng_below(r, n - 1 - a);
		pg_edge(p, a, b);
	}
	for (uint32_t v = 1; v + 1 < n; v++) {
		if (prng_chance(r, barrier_pct, 100))
			p->flags[v] |= TC_NODE_BARRIER;
		if (prng_chance(r, uniform_pct, 100))
			p->flags[v] |= TC_NODE_UNIFORM;
	}
}

static void report(const pgraph *p, const char *what, uint64_t seed, const oracle_result *a,
		   const oracle_result *b, uint32_t n, uint32_t m)
{
	fprintf(stderr, "%s (seed %llu): %.*s | %.*s vs %.*s | %.*s\n", what,
		(unsigned long long)seed, (int)n, a->node_state, (int)m, a->edge_state, (int)n,
		b->node_state, (int)m, b->edge_state);
	pg_write_cfg(stderr, p, "oracle");
}

/* whether every C of b is a C of a, and the '-' agree */
static int c_within(const oracle_result *a, const oracle_result *b, uint32_t n, uint32_t m)
{
	for (uint32_t v = 0; v < n; v++)
		if ((b->node_state[v] == 'C' && a->node_state[v] != 'C') ||
		    (a->node_state[v] == '-') != (b->node_state[v] == '-'))
			return 0;
	for (uint32_t e = 0; e < m; e++)
		if ((b->edge_state[e] == 'C' && a->edge_state[e] != 'C') ||
		    (a->edge_state[e] == '-') != (b->edge_state[e] == '-'))
			return 0;
	return 1;
}

static int same(const oracle_result *a, const oracle_result *b, uint32_t n, uint32_t m)
{
	return memcmp(a->node_state, b->node_state, n) == 0 &&
	       memcmp(a->edge_state, b->edge_state, m) == 0;
}

/*
 * The segment oracle refutes at least what whole walks of the same bound
 * refute, and both agree when both saw every walk.
 */
static void test_walks_vs_segments(void **state)
{
	(void)state;
	unsigned long count = prop_scaled(600), base = prop_seed_base(), failures = 0,
		      exhaustive = 0;
	pgraph *p = malloc(sizeof *p);
	assert_non_null(p);
	for (unsigned long i = 0; i < count; i++) {
		uint64_t seed = base + i;
		prng r;
		prng_seed(&r, seed);
		if (i % 2)
			gen_dag(p, &r, 4 + prng_below(&r, 4), 30, 30);
		else
			gen_random(p, &r, 4, 6, 30, 30);
		tc_graph *g;
		assert_int_equal(pg_build(&g, p), 0);
		for (int mode = 0; mode < 4; mode++) {
			oracle_options o = oracle_options_default();
			o.assume_barriers = mode & 1;
			o.use_uniform = mode & 2;
			o.max_len = 9;
			o.mode = ORACLE_WALKS;
			oracle_result w, s;
			assert_int_equal(oracle_solve(&w, g, &o), 0);
			o.mode = ORACLE_SEGMENTS;
			assert_int_equal(oracle_solve(&s, g, &o), 0);
			if (!c_within(&w, &s, p->n, p->m)) {
				report(p, "segments claim more than walks", seed, &w, &s, p->n,
				       p->m);
				failures++;
			}
			if (w.exhaustive && s.exhaustive) {
				exhaustive++;
				if (!same(&w, &s, p->n, p->m)) {
					report(p, "exhaustive walks and segments differ", seed, &w,
					       &s, p->n, p->m);
					failures++;
				}
			}
			oracle_result_free(&w);
			oracle_result_free(&s);
		}
		tc_graph_free(g);
	}
	free(p);
	printf("walks vs segments: %lu graphs, %lu exhaustive runs, %lu failures\n", count,
	       exhaustive, failures);
	assert_int_equal(failures, 0);
}

/* more walks, more refutations: C(L + 1) is within C(L) */
static void test_monotone(void **state)
{
	(void)state;
	unsigned long count = prop_scaled(400), base = prop_seed_base(), failures = 0;
	pgraph *p = malloc(sizeof *p);
	assert_non_null(p);
	for (unsigned long i = 0; i < count; i++) {
		uint64_t seed = base + 1000000 + i;
		prng r;
		prng_seed(&r, seed);
		if (i % 2)
			gen_structured(p, &r, 9, 25, 40);
		else
			gen_random(p, &r, 4, 7, 25, 40);
		tc_graph *g;
		assert_int_equal(pg_build(&g, p), 0);
		oracle_options o = oracle_options_default();
		o.assume_barriers = i % 3 != 0;
		oracle_result prev;
		memset(&prev, 0, sizeof prev);
		for (uint32_t len = 1; len <= 10; len++) {
			oracle_result cur;
			o.max_len = len;
			assert_int_equal(oracle_solve(&cur, g, &o), 0);
			if (len > 1 && !c_within(&prev, &cur, p->n, p->m)) {
				report(p, "a larger bound claims more", seed, &prev, &cur, p->n,
				       p->m);
				failures++;
			}
			oracle_result_free(&prev);
			prev = cur;
		}
		oracle_result_free(&prev);
		tc_graph_free(g);
	}
	free(p);
	assert_int_equal(failures, 0);
}

/*
 * The warp's solve: a graph with block marks B, and warp marks W on other
 * branches (they go the same way in every lane of a warp, not of the
 * block), as a front end leaves them (tc__module_set_collectives).
 * tc_module_solve for a warp must be sound for the oracle run with B and W
 * marked (its threads: one warp's), give what a plain solve of the graph
 * with B and W marked gives, and claim every C the block's solve claims
 * (what the whole block does together, each warp does).
 */
static void test_warp_marks(void **state)
{
	(void)state;
	unsigned long count = prop_scaled(2000), base = prop_seed_base(), failures = 0,
		      warp_c = 0, more = 0;
	pgraph *p = malloc(sizeof *p), *pw = malloc(sizeof *pw);
	char sb[2 * PG_MAX_EDGES + 64], sw[2 * PG_MAX_EDGES + 64], sp[2 * PG_MAX_EDGES + 64];
	assert_non_null(p);
	assert_non_null(pw);
	for (unsigned long i = 0; i < count; i++) {
		uint64_t seed = base + 3000000 + i;
		prng r;
		prng_seed(&r, seed);
		if (i % 2)
			gen_dag(p, &r, 4 + prng_below(&r, 5), 30, 20);
		else
			gen_random(p, &r, 4, 7, 30, 20);
		*pw = *p;
		uint8_t *wu = calloc(p->n ? p->n : 1, 1);
		assert_non_null(wu);
		for (uint32_t v = 0; v < p->n; v++)
			if (!(p->flags[v] & TC_NODE_UNIFORM) && prng_chance(&r, 40, 100)) {
				wu[v] = 1;
				pw->flags[v] |= TC_NODE_UNIFORM;
			}
		tc_graph *g, *gw;
		tc_module *m;
		assert_int_equal(pg_build(&g, p), 0);
		assert_int_equal(pg_build(&gw, pw), 0);
		assert_int_equal(tc__module_new(&m, NULL), 0);
		assert_int_equal(tc__module_add(m, g), 0);
		tc__module_set_collectives(m, NULL, 0, wu, NULL, 32, false);
		bool assume = i % 3 != 0;
		tc_solve_options opt = tc_solve_options_default();
		opt.assume_barriers = assume;
		tc_result *rb, *rw, *rp;
		tc_diag d;
		assert_int_equal(tc_module_solve(&rb, m, 0, &opt, NULL, &d), 0);
		opt.group = TC_GROUP_WARP;
		assert_int_equal(tc_module_solve(&rw, m, 0, &opt, NULL, &d), 0);
		assert_int_equal(tc_solve(&rp, gw, &opt, NULL, &d), 0);
		prop_result_states(rb, g, sb);
		prop_result_states(rw, g, sw);
		prop_result_states(rp, gw, sp);
		oracle_options o = oracle_options_default();
		o.assume_barriers = assume;
		o.use_uniform = true;
		oracle_result orc;
		assert_int_equal(oracle_solve(&orc, gw, &o), 0);
		uint32_t n = p->n, nm = p->n + p->m;
		bool bad = strcmp(sw, sp) != 0;
		for (uint32_t k = 0; k < nm; k++) {
			char oc = k < n ? orc.node_state[k] : orc.edge_state[k - n];
			bad |= sw[k] == 'C' && oc != 'C';      /* sound for a warp */
			bad |= (sw[k] == '-') != (oc == '-'); /* the same live elements */
			bad |= sb[k] == 'C' && sw[k] != 'C';   /* the block's C hold */
			warp_c += sw[k] == 'C';
			more += sw[k] == 'C' && sb[k] != 'C';
		}
		if (bad) {
			fprintf(stderr, "warp marks (seed %llu, %s mode): block %s warp %s plain %s\n",
				(unsigned long long)seed, assume ? "assume" : "check", sb, sw, sp);
			pg_write_cfg(stderr, pw, "warp");
			failures++;
		}
		oracle_result_free(&orc);
		tc_result_free(rb);
		tc_result_free(rw);
		tc_result_free(rp);
		tc_module_free(m);
		tc_graph_free(gw);
	}
	free(p);
	free(pw);
	printf("warp marks: %lu graphs, %lu elements C for a warp, %lu of them not for the "
	       "block, %lu failures\n",
	       count, warp_c, more, failures);
	assert_true(more > 0); /* the warp marks made a difference somewhere */
	assert_int_equal(failures, 0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		{"examples", test_examples, NULL, NULL, NULL},
		{"walks_vs_segments", test_walks_vs_segments, NULL, NULL, NULL},
		{"monotone", test_monotone, NULL, NULL, NULL},
		{"marks", test_marks, NULL, NULL, NULL},
		{"warp_marks", test_warp_marks, NULL, NULL, NULL},
	};
	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
