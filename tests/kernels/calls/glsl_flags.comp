#version 450
// Barriers behind a flag that the caller passes (cuda_flags.cu's cases in
// a compute shader): called with false where only some invocations are,
// the barrier is not executed there, and called with true where all are it
// is, so neither call is reported; an integer mode compared with a
// constant; the flag passed on through a second function. The twins pass
// true, or a mode that takes the barrier, where only some invocations are,
// or a flag read from a buffer (each divergent). glslangValidator keeps the
// functions without -Os (its SPIR-V passes the flags through variables the
// functions' parameters point to) and inlines and folds them with it.
// Markers: run-calls.py.
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Out { uint data[]; } outb;
shared uint buf[64];

void store_sync(uint v, bool sync)
{
	buf[gl_LocalInvocationID.x] = v;
	if (sync)
		barrier(); // check: ok
}

void store_sync_true(uint v, bool sync)
{
	buf[gl_LocalInvocationID.x] = v;
	if (sync)
		barrier(); // check: divergent
}

void store_sync_inner(uint v, bool sync)
{
	buf[gl_LocalInvocationID.x] += v;
	if (sync)
		barrier(); // check: ok
}

void store_sync_outer(uint v, bool sync)
{
	buf[gl_LocalInvocationID.x] += 1;
	store_sync_inner(v, sync); // call: ok
}

void step_mode(int mode)
{
	buf[gl_LocalInvocationID.x] += uint(mode);
	if (mode > 1)
		barrier(); // check: ok
}

void step_mode_taken(int mode)
{
	buf[gl_LocalInvocationID.x] += uint(mode);
	if (mode > 1)
		barrier(); // check: divergent
}

void store_sync_loaded(uint v, bool sync)
{
	buf[gl_LocalInvocationID.x] = v;
	if (sync)
		barrier(); // check: divergent
}

void main()
{
	uint t = gl_LocalInvocationID.x;
	if (t < 16) {
		store_sync(1, false); // call: ok
		store_sync_outer(2, false); // call: ok
		step_mode(1); // call: ok
	}
	store_sync(3, true); // call: ok
	store_sync_outer(4, true); // call: ok
	step_mode(2); // call: ok
	if (t < 8) {
		store_sync_true(5, true); // call: divergent
		step_mode_taken(3); // call: divergent
		store_sync_loaded(6, outb.data[0] != 0); // call: divergent
	}
	outb.data[t] = buf[t];
}
