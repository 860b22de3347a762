# a malformed baseline: an unknown escape
args: check --baseline escape.baseline count.cfg
status: 2
