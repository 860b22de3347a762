// Tree reduction in local memory (OpenCL C, builtins left as calls).
// "expect:" and "check:" as in cuda_reduce.cu.
kernel void reduce(global float *out, global const float *in, local float *buf)
{
	unsigned t = get_local_id(0);
	buf[t] = in[get_global_id(0)];
	barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	for (unsigned s = get_local_size(0) / 2; s > 0; s >>= 1) {
		if (t < s)
			buf[t] += buf[t + s];
		barrier(CLK_LOCAL_MEM_FENCE); // expect: rewrite // check: ok
	}
	if (t == 0)
		out[get_group_id(0)] = buf[0];
}
