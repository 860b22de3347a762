// A kernel's struct argument passed by value, as spir64 passes it: a
// pointer into private memory (byval). by_value does not write its copy: a
// branch on a field is uniform. by_value_written does: it is not. byval.ll
// is clang-19 -x cl -cl-std=CL2.0 -target spir64 -O1 -g -S -emit-llvm
// byval.cl, with the file path made relative.
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
