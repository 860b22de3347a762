/* desc.c - the tests of a function's collectives, as a reader lists them (desc.h). */
#include "graph/desc.h"
#include "util/mem.h"

int tc__arg_tests_start(const tc_alloc *al, tc_arg_tests *t, uint32_t ncoll)
{
	t->n = 0;
	t->ncoll = ncoll;
	if (tc__grow(al, &t->off, &t->off_cap, (size_t)ncoll + 1, sizeof *t->off))
		return TC_ENOMEM;
	t->off[0] = t->off[ncoll] = 0;
	return TC_OK;
}

void tc__arg_tests_next(tc_arg_tests *t, uint32_t k)
{
	t->off[k] = t->off[t->ncoll] = (uint32_t)t->n;
}

int tc__arg_tests_add(const tc_alloc *al, tc_arg_tests *t, uint32_t v, bool always,
		      unsigned arg, bool mask, const char *name)
{
	if (tc__grow(al, &t->test, &t->cap, t->n + 1, sizeof *t->test))
		return TC_ENOMEM;
	t->test[t->n++] = (tc_arg_test){v, (uint8_t)arg, always, mask, name};
	t->off[t->ncoll] = (uint32_t)t->n;
	return TC_OK;
}

void tc__arg_tests_free(const tc_alloc *al, tc_arg_tests *t)
{
	tc__free(al, t->test);
	tc__free(al, t->off);
	t->test = NULL;
	t->off = NULL;
	t->n = t->cap = t->off_cap = 0;
}
