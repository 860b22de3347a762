// Barriers after tests of the thread's index against the most threads a
// block has, __launch_bounds__(256) (CUDA, without the CUDA headers; the IR
// lists it as maxntidx in !nvvm.annotations, the PTX as .maxntid 256, 1, 1).
// That bounds the block's total, so each index: threadIdx.x and threadIdx.y
// are below 256 whatever the block's shape (a block of 16 x 16 is as valid
// as one of 256), and threadIdx.x >= 256 is false in every thread: the
// return on it is taken by none, the barriers after it are reached by the
// whole block (ok). The same with "|| flag", a kernel argument. The bound
// says nothing of one dimension's size: a test against less than 256 (128)
// divides the block (divergent). LLVM folds the tests against 256 away
// when it optimises (its NVVMIntrRange pass reads the same bound); the IR
// at -O0 and the PTX at -O0 keep them. "expect:" and "check:" as in
// cuda_reduce.cu.
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __launch_bounds__(n) __attribute__((launch_bounds(n)))

extern "C" __launch_bounds__(256) __global__ void bounded(int *out, int flag)
{
	__shared__ int buf[256];
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	if (t >= 256)
		return;
	buf[t] = 1;
	__syncthreads(); // expect: no-rewrite // check: ok
	if (__nvvm_read_ptx_sreg_tid_y() >= 256 || flag)
		return;
	buf[t] += 2;
	__syncthreads(); // expect: no-rewrite // check: ok
	if ((int)__nvvm_read_ptx_sreg_tid_x() < 256) {
		buf[t] += 3;
		__syncthreads(); // expect: no-rewrite // check: ok
	}
	out[t] = buf[t ^ 1];
}

extern "C" __launch_bounds__(256) __global__ void below(int *out, int flag)
{
	__shared__ int buf[256];
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	if (t >= 128 || flag)
		return;
	buf[t] = 1;
	__syncthreads(); // expect: no-rewrite // check: divergent on threadIdx.x
	out[t] = buf[t ^ 1];
}
