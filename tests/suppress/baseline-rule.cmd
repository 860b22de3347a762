# a malformed baseline: an unknown rule
args: check --baseline rule.baseline count.cfg
status: 2
