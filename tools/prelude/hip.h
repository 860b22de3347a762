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
#ifndef __forceinline__
#define __forceinline__ __inline__ __attribute__((always_inline))
#endif
#ifndef __noinline__
#define __noinline__ __attribute__((noinline))
#endif
#ifndef __launch_bounds__
#define __launch_bounds__(...) __attribute__((amdgpu_flat_work_group_size(1, __VA_ARGS__)))
#endif
#ifndef __restrict__
#define __restrict__ __restrict
#endif

#define __TC_DEV static __inline__ __attribute__((device, always_inline))

extern "C++" {

struct dim3 {
	unsigned x, y, z;
	__host__ __device__ dim3(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1)
		: x(x_), y(y_), z(z_) {}
};

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

#define __TC_ATOMIC(name, op, T)                                                     \
	__TC_DEV T name(T *p, T v) { return __atomic_##op(p, v, __ATOMIC_RELAXED); }
__TC_ATOMIC(atomicAdd, fetch_add, int)
__TC_ATOMIC(atomicAdd, fetch_add, unsigned)
__TC_ATOMIC(atomicAdd, fetch_add, float)
__TC_ATOMIC(atomicSub, fetch_sub, int)
__TC_ATOMIC(atomicSub, fetch_sub, unsigned)
__TC_ATOMIC(atomicExch, exchange_n, int)
__TC_ATOMIC(atomicExch, exchange_n, unsigned)
__TC_ATOMIC(atomicMin, fetch_min, int)
__TC_ATOMIC(atomicMin, fetch_min, unsigned)
__TC_ATOMIC(atomicMax, fetch_max, int)
__TC_ATOMIC(atomicMax, fetch_max, unsigned)
__TC_ATOMIC(atomicAnd, fetch_and, int)
__TC_ATOMIC(atomicOr, fetch_or, int)
__TC_ATOMIC(atomicXor, fetch_xor, int)
#undef __TC_ATOMIC
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
__TC_DEV int min(int a, int b) { return a < b ? a : b; }
__TC_DEV int max(int a, int b) { return a > b ? a : b; }
__TC_DEV unsigned min(unsigned a, unsigned b) { return a < b ? a : b; }
__TC_DEV unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }
}

#undef __TC_DEV
#endif
