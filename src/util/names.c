/* names.c - plain function names (names.h). */
#include "util/names.h"

#include <stdlib.h>
#include <string.h>

extern char *__cxa_demangle(const char *mangled, char *buf, size_t *len, int *status);

size_t tc__plain_name(char *buf, size_t cap, const char *name, size_t len)
{
	int status = -1;
	char *d = len > 2 && name[0] == '_' && name[1] == 'Z'
			  ? __cxa_demangle(name, NULL, NULL, &status)
			  : NULL;
	const char *s = name;
	size_t n = len;
	if (d && status == 0) {
		const char *paren = strchr(d, '(');
		s = d;
		n = paren ? (size_t)(paren - d) : strlen(d);
		const char *colons = strncmp(s, "_INTERNAL_", 10) == 0 ? strstr(s, "::") : NULL;
		if (colons && (size_t)(colons - s) < n) {
			n -= (size_t)(colons + 2 - s);
			s = colons + 2;
		}
	}
	if (cap == 0) {
		free(d);
		return 0;
	}
	if (n >= cap)
		n = cap - 1;
	memcpy(buf, s, n);
	buf[n] = '\0';
	free(d);
	return n;
}

int tc__find_function(const void *ctx, size_t n, tc_name_at at, const char *wanted,
		      size_t *pick, const char *file, tc_diag *diag)
{
	size_t want = strlen(wanted), first = n, second = n, count = 0;
	char plain[512];
	for (size_t i = 0; i < n; i++) {
		size_t len;
		const char *name = at(ctx, i, &len);
		if (len == want && memcmp(name, wanted, len) == 0) {
			*pick = i;
			return 0;
		}
	}
	char *copy = NULL;
	size_t cap = 0;
	for (size_t i = 0; i < n; i++) {
		size_t len;
		const char *name = at(ctx, i, &len);
		if (len + 1 > cap) { /* NUL-ended for the demangler */
			char *c = realloc(copy, len + 1);
			if (!c)
				break;
			copy = c;
			cap = len + 1;
		}
		memcpy(copy, name, len);
		copy[len] = '\0';
		if (tc__plain_name(plain, sizeof plain, copy, len) == want &&
		    memcmp(plain, wanted, want) == 0) {
			count++;
			if (first == n)
				first = i;
			else if (second == n)
				second = i;
		}
	}
	free(copy);
	if (first == n)
		return tc__diag(diag, TC_EINVAL, file, 0, 0, "no function named '%.100s' is defined",
				wanted);
	if (second != n) {
		size_t l1, l2;
		const char *a = at(ctx, first, &l1), *b = at(ctx, second, &l2);
		return tc__diag(diag, TC_EINVAL, file, 0, 0,
				"'%.100s' names %zu functions ('%.*s', '%.*s'%s): give the one "
				"meant by its mangled name",
				wanted, count, (int)(l1 > 200 ? 200 : l1), a, (int)(l2 > 200 ? 200 : l2),
				b, count > 2 ? ", ..." : "");
	}
	*pick = first;
	return 0;
}
