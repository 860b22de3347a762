// Barriers under branches all threads of a block take alike, and in a loop
// over a kernel argument (CUDA, without the CUDA headers). "expect:" as in
// cuda_reduce.cu.
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))

extern "C" __global__ void stages(int *out, int n)
{
	__shared__ int buf[256];
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	if (__nvvm_read_ptx_sreg_ctaid_x() == 0) {
		buf[t] = 1;
		__syncthreads(); // expect: no-rewrite // check: ok
	}
	for (int i = 0; i < n; i++) {
		buf[t] += i;
		__syncthreads(); // expect: no-rewrite // check: ok
	}
	if (t < 32)
		out[t] = buf[t];
	__syncthreads(); // expect: rewrite // check: ok
	out[t + 32] = buf[0];
}
