# nor both to standard output
args: check --write-baseline - count.cfg
status: 2
