/*
 * merge.c - one warning per problem (check.h, tc__check_merge;
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
#include "check/check.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* what a finding is of: the same position and warning merge within one */
enum { KIND_BARRIER, KIND_REACH, KIND_ARGUMENT };

typedef struct item {
	int kind;
	uint32_t index; /* in barriers or collectives */
	tc_loc loc;
	/* a collective's: its warning is made of its fields (a barrier's
	 * position fixes its warning) */
	const tc_collective *c;
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

static int cmp_str(const char *a, const char *b)
{
	return strcmp(a ? a : "", b ? b : "");
}

/* Whether two collectives' findings of a kind say the same, as the report
 * words them (report.c): a reach by the operation's name, its group and
 * whether it is a call or has the full mask; an argument by the
 * argument's name, the operation's and the group. */
static int cmp_warning(int kind, const tc_collective *a, const tc_collective *b)
{
	int c = cmp_str(a->name, b->name);
	if (c)
		return c;
	if (a->group != b->group)
		return a->group < b->group ? -1 : 1;
	if (kind == KIND_ARGUMENT)
		return cmp_str(a->arg_name ? a->arg_name : "an argument",
			       b->arg_name ? b->arg_name : "an argument");
	if (a->call != b->call)
		return a->call ? 1 : -1;
	bool fa = !a->call && a->full_mask, fb = !b->call && b->full_mask;
	return fa == fb ? 0 : fa ? 1 : -1;
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
	if (!a->c || !b->c)
		return 0;
	return cmp_warning(a->kind, a->c, b->c);
}

static int cmp_item(const void *pa, const void *pb)
{
	const item *a = pa, *b = pb;
	int c = cmp_key(a, b);
	return c ? c : cmp_u32(a->index, b->index);
}

/* ---- the causes of one finding ------------------------------------------- */

typedef struct cause_ref {
	const tc_finding_cause *c;
	uint32_t order; /* where it comes among the finding's causes */
	uint32_t head;  /* the order of the first cause of its branch */
} cause_ref;

/* by branch: function, then position (a branch without one is its node) */
static int cmp_branch(const tc_finding_cause *a, const tc_finding_cause *b)
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

static bool same_value(const tc_finding_cause *a, const tc_finding_cause *b)
{
	if (!a->depends_on || !b->depends_on)
		return a->depends_on == b->depends_on;
	return strcmp(a->depends_on, b->depends_on) == 0 && same_loc(a->depends_loc, b->depends_loc);
}

bool tc__check_cause_repeats(const tc_finding_cause *causes, uint32_t k)
{
	if (k == 0)
		return false;
	const tc_finding_cause *a = &causes[k - 1], *b = &causes[k];
	return a->graph == b->graph && has_pos(a->loc) && has_pos(b->loc) &&
	       cmp_loc(a->loc, b->loc) == 0;
}

/* Scratch for the causes of one finding, room for every cause of the graph. */
typedef struct scratch {
	cause_ref *refs, *kept;
	tc_finding_cause *values;
} scratch;

/*
 * refs[0..n) (the causes of a finding's copies, order 0..n-1) made into
 * out[0..return), each branch once.
 */
static uint32_t merge_causes(scratch *s, uint32_t n, tc_finding_cause *out)
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
			const tc_finding_cause *c = s->refs[k].c;
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
static const tc_finding_cause *causes_of(const item *it, const tc_check_barrier *barriers,
					const tc_check_collective *collectives, uint32_t *n)
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
static void merge_run(const item *items, uint32_t n, tc_check_barrier *barriers,
		      tc_check_collective *collectives, scratch *s, tc_finding_cause *out,
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
		const tc_finding_cause *c = causes_of(&items[k], barriers, collectives, &nc);
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

int tc__check_merge(const tc_graph *g, tc_check_barrier *barriers, size_t nb,
		    tc_check_collective *collectives, size_t nc, tc_finding_cause **causes,
		    const tc_alloc *al)
{
	size_t n = 0, total = 0;
	*causes = NULL;
	if (!collectives)
		nc = 0;
	for (size_t k = 0; k < nb; k++)
		total += barriers[k].ncauses;
	for (size_t k = 0; k < nc; k++)
		total += collectives[k].reported ? collectives[k].ncauses : 0;
	item *items = tc__malloc(al, tc__mul(nb + 2 * nc + 1, sizeof *items));
	tc_finding_cause *out = tc__malloc(al, tc__mul(total + 1, sizeof *out));
	scratch s = {tc__malloc(al, tc__mul(total + 1, sizeof *s.refs)),
		     tc__malloc(al, tc__mul(total + 1, sizeof *s.kept)),
		     tc__malloc(al, tc__mul(total + 1, sizeof *s.values))};
	int rc = items && out && s.refs && s.kept && s.values ? TC_OK : TC_ENOMEM;
	for (size_t k = 0; rc == TC_OK && k < nb; k++)
		items[n++] = (item){KIND_BARRIER, (uint32_t)k, tc_graph_node_loc(g, barriers[k].node),
				    NULL,
				    (tc_graph_node_flags(g, barriers[k].node) &
				     TC_NODE_PARTIAL_BARRIER) != 0};
	for (size_t k = 0; rc == TC_OK && k < nc; k++) {
		const tc_collective *c = collectives[k].c;
		if (collectives[k].reported)
			items[n++] = (item){KIND_REACH, (uint32_t)k, c->loc, c, false};
		if (c->arg != TC_NONE)
			items[n++] = (item){KIND_ARGUMENT, (uint32_t)k, c->loc, c, false};
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
	tc__free(al, items);
	tc__free(al, out);
	tc__free(al, s.refs);
	tc__free(al, s.kept);
	tc__free(al, s.values);
	return rc;
}
