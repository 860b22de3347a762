// The grid-stride loop of cuCollections' kernels (open_addressing/
// kernels.cuh): every thread of a block leaves together when idx - rank is
// the block's first index plus the strides (docs/check.md, "Affine
// bounds"). block-stride.ptx is this file through nvcc -ptx -O3 -lineinfo.
// In row the terms cancel; in rows, rank is threadIdx.x only in a block of
// one row: each row of a 64 x 2 block runs its own iterations, unless
// --block-size says the block is one row.
__global__ void row(int *out, long n) {
  __shared__ int buf[256];
  long idx = threadIdx.x + (long)blockIdx.x * blockDim.x;
  long stride = (long)gridDim.x * blockDim.x;
  while (idx - threadIdx.x < n) {
    buf[threadIdx.x] = (int)idx;
    __syncthreads();
    if (idx < n) out[idx] = buf[threadIdx.x ^ 1];
    idx += stride;
  }
}
__global__ void rows(int *out, long n) {
  __shared__ int buf[256];
  unsigned rank = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  long idx = threadIdx.x + (long)blockIdx.x * blockDim.x;
  long stride = (long)gridDim.x * blockDim.x;
  while (idx - rank < n) {
    buf[rank] = (int)idx;
    __syncthreads();
    if (idx < n) out[idx] = buf[rank ^ 1];
    idx += stride;
  }
}
