#version 450
// Barriers under branches on gl_WorkGroupID and gl_NumWorkGroups (GLSL
// compute shader, for the SPIR-V reader), as stages in cuda_uniform.cu and
// cl_stages.cl. "expect:" and "check:" as in cuda_reduce.cu. Both are the
// same for every invocation of a workgroup, so every branch on them goes
// one way for the whole workgroup, and so does a loop over them: the
// barriers in their arms and bodies are reached by all or by none, and
// each edge into the barriers after their joins is taken by all or by none.
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Out { uint data[]; } outb;
shared uint buf[64];
void main()
{
	uint t = gl_LocalInvocationID.x;
	buf[t] = gl_NumWorkGroups.x;
	if (gl_WorkGroupID.x == 0) {
		buf[t] += 1;
		barrier(); // expect: no-rewrite // check: ok
	}
	if (gl_WorkGroupID.x + 1 < gl_NumWorkGroups.x)
		outb.data[gl_GlobalInvocationID.x] = buf[t ^ 1];
	barrier(); // expect: no-rewrite // check: ok
	if (gl_NumWorkGroups.y > 1) {
		outb.data[gl_GlobalInvocationID.x] += buf[t ^ 2];
		barrier(); // expect: no-rewrite // check: ok
	}
	for (uint g = gl_WorkGroupID.x; g < gl_NumWorkGroups.x; g += 8) {
		buf[t] += g;
		barrier(); // expect: no-rewrite // check: ok
	}
	outb.data[gl_GlobalInvocationID.x] = buf[t ^ 3];
}
