// Votes under a branch on data. Markers: run-collectives.py.
#define __global__ __attribute__((global))
#define FULL 0xffffffffu

// Each lane reads its own element: the lanes whose element is positive
// reach the ballot, the others do not, yet the full mask names them all
// (undefined behaviour: on Volta and later the warp may hang).
extern "C" __global__ void some_lanes_ballot(unsigned *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	unsigned b = 0;
	if (in[t] > 0)
		b = __nvvm_vote_ballot_sync(FULL, in[t] > 10); // collective: divergent on threadIdx.x
	out[t] = b;
}

// The branch reads one element for the whole block (a uniform address), so
// every lane goes the same way; the predicate may differ, which is what a
// vote is for.
extern "C" __global__ void block_data_ballot(unsigned *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	unsigned b = 0;
	if (in[__nvvm_read_ptx_sreg_ctaid_x()] > 0)
		b = __nvvm_vote_ballot_sync(FULL, in[t] > 10); // collective: ok
	if (__nvvm_vote_any_sync(FULL, in[t] < 0)) // collective: ok
		b |= 1;
	out[t] = b;
}
