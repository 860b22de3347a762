// Barriers in a loop with two entries (irreducible, made with goto; CUDA,
// without the CUDA headers). "expect:" and "check:" as in cuda_reduce.cu.
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))

// The entry is chosen by the thread id: threads that enter at "second"
// meet the barrier in "first" one time fewer than the others.
extern "C" __global__ void thread_entry(int *out, int n)
{
	__shared__ int buf[256];
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int i = 0;
	buf[t] = n;
	if (t < 4)
		goto second;
first:
	buf[t] += 1;
	__syncthreads(); // expect: rewrite // check: divergent on threadIdx.x
second:
	buf[t] *= 2;
	if (++i < n)
		goto first;
	__syncthreads(); // expect: no-rewrite // check: ok
	out[t] = buf[t ^ 1];
}
