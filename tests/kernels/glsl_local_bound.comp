#version 450
// Barriers after tests of the invocation's index against the workgroup's
// declared size (local_size_x = 64): gl_LocalInvocationID.x is below 64, so
// gl_LocalInvocationID.x >= 64 is false and gl_LocalInvocationID.x < 64
// true in every invocation, and the return (or branch) on it is taken by
// none (or all) of the workgroup: the barriers after it are reached by the
// whole workgroup (ok). The same with "|| pc.flag != 0", a push constant,
// and through a copy in a variable (t). A test against a number below the
// size (32) still divides the workgroup (divergent). "expect:" and "check:"
// as in cuda_reduce.cu.
layout(local_size_x = 64) in;
layout(push_constant) uniform P { uint flag; } pc;
layout(std430, binding = 0) buffer Out { uint data[]; } outb;
shared uint buf[64];
void main()
{
	uint t = gl_LocalInvocationID.x;
	if (t >= 64)
		return;
	buf[t] = t;
	barrier(); // expect: no-rewrite // check: ok
	if (gl_LocalInvocationID.x >= 64 || pc.flag != 0)
		return;
	buf[t] += 1;
	barrier(); // expect: no-rewrite // check: ok
	if (int(gl_LocalInvocationID.x) < 64) {
		buf[t] += 2;
		barrier(); // expect: no-rewrite // check: ok
	}
	if (t >= 32)
		return;
	buf[t] += 3;
	barrier(); // expect: no-rewrite // check: divergent on gl_LocalInvocationID
	outb.data[gl_GlobalInvocationID.x] = buf[t ^ 1];
}
