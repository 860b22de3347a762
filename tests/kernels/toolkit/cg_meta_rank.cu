// A branch on a cooperative-groups tile's meta_group_rank(): the same in
// every lane of the warp, so the tile's shuffle under it is reached by the
// whole tile. Markers: ../calls/run-calls.py (the toolkit builds).
// no-nvcc-G: with -G, meta_group_rank() reads a bit field of a copy of the
// tile object in the kernel's local depot, through a pointer kept in a
// depot slot; the tile's constructors (.funcs) wrote it through their this
// pointer, read-modify-write (and, or of the loaded word), from tid.x, .y,
// .z that dim3's constructor wrote through a pointer into their own depot.
// What the file stores in local memory is followed for constants only
// (docs/ptx.md, "Objects in local memory"): the rank is the same in the
// warp but no constant, and the and/or of a bit field is not computed, so
// the rank is taken to differ between lanes
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

extern "C" __global__ void warp_uniform_guard(float *x)
{
	cg::thread_block block = cg::this_thread_block();
	cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
	float v = x[threadIdx.x];
	if (warp.meta_group_rank() == 0) // the first warp, all of it
		v += warp.shfl_down(v, 1); // collective: ok
	x[threadIdx.x] = v;
}
