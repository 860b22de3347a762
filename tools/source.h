/*
 * source.h - kernel sources (.cu, .cuh, .hip, .cl, .comp, .glsl) that the
 * commands compile themselves before reading them (docs/source.md).
 *
 * The compiler (nvcc, clang-19, glslangValidator) runs as a child process with
 * its arguments as an array, never through a shell; what it prints is
 * passed on unchanged, in input order, and its output goes to a private
 * temporary folder that is removed on every way out, SIGINT included.
 */
#ifndef TC_TOOLS_SOURCE_H
#define TC_TOOLS_SOURCE_H

#include "compdb.h" /* cli_lang */

#include <stddef.h>

/* The language of path, by its extension. */
cli_lang cli_source_lang(const char *path);
const char *cli_lang_name(cli_lang l);

/* How sources are compiled: the command's options. */
typedef struct cli_build {
	const char *target;       /* --target (OpenCL C); NULL: nvptx64-nvidia-cuda */
	const char *arch;         /* --offload-arch / --cuda-gpu-arch; NULL: per language */
	const char *cuda_path;    /* --cuda-path; NULL: found, or the prelude */
	int cuda_compiler;        /* --cuda-compiler: CLI_CUDA_* */
	const char *rocm_path;    /* --rocm-path; NULL: found, or the prelude */
	const char *compdb;       /* -p DIR / --compile-commands FILE; NULL: none */
	char **extra;             /* everything after "--" */
	int nextra;
	int jobs;                 /* -j; 0: the number of cores */
	double timeout;           /* --timeout: seconds per input; 0: none; -1: not given */
	int color_when;           /* --color: CLI_COLOR_* */
	int color;                /* ask the compiler for colours (cli_build_ready) */
	int caret;                /* source lines with carets: 1 unless --no-caret */
	char **db_files;          /* the database's sources, when no file is named */
	size_t ndb_files;
} cli_build;

/* --cuda-compiler: nvcc where a toolkit is found (auto), or the one named */
enum { CLI_CUDA_AUTO, CLI_CUDA_NVCC, CLI_CUDA_CLANG };

/* --color */
enum { CLI_COLOR_AUTO, CLI_COLOR_ALWAYS, CLI_COLOR_NEVER };


/* The options of check and analyze that say how sources are compiled, with
 * ids of their own (past the commands' own ids): CLI_BUILD_OPTIONS goes
 * into a command's option table, cli_build_option takes them. */
enum {
	CLI_OPT_BUILD_PATH = 1000, CLI_OPT_COMPDB, CLI_OPT_JOBS, CLI_OPT_TARGET, CLI_OPT_ARCH,
	CLI_OPT_CUDA_PATH, CLI_OPT_ROCM_PATH, CLI_OPT_COLOR, CLI_OPT_NO_CARET, CLI_OPT_CARET,
	CLI_OPT_TIMEOUT, CLI_OPT_CUDA_COMPILER
};
#define CLI_BUILD_OPTIONS                                                                   \
	{"build-path", 'p', 1, CLI_OPT_BUILD_PATH}, {"compile-commands", 0, 1, CLI_OPT_COMPDB},  \
	    {"jobs", 'j', 1, CLI_OPT_JOBS}, {"target", 0, 1, CLI_OPT_TARGET},                     \
	    {"offload-arch", 0, 1, CLI_OPT_ARCH}, {"cuda-gpu-arch", 0, 1, CLI_OPT_ARCH},          \
	    {"cuda-path", 0, 1, CLI_OPT_CUDA_PATH}, {"rocm-path", 0, 1, CLI_OPT_ROCM_PATH},       \
	    {"color", 0, 1, CLI_OPT_COLOR}, {"no-caret", 0, 0, CLI_OPT_NO_CARET},                 \
	    {"-fno-caret-diagnostics", 0, 0, CLI_OPT_NO_CARET},                                   \
	    {"-fcaret-diagnostics", 0, 0, CLI_OPT_CARET}, {"timeout", 0, 1, CLI_OPT_TIMEOUT},   \
	    {"cuda-compiler", 0, 1, CLI_OPT_CUDA_COMPILER}

/* The help's entries for the options about compiling (-- to --timeout;
 * --color and --no-caret are each command's to word). */
extern const char cli_build_help[];

/* *b as without options (carets on), with the arguments after "--" as its
 * extra flags and *argc cut before the "--". */
void cli_build_init(cli_build *b, int *argc, char **argv);
/* Takes option id (one of CLI_BUILD_OPTIONS) and its value: 1; 0 when id
 * is not one of them; -1 with a message printed when the value is bad. */
int cli_build_option(cli_build *b, int id, const char *value);
/* "no input files", with a hint when there are arguments after "--"
 * (the compiler's: a file named "-x" is "./-x"). */
void cli_no_inputs(const cli_build *b);
/* Once the options are read: b->color from --color for standard error, and
 * the time limit on reading each input (cli_watch_timeout). */
void cli_build_ready(cli_build *b);
/* Whether output in colour suits fd: a terminal whose TERM is set and not
 * "dumb", and NO_COLOR unset or empty (no-color.org). */
int cli_color_suits(int fd);

/*
 * With no file named and a database given (-p): every CUDA, HIP, OpenCL C
 * and GLSL source of the database (by extension, or a C++ file's -x), each
 * once, in its order, as run-clang-tidy checks them; *paths and *compiled
 * (freed) become arrays of that many (*n), the names owned by b until
 * cli_build_free. 1 when there are some; 0 when there is none (a warning
 * says so); -1 with a message printed.
 */
int cli_database_inputs(cli_build *b, const char ***paths, char ***compiled, size_t *n);
void cli_build_free(cli_build *b);

/*
 * Compiles every source among paths (cli_source_lang), up to b->jobs at a
 * time, into the private folder: compiled[i] is the file made for paths[i]
 * (in the folder) or NULL for an input that is not a source. The compilers'
 * messages are written to standard error in input order once each is done.
 * CLI_EXIT_OK, also when some source failed to compile (the compiler said
 * why) or could not be compiled at all (said here): that input's
 * compiled[i] stays NULL and cli_compile_failure(i) says why, and the
 * others are compiled; CLI_EXIT_ERROR when nothing could be (out of
 * memory, no private folder, a --cuda-path that names no toolkit). A compiler that runs
 * longer than b->timeout is killed, with its process group, and its source
 * is an error that shows the command; the others go on. Every compiler
 * dies with this process (PR_SET_PDEATHSIG), even by SIGKILL. A signal (SIGINT,
 * SIGTERM, SIGHUP) stops the compilers, removes the folder and ends the
 * process by the same signal.
 */
int cli_compile_sources(const cli_build *b, const char **paths, size_t n, char **compiled);

/* Input i of the last cli_compile_sources, when it is a source that could
 * not be compiled: why, in a few words (the compiler's messages went to
 * standard error); else NULL. Kept until cli_build_free. */
const char *cli_compile_failure(size_t i);

/* Removes the private folder and what is in it (nothing when there is
 * none), and gives signals back the handling they had before. */
void cli_sources_cleanup(void);


/* A signal that came while sources were compiled or read is only recorded
 * (cli_stop_signal, isolate.h); cli_sources_finish, called once the
 * compiled files are read, cleans up and then ends the process by it. */
void cli_sources_finish(void);

#endif
