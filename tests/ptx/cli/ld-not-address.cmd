# malformed PTX: a load from a register not in '[ ]'; exit 2, file:line:col: error: message
args: analyze ld-not-address.ptx
status: 2
