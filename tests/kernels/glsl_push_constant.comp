#version 450
// Barriers under branches on push-constant members (GLSL compute shader, for
// the SPIR-V reader). "expect:" and "check:" as in cuda_reduce.cu.
// A push constant is the same for every invocation of the dispatch, so all
// invocations take the same edge out of each branch on it: the barriers in
// its arms are reached by all or by none, and the edges into the barriers
// after its joins are each taken by all invocations or by none.
layout(local_size_x = 64) in;
layout(push_constant) uniform P { int n; int m; } pc;
layout(std430, binding = 0) buffer Out { int data[]; } outb;
shared int buf[64];
void main()
{
	uint t = gl_LocalInvocationID.x;
	buf[t] = pc.m;
	if (pc.n > 0) {
		outb.data[t] = buf[t ^ 1];
		barrier(); // expect: no-rewrite // check: ok
	}
	if (pc.m > 4)
		outb.data[t + 64] = pc.n;
	barrier(); // expect: no-rewrite // check: ok
	if (pc.n == pc.m) {
		buf[t] += 1;
		barrier(); // expect: no-rewrite // check: ok
	} else {
		outb.data[t + 128] = buf[t ^ 2];
		barrier(); // expect: no-rewrite // check: ok
	}
	barrier(); // expect: no-rewrite // check: ok
	if (pc.n < pc.m)
		outb.data[t + 192] = buf[t ^ 3];
	else
		outb.data[t + 256] = pc.m;
	barrier(); // expect: no-rewrite // check: ok
	outb.data[t + 320] = buf[t ^ 1];
}
