// Values that a helper leaves in its caller's variables through pointer
// parameters: an out-parameter (`get(&v)`) and a constructor that stores
// its parameters in the object (`pair p(x, y)`). Inlined, the caller reads
// back what was stored, and a branch on it is as uniform as the value
// stored; called, the calling context says the same of what the helper
// leaves there (what every return of it follows). A thread-dependent value
// stored, a store only some ways of the helper make, a variable written
// again between the call and the read, and the same helper called with a
// thread-dependent argument are the divergent twins. Markers: run-calls.py.
#include "calls.cuh"

HELPER void get_block_parity(int *out) { *out = BID_X & 1; }

HELPER void get_lane_parity(int *out) { *out = TID_X & 1; }

HELPER void get_value(int *out, int v) { *out = v; }

HELPER void get_maybe(int *out, int v)
{
	if (TID_X & 1)
		*out = v;
}

/* passes the pointer on: what the inner helper leaves is the outer's */
HELPER void get_nested(int *out, int v) { get_value(out, v + 1); }

struct pair {
	int a, b;
};

HELPER void pair_init(pair *p, int a, int b)
{
	p->a = a;
	p->b = b;
}

#ifdef TC_INLINE
#define CTOR ALWAYS_INLINE
#else
#define CTOR NOINLINE
#endif

/* a constructor that stores its parameters in the object */
struct range {
	int lo, hi;
	__device__ CTOR range(int l, int h) : lo(l), hi(h) {}
};

extern "C" __global__ void out_uniform(int *s)
{
	int v;
	get_block_parity(&v);
	if (v)
		__syncthreads(); // check: ok
	s[TID_X] = v;
}

extern "C" __global__ void out_divergent(int *s)
{
	int v;
	get_lane_parity(&v);
	if (v)
		__syncthreads(); // check: divergent
	s[TID_X] = v;
}

extern "C" __global__ void out_arg(int *s, int n)
{
	int v, w;
	get_value(&v, n);
	get_value(&w, TID_X);
	if (v > 2)
		__syncthreads(); // check: ok
	if (w > 2)
		__syncthreads(); // check: divergent
	s[TID_X] = v + w;
}

extern "C" __global__ void out_maybe(int *s, int n)
{
	int v = n;
	get_maybe(&v, n + 1);
	if (v > 2)
		__syncthreads(); // check: divergent
	s[TID_X] = v;
}

extern "C" __global__ void out_overwritten(int *s, int n)
{
	int v;
	get_value(&v, n);
	if (TID_X < 5)
		v = 7;
	if (v > 2)
		__syncthreads(); // check: divergent
	s[TID_X] = v;
}

extern "C" __global__ void out_fields(int *s, int n)
{
	pair p;
	pair_init(&p, n, TID_X);
	if (p.a > 2)
		__syncthreads(); // check: ok
	if (p.b > 2)
		__syncthreads(); // check: divergent
	s[TID_X] = p.a + p.b;
}

extern "C" __global__ void out_ctor(int *s, int n)
{
	range r(n + 1, TID_X);
	if (r.lo > 2)
		__syncthreads(); // check: ok
	if (r.hi > 2)
		__syncthreads(); // check: divergent
	s[TID_X] = r.lo + r.hi;
}

extern "C" __global__ void out_nested(int *s, int n)
{
	int v, w;
	get_nested(&v, n);
	get_nested(&w, TID_X);
	if (v > 2)
		__syncthreads(); // check: ok
	if (w > 2)
		__syncthreads(); // check: divergent
	s[TID_X] = v + w;
}
