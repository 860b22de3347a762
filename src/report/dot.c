/*
 * dot.c - DOT and SVG pictures in the style of the paper's figures, built
 * with graphviz's cgraph (quoting is graphviz's own) and laid out by its dot
 * engine through libgvc (never by running a program).
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
 * for graphviz's label escapes. Graph names alike: \#graph.
 */
#include "report/report.h"
#include "util/diag.h"

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
	Agnode_t *n;
	if (id_safe(name) && !agnode(root, GV(name), 0)) {
		n = agnode(sub, GV(name), 1);
	} else {
		char id[48];
		snprintf(id, sizeof id, "\\#%zu.%u", index, (unsigned)v);
		n = agnode(sub, id, 1);
		/* the tooltip replaces the id in SVG hover text */
		if (n && (set_text(n, "label", name, "") || set_text(n, "tooltip", name, "")))
			return TC_ENOMEM;
	}
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
	int rc = set_text(sub, "label", tc_graph_name(g), suffix);
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

/* A root graph named after the graph when graphviz can write the name back. */
static Agraph_t *open_root(const char *name)
{
	return agopen(GV(id_safe(name) ? name : "\\#graph"), Agdirected, NULL);
}

int tc__report_dot(FILE *out, const tc_report_graph *graphs, size_t count,
		  tc_diag *diag)
{
	agusererrf old = agseterrf(capture_error);
	gv_error[0] = '\0';
	int rc = TC_OK;
	for (size_t i = 0; rc == TC_OK && i < count; i++) {
		Agraph_t *root = open_root(tc_graph_name(graphs[i].graph));
		if (!root) {
			rc = oom(diag);
			break;
		}
		if (add_graph(root, root, &graphs[i], 0))
			rc = oom(diag);
		else if (agwrite(root, out) == EOF && !(rc = tc__report_status(out, diag)))
			rc = gv_failed(diag, "writing DOT");
		agclose(root);
	}
	agseterrf(old);
	return rc ? rc : tc__report_status(out, diag);
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
	/* network simplex (ranks, coordinates) stops after 2 passes a node
	 * instead of running to its optimum: 20.0 -> 0.11 s on a loop nest of
	 * 150 nodes, the same drawing to the eye on small graphs */
	if (rc == TC_OK && (agsafeset(root, GV("nslimit"), GV("2"), GV("")) != 0 ||
			    agsafeset(root, GV("nslimit1"), GV("2"), GV("")) != 0))
		rc = oom(diag);
	if (rc == TC_OK) {
		if (gvLayout(gvc, root, "dot") != 0) {
			rc = gv_failed(diag, "layout");
		} else {
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
		}
	}
done:
	if (root)
		agclose(root);
	agseterrf(old);
	return rc ? rc : tc__report_status(out, diag);
}
