// Barriers under branches on the work-item's index in a dimension the
// kernel's reqd_work_group_size makes 1: there get_local_id is 0 and
// get_global_id the group's index (with the offset), the same in the whole
// work-group, so the barriers are reached by all or by none. The twin
// without the attribute, and a branch on the x index, divide the group.
// "expect:" and "check:" as in cuda_reduce.cu. The PTX that clang makes of
// it declares no size (no .reqntid), so there the barriers under branches
// on the y and z indices are reported ("ptx-check:", run-kernels.py).
__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void rows(__global uint *out)
{
	__local uint buf[64];
	uint t = get_local_id(0);
	buf[t] = get_global_id(1);
	if (get_local_id(1) == 0) {
		buf[t] += 1;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok // ptx-check: divergent on get_local_id(1)
	}
	if (get_global_id(2) < 4) {
		buf[t] += 2;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok // ptx-check: divergent on get_global_id(2)
	}
	if (get_local_id(0) < 32) {
		buf[t] += 3;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: divergent on get_local_id(0)
	}
	out[get_global_id(0)] = buf[t ^ 1];
}

__kernel void rows_undeclared(__global uint *out)
{
	__local uint buf[64];
	uint t = get_local_id(0);
	buf[t] = 0;
	if (get_local_id(1) == 0) {
		buf[t] += 1;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: divergent on get_local_id(1)
	}
	out[get_global_id(0)] = buf[t ^ 1];
}
