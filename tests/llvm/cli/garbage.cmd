# malformed IR: exit 2, file:line:col: error: message
args: analyze garbage.ll
status: 2
