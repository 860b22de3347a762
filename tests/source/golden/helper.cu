// A barrier inside a header's inline helper: the warning is at the call
// here, and a note shows the barrier in the helper, named
#include "helper.cuh"

__global__ void k(int *a)
{
	if (threadIdx.x < 16)
		block_sync();
	a[threadIdx.x] = 1;
}

// The same for a shuffle: the note names lane_sum. A shuffle called here
// gets none (the prelude's __shfl_xor_sync is the shuffle itself).
__global__ void w(int *a)
{
	int v = a[threadIdx.x];
	if (threadIdx.x % 32 < 8)
		v = lane_sum(v);
	if (threadIdx.x % 32 == 3)
		v = __shfl_xor_sync(0xffffffffu, v, 2);
	a[threadIdx.x] = v;
}
