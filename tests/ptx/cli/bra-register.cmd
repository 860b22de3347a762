# malformed PTX: bra to a register; exit 2, file:line:col: error: message
args: analyze bra-register.ptx
status: 2
