# every barrier reached by all threads: no output, exit 0
args: check ../check/clean.cfg
status: 0
