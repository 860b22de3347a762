#version 450
// Nested loops (GLSL compute shader, for the SPIR-V reader), as nested in
// cl_loops.cl and cuda_loops.cu and nested_divergent_inner in
// cl_opt_levels.cl. "expect:" and "check:" as in cuda_reduce.cu.
// Both bounds uniform, with two barriers in the inner loop (a tiled sum),
// and a triangular nest whose inner bound is the outer counter: every
// invocation runs every iteration (ok, no rewrite). An inner loop over the
// local id in a loop over pc.n: every invocation runs each outer iteration,
// so the outer barriers run equally often (ok); the one after the inner loop
// is entered by its one exit edge (no rewrite). With a divergent break in the
// inner loop as well, invocations leave it by the break or by its test in
// the same segment, and the barrier after it is entered from both (rewrite).
layout(local_size_x = 64) in;
layout(push_constant) uniform P { int n; int m; } pc;
layout(std430, binding = 0) readonly buffer In { float v[]; } inb;
layout(std430, binding = 1) buffer Out { float v[]; } outb;
shared float tile[64];
void main()
{
	uint t = gl_LocalInvocationID.x;
	float acc = 0;
	for (int i = 0; i < pc.n; i++) {
		for (int j = 0; j < pc.m; j++) {
			tile[t] = inb.v[(i * pc.m + j) * 64 + int(t)];
			barrier(); // expect: no-rewrite // check: ok
			acc += tile[(t + 1) % 64];
			barrier(); // expect: no-rewrite // check: ok
		}
	}
	for (int i = 0; i < pc.n; i++) {
		for (int j = 0; j <= i; j++) {
			tile[t] = acc + j;
			barrier(); // expect: no-rewrite // check: ok
			acc += tile[t ^ 1];
		}
	}
	for (int i = 0; i < pc.n; i++) {
		barrier(); // expect: no-rewrite // check: ok
		for (uint k = 0; k < t; k++)
			acc += tile[k];
		barrier(); // expect: no-rewrite // check: ok
		tile[t] = acc;
	}
	for (int i = 0; i < pc.m; i++) {
		for (uint k = 0; k < t; k++) {
			if (tile[k] > acc)
				break;
			outb.v[t + 64] += tile[k];
		}
		barrier(); // expect: rewrite // check: ok
		tile[t] += 1.0;
	}
	outb.v[t] = acc;
}
