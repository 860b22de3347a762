# malformed IR: exit 2, file:line:col: error: message
args: analyze not-verified.ll
status: 2
