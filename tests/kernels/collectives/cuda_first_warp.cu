// Warp shuffles reached by whole warps: the standard first-warp reduction.
// Markers: run-collectives.py. Every thread of the first warp (threadIdx.x
// 0..31: a whole warp, the block's x size being a multiple of 32) enters the
// branch; no lane of another warp does, and a warp that does not reach a
// shuffle has no part in it.
#define __global__ __attribute__((global))
#define FULL 0xffffffffu

extern "C" __global__ void first_warp_reduce(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	unsigned b = __nvvm_read_ptx_sreg_ctaid_x();
	int v = in[b * __nvvm_read_ptx_sreg_ntid_x() + t];
	if (t < 32) {
		for (int d = 16; d > 0; d >>= 1)
			v += __nvvm_shfl_sync_down_i32(FULL, v, d, 0x1f); // collective: ok
		if (t == 0)
			out[b] = v;
	}
}

// The same with the warp chosen by its first thread id, and the lane's
// partner read with an index shuffle: threads 64..95 are the third warp.
extern "C" __global__ void third_warp_reduce(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	if (t >= 64 && t < 96) {
		for (int d = 1; d < 32; d <<= 1)
			v += __nvvm_shfl_sync_idx_i32(FULL, v, (t + d) & 31, 0x1f); // collective: ok
		out[t] = v;
	}
}
