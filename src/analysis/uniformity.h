/*
 * uniformity.h - which SSA values and branches of one function can differ
 * between the threads that execute them together (SPEC 3.2), for any front
 * end (docs/llvm.md, "Uniformity").
 *
 * A front end fills a tc_ua_func: the blocks (block 0 the entry) and their
 * successors, a return listed as the virtual exit (block id nblocks); each
 * block's branch condition; the values with the block that defines them
 * (TC_NONE for arguments), a kind, and every use (the user and the block
 * where the use happens: for a phi, the incoming block). The analysis never
 * sees the input format. It guarantees: a value is divergent when a source
 * reaches it through data uses, or a divergent branch reaches it by control
 * (a phi at one of the branch's joins, a value used outside a region that
 * holds a cycle unless it is the same in every iteration, a phi of an
 * irreducible cycle entered divergently); a
 * branch is divergent when its condition is. Anything it cannot rule out is
 * divergent. It owns its memory and keeps no state outside the result.
 */
#ifndef TC_ANALYSIS_UNIFORMITY_H
#define TC_ANALYSIS_UNIFORMITY_H

#include "graph/desc.h"
#include "util/mem.h"

#include <stdbool.h>
#include <stdint.h>



typedef struct tc_uniformity tc_uniformity;

/* Analyses f. The arrays f points to must stay as they are while the result
 * is used. TC_OK, TC_ENOMEM or TC_ELIMIT (too many values or arcs). */
int tc__uniformity(tc_uniformity **out, const tc_ua_func *f, const tc_alloc *al);
void tc__uniformity_free(tc_uniformity *u);

bool tc__uniformity_value(const tc_uniformity *u, uint32_t v);  /* divergent */
bool tc__uniformity_branch(const tc_uniformity *u, uint32_t b); /* divergent */
/* Whether some divergent branch is divergent only through another's control
 * divergence (then tc__uniformity_record keeps the value graph). */
bool tc__uniformity_soft(const tc_uniformity *u);

/*
 * The TC_UA_NAMED source nearest to divergent value v through divergent
 * operands (breadth first; phis are not looked through: one divergent by
 * control would blame an unrelated source), or TC_NONE. *rc: TC_ENOMEM.
 */
uint32_t tc__uniformity_source(tc_uniformity *u, uint32_t v, int *rc);

/*
 * The replay record for the divergent branches among blocks[0 .. n): node[k]
 * is block blocks[k]'s graph node. NULL in *out when n is 0. Allocated with
 * al (the module's), freed with tc__uniformity_deps_free.
 */
int tc__uniformity_record(const tc_uniformity *u, const uint32_t *blocks,
			  const uint32_t *node, uint32_t n, const tc_alloc *al,
			  tc_uniformity_deps **out);

#endif
