/* clock.c - the one clock (clock.h). */
#include "util/clock.h"

#include <time.h>

double tc__now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
