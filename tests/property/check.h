/*
 * check.h - the properties every solver must have against the oracle
 * (SPEC 2 and 7), checked on one graph at a time, with shrinking of failing
 * graphs to a small reproducer.
 */
#ifndef TC_TESTS_CHECK_H
#define TC_TESTS_CHECK_H

#include "oracle/oracle.h"
#include "property/gen.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct prop_mode {
	bool assume_barriers; /* false: check mode */
	bool use_uniform;
	bool completeness;    /* check exact == oracle when the oracle is complete */
	uint64_t step_budget, pair_budget; /* for the oracle; 0: its defaults */
} prop_mode;

typedef enum prop_failure {
	PROP_OK,
	PROP_ERROR,      /* a solver or the oracle returned an error */
	PROP_DEAD,       /* '-' states disagree */
	PROP_UNSOUND,    /* a sound solver says C where the oracle refutes */
	PROP_INCLUSION,  /* basic <= linear <= path <= exact, basic <= region <= exact,
			  * with and without marks */
	PROP_INCOMPLETE, /* exact != oracle without marks although the bound is large
			  * enough */
	PROP_ORACLE      /* a larger bound changed a proven oracle answer */
} prop_failure;

typedef struct prop_stats {
	unsigned long graphs, runs, complete, proven, insufficient, failures;
	unsigned long oracle_u;  /* live non-sync elements the oracle refuted */
	unsigned long exact_u;   /* ... that exact calls U */
	/* with marks: runs where the oracle was complete, those where exact
	 * differs from it (confirmed at a larger bound), the elements that
	 * differ, and the last such list of elements */
	unsigned long marked_compared, marked_differ, marked_elements;
	char marked_last[512];
} prop_stats;

/*
 * Checks p; on failure prints what failed, p as .cfg and a shrunk graph that
 * fails the same way to stderr, with origin (generator and seed) so the case
 * can be reproduced, and counts it. Returns the failure.
 */
prop_failure prop_check_report(const pgraph *p, const prop_mode *mode, const char *origin,
			       prop_stats *st);

const char *prop_mode_name(const prop_mode *mode);
void prop_print_stats(const char *what, const prop_stats *st, double seconds);

/*
 * The reference vectors: the .cfg paths in $TC_VECTORS_DIR or, without it,
 * the repository's tests/vectors, sorted; free with
 * prop_free_list. Returns the count; 0 when there are none.
 */
size_t prop_list_vectors(char ***paths);
void prop_free_list(char **paths, size_t n);

/* A result's states as one string: nodes, then edges (out: n + m + 1). */
void prop_result_states(const tc_result *r, const tc_graph *g, char *out);

/* seconds on a monotonic clock */
double prop_now(void);

/* a count from the environment (TC_PROP_SCALE multiplies test sizes) */
unsigned long prop_scaled(unsigned long n);
unsigned long prop_seed_base(void);

#endif
