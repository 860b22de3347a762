// HIP: __syncthreads() and threadIdx are inline functions of a header (HIP's
// own, or, without ROCm, threadconv's prelude, tools/prelude/hip.h), so at
// every optimisation level the barrier's code and the thread id's read are
// inlined from there: each barrier must have its position here, at the
// call. "expect:" as in cuda_reduce.cu.
extern "C" __global__ void inlined(int *out, int n)
{
	__shared__ int buf[256];
	unsigned t = threadIdx.x;
	buf[t] = n;
	if (t % 2 == 0) {
		buf[t] *= 2;
		__syncthreads(); // expect: no-rewrite // check: divergent on threadIdx.x in __syncthreads
	}
	__syncthreads(); // expect: no-rewrite // check: ok
	if (n > 2)
		__syncthreads(); // expect: no-rewrite // check: ok
	out[t] = buf[t ^ 1];
}
