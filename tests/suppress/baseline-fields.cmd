# a malformed baseline: a field missing
args: check --baseline fields.baseline count.cfg
status: 2
