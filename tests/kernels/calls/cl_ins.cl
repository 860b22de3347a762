// Values that a helper reads of its caller's private variables through
// pointer parameters (cuda_ins.cu's cases in OpenCL C): the group's parity
// (ok), the work-item's (divergent), one helper given a value from the
// kernel's argument and one from the local id (divergent), a value stored
// on only some ways of a divergent branch (divergent), a helper that
// passes the pointer on to another (as uniform as what it was given), one
// that writes the variable before it reads it again (divergent), one
// called in a loop that leaves the next call a work-item's value
// (divergent), and one that reads what another helper set in the variable
// (as uniform as what that one was given). HELPER: noinline, or always
// inline with -DTC_INLINE. Markers: run-calls.py.
#ifdef TC_INLINE
#define HELPER __attribute__((always_inline)) static inline
#else
#define HELPER __attribute__((noinline))
#endif

HELPER void stage_u(const private int *flag)
{
	if (*flag)
		barrier(CLK_LOCAL_MEM_FENCE); // check: ok
}

HELPER void stage_d(const private int *flag)
{
	if (*flag)
		barrier(CLK_LOCAL_MEM_FENCE); // check: divergent // rules differ: a helper called from several places, after exit inlined
}

HELPER void stage_mixed(const private int *flag)
{
	if (*flag)
		barrier(CLK_LOCAL_MEM_FENCE); // check: divergent
}

HELPER void stage_count(const private int *n)
{
	for (int i = 0; i < *n; i++)
		barrier(CLK_LOCAL_MEM_FENCE); // check: ok
}

HELPER void inner_u(const private int *flag)
{
	if (*flag)
		barrier(CLK_LOCAL_MEM_FENCE); // check: ok
}

HELPER void outer_u(const private int *flag) { inner_u(flag); }

HELPER void stage_rewritten(private int *flag)
{
	*flag = *flag + (int)(get_local_id(0) & 1);
	if (*flag)
		barrier(CLK_LOCAL_MEM_FENCE); // check: divergent
}

HELPER void stage_again(private int *flag)
{
	if (*flag)
		barrier(CLK_LOCAL_MEM_FENCE); // check: divergent
	*flag = (int)(get_local_id(0) & 1);
}

HELPER void set_value(private int *out, int v) { *out = v; }

/* reads what another helper left in the variable */
HELPER void stage_set(const private int *flag)
{
	if (*flag)
		barrier(CLK_LOCAL_MEM_FENCE); // check: ok
}

HELPER void stage_set_d(const private int *flag)
{
	if (*flag)
		barrier(CLK_LOCAL_MEM_FENCE); // check: divergent
}

kernel void ins_set(global int *s, int n)
{
	int u, d;
	set_value(&u, n + 1);
	stage_set(&u);
	set_value(&d, (int)get_local_id(0));
	stage_set_d(&d);
	s[get_local_id(0)] = u + d;
}

kernel void ins(global int *s, int n)
{
	int f = (int)(get_group_id(0) & 1);
	stage_u(&f);
	int g = n;
	stage_mixed(&g);
	int c = n + 1;
	stage_count(&c);
	int o = n;
	outer_u(&o);
	int d = (int)get_local_id(0);
	stage_d(&d);
	int h = (int)get_local_id(0);
	stage_mixed(&h);
	int r = n;
	stage_rewritten(&r);
	s[get_local_id(0)] = f + g + c + o + d + h + r;
}

kernel void ins_branch(global int *s, int n)
{
	int f = 0;
	if (get_local_id(0) & 1)
		f = n;
	stage_d(&f);
	s[get_local_id(0)] = f;
}

kernel void ins_loop(global int *s, int n)
{
	int f = n;
	for (int i = 0; i < 4; i++)
		stage_again(&f);
	s[get_local_id(0)] = f;
}
