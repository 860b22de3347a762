# malformed PTX: a '#' in an instruction's operands; exit 2, file:line:col: error: message
args: analyze unexpected-character.ptx
status: 2
