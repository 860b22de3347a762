// A barrier inside a header's inline helper: the warning is at the call
// here, and a note shows the barrier in the helper, named
#include "helper.cuh"

__global__ void k(int *a)
{
	if (threadIdx.x < 16)
		block_sync();
	a[threadIdx.x] = 1;
}
