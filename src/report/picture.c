/*
 * picture.c - check mode's pictures (docs/check.md, "Pictures"): one digraph
 * per graph with a reported finding (as the text report prints it: after
 * NOLINT, -Wno- and the baseline, copies merged), in DOT or laid out as SVG.
 *
 * Highlighted: the finding (a reported barrier or collective, with the
 * copies merged into it: they are one finding) red; the branches that cause
 * it blue; the nodes and edges on the paths from those branches to it
 * orange (picture.h). Every node is labelled with its name and, where the
 * graph knows one, its source position (file's last component:line); the
 * graph with its source name (demangled) and the rules of its findings.
 * Shapes as analyze draws them (dot.c): barriers boxes, entry and exit
 * double circles; dead elements grey and dashed; every node and edge has
 * its state attribute, and the highlighted ones a class (finding, cause,
 * path) that SVG keeps. Unlike analyze, red marks the finding, not the
 * convergent elements.
 *
 * Size: a graph within the SVG budget (report.h) is drawn whole; a larger
 * one as its part around the findings: the highlighted nodes and the nodes
 * next to them, each edge that leaves that part drawn as a dashed edge to a
 * "…" node (one per node and direction), and the title says it is a part.
 * DOT writes that part whatever its size (it is streamed, node by node);
 * SVG lays out at most the budget in all: a graph whose drawing does not
 * fit what is left of it is drawn as a note saying so. Node ids are made up
 * (n<node>, in SVG's clusters g<graph>_n<node>), never the input's names,
 * so that no name needs dot.c's id rules; names are in the labels.
 */
#include "report/dot.h"
#include "report/picture.h"
#include "report/report.h"
#include "util/diag.h"
#include "util/names.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the paths (picture.h) -------------------------------------------------- */

int tc__paths_init(tc_paths *p, const tc_graph *g)
{
	uint32_t n = tc_graph_node_count(g), m = tc_graph_edge_count(g);
	p->g = g;
	p->stamp = 1;
	p->node = calloc(n ? n : 1, 1);
	p->edge = calloc(m ? m : 1, 1);
	p->seen = calloc(n ? n : 1, sizeof *p->seen);
	p->queue = malloc((n ? n : 1) * sizeof *p->queue);
	if (!p->node || !p->edge || !p->seen || !p->queue) {
		tc__paths_free(p);
		return TC_ENOMEM;
	}
	return TC_OK;
}

void tc__paths_free(tc_paths *p)
{
	free(p->node);
	free(p->edge);
	free(p->seen);
	free(p->queue);
	p->node = p->edge = NULL;
	p->seen = p->queue = NULL;
}

uint32_t tc__paths_mark(tc_paths *p, const uint32_t *from, size_t nfrom, const uint32_t *to,
			size_t nto)
{
	const tc_graph *g = p->g;
	uint32_t *seen = p->seen, *queue = p->queue, head = 0, tail = 0, k;
	if (p->stamp > UINT32_MAX - 2) { /* the stamps start again */
		memset(seen, 0, tc_graph_node_count(g) * sizeof *seen);
		p->stamp = 1;
	}
	uint32_t fw = p->stamp, bw = fw + 1; /* seen forward, then backward too */
	p->stamp += 2;
	for (size_t i = 0; i < nfrom; i++)
		if (seen[from[i]] != fw) {
			seen[from[i]] = fw;
			queue[tail++] = from[i];
		}
	while (head < tail) {
		const uint32_t *out = tc_graph_out_edges(g, queue[head++], &k);
		for (uint32_t i = 0; i < k; i++) {
			uint32_t w = tc_graph_edge_to(g, out[i]);
			if (seen[w] != fw) {
				seen[w] = fw;
				queue[tail++] = w;
			}
		}
	}
	/* backward from to through what the forward search saw: every node
	 * on a path from a reachable node to to is reachable itself */
	head = tail = 0;
	for (size_t i = 0; i < nto; i++)
		if (seen[to[i]] == fw) {
			seen[to[i]] = bw;
			queue[tail++] = to[i];
		}
	while (head < tail) {
		const uint32_t *in = tc_graph_in_edges(g, queue[head++], &k);
		for (uint32_t i = 0; i < k; i++) {
			uint32_t w = tc_graph_edge_from(g, in[i]);
			if (seen[w] == fw) {
				seen[w] = bw;
				queue[tail++] = w;
			}
		}
	}
	for (uint32_t i = 0; i < tail; i++) {
		uint32_t v = queue[i];
		p->node[v] |= TC_PIC_PATH;
		const uint32_t *out = tc_graph_out_edges(g, v, &k);
		for (uint32_t j = 0; j < k; j++)
			if (seen[tc_graph_edge_to(g, out[j])] == bw)
				p->edge[out[j]] |= TC_PIC_PATH;
	}
	return tail;
}

void tc__paths_mark_near(tc_paths *p)
{
	const tc_graph *g = p->g;
	uint32_t n = tc_graph_node_count(g), k;
	for (uint32_t v = 0; v < n; v++) {
		if (!(p->node[v] & TC_PIC_SHOWN))
			continue;
		const uint32_t *e = tc_graph_out_edges(g, v, &k);
		for (uint32_t i = 0; i < k; i++) {
			uint32_t w = tc_graph_edge_to(g, e[i]);
			if (!(p->node[w] & TC_PIC_SHOWN))
				p->node[w] |= TC_PIC_NEAR;
		}
		e = tc_graph_in_edges(g, v, &k);
		for (uint32_t i = 0; i < k; i++) {
			uint32_t w = tc_graph_edge_from(g, e[i]);
			if (!(p->node[w] & TC_PIC_SHOWN))
				p->node[w] |= TC_PIC_NEAR;
		}
	}
}

/* ---- what a graph's picture shows ------------------------------------------ */

/* What an item says of its node. */
enum { ITEM_BARRIER, ITEM_COLLECTIVE, ITEM_ARGUMENT, ITEM_CAUSE };

/* A finding (or a copy of one) or a cause at a node. */
typedef struct item {
	uint32_t node;
	uint32_t order; /* the order made: the text report's */
	uint32_t group; /* the finding whose paths it is of; UINT32_MAX: none */
	int kind;
	const tc_check_barrier *rb;    /* ITEM_BARRIER: the finding's */
	const tc_check_collective *rc; /* ITEM_COLLECTIVE, ITEM_ARGUMENT */
	const tc_finding_cause *cause;   /* ITEM_CAUSE */
	tc_group members;               /* ITEM_CAUSE: whose ways differ */
} item;

/* One graph's picture. */
typedef struct picture {
	const tc_report_graph *rg;
	tc_paths p;
	item *items; /* by node (then order) */
	size_t nitems;
	bool part;   /* the part around the findings (TC_PIC_SHOWN, TC_PIC_NEAR) */
	/* what the drawing holds: nodes of the graph, then with the "…" nodes
	 * and their edges */
	uint32_t graph_nodes;
	uint64_t nodes, edges;
} picture;

/* Whether rg has a finding the text report prints. */
static bool has_finding(const tc_report_graph *rg)
{
	for (size_t b = 0; b < rg->nreported; b++)
		if (!rg->reported[b].merged)
			return true;
	for (size_t k = 0; k < rg->ncollectives; k++) {
		const tc_check_collective *rc = &rg->collectives[k];
		if ((rc->reported && !rc->merged) || (tc__report_argument_shown(rc) && !rc->arg_merged))
			return true;
	}
	return false;
}

static int by_group(const void *a, const void *b)
{
	const item *x = a, *y = b;
	if (x->group != y->group)
		return x->group < y->group ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

static int by_node(const void *a, const void *b)
{
	const item *x = a, *y = b;
	if (x->node != y->node)
		return x->node < y->node ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* Appends the causes of a finding that are in rg's graph. */
static void add_causes(picture *pic, const tc_finding_cause *causes, uint32_t n, uint32_t group,
		       tc_group members)
{
	const tc_graph *g = pic->rg->graph;
	for (uint32_t c = 0; c < n; c++) {
		if (causes[c].graph && causes[c].graph != g)
			continue; /* in a caller: not in this picture */
		item *it = &pic->items[pic->nitems];
		*it = (item){causes[c].node, (uint32_t)pic->nitems, group, ITEM_CAUSE,
			     NULL, NULL, &causes[c], members};
		pic->nitems++;
	}
}

/* The items of rg: its findings, their copies and causes. */
static int make_items(picture *pic)
{
	const tc_report_graph *rg = pic->rg;
	size_t cap = 0;
	for (size_t b = 0; b < rg->nreported; b++)
		cap += 1 + rg->reported[b].ncauses;
	for (size_t k = 0; k < rg->ncollectives; k++)
		cap += 2 + rg->collectives[k].ncauses;
	pic->items = malloc((cap ? cap : 1) * sizeof *pic->items);
	if (!pic->items)
		return TC_ENOMEM;
	pic->nitems = 0;
	/* groups: a barrier's finding b is b, a collective's k nreported + k */
	for (size_t b = 0; b < rg->nreported; b++) {
		const tc_check_barrier *rb = &rg->reported[b];
		uint32_t root = rb->merged ? rb->merged_into : (uint32_t)b;
		pic->items[pic->nitems] = (item){rb->node, (uint32_t)pic->nitems, root,
						 ITEM_BARRIER, &rg->reported[root], NULL, NULL,
						 TC_GROUP_BLOCK};
		pic->nitems++;
		if (!rb->merged)
			add_causes(pic, rb->causes, rb->ncauses, root, TC_GROUP_BLOCK);
	}
	for (size_t k = 0; k < rg->ncollectives; k++) {
		const tc_check_collective *rc = &rg->collectives[k];
		if (rc->reported) {
			uint32_t root = rc->merged ? rc->merged_into : (uint32_t)k;
			pic->items[pic->nitems] = (item){rc->c->node, (uint32_t)pic->nitems,
							 (uint32_t)rg->nreported + root,
							 ITEM_COLLECTIVE, NULL, &rg->collectives[root],
							 NULL, rc->c->group};
			pic->nitems++;
			if (!rc->merged)
				add_causes(pic, rc->causes, rc->ncauses,
					   (uint32_t)rg->nreported + root, rc->c->group);
		}
		if (tc__report_argument_shown(rc)) {
			uint32_t root = rc->arg_merged ? rc->arg_merged_into : (uint32_t)k;
			pic->items[pic->nitems] = (item){rc->c->node, (uint32_t)pic->nitems,
							 UINT32_MAX, ITEM_ARGUMENT, NULL,
							 &rg->collectives[root], NULL, rc->c->group};
			pic->nitems++;
		}
	}
	return TC_OK;
}

/* Marks the findings, causes and paths of pic's items (by_group order),
 * then sorts the items by node. */
static int mark_items(picture *pic)
{
	item *it = pic->items;
	size_t n = pic->nitems;
	uint32_t *from = malloc((n ? n : 1) * sizeof *from), *to = malloc((n ? n : 1) * sizeof *to);
	if (!from || !to) {
		free(from);
		free(to);
		return TC_ENOMEM;
	}
	qsort(it, n, sizeof *it, by_group);
	for (size_t i = 0; i < n;) {
		size_t j = i, nfrom = 0, nto = 0;
		for (; j < n && it[j].group == it[i].group; j++) {
			pic->p.node[it[j].node] |= it[j].kind == ITEM_CAUSE ? TC_PIC_CAUSE : TC_PIC_FINDING;
			if (it[j].kind == ITEM_CAUSE)
				from[nfrom++] = it[j].node;
			else
				to[nto++] = it[j].node;
		}
		if (it[i].group != UINT32_MAX && nfrom)
			tc__paths_mark(&pic->p, from, nfrom, to, nto);
		i = j;
	}
	free(from);
	free(to);
	qsort(it, n, sizeof *it, by_node);
	return TC_OK;
}

/* Whether v is drawn. */
static bool drawn(const picture *pic, uint32_t v)
{
	return !pic->part || (pic->p.node[v] & (TC_PIC_SHOWN | TC_PIC_NEAR));
}

/* The part's size: its nodes, the edges between them, a "…" node and its
 * edge for each node and direction with edges that leave the part. */
static void count_part(picture *pic)
{
	const tc_graph *g = pic->rg->graph;
	uint32_t n = tc_graph_node_count(g), k;
	pic->graph_nodes = 0;
	pic->nodes = pic->edges = 0;
	for (uint32_t v = 0; v < n; v++) {
		if (!drawn(pic, v))
			continue;
		pic->graph_nodes++;
		bool out_left = false, in_left = false;
		const uint32_t *e = tc_graph_out_edges(g, v, &k);
		for (uint32_t i = 0; i < k; i++) {
			if (drawn(pic, tc_graph_edge_to(g, e[i])))
				pic->edges++;
			else
				out_left = true;
		}
		e = tc_graph_in_edges(g, v, &k);
		for (uint32_t i = 0; i < k && !in_left; i++)
			in_left = !drawn(pic, tc_graph_edge_from(g, e[i]));
		pic->nodes += 1 + out_left + in_left;
		pic->edges += out_left + in_left;
	}
}

/* Whether the whole graph fits nodes and edges. */
static bool whole_fits(const tc_graph *g, uint64_t nodes, uint64_t edges)
{
	return tc_graph_node_count(g) <= nodes && tc_graph_edge_count(g) <= edges;
}

/* The picture of rg, drawn whole when it fits the budget nodes and edges,
 * else as its part (counted). */
static int picture_make(picture *pic, const tc_report_graph *rg, uint64_t nodes, uint64_t edges)
{
	memset(pic, 0, sizeof *pic);
	pic->rg = rg;
	if (tc__paths_init(&pic->p, rg->graph))
		return TC_ENOMEM;
	int rc = make_items(pic);
	if (rc == TC_OK)
		rc = mark_items(pic);
	if (rc != TC_OK)
		return rc;
	const tc_graph *g = rg->graph;
	pic->part = !whole_fits(g, nodes, edges);
	if (pic->part) {
		tc__paths_mark_near(&pic->p);
		count_part(pic);
		/* a part of every node is the whole graph */
		pic->part = pic->graph_nodes < tc_graph_node_count(g);
	} else {
		pic->graph_nodes = tc_graph_node_count(g);
		pic->nodes = pic->graph_nodes;
		pic->edges = tc_graph_edge_count(g);
	}
	return TC_OK;
}

static void picture_free(picture *pic)
{
	tc__paths_free(&pic->p);
	free(pic->items);
}

/* ---- DOT ---------------------------------------------------------------- */

/* The lines of a label or tooltip, each malloc'd. */
typedef struct lines {
	char **s;
	size_t n, cap;
	int rc;
} lines;

/* Adds a line (printf's format), unless the lines already hold it. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void add_line(lines *l, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int len = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	char *buf = len < 0 ? NULL : malloc((size_t)len + 1);
	if (!buf) {
		l->rc = TC_ENOMEM;
		return;
	}
	va_start(ap, fmt);
	vsnprintf(buf, (size_t)len + 1, fmt, ap);
	va_end(ap);
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->s[i], buf) == 0) {
			free(buf);
			return;
		}
	if (l->n == l->cap) {
		size_t cap = l->cap ? 2 * l->cap : 8;
		char **more = realloc(l->s, cap * sizeof *more);
		if (!more) {
			free(buf);
			l->rc = TC_ENOMEM;
			return;
		}
		l->s = more;
		l->cap = cap;
	}
	l->s[l->n++] = buf;
}

static void lines_clear(lines *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->s[i]);
	l->n = 0;
}

static void lines_free(lines *l)
{
	lines_clear(l);
	free(l->s);
}

static bool has_pos(tc_loc l)
{
	return l.file && l.line;
}

/* The last component of a file's name. */
static const char *base_name(const char *file)
{
	const char *slash = strrchr(file, '/');
	return slash && slash[1] ? slash + 1 : file;
}

/* "file:line" of l into buf, or "" (returns buf). */
static const char *pos_text(char *buf, size_t cap, tc_loc l)
{
	if (has_pos(l))
		snprintf(buf, cap, " (%s:%u)", l.file, (unsigned)l.line);
	else
		buf[0] = '\0';
	return buf;
}

/* The lines that say where a finding's branches are when they are in
 * another graph (a function that was not inlined is checked in the
 * kernels that call it: a branch there), and the calls on the way. */
#define MAX_CALL_LINES 8u
static void context_lines(lines *l, const tc_graph *g, const tc_finding_call *calls,
			  uint32_t ncalls, uint32_t omitted, const tc_finding_cause *causes,
			  uint32_t ncauses)
{
	char callee[256], caller[256], where[600];
	for (uint32_t k = 0; k < ncalls && k < MAX_CALL_LINES; k++) {
		tc__plain_name(callee, sizeof callee, calls[k].callee, strlen(calls[k].callee));
		tc__plain_name(caller, sizeof caller, calls[k].caller, strlen(calls[k].caller));
		add_line(l, "in function '%s', called from '%s'%s", callee, caller,
			 pos_text(where, sizeof where, calls[k].loc));
	}
	if (ncalls + omitted > MAX_CALL_LINES)
		add_line(l, "and %u more calls", (unsigned)(ncalls + omitted - MAX_CALL_LINES));
	for (uint32_t c = 0; c < ncauses; c++) {
		const tc_graph *cg = causes[c].graph;
		if (!cg || cg == g)
			continue;
		const char *name = tc_graph_name(cg);
		tc__plain_name(caller, sizeof caller, name, strlen(name));
		add_line(l, "a branch that causes it is in '%s'%s", caller,
			 pos_text(where, sizeof where, causes[c].loc));
	}
}

/* What item it says of its node, a line of the node's tooltip. */
static void item_line(lines *l, const picture *pic, const item *it)
{
	const tc_graph *g = pic->rg->graph;
	char msg[512], fl[64];
	switch (it->kind) {
	case ITEM_BARRIER:
		add_line(l, "%s: %s%s", it->rb->error ? "error" : "warning",
			 tc__report_barrier_message(g, it->rb->node),
			 tc__report_flag(fl, sizeof fl, tc__check_barrier_rule(g, it->rb), it->rb->error));
		context_lines(l, g, it->rb->calls, it->rb->ncalls, it->rb->calls_omitted, it->rb->causes, it->rb->ncauses);
		break;
	case ITEM_COLLECTIVE:
		add_line(l, "%s: %s%s", it->rc->error ? "error" : "warning",
			 tc__report_collective_message(msg, sizeof msg, it->rc->c),
			 tc__report_flag(fl, sizeof fl, tc__check_collective_rule(it->rc), it->rc->error));
		context_lines(l, g, it->rc->calls, it->rc->ncalls, it->rc->calls_omitted, it->rc->causes, it->rc->ncauses);
		break;
	case ITEM_ARGUMENT:
		add_line(l, "%s: %s%s", it->rc->arg_error ? "error" : "warning",
			 tc__report_argument_message(msg, sizeof msg, it->rc->c),
			 tc__report_flag(fl, sizeof fl, TC_RULE_COLLECTIVE_ARGUMENT, it->rc->arg_error));
		break;
	default:
		if (it->cause->depends_on)
			add_line(l, "the branch here may go different ways in different %s; it "
				    "depends on %s",
				 tc__report_members(it->members), it->cause->depends_on);
		else
			add_line(l, "the branch here may go different ways in different %s",
				 tc__report_members(it->members));
		break;
	}
}

/* The position a node is labelled with: its own, else what an item at it
 * knows (a branch's, a collective's). */
static tc_loc node_pos(const picture *pic, uint32_t v, const item *it, size_t nit)
{
	tc_loc l = tc_graph_node_loc(pic->rg->graph, v);
	for (size_t i = 0; i < nit && !has_pos(l); i++)
		l = it[i].kind == ITEM_CAUSE ? it[i].cause->loc : it[i].rc ? it[i].rc->c->loc : l;
	return l;
}

static const char *node_class(unsigned mark)
{
	if (mark & TC_PIC_FINDING)
		return mark & TC_PIC_PATH ? "finding path" : "finding";
	if (mark & TC_PIC_CAUSE)
		return mark & TC_PIC_PATH ? "cause path" : "cause";
	return mark & TC_PIC_PATH ? "path" : NULL;
}

static const char *mark_color(unsigned mark)
{
	return mark & TC_PIC_FINDING ? "red"
	       : mark & TC_PIC_CAUSE ? "blue"
	       : mark & TC_PIC_PATH  ? "darkorange"
				     : NULL;
}

/* A graph being written: its picture, the prefix of its node ids, the
 * indentation of its statements. */
typedef struct writer {
	FILE *out;
	const picture *pic;
	const char *prefix;
	const char *tab;
	lines label, tip;
} writer;

static void put_id(writer *w, uint32_t v, const char *suffix)
{
	fprintf(w->out, "%sn%u%s", w->prefix, (unsigned)v, suffix);
}

/* Node v with the items at it (nit of them). */
static int put_node(writer *w, uint32_t v, const item *it, size_t nit)
{
	const picture *pic = w->pic;
	const tc_graph *g = pic->rg->graph;
	FILE *out = w->out;
	unsigned mark = pic->p.node[v], flags = tc_graph_node_flags(g, v);
	bool terminal = v == tc_graph_entry(g) || v == tc_graph_exit(g);
	tc_state st = tc_result_node_state(pic->rg->result, v);
	tc_loc l = node_pos(pic, v, it, nit);
	const char *sep = "";
	lines_clear(&w->label);
	lines_clear(&w->tip);
	add_line(&w->label, "%s", tc_graph_node_name(g, v));
	if (has_pos(l))
		add_line(&w->label, "%s:%u", base_name(l.file), (unsigned)l.line);
	if (has_pos(l))
		add_line(&w->tip, "%s (%s:%u)", tc_graph_node_name(g, v), l.file, (unsigned)l.line);
	else
		add_line(&w->tip, "%s", tc_graph_node_name(g, v));
	for (size_t i = 0; i < nit; i++)
		item_line(&w->tip, pic, &it[i]);
	if (w->label.rc || w->tip.rc)
		return TC_ENOMEM;
	fputs(w->tab, out);
	put_id(w, v, " [");
	if (tc__dot_put_lines(out, "label", (const char *const *)w->label.s, w->label.n, &sep) ||
	    tc__dot_put_lines(out, "tooltip", (const char *const *)w->tip.s, w->tip.n, &sep))
		return TC_ENOMEM;
	const char *cls = node_class(mark), *color = mark_color(mark);
	if (cls)
		fprintf(out, ", class=\"%s\"", cls);
	if (flags & (TC_NODE_BARRIER | TC_NODE_PARTIAL_BARRIER))
		fprintf(out, ", shape=box%s", terminal ? ", peripheries=2" : "");
	else if (terminal)
		fputs(", shape=doublecircle", out);
	if (!color && st == TC_STATE_DEAD)
		color = "grey";
	if ((flags & TC_NODE_PARTIAL_BARRIER) || (!(mark & TC_PIC_SHOWN) && st == TC_STATE_DEAD))
		fputs(", style=dashed", out);
	if (color)
		fprintf(out, ", color=%s, fontcolor=%s", color, color);
	if (mark & TC_PIC_SHOWN)
		fputs(", penwidth=2", out);
	fprintf(out, ", state=\"%s\"];\n", tc__report_state(st));
	return TC_OK;
}

/* The "…" node for the edges of v that leave the part (in: from nodes
 * outside it, else to them), with its dashed edge. */
static void put_elided(writer *w, uint32_t v, uint32_t count, bool in)
{
	FILE *out = w->out;
	const char *suffix = in ? "_in" : "_out";
	fputs(w->tab, out);
	put_id(w, v, suffix);
	fprintf(out,
		" [label=\"\xe2\x80\xa6\", tooltip=\"%u %s not drawn\", class=\"elided\", "
		"shape=none, fontcolor=grey];\n",
		(unsigned)count,
		in ? (count == 1 ? "edge from a node" : "edges from nodes")
		   : (count == 1 ? "edge to a node" : "edges to nodes"));
	fputs(w->tab, out);
	if (in) {
		put_id(w, v, suffix);
		fputs(" -> ", out);
		put_id(w, v, "");
	} else {
		put_id(w, v, "");
		fputs(" -> ", out);
		put_id(w, v, suffix);
	}
	fputs(" [class=\"elided\", style=dashed, color=grey];\n", out);
}

/* The title: the graph's source name, the rules of its findings, and what
 * part of it is drawn. */
static int put_title(writer *w)
{
	const picture *pic = w->pic;
	const tc_report_graph *rg = pic->rg;
	const tc_graph *g = rg->graph;
	char name[512], rules[256] = "";
	bool seen[TC_RULE_COUNT] = {false};
	for (size_t i = 0; i < pic->nitems; i++) {
		const item *it = &pic->items[i];
		tc_rule r = it->kind == ITEM_BARRIER      ? tc__check_barrier_rule(g, it->rb)
				   : it->kind == ITEM_COLLECTIVE ? tc__check_collective_rule(it->rc)
				   : it->kind == ITEM_ARGUMENT   ? TC_RULE_COLLECTIVE_ARGUMENT
								 : TC_RULE_COUNT;
		if (r == TC_RULE_COUNT || seen[r])
			continue;
		seen[r] = true;
		size_t len = strlen(rules);
		snprintf(rules + len, sizeof rules - len, "%s%s", len ? ", " : "",
			 tc_rule_name(r));
	}
	lines_clear(&w->label);
	add_line(&w->label, "%s: %s", tc__report_plain_name(name, sizeof name, g), rules);
	if (pic->part)
		add_line(&w->label,
			 "a part: the paths to the findings and the nodes next to them "
			 "(%u of %u nodes)",
			 (unsigned)pic->graph_nodes, (unsigned)tc_graph_node_count(g));
	if (w->label.rc)
		return TC_ENOMEM;
	const char *sep = "";
	fprintf(w->out, "%sgraph [", w->tab);
	if (tc__dot_put_lines(w->out, "label", (const char *const *)w->label.s, w->label.n, &sep))
		return TC_ENOMEM;
	fputs(", labelloc=t];\n", w->out);
	return TC_OK;
}

/* The statements of pic's graph: title, nodes (with the "…" of a part),
 * edges. */
static int put_body(writer *w)
{
	const picture *pic = w->pic;
	const tc_report_graph *rg = pic->rg;
	const tc_graph *g = rg->graph;
	uint32_t n = tc_graph_node_count(g), m = tc_graph_edge_count(g), k;
	int rc = put_title(w);
	size_t at = 0;
	for (uint32_t v = 0; rc == TC_OK && v < n; v++) {
		size_t first = at;
		while (at < pic->nitems && pic->items[at].node == v)
			at++;
		if (!drawn(pic, v))
			continue;
		rc = put_node(w, v, pic->items + first, at - first);
		if (!pic->part || rc)
			continue;
		uint32_t left = 0;
		const uint32_t *e = tc_graph_in_edges(g, v, &k);
		for (uint32_t i = 0; i < k; i++)
			left += !drawn(pic, tc_graph_edge_from(g, e[i]));
		if (left)
			put_elided(w, v, left, true);
		left = 0;
		e = tc_graph_out_edges(g, v, &k);
		for (uint32_t i = 0; i < k; i++)
			left += !drawn(pic, tc_graph_edge_to(g, e[i]));
		if (left)
			put_elided(w, v, left, false);
	}
	for (uint32_t e = 0; rc == TC_OK && e < m; e++) {
		uint32_t from = tc_graph_edge_from(g, e), to = tc_graph_edge_to(g, e);
		if (!drawn(pic, from) || !drawn(pic, to))
			continue;
		tc_state st = tc_result_edge_state(rg->result, e);
		fputs(w->tab, w->out);
		put_id(w, from, " -> ");
		put_id(w, to, " [");
		if (pic->p.edge[e] & TC_PIC_PATH)
			fputs("class=\"path\", color=darkorange, penwidth=2, ", w->out);
		else if (st == TC_STATE_DEAD)
			fputs("color=grey, style=dashed, ", w->out);
		fprintf(w->out, "state=\"%s\"];\n", tc__report_state(st));
	}
	return rc;
}

/* pic as a digraph of its own (cluster NULL), or as the cluster called
 * cluster of a larger one. */
static int put_picture(FILE *out, const picture *pic, const char *cluster, const char *prefix)
{
	writer w = {out, pic, prefix, cluster ? "\t\t" : "\t", {NULL, 0, 0, 0}, {NULL, 0, 0, 0}};
	int rc = TC_OK;
	if (cluster) {
		fprintf(out, "\tsubgraph %s {\n", cluster);
	} else {
		fputs("digraph ", out);
		rc = tc__dot_put_graph_id(out, tc_graph_name(pic->rg->graph));
		fputs(" {\n", out);
	}
	if (rc == TC_OK)
		rc = put_body(&w);
	fputs(cluster ? "\t}\n" : "}\n", out);
	lines_free(&w.label);
	lines_free(&w.tip);
	return rc;
}

/* What is drawn when nothing is reported: a graph that says so. */
static void put_nothing(FILE *out)
{
	fputs("// threadconv check: no finding reported, nothing to draw\n"
	      "digraph threadconv {\n"
	      "\tgraph [label=\"threadconv check: no finding reported\", labelloc=t];\n"
	      "}\n",
	      out);
}

static int oom(tc_diag *diag)
{
	return tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
}

/* Before a part too large for SVG: a comment that says so (its lines are
 * escaped: no name ends it). */
static int put_too_large(FILE *out, const picture *pic)
{
	char name[512];
	char *shown = tc__report_escaped(tc__report_plain_name(name, sizeof name, pic->rg->graph),
					 true);
	if (!shown)
		return TC_ENOMEM;
	fprintf(out,
		"// %s: %s has %llu nodes and %llu edges, more than --format svg lays out "
		"(%u and %u); sfdp scales\n",
		shown, pic->part ? "the part around the findings" : "the graph",
		(unsigned long long)pic->nodes, (unsigned long long)pic->edges,
		TC_SVG_MAX_NODES, TC_SVG_MAX_EDGES);
	free(shown);
	return TC_OK;
}

int tc__report_check_dot(FILE *out, const tc_report_graph *graphs, size_t count,
			 tc_diag *diag)
{
	size_t shown = 0;
	for (size_t i = 0; i < count; i++) {
		if (!has_finding(&graphs[i]))
			continue;
		picture pic;
		int rc = picture_make(&pic, &graphs[i], TC_SVG_MAX_NODES, TC_SVG_MAX_EDGES);
		if (rc == TC_OK && (pic.nodes > TC_SVG_MAX_NODES || pic.edges > TC_SVG_MAX_EDGES))
			rc = put_too_large(out, &pic);
		if (rc == TC_OK)
			rc = put_picture(out, &pic, NULL, "");
		picture_free(&pic);
		if (rc != TC_OK)
			return oom(diag);
		shown++;
	}
	if (!shown)
		put_nothing(out);
	return tc__report_status(out, diag);
}

/* In place of a graph that SVG has no room left for: a note. */
static int put_note(FILE *out, const picture *pic, const char *cluster, const char *prefix)
{
	const tc_graph *g = pic->rg->graph;
	char name[512], size[200], budget[200];
	tc__report_plain_name(name, sizeof name, g);
	snprintf(size, sizeof size, "its %s has %llu nodes and %llu edges,",
		 pic->part ? "part around the findings" : "drawing",
		 (unsigned long long)pic->nodes, (unsigned long long)pic->edges);
	snprintf(budget, sizeof budget,
		 "more than this SVG has room for (at most %u nodes and %u edges in all);",
		 TC_SVG_MAX_NODES, TC_SVG_MAX_EDGES);
	const char *text[] = {name, size, budget, "--format dot draws it"};
	const char *sep = "";
	if (cluster)
		fprintf(out, "\tsubgraph %s {\n\t\tgraph [label=\"\"];\n\t\t", cluster);
	else
		fputs("digraph threadconv {\n\t", out);
	fprintf(out, "%snote [", prefix);
	if (tc__dot_put_lines(out, "label", text, 4, &sep))
		return TC_ENOMEM;
	fputs(", class=\"note\", shape=note];\n", out);
	fputs(cluster ? "\t}\n" : "}\n", out);
	return TC_OK;
}

int tc__report_check_svg(FILE *out, const tc_report_graph *graphs, size_t count,
			 tc_diag *diag)
{
	size_t shown = 0;
	for (size_t i = 0; i < count; i++)
		shown += has_finding(&graphs[i]);
	char *text = NULL;
	size_t len = 0;
	FILE *dot = open_memstream(&text, &len);
	if (!dot)
		return oom(diag);
	int rc = TC_OK;
	if (!shown)
		put_nothing(dot);
	else if (shown > 1)
		fputs("digraph threadconv {\n", dot);
	/* the budget is for the whole drawing: each graph takes what it
	 * needs of what is left, whole or as its part, or is a note */
	uint64_t nodes = TC_SVG_MAX_NODES, edges = TC_SVG_MAX_EDGES;
	for (size_t i = 0, k = 0; rc == TC_OK && i < count; i++) {
		if (!has_finding(&graphs[i]))
			continue;
		picture pic;
		char cluster[48], prefix[48] = "";
		snprintf(cluster, sizeof cluster, "cluster_%zu", k);
		if (shown > 1)
			snprintf(prefix, sizeof prefix, "g%zu_", k);
		k++;
		rc = picture_make(&pic, &graphs[i], nodes, edges);
		if (rc == TC_OK && pic.nodes <= nodes && pic.edges <= edges) {
			nodes -= pic.nodes;
			edges -= pic.edges;
			rc = put_picture(dot, &pic, shown > 1 ? cluster : NULL, prefix);
		} else if (rc == TC_OK) {
			rc = put_note(dot, &pic, shown > 1 ? cluster : NULL, prefix);
		}
		picture_free(&pic);
	}
	if (shown > 1)
		fputs("}\n", dot);
	if (fclose(dot) != 0 && rc == TC_OK)
		rc = TC_ENOMEM;
	if (rc != TC_OK) {
		free(text);
		return oom(diag);
	}
	rc = tc__dot_svg(out, text, diag);
	free(text);
	return rc ? rc : tc__report_status(out, diag);
}
