// CUB's block reduction, which every thread of the block calls, then a
// barrier: no finding. Markers: ../calls/run-calls.py (the toolkit builds).
// With -G, CUB's warp reduction keeps its shuffles' member mask (-1) in an
// object in the kernel's local depot, reached through pointers that are
// themselves kept in depot slots and passed to .funcs (cuda::std::plus,
// uninitialized_copy_single, forward): what the file stores in local
// memory says the mask loaded is -1 (docs/ptx.md, "Objects in local
// memory").
#include <cub/block/block_reduce.cuh>
#include <cuda_runtime.h>

extern "C" __global__ void cub_sum(const float *in, float *out)
{
	typedef cub::BlockReduce<float, 128> Reduce;
	__shared__ typename Reduce::TempStorage tmp;
	float s = Reduce(tmp).Sum(in[blockIdx.x * 128 + threadIdx.x]);
	if (threadIdx.x == 0)
		out[blockIdx.x] = s;
	__syncthreads(); // check: ok
	out[blockIdx.x + 1 + threadIdx.x] = s;
}
