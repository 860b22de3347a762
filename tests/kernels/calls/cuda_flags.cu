// Barriers behind a flag that the caller passes, as moderngpu's and CUB's
// helpers take `bool sync`: called with false where only some threads are,
// the barrier is not executed there (inlined, the compiler folds the
// branch away; called, the calling context knows the constant and decides
// the branch), so it is reported only from the contexts that execute it.
// The flag passed on through a second helper, an integer mode compared with
// a constant, and twins that pass true, a mode that takes the barrier, or
// a flag the kernel reads from memory under the divergent branch (each
// divergent). A helper that returns early on the thread where its flag is
// set, and what it returns where it is not. Markers: run-calls.py.
#include "calls.cuh"

HELPER void store_sync(int *s, int v, bool sync)
{
	s[TID_X] = v;
	if (sync)
		__syncthreads(); // check: ok
}

HELPER void store_sync_true(int *s, int v, bool sync)
{
	s[TID_X] = v;
	if (sync)
		__syncthreads(); // check: divergent
}

HELPER void store_sync_inner(int *s, int v, bool sync)
{
	s[TID_X] += v;
	if (sync)
		__syncthreads(); // check: ok
}

HELPER void store_sync_outer(int *s, int v, bool sync)
{
	s[TID_X] += 1;
	store_sync_inner(s, v, sync); // call: ok
}

HELPER void step_mode(int *s, int mode)
{
	s[TID_X] += mode;
	if (mode > 1)
		__syncthreads(); // check: ok
}

HELPER void step_mode_taken(int *s, int mode)
{
	s[TID_X] += mode;
	if (mode > 1)
		__syncthreads(); // check: divergent
}

HELPER void store_sync_loaded(int *s, int v, bool sync)
{
	s[TID_X] = v;
	if (sync)
		__syncthreads(); // check: divergent
}

/* the thread leaves early only where the flag is set: called without it,
 * what it returns is the block's (inlined, the compiler drops the test;
 * called, the context decides it and the return it guards is dead) */
HELPER int block_or_early(bool early)
{
	if (early && TID_X < 3)
		return 0;
	return BID_X;
}

extern "C" __global__ void flag_return(int *s)
{
	int p = block_or_early(false);
	if (p < 7)
		__syncthreads(); // check: ok
	int q = block_or_early(true);
	if (q < 7)
		__syncthreads(); // check: divergent
	s[TID_X] = p + q;
}

extern "C" __global__ void flags(int *s, const int *cfg)
{
	unsigned t = TID_X;
	if (t < 16) {
		store_sync(s, 1, false); // call: ok
		store_sync_outer(s, 2, false); // call: ok
		step_mode(s, 1); // call: ok
	}
	store_sync(s, 3, true); // call: ok
	store_sync_outer(s, 4, true); // call: ok
	step_mode(s, 2); // call: ok
}

extern "C" __global__ void flags_taken(int *s, const int *cfg)
{
	unsigned t = TID_X;
	if (t < 16) {
		store_sync_true(s, 1, true); // call: divergent
		step_mode_taken(s, 3); // call: divergent
		store_sync_loaded(s, 2, cfg[0] != 0); // call: divergent
	}
}
