/*
 * threadconv's CUDA prelude: what device code needs from the CUDA toolkit,
 * for clang -nocudainc -nocudalib when no toolkit is installed. threadconv
 * includes it (-include) before a .cu or .cuh file it compiles itself; a
 * kernel that needs more (cooperative_groups.h, CUB, Thrust, cuda_fp16.h)
 * needs the toolkit (threadconv check --cuda-path DIR). docs/source.md.
 *
 * Everything is a macro or a static inline device function over clang's
 * NVPTX builtins, so that the IR is what the toolkit's headers give.
 */
#ifndef THREADCONV_CUDA_PRELUDE_H
#define THREADCONV_CUDA_PRELUDE_H

#define __THREADCONV_PRELUDE__ 1

#ifndef __global__
#define __global__ __attribute__((global))
#endif
#ifndef __device__
#define __device__ __attribute__((device))
#endif
#ifndef __host__
#define __host__ __attribute__((host))
#endif
#ifndef __shared__
#define __shared__ __attribute__((shared))
#endif
#ifndef __constant__
#define __constant__ __attribute__((constant))
#endif
#ifndef __managed__
#define __managed__ __attribute__((managed))
#endif
#ifndef __forceinline__
#define __forceinline__ __inline__ __attribute__((always_inline))
#endif
#ifndef __noinline__
#define __noinline__ __attribute__((noinline))
#endif
#ifndef __launch_bounds__
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#endif
#ifndef __restrict__
#define __restrict__ __restrict
#endif

/* threadIdx, blockIdx, blockDim, gridDim, warpSize: clang's own */
#include <__clang_cuda_builtin_vars.h>

#define __TC_DEV static __inline__ __attribute__((device, always_inline))

#ifdef __cplusplus
extern "C++" {
#endif

struct dim3 {
	unsigned x, y, z;
#ifdef __cplusplus
	__host__ __device__ dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1)
		: x(x_), y(y_), z(z_) {}
#endif
};

/* __syncthreads() is a builtin of clang's; these are the toolkit's */
__TC_DEV int __syncthreads_count(int p) { return __nvvm_bar0_popc(p); }
__TC_DEV int __syncthreads_and(int p) { return __nvvm_bar0_and(p); }
__TC_DEV int __syncthreads_or(int p) { return __nvvm_bar0_or(p); }
__TC_DEV void __syncwarp(unsigned mask = 0xffffffffu) { __nvvm_bar_warp_sync(mask); }
__TC_DEV void __threadfence_block(void) { __nvvm_membar_cta(); }
__TC_DEV void __threadfence(void) { __nvvm_membar_gl(); }
__TC_DEV void __threadfence_system(void) { __nvvm_membar_sys(); }

/* warp shuffles (width: a power of two up to 32, as the toolkit's) */
#define __TC_SHFL_C(width) ((32 - (width)) << 8)
__TC_DEV int __shfl_sync(unsigned m, int v, int lane, int width = 32)
{
	return __nvvm_shfl_sync_idx_i32(m, v, lane, __TC_SHFL_C(width) | 0x1f);
}
__TC_DEV unsigned __shfl_sync(unsigned m, unsigned v, int lane, int width = 32)
{
	return (unsigned)__nvvm_shfl_sync_idx_i32(m, (int)v, lane, __TC_SHFL_C(width) | 0x1f);
}
__TC_DEV float __shfl_sync(unsigned m, float v, int lane, int width = 32)
{
	return __nvvm_shfl_sync_idx_f32(m, v, lane, __TC_SHFL_C(width) | 0x1f);
}
__TC_DEV int __shfl_up_sync(unsigned m, int v, unsigned d, int width = 32)
{
	return __nvvm_shfl_sync_up_i32(m, v, (int)d, __TC_SHFL_C(width));
}
__TC_DEV unsigned __shfl_up_sync(unsigned m, unsigned v, unsigned d, int width = 32)
{
	return (unsigned)__nvvm_shfl_sync_up_i32(m, (int)v, (int)d, __TC_SHFL_C(width));
}
__TC_DEV float __shfl_up_sync(unsigned m, float v, unsigned d, int width = 32)
{
	return __nvvm_shfl_sync_up_f32(m, v, (int)d, __TC_SHFL_C(width));
}
__TC_DEV int __shfl_down_sync(unsigned m, int v, unsigned d, int width = 32)
{
	return __nvvm_shfl_sync_down_i32(m, v, (int)d, __TC_SHFL_C(width) | 0x1f);
}
__TC_DEV unsigned __shfl_down_sync(unsigned m, unsigned v, unsigned d, int width = 32)
{
	return (unsigned)__nvvm_shfl_sync_down_i32(m, (int)v, (int)d,
						   __TC_SHFL_C(width) | 0x1f);
}
__TC_DEV float __shfl_down_sync(unsigned m, float v, unsigned d, int width = 32)
{
	return __nvvm_shfl_sync_down_f32(m, v, (int)d, __TC_SHFL_C(width) | 0x1f);
}
__TC_DEV int __shfl_xor_sync(unsigned m, int v, int lane_mask, int width = 32)
{
	return __nvvm_shfl_sync_bfly_i32(m, v, lane_mask, __TC_SHFL_C(width) | 0x1f);
}
__TC_DEV unsigned __shfl_xor_sync(unsigned m, unsigned v, int lane_mask, int width = 32)
{
	return (unsigned)__nvvm_shfl_sync_bfly_i32(m, (int)v, lane_mask,
						   __TC_SHFL_C(width) | 0x1f);
}
__TC_DEV float __shfl_xor_sync(unsigned m, float v, int lane_mask, int width = 32)
{
	return __nvvm_shfl_sync_bfly_f32(m, v, lane_mask, __TC_SHFL_C(width) | 0x1f);
}

/* votes and the rest of the warp's functions */
__TC_DEV unsigned __ballot_sync(unsigned m, int p) { return __nvvm_vote_ballot_sync(m, p != 0); }
__TC_DEV int __any_sync(unsigned m, int p) { return __nvvm_vote_any_sync(m, p != 0); }
__TC_DEV int __all_sync(unsigned m, int p) { return __nvvm_vote_all_sync(m, p != 0); }
__TC_DEV int __uni_sync(unsigned m, int p) { return __nvvm_vote_uni_sync(m, p != 0); }
__TC_DEV unsigned __activemask(void) { return __nvvm_activemask(); }
__TC_DEV unsigned __match_any_sync(unsigned m, int v) { return __nvvm_match_any_sync_i32(m, v); }
__TC_DEV unsigned __match_any_sync(unsigned m, unsigned v)
{
	return __nvvm_match_any_sync_i32(m, (int)v);
}
__TC_DEV unsigned __match_all_sync(unsigned m, int v, int *pred)
{
	return __nvvm_match_all_sync_i32p(m, v, pred);
}
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
__TC_DEV int __reduce_add_sync(unsigned m, int v) { return __nvvm_redux_sync_add(v, m); }
__TC_DEV int __reduce_min_sync(unsigned m, int v) { return __nvvm_redux_sync_min(v, m); }
__TC_DEV int __reduce_max_sync(unsigned m, int v) { return __nvvm_redux_sync_max(v, m); }
__TC_DEV unsigned __reduce_and_sync(unsigned m, unsigned v)
{
	return (unsigned)__nvvm_redux_sync_and((int)v, m);
}
__TC_DEV unsigned __reduce_or_sync(unsigned m, unsigned v)
{
	return (unsigned)__nvvm_redux_sync_or((int)v, m);
}
__TC_DEV unsigned __reduce_xor_sync(unsigned m, unsigned v)
{
	return (unsigned)__nvvm_redux_sync_xor((int)v, m);
}
#endif

/* atomics, on generic addresses, as the toolkit's */
#define __TC_ATOMIC(name, op, T)                                                     \
	__TC_DEV T name(T *p, T v) { return __atomic_##op(p, v, __ATOMIC_RELAXED); }
__TC_ATOMIC(atomicAdd, fetch_add, int)
__TC_ATOMIC(atomicAdd, fetch_add, unsigned)
__TC_ATOMIC(atomicAdd, fetch_add, unsigned long long)
__TC_ATOMIC(atomicSub, fetch_sub, int)
__TC_ATOMIC(atomicSub, fetch_sub, unsigned)
__TC_ATOMIC(atomicExch, exchange_n, int)
__TC_ATOMIC(atomicExch, exchange_n, unsigned)
__TC_ATOMIC(atomicExch, exchange_n, unsigned long long)
__TC_ATOMIC(atomicMin, fetch_min, int)
__TC_ATOMIC(atomicMin, fetch_min, unsigned)
__TC_ATOMIC(atomicMax, fetch_max, int)
__TC_ATOMIC(atomicMax, fetch_max, unsigned)
__TC_ATOMIC(atomicAnd, fetch_and, int)
__TC_ATOMIC(atomicAnd, fetch_and, unsigned)
__TC_ATOMIC(atomicOr, fetch_or, int)
__TC_ATOMIC(atomicOr, fetch_or, unsigned)
__TC_ATOMIC(atomicXor, fetch_xor, int)
__TC_ATOMIC(atomicXor, fetch_xor, unsigned)
#undef __TC_ATOMIC
__TC_DEV float atomicAdd(float *p, float v) { return __nvvm_atom_add_gen_f(p, v); }
__TC_DEV int atomicCAS(int *p, int cmp, int v)
{
	__atomic_compare_exchange_n(p, &cmp, v, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
	return cmp;
}
__TC_DEV unsigned atomicCAS(unsigned *p, unsigned cmp, unsigned v)
{
	__atomic_compare_exchange_n(p, &cmp, v, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
	return cmp;
}
__TC_DEV unsigned long long atomicCAS(unsigned long long *p, unsigned long long cmp,
				      unsigned long long v)
{
	__atomic_compare_exchange_n(p, &cmp, v, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
	return cmp;
}

/* a few of the intrinsics kernels use for indices */
__TC_DEV int __popc(unsigned x) { return __builtin_popcount(x); }
__TC_DEV int __clz(int x) { return x ? __builtin_clz((unsigned)x) : 32; }
__TC_DEV int __ffs(int x) { return __builtin_ffs(x); }
__TC_DEV int min(int a, int b) { return a < b ? a : b; }
__TC_DEV int max(int a, int b) { return a > b ? a : b; }
__TC_DEV unsigned min(unsigned a, unsigned b) { return a < b ? a : b; }
__TC_DEV unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }

#ifdef __cplusplus
}
#endif

#undef __TC_DEV
#endif
