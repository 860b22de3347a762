# malformed PTX: a call of a function that the file neither defines nor declares; exit 2, file:line:col: error: message
args: analyze call-undeclared.ptx
status: 2
