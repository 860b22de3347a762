/*
 * threadconv's HIP prelude: what device code needs from the HIP headers,
 * for clang -nogpuinc -nogpulib when no ROCm installation is found.
 * threadconv includes it (-include) before a .hip file it compiles itself;
 * a kernel that needs more (hipcub, rocprim, cooperative groups) needs ROCm
 * (threadconv check --rocm-path DIR). docs/source.md.
 *
 * __syncthreads() is an inline function here, as in HIP's own headers: a
 * fence, the barrier, a fence.
 */
#ifndef THREADCONV_HIP_PRELUDE_H
#define THREADCONV_HIP_PRELUDE_H

#ifndef __launch_bounds__
#define __launch_bounds__(...) __attribute__((amdgpu_flat_work_group_size(1, __VA_ARGS__)))
#endif
/* the attributes, dim3, the 32-bit atomics, min and max */
#include "threadconv_common.h"

extern "C++" {

/* threadIdx & co.: properties read through the AMDGPU builtins */
#define __TC_COORD(name, fx, fy, fz)                                                   \
	struct __tc_##name##_t {                                                        \
		__declspec(property(get = __get_x)) unsigned x;                          \
		__declspec(property(get = __get_y)) unsigned y;                          \
		__declspec(property(get = __get_z)) unsigned z;                          \
		static __device__ __forceinline__ unsigned __get_x() { return fx; }        \
		static __device__ __forceinline__ unsigned __get_y() { return fy; }        \
		static __device__ __forceinline__ unsigned __get_z() { return fz; }        \
	};                                                                              \
	extern const __device__ __attribute__((weak)) __tc_##name##_t name;
__TC_COORD(threadIdx, __builtin_amdgcn_workitem_id_x(), __builtin_amdgcn_workitem_id_y(),
	   __builtin_amdgcn_workitem_id_z())
__TC_COORD(blockIdx, __builtin_amdgcn_workgroup_id_x(), __builtin_amdgcn_workgroup_id_y(),
	   __builtin_amdgcn_workgroup_id_z())
__TC_COORD(blockDim, __builtin_amdgcn_workgroup_size_x(), __builtin_amdgcn_workgroup_size_y(),
	   __builtin_amdgcn_workgroup_size_z())
__TC_COORD(gridDim, __builtin_amdgcn_grid_size_x() / __builtin_amdgcn_workgroup_size_x(),
	   __builtin_amdgcn_grid_size_y() / __builtin_amdgcn_workgroup_size_y(),
	   __builtin_amdgcn_grid_size_z() / __builtin_amdgcn_workgroup_size_z())
#undef __TC_COORD
#define hipThreadIdx_x (threadIdx.x)
#define hipThreadIdx_y (threadIdx.y)
#define hipThreadIdx_z (threadIdx.z)
#define hipBlockIdx_x (blockIdx.x)
#define hipBlockDim_x (blockDim.x)
#define warpSize __builtin_amdgcn_wavefrontsize()

__TC_DEV void __syncthreads(void)
{
	__builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
	__builtin_amdgcn_s_barrier();
	__builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}
__TC_DEV void __threadfence_block(void) { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "workgroup"); }
__TC_DEV void __threadfence(void) { __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "agent"); }

__TC_DEV float atomicAdd(float *p, float v) { return __atomic_fetch_add(p, v, __ATOMIC_RELAXED); }
}

#undef __TC_DEV
#endif
