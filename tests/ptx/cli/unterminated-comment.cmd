# malformed PTX: a block comment that is never closed; exit 2, file:line:col: error: message
args: analyze unterminated-comment.ptx
status: 2
