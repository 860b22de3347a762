/*
 * picture.h - what check mode's pictures highlight (picture.c): the nodes
 * and edges on the paths from the branches that cause a finding to the
 * finding, found by two searches over the graph, iterative (a graph may
 * have 10^7 nodes), each linear in what it visits.
 */
#ifndef TC_REPORT_PICTURE_H
#define TC_REPORT_PICTURE_H

#include "threadconv.h"

#include <stddef.h>
#include <stdint.h>

/* What a node is in a picture (tc_paths.node); an edge has only
 * TC_PIC_PATH (tc_paths.edge). */
#define TC_PIC_FINDING 0x1u /* a reported barrier or collective, or its copy */
#define TC_PIC_CAUSE 0x2u   /* a branch that a finding names as its cause */
#define TC_PIC_PATH 0x4u    /* on a path from a cause to its finding */
#define TC_PIC_NEAR 0x8u    /* not highlighted, next to a node that is */
#define TC_PIC_SHOWN (TC_PIC_FINDING | TC_PIC_CAUSE | TC_PIC_PATH)

/* The marks of one graph and the searches' room (malloc'd, per node: 4 + 4
 * + 1 bytes, per edge 1). */
typedef struct tc_paths {
	const tc_graph *g;
	uint8_t *node;  /* TC_PIC_* per node */
	uint8_t *edge;  /* TC_PIC_PATH per edge */
	uint32_t *seen; /* the search that last saw a node (stamp, stamp + 1) */
	uint32_t *queue;
	uint32_t stamp;
} tc_paths;

/* All marks clear. TC_OK or TC_ENOMEM (nothing to free then). */
int tc__paths_init(tc_paths *p, const tc_graph *g);
void tc__paths_free(tc_paths *p);

/*
 * Marks TC_PIC_PATH on every node and edge that lies on a path (of any
 * length, 0 too) from one of from[0..nfrom) to one of to[0..nto): a node
 * reachable from one of from that reaches one of to, an edge between two
 * such nodes. A search forward from from, then one backward from to through
 * the nodes the first one saw; nodes repeated in from or to are fine.
 * Returns the number of nodes on such paths.
 */
uint32_t tc__paths_mark(tc_paths *p, const uint32_t *from, size_t nfrom, const uint32_t *to,
			size_t nto);

/* Marks TC_PIC_NEAR on every node that is not highlighted (TC_PIC_SHOWN)
 * and has an edge to or from one that is. */
void tc__paths_mark_near(tc_paths *p);

#endif
