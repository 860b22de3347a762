// Not run by ctest (tests/kernels/CMakeLists.txt globs only the directory
// above): the comments give the correct verdicts, which threadconv does not
// reach yet. Run by hand with
//   tests/kernels/run-kernels.py --bin build/threadconv --clang clang-19 \
//       --work /tmp/k tests/kernels/disputed/cuda_irreducible_uniform.cu
//
// A loop with two entries, chosen by a kernel argument. All threads enter
// at the same label and count i alike, so ++i < n is uniform (LLVM's
// uniformity analysis agrees at -O1 and -O2), every thread runs the barrier
// in "first" equally often, and `threadconv check` should not report it.
// threadconv makes every phi of an irreducible cycle divergent
// (docs/llvm.md, "Phis", rule 4), whatever the entry branch, and reports
// the barrier at -O0, -O1 and -O2. (Assume mode is right: no-rewrite.)
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))

extern "C" __global__ void uniform_entry(int *out, int n, int m)
{
	__shared__ int buf[256];
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int i = 0;
	buf[t] = n;
	if (m > 2)
		goto second;
first:
	buf[t] += 1;
	__syncthreads(); // expect: no-rewrite // check: ok
second:
	buf[t] *= 2;
	if (++i < n)
		goto first;
	__syncthreads(); // expect: no-rewrite // check: ok
	out[t] = buf[t ^ 1];
}
