// Loops as LLVM 15's SPIR-V translator writes them at -O1: blocks before
// their dominators, more than one merge instruction in a block, and merge
// instructions that are not just before their block's branch.
kernel void thread_loop(global int *out, local int *buf)
{
	size_t t = get_local_id(0);
	buf[t] = 0;
	for (size_t i = 0; i < t; i++) {
		buf[t] += i;
		barrier(CLK_LOCAL_MEM_FENCE);
	}
	out[t] = buf[t ^ 1];
}

kernel void nested(global float *out, global const float *in, local float *tile, int n, int m)
{
	size_t t = get_local_id(0);
	float acc = 0;
	for (int i = 0; i < n; i++) {
		for (int j = 0; j < m; j++) {
			tile[t] = in[(i * m + j) * get_local_size(0) + t];
			barrier(CLK_LOCAL_MEM_FENCE);
			acc += tile[(t + 1) % get_local_size(0)];
			barrier(CLK_LOCAL_MEM_FENCE);
		}
	}
	out[t] = acc;
}
