#version 450
// Tree reduction in shared memory (GLSL compute shader, for the SPIR-V
// reader), as cuda_reduce.cu and cl_reduce.cl. "expect:" and "check:" as in
// cuda_reduce.cu. The first barrier is in straight-line code. The loop
// barrier comes right after the join of if (t < s): invocations reach it
// from the arm or past it (rewrite), but every one reaches it once per
// iteration, and s runs from gl_WorkGroupSize.x / 2 down alike everywhere
// (ok: the counter is uniform, since the loop's branches are).
layout(local_size_x = 256) in;
layout(std430, binding = 0) readonly buffer In { float v[]; } inb;
layout(std430, binding = 1) buffer Out { float v[]; } outb;
shared float buf[256];
void main()
{
	uint t = gl_LocalInvocationID.x;
	buf[t] = inb.v[gl_GlobalInvocationID.x];
	barrier(); // expect: no-rewrite // check: ok
	for (uint s = gl_WorkGroupSize.x / 2; s > 0; s >>= 1) {
		if (t < s)
			buf[t] += buf[t + s];
		barrier(); // expect: rewrite // check: ok
	}
	if (t == 0)
		outb.v[gl_WorkGroupID.x] = buf[0];
}
