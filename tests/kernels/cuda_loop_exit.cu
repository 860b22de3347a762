// A loop with a thread-dependent trip count, then a loop with a uniform one
// and a barrier (issue 37, item 5). At -O1 LLVM leaves no preheader
// between them: the first loop's latch branches straight into the second
// loop's header, whose phi takes 0 from that edge. Every thread arrives
// there through that one edge, in whatever iteration it leaves the first
// loop, and the phi is 0 in all of them: the second loop's count and the
// barrier are the same in every thread (ok). With the loops the other way
// round (nest: the thread-dependent loop inside, leaving by the outer
// loop's latch) the same. "expect:" and "check:" as in cuda_reduce.cu.
#define __global__ __attribute__((global))

extern "C" __global__ void seq(int *out, int n)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int j = 0;
	do {
		if (j == n)
			out[j] = 0;
		j++;
	} while (j < (int)t);
#pragma clang loop unroll(disable)
	for (int i = 0; i < 8; i++) {
		__syncthreads(); // expect: no-rewrite // check: ok
		out[i + 1] += i;
	}
}

extern "C" __global__ void nest(int *out, int n)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	for (int i = 0; i < n; i++) {
		__syncthreads(); // expect: no-rewrite // check: ok
		for (int j = 0; j < (int)t; j++)
			if (j == n)
				out[j] = i;
	}
}
