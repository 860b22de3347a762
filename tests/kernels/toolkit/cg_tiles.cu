// Cooperative groups as people use them: the block's sync, a warp tile's
// shuffle reduction and sync, and the mistakes: a sync or a tile's shuffle
// that a branch on the thread keeps from some threads. Markers:
// ../calls/run-calls.py (the toolkit builds).
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

extern "C" __global__ void tile_sum(const float *in, float *out)
{
	cg::thread_block block = cg::this_thread_block();
	cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
	float v = in[block.thread_rank()];
	for (int d = 16; d > 0; d /= 2)
		v += warp.shfl_down(v, d); // collective: ok
	block.sync(); // check: ok
	if (warp.thread_rank() == 0)
		out[block.group_index().x * 32 + warp.meta_group_rank()] = v;
}

extern "C" __global__ void sync_in_guard(float *x, int n)
{
	cg::thread_block block = cg::this_thread_block();
	int i = block.group_index().x * block.size() + block.thread_rank();
	if (i < n) {
		x[i] *= 2.0f;
		block.sync(); // check: divergent
	}
}

extern "C" __global__ void tile_shfl_in_lane_guard(float *x)
{
	cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
	float v = x[threadIdx.x];
	if (warp.thread_rank() < 16)
		v += warp.shfl_xor(v, 1); // collective: divergent
	x[threadIdx.x] = v;
}
