// A helper whose barrier only one mode takes, called where only some threads
// are with 17 modes that do not take it (each a calling context that knows
// its constant: the barrier is not executed there) and then with the one
// that does. A function gets at most 16 contexts that know constants; the
// call past them gets the context that knows none, where the barrier may be
// executed: it is reported, whichever call comes last (and so it is when
// the helpers are inlined, where the one call that takes it is divergent).
// Markers: run-calls.py.
#include "calls.cuh"

HELPER void step_if_99(int *s, int mode)
{
	s[TID_X] += mode;
	if (mode == 99)
		__syncthreads(); // check: divergent // rules differ: a helper called from several places, after exit inlined
}

extern "C" __global__ void modes(int *s)
{
	if (TID_X < 16) {
		step_if_99(s, 0);
		step_if_99(s, 1);
		step_if_99(s, 2);
		step_if_99(s, 3);
		step_if_99(s, 4);
		step_if_99(s, 5);
		step_if_99(s, 6);
		step_if_99(s, 7);
		step_if_99(s, 8);
		step_if_99(s, 9);
		step_if_99(s, 10);
		step_if_99(s, 11);
		step_if_99(s, 12);
		step_if_99(s, 13);
		step_if_99(s, 14);
		step_if_99(s, 15);
		step_if_99(s, 16);
		step_if_99(s, 99);
	}
}
