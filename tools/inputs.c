/* inputs.c - the inputs of a command (inputs.h). */
/* strdup() */
#define _XOPEN_SOURCE 700
#include "inputs.h"
#include "args.h"
#include "frontend/input.h"
#include "isolate.h"
#include "msg.h"
#include "output.h"
#include "parallel.h"
#include "source.h"
#include "util/clock.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

typedef struct read_ctx {
	cli_inputs *in;
	const char **paths;
	char *const *compiled;
	const tc_read_options *opt;
	int announce;
	char *failed; /* per input */
} read_ctx;

/* Input i read (a task of cli_parallel). */
static void read_one(void *ctx, size_t i)
{
	read_ctx *c = ctx;
	cli_inputs *in = c->in;
	const char *path = c->paths[i];
	FILE *msg = cli_msg();
	const char *not_compiled = c->compiled ? cli_compile_failure(i) : NULL;
	if (not_compiled) { /* said when it failed */
		in->errors[i] = strdup(not_compiled);
		c->failed[i] = 1;
		return;
	}
	if (!c->compiled && cli_source_lang(path) != CLI_LANG_NONE) {
		fprintf(msg,
			"%s: error: a %s source: analyze reads IR, PTX, SPIR-V and .cfg "
			"files; compile it first, or run threadconv check on it "
			"(docs/source.md)\n",
			path, cli_lang_name(cli_source_lang(path)));
		c->failed[i] = 1;
		return;
	}
	double limit;
	const char *stopped;
	if (cli_watch_gave_up(&limit, &stopped)) {
		/* an earlier attempt was stopped reading it (isolate.c) */
		char text[512];
		if (limit > 0)
			snprintf(text, sizeof text,
				 "reading this input did not finish within %g s (--timeout)", limit);
		else
			snprintf(text, sizeof text, "%s", stopped);
		fprintf(msg, "%s: error: %s\n", cli_input_name(path), text);
		in->errors[i] = strdup(text);
		c->failed[i] = 1;
		return;
	}
	tc_diag d;
	struct stat st;
	in->bytes[i] = strcmp(path, "-") != 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode)
			       ? (long long)st.st_size
			       : -1;
	/* reading takes about a second per 100 MB: say what is going on (on
	 * a terminal, one job: a line that is then wiped) */
	int say = c->announce && in->bytes[i] > (100ll << 20);
	if (say) {
		fprintf(stderr, "\rthreadconv: %s: reading %lld MB\033[K", path, in->bytes[i] >> 20);
		fflush(stderr);
	}
	double t0 = tc__now();
	cli_watch_phase(CLI_PHASE_READ, path, in->bytes[i]);
	int rc = c->compiled && c->compiled[i]
			 ? tc__read_compiled(&in->modules[i], c->compiled[i], path, c->opt, NULL, &d)
			 : tc_read_file_ex(&in->modules[i], path, c->opt, NULL, &d);
	cli_watch_phase(CLI_PHASE_OTHER, NULL, 0);
	in->parse_s[i] = tc__now() - t0;
	if (say)
		fputs("\r\033[K", stderr);
	if (rc) {
		cli_diag(&d, path);
		in->errors[i] = strdup(d.message);
		in->error_line[i] = d.line;
		in->error_col[i] = d.col;
		c->failed[i] = 1;
		return;
	}
	for (size_t k = 0; k < tc_module_warning_count(in->modules[i]); k++)
		fprintf(msg, "%s: warning: %s\n", cli_input_name(path),
			tc_module_warning(in->modules[i], k));
}

int cli_read_compiled(cli_inputs *in, const char **paths, char *const *compiled,
		      size_t count, const tc_read_options *opt, int announce, int jobs)
{
	memset(in, 0, sizeof *in);
	cli_output_inputs((const char *const *)paths, count);
	in->modules = calloc(count ? count : 1, sizeof *in->modules);
	in->parse_s = calloc(count ? count : 1, sizeof *in->parse_s);
	in->bytes = calloc(count ? count : 1, sizeof *in->bytes);
	in->errors = calloc(count ? count : 1, sizeof *in->errors);
	in->error_line = calloc(count ? count : 1, sizeof *in->error_line);
	in->error_col = calloc(count ? count : 1, sizeof *in->error_col);
	char *failed = calloc(count ? count : 1, 1);
	if (!in->modules || !in->parse_s || !in->bytes || !in->errors || !in->error_line ||
	    !in->error_col || !failed) {
		free(failed);
		cli_error("out of memory");
		return CLI_EXIT_ERROR;
	}
	in->count = count;
	size_t stdin_named = 0;
	for (size_t i = 0; i < count; i++)
		stdin_named += strcmp(paths[i], "-") == 0;
	if (stdin_named > 1) {
		free(failed);
		cli_error("standard input ('-') is named %zu times; it can be read only once",
			  stdin_named);
		return CLI_EXIT_ERROR;
	}
	read_ctx c = {in, paths, compiled, opt, announce && cli_workers(count, jobs) == 1, failed};
	int status = cli_parallel(count, jobs, read_one, &c);
	for (size_t i = 0; i < count; i++) {
		if (failed[i]) {
			in->nfailed++;
			if (!in->errors[i] && !(in->errors[i] = strdup("could not be read")))
				status = CLI_EXIT_ERROR;
		} else if (in->modules[i]) {
			in->ngraphs += tc_module_graph_count(in->modules[i]);
		}
	}
	free(failed);
	return status;
}

void cli_inputs_free(cli_inputs *in)
{
	for (size_t i = 0; in->modules && i < in->count; i++)
		tc_module_free(in->modules[i]);
	free(in->modules);
	for (size_t i = 0; in->errors && i < in->count; i++)
		free(in->errors[i]);
	free(in->errors);
	free(in->error_line);
	free(in->error_col);
	free(in->parse_s);
	free(in->bytes);
	memset(in, 0, sizeof *in);
}

void cli_print_read_stats(const cli_inputs *in, const char **paths)
{
	for (size_t i = 0; i < in->count; i++) {
		double ms = in->parse_s[i] * 1e3;
		fprintf(stderr, "threadconv: stats: %s: parse %.3f ms", cli_input_name(paths[i]), ms);
		if (in->bytes[i] >= 0)
			fprintf(stderr, ", %lld bytes, %.1f MB/s", in->bytes[i],
				in->parse_s[i] > 0 ? (double)in->bytes[i] / 1e6 / in->parse_s[i]
						   : 0.0);
		tc_read_stats st = in->modules[i] ? tc_module_read_stats(in->modules[i])
						  : (tc_read_stats){0, {{NULL, 0}}};
		for (uint32_t k = 0; k < st.nphases; k++)
			fprintf(stderr, "%s %s %.3f ms", k ? "," : ":", st.phase[k].name,
				st.phase[k].seconds * 1e3);
		fputc('\n', stderr);
	}
}

void cli_print_graph_stats(const char *input, const tc_graph *g, const tc_result *r)
{
	tc_solve_stats st = tc_result_stats(r);
	uint32_t n = tc_graph_node_count(g), m = tc_graph_edge_count(g);
	fprintf(stderr, "threadconv: stats: %s: graph %s: %u node%s, %u edge%s:", input,
		tc_graph_name(g), (unsigned)n, n == 1 ? "" : "s", (unsigned)m, m == 1 ? "" : "s");
	for (uint32_t k = 0; k < st.nphases; k++)
		fprintf(stderr, " %s %.3f ms,", st.phase[k].name, st.phase[k].seconds * 1e3);
	fprintf(stderr, " total %.3f ms, %u round%s\n", st.total_s * 1e3, (unsigned)st.rounds,
		st.rounds == 1 ? "" : "s");
}

int cli_shared_option(tc_read_options *read, cli_build *build, int id, const char *value)
{
	if (id == CLI_BAD)
		return 0;
	int rc = cli_read_option(read, id, value);
	if (rc)
		return rc;
	rc = cli_build_option(build, id, value);
	return rc > 0 ? 1 : rc == 0 ? 0 : -1;
}

int cli_operands(cli_build *build, const char ***paths, char ***compiled, size_t *n)
{
	if (*n == 0 && build->compdb && cli_database_inputs(build, paths, compiled, n) < 0)
		return -1;
	if (*n == 0) {
		cli_no_inputs(build);
		return 1;
	}
	return 0;
}

int cli_compile_and_read(cli_inputs *in, cli_build *build, const char **paths,
			 char **compiled, size_t n, const tc_read_options *read, int announce,
			 int *jobs)
{
	cli_build_ready(build);
	*jobs = cli_jobs(build->jobs);
	int status = cli_compile_sources(build, paths, n, compiled);
	if (status == CLI_EXIT_OK)
		status = cli_read_compiled(in, paths, compiled, n, read, announce, *jobs);
	cli_sources_finish();
	return status;
}
