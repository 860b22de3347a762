/*
 * dot.c - DOT and SVG pictures in the style of the paper's figures. DOT is
 * written as a stream, node by node (a graph of millions of nodes costs what
 * its text report costs); SVG is built with graphviz's cgraph and laid out
 * by its dot engine through libgvc (never by running a program).
 *
 * Convergent nodes and edges are red, unknown ones black, dead ones grey and
 * dashed; barriers are boxes, entry and exit double circles (a barrier that is
 * also entry or exit: a double box). Every node and edge carries its state in
 * a "state" attribute, so the DOT output can be read back by tools.
 *
 * Node ids are the node names, except where graphviz cannot write a name back
 * faithfully or the name is taken: graphviz 2.43's writer leaves backslashes
 * alone, so a name ending in one, or with one before a quote, comes out
 * unreadable; and cgraph takes any name that starts with % (LLVM's block
 * names) for an anonymous object's, so it reads back as %N and shows so;
 * and it writes the name -. bare, as if it were a number, which DOT's
 * grammar rejects. Such nodes (names with a backslash or a leading %, -.,
 * and repeated names) get the id \#G.N (graph G, node N), which no name used
 * as an id can equal, and their name as the label, with backslashes doubled
 * for graphviz's label escapes. Graph names alike: \#graph. In SVG, so are
 * names that XML cannot carry (control bytes, bytes that are not UTF-8):
 * their labels show those bytes as \xNN, as the text report does.
 */
#include "report/dot.h"
#include "report/report.h"
#include "util/diag.h"
#include "util/hash.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>
#include <stdlib.h>
#include <string.h>

/* graphviz 2.43 takes char * for strings it only reads */
#define GV(s) ((char *)(s))

#if defined(__SANITIZE_ADDRESS__)
#define TC_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TC_ASAN 1
#endif
#endif
#ifdef TC_ASAN
/* graphviz 2.43 keeps memory from gvContext and the dot layout, and fontconfig
 * its caches, after everything is freed; LeakSanitizer reads these at exit. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_options(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:libgvc.so\n"
	       "leak:libgvplugin_dot_layout.so\n"
	       "leak:libfontconfig.so\n";
}
/* keeps stderr to our own messages */
const char *__lsan_default_options(void)
{
	return "print_suppressions=0";
}
#endif

static char gv_error[200];

/* Keeps graphviz's last error; its warnings are dropped. */
static int capture_error(char *msg)
{
	static const char prefix[] = "Error: ";
	if (strncmp(msg, prefix, sizeof prefix - 1) != 0)
		return 0;
	snprintf(gv_error, sizeof gv_error, "%s", msg + sizeof prefix - 1);
	size_t len = strlen(gv_error);
	while (len > 0 && (gv_error[len - 1] == '\n' || gv_error[len - 1] == ' '))
		gv_error[--len] = '\0';
	return 0;
}

static int gv_failed(tc_diag *diag, const char *what)
{
	if (gv_error[0])
		return tc__diag(diag, TC_EINVAL, NULL, 0, 0, "graphviz: %s: %s", what, gv_error);
	return tc__diag(diag, TC_EINVAL, NULL, 0, 0, "graphviz: %s failed", what);
}

static GVC_t *context;

static void free_context(void)
{
	gvFreeContext(context);
	context = NULL;
}

/* One layout context for the process, freed at exit: graphviz 2.43's pango
 * plugin keeps a pointer into the first context's font table, so laying out
 * with a second context reads freed memory. */
static GVC_t *gv_context(void)
{
	if (!context && (context = gvContext()) && atexit(free_context) != 0) {
		gvFreeContext(context);
		context = NULL;
	}
	return context;
}

static int oom(tc_diag *diag)
{
	return tc__diag(diag, TC_ENOMEM, NULL, 0, 0, "out of memory");
}

/* A label graphviz shows as s (its escString: a backslash quotes the next
 * character), malloc'd: backslashes doubled, and -. written -\. since
 * graphviz would write it bare (see id_safe). */
static char *label_escape(const char *s)
{
	char *out = malloc(2 * strlen(s) + 2), *p = out;
	if (!out)
		return NULL;
	if (strcmp(s, "-.") == 0)
		return strcpy(out, "-\\.");
	for (; *s; s++) {
		if (*s == '\\')
			*p++ = '\\';
		*p++ = *s;
	}
	*p = '\0';
	return out;
}

/* Sets obj's attribute attr (label, tooltip) so that graphviz shows name
 * followed by suffix. */
static int set_text(void *obj, const char *attr, const char *name, const char *suffix)
{
	char *esc = label_escape(name);
	if (!esc)
		return TC_ENOMEM;
	size_t len = strlen(esc) + strlen(suffix) + 1;
	char *label = malloc(len);
	if (!label) {
		free(esc);
		return TC_ENOMEM;
	}
	snprintf(label, len, "%s%s", esc, suffix);
	/* a node's label defaults to its id (\\N); the rest to nothing */
	int id_default = agobjkind(obj) == AGNODE && strcmp(attr, "label") == 0;
	agsafeset(obj, GV(attr), label, GV(id_default ? "\\N" : ""));
	free(label);
	free(esc);
	return TC_OK;
}

/* Colours obj (a node or an edge) by its state; only nodes have text. */
static void set_state(void *obj, tc_state s)
{
	const char *color = s == TC_STATE_CONVERGENT ? "red" : s == TC_STATE_DEAD ? "grey" : NULL;
	agsafeset(obj, GV("state"), GV(tc__report_state(s)), GV(""));
	if (!color)
		return;
	agsafeset(obj, GV("color"), GV(color), GV(""));
	if (agobjkind(obj) == AGNODE)
		agsafeset(obj, GV("fontcolor"), GV(color), GV(""));
	if (s == TC_STATE_DEAD)
		agsafeset(obj, GV("style"), GV("dashed"), GV(""));
}

/* Whether graphviz writes name as an id and reads the same name back. */
static int id_safe(const char *name)
{
	return name[0] && name[0] != '%' && !strchr(name, '\\') && strcmp(name, "-.") != 0;
}

/* Creates node v of graph number index in sub (root or a cluster of root). */
static int add_node(Agraph_t *root, Agraph_t *sub, const tc_report_graph *rg,
		    size_t index, uint32_t v, Agnode_t **out)
{
	const tc_graph *g = rg->graph;
	const char *name = tc_graph_node_name(g, v);
	char *shown = tc__report_escaped(name, true);
	if (!shown)
		return TC_ENOMEM;
	Agnode_t *n;
	if (strcmp(shown, name) == 0 && id_safe(name) && !agnode(root, GV(name), 0)) {
		n = agnode(sub, GV(name), 1);
	} else {
		char id[48];
		snprintf(id, sizeof id, "\\#%zu.%u", index, (unsigned)v);
		n = agnode(sub, id, 1);
		/* the tooltip replaces the id in SVG hover text */
		if (n && (set_text(n, "label", shown, "") || set_text(n, "tooltip", shown, ""))) {
			free(shown);
			return TC_ENOMEM;
		}
	}
	free(shown);
	if (!n)
		return TC_ENOMEM;
	unsigned flags = tc_graph_node_flags(g, v);
	int terminal = v == tc_graph_entry(g) || v == tc_graph_exit(g);
	if (flags & TC_NODE_PARTIAL_BARRIER)
		agsafeset(n, GV("style"), GV("dashed"), GV(""));
	if (flags & (TC_NODE_BARRIER | TC_NODE_PARTIAL_BARRIER)) {
		agsafeset(n, GV("shape"), GV("box"), GV("ellipse"));
		if (terminal)
			agsafeset(n, GV("peripheries"), GV("2"), GV(""));
	} else if (terminal) {
		agsafeset(n, GV("shape"), GV("doublecircle"), GV("ellipse"));
	}
	set_state(n, tc_result_node_state(rg->result, v));
	*out = n;
	return TC_OK;
}

/* Draws graph number index into sub, a fresh root or a cluster of root. */
static int add_graph(Agraph_t *root, Agraph_t *sub, const tc_report_graph *rg,
		     size_t index)
{
	const tc_graph *g = rg->graph;
	uint32_t n = tc_graph_node_count(g);
	Agnode_t **nodes = malloc((n ? n : 1) * sizeof *nodes);
	if (!nodes)
		return TC_ENOMEM;
	char suffix[64];
	snprintf(suffix, sizeof suffix, " (%s)", tc_solver_name(rg->options.solver));
	char *shown = tc__report_escaped(tc_graph_name(g), true);
	int rc = shown ? set_text(sub, "label", shown, suffix) : TC_ENOMEM;
	free(shown);
	agsafeset(sub, GV("labelloc"), GV("t"), GV(""));
	for (uint32_t v = 0; rc == TC_OK && v < n; v++)
		rc = add_node(root, sub, rg, index, v, &nodes[v]);
	for (uint32_t e = 0; rc == TC_OK && e < tc_graph_edge_count(g); e++) {
		Agedge_t *ge = agedge(sub, nodes[tc_graph_edge_from(g, e)],
				      nodes[tc_graph_edge_to(g, e)], NULL, 1);
		if (!ge)
			rc = TC_ENOMEM;
		else
			set_state(ge, tc_result_edge_state(rg->result, e));
	}
	free(nodes);
	return rc;
}

/* A root graph named after the graph when graphviz can write the name back
 * and XML can carry it (see add_node). */
static Agraph_t *open_root(const char *name)
{
	char *shown = tc__report_escaped(name, true);
	if (!shown)
		return NULL;
	bool own = id_safe(name) && strcmp(shown, name) == 0;
	free(shown);
	return agopen(GV(own ? name : "\\#graph"), Agdirected, NULL);
}

/* ---- DOT, written as a stream ---------------------------------------------- */

/* s as a DOT quoted string: only '"' needs its backslash (a backslash before
 * a newline would join lines, so names with backslashes never get here, and
 * labels have theirs doubled, which DOT keeps as they are). */
void tc__dot_put_quoted(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('\\', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

int tc__dot_put_graph_id(FILE *out, const char *name)
{
	char *shown = tc__report_escaped(name, true);
	if (!shown)
		return TC_ENOMEM;
	if (id_safe(name) && strcmp(shown, name) == 0)
		tc__dot_put_quoted(out, name);
	else
		fputs("\"\\#graph\"", out);
	free(shown);
	return TC_OK;
}

/* A label or tooltip attribute that graphviz shows as name (label_escape). */
static int put_text_attr(FILE *out, const char *attr, const char *name, const char *suffix,
			 const char **sep)
{
	char *esc = label_escape(name);
	if (!esc)
		return TC_ENOMEM;
	fprintf(out, "%s%s=\"", *sep, attr);
	for (const char *p = esc; *p; p++) {
		if (*p == '"')
			fputc('\\', out);
		fputc(*p, out);
	}
	fprintf(out, "%s\"", suffix);
	*sep = ", ";
	free(esc);
	return TC_OK;
}

int tc__dot_put_lines(FILE *out, const char *attr, const char *const *lines, size_t n,
		      const char **sep)
{
	fprintf(out, "%s%s=\"", *sep, attr);
	for (size_t i = 0; i < n; i++) {
		char *shown = tc__report_escaped(lines[i], true);
		char *esc = shown ? label_escape(shown) : NULL;
		free(shown);
		if (!esc)
			return TC_ENOMEM;
		if (i)
			fputs("\\n", out); /* graphviz's line break */
		for (const char *p = esc; *p; p++) {
			if (*p == '"')
				fputc('\\', out);
			fputc(*p, out);
		}
		free(esc);
	}
	fputc('"', out);
	*sep = ", ";
	return TC_OK;
}

/* The attributes of an element in state st: colour, style, state. */
static void put_state_attrs(FILE *out, tc_state st, bool node, bool dashed, const char **sep)
{
	const char *color = st == TC_STATE_CONVERGENT ? "red" : st == TC_STATE_DEAD ? "grey" : NULL;
	if (color) {
		fprintf(out, "%scolor=%s", *sep, color);
		*sep = ", ";
		if (node)
			fprintf(out, ", fontcolor=%s", color);
	}
	if (dashed || st == TC_STATE_DEAD) {
		fprintf(out, "%sstyle=dashed", *sep);
		*sep = ", ";
	}
	fprintf(out, "%sstate=\"%s\"", *sep, tc__report_state(st));
}

/* Per node: whether its id is its name (graphviz reads it back as written,
 * and no earlier node has the name: a hash of the names, one pass), else
 * \#0.v (the label then says the name). NULL when out of memory. */
static uint8_t *own_ids(const tc_graph *g)
{
	uint32_t n = tc_graph_node_count(g);
	tc_alloc al;
	tc__alloc_init(&al, NULL);
	tc_hash names = {NULL, 0, 0};
	uint8_t *own = malloc(n ? n : 1);
	if (!own || tc__hash_reserve(&names, &al, n)) {
		free(own);
		return NULL;
	}
	for (uint32_t v = 0; v < n; v++) {
		const char *name = tc_graph_node_name(g, v);
		uint32_t h = tc__hash_bytes(name, strlen(name));
		size_t at;
		own[v] = id_safe(name);
		uint32_t u = tc__hash_first(&names, h, &at);
		while (u != TC_NONE && strcmp(tc_graph_node_name(g, u), name) != 0)
			u = tc__hash_next(&names, h, &at);
		if (u != TC_NONE)
			own[v] = 0; /* a repeated name */
		else
			tc__hash_put_at(&names, at, h, v);
	}
	tc__hash_free(&names, &al);
	return own;
}

static void put_node_id(FILE *out, const tc_graph *g, const uint8_t *own, uint32_t v)
{
	if (own[v])
		tc__dot_put_quoted(out, tc_graph_node_name(g, v));
	else
		fprintf(out, "\"\\#0.%u\"", (unsigned)v);
}

static int put_dot_graph(FILE *out, const tc_report_graph *rg)
{
	const tc_graph *g = rg->graph;
	const tc_result *r = rg->result;
	const char *gname = tc_graph_name(g), *sep = "";
	char suffix[64];
	fputs("digraph ", out);
	if (id_safe(gname))
		tc__dot_put_quoted(out, gname);
	else
		fputs("\"\\#graph\"", out);
	fputs(" {\n\tgraph [", out);
	snprintf(suffix, sizeof suffix, " (%s)", tc_solver_name(rg->options.solver));
	if (put_text_attr(out, "label", gname, suffix, &sep))
		return TC_ENOMEM;
	fputs(", labelloc=t];\n", out);
	uint32_t n = tc_graph_node_count(g), m = tc_graph_edge_count(g);
	uint8_t *own = own_ids(g);
	if (!own)
		return TC_ENOMEM;
	for (uint32_t v = 0; v < n; v++) {
		const char *name = tc_graph_node_name(g, v);
		unsigned flags = tc_graph_node_flags(g, v);
		bool terminal = v == tc_graph_entry(g) || v == tc_graph_exit(g);
		fputc('\t', out);
		put_node_id(out, g, own, v);
		fputs(" [", out);
		sep = "";
		if (!own[v] && (put_text_attr(out, "label", name, "", &sep) ||
				put_text_attr(out, "tooltip", name, "", &sep))) {
			free(own);
			return TC_ENOMEM;
		}
		if (flags & (TC_NODE_BARRIER | TC_NODE_PARTIAL_BARRIER)) {
			fprintf(out, "%sshape=box%s", sep, terminal ? ", peripheries=2" : "");
			sep = ", ";
		} else if (terminal) {
			fprintf(out, "%sshape=doublecircle", sep);
			sep = ", ";
		}
		put_state_attrs(out, tc_result_node_state(r, v), true,
				(flags & TC_NODE_PARTIAL_BARRIER) != 0, &sep);
		fputs("];\n", out);
	}
	for (uint32_t e = 0; e < m; e++) {
		fputc('\t', out);
		put_node_id(out, g, own, tc_graph_edge_from(g, e));
		fputs(" -> ", out);
		put_node_id(out, g, own, tc_graph_edge_to(g, e));
		fputs(" [", out);
		sep = "";
		put_state_attrs(out, tc_result_edge_state(r, e), false, false, &sep);
		fputs("];\n", out);
	}
	fputs("}\n", out);
	free(own);
	return TC_OK;
}

int tc__report_dot(FILE *out, const tc_report_graph *graphs, size_t count,
		  tc_diag *diag)
{
	for (size_t i = 0; i < count; i++)
		if (put_dot_graph(out, &graphs[i]))
			return oom(diag);
	return tc__report_status(out, diag);
}

/* Lays root out with dot and writes its SVG to out; graphviz's errors are
 * being captured (capture_error). */
static int layout_svg(FILE *out, GVC_t *gvc, Agraph_t *root, tc_diag *diag)
{
	/* network simplex (ranks, coordinates) stops after 2 passes a node
	 * instead of running to its optimum: 20.0 -> 0.11 s on a loop nest of
	 * 150 nodes, the same drawing to the eye on small graphs */
	if (agsafeset(root, GV("nslimit"), GV("2"), GV("")) != 0 ||
	    agsafeset(root, GV("nslimit1"), GV("2"), GV("")) != 0)
		return oom(diag);
	if (gvLayout(gvc, root, "dot") != 0)
		return gv_failed(diag, "layout");
	int rc = TC_OK;
	/* into memory: graphviz exits when a write to a file fails */
	char *svg;
	unsigned len;
	if (gvRenderData(gvc, root, "svg", &svg, &len) != 0) {
		rc = gv_failed(diag, "rendering SVG");
	} else {
		fwrite(svg, 1, len, out);
		gvFreeRenderData(svg);
	}
	gvFreeLayout(gvc, root);
	return rc;
}

int tc__report_svg(FILE *out, const tc_report_graph *graphs, size_t count,
		  tc_diag *diag)
{
	/* dot's layout is superlinear (network simplex, crossing reduction):
	 * refused before it starts above the budget (report.h) */
	uint64_t nodes = 0, edges = 0;
	for (size_t i = 0; i < count; i++) {
		nodes += tc_graph_node_count(graphs[i].graph);
		edges += tc_graph_edge_count(graphs[i].graph);
	}
	if (nodes > TC_SVG_MAX_NODES || edges > TC_SVG_MAX_EDGES)
		return tc__diag(diag, TC_ELIMIT, NULL, 0, 0,
				"%llu nodes and %llu edges are too many to lay out as SVG (at most "
				"%u and %u); write DOT (--format dot) and lay it out with a tool "
				"that scales, such as sfdp",
				(unsigned long long)nodes, (unsigned long long)edges,
				TC_SVG_MAX_NODES, TC_SVG_MAX_EDGES);
	agusererrf old = agseterrf(capture_error);
	gv_error[0] = '\0';
	int rc = TC_OK;
	GVC_t *gvc = gv_context();
	Agraph_t *root = NULL;
	if (!gvc) {
		rc = oom(diag);
		goto done;
	}
	/* one graph is the drawing itself; several are clusters side by side */
	root = count == 1 ? open_root(tc_graph_name(graphs[0].graph))
			  : agopen(GV("threadconv"), Agdirected, NULL);
	if (!root) {
		rc = oom(diag);
		goto done;
	}
	for (size_t i = 0; rc == TC_OK && i < count; i++) {
		Agraph_t *sub = root;
		if (count > 1) {
			char name[48];
			snprintf(name, sizeof name, "cluster_%zu", i);
			sub = agsubg(root, name, 1);
		}
		if (!sub || add_graph(root, sub, &graphs[i], i))
			rc = oom(diag);
	}
	if (rc == TC_OK)
		rc = layout_svg(out, gvc, root, diag);
done:
	if (root)
		agclose(root);
	agseterrf(old);
	return rc ? rc : tc__report_status(out, diag);
}

int tc__dot_svg(FILE *out, const char *dot, tc_diag *diag)
{
	agusererrf old = agseterrf(capture_error);
	gv_error[0] = '\0';
	int rc;
	GVC_t *gvc = gv_context();
	Agraph_t *root = gvc ? agmemread(dot) : NULL;
	if (!gvc)
		rc = oom(diag);
	else if (!root)
		rc = gv_failed(diag, "reading the drawing");
	else
		rc = layout_svg(out, gvc, root, diag);
	if (root)
		agclose(root);
	agseterrf(old);
	return rc;
}
