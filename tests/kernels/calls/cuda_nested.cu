// Helpers' results and helpers that call helpers. block_parity's result is
// the same in the whole block, so the barrier it guards is ok;
// thread_parity's differs between threads. inner_odd's guard is on its
// argument, which outer_odd passes on from the thread id (divergent, and
// the report names both calls); inner_even gets the block index the same
// way (ok). Markers: run-calls.py.
#include "calls.cuh"

HELPER unsigned block_parity(void)
{
	return BID_X & 1;
}

HELPER unsigned thread_parity(void)
{
	return TID_X & 1;
}

HELPER void inner_odd(int *s, unsigned x)
{
	if (x < 8)
		__syncthreads(); // check: divergent
	s[x] += 1;
}

HELPER void outer_odd(int *s, unsigned x)
{
	s[x] = 0;
	inner_odd(s, x + 1); // call: divergent
}

HELPER void inner_even(int *s, unsigned x)
{
	if (x < 8)
		__syncthreads(); // check: ok
	s[x] += 2;
}

HELPER void outer_even(int *s, unsigned x)
{
	s[x] = 0;
	inner_even(s, x + 1); // call: ok
}

extern "C" __global__ void nested(int *s)
{
	unsigned t = TID_X;
	if (block_parity())
		__syncthreads(); // check: ok
	s[t] += 1;
	if (thread_parity())
		__syncthreads(); // check: divergent
	s[t] += 2;
	outer_odd(s, t); // call: divergent
	outer_even(s, BID_X); // call: ok
}

// A second kernel that calls block_parity, after the first made its
// context's result known uniform: the call must see it too.
extern "C" __global__ void nested_again(int *s)
{
	unsigned t = TID_X;
	if (block_parity() == 0)
		__syncthreads(); // check: ok
	s[t] += 3;
}
