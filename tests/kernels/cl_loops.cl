// Barriers in loops: a trip count that depends on the local id, a uniform
// and a divergent break, nested loops with uniform bounds (OpenCL C).
// "expect:" and "check:" as in cuda_reduce.cu.

// Work-item t runs the loop t times. Assumed well synchronized, all
// work-items take each edge into the barrier alike; checked, the barrier
// diverges.
kernel void thread_loop(global int *out, local int *buf)
{
	size_t t = get_local_id(0);
	buf[t] = 0;
	for (size_t i = 0; i < t; i++) {
		buf[t] += i;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: divergent on get_local_id(0)
	}
	out[t] = buf[t ^ 1];
}

// A break on a value in local memory at a uniform address: every work-item
// leaves in the same iteration.
kernel void uniform_break(global int *out, local int *buf, int n, int m)
{
	size_t t = get_local_id(0);
	buf[t] = 0;
	for (int i = 0; i < n; i++) {
		buf[t] += i;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
		if (buf[0] > m)
			break;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	}
	barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	out[t] = buf[t ^ 1];
}

// A break on a work-item's own element: work-items leave in different
// iterations, and the barrier in the loop diverges.
kernel void divergent_break(global int *out, local int *buf, int n, int m)
{
	size_t t = get_local_id(0);
	buf[t] = t;
	for (int i = 0; i < n; i++) {
		if (buf[t] > m)
			break;
		buf[t] += i;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: divergent on get_local_id(0)
	}
	out[t] = buf[t ^ 1];
}

// Nested loops over kernel arguments with two barriers in the inner one
// (a tiled sum), and a triangular nest whose inner bound is the outer
// counter; the last nest counts in steps of the group size.
kernel void nested(global float *out, global const float *in, local float *tile,
		   int n, int m)
{
	size_t t = get_local_id(0);
	float acc = 0;
	for (int i = 0; i < n; i++) {
		for (int j = 0; j < m; j++) {
			tile[t] = in[(i * m + j) * get_local_size(0) + t];
			barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
			acc += tile[(t + 1) % get_local_size(0)];
			/* in PTX at -O1 and -O2, without libclc, the 64-bit %
			 * above is a branch on the high bits of t + 1 (the back
			 * end's slow-division bypass): two ways that depend on
			 * the thread meet here */
			barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok // ptx-opt-expect: rewrite
		}
	}
	for (int i = 0; i < n; i++) {
		for (int j = 0; j <= i; j++) {
			tile[t] = acc + j;
			barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
			acc += tile[t ^ 1];
		}
	}
	for (size_t i = 0; i < (size_t)n; i += get_local_size(0)) {
		for (int j = 0; j < m; j++) {
			tile[t] = in[i + t] * j;
			barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
			acc += tile[t ^ 2];
		}
	}
	out[t] = acc;
}
