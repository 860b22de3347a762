/*
 * test_causes.c - tc_barrier_causes on small graphs solved in check mode:
 * the divergent branches a barrier is control dependent on, looking through
 * uniform-marked ones, and none for a convergent barrier; and, on IR, the
 * divergence source the frontend records for each non-uniform branch
 * (tc_module_branch_source).
 */
#include "threadconv.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

typedef struct solved {
	tc_module *mod;
	const tc_graph *g;
	tc_result *r;
} solved;

static solved check_mode(const char *text)
{
	solved s;
	tc_diag d;
	assert_int_equal(tc_parse_cfg(&s.mod, "t.cfg", text, strlen(text), NULL, &d), TC_OK);
	s.g = tc_module_graph(s.mod, 0);
	tc_solve_options o = tc_solve_options_default();
	o.assume_barriers = false;
	assert_int_equal(tc_solve(&s.r, s.g, &o, NULL, &d), TC_OK);
	return s;
}

static void done(solved *s)
{
	tc_result_free(s->r);
	tc_module_free(s->mod);
}

/* The causes of barrier `name` as a space-separated list of node names. */
static void expect_causes(const solved *s, const char *name, const char *want)
{
	uint32_t ids[16], count = 99;
	uint32_t b = tc_graph_find_node(s->g, name);
	assert_int_not_equal(b, TC_NONE);
	assert_int_equal(tc_barrier_causes(ids, 16, &count, s->g, s->r, b, NULL), TC_OK);
	char got[256] = "";
	for (uint32_t i = 0; i < count && i < 16; i++) {
		if (i)
			strcat(got, " ");
		strcat(got, tc_graph_node_name(s->g, ids[i]));
	}
	assert_string_equal(got, want);
}

static void test_divergent_if(void **state)
{
	(void)state;
	solved s = check_mode("entry e\nexit x\nbarrier b\n"
			      "e -> c\nc -> b j\nb -> j\nj -> x\n");
	assert_int_equal(tc_result_node_state(s.r, tc_graph_find_node(s.g, "b")),
			 TC_STATE_UNKNOWN);
	expect_causes(&s, "b", "c");
	done(&s);
}

static void test_uniform_if_is_clean(void **state)
{
	(void)state;
	solved s = check_mode("entry e\nexit x\nbarrier b\nuniform c\n"
			      "e -> c\nc -> b j\nb -> j\nj -> x\n");
	assert_int_equal(tc_result_node_state(s.r, tc_graph_find_node(s.g, "b")),
			 TC_STATE_CONVERGENT);
	expect_causes(&s, "b", "");
	done(&s);
}

static void test_straight_line_after_branch(void **state)
{
	(void)state;
	/* the barrier post-dominates the divergent branch: reached by all */
	solved s = check_mode("entry e\nexit x\nbarrier b\n"
			      "e -> c\nc -> t j\nt -> j\nj -> b\nb -> x\n");
	assert_int_equal(tc_result_node_state(s.r, tc_graph_find_node(s.g, "b")),
			 TC_STATE_CONVERGENT);
	expect_causes(&s, "b", "");
	done(&s);
}

static void test_divergent_loop(void **state)
{
	(void)state;
	solved s = check_mode("entry e\nexit x\nbarrier b\n"
			      "e -> h\nh -> body x\nbody -> b\nb -> h\n");
	expect_causes(&s, "b", "h");
	done(&s);
}

static void test_two_branches(void **state)
{
	(void)state;
	/* if (c1) { if (c2) barrier; } */
	solved s = check_mode("entry e\nexit x\nbarrier b\n"
			      "e -> c1\nc1 -> c2 j\nc2 -> b j\nb -> j\nj -> x\n");
	expect_causes(&s, "b", "c2");
	uint32_t one, count;
	assert_int_equal(tc_barrier_causes(&one, 1, &count, s.g, s.r,
					   tc_graph_find_node(s.g, "b"), NULL),
			 TC_OK);
	assert_int_equal(count, 1);
	done(&s);
}

static void test_looks_through_uniform(void **state)
{
	(void)state;
	/* if (tid) { if (uniform) barrier; }: the uniform branch is reached by
	 * only some threads; the note names the divergent one */
	solved s = check_mode("entry e\nexit x\nbarrier b\nuniform u\n"
			      "e -> d\nd -> u j\nu -> b j\nb -> j\nj -> x\n");
	expect_causes(&s, "b", "d");
	done(&s);
}

static void test_several_and_cap(void **state)
{
	(void)state;
	/* the barrier sits behind a three-way divergent switch and an if */
	solved s = check_mode("entry e\nexit x\nbarrier b\n"
			      "e -> s\ns -> p q j\np -> b\nq -> c\nc -> b j\nb -> j\nj -> x\n");
	expect_causes(&s, "b", "s c");
	uint32_t one = TC_NONE, count = 0;
	assert_int_equal(tc_barrier_causes(&one, 1, &count, s.g, s.r,
					   tc_graph_find_node(s.g, "b"), NULL),
			 TC_OK);
	assert_int_equal(count, 2);
	assert_string_equal(tc_graph_node_name(s.g, one), "s");
	assert_int_equal(tc_barrier_causes(NULL, 0, &count, s.g, s.r,
					   tc_graph_find_node(s.g, "b"), NULL),
			 TC_OK);
	assert_int_equal(count, 2);
	done(&s);
}

static void test_dead_and_bad(void **state)
{
	(void)state;
	solved s = check_mode("entry e\nexit x\nbarrier b dead\n"
			      "e -> b\nb -> x\ndead -> x\n");
	uint32_t ids[4], count = 7;
	assert_int_equal(tc_barrier_causes(ids, 4, &count, s.g, s.r,
					   tc_graph_find_node(s.g, "dead"), NULL),
			 TC_OK);
	assert_int_equal(count, 0);
	assert_int_equal(tc_barrier_causes(ids, 4, &count, s.g, s.r, 1000, NULL), TC_EINVAL);
	assert_int_equal(tc_barrier_causes(NULL, 4, &count, s.g, s.r, 0, NULL), TC_EINVAL);
	done(&s);
}

/* fails the n-th allocation */
typedef struct budget {
	int left;
} budget;

static void *fail_malloc(void *ud, size_t size)
{
	budget *b = ud;
	return b->left-- > 0 ? test_malloc(size) : NULL;
}

static void *fail_realloc(void *ud, void *p, size_t size)
{
	budget *b = ud;
	return b->left-- > 0 ? test_realloc(p, size) : NULL;
}

static void fail_free(void *ud, void *p)
{
	(void)ud;
	test_free(p);
}

static void test_out_of_memory(void **state)
{
	(void)state;
	solved s = check_mode("entry e\nexit x\nbarrier b\n"
			      "e -> c\nc -> b j\nb -> j\nj -> x\n");
	uint32_t b = tc_graph_find_node(s.g, "b"), ids[4], count;
	int ok = 0;
	for (int n = 0; n < 64 && !ok; n++) {
		budget bud = {n};
		tc_allocator a = {fail_malloc, fail_realloc, fail_free, &bud};
		int rc = tc_barrier_causes(ids, 4, &count, s.g, s.r, b, &a);
		if (rc == TC_OK)
			ok = 1;
		else
			assert_int_equal(rc, TC_ENOMEM);
	}
	assert_true(ok);
	assert_int_equal(count, 1);
	done(&s);
}

/* if (get_local_id(0) + 1 < 16) barrier; for (i = 0; i < n; i++) barrier; */
static const char kernel_ir[] =
	"target triple = \"nvptx64-nvidia-cuda\"\n"
	"define void @k(i32 %n) !dbg !4 {\n"
	"entry:\n"
	"  %t = call i64 @_Z12get_local_idj(i32 0), !dbg !8\n"
	"  %u = add i64 %t, 1\n"
	"  %c = icmp ult i64 %u, 16, !dbg !7\n"
	"  br i1 %c, label %then, label %loop, !dbg !7\n"
	"then:\n"
	"  call void @_Z7barrierj(i32 1), !dbg !9\n"
	"  br label %loop\n"
	"loop:\n"
	"  %i = phi i32 [ 0, %entry ], [ 0, %then ], [ %j, %loop ]\n"
	"  call void @_Z7barrierj(i32 1), !dbg !10\n"
	"  %j = add i32 %i, 1\n"
	"  %d = icmp slt i32 %j, %n\n"
	"  br i1 %d, label %loop, label %end, !dbg !11\n"
	"end:\n"
	"  ret void\n"
	"}\n"
	"declare i64 @_Z12get_local_idj(i32)\n"
	"declare void @_Z7barrierj(i32)\n"
	"!llvm.dbg.cu = !{!0}\n"
	"!llvm.module.flags = !{!3}\n"
	"!nvvm.annotations = !{!12}\n"
	"!0 = distinct !DICompileUnit(language: DW_LANG_OpenCL, file: !1, producer: \"hand\", "
	"isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)\n"
	"!1 = !DIFile(filename: \"k.cl\", directory: \"/src\")\n"
	"!3 = !{i32 2, !\"Debug Info Version\", i32 3}\n"
	"!4 = distinct !DISubprogram(name: \"k\", scope: !1, file: !1, line: 1, type: !5, "
	"scopeLine: 1, spFlags: DISPFlagDefinition, unit: !0)\n"
	"!5 = !DISubroutineType(types: !6)\n"
	"!6 = !{null}\n"
	"!7 = !DILocation(line: 9, column: 5, scope: !4)\n"
	"!8 = !DILocation(line: 8, column: 13, scope: !4)\n"
	"!9 = !DILocation(line: 12, column: 5, scope: !4)\n"
	"!10 = !DILocation(line: 14, column: 5, scope: !4)\n"
	"!11 = !DILocation(line: 13, column: 3, scope: !4)\n"
	"!12 = !{ptr @k, !\"kernel\", i32 1}\n";

static void test_ir_sources(void **state)
{
	(void)state;
	tc_module *m;
	tc_diag d;
	tc_read_options ro = {.llvm_passes = ""};
	assert_int_equal(tc_parse_llvm(&m, "k.ll", kernel_ir, strlen(kernel_ir), &ro, NULL, &d),
			 TC_OK);
	const tc_graph *g = tc_module_graph(m, 0);
	tc_solve_options o = tc_solve_options_default();
	o.assume_barriers = false;
	tc_result *r;
	assert_int_equal(tc_solve(&r, g, &o, NULL, &d), TC_OK);

	uint32_t then_b = tc_graph_find_node(g, "then.barrier");
	uint32_t loop_b = tc_graph_find_node(g, "loop.barrier");
	uint32_t entry = tc_graph_find_node(g, "entry");
	uint32_t loop_a = tc_graph_find_node(g, "loop.after");
	assert_int_not_equal(then_b, TC_NONE);
	assert_int_not_equal(loop_b, TC_NONE);

	/* the branch on the local id: its source through the add */
	tc_loc loc;
	const char *what = tc_module_branch_source(m, 0, entry, &loc);
	assert_non_null(what);
	assert_string_equal(what, "get_local_id(0)");
	assert_string_equal(loc.file, "/src/k.cl");
	assert_int_equal(loc.line, 8);
	assert_int_equal(loc.col, 13);
	tc_loc bl = tc_module_branch_loc(m, 0, entry);
	assert_int_equal(bl.line, 9);
	assert_int_equal(bl.col, 5);
	/* the loop's exit depends on a phi: no builtin to name */
	assert_null(tc_module_branch_source(m, 0, loop_a, &loc));
	assert_null(loc.file);
	assert_null(tc_module_branch_source(m, 0, then_b, NULL));
	assert_null(tc_module_branch_source(m, 5, entry, NULL));

	uint32_t ids[4], count;
	assert_int_equal(tc_result_node_state(r, then_b), TC_STATE_UNKNOWN);
	assert_int_equal(tc_barrier_causes(ids, 4, &count, g, r, then_b, NULL), TC_OK);
	assert_int_equal(count, 1);
	assert_int_equal(ids[0], entry);
	/* conservative: the counter is a phi, so the loop exit counts as divergent */
	assert_int_equal(tc_result_node_state(r, loop_b), TC_STATE_UNKNOWN);
	assert_int_equal(tc_barrier_causes(ids, 4, &count, g, r, loop_b, NULL), TC_OK);
	assert_int_equal(count, 1);
	assert_int_equal(ids[0], loop_a);
	tc_result_free(r);
	tc_module_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_divergent_if),
		cmocka_unit_test(test_uniform_if_is_clean),
		cmocka_unit_test(test_straight_line_after_branch),
		cmocka_unit_test(test_divergent_loop),
		cmocka_unit_test(test_two_branches),
		cmocka_unit_test(test_looks_through_uniform),
		cmocka_unit_test(test_several_and_cap),
		cmocka_unit_test(test_dead_and_bad),
		cmocka_unit_test(test_out_of_memory),
		cmocka_unit_test(test_ir_sources),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
