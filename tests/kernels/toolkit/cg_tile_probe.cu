// A tile's probing loop, as hash tables on the GPU write it: each lane of
// a tile of 8 looks at one slot, the tile's ballot says which lanes found
// what they look for, and the tile leaves the loop together on a
// broadcast from the lane the ballot chose. The tile's collectives in the
// loop are reached by the whole tile in every build: at -G they are calls
// of the toolkit's wrappers given the tile's mask, whose results are the
// same in the tile. The twin leaves on a shuffle from each lane's own
// rank, which differs in the tile. A shuffle of an enum (no integer type)
// goes through cooperative groups' shuffle of bytes: at -G a lambda that
// captures the mask, the lane and the width by reference, and a memcpy of
// the result through the local depot, which leaves the value as it was. Markers: ../calls/run-calls.py (the
// toolkit builds).
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

extern "C" __global__ void probe(const int *slots, int *out, int n)
{
	cg::thread_block_tile<8> t = cg::tiled_partition<8>(cg::this_thread_block());
	unsigned idx = (blockIdx.x * blockDim.x + threadIdx.x) / 8;
	unsigned pos = idx * 8 + t.thread_rank();
	int found = -1;
	while (true) {
		int v = slots[pos % n];
		unsigned hits = t.ballot(v == 0); // collective: ok
		if (hits) {
			int src = __ffs(hits) - 1;
			found = t.shfl((int)pos, src); // collective: ok
			break;
		}
		if (t.any(v < 0)) // collective: ok
			break;
		pos += 8;
	}
	if (t.thread_rank() == 0)
		out[idx] = found;
}

enum class status : int { cont, done };

// The probe with an enum broadcast from the lane the ballot chose.
extern "C" __global__ void probe_enum(const int *slots, int *out, int n)
{
	cg::thread_block_tile<8> t = cg::tiled_partition<8>(cg::this_thread_block());
	unsigned pos = (blockIdx.x * blockDim.x + threadIdx.x) / 8 * 8 + t.thread_rank();
	int found = 0;
	while (true) {
		int v = slots[pos % n];
		unsigned hits = t.ballot(v == 0); // collective: ok
		if (hits) {
			int src = __ffs(hits) - 1;
			status st = t.thread_rank() == (unsigned)src ? status::done : status::cont;
			/* at -G a lambda of the toolkit's shuffles: judged there */
			if (t.shfl(st, src) == status::done)
				found = 1;
			if (found)
				break;
		}
		pos += 8;
	}
	out[pos % n] = found;
}

// Twin: each lane leaves when the value its own rank reads says so.
extern "C" __global__ void probe_own(const int *slots, int *out, int n)
{
	cg::thread_block_tile<8> t = cg::tiled_partition<8>(cg::this_thread_block());
	unsigned pos = blockIdx.x * blockDim.x + threadIdx.x;
	int found = -1;
	while (true) {
		int v = slots[pos % n];
		unsigned hits = t.ballot(v == 0); // collective: divergent
		if (hits) {
			found = t.shfl((int)pos, (int)(t.thread_rank())); // collective: divergent
			if (found != 0)
				break;
		}
		pos += 8;
	}
	out[pos % n] = found;
}
