/*
 * output.h - writing the finished output. A command renders its whole output
 * into memory or into a file beside the one named, and puts it in place
 * only once all inputs are read and solved, so an error never leaves half
 * a report behind; nor is an input ever written over.
 */
#ifndef TC_TOOLS_OUTPUT_H
#define TC_TOOLS_OUTPUT_H

#include "threadconv.h"
#include <stdbool.h>
#include <stdio.h>

/* Writes buf to path, or to stdout when path is NULL or "-"; CLI_EXIT_* */
int cli_write_output(const char *path, const char *buf, size_t len);

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

/* The inputs the command reads, which cli_render_output refuses to write
 * over (paths[0..count), as the command names them; kept, not copied). */
void cli_output_inputs(const char *const *paths, size_t count);

#endif
