// A helper whose shuffle takes its mask as a parameter: judged in each
// calling context, checked where the caller passes the full mask. The
// calls' markers are their own state (reached by whole warps or not).
// Markers: run-collectives.py.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define FULL 0xffffffffu

__attribute__((noinline)) __device__ int pair_sum(unsigned mask, int v)
{
	return v + __nvvm_shfl_sync_idx_i32(mask, v, __builtin_ctz(mask), 0x1f); // collective: divergent
}

// Called with the full mask by lanes 0..7 of each warp: the shuffle inside
// names all 32 lanes, 24 of which never call it (as helper_some_lanes in
// ../cuda_helper.cu, with the mask passed in).
extern "C" __global__ void full_mask_parameter(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	if ((t & 31) < 8)
		v = pair_sum(FULL, v); // collective: divergent
	out[t] = v;
}

// Called with __activemask() under a branch on data: the lanes present name
// each other. Valid: the shuffle is not checked in this context (the call
// itself is reached by part of a warp).
extern "C" __global__ void active_mask_parameter(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	if (v > 0)
		v = pair_sum(__nvvm_activemask(), v); // collective: divergent
	out[t] = v;
}
