// Sub-group functions under branches on the work-item id: whether such a
// branch sends whole sub-groups one way depends on the sub-group size, so
// the verdicts depend on the target (run-collectives.py, "TARGET:"
// markers). A sub-group is a warp of 32 consecutive work-items on nvptx, a
// wavefront of 64 on amdgcn (gfx90a), and of no fixed size on spir64, where
// a branch on get_local_id() may always split one. Without a declared size
// the work-group's x size is taken to be a multiple of the sub-group size
// (threadconv's documented assumption, the default).
#pragma OPENCL EXTENSION cl_khr_subgroups : enable

// The first 64 work-items: two warps, one wavefront.
kernel void first_64(global int *out, global const int *in)
{
	size_t g = get_global_id(0);
	int v = in[g];
	if (get_local_id(0) < 64)
		v = sub_group_reduce_add(v); // collective: ok // spir64: divergent on get_local_id(0)
	out[g] = v;
}

// The first 32: one warp, half a wavefront.
kernel void first_32(global int *out, global const int *in)
{
	size_t g = get_global_id(0);
	int v = in[g];
	if (get_local_id(0) < 32)
		v = sub_group_reduce_add(v); // collective: ok // amdgcn: divergent on get_local_id(0) // spir64: divergent on get_local_id(0)
	out[g] = v;
}

// One row of 40: the first warp is 0..31, the second 32..39, so x < 32
// sends whole warps; the wavefront 0..39 is split.
kernel __attribute__((reqd_work_group_size(40, 1, 1)))
void row_of_40(global int *out, global const int *in)
{
	size_t g = get_global_id(0);
	int v = in[g];
	if (get_local_id(0) < 32)
		v = sub_group_reduce_add(v); // collective: ok // amdgcn: divergent on get_local_id(0) // spir64: divergent on get_local_id(0)
	out[g] = v;
}

// Two rows of 48: the second warp is x = 32..47 of row 0 and x = 0..15 of
// row 1, which x < 32 splits (and the first wavefront, and any sub-group on
// spir64).
kernel __attribute__((reqd_work_group_size(48, 2, 1)))
void rows_of_48(global int *out, global const int *in)
{
	size_t g = get_global_id(0);
	int v = in[g];
	if (get_local_id(0) < 32)
		v = sub_group_reduce_add(v); // collective: divergent on get_local_id(0)
	out[g] = v;
}

// Rows of 64: a row is two warps or one wavefront, so get_local_id(1) is
// the same in a sub-group on nvptx and amdgcn.
kernel __attribute__((reqd_work_group_size(64, 4, 1)))
void rows_of_64(global int *out, global const int *in)
{
	size_t g = get_global_id(0);
	int v = in[g];
	if (get_local_id(1) == 0)
		v = sub_group_reduce_add(v); // collective: ok // spir64: divergent on get_local_id(1)
	out[g] = v;
}
