/*
 * test_options.c - the versioned options structs (threadconv.h): the INIT
 * macros give what the defaults give, version 0 (a zeroed struct) is read as
 * version 1, and a version newer than the library's is refused with a
 * message rather than read past its end. SPIR-V's flags: by default the
 * reader's own checks, with a warning for a module that breaks a rule of
 * block order; TC_READ_SPIRV_VALIDATE rejects it; TC_READ_SPIRV_NO_VALIDATE
 * reads it without a word; both together are refused.
 */
#include "threadconv.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

static const char text[] = "entry a\nexit d\nbarrier s\na -> b c\nb -> s\nc -> s\ns -> d\n";

static void test_solve_options(void **state)
{
	(void)state;
	tc_solve_options init = TC_SOLVE_OPTIONS_INIT, def = tc_solve_options_default();
	assert_int_equal(init.version, TC_SOLVE_OPTIONS_VERSION);
	assert_int_equal(def.version, TC_SOLVE_OPTIONS_VERSION);
	assert_memory_equal(&init, &def, sizeof init);
	tc_module *m;
	tc_diag d;
	assert_int_equal(tc_parse_cfg(&m, "t.cfg", text, strlen(text), NULL, &d), TC_OK);
	tc_result *r = NULL;
	init.version = 0;
	assert_int_equal(tc_solve(&r, tc_module_graph(m, 0), &init, NULL, &d), TC_OK);
	tc_result_free(r);
	init.version = TC_SOLVE_OPTIONS_VERSION + 1;
	assert_int_equal(tc_solve(&r, tc_module_graph(m, 0), &init, NULL, &d), TC_EINVAL);
	assert_null(r);
	assert_non_null(strstr(d.message, "newer"));
	assert_int_equal(tc_module_solve(&r, m, 0, &init, NULL, &d), TC_EINVAL);
	tc_module_free(m);
}

static void test_read_options(void **state)
{
	(void)state;
	tc_read_options o = TC_READ_OPTIONS_INIT;
	assert_int_equal(o.version, TC_READ_OPTIONS_VERSION);
	assert_null(o.function);
	assert_int_equal(o.flags, 0);
	assert_int_equal(o.block_size[0], 0);
	tc_module *m = NULL;
	tc_diag d;
	o.version = TC_READ_OPTIONS_VERSION + 1;
	assert_int_equal(tc_read_file_ex(&m, "/nonexistent.cfg", &o, NULL, &d), TC_EINVAL);
	assert_null(m);
	assert_non_null(strstr(d.message, "tc_read_options"));
	assert_int_equal(tc_parse_ptx(&m, "k.ptx", "", 0, &o, NULL, &d), TC_EINVAL);
	assert_int_equal(tc_parse_llvm(&m, "k.ll", "", 0, &o, NULL, &d), TC_EINVAL);
	assert_int_equal(tc_parse_spirv(&m, "k.spv", "", 0, &o, NULL, &d), TC_EINVAL);
	assert_null(m);
}

/* A loop whose exit block comes before its header in the binary. */
static const char order[] = "OpCapability Shader\n"
			    "OpMemoryModel Logical GLSL450\n"
			    "OpEntryPoint GLCompute %main \"main\"\n"
			    "OpExecutionMode %main LocalSize 1 1 1\n"
			    "%void = OpTypeVoid\n"
			    "%fn = OpTypeFunction %void\n"
			    "%bool = OpTypeBool\n"
			    "%true = OpConstantTrue %bool\n"
			    "%main = OpFunction %void None %fn\n"
			    "%entry = OpLabel\n"
			    "OpBranch %head\n"
			    "%exit = OpLabel\n"
			    "OpReturn\n"
			    "%head = OpLabel\n"
			    "OpLoopMerge %exit %head None\n"
			    "OpBranchConditional %true %head %exit\n"
			    "OpFunctionEnd\n";

static void test_spirv_validation(void **state)
{
	(void)state;
	tc_read_options o = TC_READ_OPTIONS_INIT;
	tc_module *m = NULL;
	tc_diag d;
	assert_int_equal(tc_parse_spirv(&m, "k.spvasm", order, strlen(order), &o, NULL, &d), TC_OK);
	assert_int_equal(tc_module_warning_count(m), 1);
	assert_non_null(strstr(tc_module_warning(m, 0), "a block comes after its dominators"));
	tc_module_free(m);
	o.flags = TC_READ_SPIRV_NO_VALIDATE;
	assert_int_equal(tc_parse_spirv(&m, "k.spvasm", order, strlen(order), &o, NULL, &d), TC_OK);
	assert_int_equal(tc_module_warning_count(m), 0);
	tc_module_free(m);
	m = NULL;
	o.flags = TC_READ_SPIRV_VALIDATE;
	assert_int_equal(tc_parse_spirv(&m, "k.spvasm", order, strlen(order), &o, NULL, &d),
			 TC_EPARSE);
	assert_null(m);
	assert_non_null(strstr(d.message, "invalid module: "));
	assert_non_null(strstr(d.message, "dominator"));
	o.flags = TC_READ_SPIRV_VALIDATE | TC_READ_SPIRV_NO_VALIDATE;
	assert_int_equal(tc_parse_spirv(&m, "k.spvasm", order, strlen(order), &o, NULL, &d),
			 TC_EINVAL);
	assert_null(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_solve_options),
		cmocka_unit_test(test_read_options),
		cmocka_unit_test(test_spirv_validation),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
