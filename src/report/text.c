/*
 * text.c - the report kernel authors read. Per graph: a summary, each barrier
 * with whether it needs the warp-synchronous rewrite (SPEC 4: a barrier with a
 * non-convergent live in-edge does), then the state of every node in mention
 * order and every edge in creation order, in aligned columns:
 *
 *   graph fig8 (fig8.cfg)
 *     solver    exact
 *     nodes     14: 9 C, 4 U, 1 -
 *     ...
 *     barriers
 *       n5   C  no rewrite needed
 *     edges
 *       n1 -> n2   C
 *
 * Names print as a .cfg file spells them: bare when plain, otherwise quoted
 * with \" and \\; control bytes show as \xNN (for display only), in file
 * names too, and in check's text report (tc__report_put_escaped).
 */
#include "report/report.h"
#include "util/diag.h"
#include "util/utf8.h"

#include <stdlib.h>
#include <string.h>

/* Names wider than this overflow their column instead of widening it, so one
 * long name does not push every row to the right. */
#define MAX_PAD 40

static int is_plain_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '.' || c == '$' || c == '%' || c == '@' || c == '-';
}

static int is_plain(const char *s)
{
	if (!*s || strstr(s, "->"))
		return 0;
	for (; *s; s++)
		if (!is_plain_char((unsigned char)*s))
			return 0;
	return 1;
}

/* A byte that a terminal takes as a command (below 0x20, DEL): ESC starts
 * an escape sequence, BEL rings, a newline forges a line. */
static bool is_control(unsigned char c)
{
	return c < 0x20 || c == 0x7f;
}

/* \xNN at p (and a NUL after it); returns the end */
static char *hex_byte(char *p, unsigned char c)
{
	return p + sprintf(p, "\\x%02x", c);
}

/* Byte c of a name as the text reports show it: a control byte as \xNN;
 * in a quoted name, " and \ after a backslash. Writes at most 5 bytes at p
 * (the last a NUL that the next byte overwrites); returns the end. */
static char *escape_byte(char *p, unsigned char c, bool quoted)
{
	if (quoted && (c == '"' || c == '\\')) {
		*p++ = '\\';
		*p++ = (char)c;
	} else if (is_control(c)) {
		p = hex_byte(p, c);
	} else {
		*p++ = (char)c;
	}
	return p;
}

char *tc__report_escaped(const char *s, bool utf8)
{
	size_t len = strlen(s);
	char *out = malloc(4 * len + 1), *p = out;
	if (!out)
		return NULL;
	const unsigned char *u = (const unsigned char *)s;
	for (size_t i = 0; i < len;) {
		uint32_t cp;
		unsigned n = u[i] < 0x80 || !utf8 ? 1 : tc__utf8_decode(u + i, len - i, &cp);
		if (n == 0 || (n == 3 && (cp == 0xfffe || cp == 0xffff))) {
			/* not UTF-8, or not a character XML allows */
			for (unsigned k = 0; k < (n ? n : 1); k++)
				p = hex_byte(p, u[i++]);
		} else if (n == 1) {
			p = escape_byte(p, u[i++], false);
		} else {
			memcpy(p, u + i, n);
			p += n;
			i += n;
		}
	}
	*p = '\0';
	return out;
}

void tc__report_put_escaped(FILE *out, const char *s, size_t len)
{
	size_t done = 0;
	char esc[8];
	for (size_t i = 0; i < len; i++) {
		if (!is_control((unsigned char)s[i]))
			continue;
		fwrite(s + done, 1, i - done, out);
		fwrite(esc, 1, (size_t)(escape_byte(esc, (unsigned char)s[i], false) - esc), out);
		done = i + 1;
	}
	fwrite(s + done, 1, len - done, out);
}

/* s, a name or a file's name, as shown (tc__report_put_escaped) */
static void put_escaped(FILE *out, const char *s)
{
	tc__report_put_escaped(out, s, strlen(s));
}

/* The name as shown, malloc'd; NULL when out of memory. */
static char *display_name(const char *name)
{
	size_t len = strlen(name);
	char *out = malloc(4 * len + 3);
	if (!out)
		return NULL;
	if (is_plain(name)) {
		memcpy(out, name, len + 1);
		return out;
	}
	char *p = out;
	*p++ = '"';
	for (const unsigned char *s = (const unsigned char *)name; *s; s++)
		p = escape_byte(p, *s, true);
	*p++ = '"';
	*p = '\0';
	return out;
}

/* Whether code point c is East Asian wide (two terminal columns); the main
 * blocks only, enough to keep the columns of CJK names straight. */
static int is_wide(uint32_t c)
{
	return (c >= 0x1100 && c <= 0x115f) || (c >= 0x2e80 && c <= 0xa4cf) ||
	       (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) ||
	       (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff00 && c <= 0xff60) ||
	       (c >= 0xffe0 && c <= 0xffe6) || (c >= 0x1f300 && c <= 0x1faff) ||
	       (c >= 0x20000 && c <= 0x3fffd);
}

/* Columns a UTF-8 string takes on a terminal (invalid bytes count one). */
static int width_of(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	int w = 0;
	while (*s) {
		uint32_t c = *s++;
		if (c >= 0xc0) {
			int more = c >= 0xf0 ? 3 : c >= 0xe0 ? 2 : 1;
			c &= 0x3f >> more;
			for (; more > 0 && (*s & 0xc0) == 0x80; more--)
				c = c << 6 | (*s++ & 0x3f);
		} else if (c >= 0x80) {
			w++; /* a stray continuation byte */
			continue;
		}
		w += 1 + is_wide(c);
	}
	return w;
}

/* Widens a column of width *col for a cell of width w. */
static void fit(int *col, int w)
{
	if (w <= MAX_PAD && w > *col)
		*col = w;
}

/* Prints s and pads it to width columns. */
static void put_col(FILE *out, const char *s, int width)
{
	int w = width_of(s);
	fputs(s, out);
	if (w < width)
		fprintf(out, "%*s", width - w, "");
}

static void put_counts(FILE *out, const char *what, uint32_t total, uint32_t c,
		       uint32_t u, uint32_t dead)
{
	fprintf(out, "  %-9s %u: %u C, %u U, %u -\n", what, (unsigned)total, (unsigned)c,
		(unsigned)u, (unsigned)dead);
}

/* The barrier's verdict; reads the states of its in-edges, decides nothing. */
static void put_barrier_verdict(FILE *out, const tc_report_graph *rg, uint32_t v,
				char *const *names)
{
	const tc_graph *g = rg->graph;
	tc_state s = tc_result_node_state(rg->result, v);
	if (s == TC_STATE_DEAD) {
		fputs("never executed (on no entry-exit path)", out);
		return;
	}
	if (s != TC_STATE_CONVERGENT) {
		fputs("not proven convergent", out);
		return;
	}
	if (tc_result_in_edges_convergent(rg->result, v)) {
		fputs("no rewrite needed", out);
		return;
	}
	uint32_t n;
	const uint32_t *in = tc_graph_in_edges(g, v, &n);
	uint32_t bad = 0;
	for (uint32_t i = 0; i < n; i++)
		bad += tc_result_edge_state(rg->result, in[i]) == TC_STATE_UNKNOWN;
	fputs("needs warp-synchronous rewrite", out);
	if (bad == 0)
		return;
	fprintf(out, ": in-edge%s ", bad > 1 ? "s" : "");
	const char *sep = "";
	for (uint32_t i = 0; i < n; i++) {
		if (tc_result_edge_state(rg->result, in[i]) != TC_STATE_UNKNOWN)
			continue;
		fprintf(out, "%s%s -> %s", sep, names[tc_graph_edge_from(g, in[i])], names[v]);
		sep = ", ";
	}
	fputs(" not convergent", out);
}

static void put_node_notes(FILE *out, const tc_report_graph *rg, uint32_t v)
{
	const tc_graph *g = rg->graph;
	unsigned flags = tc_graph_node_flags(g, v);
	const char *sep = "  ";
	if (v == tc_graph_entry(g)) {
		fprintf(out, "%sentry", sep);
		sep = ", ";
	}
	if (v == tc_graph_exit(g)) {
		fprintf(out, "%sexit", sep);
		sep = ", ";
	}
	if (flags & TC_NODE_BARRIER) {
		fprintf(out, "%sbarrier", sep);
		sep = ", ";
	}
	if (flags & TC_NODE_PARTIAL_BARRIER) {
		fprintf(out, "%spartial barrier", sep);
		sep = ", ";
	}
	if (flags & TC_NODE_UNIFORM)
		fprintf(out, "%suniform%s", sep, rg->options.ignore_uniform ? " (ignored)" : "");
	else if (tc_result_node_uniform(rg->result, v))
		fprintf(out, "%suniform by convergence", sep);
	tc_loc loc = tc_graph_node_loc(g, v);
	if (loc.file && loc.line) {
		fputs("  ", out);
		put_escaped(out, loc.file);
		fprintf(out, ":%u", (unsigned)loc.line);
	}
}

/* The collectives (not the barriers: they have their section), each with
 * whether its group reaches it together. */
static void put_collectives(FILE *out, const tc_report_graph *rg, char *const *names)
{
	int width = 0, any = 0;
	for (size_t k = 0; k < rg->ncollectives; k++)
		if (!rg->collectives[k].c->barrier)
			fit(&width, width_of(names[rg->collectives[k].c->node]));
	for (size_t k = 0; k < rg->ncollectives; k++) {
		const tc_check_collective *rc = &rg->collectives[k];
		const tc_collective *c = rc->c;
		if (c->barrier && c->arg == TC_NONE)
			continue;
		bool lanes = false; /* a warp's or sub-group's: their size matters */
		for (size_t q = 0; q < rg->ncollectives; q++)
			lanes |= rg->collectives[q].c->group != TC_GROUP_BLOCK;
		if (!any && !lanes)
			fputs("\n  collectives\n", out);
		else if (!any && rg->warp_size == 0)
			fputs("\n  collectives (sub-groups of unknown size)\n", out);
		else if (!any)
			fprintf(out, "\n  collectives (warps of %u%s)\n", (unsigned)rg->warp_size,
				rg->warp_assumed ? ", the block's x size taken to be a multiple of it"
						 : "");
		any = 1;
		fputs("    ", out);
		put_col(out, names[c->node], width);
		fprintf(out, "  %s  %s", tc__report_state(rc->state), c->call ? "call of " : "");
		put_escaped(out, c->name);
		fprintf(out, ", %s: ", tc_group_name(c->group));
		if (c->barrier)
			fputs("a barrier", out);
		else if (c->masked)
			fputs("its mask may leave lanes out: not checked", out);
		else if (rc->state == TC_STATE_DEAD)
			fputs("never executed (on no entry-exit path)", out);
		else if (rc->state == TC_STATE_CONVERGENT && c->lanes)
			fprintf(out, "the lanes its mask names reach it together (groups of %u)",
				c->lanes);
		else if (rc->state == TC_STATE_CONVERGENT)
			fprintf(out, "all %s reach it together", tc__report_members(c->group));
		else if (c->lanes)
			fprintf(out, "not proven reached by the lanes its mask names together "
				     "(groups of %u)",
				c->lanes);
		else
			fprintf(out, "not proven reached by all %s together",
				tc__report_members(c->group));
		if (c->arg != TC_NONE) {
			fputs("; ", out);
			put_escaped(out, c->arg_name ? c->arg_name : "an argument");
			fputs(" may differ between them", out);
		}
		if (c->loc.file && c->loc.line) {
			fputs("  ", out);
			put_escaped(out, c->loc.file);
			fprintf(out, ":%u", (unsigned)c->loc.line);
		}
		fputc('\n', out);
	}
}

static void put_graph(FILE *out, const tc_report_graph *rg, const char *graph_name,
		      char *const *names)
{
	const tc_graph *g = rg->graph;
	const tc_result *r = rg->result;
	uint32_t n = tc_graph_node_count(g), m = tc_graph_edge_count(g);
	tc_solver solver = rg->options.solver;

	fprintf(out, "graph %s", graph_name);
	if (rg->input) {
		fputs(" (", out);
		put_escaped(out, rg->input);
		fputc(')', out);
	}
	fprintf(out, "\n  %-9s %s%s\n", "solver", tc_solver_name(solver),
		tc_solver_is_sound(solver) ? "" : " (unsound: its claims may be false)");
	if (!rg->options.assume_barriers)
		fprintf(out, "  %-9s %s\n", "barriers", "not assumed, only entry and exit synchronize");
	if (rg->options.ignore_uniform)
		fprintf(out, "  %-9s %s\n", "uniform", "marks ignored");
	put_counts(out, "nodes", n, tc_result_node_count(r, TC_STATE_CONVERGENT),
		   tc_result_node_count(r, TC_STATE_UNKNOWN),
		   tc_result_node_count(r, TC_STATE_DEAD));
	put_counts(out, "edges", m, tc_result_edge_count(r, TC_STATE_CONVERGENT),
		   tc_result_edge_count(r, TC_STATE_UNKNOWN),
		   tc_result_edge_count(r, TC_STATE_DEAD));

	fputs("\n  barriers\n", out);
	int barrier_width = 0;
	const unsigned any_barrier = TC_NODE_BARRIER | TC_NODE_PARTIAL_BARRIER;
	for (uint32_t v = 0; v < n; v++)
		if (tc_graph_node_flags(g, v) & any_barrier)
			fit(&barrier_width, width_of(names[v]));
	int any = 0;
	for (uint32_t v = 0; v < n; v++) {
		if (!(tc_graph_node_flags(g, v) & any_barrier))
			continue;
		fputs("    ", out);
		put_col(out, names[v], barrier_width);
		fprintf(out, "  %s  ", tc__report_state(tc_result_node_state(r, v)));
		if (tc_graph_node_flags(g, v) & TC_NODE_PARTIAL_BARRIER)
			fputs("partial barrier (a thread count): ", out);
		put_barrier_verdict(out, rg, v, names);
		fputc('\n', out);
		any = 1;
	}
	if (!any)
		fputs("    none\n", out);
	put_collectives(out, rg, names);

	fputs("\n  nodes\n", out);
	int name_width = 0;
	for (uint32_t v = 0; v < n; v++)
		fit(&name_width, width_of(names[v]));
	for (uint32_t v = 0; v < n; v++) {
		fputs("    ", out);
		put_col(out, names[v], name_width);
		fprintf(out, "  %s", tc__report_state(tc_result_node_state(r, v)));
		put_node_notes(out, rg, v);
		fputc('\n', out);
	}

	fputs("\n  edges\n", out);
	int from_width = 0, to_width = 0;
	for (uint32_t e = 0; e < m; e++) {
		fit(&from_width, width_of(names[tc_graph_edge_from(g, e)]));
		fit(&to_width, width_of(names[tc_graph_edge_to(g, e)]));
	}
	for (uint32_t e = 0; e < m; e++) {
		fputs("    ", out);
		put_col(out, names[tc_graph_edge_from(g, e)], from_width);
		fputs(" -> ", out);
		put_col(out, names[tc_graph_edge_to(g, e)], to_width);
		fprintf(out, "  %s\n", tc__report_state(tc_result_edge_state(r, e)));
	}
	if (m == 0)
		fputs("    none\n", out);
}

int tc__report_text(FILE *out, const tc_report_graph *graphs, size_t count,
		   tc_diag *diag)
{
	for (size_t i = 0; i < count; i++) {
		const tc_graph *g = graphs[i].graph;
		uint32_t n = tc_graph_node_count(g);
		char **names = calloc(n ? n : 1, sizeof *names);
		if (!names)
			return tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
		char *graph_name = display_name(tc_graph_name(g));
		int rc = TC_OK;
		if (!graph_name) {
			rc = tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
			goto next;
		}
		for (uint32_t v = 0; v < n; v++) {
			if (!(names[v] = display_name(tc_graph_node_name(g, v)))) {
				rc = tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
				goto next;
			}
		}
		if (i > 0)
			fputc('\n', out);
		put_graph(out, &graphs[i], graph_name, names);
	next:
		free(graph_name);
		for (uint32_t v = 0; v < n; v++)
			free(names[v]);
		free(names);
		if (rc)
			return rc;
	}
	return tc__report_status(out, diag);
}
