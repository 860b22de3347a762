// __syncthreads_or (here the clang builtin __nvvm_bar0_or, which is
// llvm.nvvm.barrier0.or) is a barrier that returns the same value to every
// thread of the block: non-zero when the predicate is non-zero for any of
// them, whatever each thread passes. A branch on it is uniform, so
// `threadconv check` does not report the barrier under it (docs/llvm.md,
// "Uniform branches"). "expect:" and "check:" as in cuda_reduce.cu.
#define __global__ __attribute__((global))

extern "C" __global__ void vote(int *out, int n)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	if (__nvvm_bar0_or(t == 0)) { // expect: no-rewrite // check: ok
		out[t] = 1;
		__syncthreads(); // expect: no-rewrite // check: ok
	}
	out[t] = n;
}
