// NOLINT comments in a CUDA source (tests/suppress/nolint-cu.cmd): in each
// kernel a barrier and a __syncwarp are reached by only some threads, and
// the comments decide which are reported.
__global__ void same_line(int *s)
{
	if (threadIdx.x < 16) {
		__syncthreads(); __syncwarp(); // NOLINT(barrier-divergence): the __syncwarp stays
	}
	s[threadIdx.x] = 0;
}

__global__ void c_comment(int *s)
{
	if (threadIdx.x < 16) {
		__syncthreads(); __syncwarp(); /* NOLINT */
	}
	s[threadIdx.x] = 0;
}

__global__ void next_line(int *s)
{
	if (threadIdx.x < 16) {
		// NOLINTNEXTLINE(collective-*, barrier-divergence)
		__syncthreads(); __syncwarp();
		__syncthreads();
	}
	s[threadIdx.x] = 0;
}

__global__ void block(int *s)
{
	if (threadIdx.x < 16) {
		// NOLINTBEGIN(barrier-divergence)
		__syncthreads();
		__syncwarp();
		__syncthreads();
		// NOLINTEND(barrier-divergence)
		__syncthreads();
	}
	s[threadIdx.x] = 0;
}
