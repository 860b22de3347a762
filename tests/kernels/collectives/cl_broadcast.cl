// work_group_broadcast: its local id must be the same in every work-item
// of the work-group; so must the flags of barrier(). Markers:
// run-collectives.py.

// Each work-item asks for its right neighbour's value: invalid (that is a
// shuffle, not a broadcast).
kernel void broadcast_neighbour(global int *out, global const int *in)
{
	size_t g = get_global_id(0);
	int b = work_group_broadcast(in[g], (get_local_id(0) + 1) % get_local_size(0)); // collective: ok // argument: divergent
	out[g] = b;
}

// From work-item 0, and from the last of the group: the same in all.
kernel void broadcast_fixed(global int *out, global const int *in)
{
	size_t g = get_global_id(0);
	int b = work_group_broadcast(in[g], 0); // collective: ok
	b += work_group_broadcast(in[g], get_local_size(0) - 1); // collective: ok
	out[g] = b;
}

// Under a branch on the work-item: a broadcast some work-items miss.
kernel void broadcast_some(global int *out, global const int *in)
{
	size_t g = get_global_id(0);
	int b = 0;
	if (get_local_id(0) % 2)
		b = work_group_broadcast(in[g], 1); // collective: divergent on get_local_id(0)
	out[g] = b;
}

// barrier() with flags that differ between work-items: reached by all, but
// the flags must be the same.
kernel void barrier_flags(global int *out, local int *tmp)
{
	size_t l = get_local_id(0);
	tmp[l] = (int)l;
	barrier(l % 2 ? CLK_LOCAL_MEM_FENCE : CLK_GLOBAL_MEM_FENCE); // collective: ok // argument: divergent
	out[get_global_id(0)] = tmp[l ^ 1];
}

// The two-dimensional broadcast: its second local id depends on the
// work-item's y (the first is fixed).
kernel void broadcast_2d(global int *out, global const int *in)
{
	size_t g = get_global_id(0);
	int b = work_group_broadcast(in[g], 0, get_local_id(1)); // collective: ok // argument: divergent on get_local_id(1)
	b += work_group_broadcast(in[g], 1, 2); // collective: ok
	out[g] = b;
}

// barrier() with flags from a kernel argument: the same everywhere.
kernel void barrier_uniform_flags(global int *out, local int *tmp, int global_too)
{
	size_t l = get_local_id(0);
	tmp[l] = (int)l;
	barrier(global_too ? CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE : CLK_LOCAL_MEM_FENCE); // collective: ok
	out[get_global_id(0)] = tmp[l ^ 1];
}

// work_group_barrier with a scope, and flags, that differ between
// work-items.
kernel void work_group_barrier_args(global int *out, local int *tmp)
{
	size_t l = get_local_id(0);
	tmp[l] = (int)l;
	work_group_barrier(CLK_LOCAL_MEM_FENCE, l & 1 ? memory_scope_work_group : memory_scope_device); // collective: ok // argument: divergent on get_local_id(0)
	work_group_barrier(l & 2 ? CLK_LOCAL_MEM_FENCE : CLK_GLOBAL_MEM_FENCE); // collective: ok // argument: divergent on get_local_id(0)
	out[get_global_id(0)] = tmp[l ^ 1];
}
