#version 450
// Barriers under branches on a uniform buffer member and on values loaded
// from a read-only storage buffer (GLSL compute shader, for the SPIR-V
// reader). "expect:" and "check:" as in cuda_reduce.cu.
// A uniform block member, and a storage buffer word loaded at an index that
// is the same for all invocations (a uniform block member, the workgroup id),
// read one value for every invocation: the branches on them go one way for
// the whole workgroup. The word at index gl_LocalInvocationID.x differs
// between invocations: the barrier under it diverges, and the arms of a
// branch on it meet at the barrier after its join.
layout(local_size_x = 64) in;
layout(std140, binding = 0) uniform U { int n; int m; } ub;
layout(std430, binding = 1) readonly buffer In { int arr[]; } inb;
layout(std430, binding = 2) buffer Out { int data[]; } outb;
shared int buf[64];
void main()
{
	uint t = gl_LocalInvocationID.x;
	buf[t] = ub.m;
	if (ub.n > 0) {
		outb.data[t] = buf[t ^ 1];
		barrier(); // expect: no-rewrite // check: ok
	}
	if (inb.arr[ub.m] > 0) {
		outb.data[t + 64] = buf[t ^ 2];
		barrier(); // expect: no-rewrite // check: ok
	}
	if (inb.arr[gl_WorkGroupID.x] > ub.n)
		outb.data[t + 128] = ub.m;
	barrier(); // expect: no-rewrite // check: ok
	if (inb.arr[t] > 0) {
		outb.data[t + 192] = buf[t ^ 3];
		barrier(); // expect: no-rewrite // check: divergent on gl_LocalInvocationID
	}
	if (inb.arr[t + 64] > ub.n)
		outb.data[t + 256] = ub.n;
	barrier(); // expect: rewrite // check: ok
	outb.data[t + 320] = buf[t ^ 1];
}
