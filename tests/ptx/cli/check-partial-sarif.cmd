# the SARIF log of check on partial barriers: rule partial-barrier
args: check --format sarif ../partial.ptx
status: 1
