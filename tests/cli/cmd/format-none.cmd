# --format none solves and writes nothing
args: analyze --format none ../analyze/diamond.cfg
status: 0
