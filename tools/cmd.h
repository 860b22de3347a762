/*
 * cmd.h - the commands: each runs with argv[0] its name; help writes its manual
 * (cmd_analyze.c, cmd_check.c).
 */
#ifndef TC_TOOLS_CMD_H
#define TC_TOOLS_CMD_H

#include <stdio.h>

int cli_analyze(int argc, char **argv);
void cli_analyze_help(FILE *out);
int cli_check(int argc, char **argv);
void cli_check_help(FILE *out);

#endif
