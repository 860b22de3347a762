// Barriers that only some work-items reach: under a branch on the local
// id, and under a uniform branch nested in one. "expect:" as in
// cuda_reduce.cu; "check:" is the verdict of `threadconv check` (see
// run-kernels.py).
kernel void divergent(global int *out, local int *buf, int n)
{
	size_t t = get_local_id(0);
	buf[t] = n;
	if (t < 16) {
		buf[t] += 1;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: divergent on get_local_id(0)
	}
	if (get_global_id(0) > 7) {
		if (n > 2)
			barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: divergent on get_global_id(0)
	}
	out[t] = buf[t];
}
