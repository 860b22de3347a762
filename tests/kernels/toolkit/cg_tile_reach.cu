// A partitioned warp's collective must be reached by the whole tile its
// mask names, as a full-mask one by the whole warp: a tile's shfl_down or
// sync() under a branch that splits the tile is reported, under a branch
// that every lane of a tile takes the same way is not. A constant mask
// that is not the full mask names lanes too: 0xffff, lanes 0 .. 15, judged
// in aligned groups of 16 lanes. Markers: ../calls/run-calls.py (the
// toolkit builds). With -G the tile's operations are calls of the
// toolkit's __shfl_down_sync and __syncwarp, given the tile's mask as a
// parameter: judged in each calling context for the tile that passes it.
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

// Half of each tile shuffles.
extern "C" __global__ void half_tile(int *p)
{
	cg::thread_block_tile<16> t = cg::tiled_partition<16>(cg::this_thread_block());
	int v = p[threadIdx.x];
	if (t.thread_rank() < 8)
		v = t.shfl_down(v, 4); // collective: divergent
	p[threadIdx.x] = v;
}

// Twin: the branch is on the warp's half, the same in a tile.
extern "C" __global__ void upper_tiles(int *p)
{
	cg::thread_block_tile<16> t = cg::tiled_partition<16>(cg::this_thread_block());
	int v = p[threadIdx.x];
	if (threadIdx.x % 32 >= 16)
		v = t.shfl_down(v, 4); // collective: ok
	p[threadIdx.x] = v;
}

// Half of each tile of 8 synchronises.
extern "C" __global__ void half_sync8(int *p)
{
	cg::thread_block_tile<8> t = cg::tiled_partition<8>(cg::this_thread_block());
	p[threadIdx.x] = 1;
	if (t.thread_rank() < 4)
		t.sync(); // collective: divergent
	p[threadIdx.x] += 1;
}

// Twin: a loop whose trip count is the same in a tile (the tile's index).
extern "C" __global__ void tile_loop(int *p)
{
	cg::thread_block_tile<8> t = cg::tiled_partition<8>(cg::this_thread_block());
	int v = p[threadIdx.x];
	for (unsigned k = 0; k < (threadIdx.x & 31) / 8; k++)
		v += t.shfl_xor(v, 1); // collective: ok
	p[threadIdx.x] = v;
}

// A constant mask of lanes 0 .. 15, run by lanes 0 .. 15 of each warp.
extern "C" __global__ void low_half(int *p)
{
	int v = p[threadIdx.x];
	if (threadIdx.x % 32 < 16)
		v = __shfl_down_sync(0xffff, v, 4); // collective: ok
	p[threadIdx.x] = v;
}

// Twin: run by lanes 0 .. 7 only.
extern "C" __global__ void low_quarter(int *p)
{
	int v = p[threadIdx.x];
	if (threadIdx.x % 32 < 8)
		v = __shfl_down_sync(0xffff, v, 4); // collective: divergent
	p[threadIdx.x] = v;
}
