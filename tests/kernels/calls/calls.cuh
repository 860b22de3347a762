// What the CUDA kernels of tests/kernels/calls share: the same source for
// clang-19 without the CUDA headers (clang's __nvvm_* builtins) and for
// nvcc (the CUDA headers' names), and HELPER, the one switch between
// helpers that are never inlined (the default) and helpers that are always
// inlined (-DTC_INLINE). Every helper and kernel is extern "C", so that its
// graph has the name it has here. run-calls.py says how they are built.
#ifndef CALLS_CUH
#define CALLS_CUH

#ifndef __NVCC__
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define TID_X __nvvm_read_ptx_sreg_tid_x()
#define BID_X __nvvm_read_ptx_sreg_ctaid_x()
#define BDIM_X __nvvm_read_ptx_sreg_ntid_x()
#define SHFL_XOR(mask, v, d) __nvvm_shfl_sync_bfly_i32((mask), (v), (d), 0x1f)
#define SHFL_IDX(mask, v, lane) __nvvm_shfl_sync_idx_i32((mask), (v), (lane), 0x1f)
/* the shuffle in segments of width lanes, its clamp as the CUDA headers
 * compute it */
#define SHFL_IDX_W(mask, v, lane, width)                                                 \
	__nvvm_shfl_sync_idx_i32((mask), (v), (lane), ((32 - (width)) << 8) | 0x1f)
#define ACTIVEMASK() __nvvm_activemask()
#define BALLOT(mask, p) __nvvm_vote_ballot_sync((mask), (p))
#define LOWEST_LANE(mask) __builtin_ctz(mask)
#define POPC(x) __builtin_popcount(x)
#define NOINLINE __attribute__((noinline))
#define ALWAYS_INLINE __attribute__((always_inline)) inline
#else
#define TID_X threadIdx.x
#define BID_X blockIdx.x
#define BDIM_X blockDim.x
#define SHFL_XOR(mask, v, d) __shfl_xor_sync((mask), (v), (d))
#define SHFL_IDX(mask, v, lane) __shfl_sync((mask), (v), (lane))
#define SHFL_IDX_W(mask, v, lane, width) __shfl_sync((mask), (v), (lane), (width))
#define ACTIVEMASK() __activemask()
#define BALLOT(mask, p) __ballot_sync((mask), (p))
#define LOWEST_LANE(mask) (__ffs(mask) - 1)
#define POPC(x) __popc(x)
#define NOINLINE __noinline__
#define ALWAYS_INLINE __forceinline__
#endif

#define FULL 0xffffffffu

#ifdef TC_INLINE
#define HELPER extern "C" __device__ ALWAYS_INLINE
#else
#define HELPER extern "C" __device__ NOINLINE
#endif

#endif
