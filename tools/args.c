/* args.c - the option parser and the shared options (args.h). */
#include "args.h"
#include "msg.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void cli_args_init(cli_args *it, int argc, char **argv)
{
	it->argc = argc;
	it->argv = argv;
	it->next = 1;
	it->operands_only = 0;
}

static const cli_option *find_long(const cli_option *opts, const char *name, size_t len)
{
	for (; opts->name; opts++)
		if (opts->name[0] != '-' && strlen(opts->name) == len &&
		    memcmp(opts->name, name, len) == 0)
			return opts;
	return NULL;
}

/* An option spelt with one dash, as compilers spell theirs
 * (-fno-caret-diagnostics): its name is "-" and the rest, and it takes no
 * value. */
static const cli_option *find_single_dash(const cli_option *opts, const char *arg)
{
	for (; opts->name; opts++)
		if (opts->name[0] == '-' && strcmp(opts->name + 1, arg + 1) == 0)
			return opts;
	return NULL;
}

static const cli_option *find_short(const cli_option *opts, char c)
{
	for (; opts->name; opts++)
		if (opts->short_name && opts->short_name == c)
			return opts;
	return NULL;
}

int cli_next_option(cli_args *it, const cli_option *opts, const char **value)
{
	*value = NULL;
	if (it->next >= it->argc)
		return CLI_END;
	char *arg = it->argv[it->next++];
	if (it->operands_only || arg[0] != '-' || arg[1] == '\0') {
		*value = arg;
		return CLI_OPERAND;
	}
	if (strcmp(arg, "--") == 0) {
		it->operands_only = 1;
		return cli_next_option(it, opts, value);
	}
	const cli_option *o;
	const char *inline_value = NULL;
	if (arg[1] == '-') {
		const char *eq = strchr(arg + 2, '=');
		size_t len = eq ? (size_t)(eq - arg - 2) : strlen(arg + 2);
		if (!(o = find_long(opts, arg + 2, len))) {
			cli_error("unknown option '%.*s'", (int)(len + 2), arg);
			return CLI_BAD;
		}
		if (eq && !o->takes_value) {
			cli_error("option '--%s' takes no value", o->name);
			return CLI_BAD;
		}
		inline_value = eq ? eq + 1 : NULL;
	} else if ((o = find_single_dash(opts, arg))) {
		return o->id;
	} else {
		if (!(o = find_short(opts, arg[1])) || (!o->takes_value && arg[2])) {
			cli_error("unknown option '%s'", arg);
			return CLI_BAD;
		}
		inline_value = arg[2] ? arg + 2 : NULL;
	}
	if (o->takes_value == CLI_VALUE_ATTACHED) {
		*value = inline_value; /* NULL: none */
	} else if (o->takes_value) {
		if (!inline_value && it->next >= it->argc) {
			cli_error("option '--%s' needs a value", o->name);
			return CLI_BAD;
		}
		*value = inline_value ? inline_value : it->argv[it->next++];
	}
	return o->id;
}

int cli_exact_work(tc_solve_options *opt, const char *value)
{
	char *end;
	errno = 0;
	unsigned long k = strtoul(value, &end, 10);
	if (end == value || *end || errno || value[0] == '-' || k > UINT32_MAX) {
		cli_error("--exact-work wants a whole number of times the graph's size, not '%s'",
			  value);
		return CLI_EXIT_ERROR;
	}
	opt->exact_work_limit = k == 0 ? UINT64_MAX : 0;
	opt->exact_work_factor = (uint32_t)k;
	return CLI_EXIT_OK;
}

int cli_block_size(tc_read_options *read, const char *value)
{
	uint32_t size[3] = {1, 1, 1};
	const char *p = value;
	for (int d = 0; d < 3; d++) {
		char *end;
		errno = 0;
		unsigned long v = strtoul(p, &end, 10);
		if (end == p || *p == '-' || *p == '+' || errno || v == 0 || v > 1048576 ||
		    (*end && *end != ',') || (*end == ',' && d == 2)) {
			cli_error("bad --block-size '%s' (expected X[,Y[,Z]], each from 1 to 1048576)",
				  value);
			return -1;
		}
		size[d] = (uint32_t)v;
		if (!*end)
			break;
		p = end + 1;
	}
	memcpy(read->block_size, size, sizeof size);
	return 0;
}

const char cli_read_help[] =
"    --trust-bra-uni\n"
"        PTX: take a predicated bra.uni to go the same way in all threads\n"
"        of the block. PTX promises that only for the threads of a warp,\n"
"        so by default its predicate is analysed like any other.\n"
"    --validate\n"
"        SPIR-V: also check the module with SPIRV-Tools' validator, every\n"
"        rule of SPIR-V at its version, and reject it when it breaks one.\n"
"        By default only what the reader relies on is checked, and the\n"
"        rules of block order and merge instructions that compilers break\n"
"        are a warning. The validator's time grows faster than the\n"
"        module: about 8 times the rest of the reading at 10^5 blocks.\n"
"    --no-validate\n"
"        SPIR-V: check nothing before reading the module (for modules a\n"
"        compiler validated). An invalid module then gives graphs that may\n"
"        be wrong. Of --validate and --no-validate, the last one counts.\n";

int cli_read_option(tc_read_options *read, int id, const char *value)
{
	switch (id) {
	case CLI_OPT_FUNCTION:
		read->function = value;
		return 1;
	case CLI_OPT_BLOCK_SIZE:
		return cli_block_size(read, value) ? -1 : 1;
	case CLI_OPT_TRUST_BRA_UNI:
		read->flags |= TC_READ_TRUST_BRA_UNI;
		return 1;
	case CLI_OPT_VALIDATE: /* the last of the two counts */
		read->flags = (read->flags & ~TC_READ_SPIRV_NO_VALIDATE) | TC_READ_SPIRV_VALIDATE;
		return 1;
	case CLI_OPT_NO_VALIDATE:
		read->flags = (read->flags & ~TC_READ_SPIRV_VALIDATE) | TC_READ_SPIRV_NO_VALIDATE;
		return 1;
	default:
		return 0;
	}
}

