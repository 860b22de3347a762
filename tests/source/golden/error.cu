__global__ void k(int *a)
{
	int t = threadIdx.x	/* ü */;
	a[t] = undefined;
}
