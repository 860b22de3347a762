// A group passed by value whose kind and the thread's rank share one word,
// as cooperative groups' thread_group packs its type beside fields that
// differ between threads: the helper's tests of the kind read only bits
// that every thread passes alike, its tests of the rank do not. Inlined,
// the compiler keeps the kind apart; called, the calling context says
// which bits of the word may differ (docs/check.md, "Bits of a word").
// The twins test the rank and its low bits. Markers: run-calls.py.
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

extern "C" __global__ void packed(int *s, unsigned kind)
{
	group g;
	g.kind = kind;
	g.rank = TID_X;
	g.size = BDIM_X;
	group_step(g, s);
	group_bits(g, s);
}
