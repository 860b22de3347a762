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
#include "analysis/calls.h"
#include "analysis/exits.h"
#include "cli.h"
#include "findings.h"
#include "report/report.h"
#include "util/names.h"
#include "source.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum {
	OPT_FORMAT, OPT_OUTPUT, OPT_FUNCTION, OPT_EXACT_WORK, OPT_STATS, OPT_QUIET, OPT_HELP,
	OPT_BLOCK_SIZE, OPT_WARNING, OPT_AS_ERRORS,
	OPT_BASELINE, OPT_WRITE_BASELINE
};

enum { FORMAT_TEXT, FORMAT_JSON, FORMAT_SARIF, FORMAT_DOT, FORMAT_SVG };

static const cli_option options[] = {
	{"format", 'f', 1, OPT_FORMAT},
	{"output", 'o', 1, OPT_OUTPUT},
	{"function", 0, 1, OPT_FUNCTION},
	CLI_READ_OPTIONS,
	{"block-size", 0, 1, OPT_BLOCK_SIZE},
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

/* One graph checked, with its findings (allocated here). */
typedef struct checked {
	tc_report_graph rg;
	tc_report_barrier *barriers;
	tc_report_cause *causes;
	cli_collectives coll;
	tc_module *m;
	const tc_calls *calls; /* m's calling contexts, or NULL */
	bool own_result;       /* rg.result is this graph's, not calls' */
	const char **callee;   /* per node: the function a call node calls */
	tc_report_call *links; /* the calls of the reported barriers */
	uint32_t *suppressed;  /* rg.suppressed */
	tc_collective *ccopy;  /* the collectives as the calling contexts see them */
	tc_report_cause *merged; /* the causes of the findings, copies merged */
	char **names;          /* names made for the report */
	size_t nnames;
	size_t j;        /* the graph's index in m */
	int status;      /* CLI_EXIT_* */
} checked;

typedef struct session {
	cli_inputs in;
	checked *graphs;
	size_t ngraphs;
	tc_read_options read;
	tc_solve_options opt;
	tc_calls **calls; /* per input: its calling contexts, or NULL */
	int *calls_status; /* per input: CLI_EXIT_* of finding them */
	tc_solve_options calls_opt;
	const char **paths;
} session;

static void session_free(session *s)
{
	for (size_t i = 0; s->graphs && i < s->ngraphs; i++) {
		if (s->graphs[i].own_result)
			tc_result_free((tc_result *)s->graphs[i].rg.result);
		free(s->graphs[i].callee);
		free(s->graphs[i].links);
		free(s->graphs[i].suppressed);
		free(s->graphs[i].ccopy);
		free(s->graphs[i].merged);
		for (size_t q = 0; q < s->graphs[i].nnames; q++)
			free(s->graphs[i].names[q]);
		free(s->graphs[i].names);
		free(s->graphs[i].barriers);
		free(s->graphs[i].causes);
		cli_collectives_free(&s->graphs[i].coll);
	}
	free(s->graphs);
	for (size_t i = 0; s->calls && i < s->in.count; i++)
		tc__calls_free(s->calls[i]);
	free(s->calls);
	free(s->calls_status);
	cli_inputs_free(&s->in);
}

/* Whether graph j of m is checked: kernels of IR; every graph when the
 * module has no kernel (.cfg) or one was asked for by name. */
static int is_checked(const session *s, const tc_module *m, size_t i, size_t j)
{
	if (s->calls && s->calls[i])
		return tc__calls_checked(s->calls[i], j);
	if (s->read.function || tc_module_graph_is_kernel(m, j))
		return 1;
	for (size_t k = 0; k < tc_module_graph_count(m); k++)
		if (tc_module_graph_is_kernel(m, k))
			return 0;
	return 1;
}

/* Whether barrier node v of c's graph is reported: not proven convergent,
 * in every calling context where the module has them; a call whose
 * callee's barriers are judged in their contexts is no finding itself. */
static bool is_reported(const checked *c, uint32_t v)
{
	unsigned fl = tc_graph_node_flags(c->rg.graph, v);
	if (!(fl & (TC_NODE_BARRIER | TC_NODE_PARTIAL_BARRIER)))
		return false;
	if (c->calls && (fl & TC_NODE_BARRIER))
		return tc__calls_callee(c->calls, c->j, v) == TC_NONE &&
		       tc__calls_barrier_state(c->calls, c->j, v) == TC_STATE_UNKNOWN;
	return tc_result_node_state(c->rg.result, v) == TC_STATE_UNKNOWN;
}

/* The names of the functions c's call nodes call (rg.callee). */
static int name_callees(checked *c)
{
	const tc_graph *g = c->rg.graph;
	uint32_t n = tc_graph_node_count(g);
	for (uint32_t v = 0; v < n; v++) {
		uint32_t f = tc_graph_node_flags(g, v) & TC_NODE_BARRIER
				     ? tc__calls_callee(c->calls, c->j, v)
				     : TC_NONE;
		if (f == TC_NONE)
			continue;
		if (!c->callee && !(c->callee = calloc(n, sizeof *c->callee)))
			return -1;
		c->callee[v] = tc_graph_name(tc_module_graph(c->m, f));
	}
	c->rg.callee = c->callee;
	return 0;
}

/* A function's name as its source writes it (util/names.h), kept with c;
 * NULL when out of memory. */
static const char *plain_name(checked *c, const char *name)
{
	char buf[512];
	size_t n = tc__plain_name(buf, sizeof buf, name, strlen(name));
	char **names = realloc(c->names, (c->nnames + 1) * sizeof *names);
	char *copy = names ? malloc(n + 1) : NULL;
	if (names)
		c->names = names;
	if (copy) {
		memcpy(copy, buf, n + 1);
		c->names[c->nnames++] = copy;
	}
	return copy;
}

/* "argument N of 'F'" (N 1-based, F's plain name), kept with c; NULL when
 * out of memory. text: scratch. */
static const char *plain_argument(checked *c, char *text, uint32_t p, const tc_graph *g)
{
	const char *f = plain_name(c, tc_graph_name(g));
	if (!f)
		return NULL;
	snprintf(text, 320, "argument %u of '%s'", p + 1, f);
	return plain_name(c, text);
}

/* The findings of one graph and what they need, built up together. */
typedef struct found {
	size_t total, cap;         /* c->causes */
	size_t nlinks, links_cap;  /* c->links */
	uint32_t *ids;             /* room for every node of any graph of m */
	uint32_t nids;
	tc_causes *why;            /* of c->rg.result */
} found;

/* The witness of collective k (coll) or barrier node k of c's graph. */
static int witness_of(const checked *c, bool coll, uint32_t k, tc_call_link *chain, uint32_t cap,
		      tc_call_witness *w)
{
	return coll ? tc__calls_collective_witness(c->calls, c->j, k, chain, cap, w)
		    : tc__calls_witness(c->calls, c->j, k, chain, cap, w);
}

/* A finding in a function checked in its calling contexts (collective k
 * when coll, else barrier node k): the calls that lead to it, appended to
 * c->links, and its causes, wherever they are, to c->causes. */
static int context_finding(checked *c, found *f, bool coll, uint32_t k, uint32_t *ncalls,
			   uint32_t *ncauses, bool *unknown)
{
	tc_call_witness w;
	*ncalls = *ncauses = 0;
	*unknown = false;
	if (witness_of(c, coll, k, NULL, 0, &w))
		return 0; /* not reported after all: cannot be */
	uint32_t want = w.nchain;
	tc_call_link *links = malloc((want ? want : 1) * sizeof *links);
	if (!links)
		return -1;
	witness_of(c, coll, k, links, want, &w);
	/* the call into the function of the causes, for a parameter they
	 * depend on: the innermost on the chain */
	tc_loc into = {NULL, 0, 0};
	for (uint32_t q = 0; q < want && !into.file; q++)
		if (links[q].callee == w.cause_graph)
			into = links[q].loc;
	if (f->nlinks + want > f->links_cap) {
		size_t ncap = f->links_cap ? 2 * f->links_cap : 8;
		while (ncap < f->nlinks + want)
			ncap *= 2;
		tc_report_call *p = realloc(c->links, ncap * sizeof *p);
		if (!p) {
			free(links);
			return -1;
		}
		c->links = p;
		f->links_cap = ncap;
	}
	for (uint32_t q = 0; q < want; q++)
		c->links[f->nlinks + q] =
			(tc_report_call){tc_graph_name(tc_module_graph(c->m, links[q].callee)),
					 tc_graph_name(tc_module_graph(c->m, links[q].caller)),
					 links[q].loc};
	free(links);
	*ncalls = want;
	*unknown = w.unknown_callers;
	f->nlinks += want;
	if (w.cause_node == TC_NONE || !w.cause_result)
		return 0;
	tc_causes *other = NULL;
	bool here = w.cause_graph == c->j && w.cause_result == c->rg.result;
	const tc_graph *cg = tc_module_graph(c->m, w.cause_graph);
	if (!here && tc_causes_new(&other, cg, w.cause_result, NULL))
		return -1;
	size_t at = f->total;
	int rc = cli_add_causes(&c->causes, &f->total, &f->cap, here ? f->why : other,
				w.cause_node, c->m, w.cause_graph, f->ids, f->nids, ncauses);
	tc_causes_free(other);
	for (size_t q = at; !rc && q < f->total; q++) {
		tc_report_cause *rc_ = &c->causes[q];
		rc_->graph = w.cause_graph == c->j ? NULL : cg;
		if (rc_->depends_on)
			continue;
		/* a branch on a parameter: the argument the call passes */
		int err;
		uint32_t p = tc__calls_branch_param(c->calls, w.cause_context, rc_->node, &err);
		if (err)
			return -1;
		if (p == TC_NONE)
			continue;
		char text[320];
		if (!(rc_->depends_on = plain_argument(c, text, p, cg)))
			return -1;
		rc_->depends_loc = into;
	}
	return rc;
}

/* The collectives of a graph checked in its calling contexts: copies of the
 * reader's, with what the contexts say of their masks and arguments, their
 * verdicts and, for a reported one, its calls and causes. A call's
 * collectives are judged in the callee, a barrier's as a barrier. */
static int context_collectives(checked *c, found *f)
{
	size_t n = tc_module_collective_count(c->m, c->j);
	c->rg.warp_size = tc_module_warp_size(c->m, c->j);
	c->rg.warp_assumed = tc_module_warp_assumed(c->m, c->j);
	if (n == 0)
		return 0;
	if (!(c->ccopy = calloc(n, sizeof *c->ccopy)) ||
	    !(c->coll.list = calloc(n, sizeof *c->coll.list)))
		return -1;
	for (size_t k = 0; k < n; k++) {
		tc_collective *col = &c->ccopy[k];
		tc_report_collective *rc = &c->coll.list[k];
		*col = *tc_module_collective(c->m, c->j, k);
		rc->c = col;
		rc->state = tc_result_node_state(c->rg.result, col->node);
		/* a call: as its group reaches it (what the block reaches
		 * together, each warp does) */
		const tc_result *warp = tc__calls_warp_result(c->calls, c->j);
		if (col->call && col->group != TC_GROUP_BLOCK && warp &&
		    rc->state == TC_STATE_UNKNOWN)
			rc->state = tc_result_node_state(warp, col->node);
		tc_calls_site site;
		if (col->call && tc__calls_site(c->calls, c->j, k, &site)) {
			/* a call of a wrapper: its collective, as if inlined here */
			const tc_collective *w = tc_module_collective(c->m, site.wrapper,
								      site.collective);
			col->call = false;
			col->name = w->name;
			col->masked = site.masked;
			col->full_mask = w->full_mask;
			col->inlined = plain_name(c, tc_graph_name(tc_module_graph(c->m, site.wrapper)));
			if (!col->inlined)
				return -1;
			col->inlined_loc = w->loc;
			const tc_collective *a = site.arg != TC_NONE
							 ? tc_module_collective(c->m, site.wrapper,
										site.arg_collective)
							 : NULL;
			col->arg = site.arg;
			col->arg_name = a ? a->arg_name : NULL;
			col->arg_source = NULL;
			rc->state = site.state;
			rc->reported = !site.masked && site.state == TC_STATE_UNKNOWN;
			c->coll.nreported += rc->reported;
			if (rc->reported && context_finding(c, f, true, (uint32_t)k, &rc->ncalls,
							    &rc->ncauses, &rc->unknown_callers))
				return -1;
			continue;
		}
		if (col->barrier || col->call)
			continue;
		bool masked;
		tc_state st = tc__calls_collective(c->calls, c->j, k, &masked, &col->arg);
		col->masked = masked;
		/* a masked one is judged nowhere: its node's state, as shown */
		rc->state = !masked                                    ? st
			    : col->group != TC_GROUP_BLOCK && warp && rc->state == TC_STATE_UNKNOWN
				? tc_result_node_state(warp, col->node)
				: rc->state;
		rc->reported = !masked && rc->state == TC_STATE_UNKNOWN;
		c->coll.nreported += rc->reported;
		if (rc->reported && context_finding(c, f, true, (uint32_t)k, &rc->ncalls,
						    &rc->ncauses, &rc->unknown_callers))
			return -1;
	}
	c->rg.collectives = c->coll.list;
	c->rg.ncollectives = n;
	return 0;
}

/* The reported barriers and collectives of one solved graph and their
 * causes. */
static int find_barriers(checked *c)
{
	const tc_graph *g = c->rg.graph;
	uint32_t n = tc_graph_node_count(g), nb = 0, k = 0;
	found f = {0};
	f.nids = n;
	int status = CLI_EXIT_ERROR;
	if (c->calls && name_callees(c))
		goto done;
	for (uint32_t v = 0; v < n; v++)
		nb += is_reported(c, v);
	if (nb == 0 && (!c->calls || tc_module_collective_count(c->m, c->j) == 0))
		return CLI_EXIT_OK;
	for (size_t j = 0; c->calls && j < tc_module_graph_count(c->m); j++)
		if (tc_graph_node_count(tc_module_graph(c->m, j)) > f.nids)
			f.nids = tc_graph_node_count(tc_module_graph(c->m, j));
	f.ids = malloc(((size_t)f.nids + 1) * sizeof *f.ids);
	c->barriers = calloc(nb ? nb : 1, sizeof *c->barriers);
	if (!f.ids || !c->barriers || tc_causes_new(&f.why, g, c->rg.result, NULL))
		goto done;
	for (uint32_t v = 0; v < n; v++) {
		if (!is_reported(c, v))
			continue;
		tc_report_barrier *rb = &c->barriers[k++];
		rb->node = v;
		rb->inlined = tc_module_node_inlined(c->m, c->j, v, &rb->inlined_loc);
		tc_loc wl;
		uint32_t w = !rb->inlined && c->calls
				     ? tc__calls_wrapper_barrier(c->calls, c->j, v, &wl)
				     : TC_NONE;
		if (w != TC_NONE) { /* a wrapper's barrier, as if inlined here */
			if (!(rb->inlined = plain_name(c, tc_graph_name(tc_module_graph(c->m, w)))))
				goto done;
			rb->inlined_loc = wl;
		}
		if (c->calls && (tc_graph_node_flags(g, v) & TC_NODE_BARRIER)) {
			if (context_finding(c, &f, false, v, &rb->ncalls, &rb->ncauses,
					    &rb->unknown_callers))
				goto done;
			continue;
		}
		/* at most n: ids holds them all */
		if (cli_add_causes(&c->causes, &f.total, &f.cap, f.why, v, c->m, c->j, f.ids, n,
				   &rb->ncauses))
			goto done;
	}
	if (c->calls && context_collectives(c, &f))
		goto done;
	/* the causes and links have stopped moving: point into them */
	size_t at = 0, l = 0;
	for (uint32_t b = 0; b < nb; b++) {
		tc_report_barrier *rb = &c->barriers[b];
		rb->causes = rb->ncauses ? c->causes + at : NULL;
		rb->calls = rb->ncalls ? c->links + l : NULL;
		at += rb->ncauses;
		l += rb->ncalls;
	}
	for (size_t q = 0; c->coll.list && q < c->rg.ncollectives; q++) {
		tc_report_collective *rc = &c->coll.list[q];
		rc->causes = rc->ncauses ? c->causes + at : NULL;
		rc->calls = rc->ncalls ? c->links + l : NULL;
		at += rc->ncauses;
		l += rc->ncalls;
	}
	c->rg.reported = c->barriers;
	c->rg.nreported = nb;
	status = CLI_EXIT_OK;
done:
	free(f.ids);
	tc_causes_free(f.why);
	if (status != CLI_EXIT_OK)
		cli_error("out of memory");
	return status;
}

/* Whether the causes of a finding, all in graph g, are missed only by
 * threads that leave the kernel (analysis/exits.h); *loc: where they go. */
static bool only_exits(tc_exits *x, const tc_graph *g, uint32_t node, const tc_report_cause *causes,
		       uint32_t ncauses, tc_loc *loc)
{
	uint32_t side, *ids = ncauses ? malloc(ncauses * sizeof *ids) : NULL;
	bool only = ids != NULL; /* out of memory: an ordinary divergence */
	for (uint32_t i = 0; only && i < ncauses; i++) {
		only = !causes[i].graph || causes[i].graph == g; /* not a caller's */
		ids[i] = causes[i].node;
	}
	only = only && tc__exits_only(x, node, ids, ncauses, &side);
	free(ids);
	if (!only)
		return false;
	/* the return where it has a position, else the branch that leads there */
	*loc = side != TC_NONE ? tc_graph_node_loc(g, side) : (tc_loc){NULL, 0, 0};
	if (!loc->file || !loc->line)
		*loc = causes[0].loc;
	return true;
}

/* The reported barriers and collectives of a kernel that only threads that
 * leave it miss: their own rules (barrier-after-exit, collective-after-exit).
 * CLI_EXIT_*. */
static int classify_exits(checked *c)
{
	const tc_graph *g = c->rg.graph;
	size_t nc = c->coll.list ? c->rg.ncollectives : 0;
	if (!tc_module_graph_is_kernel(c->m, c->j) || (c->rg.nreported == 0 && nc == 0))
		return CLI_EXIT_OK;
	uint32_t n = tc_graph_node_count(g), ne = 0;
	uint32_t *elements = malloc(((size_t)n + tc_module_collective_count(c->m, c->j) + 1) *
				    sizeof *elements);
	if (!elements) {
		cli_error("out of memory");
		return CLI_EXIT_ERROR;
	}
	for (uint32_t v = 0; v < n; v++)
		if (tc_graph_node_flags(g, v) & (TC_NODE_BARRIER | TC_NODE_PARTIAL_BARRIER))
			elements[ne++] = v;
	for (size_t k = 0; k < tc_module_collective_count(c->m, c->j); k++)
		elements[ne++] = tc_module_collective(c->m, c->j, k)->node;
	tc_alloc al;
	tc__alloc_init(&al, NULL);
	tc_exits *x;
	int rc = tc__exits_new(&x, g, elements, ne, &al);
	free(elements);
	if (rc) {
		cli_error("out of memory");
		return CLI_EXIT_ERROR;
	}
	for (size_t b = 0; b < c->rg.nreported; b++) {
		tc_report_barrier *rb = &c->barriers[b];
		rb->after_exit = !rb->ncalls &&
				 !(tc_graph_node_flags(g, rb->node) & TC_NODE_PARTIAL_BARRIER) &&
				 only_exits(x, g, rb->node, rb->causes, rb->ncauses, &rb->exit_loc);
	}
	for (size_t q = 0; q < nc; q++) {
		tc_report_collective *rcl = &c->coll.list[q];
		rcl->after_exit = rcl->reported && !rcl->ncalls &&
				  only_exits(x, g, rcl->c->node, rcl->causes, rcl->ncauses,
					     &rcl->exit_loc);
	}
	tc__exits_free(x);
	return CLI_EXIT_OK;
}

/* Graph k solved and its findings found (a task of cli_parallel). */
static void check_one(void *ctx, size_t k)
{
	session *s = ctx;
	checked *c = &s->graphs[k];
	tc_result *r = c->calls ? (tc_result *)tc__calls_result(c->calls, c->j) : NULL;
	tc_diag d;
	if (!r && tc_module_solve(&r, c->m, c->j, &c->rg.options, NULL, &d)) {
		cli_graph_error(c->rg.input, c->rg.graph, d.message);
		c->status = CLI_EXIT_ERROR;
		return;
	}
	c->own_result = !c->calls || r != tc__calls_result(c->calls, c->j);
	c->rg.result = r;
	cli_note_bounded(c->rg.input, c->rg.graph, r);
	if (find_barriers(c) != CLI_EXIT_OK ||
	    (!c->calls &&
	     cli_collectives_find(&c->coll, &c->rg, c->m, c->j, &c->rg.options) != CLI_EXIT_OK) ||
	    classify_exits(c) != CLI_EXIT_OK) {
		c->status = CLI_EXIT_ERROR;
		return;
	}
	/* one finding per problem: copies of a barrier or collective merged */
	if (tc__report_merge(&c->rg, c->barriers, c->coll.list, &c->merged) != TC_OK) {
		cli_error("out of memory");
		c->status = CLI_EXIT_ERROR;
	}
}

/* Input i's calling contexts (a task of cli_parallel). */
static void calls_one(void *ctx, size_t i)
{
	session *s = ctx;
	tc_diag d;
	if (s->in.modules[i] &&
	    tc__calls_new(&s->calls[i], s->in.modules[i], &s->calls_opt, NULL, &d)) {
		cli_error("%s: %s", cli_input_name(s->paths[i]), d.message);
		s->calls_status[i] = CLI_EXIT_ERROR;
	}
}

static int check_all(session *s, const char **paths, int jobs)
{
	if (!(s->graphs = calloc(s->ngraphs ? s->ngraphs : 1, sizeof *s->graphs))) {
		cli_error("out of memory");
		return CLI_EXIT_ERROR;
	}
	tc_solve_options opt = s->opt;
	opt.assume_barriers = false;
	opt.progress = NULL;
	if (!(s->calls = calloc(s->in.count ? s->in.count : 1, sizeof *s->calls)) ||
	    !(s->calls_status = calloc(s->in.count ? s->in.count : 1, sizeof *s->calls_status))) {
		cli_error("out of memory");
		return CLI_EXIT_ERROR;
	}
	/* the calling contexts of each input's functions, inputs in parallel */
	s->paths = paths;
	s->calls_opt = opt;
	int status = cli_parallel(s->in.count, jobs, calls_one, s);
	for (size_t i = 0; i < s->in.count; i++)
		status = s->calls_status[i] != CLI_EXIT_OK ? CLI_EXIT_ERROR : status;
	if (status != CLI_EXIT_OK)
		return status;
	size_t k = 0;
	for (size_t i = 0; i < s->in.count; i++) {
		tc_module *m = s->in.modules[i];
		for (size_t j = 0; j < tc_module_graph_count(m); j++) {
			if (!is_checked(s, m, i, j))
				continue;
			checked *c = &s->graphs[k++];
			c->rg.input = cli_input_name(paths[i]);
			c->rg.graph = tc_module_graph(m, j);
			c->rg.options = opt;
			c->m = m;
			c->calls = s->calls ? s->calls[i] : NULL;
			c->j = j;
		}
	}
	s->ngraphs = k;
	status = cli_parallel(k, jobs, check_one, s);
	for (size_t q = 0; q < k; q++)
		status = s->graphs[q].status != CLI_EXIT_OK ? CLI_EXIT_ERROR : status;
	return status;
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
					 TC_DOC_URI};
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
		if (cli_findings_graph(f, &c->rg, c->barriers, c->coll.list, &c->suppressed) !=
		    CLI_EXIT_OK)
			return CLI_EXIT_ERROR;
	}
	return cli_findings_check_comments(f);
}

int cli_check(int argc, char **argv)
{
	int format = FORMAT_TEXT, id, rc = 0, status = CLI_EXIT_ERROR, stats = 0, quiet = 0;
	tc_solve_options opt = tc_solve_options_default();
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
		case OPT_FUNCTION:
			s.read.function = value;
			break;
		case OPT_BLOCK_SIZE:
			if (cli_block_size(&s.read, value))
				goto done;
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
			if (id != CLI_BAD && (cli_read_option(&s.read, id) ||
					      (rc = cli_build_option(&build, id, value)) > 0))
				break;
			if (rc == 0 || id == CLI_BAD)
				usage_hint();
			goto done;
		}
	}
	if (npaths == 0 && build.compdb &&
	    cli_database_inputs(&build, &paths, &compiled, &npaths) < 0)
		goto done;
	if (npaths == 0) {
		cli_no_inputs(&build);
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
	cli_build_ready(&build);
	int jobs = cli_jobs(build.jobs);
	status = cli_compile_sources(&build, paths, npaths, compiled);
	if (status == CLI_EXIT_OK)
		status = cli_read_compiled(&s.in, paths, compiled, npaths, &s.read, 0, jobs);
	cli_sources_finish();
	s.ngraphs = s.in.ngraphs;
	if (status != CLI_EXIT_OK)
		goto done;
	s.opt = opt;
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
	tc_report_text_options text = {build.caret, use_color(build.color_when, output)};
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
