// Barriers after tests of the work-item's index against the work-group's
// size the kernel declares (reqd_work_group_size(64, 1, 1)): there
// get_local_id(0) is below 64, so get_local_id(0) >= 64 is false and
// get_local_id(0) < 64 true in every work-item, and the return (or branch)
// on it is taken by none (or all) of the group: the barriers after it are
// reached by the whole group (ok). The same with "|| flag", a kernel
// argument; and signed (int)get_local_id(0) < 64. A test against a number
// below the size (32) divides the group (divergent), and so does the test
// against 64 in a kernel that declares no size. "expect:" and "check:" as
// in cuda_reduce.cu. The PTX that clang makes of it declares no size (no
// .reqntid): there the tests against 64 divide the group too
// ("ptx-check:", run-kernels.py).
__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void guarded(__global uint *out,
								      uint flag)
{
	__local uint buf[64];
	uint t = get_local_id(0);
	if (t >= 64)
		return;
	buf[t] = t;
	barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok // ptx-check: divergent on get_local_id(0)
	if (get_local_id(0) >= 64 || flag)
		return;
	buf[t] += 1;
	barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok // ptx-check: divergent on get_local_id(0)
	if ((int)get_local_id(0) < 64) {
		buf[t] += 2;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok // ptx-check: divergent on get_local_id(0)
	}
	out[get_global_id(0)] = buf[t ^ 1];
}

__kernel __attribute__((reqd_work_group_size(64, 1, 1))) void below(__global uint *out, uint flag)
{
	__local uint buf[64];
	uint t = get_local_id(0);
	if (t >= 32 || flag)
		return;
	buf[t] = t;
	barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: divergent on get_local_id(0)
	out[get_global_id(0)] = buf[t ^ 1];
}

__kernel void guarded_undeclared(__global uint *out)
{
	__local uint buf[64];
	uint t = get_local_id(0);
	if (t >= 64)
		return;
	buf[t] = t;
	barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: divergent on get_local_id(0)
	out[get_global_id(0)] = buf[t ^ 1];
}
