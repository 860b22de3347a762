#version 450
#extension GL_KHR_shader_subgroup_basic : require
// subgroupBarrier() (OpControlBarrier of Subgroup execution scope) where the
// invocations of each sub-group go together (GLSL compute shader, for the
// SPIR-V reader): at the top level, under gl_SubgroupID == 0, in a loop
// that runs gl_SubgroupID times, under gl_NumSubgroups > 1. gl_SubgroupID
// differs between the sub-groups of a workgroup but is the same within one,
// so nothing is reported. A subgroup barrier is no barrier of the workgroup:
// the "expect:" and "check:" markers (as in cuda_reduce.cu) are on the
// barrier() lines only; what check says of the subgroup barriers is the
// golden case tests/spirv/collectives/glsl_subgroup_uniform.cmd. The
// invocations of different sub-groups leave the loop after different
// trips, but all by its one exit: the barrier after it needs no rewrite.
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Out { uint data[]; } outb;
shared uint buf[64];
void main()
{
	uint t = gl_LocalInvocationID.x;
	buf[t] = t;
	barrier(); // expect: no-rewrite // check: ok
	subgroupBarrier();
	if (gl_SubgroupID == 0) {
		buf[t] += 1;
		subgroupBarrier();
	}
	for (uint i = 0; i < gl_SubgroupID; i++) {
		buf[t] += i;
		subgroupBarrier();
	}
	barrier(); // expect: no-rewrite // check: ok
	if (gl_NumSubgroups > 1)
		subgroupBarrier();
	outb.data[gl_GlobalInvocationID.x] = buf[t ^ 1];
}
