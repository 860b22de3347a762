#version 450
// && and || with one invocation-dependent operand, and with uniform
// operands only (GLSL compute shader, for the SPIR-V reader), as
// short_circuit in cl_branches.cl. "expect:" and "check:" as in
// cuda_reduce.cu.
// glslang evaluates a && b (a || b) with OpLogicalAnd (OpLogicalOr) when b
// is a comparison of a variable with a constant (t < 8, t == 3), and with a
// branch around b and an OpPhi of the two results otherwise (pc.m < 8,
// t + 1 < pc.m; spirv-opt -O keeps the phis): either way the if
// branches once on the result, so a barrier in its arm is entered by one
// edge (no rewrite) and a barrier right after its join from both sides
// (rewrite when the result depends on the invocation). Unlike clang, whose
// if (a || b) branches to the arm from both operands (the paper's shape,
// which needs the rewrite), glslang joins the operands before the if, so an
// arm of || is entered by one edge too. When the if's condition is an OpPhi
// no single builtin is named as the cause.
layout(local_size_x = 64) in;
layout(push_constant) uniform P { uint n; uint m; } pc;
layout(std430, binding = 0) buffer Out { uint data[]; } outb;
shared uint buf[64];
void main()
{
	uint t = gl_LocalInvocationID.x;
	buf[t] = pc.m;
	if (pc.n > 0 && t < 8) {
		outb.data[t] = buf[t ^ 1];
		barrier(); // expect: no-rewrite // check: divergent on gl_LocalInvocationID
	}
	if (pc.n > 0 && pc.m < 8) {
		outb.data[t + 64] = buf[t ^ 2];
		barrier(); // expect: no-rewrite // check: ok
	}
	if (pc.n > 1 && t < 16)
		outb.data[t + 128] = pc.n;
	barrier(); // expect: rewrite // check: ok
	if (pc.n > 2 && pc.m < 16)
		outb.data[t + 192] = pc.m;
	barrier(); // expect: no-rewrite // check: ok
	if (pc.n > 3 && t + 1 < pc.m) {
		outb.data[t + 256] = buf[t ^ 3];
		barrier(); // expect: no-rewrite // check: divergent
	}
	if (t < 4 || pc.m > 9) {
		outb.data[t + 320] = buf[t ^ 1];
		barrier(); // expect: no-rewrite // check: divergent
	}
	if (pc.n < 5 || pc.m > 10) {
		outb.data[t + 384] = buf[t ^ 2];
		barrier(); // expect: no-rewrite // check: ok
	}
	if (pc.m > 12 || t == 3) {
		outb.data[t + 448] = buf[t ^ 3];
		barrier(); // expect: no-rewrite // check: divergent on gl_LocalInvocationID
	}
	if (t > 40 || pc.n > 11)
		outb.data[t + 512] = pc.m;
	barrier(); // expect: rewrite // check: ok
	outb.data[t + 576] = buf[t ^ 1];
}
