// Warp collectives under branches on the warp id and on data. Markers:
// run-collectives.py.
#define __global__ __attribute__((global))
#define FULL 0xffffffffu

// Warp k alone (threadIdx.x / 32 == k): all its lanes, or none. tid.y is
// the same in a warp too (the block's x size is a multiple of 32).
extern "C" __global__ void warp_id_branch(int *out, const int *in, unsigned k)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	if (t / 32 == k)
		v = __nvvm_shfl_sync_idx_i32(FULL, v, 0, 0x1f); // collective: ok
	if (__nvvm_read_ptx_sreg_tid_y() == 1)
		v += __nvvm_shfl_sync_up_i32(FULL, v, 1, 0); // collective: ok
	v += __nvvm_match_any_sync_i32(FULL, v); // collective: ok
	out[t] = v;
}

// A branch on each lane's own element: some lanes of a warp shuffle, the
// others do not.
extern "C" __global__ void data_branch(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	if (v & 1)
		v = __nvvm_shfl_sync_bfly_i32(FULL, v, 1, 0x1f); // collective: divergent on threadIdx.x
	out[t] = v;
}

// The lanes of a warp leave at different times: the shuffle after the
// early return is reached by the lanes with a non-negative element only.
extern "C" __global__ void early_return(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	if (v < 0)
		return;
	v = __nvvm_shfl_sync_down_i32(FULL, v, 1, 0x1f); // collective: divergent on threadIdx.x
	out[t] = v;
}

// A warp leaves as a whole: the shuffle after it is reached by whole warps.
extern "C" __global__ void warp_return(int *out, const int *in, unsigned nwarps)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	if ((t >> 5) >= nwarps)
		return;
	int v = in[t];
	v = __nvvm_shfl_sync_down_i32(FULL, v, 1, 0x1f); // collective: ok
	out[t] = v;
}
