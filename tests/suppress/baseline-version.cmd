# a malformed baseline: another version
args: check --baseline version.baseline count.cfg
status: 2
