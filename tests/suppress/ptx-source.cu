// The source that nolint.ptx's line information names
// (tests/suppress/nolint-ptx.cmd); the PTX is written by hand.
__global__ void k(int *s)
{
	if (threadIdx.x < 16) {
		__syncthreads(); // NOLINT(barrier-divergence)
		__syncthreads();
	}
}
