// Warp reductions written by hand with the toolkit's intrinsics: full-mask
// shuffles that every lane reaches, one that a lane guard splits, and a
// ballot under a branch that is the same in every lane of a warp. Markers: ../calls/run-calls.py (the toolkit builds).
#include <cuda_runtime.h>

__device__ __forceinline__ float warp_sum(float v)
{
	for (int d = 16; d > 0; d >>= 1)
		v += __shfl_xor_sync(0xffffffffu, v, d); // collective: ok
	return v;
}

extern "C" __global__ void block_sum(const float *in, float *out)
{
	__shared__ float partial[32];
	float v = warp_sum(in[blockIdx.x * blockDim.x + threadIdx.x]);
	if (threadIdx.x % 32 == 0)
		partial[threadIdx.x / 32] = v;
	__syncthreads(); // check: ok
	if (threadIdx.x < 32) {
		v = partial[threadIdx.x];
		v = warp_sum(v);
	}
	if (threadIdx.x == 0)
		out[blockIdx.x] = v;
}

extern "C" __global__ void split_lanes(float *x)
{
	float v = x[threadIdx.x];
	if (threadIdx.x % 32 < 8)
		v += __shfl_down_sync(0xffffffffu, v, 4); // collective: divergent
	x[threadIdx.x] = v;
}

extern "C" __global__ void per_warp_vote(const int *flags, unsigned *out)
{
	unsigned warp = threadIdx.x / 32;
	if (warp % 2 == 0) // whole warps
		out[threadIdx.x] = __ballot_sync(0xffffffffu, flags[threadIdx.x] > 0); // collective: ok
}
