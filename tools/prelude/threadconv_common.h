/*
 * What threadconv's CUDA and HIP preludes (cuda.h, hip.h) share: the
 * attributes of device code, dim3, the atomics that are the same on both
 * and min/max, included from beside them; each prelude
 * defines __launch_bounds__ its way first, and __TC_DEV stays defined for
 * it (it undefines it at its end).
 */
#ifndef THREADCONV_COMMON_PRELUDE_H
#define THREADCONV_COMMON_PRELUDE_H

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
#ifndef __restrict__
#define __restrict__ __restrict
#endif

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

/* atomics, on generic addresses, relaxed */
#define __TC_ATOMIC(name, op, T)                                                     \
	__TC_DEV T name(T *p, T v) { return __atomic_##op(p, v, __ATOMIC_RELAXED); }
__TC_ATOMIC(atomicAdd, fetch_add, int)
__TC_ATOMIC(atomicAdd, fetch_add, unsigned)
__TC_ATOMIC(atomicSub, fetch_sub, int)
__TC_ATOMIC(atomicSub, fetch_sub, unsigned)
__TC_ATOMIC(atomicExch, exchange_n, int)
__TC_ATOMIC(atomicExch, exchange_n, unsigned)
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

#ifdef __cplusplus
}
#endif

#endif
