# -o never writes over the --baseline file
args: check --baseline count.baseline -o count.baseline count.cfg
status: 2
