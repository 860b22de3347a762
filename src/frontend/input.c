/* input.c - reading an input file or standard input, and which front end reads it. */
#include "frontend/input.h"
#include "graph/module.h"
#include "util/diag.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

static bool ends_with(const char *path, const char *ext)
{
	size_t n = strlen(path), e = strlen(ext);
	return n > e && strcmp(path + n - e, ext) == 0;
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
	if (ends_with(path, ".ll"))
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

/* Whether the bytes are PTX: a name ending in .ptx, or text whose first
 * token, past blanks and comments, is the .version directive. */
static bool is_ptx(const char *path, const char *buf, size_t len)
{
	if (ends_with(path, ".ptx"))
		return true;
	const char *p = buf, *end = buf + len;
	while (p < end) {
		if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') {
			p++;
		} else if (starts_with(p, end, "//")) {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			p = nl ? nl : end;
		} else if (starts_with(p, end, "/*")) {
			const char *q = p + 2;
			while (q + 1 < end && !(q[0] == '*' && q[1] == '/'))
				q++;
			p = q + 2 <= end ? q + 2 : end;
		} else {
			return starts_with(p, end, ".version") &&
			       (p + 8 == end || p[8] == ' ' || p[8] == '\t');
		}
	}
	return false;
}

/* Whether the bytes are SPIR-V: the magic number (either byte order), a
 * name ending in .spv or .spvasm, or text whose first token past blanks and
 * ';' comments is OpCapability (with which every module begins). */
static bool is_spirv(const char *path, const char *buf, size_t len)
{
	const unsigned char *u = (const unsigned char *)buf;
	if (len >= 4 && ((u[0] == 0x03 && u[1] == 0x02 && u[2] == 0x23 && u[3] == 0x07) ||
			 (u[0] == 0x07 && u[1] == 0x23 && u[2] == 0x02 && u[3] == 0x03)))
		return true;
	if (ends_with(path, ".spv") || ends_with(path, ".spvasm"))
		return true;
	const char *p = buf, *end = buf + len;
	while (p < end) {
		if (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') {
			p++;
		} else if (*p == ';') {
			const char *nl = memchr(p, '\n', (size_t)(end - p));
			p = nl ? nl : end;
		} else {
			return starts_with(p, end, "OpCapability") &&
			       (p + 12 == end || p[12] == ' ' || p[12] == '\t');
		}
	}
	return false;
}

/* The bytes parsed as IR when llvm is set or they say so, as SPIR-V or
 * PTX when they say so, as .cfg otherwise; name in messages. */
static int parse_any(tc_module **out, const char *name, const char *buf, size_t len, bool llvm,
		     const tc_read_options *opt, const tc_allocator *alloc, tc_diag *diag)
{
	if (!llvm && is_spirv(name, buf, len))
		return tc_parse_spirv(out, name, buf, len, opt, alloc, diag);
	if (llvm || is_llvm(name, buf, len))
		return tc_parse_llvm(out, name, buf, len, opt, alloc, diag);
	if (is_ptx(name, buf, len))
		return tc_parse_ptx(out, name, buf, len, opt, alloc, diag);
	int rc = tc_parse_cfg(out, name, buf, len, alloc, diag);
	if (rc == TC_OK && opt && opt->function &&
	    (rc = tc__module_select(*out, opt->function, name, "graph", diag))) {
		tc_module_free(*out);
		*out = NULL;
	}
	return rc;
}

/* Reads path and parses it (parse_any). */
static int read_input(tc_module **out, const char *path, bool llvm, const tc_read_options *opt,
		      const tc_allocator *alloc, tc_diag *diag)
{
	tc_alloc al;
	tc__alloc_init(&al, alloc);
	*out = NULL;
	if (opt && tc__options_version(opt->version, TC_READ_OPTIONS_VERSION, "tc_read_options",
				       path, diag))
		return TC_EINVAL;
	char *buf;
	size_t len;
	int rc = read_all(&al, path, &buf, &len, diag);
	const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
	if (rc == TC_OK)
		rc = parse_any(out, name, buf, len, llvm, opt, alloc, diag);
	tc__free(&al, buf);
	return rc;
}

int tc_read_file_ex(tc_module **out, const char *path, const tc_read_options *opt,
		    const tc_allocator *alloc, tc_diag *diag)
{
	return read_input(out, path, false, opt, alloc, diag);
}

int tc_read_file(tc_module **out, const char *path, const tc_allocator *alloc,
		 tc_diag *diag)
{
	return read_input(out, path, false, NULL, alloc, diag);
}

int tc_read_llvm(tc_module **out, const char *path, const tc_read_options *opt,
		 const tc_allocator *alloc, tc_diag *diag)
{
	return read_input(out, path, true, opt, alloc, diag);
}

int tc__read_compiled(tc_module **out, const char *path, const char *name,
		      const tc_read_options *opt, const tc_allocator *alloc, tc_diag *diag)
{
	*out = NULL;
	if (access(path, F_OK) != 0)
		return tc__diag(diag, TC_EIO, name, 0, 0, "the compiler's output is missing");
	tc_alloc al;
	tc__alloc_init(&al, alloc);
	char *buf;
	size_t len;
	int rc = read_all(&al, path, &buf, &len, diag);
	if (rc == TC_OK) {
		/* what the compiler was asked to make: its name says */
		if (ends_with(path, ".ptx"))
			rc = tc_parse_ptx(out, name, buf, len, opt, alloc, diag);
		else if (ends_with(path, ".spv"))
			rc = tc_parse_spirv(out, name, buf, len, opt, alloc, diag);
		else
			rc = tc_parse_llvm(out, name, buf, len, opt, alloc, diag);
	}
	tc__free(&al, buf);
	return rc;
}
