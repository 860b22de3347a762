// A look-back as CUB's onesweep radix sort writes it: each lane reads its
// own digit's word in earlier tiles, adds what it finds, and the lanes
// still looking back vote with the mask their last vote made, until a
// word's top bit says the sum is complete. The lanes that break out leave
// the loop at different times; those that stay made the same vote, so the
// mask is the same in every lane that executes the next one: ok, inlined
// or not (at nvcc -G the vote is a call of the toolkit's __ballot_sync,
// whose result comes back round the loop into its own mask argument: a
// calling context's result is the same in the warp until its analysis
// says otherwise, as a value in a loop is). The same with the flag in bit
// 16: clang -O0 keeps the word in its depot and tests its byte through
// or.b64 of its address, and keeps the mask in a depot slot that each
// round stores (docs/ptx.md, "Stack slots"). Markers: run-calls.py
// ("collective:"; an argument reported is a failure).
#include "calls.cuh"

HELPER int look_back(const int *flags, int tile, int lane, unsigned want)
{
	int sum = 0;
	for (int j = tile - 1; j >= 0; --j) {
		int v = flags[j * 32 + lane];
		sum += v & 0x3fffffff;
		want = BALLOT(want, v >= 0); // collective: ok
		if (v < 0) /* the sum so far is complete */
			break;
	}
	return sum;
}

HELPER int look_back_bit(const int *flags, int tile, int lane, unsigned want)
{
	int sum = 0;
	for (int j = tile - 1; j >= 0; --j) {
		int v = flags[j * 32 + lane];
		sum += v & 0xffff;
		want = BALLOT(want, (v & 0x10000) == 0); // collective: ok
		if (v & 0x10000) /* the sum so far is complete */
			break;
	}
	return sum;
}

extern "C" __global__ void lookback(int *out, const int *flags)
{
	unsigned t = TID_X;
	out[t] = look_back(flags, BID_X, t & 31, FULL);
}

extern "C" __global__ void lookback_bit(int *out, const int *flags)
{
	unsigned t = TID_X;
	out[t] = look_back_bit(flags, BID_X, t & 31, FULL);
}
