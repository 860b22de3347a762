// Values that a helper reads of its caller's variables through pointer
// parameters: a flag passed by address (`stage(&f)`), a field of a struct
// passed by address, a reference, a pointer passed on to a nested helper,
// a helper that calls another (given no pointer) before it reads, and a
// method that reads what the constructor left in the object. Inlined, the helper reads what the caller stored, and a branch
// on it is as uniform as the value stored; called, the calling context
// says the same of what the caller stored before the call, where the
// helper reads it before it may write there (a store through a pointer
// that every call passes global memory for does not). A thread-dependent value
// stored, a store on one way of a divergent branch, a helper that writes
// the variable before it reads it again (itself, or through another
// pointer the caller makes the same), a helper called in a loop that
// changes what the next call reads, a field written again between the
// constructor and the method, a value stored in a loop that threads
// leave after different numbers of turns, and the same helper called with
// a uniform and a thread-dependent value are the divergent twins. Markers:
// run-calls.py.
#include "calls.cuh"

HELPER void stage_u(const int *flag)
{
	if (*flag)
		__syncthreads(); // check: ok
}

HELPER void stage_d(const int *flag)
{
	if (*flag)
		__syncthreads(); // check: divergent // rules differ: a helper called from several places, after exit inlined
}

/* called with a uniform and with a thread-dependent value */
HELPER void stage_mixed(const int *flag)
{
	if (*flag)
		__syncthreads(); // check: divergent
}

struct params {
	int n, t;
};

HELPER void stage_fields(const params *p)
{
	if (p->n)
		__syncthreads(); // check: ok
	if (p->t)
		__syncthreads(); // check: divergent
}

HELPER void stage_ref(const int &n)
{
	for (int i = 0; i < n; i++)
		__syncthreads(); // check: ok
}

/* the inner helpers read what the outer one was given */
HELPER void inner_u(const int *flag)
{
	if (*flag)
		__syncthreads(); // check: ok
}

HELPER void outer_u(const int *flag) { inner_u(flag); }

HELPER void inner_d(const int *flag)
{
	if (*flag)
		__syncthreads(); // check: divergent
}

HELPER void outer_d(const int *flag) { inner_d(flag); }

/* writes the variable before it reads it again */
HELPER void stage_rewritten(int *flag)
{
	*flag = *flag + (TID_X & 1);
	if (*flag)
		__syncthreads(); // check: divergent
}

/* calls a helper given no pointer before it reads */
HELPER int add_one(int v) { return v + 1; }

HELPER int stage_after(const int *flag, int n)
{
	int k = add_one(n);
	if (*flag)
		__syncthreads(); // check: ok
	return k;
}

HELPER int stage_after_d(const int *flag, int n)
{
	int k = add_one(n);
	if (*flag)
		__syncthreads(); // check: divergent
	return k;
}

/* writes through one pointer, then reads through another that the caller
 * makes the same */
HELPER void stage_alias(int *a, const int *b)
{
	*a = TID_X & 1;
	if (*b)
		__syncthreads(); // check: divergent
}

/* writes through another pointer before it reads: one that every call
 * passes global memory for (the kernel's argument), which cannot be the
 * caller's variable (a field of the struct decides, the other is the
 * value written) */
HELPER void stage_out(int *out, const params *p)
{
	out[TID_X] = p->t;
	if (p->n)
		__syncthreads(); // check: ok
	if (p->t)
		__syncthreads(); // check: divergent
}

/* reads, then leaves a thread-dependent value for the next call */
HELPER void stage_again(int *flag)
{
	if (*flag)
		__syncthreads(); // check: divergent // rules differ: -O2 threads the copies' equal branches to the end
	*flag = TID_X & 1;
}

/* given the last value of a loop whose trip count differs between threads */
HELPER void stage_late(const int *flag)
{
	if (*flag)
		__syncthreads(); // check: divergent
}

#ifdef TC_INLINE
#define CTOR ALWAYS_INLINE
#else
#define CTOR NOINLINE
#endif

/* a method that reads what the constructor left in the object */
struct counter {
	int n;
	__device__ CTOR counter(int v) : n(v) {}
	__device__ CTOR void run() const
	{
		for (int i = 0; i < n; i++)
			__syncthreads(); // check: ok
	}
};

struct lane_counter {
	int n;
	__device__ CTOR lane_counter(int v) : n(v) {}
	__device__ CTOR void run() const
	{
		for (int i = 0; i < n; i++)
			__syncthreads(); // check: divergent
	}
};

/* the field written again between the constructor and the method */
struct reset_counter {
	int n;
	__device__ CTOR reset_counter(int v) : n(v) {}
	__device__ CTOR void run() const
	{
		for (int i = 0; i < n; i++)
			__syncthreads(); // check: divergent
	}
};

extern "C" __global__ void in_objects(int *s, int n)
{
	counter c(BID_X & 3);
	c.run();
	lane_counter l(TID_X & 3);
	l.run();
	reset_counter r(n);
	r.n = TID_X & 3;
	r.run();
	s[TID_X] = c.n + l.n + r.n;
}

extern "C" __global__ void in_uniform(int *s, int n)
{
	int f = BID_X & 1;
	stage_u(&f);
	int g = n;
	stage_mixed(&g);
	params p;
	p.n = n;
	p.t = TID_X;
	stage_fields(&p);
	int m = n + 1;
	stage_ref(m);
	int o = n;
	outer_u(&o);
	s[TID_X] = f + g + p.n + p.t + m + o;
}

extern "C" __global__ void in_divergent(int *s, int n)
{
	int f = TID_X & 1;
	stage_d(&f);
	int g = TID_X;
	stage_mixed(&g);
	int o = TID_X;
	outer_d(&o);
	int r = n;
	stage_rewritten(&r);
	s[TID_X] = f + g + o + r;
}

extern "C" __global__ void in_after_call(int *s, int n)
{
	int f = BID_X & 1, g = TID_X & 1;
	int a = stage_after(&f, n);
	int b = stage_after_d(&g, n);
	s[TID_X] = a + b + f + g;
}

extern "C" __global__ void in_alias(int *s, int n)
{
	int f = BID_X & 1;
	stage_alias(&f, &f);
	s[TID_X] = f;
}

extern "C" __global__ void in_past_store(int *s, int n)
{
	params p = {(int)(BID_X & 1), (int)(TID_X & 1)};
	stage_out(s, &p);
}

extern "C" __global__ void in_branch(int *s, int n)
{
	int f = 0;
	if (TID_X & 1)
		f = n;
	stage_d(&f);
	s[TID_X] = f;
}

extern "C" __global__ void in_loop(int *s, int n)
{
	int f = n;
	for (int i = 0; i < 4; i++)
		stage_again(&f);
	s[TID_X] = f;
}

extern "C" __global__ void in_after_loop(int *s, int n)
{
	int f, i = 0;
	do {
		f = i;
		i++;
	} while (i <= (int)(TID_X % 4));
	stage_late(&f);
	s[TID_X] = f;
}
