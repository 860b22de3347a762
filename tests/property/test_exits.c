/*
 * test_exits.c - check's after-exit rule against what threads that leave
 * do (docs/check.md, "Threads that have exited").
 *
 * Since Volta a barrier waits for the threads that have not exited. So
 * threads run into trouble at barriers only when two of them, having met
 * the same barriers so far, next wait at different ones; a thread that
 * leaves after the barriers it met troubles nobody. On random digraphs and
 * structured graphs with early returns, each taken as a kernel's, every
 * walk from entry to exit (to a bound on its length) is put in a trie of
 * its barriers; where a node of the trie, reached by some walks, goes on
 * to barrier e in some and to barrier f in others, the two are in
 * trouble together. Without uniform marks any walks may be threads of one
 * block, so:
 *
 *   - barrier-after-exit at e: whatever e is in trouble with is itself
 *     reported as a barrier-divergence (`if (t & 1) barrier f; if (t > 7)
 *     return; barrier e;` waits at f and e at once, but only because of
 *     f, whose warning says so; the threads that miss e leave);
 *   - barrier-divergence where the oracle (check mode) refutes the barrier
 *     too: counted when in trouble within the bound (the divergent twins).
 *
 * Each failure prints the graph as .cfg and the finding. Both families are
 * in the suite. The structured one holds the case that needs findings
 * judged in pairs: in nested loops, a branch sends the threads that stay
 * round either loop, to either loop's barrier first, and each barrier is
 * otherwise missed only by threads that return; check reports the first
 * of the two as an ordinary divergence (tc__exits_pairs).
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

typedef struct family {
	const char *name;
	int structured;
	unsigned long count;
	uint64_t seed0;
	uint32_t barrier_pct, uniform_pct;
} family;

static const family families[] = {
	{"structured", 1, 3000, 70000000, 25, 0},
	{"random", 0, 3000, 80000000, 25, 0},
};

typedef struct counts {
	unsigned long graphs, after_exit, divergence, twins, unresolved, failures;
} counts;

/* The module of the .cfg text of p, its graph taken as a kernel's (a .cfg
 * says nothing of kernels; an IR or PTX reader would say it is one), so
 * that its exit is where threads leave. */
static tc_module *module_of(const pgraph *p)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	assert_non_null(f);
	pg_write_cfg(f, p, "g");
	assert_int_equal(fclose(f), 0);
	tc_module *m = NULL;
	tc_diag d;
	assert_int_equal(tc_parse_cfg(&m, "g.cfg", text, len, NULL, &d), TC_OK);
	free(text);
	m->info[0].kernel = true;
	return m;
}

/* The trie of the walks' barriers: node 0 the root. */
typedef struct trie {
	uint32_t *label, *child, *sibling; /* label: a barrier node */
	uint8_t *used;                      /* on the way of a walk that ends */
	uint32_t n, cap;
} trie;

static uint32_t trie_child(trie *t, uint32_t at, uint32_t label)
{
	for (uint32_t k = t->child[at]; k != TC_NONE; k = t->sibling[k])
		if (t->label[k] == label)
			return k;
	if (t->n == t->cap)
		return TC_NONE;
	uint32_t k = t->n++;
	t->label[k] = label;
	t->child[k] = TC_NONE;
	t->used[k] = 0;
	t->sibling[k] = t->child[at];
	t->child[at] = k;
	return k;
}

enum { MAX_TRIE = 1u << 16, STEP_BUDGET = 400000 };

/* troubled[e * n + f]: barriers e and f in trouble together (n nodes);
 * false when the walks were too many to enumerate within the budget. */
static bool troubles(const tc_graph *g, uint32_t bound, uint8_t *troubled)
{
	uint32_t n = tc_graph_node_count(g);
	static uint32_t label[MAX_TRIE], child[MAX_TRIE], sibling[MAX_TRIE], parent[MAX_TRIE];
	static uint8_t used[MAX_TRIE];
	trie t = {label, child, sibling, used, 1, MAX_TRIE};
	child[0] = TC_NONE;
	used[0] = 0;
	struct frame {
		uint32_t node, next, at; /* next: the out-edge to try */
	} stack[64];
	if (bound + 1 > sizeof stack / sizeof *stack)
		bound = sizeof stack / sizeof *stack - 1;
	uint32_t top = 0, steps = 0, entry = tc_graph_entry(g), exit = tc_graph_exit(g);
	uint32_t at0 = 0;
	if (tc_graph_node_flags(g, entry) & TC_NODE_BARRIER) {
		at0 = trie_child(&t, 0, entry);
		parent[at0] = 0;
	}
	stack[top++] = (struct frame){entry, 0, at0};
	bool ok = true;
	while (top && ok) {
		struct frame *f = &stack[top - 1];
		if (f->node == exit && f->next == 0) { /* a walk ends: its barriers are used */
			for (uint32_t k = f->at; !used[k]; k = parent[k]) {
				used[k] = 1;
				if (k == 0)
					break;
			}
		}
		uint32_t count;
		const uint32_t *out = tc_graph_out_edges(g, f->node, &count);
		if (f->next >= count || top > bound) {
			top--;
			continue;
		}
		uint32_t to = tc_graph_edge_to(g, out[f->next++]), at = f->at;
		if (++steps > STEP_BUDGET) {
			ok = false;
			break;
		}
		if (tc_graph_node_flags(g, to) & TC_NODE_BARRIER) {
			uint32_t k = trie_child(&t, at, to);
			if (k == TC_NONE) {
				ok = false;
				break;
			}
			parent[k] = at;
			at = k;
		}
		stack[top++] = (struct frame){to, 0, at};
	}
	memset(troubled, 0, (size_t)n * n);
	for (uint32_t k = 0; ok && k < t.n; k++) {
		if (!used[k])
			continue;
		for (uint32_t a = child[k]; a != TC_NONE; a = sibling[a])
			for (uint32_t b = child[k]; b != TC_NONE; b = sibling[b])
				if (a != b && used[a] && used[b])
					troubled[(size_t)label[a] * n + label[b]] = 1;
	}
	return ok;
}

/* The oracle's state of node v in g (check mode); 0 when the oracle's
 * bound was not enough to say C. */
static char oracle_state(const tc_graph *g, uint32_t v)
{
	oracle_options o = oracle_options_default();
	o.assume_barriers = false;
	oracle_result r;
	assert_int_equal(oracle_solve(&r, g, &o), TC_OK);
	char s = r.node_state[v];
	if (s != TC_STATE_UNKNOWN && !r.complete)
		s = 0;
	oracle_result_free(&r);
	return s;
}

static void report(const pgraph *p, const tc_graph *g, const tc_finding *f, const char *origin,
		   const char *what)
{
	fprintf(stderr, "%s: %s at %s (%s):\n", origin, tc_rule_name(f->rule),
		tc_graph_node_name(g, f->node), what);
	pg_write_cfg(stderr, p, "failing");
}

static void check_graph(const pgraph *p, const char *origin, counts *c)
{
	tc_module *m = module_of(p);
	const tc_graph *g = tc_module_graph(m, 0);
	tc_findings *fs;
	tc_diag d;
	assert_int_equal(tc_check(&fs, m, NULL, NULL, &d), TC_OK);
	uint32_t n = tc_graph_node_count(g);
	uint8_t *troubled = malloc((size_t)n * n + 1), *divergent = calloc(n + 1, 1);
	assert_true(troubled && divergent);
	bool known = troubles(g, 2 * n + 2, troubled);
	for (size_t i = 0; i < tc_findings_count(fs); i++) {
		const tc_finding *f = tc_findings_get(fs, i);
		if (f->rule == TC_RULE_BARRIER_DIVERGENCE)
			divergent[f->node] = 1;
	}
	for (size_t i = 0; i < tc_findings_count(fs); i++) {
		const tc_finding *f = tc_findings_get(fs, i);
		if (f->merged_into != SIZE_MAX)
			continue;
		if (f->rule == TC_RULE_BARRIER_AFTER_EXIT) {
			c->after_exit++;
			if (!known) {
				c->unresolved++;
				continue;
			}
			for (uint32_t other = 0; other < n; other++)
				if (troubled[(size_t)f->node * n + other] && !divergent[other]) {
					char what[160];
					snprintf(what, sizeof what,
						 "in trouble with %s, which is not reported",
						 tc_graph_node_name(g, other));
					report(p, g, f, origin, what);
					c->failures++;
					break;
				}
		} else if (f->rule == TC_RULE_BARRIER_DIVERGENCE &&
			   oracle_state(g, f->node) == TC_STATE_UNKNOWN) {
			c->divergence++;
			bool in_trouble = false;
			for (uint32_t other = 0; known && other < n; other++)
				in_trouble |= troubled[(size_t)f->node * n + other];
			if (in_trouble)
				c->twins++;
			else
				c->unresolved++;
		}
	}
	free(troubled);
	free(divergent);
	tc_findings_free(fs);
	tc_module_free(m);
}

static void run_family(void **state)
{
	const family *fam = *state;
	counts c = {0};
	pgraph *p = malloc(sizeof *p);
	assert_non_null(p);
	unsigned long count = prop_scaled(fam->count), base = prop_seed_base();
	for (unsigned long i = 0; i < count; i++) {
		uint64_t seed = fam->seed0 + base + i;
		prng r;
		prng_seed(&r, seed);
		if (fam->structured)
			gen_structured(p, &r, 14, fam->barrier_pct, fam->uniform_pct);
		else
			gen_random(p, &r, 3, 9, fam->barrier_pct, fam->uniform_pct);
		char origin[96];
		snprintf(origin, sizeof origin, "%s seed %llu", fam->name, (unsigned long long)seed);
		check_graph(p, origin, &c);
		c.graphs++;
	}
	free(p);
	printf("%s: %lu graphs, %lu barrier-after-exit, %lu barrier-divergence the oracle "
	       "refutes (%lu in trouble, %lu not shown so or past the bound), %lu failures\n",
	       fam->name, c.graphs, c.after_exit, c.divergence, c.twins, c.unresolved, c.failures);
	assert_int_equal(c.failures, 0);
	/* the test means something only if both rules occur */
	assert_true(c.after_exit > 0 && c.twins > 0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		{"structured", run_family, NULL, NULL, (void *)&families[0]},
		{"random", run_family, NULL, NULL, (void *)&families[1]},
	};
	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
