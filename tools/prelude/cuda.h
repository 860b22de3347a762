/*
 * threadconv's CUDA prelude: what device code needs from the CUDA toolkit,
 * for clang -nocudainc -nocudalib when no toolkit is installed. threadconv
 * includes it (-include) before a .cu or .cuh file it compiles itself; a
 * kernel that needs more (cooperative_groups.h, CUB, Thrust, cuda_fp16.h)
 * needs the toolkit, which nvcc compiles with (docs/source.md).
 *
 * Everything is a macro or a static inline device function over clang's
 * NVPTX builtins, so that the IR is what the toolkit's headers give.
 */
#ifndef THREADCONV_CUDA_PRELUDE_H
#define THREADCONV_CUDA_PRELUDE_H

#ifndef __managed__
#define __managed__ __attribute__((managed))
#endif
#ifndef __launch_bounds__
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#endif
/* the attributes, dim3, the 32-bit atomics, min and max */
#include "threadconv_common.h"

/* threadIdx, blockIdx, blockDim, gridDim, warpSize: clang's own */
#include <__clang_cuda_builtin_vars.h>

#ifdef __cplusplus
extern "C++" {
#endif

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

/* the atomics of 64 bits and of float, as the toolkit's */
__TC_DEV unsigned long long atomicAdd(unsigned long long *p, unsigned long long v)
{
	return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}
__TC_DEV unsigned long long atomicExch(unsigned long long *p, unsigned long long v)
{
	return __atomic_exchange_n(p, v, __ATOMIC_RELAXED);
}
__TC_DEV float atomicAdd(float *p, float v) { return __nvvm_atom_add_gen_f(p, v); }
__TC_DEV unsigned long long atomicCAS(unsigned long long *p, unsigned long long cmp,
				      unsigned long long v)
{
	__atomic_compare_exchange_n(p, &cmp, v, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
	return cmp;
}

/* the wrapping counters and the read-only cache's load */
__TC_DEV unsigned atomicInc(unsigned *p, unsigned v) { return __nvvm_atom_inc_gen_ui(p, v); }
__TC_DEV unsigned atomicDec(unsigned *p, unsigned v) { return __nvvm_atom_dec_gen_ui(p, v); }
template <typename T> __TC_DEV T __ldg(const T *p) { return *p; }

/* assert() in device code: the system's assert.h calls __assert_fail,
 * declared for the host; this is its device twin (the toolkit's calls
 * __assertfail, which reports and traps) */
extern "C" __device__ void __assert_fail(const char *expr, const char *file, unsigned line,
					 const char *function);

/* printf in device code (clang lowers it to the toolkit's vprintf) */
extern "C" __device__ int printf(const char *format, ...);

/* a few of the intrinsics kernels use for indices */
__TC_DEV int __popc(unsigned x) { return __builtin_popcount(x); }
__TC_DEV int __clz(int x) { return x ? __builtin_clz((unsigned)x) : 32; }
__TC_DEV int __ffs(int x) { return __builtin_ffs(x); }

#ifdef __cplusplus
}
#endif

#undef __TC_DEV
#endif
