// Coalesced groups from cooperative groups: binary_partition of a warp's
// tile, as cuCollections' retrieve kernels use it, and coalesced_threads()
// under a branch on data, partitioned again. Each group's member mask is
// __activemask() or comes from a ballot (binary_partition: the side's
// lanes, g & s or g & ~s), and the group's collectives run under the
// branch on the predicate that was partitioned: the mask differs across
// the warp but is the same in every lane that executes them. No finding.
// (The twins, in which the mask is used under another branch, are
// ../collectives/cuda_ballot_masks.cu: this runner allows no reported
// argument.) Markers: ../calls/run-calls.py (the toolkit builds).
// no-nvcc-G: with -G the group objects live in the kernel's local depot,
// written by constructors (.funcs) through their this pointer, and their
// mask is read back from there as what the constructor left (docs/ptx.md,
// "Objects in local memory"): that is the same in the warp or not, never
// "the same in the lanes that run this", which a ballot under the branch
// on the partitioned predicate is; so the mask is taken to differ
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

// The lanes whose index is in range work on together, the others wait.
extern "C" __global__ void partition_in_range(const int *in, int *out, int n)
{
	cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
	unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
	bool active = t < (unsigned)n;
	cg::coalesced_group part = cg::binary_partition(warp, active);
	if (active) {
		int v = in[t];
		int first = part.shfl(v, 0); // collective: ok
		if (part.any(v > first)) // collective: ok
			v = first;
		part.sync(); // collective: ok
		out[t] = v;
	}
}

// The lanes active under a branch on data, and their split by sign.
extern "C" __global__ void coalesced_split(const int *in, int *out)
{
	unsigned t = threadIdx.x;
	int v = in[t];
	if (v != 0) {
		cg::coalesced_group active = cg::coalesced_threads();
		int lead = active.shfl(v, 0); // collective: ok
		bool pos = v > 0;
		cg::coalesced_group side = cg::binary_partition(active, pos);
		if (pos) {
			if (side.all(v > lead)) // collective: ok
				v = lead;
		} else {
			if (side.any(v < lead)) // collective: ok
				v = -lead;
		}
	}
	out[t] = v;
}
