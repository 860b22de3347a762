/* names.c - plain function names (names.h). */
#include "util/names.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

extern char *__cxa_demangle(const char *mangled, char *buf, size_t *len, int *status);

/* Past the group that opens at d[i] ('(' or '{'), nested groups and
 * template arguments in it included; len if it does not close. */
static size_t past_group(const char *d, size_t i, size_t len)
{
	char open = d[i], close = open == '(' ? ')' : '}';
	int depth = 0;
	for (; i < len; i++) {
		if (d[i] == open)
			depth++;
		else if (d[i] == close && --depth == 0)
			return i + 1;
	}
	return len;
}

/* Whether d[0 .. i) ends with the word "operator". */
static bool after_operator(const char *d, size_t i)
{
	return i >= 8 && memcmp(d + i - 8, "operator", 8) == 0 &&
	       (i == 8 || d[i - 9] == ':' || d[i - 9] == ' ');
}

/*
 * The function's qualified name in a demangled one, d[*start .. *end): not
 * its return type (a template's, "int ns::f<32, int>(int)", or
 * "decltype (...) ns::reduce<...>(...)"), nor its parameters. A top-level
 * blank ends the return type; the first top-level '(' that follows a name
 * opens the parameters, one that follows nothing (decltype's, "(anonymous
 * namespace)") is passed over, and so are "operator()"'s and lambdas'
 * "{lambda(int)#1}".
 */
static void name_span(const char *d, size_t len, size_t *start, size_t *end)
{
	size_t s = 0, i = 0;
	int angle = 0;
	while (i < len) {
		char c = d[i];
		if (after_operator(d, i)) { /* the operator's symbol is the name's */
			size_t j = i < len && d[i] == ' ' ? i + 1 : i;
			if (j + 1 < len && ((d[j] == '(' && d[j + 1] == ')') ||
					    (d[j] == '[' && d[j + 1] == ']')))
				j += 2;
			else
				while (j < len && strchr("<>=!+-*/%^&|~,", d[j]))
					j++;
			if (j > i) {
				i = j;
				continue;
			}
		}
		if (c == '{') {
			i = past_group(d, i, len);
			continue;
		}
		if (c == '(') {
			size_t j = past_group(d, i, len);
			/* decltype's, a template argument's, "(anonymous namespace)",
			 * and the function's parameters of a local entity's scope
			 * ("k(int*)::{lambda(int)#1}") */
			if (angle > 0 || i == s || (i - s == 8 && memcmp(d + s, "decltype", 8) == 0) ||
			    (j + 1 < len && d[j] == ':' && d[j + 1] == ':')) {
				i = j;
				continue;
			}
			break; /* the parameters */
		}
		if (c == '<')
			angle++;
		else if (c == '>' && angle > 0)
			angle--;
		else if (c == ' ' && angle == 0)
			s = i + 1;
		i++;
	}
	*start = s < i ? s : i;
	*end = i;
}

size_t tc__plain_name(char *buf, size_t cap, const char *name, size_t len)
{
	int status = -1;
	char *d = len > 2 && name[0] == '_' && name[1] == 'Z'
			  ? __cxa_demangle(name, NULL, NULL, &status)
			  : NULL;
	const char *s = name;
	size_t n = len;
	bool demangled = d && status == 0;
	if (demangled) {
		size_t start, end;
		name_span(d, strlen(d), &start, &end);
		s = d + start;
		n = end - start;
	}
	size_t k = 0;
	for (size_t i = 0; i < n && k + 1 < cap;) {
		/* nvcc's namespace of what has internal linkage, wherever it is
		 * (a template argument's too) */
		if (demangled && n - i > 10 && memcmp(s + i, "_INTERNAL_", 10) == 0 &&
		    (i == 0 || !(s[i - 1] == '_' || (s[i - 1] >= '0' && s[i - 1] <= '9') ||
				 ((s[i - 1] | 0x20) >= 'a' && (s[i - 1] | 0x20) <= 'z')))) {
			const char *colons = strstr(s + i, "::");
			if (colons && (size_t)(colons - s) < n) {
				i = (size_t)(colons + 2 - s);
				continue;
			}
		}
		buf[k++] = s[i++];
	}
	if (cap)
		buf[k] = '\0';
	free(d);
	return k;
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
