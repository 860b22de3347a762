# malformed PTX: a label that is a number, '1:'; exit 2, file:line:col: error: message
args: analyze expect-instruction.ptx
status: 2
