/*
 * gen.c - random and structured flow graphs, and their .cfg text.
 *
 * Structured graphs come from a small grammar over single-entry,
 * single-exit regions (block, sequence, if, if/else, while, do-while,
 * self-loop) plus the jumps that break that shape the way real kernels do:
 * break and continue edges to the enclosing loop and early returns to exit.
 */
#include "property/gen.h"

#include <string.h>

void prng_seed(prng *r, uint64_t seed)
{
	/* splitmix64 so that nearby seeds give unrelated streams */
	uint64_t z = seed + 0x9e3779b97f4a7c15ull;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	r->s = (z ^ (z >> 31)) | 1;
}

uint64_t prng_next(prng *r)
{
	r->s ^= r->s >> 12;
	r->s ^= r->s << 25;
	r->s ^= r->s >> 27;
	return r->s * 2685821657736338717ull;
}

uint32_t prng_below(prng *r, uint32_t n)
{
	return n ? (uint32_t)((prng_next(r) >> 32) % n) : 0;
}

int prng_chance(prng *r, uint32_t num, uint32_t den)
{
	return prng_below(r, den) < num;
}

void pg_init(pgraph *p)
{
	p->n = p->m = 0;
	p->entry = p->exit = 0;
}

uint32_t pg_node(pgraph *p)
{
	uint32_t v = p->n++;
	p->flags[v] = 0;
	snprintf(p->name[v], PG_NAME_MAX, "n%u", v);
	return v;
}

void pg_edge(pgraph *p, uint32_t from, uint32_t to)
{
	if (p->m < PG_MAX_EDGES) {
		p->from[p->m] = from;
		p->to[p->m] = to;
		p->m++;
	}
}

int pg_build(tc_graph **out, const pgraph *p)
{
	tc_builder *b;
	*out = NULL;
	int rc = tc_builder_new(&b, "prop", NULL);
	if (rc)
		return rc;
	for (uint32_t v = 0; v < p->n && !rc; v++) {
		uint32_t id;
		rc = tc_builder_add_node(b, p->name[v], strlen(p->name[v]), &id);
		if (!rc)
			rc = tc_builder_set_flags(b, id, p->flags[v]);
	}
	for (uint32_t e = 0; e < p->m && !rc; e++)
		rc = tc_builder_edge(b, p->from[e], p->to[e], NULL);
	if (!rc)
		rc = tc_builder_set_entry(b, p->entry);
	if (!rc)
		rc = tc_builder_set_exit(b, p->exit);
	if (rc) {
		tc_builder_free(b);
		return rc;
	}
	return tc_builder_finish(out, b, NULL);
}

int pg_from_graph(pgraph *p, const tc_graph *g)
{
	uint32_t n = tc_graph_node_count(g), m = tc_graph_edge_count(g);
	if (n > PG_MAX_NODES || m > PG_MAX_EDGES)
		return TC_ELIMIT;
	pg_init(p);
	for (uint32_t v = 0; v < n; v++) {
		const char *name = tc_graph_node_name(g, v);
		if (strlen(name) >= PG_NAME_MAX)
			return TC_ELIMIT;
		pg_node(p);
		strcpy(p->name[v], name);
		p->flags[v] = (uint8_t)tc_graph_node_flags(g, v);
	}
	for (uint32_t e = 0; e < m; e++)
		pg_edge(p, tc_graph_edge_from(g, e), tc_graph_edge_to(g, e));
	p->entry = tc_graph_entry(g);
	p->exit = tc_graph_exit(g);
	return 0;
}

/* a name, after a space unless first on its line */
static void write_name(FILE *f, const char *s, int first)
{
	int plain = *s != '\0';
	for (const char *c = s; *c; c++)
		if (!(('a' <= *c && *c <= 'z') || ('A' <= *c && *c <= 'Z') ||
		      ('0' <= *c && *c <= '9') || strchr("_.$%@-", *c)))
			plain = 0;
	if (!first)
		fputc(' ', f);
	fprintf(f, plain ? "%s" : "\"%s\"", s);
}

static void write_marked(FILE *f, const pgraph *p, const char *keyword, unsigned flag)
{
	int any = 0;
	for (uint32_t v = 0; v < p->n; v++) {
		if (!(p->flags[v] & flag))
			continue;
		if (!any)
			fputs(keyword, f);
		any = 1;
		write_name(f, p->name[v], 0);
	}
	if (any)
		fputc('\n', f);
}

void pg_write_cfg(FILE *f, const pgraph *p, const char *graph_name)
{
	fprintf(f, "graph %s\n", graph_name);
	/* mention every node first so that ids survive a round trip */
	for (uint32_t v = 0; v < p->n; v++) {
		if (v == p->entry || v == p->exit) {
			fputs(v == p->entry ? "entry" : "exit", f);
			write_name(f, p->name[v], 0);
			fputc('\n', f);
		}
	}
	write_marked(f, p, "barrier", TC_NODE_BARRIER);
	write_marked(f, p, "uniform", TC_NODE_UNIFORM);
	for (uint32_t e = 0; e < p->m; e++) {
		write_name(f, p->name[p->from[e]], 1);
		fputs(" ->", f);
		write_name(f, p->name[p->to[e]], 0);
		fputc('\n', f);
	}
}

static void mark(pgraph *p, prng *r, uint32_t barrier_pct, uint32_t uniform_pct)
{
	for (uint32_t v = 0; v < p->n; v++) {
		if (v != p->entry && v != p->exit && prng_chance(r, barrier_pct, 100))
			p->flags[v] |= TC_NODE_BARRIER;
		if (prng_chance(r, uniform_pct, 100))
			p->flags[v] |= TC_NODE_UNIFORM;
	}
}

void gen_random(pgraph *p, prng *r, uint32_t min_nodes, uint32_t max_nodes,
		uint32_t barrier_pct, uint32_t uniform_pct)
{
	pg_init(p);
	uint32_t n = min_nodes + prng_below(r, max_nodes - min_nodes + 1);
	for (uint32_t v = 0; v < n; v++)
		pg_node(p);
	p->entry = prng_below(r, n);
	p->exit = (p->entry + 1 + prng_below(r, n - 1)) % n;
	if (prng_chance(r, 1, 2)) {
		/* a path entry -> (some other nodes, shuffled) -> exit */
		uint32_t perm[PG_MAX_NODES], k = 0;
		for (uint32_t v = 0; v < n; v++)
			if (v != p->entry && v != p->exit)
				perm[k++] = v;
		for (uint32_t i = k; i > 1; i--) {
			uint32_t j = prng_below(r, i), t = perm[i - 1];
			perm[i - 1] = perm[j];
			perm[j] = t;
		}
		uint32_t len = prng_below(r, k + 1), prev = p->entry;
		for (uint32_t i = 0; i < len; i++) {
			pg_edge(p, prev, perm[i]);
			prev = perm[i];
		}
		pg_edge(p, prev, p->exit);
	}
	uint32_t extra = n / 2 + prng_below(r, 2 * n);
	for (uint32_t i = 0; i < extra; i++)
		pg_edge(p, prng_below(r, n), prng_below(r, n));
	mark(p, r, barrier_pct, uniform_pct);
}

typedef struct loopctx {
	uint32_t head;  /* target of continue */
	uint32_t after; /* target of break */
} loopctx;

typedef struct sgen {
	pgraph *p;
	prng *r;
	uint32_t left; /* nodes still allowed */
} sgen;

static uint32_t new_node(sgen *s)
{
	if (s->left)
		s->left--;
	return pg_node(s->p);
}

/* a region: returns its first node; *last is its single exit node */
static uint32_t region(sgen *s, uint32_t depth, const loopctx *lp, uint32_t *last)
{
	pgraph *p = s->p;
	/* the top level is never a lone block, so that graphs have some shape */
	uint32_t kind = s->left < 2 || depth > 4 ? 0
			: depth == 0		 ? 1 + prng_below(s->r, 6)
						 : prng_below(s->r, 10);
	uint32_t first, a_last, b_last, c, j;
	loopctx inner;
	switch (kind) {
	case 1: /* sequence */
	case 2:
		first = region(s, depth + 1, lp, &a_last);
		c = region(s, depth + 1, lp, last);
		pg_edge(p, a_last, c);
		return first;
	case 3: /* if */
		c = new_node(s);
		j = new_node(s);
		first = region(s, depth + 1, lp, &a_last);
		pg_edge(p, c, first);
		pg_edge(p, c, j);
		pg_edge(p, a_last, j);
		*last = j;
		return c;
	case 4: /* if/else */
		c = new_node(s);
		j = new_node(s);
		first = region(s, depth + 1, lp, &a_last);
		pg_edge(p, c, first);
		first = region(s, depth + 1, lp, &b_last);
		pg_edge(p, c, first);
		pg_edge(p, a_last, j);
		pg_edge(p, b_last, j);
		*last = j;
		return c;
	case 5: /* while */
		inner.head = new_node(s);
		inner.after = new_node(s);
		first = region(s, depth + 1, &inner, &a_last);
		pg_edge(p, inner.head, first);
		pg_edge(p, inner.head, inner.after);
		pg_edge(p, a_last, inner.head);
		*last = inner.after;
		return inner.head;
	case 6: /* do-while: the latch is the continue target */
		inner.head = new_node(s);
		inner.after = new_node(s);
		first = region(s, depth + 1, &inner, &a_last);
		pg_edge(p, a_last, inner.head);
		pg_edge(p, inner.head, first);
		pg_edge(p, inner.head, inner.after);
		*last = inner.after;
		return first;
	case 7: /* self-loop */
		c = new_node(s);
		pg_edge(p, c, c);
		*last = c;
		return c;
	case 8: /* break or continue */
		c = new_node(s);
		if (lp)
			pg_edge(p, c, prng_chance(s->r, 1, 2) ? lp->after : lp->head);
		*last = c;
		return c;
	case 9: /* early return */
		c = new_node(s);
		pg_edge(p, c, p->exit);
		*last = c;
		return c;
	default: /* block */
		c = new_node(s);
		*last = c;
		return c;
	}
}

void gen_structured(pgraph *p, prng *r, uint32_t max_nodes, uint32_t barrier_pct,
		    uint32_t uniform_pct)
{
	sgen s = {p, r, max_nodes > 3 ? max_nodes - 3 : 1};
	uint32_t last;
	pg_init(p);
	p->entry = pg_node(p);
	p->exit = pg_node(p);
	uint32_t first = region(&s, 0, NULL, &last);
	pg_edge(p, p->entry, first);
	pg_edge(p, last, p->exit);
	mark(p, r, barrier_pct, uniform_pct);
}
