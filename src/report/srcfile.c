/*
 * srcfile.c - source files read whole, with their line starts (srcfile.h).
 *
 * The cache is TC_SRCFILE_KEEP slots, the one used longest ago given to a
 * new file. A file is read with pread to its end (which may have moved since
 * fstat), and indexed in one pass with memchr: the next '\n' and the next
 * '\r' are each searched for once, and a line starts after whichever comes
 * first ("\r\n" is one end).
 */
#include "report/srcfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

typedef struct slot {
	char *name;       /* NULL: free */
	bool bad;         /* cannot be read */
	uint64_t used;    /* when last asked for */
	char *buf;
	size_t len;
	uint32_t *starts;
	uint32_t nlines;
	tc__srcfile pub;
} slot;

struct tc__srcfiles {
	slot slots[TC_SRCFILE_KEEP];
	uint64_t clock;
};

tc__srcfiles *tc__srcfiles_new(void)
{
	return calloc(1, sizeof(tc__srcfiles));
}

static void slot_clear(slot *s)
{
	free(s->name);
	free(s->buf);
	free(s->starts);
	memset(s, 0, sizeof *s);
}

void tc__srcfiles_free(tc__srcfiles *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < TC_SRCFILE_KEEP; i++)
		slot_clear(&c->slots[i]);
	free(c);
}

/* ---- the line index ---------------------------------------------------------- */

static int push(uint32_t **starts, uint32_t *n, size_t *cap, size_t at)
{
	if (*n == *cap) {
		size_t c = *cap ? 2 * *cap : 1024;
		uint32_t *p = realloc(*starts, c * sizeof *p);
		if (!p)
			return TC_ENOMEM;
		*starts = p;
		*cap = c;
	}
	(*starts)[(*n)++] = (uint32_t)at;
	return TC_OK;
}

/* The first c in buf[from..len), or len. */
static size_t find(const char *buf, size_t len, size_t from, char c)
{
	const char *p = from < len ? memchr(buf + from, c, len - from) : NULL;
	return p ? (size_t)(p - buf) : len;
}

int tc__srcfile_index(const char *buf, size_t len, uint32_t **starts, uint32_t *nlines)
{
	uint32_t *s = NULL, n = 0;
	size_t cap = 0;
	*starts = NULL;
	*nlines = 0;
	if (push(&s, &n, &cap, 0))
		return TC_ENOMEM;
	size_t lf = find(buf, len, 0, '\n'), cr = find(buf, len, 0, '\r');
	while (lf < len || cr < len) {
		size_t at;
		if (cr < lf)
			at = cr + 1 < len && buf[cr + 1] == '\n' ? cr + 2 : cr + 1;
		else
			at = lf + 1;
		if (push(&s, &n, &cap, at)) {
			free(s);
			return TC_ENOMEM;
		}
		if (lf < at)
			lf = find(buf, len, at, '\n');
		if (cr < at)
			cr = find(buf, len, at, '\r');
	}
	*starts = s;
	*nlines = n;
	return TC_OK;
}

bool tc__srcfile_line(const tc__srcfile *f, uint32_t line, size_t *b, size_t *e)
{
	if (line == 0 || line > f->nlines)
		return false;
	*b = f->starts[line - 1];
	if (line == f->nlines) {
		*e = f->len;
		return true;
	}
	/* the next line starts after this one's end: "\n", "\r" or "\r\n" */
	size_t next = f->starts[line];
	*e = next - 1;
	if (f->buf[*e] == '\n' && *e > *b && f->buf[*e - 1] == '\r')
		(*e)--;
	return true;
}

/* ---- reading ----------------------------------------------------------------- */

/* A regular file opened for reading, never blocking on a FIFO (O_NONBLOCK,
 * then fstat); -1 for anything else. */
static int open_regular(const char *name, struct stat *st)
{
	int fd = open(name, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return -1;
	if (fstat(fd, st) != 0 || !S_ISREG(st->st_mode)) {
		close(fd);
		return -1;
	}
	return fd;
}

/* The whole of s->name into s->buf and s->len; s->bad when it cannot be
 * read. */
static int read_whole(slot *s)
{
	struct stat st;
	int fd = strcmp(s->name, "<stdin>") == 0 ? -1 : open_regular(s->name, &st);
	if (fd < 0 || st.st_size < 0 || (uint64_t)st.st_size > TC_SRCFILE_MAX) {
		if (fd >= 0)
			close(fd);
		s->bad = true;
		return TC_OK;
	}
	size_t cap = (size_t)st.st_size + 1, got = 0;
	if (!(s->buf = malloc(cap))) {
		close(fd);
		return TC_ENOMEM;
	}
	for (;;) { /* to its end, which may have moved since fstat */
		if (got == cap) {
			if (cap > TC_SRCFILE_MAX) {
				s->bad = true;
				break;
			}
			char *p = realloc(s->buf, cap *= 2);
			if (!p) {
				close(fd);
				return TC_ENOMEM;
			}
			s->buf = p;
		}
		ssize_t r = pread(fd, s->buf + got, cap - got, (off_t)got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			s->bad = true;
		if (r <= 0)
			break;
		got += (size_t)r;
	}
	close(fd);
	if (s->bad) {
		free(s->buf);
		s->buf = NULL;
		return TC_OK;
	}
	if (got == cap) { /* room for the NUL after the bytes */
		char *p = realloc(s->buf, cap + 1);
		if (!p)
			return TC_ENOMEM;
		s->buf = p;
	}
	s->buf[got] = '\0';
	s->len = got;
	return tc__srcfile_index(s->buf, s->len, &s->starts, &s->nlines);
}

int tc__srcfiles_get(tc__srcfiles *c, const char *name, const tc__srcfile **out)
{
	*out = NULL;
	slot *s = NULL;
	for (size_t i = 0; i < TC_SRCFILE_KEEP && !s; i++)
		if (c->slots[i].name && strcmp(c->slots[i].name, name) == 0)
			s = &c->slots[i];
	if (!s) {
		s = &c->slots[0]; /* a free slot, else the one used longest ago */
		for (size_t i = 0; i < TC_SRCFILE_KEEP && s->name; i++)
			if (!c->slots[i].name || c->slots[i].used < s->used)
				s = &c->slots[i];
		slot_clear(s);
		size_t len = strlen(name);
		if (!(s->name = malloc(len + 1)))
			return TC_ENOMEM;
		memcpy(s->name, name, len + 1);
		if (read_whole(s)) {
			slot_clear(s);
			return TC_ENOMEM;
		}
		s->pub = (tc__srcfile){s->name, s->buf, s->len, s->starts, s->nlines};
	}
	s->used = ++c->clock;
	if (!s->bad)
		*out = &s->pub;
	return TC_OK;
}
