// Shuffles inside a helper that takes a partitioned warp's member mask as
// a parameter: each half of the warp passes its own 16 lanes, 0xffff <<
// (lane & 16), as cooperative groups' tiled_partition<16> does. The mask
// differs between the halves, but each lane names exactly its own tile, so
// the helper's shuffles get a mask that agrees in the tile whether the
// helper is inlined (the kernel's warp's view finds the tile's mask) or not
// (its calling context says the parameter holds one): ok, no argument
// reported. nvcc -G keeps each shuffle in the toolkit's wrapper, which gets
// the mask passed on. Markers: run-calls.py ("collective:").
#include "calls.cuh"

HELPER int tile_sum(unsigned mask, int v)
{
	for (int d = 8; d > 0; d >>= 1)
		v += SHFL_XOR(mask, v, d); // collective: ok
	return v;
}

extern "C" __global__ void tiles(int *out, const int *in)
{
	unsigned t = TID_X;
	unsigned mask = 0xffffu << (t & 16);
	out[t] = tile_sum(mask, in[t]);
}
