// Warp shuffles in loops. Markers: run-collectives.py.
#define __global__ __attribute__((global))
#define FULL 0xffffffffu

// A block-stride loop: lane i runs while i < n, so in the last round only
// the lanes below n % 32 shuffle (n is any count). No "on threadIdx.x": at
// -O0 the loop test reads the counter from its stack slot, which holds
// threadIdx.x or the last i + blockDim.x, a merge of two stores that the
// cause note does not look through (docs/check.md, "What the branch
// depends on": not through a phi or a load); at -O1 and -O2 the guard
// before the rotated loop names threadIdx.x.
extern "C" __global__ void block_stride(int *out, const int *in, unsigned n)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int s = 0;
	for (unsigned i = t; i < n; i += __nvvm_read_ptx_sreg_ntid_x())
		s += __nvvm_shfl_sync_bfly_i32(FULL, in[i], 1, 0x1f); // collective: divergent
	out[t] = s;
}

// The same loop to n rounded up to a multiple of 32: i = base + lane with
// base a multiple of 32 (blockDim.x is one), so the test i < m goes the same
// way in a whole warp; the lanes past n shuffle a zero.
extern "C" __global__ void block_stride_rounded(int *out, const int *in, unsigned n)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	unsigned m = (n + 31) & ~31u;
	int s = 0;
	for (unsigned i = t; i < m; i += __nvvm_read_ptx_sreg_ntid_x()) {
		int x = i < n ? in[i] : 0;
		s += __nvvm_shfl_sync_bfly_i32(FULL, x, 1, 0x1f); // collective: ok
	}
	out[t] = s;
}

// A loop over warp ids: the warp w handles rows w, w + warps, ... of 32
// elements; every lane of a warp runs the same rounds.
extern "C" __global__ void warp_rows(int *out, const int *in, unsigned rows)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	unsigned lane = t & 31;
	unsigned warps = __nvvm_read_ptx_sreg_ntid_x() / 32;
	for (unsigned w = t / 32; w < rows; w += warps) {
		int v = in[w * 32 + lane];
		for (int d = 16; d > 0; d >>= 1)
			v += __nvvm_shfl_sync_down_i32(FULL, v, d, 0x1f); // collective: ok
		if (lane == 0)
			out[w] = v;
	}
}

// A loop whose trip count is the lane's own element: lanes stop at
// different rounds.
extern "C" __global__ void data_loop(int *out, const int *in)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int v = 0;
	for (int k = 0; k < in[t]; k++)
		v = __nvvm_shfl_sync_idx_i32(FULL, v + k, 0, 0x1f); // collective: divergent on threadIdx.x
	out[t] = v;
}
