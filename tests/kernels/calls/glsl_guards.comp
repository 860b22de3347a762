#version 450
// Barriers inside functions of a compute shader: behind a guard on the
// local invocation id (divergent) or on the workgroup id and a push
// constant passed on as an argument (ok); after an early return on an
// argument, passed from a push constant (ok) or from the local id
// (divergent); unconditional, in a function called under a branch on the
// local id (divergent) or on a push constant (ok); and in functions that
// functions call, the guard on an argument passed on from the local id
// (divergent) or from the workgroup id (ok). glslangValidator keeps the
// functions without -Os and inlines them with it. Markers: run-calls.py.
layout(local_size_x = 64) in;
layout(push_constant) uniform P { uint n; int skip; } pc;
layout(std430, binding = 0) buffer Out { uint data[]; } outb;
shared uint buf[64];

void sync_first_half()
{
	if (gl_LocalInvocationID.x < 16)
		barrier(); // check: divergent
	buf[gl_LocalInvocationID.x] += 1;
}

void sync_some_groups(uint n)
{
	if (gl_WorkGroupID.x < n)
		barrier(); // check: ok
	buf[gl_LocalInvocationID.x] += 2;
}

void sync_unless(int skip)
{
	if (skip > 0)
		return;
	barrier(); // check: ok
	buf[gl_LocalInvocationID.x] += 3;
}

void sync_unless_odd(int skip)
{
	if (skip > 0)
		return;
	barrier(); // check: divergent
	buf[gl_LocalInvocationID.x] += 4;
}

void sync_here()
{
	buf[gl_LocalInvocationID.x] += 5;
	barrier(); // check: divergent
}

void sync_there()
{
	buf[gl_LocalInvocationID.x] += 6;
	barrier(); // check: ok
}

void inner_odd(uint x)
{
	if (x < 8)
		barrier(); // check: divergent
	buf[x % 64] += 1;
}

void outer_odd(uint x)
{
	buf[x % 64] = 0;
	inner_odd(x + 1); // call: divergent
}

void inner_even(uint x)
{
	if (x < 8)
		barrier(); // check: ok
	buf[x % 64] += 2;
}

void outer_even(uint x)
{
	buf[x % 64] = 0;
	inner_even(x + 1); // call: ok
}

void main()
{
	uint t = gl_LocalInvocationID.x;
	sync_first_half(); // call: divergent
	sync_some_groups(pc.n); // call: ok
	sync_unless(pc.skip); // call: ok
	sync_unless_odd(int(t & 1)); // call: divergent
	if (t < 32)
		sync_here(); // call: divergent
	if (pc.n > 4)
		sync_there(); // call: ok
	outer_odd(t); // call: divergent
	outer_even(gl_WorkGroupID.x); // call: ok
	barrier(); // check: ok
	outb.data[gl_GlobalInvocationID.x] = buf[t];
}
