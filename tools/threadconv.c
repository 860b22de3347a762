/*
 * threadconv.c - the command-line tool: `threadconv COMMAND [OPTIONS] FILE...`
 * dispatches to a command (cmd_analyze.c, cmd_check.c), plus help and version.
 */
#include "msg.h"
#include "output.h"
#include "isolate.h"
#include "cmd.h"
#include "frontend/readers.h"

#include <string.h>

typedef struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	void (*help)(FILE *out);
} command;

static const command commands[] = {
	{"analyze", cli_analyze, cli_analyze_help},
	{"check", cli_check, cli_check_help},
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void help(FILE *out)
{
	fputs(
"NAME\n"
"    threadconv - thread-convergence analysis of GPU kernel control-flow graphs\n"
"\n"
"SYNOPSIS\n"
"    threadconv COMMAND [OPTIONS] FILE...\n"
"    threadconv help [COMMAND]\n"
"    threadconv --help | --version\n"
"\n"
"DESCRIPTION\n"
"    threadconv decides for each node and edge of a GPU kernel's control-flow\n"
"    graph whether all threads of a thread block execute it equally often\n"
"    between barriers (\"convergent\"): a barrier placed there synchronizes\n"
"    every thread. It tells which barriers sit in uniformly executed code and\n"
"    need no warp-synchronous rewrite. The model and the paper's rules come\n"
"    from \"On Thread Convergence\" (Grover, Kudlur; NVIDIA 2009).\n"
"\n"
"COMMANDS\n"
"    analyze   find the convergent nodes and edges and judge each barrier\n"
"    check     report barriers and collectives that only some threads of\n"
"              their group may reach\n"
"    help      show the manual of a command\n"
"\n"
"OPTIONS\n"
"    -h, --help\n"
"        Show this help.\n"
"    --version\n"
"        Print the version and exit.\n"
"\n"
"EXIT STATUS\n"
"    0   Success.\n"
"    1   check reported a barrier, a collective or an argument.\n"
"    2   A usage error, a bad input, or a failure to solve or write.\n"
"\n"
"EXAMPLES\n"
"    threadconv analyze kernel.cfg\n"
"    threadconv check kernel.ll\n"
"    threadconv help analyze\n",
	      out);
}

static const command *find_command(const char *name)
{
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (strcmp(commands[i].name, name) == 0)
			return &commands[i];
	return NULL;
}

static int write_stdout(void (*print)(FILE *))
{
	print(stdout);
	return cli_write_output(NULL, "", 0);
}

static void usage_hint(void)
{
	fputs("usage: threadconv COMMAND [OPTIONS] FILE...\n"
	      "Try 'threadconv --help'.\n",
	      stderr);
}

static int help_command(int argc, char **argv)
{
	if (argc < 2)
		return write_stdout(help);
	const command *c = find_command(argv[1]);
	if (!c) {
		cli_error("unknown command '%s'", argv[1]);
		usage_hint();
		return CLI_EXIT_ERROR;
	}
	if (argc > 2) {
		cli_error("help takes one command");
		return CLI_EXIT_ERROR;
	}
	return write_stdout(c->help);
}

static void print_version(FILE *out)
{
	fputs("threadconv " TC_VERSION "\n", out);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		cli_error("no command given");
		usage_hint();
		return CLI_EXIT_ERROR;
	}
	const char *arg = argv[1];
	if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0)
		return write_stdout(help);
	if (strcmp(arg, "--version") == 0)
		return write_stdout(print_version);
	if (strcmp(arg, "help") == 0)
		return help_command(argc - 1, argv + 1);
	const command *c = find_command(arg);
	if (c) {
		/* the process ends after its inputs: LLVM's last module need
		 * not be freed (readers.h) */
		tc__llvm_keep_last(true);
		return cli_isolated(c->run, argc - 1, argv + 1);
	}
	if (arg[0] == '-')
		cli_error("unknown option '%s'", arg);
	else
		cli_error("unknown command '%s'", arg);
	usage_hint();
	return CLI_EXIT_ERROR;
}
