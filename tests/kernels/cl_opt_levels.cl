// Loops that LLVM reshapes at -O1 and -O2 (rotation, merged conditions,
// LCSSA phis, trivial unswitching, LICM), where the verdicts must stay those
// of -O0 (OpenCL C). "expect:" and "check:" as in cuda_reduce.cu; every
// verdict here is the source's, whatever the level.

// A uniform loop holding a divergent if around a loop. At -O1 the if's and
// the inner guard's conditions are merged into one branch in the outer
// header, next to the counter phi. Every work-item runs each outer iteration,
// so both barriers run equally often; the second is entered from the if's
// two sides.
kernel void merged_inner_loop(global int *A, int n, int m)
{
	size_t t = get_local_id(0);
	for (int i = 0; i < n; i += 32) {
		barrier(CLK_GLOBAL_MEM_FENCE); // expect: no-rewrite // check: ok
		if (t < 5)
			for (int k = 0; k < m; k++)
				A[k * 8 + t] += 1;
		barrier(CLK_GLOBAL_MEM_FENCE); // expect: rewrite // check: ok
		A[i + t] = 0;
	}
}

// A value computed before a loop with a work-item-dependent trip count and
// used after it: N is the same for every work-item, so the later loop runs
// alike everywhere. At -O1 the first loop's guard (t < N) sits in the entry
// block beside N.
kernel void pre_loop_value(global int *A, int log2n)
{
	size_t t = get_local_id(0);
	const int N = 1 << log2n;
	for (size_t pos = t; pos < (size_t)N; pos += get_local_size(0))
		A[pos] = 0;
	for (int s = N >> 2; s > 0; s >>= 2) {
		barrier(CLK_GLOBAL_MEM_FENCE); // expect: no-rewrite // check: ok
		A[t] += s;
	}
}

// The same with a divergent if around a loop, at every level in the entry
// block beside h = n / 2: h is uniform, the second loop runs alike.
kernel void pre_if_value(global int *A, int n, int m)
{
	size_t t = get_local_id(0);
	int h = n >> 1;
	if (t < 5)
		for (int k = 0; k < m; k++)
			A[k * 8 + t] += 1;
	for (int s = 0; s < h; s++) {
		barrier(CLK_GLOBAL_MEM_FENCE); // expect: no-rewrite // check: ok
		A[t] += s;
	}
}

// A divergent if whose arm holds a divergent break. Work-items leave in
// different iterations, so the loop barrier diverges (and is entered from
// the if's two sides). Those still in the loop are in the same iteration:
// i < n is uniform among them, so in every well-synchronized execution
// either all leave by the break or all by the loop condition, and the last
// barrier needs no rewrite.
kernel void break_in_if(global int *out, local int *buf, int n, int m)
{
	size_t t = get_local_id(0);
	buf[t] = t;
	barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	for (int i = 0; i < n; i++) {
		if (t & 1) {
			buf[t] += i;
			if (buf[t] > m)
				break;
		}
		barrier(CLK_LOCAL_MEM_FENCE); // expect: rewrite // check: divergent on get_local_id(0)
	}
	barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	out[t] = buf[t ^ 1];
}

// A divergent if whose arm holds only a uniform break: odd work-items leave
// at i == m, so the loop barrier diverges. At -O1 the two conditions become
// one branch on (t & 1) && i >= m, a plain divergent break. The last
// barrier is reached once by every work-item; odd ones may leave by the
// break in the iteration where even ones leave by i < n, so it comes after
// the uniform if below, whose block every work-item passes once.
kernel void merged_break(global int *out, local int *buf, int n, int m)
{
	size_t t = get_local_id(0);
	buf[t] = t;
	for (int i = 0; i < n; i++) {
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: divergent on get_local_id(0)
		buf[t] += i;
		if (t & 1) {
			if (i >= m)
				break;
		}
	}
	if (n > 3)
		out[t + 256] = m;
	barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	out[t] = buf[t ^ 1];
}

// A loop-invariant value defined inside a loop with a work-item-dependent
// trip count (at least one iteration): every work-item computes the same c
// in every iteration, so the loop over c runs alike. At -O1 LICM hoists c
// out of the first loop.
kernel void invariant_in_divergent_loop(global int *A, int n, int m)
{
	size_t t = get_local_id(0);
	size_t k = t;
	int c;
	do {
		c = m * 4;
		A[k] = c;
		k += get_local_size(0);
	} while (k < (size_t)n);
	for (int j = 0; j < c; j++) {
		barrier(CLK_GLOBAL_MEM_FENCE); // expect: no-rewrite // check: ok
		A[t] += j;
	}
}

// Loops after a loop with a work-item-dependent trip count: one over a
// kernel argument (uniform), one over the work-item's own iteration count
// (not: it differs between work-items unless n is a multiple of the group
// size).
kernel void after_divergent_loop(global int *A, local int *buf, int n, int m)
{
	size_t t = get_local_id(0);
	int c = 0;
	for (size_t k = t; k < (size_t)n; k += get_local_size(0)) {
		A[k] = m;
		c++;
	}
	buf[t] = c;
	for (int j = 0; j < m; j++) {
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
		buf[t] += buf[(t + 1) % get_local_size(0)];
	}
	for (int j = 0; j < c; j++) {
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: divergent
		buf[t] += j;
	}
	A[t] = buf[t];
}

// Inner loops with work-item-dependent trip counts in a uniform outer loop:
// every work-item runs each outer iteration, so the outer barriers run
// equally often. The first inner loop may run no iteration (at -O1 its guard
// t != 0 sits in the outer header, beside the counter phi); the second runs
// at least once. -O2 may unroll them with a remainder loop, whose two exits
// different work-items take: the second barrier comes after a uniform if,
// whose block every work-item passes once per outer iteration.
kernel void nested_divergent_inner(global float *out, local float *tile, int n)
{
	size_t t = get_local_id(0);
	float acc = 0;
	for (int i = 0; i < n; i++) {
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
		for (size_t k = 0; k < t; k++)
			acc += tile[k];
		for (size_t k = 0; k <= t; k++)
			acc += tile[k + 1];
		if (n > 4)
			out[t + 256] = acc;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
		tile[t] = acc;
	}
	out[t] = acc;
}

// Loop-invariant breaks, which -O1 hoists before the loop (trivial
// unswitching): a uniform one (every work-item leaves together) and a
// divergent one (work-items t >= lim never reach the loop barrier). All
// leave each loop by one way in a well-synchronized execution.
kernel void unswitch(global int *out, local int *buf, int n, int mode, int lim)
{
	size_t t = get_local_id(0);
	buf[t] = 0;
	for (int i = 0; i < n; i++) {
		if (mode < 0)
			break;
		buf[t] += i;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	}
	for (int i = 0; i < n; i++) {
		if (t >= lim)
			break;
		buf[t] += i;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: divergent on get_local_id(0)
	}
	barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	out[t] = buf[t ^ 1];
}

// && of a divergent and a uniform operand (one branch on an and at -O1)
// before a barrier, and of two uniform ones around one.
kernel void merged_condition(global int *out, local int *buf, int n, int m)
{
	size_t t = get_local_id(0);
	buf[t] = 0;
	for (int i = 0; i < n; i++) {
		if (t < 8 && i < m)
			buf[t] += i;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: rewrite // check: ok
		if (i < m && m < 64)
			barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
	}
	out[t] = buf[t ^ 1];
}

// Values live out of loops (LCSSA phis at -O1): s out of a uniform loop with
// a divergent if inside is uniform; last out of a loop with a divergent
// break is not (work-items leave in different iterations).
kernel void lcssa_value(global int *out, local int *buf, int n, int m)
{
	size_t t = get_local_id(0);
	int s = 1;
	buf[t] = 0;
	for (int i = 0; i < n; i++) {
		if (t < 4)
			buf[t] += i;
		s = s * 3 + m;
		barrier(CLK_LOCAL_MEM_FENCE); // expect: rewrite // check: ok
	}
	for (int j = 0; j < s; j++) {
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: ok
		buf[t] += j;
	}
	int last = 0;
	for (int i = 0; i < n; i++) {
		last = i;
		if (out[t] + i > m)
			break;
	}
	for (int j = 0; j < last; j++)
		barrier(CLK_LOCAL_MEM_FENCE); // expect: no-rewrite // check: divergent
	out[t] = buf[t ^ 1];
}
