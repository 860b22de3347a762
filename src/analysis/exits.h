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
 * Whether barrier e waits while threads still running wait at another
 * barrier f that is not one whose own finding says so (diverges[f] 0): a
 * branch that r does not find uniform, from which e can be reached, sends
 * the threads that stay to e first one way and to f first another (a loop
 * round two barriers, each left by a return). Then e's divergence is not
 * only the threads that left: the caller reports it as an ordinary one
 * (and marks it in diverges, so that f's, judged after, may stay).
 */
bool tc__exits_partnered(tc_exits *x, uint32_t e, const uint8_t *diverges);
bool tc__exits_only(tc_exits *x, uint32_t e, const uint32_t *causes, uint32_t ncauses,
		    bool barrier, uint32_t *side);
void tc__exits_free(tc_exits *x);

#endif
