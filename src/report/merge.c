/*
 * merge.c - one warning per problem (report.h, tc__report_merge;
 * docs/check.md, "Copies of one barrier").
 *
 * LLVM's loop unrolling, rotation and tail duplication, and nvcc's, copy a
 * barrier's or a collective's call: each copy is a node of its own, judged
 * on its own, and all of them point at the one line of the source. The
 * findings of one graph are sorted by (kind, position, warning) and each
 * run of equal keys becomes one finding, that of its first member in node
 * order; the causes of a run are gathered and sorted by (function,
 * position) so that each branch is named once. Both sorts are qsort over
 * index arrays: O(n log n) in the findings and in the causes.
 */
#include "report/report.h"
#include "util/diag.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* what a finding is of: the same position and warning merge within one */
enum { KIND_BARRIER, KIND_REACH, KIND_ARGUMENT };

typedef struct item {
	int kind;
	uint32_t index; /* in barriers or collectives */
	tc_loc loc;
	char *message;  /* the warning, which a barrier's position fixes (NULL) */
	bool partial;   /* a barrier with a thread count: another warning */
} item;

static bool has_pos(tc_loc l)
{
	return l.file && l.line;
}

static int cmp_u32(uint32_t a, uint32_t b)
{
	return a < b ? -1 : a > b;
}

/* positions known: by file, line, column */
static int cmp_loc(tc_loc a, tc_loc b)
{
	int c = strcmp(a.file, b.file);
	if (c)
		return c;
	return a.line != b.line ? cmp_u32(a.line, b.line) : cmp_u32(a.col, b.col);
}

/* the key of a finding, without its index */
static int cmp_key(const item *a, const item *b)
{
	if (a->kind != b->kind)
		return a->kind < b->kind ? -1 : 1;
	int c = cmp_loc(a->loc, b->loc);
	if (c)
		return c;
	if (a->partial != b->partial)
		return a->partial ? 1 : -1;
	if (!a->message || !b->message)
		return 0;
	return strcmp(a->message, b->message);
}

static int cmp_item(const void *pa, const void *pb)
{
	const item *a = pa, *b = pb;
	int c = cmp_key(a, b);
	return c ? c : cmp_u32(a->index, b->index);
}

/* ---- the causes of one finding ------------------------------------------- */

typedef struct cause_ref {
	const tc_report_cause *c;
	uint32_t order; /* where it comes among the finding's causes */
	uint32_t head;  /* the order of the first cause of its branch */
} cause_ref;

/* by branch: function, then position (a branch without one is its node) */
static int cmp_branch(const tc_report_cause *a, const tc_report_cause *b)
{
	uintptr_t ga = (uintptr_t)a->graph, gb = (uintptr_t)b->graph;
	if (ga != gb)
		return ga < gb ? -1 : 1;
	bool pa = has_pos(a->loc), pb = has_pos(b->loc);
	if (pa != pb)
		return pa ? -1 : 1;
	return pa ? cmp_loc(a->loc, b->loc) : cmp_u32(a->node, b->node);
}

static int cmp_by_branch(const void *pa, const void *pb)
{
	const cause_ref *a = pa, *b = pb;
	int c = cmp_branch(a->c, b->c);
	return c ? c : cmp_u32(a->order, b->order);
}

static int cmp_by_order(const void *pa, const void *pb)
{
	const cause_ref *a = pa, *b = pb;
	return a->head != b->head ? cmp_u32(a->head, b->head) : cmp_u32(a->order, b->order);
}

static bool same_loc(tc_loc a, tc_loc b)
{
	if (!a.file || !b.file)
		return a.file == b.file && a.line == b.line && a.col == b.col;
	return a.line == b.line && a.col == b.col && strcmp(a.file, b.file) == 0;
}

static bool same_value(const tc_report_cause *a, const tc_report_cause *b)
{
	if (!a->depends_on || !b->depends_on)
		return a->depends_on == b->depends_on;
	return strcmp(a->depends_on, b->depends_on) == 0 && same_loc(a->depends_loc, b->depends_loc);
}

bool tc__report_cause_repeats(const tc_report_cause *causes, uint32_t k)
{
	if (k == 0)
		return false;
	const tc_report_cause *a = &causes[k - 1], *b = &causes[k];
	return a->graph == b->graph && has_pos(a->loc) && has_pos(b->loc) &&
	       cmp_loc(a->loc, b->loc) == 0;
}

/* Scratch for the causes of one finding, room for every cause of the graph. */
typedef struct scratch {
	cause_ref *refs, *kept;
	tc_report_cause *values;
} scratch;

/*
 * refs[0..n) (the causes of a finding's copies, order 0..n-1) made into
 * out[0..return), each branch once.
 */
static uint32_t merge_causes(scratch *s, uint32_t n, tc_report_cause *out)
{
	qsort(s->refs, n, sizeof *s->refs, cmp_by_branch);
	/* each run of one branch: its first cause stays (with the value a
	 * later one names, when it names none); a later one stays only for a
	 * value that none before it in the run names */
	uint32_t kept = 0;
	for (uint32_t at = 0, end; at < n; at = end) {
		for (end = at + 1; end < n && cmp_branch(s->refs[at].c, s->refs[end].c) == 0; end++)
			;
		uint32_t first = kept, head = s->refs[at].order;
		s->values[kept] = *s->refs[at].c;
		s->kept[kept] = (cause_ref){&s->values[kept], head, head};
		kept++;
		for (uint32_t k = at + 1; k < end; k++) {
			const tc_report_cause *c = s->refs[k].c;
			if (!has_pos(c->loc) || !c->depends_on)
				continue;
			if (!s->values[first].depends_on) {
				s->values[first].depends_on = c->depends_on;
				s->values[first].depends_loc = c->depends_loc;
				continue;
			}
			bool seen = false;
			for (uint32_t q = first; q < kept && !seen; q++)
				seen = same_value(&s->values[q], c);
			if (seen)
				continue;
			s->values[kept] = *c;
			s->kept[kept] = (cause_ref){&s->values[kept], s->refs[k].order, head};
			kept++;
		}
	}
	/* in the order they first came, a branch's values next to each other */
	qsort(s->kept, kept, sizeof *s->kept, cmp_by_order);
	for (uint32_t k = 0; k < kept; k++)
		out[k] = *s->kept[k].c;
	return kept;
}

/* ---- the findings ---------------------------------------------------------- */

/* The causes of finding it (a barrier's or a collective's reach) */
static const tc_report_cause *causes_of(const item *it, const tc_report_barrier *barriers,
					const tc_report_collective *collectives, uint32_t *n)
{
	if (it->kind == KIND_BARRIER) {
		*n = barriers[it->index].ncauses;
		return barriers[it->index].causes;
	}
	*n = collectives[it->index].ncauses;
	return collectives[it->index].causes;
}

/*
 * Run items[0..n) (one finding: its first member the finding's own) made
 * one: the others marked merged, the first given the causes of all (into
 * out, from *at) and after_exit when all are.
 */
static void merge_run(const item *items, uint32_t n, tc_report_barrier *barriers,
		      tc_report_collective *collectives, scratch *s, tc_report_cause *out,
		      size_t *at)
{
	uint32_t first = items[0].index, m = 0;
	if (items[0].kind == KIND_ARGUMENT) {
		for (uint32_t k = 1; k < n; k++) {
			collectives[items[k].index].arg_merged = true;
			collectives[items[k].index].arg_merged_into = first;
		}
		return;
	}
	bool barrier = items[0].kind == KIND_BARRIER, after_exit = true;
	for (uint32_t k = 0; k < n; k++) {
		uint32_t nc;
		const tc_report_cause *c = causes_of(&items[k], barriers, collectives, &nc);
		for (uint32_t q = 0; q < nc; q++, m++)
			s->refs[m] = (cause_ref){&c[q], m, m};
		uint32_t i = items[k].index;
		after_exit = after_exit && (barrier ? barriers[i].after_exit : collectives[i].after_exit);
		if (k == 0)
			continue;
		if (barrier) {
			barriers[i].merged = true;
			barriers[i].merged_into = first;
		} else {
			collectives[i].merged = true;
			collectives[i].merged_into = first;
		}
	}
	uint32_t kept = merge_causes(s, m, out + *at);
	if (barrier) {
		barriers[first].causes = kept ? out + *at : NULL;
		barriers[first].ncauses = kept;
		barriers[first].after_exit = after_exit;
	} else {
		collectives[first].causes = kept ? out + *at : NULL;
		collectives[first].ncauses = kept;
		collectives[first].after_exit = after_exit;
	}
	*at += kept;
}

int tc__report_merge(const tc_report_graph *rg, tc_report_barrier *barriers,
		     tc_report_collective *collectives, tc_report_cause **causes)
{
	size_t nb = rg->nreported, nc = collectives ? rg->ncollectives : 0, n = 0, total = 0;
	*causes = NULL;
	for (size_t k = 0; k < nb; k++)
		total += barriers[k].ncauses;
	for (size_t k = 0; k < nc; k++)
		total += collectives[k].reported ? collectives[k].ncauses : 0;
	item *items = malloc((nb + 2 * nc + 1) * sizeof *items);
	tc_report_cause *out = malloc((total + 1) * sizeof *out);
	scratch s = {malloc((total + 1) * sizeof *s.refs), malloc((total + 1) * sizeof *s.kept),
		     malloc((total + 1) * sizeof *s.values)};
	int rc = items && out && s.refs && s.kept && s.values ? TC_OK : TC_ENOMEM;
	for (size_t k = 0; rc == TC_OK && k < nb; k++)
		items[n++] = (item){KIND_BARRIER, (uint32_t)k, tc_graph_node_loc(rg->graph, barriers[k].node),
				    NULL,
				    (tc_graph_node_flags(rg->graph, barriers[k].node) &
				     TC_NODE_PARTIAL_BARRIER) != 0};
	for (size_t k = 0; rc == TC_OK && k < nc; k++) {
		const tc_collective *c = collectives[k].c;
		char buf[512];
		for (int kind = KIND_REACH; kind <= KIND_ARGUMENT && rc == TC_OK; kind++) {
			if (kind == KIND_REACH ? !collectives[k].reported : c->arg == TC_NONE)
				continue;
			if (kind == KIND_REACH)
				tc__report_collective_message(buf, sizeof buf, c);
			else
				tc__report_argument_message(buf, sizeof buf, c);
			char *msg = malloc(strlen(buf) + 1);
			if (!msg) {
				rc = TC_ENOMEM;
				break;
			}
			strcpy(msg, buf);
			items[n++] = (item){kind, (uint32_t)k, c->loc, msg, false};
		}
	}
	if (rc == TC_OK) {
		/* the findings with a position, by key; those without stay alone */
		size_t npos = 0;
		for (size_t k = 0; k < n; k++) {
			if (has_pos(items[k].loc)) {
				item t = items[npos];
				items[npos++] = items[k];
				items[k] = t;
			}
		}
		qsort(items, npos, sizeof *items, cmp_item);
		size_t at = 0;
		for (size_t k = 0, end; k < n; k = end) {
			end = k + 1;
			while (k < npos && end < npos && cmp_key(&items[k], &items[end]) == 0)
				end++;
			merge_run(items + k, (uint32_t)(end - k), barriers, collectives, &s, out, &at);
		}
		if (at) { /* else no finding has a cause: none is kept */
			*causes = out;
			out = NULL;
		}
	}
	for (size_t k = 0; items && k < n; k++)
		free(items[k].message);
	free(items);
	free(out);
	free(s.refs);
	free(s.kept);
	free(s.values);
	return rc;
}
