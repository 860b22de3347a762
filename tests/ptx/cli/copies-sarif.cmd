# the copies in SARIF: one result per finding
args: check --format sarif copies.ptx
status: 1
