/* module.c - a list of graphs, and reading a file by its contents. */
#include "frontend/module.h"
#include "util/diag.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int tc__module_new(tc_module **out, const tc_allocator *alloc)
{
	tc_alloc al;
	tc__alloc_init(&al, alloc);
	*out = tc__calloc(&al, 1, sizeof **out);
	if (!*out)
		return TC_ENOMEM;
	(*out)->al = al;
	return TC_OK;
}

int tc__module_add_info(tc_module *m, tc_graph *g, bool kernel, tc_loc *branch_loc,
			uint32_t nloc)
{
	if (m->count == m->cap) {
		size_t cap = m->cap ? m->cap * 2 : 4;
		tc_graph **v = tc__realloc(&m->al, m->graphs, tc__mul(cap, sizeof *v));
		if (v)
			m->graphs = v;
		tc_graph_info *in = v ? tc__realloc(&m->al, m->info, tc__mul(cap, sizeof *in))
				      : NULL;
		if (!in) {
			tc_graph_free(g);
			tc__free(&m->al, branch_loc);
			return TC_ENOMEM;
		}
		m->info = in;
		m->cap = cap;
	}
	m->info[m->count] = (tc_graph_info){kernel, branch_loc, branch_loc ? nloc : 0, NULL, NULL};
	m->graphs[m->count++] = g;
	return TC_OK;
}

void tc__module_set_sources(tc_module *m, tc_branch_source *source)
{
	if (m->count == 0 || !m->info[m->count - 1].branch_loc) {
		tc__free(&m->al, source);
		return;
	}
	tc__free(&m->al, m->info[m->count - 1].source);
	m->info[m->count - 1].source = source;
}

void tc__module_set_deps(tc_module *m, tc_uniformity_deps *deps)
{
	if (m->count == 0) {
		tc__uniformity_deps_free(&m->al, deps);
		return;
	}
	tc__uniformity_deps_free(&m->al, m->info[m->count - 1].deps);
	m->info[m->count - 1].deps = deps;
}

int tc__module_add(tc_module *m, tc_graph *g)
{
	return tc__module_add_info(m, g, false, NULL, 0);
}

const char *tc__module_string(tc_module *m, const char *s, size_t len)
{
	/* a kernel names few files: the last one is almost always the one */
	for (size_t i = m->nstrings; i-- > 0;)
		if (strncmp(m->strings[i], s, len) == 0 && m->strings[i][len] == '\0')
			return m->strings[i];
	if (m->nstrings == m->strings_cap) {
		size_t cap = m->strings_cap ? m->strings_cap * 2 : 4;
		char **v = tc__realloc(&m->al, m->strings, tc__mul(cap, sizeof *v));
		if (!v)
			return NULL;
		m->strings = v;
		m->strings_cap = cap;
	}
	char *d = tc__malloc(&m->al, len + 1);
	if (!d)
		return NULL;
	memcpy(d, s, len);
	d[len] = '\0';
	m->strings[m->nstrings++] = d;
	return d;
}

int tc__module_select(tc_module *m, const char *name, const char *file,
		      const char *what, tc_diag *diag)
{
	size_t keep = m->count;
	for (size_t i = 0; i < m->count && keep == m->count; i++)
		if (strcmp(tc_graph_name(m->graphs[i]), name) == 0)
			keep = i;
	if (keep == m->count)
		return tc__diag(diag, TC_EINVAL, file, 0, 0, "no %s named '%.100s'", what,
				name);
	for (size_t i = 0; i < m->count; i++) {
		if (i == keep)
			continue;
		tc_graph_free(m->graphs[i]);
		tc__free(&m->al, m->info[i].branch_loc);
		tc__free(&m->al, m->info[i].source);
		tc__uniformity_deps_free(&m->al, m->info[i].deps);
	}
	m->graphs[0] = m->graphs[keep];
	m->info[0] = m->info[keep];
	m->count = 1;
	return TC_OK;
}

void tc_module_free(tc_module *m)
{
	if (!m)
		return;
	for (size_t i = 0; i < m->count; i++) {
		tc_graph_free(m->graphs[i]);
		tc__free(&m->al, m->info[i].branch_loc);
		tc__free(&m->al, m->info[i].source);
		tc__uniformity_deps_free(&m->al, m->info[i].deps);
	}
	for (size_t i = 0; i < m->nstrings; i++)
		tc__free(&m->al, m->strings[i]);
	tc__free(&m->al, m->strings);
	tc__free(&m->al, m->info);
	tc__free(&m->al, m->graphs);
	tc__free(&m->al, m);
}

size_t tc_module_graph_count(const tc_module *m) { return m->count; }

const tc_graph *tc_module_graph(const tc_module *m, size_t i)
{
	return i < m->count ? m->graphs[i] : NULL;
}

tc_read_stats tc_module_read_stats(const tc_module *m) { return m->read; }

int tc__module_warn(tc_module *m, const char *message)
{
	if (m->nwarnings >= sizeof m->warnings / sizeof m->warnings[0])
		return TC_OK;
	const char *s = tc__module_string(m, message, strlen(message));
	if (!s)
		return TC_ENOMEM;
	m->warnings[m->nwarnings++] = s;
	return TC_OK;
}

size_t tc_module_warning_count(const tc_module *m) { return m->nwarnings; }

const char *tc_module_warning(const tc_module *m, size_t i)
{
	return i < m->nwarnings ? m->warnings[i] : NULL;
}

bool tc_module_graph_is_kernel(const tc_module *m, size_t i)
{
	return i < m->count && m->info[i].kernel;
}

tc_loc tc_module_branch_loc(const tc_module *m, size_t i, uint32_t node)
{
	tc_loc none = {NULL, 0, 0};
	if (i >= m->count || node >= m->info[i].nloc)
		return none;
	return m->info[i].branch_loc[node];
}

const char *tc_module_branch_source(const tc_module *m, size_t i, uint32_t node,
				    tc_loc *loc)
{
	tc_branch_source none = {NULL, {NULL, 0, 0}}, *s = &none;
	if (i < m->count && node < m->info[i].nloc && m->info[i].source &&
	    m->info[i].source[node].what)
		s = &m->info[i].source[node];
	if (loc)
		*loc = s->loc;
	return s->what;
}

/* Whether st is a regular file, and its size then (0 otherwise). */
static void regular_size(const struct stat *st, bool *regular, size_t *size)
{
	*regular = S_ISREG(st->st_mode);
	*size = *regular && (uintmax_t)st->st_size < SIZE_MAX ? (size_t)st->st_size : 0;
}

/* How long a FIFO without a writer is waited for, in milliseconds. */
#define FIFO_WAIT_MS 10000

/*
 * Opens path for reading without ever blocking in open(): a FIFO is opened
 * non-blocking and then waited for (FIFO_WAIT_MS) until a writer sends
 * something or closes; the descriptor is blocking again when this returns.
 * *regular says whether it is a regular file, *size its size then.
 */
static int open_input(const char *path, int *fd_out, bool *regular, size_t *size,
		      tc_diag *diag)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return tc__diag(diag, TC_EIO, path, 0, 0, "cannot open file: %s",
				strerror(errno));
	struct stat st;
	if (fstat(fd, &st) != 0) {
		int err = errno;
		close(fd);
		return tc__diag(diag, TC_EIO, path, 0, 0, "cannot open file: %s", strerror(err));
	}
	if (S_ISDIR(st.st_mode)) {
		close(fd);
		return tc__diag(diag, TC_EIO, path, 0, 0, "cannot read file: %s",
				strerror(EISDIR));
	}
	if (S_ISFIFO(st.st_mode)) {
		struct pollfd p = {fd, POLLIN, 0};
		int n;
		do
			n = poll(&p, 1, FIFO_WAIT_MS);
		while (n < 0 && errno == EINTR);
		if (n == 0) {
			close(fd);
			return tc__diag(diag, TC_EIO, path, 0, 0,
					"no writer opened the FIFO within %d s",
					FIFO_WAIT_MS / 1000);
		}
	}
	int flags = fcntl(fd, F_GETFL);
	if (flags >= 0)
		(void)fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
	regular_size(&st, regular, size);
	*fd_out = fd;
	return TC_OK;
}

/*
 * Reads all of path ("-": standard input) into *buf (freed by the caller).
 * The bytes are copied, never mapped: a file that is truncated or rewritten
 * while it is read yields the bytes that were read. What is not a regular
 * file (standard input, a pipe, a FIFO, a device) is read up to
 * TC_STREAM_MAX_BYTES.
 */
static int read_all(const tc_alloc *al, const char *path, char **buf, size_t *len,
		    tc_diag *diag)
{
	*buf = NULL;
	*len = 0;
	bool is_stdin = strcmp(path, "-") == 0, regular = false;
	const char *name = is_stdin ? "<stdin>" : path;
	size_t size = 0;
	int fd = 0, rc;
	struct stat st;
	if (is_stdin) {
		if (fstat(0, &st) == 0)
			regular_size(&st, &regular, &size);
	} else if ((rc = open_input(path, &fd, &regular, &size, diag))) {
		return rc;
	}
	size_t limit = regular ? SIZE_MAX : (size_t)TC_STREAM_MAX_BYTES;
	/* a regular file in one read of its size, and one more to see its end */
	size_t first = regular && size < SIZE_MAX - 1 ? size + 1 : 1 << 16, cap = 0;
	rc = TC_OK;
	for (;;) {
		if (*len == cap) {
			if (cap >= limit) {
				rc = tc__diag(diag, TC_ELIMIT, name, 0, 0,
					      "input larger than %u MiB, the limit for pipes "
					      "and devices (write it to a file)",
					      (unsigned)(TC_STREAM_MAX_BYTES >> 20));
				break;
			}
			size_t ncap = cap ? (cap < limit / 2 ? cap * 2 : limit) : first;
			char *nb = tc__realloc(al, *buf, ncap);
			if (!nb) {
				rc = tc__diag(diag, TC_ENOMEM, name, 0, 0, "out of memory");
				break;
			}
			*buf = nb;
			cap = ncap;
		}
		size_t want = cap - *len;
		ssize_t got = read(fd, *buf + *len, want < (1u << 30) ? want : (1u << 30));
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			rc = tc__diag(diag, TC_EIO, name, 0, 0, "read error: %s", strerror(errno));
			break;
		}
		if (got == 0)
			break;
		*len += (size_t)got;
	}
	if (!is_stdin)
		close(fd);
	return rc;
}

static bool starts_with(const char *p, const char *end, const char *word)
{
	size_t n = strlen(word);
	return (size_t)(end - p) >= n && memcmp(p, word, n) == 0;
}

/*
 * Whether the bytes are LLVM IR. Bitcode has a magic number; text IR opens
 * with a comment (';' cannot start a .cfg line) or one of IR's top-level
 * keywords followed by a blank, which a .cfg edge line ("define -> x") lacks.
 */
static bool is_llvm(const char *path, const char *buf, size_t len)
{
	const unsigned char *u = (const unsigned char *)buf;
	if (len >= 4 && u[0] == 'B' && u[1] == 'C' && u[2] == 0xC0 && u[3] == 0xDE)
		return true;
	if (len >= 4 && u[0] == 0xDE && u[1] == 0xC0 && u[2] == 0x17 && u[3] == 0x0B)
		return true;
	size_t plen = strlen(path);
	if (plen > 3 && strcmp(path + plen - 3, ".ll") == 0)
		return true;
	const char *p = buf, *end = buf + len;
	while (p < end && (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n'))
		p++;
	if (p < end && *p == ';')
		return true;
	static const char *const words[] = {"source_filename ", "source_filename=",
					    "target datalayout", "target triple",
					    "define ", "declare "};
	for (size_t i = 0; i < sizeof words / sizeof *words; i++) {
		if (!starts_with(p, end, words[i]))
			continue;
		const char *q = p + strlen(words[i]);
		while (q < end && (*q == ' ' || *q == '\t'))
			q++;
		return !starts_with(q, end, "->");
	}
	return false;
}

int tc_read_file_ex(tc_module **out, const char *path, const tc_read_options *opt,
		    const tc_allocator *alloc, tc_diag *diag)
{
	tc_alloc al;
	tc__alloc_init(&al, alloc);
	*out = NULL;
	char *buf;
	size_t len;
	int rc = read_all(&al, path, &buf, &len, diag);
	const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	if (rc == TC_OK) {
		if (is_llvm(path, buf, len)) {
			rc = tc_parse_llvm(out, name, buf, len, opt, alloc, diag);
		} else {
			rc = tc_parse_cfg(out, name, buf, len, alloc, diag);
			if (rc == TC_OK && opt && opt->function &&
			    (rc = tc__module_select(*out, opt->function, name, "graph", diag))) {
				tc_module_free(*out);
				*out = NULL;
			}
		}
	}
	tc__free(&al, buf);
	return rc;
}

int tc_read_file(tc_module **out, const char *path, const tc_allocator *alloc,
		 tc_diag *diag)
{
	return tc_read_file_ex(out, path, NULL, alloc, diag);
}

int tc_read_llvm(tc_module **out, const char *path, const tc_read_options *opt,
		 const tc_allocator *alloc, tc_diag *diag)
{
	tc_alloc al;
	tc__alloc_init(&al, alloc);
	*out = NULL;
	char *buf;
	size_t len;
	int rc = read_all(&al, path, &buf, &len, diag);
	if (rc == TC_OK)
		rc = tc_parse_llvm(out, strcmp(path, "-") == 0 ? "<stdin>" : path, buf, len, opt,
				   alloc, diag);
	tc__free(&al, buf);
	return rc;
}
