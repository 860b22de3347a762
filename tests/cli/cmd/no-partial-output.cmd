# a bad second input: no report for the good first one
args: analyze ../analyze/diamond.cfg ../errors/missing-exit.cfg
status: 2
