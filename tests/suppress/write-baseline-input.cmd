# --write-baseline never writes over an input
args: check --write-baseline count.cfg count.cfg
status: 2
