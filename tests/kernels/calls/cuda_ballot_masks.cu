// A helper that splits the lanes that call it by a predicate, as
// cooperative groups' binary_partition does (each side's mask made from one
// ballot: g & s where the predicate holds, g & ~s where it does not), and
// runs a shuffle on each side under the branch on the predicate. The mask
// differs across the warp but is the same in every lane on one side, in
// the helper's own graph and in each calling context (masks.h): ok, no
// argument reported, inlined or not. Markers: run-calls.py
// ("collective:").
#include "calls.cuh"

HELPER int side_first(unsigned g, int v)
{
	int c = v > 0;
	unsigned s = BALLOT(g, c); // collective: ok
	unsigned m = (s == g || s == 0) ? g : g & (s ^ (c ? 0u : FULL));
	if (c)
		v = SHFL_IDX(m, v, LOWEST_LANE(m)); // collective: ok
	else
		v = -SHFL_IDX(m, v, LOWEST_LANE(m)); // collective: ok
	return v;
}

extern "C" __global__ void whole_warp(int *out, const int *in)
{
	unsigned t = TID_X;
	out[t] = side_first(FULL, in[t]);
}

extern "C" __global__ void active_lanes(int *out, const int *in)
{
	unsigned t = TID_X;
	int v = in[t];
	if (v != 7)
		v = side_first(ACTIVEMASK(), v);
	out[t] = v;
}
