// Not run by ctest (tests/kernels/CMakeLists.txt globs only the directory
// above): the comments give the correct verdicts, which threadconv does not
// reach yet. Run by hand with
//   tests/kernels/run-kernels.py --bin build/threadconv --clang clang-19 \
//       --work /tmp/k tests/kernels/disputed/cuda_vote.cu
//
// __syncthreads_or (here the clang builtin __nvvm_bar0_or, which is
// llvm.nvvm.barrier0.or) is a barrier that returns the same value to every
// thread of the block: non-zero when the predicate is non-zero for any of
// them. A branch on it is uniform, so `threadconv check` should not report
// the barrier under it. threadconv takes the results of barrier calls to
// be divergent (docs/llvm.md, "Uniform branches": "__syncthreads_count is
// in fact uniform; not yet used") and reports it at -O0, -O1 and -O2.
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
