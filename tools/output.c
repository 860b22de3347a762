/* output.c - the finished output, put in place at once (output.h). */
/* realpath() */
#define _XOPEN_SOURCE 700
#include "output.h"
#include "isolate.h"
#include "msg.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

typedef struct bytes {
	const char *buf;
	size_t len;
} bytes;

static int write_bytes(FILE *out, const void *ctx, tc_diag *diag)
{
	const bytes *b = ctx;
	(void)diag;
	fwrite(b->buf, 1, b->len, out); /* a short write shows in ferror */
	return TC_OK;
}

int cli_write_output(const char *path, const char *buf, size_t len)
{
	return cli_render_output(path, write_bytes, &(bytes){buf, len});
}

/* The file a compiler made from source (SPIR-V, PTX or bitcode, as its
 * name says: source.c names it), read under the source's name. */
/* The inputs of the command (cli_output_inputs), and one
 * it read itself (cli_also_input): an -o file that is one of them is
 * refused (cli_render_output). */
static const char *const *read_paths;
static size_t read_count;
static const char *also_read;

void cli_also_input(const char *path)
{
	also_read = path;
}

void cli_output_inputs(const char *const *paths, size_t count)
{
	read_paths = paths;
	read_count = count;
}

/*
 * The temporary file of an -o report in progress: removed when a signal that
 * ends the process arrives, so that an interrupted run leaves nothing behind.
 */
static char pending_tmp[4096];
static volatile sig_atomic_t pending_set;

static void drop_pending(int sig)
{
	if (pending_set)
		unlink(pending_tmp);
	signal(sig, SIG_DFL);
	raise(sig);
}

static void watch_pending(const char *tmp)
{
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
	snprintf(pending_tmp, sizeof pending_tmp, "%s", tmp);
	pending_set = 1;
	for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
		struct sigaction sa;
		memset(&sa, 0, sizeof sa);
		sa.sa_handler = drop_pending;
		sigemptyset(&sa.sa_mask);
		sigaction(sigs[i], &sa, NULL);
	}
}

static void unwatch_pending(void)
{
	pending_set = 0;
}

/* Renders into f; 0, or an error already reported. */
static int render_into(FILE *f, const char *shown, cli_render_fn render, const void *ctx)
{
	tc_diag d;
	cli_watch_phase(CLI_PHASE_WRITE, NULL, 0);
	int rc = render(f, ctx, &d);
	cli_watch_phase(CLI_PHASE_OTHER, NULL, 0);
	int failed = ferror(f) != 0;
	failed |= fflush(f) != 0;
	int err = errno;
	if (rc) {
		cli_error("%s", d.message);
		return CLI_EXIT_ERROR;
	}
	if (failed) {
		cli_error("cannot write '%s': %s", shown, strerror(err ? err : errno));
		return CLI_EXIT_ERROR;
	}
	return CLI_EXIT_OK;
}

/*
 * -o FILE is written to a temporary file beside FILE (beside the file a
 * symbolic link names) and renamed over it only once the whole report is
 * written and flushed to the disk: on any failure FILE stays as it was. A
 * new FILE gets the mode a plain create would give it, an existing one keeps
 * its mode. A target that is not a regular file (a device, a FIFO) is
 * written in place.
 */
/* The input that the regular file st is (the same file through any name,
 * symbolic or hard link: device and inode), or NULL. */
static const char *input_at(const struct stat *st)
{
	for (size_t i = 0; S_ISREG(st->st_mode) && i <= read_count; i++) {
		const char *path = i < read_count ? read_paths[i] : also_read;
		struct stat in;
		int ok = !path                   ? 0
			 : strcmp(path, "-") == 0 ? fstat(STDIN_FILENO, &in) == 0
						  : stat(path, &in) == 0;
		if (ok && in.st_dev == st->st_dev && in.st_ino == st->st_ino)
			return path;
	}
	return NULL;
}

bool cli_same_output(const char *a, const char *b)
{
	a = a ? a : "-";
	b = b ? b : "-";
	if (strcmp(a, b) == 0)
		return true;
	struct stat sa, sb;
	return strcmp(a, "-") != 0 && strcmp(b, "-") != 0 && stat(a, &sa) == 0 &&
	       stat(b, &sb) == 0 && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

int cli_render_output(const char *path, cli_render_fn render, const void *ctx)
{
	if (!path || strcmp(path, "-") == 0)
		return render_into(stdout, "<stdout>", render, ctx);
	struct stat st;
	int exists = stat(path, &st) == 0;
	const char *input = exists ? input_at(&st) : NULL;
	if (input) {
		/* as cp a a: the report (or check's baseline) never replaces
		 * what it reports on */
		if (strcmp(input, path) == 0)
			cli_error("'%s' is an input: it is not written over", path);
		else
			cli_error("'%s' is the input '%s': it is not written over", path,
				  cli_input_name(input));
		return CLI_EXIT_ERROR;
	}
	if (exists && !S_ISREG(st.st_mode)) {
		if (S_ISDIR(st.st_mode)) {
			cli_error("cannot open '%s' for writing: %s", path, strerror(EISDIR));
			return CLI_EXIT_ERROR;
		}
		FILE *f = fopen(path, "wb");
		if (!f) {
			cli_error("cannot open '%s' for writing: %s", path, strerror(errno));
			return CLI_EXIT_ERROR;
		}
		int status = render_into(f, path, render, ctx);
		if (fclose(f) != 0 && status == CLI_EXIT_OK) {
			cli_error("cannot write '%s': %s", path, strerror(errno));
			status = CLI_EXIT_ERROR;
		}
		return status;
	}
	char *target = NULL;
	struct stat lst;
	if (exists && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode))
		target = realpath(path, NULL);
	const char *dest = target ? target : path;
	size_t len = strlen(dest);
	char *tmp = malloc(len + 16);
	if (!tmp) {
		free(target);
		cli_error("out of memory");
		return CLI_EXIT_ERROR;
	}
	/* "DIR/.NAME.XXXXXX": hidden, in the same file system as the target */
	const char *slash = strrchr(dest, '/');
	size_t dirlen = slash ? (size_t)(slash - dest) + 1 : 0;
	snprintf(tmp, len + 16, "%.*s.%s.XXXXXX", (int)dirlen, dest, dest + dirlen);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		cli_error("cannot open '%s' for writing: %s", path, strerror(errno));
		free(tmp);
		free(target);
		return CLI_EXIT_ERROR;
	}
	watch_pending(tmp);
	/* past a file size limit, a write fails (EFBIG) instead of killing us */
	signal(SIGXFSZ, SIG_IGN);
	mode_t mode;
	if (exists) {
		mode = st.st_mode & 07777;
	} else {
		mode_t mask = umask(0);
		umask(mask);
		mode = 0666 & ~mask;
	}
	(void)fchmod(fd, mode);
	FILE *f = fdopen(fd, "wb");
	int status;
	if (!f) {
		cli_error("cannot write '%s': %s", path, strerror(errno));
		close(fd);
		status = CLI_EXIT_ERROR;
	} else {
		status = render_into(f, path, render, ctx);
		if (status == CLI_EXIT_OK && fsync(fileno(f)) != 0 && errno != EINVAL) {
			cli_error("cannot write '%s': %s", path, strerror(errno));
			status = CLI_EXIT_ERROR;
		}
		if (fclose(f) != 0 && status == CLI_EXIT_OK) {
			cli_error("cannot write '%s': %s", path, strerror(errno));
			status = CLI_EXIT_ERROR;
		}
	}
	if (status == CLI_EXIT_OK && rename(tmp, dest) != 0) {
		cli_error("cannot replace '%s': %s", path, strerror(errno));
		status = CLI_EXIT_ERROR;
	}
	if (status != CLI_EXIT_OK)
		unlink(tmp);
	unwatch_pending();
	free(tmp);
	free(target);
	return status;
}

