// Barriers in a loop with two entries (irreducible, made with goto; OpenCL
// C). "expect:" and "check:" as in cuda_reduce.cu.

// The entry is chosen by the local id: work-items that enter at "second"
// meet the barrier in "first" one time fewer than the others.
kernel void thread_entry(global int *out, local int *buf, int n)
{
	size_t t = get_local_id(0);
	int i = 0;
	buf[t] = n;
	if (t < 4)
		goto second;
first:
	buf[t] += 1;
	barrier(CLK_LOCAL_MEM_FENCE); // expect: rewrite // check: divergent on get_local_id(0)
second:
	buf[t] *= 2;
	if (++i < n)
		goto first;
	barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	out[t] = buf[t ^ 1];
}
