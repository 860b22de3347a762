/*
 * test_names.c - plain function names (util/names.h): the helper notes'
 * names of C++ functions as nvcc's .debug_str holds them, mangled.
 */
#include "util/names.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

static void plain(const char *mangled, const char *want)
{
	char buf[512];
	size_t n = tc__plain_name(buf, sizeof buf, mangled, strlen(mangled));
	assert_string_equal(buf, want);
	assert_int_equal(n, strlen(want));
}

static void test_plain(void **state)
{
	(void)state;
	plain("_Z10stage_syncv", "stage_sync");
	plain("block_sync", "block_sync");
	plain("_ZN18cooperative_groups4__v112thread_block4syncEv",
	      "cooperative_groups::__v1::thread_block::sync");
	/* nvcc's namespace of what has internal linkage */
	plain("_ZN38_INTERNAL_07851d8a_8_cgpos_cu_76da7d2111__shfl_syncEjiii", "__shfl_sync");
	plain("_ZN38_INTERNAL_07851d8a_8_cgpos_cu_76da7d2118cooperative_groups4__v17details10"
	      "pick_reduxINS1_4plusEEEiii",
	      "cooperative_groups::__v1::details::pick_redux<cooperative_groups::__v1::plus>");
}

/* A template's demangled name has its return type: not the function's. */
static void test_return_types(void **state)
{
	(void)state;
	/* int cub::CUB_300001_SM_750::ShuffleDown<32, int>(int, int, int, unsigned int) */
	plain("_ZN3cub17CUB_300001_SM_75011ShuffleDownILi32EiEET0_S1_iij",
	      "cub::CUB_300001_SM_750::ShuffleDown<32, int>");
	/* decltype ({parm#2}({parm#1}, {parm#1})) cooperative_groups::__v1::reduce<...>(...) */
	plain("_ZN18cooperative_groups4__v16reduceINS0_17thread_block_tileILj32EvEERiNS0_4plusIiEEEE"
	      "DTclfp1_fp0_fp0_EERKT_OT0_OT1_",
	      "cooperative_groups::__v1::reduce<cooperative_groups::__v1::thread_block_tile<32u, "
	      "void>, int&, cooperative_groups::__v1::plus<int> >");
	/* a template argument with parentheses: (void*)0 */
	plain("_ZN18cooperative_groups4__v17details15_redux_dispatchIRiiNS0_17thread_block_tileILj32EvEEE"
	      "6reduceINS0_4plusELPv0EEEDTclfp1_fp0_fp0_EERKS5_S3_OT_IiE",
	      "cooperative_groups::__v1::details::_redux_dispatch<int&, int, "
	      "cooperative_groups::__v1::thread_block_tile<32u, void> >::reduce<"
	      "cooperative_groups::__v1::plus, (void*)0>");
}

static void test_odd_names(void **state)
{
	(void)state;
	/* (anonymous namespace)::f(int) */
	plain("_ZN12_GLOBAL__N_11fEi", "(anonymous namespace)::f");
	/* operators */
	plain("_ZN1AclEi", "A::operator()");
	plain("_ZN1AltERKS_", "A::operator<");
	plain("_ZN1AixEi", "A::operator[]");
	plain("_ZN1AcviEv", "A::operator int");
	/* a lambda's call operator: k(int*)::{lambda(int)#1}::operator()(int) const */
	plain("_ZZ1kPiENKUliE_clEi", "k(int*)::{lambda(int)#1}::operator()");
	/* cut to fit */
	char buf[6];
	assert_int_equal(tc__plain_name(buf, sizeof buf, "_Z10stage_syncv", 15), 5);
	assert_string_equal(buf, "stage");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain),
		cmocka_unit_test(test_return_types),
		cmocka_unit_test(test_odd_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
