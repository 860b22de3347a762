# a bad second input: an error for it, the report of the good first one
# all the same, exit status 2
args: analyze ../analyze/diamond.cfg ../errors/missing-exit.cfg
status: 2
