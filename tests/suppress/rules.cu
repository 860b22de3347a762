// A finding of each of three rules (tests/suppress/w*.cmd), for -W,
// -Werror and --warnings-as-errors
__global__ void rules(int *s)
{
	int v = s[threadIdx.x];
	if (threadIdx.x < 16)
		__syncthreads();
	if (threadIdx.x % 2)
		__syncwarp();
	s[threadIdx.x] = __shfl_sync(1u << threadIdx.x, v, 0);
}
