// work_group_any (OpenCL C 2.0) returns the same value to every work-item
// of the group, whatever each passes, so a branch on it is uniform and
// `threadconv check` does not report the barrier under it (docs/llvm.md,
// "Uniform branches"; libclc 19 does not define it, so it stays a call in
// the libclc variants too). "expect:" and "check:" as in cuda_reduce.cu.
kernel void any(global int *out, int n)
{
	size_t t = get_local_id(0);
	if (work_group_any(t == 0)) {
		out[t] = 1;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	}
	out[t + 1] = n;
}
