// Warp operations whose mask is not the constant full mask. Markers:
// run-collectives.py. A non-constant mask makes no promise about who
// reaches the operation, so it is never reported as reached by only some
// lanes (JSON "masked"; "collective: ok"); the mask itself must be the same
// in every lane that takes part ("argument:").
#define __global__ __attribute__((global))
#define FULL 0xffffffffu

// __activemask() under a branch on data: the lanes that are here name each
// other, and read the lowest one among them. Valid.
extern "C" __global__ void active_mask(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	if (v > 0) {
		unsigned m = __nvvm_activemask();
		v = __nvvm_shfl_sync_idx_i32(m, v, __builtin_ctz(m), 0x1f); // collective: ok
	}
	out[t] = v;
}

// Lane i passes the lanes 0..i: lane 1 names lane 0, which passes another
// mask. Invalid (the lanes a mask names must all pass that mask).
extern "C" __global__ void lane_mask_vote(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	unsigned lane = t & 31;
	out[t] = __nvvm_vote_all_sync((2u << lane) - 1, in[t] > 0); // collective: ok // argument: divergent
}

// A constant half mask under a branch that sends exactly those lanes in,
// and a mask from a kernel argument: the same in every lane. Valid.
extern "C" __global__ void uniform_masks(int *out, const int *in, unsigned mask)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	if ((t & 31) < 16)
		v = __nvvm_shfl_sync_bfly_i32(0x0000ffffu, v, 1, 0x1f); // collective: ok
	if (mask & (1u << (t & 31)))
		v += __nvvm_vote_ballot_sync(mask, v > 0); // collective: ok
	out[t] = v;
}
