// Warp collectives for tests/ptx/collectives (README.md): each kernel's
// verdict is the one threadconv gives its LLVM IR (compare-ir.py checks
// that at -O0, -O1 and -O2); warp.O0.ptx and warp.O1.ptx are this file
// compiled by clang-19 (the command in README.md).
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define FULL 0xffffffffu

// the first warp reduces: all its lanes take the branch together
extern "C" __global__ void first_warp(int *out)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = out[t];
	if (t < 32) {
		for (int o = 16; o > 0; o /= 2)
			v += __nvvm_shfl_sync_down_i32(FULL, v, o, 0x1f);
		if (t == 0)
			out[0] = v;
	}
}

// lane 0 of each warp alone: __syncwarp waits for lanes that never come
extern "C" __global__ void lane0(int *out)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	if ((t & 31) == 0) {
		out[t] = 1;
		__nvvm_bar_warp_sync(FULL);
	}
}

// whole warps: warp 1 alone, the first three warps
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

// a ballot under a branch on data
extern "C" __global__ void data_ballot(int *out)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	if (out[t] > 0)
		out[t] = __nvvm_vote_ballot_sync(FULL, 1);
}

// a block-stride loop up to n: the last warp's lanes leave at different
// times; up to a multiple of 32 they leave together
extern "C" __global__ void stride(int *out, int n)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	for (unsigned i = t; i < n; i += __nvvm_read_ptx_sreg_ntid_x())
		out[i] = __nvvm_shfl_sync_idx_i32(FULL, out[i], 0, 0x1f);
	unsigned n32 = (n + 31) & ~31u;
	for (unsigned i = t; i < n32; i += __nvvm_read_ptx_sreg_ntid_x())
		out[i] = __nvvm_shfl_sync_idx_i32(FULL, out[i], 0, 0x1f);
}

// masks that are not the constant full mask: the lanes the mask names
// take part, so only the mask is checked (the same in the warp: fine; one
// per lane: not)
extern "C" __global__ void masks(int *out, unsigned m)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	if (out[t] > 0)
		out[t] = __nvvm_vote_ballot_sync(__nvvm_activemask(), 1);
	if (out[t] > 1)
		out[t] = __nvvm_shfl_sync_bfly_i32(m, out[t], 1, 0x1f);
	out[t] = __nvvm_vote_ballot_sync((t & 1) ? 0x55555555u : 0xaaaaaaaau, 1);
}

// a broadcast from lane 0 is the same in the whole warp: a branch on it
// keeps the warp together
extern "C" __global__ void broadcast(int *out)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = __nvvm_shfl_sync_idx_i32(FULL, out[t], 0, 0x1f);
	if (v > 0)
		out[t] = __nvvm_vote_ballot_sync(FULL, 1);
	if (__nvvm_vote_any_sync(FULL, out[t] > 3))
		__nvvm_bar_warp_sync(FULL);
}

// a helper that shuffles, not inlined: its calls are collectives
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

// a grid-stride loop to a multiple of 32: the warp stays together
extern "C" __global__ void grid_stride(int *out, unsigned n)
{
	unsigned n32 = n & ~31u;
	for (unsigned i = __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() +
			  __nvvm_read_ptx_sreg_tid_x();
	     i < n32; i += __nvvm_read_ptx_sreg_ntid_x() * __nvvm_read_ptx_sreg_nctaid_x())
		out[i] = __nvvm_shfl_sync_down_i32(FULL, out[i], 1, 0x1f);
}
