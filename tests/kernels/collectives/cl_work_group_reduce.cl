// Work-group reductions and scans: every work-item of the work-group must
// reach them. Markers: run-collectives.py.

// The first 16 work-items only (a work-group has more).
kernel void reduce_some(global int *out, global const int *in)
{
	size_t g = get_global_id(0);
	int s = 0;
	if (get_local_id(0) < 16)
		s = work_group_reduce_add(in[g]); // collective: divergent on get_local_id(0)
	out[g] = s;
}

// Every work-item; and under a branch on the group id, which goes the same
// way in a whole work-group.
kernel void reduce_all(global int *out, global const int *in)
{
	size_t g = get_global_id(0);
	int s = work_group_reduce_add(in[g]); // collective: ok
	s += work_group_scan_inclusive_add(in[g]); // collective: ok
	if (get_group_id(0) == 0)
		s += work_group_reduce_max(in[g]); // collective: ok
	if (work_group_all(s > 0))  // collective: ok
		s += work_group_reduce_min(in[g]); // collective: ok
	out[g] = s;
}

// In loops: a trip count that is the same in the work-group (a kernel
// argument, the group's size), and one that each work-item reads for
// itself.
kernel void reduce_loops(global int *out, global const int *in, int rounds)
{
	size_t g = get_global_id(0);
	int s = 0;
	for (int r = 0; r < rounds; r++)
		s += work_group_reduce_add(in[g] + r); // collective: ok
	for (size_t i = get_local_id(0); i < 256; i += get_local_size(0))
		s += in[i];
	for (int r = 0; r < in[g]; r++)
		s += work_group_scan_exclusive_max(s + r); // collective: divergent on get_global_id(0)
	if (get_local_id(1) == 0)
		s += work_group_scan_inclusive_min(s); // collective: divergent on get_local_id(1)
	out[g] = s;
}

// Results of work-group reductions and broadcasts, and the group's size,
// are the same in the work-group; a scan's result is not.
kernel void reduce_results(global int *out, global const int *in)
{
	size_t g = get_global_id(0);
	int v = in[g];
	if (get_local_size(0) > 64)
		v += work_group_reduce_add(v); // collective: ok
	if (work_group_broadcast(v, 0) > 0) // collective: ok
		v += work_group_reduce_add(v); // collective: ok
	if (work_group_scan_inclusive_add(1) > 1) // collective: ok
		v += work_group_reduce_add(v); // collective: divergent
	out[g] = v;
}
