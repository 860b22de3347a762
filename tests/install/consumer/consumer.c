/* consumer.c - a program built against an installed threadconv: solves the
 * paper's short-circuit graph and prints each node's state. */
#include <threadconv.h>

#include <stdio.h>
#include <string.h>

static const char graph[] = "graph sc\nentry e\nexit x\nbarrier b\n"
			    "e -> c1\nc1 -> b c2\nc2 -> b y\nb -> y\ny -> x\n";

int main(void)
{
	tc_module *m;
	tc_diag d;
	if (tc_parse_cfg(&m, "sc.cfg", graph, strlen(graph), NULL, &d)) {
		fprintf(stderr, "%s:%u:%u: %s\n", d.file, d.line, d.col, d.message);
		return 2;
	}
	const tc_graph *g = tc_module_graph(m, 0);
	tc_solve_options opt = tc_solve_options_default();
	tc_result *r;
	if (tc_solve(&r, g, &opt, NULL, &d)) {
		fprintf(stderr, "solve: %s\n", d.message);
		tc_module_free(m);
		return 2;
	}
	printf("threadconv %s\n", TC_VERSION);
	for (uint32_t v = 0; v < tc_graph_node_count(g); v++)
		printf("%s %c\n", tc_graph_node_name(g, v), (char)tc_result_node_state(r, v));
	tc_result_free(r);
	tc_module_free(m);
	return 0;
}
