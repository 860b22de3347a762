// Sub-group functions (cl_khr_subgroups): every work-item of the sub-group
// must reach them; the work-group does not matter. Markers:
// run-collectives.py. These use get_sub_group_id() and
// get_sub_group_local_id() only, so the verdicts hold for every sub-group
// size (every target).
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

// The whole first sub-group: get_sub_group_id() is the same in a sub-group.
kernel void first_sub_group(global int *out, global const int *in)
{
	size_t g = get_global_id(0);
	int v = in[g];
	if (get_sub_group_id() == 0) {
		v = sub_group_reduce_add(v); // collective: ok
		sub_group_barrier(CLK_LOCAL_MEM_FENCE); // collective: ok
		v += sub_group_scan_exclusive_add(v); // collective: ok
	}
	out[g] = v;
}

// The leader of each sub-group alone.
kernel void sub_group_leader(global int *out, global const int *in)
{
	size_t g = get_global_id(0);
	int v = in[g];
	if (get_sub_group_local_id() == 0) {
		v = sub_group_reduce_add(v); // collective: divergent on get_sub_group_local_id()
		sub_group_barrier(CLK_LOCAL_MEM_FENCE); // collective: divergent on get_sub_group_local_id()
	}
	out[g] = v;
}

// Broadcasts from a fixed lane (valid) and from a lane that each
// work-item picks by its own id (invalid); votes at the top level.
kernel void sub_group_broadcasts(global int *out, global const int *in)
{
	size_t g = get_global_id(0);
	int v = in[g];
	v += sub_group_broadcast(v, 0); // collective: ok
	v += sub_group_broadcast(v, get_sub_group_local_id() ^ 1); // collective: ok // argument: divergent
	if (sub_group_any(v > 0)) // collective: ok
		v += sub_group_all(v > 1); // collective: ok
	out[g] = v;
}

// A work-group function under a branch on the sub-group: the sub-group is
// whole, the work-group is not.
kernel void work_group_in_sub_group(global int *out, global const int *in)
{
	size_t g = get_global_id(0);
	int v = in[g];
	if (get_sub_group_id() == 0)
		v = work_group_reduce_add(v); // collective: divergent on get_sub_group_id()
	out[g] = v;
}

// Results of sub-group functions are the same in their sub-group, not in
// the work-group; a scan's differs within the sub-group too.
kernel void sub_group_results(global int *out, global const int *in)
{
	size_t g = get_global_id(0);
	int v = in[g];
	if (sub_group_reduce_add(v) > 0) // collective: ok
		sub_group_barrier(CLK_LOCAL_MEM_FENCE); // collective: ok
	if (sub_group_reduce_max(v) > 0) // collective: ok
		v += work_group_reduce_add(v); // collective: divergent
	if (sub_group_scan_inclusive_add(1) > 1) // collective: ok
		sub_group_barrier(CLK_LOCAL_MEM_FENCE); // collective: divergent
	out[g] = v;
}

// sub_group_barrier's flags must be the same in the sub-group: a choice
// by the sub-group local id breaks that, one by the sub-group id does not.
kernel void sub_group_barrier_flags(global int *out, local int *tmp)
{
	size_t l = get_local_id(0);
	tmp[l] = (int)l;
	sub_group_barrier(get_sub_group_local_id() & 1 ? CLK_LOCAL_MEM_FENCE : CLK_GLOBAL_MEM_FENCE); // collective: ok // argument: divergent on get_sub_group_local_id()
	sub_group_barrier(get_sub_group_id() & 1 ? CLK_LOCAL_MEM_FENCE : CLK_GLOBAL_MEM_FENCE); // collective: ok
	out[get_global_id(0)] = tmp[l ^ 1];
}
