// base.cu with lines inserted above its findings and its blanks changed:
// the baseline written from base.cu still matches every finding
// (tests/suppress/baseline-moved.cmd).

#define TILE 16

__device__ int twice(int v)
{
	return 2 * v;
}

__global__ void stage(int *s, int n)
{
	if (threadIdx.x < n)
		__syncthreads();
	if (threadIdx.x % 2)
	    __syncwarp(  );
	s[threadIdx.x] = twice(0);
}

__global__ void other(int *s)
{
	if (s[threadIdx.x])
		  __syncthreads();
}
