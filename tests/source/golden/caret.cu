// threadconv check caret.cu: tabs and UTF-8 before the columns, the carets
// stay under them as clang-19 puts its own
__global__ void k(int *a)
{
	int t = threadIdx.x;
	if (t < 7) {	/* ünï → 漢字 */	__syncthreads();
	}
	a[t] = 1;
}
