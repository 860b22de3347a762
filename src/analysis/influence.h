/*
 * influence.h - the influence region of a branch (SPEC 3.1, 3.2): what its
 * successors reach before its immediate post-dominator. Shared by the
 * variance step of the exact solver (src/analysis/variance.c) and the
 * uniformity analysis of SSA values (src/analysis/uniformity.c).
 *
 * A walk keeps its marks in stamp[]: after tc__influence_region, stamp[v] ==
 * w->round exactly for the members of the region. The caller zeroes stamp
 * once (n vertices) and gives a stack of room for n + 1; each call
 * starts a new round, so a walk serves every branch of a graph.
 */
#ifndef TC_ANALYSIS_INFLUENCE_H
#define TC_ANALYSIS_INFLUENCE_H

#include "graph/digraph.h"

#include <stdbool.h>

typedef struct tc_region_walk {
	const tc_digraph *succ;
	const uint8_t *halt; /* NULL, or vertices whose discovery ends the walk */
	uint32_t *stamp;     /* n, zeroed before the first call */
	uint32_t *done;      /* n, zeroed: == round once a member is finished */
	uint32_t *stack;     /* room for n + 1 */
	uint32_t *cursor;    /* n */
	uint32_t round;
} tc_region_walk;

/*
 * The region of b bounded by stop: every vertex reachable from a successor
 * of b by a path that does not enter stop (b itself only when it is reached
 * again), written to out[0 .. *count) (room for n) in the reverse
 * post-order of a depth-first search from b: when the region holds no
 * cycle, every arc between two members goes forward in that order.
 * *cyclic: whether it holds one. Returns 1 as soon as a vertex of halt[] is
 * discovered (out and the marks then hold part of the region), 0
 * otherwise.
 */
int tc__influence_region(tc_region_walk *w, uint32_t b, uint32_t stop, uint32_t *out,
			 uint32_t *count, bool *cyclic);

/*
 * After tc__influence_region(b) returned 0 with b in the region (b lies on a
 * cycle inside it): the members of the region that reach b inside it (b's
 * strongly connected component in the region), b first, into out[0 ..
 * *count). seen[] (n, zeroed once) is marked with w->round on the way.
 */
void tc__influence_cycle(tc_region_walk *w, const tc_digraph *pred, uint32_t b,
			 uint32_t *seen, uint32_t *out, uint32_t *count);

#endif
