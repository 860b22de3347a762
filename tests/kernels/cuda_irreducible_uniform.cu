// A loop with two entries, chosen by a kernel argument. All threads enter
// at the same label and count i alike, so ++i < n is uniform (LLVM's
// uniformity analysis agrees at -O1 and -O2), every thread runs the barrier
// in "first" equally often, and `threadconv check` does not report it: an
// irreducible cycle entered only through uniform branches is a cycle like
// any other (docs/llvm.md, "Phis"). cuda_irreducible.cu has the same shape
// entered on the thread id.
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
