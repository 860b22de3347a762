/*
 * parallel.h - many tasks (inputs read, graphs solved) on threads (-j), with the
 * messages of a serial run.
 */
#ifndef TC_TOOLS_PARALLEL_H
#define TC_TOOLS_PARALLEL_H

#include "isolate.h" /* CLI_MAX_THREADS */

#include <stddef.h>

/*
 * Runs task(ctx, i) for every i < n on up to jobs threads (at most
 * CLI_MAX_THREADS; one job: in this thread). Each task's messages
 * (cli_msg) reach standard error in the order of i, each as soon as the
 * tasks before it are done, so that any number of jobs prints the same
 * bytes. A task says nothing on stderr itself. CLI_EXIT_OK, or
 * CLI_EXIT_ERROR when out of memory (said; nothing ran).
 */
int cli_parallel(size_t n, int jobs, void (*task)(void *ctx, size_t i), void *ctx);
/* -j N: N, or for 0 the number of cores. */
int cli_jobs(int asked);
/* How many threads cli_parallel runs n tasks on with jobs. */
int cli_workers(size_t n, int jobs);

#endif
