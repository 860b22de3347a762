# a barrier under a divergent branch: a warning and a note; exit 1
args: check ../check/divergent.cfg
status: 1
