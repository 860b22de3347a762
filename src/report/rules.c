/*
 * rules.c - check mode's rules found by name (report.h): -W<name>,
 * NOLINT(<name>) and the baseline's first field (check/rules.c names them).
 */
#include "report/report.h"

#include <string.h>

int tc__report_rule_from_name(const char *name, size_t len)
{
	for (int r = 0; r < TC_RULE_COUNT; r++) {
		const char *n = tc_rule_name((tc_rule)r);
		if (strlen(n) == len && memcmp(n, name, len) == 0)
			return r;
	}
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
		const char *rn = tc_rule_name((tc_rule)r);
		size_t n = strlen(rn), d = distance(name, len, rn, n);
		if (d < best_d) {
			best_d = d;
			best = rn;
		}
		/* a prefix names the group, not the after-exit class in it */
		if (len >= 3 && len < n && memcmp(rn, name, len) == 0 &&
		    tc__rule_parent((tc_rule)r) == (tc_rule)r) {
			prefix = rn;
			nprefix++;
		}
	}
	if (best && best_d <= (strlen(best) + 3) / 4)
		return best;
	return nprefix == 1 ? prefix : NULL;
}
