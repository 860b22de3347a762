// Helpers that return the thread's index, or a global index built from it
// (as index helpers such as global_thread_id() do), and a branch on what
// they return around a full-mask shuffle. Inlined, the branch on
// `my_tid() < 64` or on `(my_gid() / 32) % 2` is the same in each warp
// (the index is a warp's base plus the lane), and so is a branch on a
// signed 64-bit global index divided by 32 (a signed division groups the
// lanes so only where the index is not negative: a product of the block's
// size and index, each known to fit, plus the thread's); called, the helper's
// calling context says its result is such a value, so the caller's warp
// view reads it as it would read the index itself. The twins branch on
// `my_tid() < 16` and on the global index itself, which split each warp.
// Markers: run-calls.py.
#include "calls.cuh"

HELPER unsigned my_tid(void)
{
	return TID_X;
}

HELPER unsigned long long my_gid(void)
{
	return (unsigned long long)BID_X * BDIM_X + TID_X;
}

/* signed, as cuCollections' global_thread_id() */
HELPER long long my_sgid(void)
{
	return (long long)TID_X + (long long)BDIM_X * (long long)BID_X;
}

extern "C" __global__ void first_warps(int *p)
{
	int v = p[TID_X];
	if (my_tid() < 64)
		v += SHFL_XOR(FULL, v, 1); // collective: ok
	p[TID_X] = v;
}

extern "C" __global__ void even_warps(int *p)
{
	int v = p[TID_X];
	if ((my_gid() / 32) % 2 == 0)
		v += SHFL_XOR(FULL, v, 1); // collective: ok
	p[TID_X] = v;
}

extern "C" __global__ void signed_warps(int *p)
{
	int v = p[TID_X];
	long long idx = my_sgid() / 32; /* the warp's: the index is not negative */
	if (idx % 2 == 0)
		v += SHFL_XOR(FULL, v, 1); // collective: ok
	p[TID_X] = v;
}

extern "C" __global__ void half_warp(int *p)
{
	int v = p[TID_X];
	if (my_tid() < 16)
		v += SHFL_XOR(FULL, v, 1); // collective: divergent
	p[TID_X] = v;
}

extern "C" __global__ void odd_threads(int *p)
{
	int v = p[TID_X];
	if (my_gid() % 2 == 0)
		v += SHFL_XOR(FULL, v, 1); // collective: divergent
	p[TID_X] = v;
}
