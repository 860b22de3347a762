// Barriers inside helpers behind guards: on the thread id in the helper
// (divergent whoever calls it), on the block and an argument the kernel
// passes on from its own (ok), an early return on an argument (ok when the
// caller passes the same value in the whole block, divergent when it passes
// one that differs between threads), and an unconditional barrier in a
// helper called under a branch on the thread id (divergent) or on a kernel
// argument (ok). Markers: run-calls.py.
#include "calls.cuh"

HELPER void sync_first_half(int *s)
{
	if (TID_X < 16)
		__syncthreads(); // check: divergent
	s[TID_X] += 1;
}

HELPER void sync_some_blocks(int *s, unsigned n)
{
	if (BID_X < n && BDIM_X > 32)
		__syncthreads(); // check: ok
	s[TID_X] += 2;
}

HELPER void sync_unless(int *s, int skip)
{
	if (skip > 0)
		return;
	__syncthreads(); // check: ok
	s[TID_X] += 3;
}

HELPER void sync_unless_odd(int *s, int skip)
{
	if (skip > 0)
		return;
	__syncthreads(); // check: divergent
	s[TID_X] += 4;
}

HELPER void sync_here(int *s)
{
	s[TID_X] += 5;
	__syncthreads(); // check: divergent
}

HELPER void sync_there(int *s)
{
	s[TID_X] += 6;
	__syncthreads(); // check: ok
}

extern "C" __global__ void guards(int *s, unsigned n, int skip)
{
	unsigned t = TID_X;
	sync_first_half(s); // call: divergent
	sync_some_blocks(s, n); // call: ok
	sync_unless(s, skip); // call: ok
	sync_unless_odd(s, (int)(t & 1)); // call: divergent
	if (t < 32)
		sync_here(s); // call: divergent
	if (n > 4)
		sync_there(s); // call: ok
	__syncthreads(); // check: ok
	s[t] += 7;
}
