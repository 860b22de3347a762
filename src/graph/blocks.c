/* blocks.c - a function's flow graph from its basic blocks (blocks.h). */
#include "graph/blocks.h"

#include <stdio.h>
#include <string.h>

/* the exit node: '<' starts no block name of IR or PTX */
#define EXIT_NAME "<exit>"

typedef struct namebuf {
	const tc_alloc *al;
	char *s;
	size_t cap;
} namebuf;

/* a + b in nb */
static int join(namebuf *nb, const char *a, size_t alen, const char *b, size_t *len)
{
	size_t blen = strlen(b);
	if (tc__grow(nb->al, &nb->s, &nb->cap, alen + blen + 1, 1))
		return TC_ENOMEM;
	memcpy(nb->s, a, alen);
	memcpy(nb->s + alen, b, blen + 1);
	*len = alen + blen;
	return TC_OK;
}

/* The nodes: each block's barriers, then the rest of it, and <exit>.
 * base keeps the block's name while the callbacks run; node is made from it. */
static int add_nodes(const tc_block_graph *bg, tc_builder *b, namebuf *base, namebuf *node,
		     uint32_t *first, uint32_t *last, const tc_alloc *al, tc_inlined **inlined,
		     size_t nnodes)
{
	uint32_t id;
	int rc;
	for (uint32_t k = 0; k < bg->nblocks; k++) {
		size_t blen, len;
		const char *bname = bg->block_name(bg->ctx, k, &blen);
		uint32_t n = bg->nbarriers[k];
		first[k] = TC_NONE;
		if (n) {
			if ((rc = join(base, bname, blen, "", &blen)))
				return rc;
			bname = base->s;
		}
		for (uint32_t j = 0; j < n; j++) {
			unsigned flags;
			tc_loc loc;
			tc_inlined inl = {NULL, {NULL, 0, 0}};
			char suffix[32] = ".barrier";
			if (j)
				snprintf(suffix, sizeof suffix, ".barrier.%u", j + 1);
			if ((rc = bg->barrier(bg->ctx, k, j, &flags, &loc, &inl)) ||
			    (rc = join(node, bname, blen, suffix, &len)) ||
			    (rc = tc_builder_add_node(b, node->s, len, &id)))
				return rc;
			if (first[k] == TC_NONE)
				first[k] = id;
			tc_builder_set_flags(b, id, flags);
			if (inl.function && !*inlined &&
			    !(*inlined = tc__calloc(al, nnodes, sizeof **inlined)))
				return TC_ENOMEM;
			if (inl.function)
				(*inlined)[id] = inl;
			if (loc.file && loc.line &&
			    tc_builder_set_node_loc(b, id, loc.file, loc.line, loc.col))
				return TC_ENOMEM;
		}
		if (n) {
			if ((rc = join(node, bname, blen, ".after", &len)))
				return rc;
			bname = node->s;
			blen = len;
		}
		if ((rc = tc_builder_add_node(b, bname, blen, &id)))
			return rc;
		if (first[k] == TC_NONE)
			first[k] = id;
		last[k] = id;
	}
	if ((rc = tc_builder_add_node(b, EXIT_NAME, strlen(EXIT_NAME), &id)) ||
	    (rc = tc_builder_set_exit(b, id)))
		return rc;
	return bg->nblocks ? tc_builder_set_entry(b, first[0]) : TC_OK;
}

/* The edges: the pieces of each block in a chain, then its ways on; the
 * branches' positions. */
static int add_edges(const tc_block_graph *bg, tc_builder *b, const uint32_t *first,
		     const uint32_t *last, tc_loc *branch_loc)
{
	uint32_t exit = tc_builder_exit(b), nb = bg->nblocks;
	int rc;
	for (uint32_t k = 0; k < nb; k++) {
		for (uint32_t v = first[k]; v < last[k]; v++)
			if ((rc = tc_builder_edge(b, v, v + 1, NULL)))
				return rc;
		uint32_t s0 = bg->succ_off[k], s1 = bg->succ_off[k + 1];
		for (uint32_t x = s0; x < s1; x++) {
			uint32_t t = bg->succ[x];
			if ((rc = tc_builder_edge(b, last[k], t >= nb ? exit : first[t], NULL)))
				return rc;
		}
		if (s1 - s0 < 2)
			continue;
		if ((rc = bg->branch(bg->ctx, k, &branch_loc[last[k]])))
			return rc;
	}
	return TC_OK;
}

int tc__module_add_blocks(tc_module *m, const tc_block_graph *bg, uint32_t *last_node)
{
	const tc_alloc *al = &m->al;
	size_t nnodes = 1;
	for (uint32_t k = 0; k < bg->nblocks; k++)
		nnodes += bg->nbarriers[k] ? (size_t)bg->nbarriers[k] + 1 : 1;
	if (nnodes > UINT32_MAX / 2)
		return TC_ELIMIT;
	namebuf base = {al, NULL, 0}, node = {al, NULL, 0};
	tc_builder *b = NULL;
	uint32_t *first = tc__malloc(al, ((size_t)bg->nblocks + 1) * sizeof *first);
	tc_loc *branch_loc = tc__calloc(al, nnodes, sizeof *branch_loc);
	tc_branch_source *source = tc__calloc(al, nnodes, sizeof *source);
	tc_inlined *inlined = NULL;
	int rc = first && branch_loc && source && !join(&node, bg->name, bg->len, "", &(size_t){0})
			 ? tc_builder_new(&b, node.s, &al->a)
			 : TC_ENOMEM;
	if (!rc)
		rc = add_nodes(bg, b, &base, &node, first, last_node, al, &inlined, nnodes);
	if (!rc)
		rc = add_edges(bg, b, first, last_node, branch_loc);
	tc_graph *g = NULL;
	if (!rc)
		rc = tc_builder_finish(&g, b, NULL) ? TC_ENOMEM : TC_OK;
	else
		tc_builder_free(b);
	tc__free(al, first);
	tc__free(al, base.s);
	tc__free(al, node.s);
	if (rc) {
		tc__free(al, branch_loc);
		tc__free(al, source);
		tc__free(al, inlined);
		return rc;
	}
	if (tc__module_add_info(m, g, bg->kernel, branch_loc, (uint32_t)nnodes)) {
		tc__free(al, source);
		tc__free(al, inlined);
		return TC_ENOMEM;
	}
	tc__module_set_sources(m, source);
	tc__module_set_inlined(m, inlined);
	return TC_OK;
}
