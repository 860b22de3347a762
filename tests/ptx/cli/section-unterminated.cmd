# malformed PTX: a .section '{' that is never closed; exit 2, file:line:col: error: message
args: analyze section-unterminated.ptx
status: 2
