// Barriers in loops of helpers whose trip count is an argument (OpenCL C):
// rounds gets counts that are the same in the work-group (a kernel
// argument, the group id: ok), rounds_odd one on the local id (divergent),
// rounds_twice both, from two calls: its barrier is divergent, and the
// report names the second call. And a helper's result deciding a branch
// around a barrier in the kernel: group_parity's is the same in the
// work-group (ok), item_parity's is not (divergent). HELPER: noinline, or
// always inline with -DTC_INLINE. Markers: run-calls.py.
#ifdef TC_INLINE
#define HELPER __attribute__((always_inline)) static inline
#else
#define HELPER __attribute__((noinline))
#endif

HELPER void rounds(local int *s, int n)
{
	for (int i = 0; i < n; i++) {
		s[get_local_id(0)] += i;
		barrier(CLK_LOCAL_MEM_FENCE); // check: ok
	}
}

HELPER void rounds_odd(local int *s, int n)
{
	for (int i = 0; i < n; i++) {
		s[get_local_id(0)] ^= i;
		barrier(CLK_LOCAL_MEM_FENCE); // check: divergent
	}
}

HELPER void rounds_twice(local int *s, int n)
{
	for (int i = 0; i < n; i++) {
		s[get_local_id(0)] -= i;
		barrier(CLK_LOCAL_MEM_FENCE); // check: divergent
	}
}

HELPER uint group_parity(void)
{
	return get_group_id(0) & 1;
}

HELPER uint item_parity(void)
{
	return get_local_id(0) & 1;
}

kernel void loops(global int *out, local int *s, int n)
{
	uint t = get_local_id(0);
	rounds(s, n); // call: ok
	rounds(s, (int)get_group_id(0) + 2); // call: ok
	rounds_odd(s, (int)(t % 4)); // call: divergent
	rounds_twice(s, n); // call: ok
	rounds_twice(s, (int)(t & 3)); // call: divergent
	if (group_parity())
		barrier(CLK_LOCAL_MEM_FENCE); // check: ok
	s[t] += 1;
	if (item_parity())
		barrier(CLK_LOCAL_MEM_FENCE); // check: divergent
	out[get_global_id(0)] = s[t];
}
