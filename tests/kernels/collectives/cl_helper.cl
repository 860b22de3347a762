// Collectives in helper functions that are not inlined: a call of one is
// listed at the call site, for the group of the collectives inside (JSON
// kind "call", no finding itself: its marker says whether its group makes
// the call together); the collectives inside are judged in every calling
// context and reported at their own lines. Markers: run-collectives.py.
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

__attribute__((noinline)) int group_sum(int v)
{
	return work_group_reduce_add(v); // collective: divergent
}

__attribute__((noinline)) int sub_group_sum(int v)
{
	return sub_group_reduce_add(v); // collective: divergent
}

// A work-group function reached by the first 16 work-items, and by all.
kernel void group_helper(global int *out, global const int *in)
{
	size_t g = get_global_id(0);
	int v = in[g];
	if (get_local_id(0) < 16)
		v = group_sum(v); // collective: divergent
	v = group_sum(v); // collective: ok
	out[g] = v;
}

// A sub-group function reached by the whole first sub-group (ok), and by
// one work-item of each sub-group.
kernel void sub_group_helper(global int *out, global const int *in)
{
	size_t g = get_global_id(0);
	int v = in[g];
	if (get_sub_group_id() == 0)
		v = sub_group_sum(v); // collective: ok
	if (get_sub_group_local_id() == 0)
		v = sub_group_sum(v); // collective: divergent
	out[g] = v;
}
