# malformed PTX: a function defined twice; exit 2, file:line:col: error: message
args: analyze function-twice.ptx
status: 2
