# an unknown format
args: check --format png ../check/clean.cfg
status: 2
