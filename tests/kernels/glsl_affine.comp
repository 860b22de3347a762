#version 450
// Loops whose bounds move with the invocation (GLSL compute shader, for the
// SPIR-V reader; docs/check.md, "Affine bounds"). "expect:" and "check:" as
// in cuda_reduce.cu. GLSL's integers wrap, so SPIR-V says nothing of
// overflow: a difference of two values that move with the same multiple of
// the local id cancels, an ordered comparison of them does not.
layout(local_size_x = 64) in;
layout(push_constant) uniform P { int a; int b; int c; int n; } pc;
layout(std430, binding = 0) buffer Out { int data[]; } outb;
shared int buf[64];
void main()
{
	int t = int(gl_LocalInvocationID.x);
	int g = int(gl_WorkGroupID.x) * 64 + t;
	buf[t] = 0;
	// the grid-stride loop: idx - t is the group's first index plus strides
	for (int idx = g; idx - t < pc.n; idx += 1024) {
		buf[t] += idx;
		barrier(); // expect: no-rewrite // check: ok
	}
	// i + t != b + t: whether they are equal does not depend on t
	for (int i = pc.a; i + t != pc.b + t; i += 1) {
		buf[t] += i;
		barrier(); // expect: no-rewrite // check: ok
	}
	// ordered: a + t may wrap in some invocations only
	for (int i = pc.a + t; i < pc.b + t; i += pc.c) {
		buf[t] += i;
		barrier(); // expect: no-rewrite // check: divergent on gl_LocalInvocationID
	}
	// another term: idx - t / 2
	for (int idx = g; idx - t / 2 < pc.n; idx += 1024) {
		buf[t] += idx;
		barrier(); // expect: no-rewrite // check: divergent on gl_LocalInvocationID
	}
	outb.data[g] = buf[t ^ 1];
}
