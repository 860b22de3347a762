# a malformed baseline: a field too many
args: check --baseline five.baseline count.cfg
status: 2
