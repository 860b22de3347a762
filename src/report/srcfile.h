/*
 * srcfile.h - the source files a check report quotes (the snippets under
 * its warnings, snippet.h) and reads the NOLINT comments of (nolint.h):
 * each read whole when first asked for, with an index of where its lines
 * start built in the same pass, and kept while it is one of the last
 * TC_SRCFILE_KEEP files asked for; the snippets and the NOLINT lookup of one
 * run share one such cache, so that a file is read once, not once each.
 *
 * Lines end at "\n", "\r\n" or a lone "\r", as clang numbers them. A file
 * that ends with a line end has one more line after it, empty, that starts
 * at its length. A file that cannot be read (missing, not a regular file,
 * "<stdin>", over TC_SRCFILE_MAX bytes, a read error) is no file: asking
 * for it again asks the file system again once it has left the cache.
 * Library code: never prints, never exits.
 */
#ifndef TC_REPORT_SRCFILE_H
#define TC_REPORT_SRCFILE_H

#include "threadconv.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* a larger file cannot be read (the limit of an input, TC_STREAM_MAX_BYTES) */
#define TC_SRCFILE_MAX (1u << 30)
/* files kept, the ones asked for last */
#define TC_SRCFILE_KEEP 8u

/* One file as read: its bytes and where its lines start. */
typedef struct tc__srcfile {
	const char *name;
	const char *buf;        /* len bytes (and a NUL after them) */
	size_t len;
	const uint32_t *starts; /* starts[k]: where line k + 1 begins; starts[0] = 0 */
	uint32_t nlines;        /* at least 1 */
} tc__srcfile;

typedef struct tc__srcfiles tc__srcfiles;

/* NULL when out of memory. */
tc__srcfiles *tc__srcfiles_new(void);
void tc__srcfiles_free(tc__srcfiles *c);

/*
 * The file called name (absolute, or relative to the current directory),
 * read the first time and whenever it has left the cache: *out is valid
 * until the next call on c, NULL when the file cannot be read. TC_OK, or
 * TC_ENOMEM (nothing is kept of that file then).
 */
int tc__srcfiles_get(tc__srcfiles *c, const char *name, const tc__srcfile **out);

/* Where line (1-based) is, [*b, *e) without its end: false when f has no
 * such line. */
bool tc__srcfile_line(const tc__srcfile *f, uint32_t line, size_t *b, size_t *e);

/* The index of buf[0..len) into *starts (malloc'd) and *nlines, as a file's
 * (len at most TC_SRCFILE_MAX). TC_OK or TC_ENOMEM (*starts NULL then). */
int tc__srcfile_index(const char *buf, size_t len, uint32_t **starts, uint32_t *nlines);

#endif
