# the same in JSON: "call", "calls", "callers_unknown"
args: check --format json calls.ll
status: 1
