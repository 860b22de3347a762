# a suppressed barrier is not in the JSON report
args: check --format json nolint.cfg
status: 1
