/*
 * blocks.h - a function's flow graph from its basic blocks, for every
 * reader of a format that has them (LLVM IR, PTX): one node per block,
 * split at its barriers (BLOCK.barrier, BLOCK.barrier.2, ..., and the rest
 * of the block after the last one, BLOCK.after), and one node <exit> that
 * every return leads to (docs/llvm.md, "Graphs").
 *
 * The reader says what the blocks are; this file makes the nodes, the
 * edges and the positions of the branches that tc_module_branch_loc gives.
 * Which branches are uniform, and what the others depend on
 * (tc_module_branch_source), the analyses say (analysis/driver.h): no
 * branch is marked uniform here, and every source is empty.
 */
#ifndef TC_GRAPH_BLOCKS_H
#define TC_GRAPH_BLOCKS_H

#include "graph/module.h"

typedef struct tc_block_graph {
	const char *name; /* the function's */
	size_t len;
	bool kernel;
	uint32_t nblocks;          /* block 0 is the entry */
	const uint32_t *succ_off;  /* nblocks + 1 */
	const uint32_t *succ;      /* block ids; nblocks: the exit */
	const uint32_t *nbarriers; /* per block */
	void *ctx;
	/* Block k's name, valid until the next call of any of these. */
	const char *(*block_name)(void *ctx, uint32_t k, size_t *len);
	/* Barrier j of block k (called for j = 0, 1, ... in turn): its node
	 * flags (TC_NODE_BARRIER or TC_NODE_PARTIAL_BARRIER) and position (the
	 * file valid until the next call); when its call was inlined, the
	 * function and position of tc_module_node_inlined in *inl (strings kept
	 * in the module; inl->function NULL otherwise). TC_OK or an error code. */
	int (*barrier)(void *ctx, uint32_t k, uint32_t j, unsigned *flags, tc_loc *loc,
		       tc_inlined *inl);
	/* The branch ending block k, which has two ways or more: its position
	 * (the file kept in the module). TC_OK or an error code. */
	int (*branch)(void *ctx, uint32_t k, tc_loc *loc);
} tc_block_graph;

/*
 * Adds the graph of bg to m, with its branch positions; for
 * each block, last_node[k] is the node its branch ends (nblocks of them,
 * the caller's). TC_OK, TC_ENOMEM, TC_ELIMIT (too many nodes), or an error
 * a callback returned; the module is unchanged then.
 */
int tc__module_add_blocks(tc_module *m, const tc_block_graph *bg, uint32_t *last_node);

#endif
