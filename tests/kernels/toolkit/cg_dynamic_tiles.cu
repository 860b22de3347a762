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
// What the file stores in local memory is followed for constants, kernel
// arguments, copies and what calls leave (docs/ptx.md, "Objects in local
// memory"), not for values computed from loaded ones: the type and the
// size sit in bit fields of one word that the constructors write
// read-modify-write (and, shl, or of the loaded word), which is not
// computed, and the mask is made from the thread's rank (the same in a
// tile, no constant); so both are taken to differ between threads
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

// A thread_group handed to a helper, as a reduction written once for any
// group is: sync() chooses what to do by the group's type, kept in the low
// bits of a word whose high bits hold the group's size, and the loop runs
// size() / 2 times. The group of 16 is made from a tile of 32 made at run
// time (tiled_partition of a thread_group), so its mask and that word come
// in two ways, chosen by the parent's size: a tile of 16 when the parent
// has more than 16 lanes, else the parent itself.
__device__ int tile_sum(cg::thread_group g, int *x, int v)
{
	unsigned r = g.thread_rank();
	for (unsigned s = g.size() / 2; s > 0; s /= 2) {
		x[r] = v;
		g.sync(); // collective: ok
		if (r < s)
			v += x[r + s];
		g.sync(); // collective: ok
	}
	return v;
}

extern "C" __global__ void nested16(int *p)
{
	__shared__ int sh[1024];
	cg::thread_block cta = cg::this_thread_block();
	cg::thread_group w = cg::tiled_partition(cta, 32);
	cg::thread_group t = cg::tiled_partition(w, 16);
	unsigned base = cta.thread_rank() / t.size() * t.size();
	p[cta.thread_rank()] = tile_sum(t, sh + base, p[cta.thread_rank()]);
}

// The twin: the group chosen at run time, the tile or the whole block, so
// the type is not known and the block's barrier stays; only some threads
// reach it, and only half of each tile reaches the tile's bar.warp.sync.
extern "C" __global__ void chosen_half(int *p, int n)
{
	cg::thread_block cta = cg::this_thread_block();
	cg::thread_group w = cg::tiled_partition(cta, 32);
	cg::thread_group t = cg::tiled_partition(w, 16);
	cg::thread_group g = n > 0 ? t : cg::thread_group(cta);
	int v = p[cta.thread_rank()];
	if (cta.thread_rank() < 8)
		g.sync(); // check: divergent // collective: divergent
	p[cta.thread_rank()] = v;
}

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
