# malformed PTX: a directive PTX does not have after an .entry's parameters; exit 2, file:line:col: error: message
args: analyze unknown-perf-directive.ptx
status: 2
