#version 450
// Barriers in loops of functions whose trip count is an argument: rounds
// gets counts that are the same in the workgroup (a push constant, the
// workgroup id: ok), rounds_odd one on the local invocation id
// (divergent), rounds_twice both, from two calls: its barrier is
// divergent, and the report names the second call. And a function's result
// deciding a branch around a barrier in main: group_parity's is the same
// in the workgroup (ok), item_parity's is not (divergent). glslangValidator
// keeps the functions without -Os and inlines them with it. Markers:
// run-calls.py.
layout(local_size_x = 64) in;
layout(push_constant) uniform P { int n; } pc;
layout(std430, binding = 0) buffer Out { int data[]; } outb;
shared int buf[64];

void rounds(int n)
{
	for (int i = 0; i < n; i++) {
		buf[gl_LocalInvocationID.x] += i;
		barrier(); // check: ok
	}
}

void rounds_odd(int n)
{
	for (int i = 0; i < n; i++) {
		buf[gl_LocalInvocationID.x] ^= i;
		barrier(); // check: divergent
	}
}

void rounds_twice(int n)
{
	for (int i = 0; i < n; i++) {
		buf[gl_LocalInvocationID.x] -= i;
		barrier(); // check: divergent
	}
}

uint group_parity()
{
	return gl_WorkGroupID.x & 1;
}

uint item_parity()
{
	return gl_LocalInvocationID.x & 1;
}

void main()
{
	uint t = gl_LocalInvocationID.x;
	rounds(pc.n); // call: ok
	rounds(int(gl_WorkGroupID.x) + 2); // call: ok
	rounds_odd(int(t % 4)); // call: divergent
	rounds_twice(pc.n); // call: ok
	rounds_twice(int(t & 3)); // call: divergent
	if (group_parity() != 0)
		barrier(); // check: ok
	buf[t] += 1;
	if (item_parity() != 0)
		barrier(); // check: divergent
	outb.data[gl_GlobalInvocationID.x] = buf[t];
}
