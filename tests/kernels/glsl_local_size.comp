#version 450
// Barriers under branches on the invocation's index in a dimension the
// workgroup's declared size makes 1 (local_size_y = 1, local_size_z = 1):
// there gl_LocalInvocationID is 0 and gl_GlobalInvocationID the
// workgroup's index, the same in the whole workgroup, so the barriers are
// reached by all or by none. A branch on the x index, where the size is 64,
// still divides the workgroup. "expect:" and "check:" as in cuda_reduce.cu.
layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;
layout(std430, binding = 0) buffer Out { uint data[]; } outb;
shared uint buf[64];
void main()
{
	uint t = gl_LocalInvocationID.x;
	buf[t] = gl_GlobalInvocationID.y;
	if (gl_LocalInvocationID.y == 0) {
		buf[t] += 1;
		barrier(); // expect: no-rewrite // check: ok
	}
	if (gl_GlobalInvocationID.z < 4) {
		buf[t] += 2;
		barrier(); // expect: no-rewrite // check: ok
	}
	for (uint k = gl_GlobalInvocationID.y; k < 8; k++) {
		buf[t] += k;
		barrier(); // expect: no-rewrite // check: ok
	}
	if (gl_LocalInvocationID.x < 32) {
		buf[t] += 3;
		barrier(); // expect: no-rewrite // check: divergent on gl_LocalInvocationID
	}
	outb.data[gl_GlobalInvocationID.x] = buf[t ^ 1];
}
