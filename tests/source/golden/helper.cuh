// an inline helper of a header, as a library of kernels has them
static __device__ __forceinline__ void block_sync(void)
{
	__syncthreads();
}
