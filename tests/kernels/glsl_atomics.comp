#version 450
// Barriers under branches on the results of atomics and on a value one
// invocation publishes in shared memory (GLSL compute shader, for the SPIR-V
// reader), as atomics in cl_memory.cl. "expect:" and "check:" as in
// cuda_reduce.cu. Every invocation gets a different value from atomicAdd,
// on shared or buffer memory, so a barrier under a branch on it diverges (no
// builtin is the cause). The last-group pattern: invocation 0 takes a ticket
// and publishes it in shared memory, and after the barrier (right after the
// if's join: rewrite) every invocation reads it back at one constant index,
// the same word for all: a branch on it is uniform.
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Count { uint first; uint tickets; } cnt;
layout(std430, binding = 1) buffer Out { uint data[]; } outb;
shared uint slots;
shared uint published[2];
void main()
{
	uint t = gl_LocalInvocationID.x;
	if (t == 0)
		slots = 0;
	barrier(); // expect: rewrite // check: ok
	if (atomicAdd(slots, 1) < 32) {
		outb.data[t] = 1;
		barrier(); // expect: no-rewrite // check: divergent
	}
	if (atomicAdd(cnt.first, 1) == 0) {
		outb.data[t + 64] = 2;
		barrier(); // expect: no-rewrite // check: divergent
	}
	if (t == 0)
		published[1] = atomicAdd(cnt.tickets, 1);
	barrier(); // expect: rewrite // check: ok
	if (published[1] == gl_NumWorkGroups.x - 1) {
		outb.data[t + 128] = 3;
		barrier(); // expect: no-rewrite // check: ok
	}
}
