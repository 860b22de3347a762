// Loops that LLVM reshapes at -O1 and -O2 (rotation, merged conditions,
// LCSSA phis, trivial unswitching, LICM, unrolling), where the verdicts must
// stay those of -O0 (CUDA, without the CUDA headers). "expect:" and
// "check:" as in cuda_reduce.cu; every verdict here is the source's,
// whatever the level. cl_opt_levels.cl has the same cases in OpenCL C.
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))

// A uniform loop holding a divergent if around a loop. At -O1 the if's and
// the inner guard's conditions are merged into one branch in the outer
// header, next to the counter phi. Every thread runs each outer iteration,
// so both barriers run equally often; the second is entered from the if's
// two sides.
extern "C" __global__ void merged_inner_loop(int *A, int n, int m)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	for (int i = 0; i < n; i += 32) {
		__syncthreads(); // expect: no-rewrite // check: ok
		if (t < 5)
			for (int k = 0; k < m; k++)
				A[k * 8 + t] += 1;
		__syncthreads(); // expect: rewrite // check: ok
		A[i + t] = 0;
	}
}

// A value computed before a loop with a thread-dependent trip count and
// used after it: N is the same for every thread, so the later loop runs
// alike everywhere. At -O1 the first loop's guard (threadIdx.x < N) sits in
// the entry block beside N.
extern "C" __global__ void pre_loop_value(int *A, int log2N)
{
	const int N = 1 << log2N;
	for (int pos = __nvvm_read_ptx_sreg_tid_x(); pos < N; pos += __nvvm_read_ptx_sreg_ntid_x())
		A[pos] = 0;
	for (int s = N >> 2; s > 0; s >>= 2) {
		__syncthreads(); // expect: no-rewrite // check: ok
		A[__nvvm_read_ptx_sreg_tid_x()] += s;
	}
}

// The same with a divergent if around a loop, at every level in the entry
// block beside half = n / 2: half is uniform, the second loop runs alike.
extern "C" __global__ void pre_if_value(int *A, int n, int m)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int half = n >> 1;
	if (t < 5)
		for (int k = 0; k < m; k++)
			A[k * 8 + t] += 1;
	for (int s = 0; s < half; s++) {
		__syncthreads(); // expect: no-rewrite // check: ok
		A[t] += s;
	}
}

// A divergent if whose arm holds a divergent break. Threads leave in
// different iterations, so the loop barrier diverges (and is entered from
// the if's two sides). Those still in the loop are in the same iteration:
// i < n is uniform among them, so in every well-synchronized execution
// either all leave by the break or all by the loop condition, and the last
// barrier needs no rewrite.
extern "C" __global__ void break_in_if(int *out, int n, int m)
{
	__shared__ int buf[256];
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	buf[t] = t;
	__syncthreads(); // expect: no-rewrite // check: ok
	for (int i = 0; i < n; i++) {
		if (t & 1) {
			buf[t] += i;
			if (buf[t] > m)
				break;
		}
		__syncthreads(); // expect: rewrite // check: divergent on threadIdx.x
	}
	__syncthreads(); // expect: no-rewrite // check: ok
	out[t] = buf[t ^ 1];
}

// A divergent if whose arm holds only a uniform break: odd threads leave at
// i == m, so the loop barrier diverges. At -O1 the two conditions become one
// branch on (t & 1) && i >= m, a plain divergent break. The last barrier is
// reached once by every thread; odd ones may leave by the break in the
// iteration where even ones leave by i < n, so it comes after the uniform
// if below, whose block every thread passes once.
extern "C" __global__ void merged_break(int *out, int n, int m)
{
	__shared__ int buf[256];
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	buf[t] = t;
	for (int i = 0; i < n; i++) {
		__syncthreads(); // expect: no-rewrite // check: divergent on threadIdx.x
		buf[t] += i;
		if (t & 1) {
			if (i >= m)
				break;
		}
	}
	if (n > 3)
		out[t + 256] = m;
	__syncthreads(); // expect: no-rewrite // check: ok
	out[t] = buf[t ^ 1];
}

// A loop-invariant value defined inside a loop with a thread-dependent trip
// count (at least one iteration): every thread computes the same c in every
// iteration, so the loop over c runs alike. At -O1 LICM hoists c out of the
// first loop.
extern "C" __global__ void invariant_in_divergent_loop(int *A, int n, int m)
{
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	unsigned k = t;
	int c;
	do {
		c = m * 4;
		A[k] = c;
		k += __nvvm_read_ptx_sreg_ntid_x();
	} while (k < (unsigned)n);
	for (int j = 0; j < c; j++) {
		__syncthreads(); // expect: no-rewrite // check: ok
		A[t] += j;
	}
}

// Loops after a grid-stride loop (a thread-dependent trip count): one over
// a kernel argument (uniform), one over the thread's own iteration count
// (not: it differs between threads unless n is a multiple of the stride).
extern "C" __global__ void after_divergent_loop(int *A, int n, int m)
{
	__shared__ int buf[256];
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int c = 0;
	for (unsigned k = __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() + t;
	     k < (unsigned)n; k += __nvvm_read_ptx_sreg_ntid_x() * __nvvm_read_ptx_sreg_nctaid_x()) {
		A[k] = m;
		c++;
	}
	buf[t] = c;
	for (int j = 0; j < m; j++) {
		__syncthreads(); // expect: no-rewrite // check: ok
		buf[t] += buf[(t + 1) % 256];
	}
	for (int j = 0; j < c; j++) {
		__syncthreads(); // expect: no-rewrite // check: divergent
		buf[t] += j;
	}
	A[t] = buf[t];
}

// Inner loops with thread-dependent trip counts in a uniform outer loop:
// every thread runs each outer iteration, so the outer barriers run equally
// often. The first inner loop may run no iteration (at -O1 its guard
// threadIdx.x != 0 sits in the outer header, beside the counter phi); the
// second runs at least once. -O2 may unroll them with a remainder loop,
// whose two exits different threads take: the second barrier comes after a
// uniform if, whose block every thread passes once per outer iteration.
extern "C" __global__ void nested_divergent_inner(float *out, int n)
{
	__shared__ float tile[512];
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	float acc = 0;
	for (int i = 0; i < n; i++) {
		__syncthreads(); // expect: no-rewrite // check: ok
		for (unsigned k = 0; k < t; k++)
			acc += tile[k];
		for (unsigned k = 0; k <= t; k++)
			acc += tile[k + 1];
		if (n > 4)
			out[t + 256] = acc;
		__syncthreads(); // expect: no-rewrite // check: ok
		tile[t] = acc;
	}
	out[t] = acc;
}

// Loop-invariant breaks, which -O1 hoists before the loop (trivial
// unswitching): a uniform one (every thread leaves together) and a
// divergent one (threads t >= lim never reach the loop barrier). All leave
// each loop by one way in a well-synchronized execution.
extern "C" __global__ void unswitch(int *out, int n, int mode, int lim)
{
	__shared__ int buf[256];
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	buf[t] = 0;
	for (int i = 0; i < n; i++) {
		if (mode < 0)
			break;
		buf[t] += i;
		__syncthreads(); // expect: no-rewrite // check: ok
	}
	for (int i = 0; i < n; i++) {
		if (t >= (unsigned)lim)
			break;
		buf[t] += i;
		__syncthreads(); // expect: no-rewrite // check: divergent on threadIdx.x
	}
	__syncthreads(); // expect: no-rewrite // check: ok
	out[t] = buf[t ^ 1];
}

// && of a divergent and a uniform operand (one branch on an and at -O1)
// before a barrier, and of two uniform ones around one; then the value of a
// uniform loop (an LCSSA phi at -O1) bounds a loop with a barrier.
extern "C" __global__ void merged_condition(int *out, int n, int m)
{
	__shared__ int buf[256];
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	int s = 1;
	buf[t] = 0;
	for (int i = 0; i < n; i++) {
		if (t < 8 && i < m)
			buf[t] += i;
		s = s * 3 + m;
		__syncthreads(); // expect: rewrite // check: ok
		if (i < m && m < 64)
			__syncthreads(); // expect: no-rewrite // check: ok
	}
	for (int j = 0; j < s; j++) {
		__syncthreads(); // expect: no-rewrite // check: ok
		buf[t] += j;
	}
	out[t] = buf[t ^ 1];
}
