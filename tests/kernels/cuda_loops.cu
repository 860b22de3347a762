// Barriers in loops: a trip count that depends on the thread id, a uniform
// and a divergent break, nested loops with uniform bounds (CUDA, without the
// CUDA headers). "expect:" and "check:" as in cuda_reduce.cu.
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))

// Thread t runs the loop t times. Assumed well synchronized, all threads
// take each edge into the barrier alike; checked, the barrier diverges.
extern "C" __global__ void thread_loop(int *out)
{
	__shared__ int buf[256];
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	buf[t] = 0;
	for (unsigned i = 0; i < t; i++) {
		buf[t] += i;
		__syncthreads(); // expect: no-rewrite // check: divergent on threadIdx.x
	}
	out[t] = buf[t ^ 1];
}

// A break on a value in shared memory at a uniform address: every thread
// leaves in the same iteration.
extern "C" __global__ void uniform_break(int *out, int n, int m)
{
	__shared__ int buf[256];
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	buf[t] = 0;
	for (int i = 0; i < n; i++) {
		buf[t] += i;
		__syncthreads(); // expect: no-rewrite // check: ok
		if (buf[0] > m)
			break;
		__syncthreads(); // expect: no-rewrite // check: ok
	}
	__syncthreads(); // expect: no-rewrite // check: ok
	out[t] = buf[t ^ 1];
}

// A break on a thread's own element: threads leave in different
// iterations, and the barrier in the loop diverges.
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
	out[t] = buf[t ^ 1];
}

// Nested loops over kernel arguments with two barriers in the inner one
// (a tiled sum), and a triangular nest whose inner bound is the outer
// counter (uniform as well).
extern "C" __global__ void nested(float *out, const float *in, int n, int m)
{
	__shared__ float tile[256];
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	float acc = 0;
	for (int i = 0; i < n; i++) {
		for (int j = 0; j < m; j++) {
			tile[t] = in[(i * m + j) * 256 + t];
			__syncthreads(); // expect: no-rewrite // check: ok
			acc += tile[(t + 1) % 256];
			__syncthreads(); // expect: no-rewrite // check: ok
		}
	}
	for (int i = 0; i < n; i++) {
		for (int j = 0; j <= i; j++) {
			tile[t] = acc + j;
			__syncthreads(); // expect: no-rewrite // check: ok
			acc += tile[t ^ 1];
		}
	}
	out[t] = acc;
}
