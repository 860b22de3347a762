// OpenCL C 2.0 work-group functions that Oclgrind 21.10 does not implement
// (it fails with "Undefined external function: work_group_any"), written
// with barriers. run-oclgrind.py passes this file to Oclgrind with -include
// for a kernel source that calls one, so the lines of the source stay as
// they are. One slot per work-group: launches of at most TC_WG_SLOTS groups.
#define TC_WG_SLOTS 1024
global int tc_wg_vote[TC_WG_SLOTS];

int tc_work_group_vote(int p, int any)
{
	size_t g = get_group_id(0) + get_num_groups(0) *
		(get_group_id(1) + get_num_groups(1) * get_group_id(2));
	if (get_local_linear_id() == 0)
		tc_wg_vote[g] = !any;
	barrier(CLK_GLOBAL_MEM_FENCE);
	if (any ? p != 0 : p == 0)
		atomic_xchg(&tc_wg_vote[g], any);
	barrier(CLK_GLOBAL_MEM_FENCE);
	int r = tc_wg_vote[g];
	barrier(CLK_GLOBAL_MEM_FENCE);
	return r;
}

#define work_group_any(p) tc_work_group_vote((p), 1)
#define work_group_all(p) tc_work_group_vote((p), 0)
