/*
 * source.c - compiling kernel sources before they are read (source.h;
 * docs/source.md).
 */
#define _GNU_SOURCE /* mkdtemp, nftw */
#include "source.h"
#include "cli.h"
#include "compdb.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <time.h>
#include <unistd.h>

extern char **environ;

/* the preludes, made from tools/prelude/ at build time (prelude_data.c) */
extern const char tc_prelude_cuda[], tc_prelude_hip[], tc_prelude_threadconv_common[];

static const struct ext {
	const char *ext;
	cli_lang lang;
} exts[] = {
	{".cu", CLI_LANG_CUDA},  {".cuh", CLI_LANG_CUDA},   {".hip", CLI_LANG_HIP},
	{".cl", CLI_LANG_OPENCL}, {".comp", CLI_LANG_GLSL}, {".glsl", CLI_LANG_GLSL},
};

cli_lang cli_source_lang(const char *path)
{
	size_t n = strlen(path);
	for (size_t i = 0; i < sizeof exts / sizeof exts[0]; i++) {
		size_t k = strlen(exts[i].ext);
		if (n > k && strcmp(path + n - k, exts[i].ext) == 0)
			return exts[i].lang;
	}
	return CLI_LANG_NONE;
}

const char *cli_lang_name(cli_lang l)
{
	switch (l) {
	case CLI_LANG_CUDA: return "CUDA";
	case CLI_LANG_HIP: return "HIP";
	case CLI_LANG_OPENCL: return "OpenCL C";
	case CLI_LANG_GLSL: return "GLSL";
	default: return "none";
	}
}

const char cli_build_help[] =
"    -- FLAGS\n"
"        Everything after -- goes to the compiler (-I include -DN=4).\n"
"    -p, --build-path DIR; --compile-commands FILE\n"
"        Compile each source with the include paths, macros and device of\n"
"        its entry in DIR/compile_commands.json (or FILE).\n"
"    -j, --jobs N\n"
"        Run up to N compilers at once, and read and solve up to N inputs\n"
"        (of every kind) at once on threads, at most 64 (default: the number\n"
"        of cores). The output is the same, byte for byte, as with -j 1.\n"
"    --offload-arch ARCH, --cuda-gpu-arch ARCH\n"
"        The device: sm_70 for CUDA and gfx90a for HIP by default.\n"
"    --target TRIPLE\n"
"        OpenCL C's target (default nvptx64-nvidia-cuda).\n"
"    --cuda-path DIR, --rocm-path DIR\n"
"        Compile with that CUDA toolkit (ROCm); without it, with\n"
"        -nocudainc (-nogpuinc) and threadconv's own prelude.\n"
"    --timeout SECONDS\n"
"        Give up on an input whose compiling, or reading, takes longer than\n"
"        SECONDS (default 300; 0: no limit): the compiler is killed, or the\n"
"        reading stopped, and the input is an error that says which did not\n"
"        finish; the other inputs go on, and the exit status is 2.\n";

void cli_build_init(cli_build *b, int *argc, char **argv)
{
	memset(b, 0, sizeof *b);
	b->caret = 1;
	b->timeout = -1;
	for (int k = 1; k < *argc; k++)
		if (strcmp(argv[k], "--") == 0) {
			b->extra = argv + k + 1;
			b->nextra = *argc - k - 1;
			*argc = k;
			break;
		}
}

/* -p DIR or --compile-commands FILE: the database's path into b->compdb
 * (DIR/compile_commands.json); 0, or -1 with a message printed. */
static int build_compdb(cli_build *b, const char *value, int is_dir)
{
	static char path[4096];
	if (is_dir) {
		int n = snprintf(path, sizeof path, "%s/compile_commands.json", value);
		if (n < 0 || (size_t)n >= sizeof path) {
			cli_error("-p: path too long");
			return -1;
		}
		b->compdb = path;
	} else {
		b->compdb = value;
	}
	return 0;
}

/* -j N; 0, or -1 with a message printed. */
static int build_jobs(cli_build *b, const char *value)
{
	char *end;
	long n = strtol(value, &end, 10);
	if (*end || end == value || n < 1 || n > 1024) {
		cli_error("-j: '%s' is not a number of jobs from 1 to 1024", value);
		return -1;
	}
	b->jobs = (int)n;
	return 0;
}

/* --timeout SECONDS; 0, or -1 with a message printed. */
static int build_timeout(cli_build *b, const char *value)
{
	char *end;
	double s = strtod(value, &end);
	if (*end || end == value || !(s >= 0 && s <= 1e7)) {
		cli_error("--timeout: '%s' is not a number of seconds (0: no limit)", value);
		return -1;
	}
	b->timeout = s;
	return 0;
}

int cli_build_option(cli_build *b, int id, const char *value)
{
	switch (id) {
	case CLI_OPT_BUILD_PATH:
	case CLI_OPT_COMPDB:
		return build_compdb(b, value, id == CLI_OPT_BUILD_PATH) ? -1 : 1;
	case CLI_OPT_JOBS:
		return build_jobs(b, value) ? -1 : 1;
	case CLI_OPT_TIMEOUT:
		return build_timeout(b, value) ? -1 : 1;
	case CLI_OPT_TARGET:
		b->target = value;
		return 1;
	case CLI_OPT_ARCH:
		b->arch = value;
		return 1;
	case CLI_OPT_CUDA_PATH:
		b->cuda_path = value;
		return 1;
	case CLI_OPT_ROCM_PATH:
		b->rocm_path = value;
		return 1;
	case CLI_OPT_COLOR:
		if (strcmp(value, "auto") == 0) {
			b->color_when = CLI_COLOR_AUTO;
		} else if (strcmp(value, "always") == 0) {
			b->color_when = CLI_COLOR_ALWAYS;
		} else if (strcmp(value, "never") == 0) {
			b->color_when = CLI_COLOR_NEVER;
		} else {
			cli_error("bad --color '%s' (expected auto, always or never)", value);
			return -1;
		}
		return 1;
	case CLI_OPT_NO_CARET:
	case CLI_OPT_CARET:
		b->caret = id == CLI_OPT_CARET;
		return 1;
	default:
		return 0;
	}
}

void cli_no_inputs(const cli_build *b)
{
	if (b->nextra)
		cli_error("no input files (the arguments after -- go to the compiler; a file "
			  "whose name starts with '-' is ./%s)",
			  b->extra[0][0] == '-' ? b->extra[0] : "-NAME");
	else
		cli_error("no input files");
}

int cli_color_suits(int fd)
{
	const char *no_color = getenv("NO_COLOR"), *term = getenv("TERM");
	if (no_color && *no_color)
		return 0;
	return isatty(fd) && term && *term && strcmp(term, "dumb") != 0;
}

void cli_build_ready(cli_build *b)
{
	b->color = b->color_when == CLI_COLOR_AUTO ? cli_color_suits(STDERR_FILENO)
						  : b->color_when == CLI_COLOR_ALWAYS;
	cli_watch_timeout(b->timeout);
}

/* ---- the private folder, and signals ------------------------------------- */

static char folder[4096];
/* the compilers' environment: ours with the private folder as every
 * temporary directory, so that what a compiler leaves there (clang's
 * crash reproducer: the preprocessed source and a script) goes with it */
static char **compiler_env;
static volatile sig_atomic_t caught;
static struct sigaction old_int, old_term, old_hup;
static int handlers_set;

static void on_signal(int sig)
{
	if (!caught)
		caught = sig;
}

static void set_handlers(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal; /* no SA_RESTART: waits end early */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	sigaction(SIGHUP, &sa, &old_hup);
	handlers_set = 1;
}

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path) != 0 && errno != ENOENT ? 0 : 0;
}

int cli_sources_interrupted(void)
{
	return caught != 0;
}

void cli_remove_tree(const char *path)
{
	nftw(path, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

static void free_env(void)
{
	for (size_t i = 0; compiler_env && compiler_env[i]; i++)
		if (strncmp(compiler_env[i], "TMPDIR=", 7) == 0 ||
		    strncmp(compiler_env[i], "TMP=", 4) == 0 ||
		    strncmp(compiler_env[i], "TEMP=", 5) == 0 ||
		    strncmp(compiler_env[i], "TEMPDIR=", 8) == 0)
			free(compiler_env[i]); /* ours; the rest are environ's */
	free(compiler_env);
	compiler_env = NULL;
}

/* environ with TMPDIR, TMP, TEMP and TEMPDIR (which LLVM reads in that
 * order) set to the private folder; 0, or -1 when out of memory */
static int make_env(void)
{
	static const char *const names[] = {"TMPDIR", "TMP", "TEMP", "TEMPDIR"};
	size_t n = 0, k = 0;
	while (environ[n])
		n++;
	compiler_env = calloc(n + 5, sizeof *compiler_env);
	if (!compiler_env)
		return -1;
	for (size_t i = 0; i < n; i++) {
		const char *eq = strchr(environ[i], '=');
		size_t len = eq ? (size_t)(eq - environ[i]) : strlen(environ[i]);
		bool tmp = false;
		for (size_t q = 0; q < 4; q++)
			tmp |= strlen(names[q]) == len && strncmp(environ[i], names[q], len) == 0;
		if (!tmp)
			compiler_env[k++] = environ[i];
	}
	for (size_t q = 0; q < 4; q++) {
		size_t len = strlen(names[q]) + strlen(folder) + 2;
		if (!(compiler_env[k] = malloc(len))) {
			free_env();
			return -1;
		}
		snprintf(compiler_env[k++], len, "%s=%s", names[q], folder);
	}
	return 0;
}

void cli_sources_cleanup(void)
{
	free_env();
	if (folder[0]) {
		cli_remove_tree(folder);
		folder[0] = '\0';
		cli_watch_folder(NULL);
	}
	if (handlers_set) {
		sigaction(SIGINT, &old_int, NULL);
		sigaction(SIGTERM, &old_term, NULL);
		sigaction(SIGHUP, &old_hup, NULL);
		handlers_set = 0;
	}
}

void cli_sources_finish(void)
{
	int sig = caught;
	cli_sources_cleanup();
	if (sig) {
		signal(sig, SIG_DFL);
		raise(sig);
	}
}

static int make_folder(void)
{
	if (folder[0])
		return 0;
	const char *tmp = getenv("TMPDIR");
	if (!tmp || !*tmp)
		tmp = "/tmp";
	int n = snprintf(folder, sizeof folder, "%s/threadconv-XXXXXX", tmp);
	if (n < 0 || (size_t)n >= sizeof folder || !mkdtemp(folder)) {
		cli_error("cannot make a temporary folder in %s: %s", tmp, strerror(errno));
		folder[0] = '\0';
		return -1;
	}
	cli_watch_folder(folder);
	set_handlers();
	if (make_env()) {
		cli_error("out of memory");
		return -1;
	}
	return 0;
}

/* folder/name, malloc'd */
static char *in_folder(const char *name)
{
	return cli_join_path(folder, name);
}

static char *write_prelude(const char *name, const char *text)
{
	char *path = in_folder(name);
	FILE *f = path ? fopen(path, "wx") : NULL;
	if (!f || fputs(text, f) < 0 || fclose(f) != 0) {
		cli_error("cannot write %s", path ? path : name);
		free(path);
		return NULL;
	}
	return path;
}

/* ---- the compilers ------------------------------------------------------- */

/* Whether name (no '/') is a program in PATH, or path exists. */
static int found(const char *name)
{
	if (strchr(name, '/'))
		return access(name, X_OK) == 0;
	const char *p = getenv("PATH");
	char buf[4096];
	for (; p && *p;) {
		size_t n = strcspn(p, ":");
		if (snprintf(buf, sizeof buf, "%.*s/%s", (int)n, p, name) < (int)sizeof buf &&
		    access(buf, X_OK) == 0)
			return 1;
		p += n + (p[n] == ':');
	}
	return 0;
}

static const char *clang_path(void)
{
	const char *e = getenv("THREADCONV_CLANG");
	if (e && *e)
		return e;
	if (found("clang-19"))
		return "clang-19";
	return "/usr/lib/llvm-19/bin/clang";
}

static const char *glslang_path(void)
{
	const char *e = getenv("THREADCONV_GLSLANG");
	return e && *e ? e : "glslangValidator";
}

/*
 * The CUDA installation to compile with: only the one --cuda-path names.
 * One that is merely installed is not used by itself: clang-19 supports
 * toolkits up to 12.5 only (13.0's headers fail in its wrapper), and a
 * verdict should not depend on what else the machine has.
 */
static const char *cuda_installation(const cli_build *b)
{
	return b->cuda_path;
}

/* The ROCm installation: only the one --rocm-path names (as for CUDA). */
static const char *rocm_installation(const cli_build *b)
{
	return b->rocm_path;
}

typedef struct job {
	size_t input;
	cli_lang lang;
	char **argv; /* NULL-ended; strings owned when owned[k] */
	int argc, cap;
	char *out, *err; /* the compiled file, the compiler's messages */
	pid_t pid;
	double started; /* when the compiler started (cli_now) */
	int timed_out;  /* killed after --timeout */
	int state; /* 0 waiting, 1 running, 2 done */
	int status;
	int prelude; /* compiled with the prelude, no toolkit */
} job;

static int arg(job *j, const char *s)
{
	if (j->argc + 1 >= j->cap) {
		int cap = j->cap ? j->cap * 2 : 32;
		char **v = realloc(j->argv, (size_t)cap * sizeof *v);
		if (!v)
			return -1;
		j->argv = v;
		j->cap = cap;
	}
	if (!(j->argv[j->argc] = strdup(s)))
		return -1;
	j->argv[++j->argc] = NULL;
	return 0;
}

static int argf(job *j, const char *fmt, const char *v)
{
	char buf[4200];
	snprintf(buf, sizeof buf, fmt, v);
	return arg(j, buf);
}

static void job_free(job *j)
{
	for (int k = 0; k < j->argc; k++)
		free(j->argv[k]);
	free(j->argv);
	free(j->out);
	free(j->err);
}

/* The command line of job j for source path. 0, or -1 with a message. */
static int command(const cli_build *b, job *j, const char *path, const char *cuda_prelude,
		   const char *hip_prelude)
{
	char **flags = NULL, *arch = NULL;
	int nflags = 0, rc = 0;
	if (b->compdb) {
		rc = cli_compdb_flags(b->compdb, path, &flags, &nflags, &arch);
		if (rc < 0)
			return -1;
		if (rc == 1)
			fprintf(stderr,
				"%s: warning: not in %s: compiled without its own flags\n",
				path, b->compdb);
	}
	const char *device = b->arch ? b->arch : arch;
	int bad = 0;
	switch (j->lang) {
	case CLI_LANG_CUDA: {
		const char *cuda = cuda_installation(b);
		bad |= arg(j, clang_path()) || arg(j, "-x") || arg(j, "cuda") ||
		       arg(j, "--cuda-device-only") ||
		       argf(j, "--cuda-gpu-arch=%s", device ? device : "sm_70") ||
		       arg(j, "-Wno-unknown-cuda-version");
		if (cuda) {
			bad |= argf(j, "--cuda-path=%s", cuda);
		} else {
			j->prelude = 1;
			bad |= arg(j, "-nocudainc") || arg(j, "-nocudalib") || arg(j, "-include") ||
			       arg(j, cuda_prelude);
		}
		break;
	}
	case CLI_LANG_HIP: {
		const char *rocm = rocm_installation(b);
		bad |= arg(j, clang_path()) || arg(j, "-x") || arg(j, "hip") ||
		       arg(j, "--offload-device-only") ||
		       argf(j, "--offload-arch=%s", device ? device : "gfx90a");
		if (rocm) {
			bad |= argf(j, "--rocm-path=%s", rocm);
		} else {
			j->prelude = 1;
			bad |= arg(j, "-nogpuinc") || arg(j, "-nogpulib") || arg(j, "-include") ||
			       arg(j, hip_prelude);
		}
		break;
	}
	case CLI_LANG_OPENCL:
		bad |= arg(j, clang_path()) || arg(j, "-x") || arg(j, "cl") ||
		       arg(j, "-cl-std=CL2.0") || arg(j, "-Xclang") ||
		       arg(j, "-finclude-default-header") || arg(j, "-target") ||
		       arg(j, b->target ? b->target : "nvptx64-nvidia-cuda") || arg(j, "-nogpulib");
		if (device)
			bad |= argf(j, "-mcpu=%s", device);
		break;
	case CLI_LANG_GLSL:
		bad |= arg(j, glslang_path()) || arg(j, "-V") || arg(j, "--target-env") ||
		       arg(j, "vulkan1.1") || arg(j, "-g");
		if (strlen(path) > 5 && strcmp(path + strlen(path) - 5, ".glsl") == 0)
			bad |= arg(j, "-S") || arg(j, "comp");
		break;
	default:
		break;
	}
	for (int k = 0; k < nflags; k++) {
		if (j->lang != CLI_LANG_GLSL)
			bad |= arg(j, flags[k]);
		free(flags[k]);
	}
	free(flags);
	free(arch);
	for (int k = 0; k < b->nextra; k++)
		bad |= arg(j, b->extra[k]);
	if (j->lang == CLI_LANG_GLSL) {
		bad |= arg(j, path) || arg(j, "-o") || arg(j, j->out);
	} else {
		bad |= arg(j, "-emit-llvm") || arg(j, "-c") || arg(j, "-O1") || arg(j, "-g") ||
		       arg(j, b->color ? "-fcolor-diagnostics" : "-fno-color-diagnostics") ||
		       arg(j, b->caret ? "-fcaret-diagnostics" : "-fno-caret-diagnostics") ||
		       arg(j, "-fdebug-compilation-dir=.") || argf(j, "-fdebug-prefix-map=%s=<threadconv>", folder) || arg(j, path) ||
		       arg(j, "-o") || arg(j, j->out);
	}
	if (bad) {
		cli_error("out of memory");
		return -1;
	}
	return 0;
}

/*
 * Starts job j's compiler: a child in a process group of its own (so that
 * stopping it stops what it runs), that dies with this process even when
 * this one is killed by SIGKILL (PR_SET_PDEATHSIG; the getppid() after it
 * catches a parent that died before), so that no orphan compiler goes on.
 * Its standard error and output go to j->err, its input is /dev/null. An
 * exec that fails comes back through a pipe that closes on exec. 0, or -1
 * (j done, its status -errno).
 */
static int start(job *j)
{
	int report_errno[2];
	pid_t parent = getpid();
	if (pipe2(report_errno, O_CLOEXEC) != 0) {
		j->state = 2;
		j->status = -errno;
		return -1;
	}
	pid_t pid = fork();
	if (pid == 0) {
		int e = 0;
		close(report_errno[0]);
		(void)setpgid(0, 0);
#ifdef __linux__
		(void)prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
		if (getppid() != parent)
			_exit(127);
		sigset_t none;
		sigemptyset(&none);
		sigprocmask(SIG_SETMASK, &none, NULL);
		int fd = open(j->err, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
		int in = open("/dev/null", O_RDONLY | O_CLOEXEC);
		if (fd < 0 || in < 0 || dup2(fd, 2) < 0 || dup2(fd, 1) < 0 || dup2(in, 0) < 0)
			e = errno;
		else
			execvpe(j->argv[0], j->argv, compiler_env);
		if (!e)
			e = errno;
		ssize_t w = write(report_errno[1], &e, sizeof e);
		(void)w;
		_exit(127);
	}
	int e = errno;
	close(report_errno[1]);
	if (pid < 0) {
		close(report_errno[0]);
		j->state = 2;
		j->status = -e;
		return -1;
	}
	(void)setpgid(pid, pid); /* as the child does: whichever runs first */
	ssize_t n;
	do
		n = read(report_errno[0], &e, sizeof e);
	while (n < 0 && errno == EINTR);
	close(report_errno[0]);
	if (n == (ssize_t)sizeof e) {
		waitpid(pid, NULL, 0);
		j->state = 2;
		j->status = -e;
		return -1;
	}
	j->pid = pid;
	j->state = 1;
	j->started = cli_now();
	return 0;
}

/* Stops job j's compiler and what it started (its process group). */
static void stop(job *j)
{
	kill(-j->pid, SIGKILL);
	kill(j->pid, SIGKILL);
}

/* Writes job j's command line to f, as a shell would take it back. */
static void put_command(FILE *f, const job *j)
{
	for (int k = 0; k < j->argc; k++) {
		const char *a = j->argv[k];
		fputs(k ? " " : "", f);
		if (*a && !a[strspn(a, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
				       "0123456789-_=+./,:@%")]) {
			fputs(a, f);
			continue;
		}
		fputc('\'', f);
		for (; *a; a++)
			if (*a == '\'')
				fputs("'\\''", f);
			else
				fputc(*a, f);
		fputc('\'', f);
	}
}

/* Writes job j's messages to stderr, and what is wrong. 0 when compiled.
 * limit: --timeout's seconds. */
static int report(job *j, const char *path, double limit)
{
	FILE *f = fopen(j->err, "r");
	char line[4096];
	int missing = 0, said = 0;
	while (f && fgets(line, sizeof line, f)) {
		said = 1;
		fputs(line, stderr);
		missing |= strstr(line, "' file not found") != NULL;
	}
	if (f)
		fclose(f);
	if (j->status < 0) {
		fprintf(stderr, "%s: error: cannot run %s: %s%s\n", path, j->argv[0],
			strerror(-j->status),
			j->lang == CLI_LANG_GLSL ? " (Debian: apt-get install glslang-tools)"
						 : " (Debian: apt-get install clang-19)");
		return -1;
	}
	if (j->timed_out) {
		fprintf(stderr, "%s: error: the compiler did not finish within %g s (--timeout), "
				"and was killed: ",
			path, limit);
		put_command(stderr, j);
		fputc('\n', stderr);
		return -1;
	}
	if (WIFSIGNALED(j->status)) {
		fprintf(stderr, "%s: error: %s died of signal %d\n", path, j->argv[0],
			WTERMSIG(j->status));
		return -1;
	}
	if (WEXITSTATUS(j->status) != 0 && !said)
		fprintf(stderr, "%s: error: %s failed (exit status %d) and said nothing\n", path,
			j->argv[0], WEXITSTATUS(j->status));
	if (WEXITSTATUS(j->status) != 0) {
		if (missing && j->prelude)
			fprintf(stderr,
				"%s: note: compiled without the %s headers (none was found), with "
				"threadconv's prelude; a header they provide needs them: give "
				"--%s DIR (docs/source.md)\n",
				path, j->lang == CLI_LANG_CUDA ? "CUDA toolkit's" : "ROCm",
				j->lang == CLI_LANG_CUDA ? "cuda-path" : "rocm-path");
		return -1;
	}
	return 0;
}

int cli_compile_sources(const cli_build *b, const char **paths, size_t n, char **compiled)
{
	size_t nsrc = 0;
	for (size_t i = 0; i < n; i++) {
		compiled[i] = NULL;
		nsrc += cli_source_lang(paths[i]) != CLI_LANG_NONE;
	}
	if (nsrc == 0)
		return CLI_EXIT_OK;
	if (make_folder())
		return CLI_EXIT_ERROR;
	/* the preludes include what they share from beside them */
	char *common = write_prelude("threadconv_common.h", tc_prelude_threadconv_common);
	char *cuda = write_prelude("cuda_prelude.h", tc_prelude_cuda);
	char *hip = write_prelude("hip_prelude.h", tc_prelude_hip);
	job *jobs = calloc(nsrc, sizeof *jobs);
	int status = common && cuda && hip && jobs ? CLI_EXIT_OK : CLI_EXIT_ERROR;
	free(common);
	size_t k = 0;
	for (size_t i = 0; i < n && status == CLI_EXIT_OK; i++) {
		cli_lang l = cli_source_lang(paths[i]);
		if (l == CLI_LANG_NONE)
			continue;
		job *j = &jobs[k++];
		char name[64];
		j->input = i;
		j->lang = l;
		snprintf(name, sizeof name, "%zu.%s", i, l == CLI_LANG_GLSL ? "spv" : "bc");
		j->out = in_folder(name);
		snprintf(name, sizeof name, "%zu.err", i);
		j->err = in_folder(name);
		if (!j->out || !j->err || command(b, j, paths[i], cuda, hip))
			status = CLI_EXIT_ERROR;
	}
	int max = cli_jobs(b->jobs);
	double limit = b->timeout >= 0 ? b->timeout : CLI_TIMEOUT_DEFAULT;
	size_t next = 0, printed = 0, running = 0;
	while (status == CLI_EXIT_OK && printed < nsrc && !caught) {
		while (next < nsrc && (int)running < max) {
			if (start(&jobs[next]) == 0)
				running++;
			next++;
		}
		int ws;
		pid_t pid = waitpid(-1, &ws, WNOHANG);
		if (pid > 0) {
			for (size_t q = 0; q < nsrc; q++)
				if (jobs[q].state == 1 && jobs[q].pid == pid) {
					jobs[q].state = 2;
					jobs[q].status = ws;
					running--;
				}
		} else if (pid == 0 || (pid < 0 && errno == EINTR)) {
			struct timespec t = {0, 10 * 1000 * 1000};
			nanosleep(&t, NULL);
		}
		/* a compiler past --timeout is killed; the others go on */
		for (size_t q = 0; limit > 0 && q < nsrc; q++)
			if (jobs[q].state == 1 && !jobs[q].timed_out &&
			    cli_now() - jobs[q].started > limit) {
				jobs[q].timed_out = 1;
				stop(&jobs[q]);
			}
		for (; printed < nsrc && jobs[printed].state == 2; printed++) {
			job *j = &jobs[printed];
			if (report(j, paths[j->input], limit) == 0) {
				compiled[j->input] = j->out;
				j->out = NULL;
			}
		}
	}
	/* a signal or an error: stop what runs */
	for (size_t q = 0; q < nsrc; q++)
		if (jobs && jobs[q].state == 1) {
			stop(&jobs[q]);
			waitpid(jobs[q].pid, NULL, 0);
		}
	int failed = 0;
	for (size_t q = 0; jobs && q < nsrc; q++) {
		failed |= jobs[q].state == 2 && !compiled[jobs[q].input];
		job_free(&jobs[q]);
	}
	free(jobs);
	free(cuda);
	free(hip);
	if (caught)
		cli_sources_finish();
	return failed || status != CLI_EXIT_OK ? CLI_EXIT_ERROR : CLI_EXIT_OK;
}
