// A helper that shuffles from lane 0 in segments of its width parameter,
// with the clamp the CUDA headers compute from it ((32 - width) << 8 |
// 31), as nvcc -G's __shfl_sync does. Called with the full mask and the
// width 32 it is a broadcast, the same in the whole warp, so a branch on
// what it returns goes one way in each warp and the shuffle under it is
// reached by the whole warp (ok); with the width 16 each half of the warp
// gets its own lane 0 (divergent). The same verdicts whether the helper is
// inlined (the clamp a constant) or not (its calling context knows the
// width). Markers: run-calls.py ("collective:").
#include "calls.cuh"

HELPER int bcast(unsigned mask, int v, int width)
{
	return SHFL_IDX_W(mask, v, 0, width); // collective: ok
}

extern "C" __global__ void broadcasts(int *out, const int *in)
{
	unsigned t = TID_X;
	int v = in[t];
	int first = bcast(FULL, v, 32);
	if (first > 0)
		v += SHFL_XOR(FULL, v, 1); // collective: ok
	int half = bcast(FULL, v, 16);
	if (half > 0)
		v += SHFL_XOR(FULL, v, 2); // collective: divergent
	out[t] = v;
}
