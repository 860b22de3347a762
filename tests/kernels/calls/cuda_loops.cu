// Barriers in loops of helpers whose trip count is an argument: rounds is
// called with counts that are the same in the whole block (a kernel
// argument, the block index: ok), rounds_odd with one that differs between
// threads (divergent), and rounds_twice from two sites, once with a kernel
// argument and once with a count on the thread id: its barrier is
// divergent, and the report names the second call. Markers: run-calls.py.
#include "calls.cuh"

HELPER void rounds(int *s, int n)
{
	for (int i = 0; i < n; i++) {
		s[TID_X] += i;
		__syncthreads(); // check: ok
	}
}

HELPER void rounds_odd(int *s, int n)
{
	for (int i = 0; i < n; i++) {
		s[TID_X] ^= i;
		__syncthreads(); // check: divergent
	}
}

HELPER void rounds_twice(int *s, int n)
{
	for (int i = 0; i < n; i++) {
		s[TID_X] -= i;
		__syncthreads(); // check: divergent // rules differ: a helper called from several places, after exit inlined
	}
}

extern "C" __global__ void loops(int *s, int n)
{
	unsigned t = TID_X;
	rounds(s, n); // call: ok
	rounds(s, (int)BID_X + 2); // call: ok
	rounds_odd(s, (int)(t % 4)); // call: divergent
	rounds_twice(s, n); // call: ok
	rounds_twice(s, (int)(t & 3)); // call: divergent
	s[t] += n;
}

// The argument is a value that leaves a loop whose trip count depends on
// the thread: the same in every iteration, it differs after the loop
// (temporal divergence), so the barrier that it guards is divergent.
HELPER void sync_if_even(int *s, unsigned x)
{
	if ((x & 1) == 0)
		__syncthreads(); // check: divergent
	s[x] += 1;
}

extern "C" __global__ void loop_value(int *s, unsigned n)
{
	unsigned t = TID_X, acc = n;
	for (unsigned i = 0; i < (t & 3); i++) {
		acc ^= 1;
		s[t] += (int)i;
	}
	sync_if_even(s, acc); // call: divergent (through its argument)
}
