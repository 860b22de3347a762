// Warp shuffles inside helpers of a header (cuda_inline_helper.cuh) that
// are always inlined, at -O0 too: each is placed at the kernel's line that
// calls the helper, and "in FUNCTION" says that the report names the
// helper (JSON "inlined", the text's "in inlined function" note). Markers:
// run-collectives.py.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#include "cuda_inline_helper.cuh"

// Lanes 0..7 of each warp: the other 24 never reach the shuffles.
extern "C" __global__ void inline_some_lanes(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	if ((t & 31) < 8)
		v = warp_total(v); // collective: divergent on threadIdx.x in warp_total
	out[t] = v;
}

// Whole warps (t < 64), and then every thread.
extern "C" __global__ void inline_whole_warps(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	if (t < 64)
		v = warp_total(v); // collective: ok
	out[t] = warp_broadcast(v, 0); // collective: ok
}

// The lane read from depends on the thread, which is fine; the shuffle
// after a lane-dependent return is not.
extern "C" __global__ void inline_after_return(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = warp_broadcast(in[t], (int)(t & 3)); // collective: ok
	if ((t & 31) == 5)
		return;
	out[t] = warp_broadcast(v, 0); // collective: divergent on threadIdx.x in warp_broadcast
}
