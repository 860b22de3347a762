/*
 * exits.h - which divergent barriers and collectives of a kernel only
 * threads that have left the kernel fail to reach (exits.c): the
 * `if (i >= n) return;` before a barrier. CUDA's rule still makes such a
 * barrier divergent (a conditional barrier must be reached by the whole
 * block), and the verdict stays; but since Volta a bar.sync waits only for
 * the threads that have not exited, so check reports these under rules of
 * their own (docs/check.md, "Threads that have exited").
 */
#ifndef TC_ANALYSIS_EXITS_H
#define TC_ANALYSIS_EXITS_H

#include "util/mem.h"

#include <stdbool.h>

typedef struct tc_exits tc_exits;

/* The exit-only region of g: the nodes from which none of the elements (the
 * nodes of its barriers, collectives and the calls that hold them) can be
 * reached. r (may be NULL: none known) tells the uniform branches. TC_OK
 * or TC_ENOMEM. */
int tc__exits_new(tc_exits **out, const tc_graph *g, const uint32_t *elements, size_t nelements,
		  const tc_result *r, const tc_alloc *al);
/*
 * Whether element e, whose divergence the branches causes[0 .. ncauses)
 * cause, is missed only by threads that leave: every cause has a side from
 * which e cannot be reached, from every such side nothing but the end can
 * (no element), and, when e is judged as a barrier (barrier: not a warp's
 * collective, which may share its node), the other sides of each cause
 * meet one barrier first and no branch further back sends threads to
 * another barrier for good. *side (may be NULL): the first such side, where the
 * threads that leave go (the `return`).
 */
/*
 * The findings judged in pairs. after[0 .. nafter): the barriers found to
 * be missed only by threads that leave, in the order reported. Two of them
 * are a pair when a branch that may part threads (r does not find it
 * uniform) sends the threads that stay to one first one way and to the
 * other first another way (a loop round two barriers, each left by a
 * return): both wait while the other's threads, still running, wait too.
 * ordinary[i] (nafter of them): after[i] is reported as an ordinary
 * divergence, as the first of a pair whose other is not already ordinary,
 * so that every after-exit finding's partner says so. One pass over the
 * graph (what each node waits at first: one barrier, several or none; a
 * search only from a side that may wait at several). TC_OK or TC_ENOMEM.
 */
int tc__exits_pairs(tc_exits *x, const uint32_t *after, size_t nafter, uint8_t *ordinary);
bool tc__exits_only(tc_exits *x, uint32_t e, const uint32_t *causes, uint32_t ncauses,
		    bool barrier, uint32_t *side);
/* Whether a thread that goes on from node v (its out-edges) reaches
 * nothing but the end: every successor is in the exit-only region (a call
 * whose callee's early returns then leave the kernel, where the caller's
 * return does). */
bool tc__exits_tail(const tc_exits *x, uint32_t v);
void tc__exits_free(tc_exits *x);

#endif
