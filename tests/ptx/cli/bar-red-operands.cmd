# malformed PTX: bar.red with two operands, the predicate left out; exit 2, file:line:col: error: message
args: analyze bar-red-operands.ptx
status: 2
