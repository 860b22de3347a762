/*
 * analyze.c - `threadconv analyze`: read every input, solve every graph in
 * assume mode (SPEC 4), render one report into memory, and only then write it.
 */
#include "args.h"
#include "cmd.h"
#include "inputs.h"
#include "msg.h"
#include "output.h"
#include "parallel.h"
#include "report/report.h"
#include "source.h"
#include "util/clock.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum {
	OPT_SOLVER, OPT_FORMAT, OPT_OUTPUT, OPT_NO_UNIFORM, OPT_EXACT_WORK, OPT_STATS,
	OPT_QUIET, OPT_HELP
};

/* --format none: solve, print nothing (for --stats and benchmarks) */
#define FORMAT_NONE TC_REPORT_FORMAT_COUNT

static const cli_option options[] = {
	{"solver", 's', 1, OPT_SOLVER},
	{"format", 'f', 1, OPT_FORMAT},
	{"output", 'o', 1, OPT_OUTPUT},
	{"no-uniform", 0, 0, OPT_NO_UNIFORM},
	CLI_READ_OPTIONS,
	{"exact-work", 0, 1, OPT_EXACT_WORK},
	CLI_BUILD_OPTIONS,
	{"stats", 0, 0, OPT_STATS},
	{"quiet", 'q', 0, OPT_QUIET},
	{"help", 'h', 0, OPT_HELP},
	{NULL, 0, 0, 0},
};

void cli_analyze_help(FILE *out)
{
	fputs(
"NAME\n"
"    threadconv analyze - find the convergent nodes and edges of GPU kernel\n"
"    control-flow graphs\n"
"\n"
"SYNOPSIS\n"
"    threadconv analyze [--solver NAME] [--format FORMAT] [-o FILE]\n"
"                       [--function NAME] [--no-uniform] [--trust-bra-uni]\n"
"                       [--validate | --no-validate] [--block-size X[,Y[,Z]]]\n"
"                       [--exact-work K] [--stats] [--quiet] [-p BUILD_DIR]\n"
"                       [-j N] [--offload-arch ARCH] [--target TRIPLE]\n"
"                       [--cuda-path DIR] [--cuda-compiler nvcc|clang]\n"
"                       [--color WHEN] [--no-caret]\n"
"                       FILE... [-- FLAGS]\n"
"\n"
"DESCRIPTION\n"
"    Reads every FILE (\"-\" is standard input) and decides, for each node and\n"
"    edge of each graph in it, whether every thread of a thread block executes\n"
"    it equally often between two consecutive barriers. States: C convergent;\n"
"    U not proven convergent; - on no entry-to-exit path (dead). Barriers are\n"
"    assumed to synchronize all threads, as in \"On Thread Convergence\"\n"
"    (Grover, Kudlur; 2009). A barrier whose live in-edges are all convergent\n"
"    needs no warp-synchronous rewrite; the report names the in-edges of any\n"
"    other barrier.\n"
"\n"
"    Uniform marks (branch conditions that are the same in all threads that\n"
"    reach the branch) make more elements convergent.\n"
"\n"
"    Sources (.cu, .cuh, .hip, .cl, .comp, .glsl) are compiled first, as\n"
"    check compiles them (docs/source.md).\n"
"\n"
"    All inputs are read and solved before anything is written: after an error\n"
"    nothing appears on standard output, and the -o file is left as it was.\n"
"\n"
"INPUT\n"
"    A .cfg file holds one or more graphs:\n"
"\n"
"        graph fig8          # starts a graph (else one graph named after\n"
"                            # the file)\n"
"        entry n1\n"
"        exit n4\n"
"        barrier n3          # one or more names\n"
"        uniform n2          # n2's branch condition is thread-invariant\n"
"        n1 -> n2\n"
"        n2 -> n3 n4         # edges, created left to right\n"
"        n3 -> n4\n"
"\n"
"    Names are [A-Za-z0-9_.$%@-]+ or double-quoted with \\\" and \\\\ escapes.\n"
"    Nodes are listed in order of first mention, edges in the order written.\n"
"\n"
"    LLVM IR (.ll text or .bc bitcode, as clang writes it for CUDA, OpenCL\n"
"    or HIP kernels) gives one graph per defined function, kernels first.\n"
"    Nodes are basic blocks, named as in the IR (%N for unnamed ones); each\n"
"    barrier call is a node of its own, BLOCK.barrier, and the rest of its\n"
"    block after the last barrier is BLOCK.after; returns lead to one node\n"
"    <exit>. Calls of functions that execute a barrier count as barriers.\n"
"    Branches on values that all threads of a block share (block ids and\n"
"    sizes, kernel arguments, constants) are uniform. Barrier positions come\n"
"    from debug information (compile with -g).\n"
"\n"
"    PTX (.ptx, or text that opens with .version: nvcc -ptx, clang -S for\n"
"    NVPTX, llc, Triton) gives one graph per .entry and .func, entries\n"
"    first. Nodes are blocks named by their labels (%bb.K for a block\n"
"    without one), barriers as for IR; a barrier with a thread count is a\n"
"    partial barrier, its own node but no synchronization of the block.\n"
"    Positions come from .loc lines, or are the PTX file's own\n"
"    (docs/ptx.md).\n"
"\n"
"    SPIR-V (.spv binaries, .spvasm assembly text: glslangValidator -V,\n"
"    llvm-spirv, DXC -spirv) gives one graph per function with a body, entry\n"
"    points first, named by their OpEntryPoint names. Modules are validated\n"
"    (SPIRV-Tools) first. Nodes are blocks named by OpName (%ID without\n"
"    one); an OpControlBarrier of Workgroup scope is a barrier. Positions\n"
"    come from OpLine, or are the .spvasm file's own (docs/spirv.md).\n"
"\n"
"OPTIONS\n"
"    -s, --solver NAME\n"
"        Use solver NAME (see SOLVERS); the default is exact.\n"
"    -f, --format FORMAT\n"
"        Write the report as text (the default), json, dot or svg; none\n"
"        writes no report (with --stats, for measuring).\n"
"    -o, --output FILE\n"
"        Write the report to FILE instead of standard output. FILE is\n"
"        replaced only once the whole report is written; on an error it\n"
"        keeps what it held.\n"
"    --function NAME\n"
"        Analyze only the function (for .cfg files: the graph) called NAME.\n"
"        An input that has none is an error.\n"
"    --no-uniform\n"
"        Ignore uniform marks: judge by the graph's structure alone.\n",
	      out);
	fputs(cli_read_help, out);
	fputs(
"    --block-size X[,Y[,Z]]\n"
"        The block's size the kernels are launched with, for the warp\n"
"        verdicts of the collectives and the thread's index in a dimension\n"
"        of size 1 (as in check).\n"
"    --exact-work K\n"
"        exact tests each barrier's part of the graph; once those tests add\n"
"        up to K times the graph's size (default: 16 times, and at least\n"
"        4 million), what is left keeps path's answer, sound but maybe\n"
"        weaker, and a note says so. 0: no bound. On generated kernels of\n"
"        a million blocks the whole answer takes about 1.5 times as long.\n"
"    --stats\n"
"        Print to standard error, per input, the time to read and parse it\n"
"        and its parse rate, and per graph its size and the time of each\n"
"        solver phase.\n",
	      out);
	fputs(cli_build_help, out);
	fputs(
"    --color WHEN\n"
"        auto (the default), always or never: the compilers' messages in\n"
"        colour. auto: when standard error is a terminal (TERM set, not\n"
"        dumb) and NO_COLOR is unset.\n"
"    --no-caret, -fno-caret-diagnostics\n"
"        The compilers' messages without source lines and carets\n"
"        (-fcaret-diagnostics: with them).\n"
"    -q, --quiet\n"
"        No progress line. Without it, a solve or read that takes more than\n"
"        a second shows its phase and progress on standard error when that\n"
"        is a terminal.\n"
"    -h, --help\n"
"        Show this help.\n"
"\n"
"SOLVERS\n"
"    basic         the paper's branch and merge rules (Fig. 7); linear time\n"
"    region-paper  basic plus the paper's region rule (Fig. 13) as written;\n"
"                  UNSOUND: it can call an element convergent that is not\n"
"    region        basic plus the region rule for cycle-equivalent node pairs\n"
"    linear        all the branch and merge rules imply (bridges); linear time\n"
"    path          linear plus the path rule (paper 3.4), to a fixpoint\n"
"    exact         the exact answer, using uniform marks fully (the default)\n"
"\n"
"    Without uniform marks, the convergent set of each sound solver contains\n"
"    basic's and lies within exact's. With marks, exact uses them as SPEC\n"
"    3.1 says (threads that reach a uniform branch at different times, as\n"
"    after a divergent loop exit, do not count as together); the others\n"
"    apply the paper's literal rule, which can claim more.\n"
"\n"
"FORMATS\n"
"    text  Per graph: the solver, counts per state, each barrier with\n"
"          whether it needs the warp-synchronous rewrite, then the state of\n"
"          every node and edge.\n"
"    json  One {\"graphs\": [...]} document for all graphs of all inputs, each\n"
"          with name, solver, nodes (name, state), edges (from, to, state)\n"
"          and barriers (node, state, in_edges_convergent, and file and\n"
"          line when known).\n"
"    dot   One digraph per graph, for graphviz: convergent elements red,\n"
"          dead ones grey and dashed, barriers boxes, entry and exit double\n"
"          circles; each element has a state attribute.\n"
"    svg   The same picture laid out by graphviz. Several graphs become\n"
"          side-by-side clusters of one drawing. At most 300 nodes and 600\n"
"          edges in all: graphviz's layout time grows much faster than the\n"
"          graph, so larger drawings are refused (write dot instead).\n"
"\n"
"EXIT STATUS\n"
"    0   Success.\n"
"    2   A usage error, an input that cannot be read or is malformed, or a\n"
"        failure to solve a graph or to write the report. Input errors are\n"
"        printed as file:line:col: error: message.\n"
"\n"
"EXAMPLES\n"
"    threadconv analyze kernel.cfg\n"
"    threadconv analyze --solver basic --format json -o out.json a.cfg b.cfg\n"
"    threadconv analyze --format svg -o fig8.svg fig8.cfg\n"
"    threadconv analyze --function reduce --format json kernel.ll\n"
"    gen-cfg | threadconv analyze --format dot - | dot -Tpng -o k.png\n",
	      out);
}

static void unknown_solver(const char *name)
{
	char list[160] = "";
	size_t len = 0;
	for (int s = 0; s < TC_SOLVER_COUNT && len < sizeof list; s++)
		len += (size_t)snprintf(list + len, sizeof list - len, "%s%s",
					s == 0 ? "" : s + 1 < TC_SOLVER_COUNT ? ", " : " or ",
					tc_solver_name((tc_solver)s));
	cli_error("unknown solver '%s' (expected %s)", name, list);
}

static void usage_hint(void)
{
	fputs("Try 'threadconv analyze --help'.\n", stderr);
}

/* The inputs, read and solved. */
typedef struct analysis {
	cli_inputs in;
	tc_report_graph *graphs;
	tc_check_collectives *coll; /* per graph */
	struct solved {        /* per graph: */
		tc_module *m;  /* its module, */
		size_t j;      /* its index there, */
		bool failed;   /* and whether solving it failed */
	} *at;
	size_t ngraphs;
	int show_progress;
	tc_read_options read;
	tc_alloc al; /* for the collectives' records */
} analysis;

/* A progress line on a terminal, once a solve has taken a second. */
typedef struct progress {
	const char *input, *graph;
	double start, last;
	int shown;
} progress;

static void on_progress(void *ud, const char *phase, uint64_t done, uint64_t total)
{
	progress *p = ud;
	double t = tc__now();
	if (t - p->start < 1.0 || t - p->last < 0.1)
		return;
	p->last = t;
	p->shown = 1;
	if (total)
		fprintf(stderr, "\rthreadconv: %s: graph %s: %s %3.0f%%\033[K", p->input,
			p->graph, phase ? phase : "", 100.0 * (double)done / (double)total);
	else
		fprintf(stderr, "\rthreadconv: %s: graph %s: %s\033[K", p->input, p->graph,
			phase ? phase : "");
	fflush(stderr);
}

static void progress_clear(progress *p)
{
	if (p->shown)
		fputs("\r\033[K", stderr);
	p->shown = 0;
}

static void analysis_free(analysis *a)
{
	for (size_t i = 0; a->graphs && i < a->ngraphs; i++) {
		tc_result_free((tc_result *)a->graphs[i].result);
		tc__check_collectives_free(&a->coll[i], &a->al);
	}
	free(a->graphs);
	free(a->coll);
	free(a->at);
	cli_inputs_free(&a->in);
}

/* Graph k of the inputs solved (a task of cli_parallel). */
static void solve_one(void *ctx, size_t k)
{
	analysis *a = ctx;
	tc_report_graph *rg = &a->graphs[k];
	tc_solve_options o = rg->options;
	double t = tc__now();
	progress p = {rg->input, tc_graph_name(rg->graph), t, t, 0};
	if (a->show_progress) {
		o.progress = on_progress;
		o.progress_ud = &p;
	}
	tc_result *r;
	tc_diag d;
	struct solved *at = &a->at[k];
	int rc = tc_module_solve(&r, at->m, at->j, &o, NULL, &d);
	progress_clear(&p);
	if (rc) {
		cli_graph_error(rg->input, rg->graph, d.message);
		at->failed = true;
		return;
	}
	rg->result = r;
	cli_note_bounded(rg->input, rg->graph, r);
	tc_check_collectives *cc = &a->coll[k];
	rc = tc__check_collectives(cc, at->m, at->j, r, &rg->options, &a->al, &d);
	if (rc == TC_ENOMEM) {
		cli_error("out of memory");
		at->failed = true;
	} else if (rc) {
		fprintf(cli_msg(), "%s: error: %s\n", rg->input, d.message);
		at->failed = true;
	}
	rg->collectives = cc->list;
	rg->ncollectives = cc->n;
	rg->warp_size = tc_module_warp_size(at->m, at->j);
	rg->warp_assumed = tc_module_warp_assumed(at->m, at->j);
}

/* Solves every graph of every input; reports each failure. CLI_EXIT_*. */
static int solve_all(analysis *a, const char **paths, const tc_solve_options *opt, int jobs)
{
	size_t n = a->ngraphs ? a->ngraphs : 1;
	tc__alloc_init(&a->al, NULL);
	a->coll = calloc(n, sizeof *a->coll);
	a->graphs = calloc(n, sizeof *a->graphs);
	a->at = calloc(n, sizeof *a->at);
	if (!a->coll || !a->graphs || !a->at) {
		cli_error("out of memory");
		return CLI_EXIT_ERROR;
	}
	size_t k = 0;
	for (size_t i = 0; i < a->in.count; i++) {
		for (size_t j = 0; j < tc_module_graph_count(a->in.modules[i]); j++, k++) {
			a->graphs[k].input = cli_input_name(paths[i]);
			a->graphs[k].graph = tc_module_graph(a->in.modules[i], j);
			a->graphs[k].options = *opt;
			a->at[k] = (struct solved){a->in.modules[i], j, false};
		}
	}
	/* the progress line is one thread's */
	a->show_progress &= cli_workers(a->ngraphs, jobs) == 1;
	int status = cli_parallel(a->ngraphs, jobs, solve_one, a);
	for (size_t q = 0; q < a->ngraphs; q++)
		status = a->at[q].failed ? CLI_EXIT_ERROR : status;
	return status;
}

static void print_stats(const analysis *a, const char **paths)
{
	cli_print_read_stats(&a->in, paths);
	for (size_t i = 0; i < a->ngraphs; i++)
		cli_print_graph_stats(a->graphs[i].input, a->graphs[i].graph,
				      a->graphs[i].result);
}

typedef struct render_ctx {
	const analysis *a;
	tc_report_format format;
} render_ctx;

static int render(FILE *out, const void *ctx, tc_diag *diag)
{
	const render_ctx *c = ctx;
	return tc__report_write(out, c->format, c->a->graphs, c->a->ngraphs, diag);
}

int cli_analyze(int argc, char **argv)
{
	tc_solve_options opt = tc_solve_options_default();
	tc_report_format format = TC_REPORT_TEXT;
	const char *output = NULL, *value;
	int stats = 0, quiet = 0, id, rc = 0, status = CLI_EXIT_ERROR;
	analysis a;
	memset(&a, 0, sizeof a);
	cli_build build;
	cli_build_init(&build, &argc, argv); /* after "--": the compiler's */
	/* operands are at most argc - 1 */
	const char **paths = malloc((size_t)argc * sizeof *paths);
	char **compiled = calloc((size_t)argc, sizeof *compiled);
	size_t npaths = 0;
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
		case OPT_SOLVER:
			if (tc_solver_from_name(&opt.solver, value)) {
				unknown_solver(value);
				goto done;
			}
			break;
		case OPT_FORMAT:
			if (strcmp(value, "none") == 0) {
				format = FORMAT_NONE;
			} else if (tc__report_format_from_name(&format, value)) {
				cli_error("unknown format '%s' (expected text, json, dot, svg or none)",
					  value);
				goto done;
			}
			break;
		case OPT_OUTPUT:
			output = value;
			break;
		case OPT_NO_UNIFORM:
			opt.ignore_uniform = true;
			break;
		case OPT_EXACT_WORK:
			if (cli_exact_work(&opt, value))
				goto done;
			break;
		case OPT_STATS:
			stats = 1;
			break;
		case OPT_QUIET:
			quiet = 1;
			break;
		case OPT_HELP:
			cli_analyze_help(stdout);
			status = CLI_EXIT_OK;
			goto done;
		default: /* CLI_BAD: already reported, or a read or build option */
			if ((rc = cli_shared_option(&a.read, &build, id, value)) > 0)
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
	a.show_progress = !quiet && isatty(STDERR_FILENO);
	int jobs;
	status = cli_compile_and_read(&a.in, &build, paths, compiled, npaths, &a.read,
				      a.show_progress, &jobs);
	a.ngraphs = a.in.ngraphs;
	if (status != CLI_EXIT_OK)
		goto done;
	if ((status = solve_all(&a, paths, &opt, jobs)) != CLI_EXIT_OK)
		goto done;
	if (stats)
		print_stats(&a, paths);
	/* the others' report is written (none when no input could be read);
	 * an input that could not be read still makes it an error */
	if (format != FORMAT_NONE && a.in.nfailed < a.in.count)
		status = cli_render_output(output, render, &(render_ctx){&a, format});
	if (a.in.nfailed)
		status = CLI_EXIT_ERROR;
done:
	analysis_free(&a);
	for (size_t k = 0; k < npaths; k++)
		free(compiled[k]);
	free(compiled);
	free(paths);
	cli_build_free(&build);
	return status;
}
