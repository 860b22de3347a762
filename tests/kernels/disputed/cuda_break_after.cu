// Not run by ctest (tests/kernels/CMakeLists.txt globs only the directory
// above): the comments give the correct verdicts, which threadconv does not
// reach yet. Run by hand with
//   tests/kernels/run-kernels.py --bin build/threadconv --clang clang-19 \
//       --work /tmp/k tests/kernels/disputed/cuda_break_after.cu
//
// A barrier after a loop that a divergent break leaves. Assumed well
// synchronized, every thread passes the loop barrier equally often, so all
// threads that reach the latch are in the same iteration and agree on
// i + 1 < n: the loop counter is uniform inside the loop (as LLVM's
// uniformity analysis has it), each edge into the last barrier is taken by
// all threads or by none, and that barrier needs no rewrite. threadconv
// makes the loop header a join of the divergent break (docs/llvm.md,
// "Phis", rule 2), so the latch is divergent and the last barrier gets
// "rewrite" at -O0, -O1 and -O2.
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))

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
	__syncthreads(); // expect: no-rewrite // check: ok
	out[t] = buf[t ^ 1];
}
