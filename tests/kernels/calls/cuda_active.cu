// A full-mask collective behind `if (__activemask() == 0xffffffff)`, or
// behind 32 lanes counted in the mask as cooperative groups' coalesced
// groups test size() == 32: the lanes that test it together are the whole
// warp, so it is reached by the whole warp also in a helper that only part
// of a warp calls, and in a kernel under a branch on the thread. The twins:
// a branch on the thread between the test and the shuffle, a mask read
// before a branch on the thread and tested after it, and 16 lanes counted
// (each divergent). Markers: run-calls.py.
#include "calls.cuh"

HELPER int sum_if_whole(int v)
{
	if (ACTIVEMASK() == FULL)
		v += SHFL_XOR(FULL, v, 1); // collective: ok
	return v;
}

HELPER int sum_if_32(int v)
{
	unsigned m = ACTIVEMASK();
	if (POPC(m) == 32)
		v += SHFL_XOR(FULL, v, 1); // collective: ok
	return v;
}

HELPER int sum_if_16(int v)
{
	unsigned m = ACTIVEMASK();
	if (POPC(m) == 16)
		v += SHFL_XOR(FULL, v, 1); // collective: divergent
	return v;
}

HELPER int sum_if_whole_late(int v)
{
	if (ACTIVEMASK() == FULL) {
		if (TID_X & 1)
			v += SHFL_XOR(FULL, v, 1); // collective: divergent
	}
	return v;
}

HELPER int sum_if_stale(int v)
{
	unsigned m = ACTIVEMASK();
	if (TID_X & 1) {
		if (m == FULL)
			v += SHFL_XOR(FULL, v, 1); // collective: divergent
	}
	return v;
}

extern "C" __global__ void active(int *s)
{
	unsigned t = TID_X;
	int v = s[t];
	if (t < 16)
		v = sum_if_whole(v); // call: ok
	v = sum_if_whole(v); // call: ok
	if (t < 48) {
		if (ACTIVEMASK() == FULL)
			v += SHFL_XOR(FULL, v, 2); // collective: ok
	}
	if (t < 16) {
		v = sum_if_32(v); // call: ok
		v = sum_if_16(v); // call: divergent
	}
	if (t < 16)
		v = sum_if_whole_late(v); // call: divergent
	v = sum_if_stale(v); // call: divergent
	s[t] = v;
}
