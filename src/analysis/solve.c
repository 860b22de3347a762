/* solve.c - tc_solve: placeholder while the solvers land */
#include "threadconv.h"
#include "util/diag.h"

int tc_solve(tc_result **out, const tc_graph *g, const tc_solve_options *opt,
	     const tc_allocator *alloc, tc_diag *diag)
{
	(void)g; (void)opt; (void)alloc;
	*out = NULL;
	return tc__diag(diag, TC_EINVAL, NULL, 0, 0, "not implemented");
}
