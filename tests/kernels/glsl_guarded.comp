#version 450
// Barriers guarded by the invocation's ids (GLSL compute shader, for the
// SPIR-V reader), as cl_divergent.cl and cuda_divergent.cu. "expect:" and
// "check:" as in cuda_reduce.cu.
// Inside if (t < 16) the barrier is entered by one edge, taken alike by all
// invocations that get there (no rewrite), but only t < 16 get there
// (divergent). The barrier right after the if (t < 32) join is reached once by
// every invocation, from the arm or past it (rewrite). With a barrier in each
// arm of an if/else on t % 2, each arm's barrier diverges; assumed well
// synchronized, all invocations take the same arm, so the barrier after the
// join needs no rewrite. Right after an if/else without barriers the two arms
// meet at the barrier (rewrite). A barrier under if (pc.n > 2), itself under
// a branch on gl_GlobalInvocationID.x, and one under a branch on
// gl_LocalInvocationIndex are reached by only some invocations (the uniform
// branch is looked through: the cause is the global id's). The arms store to
// memory, so that they stay branches (spirv-opt would turn a diamond without
// side effects into a select).
layout(local_size_x = 64) in;
layout(push_constant) uniform P { int n; int m; } pc;
layout(std430, binding = 0) buffer Out { int data[]; } outb;
shared int buf[64];
void main()
{
	uint t = gl_LocalInvocationID.x;
	buf[t] = pc.n;
	if (t < 16) {
		buf[t] += 1;
		barrier(); // expect: no-rewrite // check: divergent on gl_LocalInvocationID
	}
	if (t < 32)
		outb.data[t] = buf[t ^ 1];
	barrier(); // expect: rewrite // check: ok
	if (t % 2 == 0) {
		buf[t] *= 2;
		barrier(); // expect: no-rewrite // check: divergent on gl_LocalInvocationID
	} else {
		buf[t] += 3;
		barrier(); // expect: no-rewrite // check: divergent on gl_LocalInvocationID
	}
	barrier(); // expect: no-rewrite // check: ok
	if (t % 4 == 1)
		outb.data[t + 64] = buf[t ^ 2];
	else
		outb.data[t + 128] = pc.m;
	barrier(); // expect: rewrite // check: ok
	if (gl_GlobalInvocationID.x > 7) {
		outb.data[t + 192] = buf[t ^ 3];
		if (pc.n > 2)
			barrier(); // expect: no-rewrite // check: divergent on gl_GlobalInvocationID
	}
	if (gl_LocalInvocationIndex < 48) {
		buf[t] -= 1;
		barrier(); // expect: no-rewrite // check: divergent on gl_LocalInvocationIndex
	}
	outb.data[t + 256] = buf[t ^ 1];
}
