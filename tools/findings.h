/*
 * findings.h - which of check's findings are reported, and how
 * (docs/check.md, "Choosing what is reported"):
 *
 *   -Wno-<rule>, -W<rule>          the rule off or on again (the last wins)
 *   -Werror, -Wno-error,           findings of every rule as errors, or
 *   -Werror=<rule>, -Wno-error=..  none, or one rule's (the last wins)
 *   --warnings-as-errors[=GLOBS]   as clang-tidy's: the rules GLOBS holds
 *   NOLINT comments                in the finding's source file (nolint.h)
 *   --baseline FILE                the findings FILE lists (baseline.h)
 *   --write-baseline FILE          FILE made to list the findings found
 *
 * A finding is dropped for the first of: its rule turned off, a NOLINT
 * comment, an entry of the baseline. Dropped findings leave the report
 * (every format), and the counts say why on standard error:
 *
 *   3 warnings generated.
 *   Suppressed 2 warnings (1 NOLINT, 1 baseline).
 *   1 warning treated as error
 */
#ifndef TC_TOOLS_FINDINGS_H
#define TC_TOOLS_FINDINGS_H

#include "report/baseline.h"
#include "report/nolint.h"
#include "report/report.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct cli_finding_entry cli_finding_entry;

typedef struct cli_findings {
	bool enabled[TC_RULE_COUNT];
	bool error[TC_RULE_COUNT];
	const char *baseline_path; /* --baseline */
	const char *write_path;    /* --write-baseline */
	tc__baseline *baseline;
	tc__nolint *nolint;
	/* the source files NOLINT reads, kept for the report's snippets to
	 * read again (srcfile.h); made with nolint */
	tc__srcfiles *files;
	/* what was found and what became of it */
	size_t found, shown, errors, by_nolint, by_baseline, disabled[TC_RULE_COUNT];
	cli_finding_entry *entries; /* for --write-baseline */
	size_t nentries, entries_cap;
} cli_findings;

void cli_findings_init(cli_findings *f);
void cli_findings_free(cli_findings *f);

/* -W<value>: 0, or -1 with a message printed (an unknown rule, with a
 * suggestion when one is close). */
int cli_findings_warning(cli_findings *f, const char *value);
/* --warnings-as-errors (globs NULL: every rule) or --warnings-as-errors=
 * GLOBS; 0, or -1 with a message printed. */
int cli_findings_as_errors(cli_findings *f, const char *globs);
/* Reads --baseline's file, f->baseline_path; CLI_EXIT_*, a message printed
 * on error (FILE:LINE:COL: error: ... for a malformed one). */
int cli_findings_read_baseline(cli_findings *f);

/*
 * Drops the findings of one graph that are not to be reported and marks
 * the errors: barriers[0..*nbarriers) (those of rg->reported) is
 * compacted, the collectives' flags set, and rg->suppressed set to the
 * barrier nodes dropped (*suppressed, malloc'd, the caller's to free).
 * CLI_EXIT_OK, or CLI_EXIT_ERROR when out of memory (said).
 */
int cli_findings_graph(cli_findings *f, tc_report_graph *rg, tc_check_barrier *barriers,
		       tc_check_collective *collectives, uint32_t **suppressed);
/* Once every graph is done: the misused NOLINTBEGIN and NOLINTEND comments
 * of the files read, as errors; CLI_EXIT_ERROR when there are any. */
int cli_findings_check_comments(cli_findings *f);
/* --write-baseline: the findings not dropped by -Wno- or NOLINT, into
 * f->write_path; CLI_EXIT_*. */
int cli_findings_write_baseline(const cli_findings *f);
/* The exit status the findings give: 3 when an error is reported, else 1
 * when anything is, else 0. */
int cli_findings_status(const cli_findings *f);
/* The counts on standard error, when anything was found. */
void cli_findings_summary(const cli_findings *f);

#endif
