// Barriers under branches on kernel arguments, short-circuit conditions, a
// flag set by some threads, and switches (CUDA, without the CUDA headers).
// "expect:" and "check:" as in cuda_reduce.cu.
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))

// A branch on a kernel argument: all threads take the same edge, so the
// joins after it are convergent too.
extern "C" __global__ void argument(int *out, int n, int m)
{
	__shared__ int buf[256];
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	buf[t] = m;
	if (n > 0) {
		out[t] = buf[t ^ 1];
		__syncthreads(); // expect: no-rewrite // check: ok
	}
	if (m > 4)
		out[t + 256] = n;
	__syncthreads(); // expect: no-rewrite // check: ok
	out[t + 512] = buf[t ^ 2];
}

// && with one thread-dependent operand, and with uniform operands only.
extern "C" __global__ void short_circuit(int *out, int n, int m)
{
	__shared__ int buf[256];
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	buf[t] = m;
	if (n > 0 && t < 8) {
		out[t] = buf[t ^ 1];
		__syncthreads(); // expect: no-rewrite // check: divergent on threadIdx.x
	}
	if (n > 0 && m < 8) {
		out[t + 256] = buf[t ^ 2];
		__syncthreads(); // expect: no-rewrite // check: ok
	}
	if (n > 1 && t < 16)
		out[t + 512] = n;
	__syncthreads(); // expect: rewrite // check: ok
	if (n > 2 && m < 16)
		out[t + 768] = m;
	__syncthreads(); // expect: no-rewrite // check: ok
	out[t + 1024] = buf[t ^ 3];
}

// A flag that only thread 0 sets decides a barrier; one that a kernel
// argument sets does not.
extern "C" __global__ void flag(int *out, int n)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	bool f = false;
	if (t == 0)
		f = true;
	if (f)
		__syncthreads(); // expect: no-rewrite // check: divergent
	bool g = false;
	if (n > 3)
		g = true;
	if (g)
		__syncthreads(); // expect: no-rewrite // check: ok
	out[t] = n;
}

// A switch on a kernel argument, and two on the thread id. Assumed well
// synchronized, all threads go to case 0 of the first, or all to case 2, or
// all to neither, so each edge into the barrier after it is taken by all or
// by none; cases 1 and 3 of the second and the threads of neither reach
// the last barrier by different edges.
extern "C" __global__ void switches(int *out, int mode)
{
	__shared__ int buf[256];
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	buf[t] = mode;
	switch (mode) {
	case 0:
		out[t] = 1;
		__syncthreads(); // expect: no-rewrite // check: ok
		break;
	case 1:
		__syncthreads(); // expect: no-rewrite // check: ok
		out[t] = buf[t ^ 1];
		break;
	default:
		out[t] = 2;
	}
	__syncthreads(); // expect: no-rewrite // check: ok
	switch (t % 4) {
	case 0:
		out[t + 256] = 1;
		__syncthreads(); // expect: no-rewrite // check: divergent on threadIdx.x
		break;
	case 2:
		__syncthreads(); // expect: no-rewrite // check: divergent on threadIdx.x
		out[t + 256] = buf[t ^ 2];
		break;
	}
	__syncthreads(); // expect: no-rewrite // check: ok
	switch (t % 4) {
	case 1:
		out[t + 512] = 1;
		break;
	case 3:
		out[t + 512] = 3;
		break;
	}
	__syncthreads(); // expect: rewrite // check: ok
	out[t + 768] = buf[t ^ 3];
}
