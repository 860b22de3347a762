// CUDA as people write it: the toolkit's headers, CUB, cooperative groups,
// half precision, float4, math, printf and assert. nvcc compiles it; two
// barriers and one shuffle are reached by only some threads.
#include <cassert>
#include <cstdio>
#include <cooperative_groups.h>
#include <cub/block/block_reduce.cuh>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__global__ void block_sum(const float *in, float *out, int n)
{
	typedef cub::BlockReduce<float, 128> Reduce;
	__shared__ typename Reduce::TempStorage tmp;
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float v = i < n ? fabsf(__ldg(in + i)) : 0.0f;
	float s = Reduce(tmp).Sum(v); /* every thread: fine */
	if (threadIdx.x == 0)
		out[blockIdx.x] = s;
}

__global__ void tile_max(const float4 *in, float *out, unsigned *count)
{
	cg::thread_block block = cg::this_thread_block();
	cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
	float4 q = in[block.thread_rank()];
	float m = fmaxf(fmaxf(q.x, q.y), fmaxf(q.z, q.w));
	for (int d = 16; d > 0; d /= 2)
		m = fmaxf(m, warp.shfl_down(m, d));
	block.sync();
	if (warp.thread_rank() == 0) {
		out[block.group_index().x] = __expf(m);
		atomicInc(count, 1024u);
	}
}

__global__ void half_scale(__half *x, float f, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	assert(n > 0);
	if (i < n)
		x[i] = __hmul(x[i], __float2half(f));
	if (threadIdx.x < 32)
		__syncthreads(); /* a bug: one warp only */
	if (i == 0)
		printf("scaled %d values\n", n);
}

__global__ void partial(float *x)
{
	float v = x[threadIdx.x];
	if (threadIdx.x % 2)
		v += __shfl_down_sync(0xffffffffu, v, 1); /* a bug: half the lanes */
	cg::thread_block block = cg::this_thread_block();
	if (v > 0)
		block.sync(); /* a bug: the data decides */
	x[threadIdx.x] = make_float2(v, v).x;
}
