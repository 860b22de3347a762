/*
 * msg.h - the command's exit statuses and messages. Every message goes through
 * cli_msg(): standard error, or the buffer of the task that says it
 * (parallel.h), so that any number of jobs prints the same bytes.
 */
#ifndef TC_TOOLS_MSG_H
#define TC_TOOLS_MSG_H

#include "threadconv.h"
#include <stdio.h>

#define CLI_EXIT_OK 0
#define CLI_EXIT_FOUND 1 /* check: something was reported */
#define CLI_EXIT_ERROR 2 /* usage error, bad input, or a failure to solve or write */
#define CLI_EXIT_FOUND_ERROR 3 /* check: a finding reported as an error (-Werror) */

/* Where a command's messages go: standard error, or inside cli_parallel
 * the buffer of the task that says them. Every message of a task goes
 * through it (cli_error and cli_diag do). */
FILE *cli_msg(void);
/* The calling thread's messages go to f from now on (NULL: standard
 * error): cli_parallel's tasks. */
void cli_msg_to(FILE *f);

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

/* The note on standard error when exact bounded its work on a graph. */
void cli_note_bounded(const char *input, const tc_graph *g, const tc_result *r);

#endif
