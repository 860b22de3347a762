// Barriers in functions that are not inlined: each is judged in every
// calling context, and reported at its own line with the calls that lead
// to it (docs/check.md, "Barriers in called functions").
__device__ __noinline__ void stage(int *s, unsigned n)
{
	if (n < 16)
		__syncthreads();
	s[n] = 1;
}

__device__ __noinline__ void outer(int *s, unsigned n)
{
	stage(s, n + 1);
}

__device__ __noinline__ unsigned parity(void)
{
	return blockIdx.x & 1;
}

__device__ __noinline__ void lonely(int *s)
{
	if (s[threadIdx.x])
		__syncthreads();
}

__global__ void k(int *s)
{
	stage(s, blockIdx.x);
	outer(s, threadIdx.x);
	if (parity())
		__syncthreads();
}
