// A helper that sets the bit fields of a new object, as compilers write a
// bit field: read the word, mask, store it back. The bits it keeps are what
// nothing has written yet, an indeterminate value, which mem2reg makes
// undef, the same in every thread; called, the calling context takes them
// so too (docs/ptx.md, "What a call reads of its caller's local memory"),
// and a method reads the rank back: as uniform as the rank given. The twin
// gives the thread's index. Markers: run-calls.py.
#include "calls.cuh"

struct tile {
	unsigned flags : 8;
	unsigned kind : 24;
	unsigned size : 16;
	unsigned rank : 16;
};

HELPER void tile_set(tile *t, unsigned rank, unsigned size)
{
	t->flags = 1;
	t->kind = 32;
	t->size = size;
	t->rank = rank;
}

HELPER unsigned tile_rank(const tile *t) { return t->rank; }

extern "C" __global__ void fresh_rank(int *s)
{
	tile t;
	tile_set(&t, BID_X & 3, 8);
	if (tile_rank(&t) == 1)
		__syncthreads(); // check: ok
	s[TID_X] = 1;
}

extern "C" __global__ void thread_rank(int *s)
{
	tile t;
	tile_set(&t, TID_X, 8);
	if (tile_rank(&t) == 1)
		__syncthreads(); // check: divergent
	s[TID_X] = 1;
}
