// work_group_reduce.cl: OpenCL C work-group and sub-group functions, which
// clang-15 and llvm-spirv-15 make OpGroupIAdd and OpControlBarrier of
// Workgroup or Subgroup execution scope (work_group_reduce.spvasm, the
// golden cases work_group_reduce*.cmd).
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

// reported: not every work-item of the work-group reaches the reduction
kernel void reduce_some(global int *out, global const int *in)
{
	int v = in[get_global_id(0)];
	if (get_local_id(0) < 16)
		v = work_group_reduce_add(v);
	out[get_global_id(0)] = v;
}

// nothing to report
kernel void reduce_all(global int *out, global const int *in)
{
	int v = work_group_reduce_add(in[get_global_id(0)]);
	out[get_global_id(0)] = v;
}

// the sub-group barrier under get_sub_group_id() == 0 is reached by all
// the work-items of sub-group 0 together: nothing to report; the
// reduction under get_sub_group_local_id() == 0 is reported
kernel void sub_groups(global int *out, global const int *in)
{
	int v = in[get_global_id(0)];
	if (get_sub_group_id() == 0)
		sub_group_barrier(CLK_LOCAL_MEM_FENCE);
	if (get_sub_group_local_id() == 0)
		v = sub_group_reduce_add(v);
	out[get_global_id(0)] = v;
}
