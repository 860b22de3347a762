# malformed PTX: a guard "@%" without a register name; exit 2, file:line:col: error: message
args: analyze bad-predicate.ptx
status: 2
