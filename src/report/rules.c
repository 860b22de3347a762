/*
 * rules.c - the names of check mode's rules (report.h): -W<name>,
 * NOLINT(<name>), the baseline's first field and SARIF's ruleId.
 */
#include "report/report.h"

#include <string.h>

static const char *const names[TC_RULE_COUNT] = {
	[TC_RULE_BARRIER_DIVERGENCE] = "barrier-divergence",
	[TC_RULE_PARTIAL_BARRIER] = "partial-barrier",
	[TC_RULE_COLLECTIVE_DIVERGENCE] = "collective-divergence",
	[TC_RULE_COLLECTIVE_ARGUMENT] = "collective-argument",
	[TC_RULE_BARRIER_AFTER_EXIT] = "barrier-after-exit",
	[TC_RULE_COLLECTIVE_AFTER_EXIT] = "collective-after-exit",
};

tc_report_rule tc__report_barrier_rule(const tc_graph *g, const tc_report_barrier *rb)
{
	if (tc_graph_node_flags(g, rb->node) & TC_NODE_PARTIAL_BARRIER)
		return TC_RULE_PARTIAL_BARRIER;
	return rb->after_exit ? TC_RULE_BARRIER_AFTER_EXIT : TC_RULE_BARRIER_DIVERGENCE;
}

tc_report_rule tc__report_rule_parent(tc_report_rule r)
{
	return r == TC_RULE_BARRIER_AFTER_EXIT	  ? TC_RULE_BARRIER_DIVERGENCE
	       : r == TC_RULE_COLLECTIVE_AFTER_EXIT ? TC_RULE_COLLECTIVE_DIVERGENCE
						    : r;
}

tc_report_rule tc__report_collective_rule(const tc_report_collective *rc)
{
	return rc->after_exit ? TC_RULE_COLLECTIVE_AFTER_EXIT : TC_RULE_COLLECTIVE_DIVERGENCE;
}

const char *tc__report_rule_name(tc_report_rule r)
{
	return (unsigned)r < TC_RULE_COUNT ? names[r] : "";
}

int tc__report_rule_from_name(const char *name, size_t len)
{
	for (int r = 0; r < TC_RULE_COUNT; r++)
		if (strlen(names[r]) == len && memcmp(names[r], name, len) == 0)
			return r;
	return -1;
}

static char lower(char c)
{
	return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
}

/* Levenshtein's distance between a[0..n) and b[0..m), letters compared
 * without case; past 63 bytes, far. */
static size_t distance(const char *a, size_t n, const char *b, size_t m)
{
	size_t row[64];
	if (n >= 64 || m >= 64)
		return SIZE_MAX;
	for (size_t j = 0; j <= m; j++)
		row[j] = j;
	for (size_t i = 1; i <= n; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (size_t j = 1; j <= m; j++) {
			size_t up = row[j];
			size_t best = diag + (lower(a[i - 1]) != lower(b[j - 1]));
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			diag = up;
		}
	}
	return row[m];
}

const char *tc__report_rule_nearest(const char *name, size_t len)
{
	const char *best = NULL, *prefix = NULL;
	size_t best_d = SIZE_MAX, nprefix = 0;
	for (int r = 0; r < TC_RULE_COUNT; r++) {
		size_t n = strlen(names[r]), d = distance(name, len, names[r], n);
		if (d < best_d) {
			best_d = d;
			best = names[r];
		}
		/* a prefix names the group, not the after-exit class in it */
		if (len >= 3 && len < n && memcmp(names[r], name, len) == 0 &&
		    tc__report_rule_parent((tc_report_rule)r) == (tc_report_rule)r) {
			prefix = names[r];
			nprefix++;
		}
	}
	if (best && best_d <= (strlen(best) + 3) / 4)
		return best;
	return nprefix == 1 ? prefix : NULL;
}
