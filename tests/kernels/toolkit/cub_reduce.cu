// CUB's block reduction, which every thread of the block calls, then a
// barrier: no finding. Markers: ../calls/run-calls.py (the toolkit builds).
// no-nvcc-G: with -G, CUB's warp reduction keeps its shuffles' member mask
// (-1) in an object in the kernel's local depot, reached through pointers
// that are themselves kept in depot slots and passed to .funcs
// (cuda::std::plus, uninitialized_copy_single, forward); a depot whose
// address is taken is read as memory, so the mask loaded is taken to differ
// between lanes
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
