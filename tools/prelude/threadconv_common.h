/*
 * What threadconv's CUDA and HIP preludes (cuda.h, hip.h) share: the
 * attributes of device code, dim3, the vector types and their make_*, the
 * math library's common functions, the atomics that are the same on both
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

/* the vector types, with the toolkit's alignment, and their make_* */
#define __TC_HD static __inline__ __attribute__((host, device, always_inline))
#define __TC_VEC1(n, T, A)                                                           \
	struct __attribute__((aligned(A))) n##1 { T x; };                              \
	typedef struct n##1 n##1;                                                       \
	__TC_HD n##1 make_##n##1(T x) { n##1 r; r.x = x; return r; }
#define __TC_VEC2(n, T, A)                                                           \
	struct __attribute__((aligned(A))) n##2 { T x, y; };                           \
	typedef struct n##2 n##2;                                                       \
	__TC_HD n##2 make_##n##2(T x, T y) { n##2 r; r.x = x; r.y = y; return r; }
#define __TC_VEC3(n, T)                                                              \
	struct n##3 { T x, y, z; };                                                     \
	typedef struct n##3 n##3;                                                       \
	__TC_HD n##3 make_##n##3(T x, T y, T z)                                         \
	{                                                                               \
		n##3 r; r.x = x; r.y = y; r.z = z; return r;                            \
	}
#define __TC_VEC4(n, T, A)                                                           \
	struct __attribute__((aligned(A))) n##4 { T x, y, z, w; };                     \
	typedef struct n##4 n##4;                                                       \
	__TC_HD n##4 make_##n##4(T x, T y, T z, T w)                                    \
	{                                                                               \
		n##4 r; r.x = x; r.y = y; r.z = z; r.w = w; return r;                   \
	}
#define __TC_VECS(n, T, A1, A2, A4)                                                  \
	__TC_VEC1(n, T, A1) __TC_VEC2(n, T, A2) __TC_VEC3(n, T) __TC_VEC4(n, T, A4)
__TC_VECS(char, signed char, 1, 2, 4)
__TC_VECS(uchar, unsigned char, 1, 2, 4)
__TC_VECS(short, short, 2, 4, 8)
__TC_VECS(ushort, unsigned short, 2, 4, 8)
__TC_VECS(int, int, 4, 8, 16)
__TC_VECS(uint, unsigned int, 4, 8, 16)
__TC_VECS(long, long, sizeof(long), 2 * sizeof(long), 16)
__TC_VECS(ulong, unsigned long, sizeof(long), 2 * sizeof(long), 16)
__TC_VECS(longlong, long long, 8, 16, 16)
__TC_VECS(ulonglong, unsigned long long, 8, 16, 16)
__TC_VECS(float, float, 4, 8, 16)
__TC_VECS(double, double, 8, 16, 16)
#undef __TC_VECS
#undef __TC_VEC1
#undef __TC_VEC2
#undef __TC_VEC3
#undef __TC_VEC4

/* the math library's functions kernels call, over clang's builtins (LLVM's
 * intrinsics: functions of their operands), the fast forms too */
#define __TC_MATH1(name, b) __TC_DEV float name(float x) { return __builtin_##b(x); }
#define __TC_MATH2(name, b) __TC_DEV float name(float x, float y) { return __builtin_##b(x, y); }
#define __TC_DMATH1(name) __TC_DEV double name(double x) { return __builtin_##name(x); }
#define __TC_DMATH2(name) __TC_DEV double name(double x, double y) { return __builtin_##name(x, y); }
__TC_MATH1(fabsf, fabsf) __TC_MATH1(sqrtf, sqrtf) __TC_MATH1(expf, expf) __TC_MATH1(exp2f, exp2f)
__TC_MATH1(logf, logf) __TC_MATH1(log2f, log2f) __TC_MATH1(log10f, log10f)
__TC_MATH1(sinf, sinf) __TC_MATH1(cosf, cosf) __TC_MATH1(tanf, tanf) __TC_MATH1(tanhf, tanhf)
__TC_MATH1(floorf, floorf) __TC_MATH1(ceilf, ceilf) __TC_MATH1(roundf, roundf)
__TC_MATH1(truncf, truncf) __TC_MATH1(rintf, rintf) __TC_MATH1(erff, erff)
__TC_MATH1(__expf, expf) __TC_MATH1(__logf, logf) __TC_MATH1(__sinf, sinf)
__TC_MATH1(__cosf, cosf) __TC_MATH1(__tanf, tanf) __TC_MATH1(__exp10f, exp10f)
__TC_MATH2(powf, powf) __TC_MATH2(__powf, powf) __TC_MATH2(fmaxf, fmaxf)
__TC_MATH2(fminf, fminf) __TC_MATH2(fmodf, fmodf) __TC_MATH2(atan2f, atan2f)
__TC_MATH2(copysignf, copysignf)
__TC_DMATH1(fabs) __TC_DMATH1(sqrt) __TC_DMATH1(exp) __TC_DMATH1(exp2) __TC_DMATH1(log)
__TC_DMATH1(log2) __TC_DMATH1(sin) __TC_DMATH1(cos) __TC_DMATH1(tanh) __TC_DMATH1(floor)
__TC_DMATH1(ceil) __TC_DMATH1(round) __TC_DMATH1(trunc)
__TC_DMATH2(pow) __TC_DMATH2(fmax) __TC_DMATH2(fmin) __TC_DMATH2(fmod)
#undef __TC_MATH1
#undef __TC_MATH2
#undef __TC_DMATH1
#undef __TC_DMATH2
__TC_DEV float fmaf(float x, float y, float z) { return __builtin_fmaf(x, y, z); }
__TC_DEV double fma(double x, double y, double z) { return __builtin_fma(x, y, z); }
__TC_DEV float rsqrtf(float x) { return 1.0f / __builtin_sqrtf(x); }
__TC_DEV double rsqrt(double x) { return 1.0 / __builtin_sqrt(x); }
__TC_DEV float __fdividef(float x, float y) { return x / y; }
__TC_DEV float __saturatef(float x) { return x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x; }

__TC_DEV int min(int a, int b) { return a < b ? a : b; }
__TC_DEV int max(int a, int b) { return a > b ? a : b; }
__TC_DEV unsigned min(unsigned a, unsigned b) { return a < b ? a : b; }
__TC_DEV unsigned max(unsigned a, unsigned b) { return a > b ? a : b; }

#ifdef __cplusplus
}
#endif

#undef __TC_HD
#endif
