// Calls through a function pointer. The module is the program: a call
// through a pointer may run any function whose address it takes, so where
// one of those executes a barrier, the call is a barrier of its caller,
// judged at the call's line, and each of those functions is checked as one
// that no kernel calls (as if any thread could call it with any arguments).
// Before, such a function was not checked at all in a module with no other
// call, and the call was no barrier. Twins: the call reached by the whole
// block (ok), and under a branch on the thread (divergent); a function that
// branches on the thread around its barrier (divergent). Markers:
// run-calls.py.
#include "calls.cuh"

HELPER void stage(int *s)
{
	s[TID_X] = 1;
	__syncthreads(); // check: ok
}

HELPER void half_stage(int *s)
{
	s[TID_X] = 2;
	if (TID_X < 16)
		__syncthreads(); // check: divergent
}

typedef void (*stage_fn)(int *);

__device__ stage_fn stages[2] = {stage, half_stage};

extern "C" __global__ void all_call(int *s, int sel)
{
	stage_fn f = stages[sel];
	f(s); // check: ok
}

extern "C" __global__ void some_call(int *s, int sel)
{
	stage_fn f = stages[sel];
	if (TID_X < 16)
		f(s); // check: divergent
}
