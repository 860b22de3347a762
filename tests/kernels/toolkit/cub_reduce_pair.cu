// CUB's block reduction of a structure, as thrust's find_if and ArgMin do:
// CUB shuffles a type of several words word by word, reading the value at
// [&temp + 4 * i] in a loop. At nvcc -G the member mask -1 sits in the
// depot beside such values and a 'this' kept in a slot DWARF does not
// name; the read stays in the variable as DWARF sizes it (docs/ptx.md), so
// the mask stays -1. Before, at -G, each of CUB's shuffles was reported as
// one whose mask may differ. Every collective is CUB's own (its headers'
// lines): none is reported. Markers: ../calls/run-calls.py (the toolkit
// builds).
#include <cub/block/block_reduce.cuh>

struct pair {
	bool found;
	long at;
};

struct first_found {
	__device__ pair operator()(const pair &a, const pair &b) const
	{
		return a.found ? a : b;
	}
};

extern "C" __global__ void find_first(pair *out, const int *in)
{
	using reduce = cub::BlockReduce<pair, 256, cub::BLOCK_REDUCE_WARP_REDUCTIONS>;
	__shared__ typename reduce::TempStorage tmp;
	pair p{in[threadIdx.x] > 0, (long)threadIdx.x};
	__syncthreads(); // check: ok
	pair r = reduce(tmp).Reduce(p, first_found{});
	if (threadIdx.x == 0)
		*out = r;
}
