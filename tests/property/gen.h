/*
 * gen.h - small flow graphs for property tests: a plain description that
 * generators fill and the shrinker edits, turned into a tc_graph on demand.
 */
#ifndef TC_TESTS_GEN_H
#define TC_TESTS_GEN_H

#include "threadconv.h"

#include <stdint.h>
#include <stdio.h>

#define PG_MAX_NODES 256
#define PG_MAX_EDGES 512
#define PG_NAME_MAX 48

typedef struct pgraph {
	uint32_t n, m;
	uint32_t entry, exit;
	uint32_t from[PG_MAX_EDGES], to[PG_MAX_EDGES];
	uint8_t flags[PG_MAX_NODES]; /* TC_NODE_* */
	char name[PG_MAX_NODES][PG_NAME_MAX];
} pgraph;

/* xorshift64*: reproducible from the seed alone */
typedef struct prng {
	uint64_t s;
} prng;

void prng_seed(prng *r, uint64_t seed);
uint64_t prng_next(prng *r);
/* uniform in [0, n) */
uint32_t prng_below(prng *r, uint32_t n);
/* true with probability num/den */
int prng_chance(prng *r, uint32_t num, uint32_t den);

void pg_init(pgraph *p);
uint32_t pg_node(pgraph *p);
void pg_edge(pgraph *p, uint32_t from, uint32_t to);

/* 0 or a tc_status; *out is NULL on failure */
int pg_build(tc_graph **out, const pgraph *p);
int pg_from_graph(pgraph *p, const tc_graph *g);
/* the .cfg text of p (SPEC 5), graph name given */
void pg_write_cfg(FILE *f, const pgraph *p, const char *graph_name);

/*
 * Random digraph: n in [min_nodes, max_nodes], random entry != exit, random
 * edges (self-loops, parallel edges, edges out of exit and into entry all
 * possible), half the time threaded on an entry->exit path.
 * barrier_pct / uniform_pct: the chance, in percent, of each mark per node.
 */
void gen_random(pgraph *p, prng *r, uint32_t min_nodes, uint32_t max_nodes,
		uint32_t barrier_pct, uint32_t uniform_pct);
/*
 * Structured graph: entry, a random nest of sequences, if/else, while and
 * do-while loops with break and continue edges, self-loops and early
 * returns, then exit; about max_nodes nodes at most.
 */
void gen_structured(pgraph *p, prng *r, uint32_t max_nodes, uint32_t barrier_pct,
		    uint32_t uniform_pct);

#endif
