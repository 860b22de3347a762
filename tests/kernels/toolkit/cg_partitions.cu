// Partitioned warps as cooperative groups build them: tiles of 16, 8 and 4
// lanes whose shuffles and votes pass the tile's mask, which differs
// between the lanes of the warp and names exactly the lanes of each tile.
// No finding. With -G the shuffles and votes are calls of the toolkit's
// __shfl_down_sync, __ballot_sync, ..., each given the tile's mask as a
// parameter: their calling contexts know that it is a tile's. Markers:
// ../calls/run-calls.py (the toolkit builds).
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

extern "C" __global__ void tile16_sum(const float *in, float *out)
{
	cg::thread_block block = cg::this_thread_block();
	cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
	float v = in[block.thread_rank()];
	for (int d = 8; d > 0; d /= 2)
		v += tile.shfl_down(v, d); // collective: ok
	if (tile.thread_rank() == 0)
		out[block.thread_rank() / 16] = v;
}

extern "C" __global__ void tile8_any(const int *in, int *out)
{
	cg::thread_block_tile<8> tile = cg::tiled_partition<8>(cg::this_thread_block());
	int v = in[threadIdx.x];
	out[threadIdx.x] = tile.any(v > 0) + tile.shfl(v, 0); // collective: ok
}

extern "C" __global__ void tile4_ballot(const int *in, unsigned *out)
{
	cg::thread_block_tile<4> tile = cg::tiled_partition<4>(cg::this_thread_block());
	out[threadIdx.x] = tile.ballot(in[threadIdx.x] > 0); // collective: ok
}
