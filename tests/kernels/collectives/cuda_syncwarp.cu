// __syncwarp (__nvvm_bar_warp_sync) with the full mask waits for all 32
// lanes of the warp. Markers: run-collectives.py.
#define __global__ __attribute__((global))
#define FULL 0xffffffffu

// Only lane 0 of each warp: the other 31 lanes named by the mask never
// arrive.
extern "C" __global__ void lane_zero_syncwarp(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	if ((t & 31) == 0) {
		out[t] = v;
		__nvvm_bar_warp_sync(FULL); // collective: divergent on threadIdx.x
	}
	out[t + 1] = v;
}

// Whole warps: (t >> 5) == 1 is the second warp, t / 32 < 3 the first
// three, t & ~31 the warp's first thread; each warp goes one way.
extern "C" __global__ void whole_warps_syncwarp(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	if ((t >> 5) == 1) {
		out[t] = v;
		__nvvm_bar_warp_sync(FULL); // collective: ok
	}
	if (t / 32 < 3) {
		out[t + 1] = v;
		__nvvm_bar_warp_sync(FULL); // collective: ok
	}
	if ((t & ~31u) != 128) {
		out[t + 2] = v;
		__nvvm_bar_warp_sync(FULL); // collective: ok
	}
	out[t + 3] = v;
}

// Lanes 0..15 of every warp: half a warp.
extern "C" __global__ void half_warp_syncwarp(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	if (t % 32 < 16) {
		out[t] = in[t];
		__nvvm_bar_warp_sync(FULL); // collective: divergent on threadIdx.x
	}
	out[t + 1] = in[t + 1];
}
