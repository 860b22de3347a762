/*
 * fuzz_util.h - what the fuzz targets share: a check that aborts (the
 * fuzzer's signal of a failure), an allocator that fails the n-th call, a
 * hash of the input that picks failure points, so a crash reproduces, and
 * the reports of a solved graph read back.
 */
#ifndef TC_TESTS_FUZZ_UTIL_H
#define TC_TESTS_FUZZ_UTIL_H

#include "analysis/calls.h"
#include "report/report.h"

#include <graphviz/cgraph.h>
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline void fuzz_check(const char *target, int ok, const char *what)
{
	if (!ok) {
		fprintf(stderr, "%s: check failed: %s\n", target, what);
		abort();
	}
}

/* Counts calls and fails the fail_at-th (1-based; 0 never). */
typedef struct budget {
	size_t calls, fail_at;
} budget;

static inline void *budget_malloc(void *ud, size_t size)
{
	budget *b = ud;
	return ++b->calls == b->fail_at ? NULL : malloc(size);
}

static inline void *budget_realloc(void *ud, void *ptr, size_t size)
{
	budget *b = ud;
	return ++b->calls == b->fail_at ? NULL : realloc(ptr, size);
}

static inline void budget_free(void *ud, void *ptr)
{
	(void)ud;
	free(ptr);
}

static inline tc_allocator budget_allocator(budget *b)
{
	tc_allocator a = {budget_malloc, budget_realloc, budget_free, b};
	return a;
}

/* FNV-1a */
static inline uint64_t fuzz_hash(const uint8_t *data, size_t size)
{
	uint64_t h = 1469598103934665603u;
	for (size_t i = 0; i < size; i++)
		h = (h ^ data[i]) * 1099511628211u;
	return h;
}

/* The text, JSON and DOT reports of one solved graph, written and read back:
 * JSON with jansson, DOT with graphviz's parser, each with every element. */
static inline void fuzz_check_reports(const char *target, const tc_report_graph *rg)
{
	const tc_graph *g = rg->graph;
	for (int fmt = TC_REPORT_TEXT; fmt <= TC_REPORT_DOT; fmt++) {
		char *buf = NULL;
		size_t len = 0;
		FILE *mem = open_memstream(&buf, &len);
		fuzz_check(target, mem != NULL, "open_memstream");
		tc_diag d;
		int rc = tc__report_write(mem, (tc_report_format)fmt, rg, 1, &d);
		fuzz_check(target, fclose(mem) == 0, "memstream closes");
		fuzz_check(target, rc == TC_OK, "a report of a solved graph is written");
		if (fmt == TC_REPORT_JSON) {
			json_t *doc = json_loads(buf, 0, NULL);
			fuzz_check(target, doc != NULL, "the JSON report parses");
			json_t *jg = json_array_get(json_object_get(doc, "graphs"), 0);
			fuzz_check(target, json_array_size(json_object_get(jg, "nodes")) ==
						   tc_graph_node_count(g),
				   "JSON has every node");
			fuzz_check(target, json_array_size(json_object_get(jg, "edges")) ==
						   tc_graph_edge_count(g),
				   "JSON has every edge");
			json_decref(doc);
		} else if (fmt == TC_REPORT_DOT) {
			Agraph_t *dg = agmemread(buf);
			fuzz_check(target, dg != NULL, "graphviz reads the DOT report");
			fuzz_check(target, agnnodes(dg) == (int)tc_graph_node_count(g),
				   "DOT has every node");
			fuzz_check(target, agnedges(dg) == (int)tc_graph_edge_count(g),
				   "DOT has every edge");
			agclose(dg);
		}
		free(buf);
	}
}

static inline void fuzz_module_reports(const char *target, const char *input, tc_module *m,
				       size_t i, const tc_result *r, bool assume)
{
	tc_report_graph rg = {input, tc_module_graph(m, i), r, tc_solve_options_default(),
			      NULL, 0, NULL, 0, tc_module_warp_size(m, i),
			      tc_module_warp_assumed(m, i), NULL, NULL, 0};
	rg.options.assume_barriers = assume;
	/* the collectives, with the block's states (the writers' input) */
	size_t n = tc_module_collective_count(m, i);
	tc_check_collective *rc = n ? calloc(n, sizeof *rc) : NULL;
	for (size_t k = 0; rc && k < n; k++) {
		rc[k].c = tc_module_collective(m, i, k);
		rc[k].state = tc_result_node_state(r, rc[k].c->node);
		rc[k].reported = !assume && !rc[k].c->barrier && rc[k].state == TC_STATE_UNKNOWN;
	}
	rg.collectives = rc;
	rg.ncollectives = rc ? n : 0;
	fuzz_check_reports(target, &rg);
	free(rc);
}

/* Every graph of m of at most max_blocks nodes solved as check and analyze
 * do (tc_module_solve), in both modes, its reports now and then, and one
 * allocation of the solve failed. */
static inline void fuzz_solve_module(const char *target, const char *input, tc_module *m,
				     uint64_t h, uint32_t max_blocks)
{
	for (size_t i = 0; i < tc_module_graph_count(m); i++) {
		const tc_graph *g = tc_module_graph(m, i);
		if (tc_graph_node_count(g) > max_blocks)
			continue;
		for (int assume = 0; assume < 2; assume++) {
			tc_solve_options opt = tc_solve_options_default();
			opt.assume_barriers = assume;
			tc_result *r = NULL;
			tc_diag d;
			fuzz_check(target, tc_module_solve(&r, m, i, &opt, NULL, &d) == TC_OK,
			      "a graph of a module solves");
			for (uint32_t v = 0; v < tc_graph_node_count(g); v++) {
				tc_state s = tc_result_node_state(r, v);
				fuzz_check(target, s == TC_STATE_CONVERGENT || s == TC_STATE_UNKNOWN ||
					      s == TC_STATE_DEAD,
				      "node state is C, U or -");
			}
			if (((h >> 4) + i) % 4 == 0)
				fuzz_module_reports(target, input, m, i, r, assume);
			tc_result_free(r);
			/* one allocation of the solve fails */
			budget b = {0, 0};
			tc_allocator counting = budget_allocator(&b);
			fuzz_check(target, tc_module_solve(&r, m, i, &opt, &counting, &d) == TC_OK,
			      "solves with a counting allocator");
			tc_result_free(r);
			if (b.calls) {
				budget f = {0, 1 + (h >> 12) % b.calls};
				tc_allocator failing = budget_allocator(&f);
				r = NULL;
				fuzz_check(target, tc_module_solve(&r, m, i, &opt, &failing, &d) == TC_ENOMEM,
				      "a failed allocation in a solve is TC_ENOMEM");
				fuzz_check(target, r == NULL, "a failed solve returns no result");
			}
		}
	}
}


/* The calling contexts of m (check across calls), when its graphs are all
 * of at most max_blocks nodes: every barrier and collective's verdict is
 * a state and its witness, when not convergent, names a graph of m; one
 * allocation fails: TC_ENOMEM and nothing leaked. */
static inline void fuzz_calls(const char *target, tc_module *m, uint64_t h, uint32_t max_blocks)
{
	for (size_t i = 0; i < tc_module_graph_count(m); i++)
		if (tc_graph_node_count(tc_module_graph(m, i)) > max_blocks)
			return;
	tc_solve_options opt = tc_solve_options_default();
	opt.assume_barriers = false;
	tc_calls *c = NULL;
	tc_diag d;
	fuzz_check(target, tc__calls_new(&c, m, &opt, NULL, &d) == TC_OK, "the contexts are found");
	for (size_t i = 0; c && i < tc_module_graph_count(m); i++) {
		const tc_graph *g = tc_module_graph(m, i);
		for (uint32_t v = 0; v < tc_graph_node_count(g); v++) {
			if (!(tc_graph_node_flags(g, v) & TC_NODE_BARRIER))
				continue;
			tc_state s = tc__calls_barrier_state(c, i, v);
			fuzz_check(target, s == TC_STATE_CONVERGENT || s == TC_STATE_UNKNOWN ||
						   s == TC_STATE_DEAD,
				   "a barrier's state across calls is C, U or -");
			tc_call_witness w;
			tc_call_link link[4];
			if (s == TC_STATE_UNKNOWN && tc__calls_callee(c, i, v) == TC_NONE) {
				fuzz_check(target, tc__calls_witness(c, i, v, link, 4, &w) == TC_OK,
					   "a barrier not convergent across calls has a witness");
				fuzz_check(target, w.cause_graph == TC_NONE ||
							   w.cause_graph < tc_module_graph_count(m),
					   "a witness names a graph of the module");
			}
		}
		for (size_t k = 0; k < tc_module_collective_count(m, i); k++) {
			bool masked;
			uint32_t arg, lanes;
			tc_state s = tc__calls_collective(c, i, k, &masked, &arg, &lanes);
			fuzz_check(target, s == TC_STATE_CONVERGENT || s == TC_STATE_UNKNOWN ||
						   s == TC_STATE_DEAD,
				   "a collective's state across calls is C, U or -");
			fuzz_check(target, lanes == 0 || lanes == 2 || lanes == 4 || lanes == 8 ||
						   lanes == 16,
				   "a collective judged for its mask's lanes is judged in groups "
				   "of 2, 4, 8 or 16");
		}
	}
	tc__calls_free(c);
	/* one allocation fails */
	budget b = {0, 0};
	tc_allocator counting = budget_allocator(&b);
	c = NULL;
	fuzz_check(target, tc__calls_new(&c, m, &opt, &counting, &d) == TC_OK,
		   "the contexts are found with a counting allocator");
	tc__calls_free(c);
	if (b.calls) {
		budget f = {0, 1 + (h >> 14) % b.calls};
		tc_allocator failing = budget_allocator(&f);
		c = NULL;
		fuzz_check(target, tc__calls_new(&c, m, &opt, &failing, &d) == TC_ENOMEM,
			   "a failed allocation in the contexts is TC_ENOMEM");
		fuzz_check(target, c == NULL, "failed contexts return nothing");
	}
}

/* A reader of bytes into a module (tc_parse_ptx, tc_parse_spirv). */
typedef int (*fuzz_reader)(tc_module **out, const char *name, const uint8_t *data, size_t size,
			   const tc_read_options *opt, const tc_allocator *al, tc_diag *d);

/*
 * Reads data as name with read, and checks what a read promises: it
 * succeeds, with a graph or a warning, every small graph then solved
 * (fuzz_solve_module), or fails with TC_EPARSE (at a line and column when
 * positioned) or TC_ELIMIT, naming the file, with a message and no module.
 * Then reads again failing the last allocation and one chosen by h: that is
 * TC_ENOMEM (or the first read's result), with nothing leaked.
 */
static inline void fuzz_read(const char *target, const char *name, fuzz_reader read,
			     const uint8_t *data, size_t size, const tc_read_options *opt,
			     uint64_t h, uint32_t max_blocks, bool positioned)
{
	budget b = {0, 0};
	tc_allocator counting = budget_allocator(&b);
	tc_module *m;
	tc_diag d;
	int rc = read(&m, name, data, size, opt, &counting, &d);
	if (rc) {
		fuzz_check(target, rc == TC_EPARSE || rc == TC_ELIMIT,
			   "a read fails with TC_EPARSE or TC_ELIMIT");
		fuzz_check(target, m == NULL, "a failed read returns no module");
		fuzz_check(target, !positioned || rc != TC_EPARSE || (d.line >= 1 && d.col >= 1),
			   "a parse error has a position");
		fuzz_check(target, d.message[0] != '\0', "a read error has a message");
		fuzz_check(target, strcmp(d.file, name) == 0, "a read error names the file");
	} else {
		fuzz_check(target, tc_module_graph_count(m) >= 1 || tc_module_warning_count(m) >= 1,
			   "a read file has a graph or says why not");
		fuzz_solve_module(target, name, m, h, max_blocks);
		fuzz_calls(target, m, h, max_blocks);
		tc_module_free(m);
	}
	size_t calls = b.calls;
	size_t points[2] = {calls, 1 + (h >> 1) % (calls ? calls : 1)};
	for (int i = 0; calls && i < 2; i++) {
		budget fail = {0, points[i]};
		tc_allocator failing = budget_allocator(&fail);
		int frc = read(&m, name, data, size, opt, &failing, &d);
		fuzz_check(target, frc == TC_ENOMEM || frc == rc,
			   "a failed allocation in the reader is TC_ENOMEM");
		if (frc == TC_OK)
			tc_module_free(m);
		else
			fuzz_check(target, m == NULL, "a failed read returns no module");
	}
}

#endif
