// Barriers under branches on loaded values and on atomics, and after early
// returns (CUDA, without the CUDA headers). "expect:" and "check:" as in
// cuda_reduce.cu.
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define atomicAdd(p, v) __nvvm_atom_add_gen_i((p), (v))

// Loads at a uniform address read one word for all threads (global memory
// indexed by the block id, shared memory at a constant index); a load
// indexed by the thread id does not.
extern "C" __global__ void loads(int *out, const int *arr, int n)
{
	__shared__ int buf[256];
	__shared__ int flag;
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	buf[t] = n;
	if (arr[__nvvm_read_ptx_sreg_ctaid_x()] > 0) {
		out[t] = buf[t ^ 1];
		__syncthreads(); // expect: no-rewrite // check: ok
	}
	if (arr[t] > 0) {
		out[t + 256] = buf[t ^ 2];
		__syncthreads(); // expect: no-rewrite // check: divergent on threadIdx.x
	}
	if (t == 0)
		flag = arr[n];
	__syncthreads(); // expect: rewrite // check: ok
	if (flag > 0) {
		out[t + 512] = buf[t ^ 3];
		__syncthreads(); // expect: no-rewrite // check: ok
	}
}

// The result of an atomic differs between threads. The last-block pattern:
// thread 0 takes a ticket and publishes it in shared memory, and every
// thread reads it back at one address after the barrier.
extern "C" __global__ void atomics(int *out, int *count)
{
	__shared__ int ticket;
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	if (atomicAdd(count, 1) == 0) {
		out[t] = 1;
		__syncthreads(); // expect: no-rewrite // check: divergent
	}
	if (t == 0)
		ticket = atomicAdd(count + 1, 1);
	__syncthreads(); // expect: rewrite // check: ok
	if (ticket == (int)__nvvm_read_ptx_sreg_nctaid_x() - 1) {
		out[t + 256] = 2;
		__syncthreads(); // expect: no-rewrite // check: ok
	}
}

// A return taken by whole blocks, then one taken by some threads only: a
// barrier after it is reached by the threads that stay (a classic bug).
extern "C" __global__ void early_return(int *out, int n)
{
	__shared__ int buf[256];
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	if (__nvvm_read_ptx_sreg_ctaid_x() >= (unsigned)n)
		return;
	buf[t] = n;
	__syncthreads(); // expect: no-rewrite // check: ok
	if (t >= (unsigned)n)
		return;
	buf[t] += 1;
	__syncthreads(); // expect: no-rewrite // check: divergent on threadIdx.x
	out[t] = buf[t ^ 1];
}
