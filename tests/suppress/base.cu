// The findings a baseline is written from (tests/suppress/write-baseline.cmd);
// moved.cu and edited.cu are this file changed.
__global__ void stage(int *s, int n)
{
	if (threadIdx.x < n)
		__syncthreads();
	if (threadIdx.x % 2)
		__syncwarp();
	s[threadIdx.x] = 0;
}

__global__ void other(int *s)
{
	if (s[threadIdx.x])
		__syncthreads();
}
