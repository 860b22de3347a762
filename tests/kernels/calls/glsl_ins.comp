#version 450
// Values that a function reads of its caller's variables: `in` and
// `inout` parameters, which glslang passes by reference (a Function
// variable the caller stores the value in). The group's parity (ok), the
// invocation's (divergent), one function given both (divergent), an
// `inout` the function writes before it reads it again (divergent), a
// value passed on to a nested function (ok), and a variable stored on only
// some ways of a divergent branch (divergent). spv-g keeps the functions;
// spv-Os inlines them. Markers: run-calls.py.
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Out { int data[]; } outb;

void stage_u(int f)
{
	if (f > 0)
		barrier(); // check: ok
}

void stage_d(int f)
{
	if (f > 0)
		barrier(); // check: divergent
}

void stage_mixed(int f)
{
	if (f > 0)
		barrier(); // check: divergent
}

void stage_ref(inout int f)
{
	if (f > 0)
		barrier(); // check: ok
}

void stage_rewritten(inout int f)
{
	f = f + int(gl_LocalInvocationID.x & 1u);
	if (f > 0)
		barrier(); // check: divergent
}

void inner_u(int f)
{
	if (f > 0)
		barrier(); // check: ok
}

void outer_u(int f) { inner_u(f); }

void main()
{
	int a = int(gl_WorkGroupID.x & 1u);
	int b = int(gl_LocalInvocationID.x & 1u);
	stage_u(a);
	stage_d(b);
	stage_mixed(a);
	stage_mixed(b);
	stage_ref(a);
	int r = a;
	stage_rewritten(r);
	outer_u(a);
	int c = 0;
	if ((gl_LocalInvocationID.x & 1u) != 0u)
		c = a;
	stage_d(c);
	outb.data[gl_LocalInvocationID.x] = a + b + r + c;
}
