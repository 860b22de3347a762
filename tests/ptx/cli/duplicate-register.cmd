# malformed PTX: a register declared twice in one scope; exit 2, file:line:col: error: message
args: analyze duplicate-register.ptx
status: 2
