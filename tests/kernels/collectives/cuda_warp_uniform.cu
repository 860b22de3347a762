// Values that are the same in every lane of a warp though they differ
// across the block, and values that are not. Markers: run-collectives.py.
// The block's x size is taken to be a multiple of 32 (the default).
#define __global__ __attribute__((global))
#define FULL 0xffffffffu

// Comparisons of threadIdx.x with a multiple of 32 split the block at a
// warp boundary; <= 31, > 63 as well; < 48 and <= 32 split a warp.
extern "C" __global__ void thresholds(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	if (t <= 31)
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, 1, 0x1f); // collective: ok
	if (t > 63)
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, 2, 0x1f); // collective: ok
	if (t < 48)
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, 4, 0x1f); // collective: divergent on threadIdx.x
	if (t <= 32)
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, 8, 0x1f); // collective: divergent on threadIdx.x
	out[t] = v;
}

// A switch on the warp id: each warp takes one case.
extern "C" __global__ void warp_switch(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	switch (t / 32) {
	case 0:
		v = __nvvm_shfl_sync_idx_i32(FULL, v, 0, 0x1f); // collective: ok
		break;
	case 1:
		v = __nvvm_vote_ballot_sync(FULL, v > 0); // collective: ok
		break;
	default:
		__nvvm_bar_warp_sync(FULL); // collective: ok
	}
	out[t] = v;
}

// The result of a vote, and a shuffle from lane 0, are the same in every
// lane of the warp: a branch on them sends the whole warp one way.
extern "C" __global__ void warp_results(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	if (__nvvm_vote_any_sync(FULL, v < 0)) // collective: ok
		v = __nvvm_shfl_sync_down_i32(FULL, v, 1, 0x1f); // collective: ok
	int first = __nvvm_shfl_sync_idx_i32(FULL, v, 0, 0x1f); // collective: ok
	if (first > 0)
		v += __nvvm_shfl_sync_up_i32(FULL, v, 1, 0); // collective: ok
	out[t] = v;
}

// An element per warp: in[t / 32] is read at an address that is the same in
// the warp, so every lane reads the same word.
extern "C" __global__ void warp_element(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	if (in[t / 32] > 0)
		v = __nvvm_shfl_sync_idx_i32(FULL, v, 0, 0x1f); // collective: ok
	out[t] = v;
}

// After a branch on the lane, the warp is whole again.
extern "C" __global__ void after_lane_branch(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	if ((t & 31) == 0)
		v = out[t];
	__nvvm_bar_warp_sync(FULL); // collective: ok
	out[t] = __nvvm_shfl_sync_idx_i32(FULL, v, 0, 0x1f); // collective: ok
}

// A loop that a lane leaves by a break on its own data: the shuffle in the
// loop is reached by the lanes still in it (the others wait at the shuffle
// after the loop, which has other qualifiers), the one after the loop by all.
extern "C" __global__ void lane_break(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	for (int k = 0; k < 4; k++) {
		if (in[t * 4 + k] < 0)
			break;
		v += __nvvm_shfl_sync_down_i32(FULL, v, 1, 0x1f); // collective: divergent on threadIdx.x
	}
	out[t] = __nvvm_shfl_sync_idx_i32(FULL, v, 0, 0x1f); // collective: ok
}

// A grid-stride loop over the global index blockIdx.x * blockDim.x +
// threadIdx.x: to n (divergent) and to n rounded up to 32 (whole warps).
// No "on threadIdx.x" for the first: at -O0 the loop test reads i from its
// stack slot, a merge of two stores, which the cause note does not look
// through (as in cuda_warp_loops.cu, block_stride).
extern "C" __global__ void grid_stride(int *out, const int *in, unsigned n)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	unsigned step = __nvvm_read_ptx_sreg_ntid_x() * __nvvm_read_ptx_sreg_nctaid_x();
	unsigned first = __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() + t;
	int s = 0;
	for (unsigned i = first; i < n; i += step)
		s += __nvvm_vote_ballot_sync(FULL, in[i] > 0); // collective: divergent
	unsigned m = (n + 31) & ~31u;
	for (unsigned i = first; i < m; i += step)
		s += __nvvm_vote_ballot_sync(FULL, i < n && in[i] > 0); // collective: ok
	out[first] = s;
}

// The lane id (%laneid; the note names the intrinsic, CUDA has no
// spelling of its own for it without the headers), a switch on the lane, a lane's own bit of a
// ballot, and a shuffle from the lane's own index differ in the warp;
// t % 64 >> 5 and a shuffle from a lane that is the same in the warp do not.
extern "C" __global__ void lane_values(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	if (__nvvm_read_ptx_sreg_laneid() < 4)
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, 1, 0x1f); // collective: divergent on llvm.nvvm.read.ptx.sreg.laneid()
	if ((t % 64 >> 5) == 1)
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, 1, 0x1f); // collective: ok
	switch (t & 3) {
	case 1:
		v += __nvvm_vote_ballot_sync(FULL, v); // collective: divergent on threadIdx.x
		break;
	default:
		break;
	}
	unsigned b = __nvvm_vote_ballot_sync(FULL, v > 0); // collective: ok
	if (b & (1u << (t & 31)))
		v += __nvvm_shfl_sync_up_i32(FULL, v, 1, 0); // collective: divergent on threadIdx.x
	int x = __nvvm_shfl_sync_idx_i32(FULL, v, t & 31, 0x1f); // collective: ok
	if (x > 0)
		v += __nvvm_shfl_sync_up_i32(FULL, v, 2, 0); // collective: divergent
	int y = __nvvm_shfl_sync_idx_i32(FULL, v, (t >> 5) & 31, 0x1f); // collective: ok
	if (y > 0)
		v += __nvvm_shfl_sync_up_i32(FULL, v, 3, 0); // collective: ok
	out[t] = v;
}

// The tail of the grid leaves: when n is not a multiple of 32 the last
// warp loses some lanes before the shuffle (the classic partial-warp bug).
extern "C" __global__ void grid_tail(int *out, const int *in, unsigned n)
{
	unsigned gid = __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() +
		       __nvvm_read_ptx_sreg_tid_x();
	if (gid >= n)
		return;
	int v = in[gid];
	v += __nvvm_shfl_sync_down_i32(FULL, v, 1, 0x1f); // collective: divergent on threadIdx.x
	out[gid] = v;
}
