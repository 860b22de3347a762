// Copies of one barrier and of one shuffle (docs/check.md, "Copies of one
// barrier"): nvcc unrolls k's loop, whose barrier becomes five nodes, and
// warp_total's, whose shuffle becomes five; each is one finding, with the
// branch of the loop once. copies.ptx is this file through nvcc -ptx
// -lineinfo; tests/llvm/cli/copies.ll through clang-19 -O2.
__global__ void k(float *a, int n) {
  for (int i = 0; i < threadIdx.x; i++) {
    a[i] += 1.0f;
    __syncthreads();
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
