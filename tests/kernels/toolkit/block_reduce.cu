// The block reduction people write by hand: each warp sums with full-mask
// shuffles, lane 0 of each warp stores its sum, and the first warp sums
// those. With int warp = threadIdx.x / 32, nvcc -O3 writes warp == 0 as
// (unsigned)(threadIdx.x + 31) <= 62: the same in every lane of a warp.
// No finding. Markers: ../calls/run-calls.py (the toolkit builds).
#include <cuda_runtime.h>

extern "C" __global__ void block_sum(const float *in, float *out)
{
	__shared__ float part[32];
	int tid = threadIdx.x;
	int warp = tid / 32;
	int lane = tid % 32;
	float v = in[blockIdx.x * blockDim.x + tid];
	for (int d = 16; d > 0; d /= 2)
		v += __shfl_down_sync(0xffffffffu, v, d); // collective: ok
	if (lane == 0)
		part[warp] = v;
	__syncthreads(); // check: ok
	if (warp == 0) {
		v = lane < (int)(blockDim.x / 32) ? part[lane] : 0.0f;
		for (int d = 16; d > 0; d /= 2)
			v += __shfl_down_sync(0xffffffffu, v, d); // collective: ok
		if (lane == 0)
			out[blockIdx.x] = v;
	}
}
