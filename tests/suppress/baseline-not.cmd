# a malformed baseline: FILE:LINE:COL: error: ..., exit 2
args: check --baseline not.baseline count.cfg
status: 2
