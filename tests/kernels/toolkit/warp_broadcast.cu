// A shuffle from lane 0 with the full mask (a broadcast) is the same in
// every lane of the warp, so a full-mask shuffle under a branch on it is
// reached by the whole warp; its twin, a shuffle from a lane that differs
// from lane to lane, is not. nvcc -O3 writes the source lane, clamp and
// mask into registers first (each one mov of a constant); nvcc -G calls
// the toolkit's __shfl_sync, which computes its clamp from its width
// parameter ((32 - width) << 8 | 31): a broadcast in the calling contexts
// that pass the width 32 and the full mask.
// Markers: ../calls/run-calls.py (the toolkit builds).
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

extern "C" __global__ void broadcast(int *out, const int *in)
{
	int v = in[threadIdx.x];
	int first = __shfl_sync(0xffffffffu, v, 0); // collective: ok
	if (first > 0)
		v += __shfl_xor_sync(0xffffffffu, v, 1); // collective: ok
	int own = __shfl_sync(0xffffffffu, v, (threadIdx.x * 7) % 32); // collective: ok
	if (own > 0)
		v += __shfl_xor_sync(0xffffffffu, v, 2); // collective: divergent
	out[threadIdx.x] = v;
}

extern "C" __global__ void tile_broadcast(int *out, const int *in)
{
	cg::thread_block_tile<32> w = cg::tiled_partition<32>(cg::this_thread_block());
	int v = in[threadIdx.x];
	int first = w.shfl(v, 0); // collective: ok
	if (first > 0)
		v += w.shfl_xor(v, 1); // collective: ok
	out[threadIdx.x] = v;
}

