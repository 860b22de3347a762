#version 450
// Barriers in loops with a uniform and with an invocation-dependent trip
// count (GLSL compute shader, for the SPIR-V reader). "expect:" and "check:"
// as in cuda_reduce.cu.
// The loop over pc.n runs alike in every invocation: its barrier is reached
// equally often by all (ok), even when a branch on the local id comes before
// it in the body; that one's arms meet at the barrier (rewrite). Invocation t
// runs the loop over t exactly t times: its barrier diverges. Assumed well
// synchronized, all invocations run it equally often, so each takes the
// edges into it alike; the barrier after it is entered by the loop's one
// exit edge, once by every invocation (no rewrite, ok).
layout(local_size_x = 64) in;
layout(push_constant) uniform P { int n; int m; } pc;
layout(std430, binding = 0) buffer Out { int data[]; } outb;
shared int buf[64];
void main()
{
	uint t = gl_LocalInvocationID.x;
	buf[t] = 0;
	for (int i = 0; i < pc.n; i++) {
		buf[t] += i;
		barrier(); // expect: no-rewrite // check: ok
	}
	for (int i = 0; i < pc.m; i++) {
		if (t < 8)
			buf[t] += i;
		barrier(); // expect: rewrite // check: ok
	}
	for (uint i = 0; i < t; i++) {
		buf[t] += int(i);
		barrier(); // expect: no-rewrite // check: divergent on gl_LocalInvocationID
	}
	barrier(); // expect: no-rewrite // check: ok
	outb.data[t] = buf[t ^ 1];
}
