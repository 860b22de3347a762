/* msg.c - exit statuses and messages (msg.h). */
#include "msg.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static _Thread_local FILE *task_msgs;

FILE *cli_msg(void)
{
	return task_msgs ? task_msgs : stderr;
}

void cli_msg_to(FILE *f)
{
	task_msgs = f;
}

void cli_error(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	FILE *out = cli_msg();
	fputs("threadconv: error: ", out);
	vfprintf(out, fmt, ap);
	fputc('\n', out);
	va_end(ap);
}

void cli_note_bounded(const char *input, const tc_graph *g, const tc_result *r)
{
	uint32_t n = tc_result_stats(r).fallback_sources;
	if (n)
		fprintf(cli_msg(),
			"threadconv: note: %s: graph %s: exact bounded its work; the segments of "
			"%u sync node%s carry path's answer (sound, may be weaker; "
			"--exact-work 0 lifts the bound)\n",
			input, tc_graph_name(g), (unsigned)n, n == 1 ? "" : "s");
}

void cli_graph_error(const char *input, const tc_graph *g, const char *message)
{
	fprintf(cli_msg(), "%s: error: graph '%s': %s\n", input, tc_graph_name(g), message);
}

const char *cli_input_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

void cli_diag(const tc_diag *d, const char *fallback_file)
{
	const char *file = d->file[0] ? d->file : fallback_file;
	if (!file || !*file) {
		cli_error("%s", d->message);
		return;
	}
	file = cli_input_name(file);
	FILE *out = cli_msg();
	if (d->line && d->col)
		fprintf(out, "%s:%u:%u: error: %s\n", file, (unsigned)d->line, (unsigned)d->col,
			d->message);
	else if (d->line)
		fprintf(out, "%s:%u: error: %s\n", file, (unsigned)d->line, d->message);
	else
		fprintf(out, "%s: error: %s\n", file, d->message);
}

