// an inline helper of a header, as a library of kernels has them
static __device__ __forceinline__ void block_sync(void)
{
	__syncthreads();
}

// a step of a warp reduction, as such a library has them
static __device__ __forceinline__ int lane_sum(int v)
{
	return v + __shfl_xor_sync(0xffffffffu, v, 1);
}
