# malformed PTX: a guard before a { } block; exit 2, file:line:col: error: message
args: analyze expect-guarded-instruction.ptx
status: 2
