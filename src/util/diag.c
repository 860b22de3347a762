/* diag.c - error messages and status strings. */
#include "util/diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int tc__diag(tc_diag *d, int code, const char *file, uint32_t line, uint32_t col,
	     const char *fmt, ...)
{
	if (!d)
		return code;
	d->code = code;
	snprintf(d->file, sizeof d->file, "%s", file ? file : "");
	d->line = line;
	d->col = col;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(d->message, sizeof d->message, fmt, ap);
	va_end(ap);
	return code;
}

const char *tc_status_string(int status)
{
	switch (status) {
	case TC_OK: return "success";
	case TC_ENOMEM: return "out of memory";
	case TC_EINVAL: return "invalid argument";
	case TC_EPARSE: return "malformed input";
	case TC_EIO: return "cannot read input";
	case TC_ELIMIT: return "input too large";
	default: return "unknown error";
	}
}

int tc__options_version(unsigned version, unsigned current, const char *what,
			const char *file, tc_diag *diag)
{
	if (version <= current)
		return TC_OK;
	return tc__diag(diag, TC_EINVAL, file, 0, 0,
			"%s version %u is newer than this library's (%u)", what, version, current);
}
