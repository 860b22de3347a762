// Barriers under branches on loaded values and on atomics, and after early
// returns (OpenCL C). "expect:" and "check:" as in cuda_reduce.cu.

// Loads at a uniform address read one word for all work-items (global
// memory indexed by the group id, local memory at a constant index); a load
// indexed by the local id does not.
kernel void loads(global int *out, global const int *arr, int n)
{
	local int buf[256];
	local int flag;
	size_t t = get_local_id(0);
	buf[t] = n;
	if (arr[get_group_id(0)] > 0) {
		out[t] = buf[t ^ 1];
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	}
	if (arr[t] > 0) {
		out[t + 256] = buf[t ^ 2];
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: divergent on get_local_id(0)
	}
	if (t == 0)
		flag = arr[n];
	barrier(CLK_LOCAL_MEM_FENCE); // expect: rewrite // check: ok
	if (flag > 0) {
		out[t + 512] = buf[t ^ 3];
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	}
}

// The result of an atomic differs between work-items. The last-group
// pattern: work-item 0 takes a ticket and publishes it in local memory, and
// every work-item reads it back at one address after the barrier.
kernel void atomics(global int *out, global int *count)
{
	local int ticket;
	size_t t = get_local_id(0);
	if (atomic_inc(count) == 0) {
		out[t] = 1;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: divergent
	}
	if (t == 0)
		ticket = atomic_add(count + 1, 1);
	barrier(CLK_LOCAL_MEM_FENCE); // expect: rewrite // check: ok
	if (ticket == get_num_groups(0) - 1) {
		out[t + 256] = 2;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	}
}

// A return taken by whole groups, then one taken by some work-items only:
// a barrier after it is reached by the work-items that stay (a classic bug).
kernel void early_return(global int *out, local int *buf, int n)
{
	size_t t = get_local_id(0);
	if (get_group_id(0) >= n)
		return;
	buf[t] = n;
	barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	if (get_global_id(0) >= n)
		return;
	buf[t] += 1;
	barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: divergent on get_global_id(0)
	out[t] = buf[t ^ 1];
}
