// CUB's block reduction, which every thread of the block calls, then a
// barrier: no finding. Markers: ../calls/run-calls.py (the toolkit builds).
// no-nvcc-G: with -G, CUB's warp reduction computes its shuffles' member
// mask in functions that are not inlined, through its storage in local
// memory; what a callee writes through a pointer is not followed, so the
// mask is taken to differ between lanes
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
