/*
 * stats.h - phase timing and progress reports of a solve.
 *
 * A solver brackets each phase with tc__phase_begin / tc__phase_end; the time
 * is added to the phase of that name (names are static strings, compared by
 * address first). Progress goes to the caller's callback, if any.
 */
#ifndef TC_ANALYSIS_STATS_H
#define TC_ANALYSIS_STATS_H

#include "threadconv.h"
#include "util/clock.h"

typedef struct tc_run {
	tc_solve_stats *stats;
	tc_progress_fn progress;
	void *progress_ud;
	const char *phase;
	double started;
	uint64_t exact_work_limit; /* 0: by the factor */
	uint32_t exact_work_factor; /* 0: the solver's default */
	uint64_t exact_work_done;  /* exact's per-source work so far, all rounds */
} tc_run;

void tc__phase_begin(tc_run *run, const char *phase);
void tc__phase_end(tc_run *run);
/* Reports done of total units of the current phase (cheap when no callback). */
void tc__progress(tc_run *run, uint64_t done, uint64_t total);

#endif
