// A thread's index passed to a helper that reads the index again: the
// argument is the thread's index plus something the same in every thread,
// and the helper's difference of the two is that something (inlined, the
// thread terms cancel in one function; called, the calling context says
// the parameter is U + k*tid, docs/check.md "Affine bounds"). A trip count
// between two values that both move with the index, a block's first index
// recovered from a global one; the twins test the argument itself.
// Markers: run-calls.py.
#include "calls.cuh"

HELPER void shifted(int *s, int t, int n)
{
	s[t] = 1;
	if (t - (int)TID_X < n)
		__syncthreads(); // check: ok
	for (int i = t; i != n + t; i++)
		__syncthreads(); // check: ok
	if (t < n)
		__syncthreads(); // check: divergent
}

HELPER void rebased(int *s, unsigned g)
{
	unsigned base = g - TID_X;
	s[g] = (int)base;
	if (base == 0)
		__syncthreads(); // check: ok
	if (g == 0)
		__syncthreads(); // check: divergent
}

extern "C" __global__ void terms(int *s, int n)
{
	shifted(s, (int)TID_X + 4 * n, n);
	rebased(s, BID_X * BDIM_X + TID_X);
}
