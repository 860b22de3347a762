#version 450
// Barriers after early returns (GLSL compute shader, for the SPIR-V reader),
// as early_return in cl_memory.cl. "expect:" and "check:" as in
// cuda_reduce.cu. A return on the workgroup id is taken by whole workgroups:
// the invocations that stay are all of their workgroup (ok). A return on
// gl_LocalInvocationID.x or gl_GlobalInvocationID.x is taken by some
// invocations of a workgroup only, and a barrier after it is reached by
// those that stay (a classic bug: divergent). The last barrier comes after
// both divergent returns but is control dependent on the nearer one only
// (past the first, an invocation may still leave by the second), so its
// cause is the branch on the global id. Each barrier is entered by one edge,
// the way on past the return (no rewrite).
layout(local_size_x = 64) in;
layout(push_constant) uniform P { uint n; uint m; } pc;
layout(std430, binding = 0) buffer Out { uint data[]; } outb;
shared uint buf[64];
void main()
{
	uint t = gl_LocalInvocationID.x;
	if (gl_WorkGroupID.x >= pc.n)
		return;
	buf[t] = pc.n;
	barrier(); // expect: no-rewrite // check: ok
	if (gl_LocalInvocationID.x >= pc.m)
		return;
	buf[t] += 1;
	barrier(); // expect: no-rewrite // check: divergent on gl_LocalInvocationID
	outb.data[t] = buf[t ^ 1];
	if (gl_GlobalInvocationID.x >= pc.n + pc.m)
		return;
	buf[t] += 2;
	barrier(); // expect: no-rewrite // check: divergent on gl_GlobalInvocationID
	outb.data[t + 64] = buf[t ^ 2];
}
