/*
 * test_generated.c - every solver against the oracle on random digraphs and
 * structured graphs (SPEC 7): soundness, the inclusions between solvers and
 * agreement on '-', in assume and check mode, with and without uniform marks
 * (10,000 graphs with marks); completeness of exact without marks. With
 * marks exact is not complete (SPEC 3.1): how often it equals the oracle is
 * measured and printed, and each difference printed as a .cfg graph.
 */
#include "property/check.h"
#include "property/gen.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include <cmocka.h>

enum { RANDOM, STRUCTURED };

typedef struct family {
	const char *name;
	int kind;
	unsigned long count;  /* graphs */
	uint64_t seed0;       /* seeds seed0 + TC_PROP_SEED + i */
	uint32_t barrier_pct, uniform_pct;
	prop_mode modes[2];
	size_t nmodes;
} family;

#define ASSUME {true, false, true, 0, 0}
#define CHECK {false, false, true, 0, 0}
#define ASSUME_U {true, true, true, 0, 0}
#define CHECK_U {false, true, true, 0, 0}

static const family families[] = {
	{"random_plain", RANDOM, 2000, 10000000, 0, 0, {ASSUME}, 1},
	{"random_barriers", RANDOM, 1500, 20000000, 25, 0, {ASSUME, CHECK}, 2},
	{"random_uniform", RANDOM, 5000, 30000000, 20, 40, {ASSUME_U, CHECK_U}, 2},
	{"structured_plain", STRUCTURED, 2500, 40000000, 0, 0, {ASSUME}, 1},
	{"structured_barriers", STRUCTURED, 2500, 50000000, 25, 0, {ASSUME, CHECK}, 2},
	{"structured_uniform", STRUCTURED, 5000, 60000000, 20, 40, {ASSUME_U, CHECK_U}, 2},
};

static void run_family(void **state)
{
	const family *f = *state;
	prop_stats st = {0};
	unsigned long count = prop_scaled(f->count), base = prop_seed_base();
	pgraph *p = malloc(sizeof *p);
	assert_non_null(p);
	double t0 = prop_now();
	for (unsigned long i = 0; i < count; i++) {
		uint64_t seed = f->seed0 + base + i;
		prng r;
		prng_seed(&r, seed);
		if (f->kind == RANDOM)
			gen_random(p, &r, 4, 9, f->barrier_pct, f->uniform_pct);
		else
			gen_structured(p, &r, 10, f->barrier_pct, f->uniform_pct);
		char origin[96];
		snprintf(origin, sizeof origin, "%s seed %llu", f->name, (unsigned long long)seed);
		st.graphs++;
		for (size_t k = 0; k < f->nmodes; k++)
			prop_check_report(p, &f->modes[k], origin, &st);
	}
	free(p);
	prop_print_stats(f->name, &st, prop_now() - t0);
	assert_int_equal(st.failures, 0);
}

int main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		{"random_plain", run_family, NULL, NULL, (void *)&families[0]},
		{"random_barriers", run_family, NULL, NULL, (void *)&families[1]},
		{"random_uniform", run_family, NULL, NULL, (void *)&families[2]},
		{"structured_plain", run_family, NULL, NULL, (void *)&families[3]},
		{"structured_barriers", run_family, NULL, NULL, (void *)&families[4]},
		{"structured_uniform", run_family, NULL, NULL, (void *)&families[5]},
	};
	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
