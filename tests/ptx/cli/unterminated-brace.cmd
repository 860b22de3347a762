# malformed PTX: a body whose "{" is never closed; exit 2, file:line:col: error: message
args: analyze unterminated-brace.ptx
status: 2
