// Loops whose bounds move with the work-item (OpenCL C; docs/check.md,
// "Affine bounds"). "expect:" and "check:" as in cuda_reduce.cu. A
// difference, or an (in)equality, of two values that move with the same
// multiple of the local id is judged on the rest: it cancels whatever
// wraps, in IR, PTX and SPIR-V alike. The launches in oclgrind/ run them.

// The grid-stride loop: get_global_id(0) is the group's first index plus
// get_local_id(0), so idx - get_local_id(0) is the same in the group.
kernel void global_stride(global int *out, local int *buf, long n)
{
	size_t t = get_local_id(0);
	for (long idx = get_global_id(0); idx - (long)t < n; idx += get_global_size(0)) {
		buf[t] = (int)idx;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
		if (idx < n)
			out[idx] = buf[t ^ 1];
	}
}

// i runs from a + t to b + t: b - a iterations in every work-item.
kernel void equal_bound(global int *out, local int *buf, int a, int b)
{
	int t = (int)get_local_id(0);
	buf[t] = 0;
	for (int i = a + t; i != b + t; i++) {
		buf[t] += i;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	}
	out[get_global_id(0)] = buf[t ^ 1];
}

// The bound moves twice as fast: b - a + t iterations.
kernel void twice(global int *out, local int *buf, int a, int b)
{
	int t = (int)get_local_id(0);
	buf[t] = 0;
	for (int i = a + t; i != b + 2 * t; i++) {
		buf[t] += i;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: divergent on get_local_id(0)
	}
	out[get_global_id(0)] = buf[t ^ 1];
}

// idx - t / 2: another term than the one idx moves with.
kernel void other_term(global int *out, local int *buf, long n)
{
	size_t t = get_local_id(0);
	for (long idx = get_global_id(0); idx - (long)(t / 2) < n; idx += get_global_size(0)) {
		buf[t] = (int)idx;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: divergent on get_local_id(0)
		if (idx < n)
			out[idx] = buf[t ^ 1];
	}
}
