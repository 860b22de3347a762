#version 450
#extension GL_KHR_shader_subgroup_basic : require
// subgroupBarrier() (OpControlBarrier of Subgroup execution scope) where the
// invocations of a sub-group may part (GLSL compute shader, for the SPIR-V
// reader): under gl_SubgroupInvocationID == 0, in a loop that runs
// gl_SubgroupInvocationID times, and under gl_LocalInvocationID.x < 16 (the
// sub-group's size is not known: 16 may not be a multiple of it). Each is
// reported (-Wcollective-divergence) by the golden case
// tests/spirv/collectives/glsl_subgroup_divergent.cmd. A subgroup barrier
// is no barrier of the workgroup: the "expect:" and "check:" markers (as in
// cuda_reduce.cu) are on the barrier() line only.
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Out { uint data[]; } outb;
shared uint buf[64];
void main()
{
	uint t = gl_LocalInvocationID.x;
	buf[t] = t;
	if (gl_SubgroupInvocationID == 0)
		subgroupBarrier();
	for (uint i = 0; i < gl_SubgroupInvocationID; i++) {
		buf[t] += i;
		subgroupBarrier();
	}
	if (t < 16) {
		subgroupBarrier();
		barrier(); // expect: no-rewrite // check: divergent on gl_LocalInvocationID
	}
	outb.data[gl_GlobalInvocationID.x] = buf[t ^ 1];
}
