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
