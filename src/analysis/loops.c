/*
 * loops.c - Havlak's loop nesting forest, with explicit stacks.
 *
 * A DFS from the root numbers the nodes; an arc v->w is a back arc when w is
 * a DFS ancestor of v. Headers are processed in reverse preorder: the body
 * of w is collected backwards from the sources of its back arcs through the
 * other arcs, each node standing for its already-collapsed inner loop (a
 * union-find). A predecessor outside w's DFS subtree makes the loop
 * irreducible; it is recorded as an extra predecessor of w so that the
 * enclosing loop still sees that arc.
 */
#include "analysis/loops.h"

#include <string.h>

static uint32_t find(uint32_t *uf, uint32_t v)
{
	while (uf[v] != v)
		v = uf[v] = uf[uf[v]];
	return v;
}

int tc__loops(tc_arena *ar, const tc_digraph *succ, const tc_digraph *pred, uint32_t root,
	      tc_loops *out)
{
	uint32_t n = succ->n;
	size_t sz = (size_t)n + 1;
	/* the working arrays are freed on return; out's live on in ar */
	tc_arena tmp;
	tc__arena_init(&tmp, ar->al);
	uint32_t *num = TC_ARENA_ARRAY(&tmp, uint32_t, sz);   /* preorder, TC_NONE unvisited */
	uint32_t *last = TC_ARENA_ARRAY(&tmp, uint32_t, sz);  /* by node: last preorder in subtree */
	uint32_t *node = TC_ARENA_ARRAY(&tmp, uint32_t, sz);  /* by preorder */
	uint32_t *cursor = TC_ARENA_ARRAY(&tmp, uint32_t, sz);
	uint32_t *stack = TC_ARENA_ARRAY(&tmp, uint32_t, sz);
	uint32_t *uf = TC_ARENA_ARRAY(&tmp, uint32_t, sz);
	uint32_t *pool = TC_ARENA_ARRAY(&tmp, uint32_t, sz);
	uint32_t *in_pool = TC_ARENA_ARRAY(&tmp, uint32_t, sz);
	uint8_t *is_header = TC_ARENA_ZARRAY(&tmp, uint8_t, sz);
	/* extra (irreducible) predecessors: linked lists */
	uint32_t *extra_head = TC_ARENA_ARRAY(&tmp, uint32_t, sz);
	tc_u32vec extra_node = {NULL, 0, 0}, extra_next = {NULL, 0, 0};
	out->innermost = TC_ARENA_ARRAY(ar, uint32_t, sz);
	out->parent = TC_ARENA_ARRAY(ar, uint32_t, sz);
	out->pre = TC_ARENA_ARRAY(ar, uint32_t, sz);
	out->last = TC_ARENA_ARRAY(ar, uint32_t, sz);
	out->irreducible = TC_ARENA_ZARRAY(ar, uint8_t, sz);
	out->multi_entry = TC_ARENA_ZARRAY(ar, uint8_t, sz);
	if (!out->irreducible || !out->multi_entry ||!num || !last || !node || !cursor || !stack || !uf || !pool || !in_pool ||
	    !is_header || !extra_head || !out->innermost || !out->parent || !out->pre ||
	    !out->last) {
		tc__arena_free(&tmp);
		return TC_ENOMEM;
	}
	int rc = TC_OK;
	for (uint32_t v = 0; v < n; v++) {
		num[v] = TC_NONE;
		uf[v] = v;
		in_pool[v] = TC_NONE;
		extra_head[v] = TC_NONE;
		out->innermost[v] = out->parent[v] = TC_NONE;
		out->pre[v] = out->last[v] = TC_NONE;
	}
	/* header[] of Havlak: the loop a node was collapsed into */
	uint32_t *header = out->parent;

	/* 1. DFS preorder and subtree extents */
	uint32_t count = 0, top = 0;
	num[root] = count;
	node[count++] = root;
	cursor[root] = succ->off[root];
	stack[top++] = root;
	while (top > 0) {
		uint32_t v = stack[top - 1];
		if (cursor[v] == succ->off[v + 1]) {
			last[v] = count - 1;
			top--;
			continue;
		}
		uint32_t w = succ->adj[cursor[v]++];
		if (num[w] != TC_NONE)
			continue;
		num[w] = count;
		node[count++] = w;
		cursor[w] = succ->off[w];
		stack[top++] = w;
	}
#define ANCESTOR(a, b) (num[a] <= num[b] && num[b] <= last[a])

	/* 2. loop bodies, innermost first */
	for (uint32_t i = count; i-- > 0;) {
		uint32_t w = node[i];
		uint32_t np = 0;
		for (const uint32_t *p = TC_ADJ_BEGIN(pred, w); p != TC_ADJ_END(pred, w); p++) {
			uint32_t v = *p;
			if (num[v] == TC_NONE || !ANCESTOR(w, v))
				continue;
			if (v == w) {
				is_header[w] = 1; /* self-loop */
				continue;
			}
			v = find(uf, v);
			if (in_pool[v] != w) {
				in_pool[v] = w;
				pool[np++] = v;
			}
		}
		if (np)
			is_header[w] = 1;
		/* pool doubles as the work list: scan it as it grows */
		for (uint32_t k = 0; k < np; k++) {
			uint32_t x = pool[k];
			/* the non-back predecessors of x, then its extra ones */
			const uint32_t *p = TC_ADJ_BEGIN(pred, x), *pe = TC_ADJ_END(pred, x);
			uint32_t extra = extra_head[x];
			for (;;) {
				uint32_t y;
				if (p != pe) {
					y = *p++;
					if (num[y] == TC_NONE || ANCESTOR(x, y))
						continue; /* unreachable, or a back arc of x */
				} else if (extra != TC_NONE) {
					y = extra_node.v[extra];
					extra = extra_next.v[extra];
				} else {
					break;
				}
				uint32_t y2 = find(uf, y);
				if (!ANCESTOR(w, y2)) {
					/* an entry from outside w's subtree: irreducible */
					out->irreducible[w] = out->multi_entry[w] = 1;
					if ((rc = tc__u32vec_push(ar->al, &extra_node, y2)) ||
					    (rc = tc__u32vec_push(ar->al, &extra_next, extra_head[w])))
						goto done;
					extra_head[w] = (uint32_t)extra_node.len - 1;
				} else if (y2 != w && in_pool[y2] != w) {
					in_pool[y2] = w;
					pool[np++] = y2;
				}
			}
		}
		for (uint32_t k = 0; k < np; k++) {
			header[pool[k]] = w;
			uf[pool[k]] = w;
		}
	}

	/* 3. innermost loops, forest parents, and forest preorder */
	for (uint32_t i = 0; i < count; i++) {
		uint32_t v = node[i];
		uint32_t h = header[v];
		/* header[] holds the loop v was collapsed into; a non-header's
		 * innermost loop is that one, a header's is itself */
		out->innermost[v] = is_header[v] ? v : h;
	}
	for (uint32_t i = 0; i < count; i++) {
		uint32_t v = node[i];
		if (!is_header[v])
			header[v] = TC_NONE; /* parent[] is for headers only */
	}
	/* forest preorder over explicit child lists (headers only) */
	{
		uint32_t *coff = cursor, *child = pool, k = 0; /* reuse scratch */
		memset(coff, 0, sz * sizeof *coff);
		for (uint32_t v = 0; v < n; v++)
			if (is_header[v] && out->parent[v] != TC_NONE)
				coff[out->parent[v] + 1]++;
		for (uint32_t v = 0; v < n; v++)
			coff[v + 1] += coff[v];
		for (uint32_t v = 0; v < n; v++)
			if (is_header[v] && out->parent[v] != TC_NONE)
				child[coff[out->parent[v]]++] = v;
		for (uint32_t v = n; v > 0; v--)
			coff[v] = coff[v - 1];
		coff[0] = 0;
		/* in_pool[] becomes the next-child cursor */
		for (uint32_t r = 0; r < n; r++) {
			if (!is_header[r] || out->parent[r] != TC_NONE)
				continue;
			top = 0;
			stack[top++] = r;
			out->pre[r] = k++;
			in_pool[r] = coff[r];
			while (top > 0) {
				uint32_t h = stack[top - 1];
				if (in_pool[h] == coff[h + 1]) {
					out->last[h] = k - 1;
					top--;
					continue;
				}
				uint32_t c = child[in_pool[h]++];
				out->irreducible[c] |= out->irreducible[h];
				out->pre[c] = k++;
				in_pool[c] = coff[c];
				stack[top++] = c;
			}
		}
	}
#undef ANCESTOR
done:
	tc__u32vec_free(ar->al, &extra_node);
	tc__u32vec_free(ar->al, &extra_next);
	tc__arena_free(&tmp);
	return rc;
}
