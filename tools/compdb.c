/*
 * compdb.c - a compilation database (compile_commands.json, as CMake,
 * Bear and Meson write it): the flags of a file's own command that the
 * analysis keeps (docs/source.md, "Compilation databases").
 *
 * Kept: include paths (-I, -isystem, -iquote, -idirafter, nvcc's
 * --include-path), made absolute against the entry's directory; macros
 * (-D, -U, nvcc's --define-macro); forced includes (-include); the
 * language standard (-std); the CUDA installation (--cuda-path); and the
 * device (--cuda-gpu-arch, --offload-arch, nvcc's -arch, --gpu-architecture,
 * -gencode/--generate-code code=sm_XX). Everything else (output, the
 * optimisation level, warnings, host flags) is the analysis's to choose.
 */
#define _DEFAULT_SOURCE /* realpath */
#include "compdb.h"
#include "msg.h"
#include "isolate.h"

#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <limits.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* How long a database that is a FIFO without a writer is waited for, in
 * milliseconds: as long as an input FIFO (src/frontend/input.c). */
#define FIFO_WAIT_MS 10000

typedef struct entry {
	char *real;      /* the file's real path; NULL when it does not exist */
	char *dir;       /* its directory, relative ones joined to the database's */
	json_t *command; /* the entry (borrowed from root) */
} entry;

static struct db {
	char *path;
	json_t *root;
	entry *entries;
	size_t count;
} db;

void cli_compdb_free(void)
{
	for (size_t i = 0; i < db.count; i++) {
		free(db.entries[i].real);
		free(db.entries[i].dir);
	}
	free(db.entries);
	json_decref(db.root);
	free(db.path);
	memset(&db, 0, sizeof db);
}

char *cli_join_path(const char *dir, const char *file)
{
	if (file[0] == '/' || !dir || !*dir)
		return strdup(file);
	size_t a = strlen(dir), b = strlen(file);
	char *s = malloc(a + b + 2);
	if (s) {
		memcpy(s, dir, a);
		s[a] = '/';
		memcpy(s + a + 1, file, b + 1);
	}
	return s;
}

static const char *str_field(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);
	return json_is_string(v) ? json_string_value(v) : NULL;
}

/*
 * Opens the database without blocking in open(), as the inputs are opened:
 * a FIFO is waited for FIFO_WAIT_MS until a writer sends something or
 * closes, or until a signal stops the run (cli_stop_signal). The
 * descriptor (blocking again), or -1 with a message printed (none after a
 * signal).
 */
static int open_db(const char *path)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0) {
		fprintf(stderr, "%s: error: cannot open file: %s\n", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		fprintf(stderr, "%s: error: cannot read file: %s\n", path, strerror(EISDIR));
		close(fd);
		return -1;
	}
	if (S_ISFIFO(st.st_mode)) {
		struct pollfd p = {fd, POLLIN, 0};
		int n;
		do
			n = poll(&p, 1, FIFO_WAIT_MS);
		while (n < 0 && errno == EINTR && !cli_stop_signal());
		if (n < 0 && cli_stop_signal()) {
			close(fd); /* SIGINT, SIGTERM or SIGHUP: the run stops */
			return -1;
		}
		if (n == 0) {
			fprintf(stderr, "%s: error: no writer opened the FIFO within %d s\n", path,
				FIFO_WAIT_MS / 1000);
			close(fd);
			return -1;
		}
	}
	int flags = fcntl(fd, F_GETFL);
	if (flags >= 0)
		(void)fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
	return fd;
}

/* path's folder, malloc'd: "" for a name without one (the current folder) */
static char *folder_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) + (slash == path) : 0;
	char *s = malloc(n + 1);
	if (s) {
		memcpy(s, path, n);
		s[n] = '\0';
	}
	return s;
}

/* Loads the database once; 0, or -1 with a message printed. */
static int load(const char *path)
{
	if (db.path && strcmp(db.path, path) == 0)
		return 0;
	cli_compdb_free();
	json_error_t err;
	int fd = open_db(path);
	if (fd < 0)
		return -1;
	json_t *root = json_loadfd(fd, 0, &err);
	close(fd);
	if (!root) {
		if (err.line > 0)
			fprintf(stderr, "%s:%d:%d: error: %s\n", path, err.line, err.column,
				err.text);
		else
			fprintf(stderr, "%s: error: %s\n", path, err.text);
		return -1;
	}
	if (!json_is_array(root)) {
		fprintf(stderr, "%s:1:1: error: a compilation database is a JSON array of "
				"{directory, file, command or arguments}\n",
			path);
		json_decref(root);
		return -1;
	}
	size_t n = json_array_size(root);
	db.entries = calloc(n ? n : 1, sizeof *db.entries);
	db.path = strdup(path);
	db.root = root;
	char *folder = folder_of(path);
	if (!db.entries || !db.path || !folder) {
		free(folder);
		cli_error("out of memory");
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		json_t *o = json_array_get(root, i);
		const char *dir = str_field(o, "directory"), *file = str_field(o, "file");
		if (!json_is_object(o) || !dir || !file ||
		    (!json_is_string(json_object_get(o, "command")) &&
		     !json_is_array(json_object_get(o, "arguments")))) {
			fprintf(stderr,
				"%s: error: entry %zu has no directory, file and command or "
				"arguments\n",
				path, i + 1);
			free(folder);
			return -1;
		}
		/* a relative directory is the database's folder's, wherever
		 * threadconv runs */
		char *full_dir = cli_join_path(folder, dir);
		char *full = full_dir ? cli_join_path(full_dir, file) : NULL;
		if (!full) {
			free(full_dir);
			free(folder);
			cli_error("out of memory");
			return -1;
		}
		db.entries[db.count].real = realpath(full, NULL);
		db.entries[db.count].dir = full_dir;
		db.entries[db.count++].command = o;
		free(full);
	}
	free(folder);
	return 0;
}

/* ---- the command's words --------------------------------------------------- */

typedef struct words {
	char **v;
	int n, cap;
} words;

static int push(words *w, char *s)
{
	if (!s)
		return -1;
	if (w->n + 1 >= w->cap) {
		int cap = w->cap ? w->cap * 2 : 16;
		char **v = realloc(w->v, (size_t)cap * sizeof *v);
		if (!v) {
			free(s);
			return -1;
		}
		w->v = v;
		w->cap = cap;
	}
	w->v[w->n++] = s;
	w->v[w->n] = NULL;
	return 0;
}

static void words_free(words *w)
{
	for (int i = 0; i < w->n; i++)
		free(w->v[i]);
	free(w->v);
	memset(w, 0, sizeof *w);
}

/* A "command" string split as a POSIX shell splits words: blanks apart,
 * '...' literal, "..." with \ before " \ $ `, a \ elsewhere escaping the
 * next character. 0, or -1 (out of memory, or an open quote: *bad set). */
static int split_command(const char *s, words *out, int *bad)
{
	size_t len = strlen(s);
	char *cur = malloc(len + 1);
	if (!cur)
		return -1;
	size_t k = 0;
	int in_word = 0;
	*bad = 0;
	for (const char *p = s;; p++) {
		char c = *p;
		if (c == '\0' || c == ' ' || c == '\t' || c == '\n') {
			if (in_word) {
				cur[k] = '\0';
				if (push(out, strdup(cur))) {
					free(cur);
					return -1;
				}
				k = 0;
				in_word = 0;
			}
			if (c == '\0')
				break;
			continue;
		}
		in_word = 1;
		if (c == '\\' && p[1]) {
			cur[k++] = *++p;
		} else if (c == '\'') {
			const char *q = strchr(p + 1, '\'');
			if (!q) {
				*bad = 1;
				free(cur);
				return -1;
			}
			memcpy(cur + k, p + 1, (size_t)(q - p - 1));
			k += (size_t)(q - p - 1);
			p = q;
		} else if (c == '"') {
			for (p++; *p && *p != '"'; p++) {
				if (*p == '\\' && (p[1] == '"' || p[1] == '\\' || p[1] == '$' ||
						   p[1] == '`'))
					p++;
				cur[k++] = *p;
			}
			if (!*p) {
				*bad = 1;
				free(cur);
				return -1;
			}
		} else {
			cur[k++] = c;
		}
	}
	free(cur);
	return 0;
}

/* ---- the flags kept ------------------------------------------------------- */

/* "-I" + the path made absolute against dir */
static char *with_path(const char *flag, const char *dir, const char *path)
{
	char *full = cli_join_path(dir, path);
	if (!full)
		return NULL;
	size_t a = strlen(flag), b = strlen(full);
	char *s = malloc(a + b + 1);
	if (s) {
		memcpy(s, flag, a);
		memcpy(s + a, full, b + 1);
	}
	free(full);
	return s;
}

static char *concat(const char *a, const char *b)
{
	size_t x = strlen(a), y = strlen(b);
	char *s = malloc(x + y + 1);
	if (s) {
		memcpy(s, a, x);
		memcpy(s + x, b, y + 1);
	}
	return s;
}

/* The value of option name at words[*i]: "-Ifoo" (joined, when joined is
 * set), "--name=foo", or "-I foo" (the next word); NULL when words[*i] is
 * not it. */
static const char *value_of(char **w, int n, int *i, const char *name, int joined)
{
	size_t len = strlen(name);
	const char *a = w[*i];
	if (strncmp(a, name, len) != 0)
		return NULL;
	if (a[len] == '\0')
		return *i + 1 < n ? w[++*i] : NULL;
	if (a[len] == '=')
		return a + len + 1;
	return joined ? a + len : NULL;
}

/* sm_XX out of nvcc's code=sm_XX,... or arch=compute_XX */
static const char *nvcc_code(const char *s, char *buf, size_t cap)
{
	const char *p = strstr(s, "sm_");
	if (!p) {
		p = strstr(s, "compute_");
		if (!p)
			return NULL;
		snprintf(buf, cap, "sm_%.*s", (int)strspn(p + 8, "0123456789a"), p + 8);
		return buf;
	}
	snprintf(buf, cap, "sm_%.*s", (int)strspn(p + 3, "0123456789a"), p + 3);
	return buf;
}

static int keep(words *out, const char *dir, char **w, int n, char **arch)
{
	static const char *const paths[][2] = {
		{"-I", "-I"},       {"--include-path", "-I"}, {"-isystem", "-isystem"},
		{"-iquote", "-iquote"}, {"-idirafter", "-idirafter"}, {"-include", "-include"},
		{"--pre-include", "-include"},
	};
	static const char *const macros[][2] = {
		{"-D", "-D"}, {"--define-macro", "-D"}, {"-U", "-U"}, {"--undefine-macro", "-U"},
	};
	char buf[64];
	for (int i = 1; i < n; i++) {
		const char *v;
		int done = 0;
		for (size_t k = 0; k < sizeof paths / sizeof paths[0] && !done; k++)
			if ((v = value_of(w, n, &i, paths[k][0], paths[k][0][2] == '\0'))) {
				if (push(out, with_path(paths[k][1], dir, v)))
					return -1;
				done = 1;
			}
		for (size_t k = 0; k < sizeof macros / sizeof macros[0] && !done; k++)
			if ((v = value_of(w, n, &i, macros[k][0], macros[k][0][2] == '\0'))) {
				if (push(out, concat(macros[k][1], v)))
					return -1;
				done = 1;
			}
		if (done)
			continue;
		if ((v = value_of(w, n, &i, "-std", 0)) || (v = value_of(w, n, &i, "--std", 0))) {
			if (push(out, concat("-std=", v)))
				return -1;
		} else if ((v = value_of(w, n, &i, "--cuda-path", 0))) {
			if (push(out, with_path("--cuda-path=", dir, v)))
				return -1;
		} else if ((v = value_of(w, n, &i, "--cuda-gpu-arch", 0)) ||
			   (v = value_of(w, n, &i, "--offload-arch", 0)) ||
			   (v = value_of(w, n, &i, "-arch", 0)) ||
			   (v = value_of(w, n, &i, "--gpu-architecture", 0)) ||
			   (v = value_of(w, n, &i, "-mcpu", 0))) {
			const char *a = strncmp(v, "sm_", 3) == 0 || strncmp(v, "gfx", 3) == 0
						? v
						: nvcc_code(v, buf, sizeof buf);
			if (a && !*arch && !(*arch = strdup(a)))
				return -1;
		} else if ((v = value_of(w, n, &i, "-gencode", 0)) ||
			   (v = value_of(w, n, &i, "--generate-code", 0))) {
			const char *a = nvcc_code(v, buf, sizeof buf);
			if (a && !*arch && !(*arch = strdup(a)))
				return -1;
		}
	}
	return 0;
}

/* The language a command's -x names (cu, cuda, hip, cl), or none. */
static int lang_of_x(char **w, int n)
{
	for (int i = 1; i < n; i++) {
		const char *v = NULL;
		if (strcmp(w[i], "-x") == 0 && i + 1 < n)
			v = w[i + 1];
		else if (strncmp(w[i], "-x", 2) == 0 && w[i][2])
			v = w[i] + 2;
		else if (strncmp(w[i], "--x=", 4) == 0)
			v = w[i] + 4;
		if (!v)
			continue;
		if (strcmp(v, "cu") == 0 || strcmp(v, "cuda") == 0)
			return CLI_LANG_CUDA;
		if (strcmp(v, "hip") == 0)
			return CLI_LANG_HIP;
		if (strcmp(v, "cl") == 0)
			return CLI_LANG_OPENCL;
		return CLI_LANG_NONE;
	}
	return CLI_LANG_NONE;
}

/* db's entry for path, or NULL (its real path compared). */
static entry *find(const char *path)
{
	char *real = realpath(path, NULL);
	entry *e = NULL;
	for (size_t i = 0; real && i < db.count && !e; i++)
		if (db.entries[i].real && strcmp(db.entries[i].real, real) == 0)
			e = &db.entries[i];
	free(real);
	return e;
}

/* The words of entry e's command; 0, or -1 (*bad: an open quote). */
static int command_words(const entry *e, words *w, int *bad)
{
	json_t *args = json_object_get(e->command, "arguments");
	int rc = 0;
	*bad = 0;
	if (json_is_array(args)) {
		for (size_t i = 0; i < json_array_size(args) && !rc; i++) {
			json_t *a = json_array_get(args, i);
			rc = json_is_string(a) ? push(w, strdup(json_string_value(a))) : 0;
		}
		return rc;
	}
	return split_command(str_field(e->command, "command"), w, bad);
}

void cli_compdb_entry_free(cli_compdb_entry *c)
{
	for (int k = 0; c->flags && k < c->nflags; k++)
		free(c->flags[k]);
	for (int k = 0; c->argv && k < c->argc; k++)
		free(c->argv[k]);
	free(c->flags);
	free(c->argv);
	free(c->arch);
	free(c->dir);
	memset(c, 0, sizeof *c);
}

int cli_compdb_entry_of(const char *dbpath, const char *path, cli_compdb_entry *c)
{
	memset(c, 0, sizeof *c);
	if (load(dbpath))
		return -1;
	entry *e = find(path);
	if (!e)
		return 1;
	words w = {0}, out = {0};
	int bad = 0;
	int rc = command_words(e, &w, &bad);
	if (!rc && w.n == 0) {
		fprintf(stderr, "%s: error: the command of %s is empty\n", dbpath, path);
		words_free(&w);
		return -1;
	}
	if (!rc) {
		const char *slash = strrchr(w.v[0], '/'), *name = slash ? slash + 1 : w.v[0];
		c->compiler = strstr(name, "nvcc")    ? CLI_COMPDB_NVCC
			      : strstr(name, "clang") ? CLI_COMPDB_CLANG
						      : CLI_COMPDB_OTHER;
		c->lang = lang_of_x(w.v, w.n);
		rc = keep(&out, e->dir, w.v, w.n, &c->arch);
	}
	if (!rc && !(c->dir = strdup(e->dir)))
		rc = -1;
	if (rc) {
		words_free(&w);
		words_free(&out);
		cli_compdb_entry_free(c);
		if (bad)
			fprintf(stderr, "%s: error: the command of %s has an unterminated quote\n",
				dbpath, path);
		else
			cli_error("out of memory");
		return -1;
	}
	c->flags = out.v;
	c->nflags = out.n;
	c->argv = w.v;
	c->argc = w.n;
	return 0;
}

int cli_compdb_files(const char *dbpath, char ***files, size_t *n)
{
	*files = NULL;
	*n = 0;
	if (load(dbpath))
		return -1;
	char **v = calloc(db.count + 1, sizeof *v);
	if (!v) {
		cli_error("out of memory");
		return -1;
	}
	size_t k = 0;
	for (size_t i = 0; i < db.count; i++) {
		entry *e = &db.entries[i];
		int seen = 0; /* a file compiled twice (two targets) is checked once */
		for (size_t q = 0; q < i && !seen && e->real; q++)
			seen = db.entries[q].real && strcmp(db.entries[q].real, e->real) == 0;
		if (seen)
			continue;
		char *full = cli_join_path(e->dir, str_field(e->command, "file"));
		if (!full) {
			for (size_t q = 0; q < k; q++)
				free(v[q]);
			free(v);
			cli_error("out of memory");
			return -1;
		}
		v[k++] = full;
	}
	*files = v;
	*n = k;
	return 0;
}

int cli_compdb_lang(const char *dbpath, const char *path)
{
	cli_compdb_entry c;
	if (cli_compdb_entry_of(dbpath, path, &c) != 0)
		return CLI_LANG_NONE;
	int l = c.lang;
	cli_compdb_entry_free(&c);
	return l;
}
