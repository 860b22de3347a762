# malformed PTX: a "}" that closes nothing, at module level; exit 2, file:line:col: error: message
args: analyze stray-brace.ptx
status: 2
