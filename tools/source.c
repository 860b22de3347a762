/*
 * source.c - compiling kernel sources before they are read (source.h;
 * docs/source.md).
 */
#define _GNU_SOURCE /* mkdtemp, nftw */
#include "source.h"
#include "msg.h"
#include "parallel.h"
#include "isolate.h"
#include "util/clock.h"
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
"        The CUDA toolkit (ROCm) to compile with. Without --cuda-path, the\n"
"        toolkit is $CUDA_PATH, $CUDA_HOME, the one of nvcc on PATH, or\n"
"        /usr/local/cuda; without a ROCm path, HIP is compiled with\n"
"        -nogpuinc and threadconv's own prelude.\n"
"    --cuda-compiler nvcc|clang\n"
"        Compile CUDA to PTX with the toolkit's nvcc (the default where a\n"
"        toolkit is found), or to IR with clang-19 (the default where none\n"
"        is: then with -nocudainc and threadconv's own prelude, unless\n"
"        --cuda-path names a toolkit clang-19 supports).\n"
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
	case CLI_OPT_CUDA_COMPILER:
		if (strcmp(value, "nvcc") == 0) {
			b->cuda_compiler = CLI_CUDA_NVCC;
		} else if (strcmp(value, "clang") == 0) {
			b->cuda_compiler = CLI_CUDA_CLANG;
		} else {
			cli_error("bad --cuda-compiler '%s' (expected nvcc or clang)", value);
			return -1;
		}
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
static struct sigaction old_int, old_term, old_hup;
static int handlers_set;

static void set_handlers(void)
{
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = cli_stop_handler; /* no SA_RESTART: waits end early */
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	sigaction(SIGHUP, &sa, &old_hup);
	handlers_set = 1;
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
	int sig = cli_stop_signal();
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
	/* absolute: a compiler may run in a database entry's folder */
	char *real = realpath(folder, NULL);
	if (real && strlen(real) < sizeof folder)
		strcpy(folder, real);
	free(real);
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
/* The program name (no '/') as PATH finds it first, into buf; 0 when none. */
static int on_path(const char *name, char *buf, size_t cap)
{
	const char *p = getenv("PATH");
	for (; p && *p;) {
		size_t n = strcspn(p, ":");
		int k = snprintf(buf, cap, "%.*s/%s", (int)n, p, name);
		if (k > 0 && (size_t)k < cap && access(buf, X_OK) == 0)
			return 1;
		p += n + (p[n] == ':');
	}
	return 0;
}

static int found(const char *name)
{
	char buf[4096];
	return strchr(name, '/') ? access(name, X_OK) == 0 : on_path(name, buf, sizeof buf);
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
 * The CUDA installation clang compiles with: only the one --cuda-path
 * names. One that is merely installed is not given to clang: clang-19
 * supports toolkits up to 12.5 only (13.0's headers fail in its wrapper).
 */
static const char *cuda_installation(const cli_build *b)
{
	return b->cuda_path;
}

/* The nvcc that compiles CUDA, or none (cli_compile_sources finds it). */
static struct toolkit {
	char nvcc[4096]; /* "" when none */
	int bad;         /* --cuda-path names no toolkit: said, every CUDA input an error */
	int clang;       /* --cuda-compiler clang */
} toolkit;

/* Whether dir/bin/nvcc is a program: then toolkit.nvcc is it. */
static int toolkit_at(const char *dir)
{
	if (!dir || !*dir)
		return 0;
	size_t n = strlen(dir);
	while (n > 1 && dir[n - 1] == '/')
		n--;
	int k = snprintf(toolkit.nvcc, sizeof toolkit.nvcc, "%.*s/bin/nvcc", (int)n, dir);
	if (k > 0 && (size_t)k < sizeof toolkit.nvcc && access(toolkit.nvcc, X_OK) == 0)
		return 1;
	toolkit.nvcc[0] = '\0';
	return 0;
}

/* The folder above the bin/ of the nvcc that PATH finds first (the one a
 * shell runs), into dir. */
static int nvcc_on_path(char *dir, size_t cap)
{
	if (!on_path("nvcc", dir, cap))
		return 0;
	char *real = realpath(dir, NULL); /* .../bin/nvcc, links followed */
	int ok = real && strlen(real) < cap;
	if (ok)
		strcpy(dir, real);
	free(real);
	char *slash = ok ? strrchr(dir, '/') : NULL;
	if (slash)
		*slash = '\0'; /* .../bin */
	slash = slash ? strrchr(dir, '/') : NULL;
	if (!slash || strcmp(slash, "/bin") != 0)
		return 0;
	*slash = '\0';
	return 1;
}

/*
 * Finds the toolkit as users expect: THREADCONV_NVCC (a program), else
 * --cuda-path DIR, else $CUDA_PATH, $CUDA_HOME, the toolkit of the nvcc
 * that PATH finds, /usr/local/cuda. --cuda-path naming no toolkit is an
 * error (said here) unless clang is asked for, which takes DIR itself.
 */
static void find_toolkit(const cli_build *b)
{
	memset(&toolkit, 0, sizeof toolkit);
	toolkit.clang = b->cuda_compiler == CLI_CUDA_CLANG;
	if (toolkit.clang)
		return;
	const char *e = getenv("THREADCONV_NVCC");
	if (e && *e) {
		snprintf(toolkit.nvcc, sizeof toolkit.nvcc, "%s", e);
		return;
	}
	char dir[4096];
	if (b->cuda_path) {
		if (!toolkit_at(b->cuda_path)) {
			cli_error("--cuda-path %s: no CUDA toolkit there (no bin/nvcc)", b->cuda_path);
			toolkit.bad = 1;
		}
		return;
	}
	if (toolkit_at(getenv("CUDA_PATH")) ||
	    toolkit_at(getenv("CUDA_HOME")) ||
	    (nvcc_on_path(dir, sizeof dir) && toolkit_at(dir)) ||
	    toolkit_at("/usr/local/cuda"))
		return;
	if (b->cuda_compiler == CLI_CUDA_NVCC) {
		cli_error("--cuda-compiler nvcc: no CUDA toolkit found (--cuda-path, $CUDA_PATH, "
			  "$CUDA_HOME, nvcc on PATH, /usr/local/cuda)");
		toolkit.bad = 1;
	}
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
	int nvcc;    /* compiled by nvcc, to PTX */
	char *dir;   /* the folder it runs in (a database entry's), or NULL */
	int dir_failed; /* that folder could not be entered (status: -errno) */
	int unreadable; /* the source cannot be opened: its errno (never started) */
	char why[256];  /* what went wrong, in a few words (the reports' errors) */
} job;

/* What the child reports for a folder it cannot enter: errno + DIR_FAILED */
#define DIR_FAILED 100000

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
	free(j->dir);
}

/* Whether flag is one of nvcc's that asks for device debug information. */
static int is_device_debug(const char *flag)
{
	return strcmp(flag, "-G") == 0 || strcmp(flag, "--device-debug") == 0;
}

/* Whether w (of nvcc's command) is one of opts: the option alone, joined
 * with '=' or, for a short one, with its value; *skip is then how many
 * words it takes (2 when its value is the next word). */
static int nvcc_option(const char *w, const char *const *opts, size_t n, int valued, int *skip)
{
	for (size_t k = 0; k < n; k++) {
		size_t len = strlen(opts[k]);
		if (strcmp(w, opts[k]) == 0) {
			*skip = valued ? 2 : 1;
			return 1;
		}
		if (valued && strncmp(w, opts[k], len) == 0 &&
		    (w[len] == '=' || (opts[k][1] != '-' && len == 2))) {
			*skip = 1;
			return 1;
		}
	}
	return 0;
}

/*
 * An nvcc command line of the database, made to write PTX: the entry's own
 * words (its nvcc, --options-file, -Xcompiler, -rdc, -x cu, macros...) less
 * those that say what to make, where, and for which devices; then -ptx,
 * -lineinfo (unless -G), the device (one: PTX is for one), the user's flags
 * and -o. 0, or -1 (out of memory).
 */
static int nvcc_entry_words(const cli_build *b, job *j, const cli_compdb_entry *e,
			    const char *device, int debug)
{
	static const char *const alone[] = {
		"-c", "--compile", "-ptx", "--ptx", "-cubin", "--cubin", "-fatbin", "--fatbin",
		"-dc", "--device-c", "-dw", "--device-w", "-dlink", "--device-link", "-E",
		"--preprocess", "-lineinfo", "--generate-line-info", "-M", "-MM", "-MD", "-MMD",
		"-MP", "--generate-dependencies", "--generate-nonsystem-dependencies",
		"--generate-dependencies-with-compile",
		"--generate-nonsystem-dependencies-with-compile", "-lib", "--lib", "-run", "--run",
		"-link", "--link"};
	static const char *const valued[] = {
		"-o", "--output-file", "-MF", "--dependency-output", "-MT", "--dependency-target-name",
		"-MQ", "-odir", "--output-directory", "-arch", "--gpu-architecture", "-code",
		"--gpu-code", "-gencode", "--generate-code"};
	int bad = arg(j, e->argv[0]);
	for (int i = 1; i < e->argc;) {
		int skip = 1;
		if (!nvcc_option(e->argv[i], alone, sizeof alone / sizeof *alone, 0, &skip) &&
		    !nvcc_option(e->argv[i], valued, sizeof valued / sizeof *valued, 1, &skip))
			bad |= arg(j, e->argv[i]);
		i += skip;
	}
	bad |= arg(j, "-ptx");
	if (!debug)
		bad |= arg(j, "-lineinfo");
	if (device)
		bad |= argf(j, "-arch=%s", device);
	for (int k = 0; k < b->nextra; k++)
		bad |= arg(j, b->extra[k]);
	return bad || arg(j, "-o") || arg(j, j->out) ? -1 : 0;
}

/*
 * nvcc's command for job j: PTX with line information (-lineinfo, not
 * with -G, which has its own), the device given (else the entry's, else
 * the toolkit's default) and the user's flags. A database entry that runs
 * nvcc is run as it is written, in its own folder (nvcc_entry_words);
 * another entry gives the flags it keeps. 0, or -1 (out of memory).
 */
static int nvcc_command(const cli_build *b, job *j, const char *path,
			const cli_compdb_entry *e, const char *device)
{
	int debug = 0;
	for (int k = 0; k < b->nextra; k++)
		debug |= is_device_debug(b->extra[k]);
	for (int k = 1; e && k < e->argc; k++)
		debug |= is_device_debug(e->argv[k]);
	if (e && e->compiler == CLI_COMPDB_NVCC) {
		if (!(j->dir = strdup(e->dir)))
			return -1;
		return nvcc_entry_words(b, j, e, device, debug);
	}
	int bad = arg(j, toolkit.nvcc) || arg(j, "-ptx");
	if (!debug)
		bad |= arg(j, "-lineinfo");
	if (device)
		bad |= argf(j, "-arch=%s", device);
	for (int k = 0; e && k < e->nflags; k++) {
		const char *f = e->flags[k];
		/* clang's spellings the database keeps that nvcc lacks */
		if (strncmp(f, "--cuda-path=", 12) == 0)
			continue;
		if (strncmp(f, "-iquote", 7) == 0 || strncmp(f, "-idirafter", 10) == 0)
			bad |= arg(j, "-Xcompiler");
		bad |= arg(j, f);
	}
	for (int k = 0; k < b->nextra; k++)
		bad |= arg(j, b->extra[k]);
	return bad || arg(j, path) || arg(j, "-o") || arg(j, j->out) ? -1 : 0;
}

static int clang_command(const cli_build *b, job *j, const char *path, char **flags, int nflags,
			 const char *device, const char *cuda_prelude, const char *hip_prelude);

/* The command line of job j for source path. 0, or -1 with a message. */
static int command(const cli_build *b, job *j, const char *path, const char *cuda_prelude,
		   const char *hip_prelude)
{
	cli_compdb_entry entry, *e = NULL;
	int rc = 0;
	if (b->compdb) {
		rc = cli_compdb_entry_of(b->compdb, path, &entry);
		if (rc < 0)
			return -1;
		if (rc == 1)
			fprintf(stderr,
				"%s: warning: not in %s: compiled without its own flags\n",
				path, b->compdb);
		else
			e = &entry;
	}
	char **flags = e ? e->flags : NULL;
	int nflags = e ? e->nflags : 0;
	const char *device = b->arch ? b->arch : e ? e->arch : NULL;
	int bad = 0;
	/* CUDA: nvcc where a toolkit is, unless clang is asked for, or is the
	 * compiler of the database's entry */
	j->nvcc = j->lang == CLI_LANG_CUDA && toolkit.nvcc[0] &&
		  (b->cuda_compiler == CLI_CUDA_NVCC ||
		   (b->cuda_compiler == CLI_CUDA_AUTO && !(e && e->compiler == CLI_COMPDB_CLANG)));
	char name[64];
	snprintf(name, sizeof name, "%zu.%s", j->input,
		 j->lang == CLI_LANG_GLSL ? "spv" : j->nvcc ? "ptx" : "bc");
	if (!(j->out = in_folder(name))) {
		bad = 1;
	} else if (j->nvcc) {
		bad = nvcc_command(b, j, path, e, device);
	} else {
		bad = clang_command(b, j, path, flags, nflags, device, cuda_prelude, hip_prelude);
	}
	if (e)
		cli_compdb_entry_free(e);
	if (bad) {
		cli_error("out of memory");
		return -1;
	}
	return 0;
}

/* clang's (or glslang's) command for job j. 0, or -1 (out of memory). */
static int clang_command(const cli_build *b, job *j, const char *path, char **flags, int nflags,
			 const char *device, const char *cuda_prelude, const char *hip_prelude)
{
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
	for (int k = 0; k < nflags; k++)
		if (j->lang != CLI_LANG_GLSL)
			bad |= arg(j, flags[k]);
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
	return bad ? -1 : 0;
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
		else if (j->dir && chdir(j->dir) != 0)
			e = errno + DIR_FAILED; /* the folder, not the compiler */
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
		j->dir_failed = e >= DIR_FAILED;
		j->status = -(e >= DIR_FAILED ? e - DIR_FAILED : e);
		return -1;
	}
	j->pid = pid;
	j->state = 1;
	j->started = tc__now();
	return 0;
}

/* Stops job j's compiler and what it started (its process group). */
static void stop(job *j)
{
	kill(-j->pid, SIGKILL);
	kill(j->pid, SIGKILL);
}

/* Writes job j's command line to f, as a shell would take it back; without
 * its last two words (-o and the private folder's file) when short. */
static void put_command(FILE *f, const job *j, int short_form)
{
	for (int k = 0; k < j->argc - (short_form ? 2 : 0); k++) {
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

/* Line n (from 1) of file path, without its newline, into buf; 0 when
 * there is none. */
static int file_line(const char *path, long n, char *buf, size_t cap)
{
	FILE *f = fopen(path, "r");
	long at = 0;
	int found = 0;
	while (f && !found && fgets(buf, (int)cap, f)) {
		size_t len = strlen(buf);
		int whole = len > 0 && buf[len - 1] == '\n';
		if (++at == n) {
			buf[len - whole] = '\0';
			found = 1;
		}
		while (!whole && !found && fgets(buf, (int)cap, f)) /* the rest of a long line */
			whole = buf[strlen(buf) - 1] == '\n';
	}
	if (f)
		fclose(f);
	return found;
}

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/*
 * The column of nvcc's caret: nvcc echoes the line with its blanks
 * squeezed, so the caret's character is found in the file as the same
 * non-blank character (the k-th of the line). 0 when it is not found.
 */
static long nvcc_column(const char *path, long line, const char *echo, const char *caret)
{
	const char *hat = strchr(caret, '^');
	if (!hat || caret[strspn(caret, " ^\n")] != '\0' || (size_t)(hat - caret) >= strlen(echo))
		return 0;
	size_t at = (size_t)(hat - caret), k = 0;
	for (size_t i = 0; i < at; i++)
		k += !is_blank(echo[i]);
	while (echo[at] && is_blank(echo[at]))
		at++;
	char src[4096];
	if (!echo[at] || !file_line(path, line, src, sizeof src))
		return 0;
	for (size_t i = 0; src[i]; i++) {
		if (is_blank(src[i]))
			continue;
		if (k-- == 0)
			return src[i] == echo[at] ? (long)i + 1 : 0;
	}
	return 0;
}

/*
 * nvcc's "k.cu(12): error: ..." (the front end's messages) written as
 * "k.cu:12:COL: error: ...", as every other message of the tool is, the
 * column from the caret line two lines on (1 when there is none); other
 * lines as they are.
 */
static void put_nvcc_line(char **lines, size_t i, size_t n, FILE *out)
{
	/* FILE(LINE): the first '(' followed by digits and "): " (a message
	 * may hold parentheses of its own) */
	const char *l = lines[i], *open = strchr(l, '(');
	char *end = NULL;
	long line = 0;
	for (; open && !line; open = strchr(open + 1, '(')) {
		if (open > l && open[1] >= '0' && open[1] <= '9') {
			line = strtol(open + 1, &end, 10);
			if (strncmp(end, "): ", 3) != 0)
				line = 0;
		}
		if (line)
			break;
	}
	static const char *const kinds[] = {"error", "warning", "remark", "catastrophic error",
					    "internal error", "note"};
	int kind = 0;
	for (size_t k = 0; line > 0 && k < sizeof kinds / sizeof *kinds; k++)
		kind |= strncmp(end, "): ", 3) == 0 &&
			strncmp(end + 3, kinds[k], strlen(kinds[k])) == 0;
	if (!kind) {
		fputs(l, out);
		return;
	}
	char path[4096];
	snprintf(path, sizeof path, "%.*s", (int)(open - l), l);
	long col = i + 2 < n ? nvcc_column(path, line, lines[i + 1], lines[i + 2]) : 0;
	fprintf(out, "%s:%ld:%ld: %s", path, line, col ? col : 1, end + 3);
}

/* The lines of file path, in one malloc'd buffer (*buf); NULL-ended. */
static char **read_lines(const char *path, char **buf, size_t *n)
{
	*buf = NULL;
	*n = 0;
	FILE *f = fopen(path, "r");
	if (!f)
		return NULL;
	size_t len = 0, cap = 0, got;
	char chunk[8192];
	while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) {
		if (len + got + 1 > cap) {
			size_t c = (len + got + 1) * 2;
			char *nb = realloc(*buf, c);
			if (!nb)
				break;
			*buf = nb;
			cap = c;
		}
		memcpy(*buf + len, chunk, got);
		len += got;
	}
	fclose(f);
	if (!*buf)
		return NULL;
	(*buf)[len] = '\0';
	size_t count = 1;
	for (size_t i = 0; i < len; i++)
		count += (*buf)[i] == '\n';
	char **lines = malloc((count + 1) * sizeof *lines);
	if (!lines)
		return NULL;
	/* each line keeps its newline: split into copies */
	size_t k = 0;
	for (char *p = *buf; *p;) {
		char *nl = strchr(p, '\n');
		size_t m = nl ? (size_t)(nl - p) + 1 : strlen(p);
		lines[k] = strndup(p, m);
		if (!lines[k])
			break;
		k++;
		p += m;
	}
	lines[k] = NULL;
	*n = k;
	return lines;
}

/* The private folder in a compiler's message (a prelude's header, the
 * output file) written "<threadconv>", as the debug information names it
 * (-fdebug-prefix-map): the folder is gone when the message is read. */
static void private_folder_named(char *line)
{
	size_t n = strlen(folder);
	char *at;
	while (n > 0 && (at = strstr(line, folder)) != NULL) {
		static const char name[] = "<threadconv>";
		size_t k = sizeof name - 1;
		if (k > n)
			break; /* never longer than the folder's path, which is longer */
		memcpy(at, name, k);
		memmove(at + k, at + n, strlen(at + n) + 1);
	}
}

/* The header that clang's "'NAME' file not found" names, into name. */
static int missing_header(const char *line, char *name, size_t cap)
{
	const char *end = strstr(line, "' file not found");
	if (!end)
		return 0;
	const char *start = end;
	while (start > line && start[-1] != '\'')
		start--;
	if (start == line)
		return 0;
	snprintf(name, cap, "%.*s", (int)(end - start), start);
	return 1;
}

/* Writes job j's messages to stderr, and what is wrong. 0 when compiled.
 * limit: --timeout's seconds. */
static int report(job *j, const char *path, double limit)
{
	if (j->unreadable) {
		fprintf(stderr, "%s: error: cannot open file: %s\n", path, strerror(j->unreadable));
		snprintf(j->why, sizeof j->why, "cannot open file: %s", strerror(j->unreadable));
		return -1;
	}
	char *text, header[256] = "";
	size_t n;
	char **lines = read_lines(j->err, &text, &n);
	int said = 0;
	for (size_t i = 0; i < n; i++) {
		/* glslangValidator first prints the name of the file it read */
		if (j->lang == CLI_LANG_GLSL && i == 0 && strncmp(lines[i], path, strlen(path)) == 0 &&
		    strcmp(lines[i] + strlen(path), "\n") == 0)
			continue;
		said = 1;
		private_folder_named(lines[i]);
		if (j->nvcc)
			put_nvcc_line(lines, i, n, stderr);
		else
			fputs(lines[i], stderr);
		if (!header[0])
			missing_header(lines[i], header, sizeof header);
	}
	for (size_t i = 0; i < n; i++)
		free(lines[i]);
	free(lines);
	free(text);
	if (j->status < 0 && j->dir_failed) {
		fprintf(stderr, "%s: error: cannot enter %s, the folder of its database entry: %s\n",
			path, j->dir, strerror(-j->status));
		snprintf(j->why, sizeof j->why, "cannot enter %s, the folder of its database entry: %s",
			 j->dir, strerror(-j->status));
		return -1;
	}
	if (j->status < 0) {
		fprintf(stderr, "%s: error: cannot run %s: %s%s\n", path, j->argv[0],
			strerror(-j->status),
			j->nvcc ? " (the CUDA toolkit's compiler)"
			: j->lang == CLI_LANG_GLSL ? " (Debian: apt-get install glslang-tools)"
						   : " (Debian: apt-get install clang-19)");
		snprintf(j->why, sizeof j->why, "cannot run %s: %s", j->argv[0], strerror(-j->status));
		return -1;
	}
	if (j->timed_out) {
		fprintf(stderr, "%s: error: the compiler did not finish within %g s (--timeout), "
				"and was killed: ",
			path, limit);
		put_command(stderr, j, 0);
		fputc('\n', stderr);
		snprintf(j->why, sizeof j->why,
			 "the compiler did not finish within %g s (--timeout), and was killed", limit);
		return -1;
	}
	if (WIFSIGNALED(j->status)) {
		fprintf(stderr, "%s: error: %s died of signal %d: ", path, j->argv[0],
			WTERMSIG(j->status));
		put_command(stderr, j, 0);
		fputc('\n', stderr);
		snprintf(j->why, sizeof j->why, "%s died of signal %d", j->argv[0],
			 WTERMSIG(j->status));
		return -1;
	}
	if (WEXITSTATUS(j->status) != 0 && !said) {
		fprintf(stderr, "%s: error: %s failed (exit status %d) and said nothing: ", path,
			j->argv[0], WEXITSTATUS(j->status));
		put_command(stderr, j, 0);
		fputc('\n', stderr);
		snprintf(j->why, sizeof j->why, "%s failed (exit status %d) and said nothing",
			 j->argv[0], WEXITSTATUS(j->status));
		return -1;
	}
	if (WEXITSTATUS(j->status) != 0) {
		snprintf(j->why, sizeof j->why,
			 "did not compile: %s failed (exit status %d); its messages are on standard "
			 "error",
			 j->argv[0], WEXITSTATUS(j->status));
		if (j->nvcc) {
			fprintf(stderr, "%s: note: compiled with the CUDA toolkit's nvcc: ", path);
			put_command(stderr, j, 1);
			fputc('\n', stderr);
		} else if (header[0] && j->prelude && j->lang == CLI_LANG_CUDA) {
			fprintf(stderr,
				"%s: note: compiled by clang-19 with threadconv's prelude in place of "
				"the CUDA toolkit's headers (%s), and '%s' is not in it: let nvcc "
				"compile it (--cuda-compiler nvcc, --cuda-path DIR; docs/source.md)\n",
				path,
				toolkit.clang ? "--cuda-compiler clang" : "no toolkit was found",
				header);
		} else if (header[0] && j->prelude) {
			fprintf(stderr,
				"%s: note: compiled by clang-19 with threadconv's prelude in place of "
				"the ROCm headers (none was given), and '%s' is not in it: give "
				"--rocm-path DIR (docs/source.md)\n",
				path, header);
		}
		return -1;
	}
	return 0;
}

/*
 * nvcc names the files of the PTX's line information by their absolute
 * paths: those under the working folder are made relative to it, so that
 * positions name the source as it was given (k.cu:9:3), as clang's
 * -fdebug-compilation-dir=. makes them for IR. 0, or -1 with a message.
 */
static int relative_files(const char *ptx)
{
	char cwd[4096];
	if (!getcwd(cwd, sizeof cwd) || strcmp(cwd, "/") == 0)
		return 0;
	size_t nc = strlen(cwd), n;
	char *text, **lines = read_lines(ptx, &text, &n);
	if (!lines) {
		free(text);
		cli_error("cannot read %s: %s", ptx, strerror(errno ? errno : ENOMEM));
		return -1;
	}
	FILE *f = fopen(ptx, "w");
	int bad = !f;
	for (size_t i = 0; i < n; i++) {
		const char *l = lines[i], *q = strchr(l, '"');
		size_t lead = strspn(l, " \t");
		if (f && q && strncmp(l + lead, ".file", 5) == 0 && is_blank(l[lead + 5]) &&
		    strncmp(q + 1, cwd, nc) == 0 && q[1 + nc] == '/') {
			fprintf(f, "%.*s%s", (int)(q + 1 - l), l, q + 2 + nc);
		} else if (f) {
			fputs(l, f);
		}
		free(lines[i]);
	}
	free(lines);
	free(text);
	if (f && fclose(f) != 0)
		bad = 1;
	if (bad)
		cli_error("cannot write %s: %s", ptx, strerror(errno));
	return bad ? -1 : 0;
}

/* The language of path: its extension's, else, for a C or C++ file, its
 * database entry's -x (a .cpp compiled as HIP). */
static cli_lang source_lang(const cli_build *b, const char *path)
{
	static const char *const cxx[] = {".cpp", ".cc", ".cxx", ".c++", ".C", ".c"};
	cli_lang l = cli_source_lang(path);
	size_t n = strlen(path);
	for (size_t k = 0; l == CLI_LANG_NONE && b->compdb && k < sizeof cxx / sizeof *cxx; k++)
		if (n > strlen(cxx[k]) && strcmp(path + n - strlen(cxx[k]), cxx[k]) == 0)
			l = (cli_lang)cli_compdb_lang(b->compdb, path);
	return l;
}

/* Per input of the last cli_compile_sources: why its source could not be
 * compiled (malloc'd), or NULL; and what it was (0 not a source, 1 a
 * source, 2 one that did not compile). */
static char **failures;
static unsigned char *sources;
static size_t nfailures;

const char *cli_compile_failure(size_t i)
{
	if (i >= nfailures || sources[i] != 2)
		return NULL;
	return failures[i] ? failures[i] : "did not compile";
}

static void free_failures(void)
{
	for (size_t i = 0; i < nfailures; i++)
		free(failures[i]);
	free(failures);
	free(sources);
	failures = NULL;
	sources = NULL;
	nfailures = 0;
}

int cli_database_inputs(cli_build *b, const char ***paths, char ***compiled, size_t *n)
{
	char **files;
	size_t count, k = 0;
	if (cli_compdb_files(b->compdb, &files, &count))
		return -1;
	const char **p = calloc(count + 1, sizeof *p);
	char **c = calloc(count + 1, sizeof *c);
	if (!p || !c) {
		free(p);
		free(c);
		for (size_t i = 0; i < count; i++)
			free(files[i]);
		free(files);
		cli_error("out of memory");
		return -1;
	}
	/* named as the working folder sees them, as clang-tidy's runs do */
	char cwd[4096];
	size_t nc = getcwd(cwd, sizeof cwd) ? strlen(cwd) : 0;
	for (size_t i = 0; i < count; i++) {
		char *f = files[i];
		if (nc > 1 && strncmp(f, cwd, nc) == 0 && f[nc] == '/')
			memmove(f, f + nc + 1, strlen(f + nc + 1) + 1);
		if (source_lang(b, f) != CLI_LANG_NONE)
			files[k++] = f;
		else
			free(f);
	}
	for (size_t i = 0; i < k; i++)
		p[i] = files[i];
	free(*paths);
	free(*compiled);
	*paths = p;
	*compiled = c;
	*n = k;
	b->db_files = files;
	b->ndb_files = k;
	if (k == 0)
		fprintf(stderr, "%s: warning: no CUDA, HIP, OpenCL C or GLSL source in it\n",
			b->compdb);
	return (int)(k > 0);
}

void cli_build_free(cli_build *b)
{
	free_failures();
	for (size_t i = 0; i < b->ndb_files; i++)
		free(b->db_files[i]);
	free(b->db_files);
	b->db_files = NULL;
	b->ndb_files = 0;
}

int cli_compile_sources(const cli_build *b, const char **paths, size_t n, char **compiled)
{
	size_t nsrc = 0;
	free_failures();
	failures = calloc(n ? n : 1, sizeof *failures);
	sources = calloc(n ? n : 1, 1);
	if (!failures || !sources) {
		free_failures();
		cli_error("out of memory");
		return CLI_EXIT_ERROR;
	}
	nfailures = n;
	for (size_t i = 0; i < n; i++) {
		compiled[i] = NULL;
		sources[i] = source_lang(b, paths[i]) != CLI_LANG_NONE;
		nsrc += sources[i];
	}
	if (nsrc == 0)
		return CLI_EXIT_OK;
	find_toolkit(b);
	if (toolkit.bad || make_folder())
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
		cli_lang l = source_lang(b, paths[i]);
		if (l == CLI_LANG_NONE)
			continue;
		job *j = &jobs[k++];
		char name[64];
		j->input = i;
		j->lang = l;
		snprintf(name, sizeof name, "%zu.err", i);
		j->err = in_folder(name);
		int fd = strcmp(paths[i], "-") == 0 ? -1 : open(paths[i], O_RDONLY | O_CLOEXEC | O_NONBLOCK);
		if (fd < 0) { /* said as any input that cannot be opened, not by the compiler */
			j->unreadable = strcmp(paths[i], "-") == 0 ? EINVAL : errno;
			j->state = 2;
			if (!j->err)
				status = CLI_EXIT_ERROR;
			continue;
		}
		close(fd);
		if (!j->err || command(b, j, paths[i], cuda, hip))
			status = CLI_EXIT_ERROR;
	}
	int max = cli_jobs(b->jobs);
	double limit = b->timeout >= 0 ? b->timeout : CLI_TIMEOUT_DEFAULT;
	size_t next = 0, printed = 0, running = 0;
	while (status == CLI_EXIT_OK && printed < nsrc && !cli_stop_signal()) {
		while (next < nsrc && (int)running < max) {
			if (jobs[next].state == 0 && start(&jobs[next]) == 0)
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
			    tc__now() - jobs[q].started > limit) {
				jobs[q].timed_out = 1;
				stop(&jobs[q]);
			}
		for (; printed < nsrc && jobs[printed].state == 2; printed++) {
			job *j = &jobs[printed];
			if (report(j, paths[j->input], limit) == 0 &&
			    (!j->nvcc || relative_files(j->out) == 0)) {
				compiled[j->input] = j->out;
				j->out = NULL;
			} else {
				failures[j->input] = strdup(j->why[0] ? j->why : "did not compile");
				sources[j->input] = 2;
			}
		}
	}
	/* a signal or an error: stop what runs */
	for (size_t q = 0; q < nsrc; q++)
		if (jobs && jobs[q].state == 1) {
			stop(&jobs[q]);
			waitpid(jobs[q].pid, NULL, 0);
		}
	for (size_t q = 0; jobs && q < nsrc; q++)
		job_free(&jobs[q]);
	free(jobs);
	free(cuda);
	free(hip);
	if (cli_stop_signal())
		cli_sources_finish();
	/* a source that did not compile is that input's error (its failure is
	 * kept: cli_compile_failure); the others go on */
	return status;
}
