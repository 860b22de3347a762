#version 450
// Loops left by a break (GLSL compute shader, for the SPIR-V reader), as
// uniform_break and divergent_break in cl_loops.cl and cuda_break_after.cu.
// "expect:" and "check:" as in cuda_reduce.cu.
// A break on shared memory at a constant index: every invocation leaves in
// the same iteration, by the same edge (all ok, no rewrite). A break on an
// invocation's own element: invocations leave in different iterations, so
// the barrier in the loop diverges. Assumed well synchronized, those still
// in the loop are in the same iteration and agree on i < pc.n, so each edge
// into the barrier after the loop (from the break, from the loop test) is
// taken by all or by none (no rewrite). Without a barrier in the loop,
// invocations may leave by the break or by the test in one segment: the two
// edges meet at the barrier after the loop (rewrite), reached once by all.
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
		if (buf[0] > pc.m)
			break;
		barrier(); // expect: no-rewrite // check: ok
	}
	barrier(); // expect: no-rewrite // check: ok
	buf[t] = int(t);
	for (int i = 0; i < pc.n; i++) {
		if (buf[t] > pc.m)
			break;
		buf[t] += i;
		barrier(); // expect: no-rewrite // check: divergent on gl_LocalInvocationID
	}
	barrier(); // expect: no-rewrite // check: ok
	for (int i = 0; i < pc.n; i++) {
		if (outb.data[t] + i > pc.m)
			break;
		outb.data[t + 64] = i;
	}
	barrier(); // expect: rewrite // check: ok
	outb.data[t] = buf[t ^ 1];
}
