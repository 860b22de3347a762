# malformed PTX: a .file name whose closing quote is missing; exit 2, file:line:col: error: message
args: analyze unterminated-string.ptx
status: 2
