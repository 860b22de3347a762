// Warp reductions (sm_80) for compare-ir.py (README.md): the NVPTX back end
// writes redux.sync's mask in a register (mov.b32 %r, -1), which counts as
// the full mask.
#define __global__ __attribute__((global))
#define FULL 0xffffffffu

extern "C" __global__ void redux(int *out)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = out[t];
	if (t < 64)
		v = __nvvm_redux_sync_add(v, FULL); // whole warps: ok
	if (t & 4)
		v = __nvvm_redux_sync_umax(v, FULL); // some lanes: reported
	if (__nvvm_redux_sync_or(v, FULL) & 1)
		__nvvm_bar_warp_sync(FULL); // the reduction is the warp's: ok
	out[t] = v;
}
