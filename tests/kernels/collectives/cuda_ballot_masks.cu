// Member masks made from a ballot, as cooperative groups' binary_partition
// and coalesced groups make them: s = __ballot_sync(g, c), then the lanes
// where c holds pass g & s and the others g & ~s, and each side runs its
// collectives under if (c) or else. Across the warp the mask differs (each
// side names itself); under if (c) it is the same in every lane there, so
// no "argument:" finding. The twins run the same collectives under a branch
// that does not decide c (or whose side does not fix it): the mask differs
// between the lanes there, and is reported. Markers: run-collectives.py.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define FULL 0xffffffffu

// binary_partition of the whole warp, as the toolkit writes it: the whole
// mask when every lane or none takes c, else the side's own.
static __attribute__((always_inline)) __device__ unsigned side_mask(unsigned g, bool c)
{
	unsigned s = __nvvm_vote_ballot_sync(g, c); // collective: ok
	if (s == g || s == 0)
		return g;
	return g & (s ^ (c ? 0u : FULL));
}

// The side where c holds, under if (c). Valid.
extern "C" __global__ void partition_true_side(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	bool c = v > 0;
	unsigned m = side_mask(FULL, c);
	if (c) {
		v = __nvvm_shfl_sync_idx_i32(m, v, __builtin_ctz(m), 0x1f); // collective: ok
		__nvvm_bar_warp_sync(m); // collective: ok
	}
	out[t] = v;
}

// Both sides, each under its own side of the branch on c. Valid.
extern "C" __global__ void partition_both_sides(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	bool c = v > 0;
	unsigned m = side_mask(FULL, c);
	if (c)
		v += __nvvm_vote_ballot_sync(m, v > 5); // collective: ok
	else
		v -= __nvvm_vote_ballot_sync(m, v < -5); // collective: ok
	out[t] = v;
}

// A coalesced group: the lanes active under a branch on data
// (__activemask(), coalesced_threads()), partitioned again by c, the side
// used under if (c) in a loop whose exit the side's own vote decides.
// Valid.
extern "C" __global__ void coalesced_partition(int *out, const int *in, int n)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	if (v != 7) {
		unsigned g = __nvvm_activemask();
		bool c = v > 0;
		unsigned m = side_mask(g, c);
		if (c) {
			for (int i = 0; i < n; i++) {
				v += __nvvm_shfl_sync_idx_i32(m, v, i & 31, 0x1f); // collective: ok
				if (__nvvm_vote_any_sync(m, v > 100)) // collective: ok
					break;
			}
		}
	}
	out[t] = v;
}

// The ballot's side taken as a plain comparison of the same operands
// (nvcc tests the negation v <= 0 for the else of v > 0). Valid.
extern "C" __global__ void partition_negated_test(int *out, const int *in, int n)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	unsigned s = __nvvm_vote_ballot_sync(FULL, v > n); // collective: ok
	unsigned m = s ^ (v > n ? 0u : FULL);
	if (!(v <= n))
		v = __nvvm_shfl_sync_idx_i32(m, v, __builtin_ctz(m), 0x1f); // collective: ok
	out[t] = v;
}

// Twin: the side's mask under a branch on another value d: a lane where d
// holds and c does not passes ~s, one where both hold passes s. Invalid.
extern "C" __global__ void partition_other_branch(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	bool c = v > 0;
	unsigned m = side_mask(FULL, c);
	if (v > 5 || v < -5)
		v = __nvvm_shfl_sync_idx_i32(m, v, 0, 0x1f); // collective: ok // argument: divergent
	out[t] = v;
}

// Twin: the side's mask after the branch on c has joined again: every
// lane of the warp is there, each with its own side's mask. Invalid.
extern "C" __global__ void partition_after_join(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	bool c = v > 0;
	unsigned m = side_mask(FULL, c);
	if (c)
		v += 1;
	__nvvm_bar_warp_sync(m); // collective: ok // argument: divergent
	out[t] = v;
}

// Twin: the coalesced group's side under a branch on another value.
// Invalid.
extern "C" __global__ void coalesced_other_branch(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	if (v != 7) {
		unsigned g = __nvvm_activemask();
		unsigned m = side_mask(g, v > 0);
		if (in[t + 1] > 0)
			v = __nvvm_vote_all_sync(m, v > 3); // collective: ok // argument: divergent
	}
	out[t] = v;
}

// Twin: c is computed again in a loop after the mask was made, and the
// collective runs under the new c: the lanes there passed their old sides.
// Invalid.
extern "C" __global__ void partition_stale_condition(int *out, const int *in, int n)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	unsigned m = side_mask(FULL, v > 0);
	for (int i = 0; i < n; i++) {
		v = in[t + i];
		if (v > 0)
			v = __nvvm_shfl_sync_idx_i32(m, v, 0, 0x1f); // collective: ok // argument: divergent
	}
	out[t] = v;
}

// Twin: the coalesced group and its side are made in a loop that lanes
// leave in different iterations (a break on data), and used after it: a
// lane that left early holds the side of an earlier round's ballot.
// Invalid.
extern "C" __global__ void partition_after_loop(int *out, const int *in, int n)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	bool c = false;
	unsigned m = FULL;
	for (int i = 0; i < n; i++) {
		v = in[t + i];
		c = v > 0;
		m = side_mask(__nvvm_activemask(), c);
		if (v > 50)
			break;
	}
	if (c)
		v = __nvvm_shfl_sync_idx_i32(m, v, 0, 0x1f); // collective: ok // argument: divergent
	out[t] = v;
}

// Twin: the lanes leave the loop on the side where c holds, in different
// rounds, each with its round's side, and meet after it. Invalid.
extern "C" __global__ void partition_left_loop(int *out, const int *in, int n)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = 0;
	unsigned m;
	for (int i = 0; i < n; i++) {
		v = in[t + i];
		bool c = v > 0;
		m = side_mask(__nvvm_activemask(), c);
		if (c)
			goto found;
	}
	out[t] = 0;
	return;
found:
	out[t] = __nvvm_shfl_sync_idx_i32(m, v, 0, 0x1f); // collective: ok // argument: divergent
}
