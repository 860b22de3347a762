/*
 * args.h - the commands' one option parser, and the options they share: how
 * inputs are read (--trust-bra-uni, --validate, --no-validate,
 * --block-size) and exact's bound (--exact-work).
 */
#ifndef TC_TOOLS_ARGS_H
#define TC_TOOLS_ARGS_H

#include "threadconv.h"
#include <stdbool.h>

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

/* --exact-work K: exact's per-source tests stop at K times the graph's
 * size (0: never). Reports a bad K; CLI_EXIT_*. */
int cli_exact_work(tc_solve_options *opt, const char *value);
/* The --block-size X[,Y[,Z]] option into read->block_size; 0 or -1 (a
 * message printed). */
int cli_block_size(tc_read_options *read, const char *value);

/* The options of check and analyze that say how inputs are read, with ids
 * of their own (past the build options' of source.h): CLI_READ_OPTIONS
 * goes into a command's option table, cli_read_option takes them (1 when
 * id is one of them, 0 when not, -1 when its value is bad: said),
 * cli_read_help is the entries of the flags among them in the help. */
enum {
	CLI_OPT_TRUST_BRA_UNI = 2000, CLI_OPT_VALIDATE, CLI_OPT_NO_VALIDATE, CLI_OPT_FUNCTION,
	CLI_OPT_BLOCK_SIZE
};
#define CLI_READ_OPTIONS                                                                    \
	{"function", 0, 1, CLI_OPT_FUNCTION}, {"trust-bra-uni", 0, 0, CLI_OPT_TRUST_BRA_UNI},  \
	    {"validate", 0, 0, CLI_OPT_VALIDATE}, {"no-validate", 0, 0, CLI_OPT_NO_VALIDATE}, \
	    {"block-size", 0, 1, CLI_OPT_BLOCK_SIZE}
int cli_read_option(tc_read_options *read, int id, const char *value);
extern const char cli_read_help[];

#endif
