/*
 * bridges.c - bridges of an undirected multigraph by one depth-first search
 * (Tarjan, "A note on finding the bridges of a graph", IPL 1974), iterative,
 * on the graph with its chains of two-ended vertices contracted.
 *
 * The DFS remembers the chain it arrived by rather than the parent vertex,
 * so a parallel chain back to the parent counts as a back edge. Discovery
 * times only grow from one search to the next (bg->stamp is the last time
 * handed out), so the arrays need no clearing between updates.
 */
#include "analysis/bridges.h"

#include <string.h>

enum { CHAIN_GONE = 1, CHAIN_BRIDGE = 2, CHAIN_NEW = 4 }; /* cflag bits */

int tc__bridge_graph_init(tc_arena *ar, tc_bridge_graph *bg, uint32_t nv, uint32_t ne,
			  const uint32_t *ends)
{
	memset(bg, 0, sizeof *bg);
	bg->ar = ar;
	bg->nv = nv;
	bg->ne = ne;
	bg->ends = ends;
	return TC_OK;
}

/*
 * Per vertex while the contracted graph is built (vx): its edge ends, with
 * SELF_LOOP when one of them is a loop (such a vertex is always kept) and
 * NUMBERED once it has its number in the contracted graph; and x, first the
 * xor of its edges (a two-ended vertex was entered by one of them: the
 * other is x ^ that one), then, for a kept vertex, its number.
 */
#define SELF_LOOP 0x80000000u
#define NUMBERED 0x40000000u
#define ENDS(d) ((d) & ~(SELF_LOOP | NUMBERED))
#define KEPT(d) ((d) != 0 && (d) != 2)
typedef struct vx {
	uint32_t deg, x;
} vx;

/*
 * Numbers c the edges of the chain through edge e, followed from e's end v
 * while the vertices have two edge ends; returns the vertex it ends at, or
 * TC_NONE when it came back to e: a cycle of two-ended vertices alone.
 */
static uint32_t walk(tc_bridge_graph *bg, const vx *vs, uint32_t v, uint32_t e, uint32_t c)
{
	const uint32_t *ends = bg->ends;
	uint32_t *chain = bg->chain;
	chain[e] = c;
	for (uint32_t cur = e; vs[v].deg == 2;) {
		cur ^= vs[v].x;
		if (cur == e)
			return TC_NONE;
		chain[cur] = c;
		v = ends[2 * (size_t)cur] ^ ends[2 * (size_t)cur + 1] ^ v; /* the other end */
	}
	return v;
}

/* v's number in the contracted graph, given the first time it is asked */
static inline uint32_t number(tc_bridge_graph *bg, vx *vs, uint32_t v)
{
	if (!(vs[v].deg & NUMBERED)) {
		vs[v].deg |= NUMBERED;
		vs[v].x = bg->nc;
		bg->off[++bg->nc] = ENDS(vs[v].deg);
	}
	return vs[v].x;
}

/* count elements of size from ar, on huge pages where that helps */
static void *big_array(tc_arena *ar, size_t count, size_t size)
{
	void *p = tc__arena_alloc(ar, tc__mul(count, size));
	if (p)
		tc__advise_random(ar->al, p, count * size);
	return p;
}

/*
 * The contracted graph of the edges not removed (bridges.h): one pass over
 * the edges counts the ends and kept vertices, one walks the chains.
 */
static int contract(tc_bridge_graph *bg, const uint8_t *removed)
{
	uint32_t nv = bg->nv, ne = bg->ne;
	const uint32_t *ends = bg->ends;
	tc_arena *ar = bg->ar, sc;
	int rc = TC_ENOMEM;
	tc__arena_init(&sc, ar->al);
	vx *vs = big_array(&sc, (size_t)nv + 1, sizeof *vs);
	uint32_t *chain = bg->chain = big_array(ar, (size_t)ne + 1, sizeof *chain);
	if (!vs || !chain)
		goto out;
	memset(vs, 0, ((size_t)nv + 1) * sizeof *vs);
	/* kept vertices and their edge ends, counted as the ends come */
	int64_t nc = 0, kept_ends = 0;
	for (uint32_t i = 0; i < ne; i++) {
		chain[i] = TC_NONE;
		if (removed && removed[i])
			continue;
		uint32_t a = ends[2 * (size_t)i], b = ends[2 * (size_t)i + 1];
		uint32_t da = vs[a].deg, db;
		nc -= KEPT(da);
		kept_ends -= KEPT(da) ? ENDS(da) : 0;
		vs[a].x ^= i;
		if (a == b) {
			db = vs[a].deg = (da + 2) | SELF_LOOP;
		} else {
			vs[a].deg = ++da;
			nc += KEPT(da);
			kept_ends += KEPT(da) ? ENDS(da) : 0;
			db = vs[b].deg;
			nc -= KEPT(db);
			kept_ends -= KEPT(db) ? ENDS(db) : 0;
			vs[b].x ^= i;
			vs[b].deg = ++db;
		}
		nc += KEPT(db);
		kept_ends += KEPT(db) ? ENDS(db) : 0;
	}
	/* a chain between kept vertices takes two of their edge ends: chains
	 * 0 .. nch, then the removed edges' chain, then the cycles */
	uint32_t nch = (uint32_t)(kept_ends / 2);
	bg->cu = big_array(ar, (size_t)nch + 1, sizeof *bg->cu);
	bg->cv = big_array(ar, (size_t)nch + 1, sizeof *bg->cv);
	bg->off = big_array(ar, (size_t)nc + 2, sizeof *bg->off);
	bg->inc = big_array(ar, 2 * (size_t)nch + 1, sizeof *bg->inc);
	if (!bg->cu || !bg->cv || !bg->off || !bg->inc)
		goto out;
	bg->off[0] = 0;
	bg->nc = 0;
	uint32_t k = 0, cyc = nch + 1;
	for (uint32_t i = 0; i < ne; i++) {
		if (removed && removed[i]) {
			chain[i] = nch;
			continue;
		}
		if (chain[i] != TC_NONE)
			continue;
		uint32_t u = ends[2 * (size_t)i], w = ends[2 * (size_t)i + 1];
		uint32_t a = walk(bg, vs, u, i, k);
		if (a == TC_NONE) {
			walk(bg, vs, u, i, cyc++); /* again, with its own number */
			continue;
		}
		uint32_t b = walk(bg, vs, w, i, k);
		bg->cu[k] = number(bg, vs, a);
		bg->cv[k++] = number(bg, vs, b);
	}
	/* k == nch and bg->nc == nc: every kept edge end starts or ends one
	 * chain, and every kept vertex has one */
	uint32_t nv2 = bg->nc;
	for (uint32_t v = 0; v < nv2; v++)
		bg->off[v + 1] += bg->off[v];
	for (uint32_t c = 0; c < nch; c++) {
		bg->inc[bg->off[bg->cu[c]]++] = c;
		bg->inc[bg->off[bg->cv[c]]++] = c;
	}
	for (uint32_t v = nv2; v > 0; v--)
		bg->off[v] = bg->off[v - 1];
	bg->off[0] = 0;
	bg->nch = nch;
	bg->nall = cyc;
	bg->cflag = TC_ARENA_ZARRAY(ar, uint8_t, (size_t)cyc + 1);
	bg->disc = big_array(ar, (size_t)nv2 + 1, sizeof *bg->disc);
	bg->low = big_array(ar, (size_t)nv2 + 1, sizeof *bg->low);
	bg->via = big_array(ar, (size_t)nv2 + 1, sizeof *bg->via);
	bg->cursor = big_array(ar, (size_t)nv2 + 1, sizeof *bg->cursor);
	bg->stack = big_array(ar, (size_t)nv2 + 1, sizeof *bg->stack);
	if (!bg->cflag || !bg->disc || !bg->low || !bg->via || !bg->cursor || !bg->stack)
		goto out;
	memset(bg->disc, 0, ((size_t)nv2 + 1) * sizeof *bg->disc);
	bg->stamp = 0;
	rc = TC_OK;
out:
	tc__arena_free(&sc);
	return rc;
}

/*
 * One DFS tree from r over chains neither removed nor bridges.
 * The vertex on top of the stack keeps its cursor, end and low in locals
 * while its incidences are scanned; they go to the arrays only when the
 * search descends from it, and come back when it returns.
 */
static void search(tc_bridge_graph *bg, uint32_t r, uint32_t base)
{
	uint32_t *disc = bg->disc, *low = bg->low, *via = bg->via, *cursor = bg->cursor,
		 *stack = bg->stack;
	const uint32_t *off = bg->off, *inc = bg->inc, *cu = bg->cu, *cv = bg->cv;
	uint8_t *cflag = bg->cflag;
	uint32_t stamp = bg->stamp, top = 0;
	uint32_t v = r, cur = off[r], end = off[r + 1], in = TC_NONE, lo = ++stamp;
	disc[r] = lo;
	via[r] = TC_NONE;
	stack[top++] = r;
	for (;;) {
		while (cur < end) {
			uint32_t c = inc[cur++];
			if (c == in || cflag[c])
				continue;
			uint32_t w = cu[c] == v ? cv[c] : cu[c];
			if (disc[w] <= base) {
				/* descend: v waits with its state in the arrays */
				cursor[v] = cur;
				low[v] = lo;
				disc[w] = lo = ++stamp;
				via[w] = in = c;
				stack[top++] = v = w;
				cur = off[w];
				end = off[w + 1];
			} else if (disc[w] < lo) {
				lo = disc[w];
			}
		}
		/* v is done: back to its parent p, whose low takes v's */
		if (--top == 0)
			break;
		uint32_t p = stack[top - 1];
		if (lo > disc[p])
			cflag[in] |= CHAIN_BRIDGE;
		if (low[p] < lo)
			lo = low[p];
		v = p;
		cur = cursor[p];
		end = off[p + 1];
		in = via[p];
	}
	bg->stamp = stamp;
}

int tc__bridges_in(tc_bridge_graph *bg, const uint8_t *removed, uint8_t *is_bridge,
		   const uint32_t *gone, uint32_t ngone)
{
	if (!gone) {
		int rc = contract(bg, removed);
		if (rc)
			return rc;
		for (uint32_t r = 0; r < bg->nc; r++)
			if (bg->disc[r] == 0)
				search(bg, r, 0);
	} else {
		/* discovery times must fit: restart them when they would not */
		if (bg->stamp > UINT32_MAX - bg->nc - 1) {
			memset(bg->disc, 0, (size_t)bg->nc * sizeof *bg->disc);
			bg->stamp = 0;
		}
		/* a removed chain's other edges now hang from the rest by a path;
		 * where it closed cycles, the search starts from its ends */
		for (uint32_t k = 0; k < ngone; k++) {
			uint32_t c = bg->chain[gone[k]];
			if (c < bg->nch && !bg->cflag[c])
				bg->cflag[c] = CHAIN_NEW;
			if (c != bg->nch)
				bg->cflag[c] |= CHAIN_GONE;
		}
		uint32_t base = bg->stamp;
		for (uint32_t k = 0; k < ngone; k++) {
			uint32_t c = bg->chain[gone[k]];
			if (c >= bg->nch || !(bg->cflag[c] & CHAIN_NEW))
				continue;
			bg->cflag[c] &= (uint8_t)~CHAIN_NEW;
			if (bg->disc[bg->cu[c]] <= base)
				search(bg, bg->cu[c], base);
			if (bg->disc[bg->cv[c]] <= base)
				search(bg, bg->cv[c], base);
		}
	}
	for (uint32_t i = 0; is_bridge && i < bg->ne; i++)
		is_bridge[i] = tc__bridge_graph_is_bridge(bg, removed, i);
	return TC_OK;
}

int tc__bridges(tc_arena *ar, uint32_t nv, uint32_t ne, const uint32_t *ends,
		const uint8_t *removed, uint8_t *is_bridge)
{
	tc_bridge_graph bg;
	int rc = tc__bridge_graph_init(ar, &bg, nv, ne, ends);
	return rc ? rc : tc__bridges_in(&bg, removed, is_bridge, NULL, 0);
}
