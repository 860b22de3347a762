// Loops whose bounds move with the thread (CUDA, without the CUDA headers;
// docs/check.md, "Affine bounds"). "expect:" and "check:" as in
// cuda_reduce.cu. A value u + k*tid compared with, or taken from, another
// u' + k*tid is u against u': the same in every thread when u and u' are.
// A difference cancels whatever wraps, so it is uniform in PTX too; an
// ordered comparison cancels only where the sums are known not to wrap
// (IR's nsw), which PTX does not say: there the loop stays reported
// ("ptx-check:", run-kernels.py).
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))

// Every thread runs (b - a) / c iterations: both sides move with tid.
extern "C" __global__ void affine_bound(int *out, int a, int b, int c)
{
	__shared__ int buf[256];
	int tid = (int)__nvvm_read_ptx_sreg_tid_x();
	buf[tid] = 0;
	for (int t = a + tid; t < b + tid; t += c) {
		buf[tid] += t;
		__syncthreads(); // expect: no-rewrite // check: ok // ptx-check: divergent on threadIdx.x
	}
	out[tid] = buf[tid ^ 1];
}

// The grid-stride loop of cuCollections' kernels: idx starts at the global
// index and every thread of the block leaves when idx - tid (the block's
// first index plus the strides, the same in the block) reaches n.
extern "C" __global__ void block_stride(int *out, long n)
{
	__shared__ int buf[256];
	long tid = __nvvm_read_ptx_sreg_tid_x();
	long idx = tid + (long)__nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x();
	long stride = (long)__nvvm_read_ptx_sreg_nctaid_x() * __nvvm_read_ptx_sreg_ntid_x();
	while (idx - tid < n) {
		buf[tid] = (int)idx;
		__syncthreads(); // expect: no-rewrite // check: ok
		if (idx < n)
			out[idx] = buf[tid ^ 1];
		idx += stride;
	}
}

// The bound moves twice as fast as the counter: thread t runs
// (b - a + t) / c iterations.
extern "C" __global__ void faster_bound(int *out, int a, int b, int c)
{
	__shared__ int buf[256];
	int tid = (int)__nvvm_read_ptx_sreg_tid_x();
	buf[tid] = 0;
	for (int t = a + tid; t < b + 2 * tid; t += c) {
		buf[tid] += t;
		__syncthreads(); // expect: no-rewrite // check: divergent on threadIdx.x
	}
	out[tid] = buf[tid ^ 1];
}

// The counter moves three times as fast as the bound: the coefficients
// differ the other way.
extern "C" __global__ void faster_counter(int *out, int a, int b, int c)
{
	__shared__ int buf[256];
	int tid = (int)__nvvm_read_ptx_sreg_tid_x();
	buf[tid] = 0;
	for (int t = a + 3 * tid; t < b + tid; t += c) {
		buf[tid] += t;
		__syncthreads(); // expect: no-rewrite // check: divergent on threadIdx.x
	}
	out[tid] = buf[tid ^ 1];
}

// The difference takes away another thread term (tid / 2, not tid): it
// still depends on the thread.
extern "C" __global__ void other_term(int *out, long n)
{
	__shared__ int buf[256];
	long tid = __nvvm_read_ptx_sreg_tid_x();
	long idx = tid + (long)__nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x();
	long stride = (long)__nvvm_read_ptx_sreg_nctaid_x() * __nvvm_read_ptx_sreg_ntid_x();
	while (idx - tid / 2 < n) {
		buf[tid] = (int)idx;
		__syncthreads(); // expect: no-rewrite // check: divergent on threadIdx.x
		if (idx < n)
			out[idx] = buf[tid ^ 1];
		idx += stride;
	}
}

// Unsigned, the sums may wrap: a + tid < b + tid is not a < b (a near
// 2^32 wraps in some threads only).
extern "C" __global__ void unsigned_bound(int *out, unsigned a, unsigned b, unsigned c)
{
	__shared__ int buf[256];
	unsigned tid = __nvvm_read_ptx_sreg_tid_x();
	buf[tid] = 0;
	for (unsigned t = a + tid; t < b + tid; t += c) {
		buf[tid] += t;
		__syncthreads(); // expect: no-rewrite // check: divergent on threadIdx.x
	}
	out[tid] = buf[tid ^ 1];
}
