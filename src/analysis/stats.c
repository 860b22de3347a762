/* stats.c - phase timing and progress reports of a solve. */
#include "analysis/stats.h"

#include <string.h>

void tc__phase_begin(tc_run *run, const char *phase)
{
	if (!run)
		return;
	run->phase = phase;
	run->started = tc__now();
	if (run->progress)
		run->progress(run->progress_ud, phase, 0, 0);
}

void tc__phase_end(tc_run *run)
{
	if (!run || !run->phase || !run->stats)
		return;
	double dt = tc__now() - run->started;
	tc_solve_stats *st = run->stats;
	uint32_t i = 0;
	while (i < st->nphases && st->phase[i].name != run->phase &&
	       strcmp(st->phase[i].name, run->phase) != 0)
		i++;
	if (i == st->nphases) {
		if (st->nphases == TC_STATS_MAX_PHASES)
			i--; /* fold the rest into the last slot */
		else
			st->phase[st->nphases++].name = run->phase;
	}
	st->phase[i].seconds += dt;
	run->phase = NULL;
}

void tc__progress(tc_run *run, uint64_t done, uint64_t total)
{
	if (run && run->progress)
		run->progress(run->progress_ud, run->phase, done, total);
}
