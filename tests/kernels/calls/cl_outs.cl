// Values that a helper leaves in its caller's private variables through
// pointer parameters (cuda_outs.cu's cases in OpenCL C): the group's
// parity (ok), the work-item's (divergent), an argument the kernel passes
// from its own (ok) or from the local id (divergent), a value stored on
// only some ways of a divergent branch (divergent), and two variables set
// by one helper (the one from the kernel's argument ok, the other
// divergent), and a helper that passes the pointer on to another (as
// uniform as what it passes). HELPER: noinline, or always inline with -DTC_INLINE. (A
// struct's fields set by one helper are cuda_outs.cu's: compiled to SPIR-V,
// a struct variable is one register, which a thread-dependent field makes
// thread-dependent as a whole.)
// Markers: run-calls.py.
#ifdef TC_INLINE
#define HELPER __attribute__((always_inline)) static inline
#else
#define HELPER __attribute__((noinline))
#endif

HELPER void group_parity(private int *out) { *out = (int)(get_group_id(0) & 1); }

HELPER void local_parity(private int *out) { *out = (int)(get_local_id(0) & 1); }

HELPER void set_value(private int *out, int v) { *out = v; }

HELPER void set_maybe(private int *out, int v)
{
	if (get_local_id(0) & 1)
		*out = v;
}

HELPER void set_nested(private int *out, int v) { set_value(out, v + 1); }

HELPER void set_pair(private int *a, private int *b, int x, int y)
{
	*a = x;
	*b = y;
}

kernel void outs(global int *s, int n)
{
	int a, b, c, d, e = n, f, g, h, k;
	group_parity(&a);
	if (a)
		barrier(CLK_LOCAL_MEM_FENCE); // check: ok
	local_parity(&b);
	if (b)
		barrier(CLK_LOCAL_MEM_FENCE); // check: divergent
	set_value(&c, n);
	set_value(&d, (int)get_local_id(0));
	if (c > 2)
		barrier(CLK_LOCAL_MEM_FENCE); // check: ok
	if (d > 2)
		barrier(CLK_LOCAL_MEM_FENCE); // check: divergent
	set_maybe(&e, n + 1);
	if (e > 2)
		barrier(CLK_LOCAL_MEM_FENCE); // check: divergent
	set_pair(&f, &g, n, (int)get_local_id(0));
	if (f > 2)
		barrier(CLK_LOCAL_MEM_FENCE); // check: ok
	if (g > 2)
		barrier(CLK_LOCAL_MEM_FENCE); // check: divergent
	set_nested(&h, n);
	set_nested(&k, (int)get_local_id(0));
	if (h > 2)
		barrier(CLK_LOCAL_MEM_FENCE); // check: ok
	if (k > 2)
		barrier(CLK_LOCAL_MEM_FENCE); // check: divergent
	s[get_local_id(0)] = a + b + c + d + e + f + g + h + k;
}
