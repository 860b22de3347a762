/*
 * findings.c - which of check's findings are reported, and how (findings.h).
 */
#include "findings.h"
#include "msg.h"
#include "output.h"
#include "util/names.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* A finding for --write-baseline. */
struct cli_finding_entry {
	tc_rule rule;
	char *function, *text, *file;
	uint32_t line;
};

void cli_findings_init(cli_findings *f)
{
	memset(f, 0, sizeof *f);
	for (int r = 0; r < TC_RULE_COUNT; r++)
		f->enabled[r] = true;
}

void cli_findings_free(cli_findings *f)
{
	tc__baseline_free(f->baseline);
	tc__nolint_free(f->nolint);
	tc__srcfiles_free(f->files);
	for (size_t i = 0; i < f->nentries; i++) {
		free(f->entries[i].function);
		free(f->entries[i].text);
		free(f->entries[i].file);
	}
	free(f->entries);
	memset(f, 0, sizeof *f);
}

/* ---- options ---------------------------------------------------------------- */

/* "; did you mean 'PREFIX<rule>'?" for a rule close to name, or "". */
static const char *suggestion(char *buf, size_t cap, const char *prefix, const char *name,
			      size_t len)
{
	const char *near = tc__report_rule_nearest(name, len);
	if (!near)
		return "";
	snprintf(buf, cap, "; did you mean '%s%s'?", prefix, near);
	return buf;
}

int cli_findings_warning(cli_findings *f, const char *value)
{
	char hint[128];
	if (!value || !*value) {
		cli_error("'-W' needs a warning: -W<rule>, -Wno-<rule>, -Werror or "
			  "-Werror=<rule>");
		return -1;
	}
	if (strcmp(value, "error") == 0 || strcmp(value, "no-error") == 0) {
		for (int r = 0; r < TC_RULE_COUNT; r++)
			f->error[r] = value[0] == 'e';
		return 0;
	}
	bool no = strncmp(value, "no-", 3) == 0;
	const char *rest = no ? value + 3 : value;
	bool error = strncmp(rest, "error=", 6) == 0;
	const char *name = error ? rest + 6 : rest;
	int r = tc__report_rule_from_name(name, strlen(name));
	if (r < 0) {
		const char *prefix = error ? (no ? "-Wno-error=" : "-Werror=") : no ? "-Wno-" : "-W";
		cli_error("unknown warning option '-W%s'%s", value,
			  suggestion(hint, sizeof hint, prefix, name, strlen(name)));
		return -1;
	}
	if (error)
		f->error[r] = !no;
	else
		f->enabled[r] = !no;
	return 0;
}

int cli_findings_as_errors(cli_findings *f, const char *globs)
{
	if (!globs) {
		for (int r = 0; r < TC_RULE_COUNT; r++)
			f->error[r] = true;
		return 0;
	}
	/* every entry without a '*' names a rule */
	size_t len = strlen(globs);
	for (size_t at = 0; at < len;) {
		size_t end = at;
		while (end < len && globs[end] != ',')
			end++;
		size_t b = at, e = end;
		while (b < e && (globs[b] == ' ' || globs[b] == '\t' || globs[b] == '-'))
			b++;
		while (e > b && (globs[e - 1] == ' ' || globs[e - 1] == '\t'))
			e--;
		if (b < e && !memchr(globs + b, '*', e - b) &&
		    tc__report_rule_from_name(globs + b, e - b) < 0) {
			char hint[128];
			cli_error("unknown rule '%.*s' in --warnings-as-errors%s",
				  (int)(e - b < 64 ? e - b : 64), globs + b,
				  suggestion(hint, sizeof hint, "", globs + b, e - b));
			return -1;
		}
		at = end + 1;
	}
	for (int r = 0; r < TC_RULE_COUNT; r++)
		f->error[r] = tc__glob_list_contains(globs, len, tc_rule_name(r), true);
	return 0;
}

/* The whole of path (a regular file, a FIFO or a pipe) into *buf. */
static int read_file(const char *path, char **buf, size_t *len)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0) {
		int err = errno;
		if (fd >= 0)
			close(fd);
		cli_error("cannot read the baseline '%s': %s", path, strerror(err));
		return CLI_EXIT_ERROR;
	}
	if (S_ISDIR(st.st_mode)) {
		close(fd);
		cli_error("cannot read the baseline '%s': %s", path, strerror(EISDIR));
		return CLI_EXIT_ERROR;
	}
	/* a FIFO was opened without waiting for a writer; now read it as usual */
	fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	size_t cap = 1 << 16, got = 0;
	char *p = malloc(cap);
	int status = p ? CLI_EXIT_OK : CLI_EXIT_ERROR;
	while (p) {
		if (got == cap) {
			if (cap >= TC_NOLINT_MAX_FILE) {
				cli_error("the baseline '%s' is larger than %u MB", path,
					  TC_NOLINT_MAX_FILE >> 20);
				status = CLI_EXIT_ERROR;
				break;
			}
			char *q = realloc(p, cap *= 2);
			if (!q) {
				cli_error("out of memory");
				status = CLI_EXIT_ERROR;
				break;
			}
			p = q;
		}
		ssize_t n = read(fd, p + got, cap - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			cli_error("cannot read the baseline '%s': %s", path, strerror(errno));
			status = CLI_EXIT_ERROR;
		}
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	if (!p)
		cli_error("out of memory");
	close(fd);
	if (status != CLI_EXIT_OK) {
		free(p);
		return status;
	}
	*buf = p;
	*len = got;
	return CLI_EXIT_OK;
}

int cli_findings_read_baseline(cli_findings *f)
{
	char *buf;
	size_t len;
	int status = read_file(f->baseline_path, &buf, &len);
	if (status != CLI_EXIT_OK)
		return status;
	tc_diag d;
	int rc = tc__baseline_parse(&f->baseline, f->baseline_path, buf, len, &d);
	free(buf);
	if (rc) {
		cli_diag(&d, f->baseline_path);
		return CLI_EXIT_ERROR;
	}
	return CLI_EXIT_OK;
}

/* ---- the findings ------------------------------------------------------------- */

static char *copy(const char *s)
{
	size_t n = strlen(s);
	char *p = malloc(n + 1);
	if (p)
		memcpy(p, s, n + 1);
	return p;
}

static int remember(cli_findings *f, tc_rule rule, const char *function,
		    const char *text, tc_loc loc)
{
	if (f->nentries == f->entries_cap) {
		size_t cap = f->entries_cap ? 2 * f->entries_cap : 16;
		cli_finding_entry *p = realloc(f->entries, cap * sizeof *p);
		if (!p)
			return -1;
		f->entries = p;
		f->entries_cap = cap;
	}
	cli_finding_entry *e = &f->entries[f->nentries];
	e->rule = rule;
	e->line = loc.line;
	e->function = copy(function);
	e->text = copy(text);
	e->file = loc.file ? copy(loc.file) : NULL;
	if (!e->function || !e->text || (loc.file && !e->file)) {
		free(e->function);
		free(e->text);
		free(e->file);
		return -1;
	}
	f->nentries++;
	return 0;
}

/* Whether a finding of rule at loc in function is reported; *error whether
 * as an error. -1 when out of memory. */
static int judge(cli_findings *f, tc_rule rule, tc_loc loc, const char *function,
		 bool *error)
{
	/* an after-exit rule is one of its divergence rule's: what turns that
	 * off (-Wno-, NOLINT, a baseline entry) turns it off too, and -Werror
	 * of it makes it an error */
	tc_rule parent = tc__rule_parent(rule);
	const char *name = tc_rule_name(rule), *pname = tc_rule_name(parent);
	*error = false;
	f->found++;
	if (!f->enabled[rule] || !f->enabled[parent]) {
		f->disabled[f->enabled[parent] ? rule : parent]++;
		return 0;
	}
	if (!f->files && !(f->files = tc__srcfiles_new()))
		return -1;
	if (!f->nolint && !(f->nolint = tc__nolint_new(f->files)))
		return -1;
	int rc = tc__nolint_suppresses(f->nolint, loc, name);
	if (rc == 0 && parent != rule)
		rc = tc__nolint_suppresses(f->nolint, loc, pname);
	if (rc < 0)
		return -1;
	if (rc) {
		f->by_nolint++;
		return 0;
	}
	if (f->baseline || f->write_path) {
		const char *text;
		if (tc__nolint_line_text(f->nolint, loc, &text))
			return -1;
		text = text ? text : "";
		if (f->write_path && remember(f, rule, function, text, loc))
			return -1;
		int taken = f->baseline ? tc__baseline_take(f->baseline, name, function, text) : 0;
		if (taken == 0 && f->baseline && parent != rule)
			taken = tc__baseline_take(f->baseline, pname, function, text);
		if (taken < 0)
			return -1;
		if (taken) {
			f->by_baseline++;
			return 0;
		}
	}
	f->shown++;
	*error = f->error[rule] || f->error[parent];
	f->errors += *error;
	return 1;
}

int cli_findings_graph(cli_findings *f, tc_report_graph *rg, tc_check_barrier *barriers,
		       tc_check_collective *collectives, uint32_t **suppressed)
{
	const tc_graph *g = rg->graph;
	const char *name = tc_graph_name(g);
	char function[512];
	tc__plain_name(function, sizeof function, name, strlen(name));
	size_t nb = rg->nreported, kept = 0, nsup = 0;
	/* per barrier: its index once the dropped ones are gone */
	uint32_t *moved = nb ? malloc(nb * sizeof *moved) : NULL;
	*suppressed = NULL;
	if (nb && (!moved || !(*suppressed = malloc(nb * sizeof **suppressed))))
		goto oom;
	/* in the text report's order: barriers and collectives by node, a
	 * barrier first, so that of equal findings the baseline takes the
	 * first ones; a copy merged into an earlier finding (tc__report_merge)
	 * is judged with it, and counted once */
	size_t b = 0, k = 0;
	while (b < nb || k < rg->ncollectives) {
		bool error;
		if (k == rg->ncollectives ||
		    (b < nb && barriers[b].node <= collectives[k].c->node)) {
			tc_check_barrier *rb = &barriers[b];
			int shown;
			if (rb->merged) { /* as its finding: dropped, or kept at r */
				uint32_t r = moved[rb->merged_into];
				shown = r != UINT32_MAX;
				error = shown && barriers[r].error;
			} else {
				tc_rule rule = tc__check_barrier_rule(g, rb);
				shown = judge(f, rule, tc_graph_node_loc(g, rb->node), function, &error);
			}
			if (shown < 0)
				goto oom;
			rb->error = error;
			if (shown) {
				moved[b] = (uint32_t)kept;
				barriers[kept] = *rb;
				if (rb->merged) /* where its finding went */
					barriers[kept].merged_into = moved[rb->merged_into];
				kept++;
			} else {
				moved[b] = UINT32_MAX;
				(*suppressed)[nsup++] = rb->node;
			}
			b++;
			continue;
		}
		tc_check_collective *rc = &collectives[k++];
		if (rc->reported && rc->merged) {
			const tc_check_collective *first = &collectives[rc->merged_into];
			rc->error = first->error;
			rc->reported = first->reported;
			rc->suppressed = first->suppressed;
		} else if (rc->reported) {
			int shown = judge(f, tc__check_collective_rule(rc), rc->c->loc, function,
					  &error);
			if (shown < 0)
				goto oom;
			rc->error = error;
			rc->reported = shown;
			rc->suppressed = !shown;
		}
		if (rc->c->arg != TC_NONE && rc->arg_merged) {
			const tc_check_collective *first = &collectives[rc->arg_merged_into];
			rc->arg_error = first->arg_error;
			rc->arg_suppressed = first->arg_suppressed;
		} else if (rc->c->arg != TC_NONE) {
			int shown = judge(f, TC_RULE_COLLECTIVE_ARGUMENT, rc->c->loc, function,
					  &error);
			if (shown < 0)
				goto oom;
			rc->arg_error = error;
			rc->arg_suppressed = !shown;
		}
	}
	free(moved);
	rg->nreported = kept;
	rg->suppressed = *suppressed;
	rg->nsuppressed = nsup;
	return CLI_EXIT_OK;
oom:
	free(moved);
	cli_error("out of memory");
	return CLI_EXIT_ERROR;
}

int cli_findings_check_comments(cli_findings *f)
{
	const tc__nolint_error *list;
	size_t n = f->nolint ? tc__nolint_errors(f->nolint, &list) : 0;
	for (size_t i = 0; i < n; i++)
		fprintf(cli_msg(), "%s:%u:%u: error: %s\n", list[i].loc.file,
			(unsigned)list[i].loc.line, (unsigned)list[i].loc.col, list[i].message);
	return n ? CLI_EXIT_ERROR : CLI_EXIT_OK;
}

static int render_baseline(FILE *out, const void *ctx, tc_diag *diag)
{
	const cli_findings *f = ctx;
	(void)diag;
	tc__baseline_write_header(out);
	for (size_t i = 0; i < f->nentries; i++) {
		const cli_finding_entry *e = &f->entries[i];
		tc__baseline_write_entry(out, tc_rule_name(e->rule), e->function, e->text,
					 (tc_loc){e->file, e->line, 0});
	}
	return TC_OK;
}

int cli_findings_write_baseline(const cli_findings *f)
{
	return cli_render_output(f->write_path, render_baseline, f);
}

int cli_findings_status(const cli_findings *f)
{
	return f->errors ? CLI_EXIT_FOUND_ERROR : f->shown ? CLI_EXIT_FOUND : CLI_EXIT_OK;
}

static const char *plural(size_t n)
{
	return n == 1 ? "" : "s";
}

void cli_findings_summary(const cli_findings *f)
{
	if (!f->found)
		return;
	fprintf(stderr, "%zu warning%s generated.\n", f->found, plural(f->found));
	size_t dropped = f->by_nolint + f->by_baseline;
	for (int r = 0; r < TC_RULE_COUNT; r++)
		dropped += f->disabled[r];
	if (dropped) {
		const char *sep = "";
		fprintf(stderr, "Suppressed %zu warning%s (", dropped, plural(dropped));
		if (f->by_nolint) {
			fprintf(stderr, "%zu NOLINT", f->by_nolint);
			sep = ", ";
		}
		if (f->by_baseline) {
			fprintf(stderr, "%s%zu baseline", sep, f->by_baseline);
			sep = ", ";
		}
		for (int r = 0; r < TC_RULE_COUNT; r++) {
			if (f->disabled[r]) {
				fprintf(stderr, "%s%zu by -Wno-%s", sep, f->disabled[r],
					tc_rule_name(r));
				sep = ", ";
			}
		}
		fputs(").\n", stderr);
	}
	if (f->errors)
		fprintf(stderr, "%zu warning%s treated as error%s\n", f->errors, plural(f->errors),
			plural(f->errors));
}
