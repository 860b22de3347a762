# malformed PTX: an instruction at module level, outside every function; exit 2, file:line:col: error: message
args: analyze outside-function.ptx
status: 2
