# malformed PTX: an instruction PTX does not have; exit 2, file:line:col: error: message
args: analyze unknown-opcode.ptx
status: 2
