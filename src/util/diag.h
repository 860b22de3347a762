/* diag.h - filling a caller's tc_diag. */
#ifndef TC_UTIL_DIAG_H
#define TC_UTIL_DIAG_H

#include "threadconv.h"

#if defined(__GNUC__)
#define TC_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define TC_PRINTF(a, b)
#endif

/* Sets d (when not NULL) and returns code, so callers can `return tc__diag(...)`. */
int tc__diag(tc_diag *d, int code, const char *file, uint32_t line, uint32_t col,
	     const char *fmt, ...) TC_PRINTF(6, 7);

/* An options struct's version (threadconv.h): 0 and 1 .. current are read;
 * a newer one is TC_EINVAL with a message naming what. */
int tc__options_version(unsigned version, unsigned current, const char *what,
			const char *file, tc_diag *diag);

#endif
