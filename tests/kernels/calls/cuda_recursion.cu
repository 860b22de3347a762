// Barriers in recursive helpers, which are never inlined (TC_INLINE changes
// nothing here). rec_odd recurses as often as its argument says, which the
// kernel takes from the thread id: threads reach its barrier a different
// number of times (divergent). rec_even recurses as often as a kernel
// argument says, the same in the whole block: correct, but an analysis may
// take a recursive call's argument to be unknown and report it, which is
// sound too ("either"). The store after each recursive call keeps LLVM
// from making the recursion a loop. Markers: run-calls.py.
#include "calls.cuh"

extern "C" __device__ NOINLINE void rec_odd(int *s, int n)
{
	if (n <= 0)
		return;
	__syncthreads(); // check: divergent
	rec_odd(s, n - 1);
	s[TID_X] += n;
}

extern "C" __device__ NOINLINE void rec_even(int *s, int n)
{
	__syncthreads(); // check: either
	if (n > 0)
		rec_even(s, n - 1);
	s[TID_X] -= n;
}

extern "C" __global__ void recursion(int *s, int n)
{
	unsigned t = TID_X;
	rec_odd(s, (int)(t & 3)); // call: divergent
	rec_even(s, n & 3);
	__syncthreads(); // check: ok
	s[t] += 1;
}
