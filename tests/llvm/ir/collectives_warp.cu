#define __global__ __attribute__((global))
#define FULL 0xffffffffu
#define __device__ __attribute__((device))
extern "C" __global__ void first_warp(int *out)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = out[t];
	if (t < 32) {
		v += __nvvm_shfl_sync_down_i32(FULL, v, 16, 0x1f);
		out[t] = v;
	}
}
extern "C" __global__ void some_lanes(int *out)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	if (out[t] > 0)
		out[t] = __nvvm_vote_ballot_sync(FULL, 1);
}
extern "C" __global__ void lane0(int *out)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	if ((t & 31) == 0) {
		out[t] = 1;
		__nvvm_bar_warp_sync(FULL);
	}
}
extern "C" __global__ void whole_warps(int *out)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	if ((t >> 5) == 1) {
		out[t] = 1;
		__nvvm_bar_warp_sync(FULL);
	}
	if (t / 32 < 3) {
		out[t] = 2;
		__nvvm_bar_warp_sync(FULL);
	}
}
extern "C" __global__ void stride(int *out, int n)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	for (unsigned i = t; i < n; i += __nvvm_read_ptx_sreg_ntid_x())
		out[i] = __nvvm_shfl_sync_idx_i32(FULL, out[i], 0, 0x1f);
	unsigned n32 = (n + 31) & ~31u;
	for (unsigned i = t; i < n32; i += __nvvm_read_ptx_sreg_ntid_x())
		out[i] = __nvvm_shfl_sync_idx_i32(FULL, out[i], 0, 0x1f);
}
extern "C" __global__ void masks(int *out)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	if (out[t] > 0)
		out[t] = __nvvm_vote_ballot_sync(__nvvm_activemask(), 1);
	out[t] = __nvvm_vote_ballot_sync((t & 1) ? 0x55555555u : 0xaaaaaaaau, 1);
}
__attribute__((noinline)) __device__ int reduce(int v)
{
	for (int o = 16; o > 0; o /= 2)
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, o, 0x1f);
	return v;
}
extern "C" __global__ void helper(int *out)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	out[t] = reduce(out[t]);
	if (t & 1)
		out[t] = reduce(t);
}
