#version 450
#extension GL_GOOGLE_include_directive : require
#extension GL_KHR_shader_subgroup_basic : require
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer B { uint data[]; };
#include "inlined_helper.glsl"

void main()
{
	uint t = gl_LocalInvocationID.x;
	data[t] = t;
	stage_sync(t);
	if (gl_SubgroupInvocationID < 4u)
		lane_sync();
	data[t] += 1u;
}
