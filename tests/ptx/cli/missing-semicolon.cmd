# malformed PTX: an instruction without its ";": the next line runs into it; exit 2, file:line:col: error: message
args: analyze missing-semicolon.ptx
status: 2
