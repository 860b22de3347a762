#version 450
// Values that a function leaves in its caller's variables through out and
// inout parameters (cuda_outs.cu's cases in a compute shader). glslang
// passes each through a variable of the caller that the parameter points
// to, and reads it back after the call; inlined (-Os), the caller reads
// what was stored. A branch on it is as uniform as what the function
// leaves there as it returns, in that calling context: the work group's
// parity is, the invocation's is not, an argument is when the caller's is,
// and a value stored on only some ways of a divergent branch is not.
// Markers: run-calls.py.
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Out { int data[]; } outb;
layout(std430, binding = 1) buffer In { int n; } inb;

void group_parity(out int v) { v = int(gl_WorkGroupID.x & 1u); }

void local_parity(out int v) { v = int(gl_LocalInvocationID.x & 1u); }

void set_value(out int v, int x) { v = x; }

void set_maybe(inout int v, int x)
{
	if ((gl_LocalInvocationID.x & 1u) != 0u)
		v = x;
}

void set_pair(out int a, out int b, int x, int y)
{
	a = x;
	b = y;
}

void set_nested(out int v, int x) { set_value(v, x + 1); }

void main()
{
	int t = int(gl_LocalInvocationID.x);
	int n = inb.n;
	int a, b, c, d, e, f, g;
	group_parity(a);
	if (a > 0)
		barrier(); // check: ok
	local_parity(b);
	if (b > 0)
		barrier(); // check: divergent
	set_value(c, n);
	set_value(d, t);
	if (c > 2)
		barrier(); // check: ok
	if (d > 2)
		barrier(); // check: divergent
	e = n;
	set_maybe(e, n + 1);
	if (e > 2)
		barrier(); // check: divergent
	set_pair(f, g, n, t);
	if (f > 2)
		barrier(); // check: ok
	if (g > 2)
		barrier(); // check: divergent
	int h;
	set_nested(h, n);
	if (h > 2)
		barrier(); // check: ok
	outb.data[t] = a + b + c + d + e + f + g + h;
}
