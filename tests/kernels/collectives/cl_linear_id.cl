// Sub-groups are runs of consecutive get_local_linear_id() (warps of 32 on
// nvptx, wavefronts of 64 on amdgcn), whatever the work-group's shape: a
// comparison of the linear id with a multiple of 64 sends whole sub-groups
// one way on both, with no assumption on the x size. On spir64 the
// sub-group size is not known. Markers: run-collectives.py; see README.md.
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

kernel void first_two_warps(global int *out, global const int *in)
{
	size_t g = get_global_id(0);
	int v = in[g];
	if (get_local_linear_id() < 64)
		v = sub_group_reduce_add(v); // collective: ok // spir64: divergent on get_local_linear_id()
	out[g] = v;
}
