# bad input: the error, nothing on stdout, exit 2
args: check ../check/clean.cfg ../check/bad.cfg
status: 2
