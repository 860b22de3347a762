// HIP's __syncthreads() and threadIdx are inline functions of a header
// (here threadconv's own prelude, in place of HIP's): the warnings are at
// the lines of this file that call them
__global__ void k(int *a)
{
	unsigned t = threadIdx.x;
	if (t < 16)
		__syncthreads();
	a[t] = 1;
}
