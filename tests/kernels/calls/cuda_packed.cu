// A group passed by value whose kind and the thread's rank share one word,
// as cooperative groups' thread_group packs its type beside fields that
// differ between threads: the helper's tests of the kind read only bits
// that every thread passes alike, its tests of the rank do not. Inlined,
// the compiler keeps the kind apart; called, the calling context says
// which bits of the word may differ (docs/check.md, "Bits of a word").
// The twins test the rank and its low bits. A kind passed as a constant
// beside the rank is known in its bits (a test of it goes one way).
// Markers: run-calls.py.
// not-in ptx-O0: the word moves through local memory in pieces of other widths
//   (clang -O0 stores a byte, then the word, and loads the low half of a
//   double word), whose values the depot does not follow into the argument
// no-nvcc-G: the word is passed a byte at a time through the local depot
//   (nvcc -G, on both sides), and the depot does not put the bytes' bits
//   back together into the word the helper tests
#include "calls.cuh"

struct group {
	unsigned kind : 8;
	unsigned rank : 24;
	unsigned size;
};

HELPER void group_step(group g, int *s)
{
	s[g.rank] = 1;
	if (g.kind == 1)
		__syncthreads(); // check: ok
	if (g.rank == 0)
		__syncthreads(); // check: divergent
}

HELPER void group_bits(group g, int *s)
{
	s[g.rank] += 2;
	if ((g.kind & 6) == 2)
		__syncthreads(); // check: ok
	if ((g.rank & 3) == 1)
		__syncthreads(); // check: divergent
}

// Called with a kind that is a constant while the rank is not: the kind's
// bits are known where the rank's are not, so the test of the kind goes
// one way in that calling context (a thread_group's sync() choosing what
// to do by the type of a tile passed to it). packed_one passes kind 1 and
// the thread's rank, packed_two kind 2 and a rank the same in the block.
HELPER void group_sync(group g, int *s)
{
	s[g.rank] = 3;
	if (g.kind == 1 && g.rank < 16)
		__syncthreads(); // check: divergent
	if (g.kind != 1 && g.rank < 16)
		__syncthreads(); // check: ok
	s[g.rank] += 1;
}

extern "C" __global__ void packed_one(int *s)
{
	group g;
	g.kind = 1;
	g.rank = TID_X;
	g.size = BDIM_X;
	group_sync(g, s);
	__syncthreads(); // check: ok
}

extern "C" __global__ void packed_two(int *s)
{
	group g;
	g.kind = 2;
	g.rank = BID_X & 7;
	g.size = BDIM_X;
	group_sync(g, s);
}

extern "C" __global__ void packed(int *s, unsigned kind)
{
	group g;
	g.kind = kind;
	g.rank = TID_X;
	g.size = BDIM_X;
	group_step(g, s);
	group_bits(g, s);
}
