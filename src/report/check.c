/*
 * check.c - the reports of check mode (SPEC 4): compiler-style warnings and
 * SARIF 2.1.0 (OASIS, "Static Analysis Results Interchange Format").
 *
 * The barriers and their causes come computed (tc_report_graph.reported,
 * from tc_barrier_causes); this file only words them. Text, per barrier:
 *
 *   k.cl:12:5: warning: barrier may be reached by only some threads of the
 *       block [-Wbarrier-divergence]                       (one line)
 *   k.cl:9:5: note: the branch here may go different ways in different threads
 *   k.cl:9:5: note: branch depends on get_local_id(0) (k.cl:9:13)
 *
 * Without a position the input's name leads and the graph and node are
 * named instead ("k.cfg: warning: graph g: barrier b may be ...").
 *
 * With carets on, each line with a position is followed by its source line
 * and a caret (snippet.h), but for a line at the same position as the one
 * before it (a warning's notes at the warning's place), as clang does. With
 * colours, clang's escape sequences: the position bold, "warning:" bold
 * magenta, "note:" bold cyan, a warning's message bold, each part reset
 * after it.
 */
#include "report/nolint.h"
#include "report/report.h"
#include "report/snippet.h"
#include "util/diag.h"
#include "util/hash.h"
#include "util/names.h"
#include "util/utf8.h"

#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define BRANCH_TEXT "may go different ways in different threads"
/* the note of a barrier or collective in an inlined function, with the
 * function's name */
#define INLINED_TEXT "in inlined function '%s'"
/* the notes of a barrier in a function that was not inlined (the first
 * MAX_CALL_NOTES - 1 of a longer chain, then one that counts the rest) */
#define CALL_TEXT "in function '%s', called from '%s' here"
#define MORE_CALLS_TEXT "and %u more calls, from '%s'"
#define MAX_CALL_NOTES 16u
#define UNKNOWN_CALLERS_TEXT \
	"no kernel of the input calls '%s': it was checked as if any thread could call it " \
	"with any arguments"

static int is_partial(const tc_graph *g, uint32_t node)
{
	return (tc_graph_node_flags(g, node) & TC_NODE_PARTIAL_BARRIER) != 0;
}

static int has_pos(tc_loc l)
{
	return l.file && l.line;
}

/* "file:line:col" or "file:line", the file's name escaped as a name's */
static void print_pos(FILE *out, tc_loc l)
{
	tc__report_put_escaped(out, l.file, strlen(l.file));
	if (l.col)
		fprintf(out, ":%u:%u", (unsigned)l.line, (unsigned)l.col);
	else
		fprintf(out, ":%u", (unsigned)l.line);
}

/* ---- text: the lines, their colours and snippets ---------------------------- */

/* a finding shown as an error (-Werror) is LEVEL_ERROR */
enum { LEVEL_WARNING, LEVEL_NOTE, LEVEL_ERROR };

static int finding_level(bool error)
{
	return error ? LEVEL_ERROR : LEVEL_WARNING;
}

static void print_flag(FILE *out, tc_rule rule, int level)
{
	char buf[64];
	fputs(tc__report_flag(buf, sizeof buf, rule, level == LEVEL_ERROR), out);
}

/* A text report being written: what has been shown, for clang's rule on
 * repeated snippets. Between line_begin and line_end, out is line: a line's
 * message, with the names of the input in it, is written there and then
 * to report with its control bytes escaped (tc__report_put_escaped), so
 * that no name from the input reaches the terminal as a command. */
typedef struct text_out {
	FILE *out;
	tc_report_text_options opt;
	tc__srcfiles *sources; /* with carets: opt.files, or made at the first snippet */
	bool own_sources;      /* made here */
	tc_loc last;          /* the previous line's position; file NULL: none */
	int last_level;
	int rc;               /* TC_ENOMEM once a snippet could not be made */
	FILE *report;         /* the report's stream */
	FILE *line;           /* the message being written (open_memstream) */
	char *line_buf;
	size_t line_size;
} text_out;

/*
 * Starts a line: "pos: warning: " (or the input's name where there is no
 * position); the message follows. In colour as clang: the position bold,
 * the level bold magenta or cyan, a warning's message bold.
 */
static void line_begin(text_out *t, tc_loc l, const char *input, int level)
{
	FILE *out = t->report;
	bool color = t->opt.color;
	if (has_pos(l)) {
		if (color)
			fputs(TC_SGR_BOLD, out);
		print_pos(out, l);
		fputs(": ", out);
	} else {
		input = input ? input : "<input>";
		tc__report_put_escaped(out, input, strlen(input));
		fputs(": ", out);
	}
	if (color)
		fputs(level == LEVEL_NOTE    ? TC_SGR_RESET TC_SGR_NOTE
		      : level == LEVEL_ERROR ? TC_SGR_RESET TC_SGR_ERROR
					     : TC_SGR_RESET TC_SGR_WARNING,
		      out);
	fputs(level == LEVEL_NOTE ? "note: " : level == LEVEL_ERROR ? "error: " : "warning: ", out);
	if (color)
		fputs(level == LEVEL_NOTE ? TC_SGR_RESET : TC_SGR_RESET TC_SGR_BOLD, out);
	rewind(t->line);
	t->out = t->line;
}

static bool same_pos(tc_loc a, tc_loc b)
{
	return has_pos(a) && has_pos(b) && a.line == b.line && a.col == b.col &&
	       strcmp(a.file, b.file) == 0;
}

/*
 * Ends the line begun at l, then shows l's source line and caret, unless
 * the line before had the same position and was not a note followed by a
 * warning (clang shows a snippet once for a warning and its notes at one
 * place).
 */
static void line_end(text_out *t, tc_loc l, int level)
{
	long len = ftell(t->line);
	if (fflush(t->line) != 0 || ferror(t->line) || len < 0)
		t->rc = TC_ENOMEM;
	else
		tc__report_put_escaped(t->report, t->line_buf, (size_t)len);
	t->out = t->report;
	if (t->opt.color)
		fputs(TC_SGR_RESET, t->out);
	fputc('\n', t->out);
	bool repeated = same_pos(l, t->last) &&
			(t->last_level != LEVEL_NOTE || level == t->last_level);
	if (t->opt.caret && has_pos(l) && !repeated && !t->rc) {
		if (!t->sources) {
			t->own_sources = true;
			t->sources = tc__srcfiles_new();
		}
		t->rc = t->sources ? tc__snippet_write(t->out, t->sources, l, t->opt.color)
				   : TC_ENOMEM;
	}
	t->last = has_pos(l) ? l : (tc_loc){NULL, 0, 0};
	t->last_level = level;
}

/* " (file:line:col)" after a value, when its position is known */
static void print_where(FILE *out, tc_loc l)
{
	if (!has_pos(l))
		return;
	fputs(" (", out);
	print_pos(out, l);
	fputc(')', out);
}

/* "may go different ways in different threads" (lanes of a warp, ...) */
static const char *branch_text(tc_group g)
{
	switch (g) {
	case TC_GROUP_WARP: return "may go different ways in different lanes of the warp";
	case TC_GROUP_SUBGROUP:
		return "may go different ways in different work-items of the sub-group";
	case TC_GROUP_BLOCK: break;
	}
	return BRANCH_TEXT;
}

/* What the threads that miss a barrier (collective) do instead: leave the
 * kernel, at exit (the return; where the element is when that has no
 * position), and what the hardware makes of it. */
#define EXIT_BARRIER_TEXT                                                                   \
	"the threads that go this way leave the kernel without reaching it: a bar.sync "   \
	"(CUDA, sm_70 and later) and AMDGPU's s_barrier wait only for the threads that "   \
	"have not exited, so the hardware does not hang, yet CUDA's, OpenCL's and Vulkan's " \
	"rules still require the whole block to reach it"
#define EXIT_COLLECTIVE_TEXT                                                                \
	"the lanes that go this way leave the kernel without reaching it: a collective "   \
	"whose mask names a lane that has exited is undefined"

static void print_exit(text_out *t, const tc_report_graph *rg, tc_loc exit, tc_loc at,
		       bool collective)
{
	tc_loc l = has_pos(exit) ? exit : at;
	line_begin(t, l, rg->input, LEVEL_NOTE);
	fputs(collective ? EXIT_COLLECTIVE_TEXT : EXIT_BARRIER_TEXT, t->out);
	line_end(t, l, LEVEL_NOTE);
}

static void print_causes(text_out *t, const tc_report_graph *rg, const tc_finding_cause *causes,
			 uint32_t n, tc_group group)
{
	const tc_graph *g = rg->graph;
	for (uint32_t c = 0; c < n; c++) {
		const tc_finding_cause *rc = &causes[c];
		const char *name = tc_graph_node_name(rc->graph ? rc->graph : g, rc->node);
		if (!tc__check_cause_repeats(causes, c)) { /* a branch's note once */
			line_begin(t, rc->loc, rg->input, LEVEL_NOTE);
			if (has_pos(rc->loc))
				fprintf(t->out, "the branch here %s", branch_text(group));
			else
				fprintf(t->out, "the branch at node %s %s", name, branch_text(group));
			line_end(t, rc->loc, LEVEL_NOTE);
		}
		if (!rc->depends_on)
			continue;
		line_begin(t, rc->loc, rg->input, LEVEL_NOTE);
		fprintf(t->out, "branch depends on %s", rc->depends_on);
		print_where(t->out, rc->depends_loc);
		line_end(t, rc->loc, LEVEL_NOTE);
	}
}

/* The note naming the inlined helper (function) a barrier or collective
 * was reached in, at loc there; nothing when function is NULL. */
static void print_inlined(text_out *t, const tc_report_graph *rg, const char *function,
			  tc_loc loc)
{
	if (!function)
		return;
	line_begin(t, loc, rg->input, LEVEL_NOTE);
	fprintf(t->out, INLINED_TEXT, function);
	line_end(t, loc, LEVEL_NOTE);
}

/* A function's name as its source writes it (into buf; returns buf). */
static const char *plain_name(char *buf, size_t cap, const char *name)
{
	tc__plain_name(buf, cap, name, strlen(name));
	return buf;
}

/* The note for call k on the way to a barrier in a function that was not
 * inlined (into buf; returns buf). */
static const char *call_text(char *buf, size_t cap, const tc_finding_call *call)
{
	char callee[256], caller[256];
	snprintf(buf, cap, CALL_TEXT, plain_name(callee, sizeof callee, call->callee),
		 plain_name(caller, sizeof caller, call->caller));
	return buf;
}

/* The notes naming the calls from the kernel to a barrier in a function
 * that was not inlined, innermost first. */
static void print_calls(text_out *t, const tc_report_graph *rg, const tc_finding_call *calls,
			uint32_t ncalls, uint32_t omitted, bool unknown_callers)
{
	char text[600];
	uint32_t total = ncalls + omitted; /* the last kept is the outermost */
	uint32_t shown = total > MAX_CALL_NOTES ? MAX_CALL_NOTES - 1 : total;
	for (uint32_t k = 0; k < shown; k++) {
		line_begin(t, calls[k].loc, rg->input, LEVEL_NOTE);
		fputs(call_text(text, sizeof text, &calls[k]), t->out);
		line_end(t, calls[k].loc, LEVEL_NOTE);
	}
	char name[256];
	tc_loc none = {NULL, 0, 0};
	if (shown < total) {
		line_begin(t, none, rg->input, LEVEL_NOTE);
		fprintf(t->out, MORE_CALLS_TEXT, total - shown,
			plain_name(name, sizeof name, calls[ncalls - 1].caller));
		line_end(t, none, LEVEL_NOTE);
	}
	if (unknown_callers) {
		const char *outer = ncalls ? calls[ncalls - 1].caller : tc_graph_name(rg->graph);
		line_begin(t, none, rg->input, LEVEL_NOTE);
		fprintf(t->out, UNKNOWN_CALLERS_TEXT, plain_name(name, sizeof name, outer));
		line_end(t, none, LEVEL_NOTE);
	}
}

static void print_barrier(text_out *t, const tc_report_graph *rg, const tc_check_barrier *rb)
{
	const tc_graph *g = rg->graph;
	tc_loc bl = tc_graph_node_loc(g, rb->node);
	int partial = is_partial(g, rb->node), level = finding_level(rb->error);
	line_begin(t, bl, rg->input, level);
	if (has_pos(bl))
		fputs(tc__report_barrier_message(g, rb->node), t->out);
	else
		fprintf(t->out,
			"graph %s: %sbarrier %s may be reached by only some "
			"threads of the block",
			tc_graph_name(g), partial ? "partial " : "", tc_graph_node_name(g, rb->node));
	print_flag(t->out, tc__check_barrier_rule(g, rb), level);
	line_end(t, bl, level);
	if (partial) {
		line_begin(t, bl, rg->input, LEVEL_NOTE);
		fputs("it waits only for as many threads as its count says; "
		      "make sure that the threads that reach it are the ones meant",
		      t->out);
		line_end(t, bl, LEVEL_NOTE);
	}
	print_inlined(t, rg, rb->inlined, rb->inlined_loc);
	print_causes(t, rg, rb->causes, rb->ncauses, TC_GROUP_BLOCK);
	if (rb->after_exit && !partial)
		print_exit(t, rg, rb->exit_loc, bl, false);
	print_calls(t, rg, rb->calls, rb->ncalls, rb->calls_omitted, rb->unknown_callers);
}

/* The start of a collective's warning: its position, or the graph and node. */
static void print_collective_lead(text_out *t, const tc_report_graph *rg, const tc_collective *c,
				  int level)
{
	line_begin(t, c->loc, rg->input, level);
	if (!has_pos(c->loc))
		fprintf(t->out, "graph %s: node %s: ", tc_graph_name(rg->graph),
			tc_graph_node_name(rg->graph, c->node));
}

/* The warp verdicts' assumption, said once in a report. */
static void print_assumption(text_out *t, const tc_report_graph *rg, const tc_collective *c)
{
	line_begin(t, c->loc, rg->input, LEVEL_NOTE);
	fprintf(t->out,
		"lanes are grouped in warps of %u on the assumption that the block's x "
		"size is a multiple of %u (--block-size gives the real size)",
		(unsigned)rg->warp_size, (unsigned)rg->warp_size);
	line_end(t, c->loc, LEVEL_NOTE);
}

static void print_collective(text_out *t, const tc_report_graph *rg,
			     const tc_check_collective *rc, bool *assumed)
{
	const tc_collective *c = rc->c;
	char msg[512];
	if (rc->reported && !rc->merged) {
		int level = finding_level(rc->error);
		print_collective_lead(t, rg, c, level);
		fputs(tc__report_collective_message(msg, sizeof msg, c), t->out);
		print_flag(t->out, tc__check_collective_rule(rc), level);
		line_end(t, c->loc, level);
		print_inlined(t, rg, c->inlined, c->inlined_loc);
		print_causes(t, rg, rc->causes, rc->ncauses, c->group);
		if (rc->after_exit)
			print_exit(t, rg, rc->exit_loc, c->loc, true);
		print_calls(t, rg, rc->calls, rc->ncalls, rc->calls_omitted, rc->unknown_callers);
		if (c->group != TC_GROUP_BLOCK && rg->warp_assumed && rg->warp_size && !*assumed) {
			print_assumption(t, rg, c);
			*assumed = true;
		}
	}
	if (!tc__report_argument_shown(rc) || rc->arg_merged)
		return;
	int level = finding_level(rc->arg_error);
	print_collective_lead(t, rg, c, level);
	fputs(tc__report_argument_message(msg, sizeof msg, c), t->out);
	print_flag(t->out, TC_RULE_COLLECTIVE_ARGUMENT, level);
	line_end(t, c->loc, level);
	print_inlined(t, rg, c->inlined, c->inlined_loc);
	if (!c->arg_source)
		return;
	line_begin(t, c->loc, rg->input, LEVEL_NOTE);
	fprintf(t->out, "it depends on %s", c->arg_source);
	print_where(t->out, c->arg_source_loc);
	line_end(t, c->loc, LEVEL_NOTE);
}

int tc__report_check_text(FILE *out, const tc_report_graph *graphs, size_t count,
			 const tc_report_text_options *opt, tc_diag *diag)
{
	text_out t = {out, {false, false, NULL}, NULL, false, {NULL, 0, 0}, LEVEL_WARNING, TC_OK,
		      out, NULL, NULL, 0};
	if (opt)
		t.opt = *opt;
	t.sources = t.opt.files;
	if (!(t.line = open_memstream(&t.line_buf, &t.line_size)))
		return tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
	bool assumed = false; /* said once in a report */
	for (size_t i = 0; i < count && !t.rc; i++) {
		const tc_report_graph *rg = &graphs[i];
		size_t b = 0, k = 0;
		/* barriers and collectives in node order, a barrier first */
		while ((b < rg->nreported || k < rg->ncollectives) && !t.rc) {
			if (k == rg->ncollectives ||
			    (b < rg->nreported && rg->reported[b].node <= rg->collectives[k].c->node)) {
				if (!rg->reported[b].merged) /* a copy: its finding is shown */
					print_barrier(&t, rg, &rg->reported[b]);
				b++;
			} else
				print_collective(&t, rg, &rg->collectives[k++], &assumed);
		}
	}
	if (t.own_sources)
		tc__srcfiles_free(t.sources);
	fclose(t.line);
	free(t.line_buf);
	if (t.rc)
		return tc__diag(diag, t.rc, NULL, 0, 0, "out of memory");
	return tc__report_status(out, diag);
}

/* ---- SARIF ---------------------------------------------------------------- */

/* The setters steal v and fail (nonzero) when v or o is NULL. */
static int set(json_t *o, const char *key, json_t *v)
{
	return json_object_set_new(o, key, v);
}

/* The base id of the files under the source root (GitHub's code scanning
 * and the SARIF specification's own examples call it so). */
#define SRCROOT "%SRCROOT%"
/* partialFingerprints' key: the version says how the value is made */
#define FINGERPRINT_KEY "threadconv/v1"

/* A file's name as a URI reference (RFC 3986), after prefix: every byte but
 * the unreserved characters and '/' percent-encoded ("a b.ptx" is
 * "a%20b.ptx", "a%b#c?.ptx" "a%25b%23c%3F.ptx"; a byte that is not UTF-8
 * is one %XX like any other). NULL when out of memory. */
static json_t *uri_string(const char *prefix, const char *path)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t n = strlen(path), out = strlen(prefix);
	char *buf = malloc(out + 3 * n + 1);
	if (!buf)
		return NULL;
	memcpy(buf, prefix, out);
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		unsigned c = *p;
		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		    c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
			buf[out++] = (char)c;
		} else {
			buf[out++] = '%';
			buf[out++] = hex[c >> 4];
			buf[out++] = hex[c & 15];
		}
	}
	json_t *j = json_stringn(buf, out);
	free(buf);
	return j;
}

/*
 * base + "/" + path (path alone when it is absolute or base is NULL) with
 * its "." and ".." segments taken out and its slashes made single, as a URI
 * resolves them (RFC 3986 5.2.4): "/a/b/../c" is "/a/c", ".." above the
 * root stays at it. malloc'd; NULL when out of memory.
 */
static char *normalized(const char *base, const char *path)
{
	size_t nb = base && path[0] != '/' ? strlen(base) : 0, np = strlen(path);
	char *in = malloc(nb + np + 2), *out = malloc(nb + np + 2);
	if (!in || !out) {
		free(in);
		free(out);
		return NULL;
	}
	if (nb)
		memcpy(in, base, nb);
	in[nb] = '/';
	memcpy(in + nb + 1, path, np + 1);
	size_t len = 0;
	for (const char *p = in; *p;) {
		while (*p == '/')
			p++;
		const char *e = p;
		while (*e && *e != '/')
			e++;
		size_t k = (size_t)(e - p);
		if (k == 2 && p[0] == '.' && p[1] == '.') {
			while (len > 0 && out[len - 1] != '/')
				len--;
			if (len > 0)
				len--; /* the slash before the segment */
		} else if (k && !(k == 1 && p[0] == '.')) {
			out[len++] = '/';
			memcpy(out + len, p, k);
			len += k;
		}
		p = e;
	}
	if (len == 0)
		out[len++] = '/';
	out[len] = '\0';
	free(in);
	return out;
}

/* The part of absolute path abs below directory root (both normalized), or
 * NULL when it is not below it. */
static const char *below(const char *abs, const char *root)
{
	size_t n = strlen(root);
	if (n == 1) /* "/" */
		return abs[1] ? abs + 1 : NULL;
	return strncmp(abs, root, n) == 0 && abs[n] == '/' && abs[n + 1] ? abs + n + 1 : NULL;
}

/* A SARIF log being made: where files are, and the fingerprints so far. */
typedef struct sarif {
	char *root, *alias;   /* normalized: %SRCROOT% and another spelling */
	const char *help_uri;
	tc__nolint *lines;    /* the source files, for the fingerprints' text */
	tc__srcfiles *files;  /* their bytes (NULL: lines' own) */
	tc_alloc al;
	tc_hash index;        /* the fingerprints' hashes made -> their entry */
	uint64_t *seen;       /* per entry: the hash */
	uint32_t *times;      /* per entry: how often it was made */
	size_t nseen, cap;
} sarif;

/* An artifactLocation of path: under the source root, relative to it with
 * uriBaseId %SRCROOT%; elsewhere its absolute file: URI; without a root,
 * the name as given. NULL when out of memory. */
static json_t *artifact(const sarif *s, const char *path)
{
	json_t *art = json_object();
	if (!art)
		return NULL;
	if (!s->root) {
		if (set(art, "uri", uri_string("", path)))
			goto oom;
		return art;
	}
	char *abs = normalized(s->root, path);
	if (!abs)
		goto oom;
	const char *rel = below(abs, s->root);
	if (!rel && s->alias)
		rel = below(abs, s->alias);
	int bad = rel ? set(art, "uri", uri_string("", rel)) ||
			       set(art, "uriBaseId", json_string(SRCROOT))
		      : set(art, "uri", uri_string("file://", abs));
	free(abs);
	if (bad)
		goto oom;
	return art;
oom:
	json_decref(art);
	return NULL;
}

static json_t *text_object(const char *text)
{
	json_t *o = json_object();
	if (set(o, "text", tc__report_json_string(text))) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* A location object; logical name when the position is unknown. */
static json_t *location(const sarif *s, tc_loc l, const char *input, const char *logical,
			const char *message)
{
	json_t *o = json_object(), *phys = json_object(), *region = json_object();
	const char *file = l.file ? l.file : input;
	int bad = !o || !phys || !region;
	if (!bad && file)
		bad = set(phys, "artifactLocation", artifact(s, file));
	if (!bad && has_pos(l)) {
		bad = set(region, "startLine", json_integer(l.line)) ||
		      (l.col && set(region, "startColumn", json_integer(l.col))) ||
		      set(phys, "region", json_incref(region));
	}
	if (!bad && file)
		bad = set(o, "physicalLocation", json_incref(phys));
	if (!bad && logical) {
		json_t *la = json_array(), *ll = json_object();
		if (!la) {
			json_decref(ll);
			bad = 1;
		} else {
			bad = json_array_append_new(la, ll) ||
			      set(ll, "fullyQualifiedName", tc__report_json_string(logical)) ||
			      set(o, "logicalLocations", json_incref(la));
			json_decref(la);
		}
	}
	if (!bad && message)
		bad = set(o, "message", text_object(message));
	json_decref(region);
	json_decref(phys);
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* The rules: one per class of warning, in the order of tc_rule
 * (a result's ruleIndex is its rule's place here). */
static const struct rule {
	tc_rule id;
	const char *brief, *full;
} rules[] = {
	{TC_RULE_BARRIER_DIVERGENCE, "barrier reached by only some threads of a block",
	 "A barrier that not every thread of a thread block reaches equally often between "
	 "two synchronizations (because a branch before it depends on the thread) can "
	 "deadlock or synchronize the wrong threads."},
	{TC_RULE_PARTIAL_BARRIER, "barrier with a thread count reached by only some threads",
	 "A barrier that waits for a given number of threads (PTX bar.sync with a count, "
	 "named barriers) synchronizes only part of the block; when a branch that depends "
	 "on the thread decides who reaches it, check that the right threads do."},
	{TC_RULE_COLLECTIVE_DIVERGENCE, "collective operation reached by only some threads of its group",
	 "A warp shuffle or vote with the full mask, __syncwarp, a work-group or sub-group "
	 "function or an async copy needs every thread of its group (warp, sub-group or "
	 "block) to execute it together; reached by only some of them, it hangs or gives "
	 "undefined results."},
	{TC_RULE_COLLECTIVE_ARGUMENT, "collective operation whose threads may pass different arguments",
	 "Some arguments of a collective operation (a shuffle's mask, the events of "
	 "wait_group_events, the pointers, size and stride of async_work_group_copy, the "
	 "local id of work_group_broadcast, a barrier's flags) must be the same in every "
	 "thread of its group."},
	{TC_RULE_BARRIER_AFTER_EXIT, "barrier that only threads that left the kernel miss",
	 "A barrier that the threads that skip it skip because they leave the kernel (an early "
	 "return before it). CUDA's rule still makes it divergent; since Volta bar.sync waits "
	 "only for the threads that have not exited, so on NVIDIA hardware it does not hang."},
	{TC_RULE_COLLECTIVE_AFTER_EXIT, "collective operation that only lanes that left the kernel miss",
	 "A collective operation that some lanes of its group miss because they left the kernel "
	 "before it: its mask names lanes that have exited, which is undefined."},
};

static size_t rule_index(tc_rule r)
{
	size_t k = 0;
	while (k + 1 < sizeof rules / sizeof *rules && rules[k].id != r)
		k++;
	return k;
}

/* The rule's helpUri: the documentation's section named after it. */
static json_t *help_uri(const sarif *s, tc_rule r)
{
	const char *name = tc_rule_name(r);
	size_t n = strlen(s->help_uri), m = strlen(name);
	char *buf = malloc(n + m + 2);
	if (!buf)
		return NULL;
	memcpy(buf, s->help_uri, n);
	buf[n] = '#';
	memcpy(buf + n + 1, name, m + 1);
	json_t *j = tc__report_json_string(buf);
	free(buf);
	return j;
}

static json_t *driver(const sarif *s)
{
	json_t *d = json_object(), *list = json_array(), *conf = json_object();
	int bad = !d || !list || !conf || set(d, "name", json_string("threadconv")) ||
		  set(d, "version", json_string(TC_VERSION)) ||
		  set(conf, "level", json_string("warning"));
	for (size_t k = 0; !bad && k < sizeof rules / sizeof *rules; k++) {
		json_t *rule = json_object();
		bad = !rule || json_array_append_new(list, rule) ||
		      set(rule, "id", json_string(tc_rule_name(rules[k].id))) ||
		      set(rule, "shortDescription", text_object(rules[k].brief)) ||
		      set(rule, "fullDescription", text_object(rules[k].full)) ||
		      set(rule, "defaultConfiguration", json_incref(conf)) ||
		      (s->help_uri && set(rule, "helpUri", help_uri(s, rules[k].id)));
	}
	if (!bad)
		bad = set(d, "rules", json_incref(list));
	json_decref(list);
	json_decref(conf);
	if (bad) {
		json_decref(d);
		return NULL;
	}
	return d;
}

static char *qualified(char *buf, size_t cap, const tc_graph *g, uint32_t node)
{
	char plain[512];
	snprintf(buf, cap, "%s/%s", tc__report_plain_name(plain, sizeof plain, g),
		 tc_graph_node_name(g, node));
	return buf;
}

/* FNV-1a, 64 bits, of s and its terminating NUL, from h */
static uint64_t fnv1a(uint64_t h, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	do {
		h ^= *p;
		h *= UINT64_C(0x100000001b3);
	} while (*p++);
	return h;
}

/* How often h has been made so far, this time included (1, 2, ...); 0
 * when out of memory. */
static uint32_t occurrence(sarif *s, uint64_t h)
{
	size_t at;
	uint32_t hh = tc__hash_u64(h);
	for (uint32_t k = tc__hash_first(&s->index, hh, &at); k != TC_NONE;
	     k = tc__hash_next(&s->index, hh, &at))
		if (s->seen[k] == h)
			return ++s->times[k];
	if (s->nseen == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 64;
		uint64_t *seen = cap < UINT32_MAX ? realloc(s->seen, cap * sizeof *seen) : NULL;
		if (!seen)
			return 0;
		s->seen = seen;
		uint32_t *times = realloc(s->times, cap * sizeof *times);
		if (!times)
			return 0;
		s->times = times;
		s->cap = cap;
	}
	if (tc__hash_reserve(&s->index, &s->al, s->nseen + 1))
		return 0;
	tc__hash_add(&s->index, hh, (uint32_t)s->nseen);
	s->seen[s->nseen] = h;
	return s->times[s->nseen++] = 1;
}

/*
 * partialFingerprints of a result of rule in graph g at loc: what the
 * baseline matches on, the rule, the function as the source names it and
 * the text of loc's line with its blanks made one (empty when it cannot be
 * read), hashed, and the occurrence of that hash in the log. NULL when out
 * of memory.
 */
static json_t *fingerprints(sarif *s, tc_rule rule, const tc_graph *g, tc_loc loc)
{
	const char *text;
	char function[512], value[48];
	if (!s->lines && !(s->lines = tc__nolint_new(s->files)))
		return NULL;
	if (tc__nolint_line_text(s->lines, loc, &text) != TC_OK)
		return NULL;
	uint64_t h = fnv1a(UINT64_C(0xcbf29ce484222325), tc_rule_name(rule));
	h = fnv1a(h, tc__report_plain_name(function, sizeof function, g));
	h = fnv1a(h, text ? text : "");
	uint32_t n = occurrence(s, h);
	if (!n)
		return NULL;
	snprintf(value, sizeof value, "%016llx:%u", (unsigned long long)h, (unsigned)n);
	json_t *o = json_object();
	if (set(o, FINGERPRINT_KEY, json_string(value))) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* One finding of a result: rule, message, where, and the deciding
 * branches as related locations. */
typedef struct finding {
	tc_rule rule;
	bool error;
	const char *msg;
	tc_loc loc;
	uint32_t node;
	const tc_finding_cause *causes;
	uint32_t ncauses;
	tc_group group;
	const char *inlined;
	tc_loc inlined_loc;
	const tc_finding_call *calls;
	uint32_t ncalls;
} finding;

/* A related location appended to rel with id; nonzero when out of memory. */
static int related(json_t *rel, json_t *l, size_t id)
{
	if (!l || set(l, "id", json_integer((json_int_t)id))) {
		json_decref(l);
		return -1;
	}
	return json_array_append_new(rel, l);
}

/* One result; NULL when out of memory. */
static json_t *result(sarif *s, const tc_report_graph *rg, const finding *f)
{
	const tc_graph *g = rg->graph;
	char name[512], text[768];
	json_t *o = json_object(), *locs = json_array(), *rel = json_array();
	int bad = !locs || !rel || set(o, "ruleId", json_string(tc_rule_name(f->rule))) ||
		  set(o, "ruleIndex", json_integer((json_int_t)rule_index(f->rule))) ||
		  set(o, "level", json_string(f->error ? "error" : "warning")) ||
		  set(o, "message", text_object(f->msg)) ||
		  json_array_append_new(locs, location(s, f->loc, rg->input,
						       qualified(name, sizeof name, g, f->node),
						       NULL)) ||
		  set(o, "locations", json_incref(locs)) ||
		  set(o, "partialFingerprints", fingerprints(s, f->rule, g, f->loc));
	for (uint32_t c = 0; !bad && c < f->ncauses; c++) {
		const tc_finding_cause *rc = &f->causes[c];
		if (rc->depends_on)
			snprintf(text, sizeof text, "the branch here %s; it depends on %s",
				 branch_text(f->group), rc->depends_on);
		else
			snprintf(text, sizeof text, "the branch here %s", branch_text(f->group));
		bad = related(rel, location(s, rc->loc, rg->input,
					    qualified(name, sizeof name, rc->graph ? rc->graph : g,
						      rc->node),
					    text),
			      c);
	}
	if (!bad && f->inlined) { /* after the causes, whose ids stay */
		snprintf(text, sizeof text, INLINED_TEXT, f->inlined);
		bad = related(rel, location(s, f->inlined_loc, rg->input, NULL, text), f->ncauses);
	}
	/* then the calls from the kernel, innermost first (as many as the
	 * text shows) */
	for (uint32_t k = 0; !bad && k < f->ncalls && k < MAX_CALL_NOTES; k++)
		bad = related(rel,
			      location(s, f->calls[k].loc, rg->input, NULL,
				       call_text(text, sizeof text, &f->calls[k])),
			      f->ncauses + (f->inlined != NULL) + k);
	if (!bad)
		bad = set(o, "relatedLocations", json_incref(rel));
	json_decref(locs);
	json_decref(rel);
	if (bad) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *barrier_result(sarif *s, const tc_report_graph *rg, const tc_check_barrier *rb)
{
	const tc_graph *g = rg->graph;
	char msg[768];
	char plain[512];
	snprintf(msg, sizeof msg, "%s (graph %s, barrier %s)", tc__report_barrier_message(g, rb->node),
		 tc__report_plain_name(plain, sizeof plain, g), tc_graph_node_name(g, rb->node));
	finding f = {tc__check_barrier_rule(g, rb), rb->error, msg, tc_graph_node_loc(g, rb->node),
		     rb->node, rb->causes, rb->ncauses, TC_GROUP_BLOCK, rb->inlined,
		     rb->inlined_loc, rb->calls, rb->ncalls};
	return result(s, rg, &f);
}

/* The results of one collective: reached by only some, an argument (a
 * copy merged into another's finding has none of its own). */
static int collective_results(sarif *s, json_t *results, const tc_report_graph *rg,
			      const tc_check_collective *rc)
{
	const tc_collective *c = rc->c;
	char msg[768], text[512], plain[512];
	if (rc->reported && !rc->merged) {
		snprintf(msg, sizeof msg, "%s (graph %s)",
			 tc__report_collective_message(text, sizeof text, c),
			 tc__report_plain_name(plain, sizeof plain, rg->graph));
		finding f = {tc__check_collective_rule(rc), rc->error, msg, c->loc, c->node,
			     rc->causes, rc->ncauses, c->group, c->inlined, c->inlined_loc,
			     rc->calls, rc->ncalls};
		if (json_array_append_new(results, result(s, rg, &f)))
			return -1;
	}
	if (!tc__report_argument_shown(rc) || rc->arg_merged)
		return 0;
	int n = snprintf(msg, sizeof msg, "%s (graph %s)",
			 tc__report_argument_message(text, sizeof text, c),
			 tc__report_plain_name(plain, sizeof plain, rg->graph));
	if (c->arg_source && n > 0 && (size_t)n < sizeof msg)
		snprintf(msg + n, sizeof msg - (size_t)n, "; it depends on %s", c->arg_source);
	finding f = {TC_RULE_COLLECTIVE_ARGUMENT, rc->arg_error, msg, c->loc, c->node, NULL, 0,
		     c->group, c->inlined, c->inlined_loc, NULL, 0};
	return json_array_append_new(results, result(s, rg, &f));
}

/* The run's invocation when some inputs could not be checked: not
 * successful, and a notification (level error) per such input. */
static json_t *invocation(const sarif *s, const tc_report_failure *failures, size_t n)
{
	json_t *inv = json_object(), *notes = json_array();
	int bad = !inv || !notes || set(inv, "executionSuccessful", json_boolean(n == 0));
	for (size_t i = 0; i < n && !bad; i++) {
		tc_loc l = {failures[i].input, failures[i].line, failures[i].col};
		json_t *note = json_object(), *locs = json_array(),
		       *where = location(s, l, failures[i].input, NULL, NULL);
		bad = !note || !locs || !where || json_array_append(locs, where) ||
		      set(note, "level", json_string("error")) ||
		      set(note, "message", text_object(failures[i].message ? failures[i].message
									     : "")) ||
		      set(note, "locations", json_incref(locs)) || json_array_append(notes, note);
		json_decref(where);
		json_decref(locs);
		json_decref(note);
	}
	if (!bad && n)
		bad = set(inv, "toolExecutionNotifications", json_incref(notes));
	json_decref(notes);
	if (bad) {
		json_decref(inv);
		return NULL;
	}
	return inv;
}

/* run.originalUriBaseIds: %SRCROOT% as a file: URI of a directory (with
 * its closing slash). NULL when out of memory. */
static json_t *base_ids(const sarif *s)
{
	size_t n = strlen(s->root);
	char *dir = malloc(n + 2);
	if (!dir)
		return NULL;
	memcpy(dir, s->root, n + 1);
	if (n > 1) /* "/" has its slash */
		memcpy(dir + n, "/", 2);
	json_t *ids = json_object(), *root = json_object();
	int bad = !ids || !root || set(root, "uri", uri_string("file://", dir)) ||
		  set(ids, SRCROOT, json_incref(root));
	free(dir);
	json_decref(root);
	if (bad) {
		json_decref(ids);
		return NULL;
	}
	return ids;
}

int tc__report_sarif(FILE *out, const tc_report_graph *graphs, size_t count,
		    const tc_report_failure *failures, size_t nfailures,
		    const tc_report_sarif_options *opt, tc_diag *diag)
{
	sarif s = {.help_uri = opt ? opt->help_uri : NULL, .files = opt ? opt->files : NULL};
	tc__alloc_init(&s.al, NULL);
	json_t *doc = json_object(), *runs = json_array(), *run = json_object(),
	       *tool = json_object(), *results = json_array();
	int rc = TC_OK;
	if (opt && opt->root && !(s.root = normalized(NULL, opt->root)))
		goto oom;
	if (opt && opt->root && opt->root_alias && !(s.alias = normalized(NULL, opt->root_alias)))
		goto oom;
	if (!runs || !run || !tool || !results ||
	    set(doc, "version", json_string("2.1.0")) ||
	    set(doc, "$schema", json_string("https://json.schemastore.org/sarif-2.1.0.json")) ||
	    set(doc, "runs", json_incref(runs)) || json_array_append(runs, run) ||
	    set(run, "tool", json_incref(tool)) || set(tool, "driver", driver(&s)) ||
	    (s.root && set(run, "originalUriBaseIds", base_ids(&s))) ||
	    set(run, "results", json_incref(results)))
		goto oom;
	if (nfailures) { /* the inputs that could not be checked */
		json_t *inv = invocation(&s, failures, nfailures), *invs = json_array();
		int bad = !inv || !invs || json_array_append(invs, inv);
		json_decref(inv);
		if (bad) {
			json_decref(invs);
			goto oom;
		}
		if (set(run, "invocations", invs)) /* takes invs, also when it fails */
			goto oom;
	}
	for (size_t i = 0; i < count; i++) {
		for (size_t k = 0; k < graphs[i].nreported; k++)
			if (!graphs[i].reported[k].merged &&
			    json_array_append_new(results, barrier_result(&s, &graphs[i],
									  &graphs[i].reported[k])))
				goto oom;
		for (size_t k = 0; k < graphs[i].ncollectives; k++)
			if (collective_results(&s, results, &graphs[i], &graphs[i].collectives[k]))
				goto oom;
	}
	rc = tc__report_dump_json(out, doc, diag);
	goto done;
oom:
	rc = tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
done:
	json_decref(results);
	json_decref(tool);
	json_decref(run);
	json_decref(runs);
	json_decref(doc);
	free(s.root);
	free(s.alias);
	tc__nolint_free(s.lines);
	tc__hash_free(&s.index, &s.al);
	free(s.seen);
	free(s.times);
	return rc;
}
