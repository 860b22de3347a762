# malformed IR: exit 2, file:line:col: error: message
args: analyze prose.ll
status: 2
