/*
 * test_vectors.c - the property checks of test_generated.c on every
 * reference vector (SPEC 7), in assume mode with and without uniform marks
 * and in check mode: the vectors are larger than generated graphs, so the
 * oracle mostly sees shorter walks, but its refutations still bind every
 * sound solver.
 */
#include "property/check.h"
#include "property/gen.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

static void test_oracle(void **state)
{
	(void)state;
	static const prop_mode modes[] = {
		{true, true, true, 0, 0},
		{true, false, true, 0, 0},
		{false, true, true, 0, 0},
	};
	char **paths;
	size_t n = prop_list_vectors(&paths);
	if (n == 0)
		fail_msg("no reference vectors in tests/vectors (or $TC_VECTORS_DIR)");
	prop_stats st = {0};
	pgraph *p = malloc(sizeof *p);
	assert_non_null(p);
	double t0 = prop_now();
	int verbose = getenv("TC_PROP_VERBOSE") != NULL;
	for (size_t i = 0; i < n; i++) {
		tc_module *m;
		tc_diag d;
		if (tc_read_file(&m, paths[i], NULL, &d)) {
			fprintf(stderr, "FAIL %s: %s\n", paths[i], d.message);
			st.failures++;
			continue;
		}
		for (size_t k = 0; k < tc_module_graph_count(m); k++) {
			if (pg_from_graph(p, tc_module_graph(m, k))) {
				fprintf(stderr, "FAIL %s: too large for the checker\n", paths[i]);
				st.failures++;
				continue;
			}
			st.graphs++;
			double t1 = prop_now();
			for (size_t j = 0; j < sizeof modes / sizeof modes[0]; j++)
				prop_check_report(p, &modes[j], paths[i], &st);
			if (verbose)
				printf("%s: %.3f s\n", paths[i], prop_now() - t1);
		}
		tc_module_free(m);
	}
	free(p);
	prop_free_list(paths, n);
	prop_print_stats("vectors", &st, prop_now() - t0);
	assert_int_equal(st.failures, 0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		{"oracle", test_oracle, NULL, NULL, NULL},
	};
	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
