// The results of warp collectives: the same in every lane of the warp, or
// not, and a branch on them. Markers: run-collectives.py. Each result that
// is the same in the warp has a twin that is not, whose branch must send
// the full-mask shuffle after it to only some lanes.
// arch: sm_80
#define __global__ __attribute__((global))
#define FULL 0xffffffffu

// A shuffle from lane 0 with the full mask gives every lane lane 0's value
// (a broadcast); from the lane's own index, its own value; with a mask of
// half the warp, lane 0 is outside the upper half's mask, which reads a
// value that is not defined (each half passes its own mask, a tile of 16:
// valid, and not reported: docs/check.md).
extern "C" __global__ void broadcast(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	int b = __nvvm_shfl_sync_idx_i32(FULL, v, 0, 0x1f); // collective: ok
	if (b > 0)
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, 1, 0x1f); // collective: ok
	int own = __nvvm_shfl_sync_idx_i32(FULL, v, t % 32, 0x1f); // collective: ok
	if (own > 0)
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, 2, 0x1f); // collective: divergent
	unsigned half = (t & 16) ? 0xffff0000u : 0x0000ffffu;
	int h = __nvvm_shfl_sync_idx_i32(half, v, 0, 0x1f); // collective: ok
	if (h > 0)
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, 4, 0x1f); // collective: divergent
	out[t] = v;
}

// Votes: one result for the lanes the mask names. With the full mask, or
// __activemask() reached by the whole warp, every lane gets it; with each
// half of the warp naming itself, each half gets its own.
extern "C" __global__ void votes(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	unsigned all = __nvvm_vote_ballot_sync(FULL, v > 0); // collective: ok
	if (all > 7)
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, 1, 0x1f); // collective: ok
	if (__nvvm_vote_any_sync(FULL, v > 3)) // collective: ok
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, 2, 0x1f); // collective: ok
	if (__nvvm_vote_all_sync(FULL, v > 5)) // collective: ok
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, 4, 0x1f); // collective: ok
	if (__nvvm_vote_uni_sync(FULL, v > 9)) // collective: ok
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, 8, 0x1f); // collective: ok
	unsigned act = __nvvm_activemask();
	if (__nvvm_vote_ballot_sync(act, v > 1) > 3) // collective: ok
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, 16, 0x1f); // collective: ok
	unsigned half = (t & 16) ? 0xffff0000u : 0x0000ffffu;
	unsigned mine = __nvvm_vote_ballot_sync(half, v > 2); // collective: ok
	if (mine > 7)
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, 1, 0x1f); // collective: divergent
	out[t] = v;
}

// match.all: whether every lane of the mask passes the same value, one
// answer for all; match.any: the lanes that pass the lane's own value,
// which differ from lane to lane.
extern "C" __global__ void matches(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	int same;
	unsigned m = __nvvm_match_all_sync_i32p(FULL, v, &same); // collective: ok
	if (m != 0)
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, 1, 0x1f); // collective: ok
	unsigned peers = __nvvm_match_any_sync_i32(FULL, v); // collective: ok
	if (peers > 1)
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, 2, 0x1f); // collective: divergent
	out[t] = v + same;
}

// Warp reductions: one sum for the lanes of the mask; each half its own
// with the halves' masks.
extern "C" __global__ void reductions(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	int s = __nvvm_redux_sync_add(v, FULL); // collective: ok
	if (s > 0)
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, 1, 0x1f); // collective: ok
	unsigned hi = __nvvm_redux_sync_umax((unsigned)v, FULL); // collective: ok
	if (hi > 9)
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, 2, 0x1f); // collective: ok
	unsigned half = (t & 16) ? 0xffff0000u : 0x0000ffffu;
	int hs = __nvvm_redux_sync_add(v, half); // collective: ok
	if (hs > 0)
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, 4, 0x1f); // collective: divergent
	out[t] = v;
}
