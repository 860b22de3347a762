# an unknown format
args: check --format dot ../check/clean.cfg
status: 2
