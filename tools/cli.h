/*
 * cli.h - what the threadconv commands share: exit statuses, option parsing,
 * error messages, and writing the finished output.
 *
 * A command renders its whole output into memory and writes it only once all
 * inputs are read and solved, so an error never leaves half a report behind.
 */
#ifndef TC_TOOLS_CLI_H
#define TC_TOOLS_CLI_H

#include "threadconv.h"
#include "report/report.h"

#include <stdio.h>

#define CLI_EXIT_OK 0
#define CLI_EXIT_FOUND 1 /* check: something was reported */
#define CLI_EXIT_ERROR 2 /* usage error, bad input, or a failure to solve or write */
#define CLI_EXIT_FOUND_ERROR 3 /* check: a finding reported as an error (-Werror) */

/* An option of a command: --name, and -c when short_name is not 0. A name
 * that starts with '-' is the whole option with one dash, "-fname" for
 * "-fname", matched before the short options and taking no value. */
typedef struct cli_option {
	const char *name;
	char short_name;
	int takes_value; /* 0, 1, or CLI_VALUE_ATTACHED */
	int id; /* what cli_next_option returns for it; >= 0 */
} cli_option;

/* takes_value: a value only when attached (--name=VALUE, -cVALUE), else
 * none (value NULL): --warnings-as-errors[=RULES], -W<rule>. */
#define CLI_VALUE_ATTACHED 2

/* Walks argv[1..argc); options and operands may be mixed, "--" ends options. */
typedef struct cli_args {
	int argc, next;
	char **argv;
	int operands_only;
} cli_args;

#define CLI_OPERAND (-1) /* *value is an operand ("-" is one) */
#define CLI_END (-2)
#define CLI_BAD (-3)     /* the error has been printed */

void cli_args_init(cli_args *it, int argc, char **argv);
/* opts ends with an entry whose name is NULL. */
int cli_next_option(cli_args *it, const cli_option *opts, const char **value);

/* Where a command's messages go: standard error, or inside cli_parallel
 * the buffer of the task that says them. Every message of a task goes
 * through it (cli_error and cli_diag do). */
FILE *cli_msg(void);

/* "threadconv: error: ..." on cli_msg(). */
void cli_error(const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 1, 2)))
#endif
	;
/* An input error as file:line:col: error: message (fallback_file when the
 * diagnostic names none). */
void cli_diag(const tc_diag *d, const char *fallback_file);
/* "INPUT: error: graph 'G': message" on cli_msg(). */
void cli_graph_error(const char *input, const tc_graph *g, const char *message);
/* The input's name in messages: "<stdin>" for "-". */
const char *cli_input_name(const char *path);

/* Writes buf to path, or to stdout when path is NULL or "-"; CLI_EXIT_* */
int cli_write_output(const char *path, const char *buf, size_t len);

/*
 * Runs task(ctx, i) for every i < n on up to jobs threads (at most
 * CLI_MAX_THREADS; one job: in this thread). Each task's messages
 * (cli_msg) reach standard error in the order of i, each as soon as the
 * tasks before it are done, so that any number of jobs prints the same
 * bytes. A task says nothing on stderr itself. CLI_EXIT_OK, or
 * CLI_EXIT_ERROR when out of memory (said; nothing ran).
 */
#define CLI_MAX_THREADS 64
int cli_parallel(size_t n, int jobs, void (*task)(void *ctx, size_t i), void *ctx);
/* -j N: N, or for 0 the number of cores. */
int cli_jobs(int asked);
/* How many threads cli_parallel runs n tasks on with jobs. */
int cli_workers(size_t n, int jobs);

/* The inputs of a command, read in order; every bad one is reported. */
typedef struct cli_inputs {
	tc_module **modules; /* one per input; NULL where reading failed */
	double *parse_s;     /* per input: reading and parsing */
	long long *bytes;    /* per input: size, -1 when unknown */
	size_t count, ngraphs;
	/* per input that could not be compiled or read: what was said of it
	 * (malloc'd; NULL for the others), at that line and column (0: none) */
	char **errors;
	uint32_t *error_line, *error_col;
	size_t nfailed;
} cli_inputs;

/* CLI_EXIT_OK, also when some inputs could not be compiled or read: each
 * was said on stderr and is in in->errors (in->nfailed of them), and the
 * others were read; CLI_EXIT_ERROR when nothing could be (out of memory,
 * standard input named twice). compiled[i], when compiled and it are not
 * NULL, is the file a compiler made from source paths[i] (source.h): it is
 * read under paths[i]'s name; a source that did not compile
 * (cli_compile_failure) is not read. announce: say "reading N MB" on
 * stderr for large inputs (when one thread reads). jobs: cli_parallel's. */
int cli_read_compiled(cli_inputs *in, const char **paths, char *const *compiled,
		      size_t count, const tc_read_options *opt, int announce, int jobs);
void cli_inputs_free(cli_inputs *in);

/* --stats: each input's parse time, size, speed and reading phases (IR). */
void cli_print_read_stats(const cli_inputs *in, const char **paths);
/* --stats: one graph's size and solver phases. */
void cli_print_graph_stats(const char *input, const tc_graph *g, const tc_result *r);

/* Renders a report straight into path (NULL or "-": standard output), which
 * is opened only now, after every input has been read and solved; a report
 * of ten million blocks is never held whole. A file is written beside path
 * and renamed over it when complete, so an error while rendering (out of
 * memory, a full disk) leaves path as it was; on standard output, a device
 * or a FIFO it can leave the output incomplete. CLI_EXIT_*. */
typedef int (*cli_render_fn)(FILE *out, const void *ctx, tc_diag *diag);
int cli_render_output(const char *path, cli_render_fn render, const void *ctx);
/* One more file that cli_render_output refuses to write over, besides the
 * inputs: one the command read itself (check's --baseline); NULL: none. */
void cli_also_input(const char *path);
/* Whether two outputs of cli_render_output (NULL or "-": standard output)
 * are the same: the same name, or the same existing file by any name. */
bool cli_same_output(const char *a, const char *b);

/*
 * Runs the command run(argc, argv) in a child process (isolate.c): a crash
 * or an abort inside LLVM while an input is read becomes
 * "FILE: error: LLVM failed reading this input (...)" and exit status 2.
 * The child says what it does with cli_watch_phase; outside a child (no
 * isolation) that does nothing.
 */
enum { CLI_PHASE_OTHER, CLI_PHASE_READ, CLI_PHASE_WRITE };
int cli_isolated(int (*run)(int, char **), int argc, char **argv);
/* CLI_PHASE_READ: reading input (its name as given, its size in bytes or
 * -1 when unknown: reading it has a time limit, --timeout);
 * CLI_PHASE_WRITE: rendering a report. In both, standard error is set aside until the next
 * phase (what the libraries below print is dropped unless the child dies). */
void cli_watch_phase(int phase, const char *input, long long bytes);
/* cli_parallel's part: the calling thread's watch slot (worker k: k); and
 * a runner's beginning, progress and end. A runner with several workers
 * runs with standard error set aside throughout: when it fails, the
 * command runs again with one job (cli_watch_serial), silent until the
 * runner that failed and there until past the tasks whose messages were
 * written (*skip). begin returns the descriptor the messages go to (-1:
 * standard error), for end to close. */
void cli_watch_slot(int slot);
int cli_watch_serial(void);
int cli_watch_runner_begin(int workers, size_t *skip);
void cli_watch_runner_flushed(size_t count);
void cli_watch_runner_end(int fd);
/* The sources' private folder (NULL: removed), for the parent to remove
 * when the child dies before it could. */
void cli_watch_folder(const char *path);
/* --timeout: how long reading one input may take, in seconds (0: no
 * limit; -1: not given, the default, CLI_TIMEOUT_DEFAULT of source.h). */
void cli_watch_timeout(double seconds);
/* cli_parallel's part: the task the calling thread runs (its index). */
void cli_watch_task(size_t task);
/* Whether the task this thread runs (an input read by cli_parallel) was
 * given up by an earlier attempt: *limit > 0, the parent stopped it past
 * that time limit in seconds; else *why says what stopped the process while
 * it read it ("LLVM failed reading this input (SIGSEGV): it is malformed").
 * The task then fails with a message that says so. After either, the
 * command runs again with one job, silent up to that task, so that the other
 * inputs go on. */
int cli_watch_gave_up(double *limit, const char **why);

/* --exact-work K: exact's per-source tests stop at K times the graph's
 * size (0: never). Reports a bad K; CLI_EXIT_*. */
int cli_exact_work(tc_solve_options *opt, const char *value);
/* The note on standard error when exact bounded its work on a graph. */
void cli_note_bounded(const char *input, const tc_graph *g, const tc_result *r);

/* The commands: run with argv[0] the command name; help writes the manual. */
/* The --block-size X[,Y[,Z]] option into read->block_size; 0 or -1 (a
 * message printed). */
int cli_block_size(tc_read_options *read, const char *value);

/* The options of check and analyze that say how inputs are read, with ids
 * of their own (past the build options' of source.h): CLI_READ_OPTIONS
 * goes into a command's option table, cli_read_option takes them (true
 * when id is one of them), cli_read_help is their entries in the help. */
enum { CLI_OPT_TRUST_BRA_UNI = 2000, CLI_OPT_VALIDATE, CLI_OPT_NO_VALIDATE };
#define CLI_READ_OPTIONS                                                                    \
	{"trust-bra-uni", 0, 0, CLI_OPT_TRUST_BRA_UNI}, {"validate", 0, 0, CLI_OPT_VALIDATE},  \
	    {"no-validate", 0, 0, CLI_OPT_NO_VALIDATE}
bool cli_read_option(tc_read_options *read, int id);
extern const char cli_read_help[];

int cli_analyze(int argc, char **argv);
void cli_analyze_help(FILE *out);
int cli_check(int argc, char **argv);
void cli_check_help(FILE *out);

#endif
