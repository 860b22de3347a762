/*
 * dominators.c - Lengauer-Tarjan (TOPLAS 1979), the simple version with path
 * compression, and preorder numbering of the dominator tree.
 *
 * All per-vertex arrays are indexed by DFS number (1-based; 0 means none), so
 * the forest's "no ancestor" test is a zero check and anc[0] == 0 is a
 * sentinel. The DFS and the path compression use explicit stacks.
 */
#include "graph/dominators.h"

#include <string.h>

typedef struct lt {
	/* vert[k - 1]: the vertex numbered k; bucket_next[k - 1] likewise */
	uint32_t *vert, *par, *semi, *anc, *label, *dom;
	uint32_t *bucket_head, *bucket_next;
	uint32_t *stack;
} lt;

/* compress the forest path above v (iterative form of the recursive compress) */
static void compress(lt *s, uint32_t v)
{
	uint32_t top = 0;
	for (uint32_t x = v; s->anc[s->anc[x]] != 0; x = s->anc[x])
		s->stack[top++] = x;
	while (top > 0) {
		uint32_t x = s->stack[--top];
		uint32_t a = s->anc[x];
		if (s->semi[s->label[a]] < s->semi[s->label[x]])
			s->label[x] = s->label[a];
		s->anc[x] = s->anc[a];
	}
}

static uint32_t eval(lt *s, uint32_t v)
{
	if (s->anc[v] == 0)
		return v;
	compress(s, v);
	return s->label[v];
}

/* the working arrays (32 bytes a vertex, 36 without order) come from ar,
 * which the caller frees; the vertices in search order are order itself,
 * and the buckets' links live in idom until the answers go there. idom[]
 * has every vertex's answer */
static int lengauer_tarjan(tc_arena *ar, const tc_digraph *succ, const tc_digraph *pred,
			   uint32_t root, uint32_t *idom, uint32_t *order, uint32_t *count)
{
	uint32_t n = succ->n;
	size_t sz = (size_t)n + 1;
	lt s;
	uint32_t *dfn = TC_ARENA_ZARRAY(ar, uint32_t, sz);
	s.vert = order ? order : TC_ARENA_ARRAY(ar, uint32_t, sz);
	s.par = TC_ARENA_ARRAY(ar, uint32_t, sz);
	s.semi = TC_ARENA_ARRAY(ar, uint32_t, sz);
	s.anc = TC_ARENA_ZARRAY(ar, uint32_t, sz);
	s.label = TC_ARENA_ARRAY(ar, uint32_t, sz);
	s.dom = TC_ARENA_ARRAY(ar, uint32_t, sz);
	s.bucket_head = TC_ARENA_ZARRAY(ar, uint32_t, sz);
	s.bucket_next = idom;
	s.stack = TC_ARENA_ARRAY(ar, uint32_t, sz);
	if (!dfn || !s.vert || !s.par || !s.semi || !s.anc || !s.label || !s.dom ||
	    !s.bucket_head || !s.stack)
		return TC_ENOMEM;
	uint32_t *cursor = s.dom; /* the search's only; dom is cleared after it */

	/* 1. depth-first numbering; stack holds vertices, cursor their next arc */
	uint32_t k = 0, top = 0;
	dfn[root] = ++k;
	s.vert[k - 1] = root;
	s.par[k] = 0;
	cursor[root] = succ->off[root];
	s.stack[top++] = root;
	while (top > 0) {
		uint32_t v = s.stack[top - 1];
		if (cursor[v] == succ->off[v + 1]) {
			top--;
			continue;
		}
		uint32_t w = succ->adj[cursor[v]++];
		if (dfn[w])
			continue;
		dfn[w] = ++k;
		s.vert[k - 1] = w;
		s.par[k] = dfn[v];
		cursor[w] = succ->off[w];
		s.stack[top++] = w;
	}
	for (uint32_t i = 1; i <= k; i++)
		s.semi[i] = s.label[i] = i;
	memset(s.dom, 0, sz * sizeof *s.dom);
	memset(s.bucket_next, 0, (size_t)n * sizeof *s.bucket_next);

	/* 2. semidominators in reverse preorder, implicit idoms via buckets */
	for (uint32_t i = k; i >= 2; i--) {
		uint32_t w = s.vert[i - 1];
		for (const uint32_t *p = TC_ADJ_BEGIN(pred, w); p != TC_ADJ_END(pred, w); p++) {
			uint32_t v = dfn[*p];
			if (!v)
				continue; /* unreachable predecessor */
			uint32_t u = eval(&s, v);
			if (s.semi[u] < s.semi[i])
				s.semi[i] = s.semi[u];
		}
		uint32_t sd = s.semi[i];
		s.bucket_next[i - 1] = s.bucket_head[sd];
		s.bucket_head[sd] = i;
		uint32_t p = s.par[i];
		s.anc[i] = p; /* link(parent, w) */
		for (uint32_t v = s.bucket_head[p]; v; v = s.bucket_next[v - 1]) {
			uint32_t u = eval(&s, v);
			s.dom[v] = s.semi[u] < s.semi[v] ? u : p;
		}
		s.bucket_head[p] = 0;
	}
	/* 3. make the implicit idoms explicit, in preorder */
	for (uint32_t i = 2; i <= k; i++)
		if (s.dom[i] != s.semi[i])
			s.dom[i] = s.dom[s.dom[i]];
	for (uint32_t v = 0; v < n; v++)
		idom[v] = TC_NONE; /* the buckets are done with it */
	idom[root] = root;
	for (uint32_t i = 2; i <= k; i++)
		idom[s.vert[i - 1]] = s.vert[s.dom[i] - 1];
	if (count)
		*count = k;
	return TC_OK;
}

int tc__dominators(tc_arena *ar, const tc_digraph *succ, const tc_digraph *pred,
		   uint32_t root, uint32_t *idom)
{
	return tc__dominators_ordered(ar, succ, pred, root, idom, NULL, NULL);
}

int tc__dominators_ordered(tc_arena *ar, const tc_digraph *succ, const tc_digraph *pred,
			   uint32_t root, uint32_t *idom, uint32_t *order, uint32_t *count)
{
	if (count)
		*count = 0;
	for (uint32_t v = 0; v < succ->n; v++)
		idom[v] = TC_NONE;
	if (root >= succ->n)
		return TC_EINVAL;
	tc_arena scratch;
	tc__arena_init(&scratch, ar->al);
	int rc = lengauer_tarjan(&scratch, succ, pred, root, idom, order, count);
	tc__arena_free(&scratch);
	return rc;
}

static int build_domtree(tc_arena *ar, tc_arena *scratch, uint32_t n, const uint32_t *idom,
			 uint32_t root, tc_domtree *out, bool full);

/* the children lists and the search's stack (and, unless full, depth and
 * order) are freed on return */
static int domtree(tc_arena *ar, uint32_t n, const uint32_t *idom, uint32_t root,
		   tc_domtree *out, bool full)
{
	tc_arena scratch;
	tc__arena_init(&scratch, ar->al);
	int rc = build_domtree(ar, &scratch, n, idom, root, out, full);
	tc__arena_free(&scratch);
	if (!full)
		out->depth = out->order = NULL;
	return rc;
}

int tc__domtree(tc_arena *ar, uint32_t n, const uint32_t *idom, uint32_t root,
		tc_domtree *out)
{
	return domtree(ar, n, idom, root, out, true);
}

int tc__domtree_intervals(tc_arena *ar, uint32_t n, const uint32_t *idom, uint32_t root,
			  tc_domtree *out)
{
	return domtree(ar, n, idom, root, out, false);
}

static int build_domtree(tc_arena *ar, tc_arena *scratch, uint32_t n, const uint32_t *idom,
			 uint32_t root, tc_domtree *out, bool full)
{
	size_t sz = (size_t)n + 1;
	uint32_t *child_off = TC_ARENA_ZARRAY(scratch, uint32_t, sz);
	uint32_t *child = TC_ARENA_ARRAY(scratch, uint32_t, sz);
	uint32_t *stack = TC_ARENA_ARRAY(scratch, uint32_t, sz);
	uint32_t *cursor = TC_ARENA_ARRAY(scratch, uint32_t, sz);
	out->pre = TC_ARENA_ARRAY(ar, uint32_t, sz);
	out->last = TC_ARENA_ARRAY(ar, uint32_t, sz);
	out->depth = TC_ARENA_ARRAY(full ? ar : scratch, uint32_t, sz);
	out->order = TC_ARENA_ARRAY(full ? ar : scratch, uint32_t, sz);
	if (!child_off || !child || !stack || !cursor || !out->pre || !out->last ||
	    !out->depth || !out->order)
		return TC_ENOMEM;
	for (uint32_t v = 0; v < n; v++) {
		out->pre[v] = out->last[v] = TC_NONE;
		out->depth[v] = 0;
		if (idom[v] != TC_NONE && v != root)
			child_off[idom[v] + 1]++;
	}
	for (uint32_t v = 0; v < n; v++)
		child_off[v + 1] += child_off[v];
	for (uint32_t v = 0; v < n; v++)
		if (idom[v] != TC_NONE && v != root)
			child[child_off[idom[v]]++] = v;
	for (uint32_t v = n; v > 0; v--)
		child_off[v] = child_off[v - 1];
	child_off[0] = 0;

	uint32_t count = 0, top = 0;
	out->count = 0;
	if (root >= n || idom[root] != root)
		return TC_OK;
	stack[top++] = root;
	cursor[root] = child_off[root];
	out->pre[root] = count;
	out->order[count++] = root;
	while (top > 0) {
		uint32_t v = stack[top - 1];
		if (cursor[v] == child_off[v + 1]) {
			out->last[v] = count - 1;
			top--;
			continue;
		}
		uint32_t c = child[cursor[v]++];
		out->pre[c] = count;
		out->order[count++] = c;
		out->depth[c] = out->depth[v] + 1;
		cursor[c] = child_off[c];
		stack[top++] = c;
	}
	out->count = count;
	return TC_OK;
}
