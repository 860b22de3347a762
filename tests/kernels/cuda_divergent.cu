// A barrier only some threads reach, under a branch on the thread id
// (CUDA, without the CUDA headers). "expect:" as in cuda_reduce.cu;
// "check:" is the verdict of `threadconv check` (see run-kernels.py).
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))

extern "C" __global__ void divergent(int *out, int n)
{
	__shared__ int buf[256];
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	buf[t] = n;
	if (t % 2 == 0) {
		buf[t] *= 2;
		__syncthreads(); // expect: no-rewrite // check: divergent on threadIdx.x
	}
	__syncthreads(); // expect: no-rewrite // check: ok
	out[t] = buf[t ^ 1];
}
