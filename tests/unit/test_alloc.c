/*
 * test_alloc.c - out of memory everywhere: an allocator that fails the k-th
 * allocation (and, in a second pass, every one from the k-th on), for every
 * k until a run needs fewer allocations, under the parser, the PTX reader,
 * the builder and every solver. Each failure must come back as TC_ENOMEM
 * with nothing returned and every block freed (counted here; ASan builds
 * also check).
 */
#include "property/check.h"
#include "threadconv.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

typedef struct counting {
	unsigned long calls;   /* allocations asked for (malloc and realloc) */
	unsigned long fail_at; /* 1-based; 0: never */
	int fail_after;        /* fail every allocation from fail_at on */
	long live;             /* blocks not freed */
	int zero_realloc;      /* realloc_fn(ud, p, 0) was called */
} counting;

static int fails(counting *c)
{
	c->calls++;
	return c->fail_at && (c->fail_after ? c->calls >= c->fail_at : c->calls == c->fail_at);
}

static void *c_malloc(void *ud, size_t size)
{
	counting *c = ud;
	if (fails(c))
		return NULL;
	void *p = malloc(size ? size : 1);
	c->live += p != NULL;
	return p;
}

static void *c_realloc(void *ud, void *ptr, size_t size)
{
	counting *c = ud;
	if (size == 0)
		c->zero_realloc = 1;
	if (fails(c))
		return NULL;
	void *p = realloc(ptr, size ? size : 1);
	c->live += p && !ptr;
	return p;
}

static void c_free(void *ud, void *ptr)
{
	counting *c = ud;
	c->live -= ptr != NULL;
	free(ptr);
}

/* one scenario under an allocator; returns its status, leaves nothing live */
typedef int (*scenario)(const tc_allocator *alloc, const void *arg);

/*
 * Runs s with the k-th allocation failing for k = 1, 2, ... until a run
 * makes fewer than k allocations; returns how many runs failed.
 */
static unsigned long sweep(scenario s, const void *arg, int fail_after)
{
	unsigned long failed = 0;
	for (unsigned long k = 1;; k++) {
		counting c = {0, k, fail_after, 0, 0};
		tc_allocator a = {c_malloc, c_realloc, c_free, &c};
		int rc = s(&a, arg);
		if (c.live != 0)
			fail_msg("k = %lu: %ld blocks leaked (status %d)", k, c.live, rc);
		assert_false(c.zero_realloc);
		if (rc == TC_OK) {
			if (c.calls < k)
				return failed; /* nothing failed: every k is done */
			/* a failure the code recovered from is fine too */
			continue;
		}
		if (rc != TC_ENOMEM)
			fail_msg("k = %lu: status %d (%s), want TC_ENOMEM", k, rc,
				 tc_status_string(rc));
		failed++;
	}
}

static const char cfg_text[] = "graph kernel\n"
			       "entry a\n"
			       "exit z\n"
			       "barrier b \"b 2\"\n"
			       "uniform c g\n"
			       "a -> c\n"
			       "c -> d e\n"
			       "d -> b\n"
			       "e -> \"b 2\"\n"
			       "\"b 2\" -> b\n"
			       "b -> f\n"
			       "f -> f g\n"
			       "g -> c z\n"
			       "dead -> z\n"
			       "graph second\n"
			       "entry x\n"
			       "exit y\n"
			       "x -> y y\n";

static int parse(const tc_allocator *alloc, const void *arg)
{
	(void)arg;
	tc_module *m = (tc_module *)&m;
	tc_diag d;
	int rc = tc_parse_cfg(&m, "k.cfg", cfg_text, sizeof cfg_text - 1, alloc, &d);
	if (rc) {
		assert_null(m);
		assert_int_equal(d.code, rc);
		/* once reading has begun, out of memory says where: line and column */
		assert_true((d.line >= 1 && d.col >= 1) || (d.line == 0 && d.col == 0));
		return rc;
	}
	assert_int_equal(tc_module_graph_count(m), 2);
	tc_module_free(m);
	return rc;
}

static void test_parse(void **state)
{
	(void)state;
	assert_true(sweep(parse, NULL, 0) > 0);
	assert_true(sweep(parse, NULL, 1) > 0);
}

/* PTX with what its reader keeps in its arena: .file, .loc with inlined_at
 * and a name in .debug_str, a call, barriers, collectives (a mask in a
 * register), the local depot, a scope, brx.idx with .branchtargets */
static const char ptx_text[] =
	".version 7.0\n"
	".target sm_70\n"
	".address_size 64\n"
	"\n"
	".func (.param .b32 ret) helper(.param .b32 x)\n"
	"{\n"
	"\t.reg .b32 %r<4>;\n"
	"\t.reg .pred %p<2>;\n"
	"\tld.param.u32 %r1, [x];\n"
	"\t.loc 1 3 5, function_name $L__info_string0, inlined_at 1 9 2\n"
	"\tbar.sync 0;\n"
	"\t.loc 1 9 2\n"
	"\tmov.u32 %r2, -1;\n"
	"\tshfl.sync.idx.b32 %r3, %r1, 0, 31, %r2;\n"
	"\tst.param.b32 [ret], %r3;\n"
	"\tret;\n"
	"}\n"
	"\n"
	".visible .entry k(.param .u64 out, .param .u32 n)\n"
	"{\n"
	"\t.local .align 4 .b8 __local_depot0[8];\n"
	"\t.reg .b64 %SP, %SPL, %rd<4>;\n"
	"\t.reg .b32 %r<8>;\n"
	"\t.reg .pred %p<3>;\n"
	"\tmov.u64 %SPL, __local_depot0;\n"
	"\tcvta.local.u64 %SP, %SPL;\n"
	"\tmov.u32 %r1, %tid.x;\n"
	"\tst.u32 [%SP+0], %r1;\n"
	"\tld.u32 %r2, [%SP+0];\n"
	"\tsetp.lt.u32 %p1, %r2, 16;\n"
	"\t@%p1 bra $L_a;\n"
	"\t{\n"
	"\t.reg .b32 t;\n"
	"\tmov.u32 t, %r2;\n"
	"\t.param .b32 param0;\n"
	"\tst.param.b32 [param0], t;\n"
	"\t.param .b32 retval0;\n"
	"\tcall (retval0), helper, (param0);\n"
	"\tld.param.b32 %r3, [retval0];\n"
	"\t}\n"
	"\tbra.uni $L_b;\n"
	"$L_a:\n"
	"\tand.b32 %r4, %r2, 1;\n"
	"\tbrx.idx %r4, $L_t;\n"
	"$L_t: .branchtargets $L_b, $L_c;\n"
	"$L_c:\n"
	"\tvote.sync.ballot.b32 %r5, %p1, -1;\n"
	"$L_b:\n"
	"\tbar.sync 0;\n"
	"\tret;\n"
	"}\n"
	"\n"
	".file 1 \"/src/a.cu\"\n"
	".section .debug_str\n"
	"{\n"
	"$L__info_string0:\n"
	".b8 104, 101, 108, 112, 0\n"
	"}\n";

static int parse_ptx(const tc_allocator *alloc, const void *arg)
{
	(void)arg;
	tc_module *m = (tc_module *)&m;
	tc_diag d;
	int rc = tc_parse_ptx(&m, "k.ptx", ptx_text, sizeof ptx_text - 1, NULL, alloc, &d);
	if (rc) {
		assert_null(m);
		assert_int_equal(d.code, rc);
		return rc;
	}
	assert_int_equal(tc_module_graph_count(m), 2);
	tc_module_free(m);
	return rc;
}

static void test_parse_ptx(void **state)
{
	(void)state;
	assert_true(sweep(parse_ptx, NULL, 0) > 0);
	assert_true(sweep(parse_ptx, NULL, 1) > 0);
}

static int build(const tc_allocator *alloc, const void *arg)
{
	(void)arg;
	tc_builder *b = (tc_builder *)&b;
	int rc = tc_builder_new(&b, "built", alloc);
	if (rc) {
		assert_null(b);
		return rc;
	}
	/* calls after a failure may fail too; finish must report it */
	char name[16];
	uint32_t prev = 0, id = 0;
	for (int i = 0; i < 300; i++) {
		snprintf(name, sizeof name, "n%d", i);
		if (tc_builder_node(b, name, strlen(name), &id) != TC_OK)
			continue;
		if (i % 7 == 3)
			tc_builder_set_node_loc(b, id, i % 2 ? "a.cl" : "b.cl", (uint32_t)i, 1);
		if (i)
			tc_builder_edge(b, prev, id, NULL);
		prev = id;
	}
	uint32_t extra;
	tc_builder_add_node(b, "n0", 2, &extra);
	tc_builder_set_entry(b, 0);
	tc_builder_set_exit(b, prev);
	tc_graph *g = (tc_graph *)&g;
	tc_diag d;
	rc = tc_builder_finish(&g, b, &d);
	if (rc) {
		assert_null(g);
		return rc;
	}
	tc_graph_free(g);
	return rc;
}

static void test_builder(void **state)
{
	(void)state;
	assert_true(sweep(build, NULL, 0) > 0);
	assert_true(sweep(build, NULL, 1) > 0);
}

typedef struct solve_arg {
	const tc_graph *g;
	tc_solve_options opt;
	const char *want; /* states without failures: nodes then edges */
} solve_arg;

static int solve(const tc_allocator *alloc, const void *arg)
{
	const solve_arg *s = arg;
	tc_result *r = (tc_result *)&r;
	tc_diag d;
	int rc = tc_solve(&r, s->g, &s->opt, alloc, &d);
	if (rc) {
		assert_null(r);
		assert_int_equal(d.code, rc);
		return rc;
	}
	char got[128];
	prop_result_states(r, s->g, got);
	assert_string_equal(got, s->want);
	tc_result_free(r);
	return rc;
}

static void test_solvers(void **state)
{
	(void)state;
	tc_module *m;
	tc_diag d;
	assert_int_equal(tc_parse_cfg(&m, "k.cfg", cfg_text, sizeof cfg_text - 1, NULL, &d),
			 TC_OK);
	const tc_graph *g = tc_module_graph(m, 0);
	for (int s = 0; s < TC_SOLVER_COUNT; s++) {
		for (int mode = 0; mode < 4; mode++) {
			solve_arg arg = {g, tc_solve_options_default(), NULL};
			arg.opt.solver = (tc_solver)s;
			arg.opt.assume_barriers = !(mode & 1);
			arg.opt.ignore_uniform = mode & 2;
			tc_result *r;
			char want[128];
			assert_int_equal(tc_solve(&r, g, &arg.opt, NULL, &d), TC_OK);
			prop_result_states(r, g, want);
			tc_result_free(r);
			arg.want = want;
			unsigned long n = sweep(solve, &arg, 0);
			assert_true(n > 0);
			assert_int_equal(sweep(solve, &arg, 1), n);
			if (mode == 0)
				printf("%s: %lu allocations\n", tc_solver_name((tc_solver)s), n);
		}
	}
	tc_module_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_parse_ptx),
		cmocka_unit_test(test_builder),
		cmocka_unit_test(test_solvers),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
