// tests/ptx/cli/copies.cu with a NOLINT at its barrier: copies.ptx names
// copies.cu, which check looks for in the folder it runs in, so that
// copies-nolint.cmd, run here, reads this one. The five copies of the
// barrier are one finding, and the comment silences it; the shuffle's
// finding, at a line without one, stays.
__global__ void k(float *a, int n) {
  for (int i = 0; i < threadIdx.x; i++) {
    a[i] += 1.0f;
    __syncthreads(); // NOLINT(barrier-divergence): one comment, five copies
  }
}
__device__ float warp_total(float v) {
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_xor_sync(0xffffffff, v, o);
  return v;
}
__global__ void s(float *a) {
  float v = a[threadIdx.x];
  if (threadIdx.x < 40) v = warp_total(v);
  a[threadIdx.x] = v;
}
