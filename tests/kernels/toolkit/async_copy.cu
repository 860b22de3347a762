// Asynchronous copies into shared memory and half-precision arithmetic as
// the toolkit writes them: the pipeline primitives, cp.async with an L2
// prefetch size (.L2::128B) in inline assembly, half-precision square
// roots and exponentials (whose inline assembly declares "{.reg.b32 f;
// ...}", no blank before the type), and cooperative groups'
// memcpy_async; the PTX reader must take all of it. Markers:
// ../calls/run-calls.py (the toolkit builds).
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda_fp16.h>
#include <cuda_pipeline.h>

namespace cg = cooperative_groups;

extern "C" __global__ void pipeline_copy(float *out, const float *in)
{
	__shared__ float s[256];
	__pipeline_memcpy_async(&s[threadIdx.x], &in[blockIdx.x * 256 + threadIdx.x], sizeof(float));
	__pipeline_commit();
	__pipeline_wait_prior(0);
	__syncthreads(); // check: ok
	out[threadIdx.x] = s[255 - threadIdx.x];
}

extern "C" __global__ void asm_copy(float4 *out, const float4 *in, int n)
{
	__shared__ float4 s[128];
	unsigned dst = (unsigned)__cvta_generic_to_shared(&s[threadIdx.x]);
	asm volatile("cp.async.cg.shared.global.L2::128B [%0], [%1], 16;" ::"r"(dst),
		     "l"(&in[threadIdx.x]));
	asm volatile("cp.async.commit_group;");
	asm volatile("cp.async.wait_group 0;");
	__syncthreads(); // check: ok
	if (threadIdx.x < n)
		__syncthreads(); // check: divergent
	out[threadIdx.x] = s[127 - threadIdx.x];
}

extern "C" __global__ void half_sums(__half2 *x, const __half2 *y)
{
	__shared__ __half2 t[128];
	__half2 v = __hadd2(x[threadIdx.x], y[threadIdx.x]);
	__half r = hsqrt(__low2half(v)) + hexp(__high2half(v));
	t[threadIdx.x] = __hmul2(v, __half2half2(r));
	__syncthreads(); // check: ok
	x[threadIdx.x] = t[127 - threadIdx.x];
}

extern "C" __global__ void group_copy(float *out, const float *in)
{
	__shared__ float s[256];
	cg::thread_block tb = cg::this_thread_block();
	cg::memcpy_async(tb, s, in + blockIdx.x * 256, sizeof(float) * 256);
	cg::wait(tb); // check: ok
	out[threadIdx.x] = s[255 - threadIdx.x];
}
