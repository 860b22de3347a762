// Tree reduction in shared memory (CUDA, without the CUDA headers).
// A barrier's "expect:" comment is its verdict in assume mode: "no-rewrite"
// when all its in-edges are convergent, "rewrite" when it needs the
// warp-synchronous rewrite. The same at -O0 and -O2. A "check:" comment is
// the verdict of `threadconv check` (barriers not assumed): "divergent" when
// it reports the barrier (with "on VALUE": a note names that thread-dependent
// value), "ok" when it does not. The loop barrier is "ok": the counter phi
// is uniform, since the loop's branches are (docs/llvm.md, "Phis").
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))

extern "C" __global__ void reduce(float *out, const float *in)
{
	__shared__ float buf[256];
	unsigned t = __nvvm_read_ptx_sreg_tid_x();
	buf[t] = in[__nvvm_read_ptx_sreg_ctaid_x() * 256 + t];
	__syncthreads(); // expect: no-rewrite // check: ok
	for (unsigned s = __nvvm_read_ptx_sreg_ntid_x() / 2; s > 0; s >>= 1) {
		if (t < s)
			buf[t] += buf[t + s];
		__syncthreads(); // expect: rewrite // check: ok
	}
	if (t == 0)
		out[__nvvm_read_ptx_sreg_ctaid_x()] = buf[0];
}
