/*
 * check.c - `threadconv check`: barrier divergence (SPEC 4, check mode).
 * Barriers are not assumed to synchronize; every barrier the exact solver
 * does not prove convergent is reported with the divergent branches that
 * decide it (tc_barrier_causes) and, for IR, the thread-dependent values
 * those branches depend on. Everything is read, solved and rendered into
 * memory before anything is written; what is reported, and whether as a
 * warning or an error, is findings.h's to say: exit 1 when something is
 * reported, 3 when an error is.
 */
#include "args.h"
#include "check/check.h"
#include "cmd.h"
#include "findings.h"
#include "inputs.h"
#include "msg.h"
#include "output.h"
#include "parallel.h"
#include "report/report.h"
#include "source.h"
#include "util/names.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum {
	OPT_FORMAT, OPT_OUTPUT, OPT_EXACT_WORK, OPT_STATS, OPT_QUIET, OPT_HELP,
	OPT_WARNING, OPT_AS_ERRORS,
	OPT_BASELINE, OPT_WRITE_BASELINE
};

enum { FORMAT_TEXT, FORMAT_JSON, FORMAT_SARIF, FORMAT_DOT, FORMAT_SVG };

static const cli_option options[] = {
	{"format", 'f', 1, OPT_FORMAT},
	{"output", 'o', 1, OPT_OUTPUT},
	CLI_READ_OPTIONS,
	{"exact-work", 0, 1, OPT_EXACT_WORK},
	{"-W", 'W', CLI_VALUE_ATTACHED, OPT_WARNING}, /* -W<rule>; "-W" alone: none */
	{"warnings-as-errors", 0, CLI_VALUE_ATTACHED, OPT_AS_ERRORS},
	{"baseline", 0, 1, OPT_BASELINE},
	{"write-baseline", 0, 1, OPT_WRITE_BASELINE},
	CLI_BUILD_OPTIONS,
	{"stats", 0, 0, OPT_STATS},
	{"quiet", 'q', 0, OPT_QUIET},
	{"help", 'h', 0, OPT_HELP},
	{NULL, 0, 0, 0},
};

void cli_check_help(FILE *out)
{
	fputs(
"NAME\n"
"    threadconv check - find barriers and collectives that only some threads\n"
"    of their group reach\n"
"\n"
"SYNOPSIS\n"
"    threadconv check [--format FORMAT] [-o FILE] [--function NAME]\n"
"                     [--trust-bra-uni] [--block-size X[,Y[,Z]]]\n"
"                     [--validate | --no-validate] [--exact-work K] [--stats]\n"
"                     [-W<rule>] [-Wno-<rule>] [-Werror[=<rule>]]\n"
"                     [--warnings-as-errors[=RULES]] [--baseline FILE]\n"
"                     [--write-baseline FILE]\n"
"                     [--quiet] [-p BUILD_DIR] [-j N] [--offload-arch ARCH]\n"
"                     [--target TRIPLE] [--cuda-path DIR]\n"
"                     [--cuda-compiler nvcc|clang]\n"
"                     [--color WHEN] [--no-caret] FILE... [-- FLAGS]\n"
"\n"
"DESCRIPTION\n"
"    Reads every FILE (\"-\" is standard input: a .cfg file, LLVM IR, PTX or\n"
"    SPIR-V, as for analyze) and, without assuming that barriers synchronize, decides for\n"
"    each barrier whether every thread of a thread block reaches it equally\n"
"    often (the exact solver, with the uniform branches the input marks or\n"
"    the IR frontend finds). Each barrier not proven so is reported:\n"
"\n"
"        k.cl:12:5: warning: barrier may be reached by only some threads of\n"
"            the block [-Wbarrier-divergence]\n"
"        k.cl:9:5: note: the branch here may go different ways in different\n"
"            threads\n"
"        k.cl:9:5: note: branch depends on get_local_id(0) (k.cl:9:13)\n"
"\n"
"    (one line each; where the source file can be read, each is followed by\n"
"    its source line and a caret under the column, as clang shows them:\n"
"    --no-caret). The notes name the divergent branches the barrier is\n"
"    control dependent on, looking through branches that are uniform but\n"
"    reached by only some threads; when there is none, the nearest divergent\n"
"    branches before the barrier. For IR, the last note names the thread id\n"
"    (or other thread-varying builtin) the branch condition is computed from,\n"
"    when it is not reached only through a phi. Positions come from debug\n"
"    information (compile with -g); for .cfg files, a barrier's position is\n"
"    its name in the barrier statement and branches are named by node.\n"
"\n"
"    A PTX barrier with a thread count (bar.sync 1, 128) waits for part of\n"
"    the block only; one that some threads may not reach is reported as\n"
"    [-Wpartial-barrier] instead (docs/ptx.md).\n"
"\n"
"    Collectives are checked the same way, for the group they need: warp\n"
"    shuffles, votes and __syncwarp with the full mask (a warp), OpenCL C\n"
"    work-group functions and async copies (the block), sub-group functions\n"
"    (a sub-group); one that its group may not reach together is reported as\n"
"    [-Wcollective-divergence]. A warp operation needs only its warp's lanes:\n"
"    tid.x >> 5, tid.x < 32 and get_sub_group_id() are the same in a warp,\n"
"    tid.x & 31 is not. An argument that must be the same in the whole group\n"
"    (a mask, wait_group_events' event list, async_work_group_copy's\n"
"    pointers, barrier's flags) and may differ is reported as\n"
"    [-Wcollective-argument] (docs/check.md, \"Collectives\").\n"
"\n"
"    Sources (.cu, .cuh, .hip, .cl, .comp, .glsl) are compiled first, with\n"
"    clang-19 or glslangValidator, into a private temporary folder; the\n"
"    compiler's messages are passed on, and a source that does not compile\n"
"    is exit status 2 (docs/source.md).\n"
"\n"
"    Of IR and PTX inputs the kernels are checked, and the functions they\n"
"    call: a barrier in a function that was not inlined is judged in every\n"
"    calling context (which arguments may differ between threads, whether\n"
"    the whole block makes the call) and reported at its own line, with\n"
"    the calls that lead to it as notes; a function no kernel calls is\n"
"    checked as if any thread could call it with any arguments. Every graph\n"
"    of a .cfg file is checked. With --function, the one function or graph\n"
"    named, on its own.\n"
"\n"
"    A phi where a thread-dependent branch joins is thread-dependent, and so\n"
"    is a value computed in a loop, after the loop, when the loop's exit is;\n"
"    a loop counter with a uniform bound is not (docs/llvm.md, \"Phis\").\n"
"\n"
"    Each finding is of a rule: barrier-divergence, barrier-after-exit,\n"
"    partial-barrier, collective-divergence, collective-after-exit or\n"
"    collective-argument, the name in its [-W...] (an after-exit rule is one\n"
"    of its divergence rule's: -Wno-, NOLINT and the baseline of that cover\n"
"    it too).\n"
"    One is not reported when its rule is turned off (-Wno-<rule>), when its\n"
"    source file says so as clang-tidy's comments do, or when the baseline\n"
"    lists it (--baseline):\n"
"\n"
"        __syncthreads(); // NOLINT: every rule, on this line\n"
"        // NOLINTNEXTLINE(barrier-divergence, collective-*): the next line\n"
"        // NOLINTBEGIN(barrier-divergence) ... // NOLINTEND(barrier-divergence)\n"
"\n"
"    (the rules a glob list: '*' any run of characters; without a list,\n"
"    every rule; a NOLINTBEGIN without its NOLINTEND, or the reverse, is an\n"
"    error, exit status 2). The positions are the report's: for IR, PTX and\n"
"    SPIR-V the source lines their debug information names, where those\n"
"    files can be read. Standard error ends with the counts, as clang-tidy's\n"
"    (docs/check.md, \"Choosing what is reported\"):\n"
"\n"
"        3 warnings generated.\n"
"        Suppressed 2 warnings (1 NOLINT, 1 baseline).\n"
"\n"
"OPTIONS\n"
"    -f, --format FORMAT\n"
"        text (the default), json, sarif, dot or svg.\n"
"    -o, --output FILE\n"
"        Write the report to FILE instead of standard output. FILE is\n"
"        replaced only once the whole report is written; on an error it\n"
"        keeps what it held.\n"
"    --function NAME\n"
"        Check only the function (for .cfg files: the graph) called NAME.\n"
"        An input that has none is an error.\n",
	      out);
	fputs(cli_read_help, out);
	fputs(

"    --block-size X[,Y[,Z]]\n"
"        The block's size (threads) the kernels are launched with: which\n"
"        thread-id values are the same in every lane of a warp, and in a\n"
"        dimension of size 1, the thread's index there is 0 in the whole\n"
"        block. Without it, a size the kernel declares\n"
"        (reqd_work_group_size, .reqntid, LocalSize); else the x size is\n"
"        taken to be a multiple of the warp size, and the report says so.\n"
"    --exact-work K\n"
"        Bound the exact solver's work at K times the graph's size, as in\n"
"        analyze (default 16; 0: no bound). Past it, a barrier whose proof\n"
"        needed more is reported, with a note that the bound was reached.\n"
"    -W<rule>, -Wno-<rule>\n"
"        Report the findings of the rule, or not (all are reported by\n"
"        default); of several for one rule, the last wins. An unknown rule\n"
"        is an error.\n"
"    -Werror, -Wno-error, -Werror=<rule>, -Wno-error=<rule>\n"
"        Report the findings of every rule, or of one, as errors (or as\n"
"        warnings again); the last wins. An error reads error: ...\n"
"        [-Werror,-W<rule>], has level error in SARIF and \"level\": \"error\"\n"
"        in JSON, and makes the exit status 3.\n"
"    --warnings-as-errors[=RULES]\n"
"        As clang-tidy's: the findings of the rules RULES holds are errors,\n"
"        those of the others warnings (RULES: a comma-separated list, '*'\n"
"        any run of characters, an entry that starts with '-' takes rules\n"
"        out, the last entry that matches decides). Without =RULES, every\n"
"        rule. The same setting as -Werror: the last of them wins.\n"
"    --baseline FILE\n"
"        Do not report the findings FILE lists (made by --write-baseline),\n"
"        each matched by its rule, its function and the text of its source\n"
"        line, not its line number: lines inserted above a finding keep it\n"
"        matched, a change to its line makes it new. A malformed FILE is an\n"
"        error (FILE:LINE:COL: error: ...).\n"
"    --write-baseline FILE\n"
"        Write the findings to FILE as a baseline, all but those that\n"
"        -Wno-<rule> and NOLINT comments leave out (--baseline does not\n"
"        change what is written: FILE may be the --baseline file, to\n"
"        renew it). The report is written as usual. FILE is replaced only\n"
"        once complete, and never when it is one of the inputs.\n"
"    --stats\n"
"        Print to standard error, per input, the time spent reading it (for\n"
"        IR: parsing, verifying, normalising, the uniformity of values and\n"
"        building the graphs) and, per graph, the time of each solver phase.\n",
	      out);
	fputs(cli_build_help, out);
	fputs(
"    --color WHEN\n"
"        auto (the default), always or never: the text report in clang's\n"
"        colours. auto: when it goes to a terminal (TERM set, not dumb) and\n"
"        NO_COLOR is unset. The compilers' messages follow the same choice\n"
"        for standard error.\n"
"    --no-caret, -fno-caret-diagnostics\n"
"        Do not show the source line and caret under each warning and note\n"
"        (-fcaret-diagnostics shows them again).\n"
"    -q, --quiet\n"
"        Do not print the counts of the findings (N warnings generated.) on\n"
"        standard error. check shows no progress line.\n"
"    -h, --help\n"
"        Show this help.\n"
"\n"
"FORMATS\n"
"    text   The warnings and notes above; nothing when all is well.\n"
"    json   The {\"graphs\": [...]} document of analyze (mode \"check\"), whose\n"
"           barriers also carry column and causes: [{node, file, line,\n"
"           column, depends_on}] (file, line, column and depends_on when\n"
"           known).\n"
"           A graph with collectives also has warp_size,\n"
"           block_size_assumed and collectives: [{name, kind, group, node,\n"
"           state, ..., causes, argument}]. An error has \"level\": \"error\".\n"
"           A copy of another barrier or collective (an unrolled loop's) has\n"
"           merged_into, the index of the one that carries the finding.\n"
"    sarif  A SARIF 2.1.0 log: one result per finding, of its rule (with\n"
"           ruleIndex), its causes as related locations, and\n"
"           partialFingerprints that lines inserted above it keep; each rule\n"
"           with a helpUri into the installed docs/check.md. Files under the\n"
"           working directory are named relative to it (%SRCROOT%), others\n"
"           by absolute file: URIs. An error has level error.\n"
"    dot    A picture of each graph with a finding, for graphviz: the\n"
"           barrier or collective red, the branches that cause it blue,\n"
"           the paths from them to it orange; nodes labelled with their\n"
"           name and source line, the graph with its source name and rules.\n"
"           A graph of more than 300 nodes or 600 edges is drawn as its\n"
"           part around the findings. Nothing reported: a graph that says so.\n"
"    svg    The same picture laid out by graphviz, several graphs side by\n"
"           side, at most 300 nodes and 600 edges in all: a graph that does\n"
"           not fit is a note that says so (dot draws it).\n"
"    A finding not reported (NOLINT, -Wno-, the baseline) is in no format.\n"
"    Copies of one barrier or collective (loop unrolling and rotation copy\n"
"    them) at one position with one message are one finding, in every\n"
"    format, in the counts and for NOLINT and the baseline.\n"
"\n"
"EXIT STATUS\n"
"    0   Nothing reported.\n"
"    1   At least one barrier, collective or argument reported, all as\n"
"        warnings.\n"
"    2   A usage error, an input that cannot be read or is malformed (the\n"
"        baseline, a NOLINTBEGIN without its NOLINTEND), or a failure to\n"
"        solve a graph or to write the report.\n"
"    3   At least one finding reported as an error (-Werror,\n"
"        --warnings-as-errors).\n"
"\n"
"EXAMPLES\n"
"    threadconv check kernel.cfg\n"
"    threadconv check kernel.cu -- -I include -DTILE=16\n"
"    clang-19 -x cl -Xclang -finclude-default-header \\\n"
"        -target nvptx64-nvidia-cuda -nogpulib -S -emit-llvm -g -O2 k.cl -o k.ll\n"
"    threadconv check k.ll\n"
"    threadconv check --format sarif -o check.sarif k.ll\n"
"    threadconv check --format svg -o bug.svg k.ll\n"
"    threadconv check --write-baseline baseline.txt src/*.cu\n"
"    threadconv check --baseline baseline.txt -Werror src/*.cu\n",
	      out);
}

static void usage_hint(void)
{
	fputs("Try 'threadconv check --help'.\n", stderr);
}

/* One graph checked: what tc_check found, as the report shows it. */
typedef struct checked {
	tc_report_graph rg;
	tc_check_graph *g;
	uint32_t *suppressed; /* rg.suppressed */
} checked;

typedef struct session {
	cli_inputs in;
	checked *graphs;
	size_t ngraphs;
	tc_read_options read;
	tc_check_options opt;
	tc_findings **found; /* per input: what tc_check found, or NULL */
	int *status;         /* per input: CLI_EXIT_* of checking it */
	const char **paths;
	int jobs;
} session;

static void session_free(session *s)
{
	for (size_t i = 0; s->graphs && i < s->ngraphs; i++)
		free(s->graphs[i].suppressed);
	free(s->graphs);
	for (size_t i = 0; s->found && i < s->in.count; i++)
		tc_findings_free(s->found[i]);
	free(s->found);
	free(s->status);
	cli_inputs_free(&s->in);
}

/* tc_check's runner for the graphs of one input: on -j threads. */
static void run_graphs(void *ud, size_t n, void (*task)(void *arg, size_t i), void *arg)
{
	const session *s = ud;
	cli_parallel(n, s->jobs, task, arg);
}

/* Input i checked (a task of cli_parallel, or alone), with the note of
 * each graph whose solve bounded its work. */
static void check_input(void *ctx, size_t i)
{
	session *s = ctx;
	tc_module *m = s->in.modules[i];
	const char *input = cli_input_name(s->paths[i]);
	tc_diag d;
	if (!m)
		return;
	int rc = tc_check(&s->found[i], m, &s->opt, NULL, &d);
	if (rc == TC_ENOMEM) {
		cli_error("out of memory");
	} else if (rc) {
		fprintf(cli_msg(), "%s: error: %s\n", input, d.message);
	} else {
		for (size_t k = 0; k < tc__findings_graph_count(s->found[i]); k++) {
			const tc_check_graph *g = tc__findings_graph(s->found[i], k);
			cli_note_bounded(input, g->graph, g->result);
		}
	}
	s->status[i] = rc ? CLI_EXIT_ERROR : CLI_EXIT_OK;
}

/* Every input checked: several at once, or one input's graphs at once. */
static int check_all(session *s, const char **paths, int jobs)
{
	size_t n = s->in.count ? s->in.count : 1;
	s->paths = paths;
	s->jobs = jobs;
	if (!(s->found = calloc(n, sizeof *s->found)) || !(s->status = calloc(n, sizeof *s->status))) {
		cli_error("out of memory");
		return CLI_EXIT_ERROR;
	}
	int status = CLI_EXIT_OK;
	if (s->in.count == 1) {
		s->opt.run = run_graphs;
		s->opt.run_ud = s;
		check_input(s, 0);
	} else {
		status = cli_parallel(s->in.count, jobs, check_input, s);
	}
	for (size_t i = 0; i < s->in.count; i++)
		status = s->status[i] != CLI_EXIT_OK ? CLI_EXIT_ERROR : status;
	if (status != CLI_EXIT_OK)
		return status;
	size_t k = 0;
	for (size_t i = 0; i < s->in.count; i++)
		k += tc__findings_graph_count(s->found[i]);
	if (!(s->graphs = calloc(k ? k : 1, sizeof *s->graphs))) {
		cli_error("out of memory");
		return CLI_EXIT_ERROR;
	}
	tc_solve_options opt = tc_solve_options_default();
	opt.assume_barriers = false;
	opt.exact_work_limit = s->opt.exact_work_limit;
	opt.exact_work_factor = s->opt.exact_work_factor;
	for (size_t i = 0; i < s->in.count; i++) {
		for (size_t q = 0; q < tc__findings_graph_count(s->found[i]); q++) {
			tc_check_graph *g = tc__findings_graph(s->found[i], q);
			checked *c = &s->graphs[s->ngraphs++];
			c->g = g;
			c->rg = (tc_report_graph){.input = cli_input_name(paths[i]),
						  .graph = g->graph,
						  .result = g->result,
						  .options = opt,
						  .reported = g->barriers,
						  .nreported = g->nbarriers,
						  .collectives = g->collectives,
						  .ncollectives = g->ncollectives,
						  .warp_size = g->warp_size,
						  .warp_assumed = g->warp_assumed,
						  .callee = g->callee};
		}
	}
	return CLI_EXIT_OK;
}

typedef struct render_ctx {
	const session *s;
	const tc_report_graph *rgs;
	int format;
	tc_report_text_options text;
	tc_report_sarif_options sarif;
	const tc_report_failure *failures; /* the inputs that could not be checked */
	size_t nfailures;
} render_ctx;

static int render(FILE *out, const void *ctx, tc_diag *diag)
{
	const render_ctx *c = ctx;
	size_t n = c->s->ngraphs, nf = c->nfailures;
	return c->format == FORMAT_JSON ? tc__report_json(out, c->rgs, n, c->failures, nf, diag)
	       : c->format == FORMAT_SARIF
		       ? tc__report_sarif(out, c->rgs, n, c->failures, nf, &c->sarif, diag)
	       : c->format == FORMAT_DOT ? tc__report_check_dot(out, c->rgs, n, diag)
	       : c->format == FORMAT_SVG ? tc__report_check_svg(out, c->rgs, n, diag)
					 : tc__report_check_text(out, c->rgs, n, &c->text, diag);
}

/* The working directory, malloc'd: *physical as getcwd gives it, and
 * *logical the $PWD that names the same directory through links (as the
 * shell and clang's debug information name it), else NULL. Both NULL when
 * it cannot be known (removed, out of memory): then SARIF's names stay as
 * given. */
static void working_dir(char **physical, char **logical)
{
	*physical = *logical = NULL;
	for (size_t cap = 256; cap <= (1u << 20) && !*physical; cap *= 2) {
		char *buf = malloc(cap);
		if (!buf)
			return;
		if (getcwd(buf, cap)) {
			*physical = buf;
			break;
		}
		free(buf);
		if (errno != ERANGE)
			return;
	}
	const char *pwd = getenv("PWD");
	struct stat a, b;
	if (*physical && pwd && pwd[0] == '/' && strcmp(pwd, *physical) != 0 &&
	    stat(pwd, &a) == 0 && stat(".", &b) == 0 && a.st_dev == b.st_dev &&
	    a.st_ino == b.st_ino) {
		size_t n = strlen(pwd) + 1;
		if ((*logical = malloc(n)))
			memcpy(*logical, pwd, n);
	}
}

/* Whether the text report is in colour. auto: when it goes to standard
 * output and colours suit that. */
static bool use_color(int when, const char *output)
{
	if (when != CLI_COLOR_AUTO)
		return when == CLI_COLOR_ALWAYS;
	if (output && strcmp(output, "-") != 0)
		return false;
	return cli_color_suits(STDOUT_FILENO);
}

static int write_report(const session *s, int format, const char *output,
			tc_report_text_options text)
{
	tc_report_graph *rgs = malloc((s->ngraphs ? s->ngraphs : 1) * sizeof *rgs);
	tc_report_failure *failures = malloc((s->in.nfailed ? s->in.nfailed : 1) * sizeof *failures);
	if (!rgs || !failures) {
		free(rgs);
		free(failures);
		cli_error("out of memory");
		return CLI_EXIT_ERROR;
	}
	for (size_t i = 0; i < s->ngraphs; i++)
		rgs[i] = s->graphs[i].rg;
	size_t nf = 0;
	for (size_t i = 0; i < s->in.count && nf < s->in.nfailed; i++)
		if (s->in.errors[i])
			failures[nf++] = (tc_report_failure){cli_input_name(s->paths[i]),
							     s->in.errors[i], s->in.error_line[i],
							     s->in.error_col[i]};
	/* SARIF: the files under the working directory relative to it, and
	 * the rules' documentation as installed (CMakeLists.txt, TC_DOC_URI) */
	char *physical = NULL, *logical = NULL;
	if (format == FORMAT_SARIF)
		working_dir(&physical, &logical);
	tc_report_sarif_options sarif = {logical ? logical : physical, logical ? physical : NULL,
					 TC_DOC_URI, text.files};
	int status = cli_render_output(output, render,
				       &(render_ctx){s, rgs, format, text, sarif, failures, nf});
	free(physical);
	free(logical);
	free(rgs);
	free(failures);
	return status;
}

/* What is reported of each graph (findings.h): NOLINT comments, -W options,
 * the baseline. CLI_EXIT_*. */
static int choose_findings(session *s, cli_findings *f)
{
	for (size_t i = 0; i < s->ngraphs; i++) {
		checked *c = &s->graphs[i];
		if (cli_findings_graph(f, &c->rg, c->g->barriers, c->g->collectives, &c->suppressed) !=
		    CLI_EXIT_OK)
			return CLI_EXIT_ERROR;
	}
	return cli_findings_check_comments(f);
}

int cli_check(int argc, char **argv)
{
	int format = FORMAT_TEXT, id, rc = 0, status = CLI_EXIT_ERROR, stats = 0, quiet = 0;
	tc_solve_options opt = tc_solve_options_default(); /* --exact-work's */
	const char *output = NULL, *value;
	session s;
	memset(&s, 0, sizeof s);
	cli_findings findings;
	cli_findings_init(&findings);
	const char **paths = malloc((size_t)argc * sizeof *paths);
	char **compiled = calloc((size_t)argc, sizeof *compiled);
	size_t npaths = 0;
	cli_build build;
	cli_build_init(&build, &argc, argv); /* after "--": the compiler's */
	if (!paths || !compiled) {
		free(paths);
		free(compiled);
		cli_error("out of memory");
		return CLI_EXIT_ERROR;
	}
	cli_args it;
	cli_args_init(&it, argc, argv);
	while ((id = cli_next_option(&it, options, &value)) != CLI_END) {
		switch (id) {
		case CLI_OPERAND:
			paths[npaths++] = value;
			break;
		case OPT_FORMAT:
			if (strcmp(value, "text") == 0) {
				format = FORMAT_TEXT;
			} else if (strcmp(value, "json") == 0) {
				format = FORMAT_JSON;
			} else if (strcmp(value, "sarif") == 0) {
				format = FORMAT_SARIF;
			} else if (strcmp(value, "dot") == 0 || strcmp(value, "svg") == 0) {
				format = value[0] == 'd' ? FORMAT_DOT : FORMAT_SVG;
			} else {
				cli_error("unknown format '%s' (expected text, json, sarif, dot or svg)",
					  value);
				goto done;
			}
			break;
		case OPT_OUTPUT:
			output = value;
			break;
		case OPT_EXACT_WORK:
			if (cli_exact_work(&opt, value))
				goto done;
			break;
		case OPT_STATS:
			stats = 1;
			break;
		case OPT_WARNING:
			if (cli_findings_warning(&findings, value))
				goto done;
			break;
		case OPT_AS_ERRORS:
			if (cli_findings_as_errors(&findings, value))
				goto done;
			break;
		case OPT_BASELINE:
			findings.baseline_path = value;
			break;
		case OPT_WRITE_BASELINE:
			findings.write_path = value;
			break;
		case OPT_QUIET:
			quiet = 1;
			break;
		case OPT_HELP:
			cli_check_help(stdout);
			status = cli_write_output(NULL, "", 0);
			goto done;
		default: /* CLI_BAD: already reported, or a read or build option */
			if ((rc = cli_shared_option(&s.read, &build, id, value)) > 0)
				break;
			if (rc == 0)
				usage_hint();
			goto done;
		}
	}
	if ((rc = cli_operands(&build, &paths, &compiled, &npaths)) != 0) {
		if (rc > 0)
			usage_hint();
		goto done;
	}
	if (findings.write_path && cli_same_output(findings.write_path, output)) {
		if (strcmp(findings.write_path, "-") == 0)
			cli_error("the baseline and the report cannot both be written to "
				  "standard output (-o FILE sends the report elsewhere)");
		else
			cli_error("the baseline and the report cannot both be written to '%s'",
				  findings.write_path);
		goto done;
	}
	if (findings.baseline_path && cli_findings_read_baseline(&findings) != CLI_EXIT_OK)
		goto done;
	int jobs;
	status = cli_compile_and_read(&s.in, &build, paths, compiled, npaths, &s.read, 0, &jobs);
	if (status != CLI_EXIT_OK)
		goto done;
	s.opt = (tc_check_options)TC_CHECK_OPTIONS_INIT;
	s.opt.exact_work_limit = opt.exact_work_limit;
	s.opt.exact_work_factor = opt.exact_work_factor;
	if ((status = check_all(&s, paths, jobs)) != CLI_EXIT_OK)
		goto done;
	if (stats) {
		cli_print_read_stats(&s.in, paths);
		for (size_t i = 0; i < s.ngraphs; i++)
			cli_print_graph_stats(s.graphs[i].rg.input, s.graphs[i].rg.graph,
					      s.graphs[i].rg.result);
	}
	if ((status = choose_findings(&s, &findings)) != CLI_EXIT_OK)
		goto done;
	/* the baseline first: when it cannot be written, nothing is; nor is it
	 * when an input could not be checked (its findings would be missing) */
	if (findings.write_path && s.in.nfailed) {
		cli_error("the baseline is not written: %zu input%s could not be checked",
			  s.in.nfailed, s.in.nfailed == 1 ? "" : "s");
	} else if (findings.write_path &&
		   (status = cli_findings_write_baseline(&findings)) != CLI_EXIT_OK) {
		goto done;
	}
	cli_also_input(findings.baseline_path); /* never written over by -o */
	/* the files NOLINT has read are the snippets' and the fingerprints' */
	tc_report_text_options text = {build.caret, use_color(build.color_when, output),
				       findings.files};
	if ((status = write_report(&s, format, output, text)) == CLI_EXIT_OK) {
		status = cli_findings_status(&findings);
		if (!quiet)
			cli_findings_summary(&findings);
	}
	/* the others' report is written; an input that could not be checked
	 * still makes it an error */
	if (status != CLI_EXIT_ERROR && s.in.nfailed)
		status = CLI_EXIT_ERROR;
done:
	cli_findings_free(&findings);
	session_free(&s);
	for (size_t k = 0; compiled && k < npaths; k++)
		free(compiled[k]);
	free(compiled);
	free(paths);
	cli_build_free(&build);
	return status;
}
