// Warp reductions (__reduce_*_sync: __nvvm_redux_sync_*, the value first,
// the mask second), which need sm_80. Markers: run-collectives.py.
// arch: sm_80
#define __global__ __attribute__((global))
#define FULL 0xffffffffu

// The first warp, whole; then lane 3 of each warp alone.
extern "C" __global__ void redux(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = in[t];
	if (t < 32)
		v = __nvvm_redux_sync_add(v, FULL); // collective: ok
	if ((t & 31) == 3)
		v = __nvvm_redux_sync_umax(v, FULL); // collective: divergent on threadIdx.x
	out[t] = v;
}
