/* clock.h - the one clock: seconds on a monotonic clock, for phase times. */
#ifndef TC_UTIL_CLOCK_H
#define TC_UTIL_CLOCK_H

double tc__now(void);

#endif
