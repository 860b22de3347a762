# malformed PTX: an instruction whose last operand is missing; exit 2, file:line:col: error: message
args: analyze expect-operand.ptx
status: 2
