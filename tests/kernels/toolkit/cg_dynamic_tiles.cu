// Tiles made at run time: cooperative groups' tiled_partition(parent, n)
// returns a thread_group whose mask it computes from the block's size and
// the thread's rank (min(size() - (rank & ~(n - 1)), n) lanes from the
// lane's aligned group). With n a constant that is a whole group of 16 or
// 8 lanes in every tile when the block's x size is a whole number of
// warps: no finding. The twins, whose length comes from a count that is
// not the block's size, are written out by hand where the mask's parts can
// be chosen: ../collectives/cuda_tile_masks.cu (tile16_dynamic_count) and
// tests/ptx/collectives/dynamic-tile.ptx. Markers: ../calls/run-calls.py
// (the toolkit builds).
// no-nvcc-G: with -G, thread_group::sync() chooses what to do from the
// group's type, read back from the tile object in the kernel's local depot
// through a pointer passed to a .func, and the mask is read from it too.
// What the file stores in local memory is followed for constants only
// (docs/ptx.md, "Objects in local memory"): the type and the size sit in
// bit fields of one word that the constructors write read-modify-write
// (and, shl, or of the loaded word), which is not computed, and the mask
// is made from the thread's rank (the same in a tile, no constant); so
// both are taken to differ between threads
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

extern "C" __global__ void dynamic16(int *p)
{
	cg::thread_block cta = cg::this_thread_block();
	cg::thread_group tile = cg::tiled_partition(cta, 16);
	int v = p[cta.thread_rank()];
	tile.sync(); // collective: ok
	p[cta.thread_rank()] = v + (int)tile.thread_rank();
}

extern "C" __global__ void dynamic8(int *p, int n)
{
	cg::thread_block cta = cg::this_thread_block();
	cg::thread_group tile = cg::tiled_partition(cta, 8);
	int v = p[cta.thread_rank()];
	if ((int)tile.thread_rank() < n)
		v += 1;
	tile.sync(); // collective: ok
	p[cta.thread_rank()] = v;
}
