/*
 * rules.c - the rules of check mode's findings (threadconv.h, tc_rule):
 * their names, as -W<name>, NOLINT(<name>), the baseline's first field and
 * SARIF's ruleId spell them, and which rule a finding is of.
 */
#include "check/check.h"

static const char *const names[TC_RULE_COUNT] = {
	[TC_RULE_BARRIER_DIVERGENCE] = "barrier-divergence",
	[TC_RULE_PARTIAL_BARRIER] = "partial-barrier",
	[TC_RULE_COLLECTIVE_DIVERGENCE] = "collective-divergence",
	[TC_RULE_COLLECTIVE_ARGUMENT] = "collective-argument",
	[TC_RULE_BARRIER_AFTER_EXIT] = "barrier-after-exit",
	[TC_RULE_COLLECTIVE_AFTER_EXIT] = "collective-after-exit",
};

const char *tc_rule_name(tc_rule r)
{
	return (unsigned)r < TC_RULE_COUNT ? names[r] : "";
}

tc_rule tc__check_barrier_rule(const tc_graph *g, const tc_check_barrier *rb)
{
	if (tc_graph_node_flags(g, rb->node) & TC_NODE_PARTIAL_BARRIER)
		return TC_RULE_PARTIAL_BARRIER;
	return rb->after_exit ? TC_RULE_BARRIER_AFTER_EXIT : TC_RULE_BARRIER_DIVERGENCE;
}

tc_rule tc__rule_parent(tc_rule r)
{
	return r == TC_RULE_BARRIER_AFTER_EXIT	  ? TC_RULE_BARRIER_DIVERGENCE
	       : r == TC_RULE_COLLECTIVE_AFTER_EXIT ? TC_RULE_COLLECTIVE_DIVERGENCE
						    : r;
}

tc_rule tc__check_collective_rule(const tc_check_collective *rc)
{
	return rc->after_exit ? TC_RULE_COLLECTIVE_AFTER_EXIT : TC_RULE_COLLECTIVE_DIVERGENCE;
}
