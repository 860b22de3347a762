// A kernel's struct argument passed by value: every work-item has a copy
// of the same value (on spir64 and AMDGPU, in private memory: a byval
// pointer), so a branch on one of its fields goes one way for the whole
// group, as it does where the copy is in the parameter space (NVPTX). The
// twin writes its copy with the work-item's index first. "expect:" and
// "check:" as in cuda_reduce.cu.
typedef struct {
	int n;
	float scale;
} params;

__kernel void by_value(__global float *x, params p)
{
	__local float buf[64];
	uint t = get_local_id(0);
	buf[t] = x[get_global_id(0)];
	if (p.n > 4) {
		buf[t] *= p.scale;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	}
	x[get_global_id(0)] = buf[t ^ 1];
}

__kernel void by_value_written(__global float *x, params p)
{
	__local float buf[64];
	uint t = get_local_id(0);
	buf[t] = x[get_global_id(0)];
	p.n += t;
	if (p.n > 4) {
		buf[t] *= p.scale;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: divergent
	}
	x[get_global_id(0)] = buf[t ^ 1];
}
