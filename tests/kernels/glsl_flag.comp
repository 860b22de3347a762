#version 450
// A bool flag decides a barrier (GLSL compute shader, for the SPIR-V
// reader), as flag in cl_branches.cl. "expect:" and "check:" as in
// cuda_reduce.cu. A flag that only invocation 0 sets is true in some
// invocations and false in others: the barrier under it diverges (the
// branch is on the flag's phi, so no builtin is named). One that a branch on
// a push constant sets is the same everywhere (ok). Each barrier is entered
// by one edge (no rewrite).
layout(local_size_x = 64) in;
layout(push_constant) uniform P { int n; } pc;
layout(std430, binding = 0) buffer Out { int data[]; } outb;
void main()
{
	uint t = gl_LocalInvocationID.x;
	bool f = false;
	if (t == 0)
		f = true;
	if (f)
		barrier(); // expect: no-rewrite // check: divergent
	bool g = false;
	if (pc.n > 3)
		g = true;
	if (g)
		barrier(); // expect: no-rewrite // check: ok
	outb.data[t] = pc.n;
}
