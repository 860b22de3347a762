// A barrier under a branch on the group id, one after a branch on the
// local id, and work_group_barrier (OpenCL C 2.0). "expect:" as in
// cuda_reduce.cu.
kernel void stages(global int *out, local int *buf, int n)
{
	size_t t = get_local_id(0);
	buf[t] = n;
	if (get_group_id(0) == 1) {
		buf[t] += 1;
		work_group_barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	}
	if (t < 8)
		out[t] = buf[t];
	barrier(CLK_LOCAL_MEM_FENCE); // expect: rewrite // check: ok
	out[t + 8] = buf[0];
}
