// loc.cu: the CUDA source of loc.ptx, which nvcc 13.0 compiled from it
// (nvcc -arch=sm_75 -ptx -lineinfo -O3). The barrier positions of loc.ptx
// come from its .loc lines and point here, so the markers are here.
extern "C" __global__ void loc(int *out, int n)
{
	__shared__ int buf[256];
	unsigned t = threadIdx.x;
	buf[t] = n;
	__syncthreads(); // expect: no-rewrite // check: ok
	if (t < 32) {
		buf[t] += buf[t + 32];
		__syncthreads(); // expect: no-rewrite // check: divergent
	}
	if (n > 3)
		out[t] = buf[t ^ 1];
	__syncthreads(); // expect: no-rewrite // check: ok
	if (t < 16) {
		out[t + 256] = buf[t + 1];
		out[t + 512] = buf[t + 2];
	}
	__syncthreads(); // expect: rewrite // check: ok
	for (int i = 0; i < n; i++) {
		buf[t] += i;
		__syncthreads(); // expect: no-rewrite // check: ok
	}
	out[t] = buf[t];
}
