# nothing reported: a graph that says so; exit status 0
args: check -q --format dot ../cli/check/clean.cfg
