/* report.c - what the writers share: the states, wording, names and the
 * output's status (report.h). */
#include "report/report.h"
#include "util/names.h"
#include "util/diag.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

int tc__report_status(FILE *out, tc_diag *diag)
{
	/* a full disk shows only when the buffer goes out */
	if (fflush(out) == 0 && !ferror(out))
		return TC_OK;
	return tc__diag(diag, TC_EIO, NULL, 0, 0, "cannot write the report: %s",
			strerror(errno ? errno : EIO));
}

const char *tc__report_state(tc_state s)
{
	switch (s) {
	case TC_STATE_CONVERGENT: return "C";
	case TC_STATE_UNKNOWN: return "U";
	case TC_STATE_DEAD: return "-";
	}
	return "?";
}

const char *tc__report_members(tc_group g)
{
	switch (g) {
	case TC_GROUP_WARP: return "lanes of the warp";
	case TC_GROUP_SUBGROUP: return "work-items of the sub-group";
	case TC_GROUP_BLOCK: break;
	}
	return "threads of the block";
}

const char *tc__report_barrier_message(const tc_graph *g, uint32_t node)
{
	if (tc_graph_node_flags(g, node) & TC_NODE_PARTIAL_BARRIER) /* docs/ptx.md */
		return "barrier with a thread count may be reached by only some threads of the "
		       "block";
	return "barrier may be reached by only some threads of the block";
}

const char *tc__report_collective_message(char *buf, size_t cap, const tc_collective *c)
{
	if (c->call)
		snprintf(buf, cap,
			 "call of %s, which executes operations all %s must reach together, may "
			 "be reached by only some of them",
			 c->name, tc__report_members(c->group));
	else if (c->lanes)
		snprintf(buf, cap, "%s may be reached by only some lanes of the %u-lane group its "
			 "mask names", c->name, c->lanes);
	else
		snprintf(buf, cap, "%s%s may be reached by only some %s", c->name,
			 c->full_mask ? " with the full mask" : "", tc__report_members(c->group));
	return buf;
}

const char *tc__report_argument_message(char *buf, size_t cap, const tc_collective *c)
{
	snprintf(buf, cap, "%s of %s may differ between the %s, which must all pass the same",
		 c->arg_name ? c->arg_name : "an argument", c->name, tc__report_members(c->group));
	return buf;
}

const char *tc__report_plain_name(char *buf, size_t cap, const tc_graph *g)
{
	const char *name = tc_graph_name(g);
	tc__plain_name(buf, cap, name, strlen(name));
	return buf;
}

const char *tc__report_flag(char *buf, size_t cap, tc_rule rule, bool error)
{
	snprintf(buf, cap, " [%s-W%s]", error ? "-Werror," : "", tc_rule_name(rule));
	return buf;
}
