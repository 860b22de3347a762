// Barriers and the thread id from inline helpers of a header
// (cuda_inlined.cuh), as kernels built against HIP's or CUDA's headers get
// them: each barrier must have its position here, at the call, not in the
// header, at every optimisation level. "expect:" as in cuda_reduce.cu.
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#include "cuda_inlined.cuh"

extern "C" __global__ void inlined(int *out, int n)
{
	__shared__ int buf[256];
	unsigned t = thread_x();
	buf[t] = n;
	if (t % 2 == 0) {
		buf[t] *= 2;
		block_sync(); // expect: no-rewrite // check: divergent on threadIdx.x in block_sync
	}
	block_sync(); // expect: no-rewrite // check: ok
	if (n > 2)
		stage_sync(buf, t); // expect: no-rewrite // check: ok
	if (t < 8)
		stage_sync(buf, t); // expect: no-rewrite // check: divergent on threadIdx.x in stage_sync
	out[t] = buf[t ^ 1];
}
