// Barriers inside helpers (OpenCL C): behind a guard on the local id
// (divergent) or on the group id and an argument the kernel passes on from
// its own (ok); after an early return on an argument, which the kernel
// passes from its own argument (ok) or from the local id (divergent);
// unconditional, in a helper called under a branch on the local id
// (divergent) or on a kernel argument (ok); and in helpers that helpers
// call, the guard on an argument passed on from the local id (divergent)
// or from the group id (ok). HELPER: noinline, or always inline with
// -DTC_INLINE. Markers: run-calls.py.
#ifdef TC_INLINE
#define HELPER __attribute__((always_inline)) static inline
#else
#define HELPER __attribute__((noinline))
#endif

HELPER void sync_first_half(local int *s)
{
	if (get_local_id(0) < 16)
		barrier(CLK_LOCAL_MEM_FENCE); // check: divergent
	s[get_local_id(0)] += 1;
}

HELPER void sync_some_groups(local int *s, uint n)
{
	if (get_group_id(0) < n && get_local_size(0) > 32)
		barrier(CLK_LOCAL_MEM_FENCE); // check: ok
	s[get_local_id(0)] += 2;
}

HELPER void sync_unless(local int *s, int skip)
{
	if (skip > 0)
		return;
	barrier(CLK_LOCAL_MEM_FENCE); // check: ok
	s[get_local_id(0)] += 3;
}

HELPER void sync_unless_odd(local int *s, int skip)
{
	if (skip > 0)
		return;
	barrier(CLK_LOCAL_MEM_FENCE); // check: divergent
	s[get_local_id(0)] += 4;
}

HELPER void sync_here(local int *s)
{
	s[get_local_id(0)] += 5;
	barrier(CLK_LOCAL_MEM_FENCE); // check: divergent
}

HELPER void sync_there(local int *s)
{
	s[get_local_id(0)] += 6;
	barrier(CLK_LOCAL_MEM_FENCE); // check: ok
}

HELPER void inner_odd(local int *s, uint x)
{
	if (x < 8)
		barrier(CLK_LOCAL_MEM_FENCE); // check: divergent
	s[x % 64] += 1;
}

HELPER void outer_odd(local int *s, uint x)
{
	s[x % 64] = 0;
	inner_odd(s, x + 1); // call: divergent
}

HELPER void inner_even(local int *s, uint x)
{
	if (x < 8)
		barrier(CLK_LOCAL_MEM_FENCE); // check: ok
	s[x % 64] += 2;
}

HELPER void outer_even(local int *s, uint x)
{
	s[x % 64] = 0;
	inner_even(s, x + 1); // call: ok
}

kernel void guards(global int *out, local int *s, uint n, int skip)
{
	uint t = get_local_id(0);
	sync_first_half(s); // call: divergent
	sync_some_groups(s, n); // call: ok
	sync_unless(s, skip); // call: ok
	sync_unless_odd(s, (int)(t & 1)); // call: divergent
	if (t < 32)
		sync_here(s); // call: divergent
	if (n > 4)
		sync_there(s); // call: ok
	outer_odd(s, t); // call: divergent
	outer_even(s, (uint)get_group_id(0)); // call: ok
	barrier(CLK_LOCAL_MEM_FENCE); // check: ok
	out[get_global_id(0)] = s[t];
}
