/*
 * source.h - kernel sources (.cu, .cuh, .hip, .cl, .comp, .glsl) that the
 * commands compile themselves before reading them (docs/source.md).
 *
 * The compiler (clang-19, glslangValidator) runs as a child process with
 * its arguments as an array, never through a shell; what it prints is
 * passed on unchanged, in input order, and its output goes to a private
 * temporary folder that is removed on every way out, SIGINT included.
 */
#ifndef TC_TOOLS_SOURCE_H
#define TC_TOOLS_SOURCE_H

#include <stddef.h>

typedef enum cli_lang {
	CLI_LANG_NONE = 0, /* not a source: read as it is */
	CLI_LANG_CUDA,
	CLI_LANG_HIP,
	CLI_LANG_OPENCL,
	CLI_LANG_GLSL
} cli_lang;

/* The language of path, by its extension. */
cli_lang cli_source_lang(const char *path);
const char *cli_lang_name(cli_lang l);

/* How sources are compiled: the command's options. */
typedef struct cli_build {
	const char *target;       /* --target (OpenCL C); NULL: nvptx64-nvidia-cuda */
	const char *arch;         /* --offload-arch / --cuda-gpu-arch; NULL: per language */
	const char *cuda_path;    /* --cuda-path; NULL: found, or the prelude */
	const char *rocm_path;    /* --rocm-path; NULL: found, or the prelude */
	const char *compdb;       /* -p DIR / --compile-commands FILE; NULL: none */
	char **extra;             /* everything after "--" */
	int nextra;
	int jobs;                 /* -j; 0: the number of cores */
	int color;                /* ask the compiler for colours */
	int caret;                /* and for source lines with carets */
} cli_build;

/* -p DIR or --compile-commands FILE: the database's path into b->compdb
 * (DIR/compile_commands.json); 0, or -1 with a message printed. */
int cli_build_compdb(cli_build *b, const char *value, int is_dir);
/* -j N; 0, or -1 with a message printed. */
int cli_build_jobs(cli_build *b, const char *value);

/*
 * Compiles every source among paths (cli_source_lang), up to b->jobs at a
 * time, into the private folder: compiled[i] is the file made for paths[i]
 * (in the folder) or NULL for an input that is not a source. The compilers'
 * messages are written to standard error in input order once each is done.
 * CLI_EXIT_OK, or CLI_EXIT_ERROR when some source failed to compile (the
 * compiler said why) or could not be compiled at all (said here); compiled
 * files are kept for the sources that did compile. A signal (SIGINT,
 * SIGTERM, SIGHUP) stops the compilers, removes the folder and ends the
 * process by the same signal.
 */
int cli_compile_sources(const cli_build *b, const char **paths, size_t n, char **compiled);

/* Removes the private folder and what is in it (nothing when there is
 * none), and gives signals back the handling they had before. */
void cli_sources_cleanup(void);

/* Whether a signal came while sources were compiled or read. The handler
 * only records it; cli_sources_finish, called once the compiled files are
 * read, cleans up and then ends the process by that signal. */
int cli_sources_interrupted(void);
void cli_sources_finish(void);

#endif
