// The results of warp collectives as branch conditions, written with the
// toolkit's intrinsics: a vote's and match.all's are the same in every
// lane of the warp, so a full-mask shuffle under a branch on them is
// reached by the whole warp; match.any's lanes differ from lane to lane.
// The shuffles from one lane are in warp_broadcast.cu. Markers:
// ../calls/run-calls.py (the toolkit builds).
#include <cuda_runtime.h>

extern "C" __global__ void votes(int *out, const int *in)
{
	int v = in[threadIdx.x];
	unsigned b = __ballot_sync(0xffffffffu, v > 0); // collective: ok
	if (b > 7)
		v += __shfl_xor_sync(0xffffffffu, v, 1); // collective: ok
	if (__any_sync(0xffffffffu, v > 3)) // collective: ok
		v += __shfl_xor_sync(0xffffffffu, v, 2); // collective: ok
	if (__all_sync(0xffffffffu, v > 5)) // collective: ok
		v += __shfl_xor_sync(0xffffffffu, v, 4); // collective: ok
	out[threadIdx.x] = v;
}

extern "C" __global__ void matches(int *out, const int *in)
{
	int v = in[threadIdx.x];
	int same;
	unsigned m = __match_all_sync(0xffffffffu, v, &same); // collective: ok
	if (m != 0)
		v += __shfl_xor_sync(0xffffffffu, v, 1); // collective: ok
	unsigned peers = __match_any_sync(0xffffffffu, v); // collective: ok
	if (peers > 1)
		v += __shfl_xor_sync(0xffffffffu, v, 2); // collective: divergent
	out[threadIdx.x] = v + same;
}
