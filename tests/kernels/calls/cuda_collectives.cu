// Warp shuffles in helpers that take the mask as a parameter. warp_sum is
// called with the full mask by whole warps only (threads 0..63, then every
// thread): ok. warp_sum_low gets the full mask from lanes 0..7 of each warp
// only: the other 24 never reach its shuffles (divergent). warp_first gets
// __activemask() under a branch on data, which makes no promise about who
// comes (masked: ok), and the full mask from every thread (ok). Markers:
// run-calls.py ("collective:"). nvcc -G keeps each shuffle in the
// toolkit's wrapper (__shfl_xor_sync in sm_30_intrinsics.hpp): a wrapper's
// collective is judged and reported at each call, as if inlined there.
#include "calls.cuh"

HELPER int warp_sum(unsigned mask, int v)
{
	for (int d = 16; d > 0; d >>= 1)
		v += SHFL_XOR(mask, v, d); // collective: ok
	return v;
}

HELPER int warp_sum_low(unsigned mask, int v)
{
	for (int d = 16; d > 0; d >>= 1)
		v += SHFL_XOR(mask, v, d); // collective: divergent
	return v;
}

HELPER int warp_first(unsigned mask, int v)
{
	return SHFL_IDX(mask, v, LOWEST_LANE(mask)); // collective: ok
}

extern "C" __global__ void warps(int *out, const int *in)
{
	unsigned t = TID_X;
	int v = in[t];
	if (t < 64)
		v = warp_sum(FULL, v);
	v = warp_sum(FULL, v);
	if ((t & 31) < 8)
		v = warp_sum_low(FULL, v);
	if (v > 0)
		v = warp_first(ACTIVEMASK(), v);
	v = warp_first(FULL, v);
	out[t] = v;
}
