# a baseline that cannot be read
args: check --baseline missing.baseline count.cfg
status: 2
