/*
 * builder.c - makes a tc_graph node by node and edge by edge.
 *
 * Names are interned in one character pool with a hash table (util/hash.h)
 * from name to node id, so frontends can refer to nodes by name in O(1). A
 * slot keeps the name's hash beside the id, so probing and growing rarely
 * touch the pool (at ten million nodes those are cache misses).
 * tc_builder_finish hands the arrays to the graph and builds the CSR index.
 * Node positions are kept only for the nodes that have one, sorted by node
 * when the graph is made.
 */
#include "graph/graph.h"
#include "util/diag.h"
#include "util/hash.h"

#include <string.h>

struct tc_builder {
	tc_alloc al;
	char *name;
	char *pool;
	size_t pool_len, pool_cap;
	tc_u32vec name_off;
	uint8_t *flags;
	size_t flags_cap;
	tc_u32vec from, to;
	tc_hash table; /* name -> node id */
	size_t expect; /* nodes the frontend expects, 0 when it does not say */
	tc_node_loc *loc; /* one per tc_builder_set_node_loc call, in call order */
	size_t nloc, loc_cap;
	char **files;
	uint32_t nfiles;
	uint32_t entry, exit;
	int oom; /* a failed allocation poisons the builder */
};

static char *dup_string(const tc_alloc *al, const char *s, size_t len)
{
	char *d = tc__malloc(al, len + 1);
	if (d) {
		memcpy(d, s, len);
		d[len] = '\0';
	}
	return d;
}

int tc_builder_new(tc_builder **out, const char *graph_name, const tc_allocator *alloc)
{
	tc_alloc al;
	tc__alloc_init(&al, alloc);
	*out = NULL;
	tc_builder *b = tc__calloc(&al, 1, sizeof *b);
	if (!b)
		return TC_ENOMEM;
	b->al = al;
	const char *name = graph_name ? graph_name : "";
	b->name = dup_string(&al, name, strlen(name));
	if (!b->name) {
		tc__free(&al, b);
		return TC_ENOMEM;
	}
	b->entry = b->exit = TC_NONE;
	*out = b;
	return TC_OK;
}

void tc_builder_free(tc_builder *b)
{
	if (!b)
		return;
	const tc_alloc al = b->al;
	tc__free(&al, b->name);
	tc__free(&al, b->pool);
	tc__u32vec_free(&al, &b->name_off);
	tc__free(&al, b->flags);
	tc__u32vec_free(&al, &b->from);
	tc__u32vec_free(&al, &b->to);
	tc__hash_free(&b->table, &al);
	tc__free(&al, b->loc);
	for (uint32_t i = 0; i < b->nfiles; i++)
		tc__free(&al, b->files[i]);
	tc__free(&al, b->files);
	tc__free(&al, b);
}

/* memcmp(a, b, len) == 0 without a call for the short names most are */
static int names_equal(const char *a, const char *b, size_t len)
{
	if (len > 16)
		return memcmp(a, b, len) == 0;
	for (size_t i = 0; i < len; i++)
		if (a[i] != b[i])
			return 0;
	return 1;
}

/* Room in the table for one more node. */
static int table_grow(tc_builder *b)
{
	size_t n = b->name_off.len + 1;
	if (n <= b->table.cap / 2)
		return TC_OK;
	/*
	 * Past a few ten thousand nodes, trust the expected count: grow straight
	 * to its size, up to 64 times the old one at once (so a wrong guess does
	 * not cost much), instead of rehashing at every doubling.
	 */
	if (n > ((size_t)1 << 15) && b->expect >= n) {
		size_t most = b->table.cap * 32;
		n = b->expect + 1 < most ? b->expect + 1 : most;
	}
	return tc__hash_reserve(&b->table, &b->al, n);
}

static int append_node(tc_builder *b, const char *name, size_t len, uint32_t *out_id)
{
	size_t id = b->name_off.len;
	if (id >= UINT32_MAX - 1 || b->pool_len > UINT32_MAX - len - 1)
		return TC_ELIMIT;
	if (b->pool_len + len + 1 > b->pool_cap) {
		size_t cap = b->pool_cap ? b->pool_cap : 256;
		while (cap < b->pool_len + len + 1)
			cap *= 2;
		char *p = tc__realloc(&b->al, b->pool, cap);
		if (!p)
			return TC_ENOMEM;
		b->pool = p;
		b->pool_cap = cap;
	}
	if (id >= b->flags_cap) {
		size_t cap = b->flags_cap ? b->flags_cap * 2 : 64;
		uint8_t *f = tc__realloc(&b->al, b->flags, cap);
		if (!f)
			return TC_ENOMEM;
		b->flags = f;
		b->flags_cap = cap;
	}
	if (tc__u32vec_push(&b->al, &b->name_off, (uint32_t)b->pool_len))
		return TC_ENOMEM;
	memcpy(b->pool + b->pool_len, name, len);
	b->pool[b->pool_len + len] = '\0';
	b->pool_len += len + 1;
	b->flags[id] = 0;
	*out_id = (uint32_t)id;
	return TC_OK;
}

int tc_builder_add_node(tc_builder *b, const char *name, size_t len, uint32_t *out_id)
{
	if (b->oom)
		return TC_ENOMEM;
	int rc = append_node(b, name, len, out_id);
	if (rc == TC_OK && b->table.cap) {
		/* keep the table consistent; a later tc_builder_node finds the first */
		rc = table_grow(b);
		if (rc == TC_OK)
			tc__hash_add(&b->table, tc__hash_bytes(name, len), *out_id);
	}
	if (rc == TC_ENOMEM)
		b->oom = 1;
	return rc;
}

void tc__builder_expect_nodes(tc_builder *b, size_t nodes)
{
	b->expect = nodes;
}

void tc__builder_prefetch(const tc_builder *b, uint32_t hash)
{
	tc__hash_prefetch(&b->table, hash);
}

int tc__builder_node_hashed(tc_builder *b, const char *name, size_t len, uint32_t hash,
			    uint32_t *out_id)
{
	if (b->oom)
		return TC_ENOMEM;
	if (b->name_off.len + 1 > b->table.cap / 2 && table_grow(b)) {
		b->oom = 1;
		return TC_ENOMEM;
	}
	size_t at;
	for (uint32_t id = tc__hash_first(&b->table, hash, &at); id != TC_NONE;
	     id = tc__hash_next(&b->table, hash, &at)) {
		size_t off = b->name_off.v[id];
		size_t end = id + 1 < b->name_off.len ? b->name_off.v[id + 1] : b->pool_len;
		if (end - off - 1 == len && names_equal(b->pool + off, name, len)) {
			*out_id = id;
			return TC_OK;
		}
	}
	int rc = append_node(b, name, len, out_id);
	if (rc == TC_OK)
		tc__hash_put_at(&b->table, at, hash, *out_id);
	else if (rc == TC_ENOMEM)
		b->oom = 1;
	return rc;
}

int tc_builder_node(tc_builder *b, const char *name, size_t len, uint32_t *out_id)
{
	return tc__builder_node_hashed(b, name, len, tc__hash_bytes(name, len), out_id);
}

int tc_builder_edge(tc_builder *b, uint32_t from, uint32_t to, uint32_t *out_id)
{
	if (b->oom)
		return TC_ENOMEM;
	if (from >= b->name_off.len || to >= b->name_off.len)
		return TC_EINVAL;
	if (b->from.len >= UINT32_MAX - 1)
		return TC_ELIMIT;
	if (tc__u32vec_push(&b->al, &b->from, from) ||
	    tc__u32vec_push(&b->al, &b->to, to)) {
		b->oom = 1;
		return TC_ENOMEM;
	}
	if (out_id)
		*out_id = (uint32_t)(b->from.len - 1);
	return TC_OK;
}

int tc_builder_set_entry(tc_builder *b, uint32_t node)
{
	if (node >= b->name_off.len)
		return TC_EINVAL;
	b->entry = node;
	return TC_OK;
}

int tc_builder_set_exit(tc_builder *b, uint32_t node)
{
	if (node >= b->name_off.len)
		return TC_EINVAL;
	b->exit = node;
	return TC_OK;
}

uint32_t tc_builder_entry(const tc_builder *b) { return b->entry; }
uint32_t tc_builder_exit(const tc_builder *b) { return b->exit; }

int tc_builder_set_flags(tc_builder *b, uint32_t node, unsigned flags)
{
	if (node >= b->name_off.len || (flags & ~(TC_NODE_BARRIER | TC_NODE_UNIFORM | TC_NODE_PARTIAL_BARRIER)))
		return TC_EINVAL;
	b->flags[node] = (uint8_t)flags;
	return TC_OK;
}

unsigned tc_builder_flags(const tc_builder *b, uint32_t node)
{
	return node < b->name_off.len ? b->flags[node] : 0;
}

int tc_builder_set_node_loc(tc_builder *b, uint32_t node, const char *file,
			    uint32_t line, uint32_t col)
{
	if (b->oom)
		return TC_ENOMEM;
	if (node >= b->name_off.len)
		return TC_EINVAL;
	uint32_t fi = TC_NONE;
	if (file) {
		for (uint32_t i = b->nfiles; i-- > 0 && fi == TC_NONE;)
			if (strcmp(b->files[i], file) == 0)
				fi = i;
		if (fi == TC_NONE) {
			char **f = tc__realloc(&b->al, b->files,
					       tc__mul(b->nfiles + 1u, sizeof *f));
			if (!f)
				goto oom;
			b->files = f;
			if (!(f[b->nfiles] = dup_string(&b->al, file, strlen(file))))
				goto oom;
			fi = b->nfiles++;
		}
	}
	/* the last position set wins: a repeat for the same node overwrites */
	if (b->nloc == 0 || b->loc[b->nloc - 1].node != node) {
		if (b->nloc == b->loc_cap) {
			size_t cap = b->loc_cap ? b->loc_cap * 2 : 16;
			tc_node_loc *l = tc__realloc(&b->al, b->loc, tc__mul(cap, sizeof *l));
			if (!l)
				goto oom;
			b->loc = l;
			b->loc_cap = cap;
		}
		b->nloc++;
	}
	b->loc[b->nloc - 1] = (tc_node_loc){node, fi, line, col};
	return TC_OK;
oom:
	b->oom = 1;
	return TC_ENOMEM;
}

/*
 * Sorts the positions by node, stably (a merge sort), and keeps the last one
 * set for each node; *count becomes the number kept.
 */
static int sort_locs(const tc_alloc *al, tc_node_loc *v, size_t *count)
{
	size_t n = *count, i = 1;
	while (i < n && v[i - 1].node < v[i].node)
		i++;
	if (i < n) {
		tc_node_loc *tmp = tc__malloc(al, tc__mul(n, sizeof *tmp));
		if (!tmp)
			return TC_ENOMEM;
		for (size_t w = 1; w < n; w *= 2) {
			for (size_t lo = 0; lo < n; lo += 2 * w) {
				size_t mid = lo + w < n ? lo + w : n;
				size_t hi = mid + w < n ? mid + w : n;
				size_t x = lo, y = mid, k = lo;
				while (x < mid && y < hi)
					tmp[k++] = v[y].node < v[x].node ? v[y++] : v[x++];
				while (x < mid)
					tmp[k++] = v[x++];
				while (y < hi)
					tmp[k++] = v[y++];
			}
			memcpy(v, tmp, n * sizeof *v);
		}
		tc__free(al, tmp);
		size_t kept = 0;
		for (size_t j = 0; j < n; j++) {
			if (j + 1 < n && v[j + 1].node == v[j].node)
				continue;
			v[kept++] = v[j];
		}
		*count = kept;
	}
	return TC_OK;
}

int tc_builder_finish(tc_graph **out, tc_builder *b, tc_diag *diag)
{
	*out = NULL;
	if (b->oom) {
		tc_builder_free(b);
		return tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
	}
	const char *gname = b->name;
	if (b->entry == TC_NONE || b->exit == TC_NONE) {
		int rc = tc__diag(diag, TC_EINVAL, NULL, 0, 0, "graph '%s' has no %s", gname,
				  b->entry == TC_NONE ? "entry" : "exit");
		tc_builder_free(b);
		return rc;
	}
	const tc_alloc al = b->al;
	tc_graph *g = tc__calloc(&al, 1, sizeof *g);
	if (!g) {
		tc_builder_free(b);
		return tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
	}
	g->al = al;
	g->n = (uint32_t)b->name_off.len;
	g->m = (uint32_t)b->from.len;
	g->entry = b->entry;
	g->exit = b->exit;
	/* hand over the arrays; the builder keeps nothing */
	g->name = b->name, b->name = NULL;
	g->names = b->pool, b->pool = NULL;
	g->name_off = b->name_off.v, b->name_off.v = NULL;
	g->flags = b->flags, b->flags = NULL;
	g->edge_from = b->from.v, b->from.v = NULL;
	g->edge_to = b->to.v, b->to.v = NULL;
	g->files = b->files, b->files = NULL;
	g->nfiles = b->nfiles, b->nfiles = 0;
	size_t nloc = b->nloc;
	g->loc = b->loc, b->loc = NULL;
	tc_builder_free(b);
	b = NULL;
	if (g->loc) {
		if (sort_locs(&al, g->loc, &nloc))
			goto oom;
		g->nloc = (uint32_t)nloc;
		tc_node_loc *l = tc__realloc(&al, g->loc, tc__mul(nloc, sizeof *l));
		if (l)
			g->loc = l; /* a shrink that fails keeps the larger block */
	}
	if (!g->names && (g->names = tc__calloc(&al, 1, 1)) == NULL)
		goto oom;
	if (tc__graph_index(g))
		goto oom;
	*out = g;
	return TC_OK;
oom:
	tc_builder_free(b);
	tc_graph_free(g);
	return tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
}
