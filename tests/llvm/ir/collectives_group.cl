kernel void reduce(global int *out)
{
	int lid = get_local_id(0);
	if (lid < 16)
		out[lid] = work_group_reduce_add(lid);
	out[lid] += work_group_reduce_add(1);
}
kernel void copies(global int *out, local int *tmp)
{
	event_t ev;
	if (get_local_id(0) == 0) {
		ev = async_work_group_copy(tmp, out, 64, 0);
		wait_group_events(1, &ev);
	}
	ev = async_work_group_copy(tmp, out, 64, 0);
	wait_group_events(1, &ev);
	event_t events[2];
	events[0] = async_work_group_copy(tmp, out, 32, 0);
	events[1] = async_work_group_copy(tmp + 32, out + 32, 32, 0);
	wait_group_events(1, &events[get_local_id(0) % 2]);
	out[get_local_id(0)] = work_group_broadcast(tmp[0], get_local_id(0) / 2);
}
kernel void subgroups(global int *out)
{
	int lid = get_local_id(0);
	if (get_sub_group_id() == 0)
		out[lid] = sub_group_reduce_add(lid);
	if (get_sub_group_local_id() == 0)
		sub_group_barrier(CLK_LOCAL_MEM_FENCE);
}
/* rows of 16 work-items: a sub-group of 32 holds two rows, so get_local_id(1)
 * differs within it (the size declared decides; --block-size overrides) */
kernel __attribute__((reqd_work_group_size(16, 4, 1))) void declared(global int *out)
{
	if (get_local_id(1) == 0)
		sub_group_barrier(CLK_LOCAL_MEM_FENCE);
}
kernel void undeclared(global int *out)
{
	if (get_local_id(1) == 0)
		sub_group_barrier(CLK_LOCAL_MEM_FENCE);
}
