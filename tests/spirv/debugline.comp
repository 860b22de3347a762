#version 450
// debugline.spvasm's source: glslangValidator -V -gV wrote it, and its OpLine
// instructions were taken out, so that the barriers' positions come from
// NonSemantic.Shader.DebugInfo.100's DebugLine alone.
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Out { int data[]; } outb;
layout(push_constant) uniform P { int n; } pc;
shared int buf[64];

void main()
{
	uint t = gl_LocalInvocationID.x;
	buf[t] = pc.n;
	barrier(); // expect: no-rewrite // check: ok
	if (t < 16) {
		outb.data[t] = buf[t ^ 1];
		barrier(); // expect: no-rewrite // check: divergent on gl_LocalInvocationID
	}
	if (pc.n > 2)
		barrier(); // expect: no-rewrite // check: ok
	outb.data[t + 64] = buf[t ^ 2];
}
