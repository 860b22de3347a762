/*
 * oracle.c - brute-force convergence by enumerating walks (SPEC section 7).
 *
 * Liveness: a node is live when a walk from entry that never leaves exit
 * reaches it and it reaches exit; an edge when both ends are live and it does
 * not leave exit. Dead elements are '-', live sync nodes 'C'.
 *
 * Walks. ORACLE_WALKS enumerates the entry->exit walks of at most L edges
 * (a walk ends at its first arrival at exit and may revisit entry and
 * barriers), splits each at its sync events and groups walks by their
 * sequence of sync events. ORACLE_SEGMENTS enumerates, for every live sync
 * node s but exit, the walks of at most L edges from s to the first sync node
 * t after it, grouped by (s, t). The two agree in the limit: the walks of one
 * sync sequence are exactly the concatenations of segment walks between
 * consecutive events, the pair condition below is per segment, and a walk is
 * compatible with itself, so two walks that differ in segment j can agree
 * everywhere else. A segment is at most as long as its walk, so at equal L
 * the segment oracle refutes a superset of what the walk oracle refutes.
 *
 * Refutation. An element x (a non-sync node or an edge) is refuted when two
 * walks of one group count x differently in some segment. With uniform
 * marks, S starts as the marked live nodes and a pair only counts when, for
 * every h in S and every k, the k-th visits of h within one segment leave by
 * the same edge in both walks (a sync node's visit belongs to the segment it
 * starts); nodes refuted are dropped from S and the refutation is redone
 * until S is stable. The refuted set only grows along the way (fewer
 * constraints, more pairs), so it is kept from round to round. Walks with
 * equal signatures (group, counts, and each marked node's own sequence of
 * decisions) are stored once, with their least length. Compatibility is not
 * transitive, but it only depends on the decisions at S, so the walks of a
 * group are split into classes that decide alike at S and every pair of
 * classes that could refute something new is tried (refute_group).
 *
 * The bound. By default L is the largest bound whose enumeration fits the
 * step budget (counted beforehand by dynamic programming over lengths), up
 * to 3n for the segment oracle without marks (n live nodes) and 4n with
 * marks; with marks it is lowered further until the pairs of walks in each
 * group fit the pair budget (pair_bound). The answer is "complete" when
 *   - no walk is longer than L (exhaustive: every walk was seen), or
 *   - segments without marks and L >= 3n. This is a proof: if two segment
 *     walks s->t count x differently, shortcutting gives two that do in at
 *     most 3n - 1 edges. Either some walk meets x twice, so x lies on a
 *     cycle through non-sync nodes, and (simple path s->x)(simple cycle
 *     through x)(simple path x->t) against the same without the cycle
 *     count 2 and 1; or all counts are 0 or 1, and a walk avoiding x and one
 *     through x shortcut to simple paths keep their counts.
 *   - with marks, L >= 2n and the answers for L - 2, L - 1 and L are equal.
 *     This one is a heuristic (compatibility can force long walks); the
 *     property tests confirm every completeness mismatch with a much larger
 *     budget before they call it a failure.
 * Only the first two set `proven`.
 */
#include "oracle/oracle.h"

#include <stdlib.h>
#include <string.h>

#define MAX_BOUND 250u /* counts are bytes */

typedef struct rec {
	uint32_t group, minlen, nseg, ndec;
	size_t cnt_off; /* nseg * E bytes in cnt_pool */
	size_t dec_off; /* ndec (edge, segment) pairs in dec_pool */
	uint64_t hash;
} rec;

typedef struct grp {
	size_t key_off; /* the sync events in key_pool */
	uint32_t key_len;
	uint64_t hash;
} grp;

/* open addressing over indices + 1; 0 is empty */
typedef struct table {
	uint32_t *slot;
	size_t cap;
} table;

typedef struct ctx {
	const tc_graph *g;
	const oracle_options *opt;
	uint32_t n, m, E; /* E = n + m elements: nodes, then edges */
	uint8_t *live_node, *live_edge, *sync, *marked;
	uint32_t *efrom; /* the source of each edge */
	uint32_t *elems; /* live non-sync nodes and live edges */
	uint32_t nelems, nlive, nmarked;

	/* enumeration at bound L */
	uint32_t L;
	uint8_t *cnt;   /* (L + 1) * E: counts per segment of the current walk */
	uint32_t *seq;  /* sync events of the current walk */
	uint32_t nseq;
	uint32_t *dec;  /* (edge, segment) decisions at marked nodes */
	uint32_t *dsort; /* the same, by node (sort_decisions) */
	uint32_t ndec;
	int err;

	rec *recs;
	size_t nrecs, caprecs;
	uint8_t *cnt_pool;
	size_t cnt_len, cnt_cap;
	uint32_t *dec_pool;
	size_t dec_len, dec_cap;
	grp *grps;
	size_t ngrps, capgrps;
	uint32_t *key_pool;
	size_t key_len, key_cap;
	table rtab, gtab;

	/* records by group: order[goff[g] .. goff[g+1]) */
	uint32_t *order, *goff;
	double *unfin; /* walks of each length that go on; L + 1 entries */

	/* refutation scratch */
	uint8_t *S;
	uint32_t *tmp;
	uint64_t pairs_left;
	uint16_t *sum;       /* per class: count per segment and element, or MULTI */
	size_t sum_cap;
	uint32_t *cls_slot;  /* hash table of classes */
	size_t cls_slot_cap;
	uint32_t *cls_rep;   /* a record of each class */
	uint64_t *cls_hash;
	struct keyed *keyed; /* classes by their unrefuted values */
	size_t keyed_cap;
	uint32_t *bucket;    /* starts of runs of equal values in keyed */
	size_t bucket_cap;
} ctx;

oracle_options oracle_options_default(void)
{
	oracle_options o;
	memset(&o, 0, sizeof o);
	o.assume_barriers = true;
	o.use_uniform = true;
	o.mode = ORACLE_SEGMENTS;
	return o;
}

/* ---- small containers ---------------------------------------------------- */

/* makes room for need elements; allocates even for none, so *p is never NULL */
static int grow(void **p, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap && *p)
		return 0;
	size_t c = *cap ? *cap : 64;
	while (c < need)
		c *= 2;
	void *q = realloc(*p, c * size);
	if (!q)
		return TC_ENOMEM;
	*p = q;
	*cap = c;
	return 0;
}

static uint64_t fnv(uint64_t h, const void *data, size_t len)
{
	const unsigned char *s = data;
	for (size_t i = 0; i < len; i++) {
		h ^= s[i];
		h *= 1099511628211ull;
	}
	return h;
}

#define FNV_INIT 1469598103934665603ull

/* requires the hash of every stored index to be retrievable by hash_of */
static int table_grow(table *t, size_t count, uint64_t (*hash_of)(const ctx *, uint32_t),
		      const ctx *c)
{
	if ((count + 1) * 2 <= t->cap)
		return 0;
	size_t cap = t->cap ? t->cap * 2 : 256;
	uint32_t *s = calloc(cap, sizeof *s);
	if (!s)
		return TC_ENOMEM;
	for (size_t i = 0; i < t->cap; i++) {
		if (!t->slot[i])
			continue;
		size_t j = hash_of(c, t->slot[i] - 1) & (cap - 1);
		while (s[j])
			j = (j + 1) & (cap - 1);
		s[j] = t->slot[i];
	}
	free(t->slot);
	t->slot = s;
	t->cap = cap;
	return 0;
}

static uint64_t rec_hash(const ctx *c, uint32_t i) { return c->recs[i].hash; }
static uint64_t grp_hash(const ctx *c, uint32_t i) { return c->grps[i].hash; }

/* ---- liveness ------------------------------------------------------------- */

static int compute_live(ctx *c)
{
	const tc_graph *g = c->g;
	uint32_t n = c->n, entry = tc_graph_entry(g), exit = tc_graph_exit(g);
	uint8_t *fwd = calloc(n, 1), *bwd = calloc(n, 1);
	uint32_t *stack = malloc((size_t)(n ? n : 1) * sizeof *stack);
	int rc = TC_ENOMEM;
	if (!fwd || !bwd || !stack)
		goto out;
	uint32_t sp = 0, cnt;
	fwd[entry] = 1;
	stack[sp++] = entry;
	while (sp) {
		uint32_t v = stack[--sp];
		if (v == exit)
			continue; /* a walk ends at its first arrival at exit */
		const uint32_t *out = tc_graph_out_edges(g, v, &cnt);
		for (uint32_t i = 0; i < cnt; i++) {
			uint32_t w = tc_graph_edge_to(g, out[i]);
			if (!fwd[w]) {
				fwd[w] = 1;
				stack[sp++] = w;
			}
		}
	}
	bwd[exit] = 1;
	stack[sp++] = exit;
	while (sp) {
		uint32_t v = stack[--sp];
		const uint32_t *in = tc_graph_in_edges(g, v, &cnt);
		for (uint32_t i = 0; i < cnt; i++) {
			uint32_t u = tc_graph_edge_from(g, in[i]);
			if (u != exit && !bwd[u]) {
				bwd[u] = 1;
				stack[sp++] = u;
			}
		}
	}
	for (uint32_t v = 0; v < n; v++) {
		c->live_node[v] = fwd[v] && bwd[v];
		unsigned f = tc_graph_node_flags(g, v);
		c->sync[v] = c->live_node[v] &&
			     (v == entry || v == exit ||
			      (c->opt->assume_barriers && (f & TC_NODE_BARRIER)));
		c->marked[v] = c->live_node[v] && c->opt->use_uniform && (f & TC_NODE_UNIFORM);
		c->nlive += c->live_node[v];
		c->nmarked += c->marked[v];
		if (c->live_node[v] && !c->sync[v])
			c->elems[c->nelems++] = v;
	}
	for (uint32_t e = 0; e < c->m; e++) {
		uint32_t u = tc_graph_edge_from(g, e), w = tc_graph_edge_to(g, e);
		c->efrom[e] = u;
		c->live_edge[e] = u != exit && c->live_node[u] && c->live_node[w];
		if (c->live_edge[e])
			c->elems[c->nelems++] = c->n + e;
	}
	rc = 0;
out:
	free(fwd);
	free(bwd);
	free(stack);
	return rc;
}

/* ---- choosing the bound --------------------------------------------------- */

/*
 * Counts walks by length without enumerating them: unfin[len] walks of len
 * edges go on, and they take steps[len] edges to grow by one.
 */
static int count_walks(ctx *c, uint32_t lcap, double *steps, double *unfin)
{
	const tc_graph *g = c->g;
	uint32_t n = c->n, exit = tc_graph_exit(g);
	double *cur = calloc(n, sizeof *cur), *next = calloc(n, sizeof *next);
	uint32_t *outdeg = calloc(n, sizeof *outdeg);
	if (!cur || !next || !outdeg) {
		free(cur);
		free(next);
		free(outdeg);
		return TC_ENOMEM;
	}
	for (uint32_t e = 0; e < c->m; e++)
		if (c->live_edge[e])
			outdeg[tc_graph_edge_from(g, e)]++;
	for (uint32_t s = 0; s < n; s++) {
		if (!c->sync[s] || s == exit)
			continue;
		if (c->opt->mode == ORACLE_WALKS && s != tc_graph_entry(g))
			continue;
		memset(cur, 0, n * sizeof *cur);
		cur[s] = 1;
		for (uint32_t len = 0; len <= lcap; len++) {
			double u = 0, st = 0;
			for (uint32_t v = 0; v < n; v++) {
				u += cur[v];
				st += cur[v] * outdeg[v];
			}
			unfin[len] += u;
			steps[len] += st;
			if (u == 0)
				break;
			memset(next, 0, n * sizeof *next);
			for (uint32_t e = 0; e < c->m; e++) {
				uint32_t v = tc_graph_edge_from(g, e);
				if (c->live_edge[e] && cur[v] != 0)
					next[tc_graph_edge_to(g, e)] += cur[v];
			}
			/* walks that arrived at a sync node (at exit) are done */
			for (uint32_t v = 0; v < n; v++)
				if (c->opt->mode == ORACLE_WALKS ? v == exit : c->sync[v])
					next[v] = 0;
			double *t = cur;
			cur = next;
			next = t;
		}
	}
	free(cur);
	free(next);
	free(outdeg);
	return 0;
}

/* ---- enumeration ------------------------------------------------------------ */

static int find_group(ctx *c, uint32_t *out)
{
	uint64_t h = fnv(FNV_INIT, c->seq, c->nseq * sizeof *c->seq);
	if (table_grow(&c->gtab, c->ngrps, grp_hash, c))
		return TC_ENOMEM;
	size_t mask = c->gtab.cap - 1, i = h & mask;
	for (; c->gtab.slot[i]; i = (i + 1) & mask) {
		const grp *gr = &c->grps[c->gtab.slot[i] - 1];
		if (gr->hash == h && gr->key_len == c->nseq &&
		    memcmp(c->key_pool + gr->key_off, c->seq, c->nseq * sizeof *c->seq) == 0) {
			*out = c->gtab.slot[i] - 1;
			return 0;
		}
	}
	if (grow((void **)&c->grps, &c->capgrps, c->ngrps + 1, sizeof *c->grps) ||
	    grow((void **)&c->key_pool, &c->key_cap, c->key_len + c->nseq, sizeof *c->key_pool))
		return TC_ENOMEM;
	grp *gr = &c->grps[c->ngrps];
	gr->key_off = c->key_len;
	gr->key_len = c->nseq;
	gr->hash = h;
	memcpy(c->key_pool + c->key_len, c->seq, c->nseq * sizeof *c->seq);
	c->key_len += c->nseq;
	c->gtab.slot[i] = (uint32_t)++c->ngrps;
	*out = gr - c->grps;
	return 0;
}

/*
 * The decisions of the current walk ordered by node, each node's in walk
 * order (a stable insertion sort): compatibility, classes and signatures
 * only look at each node's own sequence, so walks that interleave the same
 * sequences differently need not be told apart.
 */
static const uint32_t *sort_decisions(ctx *c)
{
	uint32_t *d = c->dsort;
	memcpy(d, c->dec, (size_t)c->ndec * 2 * sizeof *d);
	for (uint32_t i = 1; i < c->ndec; i++) {
		uint32_t e = d[2 * i], s = d[2 * i + 1], j = i;
		for (; j > 0 && c->efrom[d[2 * j - 2]] > c->efrom[e]; j--) {
			d[2 * j] = d[2 * j - 2];
			d[2 * j + 1] = d[2 * j - 1];
		}
		d[2 * j] = e;
		d[2 * j + 1] = s;
	}
	return d;
}

/* the current walk (of len edges) is complete: store its signature */
static int emit(ctx *c, uint32_t len)
{
	uint32_t group;
	if (find_group(c, &group))
		return TC_ENOMEM;
	uint32_t nseg = c->nseq - 1;
	size_t ncnt = (size_t)nseg * c->E;
	const uint32_t *dec = sort_decisions(c);
	uint64_t h = fnv(FNV_INIT, &group, sizeof group);
	h = fnv(h, c->cnt, ncnt);
	h = fnv(h, dec, (size_t)c->ndec * 2 * sizeof *dec);
	if (table_grow(&c->rtab, c->nrecs, rec_hash, c))
		return TC_ENOMEM;
	size_t mask = c->rtab.cap - 1, i = h & mask;
	for (; c->rtab.slot[i]; i = (i + 1) & mask) {
		rec *r = &c->recs[c->rtab.slot[i] - 1];
		if (r->hash == h && r->group == group && r->ndec == c->ndec &&
		    memcmp(c->cnt_pool + r->cnt_off, c->cnt, ncnt) == 0 &&
		    memcmp(c->dec_pool + r->dec_off, dec, (size_t)c->ndec * 2 * sizeof *dec) == 0) {
			if (len < r->minlen)
				r->minlen = len;
			return 0;
		}
	}
	if (grow((void **)&c->recs, &c->caprecs, c->nrecs + 1, sizeof *c->recs) ||
	    grow((void **)&c->cnt_pool, &c->cnt_cap, c->cnt_len + ncnt, 1) ||
	    grow((void **)&c->dec_pool, &c->dec_cap, c->dec_len + 2 * (size_t)c->ndec,
		 sizeof *c->dec_pool))
		return TC_ENOMEM;
	rec *r = &c->recs[c->nrecs];
	r->group = group;
	r->minlen = len;
	r->nseg = nseg;
	r->ndec = c->ndec;
	r->hash = h;
	r->cnt_off = c->cnt_len;
	r->dec_off = c->dec_len;
	memcpy(c->cnt_pool + c->cnt_len, c->cnt, ncnt);
	memcpy(c->dec_pool + c->dec_len, dec, (size_t)c->ndec * 2 * sizeof *dec);
	c->cnt_len += ncnt;
	c->dec_len += 2 * (size_t)c->ndec;
	c->rtab.slot[i] = (uint32_t)++c->nrecs;
	return 0;
}

/* extends the current walk, which stands at v after len edges (v counted) */
static void extend(ctx *c, uint32_t v, uint32_t len)
{
	const tc_graph *g = c->g;
	uint32_t exit = tc_graph_exit(g), seg = c->nseq - 1, cnt;
	if (len == c->L || c->err)
		return;
	const uint32_t *out = tc_graph_out_edges(g, v, &cnt);
	for (uint32_t i = 0; i < cnt && !c->err; i++) {
		uint32_t e = out[i], w = tc_graph_edge_to(g, e);
		if (!c->live_edge[e])
			continue;
		uint8_t *segcnt = c->cnt + (size_t)seg * c->E;
		segcnt[c->n + e]++;
		if (c->marked[v]) {
			c->dec[2 * c->ndec] = e;
			c->dec[2 * c->ndec + 1] = seg;
			c->ndec++;
		}
		c->seq[c->nseq++] = w; /* provisionally: a sync event */
		if (c->sync[w] && (w == exit || c->opt->mode == ORACLE_SEGMENTS)) {
			c->err = emit(c, len + 1);
		} else if (c->sync[w]) {
			extend(c, w, len + 1); /* a new segment starts at w */
		} else {
			c->nseq--;
			segcnt[w]++;
			extend(c, w, len + 1);
			segcnt[w]--;
			c->nseq++;
		}
		c->nseq--;
		if (c->marked[v])
			c->ndec--;
		segcnt[c->n + e]--;
	}
}

static int enumerate(ctx *c)
{
	const tc_graph *g = c->g;
	uint32_t exit = tc_graph_exit(g);
	c->cnt = calloc((size_t)(c->L + 2) * c->E, 1);
	c->seq = malloc((size_t)(c->L + 2) * sizeof *c->seq);
	c->dec = malloc((size_t)(c->L + 1) * 2 * sizeof *c->dec);
	c->dsort = malloc((size_t)(c->L + 1) * 2 * sizeof *c->dsort);
	if (!c->cnt || !c->seq || !c->dec || !c->dsort)
		return TC_ENOMEM;
	for (uint32_t s = 0; s < c->n && !c->err; s++) {
		if (!c->sync[s] || s == exit)
			continue;
		if (c->opt->mode == ORACLE_WALKS && s != tc_graph_entry(g))
			continue;
		c->nseq = 1;
		c->seq[0] = s;
		c->ndec = 0;
		extend(c, s, 0);
	}
	if (c->err)
		return c->err;
	/* records by group, in enumeration order */
	c->goff = calloc(c->ngrps + 1, sizeof *c->goff);
	c->order = malloc((c->nrecs ? c->nrecs : 1) * sizeof *c->order);
	if (!c->goff || !c->order)
		return TC_ENOMEM;
	for (size_t i = 0; i < c->nrecs; i++)
		c->goff[c->recs[i].group + 1]++;
	for (size_t k = 0; k < c->ngrps; k++)
		c->goff[k + 1] += c->goff[k];
	uint32_t *pos = malloc((c->ngrps + 1) * sizeof *pos);
	if (!pos)
		return TC_ENOMEM;
	memcpy(pos, c->goff, (c->ngrps + 1) * sizeof *pos);
	for (size_t i = 0; i < c->nrecs; i++)
		c->order[pos[c->recs[i].group]++] = (uint32_t)i;
	free(pos);
	return 0;
}

/* ---- refutation --------------------------------------------------------------- */

/*
 * The k-th visits of every h in S within one segment leave by the same edge.
 * Decisions are ordered by node, so the runs of each node are merged.
 */
static int compatible(const ctx *c, const rec *a, const rec *b)
{
	const uint32_t *da = c->dec_pool + a->dec_off, *db = c->dec_pool + b->dec_off;
	uint32_t i = 0, j = 0;
	while (i < a->ndec && j < b->ndec) {
		uint32_t ha = c->efrom[da[2 * i]], hb = c->efrom[db[2 * j]];
		uint32_t h = ha < hb ? ha : hb;
		if (ha == hb && c->S[h]) {
			while (i < a->ndec && j < b->ndec && c->efrom[da[2 * i]] == h &&
			       c->efrom[db[2 * j]] == h) {
				if (da[2 * i + 1] == db[2 * j + 1]) {
					if (da[2 * i] != db[2 * j])
						return 0;
					i++;
					j++;
				} else if (da[2 * i + 1] < db[2 * j + 1]) {
					i++; /* a visits h once more in that segment */
				} else {
					j++;
				}
			}
		}
		/* past the rest of h's runs */
		while (i < a->ndec && c->efrom[da[2 * i]] == h)
			i++;
		while (j < b->ndec && c->efrom[db[2 * j]] == h)
			j++;
	}
	return 1;
}

/* the hash of r's decisions at nodes of S */
static uint64_t sig_hash(const ctx *c, const rec *r)
{
	const uint32_t *d = c->dec_pool + r->dec_off;
	uint64_t h = FNV_INIT;
	for (uint32_t i = 0; i < r->ndec; i++)
		if (c->S[c->efrom[d[2 * i]]])
			h = fnv(h, d + 2 * i, 2 * sizeof *d);
	return h;
}

/* whether a and b decide alike at every visit of a node of S */
static int sig_equal(const ctx *c, const rec *a, const rec *b)
{
	const uint32_t *da = c->dec_pool + a->dec_off, *db = c->dec_pool + b->dec_off;
	uint32_t i = 0, j = 0;
	for (;;) {
		while (i < a->ndec && !c->S[c->efrom[da[2 * i]]])
			i++;
		while (j < b->ndec && !c->S[c->efrom[db[2 * j]]])
			j++;
		if (i >= a->ndec || j >= b->ndec)
			return i >= a->ndec && j >= b->ndec;
		if (da[2 * i] != db[2 * j] || da[2 * i + 1] != db[2 * j + 1])
			return 0;
		i++;
		j++;
	}
}

#define MULTI 0xffffu

/* the first position where two class summaries differ on an unrefuted element */
static size_t first_new_diff(const ctx *c, const uint16_t *si, const uint16_t *sj, size_t width,
			     const uint8_t *refuted)
{
	uint32_t ne = c->nelems;
	for (size_t y0 = 0; y0 < width; y0 += ne)
		for (uint32_t x = 0; x < ne; x++)
			if (si[y0 + x] != sj[y0 + x] && !refuted[c->elems[x]])
				return y0 + x;
	return width;
}

typedef struct keyed {
	uint64_t key;
	uint32_t cls;
} keyed;

static int by_key(const void *a, const void *b)
{
	const keyed *x = a, *y = b;
	return x->key < y->key ? -1 : x->key > y->key;
}

/*
 * Pairs of classes: a pair refutes where the two differ, when compatible.
 * Classes that agree on every unrefuted element refute nothing new, now or
 * later (refuted only grows), so they are bucketed by those values and only
 * pairs across buckets are tried; once one pair of two buckets was
 * compatible, the other pairs of those buckets refute nothing new.
 */
static int refute_classes(ctx *c, uint32_t ncls, size_t width, uint8_t *refuted)
{
	uint32_t ne = c->nelems, nb = 0;
	if (grow((void **)&c->keyed, &c->keyed_cap, ncls, sizeof *c->keyed) ||
	    grow((void **)&c->bucket, &c->bucket_cap, (size_t)ncls + 1, sizeof *c->bucket))
		return -1;
	for (uint32_t i = 0; i < ncls; i++) {
		const uint16_t *si = c->sum + i * width;
		uint64_t h = FNV_INIT;
		for (size_t y = 0; y < width; y++)
			if (!refuted[c->elems[y % ne]])
				h = fnv(h, si + y, sizeof *si);
		c->keyed[i].key = h;
		c->keyed[i].cls = i;
	}
	qsort(c->keyed, ncls, sizeof *c->keyed, by_key);
	/* buckets: runs of keyed[] whose values are equal to the run's first */
	for (uint32_t i = 0; i < ncls; i++) {
		uint32_t first = nb ? c->keyed[c->bucket[nb - 1]].cls : 0;
		if (nb == 0 || c->keyed[i].key != c->keyed[c->bucket[nb - 1]].key ||
		    first_new_diff(c, c->sum + first * width, c->sum + c->keyed[i].cls * width,
				   width, refuted) != width)
			c->bucket[nb++] = i;
	}
	c->bucket[nb] = ncls;
	for (uint32_t a = 0; a < nb; a++) {
		for (uint32_t b = a + 1; b < nb; b++) {
			const uint16_t *sa = c->sum + c->keyed[c->bucket[a]].cls * width;
			const uint16_t *sb = c->sum + c->keyed[c->bucket[b]].cls * width;
			size_t y = first_new_diff(c, sa, sb, width, refuted);
			if (y == width)
				continue;
			int found = 0;
			for (uint32_t i = c->bucket[a]; i < c->bucket[a + 1] && !found; i++) {
				for (uint32_t j = c->bucket[b]; j < c->bucket[b + 1] && !found; j++) {
					if (c->pairs_left == 0)
						return 1;
					c->pairs_left--;
					found = compatible(c, &c->recs[c->cls_rep[c->keyed[i].cls]],
							   &c->recs[c->cls_rep[c->keyed[j].cls]]);
				}
			}
			if (!found)
				continue;
			for (; y < width; y++)
				if (sa[y] != sb[y])
					refuted[c->elems[y % ne]] = 1;
		}
	}
	return 0;
}

/*
 * Refutes within one group of k records (c->tmp). Records that decide alike
 * at S form a class: all pairs inside a class are compatible, and whether
 * two classes are depends on their decisions only. So each class keeps, per
 * segment and element, its one count or MULTI, and x is refuted by a class
 * with MULTI or by two compatible classes with different counts.
 * Returns 1 when the pair budget ran out.
 */
static int refute_group(ctx *c, uint32_t k, uint8_t *refuted)
{
	uint32_t nseg = c->recs[c->tmp[0]].nseg, ne = c->nelems, ncls = 0;
	size_t width = (size_t)nseg * ne, cap = 16;
	while (cap < 2 * (size_t)k)
		cap *= 2;
	if (grow((void **)&c->sum, &c->sum_cap, k * width, sizeof *c->sum) ||
	    grow((void **)&c->cls_slot, &c->cls_slot_cap, cap, sizeof *c->cls_slot))
		return -1;
	memset(c->cls_slot, 0, cap * sizeof *c->cls_slot);
	for (uint32_t i = 0; i < k; i++) {
		const rec *r = &c->recs[c->tmp[i]];
		uint64_t h = sig_hash(c, r);
		size_t at = h & (cap - 1);
		uint32_t cl = UINT32_MAX;
		for (; c->cls_slot[at]; at = (at + 1) & (cap - 1)) {
			uint32_t q = c->cls_slot[at] - 1;
			if (c->cls_hash[q] == h && sig_equal(c, &c->recs[c->cls_rep[q]], r)) {
				cl = q;
				break;
			}
		}
		uint16_t *sum;
		if (cl == UINT32_MAX) {
			cl = ncls++;
			c->cls_slot[at] = cl + 1;
			c->cls_hash[cl] = h;
			c->cls_rep[cl] = c->tmp[i];
			sum = c->sum + cl * width;
			for (uint32_t s = 0; s < nseg; s++) {
				const uint8_t *cnt = c->cnt_pool + r->cnt_off + (size_t)s * c->E;
				for (uint32_t x = 0; x < ne; x++)
					sum[s * ne + x] = cnt[c->elems[x]];
			}
			continue;
		}
		sum = c->sum + cl * width;
		for (uint32_t s = 0; s < nseg; s++) {
			const uint8_t *cnt = c->cnt_pool + r->cnt_off + (size_t)s * c->E;
			for (uint32_t x = 0; x < ne; x++)
				if (sum[s * ne + x] != cnt[c->elems[x]])
					sum[s * ne + x] = MULTI;
		}
	}
	for (uint32_t i = 0; i < ncls; i++)
		for (size_t y = 0; y < width; y++)
			if (c->sum[i * width + y] == MULTI)
				refuted[c->elems[y % ne]] = 1;
	if (ncls < 2)
		return 0;
	return refute_classes(c, ncls, width, refuted);
}

/*
 * refuted[x] for the walks of at most lq edges, uniform fixpoint included.
 * Returns 1 when the pair budget ran out (the answer is then incomplete),
 * -1 when out of memory.
 */
static int refute(ctx *c, uint32_t lq, uint8_t *refuted, uint32_t *rounds)
{
	memset(refuted, 0, c->E);
	memcpy(c->S, c->marked, c->n);
	*rounds = 0;
	for (;;) {
		++*rounds;
		for (size_t gi = 0; gi < c->ngrps; gi++) {
			uint32_t k = 0;
			for (uint32_t i = c->goff[gi]; i < c->goff[gi + 1]; i++)
				if (c->recs[c->order[i]].minlen <= lq)
					c->tmp[k++] = c->order[i];
			int rc = k < 2 ? 0 : refute_group(c, k, refuted);
			if (rc)
				return rc;
		}
		int changed = 0;
		for (uint32_t v = 0; v < c->n; v++) {
			if (c->S[v] && refuted[v]) {
				c->S[v] = 0;
				changed = 1;
			}
		}
		if (!changed)
			return 0;
	}
}

/* ---- driver ------------------------------------------------------------------- */

static void ctx_free(ctx *c)
{
	free(c->live_node);
	free(c->live_edge);
	free(c->efrom);
	free(c->sync);
	free(c->marked);
	free(c->elems);
	free(c->cnt);
	free(c->seq);
	free(c->dec);
	free(c->dsort);
	free(c->recs);
	free(c->cnt_pool);
	free(c->dec_pool);
	free(c->grps);
	free(c->key_pool);
	free(c->rtab.slot);
	free(c->gtab.slot);
	free(c->order);
	free(c->goff);
	free(c->unfin);
	free(c->S);
	free(c->tmp);
	free(c->sum);
	free(c->cls_slot);
	free(c->cls_rep);
	free(c->cls_hash);
	free(c->keyed);
	free(c->bucket);
}

void oracle_result_free(oracle_result *r)
{
	if (!r)
		return;
	free(r->node_state);
	free(r->edge_state);
	r->node_state = r->edge_state = NULL;
}

/*
 * The largest bound up to L at which the groups have few enough walks for
 * the pair budget to try every pair of classes (a class holds at least one
 * walk). Without marks every group is a single class.
 */
static uint32_t pair_bound(const ctx *c)
{
	if (c->nmarked == 0)
		return c->L;
	double budget = c->opt->pair_budget ? (double)c->opt->pair_budget : ORACLE_DEFAULT_PAIRS;
	double *pairs = calloc((size_t)c->L + 1, sizeof *pairs);
	uint32_t *hist = calloc((size_t)c->L + 1, sizeof *hist);
	uint32_t lq = c->L;
	if (pairs && hist) {
		for (size_t gi = 0; gi < c->ngrps; gi++) {
			memset(hist, 0, ((size_t)c->L + 1) * sizeof *hist);
			for (uint32_t i = c->goff[gi]; i < c->goff[gi + 1]; i++)
				hist[c->recs[c->order[i]].minlen]++;
			double k = 0;
			for (uint32_t len = 0; len <= c->L; len++) {
				k += hist[len];
				pairs[len] += k * (k - 1) / 2;
			}
		}
		while (lq > 0 && pairs[lq] > budget)
			lq--;
	}
	free(pairs);
	free(hist);
	return lq;
}

/* refute with a fresh pair budget */
static int refute_within(ctx *c, uint32_t lq, uint8_t *refuted, uint32_t *rounds)
{
	c->pairs_left = c->opt->pair_budget ? c->opt->pair_budget : ORACLE_DEFAULT_PAIRS;
	return refute(c, lq, refuted, rounds);
}

/* chooses L: the largest bound up to lcap whose enumeration fits the budget */
static int choose_bound(ctx *c, uint32_t lcap)
{
	double *steps = calloc(lcap + 1, sizeof *steps);
	c->unfin = calloc(lcap + 1, sizeof *c->unfin);
	if (!steps || !c->unfin) {
		free(steps);
		return TC_ENOMEM;
	}
	int rc = count_walks(c, lcap, steps, c->unfin);
	if (rc == 0 && !c->opt->max_len) {
		double budget = c->opt->step_budget ? (double)c->opt->step_budget : ORACLE_DEFAULT_STEPS;
		double cum = 0;
		uint32_t len = 0;
		while (len < lcap && c->unfin[len] != 0 && cum + steps[len] <= budget)
			cum += steps[len++];
		c->L = len;
	} else {
		c->L = lcap;
	}
	free(steps);
	return rc;
}

int oracle_solve(oracle_result *out, const tc_graph *g, const oracle_options *opt)
{
	ctx c;
	oracle_result r;
	memset(&c, 0, sizeof c);
	memset(&r, 0, sizeof r);
	memset(out, 0, sizeof *out);
	c.g = g;
	c.opt = opt;
	c.n = tc_graph_node_count(g);
	c.m = tc_graph_edge_count(g);
	c.E = c.n + c.m;
	int rc = TC_ENOMEM;
	size_t ne = c.E ? c.E : 1, nn = c.n ? c.n : 1;
	c.live_node = calloc(nn, 1);
	c.live_edge = calloc(c.m ? c.m : 1, 1);
	c.efrom = malloc((c.m ? c.m : 1) * sizeof *c.efrom);
	c.sync = calloc(nn, 1);
	c.marked = calloc(nn, 1);
	c.elems = malloc(ne * sizeof *c.elems);
	c.S = malloc(nn);
	r.node_state = malloc(nn);
	r.edge_state = malloc(c.m ? c.m : 1);
	uint8_t *ref = calloc(ne, 1), *ref1 = calloc(ne, 1), *ref2 = calloc(ne, 1);
	if (!c.live_node || !c.live_edge || !c.efrom || !c.sync || !c.marked || !c.elems || !c.S ||
	    !r.node_state || !r.edge_state || !ref || !ref1 || !ref2)
		goto out;
	if ((rc = compute_live(&c)))
		goto out;

	uint32_t lcap;
	if (opt->max_len)
		lcap = opt->max_len;
	else if (opt->mode == ORACLE_WALKS)
		lcap = MAX_BOUND;
	else
		lcap = (c.nmarked ? 4 : 3) * c.nlive;
	if (!opt->max_len && lcap > MAX_BOUND)
		lcap = MAX_BOUND;
	rc = TC_EINVAL;
	if (lcap > MAX_BOUND)
		goto out;
	if ((rc = choose_bound(&c, lcap)) || (rc = enumerate(&c)))
		goto out;
	rc = TC_ENOMEM;
	c.tmp = malloc((c.nrecs ? c.nrecs : 1) * sizeof *c.tmp);
	c.cls_rep = malloc((c.nrecs ? c.nrecs : 1) * sizeof *c.cls_rep);
	c.cls_hash = malloc((c.nrecs ? c.nrecs : 1) * sizeof *c.cls_hash);
	if (!c.tmp || !c.cls_rep || !c.cls_hash)
		goto out;
	/* the largest bound whose pairs fit the budget */
	uint32_t lq = pair_bound(&c), rounds = 0;
	int over;
	while ((over = refute_within(&c, lq, ref, &rounds)) == 1 && lq > 0)
		lq = lq * 7 / 8;
	if (over < 0)
		goto out;
	r.bound = lq;
	r.rounds = rounds;
	r.records = c.nrecs;
	r.exhaustive = c.unfin[lq] == 0;
	if (r.exhaustive || (c.nmarked == 0 && opt->mode == ORACLE_SEGMENTS &&
			     lq >= 3 * c.nlive)) {
		r.complete = r.proven = true;
	} else if (c.nmarked && lq >= 2 * c.nlive && lq >= 2) {
		uint32_t unused;
		int o1 = refute_within(&c, lq - 1, ref1, &unused);
		int o2 = refute_within(&c, lq - 2, ref2, &unused);
		if (o1 < 0 || o2 < 0)
			goto out;
		r.complete = !o1 && !o2 && memcmp(ref, ref1, c.E) == 0 &&
			     memcmp(ref, ref2, c.E) == 0;
	}

	for (uint32_t v = 0; v < c.n; v++)
		r.node_state[v] = !c.live_node[v] ? TC_STATE_DEAD
				  : c.sync[v] || !ref[v] ? TC_STATE_CONVERGENT
							 : TC_STATE_UNKNOWN;
	for (uint32_t e = 0; e < c.m; e++)
		r.edge_state[e] = !c.live_edge[e]    ? TC_STATE_DEAD
				  : !ref[c.n + e] ? TC_STATE_CONVERGENT
						  : TC_STATE_UNKNOWN;
	*out = r;
	r.node_state = r.edge_state = NULL;
	rc = 0;
out:
	oracle_result_free(&r);
	free(ref);
	free(ref1);
	free(ref2);
	ctx_free(&c);
	return rc;
}
