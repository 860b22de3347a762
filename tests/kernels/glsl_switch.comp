#version 450
// Barriers in and after switches (GLSL compute shader, for the SPIR-V
// reader), as switches in cl_branches.cl. "expect:" and "check:" as in
// cuda_reduce.cu. A switch on a push constant, then two on the local id.
// Assumed well synchronized, all invocations go to case 0 of the first, or
// all to case 1, or all to the default, so each edge into the barrier after
// it is taken by all or by none; the barriers in the cases of the second
// are reached by some invocations only; cases 1 and 3 of the third and the
// invocations of neither reach the last barrier by different edges.
layout(local_size_x = 64) in;
layout(push_constant) uniform P { int mode; } pc;
layout(std430, binding = 0) buffer Out { int data[]; } outb;
shared int buf[64];
void main()
{
	uint t = gl_LocalInvocationID.x;
	buf[t] = pc.mode;
	switch (pc.mode) {
	case 0:
		outb.data[t] = 1;
		barrier(); // expect: no-rewrite // check: ok
		break;
	case 1:
		barrier(); // expect: no-rewrite // check: ok
		outb.data[t] = buf[t ^ 1];
		break;
	default:
		outb.data[t] = 2;
	}
	barrier(); // expect: no-rewrite // check: ok
	switch (t % 4) {
	case 0:
		outb.data[t + 64] = 1;
		barrier(); // expect: no-rewrite // check: divergent on gl_LocalInvocationID
		break;
	case 2:
		barrier(); // expect: no-rewrite // check: divergent on gl_LocalInvocationID
		outb.data[t + 64] = buf[t ^ 2];
		break;
	}
	barrier(); // expect: no-rewrite // check: ok
	switch (t % 4) {
	case 1:
		outb.data[t + 128] = 1;
		break;
	case 3:
		outb.data[t + 128] = 3;
		break;
	}
	barrier(); // expect: rewrite // check: ok
	outb.data[t + 192] = buf[t ^ 3];
}
