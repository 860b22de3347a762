// A branch on a cooperative-groups tile's meta_group_rank(): the same in
// every lane of the warp, so the tile's shuffle under it is reached by the
// whole tile. Markers: ../calls/run-calls.py (the toolkit builds).
// With -G, meta_group_rank() reads a bit field of an 8-byte copy of the
// tile object in the kernel's local depot; the tile's constructors (.funcs)
// wrote its words through their this pointer, read-modify-write, the base
// class's first, from the warp's index that dim3's constructor built from
// tid.x, .y, .z (docs/ptx.md, "What a call leaves in its caller's local
// memory"): the verdict is the same in every build.
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
