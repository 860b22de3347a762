// An inclusive scan of one tile: every barrier is reached by all threads.
#include "tile.cuh"

__global__ void scan(int *a)
{
	__shared__ int buf[TILE];
	unsigned t = blockIdx.x * TILE + threadIdx.x;
	buf[lane()] = a[t];
	__syncthreads(); // check: ok
	for (int s = 1; s < TILE; s *= 2) {
		int v = lane() >= s ? buf[lane() - s] : 0;
		__syncthreads(); // check: ok
		buf[lane()] += v;
		__syncthreads(); // check: ok
	}
	a[t] = buf[lane()];
}
