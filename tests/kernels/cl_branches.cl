// Barriers under branches on kernel arguments, short-circuit conditions, a
// flag set by some work-items, and switches (OpenCL C). "expect:" and
// "check:" as in cuda_reduce.cu.

// A branch on a kernel argument: all work-items take the same edge, so the
// joins after it are convergent too.
kernel void argument(global int *out, local int *buf, int n, int m)
{
	size_t t = get_local_id(0);
	buf[t] = m;
	if (n > 0) {
		out[t] = buf[t ^ 1];
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	}
	if (m > 4)
		out[t + 256] = n;
	barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	out[t + 512] = buf[t ^ 2];
}

// && with one work-item-dependent operand, and with uniform operands only.
kernel void short_circuit(global int *out, local int *buf, int n, int m)
{
	size_t t = get_local_id(0);
	buf[t] = m;
	if (n > 0 && t < 8) {
		out[t] = buf[t ^ 1];
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: divergent on get_local_id(0)
	}
	if (n > 0 && m < 8) {
		out[t + 256] = buf[t ^ 2];
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	}
	if (n > 1 && t < 16)
		out[t + 512] = n;
	barrier(CLK_LOCAL_MEM_FENCE); // expect: rewrite // check: ok
	if (n > 2 && m < 16)
		out[t + 768] = m;
	barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	out[t + 1024] = buf[t ^ 3];
}

// A flag that only work-item 0 sets decides a barrier; one that a kernel
// argument sets does not.
kernel void flag(global int *out, int n)
{
	size_t t = get_local_id(0);
	bool f = false;
	if (t == 0)
		f = true;
	if (f)
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: divergent
	bool g = false;
	if (n > 3)
		g = true;
	if (g)
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	out[t] = n;
}

// A switch on a kernel argument, and two on the local id. Assumed well
// synchronized, all work-items go to case 0 of the first, or all to case 2, or
// all to neither, so each edge into the barrier after it is taken by all or
// by none; cases 1 and 3 of the second and the work-items of neither reach
// the last barrier by different edges.
kernel void switches(global int *out, local int *buf, int mode)
{
	size_t t = get_local_id(0);
	buf[t] = mode;
	switch (mode) {
	case 0:
		out[t] = 1;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
		break;
	case 1:
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
		out[t] = buf[t ^ 1];
		break;
	default:
		out[t] = 2;
	}
	barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	switch (t % 4) {
	case 0:
		out[t + 256] = 1;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: divergent on get_local_id(0)
		break;
	case 2:
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: divergent on get_local_id(0)
		out[t + 256] = buf[t ^ 2];
		break;
	}
	barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	switch (t % 4) {
	case 1:
		out[t + 512] = 1;
		break;
	case 3:
		out[t + 512] = 3;
		break;
	}
	barrier(CLK_LOCAL_MEM_FENCE); // expect: rewrite // check: ok
	out[t + 768] = buf[t ^ 3];
}
