// Not run by ctest (tests/kernels/CMakeLists.txt globs only the directory
// above): the comments give the correct verdicts, which threadconv does not
// reach yet. Run by hand with
//   tests/kernels/run-kernels.py --bin build/threadconv --clang clang-19 \
//       --work /tmp/k tests/kernels/disputed/cl_work_group_any.cl
//
// work_group_any (OpenCL C 2.0) returns the same value to every work-item
// of the group, so a branch on it is uniform and `threadconv check` should
// not report the barrier under it. threadconv takes the call
// (_Z14work_group_anyi, an external function; libclc 19 does not define it)
// to be an unknown call, divergent, and reports it at -O0, -O1 and -O2.
kernel void any(global int *out, int n)
{
	size_t t = get_local_id(0);
	if (work_group_any(t == 0)) {
		out[t] = 1;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	}
	out[t + 1] = n;
}
