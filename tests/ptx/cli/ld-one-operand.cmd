# malformed PTX: a load with its address left out; exit 2, file:line:col: error: message
args: analyze ld-one-operand.ptx
status: 2
