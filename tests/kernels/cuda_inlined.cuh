// Helpers a header defines inline, as the toolkits' own headers define
// __syncthreads() and the thread ids (always_inline: inlined at -O0 too).
// The barriers of cuda_inlined.cu are in here; threadconv reports each at
// the line of cuda_inlined.cu that calls it.
#define __device__ __attribute__((device))
#define __forceinline__ __inline__ __attribute__((always_inline))

static __device__ __forceinline__ unsigned thread_x(void)
{
	return __nvvm_read_ptx_sreg_tid_x();
}

static __device__ __forceinline__ void block_sync(void)
{
	__syncthreads();
}

// two levels of inlining, both in this header
static __device__ __forceinline__ void stage_sync(int *buf, unsigned t)
{
	buf[t] += 1;
	block_sync();
}
