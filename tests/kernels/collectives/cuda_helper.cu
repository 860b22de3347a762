// A warp reduction in a helper that is not inlined: the call is listed at
// its call site (JSON kind "call", no finding itself: its marker says
// whether whole warps make it), and the shuffle inside is judged in every
// calling context, reported at its own line. Markers: run-collectives.py.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define FULL 0xffffffffu

__attribute__((noinline)) __device__ int warp_sum(int v)
{
	for (int d = 16; d > 0; d >>= 1)
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, d, 0x1f); // collective: divergent
	return v;
}

// Lanes 0..7 of each warp call it: the other 24 never reach the shuffles.
extern "C" __global__ void helper_some_lanes(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	if ((t & 31) < 8)
		v = warp_sum(v); // collective: divergent
	out[t] = v;
}

// Every thread, and then the first two warps.
extern "C" __global__ void helper_whole_warps(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = warp_sum(in[t]); // collective: ok
	if (t < 64)
		v = warp_sum(v); // collective: ok
	out[t] = v;
}
