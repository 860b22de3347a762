/* cli.c - option parsing, error messages and output for the commands. */
/* realpath() */
#define _XOPEN_SOURCE 700
#include "cli.h"
#include "util/clock.h"
#include "source.h"

#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void cli_args_init(cli_args *it, int argc, char **argv)
{
	it->argc = argc;
	it->argv = argv;
	it->next = 1;
	it->operands_only = 0;
}

static const cli_option *find_long(const cli_option *opts, const char *name, size_t len)
{
	for (; opts->name; opts++)
		if (opts->name[0] != '-' && strlen(opts->name) == len &&
		    memcmp(opts->name, name, len) == 0)
			return opts;
	return NULL;
}

/* An option spelt with one dash, as compilers spell theirs
 * (-fno-caret-diagnostics): its name is "-" and the rest, and it takes no
 * value. */
static const cli_option *find_single_dash(const cli_option *opts, const char *arg)
{
	for (; opts->name; opts++)
		if (opts->name[0] == '-' && strcmp(opts->name + 1, arg + 1) == 0)
			return opts;
	return NULL;
}

static const cli_option *find_short(const cli_option *opts, char c)
{
	for (; opts->name; opts++)
		if (opts->short_name && opts->short_name == c)
			return opts;
	return NULL;
}

int cli_next_option(cli_args *it, const cli_option *opts, const char **value)
{
	*value = NULL;
	if (it->next >= it->argc)
		return CLI_END;
	char *arg = it->argv[it->next++];
	if (it->operands_only || arg[0] != '-' || arg[1] == '\0') {
		*value = arg;
		return CLI_OPERAND;
	}
	if (strcmp(arg, "--") == 0) {
		it->operands_only = 1;
		return cli_next_option(it, opts, value);
	}
	const cli_option *o;
	const char *inline_value = NULL;
	if (arg[1] == '-') {
		const char *eq = strchr(arg + 2, '=');
		size_t len = eq ? (size_t)(eq - arg - 2) : strlen(arg + 2);
		if (!(o = find_long(opts, arg + 2, len))) {
			cli_error("unknown option '%.*s'", (int)(len + 2), arg);
			return CLI_BAD;
		}
		if (eq && !o->takes_value) {
			cli_error("option '--%s' takes no value", o->name);
			return CLI_BAD;
		}
		inline_value = eq ? eq + 1 : NULL;
	} else if ((o = find_single_dash(opts, arg))) {
		return o->id;
	} else {
		if (!(o = find_short(opts, arg[1])) || (!o->takes_value && arg[2])) {
			cli_error("unknown option '%s'", arg);
			return CLI_BAD;
		}
		inline_value = arg[2] ? arg + 2 : NULL;
	}
	if (o->takes_value == CLI_VALUE_ATTACHED) {
		*value = inline_value; /* NULL: none */
	} else if (o->takes_value) {
		if (!inline_value && it->next >= it->argc) {
			cli_error("option '--%s' needs a value", o->name);
			return CLI_BAD;
		}
		*value = inline_value ? inline_value : it->argv[it->next++];
	}
	return o->id;
}

void cli_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	FILE *out = cli_msg();
	fputs("threadconv: error: ", out);
	vfprintf(out, fmt, ap);
	fputc('\n', out);
	va_end(ap);
}

int cli_exact_work(tc_solve_options *opt, const char *value)
{
	char *end;
	errno = 0;
	unsigned long k = strtoul(value, &end, 10);
	if (end == value || *end || errno || value[0] == '-' || k > UINT32_MAX) {
		cli_error("--exact-work wants a whole number of times the graph's size, not '%s'",
			  value);
		return CLI_EXIT_ERROR;
	}
	opt->exact_work_limit = k == 0 ? UINT64_MAX : 0;
	opt->exact_work_factor = (uint32_t)k;
	return CLI_EXIT_OK;
}

void cli_note_bounded(const char *input, const tc_graph *g, const tc_result *r)
{
	uint32_t n = tc_result_stats(r).fallback_sources;
	if (n)
		fprintf(cli_msg(),
			"threadconv: note: %s: graph %s: exact bounded its work; the segments of "
			"%u sync node%s carry path's answer (sound, may be weaker; "
			"--exact-work 0 lifts the bound)\n",
			input, tc_graph_name(g), (unsigned)n, n == 1 ? "" : "s");
}

void cli_graph_error(const char *input, const tc_graph *g, const char *message)
{
	fprintf(cli_msg(), "%s: error: graph '%s': %s\n", input, tc_graph_name(g), message);
}

const char *cli_input_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

void cli_diag(const tc_diag *d, const char *fallback_file)
{
	const char *file = d->file[0] ? d->file : fallback_file;
	if (!file || !*file) {
		cli_error("%s", d->message);
		return;
	}
	file = cli_input_name(file);
	FILE *out = cli_msg();
	if (d->line && d->col)
		fprintf(out, "%s:%u:%u: error: %s\n", file, (unsigned)d->line, (unsigned)d->col,
			d->message);
	else if (d->line)
		fprintf(out, "%s:%u: error: %s\n", file, (unsigned)d->line, d->message);
	else
		fprintf(out, "%s: error: %s\n", file, d->message);
}

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
static int read_compiled(tc_module **out, const char *source, const char *file,
			 const tc_read_options *opt, tc_diag *d)
{
	FILE *f = fopen(file, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0, k;
	int rc = TC_OK;
	if (!f) {
		snprintf(d->file, sizeof d->file, "%s", source);
		snprintf(d->message, sizeof d->message, "the compiler's output is missing");
		d->line = d->col = 0;
		return TC_EIO;
	}
	do {
		if (len == cap) {
			char *nb = realloc(buf, cap = cap ? cap * 2 : 1 << 16);
			if (!nb) {
				rc = TC_ENOMEM;
				break;
			}
			buf = nb;
		}
	} while ((k = fread(buf + len, 1, cap - len, f)) > 0 && (len += k, 1));
	fclose(f);
	if (rc == TC_OK) {
		/* what the compiler was asked to make: its name says */
		size_t n = strlen(file);
		if (n > 4 && strcmp(file + n - 4, ".ptx") == 0)
			rc = tc_parse_ptx(out, source, buf, len, opt, NULL, d);
		else if (n > 4 && strcmp(file + n - 4, ".spv") == 0)
			rc = tc_parse_spirv(out, source, buf, len, opt, NULL, d);
		else
			rc = tc_parse_llvm(out, source, buf, len, opt, NULL, d);
	}
	free(buf);
	return rc;
}

typedef struct read_ctx {
	cli_inputs *in;
	const char **paths;
	char *const *compiled;
	const tc_read_options *opt;
	int announce;
	char *failed; /* per input */
} read_ctx;

/* Input i read (a task of cli_parallel). */
static void read_one(void *ctx, size_t i)
{
	read_ctx *c = ctx;
	cli_inputs *in = c->in;
	const char *path = c->paths[i];
	FILE *msg = cli_msg();
	const char *not_compiled = c->compiled ? cli_compile_failure(i) : NULL;
	if (not_compiled) { /* said when it failed */
		in->errors[i] = strdup(not_compiled);
		c->failed[i] = 1;
		return;
	}
	if (!c->compiled && cli_source_lang(path) != CLI_LANG_NONE) {
		fprintf(msg,
			"%s: error: a %s source: analyze reads IR, PTX, SPIR-V and .cfg "
			"files; compile it first, or run threadconv check on it "
			"(docs/source.md)\n",
			path, cli_lang_name(cli_source_lang(path)));
		c->failed[i] = 1;
		return;
	}
	double limit;
	const char *stopped;
	if (cli_watch_gave_up(&limit, &stopped)) {
		/* an earlier attempt was stopped reading it (isolate.c) */
		char text[512];
		if (limit > 0)
			snprintf(text, sizeof text,
				 "reading this input did not finish within %g s (--timeout)", limit);
		else
			snprintf(text, sizeof text, "%s", stopped);
		fprintf(msg, "%s: error: %s\n", cli_input_name(path), text);
		in->errors[i] = strdup(text);
		c->failed[i] = 1;
		return;
	}
	tc_diag d;
	struct stat st;
	in->bytes[i] = strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode)
			       ? (long long)st.st_size
			       : -1;
	/* reading takes about a second per 100 MB: say what is going on (on
	 * a terminal, one job: a line that is then wiped) */
	int say = c->announce && in->bytes[i] > (100ll << 20);
	if (say) {
		fprintf(stderr, "\rthreadconv: %s: reading %lld MB\033[K", path, in->bytes[i] >> 20);
		fflush(stderr);
	}
	double t0 = tc__now();
	cli_watch_phase(CLI_PHASE_READ, path, in->bytes[i]);
	int rc = c->compiled && c->compiled[i]
			 ? read_compiled(&in->modules[i], path, c->compiled[i], c->opt, &d)
			 : tc_read_file_ex(&in->modules[i], path, c->opt, NULL, &d);
	cli_watch_phase(CLI_PHASE_OTHER, NULL, 0);
	in->parse_s[i] = tc__now() - t0;
	if (say)
		fputs("\r\033[K", stderr);
	if (rc) {
		cli_diag(&d, path);
		in->errors[i] = strdup(d.message);
		in->error_line[i] = d.line;
		in->error_col[i] = d.col;
		c->failed[i] = 1;
		return;
	}
	for (size_t k = 0; k < tc_module_warning_count(in->modules[i]); k++)
		fprintf(msg, "%s: warning: %s\n", cli_input_name(path),
			tc_module_warning(in->modules[i], k));
}

/* The inputs of the command, as cli_read_compiled last read them, and one
 * it read itself (cli_also_input): an -o file that is one of them is
 * refused (cli_render_output). */
static const char *const *read_paths;
static size_t read_count;
static const char *also_read;

void cli_also_input(const char *path)
{
	also_read = path;
}

int cli_read_compiled(cli_inputs *in, const char **paths, char *const *compiled,
		      size_t count, const tc_read_options *opt, int announce, int jobs)
{
	memset(in, 0, sizeof *in);
	read_paths = paths;
	read_count = count;
	in->modules = calloc(count ? count : 1, sizeof *in->modules);
	in->parse_s = calloc(count ? count : 1, sizeof *in->parse_s);
	in->bytes = calloc(count ? count : 1, sizeof *in->bytes);
	in->errors = calloc(count ? count : 1, sizeof *in->errors);
	in->error_line = calloc(count ? count : 1, sizeof *in->error_line);
	in->error_col = calloc(count ? count : 1, sizeof *in->error_col);
	char *failed = calloc(count ? count : 1, 1);
	if (!in->modules || !in->parse_s || !in->bytes || !in->errors || !in->error_line ||
	    !in->error_col || !failed) {
		free(failed);
		cli_error("out of memory");
		return CLI_EXIT_ERROR;
	}
	in->count = count;
	size_t stdin_named = 0;
	for (size_t i = 0; i < count; i++)
		stdin_named += strcmp(paths[i], "-") == 0;
	if (stdin_named > 1) {
		free(failed);
		cli_error("standard input ('-') is named %zu times; it can be read only once",
			  stdin_named);
		return CLI_EXIT_ERROR;
	}
	read_ctx c = {in, paths, compiled, opt, announce && cli_workers(count, jobs) == 1, failed};
	int status = cli_parallel(count, jobs, read_one, &c);
	for (size_t i = 0; i < count; i++) {
		if (failed[i]) {
			in->nfailed++;
			if (!in->errors[i] && !(in->errors[i] = strdup("could not be read")))
				status = CLI_EXIT_ERROR;
		} else if (in->modules[i]) {
			in->ngraphs += tc_module_graph_count(in->modules[i]);
		}
	}
	free(failed);
	return status;
}

void cli_inputs_free(cli_inputs *in)
{
	for (size_t i = 0; in->modules && i < in->count; i++)
		tc_module_free(in->modules[i]);
	free(in->modules);
	for (size_t i = 0; in->errors && i < in->count; i++)
		free(in->errors[i]);
	free(in->errors);
	free(in->error_line);
	free(in->error_col);
	free(in->parse_s);
	free(in->bytes);
	memset(in, 0, sizeof *in);
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

void cli_print_read_stats(const cli_inputs *in, const char **paths)
{
	for (size_t i = 0; i < in->count; i++) {
		double ms = in->parse_s[i] * 1e3;
		fprintf(stderr, "threadconv: stats: %s: parse %.3f ms", cli_input_name(paths[i]), ms);
		if (in->bytes[i] >= 0)
			fprintf(stderr, ", %lld bytes, %.1f MB/s", in->bytes[i],
				in->parse_s[i] > 0 ? (double)in->bytes[i] / 1e6 / in->parse_s[i]
						   : 0.0);
		tc_read_stats st = in->modules[i] ? tc_module_read_stats(in->modules[i])
						  : (tc_read_stats){0, {{NULL, 0}}};
		for (uint32_t k = 0; k < st.nphases; k++)
			fprintf(stderr, "%s %s %.3f ms", k ? "," : ":", st.phase[k].name,
				st.phase[k].seconds * 1e3);
		fputc('\n', stderr);
	}
}

void cli_print_graph_stats(const char *input, const tc_graph *g, const tc_result *r)
{
	tc_solve_stats st = tc_result_stats(r);
	uint32_t n = tc_graph_node_count(g), m = tc_graph_edge_count(g);
	fprintf(stderr, "threadconv: stats: %s: graph %s: %u node%s, %u edge%s:", input,
		tc_graph_name(g), (unsigned)n, n == 1 ? "" : "s", (unsigned)m, m == 1 ? "" : "s");
	for (uint32_t k = 0; k < st.nphases; k++)
		fprintf(stderr, " %s %.3f ms,", st.phase[k].name, st.phase[k].seconds * 1e3);
	fprintf(stderr, " total %.3f ms, %u round%s\n", st.total_s * 1e3, (unsigned)st.rounds,
		st.rounds == 1 ? "" : "s");
}

/* ---- collectives ------------------------------------------------------------ */

int cli_block_size(tc_read_options *read, const char *value)
{
	uint32_t size[3] = {1, 1, 1};
	const char *p = value;
	for (int d = 0; d < 3; d++) {
		char *end;
		errno = 0;
		unsigned long v = strtoul(p, &end, 10);
		if (end == p || *p == '-' || *p == '+' || errno || v == 0 || v > 1048576 ||
		    (*end && *end != ',') || (*end == ',' && d == 2)) {
			cli_error("bad --block-size '%s' (expected X[,Y[,Z]], each from 1 to 1048576)",
				  value);
			return -1;
		}
		size[d] = (uint32_t)v;
		if (!*end)
			break;
		p = end + 1;
	}
	memcpy(read->block_size, size, sizeof size);
	return 0;
}

const char cli_read_help[] =
"    --trust-bra-uni\n"
"        PTX: take a predicated bra.uni to go the same way in all threads\n"
"        of the block. PTX promises that only for the threads of a warp,\n"
"        so by default its predicate is analysed like any other.\n"
"    --validate\n"
"        SPIR-V: also check the module with SPIRV-Tools' validator, every\n"
"        rule of SPIR-V at its version, and reject it when it breaks one.\n"
"        By default only what the reader relies on is checked, and the\n"
"        rules of block order and merge instructions that compilers break\n"
"        are a warning. The validator's time grows faster than the\n"
"        module: about 8 times the rest of the reading at 10^5 blocks.\n"
"    --no-validate\n"
"        SPIR-V: check nothing before reading the module (for modules a\n"
"        compiler validated). An invalid module then gives graphs that may\n"
"        be wrong. Of --validate and --no-validate, the last one counts.\n";

bool cli_read_option(tc_read_options *read, int id)
{
	switch (id) {
	case CLI_OPT_TRUST_BRA_UNI:
		read->flags |= TC_READ_TRUST_BRA_UNI;
		return true;
	case CLI_OPT_VALIDATE: /* the last of the two counts */
		read->flags = (read->flags & ~TC_READ_SPIRV_NO_VALIDATE) | TC_READ_SPIRV_VALIDATE;
		return true;
	case CLI_OPT_NO_VALIDATE:
		read->flags = (read->flags & ~TC_READ_SPIRV_VALIDATE) | TC_READ_SPIRV_NO_VALIDATE;
		return true;
	default:
		return false;
	}
}
