// base.cu with the text of a finding's line changed, and a finding that
// repeats one of its lines: those two are new, the baseline written from
// base.cu does not match them (tests/suppress/baseline-edited.cmd).
__global__ void stage(int *s, int n)
{
	if (threadIdx.x < n)
		__syncthreads();
	if (threadIdx.x % 2)
		__syncwarp(0xffffffff);
	s[threadIdx.x] = 0;
}

__global__ void other(int *s)
{
	if (s[threadIdx.x])
		__syncthreads();
	if (s[threadIdx.x + 1])
		__syncthreads();
}
