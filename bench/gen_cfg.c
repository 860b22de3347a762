/*
 * gen_cfg.c - seeded random .cfg flow graphs for the benchmarks (README.md).
 *
 *   gen_cfg --shape SHAPE --nodes N [--seed S] [-o FILE]
 *
 * Shapes: structured (a random structured kernel), chain, loopnest, fanin,
 * tangle. Every graph has exactly N nodes, and every node and edge lies on an
 * entry-to-exit path, by construction (each shape's comment says why).
 *
 * The output depends on the arguments alone: the generator is splitmix64
 * (Steele, Lea, Flood, "Fast splittable pseudorandom number generators",
 * OOPSLA 2014), and every decision is integer arithmetic on its output, so
 * the same arguments give the same bytes on any machine.
 *
 * Node ids are dense; node v is written n<v>. Edges are written one source
 * per line with all of its targets, in the order they are created.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GEN_NAME "gen_cfg"
#include "gen_common.h"

/* nesting limit of the structured shape: bounds the recursion below */
#define MAX_DEPTH 24
/* names per barrier or uniform line */
#define NAMES_PER_LINE 16
#define MAX_TARGETS 8

static void out_node(out *o, uint32_t v)
{
	char tmp[16];
	int n = 0;
	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	if (o->len + (size_t)n + 1 > sizeof o->buf)
		out_flush(o);
	o->buf[o->len++] = 'n';
	while (n)
		o->buf[o->len++] = tmp[--n];
}

static void out_edges(out *o, uint32_t from, const uint32_t *to, int n)
{
	out_node(o, from);
	out_str(o, " ->");
	for (int i = 0; i < n; i++) {
		out_char(o, ' ');
		out_node(o, to[i]);
	}
	out_char(o, '\n');
}

static void out_edge(out *o, uint32_t from, uint32_t to)
{
	out_edges(o, from, &to, 1);
}

/* A growable list of node ids (barriers, uniform marks). */
typedef struct ids {
	uint32_t *v;
	size_t n, cap;
} ids;

static void ids_push(ids *l, uint32_t x)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 1024;
		l->v = realloc(l->v, l->cap * sizeof *l->v);
		if (!l->v)
			die("out of memory");
	}
	l->v[l->n++] = x;
}

/* `KEYWORD n1 n2 ...`, NAMES_PER_LINE names a line */
static void out_marks(out *o, const char *keyword, const ids *l)
{
	for (size_t i = 0; i < l->n; i += NAMES_PER_LINE) {
		out_str(o, keyword);
		for (size_t j = i; j < l->n && j < i + NAMES_PER_LINE; j++) {
			out_char(o, ' ');
			out_node(o, l->v[j]);
		}
		out_char(o, '\n');
	}
}

static void out_header(out *o, const char *name, uint32_t entry, uint32_t exit_node)
{
	out_str(o, "graph ");
	out_str(o, name);
	out_str(o, "\nentry ");
	out_node(o, entry);
	out_str(o, "\nexit ");
	out_node(o, exit_node);
	out_char(o, '\n');
}

typedef struct gen {
	rng r;
	out *o;
	uint32_t next;		/* the next free node id */
	uint32_t until_barrier;	/* nodes until a barrier is due */
	int with_barriers;
	ids barriers, uniforms;
} gen;

static uint32_t new_node(gen *g)
{
	if (g->until_barrier)
		g->until_barrier--;
	return g->next++;
}

/* a barrier every 25..74 nodes, about 50 */
static void reset_barrier_gap(gen *g)
{
	g->until_barrier = 25 + rng_below(&g->r, 50);
}

/* about one branch in ten has a thread-invariant condition */
static void maybe_uniform(gen *g, uint32_t branch)
{
	if (rng_chance(&g->r, 1, 10))
		ids_push(&g->uniforms, branch);
}

/* where break and continue go inside the innermost loop */
typedef struct loop_ctx {
	uint32_t cont, brk;
} loop_ctx;

static uint32_t structured_seq(gen *g, uint32_t cur, uint32_t budget, int depth,
			       const loop_ctx *loop);


/*
 * One statement after cur, using at most budget (> 0) new nodes; returns the
 * new cur and lowers *budget by what it used. Invariant: cur has no out-edges
 * yet, every node created so far is reachable from entry, and every node
 * created so far except cur reaches cur or a loop exit that cur's chain
 * reaches, so the final cur -> exit edge makes everything live. Loops always
 * keep their exit edge, so no loop is infinite.
 */
static uint32_t structured_stmt(gen *g, uint32_t cur, uint32_t *budget, int depth,
				const loop_ctx *loop)
{
	uint32_t b = *budget;
	int kind = pick_stmt(&g->r, b, depth, MAX_DEPTH, loop != NULL, 3);

	uint32_t t[2], inner, res;
	switch (kind) {
	case S_IF: {
		/* if (c) { then } : cur -> then join */
		inner = rng_log_uniform(&g->r, b - 2);
		uint32_t then = new_node(g), join = new_node(g);
		t[0] = then;
		t[1] = join;
		out_edges(g->o, cur, t, 2);
		maybe_uniform(g, cur);
		uint32_t end = structured_seq(g, then, inner, depth + 1, loop);
		out_edge(g->o, end, join);
		res = join;
		*budget -= inner + 2;
		break;
	}
	case S_IFELSE: {
		/* if (c) { a } else { b } */
		inner = rng_log_uniform(&g->r, b - 3);
		uint32_t left = rng_below(&g->r, inner + 1);
		uint32_t then = new_node(g), other = new_node(g), join = new_node(g);
		t[0] = then;
		t[1] = other;
		out_edges(g->o, cur, t, 2);
		maybe_uniform(g, cur);
		uint32_t end = structured_seq(g, then, left, depth + 1, loop);
		out_edge(g->o, end, join);
		end = structured_seq(g, other, inner - left, depth + 1, loop);
		out_edge(g->o, end, join);
		res = join;
		*budget -= inner + 3;
		break;
	}
	case S_DOWHILE: {
		/* do { body } while (c): the body starts at the header */
		inner = rng_log_uniform(&g->r, b - 3);
		uint32_t head = new_node(g), latch = new_node(g), after = new_node(g);
		out_edge(g->o, cur, head);
		loop_ctx lc = {latch, after};
		uint32_t end = structured_seq(g, head, inner, depth + 1, &lc);
		out_edge(g->o, end, latch);
		t[0] = head;
		t[1] = after;
		out_edges(g->o, latch, t, 2);
		maybe_uniform(g, latch);
		res = after;
		*budget -= inner + 3;
		break;
	}
	case S_WHILE: {
		/* while (c) { body } */
		inner = rng_log_uniform(&g->r, b - 3);
		uint32_t head = new_node(g), body = new_node(g), after = new_node(g);
		out_edge(g->o, cur, head);
		t[0] = body;
		t[1] = after;
		out_edges(g->o, head, t, 2);
		maybe_uniform(g, head);
		loop_ctx lc = {head, after};
		uint32_t end = structured_seq(g, body, inner, depth + 1, &lc);
		out_edge(g->o, end, head);
		res = after;
		*budget -= inner + 3;
		break;
	}
	case S_JUMP: {
		/* if (c) break; or if (c) continue; */
		uint32_t next = new_node(g);
		t[0] = rng_chance(&g->r, 1, 2) ? loop->brk : loop->cont;
		t[1] = next;
		out_edges(g->o, cur, t, 2);
		maybe_uniform(g, cur);
		res = next;
		*budget -= 1;
		break;
	}
	default: {
		uint32_t v = new_node(g);
		out_edge(g->o, cur, v);
		res = v;
		*budget -= 1;
		break;
	}
	}
	return res;
}

/* statements after cur using exactly budget new nodes; returns the last one */
static uint32_t structured_seq(gen *g, uint32_t cur, uint32_t budget, int depth,
			       const loop_ctx *loop)
{
	while (budget > 0) {
		if (g->with_barriers && g->until_barrier == 0) {
			uint32_t v = new_node(g);
			ids_push(&g->barriers, v);
			out_edge(g->o, cur, v);
			reset_barrier_gap(g);
			cur = v;
			budget--;
			continue;
		}
		cur = structured_stmt(g, cur, &budget, depth, loop);
	}
	return cur;
}

/*
 * structured: a random structured kernel. Sequences of blocks, if and
 * if/else, do-while and while loops with breaks and continues, nested to any
 * depth up to MAX_DEPTH; nested sizes are log-uniform, so there are loops at
 * every scale. A barrier every ~50 nodes; ~10% of branches uniform.
 */
static void gen_structured(gen *g, uint32_t n)
{
	if (n < 2)
		die("structured needs at least 2 nodes");
	uint32_t entry = new_node(g), exit_node = new_node(g);
	out_header(g->o, "structured", entry, exit_node);
	g->with_barriers = 1;
	reset_barrier_gap(g);
	uint32_t end = structured_seq(g, entry, n - 2, 0, NULL);
	out_edge(g->o, end, exit_node);
}

/* chain: n0 -> n1 -> ... -> n(N-1); depth N for every traversal */
static void gen_chain(gen *g, uint32_t n)
{
	if (n < 2)
		die("chain needs at least 2 nodes");
	out_header(g->o, "chain", 0, n - 1);
	for (uint32_t v = 0; v + 1 < n; v++)
		out_edge(g->o, v, v + 1);
	g->next = n;
}

/*
 * loopnest: d = (N - 3) / 2 nested do-while loops, a barrier in the innermost
 * body. Headers h0..h(d-1) nest inward; latch l_i -> h_i (back edge) and
 * l_i -> l_(i-1) (leave loop i), l_0 -> exit. Loop-nesting and dominator trees
 * of depth ~N/2.
 */
static void gen_loopnest(gen *g, uint32_t n)
{
	if (n < 5)
		die("loopnest needs at least 5 nodes");
	uint32_t d = (n - 3) / 2, entry = 0, exit_node = 1, bar = 2;
	uint32_t head = 3, latch = 3 + d, pad = 3 + 2 * d; /* pad exists when n is even */
	out_header(g->o, "loopnest", entry, exit_node);
	out_str(g->o, "barrier ");
	out_node(g->o, bar);
	out_char(g->o, '\n');
	out_edge(g->o, entry, head);
	for (uint32_t i = 0; i + 1 < d; i++)
		out_edge(g->o, head + i, head + i + 1);
	out_edge(g->o, head + d - 1, bar);
	if (pad < n) {
		out_edge(g->o, bar, pad);
		out_edge(g->o, pad, latch + d - 1);
	} else {
		out_edge(g->o, bar, latch + d - 1);
	}
	for (uint32_t i = d; i-- > 0;) {
		uint32_t t[2] = {head + i, i ? latch + i - 1 : exit_node};
		out_edges(g->o, latch + i, t, 2);
	}
	g->next = n;
}

/*
 * fanin: many barriers, each followed by a small diamond, all flowing into one
 * large barrier-free structured region. Gadget k: sel_k -> bar_k sel_(k+1);
 * bar_k -> d_k; d_k -> x_k y_k; x_k, y_k -> j_k; j_k -> r (the region's
 * first node). Half the nodes are gadgets, half the region, so every one of
 * B ~ N/12 barriers starts a segment that covers the whole region: exact's
 * O(B (N + E)) becomes quadratic.
 */
static void gen_fanin(gen *g, uint32_t n)
{
	if (n < 10)
		die("fanin needs at least 10 nodes");
	uint32_t gadgets = (n - 3) / 12;
	if (gadgets == 0)
		gadgets = 1;
	uint32_t entry = new_node(g), exit_node = new_node(g), region = new_node(g);
	out_header(g->o, "fanin", entry, exit_node);
	uint32_t sel = new_node(g), t[2];
	out_edge(g->o, entry, sel);
	for (uint32_t k = 0; k < gadgets; k++) {
		uint32_t bar = new_node(g), d = new_node(g), x = new_node(g);
		uint32_t y = new_node(g), j = new_node(g);
		ids_push(&g->barriers, bar);
		if (k + 1 < gadgets) {
			uint32_t next = new_node(g);
			t[0] = bar;
			t[1] = next;
			out_edges(g->o, sel, t, 2);
			sel = next;
		} else {
			out_edge(g->o, sel, bar);
		}
		out_edge(g->o, bar, d);
		t[0] = x;
		t[1] = y;
		out_edges(g->o, d, t, 2);
		out_edge(g->o, x, j);
		out_edge(g->o, y, j);
		out_edge(g->o, j, region);
	}
	g->with_barriers = 0;
	uint32_t end = structured_seq(g, region, n - g->next, 0, NULL);
	out_edge(g->o, end, exit_node);
}

/*
 * tangle: a chain of strongly connected blobs of 16..128 nodes. Inside a blob
 * a random Hamiltonian cycle keeps it strongly connected, and 1-2 random
 * extra edges per node make it dense and irreducible. About a quarter of the
 * nodes also branch to a random node of the next blob (many entries per
 * blob), a sixteenth to the blob after; the cycle's first node always to the
 * next, so every blob is reached and reaches exit. ceil(log2 N) barriers
 * sit on random blob nodes. Out-degree about 2.8.
 */
static void gen_tangle(gen *g, uint32_t n)
{
	if (n < 3)
		die("tangle needs at least 3 nodes");
	uint32_t entry = 0, exit_node = 1, t[MAX_TARGETS];
	out_header(g->o, "tangle", entry, exit_node);
	/* blob b covers ids [start[b], start[b + 1]) */
	ids start = {0};
	uint32_t rest = n - 2, at = 2, biggest = 0;
	while (rest > 0) {
		uint32_t s = 16 + rng_below(&g->r, 113);
		if (s > rest || rest - s < 16)
			s = rest;
		ids_push(&start, at);
		at += s;
		rest -= s;
		if (s > biggest)
			biggest = s;
	}
	ids_push(&start, at);
	size_t nblobs = start.n - 1;
	uint32_t *perm = malloc(biggest * sizeof *perm);
	if (!perm)
		die("out of memory");

	uint32_t first = start.v[0], size0 = start.v[1] - start.v[0];
	for (int i = 0; i < 3; i++)
		t[i] = first + rng_below(&g->r, size0);
	out_edges(g->o, entry, t, 3);
	for (size_t b = 0; b < nblobs; b++) {
		uint32_t lo = start.v[b], s = start.v[b + 1] - lo;
		for (uint32_t i = 0; i < s; i++)
			perm[i] = lo + i;
		for (uint32_t i = s; i > 1; i--) {
			uint32_t j = rng_below(&g->r, i), x = perm[i - 1];
			perm[i - 1] = perm[j];
			perm[j] = x;
		}
		for (uint32_t i = 0; i < s; i++) {
			int k = 0;
			t[k++] = perm[(i + 1) % s];
			int extra = 1 + (int)rng_below(&g->r, 2);
			for (int e = 0; e < extra; e++)
				t[k++] = lo + rng_below(&g->r, s);
			if (i == 0 || rng_chance(&g->r, 1, 4)) {
				if (b + 1 < nblobs)
					t[k++] = start.v[b + 1] + rng_below(&g->r,
						start.v[b + 2] - start.v[b + 1]);
				else
					t[k++] = exit_node;
			}
			if (b + 2 < nblobs && rng_chance(&g->r, 1, 16))
				t[k++] = start.v[b + 2] + rng_below(&g->r,
					start.v[b + 3] - start.v[b + 2]);
			out_edges(g->o, perm[i], t, k);
		}
	}
	uint32_t nbar = 0;
	while (((uint64_t)1 << nbar) < n)
		nbar++;
	for (uint32_t i = 0; i < nbar; i++)
		ids_push(&g->barriers, 2 + rng_below(&g->r, n - 2));
	free(perm);
	free(start.v);
	g->next = n;
}

typedef struct shape {
	const char *name;
	void (*gen)(gen *g, uint32_t n);
} shape;

static const shape shapes[] = {
	{"structured", gen_structured},
	{"chain", gen_chain},
	{"loopnest", gen_loopnest},
	{"fanin", gen_fanin},
	{"tangle", gen_tangle},
};

#define NSHAPES (sizeof shapes / sizeof shapes[0])

static void usage(FILE *f)
{
	fputs("usage: gen_cfg --shape SHAPE --nodes N [--seed S] [-o FILE]\n"
	      "shapes: structured chain loopnest fanin tangle\n"
	      "N and S are integers; N may be written 1e6\n", f);
}

int main(int argc, char **argv)
{
	const char *shape_name = NULL, *path = NULL;
	uint64_t nodes = 0, seed = 1;
	int have_nodes = 0;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return 0;
		}
		if (i + 1 >= argc) {
			usage(stderr);
			return 2;
		}
		const char *v = argv[++i];
		if (!strcmp(a, "--shape")) {
			shape_name = v;
		} else if (!strcmp(a, "--nodes")) {
			if (parse_count(v, &nodes) || nodes > 2000000000u)
				die("--nodes: expected a count up to 2e9");
			have_nodes = 1;
		} else if (!strcmp(a, "--seed")) {
			if (parse_count(v, &seed))
				die("--seed: expected a non-negative integer");
		} else if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
			path = v;
		} else {
			usage(stderr);
			return 2;
		}
	}
	if (!shape_name || !have_nodes) {
		usage(stderr);
		return 2;
	}
	const shape *sh = NULL;
	for (size_t i = 0; i < NSHAPES; i++)
		if (!strcmp(shapes[i].name, shape_name))
			sh = &shapes[i];
	if (!sh)
		die("unknown shape (expected structured, chain, loopnest, fanin or tangle)");

	static out o;
	o.f = path ? fopen(path, "wb") : stdout;
	if (!o.f) {
		perror(path);
		return 2;
	}
	gen g;
	memset(&g, 0, sizeof g);
	/* the shape's name goes into the seed, so shapes do not share streams */
	g.r.s = seed;
	for (const char *c = sh->name; *c; c++)
		g.r.s = g.r.s * 31 + (unsigned char)*c;
	g.o = &o;
	out_str(&o, "# gen_cfg --shape ");
	out_str(&o, sh->name);
	char line[64];
	snprintf(line, sizeof line, " --nodes %" PRIu64 " --seed %" PRIu64 "\n", nodes, seed);
	out_str(&o, line);
	sh->gen(&g, (uint32_t)nodes);
	if (g.next != nodes)
		die("internal error: wrong node count");
	out_marks(&o, "barrier", &g.barriers);
	out_marks(&o, "uniform", &g.uniforms);
	out_flush(&o);
	free(g.barriers.v);
	free(g.uniforms.v);
	if (path ? fclose(o.f) != 0 : fflush(o.f) != 0)
		die("write error");
	return 0;
}
