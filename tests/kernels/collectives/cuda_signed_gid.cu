// The warp of the grid from a signed global index: gid = blockIdx.x *
// blockDim.x + threadIdx.x is never negative (no factor is, and int
// overflow is undefined), so gid / 32 is gid >> 5, the same in every lane
// of a warp. Markers: run-collectives.py; see README.md.
#define __global__ __attribute__((global))
#define FULL 0xffffffffu

extern "C" __global__ void signed_gid(int *out, const int *in)
{
	int tid = __nvvm_read_ptx_sreg_tid_x();
	int gid = __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() + tid;
	int v = in[gid];
	if (gid / 32 == 5)
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, 1, 0x1f); // collective: ok
	if ((gid / 32) % 2 == 0)
		v += __nvvm_shfl_sync_bfly_i32(FULL, v, 2, 0x1f); // collective: ok
	out[gid] = v;
}
