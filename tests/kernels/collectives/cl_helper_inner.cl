// Helpers that are not inlined and diverge inside: every work-item calls
// them, but only work-item 0 reaches the work-group function or barrier in
// them. Markers: run-collectives.py; see README.md.

__attribute__((noinline)) int leader_sum(int v)
{
	if (get_local_id(0) == 0)
		return work_group_reduce_add(v); // collective: divergent on get_local_id(0)
	return 0;
}

__attribute__((noinline)) void leader_barrier(void)
{
	if (get_local_id(0) == 0)
		barrier(CLK_LOCAL_MEM_FENCE); // collective: divergent on get_local_id(0)
}

kernel void inner_collective(global int *out, global const int *in)
{
	size_t g = get_global_id(0);
	out[g] = leader_sum(in[g]); // collective: ok
}

kernel void inner_barrier(global int *out, local int *tmp)
{
	tmp[get_local_id(0)] = 1;
	leader_barrier(); // collective: ok
	out[get_global_id(0)] = tmp[0];
}
