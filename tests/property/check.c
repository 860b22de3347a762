/*
 * check.c - solvers against the oracle and against each other.
 *
 * Soundness and '-' agreement need no care about the oracle's bound: every
 * oracle refutation comes from two real walks. Completeness is only checked
 * when the oracle says its bound was large enough, and a mismatch is
 * confirmed with a sixteen times larger budget before it counts: when the
 * larger bound changes a heuristic answer, the case is counted as
 * "insufficient" instead (and as an oracle failure when the answer was
 * proven).
 */
#include "property/check.h"

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_SHOW 6
#define SHRINK_SECONDS 20.0
#define MAX_SHRINK 5

static const tc_solver inclusions[][2] = {
	{TC_SOLVER_BASIC, TC_SOLVER_LINEAR}, {TC_SOLVER_LINEAR, TC_SOLVER_PATH},
	{TC_SOLVER_PATH, TC_SOLVER_EXACT},   {TC_SOLVER_BASIC, TC_SOLVER_REGION},
	{TC_SOLVER_REGION, TC_SOLVER_EXACT}, {TC_SOLVER_BASIC, TC_SOLVER_REGION_PAPER},
};

double prop_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

unsigned long prop_scaled(unsigned long n)
{
	const char *s = getenv("TC_PROP_SCALE");
	double k = s ? atof(s) : 1.0;
	unsigned long r = (unsigned long)(n * (k > 0 ? k : 1.0));
	return r ? r : 1;
}

unsigned long prop_seed_base(void)
{
	const char *s = getenv("TC_PROP_SEED");
	return s ? strtoul(s, NULL, 0) : 0;
}

#ifndef TC_VECTORS_DIR
#define TC_VECTORS_DIR "tests/vectors"
#endif

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

size_t prop_list_vectors(char ***paths)
{
	const char *env = getenv("TC_VECTORS_DIR");
	const char *dir = env && *env ? env : TC_VECTORS_DIR;
	*paths = NULL;
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	size_t n = 0, cap = 0;
	struct dirent *de;
	while ((de = readdir(d)) != NULL) {
		size_t len = strlen(de->d_name);
		if (len < 5 || strcmp(de->d_name + len - 4, ".cfg") != 0)
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			char **q = realloc(*paths, cap * sizeof *q);
			if (!q)
				break;
			*paths = q;
		}
		size_t need = strlen(dir) + len + 2;
		if (((*paths)[n] = malloc(need)) == NULL)
			break;
		snprintf((*paths)[n++], need, "%s/%s", dir, de->d_name);
	}
	closedir(d);
	if (n)
		qsort(*paths, n, sizeof **paths, by_name);
	return n;
}

void prop_free_list(char **paths, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(paths[i]);
	free(paths);
}

const char *prop_mode_name(const prop_mode *mode)
{
	if (mode->assume_barriers)
		return mode->use_uniform ? "assume+uniform" : "assume";
	return mode->use_uniform ? "check+uniform" : "check";
}

void prop_print_stats(const char *what, const prop_stats *st, double seconds)
{
	printf("%s: %lu graphs, %lu runs, oracle complete in %lu (%lu proven, %lu confirmed "
	       "insufficient), oracle refuted %lu elements (exact %lu), %lu failures, %.2f s\n",
	       what, st->graphs, st->runs, st->complete, st->proven, st->insufficient,
	       st->oracle_u, st->exact_u, st->failures, seconds);
	if (st->marked_compared)
		printf("%s: with marks, exact equals the oracle in %lu of %lu complete runs "
		       "(%.3f%%); %lu elements differ\n",
		       what, st->marked_compared - st->marked_differ, st->marked_compared,
		       100.0 * (double)(st->marked_compared - st->marked_differ) /
			       (double)st->marked_compared,
		       st->marked_elements);
}

/* appends to a bounded string */
static void add(char *buf, size_t len, const char *fmt, ...)
{
	size_t used = strlen(buf);
	if (used + 1 >= len)
		return;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(buf + used, len - used, fmt, ap);
	va_end(ap);
}

static void add_element(char *buf, size_t len, const tc_graph *g, uint32_t x)
{
	uint32_t n = tc_graph_node_count(g);
	if (x < n)
		add(buf, len, " %s", tc_graph_node_name(g, x));
	else
		add(buf, len, " %s->%s(#%u)", tc_graph_node_name(g, tc_graph_edge_from(g, x - n)),
		    tc_graph_node_name(g, tc_graph_edge_to(g, x - n)), x - n);
}

/* the states of a solve as one string: nodes, then edges */
static int solve_states(char **out, const tc_graph *g, tc_solver solver,
			const prop_mode *mode, char *why, size_t whylen)
{
	uint32_t n = tc_graph_node_count(g), m = tc_graph_edge_count(g);
	tc_solve_options opt = tc_solve_options_default();
	opt.solver = solver;
	opt.assume_barriers = mode->assume_barriers;
	opt.ignore_uniform = !mode->use_uniform;
	tc_result *r;
	tc_diag d;
	memset(&d, 0, sizeof d);
	int rc = tc_solve(&r, g, &opt, NULL, &d);
	if (rc) {
		add(why, whylen, "%s failed: %s: %s", tc_solver_name(solver),
		    tc_status_string(rc), d.message);
		return rc;
	}
	(*out) = malloc((size_t)n + m + 1);
	if (!(*out)) {
		tc_result_free(r);
		return TC_ENOMEM;
	}
	prop_result_states(r, g, *out);
	tc_result_free(r);
	return 0;
}

void prop_result_states(const tc_result *r, const tc_graph *g, char *out)
{
	uint32_t n = tc_graph_node_count(g), m = tc_graph_edge_count(g);
	for (uint32_t v = 0; v < n; v++)
		out[v] = (char)tc_result_node_state(r, v);
	for (uint32_t e = 0; e < m; e++)
		out[n + e] = (char)tc_result_edge_state(r, e);
	out[n + m] = '\0';
}

static int oracle_states(char **out, oracle_result *res, const tc_graph *g,
			 const prop_mode *mode, unsigned scale)
{
	uint32_t n = tc_graph_node_count(g), m = tc_graph_edge_count(g);
	oracle_options o = oracle_options_default();
	o.assume_barriers = mode->assume_barriers;
	o.use_uniform = mode->use_uniform;
	o.step_budget = (mode->step_budget ? mode->step_budget : ORACLE_DEFAULT_STEPS) * scale;
	o.pair_budget = (mode->pair_budget ? mode->pair_budget : ORACLE_DEFAULT_PAIRS) * scale;
	int rc = oracle_solve(res, g, &o);
	if (rc)
		return rc;
	(*out) = malloc((size_t)n + m + 1);
	if (!(*out)) {
		oracle_result_free(res);
		return TC_ENOMEM;
	}
	memcpy((*out), res->node_state, n);
	memcpy((*out) + n, res->edge_state, m);
	(*out)[n + m] = '\0';
	return 0;
}

/* lists the elements where pred(a, b) holds; returns how many */
static uint32_t list_where(char *buf, size_t len, const tc_graph *g, const char *a,
			   const char *b, int (*pred)(char, char))
{
	uint32_t total = tc_graph_node_count(g) + tc_graph_edge_count(g), k = 0;
	for (uint32_t x = 0; x < total; x++) {
		if (!pred(a[x], b[x]))
			continue;
		if (k++ < MAX_SHOW)
			add_element(buf, len, g, x);
	}
	if (k > MAX_SHOW)
		add(buf, len, " (+%u more)", k - MAX_SHOW);
	return k;
}

static int dead_differs(char a, char b) { return (a == '-') != (b == '-'); }
static int c_not_c(char a, char b) { return a == 'C' && b != 'C'; }
static int not_equal(char a, char b) { return a != b; }

/*
 * Checks g in one mode. Returns PROP_OK or the first failure found; key (a
 * short tag: kind and solvers) and why (the elements, by name) describe it.
 * Without the oracle only the inclusions are checked.
 */
static prop_failure check_graph(const tc_graph *g, const prop_mode *mode, bool with_oracle,
				prop_stats *st, char *key, size_t keylen, char *why,
				size_t whylen)
{
	char *sol[TC_SOLVER_COUNT], *orc = NULL, *big = NULL;
	oracle_result ores, bres;
	prop_failure f = PROP_OK;
	uint32_t n = tc_graph_node_count(g), total = n + tc_graph_edge_count(g);
	memset(sol, 0, sizeof sol);
	memset(&ores, 0, sizeof ores);
	memset(&bres, 0, sizeof bres);
	key[0] = why[0] = '\0';
	st->runs++;

	for (int s = 0; s < TC_SOLVER_COUNT; s++) {
		if (solve_states(&sol[s], g, (tc_solver)s, mode, why, whylen)) {
			snprintf(key, keylen, "error:%s", tc_solver_name((tc_solver)s));
			f = PROP_ERROR;
			goto out;
		}
	}
	if (!with_oracle)
		goto inclusions;
	if (oracle_states(&orc, &ores, g, mode, 1)) {
		snprintf(key, keylen, "error:oracle");
		add(why, whylen, "the oracle failed");
		f = PROP_ERROR;
		goto out;
	}
	for (uint32_t x = 0; x < total; x++) {
		if (orc[x] == 'U') {
			st->oracle_u++;
			st->exact_u += sol[TC_SOLVER_EXACT][x] == 'U';
		}
	}
	if (ores.complete)
		st->complete++;
	if (ores.proven)
		st->proven++;

	/* (d) '-' agrees among all solvers and the oracle */
	for (int s = 0; s < TC_SOLVER_COUNT; s++) {
		if (strcmp(sol[s], orc) == 0)
			continue;
		char tmp[512] = "";
		if (list_where(tmp, sizeof tmp, g, sol[s], orc, dead_differs)) {
			snprintf(key, keylen, "dead:%s", tc_solver_name((tc_solver)s));
			add(why, whylen, "%s and the oracle disagree on '-':%s",
			    tc_solver_name((tc_solver)s), tmp);
			f = PROP_DEAD;
			goto out;
		}
	}
	/* (a) soundness */
	for (int s = 0; s < TC_SOLVER_COUNT; s++) {
		if (!tc_solver_is_sound((tc_solver)s))
			continue;
		char tmp[512] = "";
		if (list_where(tmp, sizeof tmp, g, sol[s], orc, c_not_c)) {
			snprintf(key, keylen, "unsound:%s", tc_solver_name((tc_solver)s));
			add(why, whylen, "%s says C where the oracle (bound %u) refutes:%s",
			    tc_solver_name((tc_solver)s), ores.bound, tmp);
			f = PROP_UNSOUND;
			goto out;
		}
	}
	/* (c) inclusions */
inclusions:
	for (size_t i = 0; i < sizeof inclusions / sizeof inclusions[0]; i++) {
		tc_solver a = inclusions[i][0], b = inclusions[i][1];
		char tmp[512] = "";
		if (list_where(tmp, sizeof tmp, g, sol[a], sol[b], c_not_c)) {
			snprintf(key, keylen, "inclusion:%s<=%s", tc_solver_name(a),
				 tc_solver_name(b));
			add(why, whylen, "%s says C where %s does not:%s", tc_solver_name(a),
			    tc_solver_name(b), tmp);
			f = PROP_INCLUSION;
			goto out;
		}
	}
	/* (b) completeness, confirmed with a larger bound. Without marks a
	 * difference fails; with marks SPEC 3.1 is known to be incomplete, so a
	 * confirmed difference is counted (prop_stats) and the run goes on. */
	if (with_oracle && mode->completeness && ores.complete) {
		if (mode->use_uniform)
			st->marked_compared++;
		if (strcmp(sol[TC_SOLVER_EXACT], orc) == 0)
			goto out;
		if (oracle_states(&big, &bres, g, mode, 16)) {
			snprintf(key, keylen, "error:oracle");
			add(why, whylen, "the oracle failed");
			f = PROP_ERROR;
			goto out;
		}
		char tmp[512] = "";
		if (strcmp(big, orc) != 0) {
			if (!ores.proven) {
				st->insufficient++;
				if (mode->use_uniform)
					st->marked_compared--;
				goto out;
			}
			list_where(tmp, sizeof tmp, g, orc, big, not_equal);
			snprintf(key, keylen, "oracle");
			add(why, whylen, "oracle answers at bounds %u and %u differ although the "
				    "first was proven complete:%s", ores.bound, bres.bound, tmp);
			f = PROP_ORACLE;
			goto out;
		}
		if (mode->use_uniform) {
			st->marked_differ++;
			st->marked_elements += list_where(tmp, sizeof tmp, g,
							  sol[TC_SOLVER_EXACT], orc, not_equal);
			snprintf(st->marked_last, sizeof st->marked_last, "%s", tmp);
			goto out;
		}
		list_where(tmp, sizeof tmp, g, sol[TC_SOLVER_EXACT], orc, not_equal);
		snprintf(key, keylen, "incomplete:exact");
		add(why, whylen, "exact differs from the oracle (bounds %u and %u, %s):%s",
		    ores.bound, bres.bound, ores.proven ? "proven" : "stable", tmp);
		f = PROP_INCOMPLETE;
	}
out:
	if (f != PROP_OK && sol[TC_SOLVER_COUNT - 1]) {
		add(why, whylen, "\n  states (nodes | edges):");
		for (int s = 0; s < TC_SOLVER_COUNT; s++) {
			if (!sol[s])
				continue;
			add(why, whylen, "\n  %-13s %.*s | %s", tc_solver_name((tc_solver)s),
			    (int)n, sol[s], sol[s] + n);
		}
		if (orc)
			add(why, whylen, "\n  %-13s %.*s | %s  (bound %u%s)", "oracle", (int)n,
			    orc, orc + n, ores.bound, ores.complete ? ", complete" : "");
	}
	for (int s = 0; s < TC_SOLVER_COUNT; s++)
		free(sol[s]);
	free(orc);
	free(big);
	oracle_result_free(&ores);
	oracle_result_free(&bres);
	return f;
}

/* ---- shrinking ------------------------------------------------------------- */

static prop_failure check_pg(const pgraph *p, const prop_mode *mode, bool with_oracle,
			     char *key, size_t keylen, char *why, size_t whylen)
{
	tc_graph *g;
	prop_stats scratch;
	memset(&scratch, 0, sizeof scratch);
	if (pg_build(&g, p))
		return PROP_OK; /* not a graph: cannot reproduce with it */
	prop_failure f = check_graph(g, mode, with_oracle, &scratch, key, keylen, why, whylen);
	tc_graph_free(g);
	return f;
}

/* whether q fails with the same key */
static int still_fails(const pgraph *q, const prop_mode *mode, const char *key)
{
	char k2[64], w2[2048];
	bool with_oracle = strncmp(key, "inclusion:", 10) != 0;
	return check_pg(q, mode, with_oracle, k2, sizeof k2, w2, sizeof w2) != PROP_OK &&
	       strcmp(k2, key) == 0;
}

static void drop_edge(pgraph *q, uint32_t e)
{
	memmove(q->from + e, q->from + e + 1, (q->m - e - 1) * sizeof *q->from);
	memmove(q->to + e, q->to + e + 1, (q->m - e - 1) * sizeof *q->to);
	q->m--;
}

/* drops node v and its edges; v is neither entry nor exit */
static void drop_node(pgraph *q, uint32_t v)
{
	for (uint32_t e = q->m; e-- > 0;)
		if (q->from[e] == v || q->to[e] == v)
			drop_edge(q, e);
	for (uint32_t e = 0; e < q->m; e++) {
		q->from[e] -= q->from[e] > v;
		q->to[e] -= q->to[e] > v;
	}
	for (uint32_t w = v; w + 1 < q->n; w++) {
		q->flags[w] = q->flags[w + 1];
		memcpy(q->name[w], q->name[w + 1], PG_NAME_MAX);
	}
	q->n--;
	q->entry -= q->entry > v;
	q->exit -= q->exit > v;
}

/* replaces u -> v -> w by u -> w when that is all of v; 0 when it is not */
static int splice_node(pgraph *q, uint32_t v)
{
	uint32_t in = UINT32_MAX, out = UINT32_MAX, nin = 0, nout = 0;
	if (v == q->entry || v == q->exit)
		return 0;
	for (uint32_t e = 0; e < q->m; e++) {
		if (q->to[e] == v)
			in = e, nin++;
		if (q->from[e] == v)
			out = e, nout++;
	}
	if (nin != 1 || nout != 1 || in == out)
		return 0;
	q->to[in] = q->to[out];
	drop_node(q, v);
	return 1;
}

/*
 * greedy: drop nodes, splice chains, drop edges and marks while the failure
 * stays the same, for
 * SHRINK_SECONDS at most (the last pass finishes)
 */
static void shrink(pgraph *p, const prop_mode *mode, const char *key)
{
	pgraph *q = malloc(sizeof *q);
	double deadline = prop_now() + SHRINK_SECONDS;
	if (!q)
		return;
	for (int changed = 1; changed && prop_now() < deadline;) {
		changed = 0;
		for (uint32_t v = p->n; v-- > 0;) {
			if (v == p->entry || v == p->exit)
				continue;
			*q = *p;
			drop_node(q, v);
			if (still_fails(q, mode, key)) {
				*p = *q;
				changed = 1;
			}
		}
		for (uint32_t v = p->n; v-- > 0;) {
			*q = *p;
			if (splice_node(q, v) && still_fails(q, mode, key)) {
				*p = *q;
				changed = 1;
			}
		}
		for (uint32_t e = p->m; e-- > 0;) {
			*q = *p;
			drop_edge(q, e);
			if (still_fails(q, mode, key)) {
				*p = *q;
				changed = 1;
			}
		}
		for (uint32_t v = 0; v < p->n; v++) {
			for (unsigned flag = TC_NODE_BARRIER; flag <= TC_NODE_UNIFORM; flag <<= 1) {
				if (!(p->flags[v] & flag))
					continue;
				*q = *p;
				q->flags[v] &= (uint8_t)~flag;
				if (still_fails(q, mode, key)) {
					*p = *q;
					changed = 1;
				}
			}
		}
	}
	free(q);
}

prop_failure prop_check_report(const pgraph *p, const prop_mode *mode, const char *origin,
			       prop_stats *st)
{
	tc_graph *g;
	char key[64], why[4096];
	if (pg_build(&g, p)) {
		fprintf(stderr, "FAIL %s: cannot build the graph\n", origin);
		st->failures++;
		return PROP_ERROR;
	}
	unsigned long differ = st->marked_differ;
	prop_failure f = check_graph(g, mode, true, st, key, sizeof key, why, sizeof why);
	tc_graph_free(g);
	if (st->marked_differ != differ) {
		/* not a failure (SPEC 3.1 is incomplete with marks), but worth seeing */
		printf("exact below the oracle with marks, %s, mode %s:%s\n", origin,
		       prop_mode_name(mode), st->marked_last);
		pg_write_cfg(stdout, p, "marked-gap");
	}
	if (f == PROP_OK)
		return f;
	st->failures++;
	fprintf(stderr, "\nFAIL %s, mode %s: %s\n  %s\n", origin, prop_mode_name(mode), key,
		why);
	pg_write_cfg(stderr, p, "failing");
	/* shrinking takes seconds: only the first few failures of a run */
	static unsigned shrunk;
	const char *no_shrink = getenv("TC_PROP_NO_SHRINK");
	pgraph *q = (no_shrink && *no_shrink) || shrunk++ >= MAX_SHRINK ? NULL
									: malloc(sizeof *q);
	if (q) {
		*q = *p;
		shrink(q, mode, key);
		check_pg(q, mode, true, key, sizeof key, why, sizeof why);
		fprintf(stderr, "shrunk (%u nodes, %u edges): %s\n  %s\n", q->n, q->m, key, why);
		pg_write_cfg(stderr, q, "shrunk");
		free(q);
	}
	return f;
}
