/*
 * isolate.h - the command in a child process, so that a crash or a hang inside a
 * library while an input is read is that input's error, not the run's.
 */
#ifndef TC_TOOLS_ISOLATE_H
#define TC_TOOLS_ISOLATE_H

#include <stddef.h>

/*
 * Runs the command run(argc, argv) in a child process (isolate.c): a crash
 * or an abort inside LLVM while an input is read becomes
 * "FILE: error: LLVM failed reading this input (...)" and exit status 2.
 * The child says what it does with cli_watch_phase; outside a child (no
 * isolation) that does nothing.
 */
/* --timeout's default: how long one input may take to compile, and to read */
#define CLI_TIMEOUT_DEFAULT 300.0

/* The most threads a run uses: the watch keeps a slot for each. */
#define CLI_MAX_THREADS 64

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
/* A stop signal (SIGINT, SIGTERM, SIGHUP) while sources are compiled or
 * inputs read: cli_stop_handler, a sigaction handler, records the first;
 * cli_stop_signal gives it (0: none came), so that waits end early and the
 * run ends by it once it has cleaned up (source.h). */
void cli_stop_handler(int sig);
int cli_stop_signal(void);
/* Removes path and everything under it (the sources' private folder). */
void cli_remove_tree(const char *path);
/* The sources' private folder (NULL: removed), for the parent to remove
 * when the child dies before it could. */
void cli_watch_folder(const char *path);
/* --timeout: how long reading one input may take, in seconds (0: no
 * limit; -1: not given, the default, CLI_TIMEOUT_DEFAULT). */
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

#endif
