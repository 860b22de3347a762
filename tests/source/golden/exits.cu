// Threads that leave the kernel before a barrier or collective: reported
// under rules of their own (barrier-after-exit, collective-after-exit),
// and the divergent twin, whose threads that skip the barrier reach
// another one, under barrier-divergence (docs/check.md, "Threads that
// have exited").
__global__ void guard(float *x, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	x[i] *= 2.0f;
	__syncthreads();
	x[i] += 1.0f;
}

__global__ void twin(float *x, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n) {
		__syncthreads();
		return;
	}
	x[i] *= 2.0f;
	__syncthreads();
}

__global__ void lanes(float *x, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	x[i] += __shfl_down_sync(0xffffffffu, x[i], 1);
}
