// NOLINTBEGIN and NOLINTEND that do not pair (tests/suppress/unmatched.cmd):
// each is an error, and the command writes no report
__global__ void k(int *s)
{
	// NOLINTEND(barrier-divergence): closes nothing
	// NOLINTBEGIN(barrier-divergence)
	if (threadIdx.x < 16)
		__syncthreads();
	// NOLINTEND: not the same list, so it closes nothing either
	s[threadIdx.x] = 0;
}
