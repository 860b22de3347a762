// Everyday CUDA without the toolkit's headers: what threadconv's prelude
// gives clang (math, vector types and make_*, atomics, __ldg, printf,
// assert, warp intrinsics). One barrier that only some threads reach.
#include <cassert>
#include <cstdio>

__global__ void everyday(const float *in, float4 *v, unsigned *count, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	assert(n > 0);
	float x = fabsf(__ldg(in + i)) + __expf(1.0f) + sqrtf(2.0f) + fmaxf(1.0f, 2.0f);
	x += __fdividef(sinf(x), 3.0f) + powf(x, 2.0f) + rsqrtf(x);
	v[i] = make_float4(x, x, x, x);
	int2 q = make_int2(i, n);
	atomicInc(count, 1024u);
	atomicAdd(count + 1, 1u);
	x += __shfl_down_sync(0xffffffffu, x, 1);
	if (i == 0)
		printf("%d %d\n", q.x, q.y);
	if (x > 1.0f)
		__syncthreads();
}
