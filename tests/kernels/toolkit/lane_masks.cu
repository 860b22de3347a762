// A half warp's mask made from the lane's index that a call returns, as
// CUB's WarpReduce<T, 16> makes its member mask: cuda::ptx::get_sreg_laneid()
// is a function that nvcc -G keeps, so its result is a call's. A value
// that a context returns as base + lane below the warp's size is the lane
// itself (its base is 0), and 0xffff << (16 * (lane / 16)) names each
// lane's own half there as when inlined. Before, at -G, the mask of each
// shuffle here was reported as one that may differ. The twins, masks
// that name the other half or halves by parity, are
// tests/ptx/collectives/laneid-call-mask.ptx. Markers:
// ../calls/run-calls.py (the toolkit builds).
#include <cuda/ptx>
#include <cub/warp/warp_reduce.cuh>

extern "C" __global__ void own_half(int *out, const int *in)
{
	unsigned lane = cuda::ptx::get_sreg_laneid();
	unsigned m = 0xffffu << (16 * (lane / 16));
	int v = in[threadIdx.x];
	v += __shfl_xor_sync(m, v, 8); // collective: ok
	out[threadIdx.x] = v;
}

// every collective is CUB's own (its headers' lines): none is reported
extern "C" __global__ void cub_half(int *out, const int *in)
{
	using reduce = cub::WarpReduce<int, 16>;
	__shared__ typename reduce::TempStorage tmp[2];
	int s = reduce(tmp[threadIdx.x / 16]).Sum(in[threadIdx.x]);
	if (threadIdx.x % 16 == 0)
		out[threadIdx.x / 16] = s;
}
