/*
 * oracle.h - the brute-force convergence oracle of SPEC section 7, for tests.
 *
 * It enumerates walks of a flow graph up to a length bound, groups them by
 * their sync events and refutes an element when two walks of one group count
 * it differently in some segment. Every refutation is backed by real walks,
 * so an element the oracle calls U is U in the model whatever the bound; an
 * element it calls C is only C up to the bound (see oracle.c for when the
 * bound is large enough).
 */
#ifndef TC_TESTS_ORACLE_H
#define TC_TESTS_ORACLE_H

#include "threadconv.h"

#include <stdbool.h>
#include <stdint.h>

typedef enum oracle_mode {
	/* walks from each sync node to the next one (one segment each); the
	 * default: the same answer as ORACLE_WALKS in the limit, far cheaper */
	ORACLE_SEGMENTS,
	/* whole entry->exit walks, split at sync events: SPEC 7 literally */
	ORACLE_WALKS
} oracle_mode;

#define ORACLE_DEFAULT_STEPS 200000u
#define ORACLE_DEFAULT_PAIRS 1000000u

typedef struct oracle_options {
	bool assume_barriers; /* barriers are sync nodes (assume mode) */
	bool use_uniform;     /* honour TC_NODE_UNIFORM marks */
	oracle_mode mode;
	uint32_t max_len;     /* the bound L in edges per walk; 0: pick by budget */
	uint64_t step_budget; /* edges traversed while enumerating; 0: default */
	uint64_t pair_budget; /* pairs of walks compared (uniform); 0: default */
} oracle_options;

/* assume mode, uniform marks used, segments, default budgets */
oracle_options oracle_options_default(void);

typedef struct oracle_result {
	char *node_state;  /* TC_STATE_* per node */
	char *edge_state;  /* TC_STATE_* per edge */
	uint32_t bound;    /* the L the answer is for */
	bool exhaustive;   /* no walk is longer than the bound */
	bool complete;     /* the bound is large enough (oracle.c) */
	bool proven;       /* complete by an argument, not by the stability test */
	uint64_t records;  /* distinct walk signatures enumerated */
	uint32_t rounds;   /* rounds of the uniform fixpoint */
} oracle_result;

/* 0 on success, TC_ENOMEM or TC_EINVAL (walk too long for the counters). */
int oracle_solve(oracle_result *out, const tc_graph *g, const oracle_options *opt);
void oracle_result_free(oracle_result *r);

#endif
