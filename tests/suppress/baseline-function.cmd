# a malformed baseline: no function
args: check --baseline function.baseline count.cfg
status: 2
