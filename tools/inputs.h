/*
 * inputs.h - the inputs of a command, read in order, on threads: files, and the
 * files a compiler made from sources (source.h).
 */
#ifndef TC_TOOLS_INPUTS_H
#define TC_TOOLS_INPUTS_H

#include "source.h"
#include "threadconv.h"
#include <stdint.h>

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

/* What check and analyze share before their own work. An option of
 * theirs, past their own (how inputs are read, how sources are built):
 * 1 when it is one and taken, 0 when it is none (CLI_BAD too: the usage
 * hint is due), -1 when its value is bad (said). */
int cli_shared_option(tc_read_options *read, cli_build *build, int id, const char *value);
/* The inputs: the operands, else every source of the compile database:
 * 0, 1 when there are none (said; the usage hint is due), -1 when the
 * database could not be read (said). */
int cli_operands(cli_build *build, const char ***paths, char ***compiled, size_t *n);
/* The sources compiled and every input read into in (cli_read_compiled),
 * the sources' folder removed; *jobs gets -j's number of threads.
 * CLI_EXIT_*. */
int cli_compile_and_read(cli_inputs *in, cli_build *build, const char **paths,
			 char **compiled, size_t n, const tc_read_options *read, int announce,
			 int *jobs);

/* --stats: each input's parse time, size, speed and reading phases (IR). */
void cli_print_read_stats(const cli_inputs *in, const char **paths);
/* --stats: one graph's size and solver phases. */
void cli_print_graph_stats(const char *input, const tc_graph *g, const tc_result *r);

#endif
