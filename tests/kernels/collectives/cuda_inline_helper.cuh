// The warp reduction of cuda_inline_helper.cu, in a header and always
// inlined, as a library's device helpers are: its shuffles are reported at
// the kernel's call, with a note naming warp_total.
#define FULL 0xffffffffu

static __device__ __attribute__((always_inline)) int warp_total(int v)
{
	for (int d = 16; d > 0; d >>= 1)
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, d, 0x1f);
	return v;
}

static __device__ __attribute__((always_inline)) int warp_broadcast(int v, int lane)
{
	return __nvvm_shfl_sync_idx_i32(FULL, v, lane, 0x1f);
}
