// Half precision, float4, the math library, printf and assert around the
// barriers: what the toolkit's headers bring does not change a verdict.
// Markers: ../calls/run-calls.py (the toolkit builds).
#include <cassert>
#include <cstdio>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

extern "C" __global__ void scale_half(__half *x, float f, int n)
{
	__shared__ float tile[256];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	assert(n >= 0);
	float v = i < n ? __half2float(x[i]) : 0.0f;
	tile[threadIdx.x] = __expf(v) * f;
	__syncthreads(); // check: ok
	if (i < n)
		x[i] = __float2half(tile[255 - threadIdx.x]);
	if (i == 0)
		printf("scaled %d values\n", n);
}

extern "C" __global__ void norm4(float4 *v, float *len)
{
	__shared__ float part[128];
	float4 q = v[threadIdx.x];
	float s = sqrtf(q.x * q.x + q.y * q.y + q.z * q.z + q.w * q.w);
	part[threadIdx.x] = s;
	if (s > 1.0f) {
		v[threadIdx.x] = make_float4(q.x / s, q.y / s, q.z / s, q.w / s);
		__syncthreads(); // check: divergent
	}
	len[threadIdx.x] = part[threadIdx.x ^ 1];
}

extern "C" __global__ void block_uniform_loop(__half2 *x, int rounds)
{
	for (int r = 0; r < rounds; r++) { // the same trip count in the block
		x[threadIdx.x] = __hmul2(x[threadIdx.x], __floats2half2_rn(0.5f, 0.5f));
		__syncthreads(); // check: ok
	}
}
