# a suppressed barrier is no SARIF result
args: check --format sarif nolint.cfg
status: 1
