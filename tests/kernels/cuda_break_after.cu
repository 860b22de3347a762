// A barrier after a loop that a divergent break leaves, with a barrier in
// the loop (CUDA, without the CUDA headers; "expect:" and "check:" as in
// cuda_reduce.cu). Assumed well synchronized, every thread passes the loop
// barrier equally often, so all threads that reach the latch are in the same
// iteration and agree on i + 1 < n: the loop counter is uniform inside the
// loop (it is not a join of the break: only the body reaches the header, see
// docs/llvm.md, "Phis", rule 2), each edge into the last barrier is taken by
// all threads or by none, and that barrier needs no rewrite.
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))

extern "C" __global__ void divergent_break(int *out, int n, int m)
{
	__shared__ int buf[256];
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	buf[t] = t;
	for (int i = 0; i < n; i++) {
		if (buf[t] > m)
			break;
		buf[t] += i;
		__syncthreads(); // expect: no-rewrite // check: divergent on threadIdx.x
	}
	__syncthreads(); // expect: no-rewrite // check: ok
	out[t] = buf[t ^ 1];
}
